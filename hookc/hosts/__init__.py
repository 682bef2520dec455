r"""The agent hosts whose hook files hookc reads: one package each, listed in ``HOSTS``.

Everything that lists hosts derives from ``HOSTS``: which host claims a file (``recognize``:
by its path first, then by what only one host's files hold, then by a shape several hosts'
files share, which leaves it unsettled when the content decides nothing; among claims alike,
the first in this order: most specific first, the native format last, as it claims by file
ending alone), ``--profile`` and ``--protocol``'s choices and help, the handler
protocols of ``hookc.handlers``, the JSON Schemas under ``schemas/``, the docs' host pages.

Adding a host
-------------

1. Make its package, ``hookc/hosts/<host>/`` (the name in snake case), with:

   - ``__init__.py``: its documentation (what its files are, which rules hookc implements
     and the sources they come from, what is unverified) and ``HOST``::

         from hookc.hosts.host import Host

         HOST = Host(
             name="my-agent",                      # the one name users write
             package=__name__,
             profile="my-agent",
             summary="My Agent's hooks (.my-agent/hooks.json)",
             suffixes=(".json",),
             paths=(r"(^|/)\.my-agent/hooks\.json$",),  # for pre-commit's `files`
             protocol=True,                        # it has protocol.py
             schema=True,                          # it has schema.py
         )

     It imports nothing but ``hookc.hosts.host``: ``hookc.handlers`` reads it.
   - ``files.py``: ``claims(name, text)``, by path first and content second, quick (every
     file a run meets is offered to every host), or ``claim(name, text)`` saying how
     strongly (a ``hookc.hosts.host.Claim``: by path, by content only this host's files
     have, or by a shape other hosts' files share; ``hookc.hosts.shape`` for Claude Code's
     shape), and ``load(source, profile)``, which
     imports the reader in its body and returns its ``Loaded``.
   - ``reader.py``: ``read(source, profile) -> Loaded``, the file in the host's meaning,
     every finding a diagnostic with its position.
   - ``profile.yaml``: ``name`` (the host's name), events with their context and matcher
     field, handler types with their fields, ``ordering``.
   - ``protocol.py`` (if ``protocol``): a ``PROTOCOL``, a ``hookc.handlers.protocol.Protocol``
     named as the host; standard library only.
   - ``schema.py`` (if ``schema``): ``schema(profile) -> dict``; write the file with
     ``python -m hookc.frontend.formats.schemas``.

2. Add ``"hookc.hosts.<host>"`` to ``HOSTS`` below, before the hosts whose claims are
   broader than its own.

3. Its tests in ``tests/hosts/<host>/``, its examples (with golden outputs) in
   ``examples/<host>/``. ``tests/hosts/test_hosts.py`` holds this recipe to be true: a stub host
   made in a temporary folder this way is listed by ``hookc --help``, claims its file in
   ``hookc check`` and writes its schema.

This module and ``host`` import nothing beyond the standard library, and no host's parts.
"""

from __future__ import annotations

import functools
import importlib
from dataclasses import dataclass

from hookc.hosts.host import Claim, Host

__all__ = [
    "HOSTS",
    "Host",
    "Recognition",
    "by_name",
    "detect",
    "for_profile",
    "hosts",
    "names",
    "precommit_files",
    "recognize",
]

HOSTS = (
    "hookc.hosts.cursor",
    "hookc.hosts.windsurf",
    "hookc.hosts.kiro",
    "hookc.hosts.gemini_cli",
    "hookc.hosts.tabnine",
    "hookc.hosts.qwen_code",
    "hookc.hosts.factory",
    "hookc.hosts.augment",
    "hookc.hosts.copilot",
    "hookc.hosts.vscode",
    "hookc.hosts.codex",
    "hookc.hosts.claude_code",
    "hookc.hosts.docker_agent",
    "hookc.hosts.rye",
    "hookc.hosts.registry",
    "hookc.hosts.a3s",
    "hookc.hosts.rollouts",
    "hookc.hosts.native",
)


@functools.cache
def hosts() -> tuple[Host, ...]:
    """Every host, in the order files are offered to them."""
    return tuple(importlib.import_module(package).HOST for package in HOSTS)


def names() -> tuple[str, ...]:
    return tuple(host.name for host in hosts())


def by_name(name: str) -> Host:
    """The host called ``name`` (or a name it answered to before); ValueError naming the
    hosts there are, if none is."""
    for host in hosts():
        if name == host.name or name in host.aliases:
            return host
    raise ValueError(f"unknown host {name!r}; hookc knows {', '.join(names())}")


def precommit_files() -> str:
    """The pre-commit hook's ``files`` pattern: the usual paths of every host's files."""
    return "|".join(pattern for host in hosts() for pattern in host.paths)


@dataclass(frozen=True, slots=True)
class Recognition:
    """Whose a file is: the host it is read as (None: no host's), and where that is
    unsettled, every host it may be (``host`` first)."""

    host: Host | None
    candidates: tuple[Host, ...] = ()

    @property
    def settled(self) -> bool:
        return len(self.candidates) < 2


def recognize(name: str, text: str) -> Recognition:
    """The host of a file of this name and text: the first to claim it by its path; else
    the first to claim it by content only its files have; else the one host claiming it by
    its shape, or, where several do, those the content leaves (``hookc.hosts.shape``): one
    settles it, several leave it unsettled."""
    claims = [(host, host.claim(name, text)) for host in hosts()]
    best = max((claim for _, claim in claims), default=Claim.NONE)
    if best is Claim.NONE:
        return Recognition(None)
    if best > Claim.SHAPE:
        return Recognition(next(host for host, claim in claims if claim is best))
    shaped = tuple(host for host, claim in claims if claim is Claim.SHAPE)
    if len(shaped) == 1:
        return Recognition(shaped[0])
    from hookc.hosts.shape import narrow  # only for a file several hosts' shapes fit

    left = narrow(shaped, text)
    return Recognition(left[0], left if len(left) > 1 else ())


def detect(name: str, text: str) -> Host | None:
    """The host a file of this name and text is read as (``recognize``), or None."""
    return recognize(name, text).host


def for_profile(profile: str) -> Host:
    """The host a file is read as under ``--profile``: the one whose profile it is, or the
    native format (whose files may be written for any host's profile)."""
    owner = next((host for host in hosts() if host.reads_files and host.profile == profile), None)
    return owner or by_name("native")
