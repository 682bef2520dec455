"""The import hook: ``import policies`` compiles ``policies.hooks.yaml``, caches it, and
compiles again only when the hook file changes."""

from __future__ import annotations

import importlib
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

import hookc
import hookc.version
from hookc.backend import importer
from hookc.backend.importer import HookFileFinder, install, uninstall
from hookc.frontend.discover import holds_directive_hooks
from hookc.frontend.load import load_source
from hookc.source import Source
from tests import ROOT

BUDGET = """\
hooks:
  - id: budget
    event: limit
    when: "limit_code == 'spend_exceeded' && cost.spend > {threshold}"
    action:
      type: escalate
      target: {target}
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

DIRECTIVE = """\
<directive name="policies">
  <hooks>
    <hook id="backoff" event="error" when="classification.category == 'rate_limited'">
      <directive>my_app/custom_backoff</directive>
    </hook>
  </hooks>
</directive>
"""

SPENDING = {"limit_code": "spend_exceeded", "cost": {"spend": 12.0}}
RATE_LIMITED = {"classification": {"category": "rate_limited"}}


def budget(target: str = "user_approval", threshold: float = 10.0) -> str:
    return BUDGET.format(target=target, threshold=threshold)


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder first on ``sys.path``, the import hook installed; all undone afterwards."""
    monkeypatch.setattr(sys, "path", [str(tmp_path), *sys.path])
    # A finder another test left installed (with names of its own) is no part of this one.
    kept = [finder for finder in sys.meta_path if not isinstance(finder, HookFileFinder)]
    monkeypatch.setattr(sys, "meta_path", kept)
    # The test environment may set PYTHONDONTWRITEBYTECODE; the cache is under test here.
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    sys.modules.pop("policies", None)
    install("policies")
    yield tmp_path
    sys.modules.pop("policies", None)


def import_policies() -> ModuleType:
    """``import policies``, afresh: as a new interpreter would."""
    sys.modules.pop("policies", None)
    importlib.invalidate_caches()  # files written within the same clock tick
    return importlib.import_module("policies")


def cache_of(folder: Path) -> Path:
    return folder / "__pycache__" / "hookc" / "policies.py"


def pyc_of(path: Path) -> Path:
    return Path(importlib.util.cache_from_source(str(path)))


def identity(path: Path) -> tuple[int, int]:
    stat = path.stat()
    return stat.st_ino, stat.st_mtime_ns


# -- Finding and loading ----------------------------------------------------------------


def test_import_compiles_a_hook_file_on_sys_path(folder: Path) -> None:
    source = folder / "policies.hooks.yaml"
    source.write_text(budget(), encoding="utf-8")
    policies = import_policies()
    assert policies.evaluate_hooks("limit", SPENDING)["target"] == "user_approval"
    assert policies.__file__ == str(source)
    assert policies.__spec__.origin == str(source)
    assert cache_of(folder).is_file() and pyc_of(cache_of(folder)).is_file()


def test_the_cached_module_is_the_compiled_module_with_a_header(folder: Path) -> None:
    (folder / "policies.hooks.yaml").write_text(budget(), encoding="utf-8")
    policies = import_policies()
    header, _ = cache_of(folder).read_text(encoding="utf-8").split("\n", 1)
    assert header == (
        f"# hookc import cache: policies.hooks.yaml sha256={policies.SOURCE_SHA256} "
        f"hookc={hookc.__version__}"
    )
    assert hookc.__version__ == policies.HOOKC_VERSION


def test_the_cached_pyc_is_checked_hash(folder: Path) -> None:
    (folder / "policies.hooks.yaml").write_text(budget(), encoding="utf-8")
    import_policies()
    assert int.from_bytes(pyc_of(cache_of(folder)).read_bytes()[4:8], "little") == 0b11


def test_a_directive_xml_file_is_imported(folder: Path) -> None:
    (folder / "policies.xml").write_text(DIRECTIVE, encoding="utf-8")
    policies = import_policies()
    assert policies.evaluate_hooks("error", RATE_LIMITED)["directive"] == "my_app/custom_backoff"


def test_a_rye_markdown_file_is_imported(folder: Path) -> None:
    text = f"# Policies\n\nSome prose.\n\n```xml\n{DIRECTIVE}```\n"
    (folder / "policies.md").write_text(text, encoding="utf-8")
    policies = import_policies()
    assert policies.evaluate_hooks("error", RATE_LIMITED)["directive"] == "my_app/custom_backoff"


def test_in_one_folder_the_native_yaml_file_comes_first(folder: Path) -> None:
    (folder / "policies.xml").write_text(DIRECTIVE, encoding="utf-8")
    (folder / "policies.md").write_text("no hooks here\n", encoding="utf-8")
    (folder / "policies.hooks.yml").write_text(budget("both"), encoding="utf-8")
    assert import_policies().evaluate_hooks("limit", SPENDING)["target"] == "both"
    (folder / "policies.hooks.yaml").write_text(budget("parent_notification"), encoding="utf-8")
    assert import_policies().evaluate_hooks("limit", SPENDING)["target"] == "parent_notification"


def test_an_earlier_sys_path_entry_wins_whatever_its_format(
    folder: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    later = tmp_path_factory.mktemp("later")
    (later / "policies.hooks.yaml").write_text(budget(), encoding="utf-8")
    (folder / "policies.xml").write_text(DIRECTIVE, encoding="utf-8")
    monkeypatch.setattr(sys, "path", [str(folder), str(later), *sys.path])
    assert import_policies().__file__ == str(folder / "policies.xml")


def test_a_relative_sys_path_entry_is_searched(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (folder / "policies.hooks.yaml").write_text(budget(), encoding="utf-8")
    monkeypatch.chdir(folder)
    monkeypatch.setattr(sys, "path", ["", *sys.path[1:]])
    assert import_policies().__file__ == str(folder / "policies.hooks.yaml")


def test_a_real_module_earlier_on_sys_path_wins(
    folder: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = tmp_path_factory.mktemp("real")
    (real / "policies.py").write_text("WHO = 'python'\n", encoding="utf-8")
    (folder / "policies.hooks.yaml").write_text(budget(), encoding="utf-8")
    monkeypatch.setattr(sys, "path", [str(real), str(folder), *sys.path[1:]])
    assert import_policies().WHO == "python"
    assert not cache_of(folder).exists()


def test_a_real_module_in_the_same_folder_wins(folder: Path) -> None:
    (folder / "policies.py").write_text("WHO = 'python'\n", encoding="utf-8")
    (folder / "policies.hooks.yaml").write_text(budget(), encoding="utf-8")
    assert import_policies().WHO == "python"


def test_a_name_with_no_hook_file_is_still_not_found(folder: Path) -> None:
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("no_such_module_anywhere_hookc")


def test_submodules_are_left_to_other_finders(folder: Path) -> None:
    (folder / "policies.hooks.yaml").write_text(budget(), encoding="utf-8")
    finder = HookFileFinder()
    finder.names.update(("policies", "pkg.policies"))
    assert finder.find_spec("policies", None) is not None
    assert finder.find_spec("policies", [str(folder)]) is None
    assert finder.find_spec("pkg.policies", None) is None


# -- Only registered names (issue 25, item 12) -------------------------------------------


def test_a_hook_file_never_stands_for_a_module_a_program_probes_for(folder: Path) -> None:
    # `simplejson.hooks.yaml` in the current folder turned this probe into an AttributeError.
    (folder / "simplejson.hooks.yaml").write_text(budget(), encoding="utf-8")
    sys.modules.pop("simplejson", None)
    importlib.invalidate_caches()
    try:
        import simplejson as json  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        import json
    assert json.dumps({"a": 1}) == '{"a": 1}'
    assert "simplejson" not in sys.modules or not hasattr(sys.modules["simplejson"], "HOOKS")


def test_a_name_is_a_hook_module_once_registered(folder: Path) -> None:
    (folder / "guards.hooks.yaml").write_text(budget(), encoding="utf-8")
    (folder / "policies.hooks.yaml").write_text(budget(), encoding="utf-8")
    sys.modules.pop("guards", None)
    importlib.invalidate_caches()
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("guards")
    hookc.install_importer("guards")  # added to the one finder
    try:
        assert importlib.import_module("guards").evaluate_hooks("limit", SPENDING) is not None
        assert import_policies().evaluate_hooks("limit", SPENDING) is not None  # still known
    finally:
        sys.modules.pop("guards", None)


@pytest.mark.parametrize(
    ("names", "error", "message"),
    [
        ((), TypeError, "name the modules hook files stand for"),
        (("a.b",), ValueError, "'a.b' is not a top-level module name"),
        (("class",), ValueError, "'class' is not a top-level module name"),
        (("",), ValueError, "'' is not a top-level module name"),
    ],
)
def test_install_needs_module_names(
    folder: Path, names: tuple[str, ...], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=re.escape(message)):
        hookc.install_importer(*names)


# -- Installing -------------------------------------------------------------------------


def test_install_appends_one_finder_at_the_end_however_often_called(folder: Path) -> None:
    install("policies")
    hookc.install_importer("guards")
    finders = [f for f in sys.meta_path if isinstance(f, HookFileFinder)]
    assert len(finders) == 1 and finders[0].names == {"policies", "guards"}
    assert isinstance(sys.meta_path[-1], HookFileFinder)


def test_uninstall_removes_the_finder(folder: Path) -> None:
    (folder / "policies.hooks.yaml").write_text(budget(), encoding="utf-8")
    uninstall()
    assert not any(isinstance(f, HookFileFinder) for f in sys.meta_path)
    with pytest.raises(ModuleNotFoundError):
        import_policies()


# -- The cache --------------------------------------------------------------------------


def test_an_unchanged_hook_file_is_not_compiled_again(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (folder / "policies.hooks.yaml").write_text(budget(), encoding="utf-8")
    import_policies()
    cached = identity(cache_of(folder)), identity(pyc_of(cache_of(folder)))

    def no_compiling(*args: object, **kwargs: object) -> None:
        raise AssertionError("compiled again")

    monkeypatch.setattr(importer, "generate_module", no_compiling)
    policies = import_policies()
    assert policies.evaluate_hooks("limit", SPENDING)["target"] == "user_approval"
    assert (identity(cache_of(folder)), identity(pyc_of(cache_of(folder)))) == cached


def test_a_changed_hook_file_is_compiled_again_on_reload(folder: Path) -> None:
    source = folder / "policies.hooks.yaml"
    source.write_text(budget(), encoding="utf-8")
    policies = import_policies()
    source.write_text(budget("both"), encoding="utf-8")
    reloaded = importlib.reload(policies)
    assert reloaded is policies
    assert policies.evaluate_hooks("limit", SPENDING)["target"] == "both"


def test_a_changed_hook_file_is_compiled_again_on_a_fresh_import(folder: Path) -> None:
    source = folder / "policies.hooks.yaml"
    source.write_text(budget(threshold=10.0), encoding="utf-8")
    first = import_policies()
    source.write_text(budget(threshold=20.0), encoding="utf-8")
    second = import_policies()
    assert first.evaluate_hooks("limit", SPENDING) is not None
    assert second.evaluate_hooks("limit", SPENDING) is None
    assert second.SOURCE_SHA256 != first.SOURCE_SHA256
    assert f"sha256={second.SOURCE_SHA256}" in cache_of(folder).read_text(encoding="utf-8")


def test_another_hook_file_of_the_same_name_is_compiled_again(folder: Path) -> None:
    (folder / "policies.hooks.yaml").write_text(budget(), encoding="utf-8")
    import_policies()
    (folder / "policies.hooks.yaml").unlink()
    (folder / "policies.xml").write_text(DIRECTIVE, encoding="utf-8")
    policies = import_policies()
    assert policies.evaluate_hooks("limit", SPENDING) is None
    assert policies.evaluate_hooks("error", RATE_LIMITED) is not None


def test_a_new_hookc_version_compiles_again(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (folder / "policies.hooks.yaml").write_text(budget(), encoding="utf-8")
    import_policies()
    monkeypatch.setattr(hookc.version, "__version__", "99.0")
    assert import_policies().HOOKC_VERSION == "99.0"


def test_a_damaged_cache_is_compiled_again(folder: Path) -> None:
    (folder / "policies.hooks.yaml").write_text(budget(), encoding="utf-8")
    import_policies()
    cache_of(folder).write_text("garbage(\n", encoding="utf-8")
    assert import_policies().evaluate_hooks("limit", SPENDING) is not None


def test_no_cache_is_written_when_bytecode_writing_is_off(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    (folder / "policies.hooks.yaml").write_text(budget(), encoding="utf-8")
    assert import_policies().evaluate_hooks("limit", SPENDING) is not None
    assert not (folder / "__pycache__").exists()


def test_a_folder_that_cannot_be_written_compiles_in_memory(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def read_only(*args: object) -> Path:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(importer, "write_module", read_only)
    (folder / "policies.hooks.yaml").write_text(budget(), encoding="utf-8")
    assert import_policies().evaluate_hooks("limit", SPENDING) is not None
    assert not cache_of(folder).exists()


def test_a_cached_import_loads_no_compiler(tmp_path: Path) -> None:
    (tmp_path / "policies.hooks.yaml").write_text(budget(), encoding="utf-8")
    code = (
        "import sys; sys.path.insert(0, '.'); import hookc; hookc.install_importer('policies'); "
        "import policies; print(policies.evaluate_hooks('limit', "
        "{'limit_code': 'spend_exceeded', 'cost': {'spend': 12.0}})['target']); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('lark', 'lxml', 'jsonschema', 'yaml') or m.startswith(('hookc.frontend', "
        "'hookc.check', 'hookc.backend.python'))))"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT)
    runs = [
        subprocess.run(
            [sys.executable, "-c", code], cwd=tmp_path, env=env, check=True,
            capture_output=True, text=True,
        ).stdout.splitlines()
        for _ in range(2)
    ]  # fmt: skip
    assert runs[0][0] == runs[1][0] == "user_approval"
    assert runs[0][1] != "[]"  # the first import compiled
    assert runs[1][1] == "[]"


# -- Errors -----------------------------------------------------------------------------


def test_a_hook_file_with_errors_raises_import_error_with_the_diagnostics(folder: Path) -> None:
    source = folder / "policies.hooks.yaml"
    source.write_text(BROKEN, encoding="utf-8")
    with pytest.raises(ImportError) as caught:
        import_policies()
    message = str(caught.value)
    assert message.startswith(f"cannot import policies: {source} has errors\n\n")
    assert f"{source}:4:23: error[HK101]: `=` is not an operator in CEL" in message
    assert "hint: use `==` to compare" in message
    assert caught.value.name == "policies"
    assert caught.value.path == str(source)
    assert "policies" not in sys.modules
    assert not cache_of(folder).exists()


def test_an_error_on_reload_keeps_the_module_as_it_was(folder: Path) -> None:
    source = folder / "policies.hooks.yaml"
    source.write_text(budget(), encoding="utf-8")
    policies = import_policies()
    source.write_text(BROKEN, encoding="utf-8")
    with pytest.raises(ImportError, match="error\\[HK101\\]"):
        importlib.reload(policies)
    assert policies.evaluate_hooks("limit", SPENDING)["target"] == "user_approval"
    assert "policies.hooks.yaml" in cache_of(folder).read_text(encoding="utf-8").split("\n")[0]


@pytest.mark.parametrize(
    ("fence", "closing"),
    [
        ("~~~xml", "~~~"),
        ("```XML", "```"),
        ("   ```xml", "```"),
        ("````xml", "````"),
        ("```xml", ""),
    ],
)
def test_a_directive_is_found_wherever_hookc_check_reads_its_fence(
    fence: str, closing: str
) -> None:
    # The search once had its own pattern for the fence, and missed these directives (and
    # took ```xmlish, which load_xml does not read).
    text = f"# Policies\n\n{fence}\n{DIRECTIVE}{closing}\n"
    assert holds_directive_hooks(text)
    loaded = load_source(Source("policies.md", text))
    assert loaded.hookset is not None and len(loaded.hookset.hooks) == 1
    assert not holds_directive_hooks(f"```xmlish\n{DIRECTIVE}```\n")
