"""Rule modules (expressions)."""
