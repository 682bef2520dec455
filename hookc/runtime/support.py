"""What compiled conditions call besides the value semantics: error-propagating wrappers,
path loading, macros and template formatting. Standard library only.

Every compiled module carries what its code reaches of ``values.py`` and this file, verbatim
(the import of values is dropped there: the names it brings are already defined); an
expression compiled in process (``hookc.cel.compile``) runs against this module's namespace
directly.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping

from hookc.runtime.values import (  # hookc: begin not embedded
    # Compiled code refers to some of these by name too (compile_regex, compile_glob,
    # equals, compare, index, negate, logical_not).
    _MISSING,
    CelError,
    add,
    compare,
    compile_glob,
    compile_regex,
    contains_element,
    divide,
    ends_with,
    equals,
    format_value,
    glob,
    index,
    iteration_range,
    kind,
    logical_not,
    map_get,
    matches,
    modulo,
    multiply,
    negate,
    nested_within,
    no_overload,
    select,
    size,
    starts_with,
    string_contains,
    subtract,
    to_bool,
    to_double,
    to_int,
    to_string,
)  # hookc: end not embedded

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# Names that only compiled code calls; listed so that no linter drops their import.
_CALLED_BY_COMPILED_CODE = (
    compile_glob,
    compile_regex,
    compare,
    equals,
    index,
    logical_not,
    negate,
)

_hk_MISSING = CelError("no such key")
_hk_ERROR = CelError("not a bool")
_hk_NUMBERS = frozenset({int, float})
# Values whose membership in a list of strings plain Python decides as CEL does.
_hk_PLAIN = frozenset({str, int, float, bool, type(None), list, dict, tuple})

# Where a fast path's type test fails, types whose outcome is known without the general
# path (which would build an error value only to find the test not true). Missing paths
# (``_hk_MISSING``, a CelError) and nulls are the common case in real events.
# - ordering with a string constant is an error (no overload)
_hk_NOT_STRINGS = frozenset({CelError, type(None), int, float, bool, list, dict, tuple})
# - ordering with a number constant is an error (no overload)
_hk_NOT_NUMBERS = frozenset({CelError, type(None), str, bool, list, dict, tuple})
# - no string method applies (``contains`` also takes lists, so they are not here)
_hk_NOT_TEXT = frozenset({CelError, type(None), int, float, bool, dict})
# - membership in a list of strings is false or an error, never true
_hk_PLAIN_OR_ERROR = _hk_PLAIN | {CelError}


def _hk_context(context: Any) -> dict[Any, Any]:
    """The context as a dict: a mapping's items (as CEL reads a map), nothing for anything
    else. Compiled code normalizes once at its entry and then reads with ``dict.get``."""
    if type(context) is dict:
        return context
    return dict(context) if isinstance(context, Mapping) else {}


def _hk_top(context: Any, name: Any) -> Any:
    if type(context) is not dict:
        context = _hk_context(context)
    return context.get(name, _hk_MISSING)


def _hk_key(base: Any, key: Any) -> Any:
    """A constant key of a path: the value, or _hk_MISSING where the path leads nowhere.

    ``index``'s value where it has one, read as it reads it, without the error it makes
    otherwise (whose message no one reads): so a module whose paths are all that index
    carries neither ``index`` nor the formatting of its messages."""
    if type(base) is dict and type(key) is str:
        return base.get(key, _hk_MISSING)
    if isinstance(base, CelError):
        return base
    base_kind = kind(base)
    # Where ``index`` answers an error, made or found under the key, the path leads nowhere.
    if base_kind == "map":
        found = map_get(base, key)
        return _hk_MISSING if found is _MISSING or isinstance(found, CelError) else found
    # A list has no string keys; an int (or an integral double) within its bounds.
    if base_kind == "list" and type(key) is not str:
        key_kind = kind(key)
        if key_kind == "double" and key.is_integer():
            key, key_kind = int(key), "int"
        if key_kind == "int" and 0 <= key < len(base):
            found = base[key]
            return _hk_MISSING if isinstance(found, CelError) else found
    return _hk_MISSING


def _hk_select(base: Any, field: Any) -> Any:
    return base if isinstance(base, CelError) else select(base, field)


def _hk_strict(function: Any, *operands: Any) -> Any:
    for operand in operands:
        if isinstance(operand, CelError):
            return operand
    return function(*operands)


def _hk_present(found: Any) -> Any:
    return found is not None and not isinstance(found, CelError)


def _hk_has(found: Any) -> Any:
    if found is _hk_MISSING:
        return False
    if isinstance(found, CelError):
        return found
    return found is not None


def _hk_resolve_index(base: Any, key: Any) -> Any:
    if isinstance(base, CelError):
        return base
    if isinstance(key, CelError):
        return key
    found = index(base, key)
    return _hk_MISSING if isinstance(found, CelError) else found


def _hk_not_missing(value: Any) -> Any:
    """A computed value inside a ``has()`` path: an error from a missing variable is an error
    there, not the path's "missing" (which makes has() false rather than an error)."""
    return _hk_ERROR if value is _hk_MISSING else value


def _hk_error_of(value: Any) -> Any:
    return value if isinstance(value, CelError) else no_overload("_?_:_", value)


def _hk_list(*items: Any) -> Any:
    for item in items:
        if isinstance(item, CelError):
            return item
    return list(items)


def _hk_map(entries: Any) -> Any:
    result: dict[Any, Any] = {}
    for key, value in entries:
        if isinstance(key, CelError):
            return key
        if kind(key) not in ("int", "string", "bool"):
            return CelError(f"unsupported map key type {kind(key)}")
        if isinstance(value, CelError):
            return value
        if map_get(result, key) is not _MISSING or key in result:
            return CelError(f"repeated map key {format_value(key)}")
        result[key] = value
    return result


def _hk_comprehension(macro: Any, target: Any, predicate: Any, transform: Any) -> Any:
    if isinstance(target, CelError):
        return target
    elements = iteration_range(target)
    if isinstance(elements, CelError):
        return elements
    if macro in ("all", "exists"):
        absorbing = macro == "exists"
        failure = None
        for element in elements:
            value = predicate(element)
            if type(value) is bool:
                if value is absorbing:
                    return absorbing
            elif failure is None:
                failure = value if isinstance(value, CelError) else no_overload(macro, value)
        return failure if failure is not None else not absorbing
    selected: list[Any] = []
    for element in elements:
        if predicate is not None:
            keep = predicate(element)
            if isinstance(keep, CelError):
                return keep
            if type(keep) is not bool:
                return no_overload(macro, keep)
            if not keep:
                continue
        if transform is not None:
            element = transform(element)
            if isinstance(element, CelError):
                return element
        selected.append(element)
    if macro == "exists_one":
        return len(selected) == 1
    return selected


def _hk_safely(evaluate: Callable[[], Any]) -> Any:
    """A template hole's value where a hostile context could make its evaluation raise (a
    cyclic or too deep value under ``==``): the error value instead."""
    try:
        return evaluate()
    except Exception as exc:
        return exc if isinstance(exc, CelError) else CelError(str(exc))


def _hk_exact(value: Any) -> Any:
    """A parameter that is exactly one template: the value itself (a copy, so that changing
    the action changes neither the context nor the next action); an error gives None."""
    if isinstance(value, CelError) or not nested_within(value):
        return None  # an error, or a value too deep (or cyclic) to copy
    return _hk_copy(value)


def _hk_copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _hk_copy(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_hk_copy(item) for item in value]
    return value


def _hk_text(value: Any) -> Any:
    """A template inside text: as CEL's string() writes it, lists and maps as JSON; an
    error gives the empty string."""
    if isinstance(value, CelError):
        return ""
    if kind(value) in ("list", "map"):
        if not nested_within(value):
            return ""  # too deep (or cyclic) to write: an error
        try:
            return json.dumps(value, ensure_ascii=False, default=str)
        except (TypeError, ValueError):  # keys JSON cannot have, ints past 4,300 digits
            return ""
    text = to_string(value)  # null has no string(): an error, so the empty string
    return "" if isinstance(text, CelError) else text


# Each operator, function and method by its own name: compiled code calls it so, and a
# module then carries only those its code reaches (a table would carry them all).
def _hk_not_equals(left: Any, right: Any) -> bool:
    return not equals(left, right)


def _hk_less(left: Any, right: Any) -> bool | CelError:
    return compare("<", left, right)


def _hk_less_or_equal(left: Any, right: Any) -> bool | CelError:
    return compare("<=", left, right)


def _hk_greater(left: Any, right: Any) -> bool | CelError:
    return compare(">", left, right)


def _hk_greater_or_equal(left: Any, right: Any) -> bool | CelError:
    return compare(">=", left, right)


def _hk_in(element: Any, container: Any) -> Any:
    return contains_element(container, element)


def _hk_dyn(value: Any) -> Any:
    return value


_hk_BINARY: dict[str, Callable[[Any, Any], Any]] = {
    "==": equals,
    "!=": _hk_not_equals,
    "<": _hk_less,
    "<=": _hk_less_or_equal,
    ">": _hk_greater,
    ">=": _hk_greater_or_equal,
    "in": _hk_in,
    "+": add,
    "-": subtract,
    "*": multiply,
    "/": divide,
    "%": modulo,
}
_hk_FUNCTIONS: dict[str, Callable[..., Any]] = {
    "size": size,
    "int": to_int,
    "double": to_double,
    "string": to_string,
    "bool": to_bool,
    "dyn": _hk_dyn,
    "matches": matches,
}
_hk_METHODS: dict[str, Callable[..., Any]] = {
    "size": size,
    "contains": string_contains,
    "startsWith": starts_with,
    "endsWith": ends_with,
    "matches": matches,
    "glob": glob,
}
