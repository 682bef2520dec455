"""A Claude Code handler's ``if`` filter (one permission rule) as every back end applies it.

The oracle below is written from Claude Code's documentation (hooks reference, "Bash `if`
matching"; permissions page), not from hookc's translation: it splits a Bash command into
its subcommands by scanning quotes, strips leading assignments, and compares each with the
rule as the permissions page describes (exact; legacy ``cmd:*``; ``*`` any run, `` *`` at
the end also the bare command). Where hookc says it cannot decide (shell syntax it does not
model), the documented direction is fail-open: the handler runs. The reference evaluator,
``hookc.runtime`` and the compiled module must all give the oracle's answer.
"""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hookc.cli import main
from hookc.frontend.load import load_source
from hookc.source import Source
from hookc.source.diagnostics import Severity
from tests.foreign import back_ends, fired_ids
from tests.properties import SETTINGS, examples

WRAPPERS = {"timeout", "time", "nice", "nohup", "stdbuf"}


# -- the oracle, from the documentation -------------------------------------------------------


def subcommands(command: str) -> list[str] | None:
    """The command's subcommands, split at unquoted ``; & | newline``; None where hookc
    declares it cannot decide (substitutions, escapes, groups, redirections, comments, an
    open quote)."""
    if any(char in command for char in "$`\\"):
        return None
    parts, current, quote = [], "", None
    for index, char in enumerate(command):
        if quote is not None:
            current += char
            if char == quote:
                quote = None
            continue
        if char in "'\"":
            quote = char
            current += char
        elif char in "(){}<>#" and (char != "#" or command[index - 1 : index] in ("", *" \t;&|\n")):
            return None  # grouping, redirection, or a comment (`#` starting a word)
        elif char in ";&|\n":
            parts.append(current)
            current = ""
        else:
            current += char
    if quote is not None:
        return None
    parts.append(current)
    return [part.strip(" \t") for part in parts if part.strip(" \t")]


def without_assignments(subcommand: str) -> str:
    while True:
        found = re.match(r"[A-Za-z_][A-Za-z0-9_]*=\S*[ \t]+", subcommand)
        if found is None:
            return subcommand
        subcommand = subcommand[found.end() :]


def pattern_matches(pattern: str, subcommand: str) -> bool:
    pattern = pattern.strip()
    if pattern.endswith(":*"):
        prefix = pattern[:-2]
        return subcommand == prefix or subcommand.startswith(prefix + " ")
    if "*" not in pattern:
        return subcommand == pattern
    regex = ".*".join(re.escape(piece) for piece in pattern.split("*"))
    if pattern.endswith(" *") and pattern.count("*") == 1:
        regex = re.escape(pattern[:-2]) + "( .*)?"
    return re.fullmatch(regex, subcommand, re.DOTALL) is not None


def bash_oracle(pattern: str, command: str) -> bool:
    """Whether a handler with ``if: Bash(pattern)`` runs for the command."""
    parts = subcommands(command)
    if parts is None:
        return True  # fail-open
    stripped = [without_assignments(part) for part in parts]
    if any(part.split(" ", 1)[0] in WRAPPERS for part in stripped):
        return True  # wrappers: the `if` documentation does not say; fail-open
    text_after_star = re.search(r"\*.*[^*\s]", pattern) and not pattern.endswith(":*")
    if text_after_star and re.search("['\"]", command):
        return True  # hookc keeps quoted strings whole: text after `*` may fall inside one
    return any(pattern_matches(pattern, part) for part in stripped)


# -- the file and the back ends ---------------------------------------------------------------


def settings_with(rules: list[str], event: str = "PreToolUse", matcher: str = "*") -> str:
    handlers = [{"type": "command", "command": f"./h{i}.sh", "if": r} for i, r in enumerate(rules)]
    return json.dumps({"hooks": {event: [{"matcher": matcher, "hooks": handlers}]}})


def loaded(text: str):  # type: ignore[no-untyped-def]
    return load_source(Source(".claude/settings.json", text))


def runs_for(rules: list[str], context: dict[str, object]) -> dict[str, list[str]]:
    result = loaded(settings_with(rules))
    assert not [d for d in result.diagnostics if d.severity is Severity.ERROR]
    assert result.hookset is not None
    return {
        name: fired_ids(run, "PreToolUse", context)
        for name, run in back_ends(result.hookset).items()
    }


WORDS = ["git", "commit", "push", "ls", "-la", "lsof", "npm", "run", "test", "main", "-m", "x"]
PATTERNS = st.sampled_from(
    ["git commit:*", "git commit *", "git *", "ls *", "ls*", "ls", "npm run test:*",
     "git * main", "* --version", "npm run test", "git commit", "*", "ls -la"]
)  # fmt: skip
SUBCOMMAND = st.builds(
    lambda assign, words, quoted: " ".join([*assign, *words, *quoted]),
    st.lists(st.sampled_from(["FOO=1", "A_B=x"]), max_size=1),
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=4),
    st.lists(st.sampled_from(["'a && git push'", '"m x"', "$(date)", "#c", "> out"]), max_size=1),
)
COMMAND = st.builds(
    lambda first, rest: first + "".join(sep + sub for sep, sub in rest),
    SUBCOMMAND,
    st.lists(
        st.tuples(st.sampled_from([" && ", "; ", " | ", " || ", "\n", "&&"]), SUBCOMMAND),
        max_size=2,
    ),
)


@settings(SETTINGS, max_examples=examples(60))
@given(st.lists(PATTERNS, min_size=1, max_size=3), COMMAND)
def test_bash_rules_fire_as_the_documented_matcher_says_on_every_back_end(
    patterns: list[str], command: str
) -> None:
    context = {"tool_name": "Bash", "tool_input": {"command": command}, "cwd": "/p"}
    expected = [
        f".claude/settings.PreToolUse.0.{i}"
        for i, p in enumerate(patterns)
        if bash_oracle(p, command)
    ]
    rules = [f"Bash({pattern})" for pattern in patterns]
    for back_end, fired in runs_for(rules, context).items():
        assert fired == expected, (back_end, command)


def gitignore_oracle(pattern: str, path: str, cwd: str) -> bool:
    """``Edit(pattern)`` for a file: gitignore matching of the path relative to ``cwd``
    (``./p`` anchored there, ``p`` with no `/` at any depth), the path or a folder above."""
    if not path.startswith(cwd + "/"):
        return False
    relative = path[len(cwd) + 1 :].split("/")
    anchored = pattern.startswith("./") or "/" in pattern.rstrip("/")
    steps = pattern.removeprefix("./").strip("/").split("/")

    folder_only = pattern.endswith("/")

    def fits(parts: list[str], globs: list[str]) -> bool:
        if not globs:
            return not parts
        if globs == ["**"]:  # a trailing `/**`: everything inside, not the folder itself
            return bool(parts)
        if globs[0] == "**":
            return any(fits(parts[i:], globs[1:]) for i in range(len(parts) + 1))
        return bool(parts) and _fnmatch(parts[0], globs[0]) and fits(parts[1:], globs[1:])

    starts = [0] if anchored else range(len(relative))
    last = len(relative) - 1 if folder_only else len(relative)  # `p/`: folders above only
    return any(
        fits(relative[start:end], steps) for start in starts for end in range(start + 1, last + 1)
    )


def _fnmatch(name: str, glob: str) -> bool:
    return re.fullmatch(".*".join(re.escape(p) for p in glob.split("*")), name) is not None


@settings(SETTINGS, max_examples=examples(40))
@given(
    st.lists(st.sampled_from(["src/**", "*.ts", "./.env", "src/", "docs/*.md", "./src/*.ts"]),
             min_size=1, max_size=3),
    st.sampled_from(["Edit", "Write", "MultiEdit", "Read"]),
    st.lists(st.sampled_from(["src", "docs", "a.ts", ".env", "b.md", "x"]), min_size=1, max_size=4),
)  # fmt: skip
def test_edit_path_rules_fire_as_gitignore_says_on_every_back_end(
    patterns: list[str], tool: str, steps: list[str]
) -> None:
    path = "/home/dev/shop/" + "/".join(steps)
    context = {"tool_name": tool, "tool_input": {"file_path": path}, "cwd": "/home/dev/shop"}
    expected = [
        f".claude/settings.PreToolUse.0.{i}"
        for i, p in enumerate(patterns)
        if tool != "Read" and gitignore_oracle(p, path, "/home/dev/shop")
    ]
    for back_end, fired in runs_for([f"Edit({p})" for p in patterns], context).items():
        assert fired == expected, (back_end, path)


# -- named cases ------------------------------------------------------------------------------


def command(text: str) -> dict[str, object]:
    return {"tool_name": "Bash", "tool_input": {"command": text}}


def file(tool: str, path: str) -> dict[str, object]:
    return {"tool_name": tool, "tool_input": {"file_path": path}, "cwd": "/p"}


def fetch(url: str) -> dict[str, object]:
    return {"tool_name": "WebFetch", "tool_input": {"url": url}}


@pytest.mark.parametrize(
    ("rule", "context", "fires"),
    [
        ("Bash(git commit:*)", command("ls -la"), False),
        ("Bash(git commit:*)", command("git commit -m x"), True),
        ("Bash(git commit:*)", command("git commitx"), False),
        ("Bash(ls *)", command("lsof"), False),
        ("Bash(ls *)", command("ls"), True),
        ("Bash(git *)", command("FOO=bar git push"), True),
        ("Bash(git *)", command("npm test && git push"), True),
        ("Bash(git *)", command("echo 'a; git push'"), False),
        ("Bash(git *)", command("echo $(git push)"), True),  # undecided: fail-open
        ("Bash(git *)", file("Edit", "/p/git"), False),
        ("Bash", command("ls"), True),
        ("Edit", file("Write", "/p/a"), True),
        ("Edit(src/**)", file("Edit", "/p/src/a/b.ts"), True),
        ("Edit(src/**)", file("Edit", "/p/lib/src/b.ts"), False),
        ("Edit(//etc/**)", file("Write", "/etc/hosts"), True),
        ("Read(./.env)", file("Read", "/p/.env"), True),
        ("Read(./.env)", file("Read", "/p/x/.env"), False),
        ("Read(./.env)", file("Read", "/p/../q/.env"), True),  # undecided: fail-open
        ("WebFetch(domain:example.com)", fetch("https://example.com/a"), True),
        ("WebFetch(domain:example.com)", fetch("https://example.com.evil/"), False),
        ("mcp__github", {"tool_name": "mcp__github__create_issue"}, True),
        ("mcp__github__*", {"tool_name": "mcp__gitlab__create_issue"}, False),
        ("mcp__github__create_issue", {"tool_name": "mcp__github__create_issue"}, True),
    ],
)
def test_named_rules(rule: str, context: dict[str, object], fires: bool) -> None:
    for back_end, fired in runs_for([rule], context).items():
        assert fired == ([".claude/settings.PreToolUse.0.0"] if fires else []), back_end


def finding_codes(text: str) -> list[tuple[str, int]]:
    result = loaded(text)
    return [(d.code, d.span.start) for d in result.diagnostics]


def test_a_rule_hookc_cannot_decide_is_a_warning_at_the_rule_and_runs_on_every_call() -> None:
    text = settings_with(["Read(~/.ssh/**)"], matcher="Read")
    assert finding_codes(text) == [("HK714", text.index('"Read(~/.ssh/**)"'))]
    fired = runs_for(["Read(~/.ssh/**)"], {"tool_name": "Read", "tool_input": {"file_path": "/x"}})
    assert set(map(tuple, fired.values())) == {(".claude/settings.PreToolUse.0.0",)}


@pytest.mark.parametrize("rule", ["git push", "Bash(git *", ""])
def test_a_rule_naming_no_tool_never_runs_and_is_a_warning(rule: str) -> None:
    text = settings_with([rule])
    result = loaded(text)
    assert [d.code for d in result.diagnostics] == ["HK713"]
    assert result.diagnostics[0].span.start == text.index(json.dumps(rule))
    assert result.hookset is not None and result.hookset.hooks == ()


def test_if_on_an_event_without_tools_never_runs() -> None:
    text = settings_with(["Bash(git *)"], event="Stop")
    result = loaded(text)
    assert [d.code for d in result.diagnostics] == ["HK713"]
    assert result.hookset is not None and result.hookset.hooks == ()


# -- eval and run ------------------------------------------------------------------------------


def cli(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        status = main(list(argv), stdout=out, stderr=err)
    finally:
        sys.stdin = saved
    return status, out.getvalue(), err.getvalue()


GUARD = """#!/bin/sh
echo "commits wait for review" >&2
exit 2
"""


# A derived id names its file by its path from the working directory (unique per file).
ID = ".claude/settings.PreToolUse.0.0"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    hooks = tmp_path / ".claude" / "hooks"
    hooks.mkdir(parents=True)
    guard = hooks / "guard.sh"
    guard.write_text(GUARD)
    guard.chmod(0o755)
    settings_file = tmp_path / ".claude" / "settings.json"
    handler = {"type": "command", "command": '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh',
               "if": "Bash(git commit:*)"}  # fmt: skip
    settings_file.write_text(
        json.dumps({"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [handler]}]}})
    )
    return settings_file


def bash(command: str) -> str:
    return json.dumps({"hook_event_name": "PreToolUse", "tool_name": "Bash",
                       "tool_input": {"command": command}, "cwd": "/p"})  # fmt: skip


def test_eval_applies_the_filter_and_says_when_it_guessed(project: Path) -> None:
    argv = ("eval", str(project), "--event", "PreToolUse", "--context", "-")
    assert cli(*argv, stdin=bash("ls -la"))[1] == "[]\n"
    status, out, err = cli(*argv, stdin=bash("git commit -m x"))
    assert status == 0 and json.loads(out)[0]["id"] == ID
    assert "note" not in err
    status, out, err = cli(*argv, stdin=bash('git commit -m "$(date)"'))
    assert json.loads(out)[0]["id"] == ID
    assert f"hookc: note: {ID}: the `if` rule `Bash(git commit:*)` could " in err
    assert "(fail-open)" in err
    _, out, _ = cli(*argv, "--explain", stdin=bash("ls $(pwd)"))
    assert "     note: the `if` rule `Bash(git commit:*)` could not be decided" in out


def test_run_runs_the_guard_only_where_the_filter_matches(project: Path) -> None:
    argv = ("run", str(project), "--event", "PreToolUse", "--context", "-")
    status, out, _ = cli(*argv, stdin=bash("ls -la"))
    assert status == 0
    assert "0 handlers" in out and "decision: proceed" in out
    _, out, _ = cli(*argv, stdin=bash("git commit -m x"))
    assert "exit 2" in out and "decision: deny" in out and "note:" not in out
    _, out, _ = cli(*argv, "--format", "json", stdin=bash("git commit -m `date`"))
    shown = json.loads(out)
    assert shown["verdict"] == "deny"
    assert [note["id"] for note in shown["notes"]] == [ID]
