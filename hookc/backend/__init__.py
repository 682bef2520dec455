"""Back ends: hook IR out to runnable forms (a Python module; canonical YAML later)."""
