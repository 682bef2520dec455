"""``python -m hookc.lint.migrate HKnnn [HKnnn ...]``: move codes written the old way (an
entry in ``hookc.source.diagnostics.LEGACY_CODES`` and one in
``hookc.lint.legacy.LEGACY_RULES``) into rule modules of their own.

For each code it writes ``hookc/lint/rules/<group>/hk<nnn>_<name>.py`` (``--host HOST``:
``hookc/hosts/<host>/rules/``) with the legacy ``Rule``'s text as the module's docstring
and a ``RULE`` with the code, the name (``--name`` for one code, else the registry's
``LEGACY_NAMES``), the severity (``LEGACY_NAMES``'s, else read from the code's golden
output under ``examples/invalid/``) and the summary; then it removes both entries from the
tables. Read the module it wrote: the legacy text has no ``## Why`` of its own, and the
name may deserve better.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import textwrap
from pathlib import Path

from hookc.lint.modules import rule_modules as modules
from hookc.lint.registry import LEGACY_NAMES

ROOT = Path(__file__).resolve().parent.parent
GROUPS = {
    "1": "expressions",
    "2": "files",
    "3": "actions",
    "4": "hooks",
    "5": "logic",
    "6": "fmt",
    "7": "handlers",
    "8": "suppressions",
    "9": "security",
}
_WIDTH = 92


def _wrap(text: str) -> str:
    return "\n".join(
        textwrap.fill(paragraph, _WIDTH, break_long_words=False, break_on_hyphens=False)
        for paragraph in text.split("\n\n")
    )


def _example(text: str) -> str:
    lines = []
    for line in text.splitlines():
        if len(line) <= _WIDTH:
            lines.append(line)
            continue
        wrapped = textwrap.wrap(line, _WIDTH, break_long_words=False, break_on_hyphens=False)
        lines.extend([wrapped[0], *("    " + rest for rest in wrapped[1:])])
    return "\n".join(lines)


def _severity(code: str) -> str:
    if code in LEGACY_NAMES:
        return LEGACY_NAMES[code][1]
    seen = set()
    for golden in (ROOT.parent / "examples" / "invalid").glob(f"{code}-*.expected"):
        seen |= set(re.findall(rf"(error|warning)\[{code}\]", golden.read_text("utf-8")))
    return "error or warning" if len(seen) != 1 else seen.pop()


def module_text(code: str, name: str, severity: str, summary: str, why: str, example: str,
                fix: str) -> str:  # fmt: skip
    """The source of a rule module made from a legacy entry."""
    doc = (
        f"{_wrap(why)}\n\n## Example\n\n```\n{_example(example)}\n```\n\n## Fix\n\n"
        f"{_wrap(fix)}\n\n## Fix safety\n\nNo automatic fix.\n"
    )
    opening = 'r"""' if "\\" in doc else '"""'
    return (
        f'{opening}{doc}"""\n\nfrom hookc.lint.rule import LintRule\n\n'
        f"RULE = LintRule(\n    code={_q(code)},\n    name={_q(name)},\n"
        f"    severity={_q(severity)},\n    summary={_q(summary)},\n)\n"
    )


def _q(text: str) -> str:
    """A double-quoted Python string literal (JSON's string syntax is one)."""
    return json.dumps(text, ensure_ascii=False)


def _drop(path: Path, pattern: str) -> None:
    text = path.read_text(encoding="utf-8")
    new, count = re.subn(pattern, "", text, count=1, flags=re.MULTILINE | re.DOTALL)
    if count != 1:
        raise SystemExit(f"{path}: entry not found ({pattern})")
    path.write_text(new, encoding="utf-8")


def migrate(code: str, name: str | None, host: str | None, root: Path = ROOT) -> Path:
    """Write ``code``'s module under ``root`` (the ``hookc`` package) and drop its entries from
    ``root``'s tables; the path written."""
    from hookc.lint.legacy import LEGACY_RULES
    from hookc.source.diagnostics import LEGACY_CODES

    if code in modules():
        raise SystemExit(f"{code} is already a rule module: {modules()[code]}")
    if code not in LEGACY_CODES or code not in LEGACY_RULES:
        raise SystemExit(f"{code} is not in both legacy tables")
    name = name or LEGACY_NAMES.get(code, ("", ""))[0]
    if not name:
        raise SystemExit(f"{code} has no name: give --name (kebab-case)")
    if host is not None:
        folder = root / "hosts" / host.replace("-", "_") / "rules"
    else:
        folder = root / "lint" / "rules" / GROUPS[code[2]]
    folder.mkdir(parents=True, exist_ok=True)
    init = folder / "__init__.py"
    if not init.exists():
        init.write_text(f'"""Rule modules ({folder.name})."""\n', encoding="utf-8")
    entry = LEGACY_RULES[code]
    path = folder / f"hk{code[2:]}_{name.replace('-', '_')}.py"
    path.write_text(
        module_text(
            code, name, _severity(code), LEGACY_CODES[code], entry.why, entry.example, entry.fix
        ),
        encoding="utf-8",
    )
    # The entries as the tables write them: a code's line(s) up to the next entry, comment or
    # the table's end.
    _drop(root / "source" / "diagnostics.py", rf'^    "{code}": .*?\n(?=    "HK|    #|\}})')
    _drop(root / "lint" / "legacy.py", rf'^    "{code}": Rule\(.*?^    \),\n')
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hookc.lint.migrate", description=__doc__)
    parser.add_argument("codes", nargs="+")
    parser.add_argument("--name", help="the rule's kebab-case name (one code only)")
    parser.add_argument("--host", help="write it in the host's package (hookc/hosts/HOST/rules)")
    args = parser.parse_args(argv)
    if args.name and len(args.codes) > 1:
        parser.error("--name names one code")
    for code in args.codes:
        print(migrate(code.upper(), args.name, args.host))
        modules.cache_clear()
    return 0


if __name__ == "__main__":
    sys.exit(main())
