"""The native YAML front end: hooks, conditions, actions and templates, with true positions."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from hookc.cel.parser import parse
from hookc.frontend.embedded import AlignedWhenAsked, OffsetMap, align, align_within
from hookc.frontend.load import load_file
from hookc.frontend.lower import Loaded
from hookc.frontend.yaml_file import load_yaml
from hookc.hosts.profile import load_profile
from hookc.ir.expr import Expr
from hookc.ir.hooks import Params, Template
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic


def load(tmp_path: Path, text: str, name: str = "hooks.yaml") -> Loaded:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return load_file(path)


def expr(text: str) -> Expr:
    result = parse(text)
    assert result.expr is not None
    return result.expr


def codes(loaded: Loaded) -> list[tuple[str, tuple[int, int]]]:
    return [(d.code, d.location) for d in loaded.diagnostics]


def only(loaded: Loaded) -> Diagnostic:
    assert len(loaded.diagnostics) == 1, [d.render() for d in loaded.diagnostics]
    return loaded.diagnostics[0]


def test_when_string_and_condition_tree_lower_to_the_same_ir(tmp_path: Path) -> None:
    loaded = load(
        tmp_path,
        """
        hooks:
          - id: as_text
            event: limit
            when: "limit_code == 'spend_exceeded' && cost.spend > 10.0"
            action: {type: escalate, target: user_approval}
          - id: as_tree
            event: limit
            condition:
              all:
                - {path: limit_code, op: eq, value: spend_exceeded}
                - {path: cost.spend, op: gt, value: 10.0}
            action: {type: escalate, target: user_approval}
        """,
    )
    assert loaded.diagnostics == ()
    assert loaded.hookset is not None
    text, tree = loaded.hookset.hooks
    assert text.condition == tree.condition
    assert text.condition == expr("limit_code == 'spend_exceeded' && cost.spend > 10.0")


@pytest.mark.parametrize(
    ("condition", "equivalent"),
    [
        ("{path: a, op: ne, value: 1}", "a != 1"),
        ("{path: a, op: gte, value: 1.5}", "a >= 1.5"),
        ("{path: a, op: lt, value: -2}", "a < -2"),
        ("{path: a, op: lte, value: 0}", "a <= 0"),
        ("{path: a, op: in, value: [x, 'y']}", "a in ['x', 'y']"),
        ("{path: a, op: contains, value: rm}", "a.contains('rm')"),
        ("{path: a, op: starts_with, value: src/}", "a.startsWith('src/')"),
        ("{path: a, op: ends_with, value: .py}", "a.endsWith('.py')"),
        ("{path: a, op: regex, value: '^rm\\s'}", "a.matches('^rm\\\\s')"),
        ("{path: a, op: glob, value: 'src/**/*.py'}", "a.glob('src/**/*.py')"),
        ("{path: a.b, op: exists}", "has(a.b)"),
        ("{path: \"h['retry-after']\", op: exists}", "has(h['retry-after'])"),
        ("{not: {path: a, op: eq, value: true}}", "!(a == true)"),
        ("{any: [{path: a, op: eq, value: 1}, {when: 'b > 2'}]}", "a == 1 || b > 2"),
        ("{all: []}", "true"),
        ("{any: []}", "false"),
        (
            "{path: items, op: some, where: {path: '@.name', op: eq, value: x}}",
            "items.exists(__elem, __elem.name == 'x')",
        ),
        (
            "{path: items, op: every, where: {path: '@', op: gt, value: 0}}",
            "items.all(__elem, __elem > 0)",
        ),
        ("{path: a, op: matches, value: {const: 3}}", "a == 3"),
        ("{path: a, op: matches, value: {enum: [1, 2]}}", "a in [1, 2]"),
        ("{path: a, op: matches, value: {minimum: 1, maximum: 9}}", "a >= 1 && a <= 9"),
        (
            "{path: a, op: matches, value: {type: string, pattern: '^x'}}",
            "string(a) == a && a.matches('^x')",
        ),
        ("{path: a, op: matches, value: {required: [k]}}", "has(a.k)"),
    ],
)
def test_condition_tree_operators_lower_to_cel(
    tmp_path: Path, condition: str, equivalent: str
) -> None:
    loaded = load(
        tmp_path,
        f"""
        hooks:
          - event: error
            condition: {condition}
            action: {{type: abort}}
        """,
    )
    assert [d.render() for d in loaded.diagnostics] == []
    assert loaded.hookset is not None
    assert loaded.hookset.hooks[0].condition == expr(equivalent)


def test_an_error_inside_a_when_string_points_into_the_file(tmp_path: Path) -> None:
    loaded = load(
        tmp_path,
        """
        hooks:
          - event: error
            when: "classification.category = 'transient'"
            action: {type: retry}
        """,
    )
    diagnostic = only(loaded)
    assert (diagnostic.code, diagnostic.location) == ("HK101", (3, 36))
    assert diagnostic.render().splitlines()[1:3] == [
        "        when: \"classification.category = 'transient'\"",
        " " * 39 + "^",
    ]


def test_positions_survive_yaml_quoting_and_folding(tmp_path: Path) -> None:
    loaded = load(
        tmp_path,
        """
        hooks:
          - event: error
            when: 'a == ''x'' && b = 1'
            action: {type: retry}
          - event: error
            when: >
              a == 1 &&
              b = 2
            action: {type: retry}
        """,
    )
    assert codes(loaded) == [("HK101", (3, 28)), ("HK101", (8, 9))]


def test_defaults_are_filled_in_catalog_order_and_ids_derived(tmp_path: Path) -> None:
    loaded = load(
        tmp_path,
        """
        hooks:
          - event: error
            action: {backoff_policy: fixed, type: retry}
          - event: error
            action: {type: retry}
        builtin_hooks:
          - event: error
            action: {type: abort}
        """,
        name="policies.yaml",
    )
    assert loaded.hookset is not None
    first, second, builtin = loaded.hookset.hooks
    assert first.action.params == Params((("max_attempts", 3), ("backoff_policy", "fixed")))
    assert (first.id, second.id, builtin.id) == (
        "policies.hooks.0",
        "policies.hooks.1",
        "policies.builtin_hooks.0",
    )
    assert first.condition is None and builtin.builtin and not first.builtin


def test_builtin_hooks_come_after_hooks_of_equal_priority(tmp_path: Path) -> None:
    loaded = load(
        tmp_path,
        """
        builtin_hooks:
          - {id: b0, event: error, priority: 5, action: {type: abort}}
          - {id: b1, event: error, action: {type: abort}}
        hooks:
          - {id: h0, event: error, action: {type: abort}}
          - {id: h1, event: error, priority: 5, action: {type: abort}}
          - {id: h2, event: error, priority: 9, enabled: false, action: {type: abort}}
        """,
    )
    assert loaded.hookset is not None
    order = [hook.id for hook in loaded.hookset.in_evaluation_order()]
    assert order == ["h1", "b0", "h0", "b1"]


def test_templates_are_parsed_as_expressions(tmp_path: Path) -> None:
    loaded = load(
        tmp_path,
        """
        hooks:
          - event: error
            action:
              type: emit_event
              event_type: my_app/error
              payload:
                code: "${error.code}"
                text: "failed: ${error.message} (${ {'a': 1}['a'] })"
        """,
    )
    assert [d.render() for d in loaded.diagnostics] == []
    assert loaded.hookset is not None
    payload = loaded.hookset.hooks[0].action.params.get("payload")
    assert isinstance(payload, Params)
    code, text = payload.get("code"), payload.get("text")
    assert code == Template((expr("error.code"),)) and code.is_exact
    assert text == Template(("failed: ", expr("error.message"), " (", expr("{'a': 1}['a']"), ")"))


@pytest.mark.parametrize(
    ("action", "code", "message"),
    [
        ("{type: retyr}", "HK301", "unknown action type `retyr`"),
        ("{type: retry, max_attempt: 2}", "HK302", "`retry` has no parameter `max_attempt`"),
        ("{type: retry, max_attempts: two}", "HK303", "`max_attempts` must be an integer"),
        ("{type: retry, max_attempts: true}", "HK303", "not the boolean true"),
        ("{type: escalate, target: nobody}", "HK304", "`target` must be one of"),
        ("{type: suspend}", "HK305", "`suspend` needs the parameter `suspend_reason`"),
        ("{type: emit_event, event_type: x, payload: text}", "HK303", "must be a mapping"),
        ("{type: fail, error_message: '${a'}", "HK211", "`${` is never closed"),
        ("{type: fail, error_message: 'x ${a ==}'}", "HK101", "an operand is missing"),
    ],
)
def test_action_mistakes_are_reported_against_the_catalog(
    tmp_path: Path, action: str, code: str, message: str
) -> None:
    loaded = load(tmp_path, f"hooks:\n  - event: error\n    action: {action}\n")
    diagnostic = only(loaded)
    assert diagnostic.code == code and message in diagnostic.message


def test_unknown_action_type_suggests_the_closest(tmp_path: Path) -> None:
    diagnostic = only(load(tmp_path, "hooks:\n  - event: error\n    action: {type: retyr}\n"))
    assert diagnostic.hint == "did you mean `retry`?"
    assert diagnostic.location == (3, 20)


def test_a_file_extends_the_catalog_and_the_context_schema(tmp_path: Path) -> None:
    loaded = load(
        tmp_path,
        """
        action_types:
          notify:
            parameters:
              channel: {type: string, required: true}
        event_context_schema:
          properties:
            session: {type: object, properties: {trusted: {type: boolean}}}
        hooks:
          - event: error
            when: session.trusted
            action: {type: notify, channel: ops}
        """,
    )
    assert loaded.diagnostics == ()
    assert "notify" in loaded.profile.action_types and "retry" in loaded.profile.action_types
    assert "session" in loaded.profile.context_schema["properties"]
    assert "error" in loaded.profile.context_schema["properties"]


def test_unknown_event_is_a_warning_with_a_suggestion(tmp_path: Path) -> None:
    loaded = load(tmp_path, "hooks:\n  - event: eror\n    action: {type: abort}\n")
    diagnostic = only(loaded)
    assert (diagnostic.code, diagnostic.severity.value) == ("HK402", "warning")
    assert diagnostic.hint == "did you mean `error`?"
    assert loaded.hookset is not None and len(loaded.hookset.hooks) == 1


def test_duplicate_ids_are_errors(tmp_path: Path) -> None:
    loaded = load(
        tmp_path,
        """
        hooks:
          - {id: same, event: error, action: {type: abort}}
          - {id: same, event: limit, action: {type: abort}}
        """,
    )
    diagnostic = only(loaded)
    assert diagnostic.code == "HK401" and "first used on line 2" in diagnostic.message


def test_duplicate_yaml_keys_are_reported(tmp_path: Path) -> None:
    text = "hooks:\n  - event: error\n    event: limit\n    action: {type: abort}\n"
    loaded = load(tmp_path, text)
    assert ("HK205", (3, 5)) in codes(loaded)


def test_schema_problems_are_located_and_phrased_for_people(tmp_path: Path) -> None:
    text = "hooks:\n  - event: error\n    priority: high\n    action: {type: abort}\n"
    loaded = load(tmp_path, text)
    diagnostic = only(loaded)
    assert (diagnostic.code, diagnostic.location) == ("HK205", (3, 15))
    assert "`priority`" in diagnostic.message and "integer" in diagnostic.message


@pytest.mark.parametrize(
    ("content", "code"),
    [
        (b"", "HK208"),
        (b"# only a comment\n", "HK208"),
        (b"\x00\x01\x02garbage", "HK201"),
        (b"hooks: [\xff\xfe]", "HK201"),
        (b"- a\n- b\n", "HK205"),
        (b"just a scalar\n", "HK205"),
        (b"hooks: [unclosed\n", "HK202"),
        (b"a: &a [1]\nb: !!python/object:os.system x\n", "HK205"),
        (b"[" * 5000 + b"]" * 5000, "HK205"),
    ],
)
def test_malformed_files_are_diagnostics(tmp_path: Path, content: bytes, code: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_bytes(content)
    loaded = load_file(path)
    assert loaded.hookset is None
    assert code in [d.code for d in loaded.diagnostics]


def test_alias_expansion_is_bounded(tmp_path: Path) -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [*a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1},"
              f" *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}]" for i in range(1, 9)]  # fmt: skip
    path = tmp_path / "laughs.yaml"
    path.write_text("\n".join(lines) + "\n")
    loaded = load_file(path)
    assert [d.code for d in loaded.diagnostics] == ["HK207"]


def test_a_file_over_the_size_limit_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    with path.open("wb") as handle:
        handle.write(b"# " + b"x" * (50 * 1024 * 1024) + b"\n")
    loaded = load_file(path)
    assert [d.code for d in loaded.diagnostics] == ["HK206"]


def test_profile_is_the_seed_catalog() -> None:
    profile = load_profile()
    assert set(profile.action_types) == {
        "retry", "fail", "abort", "continue", "escalate", "call_directive", "suspend",
        "emit_event",
    }  # fmt: skip
    retry = profile.action_types["retry"]
    policy = retry.param("backoff_policy")
    assert policy is not None and policy.enum == ("exponential", "fixed", "inherit")
    assert profile.ordering.higher_priority_first and profile.ordering.first_match
    assert "context_window_pressure" in profile.events


def test_the_loader_tags_repeated_plain_scalars_as_the_safe_loader_does() -> None:
    # The loader remembers a plain scalar's tag by its text; a quoted or repeated text, or a
    # collection, must get the tag PyYAML's own safe loader gives it.
    import yaml

    from hookc.frontend.yaml_file import LOADER

    text = textwrap.dedent("""\
        - [3, '3', 3, "3", 3.0, .inf, 0x1f, 0o7, 1_000, ~, null, '', true, 'true', yes]
        - [2020-01-01, '2020-01-01', 2020-01-01, h1, h1, "h1", =, <<, -1, +1, 1e3]
        - {3: 3, '3': [], true: {}, ~: x}
        - [3, true, ~, 2020-01-01, 1e3, h1, '']
        """)

    def tags(loader: type) -> list[str]:
        found, stack = [], [yaml.compose(text, Loader=loader)]
        while stack:
            node = stack.pop()
            found.append(node.tag)
            if isinstance(node.value, list):
                stack.extend(part for item in node.value for part in
                             (item if isinstance(item, tuple) else (item,)))  # fmt: skip
        return found

    assert tags(LOADER) == tags(getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    assert tags(LOADER) == tags(yaml.SafeLoader)


def _placed(offsets: OffsetMap, length: int) -> list[Span]:
    return [offsets.span(Span(i, j)) for i in range(length + 1) for j in range(i, length + 2)]


@given(
    st.text(st.sampled_from("ab '\"\\\n"), max_size=8),
    st.text(st.sampled_from("ab '\"\\\n"), max_size=8),
    st.text(st.sampled_from("ab '\""), max_size=3),
    st.text(st.sampled_from("ab '\""), max_size=3),
)
def test_a_value_placed_in_the_text_it_stands_in_is_placed_as_in_its_own_copy(
    raw: str, value: str, before: str, after: str
) -> None:
    # align_within's short ways (a value written verbatim, bare or quoted) against align.
    for written in (raw, value, f"'{value}'", f'"{value}"'):
        text = before + written + after
        start, end = len(before), len(before) + len(written)
        within = align_within(text, start, end, value)
        copied = align(text[start:end], start, value)
        assert _placed(within, len(value)) == _placed(copied, len(value))
        # And worked out when asked: where it starts verbatim (asked first), then each place.
        later = AlignedWhenAsked(text, start, end, value)
        assert later.verbatim_start() == copied.verbatim_start()
        assert _placed(later, len(value)) == _placed(copied, len(value))


# Scalars the YAML resolver types: numbers in every spelling YAML 1.1 has, booleans and
# nulls in every case, and texts that only look like them.
_SCALAR_TEXTS = st.one_of(
    st.from_regex(
        r"[-+]?(0|[1-9][0-9]{0,3}|0[0-7]{1,3}|0x[0-9a-fA-F]{1,3}|1_000|1:30)", fullmatch=True
    ),
    st.from_regex(
        r"[-+]?([0-9]{1,3}\.[0-9]{0,3}|\.[0-9]{1,2}|[0-9]\.[0-9]e[-+][0-9])", fullmatch=True
    ),
    st.sampled_from([".inf", "-.Inf", ".NaN", "1_0.5", "0.0", "-0.0", "00.5", "1.5e3"]),
    st.sampled_from(["true", "True", "TRUE", "false", "yes", "No", "ON", "off", "y", "n"]),
    st.sampled_from(["null", "Null", "NULL", "~", "", "nul", "'3'", '"true"']),
)


@given(_SCALAR_TEXTS)
def test_typed_scalars_read_without_the_constructor_are_what_it_reads(text: str) -> None:
    document, found = load_yaml(Source("x.yaml", f"key: {text}\n"))
    assert document is not None and found == []
    value = document.value["key"].value
    expected = yaml.load(f"key: {text}\n", Loader=yaml.SafeLoader)["key"]
    assert type(value) is type(expected)
    assert repr(value) == repr(expected)


_YAML_VALUES = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**70), 2**70),
        st.floats(allow_nan=False),
        st.text(st.sampled_from("ab '\"\\\n\t:#-é"), max_size=6),
    ),
    lambda children: st.one_of(
        st.lists(children, max_size=3),
        st.dictionaries(st.text(st.sampled_from("ab '\":-"), max_size=3), children, max_size=3),
    ),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(
    _YAML_VALUES, st.sampled_from([None, True, False]), st.sampled_from([None, "'", '"', "|", ">"])
)
def test_every_value_is_placed_where_the_composer_placed_its_node(
    data: object, flow: bool | None, style: str | None
) -> None:
    # The places of a value read from YAML are worked out when asked (``span`` its node's,
    # ``key_span`` its key's, a string's ``offsets`` aligned with the text it was written as):
    # each is what the composer's nodes say, asked at any time and as often as wanted.
    text = yaml.safe_dump(data, default_flow_style=flow, default_style=style, allow_unicode=True)
    document, found = load_yaml(Source("x.yaml", text))
    assert found == []
    assert document is not None
    stack = [(document, yaml.compose(text, Loader=yaml.SafeLoader), None)]
    while stack:
        located, node, key = stack.pop()
        start, end = node.start_mark.index, node.end_mark.index
        assert located.span == Span(start, max(start, end))
        # Its places are worked out anew at each ask: the value stays equal to itself.
        assert located == located
        place = None if key is None else Span(key.start_mark.index, key.end_mark.index)
        assert located.key_span == place
        assert located.text is False
        if isinstance(located.value, str):
            assert located.offsets is not None
            aligned = align(text[start : max(start, end)], start, located.value)
            length = len(located.value)
            assert _placed(located.offsets, length) == _placed(aligned, length)
        else:
            assert located.offsets is None
        if isinstance(located.value, dict):
            pairs = {key_node.value: (key_node, value) for key_node, value in node.value}
            stack.extend((item, pairs[name][1], pairs[name][0]) for name, item in located.items())
        elif isinstance(located.value, list):
            stack.extend(zip(located.value, node.value, [None] * len(node.value), strict=True))


@given(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(),
        st.text(st.sampled_from("ab${}' "), max_size=6),
    )
)
def test_a_plain_scalar_parameter_is_taken_as_it_is_as_convert_takes_it(value: object) -> None:
    # _parameter takes a value that is_plain_scalar says is plain without convert and _plain.
    from hookc.frontend.actions import _plain, convert, is_plain_scalar
    from hookc.frontend.located import Located

    converted, found = convert(Located(value, Span(0, 0)), value, Source("x.yaml", ""))
    if is_plain_scalar(value):
        assert found == [] and converted is value and _plain(converted) is value
    else:
        assert found or isinstance(converted, Template)  # a template, or why it is not one


# -- merge keys and `x-` keys (issue 25, item 22) ----------------------------------------------

MERGES = [
    "base: &b {type: retry, delay: 30}\nuse: {<<: *b, delay: 60}\n",
    "base: &b {type: retry, delay: 30}\nuse: {delay: 60, <<: *b}\n",  # its own key wins
    "a: &a {x: 1, y: 1}\nb: &b {x: 2, z: 2}\nuse: {<<: [*a, *b], w: 0}\n",  # the earlier wins
    "a: &a {x: 1}\nb: &b {<<: *a, y: 2}\nuse: {<<: *b, z: 3}\n",  # a merge of a merge
    "use:\n  <<: {x: 1, y: 2}\n  y: 3\n",  # a mapping written in place
    "a: &a {x: 1}\nuse: {<<: *a, <<: {x: 2, y: 2}}\n",  # two merge keys
    "a: &a {x: [1, {<<: {y: 1}}]}\nuse: {<<: *a}\n",  # a merge inside the merged value
    # Where pyyaml 6.0.4 goes wrong (it keeps the first of two keys whose strings are one
    # object): a mapping that overrides what it merges, merged in turn; and long keys in two
    # merged mappings, where the earlier mapping wins.
    "a: &a {x: 1, delay: 1}\nb: &b {<<: *a, x: 2, delay: 2}\nuse: {<<: *b}\n",
    "a: &a {x: 1, delay: 1}\nb: &b {x: 2, delay: 2}\nuse: {<<: [*a, *b]}\n",
]
# What YAML's merge rule gives for each (https://yaml.org/type/merge.html).
MERGED = [
    {"type": "retry", "delay": 60},
    {"type": "retry", "delay": 60},
    {"x": 1, "y": 1, "z": 2, "w": 0},
    {"x": 1, "y": 2, "z": 3},
    {"x": 1, "y": 3},
    {"x": 1, "y": 2},
    {"x": [1, {"y": 1}]},
    {"x": 2, "delay": 2},
    {"x": 1, "delay": 1},
]


def _as_written(value: object) -> object:
    """Plain data with each mapping's key order made visible."""
    if isinstance(value, dict):
        return [(key, _as_written(item)) for key, item in value.items()]
    if isinstance(value, list):
        return [_as_written(item) for item in value]
    return value


@pytest.mark.parametrize(("text", "merged"), list(zip(MERGES, MERGED, strict=True)))
def test_merge_keys_merge_as_yaml_says_in_the_front_end_and_the_runtime(
    text: str, merged: dict[str, object]
) -> None:
    # `<<: *retry` was read as a key `<<`, and the action it completed as one without `type`.
    # The front end and hookc.runtime now read the same, keys in the same order.
    from hookc.runtime.loader import _read_yaml

    located, diagnostics = load_yaml(Source("m.yaml", text))
    assert located is not None and diagnostics == []
    assert located.plain()["use"] == merged
    assert _as_written(located.plain()) == _as_written(_read_yaml(text, "m.yaml"))


def test_a_merged_key_overridden_is_no_duplicate_but_a_key_written_twice_is() -> None:
    text = "a: &a {x: 1}\nuse: {<<: *a, x: 2, y: 1, y: 2}\n"
    located, diagnostics = load_yaml(Source("m.yaml", text))
    assert located is not None
    assert [(d.code, d.location, d.message) for d in diagnostics] == [
        ("HK205", (2, 27), "duplicate key `y`: YAML keeps only the last one")
    ]


@pytest.mark.parametrize("merged", ["*s", "[*s, 1]", "5"])
def test_a_merge_of_anything_but_mappings_is_reported(merged: str) -> None:
    text = f"s: &s text\nuse: {{<<: {merged}, y: 1}}\n"
    located, diagnostics = load_yaml(Source("m.yaml", text))
    assert located is not None and located.plain()["use"] == {"y": 1}
    assert [d.code for d in diagnostics] == ["HK205"]
    assert "a merge key `<<` takes a mapping or a list of mappings" in diagnostics[0].message
    with pytest.raises(yaml.YAMLError):  # as pyyaml refuses it
        yaml.safe_load(text)


def test_x_keys_hold_anchors_that_hooks_merge_in(tmp_path: Path) -> None:
    loaded = load(
        tmp_path,
        """
        x-retry: &retry
          type: retry
          delay: 30
        x-notes: [anything, {at: all}]
        hooks:
          - id: slow
            event: error
            action: {<<: *retry, delay: 60}
          - id: fast
            event: limit
            action:
              <<: *retry
              max_attempts: 5
        """,
    )
    assert loaded.diagnostics == ()
    assert loaded.hookset is not None
    actions = {hook.id: hook.action for hook in loaded.hookset.hooks}
    assert actions["slow"].type == actions["fast"].type == "retry"
    assert actions["slow"].params.get("delay") == 60
    assert actions["fast"].params.get("max_attempts") == 5
    # hookc.runtime reads the file as the front end does (it allows `x-` keys too).
    import hookc.runtime

    runtime = hookc.runtime.load(tmp_path / "hooks.yaml")
    assert runtime.evaluate_hooks("error", {}) == {"type": "retry", "delay": 60}
    assert runtime.evaluate_hooks("limit", {}) == {"type": "retry", "delay": 30, "max_attempts": 5}
    # The schema's fast check answers for `x-` keys itself (not "don't know").
    from hookc.frontend.schema_valid import _compiled, is_valid

    assert is_valid({"x-retry": {"any": ["thing"]}, "hooks": []})
    assert not is_valid({"x_retry": 1, "hooks": []})
    document = load_yaml(Source("d.yaml", "x-a: 1\nhooks: []\n"))[0]
    assert document is not None and _compiled()(document)  # raises if unsure
    # Any other unknown top-level key is still one.
    loaded = load(tmp_path, "y-retry: 1\nhooks: []\n")
    assert [(d.code, d.message) for d in loaded.diagnostics] == [
        ("HK205", "unknown key `y-retry` in the hook file")
    ]
