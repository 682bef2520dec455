"""The names Claude Code gives MCP tools, as a language a matcher can be tested against.

Claude Code names the tool ``T`` of the MCP server ``S`` ``mcp__S__T`` (hooks reference,
"Match MCP tools"; ``mcp__plugin_<plugin>_<server>__<tool>`` for a plugin's servers). The
names are sent to the model as tool names, which the Anthropic API limits to letters,
digits, ``_`` and ``-`` (``^[a-zA-Z0-9_-]{1,64}$``: the API's error quoted in
anthropics/claude-code#467), and Claude Code replaces every other character of a server's
name with ``_``. So an MCP tool name is ``mcp__`` + a server + ``__`` + a tool, each part
at least one of those characters (``_`` included: ``mcp__my_server__get_item``).

What is implemented: that language, with ``.`` also allowed in the tool part (the MCP
specification admits it in tool names; whether Claude Code rewrites it is not documented)
and no length limit. Both only widen it, so a matcher is never called "matches no tool"
when some MCP tool could carry a name it matches.
"""

from __future__ import annotations

import re

from hookc.reasoning.regex_words import Words, matches_some_word

_NAME = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"
_TOOL = _NAME + "."
_PREFIX = "mcp__"
# States: 0..5 the prefix read so far; then the server ("server": at least one character
# read), the separator ("sep1": one `_` after the server, "sep2": both), the tool ("tool":
# at least one character, accepting). A `_` in the server may also start the separator:
# the automaton keeps both readings.
_SERVER, _SEP1, _SEP2, _TOOL_READ = "server", "sep1", "sep2", "tool"


def _step(state: object, char: str) -> tuple[object, ...]:
    if isinstance(state, int):
        if state < len(_PREFIX):
            return (state + 1,) if _PREFIX[state] == char else ()
        return (_SERVER,) if char in _NAME else ()
    if state == _SERVER:
        if char == "_":
            return (_SERVER, _SEP1)
        return (_SERVER,) if char in _NAME else ()
    if state == _SEP1:
        return (_SEP2,) if char == "_" else ()
    if state in (_SEP2, _TOOL_READ):
        return (_TOOL_READ,) if char in _TOOL else ()
    return ()


MCP_TOOL_NAMES = Words(
    alphabet=_TOOL,
    start=frozenset({0}),
    accepting=frozenset({_TOOL_READ}),
    step=_step,
)


# The same language as a regular expression, for a whole name written in an exact matcher.
_MCP_TOOL_NAME = re.compile(r"mcp__[A-Za-z0-9_-]+__[A-Za-z0-9_.-]+")


def is_mcp_tool_name(name: str) -> bool:
    """Whether ``name`` is the name of some MCP tool of some server."""
    return _MCP_TOOL_NAME.fullmatch(name) is not None


def may_match_mcp_tool(pattern: str) -> bool:
    """Whether the RE2 pattern (hookc's ``matches``, searched unanchored as Claude Code
    tests a matcher) matches the name of some MCP tool of some server. Where the answer
    cannot be worked out, yes: this only ever keeps a "matches no tool" from being said."""
    return matches_some_word(pattern, MCP_TOOL_NAMES) is not False
