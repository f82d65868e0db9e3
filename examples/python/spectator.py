"""Print a match as it happens, from its first event, as any spectator may see it.

python spectator.py --server http://127.0.0.1:8000 --match ID
"""

import argparse
import asyncio
from typing import Any

from vorpal_client import LiveConnection


def describe(public: dict[str, Any]) -> str:
    details = ", ".join(f"{k}={v}" for k, v in public.items() if k != "type")
    return f"{public.get('type', '?')}: {details}"


async def watch(server: str, match: str) -> dict[str, Any] | None:
    async with LiveConnection(server, match=match) as live:
        await live.subscribe(match, since=0)  # replays every event so far, then goes on live
        while True:
            frame = await live.events.get()
            if frame["type"] == "chat":
                print(f"        {frame['name']} says: {frame['text']}", flush=True)
            if frame["type"] != "event":
                continue  # chat, or "resumed" after a reconnect (the missed events come first)
            print(f"v{frame['version']:<5} {describe(frame['event']['public'])}", flush=True)
            if frame["status"] in ("finished", "aborted"):
                outcome: dict[str, Any] | None = frame.get("outcome")
                print(f"match {match} {frame['status']}: {outcome}", flush=True)
                return outcome


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--server", default="http://127.0.0.1:8000")
    p.add_argument("--match", required=True)
    args = p.parse_args()
    asyncio.run(watch(args.server, args.match))
