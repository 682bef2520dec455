"""``hookc check --fix``, ``--unsafe-fixes`` and ``--diff``: fixes rewrite only their
findings' text, byte for byte elsewhere (comments, CRLF, a BOM), a fixed file checks clean
of what was fixed, and fixing twice changes nothing.

The properties run over generated files of every host's format (tests/rules/hostfiles.py
FORMATS: 20 formats of 16 hosts), each with planted fixable mistakes (an event, a matcher in
another case, a field spelt another way, a timeout in the wrong unit, `hooks` misspelt) and
noise its host ignores (CRLF, a BOM, indentation, key order, comments in YAML and TOML). The
fixed file must be the file with the intended text in the mistakes' places, exactly.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hookc.check.driver import check_inputs
from hookc.check.fix import Fixed, apply_edits, fix_files, fix_source, write_fixed
from hookc.cli import main
from hookc.source import Source, Span
from hookc.source.diagnostics import Edit, Fix, replacing
from tests.properties import examples
from tests.rules.hostfiles import FORMATS, Format, files

PROPERTY = settings(
    max_examples=examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(args), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def codes(name: str, text: str) -> list[str]:
    checked = check_inputs([name], None, None, {name: Source(name, text)})
    return [d.code for d in checked.reports[0].diagnostics]


# -- the machinery ------------------------------------------------------------------------


def test_edits_apply_in_place_and_an_overlapping_fix_waits_its_turn() -> None:
    text = "abcdef"
    first = Fix((Edit(Span(1, 3), "XY"),), "safe", "")
    overlapping = Fix((Edit(Span(2, 4), "Q"),), "safe", "")
    last = Fix((Edit(Span(5, 6), "zz"),), "safe", "")
    assert apply_edits(text, [last, overlapping, first]) == ("aXYdezz", 2)


def test_a_fix_of_several_edits_is_made_whole_or_not_at_all() -> None:
    text = "a.b.c.d"
    both = Fix((Edit(Span(0, 1), "A"), Edit(Span(4, 5), "C")), "safe", "")
    overlapping = Fix((Edit(Span(4, 5), "X"), Edit(Span(6, 7), "D")), "safe", "")
    assert apply_edits(text, [overlapping, both]) == ("A.b.C.d", 1)
    assert apply_edits(text, [Fix((Edit(Span(6, 7), "D"),), "safe", ""), both]) == (
        "A.b.C.D",
        2,
    )


def test_a_replacement_is_found_as_written_or_as_json_escapes_it_and_only_once() -> None:
    source = Source("x.json", '{"a\\"b": 1, "c": "cc"}')
    fix = replacing(source, Span(0, 9), 'a"b', 'A"B')
    assert fix is not None and fix.edits == (Edit(Span(2, 6), 'A\\"B'),)
    assert replacing(source, Span(12, 21), "c", "d") is None  # twice: not sure which


def test_a_fix_needs_an_edit_and_a_known_safety() -> None:
    with pytest.raises(ValueError):
        Fix((), "safe", "")
    with pytest.raises(ValueError):
        Fix((Edit(Span(0, 0), ""),), "maybe", "")


# -- the CLI on files ---------------------------------------------------------------------

CLAUDE = (
    '{\r\n  "hooks": {\r\n    "pretooluse": [\r\n      {"matcher": "bash", "hooks": '
    '[{"type": "command", "command": "echo hi",  "timeout": 30000}]}\r\n    ]\r\n  }\r\n}\r\n'
)
CLAUDE_SAFE = CLAUDE.replace("pretooluse", "PreToolUse").replace('"bash"', '"Bash"')


@pytest.fixture
def claude(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / ".claude" / "settings.json"
    path.parent.mkdir()
    path.write_bytes(b"\xef\xbb\xbf" + CLAUDE.encode())
    return path


def test_fix_rewrites_only_the_spans_keeping_bom_and_crlf(claude: Path) -> None:
    status, out, err = run("check", "--no-config", ".claude/settings.json", "--fix")
    assert claude.read_bytes() == b"\xef\xbb\xbf" + CLAUDE_SAFE.encode()
    assert "applied 2 fixes" in err
    # What remains: the BOM's warning and the unsafe timeout; warnings pass.
    assert "HK706" in out and "HK402" not in out and "HK703" not in out
    assert status == 0


def test_unsafe_fixes_apply_only_when_asked(claude: Path) -> None:
    run("check", "--no-config", ".claude/settings.json", "--fix", "--unsafe-fixes")
    assert claude.read_bytes() == b"\xef\xbb\xbf" + CLAUDE_SAFE.replace("30000", "30").encode()


def test_diff_prints_a_unified_diff_and_writes_nothing(claude: Path) -> None:
    before = claude.read_bytes()
    status, out, err = run("check", "--no-config", ".claude/settings.json", "--diff")
    assert claude.read_bytes() == before
    assert status == 1
    assert out.startswith("--- .claude/settings.json\t(original)\n+++ ")
    assert '-    "pretooluse": [\r\n' in out and '+    "PreToolUse": [\r\n' in out
    assert "2 fixes would be applied" in err


def test_strict_after_fixing_fails_on_what_remains_and_passes_when_nothing_does(
    claude: Path,
) -> None:
    assert run("check", "--no-config", ".claude/settings.json", "--fix", "--strict")[0] == 1
    claude.write_text(CLAUDE_SAFE.replace("30000", "30"), encoding="utf-8")
    assert run("check", "--no-config", ".claude/settings.json", "--fix", "--strict")[0] == 0


def test_an_ignored_rule_is_not_fixed(claude: Path) -> None:
    run("check", "--no-config", ".claude/settings.json", "--fix", "--ignore", "HK402")
    assert b'"pretooluse"' in claude.read_bytes()


def test_a_file_changed_while_fixing_is_not_overwritten(claude: Path) -> None:
    from hookc.backend.driver import ChangedMeanwhile

    [fixed] = fix_files([".claude/settings.json"])
    assert fixed.changed
    claude.write_bytes(CLAUDE.encode() + b" ")  # an editor saved meanwhile
    with pytest.raises(ChangedMeanwhile):
        write_fixed(fixed)
    assert claude.read_bytes() == CLAUDE.encode() + b" "


def test_the_cli_reports_a_file_changed_meanwhile(
    claude: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import hookc.check.fix as fix_module

    real = fix_module.fix_files

    def and_an_edit(*args: object, **kwargs: object) -> list[Fixed]:
        found = real(*args, **kwargs)  # type: ignore[arg-type]
        claude.write_text("{}", encoding="utf-8")
        return found

    monkeypatch.setattr(fix_module, "fix_files", and_an_edit)
    status, _out, err = run("check", "--no-config", ".claude/settings.json", "--fix")
    assert status == 1 and "changed while hookc read it" in err
    assert claude.read_text(encoding="utf-8") == "{}"


def test_a_fix_that_would_write_a_key_twice_is_not_applied(tmp_path: Path) -> None:
    text = (
        '{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "a"}]}],\n'
        ' "pretooluse": [{"hooks": [{"type": "command", "command": "b"}]}]}}\n'
    )
    source = Source(str(tmp_path / ".claude" / "settings.json"), text)
    fixed, applied = fix_source(source)
    assert (fixed.text, applied) == (text, 0)


def test_standard_input_is_fixed_to_standard_output(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setattr(sys, "stdin", io.StringIO(CLAUDE))
    status, out, err = run(
        "check", "--no-config", "-", "--stdin-filename", ".claude/settings.json", "--fix"
    )
    assert out == CLAUDE_SAFE
    assert "HK706" in err and status == 0


YAML = (
    "# policies\r\n"
    "hooks:\r\n"
    "  - id: retry-once   # the first\r\n"
    "    event: Error\r\n"
    "    action: {type: retry}\r\n"
    "\r\n"
    "  # the second\r\n"
    "  - id: stop\r\n"
    "    event: 'LIMIT'    # quoted\r\n"
    "    action:\r\n"
    "        type: abort\r\n"
)


def test_yaml_comments_quotes_and_layout_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "p.hooks.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + YAML.encode())
    [fixed] = fix_files([str(path)])
    expected = "\ufeff" + YAML.replace("event: Error", "event: error").replace("'LIMIT'", "'limit'")
    assert fixed.fixed == expected and fixed.applied == 2
    write_fixed(fixed)
    assert path.read_bytes() == expected.encode("utf-8")


def test_gemini_seconds_become_milliseconds_only_as_an_unsafe_fix(tmp_path: Path) -> None:
    text = (
        '{"hooks": {"beforetool": [{"matcher": "run_shell_command", "hooks": '
        '[{"type": "command", "command": "x", "timeout": 30}]}]}}\n'
    )
    source = Source(str(tmp_path / ".gemini" / "settings.json"), text)
    safe, _ = fix_source(source)
    assert safe.text == text.replace("beforetool", "BeforeTool")
    unsafe, _ = fix_source(source, unsafe=True)
    assert unsafe.text == safe.text.replace('"timeout": 30', '"timeout": 30000')
    assert "HK717" not in codes(source.name, unsafe.text)


def test_a_renamed_field_keeps_its_value() -> None:
    text = '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x", "Timeout": 5}]}]}}'
    fixed, applied = fix_source(Source(".claude/settings.json", text))
    assert fixed.text == text.replace('"Timeout"', '"timeout"') and applied == 1


# -- properties over generated files of every host's format ----------------------------------


def _fixed(text: str, name: str, unsafe: bool) -> tuple[str, int]:
    bom = "\ufeff" if text.startswith("\ufeff") else ""
    source = Source(name, text.removeprefix(bom), bom=bool(bom))
    fixed, applied = fix_source(source, unsafe=unsafe)
    return bom + fixed.text, applied


def _read(name: str, text: str) -> tuple[str, list[str]]:
    """The host the text is read as, and its findings' codes."""
    bom = "\ufeff" if text.startswith("\ufeff") else ""
    checked = check_inputs(
        [name], None, None, {name: Source(name, text[len(bom) :], bom=bool(bom))}
    )
    return checked.loaded[name].profile.name, [d.code for d in checked.reports[0].diagnostics]


@pytest.mark.parametrize("fmt", [pytest.param(f, id=f.label) for f in FORMATS])
@pytest.mark.parametrize("unsafe", [False, True], ids=["safe", "unsafe"])
@PROPERTY
@given(data=st.data())
def test_fix_properties_hold_for_every_hosts_format(
    fmt: Format, unsafe: bool, data: st.DataObject
) -> None:
    """(a) the fixed file gives none of the fixed findings; (b) fixing again changes nothing;
    (c) every byte outside the fixed spans is unchanged (and inside them, the fix writes
    what was meant); (d) the file still reads as the same host."""
    case = data.draw(files(fmt), label="file")
    wrong = case.text(right=False)
    host, _ = _read(case.name, wrong)
    right_host, before = _read(case.name, case.text(right=True))
    assert not set(before) & {h.code for h in case.holes}, before  # the generator's own check
    assert right_host == host
    fixed, _ = _fixed(wrong, case.name, unsafe)
    assert case.outside().fullmatch(fixed), "a byte outside the fixed spans changed"
    assert fixed == case.text(right=True, unsafe=unsafe)
    assert _fixed(fixed, case.name, unsafe) == (fixed, 0)
    after_host, after = _read(case.name, fixed)
    fixed_codes = {h.code for h in case.holes if unsafe or not h.unsafe}
    assert not fixed_codes & set(after), after
    assert after_host == host


# -- every fix is its rule's, and inside its finding ------------------------------------------


def test_every_fix_is_declared_by_its_rule_and_edits_only_its_findings_text() -> None:
    from hookc.check.driver import check_files
    from hookc.lint.registry import rule
    from tests import ROOT

    folder = ROOT / "examples" / "invalid"
    files = [
        str(p)
        for p in sorted(folder.iterdir())
        if p.suffix not in (".expected", ".toml", ".md") and p.is_file()
    ]
    fixed = 0
    for report in check_files(files):
        for d in report.diagnostics:
            if d.fix is None:
                continue
            fixed += 1
            assert rule(d.code).fix != "none", d.code
            assert all(
                d.span.start <= e.span.start <= e.span.end <= d.span.end for e in d.fix.edits
            )
    assert fixed >= 3  # HK402, HK703, HK706 at least have fixtures with a fix


# -- the bugs the properties found, one example each ---------------------------------------------

FOUND = [
    # A byte order mark's warning (HK214 then, HK235 now) hid a misspelt `hooks` key and its fix.
    (".claude/settings.json", '\ufeff{"Hooks": {"Stop": []}}\n', '\ufeff{"hooks": {"Stop": []}}\n'),
    # Copilot's `preToolUse` and `PreToolUse` are two events: the first letter says which.
    (
        ".github/hooks/guard.json",
        '{"version": 1, "hooks": {"pRETOOLUSE": [{"type": "command", "bash": "x"}]}}',
        '{"version": 1, "hooks": {"preToolUse": [{"type": "command", "bash": "x"}]}}',
    ),
    # Handler fields of Cursor's and Windsurf's flat entries, and Kiro's hooks' own fields.
    (
        ".cursor/hooks.json",
        '{"version": 1, "hooks": {"stop": [{"command": "x", "fail_closed": false}]}}',
        '{"version": 1, "hooks": {"stop": [{"command": "x", "failClosed": false}]}}',
    ),
    (
        ".windsurf/hooks.json",
        '{"hooks": {"pre_run_command": [{"command": "x", "showOutput": true}]}}',
        '{"hooks": {"pre_run_command": [{"command": "x", "show_output": true}]}}',
    ),
    (
        ".kiro/hooks/a.json",
        '{"version": "v1", "hooks": [{"name": "a", "trigger": "Stop", "Description": "d",'
        ' "action": {"type": "command", "command": "x"}}]}',
        '{"version": "v1", "hooks": [{"name": "a", "trigger": "Stop", "description": "d",'
        ' "action": {"type": "command", "command": "x"}}]}',
    ),
    # Triggers and events in another case, in Kiro's .kiro.hook files and Rye's.
    (
        ".kiro/hooks/a.kiro.hook",
        '{"name": "a", "when": {"type": "AgentStop"}, "then": {"type": "runCommand", '
        '"command": "x"}}',
        '{"name": "a", "when": {"type": "agentStop"}, "then": {"type": "runCommand", '
        '"command": "x"}}',
    ),
    (
        "hook_conditions.yaml",
        "builtin_hooks:\n  - id: r\n    event: Error  # why\n    action: {primary: execute, "
        "item_type: tool, item_id: rye/agent/threads/internal/control}\n",
        "builtin_hooks:\n  - id: r\n    event: error  # why\n    action: {primary: execute, "
        "item_type: tool, item_id: rye/agent/threads/internal/control}\n",
    ),
]


@pytest.mark.parametrize(("name", "wrong", "right"), FOUND, ids=[f[0] for f in FOUND])
def test_fixes_the_properties_found_missing(name: str, wrong: str, right: str) -> None:
    assert _fixed(wrong, name, unsafe=True)[0] == right
