"""The lobby over REST: listing matches by game and status, newest first, and what a listing shows."""

from __future__ import annotations

import httpx
import pytest
from vorpal_client import VorpalClient

from .servers import ServerProcess

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

        newest = (await api.get("/v1/matches", params={"limit": 2})).json()["matches"]
        assert [m["match"] for m in newest] == [tabby["match"], brillig]

        r = await api.get("/v1/matches", params={"status": "paused"})
        assert r.status_code == 400 and r.json()["code"] == "bad_request"
        r = await api.get("/v1/matches", params={"game": "chess"})
        assert r.status_code == 404 and r.json()["code"] == "unknown_game"


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
