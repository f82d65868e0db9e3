"""The match's public chat: table talk (Mome's plan phase), over REST and WebSocket."""

from __future__ import annotations

import asyncio

import httpx
import pytest
from vorpal_client import ApiError, LiveConnection

from .servers import ServerProcess

pytestmark = pytest.mark.anyio


async def test_seats_talk_and_everyone_subscribed_hears_it(server: ServerProcess) -> None:
    async with httpx.AsyncClient(base_url=server.url) as api:
        match = (await api.post("/v1/matches", json={"game": "mome", "seats": 2})).json()["match"]
        a, b = [(await api.post(f"/v1/matches/{match}/join", json={"name": n})).json() for n in ("ann", "bob")]
        async with LiveConnection(server.url) as seat, LiveConnection(server.url) as spectator:
            await seat.auth(b["token"])
            await seat.subscribe(match)
            await spectator.subscribe(match)
            r = await api.post(f"/v1/matches/{match}/chat", json={"text": "I'll take purple"},
                               headers={"Authorization": f"Bearer {a['token']}"})  # fmt: skip
            assert r.status_code == 201
            said = await seat.say(match, "fine, green is mine")
            assert said["name"] == "bob" and said["seat"] == 1

            async def next_chat(conn: LiveConnection) -> dict[str, object]:
                while True:
                    frame = await asyncio.wait_for(conn.events.get(), 10)
                    if frame["type"] == "chat":
                        return frame

            for conn in (seat, spectator):
                first, second = await next_chat(conn), await next_chat(conn)
                assert (first["name"], first["text"]) == ("ann", "I'll take purple")
                assert (second["seat"], second["text"]) == (1, "fine, green is mine")
        history = (await api.get(f"/v1/matches/{match}/chat")).json()["messages"]
        assert [m["text"] for m in history] == ["I'll take purple", "fine, green is mine"]


async def test_chat_is_for_seats_length_limited_and_rate_limited(server: ServerProcess) -> None:
    async with httpx.AsyncClient(base_url=server.url) as api:
        match = (await api.post("/v1/matches", json={"game": "mome", "seats": 2})).json()["match"]
        token = (await api.post(f"/v1/matches/{match}/join", json={})).json()["token"]
        auth = {"Authorization": f"Bearer {token}"}
        r = await api.post(f"/v1/matches/{match}/chat", json={"text": "hello"})
        assert r.status_code == 401 and r.json()["code"] == "unauthorized"
        r = await api.post(f"/v1/matches/{match}/chat", json={"text": "x" * 501}, headers=auth)
        assert r.status_code == 400 and r.json()["code"] == "bad_request"
        codes = [(await api.post(f"/v1/matches/{match}/chat", json={"text": f"m{i}"}, headers=auth)).status_code
                 for i in range(25)]  # fmt: skip
        assert codes[:20] == [201] * 20 and set(codes[20:]) == {429}
        assert len((await api.get(f"/v1/matches/{match}/chat")).json()["messages"]) == 20
    async with LiveConnection(server.url) as spectator:
        await spectator.subscribe(match)
        with pytest.raises(ApiError) as info:
            await spectator.say(match, "spectators only watch")
        assert info.value.code == "unauthorized"
