"""Windsurf (Cascade) hooks: ``hooks.json`` at three levels, all merged: the system's
(``/etc/windsurf/hooks.json``, ``/Library/Application Support/Windsurf/hooks.json``,
``C:\\ProgramData\\Windsurf\\hooks.json``, or the enterprise dashboard), the user's
(``~/.codeium/windsurf/hooks.json``) and the workspace's (``.windsurf/hooks.json``). The
flat family's shape with snake_case events and no matchers:
``{"hooks": {"pre_run_command": [{"command": "...", "show_output": true}]}}``.

Closed source; the rules come from Windsurf's docs (docs.windsurf.com/windsurf/cascade/hooks
and its localized copies): ``reader`` (the file), ``merge`` (system, then user, then
workspace), ``protocol`` (stdin JSON, exit 2 blocks a pre-hook). ``tests/hosts/windsurf/``
holds hookc's back ends and merge to an oracle written from those docs.
"""

from hookc.hosts.host import Host

HOST = Host(
    name="windsurf",
    package=__name__,
    paths=(r"(^|/)\.windsurf/hooks\.json$",),
    profile="windsurf",
    summary='Windsurf Cascade hooks (.windsurf/hooks.json: {"hooks": {"pre_run_command": ...}})',
    suffixes=(".json",),
    protocol=True,
    schema=True,
)
