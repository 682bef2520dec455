"""Factory Droid: ``.factory/hooks.json`` (a project's, and ``~/.factory/hooks.json``), the
older ``.factory/hooks/hooks.json``, and, where no hooks.json is, ``hooks`` in
``.factory/settings.json`` and ``settings.local.json``. Claude Code's shape, events and
protocol (``type: "command"`` handlers only, ``$FACTORY_PROJECT_DIR``) with Factory's own
tool names: ``Execute`` for the shell, ``Create`` and ``Edit`` and ``ApplyPatch`` for
files, ``Read``, ``LS``, ``Glob``, ``Grep``, ``FetchUrl``, ...

Closed source: hookc reads its files with Claude Code's reader and protocol
(``hookc.hosts.claude_code``) and Factory's profile, from its documentation
(docs.factory.ai/reference/hooks-reference and /harness/hooks) and its files in public
repositories. ``tests/hosts/factory/`` holds the matcher rule to an oracle written from
that documentation. Unverified, and what hookc does:

- The matcher: the reference copies Claude Code's older text ("Simple strings match
  exactly: `Create` matches only the Create tool; supports regex: `Edit|Create` or
  `Notebook.*`; `*`, `""` or blank match all tools"), so hookc reads it by Claude Code's
  rule of that time: letters, digits, ``_`` and ``|`` only are exact names (``Edit|Create``
  is two names), anything else an unanchored regular expression.
- The tool list: from the documentation's examples and public files; a tool missing from
  it gets a "matches no tool" warning it may not deserve.
- A hooks.json keyed by events at its root (``{"PreToolUse": [...]}``, as the harness page
  says hook files are "keyed by event name") is read like one with a ``hooks`` key, as
  files in the wild write both.
"""

from hookc.hosts.host import Host

HOST = Host(
    name="factory",
    package=__name__,
    paths=(r"(^|/)\.factory/(hooks/)?hooks\.json$", r"(^|/)\.factory/settings(\.local)?\.json$"),
    profile="factory",
    summary="Factory Droid hooks (.factory/hooks.json, `hooks` in .factory/settings.json)",
    suffixes=(".json",),
    protocol=True,
    schema=True,
    shape_of="claude-code",
)
