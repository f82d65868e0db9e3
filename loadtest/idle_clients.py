"""One load-generator process's share of the idle sockets of ``python -m loadtest.bench --idle``.

A process holds one descriptor per socket, and a host may cap every process's open files
below the sockets one server instance should hold (this sandbox: 20,000, which not even
root may raise). So ``bench.py`` spreads the client side of a large idle run over several
of these processes, and each opens, subscribes and holds its share when told to.

The parent writes one command per line on this process's stdin and reads one JSON line
back on its stdout for each:

- ``connect``: open every socket (TCP and WebSocket handshakes), ``{"connected": n}``;
- ``subscribe``: every seat authenticates and subscribes, ``{"subscribed": n}`` once every
  subscription is acknowledged;
- ``close``: ``{"alive": n, "errors": e, "error_samples": [...]}`` (sockets still open, and
  what went wrong), then every socket is closed and the process exits.

    python -m loadtest.idle_clients SPECS.json [--in-flight 200]

``SPECS.json``: a list of ``[port, match id, seat, token, source address or null]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
from pathlib import Path
from typing import Any

from loadtest.loadgen import Seat, Stats, connect_seats, run_loop, subscribe_seats


def reply(data: dict[str, Any]) -> None:
    print(json.dumps(data), flush=True)


async def serve(specs: list[list[Any]], in_flight: int) -> None:
    stats = Stats()
    rnd = random.Random(0)  # idle seats never pick a move
    seats = [Seat(f"ws://127.0.0.1:{port}/v1/ws?match={mid}", mid, seat, token, stats, rnd)
             for port, mid, seat, token, _ in specs]  # fmt: skip
    sources = [spec[4] for spec in specs]
    while True:
        command = (await asyncio.to_thread(sys.stdin.readline)).strip()
        if command == "connect":
            await connect_seats(seats, sources, in_flight)
            reply({"connected": len(seats)})
        elif command == "subscribe":
            await subscribe_seats(seats, max(120.0, len(seats) / 100))
            reply({"subscribed": len(seats)})
        elif command in ("close", ""):  # "": the parent is gone
            alive = sum(1 for s in seats if s.transport is not None and not s.transport.is_closing())
            reply({"alive": alive, "errors": stats.errors, "error_samples": stats.messages})
            for s in seats:
                s.done = True
                s.close()
            await asyncio.sleep(0.5)  # let the close frames go out
            return
        else:
            reply({"error": f"unknown command {command!r}"})


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m loadtest.idle_clients", description=__doc__.split("\n")[0])
    p.add_argument("specs", type=Path)
    p.add_argument("--in-flight", type=int, default=200, help="handshakes in flight at once")
    args = p.parse_args(argv)
    specs = json.loads(args.specs.read_text())
    run_loop(serve(specs, args.in_flight))
    return 0


if __name__ == "__main__":
    sys.exit(main())
