"""The docs' page of each rule (``docs/rules/<code>-<name>.md``) and their index
(``docs/rules/README.md``), made from the rules' modules: the page is the rule's docstring
under its code, name, severity and fix. ``python -m hookc.lint.pages docs/rules`` writes
them; a test holds the files equal to what this module makes.
"""

from __future__ import annotations

import sys
from pathlib import Path

from hookc.lint import registry
from hookc.lint.explain import silencing
from hookc.lint.rule import LintRule


def page(rule: LintRule) -> str:
    title = f"# {rule.code} {rule.name}".rstrip()
    facts = [
        f"- Summary: {rule.summary}.",
        f"- Severity: {rule.severity}.",
        f"- Automatic fix: {rule.fix}.",
    ]
    if rule.module:
        facts.append(f"- Defined in: `{rule.module}`.")
    else:
        facts.append("- Defined in: the legacy tables (`hookc.source.diagnostics.LEGACY_CODES`).")
    # A docstring's headings are one level under the page's title.
    return "\n".join([title, "", *facts, "", rule.doc, "", "## Silencing", "", silencing(rule), ""])


def index(rules: list[LintRule]) -> str:
    lines = [
        "# Rules",
        "",
        "Every rule `hookc check` has, by code. Each page is generated from the rule's module "
        "(`python -m hookc.lint.pages docs/rules`); `hookc rule CODE|NAME` prints the same text.",
        "",
        "| code | name | severity | fix | summary |",
        "|---|---|---|---|---|",
    ]
    for rule in rules:
        summary = rule.summary.replace("|", "\\|")
        lines.append(
            f"| [{rule.code}]({rule.slug}.md) | `{rule.name}` | {rule.severity} | {rule.fix} "
            f"| {summary} |"
        )
    return "\n".join(lines) + "\n"


def pages() -> dict[str, str]:
    """Every file of the folder: name to text."""
    rules = registry.rules()
    files = {f"{rule.slug}.md": page(rule) for rule in rules}
    files["README.md"] = index(rules)
    return files


def write(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    made = pages()
    for stale in folder.glob("*.md"):
        if stale.name not in made:
            stale.unlink()
    for name, text in made.items():
        (folder / name).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    write(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/rules"))
