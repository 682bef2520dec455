"""docker-agent's hook files: the importer, its checks, and its matchers held to
docker-agent's own rule by every back end.

The rule (docker/docker-agent, pkg/hooks/executor.go): a matcher is compiled with Go's
regexp as ``^(?:matcher)$``, so it must match the whole tool name; ``*`` and ``""`` match
every tool; a matcher that does not compile is skipped. The oracle runs the matcher with
Python's ``re.fullmatch`` in ASCII mode over a generator of the syntax on which Go's RE2
and Python agree (Go's ``\\d``, ``\\w`` and ``\\b`` are ASCII, and ``fullmatch`` ends at
the end of the text as Go's ``$`` does).
"""

from __future__ import annotations

import re

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from hookc.frontend.formats import regex_dialects
from hookc.frontend.load import load_file, load_source
from hookc.hosts import detect
from hookc.source import Source
from hookc.source.diagnostics import Severity
from tests import ROOT
from tests.foreign import back_ends, fired_ids
from tests.properties import SETTINGS, examples

TOOLS = ["shell", "read_file", "write_file", "edit_file", "list_directory", "think",
         "transfer_task", "github_create_issue", "mcp_search", "fetch"]  # fmt: skip
ODD_NAMES = ["", "Shell", "SHELL", "shell\n", "shell ", " shell", "shellx", "xshell", "sh",
             "read_file|write_file", ".*", "a.b", "edit_file\n", "١٢", "\u017fhell",
             "\u212aill"]  # fmt: skip


# Go's (?i) folds by Unicode's simple case folding orbits, where ASCII mode folds only
# ASCII: of the names generated here, U+017F (long s) is in s's orbit, U+212A (Kelvin) in k's.
_GO_FOLDS = str.maketrans({"\u017f": "s", "\u212a": "k"})


def oracle(matcher: str | None, name: str) -> bool:
    """docker-agent's rule, written from executor.go without hookc's code."""
    if matcher is None or matcher in ("", "*"):
        return True
    if matcher.startswith("(?i)"):
        name = name.translate(_GO_FOLDS)
    return re.fullmatch(matcher, name, re.ASCII) is not None


def agent_file(
    groups: list[tuple[str | None, list[dict[str, object]]]], event: str = "pre_tool_use"
) -> str:
    entries = []
    for matcher, hooks in groups:
        entry: dict[str, object] = {"hooks": hooks}
        if matcher is not None:
            entry["matcher"] = matcher
        entries.append(entry)
    document = {"agents": {"root": {"model": "openai/gpt-4o", "hooks": {event: entries}}}}
    return yaml.safe_dump(document, sort_keys=False)


def loaded(text: str, name: str = "agent.yaml"):  # type: ignore[no-untyped-def]
    return load_source(Source(name, text))


def codes(text: str) -> list[str]:
    return [d.code for d in loaded(text).diagnostics]


_ATOMS = st.sampled_from(
    ["s", "h", "e", "l", "_", "file", "read", "write", ".", "\\.", "\\|", "[a-z]", "[^_]",
     "[a-z0-9_]", "\\d", "\\w", "\\W", "(?:ell)", "(read|write)", "shell", "github_"]
)  # fmt: skip
_QUANTIFIERS = st.sampled_from(["", "", "", "*", "+", "?", "{1,2}", "*?", "+?"])


@st.composite
def regex_matchers(draw: st.DrawFn) -> str:
    branches = []
    for _ in range(draw(st.integers(1, 3))):
        atoms = draw(st.lists(st.tuples(_ATOMS, _QUANTIFIERS), min_size=1, max_size=4))
        branches.append("".join(atom + quantifier for atom, quantifier in atoms))
    text = "|".join(branches)
    return ("(?i)" + text) if draw(st.integers(0, 5)) == 0 else text


MATCHERS = st.one_of(
    st.sampled_from([None, "", "*", "shell", "read_file|write_file", "Shell", "mcp_.*"]),
    regex_matchers(),
)
NAMES = st.lists(
    st.one_of(st.sampled_from(TOOLS + ODD_NAMES), st.text("shel_1.|\nA", max_size=6)),
    min_size=1,
    max_size=8,
)


@settings(SETTINGS, max_examples=examples(150))
@given(st.lists(MATCHERS, min_size=1, max_size=4), NAMES)
def test_every_back_end_matches_tools_as_docker_agent_does(
    matchers: list[str | None], names: list[str]
) -> None:
    groups = [(m, [{"type": "command", "command": f"echo {i}"}]) for i, m in enumerate(matchers)]
    result = loaded(agent_file(groups))
    assert [d for d in result.diagnostics if d.severity is Severity.ERROR] == []
    assert result.hookset is not None
    runs = back_ends(result.hookset)
    for name in list(dict.fromkeys(names + TOOLS + ODD_NAMES)):
        context = {"tool_name": name, "tool_input": {}}
        expected = [f"root.pre_tool_use.{i}.0" for i, m in enumerate(matchers) if oracle(m, name)]
        for back_end, run in runs.items():
            assert fired_ids(run, "pre_tool_use", context) == expected, (back_end, name)


_HANDLERS = st.fixed_dictionaries(
    {"type": st.just("command"), "command": st.sampled_from(["./audit.sh", "./lint.sh"])},
    optional={
        "timeout": st.sampled_from([60, 10]),
        "name": st.sampled_from(["audit"]),
        "args": st.sampled_from([[], ["-v"]]),
        "env": st.sampled_from([{}, {"A": "1"}]),
    },
)


@settings(SETTINGS, max_examples=examples(100))
@given(
    st.lists(
        st.tuples(
            st.sampled_from([None, "*", "shell", "read_file|write_file", "shell|fetch"]),
            st.lists(_HANDLERS, min_size=1, max_size=3),
        ),
        min_size=1,
        max_size=4,
    )
)
def test_identical_handlers_run_once_as_docker_agent_chooses_them(
    groups: list[tuple[str | None, list[dict[str, object]]]],
) -> None:
    """hooksFor: the first matching occurrence of each complete definition, compared as
    written (an unset timeout is not `timeout: 60`; an empty list or map is an unset one)."""
    result = loaded(agent_file(groups))
    assert result.hookset is not None
    runs = back_ends(result.hookset)

    def written(handler: dict[str, object]) -> tuple[object, ...]:
        return tuple(
            repr(handler.get(field) or zero)
            for field, zero in (("name", ""), ("type", ""), ("command", ""), ("args", []),
                                ("timeout", 0), ("env", {}))
        )  # fmt: skip

    for name in ["shell", "read_file", "fetch", "think"]:
        chosen: list[tuple[object, ...]] = []
        expected = []
        for g, (matcher, handlers) in enumerate(groups):
            if not oracle(matcher, name):
                continue
            for h, handler in enumerate(handlers):
                if written(handler) not in chosen:
                    chosen.append(written(handler))
                    expected.append(f"root.pre_tool_use.{g}.{h}")
        for back_end, run in runs.items():
            assert fired_ids(run, "pre_tool_use", {"tool_name": name}) == expected, back_end


# -- translation of Go's syntax ---------------------------------------------------------


@pytest.mark.parametrize(
    ("go", "re2"),
    [
        ("^(?:shell)$", "^(?:shell)\\z"),
        ("^(?:(?i)shell)$", "^(?:(?i:shell))\\z"),
        ("a(?i)b|c", "a(?i:b)|(?i:c)"),
        ("x\\z", "x\\z"),
        ("\\d\\w\\s", "[0-9][0-9A-Za-z_][\\t\\n\\f\\r ]"),
        ("[[:alpha:]_]+", "[A-Za-z_]+"),
        ("\\Qa.b\\E", "a\\.b"),
        ("(?m:^a$)", "(?:(?m:^a$))"),
    ],
)
def test_go_syntax_is_translated_to_re2_of_the_same_meaning(go: str, re2: str) -> None:
    assert regex_dialects.go(go).pattern == re2


@pytest.mark.parametrize(
    ("go", "invalid"),
    [
        ("(?=shell)", True),  # RE2 has no look-arounds
        ("(shell)\\1", True),  # nor backreferences
        ("a**", True),
        ("x{1001}", True),
        ("\\Z", True),
        ("(", True),
        ("\\pL", False),  # Go has it; hookc cannot say it in Python
    ],
)
def test_what_go_refuses_is_refused(go: str, invalid: bool) -> None:
    translated = regex_dialects.go(go)
    assert translated.pattern is None and translated.invalid is invalid


# -- the file, its shapes and its checks ------------------------------------------------


def test_flat_events_take_handler_lists_and_tool_events_take_groups() -> None:
    text = """\
agents:
  root:
    model: openai/gpt-4o
    hooks:
      session_start:
        - type: builtin
          command: add_environment_info
      pre_tool_use:
        - matcher: shell
          hooks:
            - type: command
              command: ./guard.sh
"""
    result = loaded(text)
    assert result.diagnostics == ()
    assert [(h.id, h.event) for h in result.hookset.hooks] == [  # type: ignore[union-attr]
        ("root.session_start.0", "session_start"),
        ("root.pre_tool_use.0.0", "pre_tool_use"),
    ]


def test_a_handler_directly_under_a_tool_event_is_an_error_with_a_hint() -> None:
    text = "agents:\n  root:\n    hooks:\n      pre_tool_use:\n        - type: command\n" \
        "          command: x\n"  # fmt: skip
    (diagnostic,) = loaded(text).diagnostics
    assert diagnostic.code == "HK205" and "group" in (diagnostic.hint or "")


def test_the_handler_becomes_its_action_with_defaults_filled() -> None:
    text = agent_file([("shell", [{"type": "command", "command": "x"}])])
    (hook,) = loaded(text).hookset.hooks  # type: ignore[union-attr]
    assert hook.action.params.items == (
        ("command", "x"), ("timeout", 60), ("on_error", "warn"), ("strict_output", False),
    )  # fmt: skip


def test_preempt_yolo_groups_form_their_own_lane() -> None:
    text = """\
agents:
  root:
    hooks:
      pre_tool_use:
        - matcher: shell
          preempt_yolo: true
          hooks: [{type: command, command: ./guard.sh}]
        - matcher: shell
          hooks: [{type: command, command: ./guard.sh}]
"""
    result = loaded(text)
    assert result.diagnostics == ()
    runs = back_ends(result.hookset)  # type: ignore[arg-type]
    assert fired_ids(runs["runtime"], "pre_tool_use_pre_yolo", {"tool_name": "shell"}) == [
        "root.pre_tool_use.0.0"
    ]
    # Each lane dedupes on its own: the same handler runs in both.
    assert fired_ids(runs["runtime"], "pre_tool_use", {"tool_name": "shell"}) == [
        "root.pre_tool_use.1.0"
    ]


def test_agents_of_one_file_keep_their_hooks_apart() -> None:
    text = """\
agents:
  root:
    hooks:
      turn_start: [{type: builtin, command: add_date}]
  reviewer:
    hooks:
      turn_start: [{type: builtin, command: add_git_diff}]
"""
    result = loaded(text)
    assert [h.event for h in result.hookset.hooks] == [  # type: ignore[union-attr]
        "root/turn_start",
        "reviewer/turn_start",
    ]


@pytest.mark.parametrize(
    ("hooks", "code", "severity"),
    [
        ("turn_start: [{type: builtin, command: add_dates}]", "HK708", Severity.ERROR),
        ("session_start: [{type: builtin, command: add_date}]", "HK709", Severity.WARNING),
        (
            "pre_tool_use: [{matcher: 'shell(', hooks: [{type: command, command: x}]}]",
            "HK112",
            Severity.ERROR,
        ),
        (
            "pre_tool_use: [{matcher: '\\pL', hooks: [{type: command, command: x}]}]",
            "HK711",
            Severity.ERROR,
        ),
        (
            "pre_tool_use: [{matcher: Shell, hooks: [{type: command, command: x}]}]",
            "HK703",
            Severity.WARNING,
        ),
        ("pre_tool_use: [{matcher: shell, hooks: []}]", "HK205", Severity.ERROR),
        (
            "pre_tool_use: [{matcher: shell, hook: [], hooks: [{type: command, command: x}]}]",
            "HK704",
            Severity.WARNING,
        ),
        ("turn_start: [{type: command, command: x, timeout: 1.5}]", "HK303", Severity.ERROR),
        ("turn_start: [{type: command, command: x, timeout: -1}]", "HK705", Severity.ERROR),
        ("turn_start: [{type: command, command: x, on_error: fail}]", "HK304", Severity.ERROR),
        ("turn_start: [{type: model, prompt: hi}]", "HK305", Severity.ERROR),
        ("turn_start: [{type: shell, command: x}]", "HK301", Severity.ERROR),
        ("turnstart: [{type: command, command: x}]", "HK402", Severity.WARNING),
        (
            "pre_tool_use_pre_yolo: [{matcher: x, hooks: [{type: command, command: x}]}]",
            "HK402",
            Severity.WARNING,
        ),
    ],
)
def test_findings(hooks: str, code: str, severity: Severity) -> None:
    text = f"agents:\n  root:\n    hooks:\n      {hooks}\n"
    found = [d for d in loaded(text).diagnostics if d.code == code]
    assert [d.severity for d in found] == [severity], loaded(text).diagnostics


def test_an_unknown_event_gets_did_you_mean() -> None:
    text = "agents:\n  root:\n    hooks:\n      turnstart: [{type: command, command: x}]\n"
    (diagnostic,) = loaded(text).diagnostics
    assert diagnostic.location == (4, 7) and diagnostic.hint == "did you mean `turn_start`?"


@pytest.mark.parametrize(
    ("name", "text", "claimed"),
    [
        ("agent.yaml", "agents:\n  root: {}\n", True),
        ("team.yml", "version: 2\nagents:\n  root: {}\n", True),
        ("hooks.yaml", "hooks:\n  - event: error\n", False),
        ("config.yaml", "services:\n  agents: 3\n", False),
    ],
)
def test_agent_files_are_recognised_by_content(name: str, text: str, claimed: bool) -> None:
    found = detect(name, text)
    assert (found is not None and found.name == "docker-agent") is claimed


def test_the_example_round_trips_through_canonical_yaml() -> None:
    from hookc.backend.canonical import canonical_yaml

    first = load_file(ROOT / "examples/docker-agent/agent.yaml").hookset
    assert first is not None
    again = load_source(Source("agent.hooks.yaml", canonical_yaml(first)))
    assert again.diagnostics == () and again.hookset is not None
    before, after = back_ends(first), back_ends(again.hookset)
    for event in sorted({hook.event for hook in first.hooks}):
        for name in TOOLS + ODD_NAMES:
            expected = before["module"](event, {"tool_name": name})
            for back_end in ("runtime", "module"):
                assert after[back_end](event, {"tool_name": name}) == expected
