"""A bot that joins a seat and plays random legal moves until the match ends.

``vorpal-bot --server http://127.0.0.1:8000 --match ID [--seat N] [--name NAME]``
(or ``--game NAME --seats N`` to create the match first, other seats open).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import uuid
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from .errors import ApiError, StaleVersion, Unavailable
from .live import LiveConnection
from .rest import VorpalClient

T = TypeVar("T")
#: First and longest pause before sending a rate-limited move again (seconds).
RATE_PAUSE = 0.05
MAX_RATE_PAUSE = 1.0


async def play(server: str, match: str, token: str, *, seed: int | None = None, think: float = 0.0,
               live: LiveConnection | None = None) -> dict[str, Any]:  # fmt: skip
    """Play random legal moves for the seat of ``token``; returns the final state (with ``outcome``)."""
    pick = random.Random(seed)
    own = live is None
    conn = live or LiveConnection(server, match=match)
    if own:
        await conn.connect()
    try:

        async def sit_down() -> dict[str, Any]:
            # Token then subscription, in this order on one connection: retried as a unit,
            # so a reconnect between them cannot leave us subscribed as a spectator.
            seat = (await conn.auth(token))["seat"]
            state = await conn.subscribe(match)
            if state.get("you") != seat:
                raise ApiError("unauthorized", "Not subscribed as the seat", f"expected seat {seat}")
            return state

        state = await until_available(sit_down)
        while True:
            if state.get("status") in ("finished", "aborted"):
                return state
            legal = state.get("legal")
            if legal and state.get("view") is not None:
                if think:
                    await asyncio.sleep(pick.expovariate(1 / think))
                await send_move(conn, match, pick.choice(legal), state["version"])
            state = await next_state(conn, match, state)
    finally:
        if own:
            await conn.close()


async def send_move(conn: LiveConnection, match: str, move: Any, version: int) -> None:
    """Send one move; a refusal that the next event explains is not an error.

    ``rate_limited`` means "slow down", not "no": the same move is sent again
    after a pause (doubling up to :data:`MAX_RATE_PAUSE`). A long match played
    without thinking time outruns the server's frame rate otherwise.
    """
    move_id = uuid.uuid4().hex
    pause = RATE_PAUSE
    while True:
        try:
            await conn.move(match, move, version=version, move_id=move_id)
        except StaleVersion:
            pass  # someone moved first: the next event says what is legal now
        except ApiError as exc:
            if exc.code == "rate_limited":
                await asyncio.sleep(pause)
                pause = min(pause * 2, MAX_RATE_PAUSE)
                continue
            if exc.code not in ("not_your_turn", "unavailable"):
                raise
        return


async def until_available(call: Callable[[], Awaitable[T]], *, attempts: int = 60) -> T:
    """``call()``, again (with backoff) while the server answers ``unavailable``: a request
    cut off by a lost connection is retried once the connection is back."""
    backoff = 0.05
    for _ in range(attempts - 1):
        try:
            return await call()
        except Unavailable:
            await asyncio.sleep(backoff)
            backoff = min(backoff * 2, 2.0)
    return await call()


async def next_state(conn: LiveConnection, match: str, state: dict[str, Any]) -> dict[str, Any]:
    """Wait for the next pushed frame of ``match`` that carries a view; fold it into ``state``."""
    while True:
        frame = await conn.events.get()
        if frame.get("type") == "resumed" and frame["match"] == match:
            return dict(frame["state"])
        if frame.get("type") != "event" or frame.get("match") != match:
            continue
        new = {**state, "version": frame["version"], "status": frame["status"], "outcome": frame.get("outcome")}
        if frame.get("view") is None:
            new["legal"] = None
            new["view"] = None
            if frame["status"] in ("finished", "aborted"):
                return new
            continue
        new.update(view=frame["view"], to_act=frame.get("to_act", []), legal=frame.get("legal"))
        return new


async def run(args: argparse.Namespace) -> int:
    async with VorpalClient(args.server) as api:
        match = args.match
        if match is None:
            created = await api.create_match(args.game, args.seats)
            match = created.match
            print(f"created match {match}", flush=True)
        seat = await api.join(match, seat=args.seat, name=args.name)
        print(f"joined match {match} as seat {seat.seat}", flush=True)
    final = await play(args.server, match, seat.token, seed=args.seed, think=args.think)
    print(f"match {match} {final['status']}: {final.get('outcome')}", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="vorpal-bot", description="Join a Vorpal match and play random legal moves")
    p.add_argument("--server", default="http://127.0.0.1:8000")
    p.add_argument("--match", help="the match to join (else one is created with --game/--seats)")
    p.add_argument("--game", default="jabberwocky")
    p.add_argument("--seats", type=int, default=4)
    p.add_argument("--seat", type=int, default=None)
    p.add_argument("--name", default=None)
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--think", type=float, default=0.0, help="mean seconds to wait before each move")
    try:
        return asyncio.run(run(p.parse_args(argv)))
    except ApiError as exc:
        print(f"vorpal-bot: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
