"""Lint rules as units: one module per rule, as ruff's ``rules/*/rules/*.rs`` and yamllint's
``yamllint/rules/*.py`` have them.

A rule's module is ``hookc/lint/rules/<group>/hk<nnn>_<name>.py`` (a host's own rules:
``hookc/hosts/<host>/rules/hk<nnn>_<name>.py``). Its docstring **is** its documentation,
in Markdown: what it checks (first paragraph), then ``## Why``, ``## Example``, ``## Fix``
and ``## Fix safety``. Its ``RULE`` (``hookc.lint.rule.LintRule``) holds the code, the
kebab-case name, the severity and the one-line summary; a rule that looks at the hooks
after they are read has a ``check(context)`` too (``hookc.lint.checks`` runs them). Rules a
reader emits (a parse error, a schema error) are still emitted there; their module
documents them.

``hookc.lint.registry`` is the one registry: it lists the modules by file name (no import
until a rule's text is asked for) and reads the transition's tables,
``hookc.source.diagnostics.LEGACY_CODES`` and ``hookc.lint.legacy.LEGACY_RULES``, for codes not yet
moved into a module. ``python -m hookc.lint.migrate HKnnn`` moves one. ``hookc rule
NAME|CODE`` prints a rule's text, and ``python -m hookc.lint.pages docs/rules`` writes a
page per rule.
"""
