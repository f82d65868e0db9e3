"""The bot runner with a strategy: what a decision holds, when it is asked, and what happens when it fails."""

from __future__ import annotations

import asyncio
import itertools
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from vorpal_client import Decision, LiveConnection, StrategyFailed, VorpalClient, load_strategy, play, random_strategy
from vorpal_client.games import jabberwocky as jw

from tests.support.servers import ServerProcess


async def three_seats(server: ServerProcess, rounds: int = 1) -> tuple[str, list[str]]:
    async with VorpalClient(server.url) as api:
        match = (await api.create_match("jabberwocky", 3, options={"rounds": rounds})).match
        return match, [(await api.join(match, name=f"p{i}")).token for i in range(3)]


@pytest.mark.anyio
async def test_a_decision_holds_what_the_seat_knows_and_comes_once_per_version(server: ServerProcess) -> None:
    match, tokens = await three_seats(server, rounds=2)
    seen: list[Decision] = []
    pick = random_strategy(7)

    async def watchful(decision: Decision) -> Any:  # an async strategy
        seen.append(decision)
        return pick(decision)

    players = [play(server.url, match, tokens[0], strategy=watchful, on_error="stop")]
    players += [play(server.url, match, t, seed=i) for i, t in enumerate(tokens[1:])]
    final = (await asyncio.gather(*players))[0]
    assert final["status"] == "finished"
    assert len(seen) == 1 + 3 + 1 + 4  # seat 0 bids and plays each card, in rounds of 3 and 4 cards
    versions = [d.version for d in seen]
    assert versions == sorted(set(versions))  # asked at most once per version
    for d in seen:
        assert (d.match, d.game, d.seat, d.clock) == (match, "jabberwocky", 0, None)
        assert d.legal and d.view["private"]["hand"]
        assert d.view_as(jw.View).public.turn == 0
        # What happened since the seat last acted (the first time: since it sat down, maybe
        # nothing): every version in between, up to the one it acts at.
        if d.events:
            assert [e["version"] for e in d.events] == list(range(d.events[0]["version"], d.version + 1))
        assert all("public" in e["event"] for e in d.events)
    for before, after in itertools.pairwise(seen):  # since its last move, which comes first
        assert after.events[0]["version"] == before.version + 1
        assert after.events[0]["event"]["public"]["seat"] == 0


@pytest.mark.anyio
async def test_a_failing_strategy_is_reported_and_the_match_goes_on(server: ServerProcess) -> None:
    match, tokens = await three_seats(server)
    asked = 0

    def clumsy(decision: Decision) -> Any:
        nonlocal asked
        asked += 1
        if asked == 1:
            raise RuntimeError("no idea")
        if asked == 2:
            return None
        return {"type": "play", "card": "AX"}  # not a card: the server refuses it as bad_move

    reports: list[StrategyFailed] = []
    players = [play(server.url, match, tokens[0], strategy=clumsy, report=reports.append)]
    players += [play(server.url, match, t, seed=i) for i, t in enumerate(tokens[1:])]
    final = (await asyncio.gather(*players))[0]
    assert final["status"] == "finished" and asked == 4  # a bid and three cards, each replaced by a random move
    assert [type(r.__cause__) for r in reports[:2]] == [RuntimeError, type(None)]
    assert "returned no move" in str(reports[1])
    refused = reports[2:]
    assert [r.error.code if r.error else None for r in refused] == ["bad_move", "bad_move"]
    assert refused[0].move == {"type": "play", "card": "AX"} and refused[0].decision.version > 0


@pytest.mark.anyio
async def test_an_illegal_move_carries_the_server_error_and_can_stop_the_runner(server: ServerProcess) -> None:
    match, tokens = await three_seats(server)
    async with VorpalClient(server.url) as api:
        first = (await api.state(match)).to_act[0]

    def overbid(decision: Decision) -> Any:
        return jw.Bid(tricks=9)  # a well-formed bid, but only 3 cards are dealt: illegal now

    with pytest.raises(StrategyFailed) as failed:
        await play(server.url, match, tokens[first], strategy=overbid, on_error="stop")
    assert failed.value.error is not None and failed.value.error.code == "illegal_move"
    assert failed.value.move == {"type": "bid", "tricks": 9}
    async with VorpalClient(server.url) as api:
        assert (await api.state(match)).to_act == [first]  # nothing was applied


@pytest.mark.anyio
async def test_a_reconnect_during_a_decision_does_not_ask_twice(server: ServerProcess) -> None:
    match, tokens = await three_seats(server)
    versions: list[int] = []
    pick = random_strategy(1)
    async with LiveConnection(server.url, match=match) as live:

        async def dropping(decision: Decision) -> Any:
            versions.append(decision.version)
            await live.drop()  # the move goes out once the connection is back and the seat presented again
            return pick(decision)

        players = [play(server.url, match, tokens[0], strategy=dropping, live=live, on_error="stop")]
        players += [play(server.url, match, t, seed=i) for i, t in enumerate(tokens[1:])]
        final = (await asyncio.gather(*players))[0]
        assert live.reconnects == len(versions) == 1 + 3
    assert final["status"] == "finished" and versions == sorted(set(versions))


def test_strategies_are_found_by_module_or_file_and_classes_are_instantiated(tmp_path: Path) -> None:
    bots = tmp_path / "random.py"  # named like a standard module: loaded beside it, not over it
    bots.write_text(
        "class Cautious:\n    def __call__(self, d):\n        return d.legal[0]\n\n\ndef choose(d):\n    return 1\n"
    )
    decision = Decision(match="m", game="g", seat=0, version=1, view={}, legal=["first", "second"], events=[])
    assert load_strategy(f"{bots}:Cautious")(decision) == "first"
    assert load_strategy(str(bots))(decision) == 1  # the name defaults to choose
    assert sys.modules["random"] is random
    assert load_strategy("random", seed=3)(decision) == random_strategy(3)(decision)
    assert load_strategy("tests.sdk.test_bot_strategies:three_seats") is three_seats  # package.module:name
    with pytest.raises(ValueError, match="has no 'nothing'"):
        load_strategy(f"{bots}:nothing")
