"""hookc's own format (seed 000): hook YAML (``hooks:``, ``builtin_hooks:``), directive XML
(plain ``.xml``, or the first xml fence of a Markdown file) and canonical YAML. It claims a
file by its ending alone, so it is the fallback, offered every file last. Its profile is
``default`` (seed 000's action catalog); a native file may name any host's profile."""

from hookc.hosts.host import Host

HOST = Host(
    name="native",
    package=__name__,
    paths=(r"(^|/)(hooks|hook_conditions)\.ya?ml$", r"\.hooks\.ya?ml$", r"\.hooks\.xml$"),
    profile="default",
    summary="hook YAML or directive XML (*.yaml, *.yml, *.xml, Rye *.md)",
    suffixes=(".yaml", ".yml", ".xml", ".md"),
)
