"""``hookc check`` on a Claude Code settings file of many MCP regex matchers (issue 25, item
26): the time per matcher, regex matchers against exact ones, medians of 3 in one process
(the caches of compiled patterns emptied before each run).

Run: python -m benchmarks.mcp_matchers [count, default 1000]
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from hookc.check.driver import check_files
from hookc.runtime import regex, values


def _settings(folder: Path, matcher: str, count: int) -> Path:
    groups = [
        {"matcher": matcher.format(i=i), "hooks": [{"type": "command", "command": f"guard-{i}"}]}
        for i in range(count)
    ]
    path = folder / ".claude" / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"hooks": {"PreToolUse": groups}}))
    return path


def _seconds(path: Path) -> float:
    times = []
    for _ in range(3):
        for cached in (regex.parse, regex._compile_re2, values.compile_regex):
            cached.cache_clear()
        started = time.perf_counter()
        check_files([path])
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    print(f"| {count:,} matchers | check | per matcher |")
    print("|---|---|---|")
    for name, matcher in (
        ("regex", "mcp__srv{i}__(read|write)_file.*"),
        ("exact", "mcp__srv{i}__read_file"),
    ):
        with tempfile.TemporaryDirectory() as folder:
            seconds = _seconds(_settings(Path(folder), matcher, count))
        print(f"| {name} `{matcher}` | {seconds:.2f} s | {seconds / count * 1000:.2f} ms |")


if __name__ == "__main__":
    main()
