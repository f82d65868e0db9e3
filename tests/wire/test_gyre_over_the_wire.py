"""Gyre through a real server: the extended variant as a match option, played to the end over REST."""

from __future__ import annotations

import asyncio
import random
import uuid

import pytest
from vorpal_client import VorpalClient

from tests.support.servers import ServerProcess

pytestmark = pytest.mark.anyio


async def test_a_rest_only_client_plays_the_extended_variant_against_a_server_bot(server: ServerProcess) -> None:
    async with VorpalClient(server.url) as api:
        options = {"extended": True, "face_down": 4, "first_player": 0}
        match = (await api.create_match("gyre", 2, bots=[1], options=options)).match
        me = await api.join(match, name="rest")
        pick = random.Random(5)
        state = await api.state(match, me.token)
        grid = state.view["public"]["grid"]
        assert sorted(c["card"] for row in grid for c in row if c["face_down"]) == ["G4", "P4", "Y4"]
        moves = 0
        while state.status != "finished":
            if state.legal:
                await api.move(match, me.token, pick.choice(state.legal), version=state.version,
                               move_id=uuid.uuid4().hex)  # fmt: skip
                moves += 1
            else:
                await asyncio.sleep(0.01)  # the server's bot is playing
            state = await api.state(match, me.token)
        assert moves > 0 and state.outcome is not None and state.outcome["winners"]
        public = state.view["public"]
        assert public["phase"] == "over" and public["winners"] == state.outcome["winners"]
        for seat in state.outcome["winners"]:
            colour = public["colours"][seat]
            assert all(c["face_down"] for row in public["grid"] for c in row if c["card"][0] == colour[0].upper())
