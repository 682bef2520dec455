"""Claude Code (Anthropic): ``hooks`` in its settings files (``~/.claude/settings.json``,
``.claude/settings.json``, ``.claude/settings.local.json``, managed settings), a plugin's
``hooks/hooks.json``, and the front matter of skills and agents.

Closed source: hookc holds its reader and protocol to Claude Code's hooks reference
(code.claude.com/docs/en/hooks) and to the types of ``@anthropic-ai/claude-agent-sdk``
(``sdk.d.ts``: every event, its input, every handler field). ``reader`` states the matcher
rule, ``protocol`` the rules of a run, each with its source.
"""

from hookc.hosts.host import Host

HOST = Host(
    name="claude-code",
    package=__name__,
    paths=(r"(^|/)\.claude/settings(\.local)?\.json$", r"(^|/)hooks/hooks\.json$"),
    profile="claude-code",
    summary="Claude Code settings (.claude/settings*.json), a plugin's hooks.json, or "
    "`hooks:` in a skill's SKILL.md or an agent's .md front matter",
    suffixes=(".json", ".md"),
    protocol=True,
    schema=True,
    aliases=("claude_code",),
)
