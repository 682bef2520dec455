"""The names of the `when` language: functions with their arities, reserved words.

``size`` has both forms; ``matches`` too (CEL's global ``matches(s, re)``). Macros are
not functions: the parser turns them into ``Has`` and ``Comprehension`` nodes.
"""

from __future__ import annotations

import difflib

from hookc.runtime.tree_form import FUNCTION_ARITY, METHOD_ARITY

# CEL's reserved words (langdef "Syntax"), which cannot be names.
RESERVED = frozenset(
    "as break const continue else false for function if import in let loop package "
    "namespace null return true var void while".split()
)
# hookc's spellings of `&&`, `||` and `!` (SPEC §2).
KEYWORDS = frozenset({"and", "or", "not"})

GLOBAL_FUNCTIONS: dict[str, int] = FUNCTION_ARITY
METHODS: dict[str, int] = METHOD_ARITY

# Names people bring from Python, with the CEL spelling.
_FAMILIAR = {
    "len": "size",
    "str": "string",
    "float": "double",
    "startswith": "startsWith",
    "endswith": "endsWith",
    "any": "exists",
    "search": "matches",
    "match": "matches",
    "fnmatch": "glob",
}


def suggest(name: str, known: tuple[str, ...]) -> str | None:
    """The known name a misspelt or Python-flavoured ``name`` most likely means."""
    if name in _FAMILIAR and _FAMILIAR[name] in known:
        return _FAMILIAR[name]
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    return close[0] if close else None
