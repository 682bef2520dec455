"""docker-agent (Docker's agent runtime): ``hooks:`` under ``agents.<name>`` in an agent
YAML. Open source: the reader and protocol cite the Go files they follow
(``pkg/hooks/``)."""

from hookc.hosts.host import Host

HOST = Host(
    name="docker-agent",
    package=__name__,
    paths=(r"(^|/)agent\.ya?ml$", r"\.agent\.ya?ml$"),
    profile="docker-agent",
    summary="docker-agent agent YAML (a top-level `agents:` with `hooks:`)",
    suffixes=(".yaml", ".yml"),
    protocol=True,
    schema=True,
    aliases=("docker_agent",),
)
