"""The .gitignore reader a folder search uses (issue 25, item 16), held to git itself: for
each tree and its ignore files, the files a search finds are exactly those git does not
ignore (`git check-ignore`, which also counts an ignored folder above a file)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hookc.frontend.discover import expand
from hookc.frontend.gitignore import read_patterns

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is the oracle")

FILES = (
    "a.yaml",
    "top.yaml",
    "keep.yaml",
    "notes.log",
    "x/a.yaml",
    "x/top.yaml",
    "x/keep.yaml",
    "x/out/f.yaml",
    "x/deep/b.yaml",
    "x/deep/er/b.yaml",
    "out/f.yaml",
    "out/keep.yaml",
    "docs/b.yaml",
    "docs/x/b.yaml",
    "#hash.yaml",
    "!bang.yaml",
    "sp ace.yaml",
    "[br].yaml",
    "tmp1/q.yaml",
    "tmpA/q.yaml",
)

CASES = {
    "names at any depth": {".gitignore": "a.yaml\n*.log\n"},
    "anchored by a leading slash": {".gitignore": "/top.yaml\n"},
    "anchored by a middle slash": {".gitignore": "x/keep.yaml\n"},
    "folders only": {".gitignore": "out/\n"},
    "no re-inclusion under an ignored folder": {".gitignore": "out/\n!out/keep.yaml\n"},
    "re-inclusion of a file": {".gitignore": "*.yaml\n!keep.yaml\n"},
    "double star in the middle": {".gitignore": "x/**/b.yaml\n"},
    "leading double star": {".gitignore": "**/b.yaml\n"},
    "trailing double star": {".gitignore": "docs/**\n"},
    "escapes": {".gitignore": "\\#hash.yaml\n\\!bang.yaml\n"},
    "comment and blank lines": {".gitignore": "# a.yaml\n\n   \n"},
    "trailing spaces": {".gitignore": "a.yaml   \n"},
    "escaped space": {".gitignore": "sp\\ ace.yaml\n"},
    "classes": {".gitignore": "tmp[0-9]/\n\\[br\\].yaml\n"},
    "negated class": {".gitignore": "tmp[!0-9]/\n"},
    "question mark": {".gitignore": "?.yaml\n"},
    "a deeper file overrides": {".gitignore": "*.yaml\n", "x/.gitignore": "!a.yaml\n"},
    "a deeper file anchors to its folder": {"x/.gitignore": "/top.yaml\ndeep/\n"},
    "info exclude": {".git/info/exclude": "keep.yaml\n"},
}


def _tree(root: Path, ignores: dict[str, str]) -> None:
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    for name in FILES:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text("hooks: []\n", encoding="utf-8")
    for name, text in ignores.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")


def _git_keeps(root: Path) -> set[str]:
    ignored = subprocess.run(
        ["git", "-C", str(root), "check-ignore", "--no-index", "--stdin"],
        input="\n".join(FILES) + "\n",
        capture_output=True,
        text=True,
        check=False,
    ).stdout.splitlines()
    return set(FILES) - set(ignored)


def _search_keeps(root: Path, folder: str = ".") -> set[str]:
    found = expand([str(root / folder)], include=["*.yaml", "*.log"])
    return {Path(os.path.relpath(path, root)).as_posix() for path in found}


@pytest.mark.parametrize("ignores", CASES.values(), ids=CASES.keys())
def test_a_folder_search_skips_exactly_what_git_ignores(
    tmp_path: Path, ignores: dict[str, str]
) -> None:
    _tree(tmp_path, ignores)
    assert _search_keeps(tmp_path) == _git_keeps(tmp_path)


def test_a_search_of_a_subfolder_applies_the_ignore_files_above_it(tmp_path: Path) -> None:
    _tree(tmp_path, {".gitignore": "deep/\n/x/top.yaml\n", "x/.gitignore": "!a.yaml\n"})
    assert (
        _search_keeps(tmp_path, "x")
        == {name for name in _git_keeps(tmp_path) if name.startswith("x/")}
        == {"x/a.yaml", "x/keep.yaml", "x/out/f.yaml"}
    )


def test_without_a_repository_the_searched_folders_ignore_files_still_apply(
    tmp_path: Path,
) -> None:
    (tmp_path / "p" / "gen").mkdir(parents=True)
    (tmp_path / "p" / "gen" / "a.hooks.yaml").write_text("hooks: []\n", encoding="utf-8")
    (tmp_path / "p" / "b.hooks.yaml").write_text("hooks: []\n", encoding="utf-8")
    (tmp_path / "p" / ".gitignore").write_text("gen/\n", encoding="utf-8")
    assert expand([str(tmp_path / "p")]) == [str(tmp_path / "p" / "b.hooks.yaml")]
    # A file named on the command line is read whatever git says.
    named = str(tmp_path / "p" / "gen" / "a.hooks.yaml")
    assert expand([named]) == [named]


_SEGMENTS = st.sampled_from(
    ["a.yaml", "*.yaml", "x", "deep", "**", "*", "?.yaml", "b.yaml", "t*p[0-9]", "**a", "[!a]*"]
)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.booleans(),  # negated
            st.booleans(),  # anchored with a leading /
            st.lists(_SEGMENTS, min_size=1, max_size=3),
            st.booleans(),  # folders only
        ),
        min_size=1,
        max_size=4,
    )
)
def test_generated_patterns_ignore_what_git_ignores(
    tmp_path_factory: pytest.TempPathFactory,
    lines: list[tuple[bool, bool, list[str], bool]],
) -> None:
    text = "".join(
        ("!" if negated else "")
        + ("/" if anchored else "")
        + "/".join(segments)
        + ("/" if folders_only else "")
        + "\n"
        for negated, anchored, segments, folders_only in lines
    )
    root = tmp_path_factory.mktemp("repo")
    _tree(root, {".gitignore": text})
    assert _search_keeps(root) == _git_keeps(root), text


def test_a_pattern_that_does_not_compile_is_skipped() -> None:
    assert read_patterns("[z-a].yaml\nok.yaml\n", "/base") != ()
    assert len(read_patterns("[z-a].yaml\nok.yaml\n", "/base")) == 1
