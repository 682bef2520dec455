"""Claude Code's own rules: what Claude Code refuses or ignores in a valid-looking file."""
