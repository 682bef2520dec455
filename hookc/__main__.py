"""``python -m hookc``: the same as the ``hookc`` command."""

from hookc.cli import run

run()
