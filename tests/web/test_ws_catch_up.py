"""A burst of sockets catching up (``auth``, ``subscribe``) is served in turn, and every socket is served.

A server of its own, in this process, so that the test can hold the catch-up slots itself
(``Services.catch_up``). The waits are bounded polls for a condition, never a sleep taken as proof.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
import uvicorn
import websockets
from vorpal_protocol import SUBPROTOCOL, decode_server, encode

from server.config import Settings
from server.store.embedded import EmbeddedRedis, free_port
from server.web.app import create_app
from server.web.services import Services

pytestmark = pytest.mark.anyio

SLOTS = 2


@pytest.fixture
async def app_server(
    redis_server: EmbeddedRedis, request: pytest.FixtureRequest
) -> AsyncIterator[tuple[str, Services]]:
    slots = getattr(request, "param", SLOTS)
    app = create_app(Settings(redis_url=redis_server.url, ws_catch_up=slots))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=free_port(), log_level="warning"))
    serving = asyncio.create_task(server.serve())
    try:
        for _ in range(600):
            if server.started:
                break
            await asyncio.sleep(0.05)
        yield f"127.0.0.1:{server.config.port}", app.state.services
    finally:
        server.should_exit = True
        await asyncio.wait_for(serving, 30)


async def frame(ws: Any) -> dict[str, Any]:
    got: dict[str, Any] = decode_server(bytes(await asyncio.wait_for(ws.recv(decode=False), 30))).model_dump()
    return got


async def waiting(catch_up: asyncio.Semaphore, n: int) -> None:
    """Until ``n`` sockets wait for a slot (the semaphore offers no count of its waiters but this one)."""
    for _ in range(600):
        if len(catch_up._waiters or ()) == n:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"{len(catch_up._waiters or ())} sockets wait for a slot, not {n}")


async def test_sockets_beyond_the_slots_wait_their_turn_and_all_are_served(
    app_server: tuple[str, Services],
) -> None:
    host, services = app_server
    async with httpx.AsyncClient(base_url=f"http://{host}") as http:
        match = (await http.post("/v1/matches", json={"game": "mome", "seats": 2})).json()["match"]
        tokens = [(await http.post(f"/v1/matches/{match}/join", json={"name": f"p{s}"})).json()["token"]
                  for s in range(2)]  # fmt: skip

    url = f"ws://{host}/v1/ws"
    sockets = [await websockets.connect(url, subprotocols=[SUBPROTOCOL]) for _ in range(4)]  # type: ignore[list-item]
    try:
        for _ in range(SLOTS):
            await services.catch_up.acquire()  # every slot taken: the next socket to catch up waits
        await sockets[0].send(encode({"type": "auth", "id": 1, "token": tokens[0]}))
        await sockets[1].send(encode({"type": "auth", "id": 1, "token": tokens[1]}))
        await sockets[2].send(encode({"type": "subscribe", "id": 1, "match": match}))  # a spectator
        await waiting(services.catch_up, 3)

        # Meanwhile the server answers whatever is not a catch-up.
        await sockets[3].send(encode({"type": "ping", "id": 7}))
        assert (await frame(sockets[3]))["type"] == "pong"

        for _ in range(SLOTS):
            services.catch_up.release()
        for seat in (0, 1):
            ack = await frame(sockets[seat])
            assert ack["type"] == "ack" and ack["result"] == {"match": match, "seat": seat}
            await sockets[seat].send(encode({"type": "subscribe", "id": 2, "match": match}))
            state = await frame(sockets[seat])
            assert state["type"] == "ack" and state["result"]["you"] == seat
        watched = await frame(sockets[2])
        assert watched["type"] == "ack" and watched["result"]["you"] is None
        assert not services.catch_up.locked() and not services.catch_up._waiters
    finally:
        for ws in sockets:
            await ws.close()


@pytest.mark.parametrize("app_server", [0], indirect=True)
async def test_no_bound_when_the_setting_is_zero(app_server: tuple[str, Services]) -> None:
    _, services = app_server
    for _ in range(10_000):
        await services.catch_up.acquire()
    assert not services.catch_up.locked()
