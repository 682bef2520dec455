"""The fuzz target: hostile mutations of real hook files and expressions through every front
end, ``hookc.runtime.loads`` and evaluation (``python -m tests.fuzz`` for a long run)."""
