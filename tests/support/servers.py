"""Real processes for the tests: a Redis server and Vorpal instances on loopback ports."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from vorpal_client import LiveConnection, VorpalClient

from server.store import Store
from server.store.embedded import free_port

ROOT = Path(__file__).resolve().parents[2]
# The admin key of the instances the tests start with one (VORPAL_ADMIN_KEY).
ADMIN_KEY = "test-admin-key-0123456789abcdef"


class ServerProcess:
    """``python -m server serve`` as a child process."""

    def __init__(self, redis_url: str | None, *, log_dir: Path, data_dir: Path | None = None,
                 env: dict[str, str] | None = None, log_level: str = "warning") -> None:  # fmt: skip
        self.port = free_port()
        self.log_level = log_level
        self.redis_url = redis_url
        self.log_path = log_dir / f"server-{self.port}.log"
        self.data_dir = data_dir
        self.env = env or {}
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> ServerProcess:
        env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
        env.update(self.env)
        args = [sys.executable, "-m", "server", "serve", "--port", str(self.port), "--log-level", self.log_level]
        if self.redis_url:
            args += ["--redis-url", self.redis_url]
        if self.data_dir:
            args += ["--data-dir", str(self.data_dir)]
        log = open(self.log_path, "ab")  # noqa: SIM115 - handed to the child
        self.process = subprocess.Popen(args, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        log.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.log_path.read_text()[-2000:]}")
            try:
                if httpx.get(self.url + "/readyz", timeout=1).status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"server not ready: {self.log_path.read_text()[-2000:]}")

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def stop(self, *, kill: bool = False) -> None:
        if self.process is None:
            return
        if kill:
            self.process.kill()
        else:
            self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None


# -- helpers for the multi-instance, crash, fault and cluster tests ----------------------


def start_instances(redis_url: str, n: int, *, log_dir: Path, env: dict[str, str] | None = None) -> list[ServerProcess]:
    """``n`` instances on one Redis, all ready; stopped again if one fails to start."""
    procs: list[ServerProcess] = []
    try:
        for _ in range(n):
            procs.append(ServerProcess(redis_url, log_dir=log_dir, env=env).start())
    except BaseException:
        for p in procs:
            p.stop()
        raise
    return procs


def stop_all(procs: list[ServerProcess]) -> None:
    for p in procs:
        p.stop()


class RecordingLive(LiveConnection):
    """The SDK's live connection, noting every acknowledged move: ``(match, seat, move id, version)``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.acked: list[tuple[str, int, str, int]] = []

    async def move(self, match: str, move: Any, *, version: int, move_id: str) -> dict[str, Any]:
        result = await super().move(match, move, version=version, move_id=move_id)
        seat = int(self.tokens[match].split(".")[1])
        self.acked.append((match, seat, move_id, int(result["version"])))
        return result


async def seated_match(api: VorpalClient, game: str, seats: int, options: dict[str, Any]) -> tuple[str, list[str]]:
    """A new match with every seat joined; returns its id and the seat tokens."""
    match = (await api.create_match(game, seats, options=options)).match
    return match, [(await api.join(match, name=f"p{i}")).token for i in range(seats)]


async def check_stored(store: Store, match: str, acked: list[tuple[str, int, str, int]]) -> None:
    """Nothing acknowledged was lost, nothing was applied twice, and the match replays exactly."""
    from server.audit import audit
    from server.store.keys import match_keys

    report = await audit(store, match)
    assert report.ok, report.text()
    ids = {k.decode(): int(v) for k, v in (await store.redis.hgetall(match_keys(match)[2])).items()}
    for m, seat, move_id, version in acked:
        if m == match:
            assert ids.get(f"{seat}:{move_id}") == version, f"acknowledged move {move_id} of {match} is not stored"
    record, _ = await store.load(match)
    moves = [e for e in await store.log(match, 0) if e["kind"] == "move" and not record.bots[e["seat"]]]
    # Every applied move of a client carries one move id, each id one version: nothing applied twice.
    assert sorted(ids.values()) == [e["v"] for e in moves]
