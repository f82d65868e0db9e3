"""Zimby Mojo through a real server: SDK bots play whole matches for 2 and 4 shamans, solitaire and 8.

The 2- and 4-seat bots follow the rulebook's plan (``tests/games/zimby_mojo/bot.py``: open a ward together,
kill the King, take the Crown home), reading only what their seat's view shows; their yes to a seal partner's
request and their cannibals in a response window travel as moves like any other. Solitaire and the 8-seat
match are played by the runner's random bots. A short round limit (a match option) keeps every match bounded:
a match ends by the Crown delivered, by the round limit, or, in solitaire, by its own losses.
"""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest
from vorpal_client import Decision, VorpalClient, play
from vorpal_client.games import zimby_mojo

from server.games import get
from server.games.zimby_mojo.state import Public

from .games.zimby_mojo.bot import Bot
from .servers import ServerProcess

pytestmark = pytest.mark.anyio

RULES = get("zimby_mojo")


def plan_strategy() -> Any:
    """One seat's rule-following bot, fed the public part of the seat's view and its legal moves."""
    bot = Bot()

    def choose(decision: Decision) -> Any:
        seen = SimpleNamespace(public=Public.model_validate(decision.view["public"]))
        legal = [RULES.parse_move(move) for move in decision.legal]
        return RULES.dump_move(bot.choose(seen, decision.seat, legal))  # type: ignore[arg-type]

    return choose


async def finish(server: ServerProcess, seats: int, options: dict[str, Any], *, planned: bool) -> dict[str, Any]:
    """A whole match over WebSockets, one SDK bot per seat; returns seat 0's final state, checked."""
    async with VorpalClient(server.url) as api:
        match = (await api.create_match("zimby_mojo", seats, options=options)).match
        tokens = [(await api.join(match, name=f"shaman{i}")).token for i in range(seats)]
        bots = [play(server.url, match, token, seed=i, strategy=plan_strategy() if planned else None,
                     on_error="stop") for i, token in enumerate(tokens)]  # fmt: skip
        finals = await asyncio.wait_for(asyncio.gather(*bots), 300)
        assert {f["status"] for f in finals} == {"finished"}
        state = await api.state(match, tokens[0])
        assert state.status == "finished" and state.outcome is not None
        assert state.outcome["reason"] in RULES.reasons
        public = state.view["public"]
        assert public["phase"] == "over" and public["winners"] == state.outcome["winners"]
        assert public["round"] <= options["round_limit"] and len(public["tribes"]) == seats
        # The board reached the client with the view, and the SDK's generated types read the whole view.
        assert public["board"] == RULES.public_view(RULES.setup(RULES.parse_options({}), seats, 0)[0])["board"]
        typed = zimby_mojo.View.model_validate(state.view)
        assert typed.public.board.tiles and typed.public.seats == seats
        assert "private" in state.view
        spectator = await api.state(match)
        assert "private" not in spectator.view and spectator.view["public"] == public
        # The non-player actors' chance steps reached the log after the moves that led to them.
        logged = await api.events(match, token=tokens[0])
        assert any(entry.event.get("then") for entry in logged)
        return {"outcome": state.outcome, "public": public}


async def test_two_shamans_following_the_plan_finish_a_match(server: ServerProcess) -> None:
    final = await finish(server, 2, {"round_limit": 12}, planned=True)
    assert final["outcome"]["reason"] in {"crown_delivered", "round_limit"}
    assert final["public"]["round"] >= 2  # the King's turns came round


async def test_four_shamans_following_the_plan_finish_a_match(server: ServerProcess) -> None:
    final = await finish(server, 4, {"round_limit": 10}, planned=True)
    assert final["outcome"]["reason"] in {"crown_delivered", "round_limit"}


async def test_a_solitaire_match_ends_won_or_lost(server: ServerProcess) -> None:
    final = await finish(server, 1, {"round_limit": 20}, planned=False)
    public = final["public"]
    assert public["solitaire"]
    won = final["outcome"]["reason"] == "crown_delivered"
    assert final["outcome"]["winners"] == ([0] if won else [])


async def test_eight_shamans_finish_a_match(server: ServerProcess) -> None:
    final = await finish(server, 8, {"round_limit": 3}, planned=False)
    assert final["outcome"]["reason"] in {"crown_delivered", "round_limit"}
