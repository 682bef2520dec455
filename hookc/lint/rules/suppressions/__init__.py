"""Rule modules (suppressions)."""
