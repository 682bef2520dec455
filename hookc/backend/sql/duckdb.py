"""DuckDB's dialect: RE2 patterns run as written, JSON read with ``json_extract``.

DuckDB's ``regexp_matches`` is an unanchored RE2 search (verified: ``.`` excludes only
``\\n``, ``$`` is the end of the text, ``\\s`` excludes ``\\v``, ``(?i)`` folds as RE2): a
``matches`` pattern, which hookc has already checked is RE2, is passed as written. A glob
is hookc's own translation (``glob_to_regex``, whose escapes are Python's): it is printed
back from hookc's parse tree as plain RE2 (``regex_print.to_re2``).

Paths: one ``json_extract(json, [paths])`` parses the event once for every path; a
missing key gives SQL NULL, a JSON null the JSON ``null`` (``json_type`` ``'NULL'``).
``$[-1]`` is the last element in DuckDB (an error in CEL): the translation never asks
for it. A key that is empty cannot be written in DuckDB's path syntax (the hook goes to the
Python fallback).
"""

from __future__ import annotations

from hookc.backend.sql.dialect import Dialect
from hookc.backend.sql.regex_print import to_re2

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hookc.backend.sql.translate import Path


class DuckDB(Dialect):
    name = "duckdb"

    def json_path(self, path: Path) -> str | None:
        out = "$"
        for key in (path.root, *path.keys):
            if isinstance(key, int):
                out += f"[{key}]"
            elif key == "":
                return None
            else:
                out += '."' + key.replace("\\", "\\\\").replace('"', '\\"') + '"'
        return out

    def exact_int(self, text: str) -> str:
        return f"CAST({text} AS HUGEINT)"

    def code_points(self, text: str) -> str:
        return f"length({text})"

    def array_size(self, text: str) -> str:
        return f"json_array_length({text})"

    def object_size(self, text: str) -> str:
        return f"len(json_keys({text}))"

    def array_has_string(self, array_json: str, value: str) -> str:
        # Elements that are strings, as strings; others as NULL, which list_contains skips.
        strings = (
            f"list_transform(CAST(CAST({array_json} AS JSON) AS JSON[]), "
            "lambda e: CASE WHEN json_type(e) = 'VARCHAR' THEN e ->> '$' END)"
        )
        return f"coalesce(list_contains({strings}, {value}), FALSE)"

    def object_has_key(self, object_json: str, key: str) -> str:
        return f"list_contains(json_keys({object_json}), {key})"

    def search(self, text: str, pattern: str, tree: object) -> str:
        return f"regexp_matches({text}, {self.string(pattern)})"

    def full_match(self, text: str, tree: object) -> str:
        return f"regexp_full_match({text}, {self.string(to_re2(tree))})"  # type: ignore[arg-type]

    # -- reading --------------------------------------------------------------------------

    def type_tag(self, value: str, text: str) -> str:
        """The tag of a JSON value ``value`` (from ``json_extract``) whose text is ``text``.

        From the first character of the value's JSON text (DuckDB writes it minified): a
        third cheaper than ``json_type``, which parses the value again. A number is an int
        when its text is all digits, as Python's json reads it (an integer past 2**64 is a
        DOUBLE to ``json_type``; its text is kept as written). Missing (SQL NULL): no tag."""
        raw = f"CAST({value} AS VARCHAR)"
        return (
            f"CASE left({raw}, 1) WHEN '\"' THEN 'VARCHAR' WHEN 't' THEN 'BOOLEAN' "
            "WHEN 'f' THEN 'BOOLEAN' WHEN 'n' THEN 'NULL' WHEN '[' THEN 'ARRAY' "
            "WHEN '{' THEN 'OBJECT' "
            f"ELSE CASE WHEN regexp_full_match({raw}, '-?[0-9]+') THEN 'INT' "
            f"WHEN {value} IS NOT NULL THEN 'DOUBLE' END END"
        )
