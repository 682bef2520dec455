"""What differs between SQL engines, and nothing else: a ``Dialect`` per engine
(``duckdb.DuckDB``, ``spark.Spark``) says how to quote a string, read a path as its two
columns (a type tag and a text), cast, measure and match. The translation
(``hookc.backend.sql.translate``) writes the logic once, in terms of these.

Every path the policy reads becomes two columns: ``t`` its *type tag*, one of ``TAGS``
(SQL NULL when the path is missing: the CEL error), and ``s`` its text (a string's value, a
number's or a boolean's JSON text, a list's or a map's JSON). The tag is what keeps a CEL
``null`` (the tag ``'NULL'``) apart from a missing key (tag SQL NULL): an engine's usual
readers (``->>``, ``get_json_object``) return SQL NULL for both.
"""

from __future__ import annotations

import math

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hookc.backend.sql.translate import Path

# A path's type tag: what a JSON value is to CEL. Numbers are split as Python's `json`
# splits them (an integer literal is an int, anything with a fraction or an exponent a
# double), because CEL compares two ints exactly and an int with a double as doubles.
TAGS = ("NULL", "VARCHAR", "BOOLEAN", "INT", "DOUBLE", "ARRAY", "OBJECT")

# A JSON integer this long (sign included) is past every int64 in magnitude: ordered by its
# sign alone, never cast (the engines' widest integers hold 38 digits).
LONG_INT = 30


class Dialect:
    """The base: standard SQL where the engines agree; each engine's class overrides."""

    name = "sql"
    # The comment that starts a line.
    comment = "--"

    # -- literals -----------------------------------------------------------------------

    def string(self, text: str) -> str:
        """A string literal for ``text``; control characters through ``chr`` (a NUL or a
        newline inside a quoted literal is an engine's corner, not hookc's)."""
        parts: list[str] = []
        run: list[str] = []
        for char in text:
            if ord(char) < 0x20 or ord(char) == 0x7F:
                if run:
                    parts.append(self.quote("".join(run)))
                    run = []
                parts.append(f"chr({ord(char)})")
            else:
                run.append(char)
        if run or not parts:
            parts.append(self.quote("".join(run)))
        return parts[0] if len(parts) == 1 else "(" + " || ".join(parts) + ")"

    def quote(self, text: str) -> str:
        return "'" + text.replace("'", "''") + "'"

    def double(self, value: float) -> str:
        """A DOUBLE literal; infinities through a cast of their text (no NaN reaches here)."""
        if math.isinf(value):
            return f"CAST({self.quote('inf' if value > 0 else '-inf')} AS DOUBLE)"
        return f"CAST({self.quote(repr(value))} AS DOUBLE)"

    def identifier(self, name: str) -> str:
        return '"' + name.replace('"', '""') + '"'

    # -- reading a path -----------------------------------------------------------------

    def json_path(self, path: Path) -> str | None:
        """The engine's JSON path text for ``path``; None where a key cannot be written."""
        raise NotImplementedError

    # -- values -------------------------------------------------------------------------

    def exact_int(self, text: str) -> str:
        """The integer a JSON integer's text (at most ``LONG_INT`` characters) holds."""
        raise NotImplementedError

    def as_double(self, text: str) -> str:
        """The double a JSON number's text holds, as Python's ``float`` reads it: past the
        double range, an infinity (an engine's cast would fail or give NULL)."""
        negative, positive = self.double(-math.inf), self.double(math.inf)
        negated = self.starts_with(text, "'-'")
        inf = f"CASE WHEN {negated} THEN {negative} ELSE {positive} END"
        return f"coalesce(try_cast({text} AS DOUBLE), {inf})"

    def code_points(self, text: str) -> str:
        """The number of code points of a string (CEL's ``size``)."""
        raise NotImplementedError

    def array_size(self, text: str) -> str:
        raise NotImplementedError

    def object_size(self, text: str) -> str:
        raise NotImplementedError

    def starts_with(self, text: str, prefix: str) -> str:
        return f"starts_with({text}, {prefix})"

    def ends_with(self, text: str, suffix: str) -> str:
        return f"ends_with({text}, {suffix})"

    def contains(self, text: str, part: str) -> str:
        return f"contains({text}, {part})"

    def array_has_string(self, array_json: str, value: str) -> str:
        """Whether a JSON array (its text) holds the string ``value`` (an SQL string)."""
        raise NotImplementedError

    def object_has_key(self, object_json: str, key: str) -> str:
        """Whether a JSON object (its text) has the key ``key`` (an SQL string)."""
        raise NotImplementedError

    # -- patterns -----------------------------------------------------------------------

    def search(self, text: str, pattern: str, tree: object) -> str:
        """An unanchored search of the RE2 ``pattern`` (hookc parsed it into ``tree``)."""
        raise NotImplementedError

    def full_match(self, text: str, tree: object) -> str:
        """A match of the whole text by the pattern hookc parsed into ``tree`` (globs)."""
        raise NotImplementedError
