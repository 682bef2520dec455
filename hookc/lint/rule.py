"""What a rule module declares: ``RULE = LintRule(...)``, and how its docstring is read.

The docstring is Markdown: its first paragraphs say what the rule checks; ``## Why``,
``## Example``, ``## Fix`` and ``## Fix safety`` follow. ``sections`` splits it so that
``hookc rule`` and the docs page render the same text, and the legacy ``hookc.lint.legacy.Rule``
view (why, example, fix) is made from it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from hookc.source.diagnostics import Diagnostic

SEVERITIES = ("error", "warning", "error or warning")
# none: no automatic fix; safe: `hookc check --fix` applies it (meaning kept); unsafe: only
# with --unsafe-fixes (the meaning may change: a timeout's unit).
FIXES = ("none", "safe", "unsafe")
NAME = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
CODE = re.compile(r"HK\d{3}")
_HEADING = re.compile(r"^## (.+)$", re.MULTILINE)


@dataclass(frozen=True, slots=True)
class LintRule:
    """One rule: its code, kebab-case name, severity, one-line summary, whether findings
    come with a fix, its documentation (the module's docstring) and its check, if the rule
    looks at read hooks (rules a reader emits have none)."""

    code: str
    name: str
    severity: str
    summary: str
    fix: str = "none"
    doc: str = field(default="", compare=False)
    check: Callable[[Any], Iterable[Diagnostic]] | None = field(default=None, compare=False)
    module: str | None = field(default=None, compare=False)
    # From the transition's tables (hookc.source.diagnostics.LEGACY_CODES), not a module yet.
    legacy: bool = False

    def __post_init__(self) -> None:
        if not CODE.fullmatch(self.code):
            raise ValueError(f"{self.code!r} is not a code (HKnnn)")
        if self.name and not NAME.fullmatch(self.name):
            raise ValueError(f"{self.code}: {self.name!r} is not a kebab-case name")
        if self.severity not in SEVERITIES:
            raise ValueError(f"{self.code}: severity {self.severity!r} not in {SEVERITIES}")
        if self.fix not in FIXES:
            raise ValueError(f"{self.code}: fix {self.fix!r} not in {FIXES}")

    @property
    def slug(self) -> str:
        """``HK505-shadowed-hook``: the docs page's and the fixture's name."""
        return f"{self.code}-{self.name}" if self.name else self.code


def sections(doc: str) -> dict[str, str]:
    """The docstring's parts: ``what`` (before the first heading) and each ``## Heading``'s
    text under its lower-cased title (``why``, ``example``, ``fix``, ``fix safety``)."""
    parts: dict[str, str] = {}
    pieces = _HEADING.split(doc)
    parts["what"] = pieces[0].strip()
    for title, body in zip(pieces[1::2], pieces[2::2], strict=True):
        parts[title.strip().lower()] = body.strip()
    return parts


def example_code(text: str) -> str:
    """The example's code: inside its first fenced block, else the text as it is."""
    match = re.search(r"```[a-z]*\n(.*?)\n```", text, re.DOTALL)
    return match[1] if match else text
