"""The one registry of rules: the rule modules, found by their file names, and the codes
still in the transition's tables.

A rule module is ``hk<nnn>_<name_in_snake_case>.py`` under a group of
``hookc/lint/rules/`` or under ``hookc/hosts/<host>/rules/``. Listing the codes reads the
folders only (a run that reports a finding must know its code is real, and imports no
rule's text for it); a rule's module is imported when its text, severity or check is asked
for.

The transition: a code written the old way, in ``hookc.source.diagnostics.LEGACY_CODES`` and
``hookc.lint.legacy.LEGACY_RULES`` (and its fixture under ``examples/invalid/``), is a rule too:
its name is ``LEGACY_NAMES``'s if it has one there, else none (it is selected by code), and
its text is the legacy ``Rule``'s. ``python -m hookc.lint.migrate HKnnn`` writes its module
and removes it from both tables. A code in a module and a table at once is an error.
"""

from __future__ import annotations

import functools
from dataclasses import replace

from hookc.lint.modules import RegistryError, rule_module, rule_modules
from hookc.lint.rule import LintRule

__all__ = ["LEGACY_NAMES", "RegistryError", "codes", "find", "is_code", "rule", "rules"]

# Names and severities of the codes still in the legacy tables, for the transition: the
# migration writes a module with this name. A code added to the tables without one here is
# known by its code alone until it is migrated.
LEGACY_NAMES: dict[str, tuple[str, str]] = {
    "HK601": ("fmt-unsupported-file", "error"),
    "HK602": ("fmt-not-faithful", "error"),
    "HK701": ("matcher-ignored", "warning"),
    "HK702": ("matcher-matches-nothing", "warning"),
    "HK705": ("timeout-not-positive", "error"),
    "HK707": ("missing-script", "warning"),
    "HK708": ("unknown-builtin", "error"),
    "HK709": ("builtin-on-wrong-event", "warning"),
    "HK710": ("duplicate-handler", "warning"),
    "HK711": ("untranslatable-regex", "error"),
    "HK712": ("matcher-not-evaluated", "warning"),
    "HK713": ("if-never-runs", "warning"),
    "HK714": ("if-undecidable", "warning"),
    "HK715": ("template-in-command", "error"),
    "HK716": ("unpassable-command", "error"),
    "HK721": ("unknown-matcher-key", "error or warning"),
    "HK722": ("matcher-field-never-present", "warning"),
    "HK723": ("async-answer-ignored", "warning"),
    "HK724": ("regex-read-as-text", "warning"),
    "HK801": ("unused-suppression", "warning"),
    "HK802": ("unreadable-suppression", "warning"),
}


def modules() -> dict[str, str]:
    """Every rule module's code and dotted name (``hookc.lint.modules``)."""
    return rule_modules()


def codes() -> list[str]:
    """Every code, sorted: the modules' and the legacy tables'."""
    from hookc.source.diagnostics import LEGACY_CODES

    listed = modules()
    both = sorted(set(listed) & set(LEGACY_CODES))
    if both:
        raise RegistryError(f"in a rule module and in the legacy table at once: {both}")
    return sorted({*listed, *LEGACY_CODES})


def is_code(code: str) -> bool:
    from hookc.source.diagnostics import LEGACY_CODES

    return code in LEGACY_CODES or code in modules()


@functools.cache
def rule(code: str) -> LintRule:
    """The rule of ``code`` (``KeyError`` if none)."""
    dotted = modules().get(code)
    if dotted is None:
        return _legacy(code)
    module = rule_module(code)
    found: LintRule = module.RULE
    expected = dotted.rsplit(".", 1)[1]
    if found.code != code or expected != f"hk{code[2:]}_{found.name.replace('-', '_')}":
        raise RegistryError(f"{dotted}: its RULE is {found.code} {found.name!r}")
    return replace(
        found,
        doc=(module.__doc__ or "").strip(),
        check=getattr(module, "check", None),
        module=dotted,
    )


def _legacy(code: str) -> LintRule:
    from hookc.source.diagnostics import LEGACY_CODES

    summary = LEGACY_CODES[code]  # KeyError: no such code
    name, severity = LEGACY_NAMES.get(code, ("", "error or warning"))
    return LintRule(code, name, severity, summary, doc=legacy_doc(code), legacy=True)


def legacy_doc(code: str) -> str:
    """A legacy ``Rule``'s text as a rule module's docstring would have it."""
    from hookc.lint.legacy import LEGACY_RULES

    entry = LEGACY_RULES.get(code)
    if entry is None:
        return ""
    return (
        f"{entry.why}\n\n## Example\n\n```\n{entry.example}\n```\n\n## Fix\n\n{entry.fix}\n\n"
        "## Fix safety\n\nNo automatic fix."
    )


def rules() -> list[LintRule]:
    """Every rule, by code."""
    return [rule(code) for code in codes()]


@functools.cache
def _names() -> dict[str, str]:
    named: dict[str, str] = {}
    for each in rules():
        if not each.name:
            continue
        if each.name in named:
            raise RegistryError(f"{each.name!r} names {named[each.name]} and {each.code}")
        named[each.name] = each.code
    return named


def find(text: str) -> LintRule | None:
    """The rule a user named: by code (any case) or by name."""
    word = text.strip()
    if is_code(word.upper()):
        return rule(word.upper())
    code = _names().get(word.lower())
    return rule(code) if code is not None else None


def code_of_name(name: str) -> str | None:
    """The code of a rule's name, or None."""
    return _names().get(name.strip().lower())
