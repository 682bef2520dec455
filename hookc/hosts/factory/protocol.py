"""Factory Droid's command-hook protocol: Claude Code's (``hookc.hosts.claude_code.protocol``
states every rule), which Factory's reference copies, with ``FACTORY_PROJECT_DIR`` set
beside ``CLAUDE_PROJECT_DIR`` (unverified whether Droid sets the latter too)."""

from __future__ import annotations

from hookc.handlers.protocol import Options
from hookc.hosts.claude_code.protocol import ClaudeCode


class Factory(ClaudeCode):
    name = "factory"

    def environment(self, options: Options) -> dict[str, str]:
        project = options.project_dir or options.cwd
        return {"FACTORY_PROJECT_DIR": project, "CLAUDE_PROJECT_DIR": project}


PROTOCOL = Factory()
