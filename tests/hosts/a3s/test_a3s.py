"""A3S hooks (seed 002): the declarative form, the seed's examples deciding as the seed
says in the compiled module and the runtime, and the matchers held to independent
implementations of A3S's own rules (A3S-Lab/Box src/code/src/hooks/matcher.rs) over
generated paths and commands, in the reference evaluator, the compiled module and
``hookc.runtime``."""

from __future__ import annotations

import io
import re
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hookc.runtime
from hookc.backend.canonical import canonical_yaml
from hookc.cli import main
from hookc.frontend.formats.rust_regex import WHITE_SPACE, Untranslatable, translate
from hookc.frontend.load import load_file, load_source
from hookc.hosts.a3s import files as a3s
from hookc.hosts.profile import load_profile
from hookc.ir.hooks import HookSet
from hookc.runtime.a3s import outcome
from hookc.runtime.regex import compile_re2
from hookc.source import Source
from tests import ROOT
from tests.backends.test_differential import build, fires
from tests.properties import SETTINGS, examples

EXAMPLE = ROOT / "examples" / "a3s" / "hooks.yaml"


def run(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdout=out, stderr=err)
    return status, out.getvalue() + err.getvalue()


def hookset_of(text: str, name: str = "hooks.yaml") -> HookSet:
    loaded = load_source(Source(name, text))
    errors = [d.render() for d in loaded.diagnostics if d.severity.value == "error"]
    assert not errors, errors
    assert loaded.hookset is not None
    return loaded.hookset


def codes(text: str, name: str = "hooks.yaml") -> list[str]:
    return [d.code for d in load_source(Source(name, text)).diagnostics]


# -- the seed's examples --------------------------------------------------------------------


@pytest.fixture(scope="module")
def example_backends() -> list[Any]:
    loaded = load_file(EXAMPLE)
    assert loaded.hookset is not None and not loaded.diagnostics
    return [build(loaded.hookset), hookc.runtime.loads(canonical_yaml(loaded.hookset))]


def tool_event(tool: str, **args: Any) -> dict[str, Any]:
    return {
        "session_id": "session-123",
        "tool": tool,
        "args": args,
        "working_directory": "/workspace",
        "recent_tools": [],
    }


SEED_DECISIONS = [
    # Security: `rm -rf` is blocked, by the priority-1 hook, before add-timeout changes it.
    (
        "pre_tool_use",
        tool_event("Bash", command="rm -rf /tmp/test"),
        {"type": "Block", "reason": "Recursive force deletion is not allowed"},
    ),
    # Validation: a write to an .env file anywhere is refused, naming the file.
    (
        "pre_tool_use",
        tool_event("Write", file_path="/workspace/app/.env", content="KEY=1"),
        {"type": "Block", "reason": "Write access denied: /workspace/app/.env holds secrets"},
    ),
    ("pre_tool_use", tool_event("Write", file_path="src/main.rs"), {"type": "Continue"}),
    ("pre_tool_use", tool_event("Read", file_path="prod.env"), {"type": "Continue"}),
    # Transformation: Bash gets a 30 s timeout unless it has one.
    (
        "pre_tool_use",
        tool_event("Bash", command="cargo test"),
        {"type": "Continue", "modified": {"command": "cargo test", "timeout": 30000}},
    ),
    (
        "pre_tool_use",
        tool_event("Bash", command="make", timeout=5000),
        {"type": "Continue", "modified": {"command": "make", "timeout": 5000}},
    ),
    # Logging: the audit hook is asynchronous on an event that does not gate: Continue.
    (
        "post_tool_use",
        {
            "session_id": "session-123",
            "tool": "Bash",
            "args": {"command": "ls"},
            "result": {"success": True, "output": "a\n", "exit_code": 0, "duration_ms": 12},
        },
        {"type": "Continue"},
    ),
    # Retry: a rate limit retries after 5 s.
    (
        "on_rate_limit",
        {"session_id": "s", "limit_type": "llm_request_limit", "retry_after_ms": 900},
        {"type": "Retry", "retry_delay_ms": 5000, "reason": "Hook requested a retry"},
    ),
    ("session_start", {"session_id": "s", "model_provider": "x", "model_name": "y"},
     {"type": "Continue"}),
]  # fmt: skip


@pytest.mark.parametrize(("event", "context", "decision"), SEED_DECISIONS)
def test_the_seeds_examples_decide_as_the_seed_says(
    example_backends: list[Any], event: str, context: dict[str, Any], decision: dict[str, Any]
) -> None:
    for backend in example_backends:
        assert outcome(event, backend.evaluate_all(event, context)) == decision


def test_hooks_run_by_priority_lower_first(example_backends: list[Any]) -> None:
    for backend in example_backends:
        found = backend.evaluate_all("pre_tool_use", tool_event("Bash", command="rm -rf x"))
        assert [hook_id for hook_id, _ in found] == ["block-rm-rf", "add-timeout"]


def test_the_example_checks_clean_and_its_handler_exists() -> None:
    assert run("check", str(EXAMPLE)) == (0, "")


# -- the result model -------------------------------------------------------------------------


def test_skip_ends_the_run_and_drops_modifications() -> None:
    actions = [{"type": "Continue", "modified": {"a": 1}}, {"type": "Skip"}, {"type": "Block"}]
    assert outcome("pre_tool_use", actions) == {"type": "Continue"}


def test_the_last_modification_wins_and_block_stops() -> None:
    first, second = (
        {"type": "Continue", "modified": {"a": 1}},
        {"type": "Continue", "modified": {"b": 2}},
    )
    assert outcome("post_tool_use", [first, second, {"type": "Continue"}]) == second
    assert outcome("post_tool_use", [first, {"type": "Block", "reason": "no"}, second]) == {
        "type": "Block",
        "reason": "no",
    }


def test_a_handler_answers_with_a_hook_response_and_async_ones_do_not_wait() -> None:
    command = {"type": "command", "command": "./h.sh", "async_execution": True}
    asked: list[str] = []

    def answer(action: dict[str, Any]) -> dict[str, Any]:
        asked.append(action["command"])
        return {"action": "Block"}

    assert outcome("post_tool_use", [command], answer) == {"type": "Continue"}
    assert asked == []
    # On a gating event the engine waits for it even when it says async.
    assert outcome("pre_tool_use", [command], answer) == {"type": "Block", "reason": "Blocked"}
    assert asked == ["./h.sh"]


# -- the matchers against A3S's own rules -----------------------------------------------------


def glob_oracle(pattern: str, text: str) -> bool:
    """A3S's glob_match, restated: a `*` pattern without `/` is a suffix; otherwise `**/` is
    any run of characters but newlines that ends in `/`, or nothing; `**` any run but
    newlines; `*` any run but `/`; everything else itself; the whole text must match."""
    if pattern.startswith("*") and "/" not in pattern:
        return text.endswith(pattern[1:])
    # A3S replaces `**/` first, then `**`, then `*`, each left to right (`***/` is `*`
    # then `**/`): split in that order.
    tokens: list[str] = []
    for i, outer in enumerate(pattern.split("**/")):
        if i:
            tokens.append("**/")
        for j, middle in enumerate(outer.split("**")):
            if j:
                tokens.append("**")
            for k, inner in enumerate(middle.split("*")):
                if k:
                    tokens.append("*")
                tokens.extend(inner)

    @cache
    def match(t: int, at: int) -> bool:
        if t == len(tokens):
            return at == len(text)
        token = tokens[t]
        if token == "**/":
            if match(t + 1, at):
                return True
            return any(
                text[end] == "/" and "\n" not in text[at:end] and match(t + 1, end + 1)
                for end in range(at, len(text))
            )
        if token in ("**", "*"):
            stop = "\n" if token == "**" else "/"
            end = at
            while True:
                if match(t + 1, end):
                    return True
                if end == len(text) or text[end] == stop:
                    return False
                end += 1
        return text.startswith(token, at) and match(t + 1, at + 1)

    return match(0, 0)


def path_matcher_oracle(pattern: str, context: dict[str, Any]) -> bool:
    """HookMatcher::matches_path_pattern: `args.file_path` if that key is there, else
    `args.path`; only a string matches."""
    args = context.get("args")
    if not isinstance(args, dict):
        return False
    path = args["file_path"] if "file_path" in args else args.get("path")
    return isinstance(path, str) and glob_oracle(pattern, path)


glob_patterns = st.lists(
    st.sampled_from(["a", "b", ".", "/", "*", "**", "**/", "-"]), max_size=7
).map("".join)
path_texts = st.lists(st.sampled_from(["a", "b", ".", "/", "\n", "-", "ab"]), max_size=8).map(
    "".join
)
path_values = st.one_of(path_texts, st.sampled_from([None, 3, ["a"]]))


@st.composite
def path_contexts(draw: st.DrawFn) -> dict[str, Any]:
    shape = draw(st.sampled_from(["file_path", "path", "both", "none", "list", "no args"]))
    if shape == "no args":
        return {"tool": "Write"}
    if shape == "list":
        return {"tool": "Write", "args": [draw(path_texts)]}
    args: dict[str, Any] = {}
    if shape in ("file_path", "both"):
        args["file_path"] = draw(path_values)
    if shape in ("path", "both"):
        args["path"] = draw(path_values)
    return {"tool": "Write", "args": args}


def matcher_hooks(key: str, patterns: list[str]) -> HookSet:
    lines = []
    for number, pattern in enumerate(patterns):
        quoted = pattern.replace("'", "''")
        lines.append(
            f"- id: h{number}\n  event_type: pre_tool_use\n  matcher: {{{key}: '{quoted}'}}\n"
            "  response: {action: Block}\n"
        )
    return hookset_of("".join(lines))


def backends_agree(hookset: HookSet, contexts: list[dict[str, Any]], oracle: Any) -> None:
    module = build(hookset)
    runtime = hookc.runtime.loads(canonical_yaml(hookset))
    for hook in hookset.hooks:
        for context in contexts:
            expected = oracle(hook, context)
            assert fires(hook, context) is expected, (hook.id, context)
            assert (module.predicates[hook.id](context) is True) is expected, (hook.id, context)
            assert (runtime.predicates[hook.id](context) is True) is expected, (hook.id, context)


@settings(SETTINGS, max_examples=examples(60))
@given(st.lists(glob_patterns, min_size=1, max_size=4), st.lists(path_contexts(), max_size=12))
def test_path_patterns_match_as_a3s_matches_them(
    patterns: list[str], contexts: list[dict[str, Any]]
) -> None:
    hookset = matcher_hooks("path_pattern", patterns)
    by_id = dict(zip((h.id for h in hookset.hooks), patterns, strict=True))
    backends_agree(hookset, contexts, lambda hook, ctx: path_matcher_oracle(by_id[hook.id], ctx))


# Regex pieces that Rust's regex and the oracle's Python spelling read alike; `\s` and `$`
# are where the two engines differ, so the oracle spells them out itself.
REGEX_PIECES = {
    "r": "r", "m": "m", " ": " ", "-": "\\-", "f": "f", ".": ".", "*": "*", "+": "+",
    "?": "?", "|": "|", "(": "(", ")": ")", "[rm]": "[rm]", "^": "^",
    "\\s": f"[{WHITE_SPACE}]", "$": "\\Z", "\\.": "\\.", "{2}": "{2}",
}  # fmt: skip
COMMAND_PIECES = ["r", "m", " ", "-rf", "\t", "\n", "\x1c", "\u3000", ".", "f"]


def command_oracle(pieces: list[str], context: dict[str, Any]) -> bool:
    """HookMatcher::matches_command_pattern: only the Bash tool; `args.command` a string;
    the regex searched, or, when Rust's regex rejects it, the text found."""
    if context.get("tool") not in ("Bash", "bash"):
        return False
    args = context.get("args")
    command = args.get("command") if isinstance(args, dict) else None
    if not isinstance(command, str):
        return False
    try:
        compiled = re.compile("".join(REGEX_PIECES[p] for p in pieces))
    except re.error:
        return "".join(pieces) in command
    return compiled.search(command) is not None


@st.composite
def command_contexts(draw: st.DrawFn) -> dict[str, Any]:
    tool = draw(st.sampled_from(["Bash", "bash", "BASH", "Write"]))
    command: Any = "".join(draw(st.lists(st.sampled_from(COMMAND_PIECES), max_size=6)))
    if draw(st.integers(0, 9)) == 0:
        command = draw(st.sampled_from([None, 7]))
    return {"tool": tool, "args": {"command": command}}


regex_pieces = st.lists(st.sampled_from(sorted(REGEX_PIECES)), min_size=1, max_size=6)


def _translatable(pieces: list[str]) -> bool:
    try:
        translate("".join(pieces))
    except Untranslatable as problem:
        return problem.invalid
    return True


@settings(SETTINGS, max_examples=examples(60))
@given(
    st.lists(regex_pieces.filter(_translatable), min_size=1, max_size=4),
    st.lists(command_contexts(), max_size=12),
)
def test_command_patterns_match_as_a3s_matches_them(
    patterns: list[list[str]], contexts: list[dict[str, Any]]
) -> None:
    hookset = matcher_hooks("command_pattern", ["".join(p) for p in patterns])
    by_id = dict(zip((h.id for h in hookset.hooks), patterns, strict=True))
    backends_agree(hookset, contexts, lambda hook, ctx: command_oracle(by_id[hook.id], ctx))


@pytest.mark.parametrize(
    ("pattern", "path", "expected"),
    [
        ("*.rs", "src/deep/main.rs", True),  # A3S: a leading `*` without `/` is a suffix
        ("*.rs", "main.py", False),
        ("src/**/*.rs", "src/file.rs", True),
        ("src/**/*.rs", "src/deep/nested/file.rs", True),
        ("src/*.rs", "src/a/b.rs", False),
        ("src/**", "src/a\nb", False),  # Rust's `.` takes no newline
        ("src/*", "src/a\nb", True),  # but `[^/]*` does
        ("a.env", "a\n", False),  # `$` is the end of the text, not before a last newline
        ("src/[ab].rs", "src/b.rs", True),  # the rest is Rust regex syntax
        ("***/", "", True),  # A3S replaces `**/` first: `*` then `**/`
        ("***/", "x/y/", True),
        ("src/(x", "src/(x", True),  # an invalid regex: A3S compares the text (HK724)
    ],
)
def test_a3s_globs_by_example(pattern: str, path: str, expected: bool) -> None:
    hookset = matcher_hooks("path_pattern", [pattern])
    backends_agree(hookset, [{"args": {"file_path": path}}], lambda hook, ctx: expected)


@pytest.mark.parametrize(
    ("pattern", "command", "expected"),
    [
        ("rm\\s+-rf", "rm   -rf /", True),
        ("rm\\s+-rf", "rm\u3000-rf /", True),  # Unicode White_Space
        ("rm\\s+-rf", "rm\x1c-rf /", False),  # Python's `\s` would take it, Rust's does not
        ("-rf$", "rm -rf", True),
        ("-rf$", "rm -rf\n", False),  # Python's `$` would match before the newline
        ("^git\\s+", "git push", True),
        ("^git\\s+", "echo; git push", False),
        ("rm (", "rm (x", True),  # Rust rejects the regex: A3S finds the text instead
        ("rm (", "rm x", False),
    ],
)
def test_a3s_command_patterns_by_example(pattern: str, command: str, expected: bool) -> None:
    hookset = matcher_hooks("command_pattern", [pattern])
    context = {"tool": "Bash", "args": {"command": command}}
    backends_agree(hookset, [context], lambda hook, ctx: expected)


def test_the_matchers_together_must_all_hold() -> None:
    hookset = hookset_of(
        "- id: h\n  event_type: pre_tool_use\n"
        "  matcher: {tool: Bash, command_pattern: rm, session_id: session-123}\n"
    )
    contexts = [
        tool_event("Bash", command="rm file.txt"),
        tool_event("Bash", command="echo hello"),
        {**tool_event("Bash", command="rm x"), "session_id": "other"},
        tool_event("Read", path="rm.txt"),
    ]
    backends_agree(hookset, contexts, lambda hook, ctx: ctx is contexts[0])


def test_skill_events_have_the_empty_session_and_a_skill_glob() -> None:
    hookset = hookset_of(
        "- id: any\n  event_type: skill_load\n  matcher: {skill: 'test-*', session_id: ''}\n"
    )
    contexts = [{"skill_name": "test-skill"}, {"skill_name": "other-skill"}, {}]
    backends_agree(hookset, contexts, lambda hook, ctx: ctx is contexts[0])
    assert codes("- id: s\n  event_type: skill_unload\n  matcher: {session_id: s1}\n") == ["HK722"]


def test_tool_matchers_never_match_where_a3s_gives_no_tool_even_if_the_payload_has_one() -> None:
    # permission_request's payload has `tool`, but HookEvent::tool_name() gives None there.
    hookset = hookset_of(
        "- id: p\n  event_type: permission_request\n  matcher: {tool: Bash}\n"
        "  response: {action: Block}\n"
    )
    context = {"session_id": "s", "tool_id": "t1", "tool": "Bash", "args": {}}
    backends_agree(hookset, [context], lambda hook, ctx: False)
    found = codes("- id: p\n  event_type: permission_request\n  matcher: {tool: Bash}\n")
    assert found == ["HK722"]


def test_white_space_is_rusts_not_pythons() -> None:
    spaces = compile_re2(translate(r"\s"))
    assert spaces.search("\u3000") and spaces.search("\x85")
    assert not spaces.search("\x1c")  # Python's own `\s` takes the information separators


# -- checks ----------------------------------------------------------------------------------


def test_an_unknown_matcher_key_is_an_error_with_a_suggestion() -> None:
    loaded = load_source(
        Source("h.yaml", "- id: h\n  event_type: pre_tool_use\n  matcher: {tool_name: Bash}\n")
    )
    (found,) = loaded.diagnostics
    assert (found.code, found.hint) == ("HK721", "did you mean `tool`?")


@pytest.mark.parametrize(
    ("entry", "code"),
    [
        ("event_type: pre_tool_usee", "HK402"),
        ("event_type: pre_tool_use\n  config: {priority: high}", "HK205"),
        ("event_type: pre_tool_use\n  config: {priority: 1.5}", "HK205"),
        ("event_type: pre_tool_use\n  config: {prority: 1}", "HK205"),
        ("event_type: pre_tool_use\n  matcher: {command_pattern: '\\w+'}", "HK711"),
        ("event_type: pre_tool_use\n  matcher: {command_pattern: 'rm ('}", "HK724"),
        ("event_type: pre_tool_use\n  matcher: {path_pattern: 'src/\\d'}", "HK711"),
        ("event_type: session_start\n  matcher: {tool: Bash}", "HK722"),
        ("event_type: pre_tool_use\n  handler: {command: ./missing.sh}", "HK707"),
        ("event_type: pre_tool_use\n  response: {action: Deny}", "HK301"),
        ("event_type: pre_tool_use\n  response: {action: Block, delay: 1}", "HK302"),
        (
            "event_type: post_tool_use\n  config: {async_execution: true}\n"
            "  response: {action: Block}",
            "HK723",
        ),
    ],
)
def test_checks_with_codes(entry: str, code: str | None) -> None:
    found = codes(f"- id: h\n  {entry}\n")
    assert found == ([code] if code else [])


def test_a_registry_file_given_the_a3s_profile_is_told_what_it_is() -> None:
    text = "id: x\nevent_type: PostAbilityCall\nhandler: {kind: script, command: ./x.sh}\n"
    loaded = load_source(Source("x.yaml", text), load_profile("a3s"))
    (found,) = loaded.diagnostics
    assert found.code == "HK403"
    assert found.hint == "read it with --profile registry, or without --profile"


@pytest.mark.parametrize(
    "text",
    [
        "- id: b\n  event_type: pre_tool_use\n",
        "- event_type: pre_tool_use\n  id: b\n",
        "- {id: b, event_type: pre_tool_use}\n",
        "# hooks\n- {'id': b, 'event_type': pre_tool_use}\n",
        "- name: audit\n  event_type: pre_tool_use\n",
        "---\n# hooks\n\n-\n  matcher: {tool: Bash}\n  event_type: pre_tool_use\n",
        "[{name: audit, event_type: pre_tool_use}]\n",
    ],
)
def test_a3s_lists_are_recognised_in_any_yaml_style(text: str) -> None:
    assert a3s.claims("hooks.yaml", text)
    assert not a3s.claims("hooks.yaml", "hooks:\n  - id: b\n    event: limit\n")
    # A list under a key, even at column 0, is not a list at the root.
    assert not a3s.claims("hooks.yaml", "hooks:\n- id: b\n  event_type: pre_tool_use\n")


def test_json_hook_lists_are_read_too() -> None:
    text = '[{"id": "b", "event_type": "pre_tool_use", "matcher": {"tool": "Bash"}}]'
    assert a3s.claims("hooks.json", text)
    assert [h.id for h in hookset_of(text, "hooks.json").hooks] == ["b"]


def test_duplicate_ids_replace_each_other_in_a3s_and_are_an_error() -> None:
    entry = "- id: h\n  event_type: pre_tool_use\n"
    assert codes(entry + entry) == ["HK401"]


@pytest.mark.parametrize(
    "pattern",
    [r"(?i)sudo", "[[:alpha:]]", "[a&&b]", "[a--b]", "a**", "x{1001}", r"\pL", r"[\S]",
     r"\bsudo", r"\d+", r"[\d]", "a{", "}", "(?<name>x)", "(" * 101 + ")" * 101],
)  # fmt: skip
def test_rust_regex_that_python_cannot_say_exactly_is_refused(pattern: str) -> None:
    with pytest.raises(Untranslatable) as refused:
        translate(pattern)
    assert not refused.value.invalid


@pytest.mark.parametrize("pattern", ["(", "a)", "*a", "a|*", "[z-a]", "[abc", "\\"])
def test_rust_regex_that_both_engines_reject_is_invalid(pattern: str) -> None:
    with pytest.raises(Untranslatable) as rejected:
        translate(pattern)
    assert rejected.value.invalid


@pytest.mark.parametrize(
    ("pattern", "text", "found"),
    [
        (r"[\s,]+", "a ,\u2003b", True),
        (r"^[^/]*\.rs$", "main.rs", True),
        (r"^[^/]*\.rs$", "src/main.rs", False),
        (r"[0-9]{2,}?x", "a12x", True),
        (r"[]x]", "]", True),
        (r"a\.b", "axb", False),
        ("", "anything", True),
    ],
)
def test_rust_regex_translations_by_example(pattern: str, text: str, found: bool) -> None:
    assert bool(compile_re2(translate(pattern)).search(text)) is found
