"""Tabnine CLI's command-hook protocol: Gemini CLI's (``hookc.hosts.gemini_cli.protocol``
states every rule), which Tabnine's documentation describes unchanged, with
``TABNINE_PROJECT_DIR`` set beside Gemini's variables."""

from __future__ import annotations

from hookc.hosts.gemini_cli.protocol import GeminiCli


class Tabnine(GeminiCli):
    name = "tabnine"
    host = "Tabnine CLI"
    project_variables = ("TABNINE_PROJECT_DIR", *GeminiCli.project_variables)


PROTOCOL = Tabnine()
