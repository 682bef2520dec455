"""Round trips that close: what ``hookc check`` accepts, ``fmt`` and ``compile --target yaml``
write, and what they write, ``check`` and ``hookc.runtime`` accept. What ``check`` refuses,
``compile`` refuses too, and nothing ends in an internal error. Generated files include the
shapes that once broke the round trip: deep map literals, ``priority: 1.0``, catalog
defaults, RE2 patterns, text with every kind of character."""

from __future__ import annotations

import io
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

import hookc.runtime
from hookc.cel.printer import to_text
from hookc.cli import main
from tests.backends.test_regex import patterns
from tests.frontend.test_canonical import parser_made
from tests.properties import SETTINGS, examples
from tests.strategies import conditions, expressions


def run(*argv: str | Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main([str(a) for a in argv], stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def _quoted(text: str) -> str:
    return (
        '"'
        + "".join(c if " " <= c <= "~" and c not in '"\\' else f"\\U{ord(c):08x}" for c in text)
        + '"'
    )


def _nested(depth: int, kind: str) -> str:
    if kind == "map":
        return "{'a': " * depth + "1" + "}" * depth + " == x"
    if kind == "list":
        return "[" * depth + "1" + "]" * depth + " == x"
    return "size(" * depth + "x" + ")" * depth + " > 0"


_whens = st.one_of(
    st.one_of(conditions, expressions).filter(parser_made).map(to_text),
    st.builds(_nested, st.integers(1, 126), st.sampled_from(["map", "list", "size"])),
)
_leaves = st.one_of(
    patterns.map(lambda pair: f"{{path: cmd, op: regex, value: {_quoted(pair[0])}}}"),
    st.text(max_size=8).map(lambda t: f"{{path: cmd, op: starts_with, value: {_quoted(t)}}}"),
)
_priorities = st.one_of(
    st.integers(-(2**63), 2**63 - 1).map(str),
    st.integers(-5, 5).map(lambda n: f"{n}.0"),
    st.sampled_from(["9223372036854775808", "1.5", "1e3"]),
)
_catalog = st.sampled_from(
    [
        "",
        "action_types:\n  notify:\n    parameters:\n"
        "      level: {type: string, enum: [low, high], default: low}\n",
        "action_types:\n  notify:\n    parameters:\n"
        "      level: {type: string, enum: [low, high], default: medium}\n",
        "action_types:\n  notify:\n    parameters:\n      level: {type: integer, default: x}\n",
    ]
)


@st.composite
def hook_files(draw: st.DrawFn) -> str:
    catalog = draw(_catalog)
    lines = [catalog.rstrip("\n")] if catalog else []
    lines.append("hooks:")
    for i in range(draw(st.integers(1, 3))):
        fields = [("id", f"h{i}"), ("event", draw(st.sampled_from(["error", "limit"])))]
        if draw(st.booleans()):
            fields.append(("when", _quoted(draw(_whens))))
        else:
            fields.append(("condition", draw(_leaves)))
        if draw(st.booleans()):
            fields.append(("priority", draw(_priorities)))
        action = "{type: notify}" if catalog and draw(st.booleans()) else "{type: continue}"
        fields.append(("action", action))
        if draw(st.booleans()):
            text = draw(st.text(max_size=12))
            fields.append(("description", _quoted(text)))
        lines.append("  - " + "\n    ".join(f"{key}: {value}" for key, value in fields))
    return "\n".join(lines) + "\n"


def _errors(status: int, err: str) -> bool:
    assert "internal error" not in err, err
    assert status in (0, 1), err
    return status == 1


@settings(SETTINGS, max_examples=examples(80))
@given(hook_files())
def test_what_check_accepts_fmt_and_compile_write_and_check_and_the_runtime_read_back(
    text: str,
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "gen.hooks.yaml"
        path.write_text(text, encoding="utf-8")
        status, _, err = run("check", path)
        refused = _errors(status, err)
        compiled = run("compile", path, "-o", Path(folder) / "out", "--target", "yaml")
        formatted = run("fmt", path)
        if refused:  # compile refuses it too; fmt (which runs no checks) may tidy it
            assert _errors(compiled[0], compiled[2])
            _errors(formatted[0], formatted[2])
            return
        assert compiled[0] == 0 and formatted[0] == 0, compiled[2] + formatted[2]
        canonical = Path(folder) / "out" / "gen.hooks.yaml"
        for written in (canonical, path):
            status, out, err = run("check", written)
            assert not _errors(status, err), out
        # The runtime reads canonical YAML; fmt keeps the author's `when:` text, which only
        # the compiler reads.
        hookc.runtime.load(canonical)  # a LoadError fails the test
        assert run("fmt", "--check", path)[0] == 0


def test_the_generator_makes_files_check_refuses_and_files_it_accepts() -> None:
    # The property means something only if both branches are taken.
    seen = set()

    @settings(max_examples=60, database=None)
    @given(hook_files())
    def sample(text: str) -> None:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "gen.hooks.yaml"
            path.write_text(text, encoding="utf-8")
            seen.add(run("check", path)[0])

    sample()
    assert seen == {0, 1}
