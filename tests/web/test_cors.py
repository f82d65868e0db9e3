"""CORS: the allowed origins get preflights answered and every response marked; the WebSocket
handshake refuses a page of any other origin with a problem document, and lets clients that send
no ``Origin`` (bots) and pages the server serves itself (the playground) through."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis.asyncio as aioredis
import websockets
from vorpal_protocol import SUBPROTOCOL, decode_server, encode

from server.store import keys
from server.store.embedded import EmbeddedRedis
from tests.support.servers import ServerProcess

pytestmark = pytest.mark.anyio

APP = "https://app.example"


@pytest.fixture(scope="module")
def cors_server(redis_server: EmbeddedRedis, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    env = {"VORPAL_CORS_ORIGINS": f"{APP}, https://other.example"}
    proc = ServerProcess(redis_server.url, log_dir=Path(tmp_path_factory.mktemp("logs")), env=env).start()
    yield proc
    proc.stop()


async def test_an_allowed_origin_gets_its_preflight_and_its_headers(cors_server: ServerProcess,
                                                                    http: httpx.AsyncClient) -> None:  # fmt: skip
    preflight = await http.options(cors_server.url + "/v1/matches", headers={
        "Origin": APP, "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type"})  # fmt: skip
    assert preflight.status_code == 200
    assert preflight.headers["access-control-allow-origin"] == APP
    assert "POST" in preflight.headers["access-control-allow-methods"]
    assert "authorization" in preflight.headers["access-control-allow-headers"].lower()

    created = await http.post(cors_server.url + "/v1/matches", json={"game": "mome", "seats": 2},
                              headers={"Origin": APP})  # fmt: skip
    assert created.status_code == 201 and created.headers["access-control-allow-origin"] == APP
    assert "Location" in created.headers["access-control-expose-headers"]
    problem = await http.get(cors_server.url + "/v1/matches/nope", headers={"Origin": APP})
    assert problem.status_code >= 400 and problem.headers["access-control-allow-origin"] == APP


async def test_another_origin_gets_no_cors_headers(cors_server: ServerProcess, http: httpx.AsyncClient) -> None:
    evil = "https://evil.example"
    preflight = await http.options(cors_server.url + "/v1/matches",
                                   headers={"Origin": evil, "Access-Control-Request-Method": "POST"})  # fmt: skip
    assert preflight.status_code == 400 and "access-control-allow-origin" not in preflight.headers
    listed = await http.get(cors_server.url + "/v1/games", headers={"Origin": evil})
    assert listed.status_code == 200 and "access-control-allow-origin" not in listed.headers


@pytest.fixture
def own_server(own_redis: EmbeddedRedis, tmp_path: Path) -> Iterator[ServerProcess]:
    proc = ServerProcess(own_redis.url, log_dir=tmp_path, env={"VORPAL_CORS_ORIGINS": APP}).start()
    yield proc
    proc.stop()


async def test_a_server_fault_is_a_problem_a_page_can_read(own_server: ServerProcess, own_redis: EmbeddedRedis,
                                                           http: httpx.AsyncClient) -> None:  # fmt: skip
    """A fault the server did not foresee (here a stored record it cannot read) is the ``internal``
    problem, with the CORS headers and the request id every other answer has."""
    created = await http.post(own_server.url + "/v1/matches", json={"game": "mome", "seats": 2})
    match = created.json()["match"]
    client = aioredis.Redis.from_url(own_redis.url)
    try:
        await client.hset(keys.match_keys(match)[0], "status", "mislaid")
    finally:
        await client.aclose()

    fault = await http.get(f"{own_server.url}/v1/matches/{match}", headers={"Origin": APP, "X-Request-Id": "r-42"})
    assert fault.status_code == 500
    assert fault.headers["content-type"] == "application/problem+json"
    assert fault.json()["code"] == "internal"
    assert fault.headers["access-control-allow-origin"] == APP
    assert fault.headers["x-request-id"] == "r-42"
    assert "mislaid" not in fault.text  # what failed stays in the server's log


async def test_no_origin_is_allowed_by_default(server: ServerProcess, http: httpx.AsyncClient) -> None:
    listed = await http.get(server.url + "/v1/games", headers={"Origin": APP})
    assert listed.status_code == 200 and "access-control-allow-origin" not in listed.headers


async def ping(ws: Any) -> dict[str, Any]:
    await ws.send(encode({"type": "ping", "id": 1}))
    frame: dict[str, Any] = decode_server(bytes(await ws.recv(decode=False))).model_dump()
    return frame


def ws_url(proc: ServerProcess) -> str:
    return proc.url.replace("http", "ws") + "/v1/ws"


async def test_the_websocket_refuses_a_page_of_another_origin(cors_server: ServerProcess) -> None:
    with pytest.raises(websockets.InvalidStatus) as info:
        await websockets.connect(ws_url(cors_server), subprotocols=[SUBPROTOCOL],  # type: ignore[list-item]
                                 origin="https://evil.example")  # type: ignore[arg-type]  # fmt: skip
    response = info.value.response
    assert response.status_code == 403
    assert response.headers["content-type"] == "application/problem+json"
    assert b'"code":"forbidden"' in response.body


@pytest.mark.parametrize("origin", [APP, None, "same host"])
async def test_the_websocket_lets_in_allowed_pages_bots_and_its_own_pages(cors_server: ServerProcess,
                                                                          origin: str | None) -> None:  # fmt: skip
    if origin == "same host":
        origin = cors_server.url  # the playground, served by this server
    async with websockets.connect(ws_url(cors_server), subprotocols=[SUBPROTOCOL],  # type: ignore[list-item]
                                  origin=origin) as ws:  # type: ignore[arg-type]  # fmt: skip
        assert (await ping(ws))["type"] == "pong"
