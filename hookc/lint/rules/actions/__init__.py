"""Rule modules (actions)."""
