"""GitHub Copilot (Copilot CLI and Copilot cloud agent): ``.github/hooks/*.json`` in a
repository, ``~/.copilot/hooks/*.json`` (``$COPILOT_HOME/hooks``), ``hooks`` in
``.github/copilot/settings(.local).json`` and ``~/.copilot/settings.json``, and the
cross-tool ``.claude/settings(.local).json``. ``{"version": 1, "hooks": {<event>: [entry,
...]}}``: a flat list of entries per event, the ``matcher`` on the entry.

Closed source: hookc follows GitHub's hooks reference (github/docs,
``content/copilot/reference/hooks-reference.md``, commit 2199f62d; rendered at
docs.github.com/en/copilot/reference/hooks-reference), and, where it is silent, what
Copilot CLI was seen to do in public reports (each cited where it is used). Its 13 events
are camelCase; their PascalCase spellings (``PreToolUse``, ``Stop``, ...) select the
"VS Code compatible" payload, and hookc models them as events of their own with that
payload's fields. A matcher is a regular expression anchored as ``^(?:matcher)$``; an
invalid one makes Copilot skip the entry. Failures are fail-open.

VS Code reads the same ``.github/hooks/*.json`` files with another meaning (it ignores
matchers): ``hookc.hosts.vscode``; ``hookc check --host copilot,vscode`` says where the
two disagree (``hookc.check.hosts_disagree``).
"""

from hookc.hosts.host import Host

HOST = Host(
    name="copilot",
    package=__name__,
    paths=(
        r"(^|/)\.github/hooks/[^/]+\.json$",
        r"(^|/)\.copilot/hooks/[^/]+\.json$",
        r"(^|/)\.github/copilot/settings(\.local)?\.json$",
    ),
    profile="copilot",
    summary="GitHub Copilot hooks (.github/hooks/*.json, ~/.copilot/hooks/*.json: "
    '`{"version": 1, "hooks": ...}`)',
    suffixes=(".json",),
    protocol=True,
    schema=True,
    reads_also=("claude-code",),
)
