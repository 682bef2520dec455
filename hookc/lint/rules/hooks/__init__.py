"""Rule modules (hooks)."""
