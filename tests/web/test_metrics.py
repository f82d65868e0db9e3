"""``/metrics`` reports what happened, against a live server: moves applied, moves refused by code,
rate-limited requests, WebSocket moves, sockets and subscriptions; ``/healthz`` and ``/readyz``."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from prometheus_client.parser import text_string_to_metric_families
from vorpal_protocol import SUBPROTOCOL, decode_server, encode

from server.store.embedded import EmbeddedRedis
from tests.support.servers import ServerProcess

pytestmark = pytest.mark.anyio

LIMITS = {"VORPAL_REST_RATE_PER_S": "0.001", "VORPAL_REST_BURST": "12", "VORPAL_TRUSTED_PROXIES": "127.0.0.1"}


@pytest.fixture(scope="module")
def measured(redis_server: EmbeddedRedis, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    proc = ServerProcess(redis_server.url, log_dir=Path(tmp_path_factory.mktemp("logs")), env=LIMITS).start()
    yield proc
    proc.stop()


@pytest.fixture
async def http() -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(timeout=30, headers={"X-Forwarded-For": uuid.uuid4().hex[:8]}) as client:
        yield client


async def scrape(http: httpx.AsyncClient, url: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of ``/metrics``: (name, sorted labels) -> value."""
    r = await http.get(url + "/metrics")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(r.text) for s in family.samples}  # fmt: skip


async def seated(http: httpx.AsyncClient, url: str) -> tuple[str, list[str]]:
    match = (await http.post(url + "/v1/matches", json={"game": "mome", "seats": 2})).json()["match"]
    return match, [(await http.post(url + f"/v1/matches/{match}/join", json={})).json()["token"] for _ in range(2)]


async def test_moves_applied_and_refused_by_code_and_rate_limited_requests(measured: ServerProcess,
                                                                          http: httpx.AsyncClient) -> None:  # fmt: skip
    url = measured.url
    before = await scrape(http, url)
    match, tokens = await seated(http, url)
    state = (await http.get(url + f"/v1/matches/{match}", headers={"Authorization": f"Bearer {tokens[0]}"})).json()
    actor = state["to_act"][0]
    seat = {"Authorization": f"Bearer {tokens[actor]}"}
    legal = (await http.get(url + f"/v1/matches/{match}/legal", headers=seat)).json()["moves"]
    move = {"move_id": "a", "version": state["version"], "move": legal[0]}
    assert (await http.post(url + f"/v1/matches/{match}/moves", json=move, headers=seat)).status_code == 200
    stale = {**move, "move_id": "b"}
    refused = await http.post(url + f"/v1/matches/{match}/moves", json=stale, headers=seat)
    assert refused.json()["code"] == "stale_version"
    anonymous = await http.post(url + f"/v1/matches/{match}/moves", json={**move, "version": state["version"] + 1})
    assert anonymous.json()["code"] == "unauthorized"

    limited = httpx.AsyncClient(timeout=30, headers={"X-Forwarded-For": "198.51.100.7"})
    async with limited:
        codes = [(await limited.get(url + "/v1/games/mome")).status_code for _ in range(13)]
    assert codes[-1] == 429

    after = await scrape(http, url)

    def grew(name: str, **labels: str) -> float:
        key = (name, tuple(sorted(labels.items())))
        return after.get(key, 0.0) - before.get(key, 0.0)

    assert grew("vorpal_moves_applied_total") == 1
    assert grew("vorpal_moves_refused_total", code="stale_version") == 1
    assert grew("vorpal_moves_refused_total", code="unauthorized") == 1
    assert grew("vorpal_rate_limited_total") == 1
    assert grew("vorpal_commit_seconds_count") >= 1
    assert after[("vorpal_active_matches", (("game", "mome"),))] >= 1


async def test_websocket_moves_sockets_and_subscriptions(measured: ServerProcess, http: httpx.AsyncClient) -> None:
    url = measured.url
    match, tokens = await seated(http, url)
    before = await scrape(http, url)
    async with websockets.connect(url.replace("http", "ws") + "/v1/ws",
                                  subprotocols=[SUBPROTOCOL]) as ws:  # type: ignore[list-item]  # fmt: skip

        async def ask(frame: dict[str, Any]) -> dict[str, Any]:
            await ws.send(encode(frame))
            while True:
                got: dict[str, Any] = decode_server(bytes(await ws.recv(decode=False))).model_dump()
                if got.get("id") == frame["id"]:
                    return got

        for i, token in enumerate(tokens):
            await ask({"type": "auth", "id": f"auth{i}", "token": token})
        state = (await ask({"type": "subscribe", "id": "sub", "match": match}))["result"]
        actor = state["to_act"][0]
        await ask({"type": "auth", "id": "me", "token": tokens[actor]})
        legal = (await http.get(url + f"/v1/matches/{match}/legal",
                                headers={"Authorization": f"Bearer {tokens[actor]}"})).json()["moves"]  # fmt: skip
        acked = await ask({"type": "move", "id": "m", "match": match, "move_id": "ws1", "version": state["version"],
                           "move": legal[0]})  # fmt: skip
        assert acked["type"] == "ack"
        during = await scrape(http, url)
    assert during[("vorpal_open_sockets", ())] - before[("vorpal_open_sockets", ())] == 1
    assert during[("vorpal_subscriptions", ())] - before[("vorpal_subscriptions", ())] == 1
    assert during[("vorpal_move_seconds_count", ())] - before.get(("vorpal_move_seconds_count", ()), 0) == 1
    assert during[("vorpal_moves_applied_total", ())] - before[("vorpal_moves_applied_total", ())] == 1


async def test_health_and_readiness(measured: ServerProcess, http: httpx.AsyncClient) -> None:
    assert (await http.get(measured.url + "/healthz")).json() == {"status": "alive"}
    assert (await http.get(measured.url + "/readyz")).json() == {"status": "ready"}
