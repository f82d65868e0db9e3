"""CPU per Redis command: redis-py's asyncio client against the server's pipelined line.

    .venv/bin/python -m loadtest.redis_client_bench [--calls 20000] [--concurrency 200]

Starts a throw-away Redis (the binary ``vorpal`` embeds), then makes ``--calls``
``EVALSHA`` calls of a small script (a counter and a stream append, as a commit does)
from ``--concurrency`` coroutines, once through redis-py (a blocking pool of 256, as
the server configures it) and once through :class:`server.store.line.Line`. Prints
the process CPU per call and the calls per second of each.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time
from collections.abc import Awaitable, Callable

import redis.asyncio as aioredis
import uvloop

from server.store.embedded import EmbeddedRedis
from server.store.line import Endpoint, Line, Script

SOURCE = (
    "local v = redis.call('INCR', KEYS[1]) "
    "redis.call('XADD', KEYS[2], 'MAXLEN', '~', 300, '*', 'e', ARGV[1]) "
    "return {0, v}"
)


async def timed(name: str, calls: int, concurrency: int, call: Callable[[int], Awaitable[object]]) -> None:
    async def worker(i: int) -> None:
        for _ in range(calls // concurrency):
            await call(i)

    cpu, wall = time.process_time(), time.perf_counter()
    await asyncio.gather(*(worker(i) for i in range(concurrency)))
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(f"client={name} calls={calls} concurrency={concurrency} cpu_us_per_call={cpu / calls * 1e6:.1f} "
          f"calls_per_s={calls / wall:.0f}")  # fmt: skip


async def main(calls: int, concurrency: int) -> None:
    payload = os.urandom(1500)  # about a move's log entry and notification
    with tempfile.TemporaryDirectory() as data, EmbeddedRedis(data, appendonly=False) as server:
        pool = aioredis.BlockingConnectionPool.from_url(server.url, max_connections=256, timeout=10, socket_timeout=10)
        client = aioredis.Redis(connection_pool=pool)
        script = client.register_script(SOURCE)
        await timed("redis-py", calls, concurrency, lambda i: script(keys=[f"n{i}", f"s{i}"], args=[payload]))
        await client.aclose()
        line, lean = Line(Endpoint.from_url(server.url)), Script(SOURCE)
        await timed("line", calls, concurrency, lambda i: lean(line, [f"n{i}", f"s{i}"], [payload]))
        line.close()


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--calls", type=int, default=20_000)
    p.add_argument("--concurrency", type=int, default=200)
    args = p.parse_args()
    uvloop.run(main(args.calls, args.concurrency))
