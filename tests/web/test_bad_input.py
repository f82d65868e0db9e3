"""Every bad input gets its stable error code, over REST and WebSocket, and changes nothing."""

from __future__ import annotations

from typing import Any

import httpx
import msgpack
import pytest
import websockets
from vorpal_client import LiveConnection, StaleVersion, VorpalClient
from vorpal_protocol import SUBPROTOCOL, decode_server, encode
from websockets.typing import Subprotocol

from tests.support.servers import ServerProcess

pytestmark = pytest.mark.anyio


async def new_match(api: httpx.AsyncClient, seats: int = 3) -> tuple[str, list[str]]:
    r = await api.post("/v1/matches", json={"game": "jabberwocky", "seats": seats})
    match = r.json()["match"]
    tokens = [(await api.post(f"/v1/matches/{match}/join", json={})).json()["token"] for _ in range(seats)]
    return match, tokens


async def state(api: httpx.AsyncClient, match: str, token: str | None = None) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    r = await api.get(f"/v1/matches/{match}", headers=headers)
    assert r.status_code == 200
    body: dict[str, Any] = r.json()
    return body


def problem(r: httpx.Response, code: str, status: int) -> dict[str, Any]:
    assert r.status_code == status, r.text
    assert r.headers["content-type"].startswith("application/problem+json")
    body: dict[str, Any] = r.json()
    assert body["code"] == code and body["type"] == f"urn:vorpal:error:{code}" and body["status"] == status
    assert body["title"]
    return body


async def test_rest_problems_have_stable_codes_and_change_nothing(api: httpx.AsyncClient) -> None:
    problem(await api.post("/v1/matches", json={"game": "chess", "seats": 2}), "unknown_game", 404)
    problem(await api.post("/v1/matches", json={"game": "jabberwocky", "seats": 9}), "bad_options", 400)
    problem(await api.post("/v1/matches", json={"game": "jabberwocky", "seats": 3, "options": {"rounds": 99}}),
            "bad_options", 400)  # fmt: skip
    problem(await api.post("/v1/matches", content=b"{not json", headers={"Content-Type": "application/json"}),
            "bad_request", 400)  # fmt: skip
    problem(await api.post("/v1/matches", json={"game": "jabberwocky"}), "bad_request", 400)
    problem(await api.get("/v1/matches/nope"), "match_not_found", 404)
    problem(await api.get("/v1/nowhere"), "not_found", 404)

    match, tokens = await new_match(api)
    before = await state(api, match)
    mv = {"move_id": "a", "version": before["version"], "move": {"type": "bid", "tricks": 0}}
    problem(await api.post(f"/v1/matches/{match}/moves", json=mv), "unauthorized", 401)
    problem(await api.post(f"/v1/matches/{match}/moves", json=mv, headers={"Authorization": "Bearer x.0.y"}),
            "unauthorized", 401)  # fmt: skip
    _, other_tokens = await new_match(api)
    problem(await api.post(f"/v1/matches/{match}/moves", json=mv,
                           headers={"Authorization": f"Bearer {other_tokens[0]}"}), "unauthorized", 401)  # fmt: skip
    problem(await api.post(f"/v1/matches/{match}/join", json={}), "match_started", 409)
    actor = before["to_act"][0]
    not_actor = (actor + 1) % 3
    auth = {"Authorization": f"Bearer {tokens[not_actor]}"}
    problem(await api.post(f"/v1/matches/{match}/moves", json=mv, headers=auth), "not_your_turn", 409)
    auth = {"Authorization": f"Bearer {tokens[actor]}"}
    problem(await api.post(f"/v1/matches/{match}/moves", json={**mv, "version": 99}, headers=auth),
            "stale_version", 409)  # fmt: skip
    problem(await api.post(f"/v1/matches/{match}/moves", json={**mv, "move": {"type": "bid", "tricks": 99}},
                           headers=auth), "bad_move", 400)  # fmt: skip
    problem(await api.post(f"/v1/matches/{match}/moves", json={**mv, "move": {"type": "play", "card": "AS"}},
                           headers=auth), "illegal_move", 422)  # fmt: skip
    assert await state(api, match) == before


async def test_a_duplicate_move_id_is_applied_once_and_answered_the_same(api: httpx.AsyncClient) -> None:
    match, tokens = await new_match(api)
    before = await state(api, match)
    actor = before["to_act"][0]
    auth = {"Authorization": f"Bearer {tokens[actor]}"}
    mv = {"move_id": "same", "version": before["version"], "move": {"type": "bid", "tricks": 1}}
    first = await api.post(f"/v1/matches/{match}/moves", json=mv, headers=auth)
    again = await api.post(f"/v1/matches/{match}/moves", json=mv, headers=auth)
    assert first.status_code == again.status_code == 200
    assert again.json() == {**first.json(), "duplicate": True}
    after = await state(api, match)
    assert after["version"] == before["version"] + 1
    log = (await api.get(f"/v1/matches/{match}/events", params={"since": before["version"]})).json()["events"]
    assert len(log) == 1


async def test_a_seat_token_is_needed_to_leave_and_leaving_frees_the_seat(api: httpx.AsyncClient) -> None:
    match = (await api.post("/v1/matches", json={"game": "jabberwocky", "seats": 3})).json()["match"]
    seat = (await api.post(f"/v1/matches/{match}/join", json={"seat": 1})).json()
    problem(await api.post(f"/v1/matches/{match}/join", json={"seat": 1}), "seat_taken", 409)
    problem(await api.post(f"/v1/matches/{match}/leave"), "unauthorized", 401)
    other = (await api.post(f"/v1/matches/{match}/join", json={"seat": 2})).json()
    r = await api.post(f"/v1/matches/{match}/leave", headers={"Authorization": f"Bearer {seat['token']}"})
    assert r.status_code == 200 and r.json()["status"] == "open"
    assert (await api.post(f"/v1/matches/{match}/join", json={"seat": 1})).status_code == 201
    problem(await api.post(f"/v1/matches/{match}/leave", headers={"Authorization": f"Bearer {seat['token']}"}),
            "unauthorized", 401)  # fmt: skip
    del other


async def test_a_match_every_player_leaves_before_the_start_is_aborted(api: httpx.AsyncClient) -> None:
    match = (await api.post("/v1/matches", json={"game": "jabberwocky", "seats": 3, "bots": [2]})).json()["match"]
    seat = (await api.post(f"/v1/matches/{match}/join", json={})).json()
    r = await api.post(f"/v1/matches/{match}/leave", headers={"Authorization": f"Bearer {seat['token']}"})
    assert r.json()["status"] == "aborted"
    assert (await state(api, match))["status"] == "aborted"
    problem(await api.post(f"/v1/matches/{match}/join", json={}), "match_over", 409)
    listed = (await api.get("/v1/matches", params={"status": "aborted"})).json()["matches"]
    assert match in [m["match"] for m in listed]


async def ws_connect(server: ServerProcess) -> Any:
    return await websockets.connect(
        server.url.replace("http", "ws") + "/v1/ws",
        subprotocols=[Subprotocol(SUBPROTOCOL)],
        compression=None,
        max_size=2**22,
    )


async def reply(ws: Any) -> dict[str, Any]:
    frame: dict[str, Any] = decode_server(await ws.recv()).model_dump()
    return frame


async def test_websocket_errors_keep_the_connection_and_change_nothing(
    api: httpx.AsyncClient, server: ServerProcess
) -> None:
    match, tokens = await new_match(api)
    before = await state(api, match)
    actor = before["to_act"][0]
    ws = await ws_connect(server)
    try:
        await ws.send(b"\xc1\xff")  # not msgpack
        assert (await reply(ws))["code"] == "bad_frame"
        await ws.send(msgpack.packb([1, 2]))  # not a map
        assert (await reply(ws))["code"] == "bad_frame"
        await ws.send(encode({"type": "teleport", "id": 5}))
        r = await reply(ws)
        assert (r["code"], r["id"]) == ("unknown_frame", 5)
        await ws.send(encode({"type": "subscribe", "id": 6}))
        assert (await reply(ws))["code"] == "bad_request"
        await ws.send(b"\x81\xa4type\xa4ping" + b"\x00" * (70 * 1024))
        assert (await reply(ws))["code"] == "frame_too_large"
        deep: Any = 1
        for _ in range(40):
            deep = [deep]
        await ws.send(encode({"type": "ping", "id": 7, "x": deep}))
        assert (await reply(ws))["code"] == "bad_frame"
        await ws.send("text frame")
        assert (await reply(ws))["code"] == "bad_frame"
        await ws.send(encode({"type": "auth", "id": 8, "token": "bogus"}))
        assert (await reply(ws))["code"] == "unauthorized"
        await ws.send(encode({"type": "move", "id": 9, "match": match, "move_id": "m", "version": 0,
                              "move": {"type": "bid", "tricks": 0}}))  # fmt: skip
        assert (await reply(ws))["code"] == "unauthorized"
        await ws.send(encode({"type": "auth", "id": 10, "token": tokens[(actor + 1) % 3]}))
        assert (await reply(ws))["type"] == "ack"
        await ws.send(encode({"type": "move", "id": 11, "match": match, "move_id": "m", "version": before["version"],
                              "move": {"type": "bid", "tricks": 0}}))  # fmt: skip
        assert (await reply(ws))["code"] == "not_your_turn"
        await ws.send(encode({"type": "unsubscribe", "id": 12, "match": match}))
        assert (await reply(ws))["code"] == "not_subscribed"
        await ws.send(encode({"type": "ping", "id": 13}))
        assert await reply(ws) == {"type": "pong", "id": 13}  # still alive
    finally:
        await ws.close()
    assert await state(api, match) == before


async def test_an_unknown_protocol_version_is_refused_with_a_clear_reason(server: ServerProcess) -> None:
    url = server.url.replace("http", "ws") + "/v1/ws"
    with pytest.raises(websockets.InvalidStatus) as info:
        await websockets.connect(url, subprotocols=["vorpal.v9.msgpack"])  # type: ignore[list-item]
    response = info.value.response
    assert response.status_code == 400
    assert b"unsupported_protocol" in response.body
    async with httpx.AsyncClient() as http:
        r = await http.get(server.url + "/openapi.json")
        assert r.status_code == 200 and "/v1/matches/{match_id}/moves" in r.json()["paths"]


async def test_a_flood_of_frames_is_rate_limited_and_the_connection_survives(server: ServerProcess) -> None:
    ws = await ws_connect(server)
    try:
        burst = 1000
        for i in range(burst):
            await ws.send(encode({"type": "ping", "id": i}))
        replies = [await reply(ws) for _ in range(burst)]
        limited = [r for r in replies if r["type"] == "error"]
        assert limited and {r["code"] for r in limited} == {"rate_limited"}
        assert all(r["type"] == "pong" for r in replies[:400])  # the burst allowance
    finally:
        await ws.close()


async def test_refused_requests_are_normal_traffic_and_never_close_the_connection(
    api: httpx.AsyncClient, server: ServerProcess
) -> None:
    match, tokens = await new_match(api)
    before = await state(api, match)
    waiting = (before["to_act"][0] + 1) % 3
    ws = await ws_connect(server)
    try:
        await ws.send(encode({"type": "auth", "id": 0, "token": tokens[waiting]}))
        assert (await reply(ws))["type"] == "ack"
        for i in range(150):  # more than the 100 unreadable frames that would close it
            await ws.send(encode({"type": "move", "id": i + 1, "match": match, "move_id": f"m{i}",
                                  "version": before["version"], "move": {"type": "bid", "tricks": 0}}))  # fmt: skip
            assert (await reply(ws))["code"] == "not_your_turn"
        await ws.send(encode({"type": "ping", "id": "still"}))
        assert await reply(ws) == {"type": "pong", "id": "still"}
    finally:
        await ws.close()


async def test_a_stale_version_tells_the_current_version_over_rest_and_websocket(
    api: httpx.AsyncClient, server: ServerProcess
) -> None:
    match, tokens = await new_match(api)
    now = (await state(api, match))["version"]
    actor = (await state(api, match))["to_act"][0]
    mv = {"type": "bid", "tricks": 0}
    r = await api.post(f"/v1/matches/{match}/moves", json={"move_id": "a", "version": now - 1, "move": mv},
                       headers={"Authorization": f"Bearer {tokens[actor]}"})  # fmt: skip
    assert problem(r, "stale_version", 409)["current"] == now
    ws = await ws_connect(server)
    try:
        await ws.send(encode({"type": "auth", "id": 1, "token": tokens[actor]}))
        assert (await reply(ws))["type"] == "ack"
        await ws.send(encode({"type": "move", "id": 2, "match": match, "move_id": "a", "version": now - 1, "move": mv}))
        raw = msgpack.unpackb(await ws.recv())
        assert (raw["id"], raw["code"], raw["current"]) == (2, "stale_version", now)
    finally:
        await ws.close()
    async with LiveConnection(server.url) as live, VorpalClient(server.url) as sdk:
        await live.auth(tokens[actor])
        with pytest.raises(StaleVersion) as over_ws:
            await live.move(match, mv, version=now + 5, move_id="a")
        with pytest.raises(StaleVersion) as over_rest:
            await sdk.move(match, tokens[actor], mv, version=now + 5, move_id="a")
        assert over_ws.value.current == over_rest.value.current == now


async def test_subscribing_is_unauthorized_once_the_seat_presented_has_been_left(
    api: httpx.AsyncClient, server: ServerProcess
) -> None:
    match = (await api.post("/v1/matches", json={"game": "jabberwocky", "seats": 3})).json()["match"]
    seat = (await api.post(f"/v1/matches/{match}/join", json={})).json()
    ws = await ws_connect(server)
    try:
        await ws.send(encode({"type": "auth", "id": 1, "token": seat["token"]}))
        assert (await reply(ws))["type"] == "ack"
        await ws.send(encode({"type": "subscribe", "id": 2, "match": match}))
        assert (await reply(ws))["result"]["you"] == 0
        r = await api.post(f"/v1/matches/{match}/leave", headers={"Authorization": f"Bearer {seat['token']}"})
        assert r.json() == {"match": match, "seat": 0, "left": True, "status": "aborted"}
        left = await reply(ws)
        assert left["event"]["public"] == {"type": "left", "seat": 0, "aborted": True}
        assert left["status"] == "aborted" and left["outcome"] is None  # an aborted match has no outcome
        await ws.send(encode({"type": "subscribe", "id": 3, "match": match}))
        refused = await reply(ws)
        assert (refused["id"], refused["code"]) == (3, "unauthorized")
    finally:
        await ws.close()
