"""Slithy through a real server: SDK bots play a whole match, and a turn is negotiated in the match chat."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import pytest
from vorpal_client import LiveConnection, VorpalClient, play

from tests.support.servers import ServerProcess

pytestmark = pytest.mark.anyio

DEALER, NICOLE, ROXY = 0, 1, 2


async def test_five_sdk_bots_finish_an_extended_match(server: ServerProcess) -> None:
    async with VorpalClient(server.url) as api:
        match = (await api.create_match("slithy", 5, options={"first_dealer": 3, "extended": True})).match
        seats = [await api.join(match, name=f"bot{i}") for i in range(5)]
        finals = await asyncio.gather(*(play(server.url, match, s.token, seed=i) for i, s in enumerate(seats)))
        assert {f["status"] for f in finals} == {"finished"}
        state = await api.state(match)
        assert state.status == "finished" and state.outcome is not None
        pad = state.view["public"]["score_pad"]
        # Every seat dealt twice: clockwise from seat 3, then back to the right.
        assert [line["dealer"] for line in pad] == [3, 4, 0, 1, 2, 2, 1, 0, 4, 3]
        totals = [sum(line["scores"][s] for line in pad) for s in range(5)]
        assert state.outcome["scores"] == totals == state.view["public"]["scores"]
        assert state.outcome["winners"] and all(totals[w] == max(totals) for w in state.outcome["winners"])
        log = await api.events(match)
        assert [e.version for e in log] == list(range(1, state.version + 1))


async def next_frame(conn: LiveConnection, kind: str, match: str) -> dict[str, Any]:
    while True:
        frame = await asyncio.wait_for(conn.events.get(), 10)
        if frame["type"] == kind and frame.get("match") == match:
            return frame


async def test_players_negotiate_in_the_chat_then_commit_sealed_gems(server: ServerProcess) -> None:
    """The rulebook's turn, talked over in public first: Roxy says 2 and plays 4 ("lying is permitted")."""
    async with VorpalClient(server.url) as api:
        match = (await api.create_match("slithy", 3, options={"first_dealer": DEALER})).match
        tokens = [(await api.join(match, name=n)).token for n in ("dealer", "nicole", "roxy")]
        conns = [LiveConnection(server.url, match=match) for _ in range(3)]
        spectator = LiveConnection(server.url, match=match)
        for c in [*conns, spectator]:
            await c.connect()
        try:
            for seat, c in enumerate(conns):
                await c.auth(tokens[seat])
                await c.subscribe(match)
            await spectator.subscribe(match)
            state = await api.state(match, tokens[DEALER])
            cards = {"type": "cards", "purple": 3, "yellow": 5}
            version = (
                await api.move(match, tokens[DEALER], cards, version=state.version, move_id=uuid.uuid4().hex)
            ).version
            # The yellow card is face down: only the dealer's frame shows it.
            for recipient, conn in [
                (DEALER, conns[DEALER]),
                (NICOLE, conns[NICOLE]),
                (ROXY, conns[ROXY]),
                (None, spectator),
            ]:
                frame = await next_frame(conn, "event", match)
                assert frame["event"]["public"]["purple"] == 3
                assert frame["event"].get("private") == ({"yellow": 5} if recipient == DEALER else None)

            # The negotiation: public, over WebSocket and REST alike; it moves nothing in the match.
            await conns[NICOLE].say(match, "purple 3, yellow unknown: I play 3")
            await api.say(match, tokens[ROXY], "then I play 2, safe")
            await conns[DEALER].say(match, "are you sure?")
            assert (await api.state(match)).version == version
            said = [("nicole", "purple 3, yellow unknown: I play 3"), ("roxy", "then I play 2, safe"),
                    ("dealer", "are you sure?")]  # fmt: skip
            for conn in [*conns, spectator]:
                heard = [await next_frame(conn, "chat", match) for _ in said]
                assert [(f["name"], f["text"]) for f in heard] == said

            # The sealed commitments: nobody learns Nicole's number before Roxy commits.
            ack = await conns[NICOLE].move(
                match, {"type": "gems", "gems": 3}, version=version, move_id=uuid.uuid4().hex
            )
            for seat in (DEALER, ROXY):
                frame = await next_frame(conns[seat], "event", match)
                assert frame["event"] == {"public": {"type": "committed", "seat": NICOLE, "waiting": [ROXY]}}
                assert frame["view"]["private"]["gems"] is None
            assert (await next_frame(conns[NICOLE], "event", match))["event"]["private"] == {"choice": 3}
            await conns[ROXY].move(match, {"type": "gems", "gems": 4}, version=ack["version"], move_id=uuid.uuid4().hex)
            reveal = (await next_frame(spectator, "event", match))["event"]["public"]
            while "revealed" not in reveal:
                reveal = (await next_frame(spectator, "event", match))["event"]["public"]
            # Purple 3 + yellow 5 = 8, and 7 gems were played: Nicole scores 3, Roxy scores 3 and keeps 1.
            assert reveal["revealed"]["gems"] == [None, 3, 4] and reveal["revealed"]["yellow"] == 5
            assert reveal["revealed"]["scored"] == [0, 3, 3]
            public = (await api.state(match)).view["public"]
            assert public["scored"] == [0, 3, 3] and public["unplayed"] == [0, 9, 9]
        finally:
            for c in [*conns, spectator]:
                await c.close()
        history = [(m["name"], m["text"]) for m in await api.chat(match)]
        assert history == said
        # The chat is not part of the match's log: the game never sees it.
        assert "yellow unknown" not in str([e.model_dump() for e in await api.events(match)])
