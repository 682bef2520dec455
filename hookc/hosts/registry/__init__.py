"""The ``.system/hooks`` registry (seed 001): one YAML file per hook (``id``,
``event_type``, ``handler``) in a ``.system/hooks/`` folder, run by its orchestrator."""

from hookc.hosts.host import Host

HOST = Host(
    name="registry",
    package=__name__,
    profile="registry",
    summary="a `.system/hooks/*.yaml` registry hook (`id`, `event_type`, `handler`)",
    suffixes=(".yaml", ".yml"),
    protocol=True,
    aliases=("system-hooks",),
)
