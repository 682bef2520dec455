"""``hookc.runtime`` refuses a key written twice in one mapping, as ``hookc check`` does
(HK205), with its documented ``LoadError``: YAML loaders keep the last one silently, so a
hook disabled and then enabled again would load and fire."""

from __future__ import annotations

import pytest

import hookc.runtime
from hookc.runtime import loader


@pytest.fixture(params=loader._LOADERS, ids=lambda cls: cls.__name__)
def each_loader(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Both the pure-Python loader and libyaml's, where pyyaml has it."""
    monkeypatch.setattr(loader, "_LOADERS", (request.param,))


@pytest.mark.usefixtures("each_loader")
@pytest.mark.parametrize(
    ("text", "where", "key"),
    [
        (
            "hooks:\n  - id: a\n    event: E\n    enabled: false\n    enabled: true\n"
            "    action: {type: continue}\n",
            "5:5",
            "enabled",
        ),
        (
            "hooks:\n  - {id: a, event: E, action: {type: c, reason: x, reason: y}}\n",
            "2:52",
            "reason",
        ),
        ("hooks: []\nhooks:\n  - {id: a, event: E, action: {type: c}}\n", "2:1", "hooks"),
    ],
)
def test_a_key_written_twice_is_a_load_error_naming_its_place(
    text: str, where: str, key: str
) -> None:
    with pytest.raises(hookc.runtime.LoadError) as raised:
        hookc.runtime.loads(text, "h.yaml")
    assert (
        str(raised.value) == f"h.yaml:{where}: duplicate key `{key}`: YAML keeps only the last one"
    )


@pytest.mark.usefixtures("each_loader")
def test_keys_that_differ_by_type_or_come_from_a_merge_still_load() -> None:
    text = (
        "event_context_schema: &base {id: a, event: E, action: {type: c}}\n"
        "hooks:\n  - <<: *base\n    id: b\n"
        "  - {id: c, event: E, action: {type: c, params: {1: one, '1': text}}}\n"
    )
    matches = hookc.runtime.loads(text).evaluate_all("E", {})
    assert [hook_id for hook_id, _ in matches] == ["b", "c"]
