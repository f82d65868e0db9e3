"""The lobby over REST: listing matches by game and status, newest first, page by page, and what a listing shows;
the indexes behind it, repaired when a write to them failed and rid of the matches Redis expired."""

from __future__ import annotations

import asyncio
import secrets
import time
from typing import Any

import httpx
import pytest
import redis.asyncio as aioredis
from vorpal_client import VorpalClient

from server.config import Settings
from server.domain.accounts import Account, AccountKind
from server.domain.clocks import TimeControl
from server.domain.delay import SpectatorDelay
from server.domain.ids import new_account_id
from server.domain.matches import Matches
from server.domain.record import LobbyCursor, MatchList, MatchRecord
from server.domain.status import MatchStatus
from server.store import Store
from server.store.cached import CachingMatchStore
from server.store.connection import ClientConnection
from server.store.embedded import EmbeddedRedis
from server.store.keys import LOBBY_EXPIRY, LOBBY_UNSEEN_ENDS, lobby_index, match_keys
from tests.support.servers import ServerProcess

pytestmark = pytest.mark.anyio


async def test_matches_are_listed_by_game_and_status(server: ServerProcess) -> None:
    async with httpx.AsyncClient(base_url=server.url) as api:
        brillig = (await api.post("/v1/matches", json={"game": "brillig", "seats": 2})).json()["match"]
        tabby = (await api.post("/v1/matches", json={"game": "tabby_tumble", "seats": 3, "bots": [2]})).json()
        await api.post(f"/v1/matches/{tabby['match']}/join", json={"seat": 0, "name": "ann"})

        open_brillig = (await api.get("/v1/matches", params={"game": "brillig", "status": "open"})).json()["matches"]
        assert brillig in [m["match"] for m in open_brillig]
        assert {m["game"] for m in open_brillig} == {"brillig"}

        listed = (await api.get("/v1/matches", params={"game": "tabby_tumble"})).json()["matches"]
        mine = next(m for m in listed if m["match"] == tabby["match"])
        assert mine["names"] == ["ann", None, "bot-2"] and mine["open_seats"] == [1] and mine["status"] == "open"

        r = await api.get("/v1/matches", params={"status": "paused"})
        assert r.status_code == 400 and r.json()["code"] == "bad_request"
        r = await api.get("/v1/matches", params={"game": "chess"})
        assert r.status_code == 404 and r.json()["code"] == "unknown_game"


async def test_the_whole_lobby_lists_the_newest_first(matches: Matches) -> None:
    """Unfiltered, on a Redis of its own (the lifecycle in process): on the shared one, a match another test's
    tournament or ladder makes meanwhile may be the newest."""
    made = [
        (await matches.create(game, None, seats, [])).model_dump(mode="json")
        for game, seats in (("brillig", 2), ("tabby_tumble", 3), ("gimble", 2))
    ]
    order = newest_first(made)
    first = await matches.list_matches(None, None, 2)
    assert [m.match for m in first.validated().matches] == order[:2] and first.next is not None
    whole = await matches.list_matches(None, None, 50)
    assert [m.match for m in whole.validated().matches] == order and whole.next is None


async def test_bot_seats_are_taken_at_creation_without_a_version_or_an_event(server: ServerProcess) -> None:
    async with httpx.AsyncClient(base_url=server.url) as api:
        created = (await api.post("/v1/matches", json={"game": "jabberwocky", "seats": 3, "bots": [1]})).json()
        match = created["match"]
        assert (created["version"], created["names"]) == (0, [None, "bot-1", None])
        assert (created["bots"], created["open_seats"]) == ([False, True, False], [0, 2])
        assert (await api.get(f"/v1/matches/{match}/events")).json()["events"] == []
        await api.post(f"/v1/matches/{match}/join", json={})  # no name: player-<seat>
        await api.post(f"/v1/matches/{match}/join", json={"name": "cy"})
        log = (await api.get(f"/v1/matches/{match}/events")).json()["events"]
        assert [(e["version"], e["event"]["public"]) for e in log[:2]] == [
            (1, {"type": "joined", "seat": 0, "name": "player-0", "started": False}),
            (2, {"type": "joined", "seat": 2, "name": "cy", "started": True}),
        ]  # fmt: skip
        all_bots = (await api.post("/v1/matches", json={"game": "jabberwocky", "seats": 3, "bots": [0, 1, 2]})).json()
        assert (all_bots["status"], all_bots["version"]) == ("active", 0)  # started at creation, by no event


async def test_the_first_deal_happens_at_creation_and_a_seat_sees_its_hand_on_joining(server: ServerProcess) -> None:
    async with httpx.AsyncClient(base_url=server.url) as api:
        match = (await api.post("/v1/matches", json={"game": "jabberwocky", "seats": 3})).json()["match"]
        token = (await api.post(f"/v1/matches/{match}/join", json={})).json()["token"]
        seat = (await api.get(f"/v1/matches/{match}", headers={"Authorization": f"Bearer {token}"})).json()
        assert seat["status"] == "open" and len(seat["view"]["private"]["hand"]) == 3  # round 1 deals 3 cards
        spectator = (await api.get(f"/v1/matches/{match}")).json()
        assert "private" not in spectator["view"] and spectator["view"]["public"]["hand_size"] == 3
        for _ in range(2):
            await api.post(f"/v1/matches/{match}/join", json={})
        log = (await api.get(f"/v1/matches/{match}/events", headers={"Authorization": f"Bearer {token}"})).json()
        assert [e["event"] for e in log["events"]] == [
            {"public": {"type": "joined", "seat": s, "name": f"player-{s}", "started": s == 2}} for s in range(3)
        ]  # no event deals: the hand is in the seat's view from the start
        started = (await api.get(f"/v1/matches/{match}", headers={"Authorization": f"Bearer {token}"})).json()
        assert started["status"] == "active" and started["view"]["private"] == seat["view"]["private"]


async def test_leaving_tells_the_status_after_it_and_an_aborted_match_has_no_outcome(server: ServerProcess) -> None:
    async with VorpalClient(server.url) as api:
        match = (await api.create_match("jabberwocky", 3)).match
        ann, bob = await api.join(match), await api.join(match)
        assert (await api.leave(match, ann.token)).status == "open"
        left = await api.leave(match, bob.token)
        assert (left.match, left.seat, left.left, left.status) == (match, 1, True, "aborted")
        state = await api.state(match)
        assert (state.status, state.outcome) == ("aborted", None)


# -- pages, filters and the indexes (server/store/keys.py) ----------------------------------------


async def create(api: httpx.AsyncClient, game: str, seats: int, **extra: Any) -> dict[str, Any]:
    r = await api.post("/v1/matches", json={"game": game, "seats": seats, **extra})
    assert r.status_code == 201, r.text
    created: dict[str, Any] = r.json()
    return created


async def page(api: httpx.AsyncClient, **params: Any) -> tuple[list[str], str | None]:
    r = await api.get("/v1/matches", params=params)
    assert r.status_code == 200, r.text
    MatchList.model_validate_json(r.content)  # the script's JSON, passed through, is the published shape
    body = r.json()
    return [m["match"] for m in body["matches"]], body["next"]


def newest_first(summaries: list[dict[str, Any]]) -> list[str]:
    """The lobby's order: by creation time, newest first; matches created in the same ms by id, last first."""
    return [m["match"] for m in sorted(summaries, key=lambda m: (m["created"], m["match"]), reverse=True)]


async def test_pages_follow_on_from_their_cursor_whatever_is_created_or_started_meanwhile(
    server: ServerProcess,
) -> None:
    async with httpx.AsyncClient(base_url=server.url) as api:
        made = [await create(api, "brillig", 2) for _ in range(7)]
        order = newest_first(made)
        query = {"game": "brillig", "status": "open", "limit": 3}
        first, cursor = await page(api, **query)
        assert first == order[:3] and cursor is not None

        newer = await create(api, "brillig", 2)  # created between two pages: before the cursor
        for _ in range(2):  # a match already listed starts: it leaves the open matches
            await api.post(f"/v1/matches/{order[1]}/join", json={})
        second, cursor = await page(api, **query, cursor=cursor)
        assert second == order[3:6] and cursor is not None
        third, _ = await page(api, **query, cursor=cursor)
        assert third[0] == order[6] and not set(third) & {newer["match"], *order[:6]}

        again, _ = await page(api, **query)
        assert again == [newer["match"], order[0], order[2]]

        r = await api.get("/v1/matches", params={"cursor": "not-a-cursor"})
        assert r.status_code == 400 and r.json()["code"] == "bad_request"


async def test_the_last_page_has_no_next_cursor(server: ServerProcess) -> None:
    async with httpx.AsyncClient(base_url=server.url) as api:
        made = {(await create(api, "brillig", 2))["match"] for _ in range(3)}
        seen: list[str] = []
        cursor: str | None = None
        for _ in range(10_000):  # every brillig match, 2 at a time
            ids, cursor = await page(api, game="brillig", limit=2, **({"cursor": cursor} if cursor else {}))
            seen += ids
            if cursor is None:
                break
        assert len(seen) == len(set(seen)) and made <= set(seen) and cursor is None


async def test_every_combination_of_game_and_status_lists_exactly_its_matches(server: ServerProcess) -> None:
    async with httpx.AsyncClient(base_url=server.url) as api:
        mine: dict[str, tuple[str, str]] = {}  # match -> (game, status)

        async def make(game: str, seats: int, joins: int = 0, leave: bool = False, **extra: Any) -> None:
            match = (await create(api, game, seats, **extra))["match"]
            tokens = [(await api.post(f"/v1/matches/{match}/join", json={})).json()["token"] for _ in range(joins)]
            if leave:
                for token in tokens:
                    await api.post(f"/v1/matches/{match}/leave", headers={"Authorization": f"Bearer {token}"})
            mine[match] = (game, (await api.get(f"/v1/matches/{match}")).json()["status"])

        await make("jabberwocky", 3)
        await make("jabberwocky", 3, joins=3)
        await make("jabberwocky", 3, joins=1, leave=True)
        await make("brillig", 2)
        await make("brillig", 2, joins=2)
        finished = (await create(api, "brillig", 2, bots=[0, 1]))["match"]
        for _ in range(600):  # the server's bots play it to the end
            if (await api.get(f"/v1/matches/{finished}")).json()["status"] == "finished":
                break
            await asyncio.sleep(0.05)
        mine[finished] = ("brillig", "finished")
        assert sorted(s for _, s in mine.values()) == ["aborted", "active", "active", "finished", "open", "open"]

        for game in (None, "jabberwocky", "brillig"):
            for status in (None, "open", "active", "finished", "aborted"):
                params = {k: v for k, v in {"game": game, "status": status, "limit": 500}.items() if v is not None}
                listed = (await api.get("/v1/matches", params=params)).json()["matches"]
                assert all((game or m["game"], status or m["status"]) == (m["game"], m["status"]) for m in listed)
                expected = {m for m, (g, s) in mine.items() if game in (None, g) and status in (None, s)}
                assert {m["match"] for m in listed} & set(mine) == expected, (game, status)


async def test_an_index_left_wrong_by_a_failed_write_is_repaired(
    server: ServerProcess, redis: aioredis.Redis, store: Store
) -> None:
    async with httpx.AsyncClient(base_url=server.url) as api:
        made = await create(api, "brillig", 2)
        match, created = made["match"], made["created"]
        for _ in range(2):
            await api.post(f"/v1/matches/{match}/join", json={})
        assert await redis.zscore(lobby_index("active", "brillig"), match) == created

        # The join that started it committed, but moving it in the indexes failed: they still say open.
        await redis.zrem(lobby_index("active", "brillig"), match)
        await redis.zrem(lobby_index("active"), match)
        await redis.zadd(lobby_index("open", "brillig"), {match: created})
        await redis.zadd(lobby_index("open"), {match: created})
        assert match not in (await page(api, game="brillig", status="open", limit=500))[0]  # the record says active
        assert await redis.zscore(lobby_index("open", "brillig"), match) is None  # and the listing moved it
        assert match in (await page(api, game="brillig", status="active", limit=500))[0]

        # An index lost whole (the upkeep's walk over the others puts it back), and an entry with no match.
        await redis.delete(lobby_index("active", "brillig"))
        ghost = "ghost0000000000000000000"
        await redis.zadd(lobby_index("open", "brillig"), {ghost: created})
        assert match not in (await page(api, game="brillig", status="active", limit=500))[0]
        assert ghost not in (await page(api, game="brillig", status="open", limit=500))[0]
        assert await redis.zscore(lobby_index("open", "brillig"), ghost) is None
        await store.repair_lobby(batch=await redis.zcard(lobby_index()) + 1)  # the walk: the index of all matches
        assert match in (await page(api, game="brillig", status="active", limit=500))[0]

        # An index garbled into another type: it lists nothing, is dropped, and the walk fills it again.
        await redis.set(lobby_index("active", "brillig"), "garbage")
        assert (await page(api, game="brillig", status="active", limit=500))[0] == []
        assert await redis.type(lobby_index("active", "brillig")) == b"none"
        await store.repair_lobby(batch=await redis.zcard(lobby_index()) + 1)
        assert match in (await page(api, game="brillig", status="active", limit=500))[0]
        await redis.set(lobby_index("active"), "garbage")  # a write to it mends it too
        other = (await create(api, "brillig", 2))["match"]
        for _ in range(2):
            await api.post(f"/v1/matches/{other}/join", json={})
        assert other in (await page(api, status="active", limit=500))[0]


async def test_an_expired_match_leaves_the_indexes_and_a_live_one_gets_its_new_expiry(
    server: ServerProcess, redis: aioredis.Redis, store: Store
) -> None:
    async with httpx.AsyncClient(base_url=server.url) as api:
        gone, kept = (await create(api, "brillig", 2))["match"], (await create(api, "brillig", 2))["match"]
        record = match_keys(gone)[0]
        assert 3500 < await redis.ttl(record) <= 3600  # VORPAL_OPEN_TTL_S: nobody joined, it goes in an hour
        await redis.pexpire(record, 1)
        while await redis.exists(record):  # Redis's own expiry (an access expires a key past its time)
            await asyncio.sleep(0.001)
        assert gone not in (await page(api, game="brillig", limit=500))[0]  # a listing skips (and drops) it

        # Their time in the expiry index passes: the gone one is dropped, the live one kept, with its new time.
        await redis.zadd(lobby_index("open", "brillig"), {gone: 1})
        await redis.zadd(LOBBY_EXPIRY, {gone: 1, kept: 1})
        await store.repair_lobby(batch=10)
        assert await redis.zscore(LOBBY_EXPIRY, gone) is None and await redis.zscore(lobby_index("open"), gone) is None
        expires = await redis.zscore(LOBBY_EXPIRY, kept)
        assert expires is not None and expires > (time.time() + 3500) * 1000
        assert kept in (await page(api, game="brillig", status="open", limit=500))[0]


def steps_store(redis_server: EmbeddedRedis) -> Store:
    """A store on the same Redis through redis-py, taking a cluster's path (no script reads other slots)."""
    steps = ClientConnection(aioredis.Redis.from_url(redis_server.url, protocol=2))
    return Store(steps, aioredis.Redis.from_url(redis_server.url))


async def test_one_redis_and_a_cluster_list_the_same_pages(server: ServerProcess, redis_server: EmbeddedRedis,
                                                           store: Store) -> None:  # fmt: skip
    """One Redis answers a page in one script (``lobby_page.lua``), a cluster in two steps: the same page."""
    async with httpx.AsyncClient(base_url=server.url) as api:
        match = (await create(api, "jabberwocky", 3, bots=[1]))["match"]
        await api.post(f"/v1/matches/{match}/join", json={"name": "ann"})
        for _ in range(22):
            await create(api, "jabberwocky", 3)
    in_steps = steps_store(redis_server)
    try:
        # Open matches: no bot changes them between the two readings.
        for game, status in [(None, MatchStatus.OPEN), ("jabberwocky", MatchStatus.OPEN)]:
            after = None
            for _ in range(3):
                one = (await store.page(game, status, 7, after)).validated()
                two = (await in_steps.page(game, status, 7, after)).validated()
                assert one == two and len(one.matches) == 7 and one.next == str(LobbyCursor.of(one.matches[6]))
                after = LobbyCursor.parse(one.next)
            rest = (await store.page(game, status, 500, after)).validated()  # the last page: no cursor
            assert rest == (await in_steps.page(game, status, 500, after)).validated() and rest.next is None
        mine = next(m for m in (await store.page("jabberwocky", MatchStatus.OPEN, 50)).validated().matches
                    if m.match == match)  # fmt: skip
        assert (mine.names, mine.bots, mine.open_seats, mine.accounts) == (
            ["ann", "bot-1", None], [False, True, False], [2], [None, None, None])  # fmt: skip
        # A record stored before the open seats and the accounts were: the script works them out.
        await store.redis.hdel(match_keys(match)[0], "open_seats", "accounts")
        assert (await store.page("jabberwocky", MatchStatus.OPEN, 50)).validated() == (
            await in_steps.page("jabberwocky", MatchStatus.OPEN, 50)).validated()  # fmt: skip
        assert mine in (await store.page("jabberwocky", MatchStatus.OPEN, 50)).validated().matches
    finally:
        await in_steps.close()


async def test_a_stored_match_that_cannot_be_read_is_left_out_of_every_page(
    server: ServerProcess, redis_server: EmbeddedRedis, redis: aioredis.Redis, store: Store,
    caplog: pytest.LogCaptureFixture,
) -> None:  # fmt: skip
    """A status from a newer server, or a hash written by hand: the page is the others, the same on both paths."""
    async with httpx.AsyncClient(base_url=server.url) as api:
        good = [(await create(api, "borogoves", 2))["match"] for _ in range(3)]
        garbled = [(await create(api, "borogoves", 2))["match"] for _ in range(4)]
        try:
            await redis.hset(match_keys(garbled[0])[0], "status", "mislaid")
            for match, field in zip(garbled[1:], ("version", "names", "bots"), strict=True):
                await redis.hdel(match_keys(match)[0], field)

            for params in ({"game": "borogoves"}, {"game": "borogoves", "status": "open"}, {}, {"status": "open"}):
                listed = (await page(api, limit=500, **params))[0]  # 200, and the published shape
                assert set(good) <= set(listed) and not set(garbled) & set(listed), params
            first, cursor = await page(api, game="borogoves", limit=2)  # pages still follow on, past them
            second = (await page(api, game="borogoves", limit=2, cursor=cursor))[0]
            assert first == good[:0:-1] and second[:1] == good[:1]

            in_steps = steps_store(redis_server)
            try:
                for status in (None, MatchStatus.OPEN):
                    one = (await store.page("borogoves", status, 500)).validated()
                    assert one == (await in_steps.page("borogoves", status, 500)).validated()
                    assert [m.match for m in one.matches if m.match in good + garbled] == good[::-1]
            finally:
                await in_steps.close()
            await store.repair_lobby(batch=await redis.zcard(lobby_index()) + 1)  # the upkeep walks past them
            assert "stored matches it cannot read" in caplog.text  # and says so, once in a while
            assert await redis.zscore(lobby_index("open", "borogoves"), garbled[0]) is not None  # left as it is
        finally:  # the session's later servers share this Redis: their lobby upkeep would warn of these
            await redis.delete(*(match_keys(m)[0] for m in garbled))


async def test_a_delayed_match_is_listed_as_its_spectators_see_it(redis_server: EmbeddedRedis, store: Store) -> None:
    """Issue 43, finding 3: the lobby showed a delayed match's last version, status and outcome at once."""
    matches = Matches(CachingMatchStore(store), Settings())
    ada, bob = (Account(id=new_account_id(), name=n, kind=AccountKind.BOT, created=0, key_hash="x") for n in "ab")
    summary = await matches.create("gimble", None, 2, [], TimeControl(kind="per_decision", limit_ms=600_000),
                                   held=[ada.id, bob.id], clock_from_creation=True,
                                   spectator_delay=SpectatorDelay(seconds=120))  # fmt: skip
    mid = summary.match
    record = await play_out(matches, mid, [(await matches.join(mid, None, None, who))["token"] for who in (ada, bob)])
    assert record.status is MatchStatus.FINISHED and record.outcome is not None

    in_steps = steps_store(redis_server)
    try:
        for path in (store, in_steps):
            page = await path.page("gimble", None, 500)
            assert mid in page.delayed and b'{"match":"%s","delayed":true}' % mid.encode() in page.summaries
    finally:
        await in_steps.close()

    shown = next(m for m in (await matches.list_matches("gimble", None, 500)).validated().matches if m.match == mid)
    assert (shown.version, shown.status, shown.outcome, shown.updated) == (0, MatchStatus.ACTIVE, None,
                                                                           record.created)  # fmt: skip
    finished = (await matches.list_matches(None, MatchStatus.FINISHED, 500)).validated().matches
    assert mid not in [m.match for m in finished]  # not under a status its spectators have not seen
    admin = (await matches.list_matches(None, MatchStatus.FINISHED, 500, spectator=False)).validated().matches
    assert next(m for m in admin if m.match == mid) == record.summary()  # an admin sees it as it is

    # /metrics counts it active until its spectators see the end (vorpal_active_matches{game}).
    seen_at = record.updated + 120_000
    assert await store.redis.zscore(LOBBY_UNSEEN_ENDS, f"gimble:{mid}") == seen_at
    before, after = await store.unseen_ends(seen_at - 1), await store.unseen_ends(seen_at)
    assert before["gimble"] >= 1 and before["gimble"] - after.get("gimble", 0) >= 1
    assert await store.redis.zscore(LOBBY_UNSEEN_ENDS, f"gimble:{mid}") is None  # dropped once seen

    # Under a status, a spectator finds a delayed match only once its view has ended: never under active,
    # which it would leave at its end (a match delayed by moves shows its end at once).
    late = await matches.create("gimble", None, 2, [], TimeControl(kind="per_decision", limit_ms=600_000),
                                held=[ada.id, bob.id], clock_from_creation=True,
                                spectator_delay=SpectatorDelay(moves=2))  # fmt: skip
    seats = [(await matches.join(late.match, None, None, who))["token"] for who in (ada, bob)]
    active = (await matches.list_matches("gimble", MatchStatus.ACTIVE, 500)).validated().matches
    assert late.match not in [m.match for m in active]
    assert late.match in [m.match for m in (await matches.list_matches("gimble", None, 500)).validated().matches]
    as_admin = await matches.list_matches("gimble", MatchStatus.ACTIVE, 500, spectator=False)
    assert late.match in [m.match for m in as_admin.validated().matches]
    ended = await play_out(matches, late.match, seats)
    finished = (await matches.list_matches("gimble", MatchStatus.FINISHED, 500)).validated().matches
    assert next(m for m in finished if m.match == late.match) == ended.summary()


async def play_out(matches: Matches, mid: str, tokens: list[str]) -> MatchRecord:
    """Each seat to act plays its first legal move until the match ends; the ended record."""
    record, _ = await matches.store.load(mid)
    while record.status is MatchStatus.ACTIVE:
        for token in tokens:
            legal = await matches.legal(mid, token)
            if legal["moves"]:
                await matches.move(mid, token, secrets.token_hex(8), legal["version"], legal["moves"][0])
                break
        record, _ = await matches.store.load(mid)
    return record
