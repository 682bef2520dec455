"""The example hook files, checked against their exact ``hookc check`` output, and hostile
inputs that must end in a diagnostic, never a traceback.

``examples/invalid/`` holds one small hook file per diagnostic code (its name starts with the
code), and beside each ``<stem>.expected``: exactly what ``python -m hookc check
examples/invalid/<file>`` prints to stdout when run from the repository root (with the
options in ``<stem>.args`` beside it, where one is: the hosts a file is declared for). The
seed files are checked together against ``examples/seed/expected.txt``.

To regenerate the golden files after a deliberate change to hookc's output, run::

    HOOKC_UPDATE_GOLDEN=1 python -m pytest tests/cli/test_examples.py

With ``HOOKC_UPDATE_GOLDEN=1`` the golden tests rewrite ``*.expected`` and
``examples/seed/expected.txt`` instead of comparing (the exit status is still checked); read
the diff before committing it.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
from pathlib import Path

import pytest

from hookc.cli import main
from hookc.frontend.files import MAX_FILE_BYTES
from hookc.source.diagnostics import CODES
from tests import ROOT

INVALID = ROOT / "examples" / "invalid"
SEED = ROOT / "examples" / "seed"
SEED_FILES = ("directive.xml", "hook_conditions.yaml", "hooks.yaml")
UPDATE = os.environ.get("HOOKC_UPDATE_GOLDEN") == "1"

# Codes no committed file can show: HK206 (a file over 10 MB) and HK220 (over 1,000,000
# values, a file of over 1 MB) are generated in tmp_path.
GENERATED_ONLY = {"HK206", "HK220"}
# `hookc fmt`'s codes, which `hookc check` never gives: examples/fmt shows them (test_fmt.py).
FMT_ONLY = {"HK601", "HK602"}

_CODE_PREFIX = re.compile(r"(HK\d{3})-")
_DIAGNOSTIC = re.compile(r"^\S.*:\d+:\d+: (?:error|warning)\[HK\d{3}\]: ", re.MULTILINE)


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def example_files() -> list[Path]:
    return sorted(
        path
        for path in INVALID.iterdir()
        if path.is_file()
        and path.name != "README.md"
        and path.suffix not in (".expected", ".args")
        and not path.name.endswith(CONFIG)
    )


# An example's configuration of its own (a rule that is off until configured, HK930) lies
# beside it as `<stem>.hookc.toml`; the options it is checked with (the hosts a file is
# declared for, `--host claude-code,copilot`), as `<stem>.args`.
CONFIG = ".hookc.toml"


def options_of(path: Path) -> list[str]:
    """The options an example is checked with: its configuration, and the words of
    ``<stem>.args`` beside it."""
    config = path.with_name(path.stem + CONFIG)
    args = path.with_name(path.stem + ".args")
    options = ["--config", config.relative_to(ROOT).as_posix()] if config.exists() else []
    return options + (args.read_text(encoding="utf-8").split() if args.exists() else [])


def code_of(path: Path) -> str:
    found = _CODE_PREFIX.match(path.name)
    assert found is not None, f"{path.name} does not start with a diagnostic code"
    return found[1]


def expected_path(path: Path) -> Path:
    return path.with_name(path.stem + ".expected")


def read_exact(path: Path) -> str:
    """The file's text, line endings untouched (``read_text`` would translate them)."""
    return path.read_bytes().decode("utf-8")


def compare_or_update(golden: Path, actual: str) -> None:
    if UPDATE:
        golden.write_bytes(actual.encode("utf-8"))
        return
    assert golden.exists(), f"{golden.name} is missing: run with HOOKC_UPDATE_GOLDEN=1"
    assert actual == read_exact(golden)


# --- The examples, one per code -------------------------------------------------------------


@pytest.mark.parametrize("path", example_files(), ids=lambda path: path.name)
def test_example_output_is_exactly_the_expected_file(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    status, out, err = run("check", *options_of(path), path.relative_to(ROOT).as_posix())
    compare_or_update(expected_path(path), out)
    assert err == ""
    assert status == (1 if "error[" in out else 0)


@pytest.mark.parametrize("path", example_files(), ids=lambda path: path.name)
def test_example_is_named_after_its_code_and_shows_it(path: Path) -> None:
    code = code_of(path)
    assert code in CODES
    golden = expected_path(path)
    if UPDATE and not golden.exists():
        pytest.skip("the golden file is being written")
    assert re.search(rf"(?:error|warning)\[{code}\]", read_exact(golden))


def test_every_code_has_an_example() -> None:
    shown = {code_of(path) for path in example_files()}
    assert sorted(set(CODES) - GENERATED_ONLY - FMT_ONLY - shown) == []
    assert sorted(shown - set(CODES)) == []


def test_every_expected_file_belongs_to_an_example() -> None:
    stems = {path.stem for path in example_files()}
    orphans = [
        p.name
        for p in [*INVALID.glob("*.expected"), *INVALID.glob(f"*{CONFIG}")]
        if p.name.removesuffix(CONFIG).removesuffix(".expected") not in stems
    ]
    assert orphans == []


def test_examples_readme_lists_every_example() -> None:
    readme = (INVALID / "README.md").read_text(encoding="utf-8")
    for path in example_files():
        assert f"`{path.name}`" in readme, path.name


def test_a_file_one_byte_over_the_limit_is_hk206(tmp_path: Path) -> None:
    path = tmp_path / "hooks.yaml"
    with path.open("wb") as handle:
        handle.write(b"hooks: []\n")
        handle.write(b"#" * (MAX_FILE_BYTES + 1 - handle.tell()))
    assert path.stat().st_size == 10 * 1024 * 1024 + 1
    status, out, err = run("check", str(path))
    assert status == 1
    assert "error[HK206]" in out
    assert err == ""


def test_the_seed_files_check_as_expected(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    paths = [f"examples/seed/{name}" for name in SEED_FILES]
    status, out, err = run("check", *paths)
    compare_or_update(SEED / "expected.txt", out)
    assert (status, err) == (0, "")


# --- Hostile inputs -------------------------------------------------------------------------


def check_hostile(path: Path, *options: str) -> tuple[int, str]:
    """``hookc check`` on ``path``: a sane exit status, no traceback, a diagnostic printed."""
    status, out, err = run("check", *options, str(path))
    assert status in (0, 1, 2)
    assert "Traceback" not in out + err
    assert "internal error" not in err
    if not options:
        assert _DIAGNOSTIC.search(out), out
    return status, out


def write(tmp_path: Path, name: str, content: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


@pytest.mark.parametrize("name", ["hooks.yaml", "directive.xml", "directive.md"])
def test_an_empty_file_says_it_holds_no_hooks(tmp_path: Path, name: str) -> None:
    status, out = check_hostile(write(tmp_path, name, ""))
    assert status == 0
    assert "warning[HK208]" in out


@pytest.mark.parametrize(
    "content",
    [
        bytes(range(256)) * 4,  # holds NUL bytes
        bytes(b or 1 for b in random.Random(7).randbytes(4096)),  # no NUL
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
    ],
    ids=["all-bytes", "random-without-nul", "png-header"],
)
@pytest.mark.parametrize("name", ["hooks.yaml", "directive.xml"])
def test_binary_garbage_is_hk201(tmp_path: Path, name: str, content: bytes) -> None:
    status, out = check_hostile(write(tmp_path, name, content))
    assert status == 1
    assert "error[HK201]" in out


def test_invalid_utf8_is_hk201_at_the_bad_byte(tmp_path: Path) -> None:
    path = write(tmp_path, "hooks.yaml", b'hooks:\n  - event: error\n    description: "caf\xe9"\n')
    status, out = check_hostile(path)
    assert status == 1
    assert f"{path}:3:22: error[HK201]: the file is not valid UTF-8" in out


@pytest.mark.parametrize(
    ("content", "kind"),
    [
        ("- event: error\n  action: {type: retry}\n", "a list"),
        ("just a string\n", "the string 'just a string'"),
        ("42\n", "the integer 42"),
    ],
    ids=["list", "string", "integer"],
)
def test_a_yaml_document_that_is_not_a_mapping_is_hk205(
    tmp_path: Path, content: str, kind: str
) -> None:
    status, out = check_hostile(write(tmp_path, "hooks.yaml", content))
    assert status == 1
    assert f"error[HK205]: the hook file must be a mapping, not {kind}" in out


def test_yaml_billion_laughs_is_hk207_not_an_exhausted_machine(tmp_path: Path) -> None:
    lines = ['schema_version: "1.0.0"', 'l0: &l0 ["lol", "lol", "lol", "lol", "lol"]']
    lines += [f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 10)}]" for i in range(1, 10)]
    lines += ["hooks:", "  - event: error", "    action: {type: emit_event, event_type: x,"]
    lines += ["             payload: {laughs: *l9}}"]  # 5 * 10**9 strings once expanded
    status, out = check_hostile(write(tmp_path, "hooks.yaml", "\n".join(lines) + "\n"))
    assert status == 1
    assert "error[HK207]" in out


def test_a_50_mb_file_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "hooks.yaml"
    line = b"  - {event: error, action: {type: retry}}\n"
    with path.open("wb") as handle:
        handle.write(b"hooks:\n")
        handle.write(line * (50 * 1024 * 1024 // len(line) + 1))
    assert path.stat().st_size > 50 * 1024 * 1024
    status, out = check_hostile(path)
    assert status == 1
    assert "error[HK206]" in out


_HOOKS = """\
<directive name="d">
  <hooks>
    <hook event="error" when="true">
      <directive>&xxe;</directive>
    </hook>
  </hooks>
</directive>
"""


@pytest.mark.parametrize(
    "doctype",
    [
        '<!DOCTYPE directive [\n  <!ENTITY xxe "my_app/custom_backoff">\n]>\n',
        '<!DOCTYPE directive [\n  <!ENTITY xxe SYSTEM "file:///etc/passwd">\n]>\n',
        '<!DOCTYPE directive [\n  <!ENTITY % p SYSTEM "file:///etc/passwd">\n  %p;\n]>\n',
        '<!DOCTYPE directive SYSTEM "file:///etc/passwd">\n',
        '<!DOCTYPE directive [\n  <!ENTITY xxe "lol">\n'
        + "".join(
            f'  <!ENTITY l{i} "{f"&l{i - 1};" * 10 if i else "&xxe;" * 10}">\n' for i in range(10)
        )
        + "]>\n",
    ],
    ids=["internal-entity", "external-entity", "parameter-entity", "external-dtd", "laughs"],
)
@pytest.mark.parametrize("name", ["directive.xml", "directive.md"])
def test_xml_with_a_doctype_is_hk204_and_reads_nothing(
    tmp_path: Path, doctype: str, name: str
) -> None:
    text = '<?xml version="1.0"?>\n' + doctype + _HOOKS
    if name.endswith(".md"):
        text = f"# A directive\n\n```xml\n{text}```\n"
    status, out = check_hostile(write(tmp_path, name, text))
    assert status == 1
    assert "error[HK204]" in out
    assert "root:" not in out
    for form in ("json", "sarif"):
        assert "root:" not in check_hostile(tmp_path / name, "--format", form)[1]


def test_an_undeclared_entity_is_hk203_and_reads_nothing(tmp_path: Path) -> None:
    status, out = check_hostile(write(tmp_path, "directive.xml", _HOOKS))
    assert status == 1
    assert "error[HK203]: unknown entity `&xxe;`" in out
    assert "root:" not in out


@pytest.mark.parametrize(
    "text",
    [
        '<directive name="d">\n  <hooks>\n    <hook event="error" when="true">\n      <retry>\n',
        '<directive name="d">\n  <hooks>\n    <hook event="error">\n      <retry/>\n'
        "    </hooks>\n</directive>\n",
        '<directive name="d">\n  <hooks>\n    <hook event="error" when="true"\n',
    ],
    ids=["unclosed-at-end", "mismatched-end-tag", "unfinished-start-tag"],
)
def test_unclosed_xml_tags_are_hk203(tmp_path: Path, text: str) -> None:
    status, out = check_hostile(write(tmp_path, "directive.xml", text))
    assert status == 1
    assert "error[HK203]" in out


_WHEN_LT = """\
<directive name="d">
  <hooks>
    <hook event="context_window_pressure" when="tokens_used < 100000">
      <directive>my_app/smart_summarizer</directive>
    </hook>
  </hooks>
</directive>
"""

_WHEN_AMP = """\
<directive name="d">
  <hooks>
    <hook event="limit" when="limit_code == 'spend_exceeded' & cost.spend > 10.0">
      <escalate target="user_approval"/>
    </hook>
  </hooks>
</directive>
"""


def test_a_raw_less_than_in_when_points_at_it_and_suggests_the_fixes(tmp_path: Path) -> None:
    path = write(tmp_path, "directive.xml", _WHEN_LT)
    status, out = check_hostile(path)
    assert status == 1
    assert f"{path}:3:61: error[HK203]: a `<` inside an attribute value" in out
    assert "&lt;" in out and "CDATA" in out


@pytest.mark.parametrize("amp", ["&", "&&"])
def test_a_bare_ampersand_in_when_points_at_it_and_suggests_and(tmp_path: Path, amp: str) -> None:
    path = write(tmp_path, "directive.xml", _WHEN_AMP.replace("&", amp))
    status, out = check_hostile(path)
    assert status == 1
    assert f"{path}:3:62: error[HK203]: a bare `&` inside an attribute value" in out
    assert "`and`" in out
    assert f"\n    {' ' * 61}{'^' * len(amp)}\n" in out


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("directive.xml", _WHEN_LT),
        ("directive.xml", _WHEN_AMP),
        ("directive.xml", '<directive name="d">\n  <hooks>\n    <hook event="error">\n'),
        ("hooks.yaml", "- event: error\n"),
        ("hooks.yaml", b"hooks: []\n\x00"),
    ],
    ids=["when-lt", "when-amp", "unclosed", "yaml-list", "nul"],
)
def test_json_and_sarif_reports_are_valid(tmp_path: Path, name: str, content: str | bytes) -> None:
    path = write(tmp_path, name, content)
    text_status, text = check_hostile(path)
    count = len(_DIAGNOSTIC.findall(text))
    assert count >= 1

    status, out = check_hostile(path, "--format", "json")
    findings = json.loads(out)
    assert status == text_status
    assert len(findings) == count
    assert all(f["path"] == str(path) and re.fullmatch(r"HK\d{3}", f["code"]) for f in findings)

    status, out = check_hostile(path, "--format", "sarif")
    log = json.loads(out)
    assert status == text_status
    assert log["version"] == "2.1.0"
    (sarif_run,) = log["runs"]
    assert len(sarif_run["results"]) == count
    assert [r["ruleId"] for r in sarif_run["results"]] == [f["code"] for f in findings]
    rules = {rule["id"] for rule in sarif_run["tool"]["driver"]["rules"]}
    assert rules == {f["code"] for f in findings}
