"""Rule modules (logic)."""
