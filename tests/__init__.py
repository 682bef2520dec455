"""hookc's tests, laid out like the package: a folder per host under ``hosts/``."""

from pathlib import Path

# The repository's root, whatever folder a test file lies in.
ROOT = Path(__file__).resolve().parent.parent
