"""Issue 42, finding 5: the people who run a server have a say. Ladders are edited, paused, given a
new season and deleted; accounts are listed, disabled (which takes them out of every ladder's
queue) and enabled again. Over REST, on a real server and Redis.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from server.config import Settings
from server.domain.accounts import Account, AccountKind
from server.domain.ids import new_account_id
from server.domain.inbox import Inbox
from server.domain.ladders import Ladders, LadderSpec
from server.domain.matches import Matches
from server.store import Store
from server.store.cached import CachingMatchStore
from server.store.embedded import EmbeddedRedis
from server.store.inbox import RedisInbox
from server.store.ladders import RedisLadders
from tests.support.servers import ADMIN_KEY, ServerProcess

ADMIN = {"Authorization": f"Bearer {ADMIN_KEY}"}


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


@pytest.fixture
def http(admin_server: ServerProcess) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=admin_server.url, timeout=30) as client:
        yield client


def ok(r: httpx.Response, status: int = 200) -> Any:
    assert r.status_code == status, r.text
    return r.json()


def ladder(http: httpx.Client, **body: Any) -> dict[str, Any]:
    body = {"name": "duels", "game": "brillig", "seats": 2, **body}
    created: dict[str, Any] = ok(http.post("/v1/admin/ladders", headers=ADMIN, json=body), 201)
    return created


def register(http: httpx.Client, name: str) -> tuple[str, str]:
    issued = ok(http.post("/v1/accounts", json={"name": name, "kind": "bot"}), 201)
    return issued["account"]["id"], issued["key"]


def test_a_ladder_is_edited_but_keeps_its_game_and_seats(http: httpx.Client) -> None:
    made = ladder(http)
    assert made["time_control"]["kind"] == "per_decision" and made["paused"] is False and made["season"] == 1
    edited = ok(http.patch(f"/v1/admin/ladders/{made['id']}", headers=ADMIN, json={"name": "duels II", "join_s": 30}))
    assert (edited["name"], edited["join_s"], edited["game"]) == ("duels II", 30, "brillig")
    assert ok(http.get(f"/v1/ladders/{made['id']}")) == edited
    r = http.patch(f"/v1/admin/ladders/{made['id']}", headers=ADMIN, json={"game": "gimble"})
    assert r.status_code == 400 and r.json()["code"] == "bad_request"
    assert http.patch(f"/v1/admin/ladders/{made['id']}", json={"name": "x"}).status_code == 401


def test_a_resumed_ladder_pairs_who_queued_while_it_was_paused(http: httpx.Client) -> None:
    made = ladder(http)
    paused = ok(http.post(f"/v1/admin/ladders/{made['id']}/pause", headers=ADMIN))
    assert paused["paused"] is True
    keys = [register(http, f"p{i}")[1] for i in range(2)]
    for key in keys:
        ok(http.post(f"/v1/ladders/{made['id']}/queue", headers=bearer(key)), 201)
    assert ok(http.post(f"/v1/admin/ladders/{made['id']}/resume", headers=ADMIN))["paused"] is False
    for _ in range(1200):  # a bounded wait for the pairing loop's next tick to make the match and dequeue both
        status = ok(http.get(f"/v1/ladders/{made['id']}/me", headers=bearer(keys[0])))
        if status["matches"] and not status["queued"]:  # the match is made a moment before the queue is left
            break
        time.sleep(0.05)
    assert status["matches"] and not status["queued"]


@pytest.mark.anyio
async def test_a_paused_ladder_pairs_nobody(tmp_path: Path) -> None:
    """In process, the pairing step itself: a paused ladder's queue is left as it is."""
    with EmbeddedRedis(tmp_path / "redis", appendonly=False) as redis:
        store = Store.from_url(redis.url)
        ladders = Ladders(RedisLadders(store.redis), Matches(CachingMatchStore(store), Settings()),
                          Inbox(RedisInbox(store.redis)))  # fmt: skip
        made = await ladders.create(LadderSpec(name="paused", game="brillig", seats=2))
        for name in ("a", "b"):
            account = Account(id=new_account_id(), name=name, kind=AccountKind.BOT, created=0, key_hash="x")
            await ladders.join_queue(made.id, account)
        paused = await ladders.pause(made.id, True)
        assert await ladders.pair_queue(paused, now=10**13) == []
        assert len(await ladders.store.queue(made.id)) == 2
        resumed = await ladders.pause(made.id, False)
        assert len(await ladders.pair_queue(resumed, now=10**13)) == 1
        await store.close()


def test_a_new_season_starts_a_fresh_board_and_keeps_the_last_one(http: httpx.Client) -> None:
    made = ladder(http)
    next_season = ok(http.post(f"/v1/admin/ladders/{made['id']}/season", headers=ADMIN))
    assert next_season["season"] == 2
    assert ok(http.get(f"/v1/ladders/{made['id']}/leaderboard"))["ratings"] == []
    assert ok(http.get(f"/v1/ladders/{made['id']}/leaderboard", params={"season": 1}))["ratings"] == []
    r = http.get(f"/v1/ladders/{made['id']}/leaderboard", params={"season": 3})
    assert r.status_code == 400 and r.json()["code"] == "bad_request"


def test_a_deleted_ladder_is_gone(http: httpx.Client) -> None:
    made = ladder(http)
    _, key = register(http, "queued")
    ok(http.post(f"/v1/admin/ladders/{made['id']}/pause", headers=ADMIN))
    ok(http.post(f"/v1/ladders/{made['id']}/queue", headers=bearer(key)), 201)
    assert ok(http.delete(f"/v1/admin/ladders/{made['id']}", headers=ADMIN)) == {"ladder": made["id"], "deleted": True}
    r = http.get(f"/v1/ladders/{made['id']}")
    assert r.status_code == 404 and r.json()["code"] == "ladder_not_found"
    assert made["id"] not in [lad["id"] for lad in ok(http.get("/v1/ladders"))["ladders"]]


def test_accounts_are_listed_disabled_out_of_every_queue_and_enabled_again(http: httpx.Client) -> None:
    made = ladder(http)
    ok(http.post(f"/v1/admin/ladders/{made['id']}/pause", headers=ADMIN))
    account, key = register(http, "to-disable")
    ok(http.post(f"/v1/ladders/{made['id']}/queue", headers=bearer(key)), 201)

    listed: list[dict[str, Any]] = []
    after = None
    while True:  # a page at a time, oldest first
        params: dict[str, Any] = {"limit": 2} if after is None else {"limit": 2, "after": after}
        page = ok(http.get("/v1/admin/accounts", headers=ADMIN, params=params))
        assert len(page["accounts"]) <= 2
        listed += page["accounts"]
        after = page["next"]
        if after is None:
            break
    assert account in [a["id"] for a in listed]
    assert [(a["created"], a["id"]) for a in listed] == sorted((a["created"], a["id"]) for a in listed)

    assert ok(http.post(f"/v1/admin/accounts/{account}/disable", headers=ADMIN))["disabled"] is True
    assert http.get("/v1/accounts/me", headers=bearer(key)).json()["code"] == "account_disabled"
    enabled = ok(http.post(f"/v1/admin/accounts/{account}/enable", headers=ADMIN))
    assert enabled["disabled"] is False
    me = ok(http.get("/v1/accounts/me", headers=bearer(key)))
    assert me["id"] == account and me["disabled"] is False
    status = ok(http.get(f"/v1/ladders/{made['id']}/me", headers=bearer(key)))
    assert status["queued"] is False  # disabling took it out of the queue; enabling does not put it back
    r = http.post("/v1/admin/accounts/nosuchaccount0/enable", headers=ADMIN)
    assert r.status_code == 404 and r.json()["code"] == "account_not_found"
