"""The vocabulary of hook files' condition trees and parameter tags, shared by the front end
that reads them, canonical YAML that writes them and ``hookc.runtime`` that evaluates them
(standard library only, so the runtime can have it without the compiler)."""

from __future__ import annotations

import math
import re

# Seed leaf operators: {path: p, op: eq, value: v} is `p == v`, {op: contains} `p.contains(v)`.
COMPARISONS = {"eq": "==", "ne": "!=", "gt": ">", "gte": ">=", "lt": "<", "lte": "<="}
METHODS = {
    "contains": "contains",
    "starts_with": "startsWith",
    "ends_with": "endsWith",
    "regex": "matches",
    "glob": "glob",
}

# The functions of the `when` language with their number of arguments (a method's target
# not counted); hookc.cel.catalog is built on these.
FUNCTION_ARITY = {
    "size": 1,
    "int": 1,
    "double": 1,
    "string": 1,
    "bool": 1,
    "dyn": 1,
    "matches": 2,
}
METHOD_ARITY = {"size": 0, "contains": 1, "startsWith": 1, "endsWith": 1, "matches": 1, "glob": 1}

# Single-key objects that stand for what JSON or YAML text cannot say: a template of
# expression nodes, a non-finite double, a nested object that would look like a tag.
PARAM_TAGS = frozenset({"template", "double", "params"})
NONFINITE = {"NaN": math.nan, "+Inf": math.inf, "-Inf": -math.inf}

# The action types whose `command` a shell runs (``hookc.handlers``' command handlers): no
# template may build that text from the event (HK715; ``hookc.check.commands`` says why).
SHELL_ACTION_TYPES = frozenset({"command", "script"})

# A path as canonical YAML writes one and hookc.runtime reads it: a name (or `@`, the
# innermost quantifier's element), then fields, list positions and plain quoted keys.
NAME = r"[_a-zA-Z][_a-zA-Z0-9]*"
# CEL's language keywords: no field either (`a.in` is not CEL), while its other reserved
# words are (`a.as`, `a.while`; the conformance suite's parse/selectors cases).
KEYWORDS = frozenset({"false", "in", "null", "true"})
PLAIN_KEY = r"[^'\\\x00-\x1f\x7f]*"
PATH_ROOT = re.compile(rf"@|{NAME}")
PATH_STEP = re.compile(rf"\.({NAME})|\[([0-9]+)\]|\['({PLAIN_KEY})'\]")


def element_variable(depth: int) -> str:
    """The variable a quantifier at ``depth`` (1 for the outermost) binds; ``@`` in a path
    inside it stands for this name."""
    return f"__elem{depth}" if depth > 1 else "__elem"
