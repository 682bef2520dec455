"""A short run of the fuzz target in every test run (``python -m tests.fuzz`` runs it long)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings

from hookc.hosts import by_name, hosts, recognize
from tests.fuzz import targets
from tests.properties import SETTINGS, examples

# Per case, in CI; the long run's budget is 5 s (the issue's), on a quiet machine.
BUDGET = 20.0


@pytest.mark.parametrize("front_end", targets.FRONT_ENDS, ids=lambda f: f.name)
def test_fuzz_front_end(front_end: targets.FrontEnd) -> None:
    @settings(SETTINGS, max_examples=examples(12), database=None)
    @given(targets.mutated(front_end.seeds), targets.contexts)
    def case(text: str, context: dict[str, Any]) -> None:
        targets.file_case(front_end, text, context, BUDGET)

    case()


@settings(SETTINGS, max_examples=examples(60), database=None)
@given(targets.mutated(targets.CANONICAL_SEEDS), targets.contexts)
def test_fuzz_runtime_loads(text: str, context: dict[str, Any]) -> None:
    targets.runtime_case(text, context, BUDGET)


@settings(SETTINGS, max_examples=examples(120), database=None)
@given(targets.expressions, targets.contexts)
def test_fuzz_expressions(text: str, context: dict[str, Any]) -> None:
    targets.expression_case(text, context, BUDGET)


def test_every_front_end_has_seeds_of_its_host() -> None:
    """Each entry's file name and seeds are its host's, and settled: a file whose host is
    unsettled is refused by eval and compile, so its mutations would fuzz that refusal."""
    for front_end in targets.FRONT_ENDS:
        read_as = [recognize(front_end.file_name, seed) for seed in front_end.seeds]
        assert by_name(front_end.host) in {found.host for found in read_as}, front_end.name
        assert all(found.settled for found in read_as), front_end.name


def test_every_host_with_files_of_its_own_is_fuzzed() -> None:
    """A host added to the registry without a line in ``FRONT_ENDS`` fails here (a host
    with no file kind of its own, such as rollouts' protocol, has nothing to mutate)."""
    with_files = {host.name for host in hosts() if host.suffixes}
    assert with_files == {front_end.host for front_end in targets.FRONT_ENDS}


@settings(SETTINGS, max_examples=examples(10), database=None)
@given(targets.expanded(), targets.contexts)
def test_fuzz_expanded_documents(text: str, context: dict[str, Any]) -> None:
    """Long strings aliased, regex leaves multiplied, flat lists, template holes: each read
    or refused within the budget (item 5 of issue 25: tens of seconds, gigabytes)."""
    targets.expanded_case(text, context, BUDGET)


@settings(SETTINGS, max_examples=examples(12), database=None)
@given(targets.handler_runs(), targets.contexts)
def test_fuzz_handlers(
    run: tuple[str, str, list[tuple[bytes, int]]], context: dict[str, Any]
) -> None:
    """Every host's protocol on hostile answers (item 2 of issue 25: TypeError,
    RecursionError out of ``handlers.run``)."""
    targets.handler_case(*run, context, BUDGET)


def test_every_host_is_a_front_end_or_a_protocol_the_fuzz_target_runs() -> None:
    from hookc.hosts import detect, hosts

    claimed = {detect(f.file_name, seed).name for f in targets.FRONT_ENDS for seed in f.seeds[:1]}
    covered = claimed | set(targets.PROTOCOLS)
    assert {host.name for host in hosts()} - covered == set()


def test_a_slow_step_is_a_finding() -> None:
    """Each step of a case is timed: before item 6 of issue 25 was fixed, a search of
    ``[ab]*a[ab]{200}c`` over a long context took a minute."""
    import time

    with pytest.raises(targets.Finding, match="took"):
        targets._timed(0.01, "sleep", time.sleep, 0.05)
