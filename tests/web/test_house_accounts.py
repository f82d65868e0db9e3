"""House accounts: AI players of fixed levels, entered in ladders and tournaments as rating anchors.

A house account (``house-<level>``) exists without anyone signing up, and nobody signs in as it. An
admin enters one in a ladder's queue, where it waits for good: a player who queues is paired with
it, an AI plays its seat (the bot service for level 2, here in the test's own process; the web tier
for level 1), and the match is rated like any other. An organiser registers one in a tournament,
and its results count like anyone's. On stepped clocks: no deadline passes, so nothing here
depends on how fast the machine plays.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import httpx
import pytest
from vorpal_client import VorpalClient, play_tournament, random_strategy
from vorpal_client.ladder import play_ladder

from server.domain.house import house_account, house_level, house_seats
from server.domain.ladders import Candidate, Window, pair
from server.store import Store
from server.store.embedded import EmbeddedRedis
from tests.support.bots import bot_service
from tests.support.inprocess import InProcessServer
from tests.support.servers import ADMIN_KEY

pytestmark = pytest.mark.anyio

ADMIN = {"Authorization": f"Bearer {ADMIN_KEY}"}
CLOCK = {"kind": "per_decision", "limit_ms": 5000, "on_timeout": "default_move"}


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


async def code(r: httpx.Response) -> tuple[int, str]:
    return r.status_code, r.json().get("code", "")


async def until(check: Callable[[], Awaitable[Any]], *, bound_s: float = 60.0, what: str = "a condition") -> Any:
    """Look again every 0.1 s until ``check()`` gives something truthy; fail past ``bound_s``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + bound_s
    while loop.time() < deadline:
        found = await check()
        if found:
            return found
        await asyncio.sleep(0.1)
    raise AssertionError(f"gave up waiting for {what}")


# -- what a house account is -------------------------------------------------------------


def test_a_house_account_is_named_by_its_level_and_only_its_level() -> None:
    assert house_account(3).id == "house-3" and house_account(3).name == "House bot, level 3 (club)"
    assert house_account(1).name == "House bot, level 1 (random)"
    assert [house_level(a) for a in ("house-2", "house-5", "house-02", "house-9", "house-", "Abc123Abc123", None)] == [
        2, 5, None, None, None, None, None]  # fmt: skip
    assert house_seats(["Abc123Abc123", "house-4", None]) == {1: 4}


def test_a_house_account_joins_a_group_but_never_anchors_one() -> None:
    """Waiting for good, it would always anchor, with a window wide enough for anyone; two would play for ever."""
    now, window = 1_000_000, Window(base=2.0, per_s=0.5)
    old = now - 3_600_000  # an hour in the queue: its window, were it an anchor, reaches every rating
    houses = [Candidate("house-2", 20.0, old, house=True), Candidate("house-5", 40.0, old, house=True)]
    assert pair(houses, 2, now, window) == []  # house accounts alone never play each other
    player = Candidate("player", 39.0, now)
    assert pair([*houses, player], 2, now, window) == [("player", "house-5")]  # the nearest, in the player's window
    newcomer = Candidate("newcomer", 30.0, now)
    assert pair([*houses, newcomer], 2, now, window) == []  # out of its window (for now): no pairing by the house's


async def test_house_accounts_are_listed_and_nobody_signs_in_as_one(own_redis: EmbeddedRedis) -> None:
    async with (
        InProcessServer(own_redis.url, admin_key=ADMIN_KEY) as server,
        httpx.AsyncClient(base_url=server.url) as http,
    ):
        r = await http.get("/v1/accounts/house")
        assert r.status_code == 200
        listed = r.json()["accounts"]
        assert [(a["id"], a["level"], a["kind"]) for a in listed] == [(f"house-{n}", n, "bot") for n in range(1, 6)]
        assert listed[2]["name"] == "House bot, level 3 (club)"
        async with VorpalClient(server.url) as api:  # the SDK reads them as they are
            assert [a.model_dump() for a in await api.house_accounts()] == listed
        # No key names a house account, and no form of one gets in: a key names a 12-letter account id.
        for key in ("vpk_house-3_" + "x" * 43, "house-3", "vpk_house3house3_" + "x" * 43):
            assert await code(await http.get("/v1/accounts/me", headers=bearer(key))) == (401, "unauthorized")
            assert await code(await http.post("/v1/accounts/me/key", headers=bearer(key))) == (401, "unauthorized")
        # Nor is one disabled (take it out of the ladder instead): it is no stored account.
        r = await http.post("/v1/admin/accounts/house-3/disable", headers=ADMIN)
        assert await code(r) == (404, "account_not_found")
        stored = (await http.get("/v1/admin/accounts", headers=ADMIN)).json()["accounts"]
        assert all(not a["id"].startswith("house-") for a in stored)


# -- ladders -----------------------------------------------------------------------------


async def test_a_house_bot_anchors_a_ladder_its_ai_plays_and_both_are_rated(
    own_redis: EmbeddedRedis, own_store: Store
) -> None:
    """A player queues on a ladder where house-2 waits: it is paired with it twice (the house account stays in
    the queue), the bot service plays the house seat, and both matches are rated for both."""
    async with (
        InProcessServer(own_redis.url, admin_key=ADMIN_KEY) as server,
        VorpalClient(server.url) as api,
        httpx.AsyncClient(base_url=server.url) as http,
        bot_service(server, own_store, instance="house-bots") as bots,
    ):
        # A window that reaches every rating: the clock is stepped, so no window widens with waiting.
        ladder = (await api.create_ladder(ADMIN_KEY, "anchored", "brillig", 2, window=100.0)).id
        entered = await api.enter_house(ladder, 2, ADMIN_KEY)
        assert entered == {"ladder": ladder, "account": "house-2", "queued": True, "since": server.clock()}
        player = await api.register("player")
        games: list[tuple[str, int, dict[str, Any]]] = []
        played = await asyncio.wait_for(play_ladder(server.url, ladder, player.key, strategy=random_strategy(7),
                                                    matches=2, poll_s=0.1,
                                                    on_match=lambda m, s, f: games.append((m, s, f))), 120)  # fmt: skip
        assert played == 2 and len({m for m, _, _ in games}) == 2
        for match, seat, final in games:
            record, _ = await server.services.matches.store.load(match)
            house = 1 - seat
            assert record.status.ended and final["status"] == "finished"
            assert (record.bots, record.levels[house], record.accounts[house]) == (
                [s == house for s in range(2)], 2, "house-2")  # fmt: skip
            assert record.names[house] == "House bot, level 2 (novice)"
            assert record.accounts[seat] == player.account.id and record.played_out() == {0, 1}
        assert bots.decisions > 0  # the house seat's moves were the bot service's

        async def rated() -> list[Any] | None:
            board = await api.leaderboard(ladder)
            return board if sum(r.games for r in board) == 4 else None

        board = await until(rated, what="both matches rated")
        assert {r.account: (r.games, r.name) for r in board} == {
            "house-2": (2, "House bot, level 2 (novice)"), player.account.id: (2, "player")}  # fmt: skip
        history = (await http.get(f"/v1/ladders/{ladder}/accounts/house-2/history")).json()["history"]
        assert sorted(h["match"] for h in history) == sorted(m for m, _, _ in games)
        # Still in the queue for the next player; nothing was kept where nobody can read it (no key names it).
        queue = await server.services.ladders.store.queue(ladder)
        assert [w.account for w in queue] == ["house-2"]
        assert await server.services.inbox.read("house-2") == []
        assert await server.services.matches.store.account_matches("house-2", 10) == []  # nor a list of its matches
        assert len(await server.services.matches.store.account_matches(player.account.id, 10)) == 2
        # An admin takes it out; then it is not there to take out.
        assert await api.remove_house(ladder, 2, ADMIN_KEY) == {"ladder": ladder, "account": "house-2", "queued": False}
        assert await server.services.ladders.store.queue(ladder) == []
        assert await code(await http.delete(f"/v1/admin/ladders/{ladder}/house/2", headers=ADMIN)) == (
            409, "not_queued")  # fmt: skip


async def test_entering_a_house_bot_in_a_ladder_refuses_bad_input(own_redis: EmbeddedRedis) -> None:
    async with (
        InProcessServer(own_redis.url, admin_key=ADMIN_KEY) as server,
        VorpalClient(server.url) as api,
        httpx.AsyncClient(base_url=server.url) as http,
    ):
        ladder = (await api.create_ladder(ADMIN_KEY, "refusals", "brillig", 2)).id
        house = f"/v1/admin/ladders/{ladder}/house"
        key = (await api.register("someone")).key
        refused = [
            (house, {"level": 9}, ADMIN, (404, "account_not_found")),  # no house account of that level
            (house, {"level": 0}, ADMIN, (404, "account_not_found")),
            (house, {"level": "2"}, ADMIN, (400, "bad_request")),
            (house, {"level": 2, "more": 1}, ADMIN, (400, "bad_request")),
            (house, {"level": 2}, bearer(key), (403, "forbidden")),  # only an admin administers a ladder
            (house, {"level": 2}, {}, (401, "unauthorized")),
            ("/v1/admin/ladders/NoSuchOne1/house", {"level": 2}, ADMIN, (404, "ladder_not_found")),
        ]
        for path, body, headers, expected in refused:
            assert await code(await http.post(path, json=body, headers=headers)) == expected, (body, headers)
        assert await server.services.ladders.store.queue(ladder) == []  # nothing changed
        assert (await http.post(house, json={"level": 1}, headers=ADMIN)).status_code == 201
        assert await code(await http.post(house, json={"level": 1}, headers=ADMIN)) == (409, "already_queued")
        for path, expected in [(f"{house}/9", (404, "account_not_found")), (f"{house}/x", (400, "bad_request")),
                               (f"{house}/3", (409, "not_queued"))]:  # fmt: skip
            assert await code(await http.delete(path, headers=ADMIN)) == expected, path
        assert await code(await http.delete(f"{house}/1", headers=bearer(key))) == (403, "forbidden")
        assert [w.account for w in await server.services.ladders.store.queue(ladder)] == ["house-1"]


# -- tournaments -------------------------------------------------------------------------


async def test_a_tournament_with_house_entrants_plays_to_its_end(own_redis: EmbeddedRedis, own_store: Store) -> None:
    """A round robin of a player, house-1 (the web tier's random bot) and house-2 (the bot service's search):
    every match is played, the house accounts' against each other too, and the standings count them all."""
    async with (
        InProcessServer(own_redis.url, admin_key=ADMIN_KEY) as server,
        VorpalClient(server.url) as api,
        httpx.AsyncClient(base_url=server.url) as http,
        bot_service(server, own_store, instance="house-bots"),
    ):
        organiser, player = await api.register("organiser"), await api.register("player")
        t = await api.create_tournament(organiser.key, "house cup", "brillig", format="round_robin",
                                        time_control=CLOCK)  # fmt: skip
        r = await http.post(f"/v1/tournaments/{t.id}/house", json={"level": 1}, headers=bearer(organiser.key))
        assert r.status_code == 201, r.text
        await api.enter_house_in_tournament(t.id, 2, organiser.key)
        await api.register_tournament(t.id, player.key)
        runner = asyncio.create_task(play_tournament(server.url, t.id, player.key, seed=3, poll_s=0.1))
        await api.start_tournament(t.id, organiser.key)
        final = await asyncio.wait_for(runner, 120)

        assert final.status == "finished" and len(final.rounds) == 3
        assert [e.account for e in final.entrants] == ["house-1", "house-2", player.account.id]
        assert [e.name for e in final.entrants][:2] == ["House bot, level 1 (random)", "House bot, level 2 (novice)"]
        for rnd in final.rounds:
            (p,) = rnd.pairings
            record, _ = await server.services.matches.store.load(p.match)
            assert record.status.ended and p.ended and p.absent == []  # a house seat is never absent
            for seat, account in enumerate(p.accounts):
                level = house_level(account)
                assert record.level(seat) == (level or 0) and record.accounts[seat] == account
        assert sorted(s.account for s in final.standings) == sorted(e.account for e in final.entrants)
        assert sum(s.points for s in final.standings) == pytest.approx(3)  # every match's point went to someone
        assert all(s.played == 2 and not s.withdrawn for s in final.standings)


async def test_only_the_organiser_or_an_admin_enters_a_house_bot_in_a_tournament(own_redis: EmbeddedRedis) -> None:
    async with (
        InProcessServer(own_redis.url, admin_key=ADMIN_KEY) as server,
        VorpalClient(server.url) as api,
        httpx.AsyncClient(base_url=server.url) as http,
    ):
        organiser, someone = await api.register("organiser"), await api.register("someone")
        t = await api.create_tournament(organiser.key, "refusals", "brillig", format="swiss", time_control=CLOCK)
        house = f"/v1/tournaments/{t.id}/house"
        refused = [
            ({"level": 2}, bearer(someone.key), (403, "forbidden")),
            ({"level": 2}, {}, (401, "unauthorized")),
            ({"level": 6}, bearer(organiser.key), (404, "account_not_found")),
            ({"level": True}, bearer(organiser.key), (400, "bad_request")),
        ]
        for body, headers, expected in refused:
            assert await code(await http.post(house, json=body, headers=headers)) == expected, (body, headers)
        assert (await api.tournament(t.id)).entrants == []
        assert (await http.post(house, json={"level": 3}, headers=bearer(organiser.key))).status_code == 201
        assert (await http.post(house, json={"level": 4}, headers=ADMIN)).status_code == 201
        r = await http.post(house, json={"level": 3}, headers=ADMIN)
        assert await code(r) == (409, "already_registered")
        assert [e.account for e in (await api.tournament(t.id)).entrants] == ["house-3", "house-4"]
        assert await code(await http.post("/v1/tournaments/NoSuch1/house", json={"level": 3}, headers=ADMIN)) == (
            404, "tournament_not_found")  # fmt: skip
