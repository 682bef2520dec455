"""Reading a hook file: bounded in size, decoded strictly, every failure a diagnostic."""

from __future__ import annotations

from pathlib import Path

# MAX_FILE_BYTES: far beyond any real hook file (1,000 hooks is ~150 KB), and small enough
# that a file handed over by mistake cannot stall a pre-commit run.
from hookc.runtime.limits import MAX_FILE_BYTES
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, error


def read_source(path: str | Path) -> tuple[Source | None, list[Diagnostic]]:
    """The file as text, or the diagnostic saying why it cannot be read."""
    data, found = read_bytes(path)
    if data is None:
        return None, found
    return decode_source(str(path), data)


def read_bytes(path: str | Path) -> tuple[bytes | None, list[Diagnostic]]:
    """The file's bytes (at most ``MAX_FILE_BYTES + 1``, for ``decode_source`` to refuse),
    or the diagnostic saying why it cannot be read."""
    empty = Source(str(path), "")
    try:
        with open(path, "rb") as handle:
            return handle.read(MAX_FILE_BYTES + 1), []
    except IsADirectoryError:
        return None, [error("HK201", "this is a directory, not a hook file", empty, Span(0, 0))]
    except OSError as exc:
        reason = exc.strerror or str(exc)
        return None, [error("HK201", f"cannot read the file: {reason}", empty, Span(0, 0))]


def decode_source(name: str, data: bytes) -> tuple[Source | None, list[Diagnostic]]:
    """A file's bytes as text (a UTF-8 byte order mark left out), or the diagnostic saying
    why they are not a hook file's."""
    empty = Source(name, "")
    if len(data) > MAX_FILE_BYTES:
        return None, [
            error(
                "HK206",
                f"the file is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB; "
                "hookc does not read hook files this large",
                empty,
                Span(0, 0),
                "split it into several files",
            )
        ]
    if b"\x00" in data:
        at = data.index(b"\x00")
        return None, [
            error(
                "HK201", f"the file holds binary data (a NUL byte at byte {at})", empty, Span(0, 0)
            )
        ]
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        # Shown with U+FFFD for the bad bytes, so the line reads whole around the caret.
        source = Source(name, data.decode("utf-8-sig", errors="replace"))
        at = len(data[: exc.start].decode("utf-8-sig", errors="replace"))
        return None, [
            error(
                "HK201",
                f"the file is not valid UTF-8 (byte 0x{data[exc.start]:02x} at byte {exc.start})",
                source,
                Span(at, at),
                "save it as UTF-8",
            )
        ]
    return Source(name, text, bom=data.startswith(b"\xef\xbb\xbf")), []
