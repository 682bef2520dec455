"""Profiles (SPEC §3.4): what a runtime offers hooks, read from data shipped in the package.

A profile names the events it knows, the JSON Schema of their context, the action catalog
(parameter types, defaults, enums, required ones) and the ordering among matching hooks.
A hook file's own ``action_types`` and ``event_context_schema`` extend its profile.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

import yaml

from hookc.ir.hooks import Ordering

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_NO_DEFAULT: Any = object()

# JSON types of catalog parameters, and the Python values each admits. A bool is not an
# integer here, whatever Python says.
PARAM_TYPES = ("integer", "number", "string", "boolean", "object", "array")


@dataclass(frozen=True, slots=True)
class ParamSpec:
    """One parameter of a catalog action: its JSON type, default, allowed values."""

    name: str
    type: str | None = None  # None admits any value
    default: Any = _NO_DEFAULT
    enum: tuple[Any, ...] | None = None
    required: bool = False
    description: str | None = None

    @property
    def has_default(self) -> bool:
        return self.default is not _NO_DEFAULT

    def admits(self, value: Any) -> bool:
        """Whether ``value`` is of this parameter's JSON type."""
        match self.type:
            case None:
                return True
            case "integer":
                return isinstance(value, int) and not isinstance(value, bool)
            case "number":
                return isinstance(value, int | float) and not isinstance(value, bool)
            case "string":
                return isinstance(value, str)
            case "boolean":
                return isinstance(value, bool)
            case "object":
                return isinstance(value, dict)
            case "array":
                return isinstance(value, list | tuple)
        return True


@dataclass(frozen=True, slots=True)
class ActionType:
    """One action of the catalog, with its parameters."""

    name: str
    params: tuple[ParamSpec, ...] = ()
    description: str | None = None

    def param(self, name: str) -> ParamSpec | None:
        return next((p for p in self.params if p.name == name), None)

    @property
    def object_param(self) -> ParamSpec | None:
        """The parameter that XML ``<param>`` children fill: the catalog's object one."""
        return next((p for p in self.params if p.type == "object"), None)


@dataclass(frozen=True, slots=True)
class Profile:
    """A runtime's profile: its events, their context's schema, its action catalog and how
    matching hooks are ordered."""

    name: str
    events: tuple[str, ...]
    action_types: Mapping[str, ActionType]
    context_schema: Mapping[str, Any] = field(default_factory=dict)
    ordering: Ordering = Ordering()
    description: str | None = None
    # The profile's document as written, for what an importer reads beyond the fields
    # above (what a matcher is compared with per event, known tool names, builtins).
    details: Mapping[str, Any] = field(default_factory=dict)

    def event_details(self, event: str) -> Mapping[str, Any]:
        """What the profile says of one event beyond its name (empty if nothing)."""
        found = (self.details.get("events") or {}).get(event)
        return found if isinstance(found, Mapping) else {}

    def extend(
        self,
        action_types: Mapping[str, Any] | None = None,
        context_schema: Mapping[str, Any] | None = None,
    ) -> Profile:
        """This profile with a hook file's catalog entries (same name: the file's wins) and
        context properties added."""
        catalog = dict(self.action_types)
        for name, entry in (action_types or {}).items():
            catalog[name] = action_type(name, entry)
        schema = merge_schemas(self.context_schema, context_schema or {})
        return replace(self, action_types=catalog, context_schema=schema)


def action_type(name: str, entry: Mapping[str, Any] | None) -> ActionType:
    """One catalog entry in seed 000's form: ``{description, parameters: {name: spec}}``."""
    entry = entry or {}
    params = []
    for param_name, spec in (entry.get("parameters") or {}).items():
        spec = spec or {}
        enum = spec.get("enum")
        params.append(
            ParamSpec(
                name=str(param_name),
                type=spec.get("type"),
                default=copied(spec["default"]) if "default" in spec else _NO_DEFAULT,
                enum=tuple(enum) if isinstance(enum, list) else None,
                required=bool(spec.get("required", False)),
                description=spec.get("description"),
            )
        )
    return ActionType(name, tuple(params), entry.get("description"))


def merge_schemas(base: Mapping[str, Any], extra: Mapping[str, Any]) -> dict[str, Any]:
    """``extra``'s keys over ``base``'s, merging ``properties`` one level at a time."""
    merged: dict[str, Any] = copied(dict(base))
    for key, value in extra.items():
        if key == "properties" and isinstance(value, Mapping):
            properties = dict(merged.get("properties") or {})
            for name, sub in value.items():
                old = properties.get(name)
                if isinstance(old, Mapping) and isinstance(sub, Mapping):
                    properties[name] = merge_schemas(old, sub)
                else:
                    properties[name] = copied(sub)
            merged["properties"] = properties
        else:
            merged[key] = copied(value)
    return merged


def copied(data: Any) -> Any:
    """A copy of data read from YAML (mappings, lists, sets, tuples and scalars) that shares
    no container with ``data``: equal to ``copy.deepcopy(data)``, without importing copy
    (with weakref) at every start-up for the defaults of the default profile's catalog."""
    if isinstance(data, dict):
        return {key: copied(value) for key, value in data.items()}
    if isinstance(data, list):
        return [copied(item) for item in data]
    if isinstance(data, tuple):
        return tuple(copied(item) for item in data)
    if isinstance(data, set):
        return set(data)  # of hashable, hence immutable here, members
    return data  # a scalar: None, bool, int, float, str, bytes, a date


def available() -> tuple[str, ...]:
    """The shipped profiles' names: one per host (``hookc.hosts``)."""
    from hookc.hosts import hosts

    return tuple(sorted(host.profile for host in hosts()))


def shipped(name: str) -> bool:
    """Whether ``name`` names a shipped profile (or one its host answered to before)."""
    from hookc.hosts import hosts

    return any(name == host.profile or name in host.aliases for host in hosts())


def profile_name(name: str) -> str:
    """The shipped profile's own name for ``name`` (a name its host answered to before is
    the same profile); any other name as it is."""
    from hookc.hosts import hosts

    return next((host.profile for host in hosts() if name in host.aliases), name)


def _shipped(name: str) -> Path:
    """The file of a shipped profile, by its name or a name its host answered to before."""
    from hookc.hosts import hosts

    for host in hosts():
        if name == host.profile or name in host.aliases:
            return host.profile_path
    raise ValueError(f"unknown profile {name!r}; available: {', '.join(available())}")


def load_profile(name: str = "default") -> Profile:
    """A profile shipped in the package, by name (``available()`` lists them)."""
    return _profile_from(_shipped_document(name))


def _shipped_document(name: str) -> dict[str, Any]:
    """A shipped profile's document. One that ``extends`` another (a host that forks
    another and changes only names: Tabnine CLI's is Gemini CLI's) is the other's with
    its own top-level keys written over."""
    path = _shipped(name)
    # libyaml's loader where pyyaml has it: the default profile is read on every run, and
    # the pure-Python loader took a tenth of a one-hook compile. A shipped file holds no
    # timestamps or binary, where the two loaders could differ.
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    data: dict[str, Any] = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)
    base = data.pop("extends", None)
    if isinstance(base, str):
        return {**_shipped_document(base), **data}
    return data


def load_profile_file(path: str | Path) -> Profile:
    """A profile from a file of one's own (the shipped profiles' form); ``ValueError`` with
    the reason when it cannot be read as one."""
    try:
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"cannot read the profile {path}: {exc}") from None
    except yaml.YAMLError as exc:
        raise ValueError(f"the profile {path} is not valid YAML: {exc}") from None
    problems = []
    if not isinstance(data, dict):
        problems.append("it must be a mapping")
    else:
        if not isinstance(data.get("name"), str):
            problems.append("`name` must be a string")
        if not isinstance(data.get("events") or [], list | dict):
            problems.append("`events` must be a list or a mapping of names to descriptions")
        for key in ("action_types", "context_schema", "ordering"):
            if not isinstance(data.get(key) or {}, dict):
                problems.append(f"`{key}` must be a mapping")
    if problems:
        raise ValueError(f"the profile {path} cannot be used: {'; '.join(problems)}")
    if isinstance(data.get("events"), list):  # names alone: as the shipped form, undescribed
        data = {**data, "events": dict.fromkeys(str(event) for event in data["events"])}
    try:
        return _profile_from(data)
    except (AttributeError, TypeError) as exc:
        raise ValueError(f"the profile {path} cannot be used: {exc}") from None


def _profile_from(data: Mapping[str, Any]) -> Profile:
    ordering = data.get("ordering") or {}
    return Profile(
        name=data["name"],
        description=data.get("description"),
        events=tuple(data.get("events") or ()),
        action_types={n: action_type(n, e) for n, e in (data.get("action_types") or {}).items()},
        context_schema=data.get("context_schema") or _event_contexts(data),
        details=data,
        ordering=Ordering(
            higher_priority_first=ordering.get("priority", "higher_first") == "higher_first",
            first_match=ordering.get("match", "first") == "first",
        ),
    )


def _event_contexts(data: Mapping[str, Any]) -> dict[str, Any]:
    """A profile that gives each event's context on its own (``events.<E>.context``, and
    ``common_context`` for every event) has as its context schema all of them together."""
    properties: dict[str, Any] = dict(data.get("common_context") or {})
    for details in (data.get("events") or {}).values():
        if isinstance(details, Mapping):
            for name, schema in (details.get("context") or {}).items():
                properties.setdefault(name, schema)
    return {"type": "object", "properties": properties} if properties else {}
