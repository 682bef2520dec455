"""Directive XML (SPEC §3.2) through ``load_file``: the IR it lowers to, and every diagnostic
at its true line and column, in ``.xml`` files and in ``.md`` fences alike."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from hookc.cel.parser import parse
from hookc.frontend.embedded import OffsetMap
from hookc.frontend.load import load_file
from hookc.frontend.lower import Loaded
from hookc.frontend.xml_file import load_xml
from hookc.hosts.profile import load_profile
from hookc.ir.expr import And, Binary, Expr
from hookc.ir.hooks import Hook, Params, Template
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, Severity


def load(tmp_path: Path, text: str, name: str = "hooks.xml") -> Loaded:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return load_file(path)


def expr(text: str) -> Expr:
    result = parse(text)
    assert result.expr is not None, result.diagnostics
    return result.expr


def hooks(loaded: Loaded) -> tuple[Hook, ...]:
    assert not loaded.has_errors, [d.render() for d in loaded.diagnostics]
    assert loaded.hookset is not None
    return loaded.hookset.hooks


def only(loaded: Loaded, code: str) -> Diagnostic:
    """The one diagnostic of the load, which must carry ``code``."""
    assert [d.code for d in loaded.diagnostics] == [code], [d.render() for d in loaded.diagnostics]
    return loaded.diagnostics[0]


def params(hook: Hook) -> dict[str, object]:
    return dict(hook.action.params.items)


def in_hooks(*body: str) -> str:
    return (
        "<directive>\n<metadata>\n<hooks>\n"
        + "\n".join(body)
        + "\n</hooks>\n</metadata>\n</directive>\n"
    )


# --- The examples of the seed and of the SPEC ---------------------------------------------

SEED_EXAMPLE = """
<!-- Directive XML -->
<directive name="my_directive">
  <hooks>
    <hook event="error" when="classification.category == 'rate_limited'">
      <directive>my_app/custom_backoff</directive>
    </hook>
  </hooks>
</directive>
"""


def test_the_seed_example_lowers_to_a_call_directive_hook(tmp_path: Path) -> None:
    (hook,) = hooks(load(tmp_path, SEED_EXAMPLE))
    assert hook.event == "error"
    assert hook.condition == expr("classification.category == 'rate_limited'")
    assert hook.action.type == "call_directive"
    assert params(hook) == {
        "directive": "my_app/custom_backoff",
        "parameters": Params(),
        "inherit_token": True,
    }
    assert hook.id == "hooks.hooks.0"  # derived like a YAML hook's


SPEC_EXAMPLES = """
<directive name="d">
  <metadata>
    <hooks>
      <hook id="rl" event="error" priority="5" when="classification.category == 'rate_limited'">
        <directive>my_app/custom_backoff</directive>          <!-- call_directive shorthand -->
      </hook>
      <hook event="limit">
        <when><![CDATA[cost.spend > 10 && limit_code == 'spend_exceeded']]></when>
        <escalate target="user_approval" timeout_seconds="7200"/>
      </hook>
      <hook event="error" when="classification.category == 'permanent'">
        <emit_event event_type="my_app/error_notification">
          <param name="error_type">${error.type}</param>
        </emit_event>
      </hook>
    </hooks>
  </metadata>
</directive>
"""


def test_the_spec_examples_lower_as_their_yaml_would(tmp_path: Path) -> None:
    loaded = load(tmp_path, SPEC_EXAMPLES)
    rate_limited, budget, notify = hooks(loaded)
    assert (rate_limited.id, rate_limited.priority) == ("rl", 5)
    assert rate_limited.condition == expr("classification.category == 'rate_limited'")
    assert params(rate_limited)["directive"] == "my_app/custom_backoff"

    assert budget.condition == expr("cost.spend > 10 && limit_code == 'spend_exceeded'")
    assert budget.action.type == "escalate"
    assert params(budget) == {"target": "user_approval", "timeout_seconds": 7200}

    assert notify.condition == expr("classification.category == 'permanent'")
    assert notify.action.type == "emit_event"
    payload = params(notify)["payload"]
    assert isinstance(payload, Params)
    assert payload.get("error_type") == Template((expr("error.type"),))
    assert params(notify)["event_type"] == "my_app/error_notification"


def test_hook_spans_point_at_their_hook_elements(tmp_path: Path) -> None:
    loaded = load(tmp_path, SPEC_EXAMPLES)
    assert loaded.source is not None
    lines = [loaded.source.position(hook.span.start) for hook in hooks(loaded) if hook.span]
    assert lines == [(4, 7), (7, 7), (11, 7)]


def test_condition_spans_point_into_the_attribute_and_the_cdata(tmp_path: Path) -> None:
    loaded = load(tmp_path, SPEC_EXAMPLES)
    assert loaded.source is not None
    rate_limited, budget, _ = hooks(loaded)
    # `'rate_limited'` in when="classification.category == 'rate_limited'" on line 4.
    assert isinstance(rate_limited.condition, Binary)
    assert rate_limited.condition.right.span is not None
    assert loaded.source.position(rate_limited.condition.right.span.start) == (4, 81)
    # `limit_code` inside <![CDATA[ ... ]]> on line 8.
    assert isinstance(budget.condition, And)
    comparison = budget.condition.operands[1]
    assert isinstance(comparison, Binary) and comparison.left.span is not None
    assert loaded.source.position(comparison.left.span.start) == (8, 43)


# --- Every action of the default profile, written as an element ---------------------------

ACTIONS = [
    (
        '<retry max_attempts="5" backoff_policy="fixed" delay="1.5"/>',
        "retry",
        {"max_attempts": 5, "backoff_policy": "fixed", "delay": 1.5},
    ),
    ("<retry/>", "retry", {"max_attempts": 3, "backoff_policy": "inherit"}),
    ('<fail error_message="gave up on ${error.code}"/>', "fail", None),
    ("<abort/>", "abort", {}),
    ("<continue/>", "continue", {}),
    (
        '<escalate target="both" timeout_seconds=" 60 "/>',
        "escalate",
        {"target": "both", "timeout_seconds": 60},
    ),
    (
        '<call_directive directive="a/b" inherit_token="false"><param name="k">v</param>'
        "</call_directive>",
        "call_directive",
        {"directive": "a/b", "parameters": Params((("k", "v"),)), "inherit_token": False},
    ),
    ('<suspend suspend_reason="budget"/>', "suspend", {"suspend_reason": "budget"}),
    (
        '<emit_event event_type="t"><param name="a">x</param><param name="b">y</param>'
        "</emit_event>",
        "emit_event",
        {"event_type": "t", "payload": Params((("a", "x"), ("b", "y")))},
    ),
]


@pytest.mark.parametrize(("element", "action_type", "expected"), ACTIONS)
def test_each_action_type_can_be_written_as_an_element(
    tmp_path: Path, element: str, action_type: str, expected: dict[str, object] | None
) -> None:
    (hook,) = hooks(load(tmp_path, in_hooks(f'<hook event="error">{element}</hook>')))
    assert hook.action.type == action_type
    if expected is not None:
        assert params(hook) == expected


def test_an_error_message_template_is_parsed_in_an_attribute(tmp_path: Path) -> None:
    (hook,) = hooks(
        load(tmp_path, in_hooks(ACTIONS[2][0].join(['<hook event="error">', "</hook>"])))
    )
    assert params(hook)["error_message"] == Template(("gave up on ", expr("error.code")))


def test_param_templates_keep_their_text_and_exact_holes_their_type(tmp_path: Path) -> None:
    loaded = load(
        tmp_path,
        in_hooks(
            '<hook event="error">',
            '  <emit_event event_type="my_app/n">',
            '    <param name="code">${error.code}</param>',
            "    <param name=\"text\">Error: ${error.headers['retry-after']} &amp; more</param>",
            '    <param name="spaced">',
            "      ${error.type}",
            "    </param>",
            '    <param name="cdata"><![CDATA[<b>${error.message}</b>]]></param>',
            "  </emit_event>",
            "</hook>",
        ),
    )
    (hook,) = hooks(loaded)
    payload = params(hook)["payload"]
    assert isinstance(payload, Params)
    assert payload.get("code") == Template((expr("error.code"),))
    assert payload.get("text") == Template(
        ("Error: ", expr("error.headers['retry-after']"), " & more")
    )
    assert payload.get("spaced") == Template((expr("error.type"),))  # text is trimmed
    assert payload.get("cdata") == Template(("<b>", expr("error.message"), "</b>"))


def test_a_template_error_in_a_param_is_placed_in_the_file(tmp_path: Path) -> None:
    loaded = load(
        tmp_path,
        in_hooks(
            '<hook event="error">',
            '  <emit_event event_type="t"><param name="p">&lt;${error.}</param></emit_event>',
            "</hook>",
        ),
    )
    diagnostic = only(loaded, "HK101")
    # `}` where a field name was expected: after `<param name="p">&lt;${error.` on line 5.
    assert diagnostic.location == (5, 58)


def test_enabled_description_and_a_negative_priority_are_read(tmp_path: Path) -> None:
    (hook,) = hooks(
        load(
            tmp_path,
            in_hooks(
                '<hook id="h" event="error" priority="-3" enabled="false" description="d &amp; e">',
                "<abort/></hook>",
            ),
        )
    )
    assert (hook.id, hook.priority, hook.enabled, hook.description) == ("h", -3, False, "d & e")


def test_character_references_in_a_when_attribute_are_decoded(tmp_path: Path) -> None:
    (hook,) = hooks(
        load(
            tmp_path,
            in_hooks(
                '<hook event="error" when="error.code == &quot;a&#x3c;b&#62;&apos;&quot;">'
                "<abort/></hook>"
            ),
        )
    )
    assert hook.condition == expr('error.code == "a<b>\'"')


def test_several_hooks_elements_anywhere_concatenate_in_order(tmp_path: Path) -> None:
    loaded = load(
        tmp_path,
        """
        <directive xmlns="urn:example:directive">
          <hooks><hook id="a" event="error"><abort/></hook></hooks>
          <process><step>ignored <hook id="not-a-hook"/></step></process>
          <metadata><hooks><hook id="b" event="limit"><continue/></hook></hooks></metadata>
        </directive>
        """,
    )
    assert [hook.id for hook in hooks(loaded)] == ["a", "b"]


def test_a_hooks_element_may_be_the_root(tmp_path: Path) -> None:
    loaded = load(tmp_path, '<hooks><hook event="error"><abort/></hook></hooks>')
    assert [hook.action.type for hook in hooks(loaded)] == ["abort"]


def test_an_empty_hooks_element_holds_no_hooks(tmp_path: Path) -> None:
    loaded = load(tmp_path, "<directive><hooks>\n</hooks></directive>")
    assert only(loaded, "HK208").severity is Severity.WARNING


def test_crlf_line_breaks_keep_positions_true(tmp_path: Path) -> None:
    path = tmp_path / "crlf.xml"
    text = '<hooks>\r\n<hook event="error"\r\n  when="a &amp;&amp; )">\r\n<abort/></hook></hooks>'
    path.write_bytes(text.encode())
    assert only(load_file(path), "HK101").location == (3, 22)


def test_a_line_break_inside_an_attribute_is_a_space_in_the_condition(tmp_path: Path) -> None:
    loaded = load(
        tmp_path,
        in_hooks('<hook event="error" when="a &amp;&amp;', '      b ==">', "<abort/></hook>"),
    )
    # The error is at the end of the condition, on the attribute's second line.
    assert only(loaded, "HK101").location == (5, 11)


# --- True positions of diagnostics inside `when`, in .xml and .md -------------------------

WHEN_ON_LINE_7 = """
<?xml version="1.0" encoding="UTF-8"?>
<directive name="d">
  <metadata>
    <hooks>
      <hook event="error">
        <abort/>
      </hook><hook event="error" when="x &amp;&amp; y == )">
        <abort/>
      </hook>
    </hooks>
  </metadata>
</directive>
"""
# On line 7, `)` stands at column 58: the two `&amp;` are 10 characters of the file for 2 of
# the condition, so a position that ignored decoding would be 8 columns early.
WHEN_ERROR_COLUMN = 58


def test_a_when_attribute_error_is_at_its_true_line_and_column(tmp_path: Path) -> None:
    diagnostic = only(load(tmp_path, WHEN_ON_LINE_7), "HK101")
    assert diagnostic.location == (7, WHEN_ERROR_COLUMN)
    assert diagnostic.source.line_text(7)[WHEN_ERROR_COLUMN - 1] == ")"


MARKDOWN_PREFIX = """\
# My directive

Some prose, and a YAML block that is not the XML:
```yaml
"""


def markdown(xml: str, prefix: str = MARKDOWN_PREFIX) -> str:
    return (
        prefix
        + "a: 1\n```\n\n```xml\n"
        + textwrap.dedent(xml).lstrip("\n")
        + "```\n\nMore prose.\n"
    )


def test_a_when_error_in_markdown_is_at_its_line_in_the_markdown_file(tmp_path: Path) -> None:
    text = markdown(WHEN_ON_LINE_7)
    assert text.split("\n")[7] == "```xml"  # the fence is line 8, the XML starts on line 9
    diagnostic = only(load(tmp_path, text, "directive.md"), "HK101")
    assert diagnostic.location == (8 + 7, WHEN_ERROR_COLUMN)


def test_markdown_fence_starting_on_line_5_shifts_everything_by_5(tmp_path: Path) -> None:
    text = "# D\n\nprose\n\n```xml\n" + textwrap.dedent(WHEN_ON_LINE_7).lstrip("\n") + "```\n"
    diagnostic = only(load(tmp_path, text, "d.MD"), "HK101")
    assert diagnostic.location == (5 + 7, WHEN_ERROR_COLUMN)


def test_markdown_hooks_lower_with_true_spans(tmp_path: Path) -> None:
    loaded = load(tmp_path, markdown(SPEC_EXAMPLES), "directive.md")
    assert loaded.source is not None
    first, *_ = hooks(loaded)
    assert first.span is not None
    assert loaded.source.position(first.span.start) == (8 + 4, 7)


def test_markdown_without_an_xml_fence_warns_once(tmp_path: Path) -> None:
    loaded = load(tmp_path, "# Title\n\n```yaml\nhooks: []\n```\n", "directive.md")
    diagnostic = only(loaded, "HK208")
    assert "no ```xml block" in diagnostic.message
    assert loaded.hookset is None


def test_markdown_takes_only_the_first_xml_fence(tmp_path: Path) -> None:
    text = markdown('<hooks><hook id="first" event="error"><abort/></hook></hooks>\n')
    text += '```xml\n<hooks><hook id="second" event="error"><abort/></hook></hooks>\n```\n'
    assert [hook.id for hook in hooks(load(tmp_path, text, "d.md"))] == ["first"]


@pytest.mark.parametrize("fence", ["```XML", "~~~xml", "````xml directive", "   ```xml"])
def test_markdown_fences_of_every_spelling_are_found(tmp_path: Path, fence: str) -> None:
    closing = fence.strip().split()[0][:-3]
    text = f"# D\n{fence}\n<hooks><hook event='error'><abort/></hook></hooks>\n{closing}\nprose\n"
    assert len(hooks(load(tmp_path, text, "d.md"))) == 1


def test_an_empty_markdown_fence_holds_no_hooks(tmp_path: Path) -> None:
    loaded = load(tmp_path, "# D\n```xml\n```\n", "d.md")
    assert only(loaded, "HK208").message == "the file holds no hooks"


def test_a_markdown_xml_syntax_error_counts_lines_from_the_top_of_the_file(
    tmp_path: Path,
) -> None:
    text = "intro\n\n```xml\n<hooks>\n  <hook event='error'>\n</hooks>\n```\n"
    diagnostic = only(load(tmp_path, text, "d.md"), "HK203")
    assert diagnostic.location[0] == 6
    assert "hook line 5 and hooks" in diagnostic.message  # lxml's own line, shifted too


# --- Coercion and structure errors --------------------------------------------------------


def test_a_timeout_that_is_not_an_integer_is_an_error_at_the_attribute_value(
    tmp_path: Path,
) -> None:
    loaded = load(
        tmp_path,
        in_hooks(
            '<hook event="limit"><escalate target="user_approval" timeout_seconds="abc"/></hook>'
        ),
    )
    diagnostic = only(loaded, "HK303")
    assert diagnostic.location == (4, 71)
    assert "`timeout_seconds` must be an integer, not the string 'abc'" in diagnostic.message


def test_a_target_outside_its_enum_is_an_error_at_the_attribute_value(tmp_path: Path) -> None:
    loaded = load(tmp_path, in_hooks('<hook event="limit"><escalate target="nobody"/></hook>'))
    diagnostic = only(loaded, "HK304")
    assert diagnostic.location == (4, 39)
    assert "user_approval" in diagnostic.message


def test_a_priority_that_is_not_an_integer_is_an_error_at_its_value(tmp_path: Path) -> None:
    loaded = load(tmp_path, in_hooks('<hook event="error" priority="abc"><abort/></hook>'))
    diagnostic = only(loaded, "HK205")
    assert diagnostic.location == (4, 31)
    assert diagnostic.message == "`priority` must be an integer, not the string 'abc'"


def test_enabled_must_be_true_or_false(tmp_path: Path) -> None:
    loaded = load(tmp_path, in_hooks('<hook event="error" enabled="yes"><abort/></hook>'))
    diagnostic = only(loaded, "HK205")
    assert "`enabled` must be true or false" in diagnostic.message
    assert diagnostic.location == (4, 30)


def test_a_when_attribute_and_a_when_child_together_are_an_error(tmp_path: Path) -> None:
    loaded = load(
        tmp_path, in_hooks('<hook event="error" when="a">', "<when>b</when><abort/></hook>")
    )
    assert only(loaded, "HK209").location == (5, 2)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('<hook event="error"/>', "no action"),
        ('<hook event="error"><!-- nothing --> </hook>', "no action"),
        ('<hook event="error"><retry/><fail/></hook>', "exactly one action; this one has 2"),
    ],
)
def test_a_hook_needs_exactly_one_action(tmp_path: Path, body: str, message: str) -> None:
    diagnostic = only(load(tmp_path, in_hooks(body)), "HK306")
    assert message in diagnostic.message
    assert diagnostic.location == (4, 2)


def test_a_param_on_an_action_without_an_object_parameter_is_an_error(tmp_path: Path) -> None:
    loaded = load(
        tmp_path,
        in_hooks(
            '<hook event="error"><escalate target="both">',
            '<param name="x">1</param>',
            "</escalate></hook>",
        ),
    )
    diagnostic = only(loaded, "HK302")
    assert diagnostic.location == (5, 2)
    assert "target, timeout_seconds" in (diagnostic.hint or "")


def test_an_unknown_action_element_gets_a_did_you_mean(tmp_path: Path) -> None:
    diagnostic = only(load(tmp_path, in_hooks('<hook event="error"><retyr/></hook>')), "HK301")
    assert diagnostic.location == (4, 22)
    assert diagnostic.hint == "did you mean `retry`?"


def test_an_unknown_action_attribute_is_reported_by_the_catalog(tmp_path: Path) -> None:
    loaded = load(tmp_path, in_hooks('<hook event="error"><retry max_attempt="2"/></hook>'))
    diagnostic = only(loaded, "HK302")
    assert diagnostic.location == (4, 28)
    assert diagnostic.hint == "did you mean `max_attempts`?"


def test_a_missing_required_parameter_is_reported_by_the_catalog(tmp_path: Path) -> None:
    loaded = load(tmp_path, in_hooks('<hook event="error"><directive>  </directive></hook>'))
    assert "needs the parameter `directive`" in only(loaded, "HK305").message


def test_an_action_element_takes_no_type_attribute(tmp_path: Path) -> None:
    loaded = load(tmp_path, in_hooks('<hook event="error"><retry type="fail"/></hook>'))
    diagnostic = only(loaded, "HK302")
    assert "its name is the action type" in diagnostic.message


def test_params_of_an_unknown_action_are_left_to_the_catalog_check(tmp_path: Path) -> None:
    loaded = load(
        tmp_path,
        in_hooks('<hook event="error"><emit_evnt><param name="a">1</param></emit_evnt></hook>'),
    )
    assert only(loaded, "HK301").hint == "did you mean `emit_event`?"


def test_attributes_in_another_namespace_are_not_parameters(tmp_path: Path) -> None:
    loaded = load(
        tmp_path,
        in_hooks(
            '<hook event="error" xml:lang="en" xmlns:ui="urn:ui" ui:color="red">',
            '<retry ui:icon="r" max_attempts="2"/></hook>',
        ),
    )
    (hook,) = hooks(loaded)
    assert params(hook)["max_attempts"] == 2


def test_a_hook_without_an_event_fails_the_schema(tmp_path: Path) -> None:
    loaded = load(tmp_path, in_hooks('<hook evnt="error"><abort/></hook>'))
    assert {d.code for d in loaded.diagnostics} == {"HK205"}
    assert loaded.hookset is None


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('<hok event="error"><abort/></hok>', "only <hook> elements"),
        (
            '<hook event="error"><retry><max_attempts>2</max_attempts></retry></hook>',
            "inside <retry>",
        ),
        ('<hook event="error"><retry>3</retry></hook>', "<retry> holds text"),
        (
            '<hook event="error"><emit_event event_type="t"><param>1</param></emit_event></hook>',
            "needs a `name`",
        ),
        (
            '<hook event="error"><emit_event event_type="t"><param name="a"/><param name="a"/>'
            "</emit_event></hook>",
            "given twice",
        ),
        ('<hook event="error"><when>a <b/></when><abort/></hook>', "holds text only"),
        (
            '<hook event="error"><directive directive="a">b</directive></hook>',
            "the directive is given twice",
        ),
        (
            '<hook event="error"><emit_event event_type="t" payload="x"><param name="a">1'
            "</param></emit_event></hook>",
            "`payload` is given both as an attribute and by <param> children",
        ),
    ],
)
def test_misplaced_elements_and_text_are_errors(tmp_path: Path, body: str, message: str) -> None:
    diagnostic = only(load(tmp_path, in_hooks(body)), "HK205")
    assert message in diagnostic.message


# --- Unsafe XML ----------------------------------------------------------------------------


def assert_nothing_leaks(loaded: Loaded, *secrets: str) -> None:
    for diagnostic in loaded.diagnostics:
        said = f"{diagnostic.message} {diagnostic.hint} {diagnostic.render()}"
        for secret in secrets:
            assert secret not in said


def test_an_external_entity_on_a_local_file_is_refused_unread(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-7f3a9c", encoding="utf-8")
    loaded = load(
        tmp_path,
        f"""
        <?xml version="1.0"?>
        <!DOCTYPE directive [
          <!ENTITY xxe SYSTEM "file://{secret}">
          <!ENTITY host SYSTEM "file:///etc/hostname">
        ]>
        <directive><hooks>
          <hook event="error" when="'&xxe;&host;' == 'x'"><fail error_message="&xxe;"/></hook>
        </hooks></directive>
        """,
    )
    diagnostic = only(loaded, "HK204")
    assert diagnostic.location == (2, 1)
    assert "DTD" in diagnostic.message and "not allowed" in diagnostic.message
    assert loaded.hookset is None
    hostname = Path("/etc/hostname")
    host = hostname.read_text().strip() if hostname.exists() else ""
    assert_nothing_leaks(loaded, "TOP-SECRET-7f3a9c", *([host] if len(host) > 3 else []))


def test_an_external_entity_on_the_network_is_refused_unfetched(tmp_path: Path) -> None:
    loaded = load(
        tmp_path,
        """
        <!DOCTYPE hooks SYSTEM "http://127.0.0.1:9/x.dtd" [
          <!ENTITY remote SYSTEM "http://127.0.0.1:9/x">
        ]>
        <hooks><hook event="error" when="'&remote;' == ''"><abort/></hook></hooks>
        """,
    )
    assert only(loaded, "HK204").location == (1, 1)


def test_a_billion_laughs_is_refused_before_any_expansion(tmp_path: Path) -> None:
    entities = "\n".join(f'  <!ENTITY lol{n} "{f"&lol{n - 1};" * 10}">' for n in range(1, 10))
    loaded = load(
        tmp_path,
        '<?xml version="1.0"?>\n<!-- a comment first -->\n<!DOCTYPE lolz [\n'
        '  <!ENTITY lol0 "lol">\n' + entities + "\n]>\n"
        "<hooks><hook event=\"e\" when=\"'&lol9;' == ''\"><abort/></hook></hooks>\n",
    )
    assert only(loaded, "HK204").location == (3, 1)
    assert_nothing_leaks(loaded, "lollollol")


def test_a_doctype_inside_a_markdown_fence_is_refused_at_its_line(tmp_path: Path) -> None:
    text = markdown('<!DOCTYPE hooks [<!ENTITY e "x">]>\n<hooks/>\n')
    assert only(load(tmp_path, text, "d.md"), "HK204").location == (9, 1)


def test_even_a_bare_doctype_is_refused(tmp_path: Path) -> None:
    loaded = load(tmp_path, '<!DOCTYPE hooks>\n<hooks><hook event="error"><abort/></hook></hooks>')
    assert only(loaded, "HK204").location == (1, 1)


def test_a_doctype_only_mentioned_in_a_comment_is_harmless(tmp_path: Path) -> None:
    loaded = load(
        tmp_path, '<!-- no <!DOCTYPE here --><hooks><hook event="error"><abort/></hook></hooks>'
    )
    assert len(hooks(loaded)) == 1


# --- Malformed XML -------------------------------------------------------------------------


def test_an_unclosed_tag_is_a_syntax_error_where_lxml_noticed(tmp_path: Path) -> None:
    loaded = load(tmp_path, in_hooks('<hook event="error">', "<abort/>"))
    diagnostic = only(loaded, "HK203")
    assert diagnostic.location[0] == 6  # at `</hooks>`, which should have been `</hook>`
    assert "hook line 4 and hooks" in diagnostic.message


def test_a_raw_less_than_in_when_suggests_an_escape_or_cdata(tmp_path: Path) -> None:
    loaded = load(tmp_path, in_hooks('<hook event="error" when="cost.spend < 10"><abort/></hook>'))
    diagnostic = only(loaded, "HK203")
    assert diagnostic.location == (4, 38)
    assert diagnostic.message == "a `<` inside an attribute value must be written `&lt;`"
    assert "&lt;" in (diagnostic.hint or "") and "CDATA" in (diagnostic.hint or "")


def test_a_raw_less_than_in_another_attribute_suggests_only_the_escape(tmp_path: Path) -> None:
    loaded = load(tmp_path, in_hooks('<hook event="error" description="a < b"><abort/></hook>'))
    assert only(loaded, "HK203").hint == "write `&lt;`"


def test_a_double_ampersand_in_when_suggests_and(tmp_path: Path) -> None:
    loaded = load(tmp_path, in_hooks('<hook event="error"\n  when="a > 1 && b"><abort/></hook>'))
    diagnostic = only(loaded, "HK203")
    assert diagnostic.location == (5, 15)
    assert "bare `&`" in diagnostic.message
    assert "`and`" in (diagnostic.hint or "") and "CDATA" in (diagnostic.hint or "")


def test_a_bare_ampersand_in_when_text_suggests_cdata(tmp_path: Path) -> None:
    loaded = load(tmp_path, in_hooks('<hook event="error"><when>a && b</when><abort/></hook>'))
    diagnostic = only(loaded, "HK203")
    assert diagnostic.location == (4, 29)
    assert "CDATA" in (diagnostic.hint or "")


def test_a_raw_less_than_in_when_text_suggests_cdata(tmp_path: Path) -> None:
    loaded = load(tmp_path, in_hooks('<hook event="error"><when>a < b</when><abort/></hook>'))
    diagnostic = only(loaded, "HK203")
    assert diagnostic.location == (4, 29)
    assert diagnostic.message == "a `<` in text must be written `&lt;`"


def test_an_html_entity_is_unknown_to_xml(tmp_path: Path) -> None:
    loaded = load(tmp_path, in_hooks('<hook event="error" description="a&nbsp;b"><abort/></hook>'))
    diagnostic = only(loaded, "HK203")
    assert diagnostic.message == "unknown entity `&nbsp;`"
    assert diagnostic.location == (4, 35)


def test_nesting_beyond_libxml2s_limit_is_a_syntax_error(tmp_path: Path) -> None:
    loaded = load(tmp_path, "<a>" * 300 + "</a>" * 300)
    assert "nests more than 256 elements deep" in only(loaded, "HK203").message


def test_text_that_is_not_xml_is_a_syntax_error(tmp_path: Path) -> None:
    loaded = load(tmp_path, "hooks:\n  - event: error\n")
    assert only(loaded, "HK203").location == (1, 1)


@pytest.mark.parametrize("text", ["", "   \n\n"])
def test_an_empty_file_holds_no_hooks(tmp_path: Path, text: str) -> None:
    path = tmp_path / "empty.xml"
    path.write_text(text, encoding="utf-8")
    loaded = load_file(path)
    assert only(loaded, "HK208").severity is Severity.WARNING


def test_binary_garbage_is_refused_by_the_reader(tmp_path: Path) -> None:
    path = tmp_path / "garbage.xml"
    path.write_bytes(b"<hooks>\x00\x01\xff\xfe</hooks>")
    assert "binary" in only(load_file(path), "HK201").message


def test_text_that_is_not_utf8_is_refused_by_the_reader(tmp_path: Path) -> None:
    path = tmp_path / "latin1.md"
    path.write_bytes(b"# caf\xe9\n```xml\n<hooks/>\n```\n")
    assert "UTF-8" in only(load_file(path), "HK201").message


def test_a_directive_without_hooks_warns_once(tmp_path: Path) -> None:
    loaded = load(tmp_path, "<directive name='d'><metadata><x/></metadata></directive>")
    diagnostic = only(loaded, "HK208")
    assert diagnostic.message == "no <hooks> element in this directive"
    assert diagnostic.location == (1, 2)


# --- The front end on its own: the offset maps obey their law -----------------------------

# Characters a condition or a parameter may hold, including those XML writes differently.
_CHARS = st.characters(
    codec="utf-8", exclude_categories=("Cs", "Cc"), include_characters="\t\n\r<>&\"'é€𝄞"
)


@st.composite
def _written(draw: st.DrawFn, attribute: bool) -> tuple[str, list[str]]:
    """A value, and how each of its characters is written in the file."""
    chars = draw(st.lists(_CHARS, max_size=20))
    raw: list[str] = []
    for char in chars:
        forms = [f"&#{ord(char)};", f"&#x{ord(char):x};"]
        named = {"<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;"}
        if char in named:
            forms.append(named[char])
        # Written as themselves, these would read differently: markup, or a line break or
        # tab that XML normalizes; they stay references.
        if char not in '<&"\r' and not (attribute and char in "\t\n"):
            forms.append(char)
        raw.append(draw(st.sampled_from(forms)))
    return "".join(chars), raw


def written_at(offsets: OffsetMap, index: int) -> int:
    """The file offset where character ``index`` of a decoded value was written."""
    return offsets.span(Span(index, index + 1)).start


@given(_written(attribute=True))
@settings(max_examples=200, deadline=None)
def test_every_decoded_attribute_character_maps_to_what_wrote_it(
    written: tuple[str, list[str]],
) -> None:
    value, raw = written
    prefix = '<hooks>\n  <hook event="error" description="'
    text = prefix + "".join(raw) + '"><abort/></hook></hooks>'
    document, diagnostics = load_xml(Source("h.xml", text), load_profile())
    assert diagnostics == [] and document is not None
    node = document.at(("hooks", 0, "description"))
    assert node.value == value
    assert node.offsets is not None
    position = len(prefix)
    for index, form in enumerate(raw):
        assert written_at(node.offsets, index) == position
        position += len(form)


@given(_written(attribute=False), st.booleans())
@settings(max_examples=200, deadline=None)
def test_every_decoded_param_character_maps_to_what_wrote_it(
    written: tuple[str, list[str]], cdata: bool
) -> None:
    value, raw = written
    if cdata:  # a CDATA section writes every character as itself, save `]]>` and CR
        assume("]]>" not in value and "\r" not in value)
        raw = list(value)
        body = "<![CDATA[" + value + "]]>"
        first = len("<![CDATA[")
    else:
        body = "".join(raw)
        first = 0
    prefix = '<hooks><hook event="error"><emit_event event_type="t"><param name="p">'
    text = prefix + body + "</param></emit_event></hook></hooks>"
    document, diagnostics = load_xml(Source("h.xml", text), load_profile())
    assert diagnostics == [] and document is not None
    node = document.at(("hooks", 0, "action", "payload", "p"))
    stripped = value.strip(" \t\n\r")
    assert node.value == stripped
    leading = len(value) - len(value.lstrip(" \t\n\r"))
    position = len(prefix) + first + sum(len(form) for form in raw[:leading])
    assert node.offsets is not None
    for index, form in enumerate(raw[leading : leading + len(stripped)]):
        assert written_at(node.offsets, index) == position
        position += len(form)


def test_attribute_names_and_values_carry_their_spans() -> None:
    text = "<hooks>\n<hook event=\"error\" priority='7'><abort/></hook></hooks>"
    document, _ = load_xml(Source("h.xml", text), load_profile())
    assert document is not None
    priority = document.at(("hooks", 0, "priority"))
    assert priority.value == 7
    assert priority.key_span is not None
    assert text[priority.key_span.start : priority.key_span.end] == "priority"
    assert text[priority.span.start : priority.span.end] == "7"
    action_type = document.at(("hooks", 0, "action", "type"))
    assert text[action_type.span.start : action_type.span.end] == "abort"


def test_only_the_xml_parser_imports_lxml() -> None:
    """lxml is loaded when XML is read, and only then: ``hookc.frontend.xml_parse`` is the
    one module that imports it (the scanner and the readers use its elements' own methods),
    and a native YAML run never imports that module (``test_import_graph``)."""
    import ast

    package = Path(__file__).resolve().parent.parent.parent / "hookc"
    importers = set()
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            if any(name.partition(".")[0] == "lxml" for name in names):
                importers.add(path.relative_to(package).as_posix())
    assert importers == {"frontend/xml_parse.py"}


def test_an_elements_local_name_is_lxmls_without_importing_lxml() -> None:
    from lxml import etree

    from hookc.frontend.xml_elements import PlacedElements

    root = etree.fromstring(
        b"<a xmlns='urn:d' xmlns:x='urn:x'><x:b/><!-- c --><?p q?><c><x:d-e.f/></c></a>"
    )
    for node in root.iter():
        expected = etree.QName(node).localname if isinstance(node.tag, str) else ""
        assert PlacedElements.local_name(node) == expected
    assert [PlacedElements.local_name(child) for child in PlacedElements.children(root)] == [
        "b",
        "c",
    ]
