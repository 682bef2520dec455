"""Rule modules (fmt)."""
