"""The names of the `when` language: functions with their arities, reserved words.

``size`` has both forms; ``matches`` too (CEL's global ``matches(s, re)``). Macros are
not functions: the parser turns them into ``Has`` and ``Comprehension`` nodes.
"""

from __future__ import annotations

from hookc.runtime import tree_form
from hookc.runtime.rye import RYE_ARITY

# CEL's reserved words (langdef "Syntax"), which cannot be names; of them, only CEL's
# keywords (`true`, `false`, `null`, `in`) cannot be fields either: `a.as` selects `as`.
RESERVED = frozenset(
    "as break const continue else false for function if import in let loop package "
    "namespace null return true var void while".split()
)
CEL_KEYWORDS = tree_form.KEYWORDS  # shared with hookc.runtime, which reads paths too
# hookc's spellings of `&&`, `||` and `!` (SPEC §2).
KEYWORDS = frozenset({"and", "or", "not"})

GLOBAL_FUNCTIONS: dict[str, int] = tree_form.FUNCTION_ARITY  # the runtime checks these too
METHODS: dict[str, int] = tree_form.METHOD_ARITY

# hookc's functions with Rye's meaning, by arity (``rye.interpolate`` takes one or more).
RYE_FUNCTIONS: dict[str, int] = RYE_ARITY

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
    import difflib  # only when a suggestion is wanted: keeps start-up light

    close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    return close[0] if close else None
