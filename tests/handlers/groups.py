"""What the handler tests share: a command handler, and the members of a process group
still running (read from /proc, so only where there is one)."""

from __future__ import annotations

import os


def command(text: str, **params: object) -> dict[str, object]:
    return {"type": "command", "command": text, **params}


def live_members(pgid: int) -> list[int]:
    """Processes of group ``pgid`` still running (zombies waiting for a reaper excluded)."""
    members = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                stat = handle.read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        state, group = fields[0], int(fields[2])
        if group == pgid and state not in ("Z", "X"):
            members.append(int(entry))
    return members
