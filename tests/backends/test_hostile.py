"""Hostile input, each reproducer of issue 13 pinned: files ``hookc.runtime`` loads, contexts
that evaluation meets, and the shapes that made the CLI report an internal error. Every
entry gives its documented answer (a ``LoadError``, a diagnostic, an error value), never a
Python exception."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

import hookc
import hookc.cel
import hookc.runtime
from hookc.backend.canonical import canonical_yaml
from hookc.cel.parser import parse
from hookc.cli import main
from hookc.ir.hooks import Action, Hook, HookSet, Params, Template
from hookc.runtime import LoadError, limits
from hookc.runtime.limits import MAX_NESTING
from hookc.runtime.values import MAX_VALUE_DEPTH
from tests.backends.test_differential import build
from tests.properties import examples


def run(*argv: str | Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main([str(a) for a in argv], stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def hook_file(condition: str = "{path: x, op: exists}", action: str = "{type: log}") -> str:
    return f"hooks:\n- id: h\n  event: e\n  action: {action}\n  condition: {condition}\n"


# -- hookc.runtime.load: the front end's limits ------------------------------------------------

_LAUGHS = (
    "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
    + "".join(
        f"{name}: &{name} [{', '.join([f'*{previous}'] * 10)}]\n"
        for previous, name in zip("abcdef", "bcdefg", strict=True)
    )
    + "hooks: *g\n"
)

LOAD_ERRORS = {
    "alias bomb": (_LAUGHS, "expands to more than 1,000,000 nodes"),
    "cyclic alias": ("hooks: &a\n  - *a\n", "an alias refers to a value that contains it"),
    "10,000-deep not": (
        hook_file("{not: " * 10_000 + "{path: x, op: exists}" + "}" * 10_000),
        f"nests more than {MAX_NESTING} levels",
    ),
    "huge double literal": (
        hook_file("{node: literal, type: double, value: " + "9" * 400 + "}"),
        "not a literal of type 'double'",
    ),
    "op: {}": (
        hook_file(
            "{node: binary, op: {}, left: {node: ident, name: x}, right: {node: ident, name: x}}"
        ),
        "unknown operator {}",
    ),
    "lone surrogate": (hook_file(action="{type: log, m: '\ud800'}"), "lone surrogate (U+D800)"),
    "size()": (hook_file("{node: call, function: size, args: []}"), "`size` takes 1 argument"),
    "5,000-digit int": (
        hook_file().replace("  action", "  priority: " + "9" * 5000 + "\n  action"),
        "cannot load",
    ),
    "priority past int64": (
        hook_file().replace("  action", "  priority: 9223372036854775808\n  action"),
        "hooks[0].priority: this integer is beyond the int64 range",
    ),
    "double: {}": (hook_file(action="{type: log, d: {double: {}}}"), "`double:` tags one of"),
    "unknown macro {}": (
        hook_file(
            "{node: comprehension, macro: {}, var: v, target: {node: ident, name: x},"
            " predicate: {node: literal, type: bool, value: true}}"
        ),
        "unknown macro",
    ),
}


@pytest.mark.parametrize("name", list(LOAD_ERRORS))
def test_the_runtime_refuses_a_hostile_file_with_a_load_error(name: str) -> None:
    text, message = LOAD_ERRORS[name]
    with pytest.raises(LoadError) as raised:
        hookc.runtime.loads(text)
    assert message in str(raised.value)


def test_the_runtime_refuses_a_file_over_the_size_limit_unread(tmp_path: Path) -> None:
    big = tmp_path / "big.hooks.yaml"
    with big.open("wb") as handle:
        handle.write(b"# " + b"x" * (10 * 1024 * 1024) + b"\nhooks: []\n")
    with pytest.raises(LoadError, match="larger than 10 MB"):
        hookc.runtime.load(big)


@pytest.mark.parametrize("argument", [None, 42, b"hooks: []\n"])
def test_the_runtime_says_load_error_for_what_is_neither_a_path_nor_text(argument: Any) -> None:
    with pytest.raises(LoadError):
        hookc.runtime.load(argument)


# -- evaluation: hostile contexts make a condition an error --------------------------------


def _cyclic_list() -> list[Any]:
    found: list[Any] = []
    found.append(found)
    return found


def _cyclic_map() -> dict[str, Any]:
    found: dict[str, Any] = {}
    found["a"] = found
    return found


def _deep(levels: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(levels):
        value = [value]
    return value


HOSTILE_VALUES = {
    "cyclic list": _cyclic_list,
    "cyclic map": _cyclic_map,
    "1,000-deep list": lambda: _deep(1000),
    "5,000-digit int": lambda: 10**5000,
    "keys that are not strings": lambda: {(1, 2): "a", frozenset(): 1},
}
CONDITIONS = ["x == x", "[x] == [x]", "x in [[1]]", "string(x) == 'a'", "x == [1] || y == 1"]


def _hooks(condition: str) -> HookSet:
    x = parse("x").expr
    assert x is not None
    expr = parse(condition).expr
    assert expr is not None
    templates = Params((("text", Template(("x=", x))), ("exact", Template((x,)))))
    return HookSet(
        (
            Hook("first", "e", expr, Action("log")),
            Hook("fallback", "e", None, Action("log", templates)),
        )
    )


@pytest.mark.parametrize("value", list(HOSTILE_VALUES))
@pytest.mark.parametrize("condition", CONDITIONS)
def test_a_hostile_context_is_an_error_in_every_back_end_never_an_exception(
    value: str, condition: str
) -> None:
    context = {"x": HOSTILE_VALUES[value](), "y": 1}
    hooks = _hooks(condition)
    module = build(hooks)
    runtime = hookc.runtime.loads(canonical_yaml(hooks))
    outcomes = []
    for evaluator in (module, runtime):
        fired = [hook_id for hook_id, _ in evaluator.evaluate_all("e", context)]
        first = evaluator.evaluate_hooks("e", context)
        assert first is not None and fired[-1] == "fallback"
        outcomes.append((fired, evaluator.predicates["first"](context)))
    assert outcomes[0] == outcomes[1]
    try:
        value_of = hookc.cel.compile(condition).evaluate(context)
    except hookc.EvaluationError:
        value_of = None  # an error: the hook does not fire
    assert outcomes[0][1] is (value_of is True)


def test_a_too_deep_value_in_a_template_renders_as_an_error() -> None:
    hooks = _hooks("false")
    for evaluator in (build(hooks), hookc.runtime.loads(canonical_yaml(hooks))):
        action = evaluator.evaluate_hooks("e", {"x": _deep(MAX_VALUE_DEPTH + 1)})
        assert action == {"type": "log", "text": "x=", "exact": None}
        fine = evaluator.evaluate_hooks("e", {"x": _deep(3)})
        assert fine == {"type": "log", "text": "x=[[[[]]]]", "exact": [[[[]]]]}


def test_equality_of_values_within_the_depth_limit_still_holds() -> None:
    program = hookc.cel.compile("x == y")
    assert program.evaluate({"x": _deep(MAX_VALUE_DEPTH - 1), "y": _deep(MAX_VALUE_DEPTH - 1)})
    with pytest.raises(hookc.EvaluationError, match="nested more than 100 levels"):
        program.evaluate({"x": _cyclic_list(), "y": _cyclic_list()})


# -- what made the CLI report an internal error --------------------------------------------


def test_a_repeat_count_past_re2s_limit_is_a_diagnostic() -> None:
    status, _, err = run("expr", "'a'.matches('a{4294967296}')")
    assert status == 1
    assert "error[HK112]" in err and "RE2 repeats at most 1000 times" in err
    assert "internal error" not in err
    with pytest.raises(hookc.CompileError):
        hookc.cel.compile("'a'.matches('a{4294967296}')")


def test_a_catalog_default_outside_its_own_enum_is_hk304(tmp_path: Path) -> None:
    path = tmp_path / "catalog.hooks.yaml"
    path.write_text(
        "action_types:\n  notify:\n    parameters:\n"
        "      level: {type: string, enum: [low, high], default: medium}\n"
        "hooks:\n  - id: n\n    event: error\n    action: {type: notify}\n"
    )
    status, out, _ = run("check", path)
    assert status == 1
    assert ":4:57: error[HK304]: the default of `level` is not one of its allowed values" in out
    assert run("fmt", path)[0] == 1  # refused with the diagnostic, not an internal error


@pytest.mark.parametrize(
    "when",
    [
        "{'a': " * 40 + "1" + "}" * 40 + " == x",
        "{'a': " * 120 + "1" + "}" * 120 + " == x",
        "[" * 120 + "1" + "]" * 120 + " == x",
        "size(" * 120 + "x" + ")" * 120 + " > 0",
    ],
)
def test_the_deepest_expressions_round_trip_through_canonical_yaml(
    tmp_path: Path, when: str
) -> None:
    path = tmp_path / "deep.hooks.yaml"
    path.write_text(
        f'hooks:\n  - id: d\n    event: error\n    when: "{when}"\n    action: {{type: continue}}\n'
    )
    assert run("check", path)[0] == 0
    status, _, err = run("compile", path, "-o", tmp_path / "out", "--target", "yaml")
    assert status == 0, err
    written = tmp_path / "out" / "deep.hooks.yaml"
    assert run("check", written)[0] == 0
    loaded = hookc.runtime.load(written)
    assert loaded.evaluate_hooks("error", {"x": 1}) is None
    assert run("fmt", path)[0] == 0
    assert run("check", path)[0] == 0


def test_priority_one_point_zero_is_the_integer_one(tmp_path: Path) -> None:
    path = tmp_path / "p.hooks.yaml"
    path.write_text(
        "hooks:\n  - id: p\n    event: error\n    priority: 1.0\n    action: {type: continue}\n"
    )
    assert run("compile", path, "-o", tmp_path / "out", "--target", "yaml")[0] == 0
    written = (tmp_path / "out" / "p.hooks.yaml").read_text()
    assert "priority: 1\n" in written
    assert hookc.runtime.loads(written).HOOKS[0]["priority"] == 1


def test_a_priority_past_int64_is_hk205(tmp_path: Path) -> None:
    path = tmp_path / "p.hooks.yaml"
    path.write_text(
        "hooks:\n  - id: p\n    event: error\n    priority: 9223372036854775808\n"
        "    action: {type: continue}\n"
    )
    status, out, _ = run("check", path)
    assert status == 1
    assert "error[HK205]: `priority` is beyond the int64 range" in out


def test_a_double_tag_around_a_mapping_is_hk213(tmp_path: Path) -> None:
    path = tmp_path / "d.hooks.yaml"
    path.write_text(
        "hooks:\n  - id: p\n    event: error\n    action: {type: retry, delay: {double: {}}}\n"
    )
    status, out, err = run("check", path)
    assert status == 1 and "error[HK213]" in out and "internal error" not in err


@pytest.mark.parametrize("command", ["expr", "eval"])
def test_a_context_too_deep_for_json_is_a_usage_error(tmp_path: Path, command: str) -> None:
    context = tmp_path / "deep.json"
    context.write_text('{"a":' * 100_000 + "1" + "}" * 100_000)
    if command == "expr":
        status, _, err = run("expr", "a", "--context", context)
    else:
        hooks = Path(__file__).resolve().parent.parent.parent / "examples" / "seed" / "hooks.yaml"
        status, _, err = run("eval", hooks, "--event", "error", "--context", context)
    assert status == 2
    assert "the context nests too deeply to read" in err


# -- the small ones --------------------------------------------------------------------------


@pytest.mark.parametrize("content", ["", "hooks: []\n"])
def test_eval_of_a_file_without_hooks_prints_null_and_says_why(
    tmp_path: Path, content: str
) -> None:
    path = tmp_path / "empty.hooks.yaml"
    path.write_text(content)
    context = tmp_path / "context.json"
    context.write_text("{}")
    status, out, err = run("eval", path, "--event", "error", "--context", context)
    assert (status, out) == (0, "null\n")
    assert f"{path}: the file holds no hooks" in err


@pytest.mark.parametrize(
    ("document", "message"),
    [
        (
            '<?xml-stylesheet type="text/xsl" href="s.xsl"?>\n<directive><hooks>{hook}</hooks>'
            "</directive>",
            "2:1: warning[HK204]: the xml-stylesheet instruction is ignored",
        ),
        (
            '<directive xmlns:xi="http://www.w3.org/2001/XInclude"><hooks>{hook}</hooks>'
            '<xi:include href="/etc/passwd" parse="text"/></directive>',
            "warning[HK204]: XInclude is not processed: nothing is included",
        ),
        (
            '<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">'
            "<hooks>{hook}</hooks></xsl:stylesheet>",
            "2:2: warning[HK204]: an XSLT stylesheet is read as it is",
        ),
    ],
)
def test_xml_processing_hookc_does_not_do_is_named(
    tmp_path: Path, document: str, message: str
) -> None:
    path = tmp_path / "d.xml"
    hook = '<hook id="a" event="error" when="x == 1"><continue/></hook>'
    path.write_text('<?xml version="1.0"?>\n' + document.replace("{hook}", hook) + "\n")
    status, out, _ = run("check", path)
    assert status == 0
    assert message in out
    assert "root:" not in out  # nothing of /etc/passwd was read


def test_a_killed_runs_temporary_files_are_removed_by_the_next_write(tmp_path: Path) -> None:
    import os

    source = tmp_path / "p.hooks.yaml"
    source.write_text("hooks:\n  - id: p\n    event: error\n    action: {type: continue}\n")
    out = tmp_path / "out"
    assert run("compile", source, "-o", out)[0] == 0
    stale = out / ".p.py.0123456789abcdef.tmp"
    fresh = out / ".p.py.fedcba9876543210.tmp"
    pyc_stale = next((out / "__pycache__").glob("p.*.pyc")).with_suffix(".pyc.00112233aabbccdd.tmp")
    for leftover in (stale, fresh, pyc_stale):
        leftover.write_text("half a module")
    for leftover in (stale, pyc_stale):
        os.utime(leftover, (1, 1))  # written long ago by a run that was killed
    assert run("compile", source, "-o", out)[0] == 0
    assert not stale.exists() and not pyc_stale.exists()
    assert fresh.exists()  # perhaps another compile's, still being written


def test_a_template_comparing_a_hostile_value_renders_as_an_error() -> None:
    # `x == x` and the macro walk x to its depth: an error; `x in [[1]]` stops at the
    # first level (no element of x equals 1), so it is false, as CEL says.
    holes = {"same": "x == x", "any": "[x].exists(v, v == x)", "member": "x in [[1]]"}
    items = []
    for name, text in holes.items():
        expr = parse(text).expr
        assert expr is not None
        items += [(f"{name}_exact", Template((expr,))), (f"{name}_text", Template(("=", expr)))]
    hooks = HookSet((Hook("h", "e", None, Action("log", Params(tuple(items)))),))
    expected = {
        "type": "log",
        "same_exact": None,
        "same_text": "=",
        "any_exact": None,
        "any_text": "=",
        "member_exact": False,
        "member_text": "=false",
    }
    for evaluator in (build(hooks), hookc.runtime.loads(canonical_yaml(hooks))):
        for value in (_cyclic_list(), _cyclic_map(), _deep(1000)):
            assert evaluator.evaluate_hooks("e", {"x": value}) == expected
        assert evaluator.evaluate_hooks("e", {"x": [1]})["same_exact"] is True


@pytest.mark.parametrize(
    "operand",
    ["-(0)", "(1 + 2)", "0", "''.size()", "('a' + 'b').size()", "'ab'.startsWith('a')"],
)
def test_check_finds_in_a_condition_what_it_finds_in_its_optimized_form(
    tmp_path: Path, operand: str
) -> None:
    # Found by the round-trip property: `(-(0)).glob('B*')` and `''.size().matches('^B')`
    # passed check, and their canonical YAML (folded to `0.glob('B*')`) did not.
    path = tmp_path / "n.hooks.yaml"
    path.write_text(
        f"hooks:\n  - id: n\n    event: error\n    when: \"{operand}.glob('B*')\"\n"
        "    action: {type: continue}\n"
    )
    status, out, _ = run("check", path)
    assert status == 1
    assert "error[HK502]: `glob` applies to a string" in out


def test_a_conversion_has_the_kind_of_its_folded_value(tmp_path: Path) -> None:
    # Found by the round-trip property: `double('inf').matches('^B')` passed check; its
    # canonical YAML (the literal +Inf) did not.
    path = tmp_path / "c.hooks.yaml"
    path.write_text(
        "hooks:\n  - id: c\n    event: error\n    when: \"double('inf').matches('^B')\"\n"
        "    action: {type: continue}\n"
    )
    status, out, _ = run("check", path)
    assert status == 1 and "error[HK502]: `matches` applies to a string" in out


_TREES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=3)),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4)
    ),
    max_leaves=40,
)


@settings(max_examples=examples(300), deadline=None)
@given(_TREES, st.integers(1, 60), st.integers(1, 8))
def test_a_tree_s_bounds_counted_plainly_name_what_the_full_walk_names(
    data: Any, max_nodes: int, max_nesting: int
) -> None:
    # A text without `*` has no alias: the loader then counts the tree's nodes and levels
    # in one plain walk. Whatever the bounds, the answer (the node and the reason) is the
    # full walk's.
    root = yaml.compose(yaml.safe_dump(data), Loader=yaml.SafeLoader)
    with (
        patch("hookc.runtime.limits.MAX_NODES", max_nodes),
        patch("hookc.runtime.limits.MAX_NESTING", max_nesting),
    ):
        plain = limits.yaml_graph_problem(root, aliases=False)
        full = limits.yaml_graph_problem(root)
    assert (plain and (id(plain[0]), plain[1])) == (full and (id(full[0]), full[1]))
