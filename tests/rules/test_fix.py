"""``hookc check --fix``, ``--unsafe-fixes`` and ``--diff``: fixes rewrite only their
findings' text, byte for byte elsewhere (comments, CRLF, a BOM), a fixed file checks clean
of what was fixed, and fixing twice changes nothing.

The properties generate files of four hosts (Claude Code's settings JSON, Gemini CLI's,
native YAML, docker-agent's YAML with comments) from a template whose holes are filled
twice: with mistakes (an event or a matcher in another case, a timeout in the wrong unit)
and with what the fix should write. The fixed file must be the second, exactly.
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

PROPERTY = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
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


# -- properties over generated files --------------------------------------------------------


def _recase(word: str) -> st.SearchStrategy[str]:
    """``word`` with each letter in either case (possibly as it is)."""
    return st.tuples(*(st.sampled_from(sorted({c.lower(), c.upper()})) for c in word)).map("".join)


def _hole(word: str, mistaken: st.SearchStrategy[str]) -> st.SearchStrategy[tuple[str, str]]:
    return mistaken.map(lambda written: (written, word))


LINE_ENDS = st.sampled_from(["\n", "\r\n"])
BOM = st.sampled_from(["", "\ufeff"])

CLAUDE_EVENTS = ["PreToolUse", "PostToolUse", "Stop", "UserPromptSubmit", "SessionEnd"]
CLAUDE_TOOLS = ["Bash", "Edit", "Write", "Read", "Grep"]


@st.composite
def claude_files(draw: st.DrawFn) -> tuple[str, str, str]:
    """A Claude Code settings file with mistakes, the file fixed (safe and unsafe), its name."""
    events = draw(st.lists(st.sampled_from(CLAUDE_EVENTS), min_size=1, max_size=4, unique=True))
    nl, bom = draw(LINE_ENDS), draw(BOM)
    indent = draw(st.sampled_from(["  ", "    ", "\t"]))
    wrong, right = [], []
    for event in events:
        written = draw(_recase(event))
        groups_w, groups_r = [], []
        for _ in range(draw(st.integers(1, 2))):
            matcher_w = matcher_r = ""
            if event in ("PreToolUse", "PostToolUse") and draw(st.booleans()):
                tool = draw(st.sampled_from(CLAUDE_TOOLS))
                case = draw(_recase(tool))
                matcher_w, matcher_r = f'"matcher": "{case}", ', f'"matcher": "{tool}", '
            seconds = draw(st.integers(4, 600))  # in milliseconds, more than an hour's seconds
            timeout_w, timeout_r = (
                (str(seconds * 1000), str(seconds))
                if draw(st.booleans())
                else ((str(seconds),) * 2)
            )
            handler = '{{"type": "command", "command": "echo {e}", "timeout": {t}}}'
            groups_w.append(f'{{{matcher_w}"hooks": [{handler.format(e=event, t=timeout_w)}]}}')
            groups_r.append(f'{{{matcher_r}"hooks": [{handler.format(e=event, t=timeout_r)}]}}')
        sep = "," + nl + indent * 3
        wrong.append(
            f'{indent * 2}"{written}": [{nl}{indent * 3}{sep.join(groups_w)}{nl}{indent * 2}]'
        )
        right.append(
            f'{indent * 2}"{event}": [{nl}{indent * 3}{sep.join(groups_r)}{nl}{indent * 2}]'
        )

    def whole(entries: list[str]) -> str:
        body = ("," + nl).join(entries)
        return f'{bom}{{{nl}{indent}"hooks": {{{nl}{body}{nl}{indent}}}{nl}}}{nl}'

    return whole(wrong), whole(right), ".claude/settings.json"


GEMINI_EVENTS = ["BeforeTool", "AfterTool", "BeforeAgent", "SessionEnd", "Notification"]


@st.composite
def gemini_files(draw: st.DrawFn) -> tuple[str, str, str]:
    events = draw(st.lists(st.sampled_from(GEMINI_EVENTS), min_size=1, max_size=4, unique=True))
    nl, bom = draw(LINE_ENDS), draw(BOM)
    wrong, right = [], []
    for event in events:
        written = draw(_recase(event))
        seconds = draw(st.integers(1, 300))
        milliseconds = draw(st.booleans())
        timeout_w = str(seconds * 1000) if milliseconds else str(seconds)
        handler = '{{"type": "command", "command": "echo {e}", "timeout": {t}}}'
        group = '[{{"hooks": [' + handler + "]}}]"
        wrong.append(f'  "{written}": ' + group.format(e=event, t=timeout_w))
        right.append(f'  "{event}": ' + group.format(e=event, t=seconds * 1000))

    def whole(entries: list[str]) -> str:
        body = ("," + nl).join(entries)
        return f'{bom}{{"hooks": {{{nl}{body}{nl}}}}}{nl}'

    return whole(wrong), whole(right), ".gemini/settings.json"


NATIVE_EVENTS = ["error", "limit", "before_step", "after_step"]


@st.composite
def native_files(draw: st.DrawFn) -> tuple[str, str, str]:
    nl, bom = draw(LINE_ENDS), draw(BOM)
    count = draw(st.integers(1, 4))
    wrong, right = [f"# hooks{nl}hooks:{nl}"], [f"# hooks{nl}hooks:{nl}"]
    for index in range(count):
        event = draw(st.sampled_from(NATIVE_EVENTS))
        written = draw(_recase(event))
        quote = draw(st.sampled_from(["", "'", '"']))
        comment = draw(st.sampled_from(["", "  # why", "    #no space"]))
        above = draw(st.sampled_from(["", f"  # hook {index}{nl}", f"{nl}"]))
        hook = (
            f"{above}  - id: h{index}{comment}{nl}    event: {quote}{{e}}{quote}{comment}{nl}"
            f"    action: {{{{type: abort}}}}{nl}"
        )
        wrong.append(hook.format(e=written))
        right.append(hook.format(e=event))
    return bom + "".join(wrong), bom + "".join(right), "generated.hooks.yaml"


DOCKER_EVENTS = ["pre_tool_use", "post_tool_use", "permission_request", "session_start", "stop"]
GROUPED = ("pre_tool_use", "post_tool_use", "permission_request")


@st.composite
def docker_agent_files(draw: st.DrawFn) -> tuple[str, str, str]:
    """A docker-agent agent YAML: comments everywhere, events in snake case."""
    events = draw(st.lists(st.sampled_from(DOCKER_EVENTS), min_size=1, max_size=3, unique=True))
    nl, bom = draw(LINE_ENDS), draw(BOM)
    head = (
        f'# an agent{nl}version: "5"{nl}agents:{nl}  root:{nl}    model: openai/gpt-5{nl}'
        f"    hooks:   # its hooks{nl}"
    )
    wrong, right = [head], [head]
    for event in events:
        written = draw(_recase(event))
        seconds = draw(st.integers(4, 600))
        in_ms = draw(st.booleans())
        comment = draw(st.sampled_from(["", "  # why", f"{nl}        # above"]))
        if event in GROUPED:  # tool events: matcher groups of handlers; others: handlers
            entry = (
                f"      {{e}}:{comment}{nl}        - hooks:{nl}            - type: command{nl}"
                f"              command: echo {event}{nl}              timeout: {{t}}{nl}"
            )
        else:
            entry = (
                f"      {{e}}:{comment}{nl}        - type: command{nl}"
                f"          command: echo {event}{nl}          timeout: {{t}}{nl}"
            )
        wrong.append(entry.format(e=written, t=seconds * 1000 if in_ms else seconds))
        right.append(entry.format(e=event, t=seconds))
    return bom + "".join(wrong), bom + "".join(right), "agent.yaml"


def _fixed(text: str, name: str, unsafe: bool) -> tuple[str, int]:
    bom = "\ufeff" if text.startswith("\ufeff") else ""
    source = Source(name, text.removeprefix(bom), bom=bool(bom))
    fixed, applied = fix_source(source, unsafe=unsafe)
    return bom + fixed.text, applied


@PROPERTY
@given(st.one_of(claude_files(), gemini_files(), native_files(), docker_agent_files()))
def test_fixing_writes_exactly_the_intended_text_and_twice_changes_nothing(
    case: tuple[str, str, str],
) -> None:
    wrong, right, name = case
    fixed, _ = _fixed(wrong, name, unsafe=True)
    assert fixed == right
    again, applied = _fixed(fixed, name, unsafe=True)
    assert (again, applied) == (fixed, 0)
    left = codes(name, fixed.removeprefix("\ufeff"))
    assert not {"HK402", "HK703", "HK706", "HK717"} & set(left), left


@PROPERTY
@given(st.one_of(claude_files(), gemini_files(), native_files(), docker_agent_files()))
def test_safe_fixing_leaves_no_safe_fix_and_changes_no_timeout(
    case: tuple[str, str, str],
) -> None:
    wrong, _right, name = case
    fixed, _ = _fixed(wrong, name, unsafe=False)
    assert _fixed(fixed, name, unsafe=False) == (fixed, 0)
    # Only case changed: the text folded to one case is the same.
    assert fixed.lower() == wrong.lower()
    checked = check_inputs([name], None, None, {name: Source(name, fixed.removeprefix("\ufeff"))})
    left = [d for d in checked.reports[0].diagnostics if d.fix and d.fix.safety == "safe"]
    assert not left


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
