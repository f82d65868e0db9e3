"""A renege in Jabberwocky stays the reneging seat's secret until its round ends, over real sockets.

A renege tells that the seat still held the led suit, so its penalty is kept
from every other seat and from spectators (WebSocket frames, REST state and
the event log alike) until the round's result event shows the penalties and
the scores. Seats are driven over REST; each one (and a spectator) listens on
its own WebSocket, which records every frame.
"""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import pytest
from vorpal_client import VorpalClient

from tests.support.servers import ServerProcess
from tests.wire.test_redaction_over_the_wire import Recording

pytestmark = pytest.mark.anyio

SEATS = 3


def renege(view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    """An off-suit card while the hand still holds the led suit, if the seat can play one."""
    trick, hand = view["public"]["trick"], view["private"]["hand"]
    if not trick:
        return None
    led = trick[0]["card"][1]
    if not any(c[1] == led for c in hand):
        return None
    return next((m for m in legal if m["type"] == "play" and m["card"][1] != led), None)


def follow(view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A move that is no renege: a card of the led suit when the hand holds one (legal moves,
    under the penalty rule, include off-suit cards too)."""
    trick, hand = view["public"]["trick"], view["private"]["hand"]
    if trick and any(c[1] == trick[0]["card"][1] for c in hand):
        led = trick[0]["card"][1]
        return next(m for m in legal if m["type"] == "play" and m["card"][1] == led)
    return legal[0]


async def drain_to(conn: Recording, match: str, version: int) -> None:
    while conn.versions.get(match, -1) < version:
        await asyncio.wait_for(conn.events.get(), 10)


async def test_no_other_seat_or_spectator_learns_of_a_renege_before_the_round_ends(server: ServerProcess) -> None:
    async with VorpalClient(server.url) as api:
        match = (await api.create_match("jabberwocky", SEATS, options={"first_dealer": 0})).match
        tokens = [(await api.join(match, name=f"p{i}")).token for i in range(SEATS)]
        conns = [Recording(server.url) for _ in range(SEATS)]
        spectator = Recording(server.url)
        for c in [*conns, spectator]:
            await c.connect()
        try:
            for seat, c in enumerate(conns):
                await c.auth(tokens[seat])
                await c.subscribe(match)
            await spectator.subscribe(match)

            # Play until a round in which someone reneged has ended: renege whenever possible.
            reneger = reneged_at = None
            round_end = None
            while round_end is None:
                state = await api.state(match)
                assert state.status == "active", "13 rounds without a chance to renege"
                (seat,) = state.to_act
                mine = await api.state(match, tokens[seat])
                legal = mine.legal or []
                cheat = renege(mine.view, legal) if reneger in (None, seat) else None
                move = cheat or follow(mine.view, legal)
                result = await api.move(match, tokens[seat], move, version=mine.version,
                                        move_id=uuid.uuid4().hex)  # fmt: skip
                if cheat is not None and reneged_at is None:
                    reneger, reneged_at = seat, result.version
                    # Mid-round, REST shows the others nothing either.
                    assert (await api.state(match)).view["public"]["penalties"] == [0] * SEATS
                    for other in range(SEATS):
                        if other != seat:
                            seen = await api.state(match, tokens[other])
                            assert seen.view["public"]["penalties"] == [0] * SEATS
                            assert seen.view["private"]["reneges"] == 0
                if reneged_at is not None:
                    (entry,) = await api.events(match, since=result.version - 1)
                    if "round_over" in entry.event["public"]:
                        round_end = result.version
            for c in [*conns, spectator]:
                await drain_to(c, match, round_end)
        finally:
            for c in [*conns, spectator]:
                await c.close()

        assert reneger is not None and reneged_at is not None
        listeners = [(s, c) for s, c in enumerate(conns) if s != reneger] + [(None, spectator)]
        for listener, conn in listeners:
            before = [f for f in conn.frames if f["type"] == "event" and f["version"] < round_end]
            assert any(f["version"] == reneged_at for f in before)
            for frame in before:
                assert "penalty" not in str(frame["event"]), f"seat {listener} learned of a renege early: {frame}"
                if "view" in frame:
                    assert frame["view"]["public"]["penalties"] == [0] * SEATS
            token = None if listener is None else tokens[listener]
            for entry in await api.events(match, since=0, token=token):
                if entry.version < round_end:
                    assert "penalty" not in str(entry.event)
        # The reneging seat knew at once; everyone learns at the round's end, with the scores.
        own = next(f for f in conns[reneger].frames if f["type"] == "event" and f["version"] == reneged_at)
        assert own["event"]["private"]["penalty"] == 3
        for _, conn in [(reneger, conns[reneger]), *listeners]:
            end = next(f for f in conn.frames if f["type"] == "event" and f["version"] == round_end)
            over = end["event"]["public"]["round_over"]
            assert over["penalties"][reneger] >= 1
            assert [p for s, p in enumerate(over["penalties"]) if s != reneger] == [0] * (SEATS - 1)
            public = (await api.state(match)).view["public"]
            assert public["penalties"] == over["penalties"]
            assert over["scores"] == [m - 3 * p for m, p in zip(public["made"], public["penalties"], strict=True)]
