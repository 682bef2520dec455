"""Augment (the Auggie CLI, and Augment in VS Code and JetBrains): ``hooks`` in
``/etc/augment/settings.json`` (system, which wins), ``~/.augment/settings.json`` and a
project's ``.augment/settings.json`` and ``settings.local.json``. Claude Code's shape
(``{Event: [{matcher, hooks: [{type: "command", command, timeout}]}]}``) with Augment's
own meaning, from its hooks page (docs.augmentcode.com/cli/hooks):

- five events: PreToolUse (can block), PostToolUse (cannot), Stop (can keep the agent
  going), SessionStart, SessionEnd; stdin carries ``conversation_id`` and
  ``workspace_roots``, not Claude Code's ``session_id`` and ``cwd``;
- ``timeout`` in **milliseconds** (default 60000), and a ``metadata`` field;
- tool matchers are regular expressions ("Supports regex patterns"), so hookc reads every
  one as an unanchored JavaScript expression (no exact-name path; ``launch-process`` also
  matches a name that contains it); an absent matcher is ``.*``; SessionStart, SessionEnd
  and Stop use none;
- Augment's tool names: ``launch-process`` (the shell), ``view``, ``str-replace-editor``,
  ``save-file``, ``remove-files``, ``web-fetch``, ...; MCP tools are ``mcp:...``.

Closed source: hookc reads its files with Claude Code's reader and protocol
(``hookc.hosts.claude_code``) and Augment's profile; ``tests/hosts/augment/`` holds the
matcher rule to an oracle written from that page. Unverified, and what hookc does: whether
a matcher is anchored (hookc: not); the special ``mcp:*`` ("all MCP tools"), read as the
regular expression it is (any name containing ``mcp``); the full tool list (not held
against: HK702 is not given); the protocol beyond exit 2 and the fields the page names
(hookc: Claude Code's).
"""

from hookc.hosts.host import Host

HOST = Host(
    name="augment",
    package=__name__,
    paths=(r"(^|/)\.augment/settings(\.local)?\.json$",),
    profile="augment",
    summary="Augment settings (.augment/settings.json `hooks`)",
    suffixes=(".json",),
    protocol=True,
    schema=True,
    shape_of="claude-code",
)
