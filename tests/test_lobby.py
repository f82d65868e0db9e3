"""The lobby over REST: listing matches by game and status, newest first, and what a listing shows."""

from __future__ import annotations

import httpx
import pytest

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
