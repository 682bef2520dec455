"""The claude-code profile held to the types Anthropic publishes for Claude Code: the
``sdk.d.ts`` of npm ``@anthropic-ai/claude-agent-sdk`` lists every hook event
(``HOOK_EVENTS``), each event's input (``<Event>HookInput``) and, in the settings type,
every handler type and field. Its licence keeps it out of this repository:
``tests/oracles/install`` unpacks it into ``tests/oracles/claude-agent-sdk/`` (the README's
test command runs it), or ``HOOKC_CLAUDE_AGENT_SDK`` names an unpacked copy. Without it the
tests fail, saying how to get it: a profile not held to the SDK is a gap, not a pass.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from hookc.hosts.claude_code.reader import SETTINGS_KEYS
from hookc.hosts.profile import load_profile
from tests import ROOT

UNPACKED = ROOT / "tests" / "oracles" / "claude-agent-sdk" / "package"


def _sdk() -> str:
    folder = Path(os.environ.get("HOOKC_CLAUDE_AGENT_SDK") or UNPACKED)
    path = folder / "sdk.d.ts"
    if not path.is_file():
        pytest.fail(f"no sdk.d.ts in {folder}: run tests/oracles/install (npm) first")
    return path.read_text("utf-8")


@pytest.fixture(scope="module")
def sdk() -> str:
    return _sdk()


def hook_events(sdk: str) -> list[str]:
    found = re.search(r"HOOK_EVENTS: readonly \[([^\]]*)\]", sdk)
    assert found, "sdk.d.ts has no HOOK_EVENTS"
    return re.findall(r"'(\w+)'", found.group(1))


def top_level_fields(block: str, indent: int) -> dict[str, bool]:
    """The fields declared at one indentation of a type's body: name -> required."""
    pattern = rf"^ {{{indent}}}(\w+)(\??):"
    return {m.group(1): not m.group(2) for m in re.finditer(pattern, block, re.MULTILINE)}


def event_input(sdk: str, event: str) -> dict[str, bool]:
    start = sdk.index(f"export declare type {event}HookInput = ")
    end = sdk.index("\n};", start)
    return top_level_fields(sdk[start:end], 4)


def handler_types(sdk: str) -> dict[str, dict[str, bool]]:
    """Each handler type of the settings type's `hooks`, with its fields."""
    start = sdk.index("    hooks?: {\n        [k: string]: {")
    end = sdk.index("            })[];", start)
    block = sdk[start:end]
    types: dict[str, dict[str, bool]] = {}
    for member in re.split(r"^ {12}\} \| \{$", block, flags=re.MULTILINE):
        name = re.search(r"^ {16}type: '(\w+)';", member, re.MULTILINE)
        assert name, member[:200]
        fields = top_level_fields(member, 16)
        del fields["type"]
        types[name.group(1)] = fields
    return types


def test_the_profile_has_every_event_in_the_sdks_order(sdk: str) -> None:
    assert list(load_profile("claude-code").events) == hook_events(sdk)


def test_every_input_field_is_in_the_event_context(sdk: str) -> None:
    profile = load_profile("claude-code")
    base = top_level_fields(
        sdk[sdk.index("export declare type BaseHookInput = ") :].split("\n};", 1)[0], 4
    )
    common = profile.details["common_context"]
    assert set(base) <= set(common)
    missing = {}
    for event in hook_events(sdk):
        context = set(profile.event_details(event).get("context") or {}) | set(common)
        absent = set(event_input(sdk, event)) - context - {"hook_event_name"}
        if absent:
            missing[event] = sorted(absent)
    assert missing == {}


def test_every_handler_type_and_field_is_in_the_profile(sdk: str) -> None:
    profile = load_profile("claude-code")
    types = handler_types(sdk)
    assert sorted(types) == sorted(profile.action_types)
    for name, fields in types.items():
        action = profile.action_types[name]
        assert set(fields) <= {spec.name for spec in action.params}, name
        required = {spec.name for spec in action.params if spec.required}
        assert required == {field for field, needed in fields.items() if needed}, name


def test_every_settings_key_that_governs_hooks_is_known(sdk: str) -> None:
    found = re.search(r"keys that govern hooks \(([^)]*)\)", sdk.replace("\n     * ", " "))
    assert found, "sdk.d.ts no longer lists the keys that govern hooks"
    keys = set(re.findall(r"`(\w+)`", found.group(1))) - {"hooks"}
    assert keys == set(SETTINGS_KEYS)
    for key in keys:
        assert re.search(rf"^    {key}\?: ", sdk, re.MULTILINE), key
