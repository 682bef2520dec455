"""The docs' page of each host (``docs/hosts/<host>.md``) and their index, made from the
host's own package: its docstring, the docstrings of its reader and protocol, its profile's
events and handler types. ``python -m hookc.hosts.pages docs/hosts`` writes them; a test
holds the files equal to what this module makes, so a page cannot drift from the code.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from hookc.hosts import Host, hosts
from hookc.hosts.profile import Profile, load_profile


def _docstring(host: Host, part: str) -> str | None:
    """A module's docstring read from its source (nothing of it is run)."""
    path = host.folder / f"{part}.py"
    if not path.exists():
        return None
    return ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))


def _cell(text: object) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _events(profile: Profile) -> list[str]:
    lines = ["| event | matched on | context fields | what it is |", "|---|---|---|---|"]
    for event in profile.events:
        details = profile.event_details(event)
        if details.get("internal"):
            continue
        matcher = details.get("matcher")
        on = f"`{matcher['field']}`" if isinstance(matcher, dict) and "field" in matcher else ""
        if details.get("tool"):
            on = on or "tool name"
        fields = ", ".join(f"`{name}`" for name in details.get("context") or {})
        description = details.get("description") or ""
        lines.append(f"| `{event}` | {on} | {fields} | {_cell(description)} |")
    return lines


def _handlers(profile: Profile) -> list[str]:
    lines = ["| type | fields (required in bold) |", "|---|---|"]
    for name, action_type in sorted(profile.action_types.items()):
        fields = ", ".join(
            f"**`{spec.name}`**" if spec.required else f"`{spec.name}`"
            for spec in action_type.params
        )
        lines.append(f"| `{name}` | {fields} |")
    return lines


def page(host: Host) -> str:
    """The Markdown page of one host."""
    profile = load_profile(host.profile)
    out = [f"# {host.name}", "", str(_docstring(host, "__init__") or host.summary), ""]
    out += [f"- Files: {host.summary}."]
    out += [f"- Profile: `{host.profile}`."]
    if host.paths:
        out += ["- Usual paths: " + ", ".join(f"`{p}`" for p in host.paths) + "."]
    if host.protocol:
        out += [f"- `hookc run --protocol {host.name}` runs its handlers."]
    if host.schema:
        out += [f"- JSON Schema: [`schemas/{host.schema_file}`](../../schemas/{host.schema_file})."]
    out += ["", "## Events", "", *_events(profile)]
    if profile.action_types:
        out += ["", "## Handler types", "", *_handlers(profile)]
    for part, title in (("reader", "How hookc reads its files"), ("protocol", "How `run` runs")):
        text = _docstring(host, part)
        if text:
            out += ["", f"## {title}", "", text]
    return "\n".join(out).rstrip() + "\n"


def index() -> str:
    lines = [
        "# Hosts",
        "",
        "The agent hosts whose hook files hookc reads, in the order a file is offered to them:",
        "a file is its path's host's, else the host's whose own content it holds, else, where",
        "several hosts' shape fits it (Claude Code's, shared by Codex, Qwen Code, Factory and",
        "Augment), unsettled (HK770) unless its events and handler types leave one",
        "([docs/hook-files.md](../hook-files.md#which-host-a-file-is-for)); among claims alike,",
        "the first in this order. Each page is made from the host's package,",
        "`hookc/hosts/<host>/`.",
        "",
        "| host | its files |",
        "|---|---|",
    ]
    lines += [f"| [{host.name}]({host.name}.md) | {_cell(host.summary)} |" for host in hosts()]
    return "\n".join(lines) + "\n"


def pages() -> dict[str, str]:
    """Every page by its file name, the index (README.md) included."""
    return {"README.md": index(), **{f"{host.name}.md": page(host) for host in hosts()}}


def main(folder: str) -> None:
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    for name, text in pages().items():
        (target / name).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "docs/hosts")
