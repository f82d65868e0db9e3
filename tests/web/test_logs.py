"""Log lines: one per REST request (a setting) with its request id and match id, one per WebSocket
session when it ends (duration, frames in and out, close code, matches), as JSON by setting."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from vorpal_protocol import SUBPROTOCOL, encode

from server.store.embedded import EmbeddedRedis
from tests.support.servers import ServerProcess

pytestmark = pytest.mark.anyio


def access_lines(proc: ServerProcess, *, until: str, timeout: float = 30) -> list[dict[str, Any]]:
    """The server's JSON access lines, once one of them has the message ``until`` (it is written
    when the server is done with a session, which may be after the client is)."""
    deadline = time.monotonic() + timeout
    while True:
        raws = [raw for raw in proc.log_path.read_text().splitlines() if raw.startswith("{")]
        found = [line for line in map(json.loads, raws) if line["logger"] == "vorpal.access"]
        if any(line["msg"].startswith(until) for line in found) or time.monotonic() > deadline:
            return found
        time.sleep(0.05)


async def a_websocket_session(proc: ServerProcess, match: str) -> None:
    async with websockets.connect(proc.url.replace("http", "ws") + f"/v1/ws?match={match}",
                                  subprotocols=[SUBPROTOCOL]) as ws:  # type: ignore[list-item]  # fmt: skip
        await ws.send(encode({"type": "subscribe", "id": 1, "match": match}))
        await ws.recv()
        await ws.send(encode({"type": "ping", "id": 2}))
        await ws.recv()


async def test_json_lines_for_requests_and_websocket_sessions(redis_server: EmbeddedRedis, tmp_path: Path) -> None:
    env = {"VORPAL_ACCESS_LOG": "1", "VORPAL_LOG_FORMAT": "json"}
    proc = ServerProcess(redis_server.url, log_dir=tmp_path, env=env, log_level="info").start()
    try:
        async with httpx.AsyncClient(timeout=30) as http:
            match = (await http.post(proc.url + "/v1/matches", json={"game": "mome", "seats": 2})).json()["match"]
            got = await http.get(proc.url + f"/v1/matches/{match}", headers={"X-Request-Id": "trace-42"})
            assert got.headers["X-Request-Id"] == "trace-42"
            fresh = await http.get(proc.url + "/v1/games/mome")
            assert len(fresh.headers["X-Request-Id"]) == 16  # none sent: one is made
        await a_websocket_session(proc, match)
        lines = access_lines(proc, until="websocket")
    finally:
        proc.stop()
    [session] = [line for line in lines if line["msg"].startswith("websocket")]
    requests = {line["request_id"]: line for line in lines if line["msg"].startswith("request")}
    traced = requests["trace-42"]
    assert (traced["method"], traced["path"], traced["status"], traced["match"]) == (
        "GET", f"/v1/matches/{match}", 200, match)  # fmt: skip
    assert traced["ms"] >= 0 and traced["level"] == "info"
    assert requests[fresh.headers["X-Request-Id"]]["match"] is None
    assert session["frames_in"] == 2 and session["frames_out"] == 2
    assert session["close_code"] == 1000 and session["matches"] == match and session["ms"] >= 0
    # One line per session, at its end: uvicorn's line per handshake is gone.
    assert '"WebSocket /v1/ws' not in proc.log_path.read_text()


async def test_request_lines_are_a_setting(redis_server: EmbeddedRedis, tmp_path: Path) -> None:
    proc = ServerProcess(redis_server.url, log_dir=tmp_path, log_level="info").start()
    try:
        async with httpx.AsyncClient(timeout=30) as http:
            match = (await http.post(proc.url + "/v1/matches", json={"game": "mome", "seats": 2})).json()["match"]
        await a_websocket_session(proc, match)
        deadline = time.monotonic() + 30
        while "vorpal.access: websocket" not in proc.log_path.read_text() and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        proc.stop()
    text = proc.log_path.read_text()
    assert "vorpal.access: websocket request_id=" in text and f"matches={match}" in text
    assert "vorpal.access: request" not in text
