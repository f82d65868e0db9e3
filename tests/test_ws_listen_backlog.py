"""The listening socket's accept queue is ``VORPAL_BACKLOG`` deep (issue 20: many sockets reconnect at once)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from server.config import Settings
from server.store.embedded import EmbeddedRedis

from .servers import ServerProcess


def listen_backlog(port: int) -> int:
    """The backlog of the socket listening on ``port``, as ``ss`` reports it (its Send-Q column)."""
    ss = shutil.which("ss")
    if ss is None:
        pytest.skip("no ss (iproute2) to read a listening socket's backlog")
    out = subprocess.run([ss, "-Hltn", f"sport = :{port}"], capture_output=True, text=True, check=True).stdout
    return int(out.split()[2])


def somaxconn() -> int:
    return int(Path("/proc/sys/net/core/somaxconn").read_text())


def test_the_default_backlog_outgrows_uvicorns(server: ServerProcess) -> None:
    assert Settings().backlog > 2048
    assert listen_backlog(server.port) == min(Settings().backlog, somaxconn())


def test_vorpal_backlog_sets_the_accept_queue(redis_server: EmbeddedRedis, tmp_path: Path) -> None:
    want = min(1234, somaxconn())
    proc = ServerProcess(redis_server.url, log_dir=tmp_path, env={"VORPAL_BACKLOG": str(want)}).start()
    try:
        assert listen_backlog(proc.port) == want
    finally:
        proc.stop()
