"""Accounts and API keys over the wire: register, join with a key, rotate, revoke; the admin endpoints.

Every refusal has its stable code and changes nothing. The admin tests run on an
instance of their own that knows an admin key; the shared ``server`` has none.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import subprocess
import sys
from collections.abc import AsyncIterator
from typing import Any, cast

import httpx
import pytest
import redis.asyncio as aioredis
from starlette.routing import Route
from vorpal_client import Forbidden, LiveConnection, NotFound, Unauthorized, VorpalClient, play

from server.domain.accounts import AccountKind, Accounts
from server.store.accounts import RedisAccounts
from server.store.embedded import EmbeddedRedis
from server.store.keys import account_key, match_keys
from server.web import accounts, admin
from server.web.app import create_app
from server.web.openapi import document
from tests.support.servers import ADMIN_KEY, ServerProcess

pytestmark = pytest.mark.anyio

ADMIN = {"Authorization": f"Bearer {ADMIN_KEY}"}


def bearer(credential: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {credential}"}


def problem(r: httpx.Response, code: str, status: int) -> dict[str, Any]:
    assert r.status_code == status, r.text
    assert r.headers["content-type"].startswith("application/problem+json")
    body: dict[str, Any] = r.json()
    assert body["code"] == code and body["type"] == f"urn:vorpal:error:{code}"
    return body


@pytest.fixture
async def api(admin_server: ServerProcess) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=admin_server.url) as client:
        yield client


async def register(api: httpx.AsyncClient, name: str = "ada", kind: str = "bot") -> tuple[dict[str, Any], str]:
    r = await api.post("/v1/accounts", json={"name": name, "kind": kind})
    assert r.status_code == 201, r.text
    body = r.json()
    return body["account"], body["key"]


async def new_match(api: httpx.AsyncClient, seats: int = 3, **extra: Any) -> str:
    r = await api.post("/v1/matches", json={"game": "jabberwocky", "seats": seats, **extra})
    match: str = r.json()["match"]
    return match


# -- registration and the stored hash ---------------------------------------------------------


async def test_an_account_registers_and_its_key_is_shown_once_and_stored_only_as_a_hash(
    api: httpx.AsyncClient, redis: aioredis.Redis
) -> None:
    account, key = await register(api, "ada", "human")
    assert key.startswith(f"vpk_{account['id']}_")
    assert (account["name"], account["kind"], account["disabled"]) == ("ada", "human", False)
    me = (await api.get("/v1/accounts/me", headers=bearer(key))).json()
    assert me == account and key not in str(me)

    stored = await redis.hgetall(account_key(account["id"]))
    assert account_key(account["id"]) == f"vorpal:{{acct:{account['id']}}}:a"  # one Cluster slot per account
    assert cast(bytes, stored[b"key_hash"]).decode() == hashlib.sha256(key.encode()).hexdigest()
    assert all(key.encode() not in value for value in stored.values())


async def test_registration_refuses_bad_input_with_stable_codes(api: httpx.AsyncClient) -> None:
    problem(await api.post("/v1/accounts", json={"name": "ada", "kind": "robot"}), "bad_request", 400)
    problem(await api.post("/v1/accounts", json={"name": "", "kind": "bot"}), "bad_request", 400)
    problem(await api.post("/v1/accounts", json={"name": "x" * 41, "kind": "bot"}), "bad_request", 400)
    problem(await api.post("/v1/accounts", json={"kind": "bot"}), "bad_request", 400)
    problem(await api.post("/v1/accounts", json={"name": "ada", "kind": "bot", "admin": True}), "bad_request", 400)
    problem(await api.get("/v1/accounts/me"), "unauthorized", 401)
    problem(await api.get("/v1/accounts/me", headers={"Authorization": "Basic abc"}), "bad_request", 400)
    for wrong in ("vpk_nope", "vpk_ABCDEFGHIJKL_" + "x" * 43, "abc.0.secret"):
        problem(await api.get("/v1/accounts/me", headers=bearer(wrong)), "unauthorized", 401)


async def test_bearer_without_a_credential_is_unauthorized_wherever_a_credential_is_taken(
        api: httpx.AsyncClient) -> None:  # fmt: skip
    """Issue 43, finding 5: the document's bearer schemes let a client send ``Bearer`` and nothing after it;
    it is a missing credential (401), not a malformed request (400)."""
    match = (await api.post("/v1/matches", json={"game": "mome", "seats": 2})).json()["match"]
    empty = {"Authorization": "Bearer"}
    for method, path in [("GET", "/v1/accounts/me"), ("POST", "/v1/accounts/me/key"), ("GET", f"/v1/matches/{match}"),
                         ("GET", f"/v1/matches/{match}/legal"), ("POST", f"/v1/matches/{match}/leave"),
                         ("POST", f"/v1/matches/{match}/join"), ("GET", "/v1/admin/matches"),
                         ("POST", "/v1/tournaments/abc/start")]:  # fmt: skip
        problem(await api.request(method, path, headers=empty), "unauthorized", 401)


# -- joining with a key -----------------------------------------------------------------------


async def test_an_account_joins_with_its_key_and_the_match_records_it_in_that_seat(api: httpx.AsyncClient) -> None:
    account, key = await register(api, "botty")
    match = await new_match(api)
    r = await api.post(f"/v1/matches/{match}/join", json={"seat": 1}, headers=bearer(key))
    assert r.status_code == 201
    seat = r.json()
    assert (seat["match"], seat["seat"], seat["account"]) == (match, 1, account["id"])
    anonymous = (await api.post(f"/v1/matches/{match}/join", json={"name": "anon"})).json()
    assert "account" not in anonymous

    mine = (await api.get(f"/v1/matches/{match}", headers=bearer(seat["token"]))).json()
    assert mine["you"] == 1  # the seat token works as for anyone
    assert mine["names"] == ["anon", "botty", None] and mine["accounts"] == [None, account["id"], None]
    listed = (await api.get("/v1/matches", params={"game": "jabberwocky", "limit": 50})).json()["matches"]
    assert next(m for m in listed if m["match"] == match)["accounts"] == [None, account["id"], None]
    log = (await api.get(f"/v1/matches/{match}/events")).json()["events"]
    assert log[0]["event"]["public"] == {"type": "joined", "seat": 1, "name": "botty", "started": False,
                                         "account": account["id"]}  # fmt: skip

    await api.post(f"/v1/matches/{match}/leave", headers=bearer(seat["token"]))
    left = (await api.get(f"/v1/matches/{match}")).json()
    assert left["accounts"] == [None, None, None] and left["names"] == ["anon", None, None]


async def test_bad_joins_get_stable_codes_and_change_nothing(api: httpx.AsyncClient) -> None:
    _, key = await register(api)
    match = await new_match(api)
    anonymous = (await api.post(f"/v1/matches/{match}/join", json={})).json()
    before = (await api.get(f"/v1/matches/{match}")).json()
    problem(await api.post(f"/v1/matches/{match}/join", json={"name": "x"}, headers=bearer(key)), "bad_request", 400)
    problem(await api.post(f"/v1/matches/{match}/join", json={}, headers=bearer("vpk_short")), "unauthorized", 401)
    problem(await api.post(f"/v1/matches/{match}/join", json={}, headers=bearer(key + "x")), "unauthorized", 401)
    problem(await api.post(f"/v1/matches/{match}/join", json={}, headers=bearer(anonymous["token"])), "unauthorized",
            401)  # fmt: skip
    problem(await api.post(f"/v1/matches/{match}/join", json={"seat": 0}, headers=bearer(key)), "seat_taken", 409)
    assert (await api.get(f"/v1/matches/{match}")).json() == before


async def test_a_match_stored_before_accounts_existed_reads_as_no_account_in_any_seat(
    api: httpx.AsyncClient, redis: aioredis.Redis
) -> None:
    match = await new_match(api)
    await redis.hdel(match_keys(match)[0], "accounts")  # as every match stored before this field
    state = (await api.get(f"/v1/matches/{match}")).json()
    assert state["accounts"] == [None, None, None]
    listed = (await api.get("/v1/matches", params={"game": "jabberwocky"})).json()["matches"]
    assert next(m for m in listed if m["match"] == match)["accounts"] == [None, None, None]
    account, key = await register(api)
    await api.post(f"/v1/matches/{match}/join", json={"seat": 2}, headers=bearer(key))
    assert (await api.get(f"/v1/matches/{match}")).json()["accounts"] == [None, None, account["id"]]


# -- rotation and revocation ------------------------------------------------------------------


async def test_rotation_issues_a_new_key_and_the_old_one_stops_working_at_once(api: httpx.AsyncClient) -> None:
    account, old = await register(api)
    r = await api.post("/v1/accounts/me/key", headers=bearer(old))
    assert r.status_code == 201
    new = r.json()["key"]
    assert new != old and new.startswith(f"vpk_{account['id']}_") and r.json()["account"] == account

    match = await new_match(api)
    before = (await api.get(f"/v1/matches/{match}")).json()
    problem(await api.get("/v1/accounts/me", headers=bearer(old)), "unauthorized", 401)
    problem(await api.post(f"/v1/matches/{match}/join", json={}, headers=bearer(old)), "unauthorized", 401)
    problem(await api.post("/v1/accounts/me/key", headers=bearer(old)), "unauthorized", 401)
    problem(await api.delete("/v1/accounts/me/key", headers=bearer(old)), "unauthorized", 401)
    assert (await api.get(f"/v1/matches/{match}")).json() == before
    assert (await api.get("/v1/accounts/me", headers=bearer(new))).json() == account  # the old key's refusals
    joined = await api.post(f"/v1/matches/{match}/join", json={}, headers=bearer(new))  # changed nothing
    assert joined.status_code == 201 and joined.json()["account"] == account["id"]


async def test_of_two_rotations_with_one_key_only_one_succeeds(redis_server: EmbeddedRedis) -> None:
    client = aioredis.Redis.from_url(redis_server.url)
    try:
        accounts = Accounts(RedisAccounts(client))
        issued = await accounts.register("twin", AccountKind.BOT)
        results = await asyncio.gather(*(accounts.rotate(issued.key) for _ in range(8)), return_exceptions=True)
        winners = [r for r in results if not isinstance(r, BaseException)]
        assert len(winners) == 1
        assert all(getattr(r, "code", None) == "unauthorized" for r in results if isinstance(r, BaseException))
        assert (await accounts.authenticate(winners[0].key)).id == issued.account.id
    finally:
        await client.aclose()


async def test_a_revoked_key_is_refused_everywhere_and_nothing_replaces_it(api: httpx.AsyncClient) -> None:
    account, key = await register(api)
    r = await api.delete("/v1/accounts/me/key", headers=bearer(key))
    assert r.status_code == 200 and r.json() == {"account": account, "revoked": True}
    match = await new_match(api)
    before = (await api.get(f"/v1/matches/{match}")).json()
    problem(await api.get("/v1/accounts/me", headers=bearer(key)), "unauthorized", 401)
    problem(await api.post(f"/v1/matches/{match}/join", json={}, headers=bearer(key)), "unauthorized", 401)
    problem(await api.post("/v1/accounts/me/key", headers=bearer(key)), "unauthorized", 401)
    problem(await api.delete("/v1/accounts/me/key", headers=bearer(key)), "unauthorized", 401)
    assert (await api.get(f"/v1/matches/{match}")).json() == before


# -- the admin endpoints ----------------------------------------------------------------------


async def test_the_admin_endpoints_refuse_anyone_without_the_admin_key_and_change_nothing(
    api: httpx.AsyncClient, server: ServerProcess
) -> None:
    account, key = await register(api)
    match = await new_match(api)
    seat = (await api.post(f"/v1/matches/{match}/join", json={"seat": 0}, headers=bearer(key))).json()
    before = (await api.get(f"/v1/matches/{match}")).json()
    calls = [("GET", "/v1/admin/matches"), ("POST", f"/v1/admin/matches/{match}/abort"),
             ("POST", f"/v1/admin/accounts/{account['id']}/disable")]  # fmt: skip
    for method, path in calls:
        problem(await api.request(method, path), "unauthorized", 401)
        for wrong in (ADMIN_KEY + "x", key, seat["token"]):
            problem(await api.request(method, path, headers=bearer(wrong)), "forbidden", 403)
    async with httpx.AsyncClient(base_url=server.url) as no_admin:  # an instance without VORPAL_ADMIN_KEY
        for method, path in calls:
            problem(await no_admin.request(method, path, headers=ADMIN), "forbidden", 403)
    assert (await api.get(f"/v1/matches/{match}")).json() == before
    assert (await api.get("/v1/accounts/me", headers=bearer(key))).json()["disabled"] is False


async def test_an_admin_lists_matches_with_their_accounts(api: httpx.AsyncClient) -> None:
    account, key = await register(api, "listed")
    match = await new_match(api)
    await api.post(f"/v1/matches/{match}/join", json={}, headers=bearer(key))
    r = await api.get("/v1/admin/matches", params={"game": "jabberwocky", "status": "open"}, headers=ADMIN)
    mine = next(m for m in r.json()["matches"] if m["match"] == match)
    assert mine["accounts"] == [account["id"], None, None] and mine["names"] == ["listed", None, None]
    problem(await api.get("/v1/admin/matches", params={"status": "paused"}, headers=ADMIN), "bad_request", 400)


async def test_an_admin_aborts_an_active_match_and_its_seats_can_move_no_more(api: httpx.AsyncClient) -> None:
    match = await new_match(api, options={"rounds": 1})
    tokens = [(await api.post(f"/v1/matches/{match}/join", json={})).json()["token"] for _ in range(3)]
    active = (await api.get(f"/v1/matches/{match}")).json()
    assert active["status"] == "active"

    r = await api.post(f"/v1/admin/matches/{match}/abort", headers=ADMIN)
    assert r.status_code == 200
    aborted = r.json()
    assert (aborted["status"], aborted["version"], aborted["outcome"]) == ("aborted", active["version"] + 1, None)
    log = (await api.get(f"/v1/matches/{match}/events")).json()["events"]
    assert log[-1] == {"version": active["version"] + 1, "at": log[-1]["at"],
                       "event": {"public": {"type": "aborted", "by": "admin"}}}  # fmt: skip
    seat = active["to_act"][0]
    legal = (await api.get(f"/v1/matches/{match}/legal", headers=bearer(tokens[seat]))).json()
    assert legal["moves"] == []
    move = {"move_id": "m1", "version": aborted["version"], "move": {"type": "bid", "tricks": 0}}
    problem(await api.post(f"/v1/matches/{match}/moves", json=move, headers=bearer(tokens[seat])), "match_over", 409)
    problem(await api.post(f"/v1/admin/matches/{match}/abort", headers=ADMIN), "match_over", 409)
    problem(await api.post("/v1/admin/matches/NoSuchMatch1/abort", headers=ADMIN), "match_not_found", 404)
    assert (await api.get(f"/v1/matches/{match}")).json()["version"] == aborted["version"]


async def test_an_abort_reaches_live_connections_and_a_waiting_bot_runner_stops(admin_server: ServerProcess) -> None:
    async with VorpalClient(admin_server.url) as api:
        match = (await api.create_match("jabberwocky", 3, options={"rounds": 1})).match
        seats = [await api.join(match) for _ in range(3)]
        runner = asyncio.ensure_future(play(admin_server.url, match, seats[0].token, seed=1))  # the others never move
        async with LiveConnection(admin_server.url) as spectator:
            before = await spectator.subscribe(match)
            aborted = await api.abort_match(match, ADMIN_KEY)
            frame = await asyncio.wait_for(spectator.events.get(), 30)
            while frame.get("version") != aborted.version:  # the runner's own moves may come first
                frame = await asyncio.wait_for(spectator.events.get(), 30)
        assert before["status"] == "active"
        assert (frame["status"], frame["event"], frame["to_act"]) == (
            "aborted",
            {"public": {"type": "aborted", "by": "admin"}},
            [],
        )
        final = await asyncio.wait_for(runner, 60)
        assert final["status"] == "aborted" and final["outcome"] is None


async def test_an_admin_aborts_an_open_match(api: httpx.AsyncClient) -> None:
    match = await new_match(api)
    await api.post(f"/v1/matches/{match}/join", json={})
    r = await api.post(f"/v1/admin/matches/{match}/abort", headers=ADMIN)
    assert r.json()["status"] == "aborted"
    problem(await api.post(f"/v1/matches/{match}/join", json={}), "match_over", 409)


async def test_a_disabled_account_is_refused_with_its_own_code(api: httpx.AsyncClient) -> None:
    account, key = await register(api)
    r = await api.post(f"/v1/admin/accounts/{account['id']}/disable", headers=ADMIN)
    assert r.status_code == 200 and r.json() == {**account, "disabled": True}
    match = await new_match(api)
    before = (await api.get(f"/v1/matches/{match}")).json()
    problem(await api.get("/v1/accounts/me", headers=bearer(key)), "account_disabled", 403)
    problem(await api.post(f"/v1/matches/{match}/join", json={}, headers=bearer(key)), "account_disabled", 403)
    problem(await api.post("/v1/accounts/me/key", headers=bearer(key)), "account_disabled", 403)
    problem(await api.delete("/v1/accounts/me/key", headers=bearer(key)), "account_disabled", 403)
    assert (await api.get(f"/v1/matches/{match}")).json() == before
    again = await api.post(f"/v1/admin/accounts/{account['id']}/disable", headers=ADMIN)
    assert again.json()["disabled"] is True  # disabling twice is no error
    problem(await api.post("/v1/admin/accounts/NoSuchAcct12/disable", headers=ADMIN), "account_not_found", 404)
    problem(await api.post("/v1/admin/accounts/bad!/disable", headers=ADMIN), "account_not_found", 404)


# -- done when: a bot with an account registers, plays, rotates its key and plays again --------


async def test_an_account_bot_registers_plays_rotates_its_key_and_plays_again(admin_server: ServerProcess) -> None:
    async with VorpalClient(admin_server.url) as api:
        issued = await api.register("rotor", kind="bot")
        assert (await api.account(issued.key)).name == "rotor"
        key = issued.key
        for round_ in range(2):
            match = (await api.create_match("jabberwocky", 3, bots=[1, 2], options={"rounds": 1})).match
            seat = await api.join(match, key=key)
            assert seat.account == issued.account.id
            final = await play(admin_server.url, match, seat.token, seed=round_)
            assert final["status"] == "finished"
            state = await api.state(match)
            assert state.accounts == [issued.account.id, None, None] and state.names[0] == "rotor"
            rotated = await api.rotate_key(key)
            with pytest.raises(Unauthorized):
                await api.account(key)
            key = rotated.key
        revoked = await api.revoke_key(key)
        assert revoked.id == issued.account.id
        match = (await api.create_match("jabberwocky", 3)).match
        with pytest.raises(Unauthorized):
            await api.join(match, key=key)
        with pytest.raises(Forbidden):
            await api.abort_match(match, "not-the-admin-key")
        assert (await api.abort_match(match, ADMIN_KEY)).status == "aborted"
        with pytest.raises(NotFound):
            await api.disable_account("NoSuchAcct12", ADMIN_KEY)


def test_the_bot_command_joins_as_the_account_of_its_key(admin_server: ServerProcess) -> None:
    issued = httpx.post(admin_server.url + "/v1/accounts", json={"name": "clibot", "kind": "bot"}).json()
    body = {"game": "jabberwocky", "seats": 3, "bots": [1, 2], "options": {"rounds": 1}}
    match = httpx.post(admin_server.url + "/v1/matches", json=body).json()["match"]
    out = subprocess.run(
        [sys.executable, "-m", "vorpal_client.bot", "--server", admin_server.url, "--match", match, "--seed", "1"],
        env={**os.environ, "VORPAL_API_KEY": issued["key"]}, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    state = httpx.get(admin_server.url + f"/v1/matches/{match}").json()
    assert state["status"] == "finished" and state["accounts"] == [issued["account"]["id"], None, None]
    assert state["names"] == ["clibot", "bot-1", "bot-2"]


def test_the_openapi_document_describes_every_account_and_admin_route() -> None:
    doc = document(create_app().routes)
    for route in (*accounts.routes, *admin.routes):
        assert isinstance(route, Route) and route.methods is not None
        for method in route.methods - {"HEAD"}:
            assert method.lower() in doc["paths"][route.path], (method, route.path)
    assert doc["paths"]["/v1/accounts/me/key"]["post"]["security"] == [{"apiKey": []}]
    assert doc["paths"]["/v1/admin/matches/{match_id}/abort"]["post"]["security"] == [{"adminKey": []}]
    assert {"apiKey": []} in doc["paths"]["/v1/matches/{match_id}/join"]["post"]["security"]
    assert set(doc["components"]["schemas"]["Register"]["properties"]) == {"name", "kind"}
    codes = set(doc["components"]["schemas"]["Problem"]["properties"]["code"]["enum"])
    assert {"forbidden", "account_disabled", "account_not_found", "unauthorized"} <= codes


async def test_an_account_reads_its_inbox_with_its_key_only(api: httpx.AsyncClient) -> None:
    _, key = await register(api)
    r = await api.get("/v1/accounts/me/inbox", headers=bearer(key))
    assert r.status_code == 200 and r.json() == {"notices": []}
    problem(await api.get("/v1/accounts/me/inbox"), "unauthorized", 401)
    problem(await api.get("/v1/accounts/me/inbox?since=-1", headers=bearer(key)), "bad_request", 400)
    problem(await api.get("/v1/accounts/me/inbox?since=²", headers=bearer(key)), "bad_request", 400)
