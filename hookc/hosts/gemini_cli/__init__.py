"""Gemini CLI (Google): ``hooks`` in its settings files (``.gemini/settings.json``,
``~/.gemini/settings.json``, ``/etc/gemini-cli/settings.json``) and an extension's
``hooks/hooks.json``. Claude Code's nested shape (``{Event: [{matcher, hooks: [...]}]}``)
with Gemini's own events (``BeforeTool``, ``AfterAgent``, ...), matcher rule (an unanchored
JavaScript regular expression for tools, exact text for sessions and compression),
``sequential`` groups and millisecond timeouts.

Open source (google-gemini/gemini-cli): ``reader`` and ``protocol`` transcribe its
``packages/core/src/hooks/`` (hookRegistry, hookPlanner, hookRunner, hookAggregator), and
``tests/hosts/gemini_cli/test_oracle.py`` holds hookc's selection to Gemini's own
registry and planner (``@google/gemini-cli-core`` 0.61.0, run by node) over generated files.
"""

from hookc.hosts.host import Host

HOST = Host(
    name="gemini-cli",
    package=__name__,
    # An extension's hooks/hooks.json is among Claude Code's `hooks/hooks.json` paths.
    paths=(r"(^|/)\.gemini/settings\.json$",),
    profile="gemini-cli",
    summary="Gemini CLI settings (.gemini/settings.json `hooks`) or an extension's "
    "hooks/hooks.json",
    suffixes=(".json",),
    protocol=True,
    schema=True,
)
