"""Claude Code: its settings files, plugin ``hooks.json`` and front matter hooks."""
