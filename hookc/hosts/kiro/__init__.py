"""Kiro (AWS): agent hooks in ``.kiro/hooks/``, two generations. Kiro IDE 1.0 and kiro-cli
v3 read ``.kiro/hooks/<name>.json`` (and the user's ``~/.kiro/hooks/``): ``{"version":
"v1", "hooks": [{"name": ..., "trigger": "PreToolUse", "matcher": "shell", "action":
{"type": "command", "command": ...}}]}``; the IDE before 1.0 read one hook per
``*.kiro.hook`` file (``{when: {type, patterns | toolTypes}, then: {type, command |
prompt}}``), which hookc reads with the new trigger names. (kiro-cli v2 embedded hooks in
agent files, ``.kiro/agents/*.json``; ``kiro-cli agent migrate`` turns them into the new
files, and hookc does not read them.)

Closed source; the rules come from Kiro's docs (kiro.dev/docs/hooks, the IDE's triggers
and actions; kiro.dev/docs/cli/v3/hooks, the v1 format and its trigger table):
``reader`` says what hookc implements and where it is unverified. ``protocol`` runs
command actions (stdin JSON, exit 2 blocks PreToolUse, UserPromptSubmit and
PreTaskExec). ``tests/hosts/kiro/`` holds hookc's back ends to an oracle written from
the docs.
"""

from hookc.hosts.host import Host

HOST = Host(
    name="kiro",
    package=__name__,
    paths=(r"(^|/)\.kiro/hooks/[^/]+\.json$", r"\.kiro\.hook$"),
    profile="kiro",
    summary='Kiro hooks (.kiro/hooks/*.json: {"version": "v1", "hooks": [...]}; *.kiro.hook)',
    suffixes=(".json", ".hook"),
    protocol=True,
    schema=True,
)
