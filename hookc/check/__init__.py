"""Checks of hook sets: each a pure function from IR to diagnostics."""
