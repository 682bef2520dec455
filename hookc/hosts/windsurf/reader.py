"""Windsurf's ``hooks.json`` read with Windsurf's meaning (the flat family's reader,
``hookc.hosts.cursor.flat``, with Windsurf's rules), from its Cascade Hooks docs:

- The file: ``{"hooks": {<event>: [handler, ...]}}`` with snake_case events
  (``pre_read_code``, ``post_write_code``, ``pre_run_command``, ``pre_mcp_tool_use``,
  ``pre_user_prompt``, ``post_cascade_response``, ...). Other top-level keys (some files
  add ``"version": 1``) are not Windsurf's and change nothing.
- A handler is a shell command: ``command``, ``show_output`` (its output shown in
  Cascade's UI), ``working_directory`` (where it runs; default the workspace's root). A
  ``"type": "command"`` some files add is the only type there is.
- Windsurf has no matchers: every handler of an event runs on every occurrence of it,
  and a script filters by the JSON it reads. A ``matcher`` written on a handler is
  ignored (HK741), so the handler runs on everything.
- Order: every handler of the event, in the order the file lists them, after those of
  the files above it (``hookc.hosts.windsurf.merge``).
"""

from __future__ import annotations

from hookc.frontend.located import Located
from hookc.frontend.lower import Loaded
from hookc.hosts.cursor.flat import Condition, Flat, read_flat
from hookc.hosts.profile import Profile
from hookc.source import Source
from hookc.source.diagnostics import warning


def read(source: Source, profile: Profile) -> Loaded:
    return read_flat(source, profile, WINDSURF)


def windsurf_matcher(event: str, node: Located, source: Source, profile: Profile) -> Condition:
    """HK741: Windsurf reads no matcher; the handler runs on every ``event``."""
    problem = warning(
        "HK741",
        f"Windsurf hooks have no matcher: this handler runs on every `{event}`, whatever "
        "`matcher` says",
        source,
        node.key_span or node.span,
        "remove it, and filter inside the script on the JSON it reads from stdin",
    )
    return None, [problem], None


WINDSURF = Flat(host="Windsurf", matcher=windsurf_matcher, settings_dir=".windsurf")
