"""OpenAI Codex CLI: ``.codex/hooks.json`` and ``[hooks]`` tables in ``.codex/config.toml``
(a project's, trusted; the same under ``~/.codex/``), and a Codex plugin's
``hooks/hooks.json``. Claude Code's nested shape (``{Event: [{matcher, hooks: [...]}]}``)
with Codex's own meaning: 12 events (``Interrupt``, ``PostCompact``, ``SubagentStart``, ...),
``command`` and ``mcp_tool`` handlers (``prompt`` and ``agent`` parsed and skipped), a
root that refuses unknown keys, ``"matcher": null``, a Rust-regex matcher rule whose tool
matchers also test a tool's aliases (``Edit|Write`` fires for ``apply_patch``), and every
matching handler run at once, identical ones included.

Open source (openai/codex, ``codex-rs``): ``reader`` states each rule with the file it
comes from, ``protocol`` the rules of a run; ``tests/hosts/codex/oracle.py`` transcribes
Codex's selection (``matches_matcher``, ``select_handlers_for_matcher_inputs``, the alias
table) independently, and ``tests/hosts/codex/test_oracle.py`` holds hookc's reference
evaluator, compiled module and ``hookc.runtime`` to it over generated matchers and tools.

Unverified, and what hookc does: the values of SessionEnd's ``reason`` (any is accepted),
and which Codex release a file targets: hookc reads the newest stored source (12 events,
``mcp_tool``, no ``timeoutSec`` alias: HK733 says so).
"""

from hookc.hosts.host import Host

HOST = Host(
    name="codex",
    package=__name__,
    paths=(r"(^|/)\.codex/(hooks\.json|config\.toml)$",),
    profile="codex",
    summary="Codex hooks (.codex/hooks.json, `[hooks]` in .codex/config.toml, a Codex "
    "plugin's hooks/hooks.json)",
    suffixes=(".json", ".toml"),
    protocol=True,
    schema=True,
    shape_of="claude-code",
)
