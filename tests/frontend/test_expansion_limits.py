"""What a YAML file may expand to, counted in values, characters and template holes as well
as nodes, before the work is done (issue 25, item 5): ``hookc.runtime.loads`` raises its
``LoadError`` and ``hookc check`` reports a diagnostic, each naming the cause, in a fraction
of a second where they took tens of seconds and gigabytes."""

from __future__ import annotations

import io
import random
import time
from pathlib import Path

import pytest

import hookc.runtime
from hookc.cli import main
from hookc.runtime import LoadError
from hookc.runtime.limits import MAX_ALIASED_CHARS, MAX_ALIASED_NODES, MAX_NODES
from hookc.runtime.loader import MAX_HOLES

HEAD = "hooks:\n- id: a\n  event: e\n  condition: {path: tool, op: eq, value: x}\n"


def _regex_leaves(levels: int) -> str:
    """10**levels regex leaves from under a kilobyte of YAML: each level aliases ten of
    the one below."""
    leaf = "{path: tool, op: regex, value: '(ab|cd)+e$'}"
    lines = ["hooks:\n- id: a\n  event: e\n  condition:\n    any:\n"]
    lines.append(f"    - &l0 {{any: [{', '.join([leaf] * 10)}]}}\n")
    for level in range(1, levels):
        lines.append(f"    - &l{level} {{any: [{', '.join([f'*l{level - 1}'] * 10)}]}}\n")
    lines.append("  action: {type: log}\n")
    return "".join(lines)


def _aliased_strings(count: int, size: int, uses: int) -> str:
    anchors = "".join(f"    s{i}: &s{i} '{'x' * size}'\n" for i in range(count))
    aliases = ", ".join(f"*s{i % count}" for i in range(count * uses))
    return HEAD + "  action:\n    type: log\n" + anchors + f"    copies: [{aliases}]\n"


def _check(tmp_path: Path, text: str) -> str:
    path = tmp_path / "hooks.yaml"
    path.write_text(text)
    out = io.StringIO()
    main(["check", str(path)], stdout=out, stderr=io.StringIO())
    return out.getvalue()


def test_a_kilobyte_that_aliases_make_100_000_regex_leaves_is_refused_at_once(
    tmp_path: Path,
) -> None:
    """It passed ``check``, then took 13-26 s to load and 14 s each evaluation."""
    text = _regex_leaves(5)
    assert len(text) < 1000
    started = time.perf_counter()
    with pytest.raises(LoadError, match=f"add at most {MAX_ALIASED_NODES:,} to what the file"):
        hookc.runtime.loads(text, "hooks.yaml")
    assert time.perf_counter() - started < 5
    assert "error[HK207]: through aliases, this value is" in _check(tmp_path, text)


def test_aliases_of_long_strings_are_counted_in_characters(tmp_path: Path) -> None:
    """200 strings of 40 KB aliased 4,000 times made ``loads`` raise MemoryError and the
    CLI print "internal error"; these 8 MB of aliased text are over the 4 MiB aliases may
    add, in a 400 KB file of 200 values."""
    text = _aliased_strings(10, 40_000, 20)
    with pytest.raises(LoadError, match="characters of text: aliases may add at most"):
        hookc.runtime.loads(text, "hooks.yaml")
    found = _check(tmp_path, text)
    assert "error[HK207]" in found and f"{MAX_ALIASED_CHARS:,}" in found


def test_aliases_within_the_budget_still_load() -> None:
    # A retry block and a 2 KB prompt, written in the first hook, aliased in a thousand.
    first = "{type: log, retry: &retry {times: 3, wait: 10}, prompt: &prompt '" + "p" * 2000
    hooks = [f"- id: h0\n  event: e\n  action: {first}'}}\n"]
    hooks += [
        f"- id: h{i}\n  event: e\n  action: {{type: log, retry: *retry, prompt: *prompt}}\n"
        for i in range(1, 1000)
    ]
    runtime = hookc.runtime.loads("hooks:\n" + "".join(hooks))
    assert len(runtime.HOOKS) == 1000
    assert runtime.evaluate_all("e", {})[-1][1]["retry"] == {"times": 3, "wait": 10}


@pytest.mark.slow
def test_a_flat_list_of_too_many_values_is_refused_while_read_and_not_blamed_on_aliases(
    tmp_path: Path,
) -> None:
    """An 8 MB flat list took 58-98 s and 1.9 GB before a LoadError that blamed aliases:
    the values are now counted from the parser's events, none made."""
    text = HEAD + "  action:\n    type: log\n    items: [" + ",".join(["1"] * (MAX_NODES + 10))
    text += "]\n"
    started = time.perf_counter()
    with pytest.raises(LoadError, match=f"holds more than {MAX_NODES:,} values") as raised:
        hookc.runtime.loads(text, "hooks.yaml")
    assert "alias" not in str(raised.value)
    found = _check(tmp_path, text)
    assert f"error[HK220]: the YAML holds more than {MAX_NODES:,} values" in found
    assert time.perf_counter() - started < 30  # both; the load alone took a minute


def test_template_holes_are_counted() -> None:
    """9 MB of `${x}` took 25-36 s and 1.5-4 GB to load: each hole is a closure."""
    text = HEAD + "  action:\n    type: log\n    message: '" + "${x}" * (MAX_HOLES + 1) + "'\n"
    with pytest.raises(LoadError, match=f"templates hold more than {MAX_HOLES:,} holes"):
        hookc.runtime.loads(text, "hooks.yaml")
    within = HEAD + "  action:\n    type: log\n    message: '" + "${x}" * 1000 + "'\n"
    assert hookc.runtime.loads(within).evaluate_all("e", {"tool": "x", "x": 1}) == [
        ("a", {"type": "log", "message": "1" * 1000})
    ]


def test_one_pattern_repeated_by_aliases_searches_a_long_field_once() -> None:
    """Found by the fuzz target (a case over its 5 s budget): 155 aliased leaves of
    ``[ab]*a[ab]{200}c`` on a 200,000-character field took 71 s an evaluation, each leaf
    searching the whole text again. A pattern now remembers its last text and answer."""
    leaf = "{path: tool, op: regex, value: '[ab]*a[ab]{200}c'}"
    text = (
        "hooks:\n- id: a\n  event: error\n  condition:\n    any:\n"
        f"    - &l0 {{any: [{', '.join([leaf] * 5)}]}}\n"
        "    - &l1 {any: [*l0, *l0, *l0, *l0, *l0]}\n"
        "    - &l2 {any: [*l1, *l1, *l1, *l1, *l1]}\n"
        "  action: {type: log}\n"
    )
    runtime = hookc.runtime.loads(text)
    chosen = random.Random(5)
    tool = "".join(chosen.choice("ab") for _ in range(200_000)) + "c"  # a `c`, no match
    started = time.perf_counter()
    assert runtime.evaluate_hooks("error", {"tool": tool}) is None
    assert time.perf_counter() - started < 5  # one search: about 0.2 s
