"""What an agent host is to hookc: one package under ``hookc.hosts`` that holds all of it.

A ``Host`` names its parts by module, not by object, so that reading the registry imports
nothing but the hosts' ``__init__`` modules: ``hookc.handlers`` (standard library only)
reaches a protocol through it, and every file is offered to every host's ``files.claims``
while only the host that claims it has its reader imported.
"""

from __future__ import annotations

import enum
import importlib
from dataclasses import dataclass
from pathlib import Path, PurePath

TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import ModuleType
    from typing import Any

    from hookc.frontend.lower import Loaded
    from hookc.hosts.profile import Profile
    from hookc.source import Source


class Claim(enum.IntEnum):
    """How strongly a host claims a file, weakest first. A path claim beats a content
    claim whatever the hosts' order; a claim by content that only this host's files have
    (``BeforeTool``, ``commandWindows``) beats one by a shape other hosts' files share too
    (Claude Code's ``{"hooks": {"PreToolUse": [{"hooks": [...]}]}}``, which Codex, Qwen
    Code, Factory and Augment write as well): several of those, and the file's host is
    unsettled (``hookc.hosts.recognize``)."""

    NONE = 0
    SHAPE = 1  # the content fits, as other hosts' files fit it too
    OWN = 2  # the content holds what only this host's files hold
    PATH = 3  # the file lies where this host reads its hook files


@dataclass(frozen=True, slots=True)
class Host:
    """One agent host: the runtime whose hook files, matcher rule and protocol hookc models.

    The package ``package`` holds, each where a host has it:

    - ``files.py``: ``claims(file name, text)`` (is this file of mine: path first, content
      second) and ``load(source, profile)`` (the file as hook IR, every finding a
      diagnostic; it imports the reader on its first call);
    - ``reader.py``: the file read into the IR with this host's exact meaning;
    - ``profile.yaml``: events and their context, handler types and fields, ordering;
    - ``protocol.py``: how ``hookc run`` runs its handlers (standard library only);
    - ``schema.py``: ``schema(profile)``, the JSON Schema an editor validates its files by.
    """

    name: str  # the one name users write: --profile, --protocol, `profile:` in a file
    package: str  # the package holding the host's parts
    summary: str  # what its files look like, for the finding on a file no host claims
    # The profile its files are read with: the host's own name, except the native format's
    # (`default`: seed 000's catalog, which its files extend).
    profile: str
    # The endings its files may have, for a file read as this host's by --profile; empty
    # for any ending. A host with no files of its own (rollouts: native files with its
    # profile) has ``reads_files`` False.
    suffixes: tuple[str, ...] = ()
    reads_files: bool = True
    # The host whose reader also reads this one's files (Rye's dialect of the native
    # format): --profile of that host reads them as its own, without a mismatch.
    dialect_of: str | None = None
    # Where its files usually lie, as regular expressions searched in a path relative to the
    # project (the pre-commit hook's `files` pattern is these, of every host, joined).
    paths: tuple[str, ...] = ()
    protocol: bool = False  # whether `hookc run` speaks its handler protocol
    schema: bool = False  # whether it ships a JSON Schema of its files
    # Names this host answered to before it had one (accepted, never printed).
    aliases: tuple[str, ...] = ()
    # The hosts whose files this one also loads (Copilot and VS Code load Claude Code's
    # settings files; VS Code, Copilot's .github/hooks/*.json): `--host` of this one reads
    # such a file as this host would, and `--host all` lists it among the file's hosts.
    reads_also: tuple[str, ...] = ()
    # The host whose file shape this one copied (Codex, Qwen Code, Factory and Augment
    # write Claude Code's): where content alone cannot tell their files apart, the file is
    # read as that host's, and reported as unsettled (HK770).
    shape_of: str | None = None

    def module(self, part: str) -> ModuleType:
        """One of the host's modules (``files``, ``reader``, ``protocol``, ``schema``),
        imported on this first use."""
        return importlib.import_module(f"{self.package}.{part}")

    @property
    def folder(self) -> Path:
        return Path(str(importlib.import_module(self.package).__file__)).resolve().parent

    @property
    def profile_path(self) -> Path:
        return self.folder / "profile.yaml"

    @property
    def schema_file(self) -> str:
        """The file its JSON Schema is written to under ``schemas/``."""
        return f"{self.name}-hooks.schema.json"

    def claims(self, name: str, text: str) -> bool:
        """Whether a file of this name and text may be this host's."""
        return self.claim(name, text) > Claim.NONE

    def claim(self, name: str, text: str) -> Claim:
        """How strongly this host claims a file of this name and text: by its ``files``
        module's ``claim`` where it has one; a ``claims`` that answers yes or no is a
        claim by the host's own path or content (``Claim.OWN``)."""
        if not self.reads_files:
            return Claim.NONE
        files = self.module("files")
        if hasattr(files, "claim"):
            return Claim(files.claim(name, text))
        return Claim.OWN if files.claims(name, text) else Claim.NONE

    def load(self, source: Source, profile: Profile | None) -> Loaded:
        """The file's IR and findings, read with ``profile`` or the host's own."""
        loaded: Loaded = self.module("files").load(source, profile)
        return loaded

    def reads_suffix(self, name: str) -> bool:
        return not self.suffixes or suffix(name) in self.suffixes

    def make_schema(self, profile: Profile) -> dict[str, Any]:
        document: dict[str, Any] = self.module("schema").schema(profile)
        return document


def suffix(name: str) -> str:
    return PurePath(name).suffix.lower()
