"""``hookc fmt FILE... [--check]`` (SPEC §8): YAML hook files rewritten in canonical form,
never losing what a person wrote; ``--check`` for pre-commit."""

from __future__ import annotations

import io
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from hookc.backend.canonical import canonical_yaml
from hookc.cel.printer import to_text
from hookc.cli import main
from hookc.diagnostics import CODES
from hookc.frontend.load import load_file
from hookc.ir.hooks import HookSet
from tests.properties import SETTINGS, examples
from tests.strategies import conditions, expressions
from tests.test_canonical import hooksets, parser_made, partitioned

ROOT = Path(__file__).resolve().parent.parent
FMT = ROOT / "examples" / "fmt"
UPDATE = os.environ.get("HOOKC_UPDATE_GOLDEN") == "1"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def messy(tmp_path: Path) -> Path:
    path = tmp_path / "messy.hooks.yaml"
    shutil.copy(FMT / "messy.hooks.yaml", path)
    return path


def test_fmt_rewrites_a_file_into_the_golden_canonical_form(messy: Path) -> None:
    status, out, err = run("fmt", str(messy))
    assert (status, out, err) == (0, "", f"hookc: rewrote {messy}\n")
    golden = FMT / "messy.formatted.yaml"
    if UPDATE:
        golden.write_text(messy.read_text(encoding="utf-8"), encoding="utf-8")
    assert messy.read_text(encoding="utf-8") == golden.read_text(encoding="utf-8")
    assert sorted(p.name for p in messy.parent.iterdir()) == ["messy.hooks.yaml"]


def test_fmt_keeps_the_hooks_the_leading_comment_and_the_files_own_catalog(messy: Path) -> None:
    before = load_file(messy).hookset
    run("fmt", str(messy))
    text = messy.read_text(encoding="utf-8")
    assert text.startswith("# Project hooks. hookc fmt keeps these lines")
    after = load_file(messy)
    assert not after.has_errors
    assert after.hookset == before  # `page`, from the file's own action_types, still loads


def test_fmt_is_idempotent_and_check_passes_once_canonical(messy: Path) -> None:
    assert run("fmt", "--check", str(messy))[0] == 1
    run("fmt", str(messy))
    once = messy.read_bytes()
    assert run("fmt", str(messy)) == (0, "", "")  # nothing to rewrite: silent
    assert messy.read_bytes() == once
    assert run("fmt", "--check", str(messy)) == (0, "", "")


def test_check_changes_nothing_and_says_which_file(messy: Path) -> None:
    before = messy.read_bytes()
    status, out, _ = run("fmt", "--check", str(messy))
    assert (status, out) == (1, f"{messy}: not in canonical form (hookc fmt rewrites it)\n")
    assert messy.read_bytes() == before


def test_a_comment_canonical_yaml_cannot_keep_stops_the_rewrite(tmp_path: Path) -> None:
    path = tmp_path / "commented.hooks.yaml"
    shutil.copy(FMT / "commented.hooks.yaml", path)
    before = path.read_bytes()
    for argv in (("fmt", str(path)), ("fmt", "--check", str(path))):
        status, out, _ = run(*argv)
        assert status == 1
        assert (
            "error[HK602]: not rewritten: canonical YAML cannot keep the comment on line 4" in out
        )
    assert path.read_bytes() == before


def test_the_comment_example_prints_exactly_its_expected_file(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(ROOT)
    status, out, _ = run("fmt", "--check", "examples/fmt/commented.hooks.yaml")
    expected = FMT / "commented.expected"
    if UPDATE:
        expected.write_text(out, encoding="utf-8")
    assert (status, out) == (1, expected.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "text",
    [
        "hooks:\n  # a note between hooks\n  - {event: error, action: {type: abort}}\n",
        "hooks:\n  - {event: error, action: {type: abort}}\n# a note at the end\n",
        "hooks:\n  - event: error\n    action: |\n      not # a comment\n",
    ],
)
def test_comments_anywhere_but_the_top_are_refused_and_hashes_in_text_are_not_comments(
    tmp_path: Path, text: str
) -> None:
    path = tmp_path / "f.hooks.yaml"
    path.write_text(text, encoding="utf-8")
    status, out, _ = run("fmt", str(path))
    if "not # a comment" in text:
        assert "HK602" not in out  # a `#` inside a block scalar is text (and this file is wrong)
    else:
        assert status == 1 and "HK602" in out
        assert path.read_text(encoding="utf-8") == text


def test_a_hash_inside_quoted_text_is_not_a_comment(tmp_path: Path) -> None:
    path = tmp_path / "f.hooks.yaml"
    path.write_text(
        "hooks:\n  - {id: a, event: error, when: \"tool == 'a #b'\", action: {type: abort}}\n",
        encoding="utf-8",
    )
    assert run("fmt", str(path))[0] == 0
    assert "value: 'a #b'" in path.read_text(encoding="utf-8")


def test_directive_xml_is_not_rewritten(tmp_path: Path) -> None:
    path = tmp_path / "directive.xml"
    shutil.copy(ROOT / "examples" / "seed" / "directive.xml", path)
    status, out, _ = run("fmt", str(path))
    assert status == 1
    assert f"{path}:1:1: error[HK601]: hookc fmt rewrites YAML hook files only" in out
    assert "hint: `hookc compile --target yaml` writes the canonical YAML of this file" in out


def test_a_file_with_an_error_is_reported_and_not_rewritten(tmp_path: Path) -> None:
    path = tmp_path / "bad.hooks.yaml"
    text = 'hooks:\n  - {event: error, when: "x = 1", action: {type: abort}}\n'
    path.write_text(text, encoding="utf-8")
    status, out, _ = run("fmt", str(path))
    assert status == 1 and "error[HK101]" in out
    assert path.read_text(encoding="utf-8") == text


def test_fmt_codes_are_shown_by_the_fmt_examples() -> None:
    fmt_codes = {code for code in CODES if code.startswith("HK6")}
    assert fmt_codes == {"HK601", "HK602"}
    assert "HK602" in (FMT / "commented.expected").read_text(encoding="utf-8")


@settings(SETTINGS, max_examples=examples(60))
@given(hooksets())
def test_a_canonical_file_is_left_as_it_is(hookset: HookSet) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "gen.hooks.yaml"
        text = canonical_yaml(hookset)
        path.write_text(text, encoding="utf-8")
        status, out, _ = run("fmt", "--check", str(path))
        assert (status, out) == (0, ""), out
        assert path.read_text(encoding="utf-8") == text


def _quoted(text: str) -> str:
    """``text`` as a YAML double-quoted scalar: printable ASCII as it is, the rest escaped
    (``\\U`` takes any code point; JSON's surrogate pairs would not read back)."""
    return (
        '"'
        + "".join(c if " " <= c <= "~" and c not in '"\\' else f"\\U{ord(c):08x}" for c in text)
        + '"'
    )


@st.composite
def hand_written_files(draw: st.DrawFn) -> str:
    """Hook files as people write them: `when` text, keys in any order, defaults left out,
    builtin hooks among them."""
    lines = []
    for section in ("hooks", "builtin_hooks"):
        entries = draw(st.lists(st.one_of(st.none(), conditions, expressions), max_size=3))
        if not entries:
            continue
        lines.append(f"{section}:")
        for condition in entries:
            assume(condition is None or parser_made(condition))
            fields = [("event", draw(st.sampled_from(["error", "limit"])))]
            if condition is not None:
                fields.append(("when", _quoted(to_text(condition))))
            if draw(st.booleans()):
                fields.append(("priority", str(draw(st.integers(-5, 5)))))
            fields.append(("action", "{type: retry, max_attempts: 2}"))
            fields = draw(st.permutations(fields))
            lines.append("  - " + "\n    ".join(f"{key}: {value}" for key, value in fields))
    assume(lines)
    return "\n".join(lines) + "\n"


@settings(SETTINGS, max_examples=examples(100))
@given(hand_written_files())
def test_fmt_of_any_file_keeps_its_hooks_and_fmt_again_changes_nothing(text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hand.hooks.yaml"
        path.write_text(text, encoding="utf-8")
        before = load_file(path).hookset
        status, out, _ = run("fmt", str(path))
        assert status == 0, out
        once = path.read_text(encoding="utf-8")
        after = load_file(path).hookset
        assert after is not None and before is not None
        assert after.hooks == partitioned(before).hooks  # ids were derived, now written
        assert run("fmt", "--check", str(path)) == (0, "", "")
        assert path.read_text(encoding="utf-8") == once
