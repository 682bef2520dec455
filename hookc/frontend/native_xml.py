"""A directive's ``<hook>`` elements as the native format's hook mappings (SPEC §3.2).

Each hook becomes the mapping the native YAML format would have written, every value placed
in the file, so that ``hookc.frontend.lower`` reads both formats alike:

    <hook id="rl" event="error" priority="5" when="...">    {id, event, priority: 5, when,
      <escalate target="user_approval"/>                       action: {type: escalate,
    </hook>                                                             target: ...}}
    <directive>my_app/x</directive>                          {type: call_directive, directive}
    <emit_event event_type="t"><param name="k">v</param>     {type: emit_event, event_type,
                                                               payload: {k: v}}

Attributes stay strings, to be read by the action catalog's declared types, but for a hook's
``priority`` and ``enabled``; a condition may be an attribute or a ``<when>`` child.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from hookc.frontend.actions import describe
from hookc.frontend.located import Located
from hookc.frontend.xml_elements import PlacedElements
from hookc.frontend.xml_scan import SPACE, Tag
from hookc.hosts.profile import Profile
from hookc.source import Span
from hookc.source.diagnostics import Diagnostic, error

if TYPE_CHECKING:
    from hookc.frontend.xml_parse import Element

_INTEGER = re.compile(r"[+-]?[0-9]+")
_BOOLEAN = {"true": True, "false": False}
_local = PlacedElements.local_name  # an element's name, as the messages say it


def not_a_hook(xml: PlacedElements, element: Element) -> Diagnostic:
    """HK205 for an element inside ``<hooks>`` that is not a ``<hook>`` (Rye's too)."""
    return error(
        "HK205",
        f"<{xml.local_name(element)}> inside <hooks>: only <hook> elements belong there",
        xml.source,
        xml.tag(element).name_span,
    )


class NativeHooks:
    """Builds the native format's hook mappings from ``<hook>`` elements, placing every
    value in the file; what is wrong is kept in ``diagnostics``."""

    def __init__(self, xml: PlacedElements, profile: Profile) -> None:
        self.xml = xml
        self.source = xml.source
        self.profile = profile
        self.diagnostics: list[Diagnostic] = []

    def fail(self, code: str, message: str, span: Span, hint: str | None = None) -> None:
        self.diagnostics.append(error(code, message, self.source, span, hint))

    def document(self, elements: list[Element], span: Span, first: Span) -> Located:
        """``{hooks: [...]}`` from the children of every ``<hooks>``, in document order."""
        hooks = []
        for element in elements:
            if _local(element) != "hook":
                self.diagnostics.append(not_a_hook(self.xml, element))
                continue
            hook = self.hook(element)
            if hook is not None:
                hooks.append(hook)
        return Located({"hooks": Located(hooks, span, key_span=first)}, span)

    def hook(self, element: Element) -> Located | None:
        """A hook's mapping, or None (and a diagnostic) when it cannot be one."""
        errors = len(self.diagnostics)
        tag = self.xml.tag(element)
        entries: dict[str, Located] = {}
        for name, node in self.xml.attributes(element):
            entries[name] = self.hook_attribute(name, node)
        actions = []
        for child in self.xml.children(element):
            if _local(child) == "when":
                self.when_child(child, entries)
            else:
                actions.append(child)
        if len(actions) == 1:
            entries["action"] = self.action(actions[0])
        else:
            self.wrong_action_count(tag, actions)
        if len(self.diagnostics) > errors:
            return None
        return Located(entries, tag.span, key_span=tag.name_span)

    def hook_attribute(self, name: str, node: Located) -> Located:
        """``priority`` and ``enabled`` are read as their types; the rest stay strings."""
        text = str(node.value).strip(SPACE)
        if name == "priority":
            if _INTEGER.fullmatch(text):
                return Located(int(text), node.span, key_span=node.key_span)
            self.fail(
                "HK205", f"`priority` must be an integer, not {describe(node.value)}", node.span
            )
        elif name == "enabled":
            if text in _BOOLEAN:
                return Located(_BOOLEAN[text], node.span, key_span=node.key_span)
            self.fail(
                "HK205", f"`enabled` must be true or false, not {describe(node.value)}", node.span
            )
        return node

    def when_child(self, child: Element, entries: dict[str, Located]) -> None:
        tag = self.xml.tag(child)
        if "when" in entries:
            self.fail(
                "HK209",
                "this hook already has a condition: give it either a `when` attribute "
                "or one <when> child",
                tag.name_span,
            )
            return
        if self.text_only(child):
            condition = self.xml.text(child)
            entries["when"] = Located(
                condition.value, condition.span, condition.offsets, tag.name_span
            )

    def wrong_action_count(self, tag: Tag, actions: list[Element]) -> None:
        if not actions:
            self.fail(
                "HK306",
                "this hook has no action",
                tag.name_span,
                'give it one action element, such as <retry max_attempts="3"/>',
            )
            return
        names = ", ".join(f"<{_local(action)}>" for action in actions)
        self.fail(
            "HK306",
            f"a hook must have exactly one action; this one has {len(actions)}: {names}",
            tag.name_span,
            "split it into one hook per action",
        )

    def action(self, element: Element) -> Located:
        """``{type, parameters...}``: the element's name, its attributes (read later as the
        catalog's types), its ``<param>`` children as the object parameter."""
        tag = self.xml.tag(element)
        shorthand = _local(element) == "directive"
        type_name = "call_directive" if shorthand else _local(element)
        entries = {"type": Located(type_name, tag.name_span, key_span=tag.name_span)}
        for name, node in self.xml.attributes(element):
            if name == "type":
                self.fail(
                    "HK302",
                    "an action element takes no `type` attribute: its name is the action type",
                    node.key_span or node.span,
                )
                continue
            entries[name] = Located(node.value, node.span, node.offsets, node.key_span, text=True)
        params = []
        for child in self.xml.children(element):
            if _local(child) == "param":
                params.append(child)
            else:
                self.fail(
                    "HK205",
                    f"<{_local(child)}> inside <{_local(element)}>: an action's parameters are "
                    "its attributes, and <param> children fill its object parameter",
                    self.xml.tag(child).name_span,
                )
        self.action_text(element, shorthand, entries)
        if params:
            self.params(type_name, params, entries)
        return Located(entries, tag.span, key_span=tag.name_span)

    def action_text(self, element: Element, shorthand: bool, entries: dict[str, Located]) -> None:
        """The text of ``<directive>name</directive>`` is the directive to call; any other
        action element holds no text."""
        tag = self.xml.tag(element)
        text = self.xml.text(element, strip=True)
        if not text.value:
            return
        if not shorthand:
            self.fail(
                "HK205",
                f"<{_local(element)}> holds text; an action's parameters are its attributes",
                text.span,
            )
        elif "directive" in entries:
            self.fail(
                "HK205",
                "the directive is given twice: as the element's text and as an attribute",
                text.span,
            )
        else:
            entries["directive"] = Located(text.value, text.span, text.offsets, tag.name_span)

    def params(self, type_name: str, params: list[Element], entries: dict[str, Located]) -> None:
        """``<param name="k">v</param>`` children as the action's object parameter."""
        action_type = self.profile.action_types.get(type_name)
        if action_type is None:
            return  # the catalog check reports the unknown type, with a "did you mean"
        spec = action_type.object_param
        first = self.xml.tag(params[0]).name_span
        if spec is None:
            names = [p.name for p in action_type.params]
            self.fail(
                "HK302",
                f"`{type_name}` has no object parameter for <param> children to fill",
                first,
                f"give its parameters as attributes: {', '.join(names)}"
                if names
                else f"`{type_name}` takes no parameters",
            )
            return
        if spec.name in entries:
            self.fail(
                "HK205",
                f"`{spec.name}` is given both as an attribute and by <param> children",
                first,
            )
            return
        members: dict[str, Located] = {}
        for param in params:
            self.param(param, members)
        span = self.xml.tag(params[0]).span.cover(self.xml.tag(params[-1]).span)
        entries[spec.name] = Located(members, span, key_span=first)

    def param(self, element: Element, members: dict[str, Located]) -> None:
        tag = self.xml.tag(element)
        names = dict(self.xml.attributes(element))
        name = names.get("name")
        if name is None:
            self.fail("HK205", "a <param> needs a `name` attribute", tag.name_span)
            return
        if name.value in members:
            self.fail(
                "HK205",
                f"the parameter `{name.value}` is given twice",
                name.span,
                "remove one of them",
            )
            return
        if self.text_only(element):
            value = self.xml.text(element, strip=True)
            members[name.value] = Located(value.value, value.span, value.offsets, name.span)

    def text_only(self, element: Element) -> bool:
        """Whether ``element`` holds only text (a condition, a parameter's value)."""
        for child in self.xml.children(element):
            self.fail(
                "HK205",
                f"<{_local(element)}> holds text only, not a <{_local(child)}> element",
                self.xml.tag(child).name_span,
                "write < as &lt;, or wrap the text in <![CDATA[ ... ]]>",
            )
            return False
        return True
