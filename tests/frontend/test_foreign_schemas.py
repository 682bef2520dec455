"""The JSON Schemas of the Claude Code and docker-agent formats: made from their profiles,
valid draft-07, accepting the examples and refusing what the checks refuse."""

from __future__ import annotations

import json

import jsonschema
import pytest
import yaml

from hookc.frontend.formats import schemas
from tests import ROOT


def committed(name: str) -> dict[str, object]:
    return json.loads((ROOT / "schemas" / schemas.files()[name]).read_text("utf-8"))


@pytest.mark.parametrize("name", sorted(schemas.files()))
def test_the_committed_schema_is_the_one_the_profile_makes(name: str) -> None:
    text = (ROOT / "schemas" / schemas.files()[name]).read_text("utf-8")
    assert text == schemas.text(name), "run: python -m hookc.frontend.formats.schemas schemas"
    jsonschema.Draft7Validator.check_schema(committed(name))


@pytest.mark.parametrize(
    ("name", "path"),
    [
        ("claude-code", "examples/claude-code/project/.claude/settings.json"),
        ("claude-code", "examples/claude-code/plugin/hooks/hooks.json"),
        ("claude-code", "examples/claude-code/current/.claude/settings.json"),
        ("docker-agent", "examples/docker-agent/agent.yaml"),
    ],
)
def test_the_examples_are_valid(name: str, path: str) -> None:
    document = yaml.safe_load((ROOT / path).read_text("utf-8"))
    jsonschema.validate(document, committed(name))


@pytest.mark.parametrize(
    "document",
    [
        {"hooks": {"preToolUse": []}},  # an unknown event
        {"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x", "timout": 5}]}]}},
        {"hooks": {"Stop": [{"hooks": [{"type": "command"}]}]}},  # no command
        {"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x", "timeout": 0}]}]}},
        {"hooks": {"Stop": [{"hooks": [{"type": "comand", "command": "x"}]}]}},
        {"hooks": {"Stop": [{"matcher": "*"}]}},  # a group without handlers
    ],
)
def test_the_claude_code_schema_refuses_what_the_checks_refuse(document: object) -> None:
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(document, committed("claude-code"))


@pytest.mark.parametrize(
    "hooks",
    [
        {"turnstart": []},
        {"pre_tool_use": [{"type": "command", "command": "x"}]},  # not in a group
        {"pre_tool_use": [{"matcher": "shell", "hooks": []}]},
        {"turn_start": [{"type": "command", "command": "x", "timeout": 1.5}]},
        {"turn_start": [{"type": "model", "prompt": "p"}]},  # no model
    ],
)
def test_the_docker_agent_schema_refuses_what_the_checks_refuse(hooks: object) -> None:
    document = {"agents": {"root": {"model": "m", "hooks": hooks}}}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(document, committed("docker-agent"))
