"""Protocol v2's golden views (``protocol/vectors/v2/views.json``): each patch gives the next view, and the
server still sends exactly these patches (the matches are played again: the examples stay real)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from vorpal_protocol.patch import apply, merge_apply

from server import games

from .views_vectors import record, seats_of

FILE = Path(__file__).resolve().parents[2] / "protocol" / "vectors" / "v2" / "views.json"
MATCHES: list[dict[str, Any]] = json.loads(FILE.read_text())["matches"]


def test_every_game_has_its_match() -> None:
    assert sorted(m["game"] for m in MATCHES) == sorted(r.name for r in games.GAMES)
    assert all(m["steps"] for m in MATCHES)


@pytest.mark.parametrize("match", MATCHES, ids=[m["game"] for m in MATCHES])
def test_each_patch_applied_to_the_view_before_gives_the_next(match: dict[str, Any]) -> None:
    view = match["view"]
    for step in match["steps"]:
        view = apply(view, step["patch"]) if "patch" in step else merge_apply(view, step["merge"])
        assert view == step["view"], f"version {step['version']}"


@pytest.mark.parametrize("match", MATCHES, ids=[m["game"] for m in MATCHES])
def test_the_server_still_sends_these_patches(match: dict[str, Any]) -> None:
    assert match["seats"] == seats_of(match["game"])
    again = asyncio.run(record(match["game"], match["seats"], match["seed"], len(match["steps"])))
    assert json.loads(json.dumps(again)) == match


def test_a_view_never_holds_the_constant_fields() -> None:
    for match in MATCHES:
        constants = games.get(match["game"]).constants
        assert not constants.keys() & match["view"]["public"].keys()
        for step in match["steps"]:
            assert not constants.keys() & step["view"]["public"].keys()
