"""One file, several hosts: a hook file read by every host it is declared for, and the
places where those hosts disagree on what runs, as findings with their positions.

Several hosts load the same files: Copilot CLI and VS Code load Claude Code's
``.claude/settings.json``, VS Code loads Copilot's ``.github/hooks/*.json`` (a host says
which files it also loads in ``Host.reads_also``; one more host that loads Claude Code's
settings is one line in its ``HOST``). Each host's reader reads the file with that host's
exact meaning; this module compares the readings, and knows no host by name:

- a handler one host runs and another does not load: the other host's own finding of why,
  said as a disagreement (an event it never fires: HK753; a handler type or field it does
  not have: HK754; a matcher it cannot compile: HK751; a matcher it ignores: HK752);
- a matcher that selects some of one host's tools and none of another's (HK750, at the
  matcher): ``Edit|Write`` is a list of exact names to Claude Code and the regular
  expression ``^(?:Edit|Write)$`` to Copilot, whose tools are ``edit`` and ``create``;
- a host that cannot load the file at all (HK755).

The report of a file is its first host's reading (its own findings, in full) with these
added; each added message names the host it is about. The first host is the file's own
(the one that claims it) when it is among those asked, else the first asked.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from hookc.cel.evaluator import evaluate
from hookc.frontend.lower import Loaded
from hookc.hosts import Host, by_name, hosts, recognize
from hookc.ir.expr import Expr
from hookc.ir.hooks import Hook
from hookc.runtime.values import CelError
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, Severity, warning

ALL = "all"
# A reading's own finding that a handler does not run there, and the disagreement it is
# when another host runs it.
TRANSLATED = {
    "HK402": "HK753",
    "HK753": "HK753",
    "HK301": "HK754",
    "HK704": "HK754",
    "HK754": "HK754",
    "HK758": "HK754",
    "HK751": "HK751",
    "HK701": "HK752",
    "HK752": "HK752",
}
# Findings about the matcher's names that HK750 says better when hosts are compared.
_NAME_FINDINGS = frozenset({"HK702", "HK703"})
_SHOWN = 6  # names listed in a message before "..."


class HostError(ValueError):
    """``--host`` names a host that does not exist."""


def parse_hosts(text: str) -> tuple[str, ...]:
    """``--host``'s value: names separated by commas, or ``all``; HostError for a name no
    host has."""
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    if not names:
        raise HostError("--host needs a host's name, several separated by commas, or `all`")
    if ALL in names:
        return (ALL,)
    found = []
    for name in names:
        try:
            found.append(by_name(name).name)
        except ValueError as exc:
            raise HostError(str(exc)) from None
    return tuple(dict.fromkeys(found))


def loaders(claimer: Host | None) -> tuple[Host, ...]:
    """Every host that loads a file of this kind: its own host first, then each host that
    also loads that host's files, in the registry's order."""
    if claimer is None:
        return ()
    others = tuple(host for host in hosts() if claimer.name in host.reads_also)
    return (claimer, *others)


def hosts_for(name: str, text: str, asked: Sequence[str]) -> tuple[Host, ...]:
    """The hosts a file is read as, for the names asked: ``all`` is every host that loads
    it; otherwise those asked that load it, its own host first. Empty when none does. A
    file whose host is unsettled (HK770) may be any of its candidates: each loads it."""
    recognized = recognize(name, text)
    claimer = recognized.host
    able = loaders(claimer)
    for candidate in recognized.candidates[1:]:
        able += tuple(host for host in loaders(candidate) if host not in able)
    if tuple(asked) == (ALL,):
        return able
    wanted = [host for host in able if host.name in asked]
    own = [host for host in wanted if host is claimer]
    return (*own, *(host for host in wanted if host is not claimer))


def read_under(source: Source, chosen: Sequence[Host]) -> dict[str, Loaded]:
    """The file read by each host, in order."""
    return {host.name: host.load(source, None) for host in chosen}


def combined(source: Source, readings: Mapping[str, Loaded]) -> Loaded:
    """The first reading, with where the others disagree with it added."""
    first, *_ = readings.values()
    return replace(first, diagnostics=(*first.diagnostics, *disagreements(source, readings)))


def disagreements(source: Source, readings: Mapping[str, Loaded]) -> list[Diagnostic]:
    """Where the hosts after the first disagree with it (and with each other) on what the
    file runs."""
    names = list(readings)
    if len(names) < 2:
        return []
    first = readings[names[0]]
    found: list[Diagnostic] = []
    seen: set[tuple[str, str, int, int]] = set()
    ignored_first = {d.span.start for d in first.diagnostics if d.code in ("HK701", "HK752")}
    for host in names[1:]:
        reading = readings[host]
        errors = [d for d in reading.diagnostics if d.severity is Severity.ERROR]
        if errors:
            found.append(_cannot_load(host, errors[0], source))
            continue
        for diagnostic in reading.diagnostics:
            code = TRANSLATED.get(diagnostic.code)
            if code is None and diagnostic.code.startswith("HK75"):
                code = diagnostic.code  # the host's own rule, said as it is
            if code is None or diagnostic.span is None:
                continue
            if code == "HK752" and diagnostic.span.start in ignored_first:
                continue  # the first host ignores that matcher as well
            key = (host, code, diagnostic.span.start, diagnostic.span.end)
            if key in seen:
                continue
            seen.add(key)
            found.append(
                replace(
                    diagnostic,
                    code=code,
                    severity=Severity.WARNING,
                    message=f"under {host}: {diagnostic.message}",
                )
            )
    found.extend(_matchers(source, readings))
    return found


def _cannot_load(host: str, first_error: Diagnostic, source: Source) -> Diagnostic:
    return warning(
        "HK755",
        f"{host} cannot load this file: {first_error.message}",
        source,
        first_error.span or Span(0, 0),
        f"fix it, or leave {host} out of the file's hosts",
    )


# -- matchers ---------------------------------------------------------------------------


def _matchers(source: Source, readings: Mapping[str, Loaded]) -> list[Diagnostic]:
    """HK750: a handler whose matcher selects some of one host's tools and none of
    another's, both hosts testing it (a host that ignores it is HK752's)."""
    by_handler: dict[int, dict[str, Hook]] = {}
    for host, reading in readings.items():
        if reading.hookset is None:
            continue
        for hook in reading.hookset.hooks:
            if hook.span is not None and hook.undecidable is None:
                by_handler.setdefault(hook.span.start, {})[host] = hook
    found: list[Diagnostic] = []
    reported: set[int] = set()
    for per_host in by_handler.values():
        runs = {host: _runs_on(readings[host], hook) for host, hook in per_host.items()}
        tested = {host: names for host, names in runs.items() if names is not None}
        selecting = {host: names for host, names in tested.items() if names}
        never = [host for host, names in tested.items() if not names]
        if not selecting or not never:
            continue
        # The matcher as a host that tests only it reads it (not Claude Code's `if` filter).
        span = _matcher_span([per_host[host] for host in (*never, *selecting)])
        if span is None or span.start in reported:
            continue
        reported.add(span.start)
        found.append(_disagreement(source, span, readings, per_host, selecting, never))
    return found


def _runs_on(reading: Loaded, hook: Hook) -> list[str] | None:
    """The host's own tool names the hook may run on (its condition not false), or None
    when its event tests no tool name (nothing to compare) or it has no matcher."""
    spec = reading.profile.event_details(hook.event).get("matcher")
    if hook.condition is None or not isinstance(spec, Mapping):
        return None
    if spec.get("values") != "tools":
        return None
    field = str(spec["field"])
    tools = [str(name) for name in reading.profile.details.get("tools") or ()]
    return [name for name in tools if _may_hold(hook.condition, {field: name})]


def _may_hold(condition: Expr, context: Mapping[str, object]) -> bool:
    """Whether the condition is not false for this context: an error (a filter reading a
    field the probe lacks) may still hold, so it counts as holding."""
    value = evaluate(condition, context)
    return value is True or isinstance(value, CelError)


def _matcher_span(hooks: Iterable[Hook]) -> Span | None:
    """Where the matcher is written: the first span inside a condition that is not the
    handler's own."""
    for hook in hooks:
        if hook.condition is None:
            continue
        span = _first_span(hook.condition)
        if span is not None:
            return span
    return None


def _first_span(expr: Expr) -> Span | None:
    span = getattr(expr, "span", None)
    if span is not None:
        return span  # type: ignore[no-any-return]
    for name in getattr(expr, "__slots__", ()):
        child = getattr(expr, name, None)
        children = child if isinstance(child, tuple) else (child,)
        for item in children:
            if isinstance(item, Expr):
                found = _first_span(item)
                if found is not None:
                    return found
    return None


def _disagreement(
    source: Source,
    span: Span,
    readings: Mapping[str, Loaded],
    per_host: Mapping[str, Hook],
    selecting: Mapping[str, list[str]],
    never: Sequence[str],
) -> Diagnostic:
    text = source.text[span.start : span.end].strip().strip('"')
    runs = "; ".join(
        f"under {host} it selects {_listed(names)}" for host, names in selecting.items()
    )
    others = "; ".join(
        f"under {host}{_rule(readings[host], per_host[host], text)} it selects none of "
        f"{host}'s tools ({_listed(_tools(readings[host]))})"
        for host in never
    )
    hint = (
        _hint(readings, never, span)
        or "name every host's tools in the matcher, or give each host a file of its own"
    )
    return warning(
        "HK750",
        f"the hosts disagree on `{text}`: {runs}; {others}: the handler never runs there",
        source,
        span,
        hint,
    )


def _rule(reading: Loaded, hook: Hook, text: str) -> str:
    spec = reading.profile.event_details(hook.event).get("matcher")
    if isinstance(spec, Mapping) and spec.get("rule") == "anchored":
        return f", which tests the regular expression ^(?:{text})$,"
    return ""


def _tools(reading: Loaded) -> list[str]:
    return [str(name) for name in reading.profile.details.get("tools") or ()]


def _listed(names: Sequence[str]) -> str:
    shown = ", ".join(names[:_SHOWN])
    return shown + (", ..." if len(names) > _SHOWN else "")


def _hint(readings: Mapping[str, Loaded], never: Sequence[str], span: Span) -> str | None:
    """A host's own hint on the matcher's names (``write `edit```), where it gave one."""
    for host in never:
        for diagnostic in readings[host].diagnostics:
            if diagnostic.code in _NAME_FINDINGS and diagnostic.span == span and diagnostic.hint:
                return f"for {host}: {diagnostic.hint}"
    return None


def load_for_hosts(path: str, given: str | None, asked: Sequence[str]) -> Loaded:
    """A file read for the hosts asked (``hookc check --host``): by the one that loads it,
    or by each and combined; by its own host when none asked loads it (a folder may hold
    files of other hosts). A single host asked that cannot load it is ``--profile``'s
    mismatch (HK403)."""
    from hookc.frontend.files import read_source
    from hookc.frontend.load import load_source
    from hookc.hosts.profile import load_profile

    if given is None:
        source, found = read_source(path)
        if source is None:
            return Loaded(None, None, load_profile(), tuple(found))
    else:
        source, found = Source(path, given), []
    chosen = hosts_for(source.name, source.text, asked)
    if not chosen:
        single = len(asked) == 1 and asked[0] != ALL
        loaded = load_source(source, load_profile(by_name(asked[0]).profile) if single else None)
    elif len(chosen) == 1:
        loaded = chosen[0].load(source, None)
    else:
        loaded = combined(source, read_under(source, chosen))
    return replace(loaded, diagnostics=(*found, *loaded.diagnostics))
