"""Partitions and failovers under play: how many acknowledged moves a Sentinel failover loses
(``make test-partition``; root, for network namespaces; deselected from ``make test``).

Each Redis node and Sentinel runs in a network namespace of its own (a primary, a replica, three
Sentinels), joined by a bridge in the test's namespace, where a Vorpal instance (``REDIS_URL`` names
the Sentinels) and SDK bots play. A partition cuts the primary off from the replica and the
Sentinels (blackhole routes on both sides), not from Vorpal: as in Jepsen's test of Sentinel, the
clients go on writing to it. The Sentinels promote the replica; the cut heals; the old primary
comes back as a replica of the new one and drops what it alone had. Five times. Then every move
acknowledged to a bot is looked for on the last primary, and every match is audited.

With ``VORPAL_WRITE_REPLICAS=1``: none missing, and play goes on after every failover (moves are
acknowledged between each cut and the next). With 0: the number missing is printed, the honest
cost of the default (it is not asserted: it depends on how much play the cut caught), with the
matches the bots saw finish that the last primary has unfinished. Ten tables play matches one
after another throughout.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import os
import shutil
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from vorpal_client import NotFound, VorpalClient, play
from vorpal_client.bot import until_available

from server.audit import audit
from server.store import Store
from server.store.embedded import server_binary
from server.store.keys import match_keys
from tests.support.servers import RecordingLive, ServerProcess, seated_match

pytestmark = [
    pytest.mark.partition,
    pytest.mark.anyio,
    pytest.mark.skipif(os.geteuid() != 0 or shutil.which("ip") is None, reason="needs root and ip(8)"),
]

NET = "10.48.0"
MASTER = "vorpal"
PARTITIONS = int(os.environ.get("VORPAL_PARTITIONS", "5"))
NODES = {"p": 2, "r": 3, "s1": 4, "s2": 5, "s3": 6}  # namespace suffix -> last octet
REDIS_NODES = ("p", "r")
SENTINELS = ("s1", "s2", "s3")
TABLES = 10  # matches played at once, each by three bots, one after another


def sh(*args: str) -> str:
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


class Net:
    """The namespaces, the bridge and the processes in them; everything is removed by :meth:`close`."""

    def __init__(self, tmp: Path) -> None:
        self.tag = f"vp{os.getpid() % 10000}"
        self.bridge = f"{self.tag}br"
        self.tmp = tmp
        self.procs: list[subprocess.Popen[bytes]] = []
        sh("ip", "link", "add", self.bridge, "type", "bridge")
        sh("ip", "addr", "add", f"{NET}.1/24", "dev", self.bridge)
        sh("ip", "link", "set", self.bridge, "up")
        for name, octet in NODES.items():
            ns, veth = self.ns(name), f"{self.tag}{name}"
            sh("ip", "netns", "add", ns)
            sh("ip", "link", "add", veth, "type", "veth", "peer", "name", "eth0", "netns", ns)
            sh("ip", "link", "set", veth, "master", self.bridge, "up")
            sh("ip", "netns", "exec", ns, "ip", "addr", "add", f"{NET}.{octet}/24", "dev", "eth0")
            sh("ip", "netns", "exec", ns, "ip", "link", "set", "eth0", "up")
            sh("ip", "netns", "exec", ns, "ip", "link", "set", "lo", "up")

    def ns(self, name: str) -> str:
        return f"{self.tag}-{name}"

    @staticmethod
    def ip(name: str) -> str:
        return f"{NET}.{NODES[name]}"

    def run(self, name: str, args: list[str]) -> None:
        log = open(self.tmp / f"{name}.log", "ab")  # noqa: SIM115 - handed to the child
        self.procs.append(subprocess.Popen(["ip", "netns", "exec", self.ns(name), *args], stdout=log,
                                           stderr=subprocess.STDOUT))  # fmt: skip
        log.close()

    def start(self) -> None:
        for name in REDIS_NODES:
            data = self.tmp / name
            data.mkdir()
            extra = [] if name == "p" else ["--replicaof", self.ip("p"), "6379"]
            self.run(name, [server_binary(), "--bind", self.ip(name), "--port", "6379", "--dir", str(data),
                            "--save", "", "--appendonly", "no", "--protected-mode", "no", *extra])  # fmt: skip
        for name in SENTINELS:
            conf = self.tmp / f"{name}.conf"
            conf.write_text(f"port 26379\nbind {self.ip(name)}\nprotected-mode no\ndir {self.tmp}\n"
                            f"sentinel monitor {MASTER} {self.ip('p')} 6379 2\n"
                            f"sentinel down-after-milliseconds {MASTER} 1000\n"
                            f"sentinel failover-timeout {MASTER} 4000\n")  # fmt: skip
            self.run(name, [server_binary(), str(conf), "--sentinel"])

    def redis(self, node: str, *command: str) -> str:
        return sh("ip", "netns", "exec", self.ns(node), str(Path(server_binary()).parent / "valkey-cli"),
                  "-h", self.ip(node), "-p", "26379" if node.startswith("s") else "6379", *command).strip()  # fmt: skip

    def primary(self) -> str | None:
        """The node the Sentinels' majority names as the primary."""
        named: dict[str, int] = {}
        for s in SENTINELS:
            with contextlib.suppress(subprocess.CalledProcessError):
                host = self.redis(s, "SENTINEL", "get-master-addr-by-name", MASTER).split("\n")[0]
                named[host] = named.get(host, 0) + 1
        for node in REDIS_NODES:
            if named.get(self.ip(node), 0) >= 2:
                return node
        return None

    def cut(self, node: str, *, heal: bool = False) -> None:
        """Cut ``node`` off from the other Redis node and the Sentinels (not from Vorpal), or heal it."""
        verb = "del" if heal else "add"
        for other in (*REDIS_NODES, *SENTINELS):
            if other != node:
                sh("ip", "netns", "exec", self.ns(node), "ip", "route", verb, "blackhole", f"{self.ip(other)}/32")
                sh("ip", "netns", "exec", self.ns(other), "ip", "route", verb, "blackhole", f"{self.ip(node)}/32")

    def close(self) -> None:
        for p in self.procs:
            p.kill()
            p.wait()
        for name in NODES:
            subprocess.run(["ip", "netns", "del", self.ns(name)], capture_output=True)
        subprocess.run(["ip", "link", "del", self.bridge], capture_output=True)


def until(what: str, check: Callable[[], bool], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"{what}: not within {timeout} s"
        time.sleep(0.2)


def is_primary(net: Net, node: str) -> bool:
    return net.primary() == node


def follows(net: Net, node: str) -> bool:
    """``node`` replicates the primary, and every Sentinel sees it as a sound replica (so that the next
    failover may choose it: one seen as disconnected, or not for a while, is not)."""
    try:
        if "master_link_status:up" not in net.redis(node, "INFO", "replication"):
            return False
    except subprocess.CalledProcessError:  # not answering yet (a node that is loading its copy)
        return False
    for s in SENTINELS:
        try:
            lines = net.redis(s, "SENTINEL", "replicas", MASTER).split("\n")
        except subprocess.CalledProcessError:
            return False
        fields = dict(zip(lines[::2], lines[1::2], strict=False))
        if fields.get("ip") != net.ip(node) or fields.get("flags") != "slave":
            return False
    return True


@pytest.fixture
def net(tmp_path: Path) -> Iterator[Net]:
    network = Net(tmp_path)
    try:
        network.start()
        until("the Sentinels agree on the primary", lambda: network.primary() == "p")
        until("the replica syncs", lambda: "master_link_status:up" in network.redis("r", "INFO", "replication"))
        yield network
    finally:
        network.close()


async def partitions_under_play(net: Net, tmp_path: Path, write_replicas: int) -> tuple[int, int, list[str], list[int]]:
    """Play through :data:`PARTITIONS` failovers; returns (moves acknowledged, of them missing, audits failed,
    moves acknowledged before each cut and at the end)."""
    url = "redis+sentinel://" + ",".join(f"{net.ip(s)}:26379" for s in SENTINELS) + f"/{MASTER}"
    env = {"VORPAL_WRITE_REPLICAS": str(write_replicas), "VORPAL_WRITE_TIMEOUT_MS": "300"}
    proc = ServerProcess(url, log_dir=tmp_path, env=env).start()
    lives: list[RecordingLive] = []
    created: list[str] = []
    seen_over: set[str] = set()  # matches a bot was told had finished

    async def table(api: VorpalClient, first: int) -> None:
        """Three bots at a table, one match after another, for as long as the test plays."""
        for n in itertools.count():
            match, tokens = await until_available(lambda: seated_match(api, "jabberwocky", 3, {}))
            created.append(match)
            try:
                ends = await asyncio.gather(*(play(proc.url, match, t, seed=first + s + 100 * n, think=0.02,
                                                   live=lives[first + s]) for s, t in enumerate(tokens)))  # fmt: skip
            except NotFound:
                continue  # a failover took back the whole match (created on a primary that was cut off)
            if any(end["status"] == "finished" for end in ends):
                seen_over.add(match)

    try:
        async with VorpalClient(proc.url) as api:
            lives = [RecordingLive(proc.url, request_timeout=5) for _ in range(3 * TABLES)]
            for live in lives:
                await live.connect()
            tables = [asyncio.create_task(table(api, 3 * i)) for i in range(TABLES)]
            counts = []
            for _ in range(PARTITIONS):
                counts.append(sum(len(live.acked) for live in lives))
                old = net.primary()
                assert old is not None
                new = "r" if old == "p" else "p"
                await asyncio.sleep(1)  # play goes on
                await asyncio.to_thread(net.cut, old)
                promoted = functools.partial(is_primary, net, new)
                await asyncio.to_thread(until, "the Sentinels promote the replica", promoted, 120)
                await asyncio.sleep(1)  # the clients go on writing to the old primary, cut off from the rest
                await asyncio.to_thread(net.cut, old, heal=True)
                await asyncio.to_thread(until, "the old primary follows the new one",
                                        functools.partial(follows, net, old))  # fmt: skip
            await asyncio.sleep(2)
            counts.append(sum(len(live.acked) for live in lives))
            for t in tables:
                t.cancel()
            ends = await asyncio.gather(*tables, return_exceptions=True)
        stopped = [repr(e) for e in ends if isinstance(e, BaseException) and not isinstance(e, asyncio.CancelledError)]
        print(f"\npartition: moves acknowledged before each cut and at the end: {counts}")
        print(f"partition: tables stopped by an error: {len(stopped)} {sorted(set(stopped))[:3]}; "
              f"reconnects: {sum(live.reconnects for live in lives)}")  # fmt: skip
        acked = [m for live in lives for m in live.acked]
        store = Store.from_url(url)
        try:
            missing = 0
            for match, seat, move_id, version in acked:
                stored = await store.redis.hget(match_keys(match)[2], f"{seat}:{move_id}")
                missing += stored is None or int(stored) != version
            kept = [m for m in created if await store.redis.exists(match_keys(m)[0])]
            taken_back = 0
            for match in seen_over:
                taken_back += match not in kept or (await store.load(match))[0].status.value != "finished"
            print(f"partition: matches created: {len(created)}, of them gone from the last primary: "
                  f"{len(created) - len(kept)}; matches the bots saw finish: {len(seen_over)}, of them not "
                  f"finished on the last primary: {taken_back}")  # fmt: skip
            failed = []
            for match in kept:  # what `vorpal audit` does, in this process (the command's start-up, 70 times, is long)
                report = await audit(store, match)
                if not report.ok:
                    failed.append(f"{match}: {report.text()}")
        finally:
            await store.close()
        return len(acked), missing, failed, counts
    finally:
        for live in lives:
            with contextlib.suppress(Exception):
                await live.close()
        proc.stop()


async def test_with_write_replicas_1_no_acknowledged_move_is_lost_across_failovers(net: Net, tmp_path: Path) -> None:
    acked, missing, failed, counts = await partitions_under_play(net, tmp_path, 1)
    print(f"\npartition: VORPAL_WRITE_REPLICAS=1, {PARTITIONS} failovers: {acked} moves acknowledged, {missing} lost")
    assert acked > 0 and missing == 0
    assert failed == [], failed
    # Play goes on after every failover: moves are acknowledged between each cut and the next.
    assert all(later > earlier for earlier, later in itertools.pairwise(counts[1:])), counts


async def test_the_default_reports_how_many_acknowledged_moves_a_failover_loses(net: Net, tmp_path: Path) -> None:
    acked, missing, failed, _ = await partitions_under_play(net, tmp_path, 0)
    print(f"\npartition: VORPAL_WRITE_REPLICAS=0, {PARTITIONS} failovers: {acked} moves acknowledged, {missing} lost")
    assert acked > 0
    assert failed == [], failed
