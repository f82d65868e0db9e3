"""The deployment files, checked with real tools: docker-compose.yml, deploy/nginx.conf, deploy/topology.sh.

There is no Docker engine here, so the compose file is validated by Debian's
``docker-compose`` (``config`` needs no engine) and the nginx configuration by
``nginx -t``; both are installed by ``deploy/topology.sh install-tools`` (the
Makefile's install step runs it). ``deploy/topology.sh run`` then starts the
compose topology on loopback (Redis, two instances, nginx) and SDK bots play a
whole match through the load balancer.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from vorpal_client import VorpalClient, play

from server.store.embedded import free_port
from tests.support.servers import ROOT

TOPOLOGY = ROOT / "deploy" / "topology.sh"


def tool(name: str) -> str:
    """The path of ``name``, installed with the project's own script if missing."""
    found = shutil.which(name) or (f"/usr/sbin/{name}" if os.path.exists(f"/usr/sbin/{name}") else None)
    if found:
        return found
    out = subprocess.run(["bash", str(TOPOLOGY), "install-tools"], capture_output=True, text=True, timeout=600)
    found = shutil.which(name) or (f"/usr/sbin/{name}" if os.path.exists(f"/usr/sbin/{name}") else None)
    if not found:
        pytest.skip(f"{name} is not installed and could not be installed here: {out.stderr.strip()[-300:]}")
    return found


def test_the_compose_file_is_valid_and_has_the_topology() -> None:
    compose = tool("docker-compose")
    base = [compose, "-f", str(ROOT / "docker-compose.yml")]
    env = {**os.environ, "COMPOSE_PROJECT_NAME": "vorpal"}
    checked = subprocess.run([*base, "config", "-q"], capture_output=True, text=True, timeout=60, env=env, cwd=ROOT)
    assert checked.returncode == 0, checked.stderr
    services = subprocess.run([*base, "config", "--services"], capture_output=True, text=True, timeout=60, env=env)
    assert set(services.stdout.split()) >= {"redis", "vorpal", "lb"}
    with_load = subprocess.run([*base, "--profile", "load", "config", "--services"], capture_output=True, text=True,
                               timeout=60, env=env)  # fmt: skip
    assert {"locust-master", "locust-worker"} <= set(with_load.stdout.split())
    rendered = subprocess.run([*base, "config"], capture_output=True, text=True, timeout=60, env=env).stdout
    assert "appendonly" in rendered and "redis-data" in rendered
    assert "replicas: 2" in rendered
    assert "nginx.conf" in rendered


def test_the_nginx_config_passes_nginx_t(tmp_path: Path) -> None:
    nginx = tool("nginx")
    rendered = subprocess.run(
        ["bash", str(TOPOLOGY), "nginx-conf", str(free_port()), str(free_port()), str(free_port())],
        capture_output=True, text=True, timeout=30, check=True, env={**os.environ, "STATE_DIR": str(tmp_path)},
    ).stdout  # fmt: skip
    assert "proxy_set_header Upgrade $http_upgrade" in rendered
    conf = tmp_path / "nginx.conf"
    conf.write_text(rendered)
    out = subprocess.run(
        [nginx, "-t", "-p", str(tmp_path), "-c", str(conf), "-e", "stderr", "-g", f"pid {tmp_path}/nginx.pid;"],
        capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr


@pytest.fixture
def topology(tmp_path: Path) -> Iterator[str]:
    tool("nginx")
    port = free_port()
    env = {**os.environ, "PORT": str(port), "STATE_DIR": str(tmp_path / "state"), "PYTHON": sys.executable}
    env.pop("REDIS_URL", None)
    log = open(tmp_path / "topology.log", "w")  # noqa: SIM115 - handed to the child
    proc = subprocess.Popen(["bash", str(TOPOLOGY), "run"], env=env, stdout=log, stderr=subprocess.STDOUT, cwd=ROOT)
    log.close()
    try:
        deadline = time.monotonic() + 90
        while "ready http" not in (tmp_path / "topology.log").read_text():
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"topology did not start: {(tmp_path / 'topology.log').read_text()[-2000:]}")
            time.sleep(0.2)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.mark.anyio
async def test_a_match_is_played_through_the_load_balancer(topology: str) -> None:
    async with VorpalClient(topology) as api:
        match = (await api.create_match("jabberwocky", 3, options={"rounds": 2})).match
        tokens = [(await api.join(match, name=f"lb{i}")).token for i in range(3)]
        finals = await asyncio.wait_for(
            asyncio.gather(*(play(topology, match, token, seed=i) for i, token in enumerate(tokens))), 60
        )
        assert {f["status"] for f in finals} == {"finished"}
        state = await api.state(match)
        assert state.status == "finished" and state.outcome is not None
        log = await api.events(match)
        assert [e.version for e in log] == list(range(1, state.version + 1))
