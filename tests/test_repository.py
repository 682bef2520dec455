"""Promises about the repository itself: the README matches the code and CI."""

from __future__ import annotations

import re
from pathlib import Path

from hookc.source.diagnostics import CODES

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS = ROOT / "docs"


def test_the_docs_document_every_diagnostic_code_exactly() -> None:
    text = (DOCS / "diagnostics.md").read_text(encoding="utf-8")
    table = dict(re.findall(r"^\| (HK\d{3}) \| (.+) \|$", text, flags=re.MULTILINE))
    assert table == CODES


def test_the_readme_is_a_tour_not_the_reference() -> None:
    assert len(README.encode("utf-8")) <= 15_000


def test_ci_runs_the_readme_set_up_commands_verbatim() -> None:
    commands = re.findall(r"```sh\n(.+?)\n```", README.split("## Set-up")[1].split("\n## ")[0])
    assert len(commands) == 2, commands
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    for command in commands:
        assert command in ci, command


def test_the_docs_state_the_depth_limit_the_parser_enforces() -> None:
    from hookc.cel.parser import MAX_DEPTH

    text = (DOCS / "language.md").read_text(encoding="utf-8")
    assert f"Expressions nest at most {MAX_DEPTH} levels" in text


_LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces made `-`."""
    text = heading.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def _prose(markdown: Path) -> str:
    """The text outside fenced code blocks (a fence is a line starting with ```)."""
    kept, fenced = [], False
    for line in markdown.read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif not fenced:
            kept.append(line)
    return "\n".join(kept)


def _anchors(markdown: Path) -> set[str]:
    text = _prose(markdown)
    return {_slug(h) for h in re.findall(r"^#+ (.+)$", text, flags=re.MULTILINE)}


def test_every_link_in_the_readme_and_the_docs_resolves_inside_the_repository() -> None:
    documents = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", ROOT / "benchmarks" / "README.md"]
    documents += sorted((ROOT / "docs").rglob("*.md"))
    documents += sorted((ROOT / "examples").glob("*/README.md"))
    checked = 0
    for document in documents:
        raw = document.read_text(encoding="utf-8")
        # The design notes the project grew from are not in the repository: no pointer to them.
        assert "../shared" not in raw and "SPEC §" not in raw, document
        text = re.sub(r"`[^`\n]*`", "", _prose(document))  # code, not links
        for target in _LINK.findall(text):
            if re.match(r"[a-z]+:", target):
                continue  # a web address: outside the repository by intent
            path_part, _, anchor = target.partition("#")
            linked = (document.parent / path_part).resolve() if path_part else document
            assert linked.exists(), f"{document.name}: {target}"
            assert ROOT in linked.parents or linked == ROOT, f"{document.name}: {target}"
            if anchor:
                assert anchor in _anchors(linked), f"{document.name}: {target}"
            checked += 1
    assert checked >= 10


def test_the_pre_commit_snippet_names_hooks_the_repository_offers() -> None:
    import yaml

    offered = {hook["id"] for hook in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())}
    snippet = README.split("### pre-commit")[1].split("```yaml\n")[1].split("```")[0]
    config = yaml.safe_load(snippet)
    used = {hook["id"] for repo in config["repos"] for hook in repo["hooks"]}
    assert used and used <= offered
    assert "v0.1.0" not in snippet  # a tag that never existed


def test_ci_stops_when_an_install_in_a_readme_command_fails() -> None:
    """`set -e` ignores a failure before the last command of an `&&` list: CI must not."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(ci):
        if " && " in line and "pip install" in line:
            assert ci[number + 1].startswith("[ $? -eq 0 ] || failed"), line


def test_ci_runs_ruff_and_mypy_as_the_project_configures_them() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert ".venv/bin/ruff check hookc tests" in ci
    assert ".venv/bin/mypy" in ci  # reads [tool.mypy] in pyproject.toml: strict, the package
