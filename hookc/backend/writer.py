"""Python source written line by line: indentation, the factories that bind a hook's
constants in code shared by many hooks, and the per-hook tables of plain values.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from hookc.backend.expressions import Constants


def json_text(value: object) -> str:
    """A plain value (tuples as lists) as compact JSON text. JSON keeps ints and floats
    apart (``1`` and ``1.0``), and Python's reader takes ``NaN`` and ``Infinity``."""
    return _JSON.encode(value)


# One encoder for every row (json.dumps with options would make one a row).
_JSON = json.JSONEncoder(ensure_ascii=False, check_circular=False, separators=(",", ":"))
_SURROGATE = "[\ud800-\udfff]"  # compiled (and cached by `re`) for the first non-ASCII text


def _lines(text: str, rows: list[object]) -> list[str]:
    """The JSON ``text`` of ``rows`` cut after each ``],`` that ends a list: pieces that
    concatenate to it, each but the last ending in ``],``.

    Where every row is a list and ``],[`` occurs once between each two (and nowhere else),
    each occurrence is a row's end. Else some are in a row, or in a string, where a line
    break would change the value: the pieces are cut where the text is, and glued back
    together where a cut falls in a string (after an odd number of unescaped quotes)."""
    pieces = text.split("],[")
    if len(pieces) == 1:
        return pieces
    if not _rows_apart(text, rows):
        glued: list[str] = []
        in_string = False
        for piece in pieces:
            if in_string:
                glued[-1] += "],[" + piece
            else:
                glued.append(piece)
            # JSON escapes a quote as \" and a backslash as \\: without the pairs of
            # backslashes, a quote after a backslash is escaped, and no other.
            plain = piece.replace("\\\\", "")
            in_string ^= (plain.count('"') - plain.count('\\"')) % 2 == 1
        pieces = glued
    # Each piece but the first opened by the `[` the split took, each but the last closed.
    pieces[1:] = ["[" + piece for piece in pieces[1:]]
    pieces[:-1] = [piece + "]," for piece in pieces[:-1]]
    return pieces


def _rows_apart(text: str, rows: list[object]) -> bool:
    """Whether each ``],[`` in the JSON ``text`` of ``rows`` ends a row (``_lines``): every
    row a list, and one ``],[`` between each two, none elsewhere."""
    return text.count("],[") == len(rows) - 1 and set(map(type, rows)) <= {list, tuple}


@dataclass(slots=True)
class Writer:
    """Lines of Python source, each written at the current depth of indentation (a table's
    rows are one entry, its lines joined)."""

    lines: list[str] = field(default_factory=list)
    depth: int = 0

    def line(self, text: str = "") -> None:
        self.lines.append("    " * self.depth + text if text else "")

    def indent(self) -> Writer:
        self.depth += 1
        return self

    def dedent(self) -> None:
        self.depth -= 1

    def indented(self, lines: list[str]) -> list[str]:
        """``lines`` (written at depth 0) at this depth."""
        margin = "    " * self.depth
        return [margin + line if line else "" for line in lines]

    def table(self, rows: Iterable[object], head: str, tail: str = "") -> None:
        """``head`` + ``json.loads(...)`` of a list of plain values + ``tail``, a row a line.

        The module's per-hook tables: a literal of 10,000 tuples costs Python's compiler
        a tenth of a second (an AST node for every value); the same rows as JSON are
        one string literal, compiled in milliseconds and read at import in one call. The
        list is encoded in one call (the encoder's set-up costs more than a small row's
        text) and broken into lines after each ``],`` that ends a list (``_lines``): where
        the rows are flat, a row a line. JSON reads the line breaks and margins as the
        whitespace between its tokens.

        The string is raw, in triple double quotes, the JSON as it is: Python reads a
        backslash and the character after it as a pair there, as JSON's escapes are, so
        the JSON holds no three quotes that end it (JSON has at most two in a row, ``""``),
        and it does not end in a quote or a backslash (it ends in ``]``). The compiler
        then decodes no escapes (the `when` texts' quotes would be ``\\'`` in a plain
        literal), and a person reads the rows as JSON. But a lone surrogate, which the
        module's UTF-8 cannot hold, needs Python's escape (JSON's would pair one with the
        next): a table that has one is written with ``repr``, a line a literal.
        """
        rows = list(rows)
        text = json_text(rows)
        self.line(f"{head}json.loads(")
        margin = "    " * (self.depth + 1)
        # The rows as one entry of ``lines``: a module's rows are most of its lines, and
        # what reads the lines for code (``prelude.names_read``) passes over them at once.
        if not text.isascii() and re.search(_SURROGATE, text):
            pieces = _lines(text, rows)
            self.lines.append("\n".join([margin + repr(piece) for piece in pieces]))
        elif _rows_apart(text, rows):  # the commonest: broken in one pass, one copy
            rows_text = text.replace("],[", f"],\n{margin}[")
            self.lines.append(f'{margin}r"""{rows_text}"""')
        else:
            self.lines.append(f'{margin}r"""' + f"\n{margin}".join(_lines(text, rows)) + '"""')
        self.line(f"){tail}")

    def constants_table(
        self, rows: list[Constants], shapes: str, makers: list[str], head: str = "", tail: str = ""
    ) -> None:
        """Rows of constants written as plain values, made what the code needs at import
        (the module's ``_hk_constants``: patterns compiled, sets made). Rows of one shape of
        code have the same makers: ``shapes`` (Python source) holds each row's shape,
        ``makers`` each shape's, so that no row repeats them."""
        self.table(
            (constants.values for constants in rows),
            f"{head}_hk_constants({shapes}, {tuple(makers)!r}, ",
            f"){tail}",
        )

    def factory(self, name: str, constants: Constants, inner: str, function: list[str]) -> None:
        """``def name(k0, k1, ...)``: a factory that binds a hook's constants in
        ``function`` (the lines of a ``def``, nested in it, of ``inner``) and returns it."""
        self.line(f"def {name}({constants.parameters()}):")
        self.lines.extend(function)
        self.indent().line(f"return {inner}")
        self.dedent()
        self.line()
