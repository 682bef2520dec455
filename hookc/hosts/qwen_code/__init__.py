"""Qwen Code (Alibaba): ``hooks`` in ``.qwen/settings.json`` and ``~/.qwen/settings.json``.
A Gemini CLI fork that moved to Claude Code's event names (``PreToolUse``, ``Stop``, ...,
with events of its own), in Gemini's file shape (groups with ``sequential``), with its own
matcher rule and handler types (``command`` with a millisecond timeout, ``http`` and
``prompt`` with seconds).

Open source (QwenLM/qwen-code), changing fast: ``reader`` states the rules hookc
implements and the files they come from, among them the aliases a tool matcher also
matches exactly (``Bash`` is ``run_shell_command``, ``Write`` is ``write_file``), and
``tests/hosts/qwen_code/`` holds every back end to a transcription of Qwen's selection
code run under node. Not modelled: a handler's ``if`` (Qwen's current planner applies
none; see ``reader``) and ``disableAllHooks``.
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
