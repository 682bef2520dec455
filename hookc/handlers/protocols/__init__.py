"""The handler protocols hookc speaks: one per host that runs handlers, each in its host's
package (``hookc.hosts.<host>.protocol``), citing where its rules come from."""

from __future__ import annotations

import functools
import importlib
from collections.abc import Iterator, Mapping

from hookc.handlers.protocol import Protocol
from hookc.hosts import Host, hosts


@functools.cache
def _protocols(registered: tuple[Host, ...]) -> dict[str, Protocol]:
    # Every host's protocol module is standard library only, as this package is.
    return {
        host.name: importlib.import_module(f"{host.package}.protocol").PROTOCOL
        for host in registered
        if host.protocol
    }


class _Protocols(Mapping[str, Protocol]):
    """The protocols by host name, read from the host registry when first asked (and again
    if the registry changes, as a test's added host does)."""

    def __getitem__(self, name: str) -> Protocol:
        return _protocols(hosts())[name]

    def __iter__(self) -> Iterator[str]:
        return iter(_protocols(hosts()))

    def __len__(self) -> int:
        return len(_protocols(hosts()))


PROTOCOLS: Mapping[str, Protocol] = _Protocols()

# Read now, as the package is imported: a run (perhaps out of file descriptors by then, or
# in a signal handler's way) then imports no module to find its protocol.
_protocols(hosts())
