"""What a shell command runs, word by word, read with the standard library's ``shlex``.

``commands(text)`` splits a command line into its simple commands: at ``;``, ``&&``,
``||``, ``&`` and line breaks, each pipeline's stages kept together (``Pipeline``), and
the text of every ``$(...)``, backquoted and ``<(...)`` substitution read as commands of
its own. A simple command's words are read past what only starts another program:
variable assignments (``FOO=1 curl ...``), ``env`` (and ``/usr/bin/env -i``, ``-u NAME``),
``command``, ``exec``, ``nohup``, ``time``, ``nice``, ``timeout``, ``xargs``, and into the
string of ``sh -c``, ``bash -c`` and ``eval``; the program is named by its file name
(``/bin/rm`` is ``rm``). ``sudo`` and ``doas`` are read past too, and remembered.

So quoting, paths and chains do not hide a program, and no rule reads the command as
text. A command ``shlex`` cannot split (an unclosed quote) is split at white space.
"""

from __future__ import annotations

import posixpath
import shlex
from dataclasses import dataclass

SEPARATORS = frozenset({";", "&&", "||", "&", ";;", "\n"})
SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "fish", "ash"})
ELEVATORS = frozenset({"sudo", "doas", "pkexec", "su"})
# Programs that run the rest of their words as a command, and the options of theirs that
# take a value (read past with it).
_WRAPPERS: dict[str, frozenset[str]] = {
    "env": frozenset({"-u", "--unset", "-C", "--chdir", "-S", "--split-string"}),
    "command": frozenset(),
    "exec": frozenset({"-a"}),
    "nohup": frozenset(),
    "time": frozenset(),
    "nice": frozenset({"-n", "--adjustment"}),
    "timeout": frozenset({"-s", "--signal", "-k", "--kill-after"}),
    "xargs": frozenset({"-I", "-n", "-P", "-d", "-L", "-s", "-E"}),
    "sudo": frozenset({"-u", "--user", "-g", "--group", "-h", "--host", "-C", "-D", "-p"}),
    "doas": frozenset({"-u", "-C"}),
    "pkexec": frozenset({"--user"}),
    "stdbuf": frozenset({"-i", "-o", "-e"}),
}
# A wrapper's first word that is not an option is its command, except these, which take a
# positional argument first (`timeout 10 rm ...`).
_POSITIONAL_FIRST = frozenset({"timeout"})


@dataclass(frozen=True, slots=True)
class Simple:
    """One program run: its name (the file name of its path), its words (``words[0]`` as
    written), and the elevators (``sudo``) it was run under."""

    name: str
    words: tuple[str, ...]
    elevated: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Pipeline:
    """Stages joined by ``|``, in order."""

    stages: tuple[Simple, ...]


def _tokens(text: str) -> list[str]:
    lexer = shlex.shlex(text.replace("\n", " ; "), posix=True, punctuation_chars=";&|<>()")
    lexer.whitespace_split = True
    lexer.commenters = ""
    try:
        return list(lexer)
    except ValueError:  # an unclosed quote: read it as words split at white space
        return text.split()


def substitutions(text: str) -> list[str]:
    """The text of each ``$(...)``, ``<(...)``, ``>(...)`` and backquoted part."""
    found: list[str] = []
    index = 0
    while index < len(text):
        char = text[index]
        if char == "`":
            end = text.find("`", index + 1)
            if end < 0:
                break
            found.append(text[index + 1 : end])
            index = end + 1
            continue
        if char in "$<>" and text.startswith("(", index + 1):
            depth, at = 1, index + 2
            while at < len(text) and depth:
                depth += {"(": 1, ")": -1}.get(text[at], 0)
                at += 1
            found.append(text[index + 2 : at - 1])
            index = at
            continue
        index += 1
    return found


def commands(text: str, depth: int = 0) -> list[Pipeline]:
    """Every pipeline the command line runs, substitutions and ``sh -c`` strings
    included (to a depth of 4)."""
    if depth > 4:
        return []
    pipelines: list[Pipeline] = []
    stages: list[Simple] = []
    words: list[str] = []

    def end_stage() -> None:
        if words:
            simple, inner = _unwrap(tuple(words), depth)
            if simple is not None:
                stages.append(simple)
            pipelines.extend(inner)
        words.clear()

    for token in _tokens(text):
        if token == "|":
            end_stage()
        elif token in SEPARATORS or (token and set(token) <= set(";&|")):
            end_stage()
            if stages:
                pipelines.append(Pipeline(tuple(stages)))
            stages = []
        elif token and set(token) <= set("()<>"):
            continue  # grouping and redirection marks: the words around them still count
        else:
            words.append(token)
    end_stage()
    if stages:
        pipelines.append(Pipeline(tuple(stages)))
    for inner in substitutions(text):
        pipelines.extend(commands(inner, depth + 1))
    return pipelines


def _unwrap(words: tuple[str, ...], depth: int) -> tuple[Simple | None, list[Pipeline]]:
    """The program the words run, past assignments and wrappers; and the pipelines of a
    ``sh -c`` or ``eval`` string among them."""
    elevated: list[str] = []
    index = 0
    while index < len(words):
        word = words[index]
        if "=" in word and not word.startswith(("-", "=")) and word.split("=", 1)[0].isidentifier():
            index += 1  # FOO=1 before the program
            continue
        name = posixpath.basename(word)
        if name in _WRAPPERS:
            if name in ELEVATORS:
                elevated.append(name)
            index = _past_options(words, index + 1, _WRAPPERS[name])
            if name in _POSITIONAL_FIRST and index < len(words):
                index += 1
            continue
        break
    if index >= len(words):
        return (Simple(elevated[-1], (elevated[-1],), tuple(elevated)) if elevated else None), []
    program = words[index:]
    name = posixpath.basename(program[0])
    inner: list[Pipeline] = []
    if name in SHELLS and "-c" in program[1:]:
        at = program.index("-c", 1)
        if at + 1 < len(program):
            inner = commands(program[at + 1], depth + 1)
    elif name == "eval":
        inner = commands(" ".join(program[1:]), depth + 1)
    return Simple(name, program, tuple(elevated)), inner


def _past_options(words: tuple[str, ...], index: int, with_value: frozenset[str]) -> int:
    while index < len(words):
        word = words[index]
        if word == "--":
            return index + 1
        if word in with_value:
            index += 2
        elif word.startswith("-") or ("=" in word and word.split("=", 1)[0].isidentifier()):
            index += 1
        else:
            break
    return index


def defines_fork_bomb(text: str) -> bool:
    """Whether the command defines a function that pipes itself into itself (``:(){ :|:&
    };:``, ``bomb() { bomb | bomb & }; bomb``)."""
    tokens = _tokens(text)
    for index, token in enumerate(tokens[:-1]):
        after = tokens[index + 1 : index + 3]
        if after[:1] == ["()"] or after == ["(", ")"]:
            name = token.removeprefix("function").strip() or token
            rest = tokens[index + 2 :]
            for at in range(len(rest) - 2):
                if rest[at] == name and rest[at + 1] in ("|", "|&") and rest[at + 2] == name:
                    return True
    return False
