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


def explain(text: str, path: str | None = None) -> str | None:
    """The text of the rule named ``text`` (a code in any case, or a name), or of a code
    hookc gives no more (retired, and why); None if none. ``path``: a hook file, whose format
    says which ways of silencing work for it."""
    rule = registry.find(text)
    if rule is not None:
        return render(rule, path)
    from hookc.lint.legacy import RETIRED

    code = text.upper()
    return f"{code} is retired: {RETIRED[code]}\n" if code in RETIRED else None


def render(rule: LintRule, path: str | None = None) -> str:
    name = f" {rule.name}" if rule.name else ""
    head = f"{rule.code}{name}: {rule.summary}"
    facts = f"Severity: {rule.severity}. Automatic fix: {_FIXES[rule.fix]}."
    return f"{head}\n{facts}\n\n{rule.doc}\n\n{silencing(rule, path)}\n"


# The formats whose files hold comments hookc reads suppressions from (hookc.check.suppress).
COMMENTED = (".yaml", ".yml", ".xml", ".md")


def silencing(rule: LintRule, path: str | None = None) -> str:
    """How to silence it: an error cannot be; a warning by selection everywhere, for some
    files or some hooks through the configuration, and by an inline comment only where the
    file's format has comments (not JSON: ``path``'s format, when one is given)."""
    if rule.severity == "error":
        return "An error cannot be silenced: the hook cannot be used as written."
    which = f"`{rule.name}`" if rule.name else f"`{rule.code}`"
    everywhere = (
        f'Silence it: `--ignore {rule.code}` (or {which}), `ignore = ["{rule.code}"]` under '
        "[tool.hookc], or for some files `[tool.hookc.per-file-ignores]`"
    )
    if path is None:
        return (
            f"{everywhere}; for some hooks `[tool.hookc.per-hook-ignores]` (by hook id: the "
            f"way for JSON files, which have no comments); in YAML, XML and Markdown files a "
            f"`hookc: ignore[{rule.code}]` comment on the hook."
        )
    if path.lower().endswith(COMMENTED):
        return (
            f"{everywhere}; in {path}, a `# hookc: ignore[{rule.code}]` comment on the hook "
            f"(`<!-- hookc: ignore[{rule.code}] -->` in XML and Markdown)."
        )
    from hookc.frontend.lower import file_identity

    return (
        f"{everywhere}. {path} has no comments to hold a suppression: silence one hook by "
        f'its id, `[tool.hookc.per-hook-ignores]` `"{file_identity(path)}.*" = '
        f'["{rule.code}"]` (a pattern of hook ids: a derived id is '
        "`<path without ending>.<Event>.<group>.<handler>`, counted from 0)."
    )


def index() -> str:
    """One line a rule: code, name, summary."""
    return "".join(f"{r.code}  {r.name:<32} {r.summary}\n" for r in registry.rules())
