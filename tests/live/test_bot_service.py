"""The bot service plays the AI seats (levels 2 and up) of a match, apart from the web tier.

A match created with a searching bot is put on the bot service's schedule; the web tier's
scheduler plays its random bots and its clock but leaves the searching seats alone, and a bot
service, in a process (here: a loop) of its own, leases the match and plays those seats to the end.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from vorpal_client import VorpalClient

from server import games
from server.config import Settings
from server.domain.matches import Matches
from server.domain.searched import take_search_turn
from server.domain.views import unpack_event
from server.engine import Knowledge, event_for
from server.store import Store
from server.store.cached import CachingMatchStore
from server.store.embedded import EmbeddedRedis
from server.store.keys import SEARCH_DUE
from tests.support.bots import bot_service
from tests.support.inprocess import InProcessServer

pytestmark = pytest.mark.anyio


async def finished(api: VorpalClient, match: str, *, polls: int = 3000) -> str:
    """The match's status once it is over (polled; bounded at ``polls`` looks)."""
    status = ""
    for _ in range(polls):
        status = (await api.state(match)).status
        if status in ("finished", "aborted"):
            break
        await asyncio.sleep(0.02)
    return status


async def test_the_bot_service_plays_a_matchs_ai_seats_to_its_end(own_redis: EmbeddedRedis, own_store: Store) -> None:
    async with InProcessServer(own_redis.url) as server, VorpalClient(server.url) as api:
        match = (await api.create_match("brillig", 2, bots=[0, {"seat": 1, "level": 2}])).match
        assert await own_store.redis.zscore(SEARCH_DUE, match) is not None  # on the bot service's schedule
        for _ in range(10):  # the web tier plays its random bot (seat 0 first), never the searching seat
            server.step(1)
            await asyncio.sleep(0.05)
        state = await api.state(match)
        assert state.status == "active"
        assert 1 in state.to_act  # waiting for the searching seat, which nobody in the web tier plays
        before = state.version

        async with bot_service(server, own_store) as service:
            assert await finished(api, match) == "finished"
            for _ in range(500):  # the service's next tick releases the lease of the match that ended
                if await own_store.redis.zscore(SEARCH_DUE, match) is None:
                    break
                await asyncio.sleep(0.02)
        assert service.decisions > 0  # seat 1's moves were the service's
        assert (await api.state(match)).version > before
        assert await own_store.redis.zscore(SEARCH_DUE, match) is None  # off the schedule once over


async def test_a_bare_seat_number_is_a_random_bot_and_a_level_must_exist(own_redis: EmbeddedRedis) -> None:
    async with InProcessServer(own_redis.url) as server, VorpalClient(server.url) as api:
        random_only = (await api.create_match("brillig", 2, bots=[0, 1])).match
        assert await finished(api, random_only) == "finished"  # no bot service: the web tier plays both
        with pytest.raises(Exception, match="level"):
            await api.create_match("brillig", 2, bots=[{"seat": 1, "level": 99}])
        games = await api.games()
        assert [lv["level"] for lv in games[0].bot_levels][:2] == [1, 2]


async def test_a_seat_of_a_game_that_remembers_is_given_every_event_it_has_received(
    own_redis: EmbeddedRedis, own_store: Store
) -> None:
    """Jabberwocky's bot samples hands from every trick of the round it saw (its game remembers): the service
    reads the match's log and hands the search the seat's part of each event, never another seat's."""
    async with InProcessServer(own_redis.url) as server, VorpalClient(server.url) as api:
        match = (await api.create_match("jabberwocky", 3, bots=[{"seat": 0, "level": 2}, 1, 2])).match
        matches = Matches(CachingMatchStore(own_store), Settings(), clock=server.clock)
        rules = games.get("jabberwocky")
        given: list[Knowledge] = []

        async def think(game: str, knowledge: Knowledge, level: int, seed: int, seconds: float) -> Any:
            given.append(knowledge)
            return random.Random(seed).choice(rules.game.legal_moves(knowledge.public, knowledge.private, 0))

        for _ in range(200):  # the web tier plays seats 1 and 2; seat 0's turns are taken here
            await take_search_turn(matches, match, b"secret", think)
            server.step(1)
            await asyncio.sleep(0.01)
            if len(given) >= 6:
                break
        assert len(given) >= 6
        last = given[-1]
        entries = await own_store.log(match, 0)
        received = [event_for(unpack_event(e), 0) for e in entries][: len(last.seen)]
        assert list(last.seen) == received and len(received) > 6
        assert all(set(e.get("private", {})) <= {"hand", "penalty"} for e in last.seen)  # its own part only
