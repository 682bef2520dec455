"""The host registry: every host in one ordered list, a file's host found from its name and
content, ``--profile`` overriding, a file of no known kind told what hookc reads, and the
recipe "adding a host" held true by a stub host made in a temporary folder."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from hookc import hosts
from hookc.cli import main
from hookc.frontend.load import load_file, load_source
from hookc.hosts import Host, by_name, detect, for_profile
from hookc.hosts.profile import available, load_profile
from hookc.source import Source
from tests import ROOT

NATIVE = """\
hooks:
  - id: stop_on_limit
    event: limit
    action: {type: abort}
"""


def run(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdout=out, stderr=err)
    return status, out.getvalue() + err.getvalue()


def test_every_host_has_its_own_name_and_a_shipped_profile() -> None:
    names = [found.name for found in hosts.hosts()]
    assert len(names) == len(set(names))
    assert {found.profile for found in hosts.hosts()} == set(available())
    for found in hosts.hosts():
        assert load_profile(found.profile).name == found.profile
        assert found.profile_path.parent == found.folder


def test_the_native_format_is_the_fallback_and_comes_last() -> None:
    assert hosts.hosts()[-1].name == "native"


@pytest.mark.parametrize("name", ["hooks.yaml", "a/b.hooks.yml", "directive.xml", "rye.md"])
def test_native_files_are_claimed_by_their_ending(name: str) -> None:
    found = detect(name, NATIVE)
    assert found is not None and found.name == "native"


@pytest.mark.parametrize("name", ["notes.txt", "Makefile", "data.csv"])
def test_no_format_claims_other_files(name: str) -> None:
    assert detect(name, "hooks: []") is None


def test_a_file_of_no_known_kind_is_told_every_format_hookc_reads(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("hooks: []\n")
    loaded = load_file(path)
    assert loaded.hookset is None
    (diagnostic,) = loaded.diagnostics
    assert diagnostic.code == "HK201"
    assert diagnostic.message == "unknown kind of hook file `.txt`"
    for found in hosts.hosts():
        if found.reads_files:
            assert found.name in (diagnostic.hint or "")
            assert found.summary in (diagnostic.hint or "")
    assert "--profile" in (diagnostic.hint or "")


def test_the_cli_reports_a_file_of_no_known_kind_as_an_input_error(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("hello\n")
    status, out = run("check", str(path))
    assert status == 1
    assert f"{path}:1:1: error[HK201]: unknown kind of hook file `.txt`" in out


def test_a_profile_names_the_format_of_its_owner_or_else_the_native_one() -> None:
    for found in hosts.hosts():
        assert for_profile(found.profile) is (found if found.reads_files else by_name("native"))
    assert for_profile("a-profile-no-format-owns").name == "native"


def test_the_native_format_under_profile_refuses_a_file_it_cannot_read() -> None:
    loaded = load_source(Source("settings.json", "{}"), load_profile("default"))
    assert [d.code for d in loaded.diagnostics] == ["HK201"]


def test_a_canonical_file_is_read_with_the_profile_it_declares() -> None:
    loaded = load_source(Source("x.hooks.yaml", "profile: default\n" + NATIVE))
    assert loaded.profile.name == "default" and loaded.hookset is not None


_RYE_FILE = "hooks:\n  - id: h\n    event: error\n    layer: 1\n    action: {primary: execute}\n"


def test_a_dialect_is_read_by_its_base_format_under_that_formats_profile() -> None:
    """--profile overrides detection: a file that looks like Rye's, read with the native
    format's profile, is the native format's to read (its keys then found unknown), not a
    file of another system (HK403)."""
    source = Source("hook_conditions.yaml", _RYE_FILE)
    assert detect(source.name, source.text) is by_name("rye")
    as_native = load_source(source, load_profile("default"))
    codes = {d.code for d in as_native.diagnostics}
    assert "HK403" not in codes and "HK205" in codes
    as_a3s = load_source(source, load_profile("a3s"))
    assert [d.code for d in as_a3s.diagnostics] == ["HK403"]


# A host made by the recipe in hookc.hosts' docstring, in a folder of its own: a package
# with HOST, files.py, reader.py, profile.yaml, protocol.py and schema.py.
_STUB = {
    "__init__.py": """
from hookc.hosts.host import Host

HOST = Host(
    name="stub-agent",
    package=__name__,
    profile="stub-agent",
    summary="Stub Agent's hooks (.stub/hooks.json)",
    suffixes=(".json",),
    protocol=True,
    schema=True,
)
""",
    "files.py": """
from pathlib import PurePath


def claims(name, text):
    path = PurePath(name)
    return path.parent.name == ".stub" and path.name == "hooks.json"


def load(source, profile):
    from hookc.hosts import by_name
    from hookc.hosts.profile import load_profile

    from stub_agent.reader import read

    return read(source, profile or load_profile(by_name("stub-agent").profile))
""",
    "reader.py": """
import json

from hookc.source.diagnostics import warning
from hookc.frontend.lower import Loaded
from hookc.ir.hooks import Action, Hook, HookSet, Params
from hookc.source import Span


def read(source, profile):
    document = json.loads(source.text)
    hooks = tuple(
        Hook(f"{event}.{n}", event, None, Action("command", Params((("command", command),))))
        for event, commands in document["hooks"].items()
        for n, command in enumerate(commands)
    )
    found = tuple(
        warning("HK701", "matcher on an event that ignores matchers", source, Span(0, 1))
        for _ in range(document.get("planted", 0))
    )
    return Loaded(source, HookSet(hooks, profile=profile.name), profile, found)
""",
    "profile.yaml": """
name: stub-agent
events:
  Before: {description: before a tool runs}
action_types:
  command: {parameters: {command: {type: string, required: true}}}
""",
    "protocol.py": """
from hookc.handlers.protocol import Protocol


class Stub(Protocol):
    name = "stub-agent"


PROTOCOL = Stub()
""",
    "schema.py": """
from hookc.frontend.formats.schemas import document


def schema(profile):
    return document(profile, title="stub", properties={}, definitions={})
""",
}


@pytest.fixture
def stub_host(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Host]:
    package = tmp_path / "hosts" / "stub_agent"
    package.mkdir(parents=True)
    for name, text in _STUB.items():
        (package / name).write_text(text.lstrip(), encoding="utf-8")
    monkeypatch.syspath_prepend(str(package.parent))
    # The recipe's one line: the package's name in HOSTS, before the native fallback.
    monkeypatch.setattr(hosts, "HOSTS", (*hosts.HOSTS[:-1], "stub_agent", hosts.HOSTS[-1]))
    hosts.hosts.cache_clear()
    yield by_name("stub-agent")
    hosts.hosts.cache_clear()


def test_a_host_added_by_the_recipe_is_listed_read_checked_run_and_has_a_schema(
    stub_host: Host,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from hookc import handlers
    from hookc.frontend.formats import schemas

    monkeypatch.setenv("COLUMNS", "200")  # no name broken at its hyphen

    for command in ([], ["check"], ["run"]):
        assert main([*command, "--help"]) == 0
        # argparse may break a line at a name's hyphen: read the help as one line.
        assert "stub-agent" in re.sub(r"-\s+", "-", capsys.readouterr().out)
    assert "stub-agent" in available()

    project = tmp_path / "project" / ".stub"
    project.mkdir(parents=True)
    (project / "hooks.json").write_text('{"hooks": {"Before": ["true"]}, "planted": 1}\n')
    assert detect(str(project / "hooks.json"), "") is stub_host
    status, out = run("check", str(project.parent))
    assert status == 0 and "warning[HK701]" in out and "hooks.json" in out

    assert handlers.get_protocol("stub-agent").name == "stub-agent"
    assert schemas.files()["stub-agent"] == "stub-agent-hooks.schema.json"
    assert schemas.schema("stub-agent")["$id"].endswith("stub-agent-hooks.schema.json")


def test_the_precommit_hook_selects_the_usual_paths_of_every_host() -> None:
    import yaml

    offered = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    check = next(hook for hook in offered if hook["id"] == "hookc-check")
    assert check["files"] == hosts.precommit_files()
    for host in hosts.hosts():
        assert all(pattern in check["files"] for pattern in host.paths)


def test_each_host_has_a_docs_page_made_from_its_package() -> None:
    """docs/hosts/ is what `python -m hookc.hosts.pages docs/hosts` writes: a page per host
    (its docstring, events, handler types, reader's and protocol's rules) and the index."""
    from hookc.hosts.pages import pages

    folder = ROOT / "docs" / "hosts"
    made = pages()
    assert sorted(made) == sorted(path.name for path in folder.glob("*.md"))
    for name, text in made.items():
        assert (folder / name).read_text(encoding="utf-8") == text, (
            f"docs/hosts/{name} is stale: run python -m hookc.hosts.pages docs/hosts"
        )
    assert {f"{host.name}.md" for host in hosts.hosts()} < set(made)
    assert all(f"]({host.name}.md)" in made["README.md"] for host in hosts.hosts())
