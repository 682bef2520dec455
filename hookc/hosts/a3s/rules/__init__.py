"""Rule modules (rules)."""
