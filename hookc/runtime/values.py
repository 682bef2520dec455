"""CEL's value semantics over plain Python values (SPEC §2). Standard library only.

A CEL value is an ``int`` (int64), ``float`` (double), ``bool``, ``str``, ``None`` (null),
``list`` (or tuple) or ``dict``. An error is a ``CelError`` *value*: it is returned, not
raised, so that ``&&`` and ``||`` can absorb it. Every function here takes evaluated
operands (never errors: callers propagate those first) and returns a value or a CelError.

Where Python and CEL differ, the function says so; those are the places a test pins down.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Callable

# Compiled modules carry regex.py just before this file, or where no hook matches a pattern
# stand-ins for these two names (see hookc/backend/prelude.py).
from hookc.runtime.regex import (  # hookc: begin not embedded
    RegexSyntaxError,
    compile_re2,
)  # hookc: end not embedded

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

INT64_MIN = -(1 << 63)
INT64_MAX = (1 << 63) - 1


class CelError(Exception):
    """A CEL error value: missing key, no matching overload, overflow, bad index, ...

    An Exception subclass only so that it can also be raised where that is convenient;
    evaluation passes it around as a value.
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __repr__(self) -> str:
        return f"CelError({self.message!r})"


_KINDS: dict[type, str] = {
    bool: "bool",
    int: "int",
    float: "double",
    str: "string",
    type(None): "null",
    list: "list",
    tuple: "list",
    dict: "map",
}


def kind(value: object) -> str:
    """The CEL type name of a value; subclasses of the plain types count as those types."""
    found = _KINDS.get(type(value))
    if found is not None:
        return found
    for python_type, name in _KINDS.items():
        if isinstance(value, python_type):
            return name
    return f"unsupported Python type {type(value).__name__}"


def no_overload(op: str, *operands: object) -> CelError:
    types = ", ".join(kind(o) for o in operands)
    return CelError(f"no such overload: {op}({types})")


def checked_int(value: int) -> int | CelError:
    """An int result, or an overflow error outside int64 (Python ints never overflow)."""
    if INT64_MIN <= value <= INT64_MAX:
        return value
    return CelError("int64 overflow")


# -- equality and ordering ----------------------------------------------------------------------


# Lists and maps from a context nest at most this deep where hookc walks them (equality,
# templates). A deeper or cyclic value, which no JSON an agent sends holds, is not walked
# until Python's stack runs out: ValueTooDeep is raised, at the same depth in every back
# end, and the entry points (evaluate_hooks, predicates, evaluate) make it an error.
MAX_VALUE_DEPTH = 100


class ValueTooDeep(CelError):
    """Raised (not returned) from deep inside a walk over a hostile value."""


def too_deep() -> ValueTooDeep:
    return ValueTooDeep(f"a value nested more than {MAX_VALUE_DEPTH} levels deep (or cyclic)")


def nested_within(value: Any, limit: int = MAX_VALUE_DEPTH) -> bool:
    """Whether the lists and maps in ``value`` nest at most ``limit`` levels (False for a
    cyclic value). Walks without recursion, each element once per path to it."""
    pending = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list | tuple):
            children = item
        else:
            continue
        if depth >= limit:
            return False
        pending.extend((child, depth + 1) for child in children)
    return True


def equals(left: Any, right: Any, depth: int = 0) -> bool:
    """CEL's heterogeneous equality: never an error, values of different types are unequal.

    Differs from Python: ``true == 1`` is false (bool is not a number); NaN inside a list is
    unequal to itself (Python's list ``==`` short-cuts on identity); ``1 == 1.0`` is true
    (as in Python) and so is ``[1] == [1.0]``. Raises ValueTooDeep past MAX_VALUE_DEPTH.
    """
    left_kind, right_kind = kind(left), kind(right)
    if left_kind != right_kind and {left_kind, right_kind} == {"int", "double"}:
        return bool(as_double(left) == as_double(right))
    if left_kind != right_kind:
        return False
    if left_kind == "list":
        if depth >= MAX_VALUE_DEPTH:
            raise too_deep()
        if len(left) != len(right):
            return False
        return all(equals(a, b, depth + 1) for a, b in zip(left, right, strict=True))
    if left_kind == "map":
        if depth >= MAX_VALUE_DEPTH:
            raise too_deep()
        if len(left) != len(right):
            return False
        for key, value in left.items():
            other = map_get(right, key)
            if other is _MISSING or not equals(value, other, depth + 1):
                return False
        return True
    return bool(left == right)


def compare(op: str, left: Any, right: Any) -> bool | CelError:
    """``< <= > >=`` on two numbers (int and double mix), two strings or two bools."""
    left_kind, right_kind = kind(left), kind(right)
    comparable = (left_kind in ("int", "double") and right_kind in ("int", "double")) or (
        left_kind == right_kind and left_kind in ("string", "bool")
    )
    if not comparable:
        return no_overload(f"_{op}_", left, right)
    if left_kind != right_kind:
        left, right = as_double(left), as_double(right)
    return bool(_ORDERINGS[op](left, right))


def as_double(number: int | float) -> float:
    """An int seen as a double, for comparing the two: CEL converts, it does not compare exactly.

    Differs from Python, which compares int and float exactly: in CEL
    ``9223372036854775807 == 9223372036854775808.0`` is true. Ints past the double range
    (possible only in a context, never in int64 arithmetic) become infinities.
    """
    try:
        return float(number)
    except OverflowError:
        return math.inf if number > 0 else -math.inf


_ORDERINGS: dict[str, Callable[[Any, Any], bool]] = {
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}


# -- arithmetic ---------------------------------------------------------------------------------


def add(left: Any, right: Any) -> Any:
    """``+``: int+int (overflow checked), double+double, string+string, list+list.

    Differs from Python: int and double do not mix (``1 + 1.0`` is an error in CEL).
    """
    pair = kind(left), kind(right)
    if pair == ("int", "int"):
        return checked_int(left + right)
    if pair == ("double", "double"):
        return left + right
    if pair == ("string", "string"):
        return left + right
    if pair == ("list", "list"):
        return [*left, *right]
    return no_overload("_+_", left, right)


def subtract(left: Any, right: Any) -> Any:
    pair = kind(left), kind(right)
    if pair == ("int", "int"):
        return checked_int(left - right)
    if pair == ("double", "double"):
        return left - right
    return no_overload("_-_", left, right)


def multiply(left: Any, right: Any) -> Any:
    pair = kind(left), kind(right)
    if pair == ("int", "int"):
        return checked_int(left * right)
    if pair == ("double", "double"):
        return left * right
    return no_overload("_*_", left, right)


def divide(left: Any, right: Any) -> Any:
    """``/``: ints truncate toward zero (Python floors); a zero int divisor is an error.

    Doubles follow IEEE 754 (``1.0 / 0.0`` is infinity), where Python would raise.
    """
    pair = kind(left), kind(right)
    if pair == ("int", "int"):
        if right == 0:
            return CelError("division by zero")
        quotient = abs(left) // abs(right)
        return checked_int(quotient if (left < 0) == (right < 0) else -quotient)
    if pair == ("double", "double"):
        if right == 0.0:
            if left == 0.0 or math.isnan(left):
                return math.nan
            return math.copysign(math.inf, left) * math.copysign(1.0, right)
        return left / right
    return no_overload("_/_", left, right)


def modulo(left: Any, right: Any) -> Any:
    """``%`` on ints only: the result takes the sign of the dividend (Python: the divisor).

    ``INT64_MIN % -1`` is an overflow error, as in CEL's reference implementation.
    """
    if (kind(left), kind(right)) != ("int", "int"):
        return no_overload("_%_", left, right)
    if right == 0:
        return CelError("modulus by zero")
    if left == INT64_MIN and right == -1:
        return CelError("int64 overflow")
    remainder = abs(left) % abs(right)
    return -remainder if left < 0 else remainder


def negate(operand: Any) -> Any:
    operand_kind = kind(operand)
    if operand_kind == "int":
        return checked_int(-operand)
    if operand_kind == "double":
        return -operand
    return no_overload("-_", operand)


def logical_not(operand: Any) -> bool | CelError:
    if kind(operand) == "bool":
        return not operand
    return no_overload("!_", operand)


# -- containers ---------------------------------------------------------------------------------


class _Missing:
    def __repr__(self) -> str:
        return "<missing>"


_MISSING: Any = _Missing()


def map_get(mapping: dict[Any, Any], key: Any) -> Any:
    """The value at ``key``, or ``_MISSING``; keys are matched with CEL's equality.

    Differs from Python: a dict finds ``1`` under the key ``True`` (and ``True`` under
    ``1``); CEL keeps bool and int keys apart. A double key finds an equal int key.
    """
    key_kind = kind(key)
    if key_kind == "string":
        return mapping.get(key, _MISSING)
    if key_kind == "double":
        if not key.is_integer():
            return _MISSING
        key, key_kind = int(key), "int"
    if key_kind not in ("int", "bool"):
        return _MISSING
    try:
        value = mapping.get(key, _MISSING)
    except TypeError:
        return _MISSING
    if value is _MISSING:
        return _MISSING
    # Python found the key; make sure it is of the same CEL kind (1 versus True).
    for stored in mapping:
        if kind(stored) == key_kind and stored == key:
            return mapping[stored]
        if kind(stored) == "double" and key_kind == "int" and stored == key:
            return mapping[stored]
    return _MISSING


def select(operand: Any, field: str) -> Any:
    """``operand.field``: a map lookup; a missing key is an error."""
    if kind(operand) != "map":
        return CelError(f"no field '{field}' on a value of type {kind(operand)}")
    value = map_get(operand, field)
    if value is _MISSING:
        return CelError(f"no such key: '{field}'")
    return value


def index(operand: Any, key: Any) -> Any:
    """``operand[key]``: a list position (int, or an integral double) or a map key."""
    operand_kind = kind(operand)
    if operand_kind == "map":
        value = map_get(operand, key)
        if value is _MISSING:
            return CelError(f"no such key: {format_value(key)}")
        return value
    if operand_kind == "list":
        key_kind = kind(key)
        if key_kind == "double" and key.is_integer():
            key, key_kind = int(key), "int"
        if key_kind != "int":
            return no_overload("_[_]", operand, key)
        if not 0 <= key < len(operand):
            return CelError(f"index {key} out of range for a list of size {len(operand)}")
        return operand[key]
    return no_overload("_[_]", operand, key)


def contains_element(container: Any, element: Any) -> bool | CelError:
    """``element in container``: list membership by CEL equality, or a map key."""
    container_kind = kind(container)
    if container_kind == "list":
        return any(equals(element, item) for item in container)
    if container_kind == "map":
        return map_get(container, element) is not _MISSING
    if container_kind == "string":
        # The dash spelt \u2014: compiled modules carry this text, and one character past
        # ASCII makes a module's whole text a wider string, its UTF-8 made in a loop.
        return CelError(
            "no such overload: _in_(string) \u2014 `in` tests list or map membership; "
            "for a substring use s.contains(t)"
        )
    return no_overload("@in", element, container)


def iteration_range(target: Any) -> list[Any] | CelError:
    """What a macro iterates over: a list's elements or a map's keys."""
    target_kind = kind(target)
    if target_kind in ("list", "map"):
        return list(target)
    return CelError(f"cannot iterate over a value of type {target_kind}")


def size(value: Any) -> int | CelError:
    """``size``: code points of a string (as Python's len), elements, entries."""
    if kind(value) in ("string", "list", "map"):
        return len(value)
    return no_overload("size", value)


# -- strings and patterns -----------------------------------------------------------------------


def string_contains(target: Any, argument: Any) -> bool | CelError:
    """``s.contains(t)`` on strings, and hookc's ``list.contains(x)`` as membership."""
    target_kind = kind(target)
    if target_kind == "string" and kind(argument) == "string":
        return argument in target
    if target_kind == "list":
        return contains_element(target, argument)
    return no_overload("contains", target, argument)


def starts_with(target: Any, argument: Any) -> bool | CelError:
    if kind(target) == "string" and kind(argument) == "string":
        return bool(target.startswith(argument))
    return no_overload("startsWith", target, argument)


def ends_with(target: Any, argument: Any) -> bool | CelError:
    if kind(target) == "string" and kind(argument) == "string":
        return bool(target.endswith(argument))
    return no_overload("endsWith", target, argument)


@functools.lru_cache(maxsize=256)
def compile_regex(pattern: str) -> Any:
    """A pattern in RE2 syntax, as CEL specifies, ready for ``.search``: Python's ``re``
    where backtracking is provably linear, else hookc's linear-time automaton
    (``hookc/runtime/regex.py``). Patterns that are not constants are cached here too."""
    try:
        return compile_re2(pattern)
    except RegexSyntaxError as exc:
        return CelError(f"invalid regular expression {pattern!r}: {exc}")
    except RecursionError:
        return CelError(f"invalid regular expression {pattern!r}: nested too deeply")


def matches(target: Any, pattern: Any) -> bool | CelError:
    """``s.matches(re)``: an unanchored search, as in CEL, in time linear in ``s``."""
    if kind(target) != "string" or kind(pattern) != "string":
        return no_overload("matches", target, pattern)
    compiled = compile_regex(pattern)
    if isinstance(compiled, CelError):
        return compiled
    return compiled.search(target) is not None


def glob_to_regex(pattern: str) -> str:
    """The regex of hookc's ``glob``, matching the whole string.

    ``*`` any run of characters but ``/``; ``?`` one character but ``/``; ``[abc]`` and
    ``[!abc]`` classes; ``**`` any run including ``/``, and ``a/**/b`` also matches ``a/b``
    (as in .gitignore); ``\\`` escapes the next character; an unclosed ``[`` is literal.
    """
    out: list[str] = []
    i, n = 0, len(pattern)
    while i < n:
        char = pattern[i]
        if char == "*":
            if pattern.startswith("**", i):
                i += 2
                if pattern.startswith("/", i) and (i == 2 or pattern[i - 3] == "/"):
                    out.append("(?:.*/)?")  # `**/` spans zero or more whole directories
                    i += 1
                else:
                    out.append(".*")
                continue
            out.append("[^/]*")
        elif char == "?":
            out.append("[^/]")
        elif char == "[":
            close = pattern.find("]", i + 2 if pattern[i + 1 : i + 2] in ("!", "^") else i + 1)
            if close == -1:
                out.append(re.escape(char))
            else:
                body = pattern[i + 1 : close]
                negated = body[:1] in ("!", "^")
                body = body[1:] if negated else body
                escaped = body.replace("\\", "\\\\").replace("[", "\\[")
                out.append(f"[{'^' if negated else ''}{escaped}]")
                i = close
        elif char == "\\" and i + 1 < n:
            i += 1
            out.append(re.escape(pattern[i]))
        else:
            out.append(re.escape(char))
        i += 1
    return "".join(out)


@functools.lru_cache(maxsize=256)
def compile_glob(pattern: str) -> Any:
    """A glob ready for ``.fullmatch``, in time linear in the text (as ``compile_regex``)."""
    try:
        return compile_re2("(?s)" + glob_to_regex(pattern), whole=True)
    except RegexSyntaxError as exc:  # a class such as [z-a]
        return CelError(f"invalid glob pattern {pattern!r}: {exc}")
    except RecursionError:
        return CelError(f"invalid glob pattern {pattern!r}: nested too deeply")


def glob(target: Any, pattern: Any) -> bool | CelError:
    if kind(target) != "string" or kind(pattern) != "string":
        return no_overload("glob", target, pattern)
    compiled = compile_glob(pattern)
    if isinstance(compiled, CelError):
        return compiled
    return compiled.fullmatch(target) is not None


# -- conversions --------------------------------------------------------------------------------

_INT_TEXT = re.compile(r"[+-]?[0-9]+")
_DOUBLE_TEXT = re.compile(
    r"[+-]?(?:(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|inf|infinity|nan)", re.IGNORECASE
)
_BOOL_TEXT = {
    "1": True, "t": True, "T": True, "TRUE": True, "true": True, "True": True,
    "0": False, "f": False, "F": False, "FALSE": False, "false": False, "False": False,
}  # fmt: skip


def to_int(value: Any) -> int | CelError:
    """``int()``: doubles truncate toward zero and must fit int64; strings are decimal."""
    value_kind = kind(value)
    if value_kind == "int":
        return int(value)
    if value_kind == "double":
        # Both bounds are exclusive, as in CEL's reference implementation: a double cannot
        # hold INT64_MAX, and it treats -2**63 as out of range too.
        if math.isnan(value) or not -9.223372036854775808e18 < value < 9.223372036854775808e18:
            return CelError(f"int() range error: {format_double(value)}")
        return int(value)
    if value_kind == "string":
        if not _INT_TEXT.fullmatch(value):
            return CelError(f"int() cannot parse {value!r}")
        return checked_int(int(value, 10))
    return no_overload("int", value)


def to_double(value: Any) -> float | CelError:
    value_kind = kind(value)
    if value_kind == "double":
        return float(value)
    if value_kind == "int":
        try:
            return float(value)
        except OverflowError:
            return CelError("double() range error")
    if value_kind == "string":
        if not _DOUBLE_TEXT.fullmatch(value):
            return CelError(f"double() cannot parse {value!r}")
        result = float(value)
        if math.isinf(result) and "inf" not in value.lower():
            return CelError(f"double() range error: {value!r} is beyond the double range")
        return result
    return no_overload("double", value)


def to_string(value: Any) -> str | CelError:
    """``string()``: bool as ``true``/``false``, doubles as CEL formats them (``1.0`` as ``1``)."""
    value_kind = kind(value)
    if value_kind == "string":
        return str(value)
    if value_kind == "bool":
        return "true" if value else "false"
    if value_kind == "int":
        # Only a context holds an int past int64, and str() refuses 4,300 digits or more.
        return str(int(value)) if INT64_MIN <= value <= INT64_MAX else CelError("int64 overflow")
    if value_kind == "double":
        return format_double(value)
    return no_overload("string", value)


def to_bool(value: Any) -> bool | CelError:
    value_kind = kind(value)
    if value_kind == "bool":
        return bool(value)
    if value_kind == "string":
        if value in _BOOL_TEXT:
            return _BOOL_TEXT[value]
        return CelError(f"bool() cannot parse {value!r}")
    return no_overload("bool", value)


def format_double(value: float) -> str:
    """A double as CEL's ``string()`` writes it: Go's ``%g`` with the shortest digits.

    Fixed notation for decimal exponents -4 to 5, else ``1e+06`` style; whole numbers have no
    ``.0`` (``string(1.0) == "1"``); ``+Inf``, ``-Inf``, ``NaN`` for the special values.
    """
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "+Inf" if value > 0 else "-Inf"
    if value == 0.0:
        return "-0" if math.copysign(1.0, value) < 0 else "0"
    from decimal import Decimal  # here: decimal costs 2 ms to import, and few values need it

    sign, digits, exponent = Decimal(repr(value)).normalize().as_tuple()
    assert isinstance(exponent, int)
    text = "".join(map(str, digits))
    point = len(text) + exponent  # position of the decimal point within the digits
    decimal_exponent = point - 1
    if decimal_exponent < -4 or decimal_exponent >= 6:
        mantissa = text[0] + ("." + text[1:] if len(text) > 1 else "")
        formatted = f"{mantissa}e{'-' if decimal_exponent < 0 else '+'}{abs(decimal_exponent):02d}"
    elif point <= 0:
        formatted = "0." + "0" * -point + text
    elif point >= len(text):
        formatted = text + "0" * (point - len(text))
    else:
        formatted = text[:point] + "." + text[point:]
    return ("-" if sign else "") + formatted


def format_value(value: Any) -> str:
    """A value for messages and templates: strings bare, others as CEL would print them."""
    value_kind = kind(value)
    if value_kind in ("int", "double", "bool"):
        result = to_string(value)
        return result if isinstance(result, str) else f"an int of {value.bit_length()} bits"
    if value_kind == "string":
        return repr(value)
    if value_kind == "null":
        return "null"
    if not nested_within(value):
        return "a value nested too deeply to print"
    try:
        return json.dumps(value, default=str, ensure_ascii=False)
    except (TypeError, ValueError):  # keys JSON cannot have; ints past 4,300 digits
        return f"a {value_kind} JSON cannot print"
