"""VS Code's agent hooks (GitHub Copilot Chat's "Local" agents): VS Code loads
``.github/hooks/*.json`` (Copilot's files), Claude Code's ``.claude/settings.json``,
``.claude/settings.local.json`` and ``~/.claude/settings.json``, ``~/.copilot/hooks``,
and ``hooks:`` in a custom agent's front matter (``.github/agents/*.agent.md``). It has
eight events and runs command handlers only, and it IGNORES matchers: "Hook matchers like
``"Edit|Write"`` are parsed but not applied. All hooks run on every matching event,
regardless of the tool name in the matcher."

Open source (microsoft/vscode, ``src/vs/workbench/contrib/chat/common/promptSyntax/``:
``hookCompatibility.ts``, ``hookClaudeCompat.ts``, ``hookSchema.ts``, ``hookTypes.ts``):
``reader`` follows that code and says where; its documentation is VS Code's "Agent hooks"
page (microsoft/vscode-docs ``docs/agent-customization/hooks.md``). VS Code's files are
Copilot's and Claude Code's, so it claims only its agents' front matter;
``hookc check --host vscode`` (or ``--host claude-code,copilot,vscode``) reads the others
as VS Code does.
"""

from hookc.hosts.host import Host

HOST = Host(
    name="vscode",
    package=__name__,
    paths=(r"(^|/)\.github/agents/[^/]+\.agent\.md$",),
    profile="vscode",
    summary="VS Code agent hooks (`hooks:` in a custom agent's .github/agents/*.agent.md; "
    "it also loads Copilot's and Claude Code's files)",
    suffixes=(".json", ".md"),
    protocol=True,
    reads_also=("copilot", "claude-code"),
)
