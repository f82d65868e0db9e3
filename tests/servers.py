"""Real processes for the tests: a Redis server and Vorpal instances on loopback ports."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx

from server.store.embedded import free_port

ROOT = Path(__file__).resolve().parent.parent


class ServerProcess:
    """``python -m server serve`` as a child process."""

    def __init__(self, redis_url: str | None, *, log_dir: Path, data_dir: Path | None = None,
                 env: dict[str, str] | None = None) -> None:  # fmt: skip
        self.port = free_port()
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
        args = [sys.executable, "-m", "server", "serve", "--port", str(self.port), "--log-level", "warning"]
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
