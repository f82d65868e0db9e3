"""Limits for many sockets (issue 20): the accept queue is ``VORPAL_BACKLOG`` deep; ``deploy/limits.sh`` checks."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from server.config import Settings
from server.store.embedded import EmbeddedRedis
from tests.support.servers import ServerProcess


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


def test_limits_sh_checks_this_host_for_a_number_of_sockets() -> None:
    """``deploy/limits.sh check`` reads every limit and fails when one falls short of the sockets asked for."""
    script = str(Path(__file__).resolve().parents[2] / "deploy" / "limits.sh")
    few = subprocess.run(["bash", script, "check", "10"], capture_output=True, text=True)
    names = [line.split()[0] for line in few.stdout.splitlines() if line.strip() and not line.startswith(" ")]
    assert names[:4] == ["fs.nr_open", "fs.file-max", "net.core.somaxconn", "net.ipv4.tcp_max_syn_backlog"]
    assert "ulimit" in few.stdout and "ephemeral ports" in few.stdout
    many = subprocess.run(["bash", script, "check", str(10**9)], capture_output=True, text=True)
    assert many.returncode == 1 and "LOW" in many.stdout  # no host has a billion descriptors to give
