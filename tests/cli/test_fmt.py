"""``hookc fmt FILE... [--check]`` (SPEC §8): YAML hook files rewritten in canonical form,
never losing what a person wrote; ``--check`` for pre-commit."""

from __future__ import annotations

import io
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from hookc.backend.canonical import canonical_yaml
from hookc.cel.printer import to_text
from hookc.cli import main
from hookc.frontend.comments import yaml_comments
from hookc.frontend.load import load_file
from hookc.ir.hooks import HookSet
from hookc.source.diagnostics import CODES
from tests import ROOT
from tests.frontend.test_canonical import hooksets, parser_made
from tests.properties import SETTINGS, examples
from tests.strategies import conditions, expressions

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


def test_fmt_keeps_the_hooks_every_comment_and_what_the_author_wrote(messy: Path) -> None:
    before = load_file(messy).hookset
    original = messy.read_text(encoding="utf-8")
    run("fmt", str(messy))
    text = messy.read_text(encoding="utf-8")
    after = load_file(messy)
    assert not after.has_errors
    assert after.hookset == before  # `page`, from the file's own action_types, still loads
    assert comment_texts(text) == comment_texts(original)
    # A `when` text stays text; no derived id or default is written in.
    assert "when: classification.category == 'rate_limited' or" in text
    assert "messy.hooks.hooks.0" not in text and "enabled:" not in text
    # Comments stay with their hooks and keys, wherever the keys move.
    assert "  # Rate limits and quotas clear on their own: retry.\n  - event: error\n" in text
    assert "action: {type: retry, max_attempts: 5}  # five tries, then give up\n" in text
    assert "    priority: 3  # before the default escalation\n" in text
    assert "        # the limit that fired\n        - path: limit_code\n" in text


def comment_texts(text: str) -> list[str]:
    return [c.text.rstrip() for c in yaml_comments(text)]


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
    assert (status, out) == (1, f"{messy}: not formatted (hookc fmt rewrites it)\n")
    assert messy.read_bytes() == before


@pytest.mark.parametrize(
    "text",
    [
        "hooks:\n  # a note between hooks\n  - {event: error, action: {type: abort}}\n",
        "hooks:\n  - {event: error, action: {type: abort}}\n# a note at the end\n",
        "hooks:  # the list\n  - event: error\n    action: {type: abort}  # stop\n",
        "# top\n\nhooks:\n\n\n  # first\n  - action:  # the action\n      type: abort\n"
        "    event: error\n",
    ],
)
def test_comments_anywhere_are_kept_where_the_hook_files_were_once_refused(
    tmp_path: Path, text: str
) -> None:
    path = tmp_path / "f.hooks.yaml"
    path.write_text(text, encoding="utf-8")
    before = load_file(path).hookset
    status, out, _ = run("fmt", str(path))
    assert status == 0 and "HK602" not in out, out
    after = path.read_text(encoding="utf-8")
    assert comment_texts(after) == comment_texts(text)
    assert load_file(path).hookset == before
    assert run("fmt", "--check", str(path))[0] == 0


def test_a_hash_in_a_block_scalar_is_text_not_a_comment(tmp_path: Path) -> None:
    path = tmp_path / "f.hooks.yaml"
    text = (
        "hooks:\n  - event: error\n    description: |\n      # not a comment\n\n      more\n"
        "    action: {type: abort}\n"
    )
    path.write_text(text, encoding="utf-8")
    assert run("fmt", "--check", str(path)) == (0, "", "")


def test_a_hash_inside_quoted_text_is_not_a_comment(tmp_path: Path) -> None:
    path = tmp_path / "f.hooks.yaml"
    path.write_text(
        "hooks:\n  - {id: a, event: error, when: \"tool == 'a #b'\", action: {type: abort}}\n",
        encoding="utf-8",
    )
    assert run("fmt", "--check", str(path)) == (0, "", "")  # already laid out: kept whole


@pytest.mark.parametrize(
    ("example", "kind"),
    [
        ("seed/directive.xml", "directive XML or Markdown"),
        ("rye/hook_conditions.yaml", "a rye file"),
        ("docker-agent/agent.yaml", "a docker-agent file"),
    ],
)
@pytest.mark.parametrize("mode", [(), ("--check",), ("--diff",)])
def test_a_file_fmt_does_not_lay_out_is_left_alone_with_a_note(
    tmp_path: Path, example: str, kind: str, mode: tuple[str, ...]
) -> None:
    # pre-commit's hookc-fmt (`fmt --check`) failed on every Rye hook_conditions.yaml and
    # hooks.yaml, with a hint (compile to canonical YAML) that would destroy Rye's format.
    path = tmp_path / Path(example).name
    shutil.copy(ROOT / "examples" / example, path)
    before = path.read_bytes()
    status, out, err = run("fmt", *mode, str(path))
    assert (status, out) == (0, "")
    assert err == (
        f"{path}: note: left as it is: hookc fmt lays out native YAML hook files only, "
        f"not {kind} (HK601)\n"
    )
    assert path.read_bytes() == before


def test_rye_hooks_yaml_passes_fmt_check_and_standard_input_is_copied(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rye = (ROOT / "examples" / "rye" / "hook_conditions.yaml").read_text(encoding="utf-8")
    (tmp_path / "hooks.yaml").write_text(rye, encoding="utf-8")
    assert run("fmt", "--check", str(tmp_path / "hooks.yaml"))[0] == 0
    monkeypatch.setattr("sys.stdin", io.StringIO(rye))
    status, out, _ = run("fmt", "-", "--stdin-filename", "hook_conditions.yaml")
    assert (status, out) == (0, rye)


@pytest.mark.parametrize(
    ("bom", "newline"), [(b"", b"\r\n"), (b"\xef\xbb\xbf", b"\n"), (b"\xef\xbb\xbf", b"\r\n")]
)
def test_fmt_keeps_the_files_line_endings_and_byte_order_mark(
    tmp_path: Path, bom: bytes, newline: bytes
) -> None:
    # fmt wrote LF and no BOM, and --check failed every CRLF file for its endings alone.
    def saved(path: Path) -> bytes:
        return bom + path.read_bytes().replace(b"\n", newline)

    golden = saved(FMT / "messy.formatted.yaml")
    path = tmp_path / "w.hooks.yaml"
    path.write_bytes(golden)
    assert run("fmt", "--check", str(path)) == (0, "", "")
    assert run("fmt", str(path)) == (0, "", "") and path.read_bytes() == golden
    path.write_bytes(saved(FMT / "messy.hooks.yaml"))
    assert run("fmt", "--check", str(path))[0] == 1
    assert run("fmt", str(path))[0] == 0
    assert path.read_bytes() == golden


def test_standard_input_keeps_its_line_endings(monkeypatch: pytest.MonkeyPatch) -> None:
    messy = (FMT / "messy.hooks.yaml").read_text(encoding="utf-8")
    golden = (FMT / "messy.formatted.yaml").read_text(encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO("\ufeff" + messy.replace("\n", "\r\n")))
    status, out, _ = run("fmt", "-", "--stdin-filename", "m.hooks.yaml")
    assert (status, out) == (0, "\ufeff" + golden.replace("\n", "\r\n"))


def test_a_file_not_rewritten_is_pointed_at_in_its_own_lines(tmp_path: Path) -> None:
    # HK602's place is found in the text laid out with `\n`, and said in the file's.
    text = (FMT / "not-rewritten.hooks.yaml").read_bytes()
    path = tmp_path / "t.hooks.yaml"
    path.write_bytes(text.replace(b"\n", b"\r\n"))
    _, out, _ = run("fmt", "--check", str(path))
    assert f"{path}:3:10: error[HK602]" in out
    assert "        event\t: error\n             ^\n" in out
    assert path.read_bytes() == text.replace(b"\n", b"\r\n")


def test_an_edit_saved_while_fmt_runs_is_not_overwritten(
    messy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import hookc.fmt

    other = tmp_path / "other.hooks.yaml"
    shutil.copy(FMT / "messy.hooks.yaml", other)
    edit = (FMT / "messy.hooks.yaml").read_text(encoding="utf-8") + "# saved meanwhile\n"
    lay_out = hookc.fmt.format_text

    def lay_out_while_someone_saves(text: str) -> tuple[str | None, object]:
        result = lay_out(text)
        if not messy.read_text(encoding="utf-8").endswith("meanwhile\n"):
            messy.write_text(edit, encoding="utf-8")  # the editor saves, fmt is still busy
        return result

    monkeypatch.setattr(hookc.fmt, "format_text", lay_out_while_someone_saves)
    status, out, err = run("fmt", str(messy), str(other))
    assert status == 1
    assert out == (
        f"{messy}: not rewritten: the file changed while fmt ran (an edit was saved); "
        "run hookc fmt again\n"
    )
    assert messy.read_text(encoding="utf-8") == edit
    # The other file is still rewritten, and no temporary file is left behind.
    assert err == f"hookc: rewrote {other}\n"
    assert other.read_bytes() == (FMT / "messy.formatted.yaml").read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["messy.hooks.yaml", "other.hooks.yaml"]


def test_x_keys_holding_anchors_stay_first(tmp_path: Path) -> None:
    # Moved after the hooks (unknown keys go last), the anchor moved to its first use.
    path = tmp_path / "m.hooks.yaml"
    text = (
        "x-retry: &retry\n  type: retry\n  delay: 30\nhooks:\n"
        "  - action: {<<: *retry, delay: 60}\n    event: error\n    id: a\n"
    )
    path.write_text(text, encoding="utf-8")
    assert run("fmt", str(path))[0] == 0
    assert path.read_text(encoding="utf-8") == text.replace(
        "  - action: {<<: *retry, delay: 60}\n    event: error\n    id: a\n",
        "  - id: a\n    event: error\n    action: {<<: *retry, delay: 60}\n",
    )


def test_a_file_with_an_error_is_reported_and_not_rewritten(tmp_path: Path) -> None:
    path = tmp_path / "bad.hooks.yaml"
    text = 'hooks:\n  - {event: error, when: "x = 1", action: {type: abort}}\n'
    path.write_text(text, encoding="utf-8")
    status, out, _ = run("fmt", str(path))
    assert status == 1 and "error[HK101]" in out
    assert path.read_text(encoding="utf-8") == text


def test_fmt_codes_are_the_two_it_can_give() -> None:
    assert {code for code in CODES if code.startswith("HK6")} == {"HK601", "HK602"}


def test_the_not_rewritten_example_prints_exactly_its_expected_file(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(ROOT)
    before = (FMT / "not-rewritten.hooks.yaml").read_bytes()
    status, out, _ = run("fmt", "examples/fmt/not-rewritten.hooks.yaml")
    expected = FMT / "not-rewritten.expected"
    if UPDATE:
        expected.write_text(out, encoding="utf-8")
    assert (status, out) == (1, expected.read_text(encoding="utf-8"))
    assert (FMT / "not-rewritten.hooks.yaml").read_bytes() == before


@settings(SETTINGS, max_examples=examples(15))
@given(hooksets())
def test_a_canonical_file_keeps_its_hooks_and_is_then_left_as_it_is(hookset: HookSet) -> None:
    """Canonical YAML is already in fmt's key order; ruamel.yaml may respell a scalar its own
    way (an escape in double quotes, an explicit `? ''` key), never its value."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "gen.hooks.yaml"
        path.write_text(canonical_yaml(hookset), encoding="utf-8")
        before = load_file(path).hookset
        assert run("fmt", str(path))[0] == 0
        assert load_file(path).hookset == before
        assert run("fmt", "--check", str(path)) == (0, "", "")


def test_a_canonical_key_with_a_line_break_is_one_line_that_fmt_keeps(tmp_path: Path) -> None:
    """Found by the law above: canonical YAML wrote such a key single-quoted over two lines
    (`? '\\n\\n  l'`), which ruamel.yaml respells as a simple key that does not read back."""
    path = tmp_path / "keys.hooks.yaml"
    path.write_text(
        "hooks:\n  - event: error\n    action:\n      type: emit_event\n"
        '      event_type: e\n      payload: {"\\nl": 1, "a\\rb": 2}\n',
        encoding="utf-8",
    )
    before = load_file(path).hookset
    assert before is not None
    canonical = canonical_yaml(before)
    assert '? "\\nl"' in canonical  # on one line, in double quotes
    path.write_text(canonical, encoding="utf-8")
    assert run("fmt", str(path))[0] == 0
    assert load_file(path).hookset == before
    assert run("fmt", "--check", str(path)) == (0, "", "")


def _quoted(text: str) -> str:
    """``text`` as a YAML double-quoted scalar: printable ASCII as it is, the rest escaped
    (``\\U`` takes any code point; JSON's surrogate pairs would not read back)."""
    return (
        '"'
        + "".join(c if " " <= c <= "~" and c not in '"\\' else f"\\U{ord(c):08x}" for c in text)
        + '"'
    )


_COMMENT_TEXT = st.text(
    st.characters(min_codepoint=32, max_codepoint=0x2FF, exclude_categories=("Cc",)), max_size=12
)


@st.composite
def hand_written_files(draw: st.DrawFn) -> tuple[str, list[str], list[str]]:
    """Hook files as people write them: `when` text, keys in any order, defaults left out,
    builtin hooks among them, and comments on their own lines and after values, with blank
    lines between. With the file, the texts of the comments written and the lines that end
    in one (a `#` in a quoted condition, as in `when: "'  #'"`, is no comment)."""
    comments: list[str] = []
    ended: list[str] = []  # each line with its end-of-line comment, as written

    def comment_lines(indent: str) -> list[str]:
        lines = []
        for text in draw(st.lists(_COMMENT_TEXT, max_size=2)):
            lines.extend([""] * draw(st.integers(0, 1)))
            lines.append(f"{indent}#{text}")
            comments.append(text.rstrip())
        return lines

    def ended_line(content: str) -> str:
        if not draw(st.booleans()):
            return content
        text = draw(_COMMENT_TEXT)
        comments.append(text.rstrip())
        ended.append(f"{content.strip().removeprefix('- ')}  #{text.rstrip()}")
        return f"{content}  #{text}"

    lines = comment_lines("")
    for section in ("hooks", "builtin_hooks"):
        entries = draw(st.lists(st.one_of(st.none(), conditions, expressions), max_size=3))
        if not entries:
            continue
        lines.append(ended_line(f"{section}:"))
        for condition in entries:
            assume(condition is None or parser_made(condition))
            fields = [("event", draw(st.sampled_from(["error", "limit"])))]
            if condition is not None:
                fields.append(("when", _quoted(to_text(condition))))
            if draw(st.booleans()):
                fields.append(("priority", str(draw(st.integers(-5, 5)))))
            fields.append(("action", "{type: retry, max_attempts: 2}"))
            fields = draw(st.permutations(fields))
            lines.extend(comment_lines("  "))
            for number, (key, value) in enumerate(fields):
                if number:
                    lines.extend(comment_lines("    "))
                lead = "  - " if number == 0 else "    "
                lines.append(ended_line(f"{lead}{key}: {value}"))
    assume(any(line and not line.startswith("#") for line in lines))
    lines.extend(comment_lines(""))
    return "\n".join(lines) + "\n", comments, ended


@settings(SETTINGS, max_examples=examples(40))
@given(hand_written_files())
# Found by this test: a `#` in a quoted condition is no comment (the test took it for one).
@example(
    (
        "hooks:\n  - event: error\n    when: \"'  #'\"  # why\n    action: {type: abort}\n",
        [" why"],
        ["when: \"'  #'\"  # why"],
    )
)
def test_fmt_of_any_file_keeps_its_hooks_and_comments_and_fmt_again_changes_nothing(
    file: tuple[str, list[str], list[str]],
) -> None:
    text, written, ended = file
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hand.hooks.yaml"
        path.write_text(text, encoding="utf-8")
        before = load_file(path).hookset
        status, out, _ = run("fmt", str(path))
        assert status == 0, out
        once = path.read_text(encoding="utf-8")
        after = load_file(path).hookset
        assert after is not None and before is not None
        assert after == before  # nothing derived is written in: the same hooks, ids and all
        assert sorted(comment_texts(once)) == sorted(written)  # every comment survives
        out_lines = [line.strip().removeprefix("- ") for line in once.splitlines()]
        for line in ended:  # ... and an end-of-line one stays on its key's line
            assert line in out_lines
        assert run("fmt", "--check", str(path)) == (0, "", "")
        assert path.read_text(encoding="utf-8") == once


def test_anchors_aliases_and_tags_are_kept_as_written(tmp_path: Path) -> None:
    path = tmp_path / "a.hooks.yaml"
    path.write_text(
        "hooks:\n  - event: &ev error  # the anchor\n    action: &act {type: abort}\n"
        "  - action: *act\n    event: *ev\n    description: !!str 12\n",
        encoding="utf-8",
    )
    before = load_file(path).hookset
    assert run("fmt", str(path))[0] == 0
    assert path.read_text(encoding="utf-8") == (
        "hooks:\n  - event: &ev error  # the anchor\n    action: &act {type: abort}\n"
        "  - event: *ev\n    description: !!str 12\n    action: *act\n"
    )
    assert load_file(path).hookset == before
