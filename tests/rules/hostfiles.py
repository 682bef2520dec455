"""Generated hook files of every host's format with planted fixable mistakes, for the
properties of ``hookc check --fix`` (tests/rules/test_fix.py).

A file is drawn as a model (events, matcher groups, handlers), written out by its format's
writer (JSON, YAML, YAML front matter, TOML) as pieces: literal text, and holes that hold a
mistake and what its fix should write there (an event or a matcher in another case, a field
spelt another way, a timeout in the other unit, ``hooks`` misspelt). Around them, noise that
keeps the file the same to its host: CRLF or LF, a byte order mark, the indentation's width,
inline or block containers, key order, and comments and quoting where the format has them
(YAML, TOML; none of the hosts reads JSON with comments). The file with the mistakes is the
wrong pieces joined; the file as the fixes should leave it, the right ones.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from hypothesis import strategies as st

# -- pieces ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hole:
    """Text with a mistake (``wrong``), what the fix writes (``right``), and the finding's
    code; ``unsafe``: the fix is applied only with --unsafe-fixes."""

    wrong: str
    right: str
    code: str
    unsafe: bool = False
    hides: bool = False  # while it is not fixed, the host reads nothing else of the file


Piece = str | Hole


@dataclass(frozen=True)
class Quoted:
    """A string value with a hole in it: quotes around, the hole inside."""

    hole: Hole


@dataclass(frozen=True)
class Obj:
    """A mapping in the order written; a key may be a hole."""

    entries: tuple[tuple[str | Hole, object], ...]


@dataclass(frozen=True)
class Case:
    """A generated file: where it lives, which host reads it, its pieces."""

    format: str
    name: str
    host: str
    pieces: tuple[Piece, ...]

    def text(self, right: bool, unsafe: bool = True) -> str:
        hidden = any(
            isinstance(p, Hole) and p.hides and p.unsafe and not unsafe for p in self.pieces
        )
        right = right and not hidden
        return "".join(
            p if isinstance(p, str) else p.right if right and (unsafe or not p.unsafe) else p.wrong
            for p in self.pieces
        )

    @property
    def holes(self) -> list[Hole]:
        return [p for p in self.pieces if isinstance(p, Hole) and p.wrong != p.right]

    def outside(self) -> re.Pattern[str]:
        """A pattern a text matches where its bytes outside the holes are as generated."""
        return re.compile(
            "".join(re.escape(p) if isinstance(p, str) else "(.*?)" for p in self.pieces),
            re.DOTALL,
        )


def recase(word: str) -> st.SearchStrategy[str]:
    """``word`` with each letter in either case (possibly as it is)."""
    return st.tuples(*(st.sampled_from(sorted({c.lower(), c.upper()})) for c in word)).map("".join)


def event_hole(draw: st.DrawFn, s: Spec, event: str) -> Hole | str:
    return case_hole(draw, event, "HK402", s.keep_initial) if s.event_case else event


def case_hole(draw: st.DrawFn, word: str, code: str, keep_initial: bool = False) -> Hole:
    """``word`` in another case; ``keep_initial``: its first letter as it is (Copilot's
    ``preToolUse`` and ``PreToolUse`` are two events: the first letter says which)."""
    written = draw(recase(word))
    return Hole(word[0] + written[1:] if keep_initial else written, word, code)


# -- noise ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Noise:
    nl: str
    bom: str
    unit: str  # one level of indentation
    comments: bool  # comments may be added (the format has them)
    draw: st.DrawFn = field(repr=False)

    def shuffled(self, entries: Sequence[tuple[str | Hole, object]]) -> tuple:
        """The entries in another order, the first kept first where it is `type` (a reader
        may not care; a reader of people's files sees them in every order)."""
        return tuple(self.draw(st.permutations(list(entries))))

    def comment(self, text: str) -> str:
        if not self.comments or not self.draw(st.booleans()):
            return ""
        return self.draw(st.sampled_from([f"  # {text}", f"    #{text}", f" # {text}: ok"]))


def noise(draw: st.DrawFn, comments: bool, tabs: bool = True) -> Noise:
    units = ["  ", "    ", " "] + (["\t"] if tabs else [])
    return Noise(
        draw(st.sampled_from(["\n", "\r\n"])),
        draw(st.sampled_from(["", "\ufeff"])),
        draw(st.sampled_from(units)),
        comments,
        draw,
    )


# -- writers ----------------------------------------------------------------------------------


def _scalar_json(value: object) -> list[Piece]:
    if isinstance(value, Hole):
        return [value]
    if isinstance(value, Quoted):
        return ['"', value.hole, '"']
    return [json.dumps(value)]


def write_json(value: object, n: Noise, depth: int = 0) -> list[Piece]:
    """JSON, each container inline or in lines."""
    if isinstance(value, (Obj, list)):
        items = value.entries if isinstance(value, Obj) else value
        if not items:
            return ["{}" if isinstance(value, Obj) else "[]"]
        inline = n.draw(st.booleans()) if depth > 0 else False
        open_, close = ("{", "}") if isinstance(value, Obj) else ("[", "]")
        between = ", " if inline else "," + n.nl + n.unit * (depth + 1)
        out: list[Piece] = [open_ if inline else open_ + n.nl + n.unit * (depth + 1)]
        for index, item in enumerate(items):
            if index:
                out.append(between)
            if isinstance(value, Obj):
                key, item = item
                out += ['"', key, '": '] if isinstance(key, Hole) else [json.dumps(key) + ": "]
            out += write_json(item, n, depth + 1)
        out.append(close if inline else n.nl + n.unit * depth + close)
        return out
    return _scalar_json(value)


_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9_ ./|-]*")


def _scalar_yaml(value: object, n: Noise) -> list[Piece]:
    if isinstance(value, Hole):
        return [value]
    if isinstance(value, Quoted):
        quote = n.draw(st.sampled_from(["", "'", '"']))
        return [quote, value.hole, quote]
    if isinstance(value, bool):
        return ["true" if value else "false"]
    if isinstance(value, int):
        return [str(value)]
    text = str(value)
    quotes = ["'", '"'] + ([""] if _PLAIN.fullmatch(text) and not text.endswith(" ") else [])
    quote = n.draw(st.sampled_from(quotes))
    return [quote + text + quote if quote != '"' else json.dumps(text)]


def write_yaml(value: object, n: Noise, pad: str = "") -> list[Piece]:
    """YAML in block style: comments above keys and after values where drawn, a list under
    a key indented or not (YAML allows both)."""
    if isinstance(value, Obj):
        return _yaml_map(value, n, pad, pad)
    if isinstance(value, list):
        return _yaml_list(value, n, pad)
    return [*_scalar_yaml(value, n), n.nl]


def _yaml_map(value: Obj, n: Noise, pad: str, first: str) -> list[Piece]:
    out: list[Piece] = []
    for index, (key, item) in enumerate(value.entries):
        if index:
            above = n.comment("why")
            if above:
                out.append(f"{pad}{above.strip()}{n.nl}")
        out += [first if index == 0 else pad, key, ":"]
        if isinstance(item, Obj) and item.entries:
            out.append(n.comment("below") + n.nl)
            out += _yaml_map(item, n, pad + n.unit, pad + n.unit)
        elif isinstance(item, list) and item:
            out.append(n.comment("below") + n.nl)
            out += _yaml_list(item, n, pad + n.draw(st.sampled_from(["", n.unit])))
        else:
            out += [" ", *(["[]"] if item == [] else _scalar_yaml(item, n)), n.comment("v") + n.nl]
    return out


def _yaml_list(value: list[object], n: Noise, pad: str) -> list[Piece]:
    out: list[Piece] = []
    for item in value:
        if isinstance(item, Obj):
            out += _yaml_map(item, n, pad + "  ", pad + "- ")
        else:
            out += [pad, "- ", *_scalar_yaml(item, n), n.nl]
    return out


def _toml_header(n: Noise, event: str | Hole, below: str = "") -> list[Piece]:
    """``[[hooks.<event><below>]]``, the event's key bare or quoted and the dots spaced or
    not as drawn (TOML reads them all as one path)."""
    quote = n.draw(st.sampled_from(["", "", '"', "'"]))
    dot = n.draw(st.sampled_from([".", ".", " . "]))
    pad = n.draw(st.sampled_from(["", "", " "]))
    tail = below.replace(".", dot)
    return [f"[[{pad}hooks{dot}{quote}", event, f"{quote}{tail}{pad}]]"]


def write_toml_codex(model: Obj, n: Noise) -> list[Piece]:
    """Codex's config.toml: ``[[hooks.<Event>]]`` tables of groups, each group's handlers as
    ``[[hooks.<Event>.hooks]]`` tables or an inline array (the event's name, a hole, in
    every header that names it, bare or quoted)."""
    out: list[Piece] = [f'model = "gpt-5-codex"{n.comment("the model")}{n.nl}{n.nl}']
    out.append(f"[features]{n.nl}hooks = true{n.comment('on')}{n.nl}")
    hooks = dict(model.entries)["hooks"]
    assert isinstance(hooks, Obj)
    for event, groups in hooks.entries:
        assert isinstance(groups, list)
        for group in groups:
            out += [n.nl, *_toml_header(n, event), n.comment("a group") + n.nl]
            handlers = []
            for key, value in group.entries:
                if key == "hooks":
                    handlers = value
                    continue
                out += [f"{key} = ", *_scalar_json(value), n.comment("v") + n.nl]
            if n.draw(st.booleans()):
                for handler in handlers:
                    out += [n.nl, *_toml_header(n, event, ".hooks"), n.nl]
                    for key, value in handler.entries:
                        out += [key, " = ", *_scalar_json(value), n.comment("v") + n.nl]
            else:
                out.append("hooks = [")
                for index, handler in enumerate(handlers):
                    out.append(", " if index else "")
                    out.append("{")
                    for i, (key, value) in enumerate(handler.entries):
                        out += [", " if i else " ", key, " = ", *_scalar_json(value)]
                    out.append(" }")
                out.append("]" + n.nl)
    return out


# -- the hosts' files -------------------------------------------------------------------------


@dataclass(frozen=True)
class Spec:
    """What a host's hook file holds, for the model: its events (tools for the matchers of
    those that have one), the timeout's key and unit, whether handlers have a ``type``,
    fields some write another way (the right name, a wrong one, a value)."""

    events: tuple[str, ...]
    tools: dict[str, tuple[str, ...]] = field(default_factory=dict)
    timeout: str | None = "timeout"
    unit: str = "s"
    typed: bool = True
    command: str = "command"
    renames: tuple[tuple[str, str, object], ...] = ()
    # Events planted in another case: not where no fix exists yet (the docstring of FORMATS).
    event_case: bool = True
    keep_initial: bool = False  # events that differ by their first letter's case alone
    misspelt_hooks: bool = False  # HK231 applies: a JSON file with a `hooks` object
    top: tuple[tuple[str, object], ...] = ()


def timeout(draw: st.DrawFn, unit: str) -> object:
    seconds = draw(st.integers(4, 600))
    if not draw(st.booleans()):
        return seconds if unit == "s" else seconds * 1000
    if unit == "s":  # written in milliseconds
        return Hole(str(seconds * 1000), str(seconds), "HK706", unsafe=True)
    return Hole(str(seconds), str(seconds * 1000), "HK717", unsafe=True)


def handler(draw: st.DrawFn, n: Noise, s: Spec, command: str, matcher: object = None) -> Obj:
    fields: list[tuple[str | Hole, object]] = []
    if s.typed:
        fields.append(("type", "command"))
    fields.append((s.command, command))
    if matcher is not None:
        fields.append(("matcher", matcher))
    if s.timeout and draw(st.booleans()):
        fields.append((s.timeout, timeout(draw, s.unit)))
    for right, alt, value in s.renames:
        if draw(st.booleans()):
            fields.append((Hole(alt, right, "HK704") if draw(st.booleans()) else right, value))
    return Obj(n.shuffled(fields))


def matcher(draw: st.DrawFn, s: Spec, event: str) -> object:
    tools = s.tools.get(event)
    if not tools or not draw(st.booleans()):
        return None
    return Quoted(case_hole(draw, draw(st.sampled_from(tools)), "HK703"))


def events(draw: st.DrawFn, s: Spec) -> list[str]:
    return draw(st.lists(st.sampled_from(s.events), min_size=1, max_size=3, unique=True))


def hooks_key(draw: st.DrawFn, s: Spec) -> str | Hole:
    if s.misspelt_hooks and draw(st.integers(0, 3)) == 0:
        return Hole(
            draw(st.sampled_from(["Hooks", "hook", "HOOKS", "hooks_"])),
            "hooks",
            "HK231",
            True,
            hides=True,
        )
    return "hooks"


def groups_model(draw: st.DrawFn, n: Noise, s: Spec) -> Obj:
    """Claude Code's shape: events, matcher groups, ``hooks`` lists of handlers."""
    entries = []
    for event in events(draw, s):
        groups = []
        for index in range(draw(st.integers(1, 2))):
            group: list[tuple[str | Hole, object]] = []
            found = matcher(draw, s, event)
            if found is not None:
                group.append(("matcher", found))
            group.append(("hooks", [handler(draw, n, s, f"echo {event} {index}")]))
            groups.append(Obj(n.shuffled(group)))
        entries.append((event_hole(draw, s, event), groups))
    return Obj(n.shuffled([*s.top, (hooks_key(draw, s), Obj(tuple(entries)))]))


def flat_model(draw: st.DrawFn, n: Noise, s: Spec) -> Obj:
    """Cursor's, Windsurf's, Copilot's shape: handlers (their matcher beside their fields)
    listed under their events."""
    entries = []
    for event in events(draw, s):
        handlers = [
            handler(draw, n, s, f"echo {event} {index}", matcher(draw, s, event))
            for index in range(draw(st.integers(1, 2)))
        ]
        entries.append((event_hole(draw, s, event), handlers))
    return Obj(n.shuffled([*s.top, (hooks_key(draw, s), Obj(tuple(entries)))]))


def kiro_model(draw: st.DrawFn, n: Noise, s: Spec) -> Obj:
    hooks = []
    for index, event in enumerate(events(draw, s)):
        fields: list[tuple[str | Hole, object]] = [
            ("name", f"hook-{index}"),
            ("trigger", Quoted(case_hole(draw, event, "HK402"))),
            ("action", Obj((("type", "command"), ("command", f"echo {index}")))),
        ]
        found = matcher(draw, s, event)
        if found is not None:
            fields.append(
                (Hole("Matcher", "matcher", "HK704") if draw(st.booleans()) else "matcher", found)
            )
        if draw(st.booleans()):
            fields.append(("timeout", timeout(draw, "s")))
        if draw(st.booleans()):
            fields.append((Hole("Description", "description", "HK704"), "why"))
        hooks.append(Obj(n.shuffled(fields)))
    return Obj(n.shuffled([("version", "v1"), ("hooks", hooks)]))


KIRO_LEGACY = (
    "fileEdited",
    "fileCreated",
    "fileDeleted",
    "userTriggered",
    "promptSubmit",
    "agentStop",
)


def kiro_legacy_model(draw: st.DrawFn, n: Noise, s: Spec) -> Obj:
    kind = draw(st.sampled_from(KIRO_LEGACY))
    when: list[tuple[str | Hole, object]] = [("type", Quoted(case_hole(draw, kind, "HK402")))]
    if kind.startswith("file"):
        when.append(("patterns", ["**/*.py"]))
    fields = [
        ("name", "Format"),
        ("version", "1"),
        ("when", Obj(n.shuffled(when))),
        ("then", Obj(n.shuffled([("type", "runCommand"), ("command", "ruff format")]))),
    ]
    return Obj(n.shuffled(fields))


def docker_agent_model(draw: st.DrawFn, n: Noise, s: Spec) -> Obj:
    entries = []
    for event in events(draw, s):
        handlers = [handler(draw, n, s, f"echo {event}")]
        value: object = [Obj((("hooks", handlers),))] if event in s.tools else handlers
        entries.append((case_hole(draw, event, "HK402"), value))
    root = Obj((("model", "openai/gpt-5"), ("hooks", Obj(tuple(entries)))))
    return Obj((("version", "5"), ("agents", Obj((("root", root),)))))


def native_model(draw: st.DrawFn, n: Noise, s: Spec) -> Obj:
    hooks = [
        Obj(
            n.shuffled(
                [
                    ("id", f"h{index}"),
                    ("event", Quoted(case_hole(draw, event, "HK402"))),
                    ("action", Obj((("type", "abort"),))),
                ]
            )
        )
        for index, event in enumerate(
            draw(st.lists(st.sampled_from(s.events), min_size=1, max_size=4))
        )
    ]
    return Obj((("hooks", hooks),))


def registry_model(draw: st.DrawFn, n: Noise, s: Spec) -> Obj:
    event = draw(st.sampled_from(s.events))
    return Obj(
        n.shuffled(
            [
                ("id", "tracker"),
                ("event_type", Quoted(case_hole(draw, event, "HK402"))),
                ("enabled", True),
                ("handler", Obj((("kind", "script"), ("command", "python3 -m hooks.track")))),
            ]
        )
    )


def a3s_model(draw: st.DrawFn, n: Noise, s: Spec) -> list[Obj]:
    return [
        # `id` first: an item is A3S's by its first key (hookc.hosts.a3s.files).
        Obj(
            (
                ("id", f"audit-{index}"),
                *n.shuffled(
                    [
                        ("event_type", Quoted(case_hole(draw, event, "HK402"))),
                        ("handler", Obj((("command", f"python3 -m audit {index}"),))),
                    ]
                ),
            )
        )
        for index, event in enumerate(events(draw, s))
    ]


def rye_model(draw: st.DrawFn, n: Noise, s: Spec) -> Obj:
    hooks = [
        Obj(
            n.shuffled(
                [
                    ("id", f"retry_{index}"),
                    ("event", Quoted(case_hole(draw, event, "HK402"))),
                    ("layer", 1),
                    (
                        "action",
                        Obj(
                            (
                                ("primary", "execute"),
                                ("item_type", "tool"),
                                ("item_id", "rye/agent/threads/internal/control"),
                                ("params", Obj((("action", "retry"),))),
                            )
                        ),
                    ),
                ]
            )
        )
        for index, event in enumerate(events(draw, s))
    ]
    head = (
        ("category", "agent"),
        ("tool_type", "config"),
        ("version", "1.0.0"),
        ("description", "Retries"),
        ("schema_version", "1.0.0"),
    )
    return Obj((*head, ("builtin_hooks", hooks)))


# -- the table --------------------------------------------------------------------------------
# Not planted yet, for want of a fix (see the report of issue 29): an event in another case in
# a VS Code agent's front matter (reported as HK753, which has no fix).
# --------------------------------------------------------------------------------

CLAUDE = Spec(
    events=("PreToolUse", "PostToolUse", "Stop", "UserPromptSubmit", "SessionEnd", "SubagentStop"),
    tools={e: ("Bash", "Edit", "Write", "Read", "Grep") for e in ("PreToolUse", "PostToolUse")},
    renames=(("statusMessage", "status_message", "checking"),),
    misspelt_hooks=True,
)
GEMINI = Spec(
    events=("BeforeTool", "AfterTool", "BeforeAgent", "SessionEnd", "Notification"),
    tools={
        e: ("run_shell_command", "write_file", "read_file") for e in ("BeforeTool", "AfterTool")
    },
    unit="ms",
    renames=(("description", "Description", "a guard"),),
    misspelt_hooks=True,
)


@dataclass(frozen=True)
class Format:
    """A host's file format: where such a file lives, the host that reads it, its spec,
    the model's shape and how it is written."""

    label: str
    path: str
    host: str
    spec: Spec
    model: Callable[[st.DrawFn, Noise, Spec], object]
    writer: str  # json, yaml, front (YAML front matter of Markdown), toml


FORMATS = (
    Format(
        "claude-code settings", ".claude/settings.json", "claude-code", CLAUDE, groups_model, "json"
    ),
    Format(
        "claude-code agent",
        ".claude/agents/helper.md",
        "claude-code",
        Spec(CLAUDE.events, CLAUDE.tools, renames=CLAUDE.renames),
        groups_model,
        "front",
    ),
    Format("gemini-cli", ".gemini/settings.json", "gemini-cli", GEMINI, groups_model, "json"),
    Format("tabnine", ".tabnine/agent/settings.json", "tabnine", GEMINI, groups_model, "json"),
    Format(
        "qwen-code",
        ".qwen/settings.json",
        "qwen-code",
        Spec(
            events=("PreToolUse", "PostToolUse", "Stop", "PermissionRequest", "SessionEnd"),
            tools={
                e: ("run_shell_command", "write_file", "read_file")
                for e in ("PreToolUse", "PostToolUse")
            },
            unit="ms",
            renames=(("statusMessage", "status_message", "checking"),),
            misspelt_hooks=True,
        ),
        groups_model,
        "json",
    ),
    Format(
        "codex hooks.json",
        ".codex/hooks.json",
        "codex",
        Spec(
            events=("PreToolUse", "PostToolUse", "Stop", "SessionStart", "UserPromptSubmit"),
            tools={e: ("Bash", "apply_patch") for e in ("PreToolUse", "PostToolUse")},
            renames=(("statusMessage", "status_message", "checking"),),
            misspelt_hooks=True,
        ),
        groups_model,
        "json",
    ),
    Format(
        "codex config.toml",
        ".codex/config.toml",
        "codex",
        Spec(
            events=("PreToolUse", "PostToolUse", "Stop", "SessionStart", "UserPromptSubmit"),
            tools={e: ("Bash", "apply_patch") for e in ("PreToolUse", "PostToolUse")},
            renames=(("statusMessage", "status_message", "checking"),),
        ),
        groups_model,
        "toml",
    ),
    Format(
        "factory",
        ".factory/settings.json",
        "factory",
        Spec(
            events=("PreToolUse", "PostToolUse", "Stop", "SessionEnd", "Notification"),
            tools={e: ("Execute", "Edit", "Create", "Read") for e in ("PreToolUse", "PostToolUse")},
            renames=(("statusMessage", "status_message", "checking"),),
            misspelt_hooks=True,
        ),
        groups_model,
        "json",
    ),
    Format(
        "augment",
        ".augment/settings.json",
        "augment",
        Spec(
            events=("PreToolUse", "PostToolUse", "Stop", "SessionStart", "SessionEnd"),
            unit="ms",
            misspelt_hooks=True,
        ),
        groups_model,
        "json",
    ),
    Format(
        "cursor",
        ".cursor/hooks.json",
        "cursor",
        Spec(
            events=(
                "beforeShellExecution",
                "afterFileEdit",
                "preToolUse",
                "sessionEnd",
                "beforeReadFile",
            ),
            tools={"preToolUse": ("Shell", "Write", "Read")},
            typed=False,
            renames=(("failClosed", "fail_closed", False),),
            top=(("version", 1),),
            misspelt_hooks=True,
        ),
        flat_model,
        "json",
    ),
    Format(
        "windsurf",
        ".windsurf/hooks.json",
        "windsurf",
        Spec(
            events=("pre_run_command", "post_write_code", "pre_read_code", "post_cascade_response"),
            timeout=None,
            typed=False,
            renames=(
                ("show_output", "showOutput", True),
                ("working_directory", "workingDirectory", "web"),
            ),
            misspelt_hooks=True,
        ),
        flat_model,
        "json",
    ),
    Format(
        "copilot",
        ".github/hooks/guard.json",
        "copilot",
        Spec(
            events=("sessionEnd", "userPromptSubmitted", "preToolUse", "postToolUse", "agentStop"),
            timeout="timeoutSec",
            keep_initial=True,
            command="bash",
            renames=(("cwd", "Cwd", "web"),),
            top=(("version", 1),),
            misspelt_hooks=True,
        ),
        flat_model,
        "json",
    ),
    Format(
        "vscode agent",
        ".github/agents/helper.agent.md",
        "vscode",
        Spec(
            events=("SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"),
            event_case=False,
            renames=(("timeoutSec", "timeout_sec", 30),),
        ),
        flat_model,
        "front",
    ),
    Format(
        "kiro",
        ".kiro/hooks/guards.json",
        "kiro",
        Spec(
            events=("PreToolUse", "PostToolUse", "Stop", "PostFileSave", "UserPromptSubmit"),
        ),
        kiro_model,
        "json",
    ),
    Format(
        "kiro legacy",
        ".kiro/hooks/format.kiro.hook",
        "kiro",
        Spec(events=()),
        kiro_legacy_model,
        "json",
    ),
    Format(
        "docker-agent",
        "agent.yaml",
        "docker-agent",
        Spec(
            events=(
                "pre_tool_use",
                "post_tool_use",
                "session_start",
                "user_prompt_submit",
                "turn_end",
            ),
            tools={"pre_tool_use": (), "post_tool_use": ()},
        ),
        docker_agent_model,
        "yaml",
    ),
    Format(
        "native",
        "generated.hooks.yaml",
        "native",
        Spec(
            events=("error", "limit", "before_step", "after_step"),
        ),
        native_model,
        "yaml",
    ),
    Format(
        "registry",
        ".system/hooks/hook.yaml",
        "registry",
        Spec(
            events=(
                "UserPromptSubmit",
                "PreAbilityCall",
                "PostAbilityCall",
                "SessionStart",
                "SessionEnd",
            ),
        ),
        registry_model,
        "yaml",
    ),
    Format(
        "a3s",
        "hooks.yaml",
        "a3s",
        Spec(
            events=("pre_tool_use", "post_tool_use", "session_start", "session_end", "on_error"),
        ),
        a3s_model,
        "yaml",
    ),
    Format(
        "rye",
        "hook_conditions.yaml",
        "rye",
        Spec(
            events=("error", "limit", "after_step", "thread_started", "after_complete"),
        ),
        rye_model,
        "yaml",
    ),
)


@st.composite
def files(draw: st.DrawFn, fmt: Format) -> Case:
    """A file of ``fmt`` with mistakes planted and noise around them."""
    comments = fmt.writer in ("yaml", "front", "toml")
    n = noise(draw, comments, tabs=fmt.writer == "json")
    model = fmt.model(draw, n, fmt.spec)
    if fmt.writer == "json":
        pieces = [*write_json(model, n), n.nl]
    elif fmt.writer == "toml":
        assert isinstance(model, Obj)
        pieces = write_toml_codex(model, n)
    else:
        head = ["# generated", n.nl] if comments and draw(st.booleans()) else []
        body = [*head, *write_yaml(model, n)]
        if fmt.writer == "front":
            assert isinstance(model, Obj)
            model = Obj(
                (("name", "helper"), ("description", "Formats what it edits"), *model.entries)
            )
            body = ["---", n.nl, *write_yaml(model, n), "---", n.nl, "Format what you edit.", n.nl]
        pieces = body
    return Case(fmt.label, fmt.path, fmt.host, (n.bom, *pieces))
