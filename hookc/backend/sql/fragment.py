"""The SQL fragment, construct by construct: what translates to SQL exactly, and what is
left to the Python fallback. One table, read by the docs (``docs/replay.md`` holds its
Markdown, which a test compares) and by the tests (each row's example is translated for
both dialects and must translate, or be refused, as the row says)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Construct:
    construct: str
    example: str  # a condition holding it
    supported: bool
    sql: str  # how it reads in SQL (DuckDB; Spark alike unless said)
    note: str = ""


FRAGMENT: tuple[Construct, ...] = (
    Construct("`&&`, `||`, `!`", "a == 1 && !(b == 2) || c == 3", True,
              "`AND`, `OR`, `NOT` (Kleene: an error is NULL)",
              "`coalesce(p, FALSE)` would be wrong under `!`"),
    Construct("`c ? x : y` (booleans)", "a == 1 ? b == 2 : c == 3", True,
              "`CASE WHEN c IS NULL THEN NULL WHEN c THEN x ELSE y END`"),
    Construct("a path `a.b[0]['k']`", "a.b[0]['k'] == 'x'", True,
              "a type tag `t` and a text `s` per path, from one parse of the event",
              "missing: tag NULL (error); JSON null: tag `'NULL'` (a value)"),
    Construct("a negative list index", "a[-1] == 1", True, "`NULL` (always an error)",
              "DuckDB's `$[-1]` is the last element: never asked"),
    Construct("`==`, `!=` with a constant", "a == 'x' && b != null && c == 600000", True,
              "`CASE WHEN t IS NULL THEN NULL ELSE (t = 'VARCHAR' AND s = 'x') END`",
              "ints compared exactly, int with double as doubles"),
    Construct("`<`, `<=`, `>`, `>=` with a constant", "a > 300000 || b < 'm'", True,
              "`CASE WHEN t IN ('INT', 'DOUBLE') THEN ... END`",
              "`\"600000\"` is a string: an error, not a number"),
    Construct("`x in [constants]`", "a in ['default', 'plan']", True,
              "`CASE WHEN t IS NULL THEN NULL ELSE (... OR ...) END`",
              "`!(x in [...])` is true for a JSON null, as in CEL"),
    Construct("`'k' in path` (list element or map key)", "'x' in a.tags", True,
              "a JSON array's string elements, or a JSON object's keys"),
    Construct("`has(path)`", "has(a.b)", True, "`coalesce(t <> 'NULL', FALSE)`"),
    Construct("`startsWith`, `endsWith`, `contains` (constant)",
              "a.startsWith('git') || a.contains('rm')", True,
              "`starts_with`, `ends_with`, `contains` on a string",
              "a list's `contains` is membership"),
    Construct("`matches` (constant pattern)", "a.matches('rm\\\\s+-rf')", True,
              "DuckDB: `regexp_matches` (RE2 as written); Spark: `RLIKE` of the pattern printed "
              "for java.util.regex",
              "Spark refuses patterns that backtrack exponentially: the Python fallback"),
    Construct("`glob` (constant pattern)", "a.glob('**/secrets/**')", True,
              "`regexp_full_match` of hookc's own translation, printed from its tree"),
    Construct("`size(path)` compared with a constant", "size(a) > 100000", True,
              "code points, array elements, object keys by the tag"),
    Construct("a constant sub-expression", "a == 2 * 3", True,
              "evaluated by the reference evaluator, then a literal"),
    Construct("two paths compared", "a == b", False, "", "Python fallback"),
    Construct("arithmetic on a path", "a + 1 > 2", False, "", "Python fallback"),
    Construct("conversions (`int()`, `string()`, ...) of a path", "int(a) > 2", False, "",
              "Python fallback"),
    Construct("macros (`exists`, `all`, `exists_one`, `filter`, `map`)",
              "a.exists(x, x == 1)", False, "", "Python fallback"),
    Construct("a pattern or a method argument read from the path", "a.matches(b)", False, "",
              "Python fallback"),
)  # fmt: skip


def markdown() -> str:
    """The table as docs/replay.md shows it."""
    lines = [
        "| construct | example | in SQL | how | note |",
        "|---|---|---|---|---|",
    ]
    for row in FRAGMENT:
        example = row.example.replace("|", "\\|")
        lines.append(
            f"| {row.construct.replace('|', chr(92) + '|')} | `{example}` | "
            f"{'yes' if row.supported else 'no'} | {row.sql.replace('|', chr(92) + '|')} | "
            f"{row.note.replace('|', chr(92) + '|')} |"
        )
    return "\n".join(lines) + "\n"
