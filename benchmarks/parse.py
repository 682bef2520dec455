"""How long the parser takes on the conditions people write (median of repeats).

Run: python -m benchmarks.parse
"""

from __future__ import annotations

from benchmarks.harness import format_seconds, median_seconds
from hookc.cel.parser import parse

CONDITIONS = {
    "equality": "classification.category == 'rate_limited'",
    "conjunction with a comparison": "limit_code == 'spend_exceeded' && cost.spend > 10.0",
    "presence test": "has(error.headers['retry-after'])",
    "regex": "tool.input.command.matches('rm\\\\s+-rf')",
    "list membership": "tool.name in ['Bash', 'Write', 'Edit']",
    "four-way disjunction with a negation": (
        "tool == 'Bash' || tool == 'Write' || tool == 'Edit' || !(session.trusted)"
    ),
}


def main() -> None:
    print("| condition | parse time (median) |")
    print("|---|---|")
    for name, text in CONDITIONS.items():
        assert parse(text).diagnostics == (), text
        print(f"| {name}: `{text}` | {format_seconds(median_seconds(lambda t=text: parse(t)))} |")


if __name__ == "__main__":
    main()
