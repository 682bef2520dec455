"""Rye OS: ``hook_conditions.yaml`` and ``.ai/config/agent/hooks.yaml`` in Rye's shape, a
directive's ``<hooks>`` as Rye's parser reads them, and hooks in a directive's YAML front
matter. A dialect of the native format: a file that only looks like Rye's is read as native.
Rye's leaves at run time live in ``hookc.runtime.rye`` (standard library only)."""

from hookc.hosts.host import Host

HOST = Host(
    name="rye",
    package=__name__,
    profile="rye",
    summary="Rye OS's hook_conditions.yaml and hooks.yaml, directive <hooks> and front matter",
    suffixes=(".yaml", ".yml", ".xml", ".md"),
    dialect_of="native",
)
