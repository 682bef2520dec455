"""Records: classes of named fields, immutable by default, made as ``dataclasses`` makes them.

``@record`` does what ``@dataclass(frozen=True)`` does for the classes hookc declares (an
``__init__`` taking the fields in order, ``__repr__``, ``__eq__``, ``__hash__``, refused
assignment, ``__match_args__``, ``__slots__`` on request, ``__post_init__``; ``field``,
``fields`` and ``replace`` beside it), and costs less where a command starts: Python 3.11's
``dataclass`` compiles each method of each class with an ``exec`` of its own (~250 µs a
frozen class, ~15 ms for the 59 that ``hookc compile`` imports) and loads ``inspect`` to
do it (~5 ms with ``dataclasses``). A record compiles nothing it need not: its
``__init__`` is a copy of a template compiled once per shape, its comparisons and hash
are compiled on their first call, the rest are closures (~35 µs a class).
``tests/test_records.py`` holds the two to the same behaviour on random classes.

A slotted record's ``__init__`` sets each field through its slot's own setter, which a
frozen class's ``__setattr__`` does not stand in front of: half the time of
``object.__setattr__`` by name, and the parser and optimizer make a node for every part of
every condition.
"""

from __future__ import annotations

from collections.abc import Callable
from types import CodeType, FunctionType

# typing is for the type checkers: a run of hookc does not import it (~2 ms), and the two
# decorators of typing used here change nothing a run sees, so they stand in as no-ops.
TYPE_CHECKING = False
if not TYPE_CHECKING:

    def overload(function):  # the definition that follows the overloads replaces them
        return function

    def dataclass_transform(**_):  # read by type checkers only
        return overload

else:
    from typing import Any, TypeVar, dataclass_transform, overload

    T = TypeVar("T")


class _Missing:
    """No value given: a field with no default, or a parameter left out."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
_HAS_FACTORY: Any = type("_HasFactory", (), {"__repr__": lambda self: "<factory>"})()


class FrozenInstanceError(AttributeError):
    """An assignment to (or deletion of) a field of an immutable record."""


class Field:
    """One field of a record, as ``fields`` lists it (``dataclasses.Field``'s attributes)."""

    __slots__ = ("compare", "default", "default_factory", "hash", "init", "name", "repr", "type")

    def __init__(
        self,
        default: Any = MISSING,
        default_factory: Any = MISSING,
        init: bool = True,
        repr: bool = True,
        hash: bool | None = None,
        compare: bool = True,
    ) -> None:
        if default is not MISSING and default_factory is not MISSING:
            raise ValueError("cannot specify both default and default_factory")
        self.name = ""
        self.type: object = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare

    def __repr__(self) -> str:
        return f"Field(name={self.name!r}, default={self.default!r}, init={self.init})"


@overload
def field(
    *,
    default: T,
    init: bool = True,
    repr: bool = True,
    hash: bool | None = None,
    compare: bool = True,
) -> T: ...
@overload
def field(
    *,
    default_factory: Callable[[], T],
    init: bool = True,
    repr: bool = True,
    hash: bool | None = None,
    compare: bool = True,
) -> T: ...
@overload
def field(
    *,
    init: bool = True,
    repr: bool = True,
    hash: bool | None = None,
    compare: bool = True,
) -> Any: ...
def field(
    *,
    default: Any = MISSING,
    default_factory: Any = MISSING,
    init: bool = True,
    repr: bool = True,
    hash: bool | None = None,
    compare: bool = True,
) -> Any:
    """A field's default (or ``default_factory``) and what it takes part in, as
    ``dataclasses.field``."""
    return Field(default, default_factory, init, repr, hash, compare)


@overload
def record(cls: type[T], /) -> type[T]: ...
@overload
def record(
    *,
    frozen: bool = True,
    slots: bool = False,
    init: bool = True,
    eq: bool = True,
    order: bool = False,
) -> Callable[[type[T]], type[T]]: ...
@dataclass_transform(frozen_default=True, field_specifiers=(field, Field))
def record(
    cls: type[T] | None = None,
    /,
    *,
    frozen: bool = True,
    slots: bool = False,
    init: bool = True,
    eq: bool = True,
    order: bool = False,
) -> type[T] | Callable[[type[T]], type[T]]:
    """The class as a record: ``@dataclass(frozen=True)`` by default, the other options as
    ``dataclass``'s of the same names (``frozen=False`` for a mutable one)."""

    def make(cls: type[T]) -> type[T]:
        return _make(cls, frozen=frozen, slots=slots, init=init, eq=eq, order=order)

    return make if cls is None else make(cls)


def fields(record_or_type: object) -> tuple[Field, ...]:
    """A record's fields, in order."""
    kind = record_or_type if isinstance(record_or_type, type) else type(record_or_type)
    try:
        found: tuple[Field, ...] = kind.__record_fields__  # type: ignore[attr-defined]
    except AttributeError:
        raise TypeError("must be called with a record type or instance") from None
    return found


def replace(obj: T, /, **changes: Any) -> T:
    """A copy of the record ``obj`` with ``changes`` (by field name), as
    ``dataclasses.replace``: every other field that ``__init__`` takes is copied."""
    for item in fields(obj):
        if not item.init:
            if item.name in changes:
                raise ValueError(
                    f"field {item.name} is declared with init=False, it cannot be specified "
                    "with replace()"
                )
        elif item.name not in changes:
            changes[item.name] = getattr(obj, item.name)
    return type(obj)(**changes)


def _is_class_var(annotation: object) -> bool:
    text = annotation if isinstance(annotation, str) else repr(annotation)
    return text.startswith(("ClassVar", "typing.ClassVar"))


def _slots_of(kind: type) -> tuple[str, ...]:
    declared = kind.__dict__.get("__slots__", ())
    return (declared,) if isinstance(declared, str) else tuple(declared)


def _make(cls: type[T], *, frozen: bool, slots: bool, init: bool, eq: bool, order: bool) -> type[T]:
    """The record of ``cls``: its fields read from its own annotations, refused where
    dataclass refuses them, then its class remade with slots if asked, and its methods."""
    if any(hasattr(base, "__record_fields__") for base in cls.__mro__[1:]):
        raise TypeError(f"{cls.__name__}: a record does not extend another record")
    namespace = dict(cls.__dict__)
    annotations = namespace.get("__annotations__", {})
    found: list[Field] = []
    for name, annotation in annotations.items():
        if _is_class_var(annotation):
            continue
        value = namespace.get(name, MISSING)
        if isinstance(value, Field):  # a copy: one field() may stand for several fields
            item = Field(value.default, value.default_factory, value.init, value.repr)
            item.hash, item.compare = value.hash, value.compare
        else:
            item = Field(default=value)
        item.name, item.type = name, annotation
        if item.default is not MISSING and type(item.default).__hash__ is None:
            raise ValueError(
                f"mutable default {type(item.default)} for field {name} is not allowed: "
                "use default_factory"
            )
        found.append(item)
    for name, value in namespace.items():
        if isinstance(value, Field) and name not in annotations:
            raise TypeError(f"{name!r} is a field but has no type annotation")
    if order and not eq:
        raise ValueError("eq must be true if order is true")
    if frozen and ("__setattr__" in namespace or "__delattr__" in namespace):
        raise TypeError(f"cannot overwrite attribute __setattr__ in class {cls.__name__}")

    if slots:
        # A slot takes the name of its field: the class is made anew, as dataclass does.
        if "__slots__" in namespace:
            raise TypeError(f"{cls.__name__} already specifies __slots__")
        inherited = {name for base in cls.__mro__[1:-1] for name in _slots_of(base)}
        namespace["__slots__"] = tuple(i.name for i in found if i.name not in inherited)
        for name in ("__dict__", "__weakref__", *(i.name for i in found)):
            namespace.pop(name, None)
        made: type[T] = type(cls.__name__, cls.__bases__, namespace)
        made.__qualname__ = cls.__qualname__
    else:
        # A field's default stays on the class, where an instance without it finds it.
        made = cls
        for item in found:
            if isinstance(namespace.get(item.name), Field):
                if item.default is MISSING:
                    delattr(made, item.name)
                else:
                    setattr(made, item.name, item.default)
    made.__record_fields__ = tuple(found)  # type: ignore[attr-defined]
    _add_methods(made, namespace, found, frozen=frozen, slots=slots, init=init, eq=eq, order=order)
    return made


def _add_methods(
    cls: type,
    declared: dict[str, Any],
    found: list[Field],
    *,
    frozen: bool,
    slots: bool,
    init: bool,
    eq: bool,
    order: bool,
) -> None:
    """Adds the methods the class does not declare itself. ``__init__`` is written for the
    class's own fields (``_init``); the comparisons and ``__hash__`` are written
    too, and compiled on their first call (``_compiled_when_called``); the rest are
    closures, which cost no compiling."""
    methods: dict[str, Callable[..., Any]] = {}
    if init and "__init__" not in declared:
        methods["__init__"] = _init(cls, found, frozen=frozen, slots=slots)
    compared = _fields_tuple([i.name for i in found if i.compare])
    comparisons = [("__eq__", "==")] if eq else []
    if order:
        comparisons += [("__lt__", "<"), ("__le__", "<="), ("__gt__", ">"), ("__ge__", ">=")]
    for name, op in comparisons:
        if name in declared:
            if name == "__eq__":
                continue
            raise TypeError(f"cannot overwrite attribute {name} in class {cls.__name__}")
        source = [
            f"def {name}(self, other):",
            "    if other.__class__ is self.__class__:",
            f"        return {compared.format('self')} {op} {compared.format('other')}",
            "    return NotImplemented",
        ]
        methods[name] = _compiled_when_called(cls, name, source)
    # Hashing as dataclass's default (unsafe_hash=False): a hash that `__eq__` agrees with
    # where the record is frozen, none where it can change, the class's own where it has one.
    own_hash = declared.get("__hash__", MISSING)
    explicit_hash = not (own_hash is MISSING or (own_hash is None and "__eq__" in declared))
    if eq and not explicit_hash:
        if frozen:
            hashed = _fields_tuple(
                [i.name for i in found if (i.compare if i.hash is None else i.hash)]
            )
            source = ["def __hash__(self):", f"    return hash({hashed.format('self')})"]
            methods["__hash__"] = _compiled_when_called(cls, "__hash__", source)
        else:
            cls.__hash__ = None  # type: ignore[assignment]
    if "__repr__" not in declared:
        methods["__repr__"] = _repr(tuple(i.name for i in found if i.repr))
    if frozen:
        methods.update(_frozen(cls, tuple(i.name for i in found), slots))
    for name, function in methods.items():
        function.__qualname__ = f"{cls.__qualname__}.{name}"
        function.__module__ = cls.__module__
        setattr(cls, name, function)
    if "__match_args__" not in declared:
        cls.__match_args__ = tuple(i.name for i in found if i.init)  # type: ignore[attr-defined, misc]


def _compiled_when_called(cls: type, name: str, source: list[str]) -> Callable[..., Any]:
    """A stand-in for the method ``source`` defines, which compiles it when first called and
    puts it in its place, wherever the class keeps the stand-in. Most records of a run are
    never compared or hashed (of the 62 a one-hook compile makes, 1 is compared and 8
    hashed), and compiling is most of what making a record costs."""
    compiled: list[Callable[..., Any]] = []

    def stand_in(self: Any, *other: Any) -> Any:
        if not compiled:
            scope: dict[str, Any] = {}
            exec("\n".join(source), scope)
            method = scope[name]
            method.__qualname__ = f"{cls.__qualname__}.{name}"
            method.__module__ = cls.__module__
            compiled.append(method)
            for key, value in list(vars(cls).items()):  # wherever the class keeps it
                if value is stand_in:
                    setattr(cls, key, method)
        return compiled[0](self, *other)

    return stand_in


def _fields_tuple(names: list[str]) -> str:
    """A tuple display of ``{0}.name`` for each name, to be formatted with an instance."""
    return "(" + "".join(f"{{0}}.{name}," for name in names) + ")"


def _repr(names: tuple[str, ...]) -> Callable[[Any], str]:
    def __repr__(self: Any) -> str:
        shown = ", ".join([f"{name}={getattr(self, name)!r}" for name in names])
        return f"{self.__class__.__qualname__}({shown})"

    return __repr__


def _frozen(cls: type[Any], names: tuple[str, ...], slots: bool) -> dict[str, Callable[..., Any]]:
    """The methods that keep a record's fields as they were made, as dataclass's do."""

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    methods: dict[str, Callable[..., Any]] = {
        "__setattr__": __setattr__,
        "__delattr__": __delattr__,
    }
    if slots:
        # Pickling and copying set the state back field by field, around __setattr__.
        def __getstate__(self: Any) -> list[Any]:
            return [getattr(self, name) for name in names]

        def __setstate__(self: Any, state: list[Any]) -> None:
            for name, value in zip(names, state, strict=False):
                object.__setattr__(self, name, value)

        methods |= {"__getstate__": __getstate__, "__setstate__": __setstate__}
    return methods


def _init(cls: type, found: list[Field], *, frozen: bool, slots: bool) -> Callable[..., None]:
    """``__init__``: parameters and defaults as dataclass's, each field set through its
    slot's setter (slotted), ``object.__setattr__`` (frozen) or ``setattr``, then the slots
    that ``__slot_defaults__`` names (no fields: a kept hash, a cache) to their defaults, then
    ``__post_init__`` if the class has one.

    The source is written with numbered names (``f0``, ``_set_0``), so that records of the
    same shape share one compiled template, which takes each class's own parameter names
    (``CodeType.replace``) and values (the function's globals and defaults): compiling is
    most of what making a record costs (~30 us), the copy a microsecond.
    """
    scope: dict[str, Any] = {
        "_HAS_FACTORY": _HAS_FACTORY,
        "_object_setattr": object.__setattr__,
        "_setattr": setattr,
    }
    parameters: list[str] = ["self"]
    defaults: list[Any] = []
    body: list[str] = []
    for i, item in enumerate(found):
        name = item.name
        value: str | None = f"f{i}"
        if item.default_factory is not MISSING:
            scope[f"_factory_{i}"] = item.default_factory
            value = f"_factory_{i}()"
            if item.init:
                value = f"_factory_{i}() if f{i} is _HAS_FACTORY else f{i}"
        elif not item.init:
            value = None
            if slots and item.default is not MISSING:
                scope[f"_default_{i}"] = item.default
                value = f"_default_{i}"
        if item.init:
            if item.default is not MISSING:
                defaults.append(item.default)
            elif item.default_factory is not MISSING:
                defaults.append(_HAS_FACTORY)
            elif defaults:
                raise TypeError(f"non-default argument {name!r} follows default argument")
            parameters.append(name)
        if value is None:
            continue  # the class attribute holds the default
        scope[f"_name_{i}"] = name
        if slots and "__setattr__" not in vars(cls):
            slot = next(vars(kind)[name] for kind in cls.__mro__ if name in vars(kind))
            scope[f"_set_{i}"] = slot.__set__
            body.append(f"    _set_{i}(self, {value})")
        elif frozen:
            body.append(f"    _object_setattr(self, _name_{i}, {value})")
        else:
            body.append(f"    _setattr(self, _name_{i}, {value})")
    # Slots that are no fields, given their first value here (``__slot_defaults__``, on the
    # class or a base): a call of ``__post_init__`` per instance costs more than the setting.
    extra = {}
    for kind in reversed(cls.__mro__):
        extra.update(vars(kind).get("__slot_defaults__", {}))
    for j, (name, default) in enumerate(extra.items()):
        slot = next(vars(kind)[name] for kind in cls.__mro__ if name in vars(kind))
        scope[f"_set_extra_{j}"], scope[f"_extra_{j}"] = slot.__set__, default
        body.append(f"    _set_extra_{j}(self, _extra_{j})")
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    numbered = ", ".join(["self", *(f"f{i}" for i, item in enumerate(found) if item.init)])
    template = _template(f"def __init__({numbered}):\n" + "\n".join(body or ["    pass"]))
    code = template.replace(
        co_varnames=tuple(parameters), co_qualname=f"{cls.__qualname__}.__init__"
    )
    return FunctionType(code, scope, "__init__", tuple(defaults))


_TEMPLATES: dict[str, CodeType] = {}


def _template(source: str) -> CodeType:
    """The code of the one function ``source`` defines, compiled once per text."""
    if source not in _TEMPLATES:
        scope: dict[str, Any] = {}
        exec(source, scope)
        _TEMPLATES[source] = scope["__init__"].__code__
    return _TEMPLATES[source]
