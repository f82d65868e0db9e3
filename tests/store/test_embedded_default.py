"""With no REDIS_URL the server runs its own real Redis, and keeps matches across restarts."""

from __future__ import annotations

import time
from pathlib import Path

import httpx

from server.store.embedded import PIDFILE
from tests.support.servers import ServerProcess


def test_the_embedded_default_keeps_matches_across_restarts(tmp_path: Path) -> None:
    data = tmp_path / "data"
    first = ServerProcess(None, log_dir=tmp_path, data_dir=data).start()
    try:
        created = httpx.post(first.url + "/v1/matches", json={"game": "jabberwocky", "seats": 3}).json()
        joined = httpx.post(first.url + f"/v1/matches/{created['match']}/join", json={"name": "ann"}).json()
    finally:
        first.stop()
    assert (data / "redis").is_dir()
    second = ServerProcess(None, log_dir=tmp_path, data_dir=data).start()
    try:
        state = httpx.get(second.url + f"/v1/matches/{created['match']}",
                          headers={"Authorization": f"Bearer {joined['token']}"}).json()  # fmt: skip
        assert state["names"][joined["seat"]] == "ann" and state["you"] == joined["seat"]
    finally:
        second.stop()


def test_the_embedded_redis_goes_with_a_killed_server_and_never_runs_twice(tmp_path: Path) -> None:
    data = tmp_path / "data"
    first = ServerProcess(None, log_dir=tmp_path, data_dir=data).start()
    created = httpx.post(first.url + "/v1/matches", json={"game": "mome", "seats": 2}).json()
    redis_pid = int((data / "redis" / PIDFILE).read_text())
    first.stop(kill=True)  # kill -9: no lifespan shutdown runs
    deadline = time.monotonic() + 30
    while Path(f"/proc/{redis_pid}").exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not Path(f"/proc/{redis_pid}").exists(), "the embedded Redis outlived its server"
    second = ServerProcess(None, log_dir=tmp_path, data_dir=data).start()
    try:
        assert httpx.get(second.url + f"/v1/matches/{created['match']}").json()["status"] == "open"
    finally:
        second.stop()
