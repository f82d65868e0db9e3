"""Each game's recorded playthrough still plays out move for move (see tests/golden.py)."""

from __future__ import annotations

import json

import pytest

from server.games import GAMES

from .golden import path, transcript


@pytest.mark.parametrize("name", [r.name for r in GAMES])
def test_the_recorded_playthrough_is_unchanged(name: str) -> None:
    recorded = json.loads(path(name).read_text())
    fresh = transcript(name)
    assert fresh["setup"] == recorded["setup"], "setup changed: regenerate with `python -m tests.golden` if intended"
    for i, (a, b) in enumerate(zip(fresh["steps"], recorded["steps"], strict=False)):
        assert a == b, f"step {i} differs: regenerate with `python -m tests.golden` if intended"
    assert len(fresh["steps"]) == len(recorded["steps"])
    assert fresh["outcome"] == recorded["outcome"]
