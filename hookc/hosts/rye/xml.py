"""A Rye directive's ``<hooks>`` read as Rye's own parser reads them.

Rye's ``parsers/markdown/xml.py`` (``_extract_from_xml``) makes each ``<hook>`` a dict: its
attributes as strings; ``<action primary item_type item_id>`` with ``<param name>`` children
(their stripped text) as ``action``, or, when ``<action>`` holds ``<execute>``, ``<fetch>`` or
``<sign>`` elements, those as an ``actions`` list; ``<condition path op value/>`` as the
condition, its ``value`` coerced (``true``/``false``, then int, then float, else the text);
``<inputs>`` as a dict; and any other child with text under its own tag name. Its runtime then
uses only ``event``, ``layer``, ``id``, ``condition``, ``action``/``actions``, ``position``
and ``wrap``: ``<when>`` and ``<execute item_type="...">text</execute>`` are stored and never
used, so such a hook has no condition or no action (a warning here, not a schema error).

The result is a document ``{directive_hooks: [...]}`` in Rye's YAML shape, with positions,
for ``hookc.hosts.rye.reader`` (a directive's hooks default to layer 1).
"""

from __future__ import annotations

from hookc.frontend.located import Located
from hookc.source import Span
from hookc.source.diagnostics import Diagnostic, warning

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    # The XML front end's own: `hookc.hosts.rye.files` imports this module.
    from hookc.frontend.xml_elements import PlacedElements
    from hookc.frontend.xml_parse import Element
    from hookc.frontend.xml_scan import Tag

PRIMARY_ACTIONS = ("execute", "fetch", "sign")
# Children that only Rye's hooks have: a hook holding one is read the Rye way.
RYE_CHILDREN = frozenset({"action", "condition", "inputs", *PRIMARY_ACTIONS, "description"})
# What Rye's runtime reads of a hook's dict; anything else is stored and ignored.
_USED = ("id", "event", "layer", "condition", "action", "actions", "position", "wrap")


def is_rye_hooks(hooks: list[Element], xml: PlacedElements) -> bool:
    """Whether ``<hook>`` elements are Rye's: a child only Rye has, or a ``layer``."""
    for hook in hooks:
        if "layer" in hook.attrib:
            return True
        if any(xml.local_name(child) in RYE_CHILDREN for child in xml.children(hook)):
            return True
    return False


class RyeHooks:
    """Builds Rye's hook dicts from elements, placing every value in the file (``xml``
    says where each element is written and reads its attributes and text)."""

    def __init__(self, xml: PlacedElements) -> None:
        self.xml = xml
        self.diagnostics: list[Diagnostic] = []

    def warn(self, message: str, span: Span, hint: str | None = None) -> None:
        self.diagnostics.append(warning("HK205", message, self.xml.source, span, hint))

    def document(self, hooks: list[Element], span: Span, key_span: Span) -> Located:
        entries = [self.hook(hook) for hook in hooks]
        return Located({"directive_hooks": Located(entries, span, key_span=key_span)}, span)

    def hook(self, element: Element) -> Located:
        tag = self.xml.tag(element)
        data: dict[str, Located] = dict(self.xml.attributes(element))
        for child in self.xml.children(element):
            name = self.xml.local_name(child)
            where = self.xml.tag(child)
            if name == "action":
                data.update(self.action(child))
            elif name == "condition":
                data["condition"] = self.condition(child)
            elif name == "inputs":
                data["inputs"] = self.mapping(child, where.span)
            elif name == "description":
                data["description"] = self.xml.text(child)
            else:
                text = self.xml.text(child)
                if str(text.value).strip():
                    data[name] = Located(text.value, text.span, text.offsets, where.name_span)
        return Located(self.report_unused(data, tag), tag.span, key_span=tag.name_span)

    def report_unused(self, data: dict[str, Located], tag: Tag) -> dict[str, Located]:
        """What Rye stores and its runtime never reads, said once each, and dropped."""
        kept: dict[str, Located] = {}
        for key, node in data.items():
            if key in _USED or key == "description":
                kept[key] = node
                continue
            place = node.key_span or node.span
            if key in PRIMARY_ACTIONS:
                self.warn(
                    f"Rye stores <{key}>'s text and never runs it: this hook has no action",
                    place,
                    f'write <action primary="{key}" item_type="..." item_id="..."/>',
                )
            elif key == "when":
                self.warn(
                    "Rye never reads `when`: this hook's condition is not tested",
                    place,
                    'write <condition path="..." op="..." value="..."/>',
                )
            elif key == "inputs":
                self.warn("Rye's runtime passes a hook's <inputs> nowhere", place,
                          "put the values in the action's <param> children")  # fmt: skip
            else:
                self.warn(f"Rye stores `{key}` and never reads it", place)
        if "event" not in kept:
            self.warn("a hook without an `event`: Rye never runs it", tag.name_span)
        return kept

    def action(self, element: Element) -> dict[str, Located]:
        tag = self.xml.tag(element)
        subs = [c for c in self.xml.children(element) if self.xml.local_name(c) in PRIMARY_ACTIONS]
        if subs:
            items = [self.item(sub, primary=self.xml.local_name(sub)) for sub in subs]
            return {"actions": Located(items, tag.span, key_span=tag.name_span)}
        return {"action": self.item(element, primary=None)}

    def item(self, element: Element, primary: str | None) -> Located:
        tag = self.xml.tag(element)
        entries: dict[str, Located] = dict(self.xml.attributes(element))
        if primary is not None:
            entries["primary"] = Located(primary, tag.name_span, key_span=tag.name_span)
        params: dict[str, Located] = {}
        for param in self.xml.children(element):
            if self.xml.local_name(param) != "param":
                continue
            value = self.xml.text(param)
            if not str(value.value).strip():
                continue  # Rye keeps a <param> only when it has text
            name = param.get("name", self.xml.local_name(param))
            params[name] = _stripped(value)
        if params:
            entries["params"] = Located(params, tag.span, key_span=tag.name_span)
        return Located(entries, tag.span, key_span=tag.name_span)

    def condition(self, element: Element) -> Located:
        tag = self.xml.tag(element)
        entries = dict(self.xml.attributes(element))
        if "value" in entries:
            node = entries["value"]
            entries["value"] = Located(coerce(str(node.value)), node.span, key_span=node.key_span)
        return Located(entries, tag.span, key_span=tag.name_span)

    def mapping(self, element: Element, span: Span) -> Located:
        entries = {}
        for child in self.xml.children(element):
            value = self.xml.text(child)
            if str(value.value).strip():
                entries[child.get("name", self.xml.local_name(child))] = _stripped(value)
        tag = self.xml.tag(element)
        return Located(entries, span, key_span=tag.name_span)


def coerce(text: str) -> Any:
    """Rye's ``_coerce_value``: ``true``/``false`` in any case, then int, then float."""
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return text


def _stripped(node: Located) -> Located:
    value = str(node.value)
    if value == value.strip() or node.offsets is None:
        return Located(value.strip(), node.span, node.offsets, node.key_span)
    start = len(value) - len(value.lstrip())
    end = len(value.rstrip())
    return Located(value[start:end], node.span, node.offsets.sub(start, end), node.key_span)
