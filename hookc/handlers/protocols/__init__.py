"""The handler protocols hookc knows, one module per tool, each citing where its rules come
from."""

from __future__ import annotations

from collections.abc import Mapping

from hookc.handlers.protocol import Protocol
from hookc.handlers.protocols import a3s, claude_code, docker_agent, registry, rollouts

PROTOCOLS: Mapping[str, Protocol] = {
    module.PROTOCOL.name: module.PROTOCOL
    for module in (claude_code, docker_agent, registry, a3s, rollouts)
}
