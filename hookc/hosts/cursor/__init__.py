"""Cursor (Anysphere): agent and Tab hooks in ``hooks.json`` files. A project's
``.cursor/hooks.json``, the user's ``~/.cursor/hooks.json``, the enterprise files
(``/etc/cursor/hooks.json``, ``/Library/Application Support/Cursor/hooks.json``,
``C:\\ProgramData\\Cursor\\hooks.json``), team hooks (from Cursor's dashboard, no file) and a
plugin's ``hooks/hooks.json`` (beside its ``.cursor-plugin`` folder). The flat family's
shape: ``{"version": 1, "hooks": {"preToolUse": [{"command": "...", "matcher": "Shell"}]}}``,
about twenty camelCase events (agent and Tab), ``command`` or ``prompt`` handlers.

Closed source. The events, their inputs and outputs come from Cursor's hooks docs
(cursor.com/docs/agent/hooks, read through public copies); the matcher's reading, which
those docs do not state, from public files and statements: ``reader`` says what hookc
implements and why. ``merge`` orders the files (enterprise, team, project, user), and
``protocol`` runs handlers as Cursor does (``permission`` allow/deny/ask,
``updated_input``, ``followup_message``, exit 2, ``failClosed``, ``loop_limit``).
``tests/hosts/cursor/`` holds hookc's back ends to an oracle of that rule written from the
docs, and runs real handler scripts through the protocol.

Cursor also loads Claude Code's settings files when third-party hooks are enabled; those
are Claude Code's files to hookc (read with Claude Code's rule).
"""

from hookc.hosts.host import Host

HOST = Host(
    name="cursor",
    package=__name__,
    paths=(r"(^|/)\.cursor/hooks\.json$",),
    profile="cursor",
    summary='Cursor hooks (.cursor/hooks.json: {"version": 1, "hooks": {...}})',
    suffixes=(".json",),
    protocol=True,
    schema=True,
)
