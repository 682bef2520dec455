"""Tabnine CLI: a fork of Gemini CLI that keeps its hook format, events, matcher rule and
protocol unchanged, under its own paths: ``.tabnine/agent/settings.json`` (a project's and
``~/.tabnine/agent/settings.json``), with ``hooksConfig`` and ``$TABNINE_PROJECT_DIR``
(docs.tabnine.com/main/getting-started/tabnine-cli/features/hooks).

Closed source as far as found: hookc reads its files with Gemini CLI's reader, profile and
protocol (``hookc.hosts.gemini_cli``), which the documentation says it shares; what
differs here is only names and paths. Unverified: whether Tabnine also sets Gemini's
``GEMINI_*`` variables (hookc sets them beside ``TABNINE_PROJECT_DIR``).
"""

from hookc.hosts.host import Host

HOST = Host(
    name="tabnine",
    package=__name__,
    paths=(r"(^|/)\.tabnine/agent/settings\.json$",),
    profile="tabnine",
    summary="Tabnine CLI settings (.tabnine/agent/settings.json `hooks`, Gemini CLI's format)",
    suffixes=(".json",),
    protocol=True,
    schema=True,
)
