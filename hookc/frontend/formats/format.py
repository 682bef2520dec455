"""What a hook file format is to hookc (the registry in ``hookc.frontend.formats`` lists
them). It lives apart from the registry so that each format module can build on it while
the registry imports every format module: imports point one way."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import PurePath

from hookc.records import record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hookc.frontend.lower import Loaded
    from hookc.profile import Profile
    from hookc.source import Source


@record(slots=True)
class Format:
    """One kind of hook file hookc reads."""

    name: str
    profile: str  # the profile a file of this format is read with by default
    summary: str  # what its files look like, for the diagnostic on a file of no known kind
    claims: Callable[[str, str], bool]  # (file name, text) -> is this file of this format
    # (source, profile or None for the format's own) -> the file's IR and findings
    load: Callable[[Source, Profile | None], Loaded]
    # The endings its files may have, for a file read as this format by --profile; empty
    # for any ending.
    suffixes: tuple[str, ...] = ()
    # The format whose reader also reads this one's files (Rye's dialect of the native
    # format): --profile of that format reads them as its own, without a mismatch.
    dialect_of: str | None = None

    def reads_suffix(self, name: str) -> bool:
        return not self.suffixes or suffix(name) in self.suffixes


def suffix(name: str) -> str:
    return PurePath(name).suffix.lower()
