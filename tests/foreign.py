"""What the tests of the Claude Code and docker-agent importers share: a hook set run by
every back end, and the tools' own regular expressions run by the tools' own engines
where the machine has them."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hypothesis import strategies as st

from hookc.backend.canonical import canonical_yaml
from hookc.backend.python import generate
from hookc.cel.evaluator import evaluate
from hookc.ir.hooks import HookSet
from hookc.runtime import loads
from tests.properties import load

Run = Callable[[str, Mapping[str, Any]], list[tuple[str, Any]]]


def back_ends(hookset: HookSet) -> dict[str, Run]:
    """``evaluate_all`` of the reference evaluator, ``hookc.runtime`` on the canonical YAML,
    and the compiled module: each ``(event, context) -> [(hook id, action), ...]``."""
    runtime = loads(canonical_yaml(hookset))
    module = load(generate(hookset, source_sha256="0" * 64, sources=("settings.json",)))

    def reference(event: str, context: Mapping[str, Any]) -> list[tuple[str, Any]]:
        fired = []
        for hook in hookset.for_event(event):
            if hook.condition is None or evaluate(hook.condition, context) is True:
                fired.append((hook.id, None))
        return fired

    return {
        "reference": reference,
        "runtime": runtime.evaluate_all,
        "module": module.evaluate_all,
    }


def fired_ids(run: Run, event: str, context: Mapping[str, Any]) -> list[str]:
    return [hook_id for hook_id, _ in run(event, context)]


NODE = shutil.which("node")

# Claude Code tests a matcher with `new RegExp(matcher).test(name)`; null for a pattern
# JavaScript refuses.
_NODE_PROGRAM = """
const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const out = input.patterns.map((p) => {
  let re;
  try { re = new RegExp(p); } catch (e) { return null; }
  return input.names.map((n) => re.test(n));
});
process.stdout.write(JSON.stringify(out));
"""


Oracle = Callable[[dict[str, Any], str, "str | None"], list[str]]


def oracle_disagreements(
    hooks: dict[str, Any], event: str, oracle: Oracle, *, name: str, tools: Sequence[str],
    tool_events: Sequence[str],
) -> list[tuple[str, str, list[str], list[str]]]:  # fmt: skip
    """Every (back end, tool, hookc's selection, the oracle's) that differ, for a file
    ``name`` of the host holding ``hooks``: hookc's ids without the file's part, the
    oracle's ``Event.group.handler``. The file must read without an error, and every
    matcher must be one hookc decides (no HK712)."""
    from hookc.frontend.load import load_source
    from hookc.source import Source
    from hookc.source.diagnostics import Severity

    loaded = load_source(Source(name, json.dumps({"hooks": hooks})))
    assert not [d for d in loaded.diagnostics if d.severity is Severity.ERROR]
    assert not [d for d in loaded.diagnostics if d.code == "HK712"]
    assert loaded.hookset is not None
    prefix = name.rsplit(".", 1)[0] + "."
    found = []
    for back_end, run in back_ends(loaded.hookset).items():
        for tool in tools:
            on_tool = event in tool_events
            context = {"tool_name": tool} if on_tool else {}
            ours = [i.removeprefix(prefix) for i in fired_ids(run, event, context)]
            theirs = oracle(hooks, event, tool if on_tool else None)
            if ours != theirs:
                found.append((back_end, tool, ours, theirs))
    return found


@st.composite
def nested_cases(
    draw: st.DrawFn, matchers: st.SearchStrategy[str], *, tool_events: Sequence[str],
    tools: list[str], odd_tools: list[str], value_events: Mapping[str, str],
    ignoring_events: Sequence[str], values: list[str], shapes: Sequence[str],
    commands: Sequence[str], other_events: Sequence[str] = (),
) -> dict[str, Any]:  # fmt: skip
    """A hooks object in Claude Code's nested shape for one event, and the subjects to
    select for: tools (tool events), the values an event matches on (``value_events``:
    event -> field), or none (events that ignore matchers). Each group's matcher is drawn
    from ``shapes`` ("given": from ``matchers``; "absent"; "null"); ``other_events`` get
    a group of their own, never selected for the event drawn."""
    kind = draw(st.sampled_from(["tool", "tool", "tool", "value", "ignoring"]))
    if kind == "tool":
        event = draw(st.sampled_from(tool_events))
        subjects: list[str | None] = list(
            dict.fromkeys(draw(st.lists(st.sampled_from(tools + odd_tools), max_size=5)) + tools)
        )
    elif kind == "value":
        event = draw(st.sampled_from(sorted(value_events)))
        subjects = list(values)
    else:
        event = draw(st.sampled_from(ignoring_events))
        subjects = [None]
    groups = []
    for _ in range(draw(st.integers(1, 4))):
        group: dict[str, Any] = {}
        shape = draw(st.sampled_from(shapes))
        if shape == "given":
            group["matcher"] = draw(matchers)
        elif shape == "null":
            group["matcher"] = None
        group["hooks"] = [
            {"type": "command", "command": draw(st.sampled_from(commands))}
            for _ in range(draw(st.integers(1, 2)))
        ]
        groups.append(group)
    hooks: dict[str, Any] = {event: groups}
    if other_events and draw(st.booleans()):
        other = draw(st.sampled_from(other_events))
        if other != event:
            hooks[other] = [{"hooks": [{"type": "command", "command": "echo other"}]}]
    return {"hooks": hooks, "event": event, "subjects": subjects}


def javascript_tests(patterns: Sequence[str], names: Sequence[str]) -> list[list[bool] | None]:
    """For each pattern, whether JavaScript's RegExp matches each name (None: invalid)."""
    assert NODE is not None
    completed = subprocess.run(
        [NODE, "-e", _NODE_PROGRAM],
        input=json.dumps({"patterns": list(patterns), "names": list(names)}),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    result: list[list[bool] | None] = json.loads(completed.stdout)
    return result


def prints_its_golden(golden: str, argv: Sequence[str]) -> None:
    """What ``hookc ARGV`` prints (stdout, then stderr), run from the repository's root at a
    fixed width, equals the golden file (``HOOKC_UPDATE_GOLDEN=1`` rewrites it). The caller
    has moved to the root and fixed ``COLUMNS``."""
    import io

    from hookc.cli import main
    from tests import ROOT
    from tests.cli.test_examples import compare_or_update

    out, err = io.StringIO(), io.StringIO()
    main(list(argv), stdout=out, stderr=err)
    compare_or_update(ROOT / golden, out.getvalue() + err.getvalue())
