"""Spark SQL's dialect (Spark 4: VARIANT): every pattern re-printed for java.util.regex.

Spark's ``RLIKE`` is ``java.util.regex`` (a ``find``): a pattern is never passed as
written, but printed from hookc's RE2 parse tree with constructs that mean the same in Java
(``regex_print.to_java``); a pattern Java could take exponential time on is refused
(``Unsupported``) and its hook goes to the Python fallback.

Paths: ``variant_get(try_parse_json(line), path)`` gives SQL NULL for a missing key and a
VARIANT null (``schema_of_variant`` ``'VOID'``) for a JSON null. Spark's VARIANT stores
``600000.0`` as ``DECIMAL(6,0)``: an integral number written with a fraction is read as an
int. The two compare alike with every int64 constant up to 2**53; past it (a JSON
``9007199254740993.0``) Spark compares exactly where CEL rounds to a double first. A key
holding ``'`` or ``\\`` cannot be written in a Spark path (the hook goes to the fallback).
String literals escape ``\\`` and ``'`` with a backslash (Spark's default).
"""

from __future__ import annotations

from hookc.backend.sql.dialect import Dialect
from hookc.backend.sql.regex_print import to_java

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hookc.backend.sql.translate import Path


class Spark(Dialect):
    name = "spark"

    def quote(self, text: str) -> str:
        return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"

    def identifier(self, name: str) -> str:
        return "`" + name.replace("`", "``") + "`"

    def json_path(self, path: Path) -> str | None:
        out = "$"
        for key in (path.root, *path.keys):
            if isinstance(key, int):
                out += f"[{key}]"
            elif "'" in key or "\\" in key or key == "":
                return None
            else:
                out += f"['{key}']"
        return out

    def exact_int(self, text: str) -> str:
        return f"CAST({text} AS DECIMAL(38,0))"

    def code_points(self, text: str) -> str:
        return f"char_length({text})"

    def array_size(self, text: str) -> str:
        return f"json_array_length({text})"

    def object_size(self, text: str) -> str:
        return f"size(json_object_keys({text}))"

    def starts_with(self, text: str, prefix: str) -> str:
        return f"startswith({text}, {prefix})"

    def ends_with(self, text: str, suffix: str) -> str:
        return f"endswith({text}, {suffix})"

    def array_has_string(self, array_json: str, value: str) -> str:
        return (
            f"exists(CAST(parse_json({array_json}) AS ARRAY<VARIANT>), e -> "
            f"schema_of_variant(e) = 'STRING' AND CAST(e AS STRING) = {value})"
        )

    def object_has_key(self, object_json: str, key: str) -> str:
        return f"array_contains(json_object_keys({object_json}), {key})"

    def search(self, text: str, pattern: str, tree: object) -> str:
        # Raises JavaRegexRefused, which the translation reports with the call's position.
        return f"({text} RLIKE {self.quote(to_java(tree))})"  # type: ignore[arg-type]

    def full_match(self, text: str, tree: object) -> str:
        whole = r"\A(?:" + to_java(tree) + r")\z"  # type: ignore[arg-type]
        return f"({text} RLIKE {self.quote(whole)})"

    # -- reading --------------------------------------------------------------------------

    def type_tag(self, value: str) -> str:
        """The tag of a VARIANT ``value`` (from ``variant_get``)."""
        sv = f"schema_of_variant({value})"
        return (
            f"CASE WHEN {value} IS NULL THEN NULL ELSE CASE "
            f"WHEN {sv} = 'STRING' THEN 'VARCHAR' WHEN {sv} = 'BOOLEAN' THEN 'BOOLEAN' "
            f"WHEN {sv} = 'VOID' THEN 'NULL' WHEN {sv} LIKE 'ARRAY%' THEN 'ARRAY' "
            f"WHEN {sv} LIKE 'OBJECT%' THEN 'OBJECT' "
            f"WHEN {sv} IN ('DOUBLE', 'FLOAT') THEN 'DOUBLE' "
            f"WHEN {sv} LIKE 'DECIMAL(%,0)' OR {sv} NOT LIKE 'DECIMAL%' THEN 'INT' "
            "ELSE 'DOUBLE' END END"
        )
