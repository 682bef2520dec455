"""rollouts (seed 003): hooks written as native hook files with the ``rollouts`` profile,
whose handlers are functions subscribed on the rollouts ``hooks`` API
(``hookc.runtime.rollouts``). It has no file format of its own."""

from hookc.hosts.host import Host

HOST = Host(
    name="rollouts",
    package=__name__,
    profile="rollouts",
    summary="native hook files with the `rollouts` profile",
    reads_files=False,
    protocol=True,
)
