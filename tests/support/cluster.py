"""A local Redis Cluster for the tests: three masters on loopback, no replicas.

Started from the same ``valkey-server``/``redis-server`` binary the embedded
server uses, joined with ``valkey-cli --cluster create``; each node keeps its
data and ``nodes.conf`` in its own folder.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path

from server.store.embedded import EmbeddedRedis, free_port, server_binary


def cli_binary() -> str:
    """``valkey-cli`` beside the server binary (or ``redis-cli`` on PATH)."""
    beside = Path(server_binary()).parent
    for name in ("valkey-cli", "redis-cli"):
        if (beside / name).exists():
            return str(beside / name)
    found = shutil.which("redis-cli") or shutil.which("valkey-cli")
    if found is None:
        raise RuntimeError("no valkey-cli/redis-cli to create the cluster with")
    return found


def _info(port: int) -> str:
    with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
        s.sendall(b"CLUSTER INFO\r\n")
        data = b""
        while b"cluster_known_nodes" not in data:
            chunk = s.recv(4096)
            if not chunk:
                break
            data += chunk
        return data.decode(errors="replace")


class LocalCluster:
    """``with LocalCluster(tmp_path) as c: c.url`` — a ``redis+cluster://`` URL of its nodes."""

    def __init__(self, data_dir: Path, masters: int = 3) -> None:
        self.data_dir = data_dir
        flags = ("--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf", "--cluster-node-timeout", "5000")
        # The cluster bus port is set too: the default (port + 10000) may not exist or be free.
        self.nodes = [
            EmbeddedRedis(data_dir / f"node{i}", free_port(), appendonly=False,
                          extra=(*flags, "--cluster-port", str(free_port())))
            for i in range(masters)
        ]  # fmt: skip

    @property
    def ports(self) -> list[int]:
        return [n.port for n in self.nodes]

    @property
    def url(self) -> str:
        return "redis+cluster://" + ",".join(f"127.0.0.1:{p}" for p in self.ports)

    def start(self, timeout: float = 30.0) -> LocalCluster:
        try:
            for node in self.nodes:
                node.start()
            subprocess.run(
                [cli_binary(), "--cluster", "create", *(f"127.0.0.1:{p}" for p in self.ports),
                 "--cluster-replicas", "0", "--cluster-yes"],
                check=True, capture_output=True, timeout=timeout,
            )  # fmt: skip
            deadline = time.monotonic() + timeout
            while not all("cluster_state:ok" in _info(p) for p in self.ports):
                if time.monotonic() > deadline:
                    raise RuntimeError("the cluster did not reach cluster_state:ok")
                time.sleep(0.1)
        except BaseException:
            self.stop()
            raise
        return self

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()

    def __enter__(self) -> LocalCluster:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
