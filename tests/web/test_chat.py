"""The match's public chat: table talk (Mome's plan phase), over REST and WebSocket."""

from __future__ import annotations

import asyncio

import httpx
import pytest
import websockets
from vorpal_client import ApiError, LiveConnection
from vorpal_protocol import SUBPROTOCOL, decode_server, encode

from tests.support.servers import ServerProcess

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


async def test_a_chat_text_is_1_to_500_characters_as_sent_not_all_white_space(server: ServerProcess) -> None:
    async with httpx.AsyncClient(base_url=server.url) as api:
        match = (await api.post("/v1/matches", json={"game": "mome", "seats": 2})).json()["match"]
        token = (await api.post(f"/v1/matches/{match}/join", json={})).json()["token"]

        async def say(text: str) -> httpx.Response:
            return await api.post(f"/v1/matches/{match}/chat", json={"text": text},
                                  headers={"Authorization": f"Bearer {token}"})  # fmt: skip

        for refused in (" \t\n\u3000\u2028\x85", "  " + "x" * 500 + "  "):  # all white space; 504 as sent
            r = await say(refused)
            assert r.status_code == 400 and r.json()["code"] == "bad_request", repr(refused[:8])
        assert (await say("x" * 500)).json()["text"] == "x" * 500
        assert (await say(" \u3000 " + "x" * 496 + "\n")).json()["text"] == "x" * 496
        # White space is Unicode's White_Space: U+FEFF and U+200B are not, and are kept.
        assert (await say("\ufeffhi\u200b ")).json()["text"] == "\ufeffhi\u200b"
        async with LiveConnection(server.url) as live:
            await live.auth(token)
            with pytest.raises(ApiError) as info:
                await live.say(match, "\u2003\u2003")
            assert info.value.code == "bad_request"
            assert (await live.say(match, "  ok\t"))["text"] == "ok"


async def test_the_chat_push_may_come_before_or_after_the_say_ack(server: ServerProcess) -> None:
    async with httpx.AsyncClient(base_url=server.url) as api:
        match = (await api.post("/v1/matches", json={"game": "mome", "seats": 2})).json()["match"]
        token = (await api.post(f"/v1/matches/{match}/join", json={"name": "ann"})).json()["token"]
    async with websockets.connect(server.url.replace("http", "ws") + "/v1/ws", subprotocols=[SUBPROTOCOL]) as ws:  # type: ignore[list-item]
        for i, frame in enumerate([{"type": "auth", "token": token}, {"type": "subscribe", "match": match}]):
            await ws.send(encode({**frame, "id": i}))
            assert decode_server(await ws.recv(decode=False)).type == "ack"
        await ws.send(encode({"type": "say", "id": "s", "match": match, "text": "hello"}))
        frames = [decode_server(await ws.recv(decode=False)).model_dump(exclude_none=True) for _ in range(2)]
        # Both arrive, in either order: the push travels through the match's channel, the ack does not.
        ack = next(f for f in frames if f["type"] == "ack")
        chat = next(f for f in frames if f["type"] == "chat")
        assert ack["id"] == "s" and chat == {"type": "chat", **ack["result"]}
        assert chat["name"] == "ann" and chat["text"] == "hello"
