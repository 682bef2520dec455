"""A3S's HookEngine (seed 002): a list of hooks (``id``, ``event_type``, ``matcher``,
``config``, ``response``) in YAML or JSON. Its matching at run time lives in
``hookc.runtime.a3s`` (standard library only)."""

from hookc.hosts.host import Host

HOST = Host(
    name="a3s",
    package=__name__,
    profile="a3s",
    summary="an A3S hook list (YAML or JSON: `- {id, event_type, matcher, config, response}`)",
    suffixes=(".yaml", ".yml", ".json"),
    protocol=True,
)
