"""Jackrabbits through a real server: SDK bots play whole matches for 2, 3 and 4 players."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from vorpal_client import VorpalClient, play

from tests.support.servers import ServerProcess

pytestmark = pytest.mark.anyio

#: Every suit power and addition the catalogue offers, turned on (patriarchal values fix the aces, so they
#: replace the two ace additions in a second run); a short turn limit keeps random bots quick.
ALL_ON: dict[str, Any] = {
    "board": "random", "objective": "monarchic", "turn_limit": 12, "clubs_flights": True, "diamonds_trades": True,
    "hearts_access": True, "spades_fights": True, "advanced_citadel": True, "extended_flights": True,
    "extended_access": True, "extended_trades": True, "tight_suits": True, "ambivalent_aces": True,
    "capital_aces": True, "additional_capital": True, "trailing_carrots": True, "windfall_lottery": True,
    "overtaxed_hands": True, "seized_surplus": True,
}  # fmt: skip
BUILT = {**ALL_ON, "board": "strict"}
PATRIARCHAL = {**ALL_ON, "ambivalent_aces": False, "capital_aces": False, "additional_capital": False,
               "patriarchal_values": True}  # fmt: skip


@pytest.mark.parametrize(
    "options", [ALL_ON, PATRIARCHAL, BUILT], ids=["all-additions", "patriarchal", "players-build-the-board"]
)
@pytest.mark.parametrize("seats", [2, 3, 4])
async def test_sdk_bots_finish_a_match(server: ServerProcess, seats: int, options: dict[str, Any]) -> None:
    async with VorpalClient(server.url) as api:
        match = (await api.create_match("jackrabbits", seats, options=options)).match
        tokens = [(await api.join(match, name=f"rabbit{i}")).token for i in range(seats)]
        finals = await asyncio.wait_for(
            asyncio.gather(*(play(server.url, match, t, seed=i) for i, t in enumerate(tokens))), 120
        )
        assert {f["status"] for f in finals} == {"finished"}
        state = await api.state(match, tokens[0])
        assert state.status == "finished" and state.outcome is not None and state.outcome["winners"]
        public = state.view["public"]
        assert public["board"]["layout"] == ("built" if options is BUILT else "random")
        assert len(public["rabbits"]) == seats
        # Hands stay hidden: seat 0 sees its own hand and only the sizes of the others'.
        assert state.view["private"]["hand"] is not None and len(public["hand_sizes"]) == seats
        spectator = await api.state(match)
        assert "private" not in spectator.view
