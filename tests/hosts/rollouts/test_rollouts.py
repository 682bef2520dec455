"""A compiled hookc module (and ``hookc.runtime``'s loaded object) as a rollouts hook file
(seed 003): ``register(hooks)`` subscribes handlers that answer as the seed's hook
functions do. The seed's ``HookAPI``, event classes and ``HookContext`` are stood in for
here exactly as the seed writes them; its permission gate runs through a hookc policy.
"""

from __future__ import annotations

import asyncio
import re
import sys
import types
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hookc.runtime
from hookc.backend.driver import compile_files
from hookc.runtime import rollouts
from tests import ROOT
from tests.properties import SETTINGS, examples

GATE = ROOT / "examples" / "rollouts" / "permission_gate.hooks.yaml"


# -- the seed's types, as it writes them ---------------------------------------------------


@dataclass
class ToolCallEvent:
    tool_name: str
    tool_call_id: str
    input: dict[str, Any]


@dataclass
class ToolResultEvent:
    tool_name: str
    tool_call_id: str
    input: dict[str, Any]
    content: str
    is_error: bool
    details: dict[str, Any] | None


@dataclass
class SessionEvent:
    reason: Literal["start", "shutdown", "before_branch", "branch", "before_switch", "switch"]
    session_file: Path | None
    entries: list[Any]
    target_turn_index: int | None = None


@dataclass
class TurnStartEvent:
    turn_index: int


@dataclass
class BlockToolResult:
    reason: str
    block: bool = True


@dataclass
class HookContext:
    cwd: Path
    session_file: Path | None
    has_ui: bool
    answers: list[bool] = field(default_factory=list)  # what the user says to confirm()
    asked: list[tuple[str, str]] = field(default_factory=list)

    async def confirm(self, title: str, message: str) -> bool:
        self.asked.append((title, message))
        return self.answers.pop(0)


Handler = Callable[[Any, HookContext], Awaitable[Any]]


class HookAPI:
    """What a hook file's register(hooks) is given: one subscription method per event."""

    def __init__(self) -> None:
        self.handlers: dict[str, list[Handler]] = {}

    def _on(self, event: str, handler: Handler) -> None:
        self.handlers.setdefault(event, []).append(handler)

    def on_tool_call(self, handler: Handler) -> None:
        self._on("tool_call", handler)

    def on_tool_result(self, handler: Handler) -> None:
        self._on("tool_result", handler)

    def on_session(self, handler: Handler) -> None:
        self._on("session", handler)

    def on_turn_start(self, handler: Handler) -> None:
        self._on("turn_start", handler)

    def on_turn_end(self, handler: Handler) -> None:
        self._on("turn_end", handler)


async def emit_tool_call(api: HookAPI, event: ToolCallEvent, ctx: HookContext) -> Any:
    """HookRunner.emit_tool_call, as the seed writes it."""
    for handler in api.handlers.get("tool_call", []):
        result = await handler(event, ctx)
        if result and result.block:
            return result
    return None


# The seed's own permission gate, the oracle the hookc policy is held to.
DANGEROUS = [r"\brm\s+(-rf?|--recursive)", r"\bsudo\b"]


async def check_dangerous(event: ToolCallEvent, ctx: HookContext) -> BlockToolResult | None:
    if event.tool_name != "bash":
        return None
    command = event.input.get("command", "")
    if any(re.search(p, command, re.I) for p in DANGEROUS):
        if not ctx.has_ui:
            return BlockToolResult(reason="Dangerous command blocked")
        if not await ctx.confirm("⚠️ Dangerous command", command):
            return BlockToolResult(reason="Blocked by user")
    return None


# -- the hookc policy as a hook file ------------------------------------------------------


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> types.ModuleType:
    out = tmp_path_factory.mktemp("rollouts")
    result = compile_files([GATE], out)
    assert result.module_path is not None, result.diagnostics
    name = "permission_gate"
    sys.path.insert(0, str(out))
    try:
        module = __import__(name)
    finally:
        sys.path.remove(str(out))
        sys.modules.pop(name, None)
    return module


@pytest.fixture(scope="module")
def loaded(tmp_path_factory: pytest.TempPathFactory) -> hookc.runtime.Runtime:
    out = tmp_path_factory.mktemp("rollouts-yaml")
    result = compile_files([GATE], out, target="yaml")
    assert result.module_path is not None
    return hookc.runtime.load(result.module_path)


@pytest.fixture(params=["compiled", "runtime"])
def hook_file(request: pytest.FixtureRequest) -> Any:
    return request.getfixturevalue("compiled" if request.param == "compiled" else "loaded")


def gate(hook_file: Any, block_class: type | None = None) -> HookAPI:
    api = HookAPI()
    if block_class is not None:
        api.BlockToolResult = block_class  # type: ignore[attr-defined]
    hook_file.register(api)
    return api


def call(command: str, tool: str = "bash") -> ToolCallEvent:
    return ToolCallEvent(tool_name=tool, tool_call_id="call_1", input={"command": command})


def test_register_subscribes_one_handler_for_the_event_the_policy_listens_to(
    hook_file: Any,
) -> None:
    api = gate(hook_file)
    assert list(api.handlers) == ["tool_call"]
    assert len(api.handlers["tool_call"]) == 1
    assert asyncio.iscoroutinefunction(api.handlers["tool_call"][0])


@pytest.mark.parametrize(
    ("command", "tool", "blocked"),
    [
        ("rm -rf build/", "bash", True),
        ("RM -R /tmp/x", "bash", True),
        ("rm --recursive data", "bash", True),
        ("sudo apt-get install jq", "bash", True),
        ("echo sudo", "bash", True),
        ("rm file.txt", "bash", False),
        ("ls -la", "bash", False),
        ("pseudocode", "bash", False),
        ("rm -rf /", "python", False),
    ],
)
def test_the_permission_gate_blocks_dangerous_bash_commands_without_a_ui(
    hook_file: Any, command: str, tool: str, blocked: bool
) -> None:
    api = gate(hook_file, BlockToolResult)
    ctx = HookContext(cwd=Path("."), session_file=None, has_ui=False)
    result = asyncio.run(emit_tool_call(api, call(command, tool), ctx))
    expected = BlockToolResult("Dangerous command blocked") if blocked else None
    assert result == expected
    assert asyncio.run(check_dangerous(call(command, tool), ctx)) == expected


@pytest.mark.parametrize("answer", [True, False])
def test_with_a_ui_the_gate_asks_the_user_and_blocks_on_no(hook_file: Any, answer: bool) -> None:
    api = gate(hook_file, BlockToolResult)
    ctx = HookContext(cwd=Path("."), session_file=None, has_ui=True, answers=[answer])
    result = asyncio.run(emit_tool_call(api, call("sudo rm -rf /"), ctx))
    assert ctx.asked == [("⚠️ Dangerous command", "sudo rm -rf /")]
    assert result == (None if answer else BlockToolResult("Blocked by user"))


def test_without_a_class_of_the_callers_the_result_is_duck_typed(hook_file: Any) -> None:
    api = gate(hook_file)
    ctx = HookContext(cwd=Path("."), session_file=None, has_ui=False)
    result = asyncio.run(emit_tool_call(api, call("sudo reboot"), ctx))
    assert result.block is True and result.reason == "Dangerous command blocked"


def test_rollouts_own_block_class_is_used_when_rollouts_has_loaded_it(
    hook_file: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = types.ModuleType("rollouts")
    module = types.ModuleType("rollouts.hooks")
    module.BlockToolResult = BlockToolResult  # type: ignore[attr-defined]
    package.hooks = module  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "rollouts", package)
    monkeypatch.setitem(sys.modules, "rollouts.hooks", module)
    api = gate(hook_file)
    ctx = HookContext(cwd=Path("."), session_file=None, has_ui=False)
    result = asyncio.run(emit_tool_call(api, call("rm -rf ~"), ctx))
    assert type(result) is BlockToolResult


commands = st.lists(
    st.sampled_from(["rm", "RM", " ", "-rf", "-r", "--recursive", "sudo", "pseudo", "x", "\t"]),
    max_size=6,
).map("".join)


@settings(SETTINGS, max_examples=examples(150))
@given(commands, st.sampled_from(["bash", "Bash", "python"]), st.booleans())
def test_the_hookc_gate_answers_as_the_seeds_gate_for_any_command(
    compiled: types.ModuleType,
    loaded: hookc.runtime.Runtime,
    command: str,
    tool: str,
    has_ui: bool,
) -> None:
    for hook_file in (compiled, loaded):
        api = gate(hook_file, BlockToolResult)
        ours = HookContext(cwd=Path("."), session_file=None, has_ui=has_ui, answers=[False])
        seeds = HookContext(cwd=Path("."), session_file=None, has_ui=has_ui, answers=[False])
        event = call(command, tool)
        assert asyncio.run(emit_tool_call(api, event, ours)) == asyncio.run(
            check_dangerous(event, seeds)
        )
        assert ours.asked == seeds.asked


def test_event_dataclasses_become_contexts_paths_as_text() -> None:
    event = SessionEvent("branch", Path("/s/a.jsonl"), [TurnStartEvent(1)], 3)
    assert rollouts.event_context(event) == {
        "reason": "branch",
        "session_file": "/s/a.jsonl",
        "entries": [{"turn_index": 1}],
        "target_turn_index": 3,
    }
    result = ToolResultEvent("bash", "c1", {"command": "ls"}, "a b", False, None)
    assert rollouts.event_context(result)["details"] is None


POLICY = """\
profile: rollouts
hooks:
  - id: allow_reads
    event: tool_call
    priority: 10
    when: tool_name == 'read'
    action: {type: allow}
  - id: no_tool_calls_in_replays
    event: tool_call
    when: "true"
    action: {type: block, reason: "no tools while replaying (${tool_name})"}
  - id: note_branches
    event: session
    when: reason == 'branch' && session_file.endsWith('.jsonl')
    action: {type: block, reason: branched}
  - id: first_turn
    event: turn_start
    when: turn_index == 0
    action: {type: block, reason: turn zero}
"""


def test_a_policy_over_several_events_subscribes_one_handler_each_and_first_match_acts(
    tmp_path: Path,
) -> None:
    source = tmp_path / "replay.hooks.yaml"
    source.write_text(POLICY)
    compiled_ = compile_files([source], tmp_path / "out")
    as_yaml = compile_files([source], tmp_path / "yaml", target="yaml")
    assert compiled_.module_path is not None and as_yaml.module_path is not None
    sys.path.insert(0, str(tmp_path / "out"))
    try:
        module = __import__("replay")
    finally:
        sys.path.remove(str(tmp_path / "out"))
        sys.modules.pop("replay", None)
    ctx = HookContext(cwd=Path("."), session_file=None, has_ui=False)
    for hook_file in (module, hookc.runtime.load(as_yaml.module_path)):
        api = gate(hook_file, BlockToolResult)
        assert sorted(api.handlers) == ["session", "tool_call", "turn_start"]
        assert all(len(handlers) == 1 for handlers in api.handlers.values())
        (on_call,) = api.handlers["tool_call"]
        assert asyncio.run(on_call(call("x", tool="read"), ctx)) is None  # allow stops there
        assert asyncio.run(on_call(call("x", tool="write"), ctx)) == BlockToolResult(
            "no tools while replaying (write)"
        )
        (on_session,) = api.handlers["session"]
        branch = SessionEvent("branch", Path("/tmp/s.jsonl"), [], 2)
        assert asyncio.run(on_session(branch, ctx)) == BlockToolResult("branched")
        assert asyncio.run(on_session(SessionEvent("start", None, []), ctx)) is None
        (on_turn,) = api.handlers["turn_start"]
        assert asyncio.run(on_turn(TurnStartEvent(0), ctx)) == BlockToolResult("turn zero")
        assert asyncio.run(on_turn(TurnStartEvent(1), ctx)) is None


def test_a_rollouts_module_imports_only_the_standard_library(tmp_path: Path) -> None:
    from tests.backends.test_differential import standard_library_violations

    result = compile_files([GATE], tmp_path)
    assert result.module_path is not None
    assert standard_library_violations(result.module_path.read_text()) == []


def test_modules_of_other_profiles_have_no_register(compiled: types.ModuleType) -> None:
    from hookc.frontend.load import load_file
    from tests.backends.test_differential import build

    loaded = load_file(ROOT / "examples" / "seed" / "hooks.yaml")
    assert loaded.hookset is not None
    assert not hasattr(build(loaded.hookset), "register")
    assert hasattr(compiled, "register")
