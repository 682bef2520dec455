"""The transition's table for ``hookc rule CODE``: what each code not yet in a rule module
means, an example that gets it, and the fix.

Every code in ``hookc.source.diagnostics.CODES`` has an entry (a test holds them equal), so
no code that hookc prints goes unexplained.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from hookc.source.diagnostics import CODES


@dataclass(frozen=True, slots=True)
class Rule:
    why: str
    example: str
    fix: str


# The transition's table: the text of codes not yet in a rule module (hookc.lint), beside
# hookc.source.diagnostics.LEGACY_CODES. ``RULES`` below reads these and the modules' docstrings.
LEGACY_RULES: dict[str, Rule] = {}


# Codes hookc once gave and gives no more, with why: `hookc rule` says so, where "unknown"
# would send a user of an older hookc looking for a typo.
RETIRED: dict[str, str] = {
    "HK506": "regular expression prone to catastrophic backtracking. Retired: no pattern "
    "hookc accepts can backtrack (patterns that could run on an engine linear in the text), "
    "and its hint recommended possessive and atomic forms that RE2 refuses. A "
    "`hookc: ignore[HK506]` comment silences nothing now; remove it.",
}


class _Rules(Mapping[str, Rule]):
    """Every code's ``Rule`` (why, example, fix): the legacy table's, or made from its rule
    module's docstring."""

    def __getitem__(self, code: str) -> Rule:
        if code in LEGACY_RULES:
            return LEGACY_RULES[code]
        from hookc.lint.modules import rule_module
        from hookc.lint.rule import example_code, sections

        parts = sections((rule_module(code).__doc__ or "").strip())  # KeyError: no such code
        why = "\n\n".join(part for part in (parts["what"], parts.get("why")) if part)
        return Rule(why, example_code(parts.get("example", "")), parts.get("fix", ""))

    def __iter__(self) -> Iterator[str]:
        return iter(CODES)

    def __len__(self) -> int:
        return len(CODES)


RULES: Mapping[str, Rule] = _Rules()


def explain_rule(code: str) -> str | None:
    code = code.strip().upper()
    if code in RETIRED:
        return f"{code} is retired: {RETIRED[code]}\n"
    rule = RULES.get(code)
    if rule is None:
        return None
    example = "\n".join("    " + line for line in rule.example.splitlines())
    return (
        f"{code}: {CODES[code]}\n\n{rule.why}\n\nExample:\n{example}\n\nFix: {rule.fix}\n"
        f"\nA warning can be silenced (an error cannot): `--ignore {code}`, "
        f'`ignore = ["{code}"]` under [tool.hookc], or a `hookc: ignore[{code}]` comment on '
        "the hook in YAML or XML.\n"
    )


def rule_index() -> str:
    return "".join(f"{code}  {meaning}\n" for code, meaning in CODES.items())
