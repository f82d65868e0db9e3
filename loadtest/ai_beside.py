"""AI matches played beside a workload: does a search slow the web tier's answers? (issue 46)

``bench.sh --ai-matches N`` starts one bot service (``vorpal bots``, a process of its own, as an
operator runs it) next to the server instances and keeps N matches going whose every seat is an AI
of ``--ai-level``: when one ends, another starts. Their searches run in the bot service while the
load generator's seats play the workload, so the workload's latency, read beside the same run
without them, says whether a search reaches a web worker's event loop (it should not: the web tier
only validates and commits the bots' moves, as anyone's). On a machine with few cores the two also
share CPU, which a spare core would not: the bot service's own CPU is reported apart
(``bots_cpu_util``) to tell the two apart, and ``--ai-nice 19`` runs it at the lowest priority, as an
operator who shares a machine between the two tiers would.
"""

from __future__ import annotations

import asyncio
import contextlib
import subprocess
import sys
from pathlib import Path

import httpx
import psutil


class AiBeside:
    """A bot service and ``matches`` all-AI matches kept going over ``ports`` (round robin) until :meth:`stop`."""

    def __init__(self, ports: list[int], redis_url: str, env: dict[str, str], logdir: Path, *, matches: int,
                 level: int, games: list[tuple[str, int]], nice: int = 0) -> None:  # fmt: skip
        self.ports, self.redis_url, self.env, self.logdir = ports, redis_url, env, logdir
        self.matches, self.level, self.games, self.nice = matches, level, games, nice
        self.service: subprocess.Popen[bytes] | None = None
        self.started = 0
        self.finished = 0
        #: Versions (moves and their chance steps) the AI matches advanced while counted (:meth:`count`).
        self.moves = 0
        self._counting = False
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        vorpal = str(Path(sys.executable).parent / "vorpal")
        with open(self.logdir / "bots.log", "ab") as out:
            command = [vorpal, "bots", "--redis-url", self.redis_url]
            if self.nice:  # the searches yield the cores to the web tier, as an operator sharing a machine would set
                command = ["nice", "-n", str(self.nice), *command]
            self.service = subprocess.Popen(command, env=self.env, stdout=out, stderr=subprocess.STDOUT)
        self._task = asyncio.create_task(self._keep())

    def count(self, on: bool) -> None:
        """Count the AI matches' moves from now (``on``) or no more."""
        self._counting = on

    def process(self) -> psutil.Process | None:
        return psutil.Process(self.service.pid) if self.service is not None else None

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self.service is not None and self.service.poll() is None:
            self.service.terminate()
            try:
                self.service.wait(15)
            except subprocess.TimeoutExpired:
                self.service.kill()

    async def _keep(self) -> None:
        """Start the matches, then every half second replace each finished one and count the moves made."""
        clients = [httpx.AsyncClient(base_url=f"http://127.0.0.1:{p}", timeout=30) for p in self.ports]
        try:
            running: dict[str, tuple[httpx.AsyncClient, int]] = {}
            while True:
                while len(running) < self.matches:
                    c = clients[self.started % len(clients)]
                    game, seats = self.games[self.started % len(self.games)]
                    bots = [{"seat": s, "level": self.level} for s in range(seats)]
                    r = await c.post("/v1/matches", json={"game": game, "seats": seats, "bots": bots})
                    r.raise_for_status()
                    running[r.json()["match"]] = (c, 0)
                    self.started += 1
                await asyncio.sleep(0.5)
                for match_id, (c, seen) in list(running.items()):
                    r = await c.get(f"/v1/matches/{match_id}")
                    r.raise_for_status()
                    body = r.json()
                    if self._counting:
                        self.moves += body["version"] - seen
                    running[match_id] = (c, body["version"])
                    if body["status"] in ("finished", "aborted"):
                        del running[match_id]
                        self.finished += 1
        finally:
            for c in clients:
                await c.aclose()
