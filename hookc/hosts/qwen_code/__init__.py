"""Qwen Code (Alibaba): ``hooks`` in ``.qwen/settings.json`` and ``~/.qwen/settings.json``.
A Gemini CLI fork that moved to Claude Code's event names (``PreToolUse``, ``Stop``, ...,
with events of its own), in Gemini's file shape (groups with ``sequential``), with its own
matcher rule and handler types (``command`` with a millisecond timeout, ``http`` and
``prompt`` with seconds).

Open source (QwenLM/qwen-code), changing fast: ``reader`` states the rules hookc
implements and the files they come from. Unverified, and so not modelled: the aliases a
tool matcher also matches (Qwen matches a name's display names and legacy names exactly,
so a Claude Code name may match a Qwen tool: hookc reports no tool matcher as matching
nothing), a handler's ``if`` filter (``Bash(git *)``: hookc selects the hook without it),
and ``disableAllHooks``.
"""

from hookc.hosts.host import Host

HOST = Host(
    name="qwen-code",
    package=__name__,
    paths=(r"(^|/)\.qwen/settings\.json$",),
    profile="qwen-code",
    summary="Qwen Code settings (.qwen/settings.json `hooks`)",
    suffixes=(".json",),
    protocol=True,
    schema=True,
    shape_of="claude-code",
)
