"""Rule modules (handlers)."""
