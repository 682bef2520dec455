"""``hookc rule NAME|CODE``'s text: the rule's head line, its severity and fix, its
documentation (the module's docstring) and how a finding of it is silenced."""

from __future__ import annotations

from hookc.lint import registry
from hookc.lint.rule import LintRule

_FIXES = {
    "none": "none",
    "safe": "safe (`hookc check --fix`)",
    "unsafe": "unsafe (`hookc check --fix --unsafe-fixes`)",
}


def explain(text: str) -> str | None:
    """The text of the rule named ``text`` (a code in any case, or a name), or of a code
    hookc gives no more (retired, and why); None if none."""
    rule = registry.find(text)
    if rule is not None:
        return render(rule)
    from hookc.lint.legacy import RETIRED

    code = text.upper()
    return f"{code} is retired: {RETIRED[code]}\n" if code in RETIRED else None


def render(rule: LintRule) -> str:
    name = f" {rule.name}" if rule.name else ""
    head = f"{rule.code}{name}: {rule.summary}"
    facts = f"Severity: {rule.severity}. Automatic fix: {_FIXES[rule.fix]}."
    return f"{head}\n{facts}\n\n{rule.doc}\n\n{silencing(rule)}\n"


def silencing(rule: LintRule) -> str:
    """How to silence it: an error cannot be; a warning by selection everywhere, by an
    inline comment where the file's format has comments."""
    if rule.severity == "error":
        return "An error cannot be silenced: the hook cannot be used as written."
    which = f"`{rule.name}`" if rule.name else f"`{rule.code}`"
    return (
        f'Silence it: `--ignore {rule.code}` (or {which}), `ignore = ["{rule.code}"]` under '
        "[tool.hookc], or for some files `[tool.hookc.per-file-ignores]`; in YAML, XML and "
        f"Markdown files a `hookc: ignore[{rule.code}]` comment on the hook."
    )


def index() -> str:
    """One line a rule: code, name, summary."""
    return "".join(f"{r.code}  {r.name:<32} {r.summary}\n" for r in registry.rules())
