"""Rule modules (files)."""
