"""The planted-mistake corpus: for every host whose files hookc reads, one small realistic
file per kind of mistake a rule is for (a dangerous command, a hard-coded secret, the host's
own validity rules), each reported by exactly the rule it was planted for, and one clean
file per host with no finding at all.

``tests/rules/planted/<host>/<case>.<ending>`` holds the files; ``planted.toml`` says, per
host, the path each file is checked under (the host claims its files by their place:
`.cursor/hooks.json`) and, per case, the codes it must give: exactly those, no other.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from hookc.check.driver import check_inputs
from hookc.hosts import hosts
from hookc.source import Source
from tests import ROOT

CORPUS = ROOT / "tests" / "rules" / "planted"
TABLE = tomllib.loads((CORPUS / "planted.toml").read_text(encoding="utf-8"))
# The corpus's folders are hosts' names, or a host's name and the file's kind after a `+`
# (`codex+toml`: Codex's config.toml beside its hooks.json).
CASES = [
    (folder, case, codes)
    for folder, table in sorted(TABLE.items())
    for case, codes in sorted(table["cases"].items())
]


def _file(folder: str, case: str) -> Path:
    [path] = (CORPUS / folder).glob(f"{case}.*")
    return path


def findings(folder: str, case: str) -> list[str]:
    """The codes of the file's findings, checked under its host's path, sorted."""
    name = TABLE[folder]["as"]
    text = _file(folder, case).read_text(encoding="utf-8")
    checked = check_inputs([name], None, None, {name: Source(name, text)})
    return sorted(d.code for d in checked.reports[0].diagnostics)


@pytest.mark.parametrize(("folder", "case", "codes"), CASES, ids=[f"{f}/{c}" for f, c, _ in CASES])
def test_each_planted_mistake_is_reported_by_its_rule_alone(
    folder: str, case: str, codes: list[str]
) -> None:
    assert findings(folder, case) == sorted(codes)


def test_every_host_that_reads_files_has_a_clean_file_and_planted_mistakes() -> None:
    readers = {host.name for host in hosts() if host.reads_files}
    covered = {folder.split("+")[0] for folder in TABLE}
    assert readers <= covered, readers - covered
    for folder, table in TABLE.items():
        assert table["cases"].get("clean") == [], folder
        assert len(table["cases"]) > 1, folder


def test_each_file_is_read_as_its_hosts() -> None:
    """A planted file claimed by another host (or none) would test that host's rules."""
    from hookc.hosts import detect

    for folder, table in TABLE.items():
        host = folder.split("+")[0]
        for case in table["cases"]:
            text = _file(folder, case).read_text(encoding="utf-8")
            claimed = detect(table["as"], text)
            assert claimed is not None and claimed.name == host, (folder, case)


def test_every_file_in_the_corpus_is_in_the_table() -> None:
    listed = {_file(folder, case) for folder, case, _ in CASES}
    assert {p for p in CORPUS.glob("*/*") if p.is_file()} == listed
