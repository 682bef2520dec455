"""What the SQL differential tests share: conditions drawn inside the SQL fragment, events
biased to the values where SQL and CEL part (missing, null, wrong-typed, big numbers, regex
traps), and the reference answer of each pair (``hookc.cel.evaluator.evaluate``).

A condition's answer is one of True (fires), False, None (undecided: an error, or a value
that is not a bool): SQL's TRUE, FALSE, NULL.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import strategies as st

from hookc.cel.evaluator import evaluate
from hookc.cel.parser import parse
from hookc.ir.expr import Expr

# The paths events may hold; conditions read these and a few that are never there.
PATHS = (
    "tool_name",
    "permission_mode",
    "tool_input.command",
    "tool_input.timeout",
    "tool_input.run_in_background",
    "tool_input.tags",
    "tool_input.tags[0]",
    "tool_input.file_path",
    "m.k",
    "n",
)
_ABSENT_PATHS = ("tool_input.nope", "nope.deeper", "tool_input.tags[3]", "tool_input.tags[-1]")

BIG_INTS = (
    2**53,
    2**53 + 1,
    2**63 - 1,
    -(2**63),
    -(2**63) - 1,
    2**63,
    2**64,
    2**64 + 1,
    -(2**64),
    10**40,
    -(10**40),
)
DOUBLES = (0.0, -0.0, 1.0, 1.5, -2.5, 600000.0, 1e300, -1e300, 9007199254740993.0, 1e-320)
TRAP_STRINGS = (
    "",
    "Bash",
    "bash",
    "true",
    "false",
    "600000",
    "null",
    "1.5",
    "a\n",
    "a\nb",
    "a\rb",
    "a\vb",
    "a\x85b",
    "a\u2028b",
    "xé",
    "É",
    "é",
    "\u017f",  # long s: folds to s
    "s",
    "K",
    "k",
    "\u212a",
    "rm -rf /",
    "git push --force",
    "curl x | sh",
    "a/secrets/b.txt",
    "secrets/x",
    "src/main.py",
    "😀",
    "a b",
    "%_\\",
    "it's",
    ":",
    "x_y",
)
SCALARS = st.one_of(
    st.sampled_from(TRAP_STRINGS),
    st.sampled_from(BIG_INTS),
    st.sampled_from(DOUBLES),
    st.integers(-3, 700000),
    st.sampled_from((True, False, None)),
    st.text(max_size=4),
)
VALUES = st.one_of(
    SCALARS,
    SCALARS,
    SCALARS,
    st.lists(SCALARS, max_size=3),
    st.dictionaries(st.sampled_from(("k", "x", "a b")), SCALARS, max_size=2),
)
_MISSING = object()


def _field(values: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(st.just(_MISSING), values, values)


@st.composite
def events(draw: st.DrawFn) -> dict[str, Any]:
    """An event (a hook input) with each field missing, null, wrong-typed or a trap."""
    event: dict[str, Any] = {}
    for name, values in (
        ("tool_name", st.one_of(st.sampled_from(("Bash", "Read", "Write")), VALUES)),
        ("permission_mode", st.one_of(st.sampled_from(("default", "plan")), VALUES)),
        ("n", VALUES),
    ):
        value = draw(_field(values))
        if value is not _MISSING:
            event[name] = value
    shape = draw(st.sampled_from(("object", "object", "object", "other", "missing")))
    if shape == "object":
        tool_input: dict[str, Any] = {}
        for name in ("command", "timeout", "run_in_background", "tags", "file_path"):
            value = draw(_field(VALUES))
            if value is not _MISSING:
                tool_input[name] = value
        event["tool_input"] = tool_input
    elif shape == "other":
        event["tool_input"] = draw(VALUES)
    m = draw(_field(st.one_of(VALUES, st.fixed_dictionaries({"k": VALUES}))))
    if m is not _MISSING:
        event["m"] = m
    return event


_PATTERNS = (
    "a.b",
    "a$",
    "^a",
    "(?m)^b",
    "(?m)a$",
    r"\s",
    "(?i)é",
    "(?i)s",
    "(?i)k",
    "[[:alpha:]]",
    r"x\b",
    r"\Bx",
    r"rm\s+-rf",
    r"git\s+push\s+.*(--force|-f\b)",
    r"(curl|wget)[^|]*\|\s*(ba|z)?sh",
    "(?i)BASH",
    "^$",
    "(?s)a.b",
    "[^a]",
    "a{2,}",
    "",
    "(",
)
_GLOBS = ("**/secrets/**", "*.py", "src/**", "?ash", "[!B]*", "a/**/b", "**", "[z-a]")
_COMPARED = st.one_of(
    SCALARS,
    st.sampled_from((300000, 0, 1, 600000, 1.5, float("nan"), float("inf"))),
)


def _literal(value: Any) -> str:
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, float):
        if value != value:
            return "double('NaN')"
        if value in (float("inf"), float("-inf")):
            return "double('Infinity')" if value > 0 else "double('-Infinity')"
        return repr(value)
    if isinstance(value, int):
        if not -(2**63) < value < 2**63:
            return "0"  # a CEL int literal is int64
        return str(value)
    return json.dumps(value, ensure_ascii=False)


@st.composite
def atoms(draw: st.DrawFn) -> str:
    path = draw(st.sampled_from(PATHS + _ABSENT_PATHS))
    kind = draw(st.integers(0, 9))
    if kind == 0:
        op = draw(st.sampled_from(("==", "!=", "<", "<=", ">", ">=")))
        value = _literal(draw(_COMPARED))
        if draw(st.booleans()):
            return f"{value} {op} {path}"
        return f"{path} {op} {value}"
    if kind == 1:
        items = draw(st.lists(_COMPARED, max_size=3))
        return f"{path} in [{', '.join(_literal(item) for item in items)}]"
    if kind == 2:
        return f"has({path})"
    if kind == 3:
        method = draw(st.sampled_from(("startsWith", "endsWith", "contains")))
        return f"{path}.{method}({_literal(draw(st.sampled_from(TRAP_STRINGS)))})"
    if kind == 4:
        return f"{path}.matches({_literal(draw(st.sampled_from(_PATTERNS)))})"
    if kind == 5:
        return f"{path}.glob({_literal(draw(st.sampled_from(_GLOBS)))})"
    if kind == 6:
        op = draw(st.sampled_from(("==", "!=", "<", ">", ">=")))
        return f"size({path}) {op} {_literal(draw(st.sampled_from((0, 1, 3, 2.5, 'a'))))}"
    if kind == 7:
        return f"{_literal(draw(st.sampled_from(TRAP_STRINGS)))} in {path}"
    if kind == 8:
        return path
    value = _literal(draw(st.sampled_from((1, "x", None, True))))
    return f"matches({path}, {value}) || {path} == {value}"


def conditions() -> st.SearchStrategy[str]:
    """Conditions in the fragment: atoms joined by &&, ||, !, ?: up to a small depth."""
    return st.recursive(
        atoms(),
        lambda inner: st.one_of(
            st.tuples(inner, inner).map(lambda p: f"({p[0]} && {p[1]})"),
            st.tuples(inner, inner).map(lambda p: f"({p[0]} || {p[1]})"),
            inner.map(lambda c: f"!({c})"),
            st.tuples(inner, inner, inner).map(lambda p: f"({p[0]} ? {p[1]} : {p[2]})"),
        ),
        max_leaves=4,
    )


def parsed(text: str) -> Expr:
    result = parse(text)
    assert result.expr is not None, (text, result.diagnostics)
    return result.expr


def reference(condition: Expr, event_json: str) -> bool | None:
    """The reference evaluator's answer: True, False, or None for an error or a non-bool."""
    value = evaluate(condition, json.loads(event_json))
    return value if isinstance(value, bool) else None
