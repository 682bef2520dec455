"""Seed 001's `.system/hooks` registry: the seed's hook files check clean, compile to a
module and to the registration JSON the seed shows, byte for byte; a folder is one hook
set; `match` filters mean what the registry says, held to a restatement over generated
events in the reference evaluator, the compiled module and ``hookc.runtime``."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hookc.runtime
from hookc.backend.canonical import canonical_yaml
from hookc.backend.driver import compile_files
from hookc.cli import main
from hookc.frontend.load import load_file, load_source
from hookc.hosts import detect
from hookc.hosts.profile import load_profile
from hookc.ir.hooks import HookSet
from hookc.source import Source
from tests import ROOT
from tests.backends.test_differential import build, fires
from tests.properties import SETTINGS, examples

EXAMPLE = ROOT / "examples" / "registry"
REGISTRY = EXAMPLE / ".system" / "hooks"

# Seed 001 §3.2's second definition of the tracker: the same id, no `match`.
TRACKER_3_2 = """\
# .system/hooks/post_tool_use_tracker.yaml
id: post_tool_use_tracker
event_type: PostAbilityCall
enabled: true

summary: >
  After each ability call, append a concise record to a log file and
  update a lightweight usage cache for later analysis.

handler:
  kind: script
  command: ./scripts/hooks/post_tool_use_tracker.sh

effects:
  - append_to: .system/logs/tool_call.md
  - update_usage_cache: .system/cache/ability_usage.json
"""

# The seed's example contexts (§2.3, §3.1-3.3).
POST_ABILITY_CALL = {
    "event_type": "PostAbilityCall",
    "session_id": "sess-123",
    "ability_id": "billing_regression",
    "operation_key": "workflow.billing.regression",
    "status": "success",
    "duration_ms": 187000,
    "input_summary": "Run regression tests against non-prod billing",
    "output_summary": "All 42 test cases passed",
    "tool_call_path": ".system/implement/task-123/tool_call.md",
    "timestamp": "2025-01-15T10:23:45Z",
}
USER_PROMPT_SUBMIT = {
    "event_type": "UserPromptSubmit",
    "session_id": "sess-789",
    "user_message": "I need to run the full billing regression tests",
    "files_touched": [],
    "stage": "understand",
    "timestamp": "2025-01-15T09:00:00Z",
}
SESSION_STOP = {
    "event_type": "SessionStop",
    "session_id": "sess-456",
    "changed_files": ["services/billing/src/invoice.ts", "services/billing/src/line_item.ts"],
    "timestamp": "2025-01-15T11:30:00Z",
}


def run(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdout=out, stderr=err)
    return status, out.getvalue() + err.getvalue()


def project(tmp_path: Path, enable_all: bool = False) -> Path:
    """A copy of the example project; with ``enable_all``, the opt-in hook enabled."""
    copy = tmp_path / "project"
    shutil.copytree(EXAMPLE, copy)
    if enable_all:
        stop = copy / ".system" / "hooks" / "session_stop_build_check.yaml"
        stop.write_text(stop.read_text().replace("enabled: false", "enabled: true"))
    return copy


# -- the seed's hooks ------------------------------------------------------------------------


def test_the_seeds_registry_checks_clean_as_a_folder_and_file_by_file() -> None:
    assert run("check", str(REGISTRY)) == (0, "")
    for path in sorted(REGISTRY.iterdir()):
        assert run("check", str(path)) == (0, "")


def test_the_seeds_second_tracker_definition_checks_clean_too(tmp_path: Path) -> None:
    folder = project(tmp_path) / ".system" / "hooks"
    (folder / "post_tool_use_tracker.yaml").write_text(TRACKER_3_2)
    assert run("check", str(folder)) == (0, "")
    hooks = load_file(folder / "post_tool_use_tracker.yaml").hookset
    assert hooks is not None and hooks.hooks[0].condition is None


def test_registry_files_are_detected_by_folder_and_by_content() -> None:
    text = (REGISTRY / "skill_activation_prompt.yaml").read_text()
    for name in (".system/hooks/skill_activation_prompt.yaml", "elsewhere/skill.yaml"):
        found = detect(name, text)
        assert found is not None and found.name == "registry"
    native = "hooks:\n  - {event: limit, action: {type: abort}}\n"
    found = detect(".system/hooks/native.yaml", native)
    assert found is not None and found.name == "native"


def test_registration_json_is_what_the_seed_shows_byte_for_byte(tmp_path: Path) -> None:
    folder = project(tmp_path, enable_all=True)
    status, _ = run("compile", str(folder / ".system" / "hooks"), "-o", str(tmp_path / "out"),
                    "--target", "registration")  # fmt: skip
    assert status == 0
    written = (tmp_path / "out" / "hooks.json").read_bytes()
    assert written == (EXAMPLE / "seed-registration.json").read_bytes()


@pytest.mark.parametrize("enable_all", [False, True])
def test_registration_json_is_what_register_hooks_py_prints(
    tmp_path: Path, enable_all: bool
) -> None:
    folder = project(tmp_path, enable_all)
    script = folder / "scripts" / "hooks" / "register_hooks.py"
    printed = subprocess.run(
        [sys.executable, str(script)], cwd=folder, capture_output=True, check=True
    ).stdout
    result = compile_files([folder / ".system" / "hooks"], tmp_path / "out", target="registration")
    assert result.module_path is not None
    assert result.module_path.read_bytes() == printed
    groups = json.loads(printed)
    assert ("SessionStop" in groups) is enable_all  # a disabled hook is not registered


def test_registration_is_refused_for_hooks_of_another_profile(tmp_path: Path) -> None:
    status, out = run("compile", str(ROOT / "examples" / "a3s" / "hooks.yaml"),
                      "-o", str(tmp_path), "--target", "registration")  # fmt: skip
    assert status == 2
    assert "these hooks are read with the profile `a3s`" in out


def test_the_registry_compiles_to_a_module_that_runs_its_hooks(tmp_path: Path) -> None:
    loaded = {path.name: load_file(path) for path in REGISTRY.iterdir()}
    hookset = HookSet(
        tuple(h for found in loaded.values() if found.hookset for h in found.hookset.hooks),
        ordering=load_profile("registry").ordering,
        profile="registry",
    )
    for backend in (build(hookset), hookc.runtime.loads(canonical_yaml(hookset))):
        (tracked,) = backend.evaluate_all("PostAbilityCall", POST_ABILITY_CALL)
        assert tracked == (
            "post_tool_use_tracker",
            {
                "type": "script",
                "command": "./scripts/hooks/post_tool_use_tracker.sh",
                "blocking": False,
                "effects": [
                    {"append_to": ".system/logs/tool_call.md"},
                    {"update_usage_cache": ".system/cache/ability_usage.json"},
                ],
            },
        )
        assert [i for i, _ in backend.evaluate_all("UserPromptSubmit", USER_PROMPT_SUBMIT)] == [
            "skill_activation_prompt"
        ]
        assert backend.evaluate_all("SessionStop", SESSION_STOP) == []  # opt-in, disabled
    status, _ = run("compile", str(REGISTRY), "-o", str(tmp_path))
    assert status == 0 and (tmp_path / "hooks.py").exists()


# -- a folder is one hook set -------------------------------------------------------------------


def test_duplicate_ids_across_files_are_an_error_naming_both_places(tmp_path: Path) -> None:
    folder = project(tmp_path) / ".system" / "hooks"
    (folder / "tracker_copy.yaml").write_text(TRACKER_3_2)
    status, out = run("check", str(folder))
    assert status == 1
    first = folder / "post_tool_use_tracker.yaml"
    assert (
        f"{folder / 'tracker_copy.yaml'}:2:5: error[HK401]: duplicate hook id "
        f"`post_tool_use_tracker` (first used in {first} on line 2)"
    ) in out


def test_eval_reads_a_folder_as_one_hook_set(tmp_path: Path) -> None:
    folder = project(tmp_path) / ".system" / "hooks"
    context = tmp_path / "prompt.json"
    context.write_text(json.dumps(USER_PROMPT_SUBMIT))
    status, out = run("eval", str(folder), "--event", "UserPromptSubmit", "--context", str(context))
    assert status == 0
    assert [found["id"] for found in json.loads(out)] == ["skill_activation_prompt"]
    (folder / "tracker_copy.yaml").write_text(TRACKER_3_2)
    status, out = run("eval", str(folder), "--event", "UserPromptSubmit", "--context", str(context))
    assert status == 1 and "error[HK401]: duplicate hook id `post_tool_use_tracker`" in out


def test_hookc_run_runs_the_registry_folder_by_the_registry_protocol(tmp_path: Path) -> None:
    folder = project(tmp_path)
    context = tmp_path / "call.json"
    context.write_text(json.dumps(POST_ABILITY_CALL))
    status, out = run(
        "run",
        str(folder / ".system" / "hooks"),
        "--event",
        "PostAbilityCall",
        "--context",
        str(context),
        "--cwd",
        str(folder),
        "--format",
        "json",
    )
    assert status == 0, out
    report = json.loads(out)
    assert report["protocol"] == "registry" and report["verdict"] == "proceed"
    (ran,) = report["runs"]
    assert (ran["hook_id"], ran["exit_code"], ran["output"]) == ("post_tool_use_tracker", 0, {})


# -- match filters ------------------------------------------------------------------------------


def hook_text(match: str, event: str = "PostAbilityCall", hook_id: str = "h") -> str:
    return (
        f"id: {hook_id}\nevent_type: {event}\nmatch:\n{match}\n"
        "handler: {kind: script, command: echo}\n"
    )


def glob_oracle(pattern: str, text: str) -> bool:
    """hookc's glob, restated: `**/` any whole folders or none, `**` anything, `*` anything
    but `/`, every other character itself; the whole text must match."""
    tokens: list[str] = []
    i = 0
    while i < len(pattern):
        token = next(
            (t for t in ("**/", "**", "*") if pattern.startswith(t, i) and
             (t != "**/" or i == 0 or pattern[i - 1] == "/")),
            pattern[i],
        )  # fmt: skip
        tokens.append(token)
        i += len(token)

    @cache
    def match(t: int, at: int) -> bool:
        if t == len(tokens):
            return at == len(text)
        token = tokens[t]
        if token == "**/":
            return match(t + 1, at) or any(
                text[end] == "/" and match(t + 1, end + 1) for end in range(at, len(text))
            )
        if token == "**":
            return any(match(t + 1, end) for end in range(at, len(text) + 1))
        if token == "*":
            end = at
            while True:
                if match(t + 1, end):
                    return True
                if end == len(text) or text[end] == "/":
                    return False
                end += 1
        return text.startswith(token, at) and match(t + 1, at + 1)

    return match(0, 0)


def filters_oracle(filters: dict[str, Any], context: dict[str, Any]) -> bool:
    """The registry's rule: every filter holds; a field the event lacks fails its filter,
    except a missing (or null) duration, which counts as 0 ms."""
    for key, value in filters.items():
        globs = value if isinstance(value, list) else [value]
        if key == "ability_scope":
            ability = context.get("ability_id")
            if not isinstance(ability, str) or not any(glob_oracle(g, ability) for g in globs):
                return False
        elif key == "min_duration_ms":
            duration = context.get("duration_ms")
            duration = 0 if duration is None else duration
            if isinstance(duration, bool) or not isinstance(duration, int | float):
                return False
            if not duration >= value:
                return False
        else:
            changed = context.get("changed_files")
            if not isinstance(changed, list) or not any(
                isinstance(path, str) and any(glob_oracle(g, path) for g in globs)
                for path in changed
            ):
                return False
    return True


pieces = st.sampled_from(["a", "b", "_", "/", ".", "*", "**", "**/"])
globs = st.lists(pieces, max_size=5).map("".join)
texts = st.lists(st.sampled_from(["a", "b", "_", "/", ".", "ab/"]), max_size=6).map("".join)


@st.composite
def filter_sets(draw: st.DrawFn) -> dict[str, Any]:
    filters: dict[str, Any] = {}
    if draw(st.booleans()):
        filters["ability_scope"] = draw(st.one_of(globs, st.lists(globs, min_size=1, max_size=3)))
    if draw(st.booleans()):
        filters["min_duration_ms"] = draw(st.sampled_from([0, 1, 500, -5, 2.5]))
    if draw(st.booleans()):
        filters["only_if_changed_paths"] = draw(st.lists(globs, min_size=1, max_size=3))
    return filters


@st.composite
def contexts(draw: st.DrawFn) -> dict[str, Any]:
    context: dict[str, Any] = {}
    if draw(st.integers(0, 4)):
        context["ability_id"] = draw(st.one_of(texts, st.just(7)))
    if draw(st.integers(0, 3)):
        context["duration_ms"] = draw(st.sampled_from([None, 0, 1, 499, 500, 3.5, "9", True]))
    if draw(st.integers(0, 3)):
        context["changed_files"] = draw(st.lists(st.one_of(texts, st.just(1)), max_size=3))
    return context


@settings(SETTINGS, max_examples=examples(50))
@given(
    st.lists(filter_sets(), min_size=1, max_size=4), st.lists(contexts(), min_size=4, max_size=12)
)
def test_match_filters_mean_what_the_registry_says(
    filter_sets_: list[dict[str, Any]], contexts_: list[dict[str, Any]]
) -> None:
    import yaml

    hooks = []
    for number, filters in enumerate(filter_sets_):
        match = yaml.safe_dump({"match": filters} if filters else {}, default_flow_style=True)
        text = f"id: h{number}\nevent_type: PostAbilityCall\n"
        text += f"{match.strip()[1:-1]}\n" if filters else ""
        text += "handler: {kind: script, command: echo}\n"
        loaded = load_source(Source(f"h{number}.yaml", text))
        assert loaded.hookset is not None, [d.render() for d in loaded.diagnostics]
        hooks.extend(loaded.hookset.hooks)
    hookset = HookSet(tuple(hooks), load_profile("registry").ordering, "registry")
    module = build(hookset)
    runtime = hookc.runtime.loads(canonical_yaml(hookset))
    for hook, filters in zip(hookset.hooks, filter_sets_, strict=True):
        for context in contexts_:
            expected = filters_oracle(filters, context)
            assert fires(hook, context) is expected, (filters, context)
            assert (module.predicates[hook.id](context) is True) is expected
            assert (runtime.predicates[hook.id](context) is True) is expected


@pytest.mark.parametrize(
    ("match", "context", "runs"),
    [
        ("  min_duration_ms: 0", {}, True),  # no duration counts as 0 ms
        ("  min_duration_ms: 0", {"duration_ms": None}, True),
        ("  min_duration_ms: 1", {}, False),
        ("  min_duration_ms: 1000", {"duration_ms": 187000}, True),
        ("  min_duration_ms: 1000", {"duration_ms": 999}, False),
        ("  ability_scope: [billing_*, 'code_*']", {"ability_id": "code_review_agent"}, True),
        ("  ability_scope: 'billing_*'", {"ability_id": "code_review_agent"}, False),
        ("  ability_scope: '*'", {}, False),  # no ability: not in any scope
        ("  only_if_changed_paths: ['services/**']", SESSION_STOP, True),
        ("  only_if_changed_paths: ['apps/**']", SESSION_STOP, False),
        ("  only_if_changed_paths: ['services/*']", SESSION_STOP, False),  # * stays in a folder
        ("  only_if_changed_paths: ['services/**']", {"changed_files": []}, False),
        ("  only_if_changed_paths: ['services/**']", {}, False),
    ],
)
def test_match_filters_by_example(match: str, context: dict[str, Any], runs: bool) -> None:
    loaded = load_source(Source("h.yaml", hook_text(match)))
    assert loaded.hookset is not None
    (hook,) = loaded.hookset.hooks
    module = build(loaded.hookset)
    runtime = hookc.runtime.loads(canonical_yaml(loaded.hookset))
    assert fires(hook, context) is runs
    assert (module.predicates["h"](context) is True) is runs
    assert (runtime.predicates["h"](context) is True) is runs


# -- checks ---------------------------------------------------------------------------------


def codes(text: str, name: str = ".system/hooks/h.yaml") -> list[str]:
    return [d.code for d in load_source(Source(name, text)).diagnostics]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (hook_text("  abillity_scope: '*'"), ["HK721"]),
        (hook_text("  ability_scope: 'billing_[z-a]'"), ["HK112"]),
        (hook_text("  min_duration_ms: soon"), ["HK205"]),
        (hook_text("  ability_scope: '*'", event="UserPromptSubmit"), ["HK722"]),
        (hook_text("  ability_scope: '*'", event="PostAbilityCal"), ["HK402"]),
        ("event_type: SessionStop\nhandler: {kind: script, command: echo}\n", ["HK205"]),
        ("id: x\nevent_type: SessionStop\nhandler: {kind: lambda, command: f}\n", ["HK301"]),
        ("id: x\nevent_type: SessionStop\nhandler: {kind: script, command: f, env: {}}\n",
         ["HK302"]),
        ("id: x\nevent_type: SessionStop\nhandler: {kind: script, command: ./nope.sh}\n",
         ["HK707"]),
        ("id: x\nevent_type: SessionStop\nhandler: {kind: script, command: echo}\nmatches: {}\n",
         ["HK205"]),
    ],
)  # fmt: skip
def test_checks_with_codes(text: str, expected: list[str]) -> None:
    assert codes(text) == expected


def test_the_did_you_mean_of_an_unknown_filter() -> None:
    (found,) = load_source(Source("h.yaml", hook_text("  min_duration: 5"))).diagnostics
    assert found.hint == "did you mean `min_duration_ms`?"


def test_a_registry_file_given_the_default_profile_is_told_what_it_is() -> None:
    text = (REGISTRY / "skill_activation_prompt.yaml").read_text()
    loaded = load_source(Source("skill.yaml", text), load_profile("default"))
    (found,) = loaded.diagnostics
    assert found.code == "HK403" and "registry hook" in found.message
    assert found.hint == "read it with --profile registry, or without --profile"


def test_an_a3s_list_in_the_registry_folder_is_read_as_what_it_is() -> None:
    text = "- id: b\n  event_type: pre_tool_use\n"
    found = detect(".system/hooks/a3s.yaml", text)
    assert found is not None and found.name == "a3s"
    assert detect(".system/hooks/notes.yaml", "title: not hooks\n") is not None
    assert detect(".system/hooks/notes.yaml", "title: not hooks\n").name == "native"
    registry_ish = "id: x\nevent_type: SessionStop\n"  # one key is enough in the folder
    assert detect(".system/hooks/x.yaml", registry_ish).name == "registry"
    assert detect("elsewhere/x.yaml", registry_ish).name == "native"


def test_a_script_run_directly_must_be_executable_and_builtins_are_not_files(
    tmp_path: Path,
) -> None:
    script = tmp_path / "check.sh"
    script.write_text("#!/bin/sh\n")
    registry = tmp_path / ".system" / "hooks"
    registry.mkdir(parents=True)
    hook = registry / "h.yaml"
    hook.write_text(
        "id: h\nevent_type: SessionStop\nhandler: {kind: script, command: ./check.sh}\n"
    )
    (found,) = load_file(hook).diagnostics
    assert (found.code, found.message) == ("HK707", "the script `./check.sh` is not executable")
    hook.write_text(
        "id: h\nevent_type: SessionStop\nhandler: {kind: script, command: sh ./check.sh}\n"
    )
    assert load_file(hook).diagnostics == ()
    hook.write_text(
        "id: h\nevent_type: PromptSubmit\nhandler: {kind: builtin, command: ./nowhere}\n"
    )
    loaded = load_file(hook)
    assert loaded.diagnostics == () and loaded.hookset is not None
    assert loaded.hookset.hooks[0].action.type == "builtin"
