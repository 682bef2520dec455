"""The importer layout: every format in one registry, a file's format found from its name
and content, ``--profile`` overriding, and a file of no known kind told what hookc reads."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from hookc.cli import main
from hookc.frontend import formats
from hookc.frontend.formats import Format, detect, for_profile
from hookc.frontend.load import load_file, load_source
from hookc.frontend.lower import Loaded
from hookc.profile import Profile, available, load_profile
from hookc.source import Source

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


def test_every_format_has_its_own_name_and_a_shipped_profile() -> None:
    names = [found.name for found in formats.formats()]
    assert len(names) == len(set(names))
    assert {found.profile for found in formats.formats()} <= set(available())


def test_the_native_format_is_the_fallback_and_comes_last() -> None:
    assert formats.formats()[-1].name == "native"


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
    for found in formats.formats():
        assert found.name in (diagnostic.hint or "") and found.summary in (diagnostic.hint or "")
    assert "--profile" in (diagnostic.hint or "")


def test_the_cli_reports_a_file_of_no_known_kind_as_an_input_error(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("hello\n")
    status, out = run("check", str(path))
    assert status == 1
    assert f"{path}:1:1: error[HK201]: unknown kind of hook file `.txt`" in out


def test_a_profile_names_the_format_of_its_owner_or_else_the_native_one() -> None:
    for found in formats.formats():
        assert for_profile(found.profile) is found
    assert for_profile("a-profile-no-format-owns").name == "native"


def test_the_native_format_under_profile_refuses_a_file_it_cannot_read() -> None:
    loaded = load_source(Source("settings.json", "{}"), load_profile("default"))
    assert [d.code for d in loaded.diagnostics] == ["HK201"]


def test_a_canonical_file_is_read_with_the_profile_it_declares() -> None:
    loaded = load_source(Source("x.hooks.yaml", "profile: default\n" + NATIVE))
    assert loaded.profile.name == "default" and loaded.hookset is not None


def test_a_new_format_detected_by_content_slots_in_before_the_fallback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What issue 11's dialect and later importers do: one more entry in the registry."""
    read: list[str] = []

    def load(source: Source, profile: Profile | None) -> Loaded:
        read.append(source.name)
        return Loaded(source, None, profile or load_profile(), ())

    dialect = Format(
        name="dialect",
        profile="default-dialect",
        summary="YAML whose first line is `# dialect`",
        claims=lambda name, text: name.endswith(".yaml") and text.startswith("# dialect"),
        load=load,
    )
    native = formats.by_name("native")
    monkeypatch.setattr(formats, "formats", lambda: (dialect, native))
    assert detect("a.yaml", "# dialect\nhooks: []\n") is dialect
    assert detect("a.yaml", NATIVE) is native
    load_source(Source("b.yaml", "# dialect\n"))
    assert read == ["b.yaml"]
    # Under the native format's profile the same text is read as native YAML.
    loaded = load_source(Source("c.yaml", NATIVE), load_profile())
    assert loaded.hookset is not None and read == ["b.yaml"]


_RYE_FILE = "hooks:\n  - id: h\n    event: error\n    layer: 1\n    action: {primary: execute}\n"


def test_a_dialect_is_read_by_its_base_format_under_that_formats_profile() -> None:
    """--profile overrides detection: a file that looks like Rye's, read with the native
    format's profile, is the native format's to read (its keys then found unknown), not a
    file of another system (HK403)."""
    source = Source("hook_conditions.yaml", _RYE_FILE)
    assert detect(source.name, source.text) is formats.by_name("rye")
    as_native = load_source(source, load_profile("default"))
    codes = {d.code for d in as_native.diagnostics}
    assert "HK403" not in codes and "HK205" in codes
    as_a3s = load_source(source, load_profile("a3s"))
    assert [d.code for d in as_a3s.diagnostics] == ["HK403"]
