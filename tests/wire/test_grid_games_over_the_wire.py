"""Bandersnatch and Borogoves through a real server: solo matches, printed variants as options,
REST-only play and SDK bots over WebSocket (the catalogue test plays each game's default seats)."""

from __future__ import annotations

import asyncio
import random
import uuid
from typing import Any

import pytest
from vorpal_client import VorpalClient, play
from vorpal_client.errors import ApiError

from tests.support.servers import ServerProcess

pytestmark = pytest.mark.anyio


async def test_the_catalogue_lists_the_printed_variants_as_options(server: ServerProcess) -> None:
    async with VorpalClient(server.url) as api:
        games = {g.name: g for g in await api.games()}
    bandersnatch, borogoves = games["bandersnatch"], games["borogoves"]
    assert (bandersnatch.min_seats, bandersnatch.max_seats) == (1, 1)
    assert (borogoves.min_seats, borogoves.max_seats) == (1, 2)
    assert {"solo", "first_cartographer"} <= set(borogoves.schemas["options"]["properties"])


async def rest_only(server: ServerProcess, game: str, seats: int, options: dict[str, Any]) -> dict[str, Any]:
    """One REST client in seat 0 plays random legal moves; the server's bots take any other seat."""
    async with VorpalClient(server.url) as api:
        match = (await api.create_match(game, seats, options=options, bots=list(range(1, seats)))).match
        me = await api.join(match, name="rest")
        pick = random.Random(5)
        for _ in range(2000):
            state = await api.state(match, me.token)
            if state.status == "finished":
                break
            if state.legal:
                await api.move(match, me.token, pick.choice(state.legal), version=state.version,
                               move_id=uuid.uuid4().hex)  # fmt: skip
            else:
                await asyncio.sleep(0.01)  # the server's bot is playing
        assert state.status == "finished" and state.outcome is not None
        return state.outcome


@pytest.mark.parametrize(
    ("game", "seats", "options"),
    [("bandersnatch", 1, {}), ("borogoves", 1, {"solo": True}), ("borogoves", 2, {"first_cartographer": 0})],
    ids=["bandersnatch", "borogoves-solo", "borogoves-2"],
)
async def test_a_rest_only_client_plays_to_the_end(
    server: ServerProcess, game: str, seats: int, options: dict[str, Any]
) -> None:
    outcome = await rest_only(server, game, seats, options)
    assert len(outcome["scores"]) == seats
    if seats == 1:
        # A solo outcome: won or lost against the book's objective, and the book's rating.
        assert outcome["winners"] in ([], [0]) and outcome["rating"]
    else:
        assert outcome["winners"] and "rating" not in outcome


async def test_an_sdk_bot_finishes_a_solo_borogoves_match_over_websocket(server: ServerProcess) -> None:
    async with VorpalClient(server.url) as api:
        match = (await api.create_match("borogoves", 1)).match
        token = (await api.join(match, name="bot")).token
        final = await asyncio.wait_for(play(server.url, match, token, seed=2), 120)
        assert final["status"] == "finished"
        state = await api.state(match)
        assert state.outcome is not None and state.outcome["rating"] and len(state.outcome["scores"]) == 1


async def test_the_solo_option_must_agree_with_the_seats(server: ServerProcess) -> None:
    async with VorpalClient(server.url) as api:
        with pytest.raises(ApiError, match="solo") as refused:
            await api.create_match("borogoves", 2, options={"solo": True})
    assert refused.value.code == "bad_options"
