"""Ladders over the wire: bots queue, the server pairs and rates them, the board ranks them.

Six bots (three greedy, three random) play Brillig on one ladder through a live server until
at least 50 matches are rated; a rating is applied once however many callers settle a match
at the same time (real Redis); a paired account that never sits down loses; bad input gets
stable codes. Nothing here waits on a timer for a result: every wait is for a condition,
with a generous bound.
"""

from __future__ import annotations

import asyncio
import statistics
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from vorpal_client import VorpalClient, greedy_strategy, random_strategy
from vorpal_client.ladder import play_ladder

from server.config import Settings
from server.domain.accounts import Account, AccountKind
from server.domain.ids import new_account_id
from server.domain.inbox import Inbox
from server.domain.ladders import Ladder, Ladders, LadderSpec, Paired, RateStatus
from server.domain.matches import Matches
from server.runtime.clock import now_ms
from server.store import Store
from server.store.cached import CachingMatchStore
from server.store.embedded import EmbeddedRedis
from server.store.inbox import RedisInbox
from server.store.ladders import RedisLadders
from tests.support.inprocess import InProcessServer
from tests.support.servers import ADMIN_KEY, ServerProcess

ADMIN = {"Authorization": f"Bearer {ADMIN_KEY}"}


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


@pytest.fixture(scope="module")
def ladder_server(redis_server: EmbeddedRedis, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """An instance with the admin key that looks at its ladders five times a second."""
    proc = ServerProcess(redis_server.url, log_dir=Path(tmp_path_factory.mktemp("ladders")),
                         env={"VORPAL_ADMIN_KEY": ADMIN_KEY, "VORPAL_SCHEDULE_TICK_S": "0.2"}).start()  # fmt: skip
    yield proc
    proc.stop()


async def until(check: Callable[[], Awaitable[Any]], *, bound_s: float = 120.0, what: str = "a condition") -> Any:
    """Look again every 0.25 s until ``check()`` gives something truthy; fail past ``bound_s``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + bound_s
    while loop.time() < deadline:
        found = await check()
        if found:
            return found
        await asyncio.sleep(0.25)
    raise AssertionError(f"gave up waiting for {what}")


async def new_ladder(api: VorpalClient, **settings: Any) -> str:
    """A Brillig ladder whose window widens fast (5 a second), so that the bots never wait long."""
    ladder = await api.create_ladder(ADMIN_KEY, "Brillig duels", "brillig", 2, **{"widen_per_s": 5.0, **settings})
    return ladder.id


@pytest.mark.anyio
@pytest.mark.timeout(900)  # fifty matches end to end: minutes on a loaded machine, not the suite's 300 s
async def test_greedy_bots_climb_above_random_ones_over_fifty_rated_matches(ladder_server: ServerProcess) -> None:
    async with VorpalClient(ladder_server.url) as api:
        ladder = await new_ladder(api)
        keys = {name: (await api.register(name)).key for name in
                ("greedy-1", "greedy-2", "greedy-3", "random-1", "random-2", "random-3")}  # fmt: skip
        stop = asyncio.Event()
        strategies = [greedy_strategy() if name.startswith("greedy") else random_strategy(i) for i, name in
                      enumerate(keys)]  # fmt: skip
        bots = [asyncio.create_task(play_ladder(ladder_server.url, ladder, key, stop=stop, poll_s=0.2, strategy=s))
                for key, s in zip(keys.values(), strategies, strict=True)]  # fmt: skip

        async def fifty_rated() -> list[Any] | None:
            for bot in bots:
                if bot.done():
                    bot.result()  # a bot that stopped early fails the test with its error
            board = await api.leaderboard(ladder)
            return board if sum(r.games for r in board) >= 2 * 50 else None

        await until(fifty_rated, bound_s=600, what="50 rated matches")
        stop.set()
        played = await asyncio.wait_for(asyncio.gather(*bots), 120)
        await until(lambda: no_pairing_left(api, ladder, keys.values()), what="the last matches rated")
        board = await api.leaderboard(ladder)

    assert sum(played) >= 2 * 50  # each bot counts the matches it played: two bots a match
    assert [r.rank for r in board] == list(range(1, 7))
    assert [r.display for r in board] == sorted((r.display for r in board), reverse=True)
    greedy = [r.display for r in board if r.name.startswith("greedy")]
    randoms = [r.display for r in board if r.name.startswith("random")]
    assert statistics.mean(greedy) > statistics.mean(randoms)
    assert statistics.median(greedy) > statistics.median(randoms)
    assert board[0].name.startswith("greedy")
    # Every match was rated exactly once, for both of its seats. (Ratings may count a match its
    # runner did not play: a bot stopped between its pairing and its seat is rated as a no-show.)
    rated: Counter[str] = Counter()
    async with VorpalClient(ladder_server.url) as api:
        for r in board:
            history = await api.rating_history(ladder, r.account, limit=1000)
            assert len(history) == r.games == len({h.match for h in history})
            assert history[-1].display == r.display
            assert sum(h.rank == 1 for h in history) == r.wins
            rated.update(h.match for h in history)
    assert set(rated.values()) == {2}
    assert sum(r.games for r in board) == 2 * len(rated) >= sum(played)


async def no_pairing_left(api: VorpalClient, ladder: str, keys: Any) -> bool:
    statuses = [await api.ladder_status(ladder, key) for key in keys]
    return all(not s.matches and not s.queued for s in statuses)


@pytest.mark.anyio
async def test_a_pairing_is_announced_in_the_inbox_and_a_no_show_loses(redis_server: EmbeddedRedis) -> None:
    """On a stepped clock: the seat not taken is a no-show once ``join_s`` has passed, not a millisecond before."""
    async with (
        InProcessServer(redis_server.url, admin_key=ADMIN_KEY) as server,
        VorpalClient(server.url) as api,
        httpx.AsyncClient(base_url=server.url) as http,
    ):
        ladder = await new_ladder(api, join_s=1)
        comer, stayer = (await api.register("comer")), (await api.register("stayer"))
        for issued in (comer, stayer):
            status = await api.join_queue(ladder, issued.key)
            assert status.queued and status.since is not None
        notices = await until(lambda: found_match(api, comer.key), what="a match_found notice")
        found = notices[0].data
        assert found["ladder"] == ladder and found["game"] == "brillig"
        assert sorted(found["accounts"]) == sorted([comer.account.id, stayer.account.id])
        assert found["accounts"][found["seat"]] == comer.account.id
        mine = await api.ladder_status(ladder, comer.key)
        assert mine.matches == [found["match"]] and not mine.queued
        seat = await api.join(found["match"], key=comer.key)
        assert seat.seat == found["seat"]
        assert found["join_by"] == server.clock() + 1000  # paired now: time has not moved since
        ladders = server.services.ladders
        server.clock.step(999)
        assert await ladders.settle_matches(await ladders.get(ladder), server.clock()) == []  # still in time
        assert (await api.state(found["match"])).status == "open"
        server.step(1)  # join_s has passed: the ladder's next tick ends the match and rates the no-show

        async def rated() -> list[Any] | None:
            board = await api.leaderboard(ladder)
            return board if len(board) == 2 else None

        board = await until(rated, what="the no-show rated")
        assert [r.name for r in board] == ["comer", "stayer"]
        assert [(r.games, r.wins) for r in board] == [(1, 1), (1, 0)]
        state = await api.state(found["match"])
        # Issue 42, finding 4: the no-show ends the match with an outcome, logged as a no-show (no admin acted).
        assert state.status == "finished"
        assert state.outcome is not None and state.outcome["winners"] == [found["seat"]]
        assert state.outcome["reason"] == "no_show"
        log = await http.get(f"/v1/matches/{found['match']}/events")
        ended = log.json()["events"][-1]
        assert ended["event"]["public"] == {"type": "no_show", "absent": [1 - found["seat"]], "ended": True}
        assert (await api.ladder_status(ladder, stayer.key)).matches == []


@pytest.mark.anyio
async def test_a_held_seat_left_before_the_start_is_no_strangers_to_take(ladder_server: ServerProcess) -> None:
    """Issue 43, finding 2: on a 3-seat ladder match one paired account left, and an anonymous join took its seat,
    started the match and was rated on the board."""
    async with VorpalClient(ladder_server.url) as api, httpx.AsyncClient(base_url=ladder_server.url) as http:
        ladder = (await api.create_ladder(ADMIN_KEY, "Gimble trios", "gimble", 3, widen_per_s=5.0, join_s=600)).id
        players = [await api.register(f"trio{i}") for i in range(3)]
        for issued in players:
            await api.join_queue(ladder, issued.key)
        key = players[0].key
        match = (await until(lambda: found_match(api, key), what="a match_found notice"))[0].data["match"]
        leaver, sitter = players[0], players[1]
        seat = (await http.post(f"/v1/matches/{match}/join", json={}, headers=bearer(leaver.key))).json()
        await http.post(f"/v1/matches/{match}/join", json={}, headers=bearer(sitter.key))
        left = await http.post(f"/v1/matches/{match}/leave", headers=bearer(seat["token"]))
        assert left.status_code == 200 and left.json()["status"] == "open"
        lobby = (await http.get("/v1/matches?game=gimble&status=open&limit=500")).json()["matches"]
        row = next(m for m in lobby if m["match"] == match)
        assert row["accounts"][seat["seat"]] == leaver.account.id and row["open_seats"] == []
        stranger = await http.post(f"/v1/matches/{match}/join", json={"name": "stranger"})
        assert stranger.status_code == 409 and stranger.json()["code"] == "match_full"
        named = await http.post(f"/v1/matches/{match}/join", json={"name": "stranger", "seat": seat["seat"]})
        assert named.status_code == 409 and named.json()["code"] == "seat_taken"
        back = await http.post(f"/v1/matches/{match}/join", json={}, headers=bearer(leaver.key))
        assert back.status_code == 201 and back.json()["seat"] == seat["seat"]
        assert (await http.get(f"/v1/matches/{match}")).json()["status"] == "open"  # the third still to come


@pytest.mark.anyio
async def test_a_seat_that_times_out_under_forfeit_is_rated_as_a_loss(redis_server: EmbeddedRedis) -> None:
    """On a stepped clock: the seat to act forfeits when its 300 ms are up, however long the test takes."""
    async with InProcessServer(redis_server.url, admin_key=ADMIN_KEY) as server, VorpalClient(server.url) as api:
        clock = {"kind": "per_decision", "limit_ms": 300, "on_timeout": "forfeit"}
        ladder = await new_ladder(api, time_control=clock)
        mover, sleeper = (await api.register("mover")), (await api.register("sleeper"))
        for issued in (mover, sleeper):
            await api.join_queue(ladder, issued.key)
        found = (await until(lambda: found_match(api, mover.key), what="a match_found notice"))[0].data
        for issued in (mover, sleeper):  # both sit down; neither moves, so the clock runs out
            await api.join(found["match"], key=issued.key)
        server.step(300)

        async def rated() -> list[Any] | None:
            board = await api.leaderboard(ladder)
            return board if len(board) == 2 else None

        board = await until(rated, what="the forfeit rated")
        state = await api.state(found["match"])
        assert state.status == "finished" and state.outcome is not None
        assert state.outcome["reason"] == "forfeit"
        (loser,) = [s for s in range(2) if s not in state.outcome["winners"]]
        assert board[-1].account == state.accounts[loser] and (board[-1].games, board[-1].wins) == (1, 0)
        assert (board[0].games, board[0].wins) == (1, 1)


async def found_match(api: VorpalClient, key: str) -> list[Any]:
    return [n for n in await api.inbox(key) if n.kind == "match_found"]


@pytest.mark.anyio
async def test_bad_input_gets_stable_codes(ladder_server: ServerProcess) -> None:
    async with httpx.AsyncClient(base_url=ladder_server.url) as http, VorpalClient(ladder_server.url) as api:
        ladder = await new_ladder(api)
        key = (await api.register("twice")).key

        async def code(r: httpx.Response) -> tuple[int, str]:
            return r.status_code, r.json()["code"]

        queue = f"/v1/ladders/{ladder}/queue"
        assert (await http.post(queue, headers=bearer(key))).status_code == 201
        assert await code(await http.post(queue, headers=bearer(key))) == (409, "already_queued")
        assert (await http.delete(queue, headers=bearer(key))).status_code == 200
        assert await code(await http.delete(queue, headers=bearer(key))) == (409, "not_queued")
        assert await code(await http.post("/v1/ladders/NoSuchOne1/queue", headers=bearer(key))) == (
            404, "ladder_not_found")  # fmt: skip
        assert await code(await http.get("/v1/ladders/no.such")) == (404, "ladder_not_found")
        assert await code(await http.get("/v1/ladders/NoSuchOne1/leaderboard")) == (404, "ladder_not_found")
        assert await code(await http.post(queue)) == (401, "unauthorized")
        assert await code(await http.post(queue, headers=bearer("vpk_nonsense"))) == (401, "unauthorized")
        assert await code(await http.get(f"/v1/ladders/{ladder}/leaderboard?limit=0")) == (400, "bad_request")
        disabled = await api.register("disabled")
        await api.disable_account(disabled.account.id, ADMIN_KEY)
        assert await code(await http.post(queue, headers=bearer(disabled.key))) == (403, "account_disabled")
        body = {"name": "x", "game": "brillig", "seats": 2}
        assert await code(await http.post("/v1/admin/ladders", json=body)) == (401, "unauthorized")
        assert await code(await http.post("/v1/admin/ladders", json=body, headers=bearer(key))) == (403, "forbidden")
        refused = [({**body, "game": "nope"}, "unknown_game"), ({**body, "seats": 5}, "bad_options"),
                   ({**body, "surprise": 1}, "bad_request"), ({**body, "join_s": 0}, "bad_request")]  # fmt: skip
        for bad, expected in refused:
            r = await http.post("/v1/admin/ladders", json=bad, headers=ADMIN)
            assert (await code(r))[1] == expected, r.text
        listed = await api.ladders()
        assert ladder in [lad.id for lad in listed]


# -- exactly once, against a real Redis, with no HTTP -------------------------------------


@pytest.fixture
async def two_instances(own_redis: EmbeddedRedis) -> AsyncIterator[tuple[Ladders, Ladders, Matches]]:
    """The ladder service twice over one Redis, each with its own connections, as two instances have."""
    stores = [Store.from_url(own_redis.url) for _ in range(2)]
    services = []
    for store in stores:
        matches = Matches(CachingMatchStore(store), Settings())
        services.append(Ladders(RedisLadders(store.redis), matches, Inbox(RedisInbox(store.redis))))
    yield services[0], services[1], services[0].matches
    for store in stores:
        await store.close()


def account(name: str) -> Account:
    return Account(id=new_account_id(), name=name, kind=AccountKind.BOT, created=0, key_hash="x")


async def no_show(matches: Matches, came: Account, stayed: Account) -> Paired:
    """A ladder match in which ``came`` sat down and ``stayed`` never did, ended by the ladder."""
    summary = await matches.create("brillig", {}, 2, [], held=[came.id, stayed.id])
    await matches.join(summary.match, None, None, came)
    await matches.no_show(summary.match)
    return Paired(match=summary.match, accounts=[came.id, stayed.id], at=now_ms(), names=[came.name, stayed.name])


LADDER = Ladder(id="Once000001", name="once", game="brillig", seats=2, created=0)


@pytest.mark.anyio
async def test_a_match_is_rated_once_when_two_instances_settle_it_at_the_same_time(
    two_instances: tuple[Ladders, Ladders, Matches],
) -> None:
    one, other, matches = two_instances
    a, b = account("a"), account("b")
    paired = await no_show(matches, a, b)
    record, _ = await matches.store.load(paired.match)
    answers = await asyncio.gather(*(service.settle(LADDER, paired, record) for service in [one, other] * 4))
    assert sorted(answers) == [RateStatus.APPLIED] + [RateStatus.DONE] * 7
    ratings = await one.store.ratings(LADDER.id)
    assert {r.name: (r.games, r.wins) for r in ratings.values()} == {"a": (1, 1), "b": (1, 0)}
    assert len(await other.store.history(LADDER.id, a.id, 10)) == 1
    # Settling again later (an instance that saw the end late) changes nothing.
    assert await other.settle(LADDER, paired, record) is RateStatus.DONE
    assert await one.store.ratings(LADDER.id) == ratings


@pytest.mark.anyio
async def test_two_matches_of_one_account_rated_at_once_both_count(
    two_instances: tuple[Ladders, Ladders, Matches],
) -> None:
    one, other, matches = two_instances
    shared, x, y = account("shared"), account("x"), account("y")
    first, second = await no_show(matches, shared, x), await no_show(matches, shared, y)
    records = [(await matches.store.load(p.match))[0] for p in (first, second)]
    answers = await asyncio.gather(one.settle(LADDER, first, records[0]), other.settle(LADDER, second, records[1]))
    assert answers == [RateStatus.APPLIED, RateStatus.APPLIED]  # the later one read again and applied over the first
    rating = (await one.store.ratings(LADDER.id, [shared.id]))[shared.id]
    assert (rating.games, rating.wins) == (2, 2)
    history = await one.store.history(LADDER.id, shared.id, 10)
    assert sorted(h.match for h in history) == sorted([first.match, second.match])
    assert history[-1].mu == rating.mu


def test_every_ladder_route_is_in_the_openapi_document() -> None:
    from server.web import ladders as ladder_web
    from server.web.app import create_app
    from server.web.openapi import document

    doc = document(create_app().routes)
    paths = doc["paths"]
    for route in ladder_web.routes:
        assert route.methods is not None
        for method in route.methods - {"HEAD"}:
            assert method.lower() in paths[route.path], f"{method} {route.path}"
    assert "CreateLadder" in doc["components"]["schemas"]


@pytest.mark.anyio
async def test_a_ladder_plays_by_the_games_house_rules_unless_its_creator_sets_them(
    two_instances: tuple[Ladders, Ladders, Matches],
) -> None:
    """Issue 44: Gyre can loop for ever; its turn limit and repetition draw are on in rated play by default."""
    one, _, _ = two_instances
    ladder = await one.create(LadderSpec(name="gyre", game="gyre", seats=2))
    assert ladder.options == {"turn_limit": 300, "repetition": 3}
    ladder = await one.create(LadderSpec(name="gyre", game="gyre", seats=2, options={"repetition": None}))
    assert ladder.options == {"turn_limit": 300, "repetition": None}
    assert (await one.create(LadderSpec(name="b", game="brillig", seats=2))).options == {}


@pytest.mark.anyio
async def test_a_ladder_whose_bot_dies_never_hangs(own_redis: EmbeddedRedis) -> None:
    """Issue 42, finding 3: a ladder made without a time control (as the README's example is) hung for ever
    when a bot died: its match stayed active with no clock. Now it has the default clock, the dead seat
    forfeits at its third timeout in a row, and the match is rated. The survivor is played by the test,
    move by move; the clock is stepped only when the dead seat alone is waited on. On a Redis of its own: an
    instance on the wall clock (this module's other server) would otherwise lease the match and wait out its
    minute-long deadlines in real time."""
    async with InProcessServer(own_redis.url, admin_key=ADMIN_KEY) as server, VorpalClient(server.url) as api:
        made = await api.create_ladder(ADMIN_KEY, "no clock given", "brillig", 2, widen_per_s=5.0)
        assert made.time_control is not None and made.time_control["kind"] == "per_decision"
        survivor, dead = (await api.register("survivor")), (await api.register("dead"))
        for issued in (survivor, dead):
            await api.join_queue(made.id, issued.key)
        found = (await until(lambda: found_match(api, dead.key), what="a match_found notice"))[0].data
        mine = await api.join(found["match"], key=survivor.key)
        await api.join(found["match"], key=dead.key)  # it sits down, then dies: it never moves
        dead_seat = 1 - mine.seat

        async def over() -> bool:
            now = await api.state(found["match"], mine.token)
            if now.status != "active":
                return True
            if mine.seat in now.to_act and now.legal:
                move = now.legal[0]
                await api.move(found["match"], mine.token, move, version=now.version, move_id=f"v{now.version}")
                return False
            record, _ = await server.services.matches.store.load(found["match"])
            deadlines = {} if record.clock is None else record.clock.deadlines
            if set(deadlines) == {dead_seat}:  # only the dead seat is waited on: its time runs out
                server.step(max(0, deadlines[dead_seat] - server.clock()))
            return False

        await until(over, what="the dead bot's match to end")
        state = await api.state(found["match"])
        assert state.status == "finished" and state.bots[dead_seat]  # it forfeited on time
        assert state.outcome is not None and state.outcome["winners"] == [mine.seat]

        async def rated() -> list[Any] | None:
            board = await api.leaderboard(made.id)
            return board if len(board) == 2 else None

        board = await until(rated, what="the match rated")
        assert board[0].account == survivor.account.id and (board[0].games, board[0].wins) == (1, 1)
        assert (await api.ladder_status(made.id, survivor.key)).matches == []  # free to queue again
