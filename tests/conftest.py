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

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.register_profile(
    "dev", max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
