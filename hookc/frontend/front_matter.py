"""The newer Rye directives: hooks in a Markdown file's YAML front matter.

A directive ``.md`` may open with a signature comment (``<!-- ryeos:signed:... -->``) and then
YAML front matter between ``---`` lines; when that front matter has ``hooks:``, those are the
directive's hooks (``id``, ``event``, ``result: discard|control|observation``, ``condition``,
``action: {item_id: 'kind:id', thread, params}``), handed to ``hookc.hosts.rye.reader`` as
``front_matter_hooks``. The YAML is read in place (everything else blanked, line breaks
kept), so every position is the Markdown file's own.
"""

from __future__ import annotations

import re
from dataclasses import replace

from hookc.frontend.located import Located
from hookc.frontend.yaml_file import load_yaml
from hookc.source import Source
from hookc.source.diagnostics import Diagnostic

_FRONT_MATTER = re.compile(
    r"\A(?:[ \t]*<!--.*?-->[ \t]*\r?\n)?---[ \t]*\r?\n(.*?\r?\n)?---[ \t]*(?:\r?\n|\Z)", re.S
)


def front_matter_text(text: str) -> str | None:
    """The YAML between a Markdown text's opening ``---`` lines, or None without one."""
    match = _FRONT_MATTER.match(text)
    return None if match is None else match.group(1)


def front_matter(source: Source) -> tuple[Located | None, list[Diagnostic]] | None:
    """The front matter's YAML document, read in place (its positions are the Markdown
    file's), or None when the file has no front matter with ``hooks:``. Rye's directives
    and Claude Code's skills and agents both keep hooks there."""
    match = _FRONT_MATTER.match(source.text)
    if match is None or match.group(1) is None:
        return None
    start, end = match.span(1)
    if not re.search(r"^hooks[ \t]*:", match.group(1), re.MULTILINE):
        return None
    text = source.text
    blanked = _blank(text[:start]) + text[start:end] + _blank(text[end:])
    document, found = load_yaml(Source(source.name, blanked))
    return document, [replace(d, source=source) for d in found]


def front_matter_hooks(source: Source) -> tuple[Located | None, list[Diagnostic]] | None:
    """``{front_matter_hooks: [...]}`` from the front matter, or None when the file has no
    front matter with ``hooks:`` (then its ```` ```xml ```` block is read instead)."""
    read = front_matter(source)
    if read is None:
        return None
    document, found = read
    if document is None:
        return None, found
    hooks = document.get("hooks")
    if hooks is None:
        return None, found
    return Located({"front_matter_hooks": hooks}, document.span), found


def _blank(text: str) -> str:
    """The text with every character but line breaks made a space: offsets stay true."""
    return re.sub(r"[^\r\n]", " ", text)
