"""``hookc compile``, called in-process: the module it writes, and what it never writes."""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import io
import marshal
import os
import py_compile
import unicodedata
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hookc.backend import driver
from hookc.backend.driver import OutputError, compile_files, module_name_for, source_digest
from hookc.cli import main

BUDGET = """\
hooks:
  - id: budget
    event: limit
    when: "limit_code == 'spend_exceeded' && cost.spend > 10.0"
    action:
      type: escalate
      target: user_approval
"""

RATE_LIMIT = """\
hooks:
  - id: backoff
    event: error
    when: "classification.category == 'rate_limited'"
    action:
      type: call_directive
      directive: my_app/custom_backoff
      parameters:
        retry_after: "${error.headers['retry-after']}"
"""

BROKEN = """\
hooks:
  - id: budget
    event: limit
    when: "limit_code = 'spend_exceeded'"
    action:
      type: escalate
      target: user_approval
"""

SPENDING = {"limit_code": "spend_exceeded", "cost": {"spend": 12.0}}


def run(*argv: str | Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main([str(arg) for arg in argv], stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def load(path: Path) -> ModuleType:
    """The written module, imported from its file under a name no other test uses."""
    name = f"_hookc_test_{path.stem}_{abs(hash(path))}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def pyc_of(path: Path) -> Path:
    return Path(importlib.util.cache_from_source(str(path)))


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` with its bytes."""
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


# -- Success ----------------------------------------------------------------------------


def test_compile_writes_a_module_whose_evaluate_hooks_works(tmp_path: Path) -> None:
    source = write(tmp_path / "policies.hooks.yaml", BUDGET)
    out = tmp_path / "build"
    status, stdout, stderr = run("compile", source, "-o", out)
    assert (status, stdout) == (0, "")
    assert stderr == f"hookc: wrote {out / 'policies.py'} (1 hook)\n"
    module = load(out / "policies.py")
    assert module.evaluate_hooks("limit", SPENDING) == {
        "type": "escalate",
        "target": "user_approval",
        "timeout_seconds": 3600,  # the catalog's default, filled in
    }
    assert module.evaluate_hooks("limit", {"limit_code": "other", "cost": {"spend": 1.0}}) is None
    assert source_digest([source.read_bytes()]) == module.SOURCE_SHA256


@pytest.mark.parametrize("target", ["python", "yaml"])
def test_compile_reads_standard_input_as_its_help_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, target: str
) -> None:
    # `compile --help` offers `-` and --stdin-filename; compile refused standard input.
    from_disk = write(tmp_path / "policies.hooks.yaml", BUDGET)
    run("compile", from_disk, "-o", tmp_path / "disk", "--target", target)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO(BUDGET))
    argv = ("-", "--stdin-filename", "policies.hooks.yaml", "-o", "piped", "--target", target)
    status, stdout, stderr = run("compile", *argv)
    name = "policies.py" if target == "python" else "policies.hooks.yaml"
    assert (status, stdout) == (0, "")
    assert stderr == f"hookc: wrote {Path('piped') / name} (1 hook)\n"
    # The same module, SOURCE_SHA256 included (the digest of the text read); only the
    # sources named in a module's first line differ.
    piped = (tmp_path / "piped" / name).read_text(encoding="utf-8")
    disk = (tmp_path / "disk" / name).read_text(encoding="utf-8")
    assert piped.replace("'policies.hooks.yaml'", repr(str(from_disk))) == disk
    # Findings are reported under the name given, and nothing is written.
    monkeypatch.setattr("sys.stdin", io.StringIO(BROKEN))
    status, stdout, _ = run("compile", "-", "--stdin-filename", "b.hooks.yaml", "-o", "bad")
    write(tmp_path / "b.hooks.yaml", BROKEN)
    assert status == 1 and stdout == run("check", "b.hooks.yaml")[1]
    assert not (tmp_path / "bad").exists()


def test_compile_creates_the_output_folder_and_its_parents(tmp_path: Path) -> None:
    source = write(tmp_path / "policies.hooks.yaml", BUDGET)
    status, _, _ = run("compile", source, "-o", tmp_path / "a" / "b")
    assert status == 0
    assert (tmp_path / "a" / "b" / "policies.py").is_file()


def test_compile_prints_warnings_as_check_does_and_still_writes(tmp_path: Path) -> None:
    source = write(tmp_path / "policies.hooks.yaml", RATE_LIMIT)
    status, stdout, _ = run("compile", source, "-o", tmp_path / "out")
    assert status == 0
    assert "warning[HK507]" in stdout
    assert stdout == run("check", source)[1]
    assert (tmp_path / "out" / "policies.py").is_file()


@pytest.mark.parametrize("format", ["text", "json", "sarif"])
def test_compile_reports_exactly_what_check_reports(tmp_path: Path, format: str) -> None:
    good = write(tmp_path / "b.hooks.yaml", RATE_LIMIT)
    bad = write(tmp_path / "a.hooks.yaml", BROKEN)
    checked = run("check", good, bad, "--format", format)
    compiled = run("compile", good, bad, "-o", tmp_path / "out", "--format", format)
    assert compiled[:2] == checked[:2]


def test_hooks_of_several_inputs_keep_the_order_the_inputs_were_given(tmp_path: Path) -> None:
    first = write(tmp_path / "first.hooks.yaml", BUDGET)
    second = write(tmp_path / "second.hooks.yaml", BUDGET.replace("id: budget", "id: budget2"))
    status, _, stderr = run("compile", second, first, "-o", tmp_path / "out")
    assert status == 0
    assert stderr.endswith("second.py (2 hooks)\n")
    module = load(tmp_path / "out" / "second.py")
    assert [hook["id"] for hook in module.HOOKS] == ["budget2", "budget"]
    assert module.evaluate_all("limit", SPENDING)[0][0] == "budget2"
    assert source_digest([second.read_bytes(), first.read_bytes()]) == module.SOURCE_SHA256


def test_source_sha256_is_the_digest_of_the_inputs_digests_one_per_line() -> None:
    # What `sha256sum a b | cut -d' ' -f1 | sha256sum` prints.
    lines = "".join(hashlib.sha256(data).hexdigest() + "\n" for data in (b"a", b"b"))
    assert source_digest([b"a", b"b"]) == hashlib.sha256(lines.encode()).hexdigest()
    assert source_digest([b"a", b"b"]) != source_digest([b"b", b"a"])


@settings(max_examples=50, deadline=None)
@given(st.binary(max_size=5000), st.integers(0, 2))
def test_the_built_in_sha256_gives_hashlibs_digest(data: bytes, splits: int) -> None:
    """The digest is CPython's own sha256 for a small input (no OpenSSL to import)."""
    assert driver._BUILTIN_SHA256 is not None  # CPython 3.11+ has it
    digest = driver._BUILTIN_SHA256()
    for part in (data[: len(data) // 3], data[len(data) // 3 :]) if splits else (data,):
        digest.update(part)
    assert digest.hexdigest() == hashlib.sha256(data).hexdigest()


@given(st.text(st.characters(max_codepoint=127), max_size=8))
def test_an_ascii_name_is_its_own_normal_form(name: str) -> None:
    """Module names are NFKC-checked only when they are not ASCII (no unicodedata)."""
    assert unicodedata.normalize("NFKC", name) == name


def test_large_inputs_and_files_have_the_same_digest_as_in_memory(tmp_path: Path) -> None:
    small, large = b"hooks: []\n", bytes(range(256)) * (5 << 12)  # 5 MiB: hashlib's
    for path, data in ((tmp_path / "small", small), (tmp_path / "large", large)):
        path.write_bytes(data)
    expected = hashlib.sha256(
        "".join(hashlib.sha256(data).hexdigest() + "\n" for data in (small, large)).encode()
    ).hexdigest()
    assert source_digest([small, large]) == expected
    assert driver.source_digest_of_files([tmp_path / "small", tmp_path / "large"]) == expected


def test_an_id_used_in_two_inputs_is_an_error_and_nothing_is_written(tmp_path: Path) -> None:
    first = write(tmp_path / "first.hooks.yaml", BUDGET)
    second = write(tmp_path / "second.hooks.yaml", BUDGET)
    status, stdout, stderr = run("compile", first, second, "-o", tmp_path / "out")
    assert (status, stderr) == (1, "")
    assert (
        f"{second}:2:9: error[HK401]: duplicate hook id `budget` (first used in {first} on line 2)"
        in stdout
    )
    assert not (tmp_path / "out").exists()


def test_a_file_named_twice_is_compiled_once(tmp_path: Path) -> None:
    source = write(tmp_path / "policies.hooks.yaml", BUDGET)
    status, _, stderr = run("compile", source, source, "-o", tmp_path / "out")
    assert status == 0
    assert stderr.endswith("(1 hook)\n")


# -- Reproducible, checked-hash output --------------------------------------------------


def test_two_compiles_of_the_same_input_are_byte_identical(tmp_path: Path) -> None:
    source = write(tmp_path / "policies.hooks.yaml", RATE_LIMIT)
    assert run("compile", source, "-o", tmp_path / "one")[0] == 0
    assert run("compile", source, "-o", tmp_path / "two")[0] == 0
    one, two = tree(tmp_path / "one"), tree(tmp_path / "two")
    assert sorted(one) == ["__pycache__/" + pyc_of(Path("policies.py")).name, "policies.py"]
    assert one == two


def test_recompiling_in_place_changes_no_byte(tmp_path: Path) -> None:
    source = write(tmp_path / "policies.hooks.yaml", BUDGET)
    out = tmp_path / "out"
    run("compile", source, "-o", out)
    before = tree(out)
    run("compile", source, "-o", out)
    assert tree(out) == before


def test_the_pyc_is_checked_hash_and_matches_the_module(tmp_path: Path) -> None:
    source = write(tmp_path / "policies.hooks.yaml", BUDGET)
    run("compile", source, "-o", tmp_path / "out")
    module = tmp_path / "out" / "policies.py"
    pyc = pyc_of(module).read_bytes()
    assert pyc[:4] == importlib.util.MAGIC_NUMBER
    # PEP 552 flags: bit 0 hash-based, bit 1 check_source.
    assert int.from_bytes(pyc[4:8], "little") == 0b11
    assert pyc[8:16] == importlib.util.source_hash(module.read_bytes())
    # What py_compile writes (hookc writes it without importing py_compile): the same header
    # and the same code. marshal's bytes for one code object may differ from one process
    # state to the next (which constants it marks as shared references depends on what else
    # holds them), so the code is compared as code.
    expected = tmp_path / "expected.pyc"
    mode = py_compile.PycInvalidationMode.CHECKED_HASH
    py_compile.compile(str(module), str(expected), "policies.py", True, invalidation_mode=mode)
    assert pyc[:16] == expected.read_bytes()[:16]
    assert marshal.loads(pyc[16:]) == marshal.loads(expected.read_bytes()[16:])


def test_python_imports_the_pyc_without_compiling_the_module(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = write(tmp_path / "policies.hooks.yaml", BUDGET)
    out = tmp_path / "out"
    run("compile", source, "-o", out)

    def no_compiling(*args: object, **kwargs: object) -> None:
        raise AssertionError("the .pyc was not used")

    loader = importlib.machinery.SourceFileLoader("policies", str(out / "policies.py"))
    monkeypatch.setattr(loader, "source_to_code", no_compiling)
    assert loader.get_code("policies") is not None


# -- Errors: nothing written ------------------------------------------------------------


def test_an_error_in_the_input_writes_nothing(tmp_path: Path) -> None:
    source = write(tmp_path / "policies.hooks.yaml", BROKEN)
    status, stdout, stderr = run("compile", source, "-o", tmp_path / "out")
    assert (status, stderr) == (1, "")
    assert "error[HK101]" in stdout
    assert not (tmp_path / "out").exists()


def test_an_error_leaves_the_older_module_intact(tmp_path: Path) -> None:
    source = write(tmp_path / "policies.hooks.yaml", BUDGET)
    out = tmp_path / "out"
    assert run("compile", source, "-o", out)[0] == 0
    before = tree(out)
    write(source, BROKEN)
    assert run("compile", source, "-o", out)[0] == 1
    assert tree(out) == before
    assert load(out / "policies.py").evaluate_hooks("limit", SPENDING) is not None


def test_a_missing_input_is_an_input_error(tmp_path: Path) -> None:
    status, stdout, _ = run("compile", tmp_path / "nope.hooks.yaml", "-o", tmp_path / "out")
    assert status == 1
    assert "error[HK201]" in stdout
    assert not (tmp_path / "out").exists()


def test_an_output_that_is_a_file_is_a_usage_error(tmp_path: Path) -> None:
    source = write(tmp_path / "policies.hooks.yaml", BUDGET)
    target = write(tmp_path / "out", "not a folder")
    status, stdout, stderr = run("compile", source, "-o", target)
    assert (status, stdout) == (2, "")
    assert stderr == f"hookc: error: the output {target} exists and is not a directory\n"
    assert target.read_text() == "not a folder"


def test_an_output_folder_that_cannot_be_made_is_a_usage_error(tmp_path: Path) -> None:
    source = write(tmp_path / "policies.hooks.yaml", BUDGET)
    write(tmp_path / "file", "")
    status, _, stderr = run("compile", source, "-o", tmp_path / "file" / "sub")
    assert status == 2
    assert stderr.startswith(f"hookc: error: cannot create the output directory {tmp_path}")
    assert "Traceback" not in stderr


def test_output_is_required(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["compile", str(tmp_path / "policies.hooks.yaml")]) == 2
    assert "the following arguments are required: -o/--output" in capsys.readouterr().err


def test_an_unknown_profile_is_a_usage_error(tmp_path: Path) -> None:
    source = write(tmp_path / "policies.hooks.yaml", BUDGET)
    status, _, stderr = run("compile", source, "-o", tmp_path, "--profile", "nope")
    assert status == 2
    assert stderr.startswith("hookc: error: unknown profile 'nope'")


# -- Atomic writes ----------------------------------------------------------------------


def _failing_replace(monkeypatch: pytest.MonkeyPatch) -> None:
    def replace(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", replace)


def test_a_failed_write_leaves_no_module_and_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = write(tmp_path / "policies.hooks.yaml", BUDGET)
    out = tmp_path / "out"
    out.mkdir()
    _failing_replace(monkeypatch)
    status, _, stderr = run("compile", source, "-o", out)
    assert status == 2
    assert stderr == f"hookc: error: cannot write {out / 'policies.py'}: No space left on device\n"
    assert tree(out) == {}


def test_a_failed_write_leaves_the_older_module_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = write(tmp_path / "policies.hooks.yaml", BUDGET)
    out = tmp_path / "out"
    run("compile", source, "-o", out)
    before = tree(out)
    write(source, RATE_LIMIT)
    _failing_replace(monkeypatch)
    assert run("compile", source, "-o", out)[0] == 2
    monkeypatch.undo()
    assert tree(out) == before  # the module and its .pyc, and nothing else
    assert load(out / "policies.py").evaluate_hooks("limit", SPENDING) is not None


def test_a_crash_between_the_two_renames_leaves_a_module_that_imports_right(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The new module is in place, the old .pyc still beside it: Python must not run the
    # old code (the checked hash is why) nor fail.
    source = write(tmp_path / "policies.hooks.yaml", BUDGET)
    out = tmp_path / "out"
    run("compile", source, "-o", out)
    write(source, BUDGET.replace("10.0", "20.0"))
    real_replace = os.replace

    def replace_the_module_only(src: str, dst: str) -> None:
        if str(dst).endswith(".pyc"):
            raise OSError(5, "Input/output error")
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", replace_the_module_only)
    assert run("compile", source, "-o", out)[0] == 2
    monkeypatch.undo()
    assert "20.0" in (out / "policies.py").read_text(encoding="utf-8")
    assert load(out / "policies.py").evaluate_hooks("limit", SPENDING) is None
    assert sorted(tree(out)) == ["__pycache__/" + pyc_of(Path("policies.py")).name, "policies.py"]


def test_an_interrupted_write_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = write(tmp_path / "policies.hooks.yaml", BUDGET)
    out = tmp_path / "out"
    out.mkdir()

    def interrupted(src: object, dst: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        compile_files([source], out)
    assert tree(out) == {}


def test_written_files_have_the_usual_permissions(tmp_path: Path) -> None:
    source = write(tmp_path / "policies.hooks.yaml", BUDGET)
    run("compile", source, "-o", tmp_path / "out")
    umask = os.umask(0)
    os.umask(umask)
    assert (tmp_path / "out" / "policies.py").stat().st_mode & 0o777 == 0o666 & ~umask


def test_a_module_that_does_not_compile_is_never_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A back-end bug must not leave a module Python cannot import.
    monkeypatch.setattr("hookc.backend.python.generate", lambda hookset, **_: "def broken(:\n")
    source = write(tmp_path / "policies.hooks.yaml", BUDGET)
    out = tmp_path / "out"
    out.mkdir()
    status, _, stderr = run("compile", source, "-o", out)
    assert status == 2
    assert stderr.startswith("hookc: internal error: RuntimeError: the generated module")
    assert tree(out) == {}


# -- Names ------------------------------------------------------------------------------


def test_name_sets_the_module_name(tmp_path: Path) -> None:
    source = write(tmp_path / "policies.hooks.yaml", BUDGET)
    status, _, stderr = run("compile", source, "-o", tmp_path / "out", "--name", "guard")
    assert status == 0
    assert stderr == f"hookc: wrote {tmp_path / 'out' / 'guard.py'} (1 hook)\n"
    assert [p.name for p in (tmp_path / "out").iterdir() if p.is_file()] == ["guard.py"]


@pytest.mark.parametrize(
    ("file_name", "module"),
    [
        ("policies.hooks.yaml", "policies"),
        ("policies.hooks.yml", "policies"),
        ("hooks.yaml", "hooks"),
        ("my-hooks.yaml", "my_hooks"),
        ("hook_conditions.yaml", "hook_conditions"),
        ("directive.xml", "directive"),
        ("team.hooks.xml", "team"),
        ("rules.md", "rules"),
        ("a.b.yaml", "a_b"),
        ("Policies.YAML", "Policies"),
    ],
)
def test_the_module_name_comes_from_the_first_input(file_name: str, module: str) -> None:
    assert module_name_for(Path("some/where") / file_name) == module


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("my-hooks", "is not a Python identifier"),
        ("1st", "is not a Python identifier"),
        ("", "is not a Python identifier"),
        ("a.b", "is not a Python identifier"),
        ("class", "is a Python keyword"),
        ("None", "is a Python keyword"),
        ("\ufb01le", "is not in normal form"),
    ],
)
def test_a_bad_name_is_a_usage_error(tmp_path: Path, name: str, reason: str) -> None:
    source = write(tmp_path / "policies.hooks.yaml", BUDGET)
    status, stdout, stderr = run("compile", source, "-o", tmp_path / "out", "--name", name)
    assert (status, stdout) == (2, "")
    assert stderr.startswith(f"hookc: error: invalid module name {name!r}: it {reason}")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("file_name", ["class.hooks.yaml", "1st.yaml", "a+b.yaml"])
def test_a_file_name_that_gives_no_module_name_asks_for_name(
    tmp_path: Path, file_name: str
) -> None:
    source = write(tmp_path / file_name, BUDGET)
    status, _, stderr = run("compile", source, "-o", tmp_path / "out")
    assert status == 2
    assert stderr.startswith(f"hookc: error: cannot name the module after {file_name}")
    assert stderr.endswith("; give a name with --name\n")
    assert run("compile", source, "-o", tmp_path / "out", "--name", "ok")[0] == 0


def test_compile_files_without_inputs_is_refused(tmp_path: Path) -> None:
    with pytest.raises(OutputError, match="no input files"):
        compile_files([], tmp_path)


# -- optimization -------------------------------------------------------------------------------

EXAMPLES = Path(__file__).resolve().parent.parent.parent / "examples" / "optimize"


def test_explain_prints_each_condition_before_and_after_with_its_rules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(EXAMPLES.parent.parent)
    source = "examples/optimize/redundant.hooks.yaml"
    status, stdout, _ = run("compile", source, "-o", tmp_path, "--explain")
    assert status == 0
    assert stdout == (EXAMPLES / "explain.expected").read_text(encoding="utf-8")


@pytest.mark.parametrize("level", ["0", "1", "2"])
def test_every_level_writes_a_module_whose_hooks_fire_as_written(
    tmp_path: Path, level: str
) -> None:
    source = EXAMPLES / "redundant.hooks.yaml"
    status, _, _ = run("compile", source, "-o", tmp_path, f"-O{level}", "--name", "hooks")
    assert status == 0
    module = load(tmp_path / "hooks.py")
    contexts = [
        {"limit_code": "spend_exceeded", "cost": {"spend": 12.5}},
        {"limit_code": "spend_exceeded", "cost": {"spend": 7}},
        {"limit_code": "budget_reset", "cost": {"spend": 12.5}, "limit_value": 75},
        {"classification": {"category": "timeout"}, "error": {"code": 504}},
        {"classification": {"category": "other"}, "error": {"code": 503}},
        {"error": {"code": 429.0}},
    ]
    fired = [
        [hook_id for event in ("limit", "error") for hook_id, _ in module.evaluate_all(event, c)]
        for c in contexts
    ]
    assert fired == [
        ["overspend"],
        [],
        [],
        ["transient_errors", "known_codes"],
        [],
        ["known_codes"],
    ]


def test_level_zero_keeps_conditions_as_written_and_one_simplifies_them(tmp_path: Path) -> None:
    source = EXAMPLES / "redundant.hooks.yaml"
    texts = {}
    for level in ("0", "1"):
        assert run("compile", source, "-o", tmp_path / level, f"-O{level}")[0] == 0
        texts[level] = (tmp_path / level / "redundant.py").read_text(encoding="utf-8")
    # -O1 turns the `==` chain into one set lookup; -O0 compares four times.
    assert "frozenset(('rate_limited', 'overloaded', 'timeout'))" in texts["1"]
    assert "frozenset(('rate_limited', 'overloaded', 'timeout'))" not in texts["0"]


def test_an_unknown_level_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, _, _ = run("compile", EXAMPLES / "redundant.hooks.yaml", "-o", tmp_path, "-O3")
    assert status == 2
    assert "argument -O: invalid choice: 3 (choose from 0, 1, 2)" in capsys.readouterr().err
    assert not any(tmp_path.iterdir())
