"""Front ends: hook files in, hook IR out."""
