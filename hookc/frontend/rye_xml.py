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
for ``hookc.frontend.rye`` (a directive's hooks default to layer 1).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from hookc.diagnostics import Diagnostic, warning
from hookc.frontend.located import Located
from hookc.source import Source, Span

PRIMARY_ACTIONS = ("execute", "fetch", "sign")
# Children that only Rye's hooks have: a hook holding one is read the Rye way.
RYE_CHILDREN = frozenset({"action", "condition", "inputs", *PRIMARY_ACTIONS, "description"})
# What Rye's runtime reads of a hook's dict; anything else is stored and ignored.
_USED = ("id", "event", "layer", "condition", "action", "actions", "position", "wrap")


def is_rye_hooks(hooks: list[Any], local: Callable[[Any], str]) -> bool:
    """Whether ``<hook>`` elements are Rye's: a child only Rye has, or a ``layer``."""
    for hook in hooks:
        if "layer" in hook.attrib:
            return True
        if any(local(child) in RYE_CHILDREN for child in hook if isinstance(child.tag, str)):
            return True
    return False


class RyeHooks:
    """Builds Rye's hook dicts from elements, placing every value in the file.

    ``tag_of(element)`` gives where an element is written (``name_span``, ``span``);
    ``attributes`` and ``text`` are the XML front end's own readers.
    """

    def __init__(
        self,
        source: Source,
        tag_of: Callable[[Any], Any],
        attributes: Callable[[Any], Iterator[tuple[str, Located]]],
        text: Callable[[Any], Located],
        local: Callable[[Any], str],
    ) -> None:
        self.source = source
        self.tag_of = tag_of
        self.attributes = attributes
        self.text = text
        self.local = local
        self.diagnostics: list[Diagnostic] = []

    def warn(self, message: str, span: Span, hint: str | None = None) -> None:
        self.diagnostics.append(warning("HK205", message, self.source, span, hint))

    def children(self, element: Any) -> Iterator[Any]:
        return (child for child in element if isinstance(child.tag, str))

    def document(self, hooks: list[Any], span: Span, key_span: Span) -> Located:
        entries = [self.hook(hook) for hook in hooks]
        return Located({"directive_hooks": Located(entries, span, key_span=key_span)}, span)

    def hook(self, element: Any) -> Located:
        tag = self.tag_of(element)
        data: dict[str, Located] = dict(self.attributes(element))
        for child in self.children(element):
            name = self.local(child)
            where = self.tag_of(child)
            if name == "action":
                data.update(self.action(child))
            elif name == "condition":
                data["condition"] = self.condition(child)
            elif name == "inputs":
                data["inputs"] = self.mapping(child, where.span)
            elif name == "description":
                data["description"] = self.text(child)
            else:
                text = self.text(child)
                if str(text.value).strip():
                    data[name] = Located(text.value, text.span, text.offsets, where.name_span)
        return Located(self.report_unused(data, tag), tag.span, key_span=tag.name_span)

    def report_unused(self, data: dict[str, Located], tag: Any) -> dict[str, Located]:
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

    def action(self, element: Any) -> dict[str, Located]:
        tag = self.tag_of(element)
        subs = [c for c in self.children(element) if self.local(c) in PRIMARY_ACTIONS]
        if subs:
            items = [self.item(sub, primary=self.local(sub)) for sub in subs]
            return {"actions": Located(items, tag.span, key_span=tag.name_span)}
        return {"action": self.item(element, primary=None)}

    def item(self, element: Any, primary: str | None) -> Located:
        tag = self.tag_of(element)
        entries: dict[str, Located] = dict(self.attributes(element))
        if primary is not None:
            entries["primary"] = Located(primary, tag.name_span, key_span=tag.name_span)
        params: dict[str, Located] = {}
        for param in self.children(element):
            if self.local(param) != "param":
                continue
            value = self.text(param)
            if not str(value.value).strip():
                continue  # Rye keeps a <param> only when it has text
            name = param.get("name", self.local(param))
            params[name] = _stripped(value)
        if params:
            entries["params"] = Located(params, tag.span, key_span=tag.name_span)
        return Located(entries, tag.span, key_span=tag.name_span)

    def condition(self, element: Any) -> Located:
        tag = self.tag_of(element)
        entries = dict(self.attributes(element))
        if "value" in entries:
            node = entries["value"]
            entries["value"] = Located(coerce(str(node.value)), node.span, key_span=node.key_span)
        return Located(entries, tag.span, key_span=tag.name_span)

    def mapping(self, element: Any, span: Span) -> Located:
        entries = {}
        for child in self.children(element):
            value = self.text(child)
            if str(value.value).strip():
                entries[child.get("name", self.local(child))] = _stripped(value)
        tag = self.tag_of(element)
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
