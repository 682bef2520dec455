"""Rye OS's own hook files (the `rye` profile): ``hook_conditions.yaml`` and
``.ai/config/agent/hooks.yaml`` in Rye's shape, a directive's ``<hooks>`` as Rye's parser
reads them, and hooks in a directive's YAML front matter. What Rye makes of them is in
``hookc.hosts.rye.reader``; this module finds the files and hands them over.

A file is Rye's by its content (``hookc.hosts.rye.reader.is_rye_document`` says what counts):
YAML whose first line is ``# rye:signed:`` or that uses Rye's keys; Markdown whose front
matter holds ``hooks:``; directive XML whose ``<hook>`` elements hold a Rye child
(``<action>``, ``<condition>``, ``<execute>``, ...) or a ``layer``. A file that only looks
like one at a glance and is not, on reading, is read as the native format.
"""

from __future__ import annotations

import re

from hookc.frontend.lower import Loaded
from hookc.hosts.host import suffix
from hookc.hosts.native import files as native
from hookc.hosts.profile import Profile, load_profile
from hookc.hosts.rye.xml import RYE_CHILDREN
from hookc.source import Source
from hookc.source.diagnostics import Diagnostic, has_error

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hookc.frontend.located import Located

YAML_SUFFIXES = (".yaml", ".yml")
XML_SUFFIXES = (".xml", ".md")

# A glance at the text, before anything is parsed: a key only Rye writes (block or flow
# style). ``load`` reads the file and decides; a file that is not Rye's goes to native.
# The patterns are compiled (and cached by `re`) on first use: most files need none.
_RYE_KEYS = (
    r"(?m)^(?:infra_hooks|context_hooks|action_primaries|action_item_types)[ \t]*:"
    r"|(?:^|[\s{,])(?:layer|primary|item_type|actions)[ \t]*:"
)
_RYE_WORDS = ("layer", "primary", "item_type", "actions", "infra_hooks", "context_hooks",
              "action_primaries", "action_item_types")  # fmt: skip
_FRONT_MATTER_HOOKS = r"(?sm)\A(?:[ \t]*<!--.*?-->\s*)?---[ \t]*\r?\n.*?^hooks[ \t]*:"
_RYE_XML = rf"<(?:{'|'.join(sorted(RYE_CHILDREN))})\b|<hook\b[^>]*\blayer="


def claims(name: str, text: str) -> bool:
    ending = suffix(name)
    if ending in YAML_SUFFIXES:
        if text.startswith("# rye:signed:"):
            return True
        # Plain substring tests first: a large seed-000 file has none of these words.
        return any(word in text for word in _RYE_WORDS) and re.search(_RYE_KEYS, text) is not None
    if ending in XML_SUFFIXES:
        return re.match(_FRONT_MATTER_HOOKS, text) is not None or (
            "<hooks" in text and re.search(_RYE_XML, text) is not None
        )
    return False


def load(source: Source, profile: Profile | None) -> Loaded:
    """The file read as Rye reads it, or, when it is not in Rye's shape after all, as the
    native format (with this profile when one was asked for)."""
    # Rye's reader, imported only now: every file is offered to every format.
    from hookc.hosts.rye.reader import is_rye_document, lower_rye_document

    document, found = _document(source, profile)
    if document is None or not is_rye_document(source.text, document.plain()):
        return native.load(source, profile)
    profile = profile or load_profile("rye")
    if has_error(found):
        return Loaded(source, None, profile, tuple(found))
    hookset, profile, lowered = lower_rye_document(document, source, profile)
    diagnostics = (*found, *lowered)
    if has_error(diagnostics):  # nothing is compiled; the sound hooks are still checked
        return Loaded(source, None, profile, diagnostics, partial=hookset)
    return Loaded(source, hookset, profile, diagnostics)


def _document(source: Source, profile: Profile | None) -> tuple[Located | None, list[Diagnostic]]:
    from hookc.frontend.front_matter import front_matter_hooks
    from hookc.frontend.xml_file import load_xml
    from hookc.frontend.yaml_file import load_yaml

    if suffix(source.name) in YAML_SUFFIXES:
        return load_yaml(source)
    in_front_matter = front_matter_hooks(source)
    if in_front_matter is not None:
        return in_front_matter
    return load_xml(source, profile or load_profile("rye"))
