"""What the property tests share: example counts that scale for a soak run, their Hypothesis
settings, and running generated module text as a module."""

from __future__ import annotations

import itertools
import os
import sys
import types

from hypothesis import HealthCheck, settings

# Example counts are sized for CI (each file in about a minute on two cores); a soak run
# scales them all: HOOKC_EXAMPLES_SCALE=20 pytest tests/backends/test_differential.py
_SCALE = float(os.environ.get("HOOKC_EXAMPLES_SCALE", "1"))


def examples(count: int) -> int:
    """``count`` examples at the ``ci`` profile's full size, scaled down with the ``dev``
    profile (tests/conftest.py: its ``max_examples`` over Hypothesis's default 100) and by
    ``HOOKC_EXAMPLES_SCALE``."""
    profile = settings.default.max_examples / 100 if settings.default is not None else 1.0
    return max(1, round(count * _SCALE * min(profile, 1.0)))


SETTINGS = settings(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    report_multiple_bugs=False,  # one failure, shrunk, rather than a hundred
)

_module_numbers = itertools.count()


def load(text: str) -> types.ModuleType:
    """Execute generated text as a module, registered under a fresh name while it runs (as an
    import would)."""
    name = f"_hookc_generated_{next(_module_numbers)}"
    module = types.ModuleType(name)
    sys.modules[name] = module
    try:
        exec(compile(text, f"<generated {name}>", "exec"), module.__dict__)
    finally:
        del sys.modules[name]
    return module
