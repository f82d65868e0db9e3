"""Every game in the catalogue, played to the end through a real server by SDK bots."""

from __future__ import annotations

import asyncio

import httpx
import pytest
from vorpal_client import VorpalClient, play

from server.games import GAMES
from tests.support.servers import ServerProcess

pytestmark = pytest.mark.anyio

#: Options that keep a random match short (random shamans play Zimby Mojo to its round limit).
SHORT = {"jabberwocky": {"rounds": 2}, "zimby_mojo": {"round_limit": 10}}


@pytest.mark.parametrize("rules", GAMES, ids=[r.name for r in GAMES])
async def test_sdk_bots_finish_a_match(server: ServerProcess, rules: object) -> None:
    name = rules.name  # type: ignore[attr-defined]
    seats = min(max(rules.game.min_seats, 2), rules.game.max_seats)  # type: ignore[attr-defined]
    async with VorpalClient(server.url) as api:
        match = (await api.create_match(name, seats, options=SHORT.get(name, {}))).match
        tokens = [(await api.join(match, name=f"bot{i}")).token for i in range(seats)]
        finals = await asyncio.wait_for(
            asyncio.gather(*(play(server.url, match, t, seed=i) for i, t in enumerate(tokens))), 120
        )
        assert {f["status"] for f in finals} == {"finished"}
        state = await api.state(match)
        assert state.outcome is not None
        if seats > 1:
            assert state.outcome["winners"]
        else:
            # A solo match is won or lost against the book's objective: it always has a score.
            assert len(state.outcome["scores"]) == 1 and set(state.outcome["winners"]) <= {0}


async def test_the_catalogue_publishes_schemas_for_every_game(server: ServerProcess) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        games = (await http.get("/v1/games")).json()["games"]
    assert [g["name"] for g in games] == [r.name for r in GAMES]
    for g in games:
        assert set(g["schemas"]) == {"options", "move", "view", "outcome", "events"}
        assert set(g["schemas"]["events"]) == {"public", "private"}
        # Every outcome reason a client may meet: the engine's shared codes and the game's own, with their meaning.
        assert {"completed", "tie", "tie_break", "forfeit"} <= set(g["reasons"]) and all(g["reasons"].values())
        assert g["schemas"]["outcome"]["properties"]["reason"]["enum"] == list(g["reasons"])
        assert g["schemas"]["options"]["type"] == "object"
        assert set(g["schemas"]["view"]) == {"public", "private"}
        assert g["summary"] and g["min_seats"] <= g["max_seats"]
