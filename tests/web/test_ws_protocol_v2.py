"""Protocol v2 on the wire: negotiated beside v1 (the client's first choice that the server serves), a whole view
once without the constant fields, then patches that give, version by version, the views v1 sends."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
import websockets
from vorpal_protocol import SUBPROTOCOL, SUBPROTOCOL_V2, decode_server, encode
from vorpal_protocol.patch import apply, merge_apply

from server import games
from tests.support.servers import ServerProcess


def ws_url(server: ServerProcess) -> str:
    return server.url.replace("http", "ws", 1) + "/v1/ws"


@pytest.mark.anyio
@pytest.mark.parametrize("offer", [[SUBPROTOCOL_V2, SUBPROTOCOL], [SUBPROTOCOL, SUBPROTOCOL_V2], [SUBPROTOCOL_V2]])
async def test_the_server_takes_the_first_protocol_offered(server: ServerProcess, offer: list[str]) -> None:
    async with websockets.connect(ws_url(server), subprotocols=offer) as ws:  # type: ignore[arg-type]
        assert ws.subprotocol == offer[0]


#: The frames a socket was sent while a request waited for its reply, by socket.
READ: dict[Any, list[dict[str, Any]]] = {}


async def request(ws: Any, frame: dict[str, Any]) -> dict[str, Any]:
    await ws.send(encode(frame))
    while True:
        reply = decode_server(await ws.recv()).model_dump(exclude_none=True)
        if reply["type"] == "ack" and reply["id"] == frame["id"]:
            return dict(reply["result"])
        assert reply["type"] != "error", reply
        READ.setdefault(ws, []).append(reply)


async def events_until(ws: Any, version: int) -> dict[str, Any]:
    while True:
        read = READ.get(ws)
        frame = read.pop(0) if read else decode_server(await ws.recv()).model_dump(exclude_none=True)
        if frame["type"] == "event" and frame["version"] == version:
            return dict(frame)


@pytest.mark.anyio
async def test_a_v2_seat_is_sent_patches_that_give_the_views_a_v1_seat_is_sent(server: ServerProcess) -> None:
    rules = games.get("zimby_mojo")
    async with httpx.AsyncClient(base_url=server.url) as api:
        match = (await api.post("/v1/matches", json={"game": "zimby_mojo", "seats": 2})).json()["match"]
        tokens = [(await api.post(f"/v1/matches/{match}/join", json={"name": f"p{s}"})).json()["token"]
                  for s in range(2)]  # fmt: skip
        constants = (await api.get("/v1/games/zimby_mojo")).json()["constants"]
    assert constants == rules.constants and "board" in constants
    url = ws_url(server)
    async with (
        websockets.connect(url, subprotocols=[SUBPROTOCOL_V2]) as two,  # type: ignore[list-item]
        websockets.connect(url, subprotocols=[SUBPROTOCOL]) as one,  # type: ignore[list-item]
    ):
        movers = {}
        for ws in (two, one):
            await request(ws, {"type": "auth", "id": 1, "token": tokens[0]})
            movers[ws] = await request(ws, {"type": "subscribe", "id": 2, "match": match})
        state, reference = movers[two], movers[one]
        assert "board" not in state["view"]["public"] and "board" in reference["view"]["public"]
        assert {**state["view"], "public": {**state["view"]["public"], **constants}} == reference["view"]
        view, version, patched = state["view"], state["version"], 0
        async with websockets.connect(url, subprotocols=[SUBPROTOCOL]) as other:  # type: ignore[list-item]
            await request(other, {"type": "auth", "id": 1, "token": tokens[1]})
            theirs = await request(other, {"type": "subscribe", "id": 2, "match": match})
            legal: dict[int, Any] = {0: state.get("legal"), 1: theirs.get("legal")}
            frame_one = reference
            for n in range(12):
                seat = frame_one["to_act"][0]
                sock = two if seat == 0 else other
                await request(sock, {"type": "move", "id": 10 + n, "match": match, "move_id": f"m{version}",
                                     "version": version, "move": legal[seat][n % len(legal[seat])]})  # fmt: skip
                version += 1
                frame_two, frame_one = await events_until(two, version), await events_until(one, version)
                frame_other = await events_until(other, version)
                if "patch" in frame_two:
                    view, patched = apply(view, frame_two["patch"]), patched + 1
                elif "merge" in frame_two:
                    view, patched = merge_apply(view, frame_two["merge"]), patched + 1
                else:
                    view = frame_two["view"]
                assert "view" not in frame_two or "board" not in frame_two["view"]["public"]
                assert view == {**frame_one["view"], "public": rules.without_constants(frame_one["view"]["public"])}
                legal = {0: frame_one.get("legal"), 1: frame_other.get("legal")}
                if frame_one["status"] != "active":
                    break
        assert patched >= 5
