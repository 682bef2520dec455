"""Rules as units (issue 29): one module per rule, its docstring its documentation, one
registry, the legacy tables read during the transition, and the generated pages."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from hookc.cli import main
from hookc.lint import migrate, pages, registry
from hookc.lint.legacy import LEGACY_RULES, RULES, Rule, explain_rule
from hookc.lint.rule import NAME, LintRule, sections
from hookc.source import Source, Span
from hookc.source.diagnostics import CODES, LEGACY_CODES, warning
from tests import ROOT

INVALID = ROOT / "examples" / "invalid"
# Codes whose fixture is not under examples/invalid/: HK206's file (over 10 MB) and HK220's
# (a million YAML values) are made in a test; fmt's codes are shown by examples/fmt/.
ELSEWHERE = {"HK206", "HK220", "HK601", "HK602"}


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("code", registry.codes())
def test_every_rule_has_a_name_a_documented_example_a_fixture_and_hookc_rule_prints_it(
    code: str,
) -> None:
    rule = registry.rule(code)
    assert rule.code == code and rule.summary
    if rule.legacy and not rule.name:
        # Added the old way on another branch: it works, by its code; a name comes with
        # its module.
        pytest.skip(f"{code}: run `python -m hookc.lint.migrate {code} --name NAME`")
    assert NAME.fullmatch(rule.name), f"{code} has no kebab-case name"
    parts = sections(rule.doc)
    assert parts["what"], f"{code}: its docstring says not what it checks"
    assert "```" in parts.get("example", ""), f"{code}: no example in a fenced block"
    assert parts.get("fix") and parts.get("fix safety"), f"{code}: no fix or fix safety"
    if code not in ELSEWHERE:
        fixtures = [p for p in INVALID.glob(f"{code}-*") if p.suffix != ".expected"]
        assert fixtures, f"{code} has no fixture under examples/invalid/"
    for asked in (code, code.lower(), rule.name):
        status, out, err = run("rule", asked)
        assert (status, err) == (0, "")
        assert out.startswith(f"{code} {rule.name}: {rule.summary}\n")
        assert rule.doc in out


def test_a_module_rule_is_found_by_its_file_name_and_its_rule_agrees() -> None:
    dotted = registry.modules()["HK505"]
    assert dotted == "hookc.lint.rules.logic.hk505_shadowed_hook"
    assert registry.rule("HK505").module == dotted
    assert registry.find("shadowed-hook") == registry.rule("HK505")
    assert registry.find("Shadowed-Hook") == registry.rule("HK505")
    assert registry.find("no-such-rule") is None


def test_the_fixtures_severities_are_the_rules() -> None:
    """A golden output's findings have the severity their rule's module says."""
    for golden in INVALID.glob("*.expected"):
        for severity, code in re.findall(r"(error|warning)\[(HK\d{3})\]", golden.read_text()):
            declared = registry.rule(code).severity
            assert severity in declared.split(" or "), (golden.name, code, declared)


def test_rule_names_are_unique_and_kebab_case() -> None:
    names = [rule.name for rule in registry.rules() if rule.name]
    assert len(names) == len(set(names))
    assert all(NAME.fullmatch(name) for name in names)
    with pytest.raises(ValueError, match="kebab-case"):
        LintRule("HK999", "Not_Kebab", "warning", "x")


def test_a_code_added_the_old_way_works_until_it_is_migrated(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The transition: a code written only in the two legacy tables is a code, has a rule
    text, is selectable, and its finding is accepted (what a peer's branch adds)."""
    monkeypatch.setitem(LEGACY_CODES, "HK739", "a finding of a new host")
    monkeypatch.setitem(
        LEGACY_RULES, "HK739", Rule("What it means.", '{"hooks": {}}', "Do this instead.")
    )
    assert "HK739" in CODES and CODES["HK739"] == "a finding of a new host"
    assert RULES["HK739"].fix == "Do this instead."
    assert "HK739" in registry.codes()
    assert warning("HK739", "m", Source("f", "x"), Span(0, 1)).code == "HK739"
    status, out, _ = run("rule", "hk739")
    assert status == 0 and out.startswith("HK739: a finding of a new host\n")
    assert "What it means." in out and '{"hooks": {}}' in out
    assert explain_rule("HK739") is not None  # the old entry point still answers


def test_migrate_moves_a_legacy_code_into_a_module_and_out_of_both_tables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every code is a module now; a code a branch still adds the old way moves by the tool."""
    entry = Rule("Why it matters.", '"matcher": "x"', "Write it another way.")
    monkeypatch.setitem(LEGACY_CODES, "HK799", "a code written the old way")
    monkeypatch.setitem(LEGACY_RULES, "HK799", entry)
    monkeypatch.setitem(registry.LEGACY_NAMES, "HK799", ("old-way", "warning"))
    package = tmp_path / "hookc"
    (package / "source").mkdir(parents=True)
    (package / "lint").mkdir()
    (package / "source" / "diagnostics.py").write_text(
        'LEGACY_CODES = {\n    "HK798": "a neighbour",\n'
        '    "HK799": "a code written the old way",\n}\n',
        "utf-8",
    )
    (package / "lint" / "legacy.py").write_text(
        "LEGACY_RULES = {\n"
        '    "HK799": Rule(\n        "Why it matters.",\n'
        '        "x",\n        "Write it.",\n    ),\n'
        '    "HK798": Rule(\n        "A neighbour.",\n        "y",\n        "z",\n    ),\n'
        "}\n",
        "utf-8",
    )
    written = migrate.migrate("HK799", None, None, root=package)
    assert written == package / "lint/rules/handlers/hk799_old_way.py"
    assert '"HK799"' not in (package / "source" / "diagnostics.py").read_text("utf-8")
    assert '"HK799"' not in (package / "lint" / "legacy.py").read_text("utf-8")
    assert '"HK798"' in (package / "lint" / "legacy.py").read_text("utf-8")  # neighbours stay
    namespace: dict[str, object] = {}
    source = written.read_text("utf-8")
    exec(compile(source, str(written), "exec"), namespace)
    rule = namespace["RULE"]
    assert isinstance(rule, LintRule)
    assert (rule.code, rule.name, rule.severity) == ("HK799", "old-way", "warning")
    assert rule.summary == "a code written the old way"
    assert sections(str(namespace["__doc__"]))["fix"] == entry.fix


def test_every_code_is_a_rule_module() -> None:
    assert LEGACY_CODES == {} and LEGACY_RULES == {}


def test_a_code_in_a_module_and_a_legacy_table_at_once_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(LEGACY_CODES, "HK505", "twice")
    with pytest.raises(registry.RegistryError, match="HK505"):
        registry.codes()


def test_select_and_ignore_take_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "t.hooks.yaml").write_text(
        "hooks:\n  - id: typo\n    event: limit\n    when: \"limt_code == 'x'\"\n"
        "    action: {type: escalate, target: user_approval}\n",
        encoding="utf-8",
    )
    assert "HK501" in run("check", "t.hooks.yaml", "--no-config")[1]
    assert run("check", "t.hooks.yaml", "--no-config", "--ignore", "unknown-path")[1] == ""
    assert run("check", "t.hooks.yaml", "--no-config", "--select", "never-true")[1] == ""
    status, _, err = run("check", "t.hooks.yaml", "--no-config", "--ignore", "unknown-pth")
    assert status == 2 and "did you mean unknown-path?" in err
    (tmp_path / "hookc.toml").write_text('ignore = ["unknown-path"]\n', encoding="utf-8")
    assert run("check", "t.hooks.yaml")[1] == ""


def test_the_rule_pages_are_current() -> None:
    """docs/rules/ is what `python -m hookc.lint.pages docs/rules` writes."""
    folder = ROOT / "docs" / "rules"
    made = pages.pages()
    assert sorted(p.name for p in folder.glob("*.md")) == sorted(made)
    for name, text in made.items():
        assert (folder / name).read_text(encoding="utf-8") == text, name
