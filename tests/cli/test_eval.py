"""``hookc eval FILE --event E --context CTX [--all] [--explain]`` (SPEC §8): the action that
fires, as JSON, and why each hook did or did not, for hook files, canonical YAML and
compiled modules alike."""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path

import pytest

from hookc.cli import main
from tests import ROOT

EVAL = ROOT / "examples" / "eval"
POLICIES = ROOT / "examples" / "canonical" / "policies.yaml"
CANONICAL = ROOT / "examples" / "canonical" / "policies.hooks.yaml"
UPDATE = os.environ.get("HOOKC_UPDATE_GOLDEN") == "1"


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        status = main(list(argv), stdout=out, stderr=err)
    finally:
        sys.stdin = saved
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("compiled")
    assert run("compile", str(POLICIES), "-o", str(folder))[0] == 0
    return folder / "policies.py"


@pytest.mark.parametrize(
    ("context", "extra"),
    [("limit.json", ("--event", "limit")), ("error.json", ("--event", "error", "--all"))],
)
def test_explain_prints_exactly_the_expected_file(
    monkeypatch: pytest.MonkeyPatch, context: str, extra: tuple[str, ...]
) -> None:
    monkeypatch.chdir(ROOT)
    argv = ("eval", "examples/canonical/policies.yaml", *extra)
    status, out, err = run(*argv, "--context", f"examples/eval/{context}", "--explain")
    expected = EVAL / context.replace(".json", ".expected")
    if UPDATE:
        expected.write_text(out, encoding="utf-8")
    assert (status, err) == (0, "")
    assert out == expected.read_text(encoding="utf-8")


def test_the_explanation_shows_values_and_why_a_leaf_is_an_error() -> None:
    text = (EVAL / "limit.expected").read_text(encoding="utf-8")
    assert "cost.spend > 10.0  ->  error: no `>` between string and double" in text
    assert "cost.spend = '12.50'" in text and "cost.budget = 20.0" in text
    assert "1. budget_alert (priority 10): does not fire" in text
    assert "3. default_limit_escalation (priority 0, builtin): fires" in text


@pytest.mark.parametrize("event", ["limit", "error", "context_window_pressure", "unheard"])
@pytest.mark.parametrize("every", [False, True])
def test_source_canonical_yaml_and_compiled_module_give_the_same_answer(
    compiled: Path, event: str, every: bool
) -> None:
    contexts = [
        (EVAL / "limit.json").read_text(encoding="utf-8"),
        (EVAL / "error.json").read_text(encoding="utf-8"),
        '{"limit_code": "spend_exceeded", "cost": {"spend": 11.0, "budget": 5.0, "items": []}}',
        '{"error": {"headers": {"retry-after": "30"}, "type": "E"}, '
        '"classification": {"category": "rate_limited"}}',
        "{}",
    ]
    flags = ("--all",) if every else ()
    for context in contexts:
        answers = set()
        explanations = set()
        for target in (POLICIES, CANONICAL, compiled):
            argv = ("eval", str(target), "--event", event, "--context", "-", *flags)
            status, out, _ = run(*argv, stdin=context)
            assert status == 0
            answers.add(out)
            status, out, _ = run(*argv, "--explain", stdin=context)
            explanations.add(out)
        assert len(answers) == 1, answers
        assert len(explanations) == 1, explanations


def test_an_action_that_fires_renders_its_templates() -> None:
    context = json.dumps(
        {
            "classification": {"category": "quota"},
            "error": {"type": "Quota", "headers": {"retry-after": "7"}},
        }
    )
    status, out, _ = run("eval", str(POLICIES), "--event", "error", "--context", "-", stdin=context)
    assert status == 0
    assert json.loads(out) == {
        "type": "call_directive",
        "directive": "my_app/custom_backoff",
        "parameters": {"retry_after": "7", "note": "waited 7s on Quota"},
        "inherit_token": True,
    }


def test_directive_xml_is_evaluated_too() -> None:
    context = '{"classification": {"category": "rate_limited"}}'
    xml = ROOT / "examples" / "seed" / "directive.xml"
    status, out, _ = run("eval", str(xml), "--event", "error", "--context", "-", stdin=context)
    assert status == 0 and json.loads(out)["type"] == "call_directive"


def test_no_hook_on_the_event_prints_null_and_says_so() -> None:
    status, out, _ = run(
        "eval", str(POLICIES), "--event", "unheard", "--context", "-", "--explain", stdin="{}"
    )
    assert (status, out) == (0, "no hook listens to `unheard`\nnull\n")


@pytest.mark.parametrize(
    ("stdin", "message"),
    [
        ("[1]", "hookc: error: -: the context must be a JSON object, not list\n"),
        (
            "{",
            "hookc: error: -:1:2: the context is not valid JSON: "
            "Expecting property name enclosed in double quotes\n",
        ),
    ],
)
def test_a_bad_context_is_a_usage_error(stdin: str, message: str) -> None:
    status, out, err = run("eval", str(POLICIES), "--event", "limit", "--context", "-", stdin=stdin)
    assert (status, out, err) == (2, "", message)


def test_a_hook_file_with_an_error_is_reported_not_evaluated(tmp_path: Path) -> None:
    bad = tmp_path / "bad.hooks.yaml"
    bad.write_text(
        "hooks:\n  - {event: error, when: 'x = 1', action: {type: abort}}\n", encoding="utf-8"
    )
    status, out, _ = run("eval", str(bad), "--event", "error", "--context", "-", stdin="{}")
    assert status == 1 and "error[HK101]" in out and "null" not in out


def test_a_python_file_that_is_not_a_compiled_module_is_an_input_error(tmp_path: Path) -> None:
    other = tmp_path / "other.py"
    other.write_text("x = 1\n", encoding="utf-8")
    status, out, _ = run("eval", str(other), "--event", "error", "--context", "-", stdin="{}")
    assert status == 1
    reason = f"{other}: not a module hookc compiled (it has no HOOKS)"
    assert out == f"{other}: cannot load the module: ValueError: {reason}\n"


@pytest.mark.parametrize(
    ("context", "line"),
    [
        ("{}", "cost.spend > 10.0  ->  error: missing key `cost.spend`"),
        (
            '{"cost": {"spend": "12"}}',
            "cost.spend > 10.0  ->  error: no `>` between string and double",
        ),
        ('{"cost": {"spend": 12}}', "cost.spend > 10.0  ->  true"),
        (
            '{"cost": {"spend": 12, "items": 5}}',
            "size(cost.items) > 100  ->  error: no `size` for int",
        ),
    ],
)
def test_explain_says_why_a_leaf_is_an_error_in_words(context: str, line: str) -> None:
    argv = ("eval", str(POLICIES), "--event", "limit", "--context", "-", "--explain")
    status, out, _ = run(*argv, stdin=context)
    assert status == 0 and f"     {line}\n" in out


def test_the_docs_show_the_example_as_it_runs() -> None:
    readme = (ROOT / "docs" / "run.md").read_text(encoding="utf-8")
    command = (
        "$ hookc eval examples/canonical/policies.yaml --event limit "
        "--context examples/eval/limit.json --explain\n"
    )
    shown = readme.split(command, 1)[1].split("```", 1)[0]
    assert shown == (EVAL / "limit.expected").read_text(encoding="utf-8")


# -- the explanation's tree (issue 25, item 20) -----------------------------------------------


def test_explain_shows_not_any_and_all_with_their_outcomes(tmp_path: Path) -> None:
    # A true leaf under `!` stood next to "does not fire" with nothing to say why.
    hooks = tmp_path / "t.hooks.yaml"
    hooks.write_text(
        "hooks:\n"
        "  - id: guard\n"
        "    event: limit\n"
        "    when: \"!(limit_code == 'spend_exceeded')"
        ' && (cost.spend > 10.0 || has(cost.items))"\n'
        "    action: {type: abort}\n",
        encoding="utf-8",
    )
    context = '{"limit_code": "spend_exceeded", "cost": {"spend": 12.0}}'
    argv = ("eval", str(hooks), "--event", "limit", "--context", "-", "--explain")
    status, out, _ = run(*argv, stdin=context)
    assert status == 0
    assert out == (
        "event `limit`: 1 hook, in order\n"
        "1. guard (priority 0): does not fire\n"
        "     all  ->  false\n"
        "       not  ->  false\n"
        "         limit_code == 'spend_exceeded'  ->  true\n"
        "             limit_code = 'spend_exceeded'\n"
        "       any  ->  true\n"
        "         cost.spend > 10.0  ->  true\n"
        "             cost.spend = 12.0\n"
        "         has(cost.items)  ->  false\n"
        "             cost.items = <missing>\n"
        "null\n"
    )


CLAUDE_TWICE = """\
{"hooks": {"PreToolUse": [
  {"matcher": "Bash", "hooks": [{"type": "command", "command": "echo audit"}]},
  {"matcher": "Bash|mcp__.*", "hooks": [{"type": "command", "command": "echo audit"}]}
]}}
"""


@pytest.mark.parametrize(
    ("tool", "second"),
    [
        (
            "Bash",
            "2. .claude/settings.PreToolUse.1.0: does not fire\n"
            "     all  ->  false\n"
            '       tool_name matcher "Bash|mcp__.*"  ->  true\n'
            "           tool_name = 'Bash'\n"
            "       runs once: an identical handler already matched  ->  false\n",
        ),
        (
            "mcp__github__search",
            "2. .claude/settings.PreToolUse.1.0: fires\n"
            "     all  ->  true\n"
            '       tool_name matcher "Bash|mcp__.*"  ->  true\n'
            "           tool_name = 'mcp__github__search'\n"
            "       runs once: no identical handler matched before it  ->  true\n",
        ),
    ],
)
def test_explain_says_an_identical_handler_runs_once_and_shows_the_matcher_as_written(
    tmp_path: Path, tool: str, second: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # ids name their file from here: `.claude/settings...`
    # Claude Code runs identical handlers once: the reader adds `&& !(earlier matchers)`,
    # which was invisible; its matcher showed as the translated regex, and `(priority 0)`
    # stood beside hooks of a host that has no priorities.
    settings = tmp_path / ".claude" / "settings.json"
    settings.parent.mkdir()
    settings.write_text(CLAUDE_TWICE, encoding="utf-8")
    context = json.dumps({"hook_event_name": "PreToolUse", "tool_name": tool})
    argv = ("eval", str(settings), "--event", "PreToolUse", "--context", "-", "--explain")
    status, out, _ = run(*argv, stdin=context)
    assert status == 0
    lines = out.split("\n2. ", 1)
    first = "event `PreToolUse`: 2 hooks, in order\n1. .claude/settings.PreToolUse.0.0:"
    assert lines[0].startswith(first)
    assert "2. " + lines[1].rsplit("\n[", 1)[0] + "\n" == second
    assert "priority" not in out
    # A module compiled from the file records its host: no priority there either.
    assert run("compile", str(settings), "-o", str(tmp_path / "build"), "--name", "cc")[0] == 0
    status, out, _ = run("eval", str(tmp_path / "build" / "cc.py"), *argv[2:], stdin=context)
    assert status == 0 and "priority" not in out and "1. .claude/settings.PreToolUse.0.0: " in out
