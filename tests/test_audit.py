"""``vorpal audit``: a stored match replays from its seed; the first divergence is reported."""

from __future__ import annotations

import asyncio
import copy
import os
import subprocess
import sys
from pathlib import Path

import pytest
from vorpal_client import VorpalClient

from server.audit import audit, replay
from server.store import Store
from server.store.embedded import EmbeddedRedis
from server.store.keys import match_keys
from tests.support.servers import ROOT, ServerProcess

pytestmark = pytest.mark.anyio


async def finished_match(server: ServerProcess) -> str:
    async with VorpalClient(server.url) as api:
        match = (await api.create_match("jabberwocky", 3, bots=[0, 1, 2], options={"rounds": 2})).match
        for _ in range(400):
            if (await api.state(match)).status == "finished":
                return match
            await asyncio.sleep(0.05)
    raise AssertionError("the bots did not finish")


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "server", "audit", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)  # fmt: skip


async def test_a_played_match_replays_exactly(server: ServerProcess, store: Store) -> None:
    match = await finished_match(server)
    report = await audit(store, match)
    assert report.ok, report.text()
    assert report.moves == report.entries == report.version == 27


async def test_the_first_divergence_is_reported(server: ServerProcess, store: Store) -> None:
    match = await finished_match(server)
    record, _ = await store.load(match)
    entries = await store.log(match, 0)

    changed = copy.deepcopy(entries)
    changed[4]["public"] = {**changed[4]["public"], "forged": True}
    report = replay(record, changed)
    assert report.divergence is not None and report.divergence.version == 5 and "public" in report.divergence.what

    changed = copy.deepcopy(entries)
    changed[6]["move"], changed[7]["move"] = changed[7]["move"], changed[6]["move"]
    report = replay(record, changed)
    assert report.divergence is not None and report.divergence.version in (7, 8)

    report = replay(record, entries[:10] + entries[11:])
    assert report.divergence is not None and report.divergence.version == 11 and "version" in report.divergence.what

    tampered = record.replace(rng=[x ^ 1 for x in record.rng])
    report = replay(tampered, entries)
    assert report.divergence is not None and report.divergence.version is None and "random" in report.divergence.what


async def test_the_command_line(server: ServerProcess, store: Store, redis_server: EmbeddedRedis) -> None:
    match = await finished_match(server)
    ok = cli(match, "--redis-url", redis_server.url)
    assert ok.returncode == 0 and "OK" in ok.stdout, ok.stdout + ok.stderr
    assert cli("no-such-match", "--redis-url", redis_server.url).returncode == 2
    # Rewrite the stored generator state behind the server's back: the audit notices.
    key = match_keys(match)[0]
    await store.redis.hset(key, "rng", "[1, 2, 3, 4]")
    bad = cli(match, "--redis-url", redis_server.url, "--json")
    assert bad.returncode == 1 and '"ok": false' in bad.stdout and "random generator" in bad.stdout


async def test_the_command_line_finds_the_embedded_server_of_the_data_folder(tmp_path: Path) -> None:
    """``make serve`` starts Redis on a random port: ``vorpal audit ID`` finds it by itself."""
    proc = ServerProcess(None, log_dir=tmp_path, data_dir=tmp_path / ".vorpal").start()
    try:
        match = await finished_match(proc)
        env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
        found = subprocess.run([sys.executable, "-m", "server", "audit", match], cwd=tmp_path, env=env,
                               capture_output=True, text=True, timeout=60)  # fmt: skip
        assert found.returncode == 0 and "OK" in found.stdout, found.stdout + found.stderr
    finally:
        proc.stop()
    gone = subprocess.run([sys.executable, "-m", "server", "audit", match, "--data-dir", str(tmp_path / ".vorpal")],
                          env=env, capture_output=True, text=True, timeout=60)  # fmt: skip
    assert gone.returncode == 2 and "no server runs on" in gone.stderr
