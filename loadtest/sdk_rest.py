"""What one REST call of the Python SDK costs its client: wall and CPU time per ``GET /v1/matches/{id}``.

``python -m loadtest.sdk_rest --url http://127.0.0.1:8000 [--calls 3000]`` creates a Gimble match on a running
server (start it with ``VORPAL_REST_RATE_PER_S=0``: the calls come faster than a client's rate), takes a seat and
reads the match's state ``--calls`` times, one after the other, through :class:`vorpal_client.VorpalClient`, after
a warm-up. It prints the mean wall time and this process's CPU time per call: the CPU is the client's own (the SDK,
httpx, the models), the server running in another process.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time

from vorpal_client import VorpalClient

WARM_UP = 200


async def measure(url: str, calls: int) -> tuple[float, float]:
    """Seconds of wall and of this process's CPU per state call, on average over ``calls``."""
    async with VorpalClient(url) as api:
        match = (await api.create_match("gimble", 2)).match
        seat = await api.join(match, name="sdk-rest")
        for _ in range(min(WARM_UP, calls)):
            await api.state(match, seat.token)
        wall, cpu = time.perf_counter(), time.process_time()
        for _ in range(calls):
            await api.state(match, seat.token)
        return (time.perf_counter() - wall) / calls, (time.process_time() - cpu) / calls


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--calls", type=int, default=3000)
    args = parser.parse_args(argv)
    wall, cpu = asyncio.run(measure(args.url, args.calls))
    print(f"{args.calls} state calls: {wall * 1e6:.0f} µs wall, {cpu * 1e6:.0f} µs client CPU per call", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
