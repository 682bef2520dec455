"""Hypothesis profiles and the ``slow`` marker: the fast loop and the full run.

- ``pytest`` runs everything with the ``ci`` profile: every property at its full example
  count (what CI runs, and the README's test command).
- ``pytest -m "not slow"`` leaves out the heavy properties and the tests that start
  interpreters or build packages: the loop to run while working (about a minute).
- ``--hypothesis-profile dev`` (or ``HYPOTHESIS_PROFILE=dev``) runs each property on a
  fifth of its examples; ``HOOKC_EXAMPLES_SCALE`` scales them for a soak run.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.register_profile(
    "dev", max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


# What the fast loop (`pytest -m "not slow"`) leaves out, besides the tests marked `slow`
# where they are written: Hypothesis properties of more than a few examples, and the files
# whose tests start the real pre-commit framework, build the wheel or drive a host's own code
# under node.
_SLOW_FILES = ("test_precommit.py", "test_packaging.py", "test_oracle.py")
_QUICK_PROPERTY = 30  # examples


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        function = getattr(item, "function", None)
        examples = getattr(
            getattr(function, "_hypothesis_internal_use_settings", None), "max_examples", 0
        )
        if item.path.name in _SLOW_FILES or examples > _QUICK_PROPERTY:
            item.add_marker(pytest.mark.slow)
