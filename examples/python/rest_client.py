"""Play a whole match over plain HTTP, no WebSocket: create it, take a seat, move when it is our turn.

The other seats are the server's random bots; we play the first legal move each time.
python rest_client.py --server http://127.0.0.1:8000
"""

import argparse
import asyncio
import json
import uuid
from typing import Any

from vorpal_client import MatchState, StaleVersion, VorpalClient


async def play_over_rest(server: str, game: str, seats: int, options: dict[str, Any]) -> MatchState:
    async with VorpalClient(server) as api:
        created = await api.create_match(game, seats, bots=list(range(1, seats)), options=options)
        me = await api.join(created.match, name="rest-client")
        print(f"match {created.match}: seat {me.seat}, the others are the server's bots", flush=True)
        while True:
            state = await api.state(created.match, me.token)  # with the token: our view and legal moves
            if state.status in ("finished", "aborted"):
                print(f"match {created.match} {state.status}: {state.outcome}", flush=True)
                return state
            if not state.legal:
                await asyncio.sleep(0.05)  # the bots are moving: ask again shortly
                continue
            try:  # the move id makes a retry safe; the version says which state we chose at
                await api.move(created.match, me.token, state.legal[0], version=state.version,
                               move_id=uuid.uuid4().hex)  # fmt: skip
                print(f"v{state.version}: played {state.legal[0]}", flush=True)
            except StaleVersion:
                pass  # the match moved on before our move arrived: read it again


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--server", default="http://127.0.0.1:8000")
    p.add_argument("--game", default="jabberwocky")
    p.add_argument("--seats", type=int, default=3)
    p.add_argument("--options", type=json.loads, default={"rounds": 1}, help='match options as JSON: {"rounds": 1}')
    args = p.parse_args()
    asyncio.run(play_over_rest(args.server, args.game, args.seats, args.options))
