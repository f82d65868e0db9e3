"""The bot runner: takes a seat and plays a strategy's moves until the match ends.

The runner owns everything but the choice of a move: the live connection (reconnect,
failover, resume), sitting down again after a reconnect, one move id per decision (a
move resent after a lost reply is not applied twice) and asking the strategy at most
once per match version. A strategy that raises, returns nothing or has its move refused
is reported as a :class:`~.strategy.StrategyFailed`; the runner then plays a random
legal move so that the match goes on, or stops (``on_error="stop"``).

It acts at most once per version, on the newest position it has: after a reconnect the
replayed events and the ``resumed`` state may show one position twice, and an event older
than one already seen is dropped. (A ``resumed`` state older than what was seen is taken:
the server resumes a seat there only when a failover lost the versions after it, and the
runner acts again from there.) A move the server answered (applied or refused) is
never sent again; only one whose reply was lost is, with the same move id, while the
newest state is still its version. Whenever the match has ended (an event or the resumed
state says so) the runner returns that final state.

``vorpal-bot --server URL --match ID [--strategy MODULE:NAME] [--seat N] [--name NAME]``
(or ``--game NAME --seats N`` to create the match first; ``--matches N --bots SEATS`` to
play N matches against the server's random bots and count the wins). With an account's
API key in ``$VORPAL_API_KEY`` the bot joins as that account (``--key`` works too, but puts
the key where every user of the machine can read it, in ``ps``); ``--ladder ID`` plays a
ladder as that account until interrupted (:mod:`.ladder`), ``--tournament ID`` every round
of a tournament (:mod:`.tournaments`).
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import json
import logging
import os
import random
import sys
import uuid
from collections import deque
from collections.abc import Awaitable, Callable, MutableSequence, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, TypeVar, overload

from .errors import ApiError, MoveRefused, StaleVersion, Unavailable
from .live import LiveConnection
from .rest import VorpalClient
from .strategy import Decision, Strategy, StrategyFailed, as_wire, load_strategy, random_strategy, seconds_left

T = TypeVar("T")
OnError = Literal["continue", "stop"]
log = logging.getLogger("vorpal_client.bot")

#: How many recent events a decision carries at most (the oldest are dropped).
RECENT_EVENTS = 50


def log_failure(failure: StrategyFailed) -> None:
    """The default report: a warning on the ``vorpal_client.bot`` logger."""
    log.warning("strategy failed: %s", failure)


@dataclass(frozen=True)
class _Sent:
    """The move chosen for one decision, with its id: resent as is until the version moves on."""

    decision: Decision
    move: Any
    move_id: str
    fallback: bool = False


async def play(server: str | Sequence[str], match: str, token: str, *, strategy: Strategy | None = None,
               seed: int | None = None, think: float = 0.0, live: LiveConnection | None = None,
               on_error: OnError = "continue", report: Callable[[StrategyFailed], None] = log_failure,
               recent: int = RECENT_EVENTS) -> dict[str, Any]:  # fmt: skip
    """Play ``strategy``'s moves (default: random legal moves, seeded by ``seed``) for the seat
    of ``token``; returns the final state (with ``outcome``). ``server`` is one URL or several
    (instances of one deployment, tried in turn: see :class:`LiveConnection`).

    ``think`` is the mean of a random wait before each move, in seconds. ``report`` receives
    each :class:`StrategyFailed`; with ``on_error="stop"`` it is raised instead.
    """
    choose = strategy or random_strategy(seed)
    fallback = random_strategy(seed)
    pause = random.Random(seed)
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
        events: deque[dict[str, Any]] = deque(maxlen=recent)
        sent: _Sent | None = None
        answered = -1  # the last version whose move the server answered: not acted on again
        unanswered = UNANSWERED_PAUSE  # how long to wait before an unanswered move goes again
        while True:
            if ended(state):
                return state
            legal = state.get("legal")
            if legal and state.get("view") is not None and state["version"] > answered:
                if sent is None or sent.decision.version != state["version"]:
                    decision = Decision(match=match, game=state["game"], seat=state["you"], version=state["version"],
                                        view=state["view"], legal=list(legal), events=list(events),
                                        clock=seconds_left(state.get("clock"), state["you"]),
                                        seats=state.get("seats"))  # fmt: skip
                    events.clear()
                    if think:
                        await asyncio.sleep(pause.expovariate(1 / think))
                    sent = await _decide(choose, decision, fallback, on_error, report)
                # else: the same version again, its move unanswered (the reply was lost with
                # the connection): it goes again with the same id (applied at most once).
                sent, done = await _send(conn, sent, fallback, on_error, report)
                if done:
                    answered = state["version"]
                    unanswered = UNANSWERED_PAUSE
                else:
                    # Unanswered (``unavailable``: the replicas did not confirm it, storage was
                    # out of reach): it may or may not stand. A frame may tell; if none comes
                    # within a pause, the same move goes again with the same id (applied at most
                    # once): on a connection that stayed up, no resume would ever tell.
                    waited = await next_state(conn, match, state, events, within=unanswered)
                    unanswered = min(unanswered * 2, MAX_UNANSWERED_PAUSE)
                    if waited is not None:
                        state, answered, sent = _went_back(state, waited, answered, sent)
                    continue
            state, answered, sent = _went_back(state, await next_state(conn, match, state, events), answered, sent)
    finally:
        if own:
            await conn.close()


def _went_back(old: dict[str, Any], new: dict[str, Any], answered: int, sent: _Sent | None
               ) -> tuple[dict[str, Any], int, _Sent | None]:  # fmt: skip
    """``new``, with what was answered and sent forgotten if the match went back to an earlier
    version (a failover lost the versions after it): the seat decides again from there."""
    if new["version"] < old["version"]:
        return new, -1, None
    return new, answered, sent


async def _decide(choose: Strategy, decision: Decision, fallback: Strategy, on_error: OnError,
                  report: Callable[[StrategyFailed], None]) -> _Sent:  # fmt: skip
    """Ask the strategy once; on a failure, report it and fall back to a random legal move."""
    try:
        move = choose(decision)
        if inspect.isawaitable(move):
            move = await move
    except Exception as exc:
        failure = StrategyFailed(decision, f"the strategy raised {exc!r}")
        failure.__cause__ = exc
        _failed(failure, on_error, report)
        return _Sent(decision, fallback(decision), uuid.uuid4().hex, fallback=True)
    if move is None:
        _failed(StrategyFailed(decision, "the strategy returned no move"), on_error, report)
        return _Sent(decision, fallback(decision), uuid.uuid4().hex, fallback=True)
    return _Sent(decision, as_wire(move), uuid.uuid4().hex)


def _failed(failure: StrategyFailed, on_error: OnError, report: Callable[[StrategyFailed], None]) -> None:
    if on_error == "stop":
        raise failure
    report(failure)


#: First and longest pause before a rate-limited move is sent again (seconds).
RATE_PAUSE = 0.05
MAX_RATE_PAUSE = 1.0
#: First and longest pause before a move answered ``unavailable`` is sent again, if no frame came (seconds).
UNANSWERED_PAUSE = 0.1
MAX_UNANSWERED_PAUSE = 2.0


async def _move(conn: LiveConnection, sent: _Sent) -> None:
    """Send the move; ``rate_limited`` means "slow down", not "no": the same move (same move id)
    goes again after a pause, doubling up to :data:`MAX_RATE_PAUSE`. A long match played
    without thinking time (Gyre's run to thousands of moves) outruns the server's frame rate."""
    d, pause = sent.decision, RATE_PAUSE
    while True:
        try:
            await conn.move(d.match, sent.move, version=d.version, move_id=sent.move_id)
            return
        except ApiError as exc:
            if exc.code != "rate_limited":
                raise
            await asyncio.sleep(pause)
            pause = min(pause * 2, MAX_RATE_PAUSE)


async def _send(conn: LiveConnection, sent: _Sent, fallback: Strategy, on_error: OnError,
                report: Callable[[StrategyFailed], None]) -> tuple[_Sent, bool]:  # fmt: skip
    """Send the decision's move; a refused move is the strategy's failure (a random one follows).

    Returns the move sent last (the random one, if it followed) and whether the server
    answered it (applied or refused it): ``False`` when the answer was lost (``unavailable``),
    and that move may go again with the same id.
    """
    d = sent.decision
    try:
        await _move(conn, sent)
    except MoveRefused as exc:  # illegal_move or bad_move: nothing was applied
        if sent.fallback:
            raise
        _failed(StrategyFailed(d, f"the server refused {sent.move!r}: {exc}", move=sent.move, error=exc),
                on_error, report)  # fmt: skip
        return await _send(conn, replace(sent, move=fallback(d), move_id=uuid.uuid4().hex, fallback=True),
                           fallback, on_error, report)  # fmt: skip
    except StaleVersion:
        pass  # someone moved first: the next event says what is legal now
    except Unavailable:
        return sent, False  # the resume (or the re-sync) tells whether it was applied
    except ApiError as exc:
        # not_your_turn, match_over: the next event says why
        if exc.code not in ("not_your_turn", "match_over"):
            raise
    return sent, True


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


def ended(state: dict[str, Any]) -> bool:
    """The match is over: ``state`` is final."""
    return state.get("status") in ("finished", "aborted")


@overload
async def next_state(conn: LiveConnection, match: str, state: dict[str, Any],
                     events: MutableSequence[dict[str, Any]] | None = None) -> dict[str, Any]: ...  # fmt: skip
@overload
async def next_state(conn: LiveConnection, match: str, state: dict[str, Any],
                     events: MutableSequence[dict[str, Any]] | None = None, *,
                     within: float) -> dict[str, Any] | None: ...  # fmt: skip
async def next_state(conn: LiveConnection, match: str, state: dict[str, Any],
                     events: MutableSequence[dict[str, Any]] | None = None, *,
                     within: float | None = None) -> dict[str, Any] | None:  # fmt: skip
    """Wait for a pushed frame of ``match`` that carries a view (or ends the match), then fold in
    every frame already queued: the newest position known, never an older one than ``state``.
    ``within``: wait at most this long for the first frame (None when none came).

    Each event received on the way is appended to ``events`` as ``{"version", "event"}``.
    """
    if within is None:
        first = await conn.events.get()
    else:
        try:
            first = await asyncio.wait_for(conn.events.get(), within)
        except TimeoutError:
            return None
    state = _fold(state, first, match, events)
    while state.get("view") is None and not ended(state):
        state = _fold(state, await conn.events.get(), match, events)
    while not conn.events.empty():
        state = _fold(state, conn.events.get_nowait(), match, events)
    return state


def _fold(state: dict[str, Any], frame: dict[str, Any], match: str,
          events: MutableSequence[dict[str, Any]] | None) -> dict[str, Any]:  # fmt: skip
    """``state`` after ``frame`` (unchanged if the frame is another match's, or older than it)."""
    if frame.get("match") != match:
        return state
    if frame.get("type") == "gone":
        raise frame["error"]  # the match no longer exists: nothing will come for it
    if frame.get("type") == "resumed":
        # What the match is now, even at an earlier version than ``state``: a failover may have lost
        # versions this seat was sent, and the server asked it to resume.
        return dict(frame["state"])
    if frame.get("type") != "event" or frame["version"] <= state["version"]:
        return state
    if events is not None:
        events.append({"version": frame["version"], "event": frame["event"]})
    # Every event of a clocked match carries the clock after it: the next decision's time left.
    new = {**state, "version": frame["version"], "status": frame["status"], "outcome": frame.get("outcome"),
           "clock": frame.get("clock")}  # fmt: skip
    if frame.get("view") is None:  # replayed for a resume: the last one replayed carries the view
        new.update(view=None, legal=None, to_act=[])
    else:
        new.update(view=frame["view"], to_act=frame.get("to_act", []), legal=frame.get("legal"))
    return new


# -- the command ---------------------------------------------------------------------------


async def run_ladder(args: argparse.Namespace, strategy: Strategy) -> int:
    """``--ladder ID``: queue, play each pairing, queue again, until interrupted (or ``--matches``)."""
    from .ladder import play_ladder  # the ladder runner builds on this module

    def done(match: str, seat: int, final: dict[str, Any]) -> None:
        print(f"match {match} {final['status']}: {final.get('outcome')} (seat {seat})", flush=True)

    played = await play_ladder(args.server, args.ladder, args.key, strategy=strategy, seed=args.seed,
                               think=args.think, on_error=args.on_error, report=_print_failure,
                               matches=args.matches if args.matches_given else None, on_match=done)  # fmt: skip
    print(f"played {played} matches on ladder {args.ladder}", flush=True)
    return 0


async def game_of(args: argparse.Namespace) -> str:
    """The game the command is to play: the one it creates a match of, else the server's word."""
    async with VorpalClient(args.server) as api:
        if args.ladder:
            return (await api.ladder(args.ladder)).game
        if args.tournament is not None:
            return (await api.tournament(args.tournament)).game
        if args.match is not None:
            return (await api.state(args.match)).game
    return str(args.game)


async def run(args: argparse.Namespace) -> int:
    if (args.ladder or args.tournament is not None) and not args.key:
        raise SystemExit(f"vorpal-bot: {'--ladder' if args.ladder else '--tournament'} plays as an account: "
                         "set $VORPAL_API_KEY (or give --key)")  # fmt: skip
    # Loaded for the game before any seat is taken: a strategy that cannot play it stops the
    # command here, not at each of its decisions.
    try:
        strategy = load_strategy(args.strategy, seed=args.seed, game=await game_of(args))
    except ValueError as exc:
        raise SystemExit(f"vorpal-bot: {exc}") from None
    if args.ladder:
        return await run_ladder(args, strategy)
    if args.tournament is not None:
        return await run_tournament(args, strategy)
    options = json.loads(args.options) if args.options else None
    bots = [int(s) for s in args.bots.split(",")] if args.bots else []
    if args.matches > 1 and args.match is not None:
        raise SystemExit("vorpal-bot: --matches plays matches it creates; leave out --match")
    wins = 0
    others: list[int] = []
    for _ in range(args.matches):
        async with VorpalClient(args.server) as api:
            match = args.match
            if match is None:
                match = (await api.create_match(args.game, args.seats, options=options, bots=bots)).match
                print(f"created match {match}", flush=True)
            seat = await api.join(match, seat=args.seat, name=args.name, key=args.key)
            print(f"joined match {match} as seat {seat.seat}", flush=True)
        final = await play(args.server, match, seat.token, strategy=strategy, seed=args.seed, think=args.think,
                           on_error=args.on_error, report=_print_failure)  # fmt: skip
        print(f"match {match} {final['status']}: {final.get('outcome')}", flush=True)
        winners = (final.get("outcome") or {}).get("winners", [])
        wins += seat.seat in winners
        others += [0] * (len(final["names"]) - 1 - len(others))
        for i, s in enumerate(s for s in range(len(final["names"])) if s != seat.seat):
            others[i] += s in winners
    if args.matches > 1:
        print(f"won {wins} of {args.matches} matches; the other seats won {', '.join(map(str, others))} "
              f"(tied winners all count)", flush=True)  # fmt: skip
    return 0


async def run_tournament(args: argparse.Namespace, strategy: Strategy) -> int:
    """``--tournament``: register (if it is still open), play each round's match, print the standings."""
    from .tournaments import play_tournament

    def announce(match: str, seat: int) -> None:
        print(f"playing match {match} as seat {seat}", flush=True)

    final = await play_tournament(args.server, args.tournament, args.key, strategy=strategy, seed=args.seed,
                                  think=args.think, on_error=args.on_error, report=_print_failure,
                                  on_match=announce)  # fmt: skip
    print(f"tournament {final.id} {final.status}", flush=True)
    for row in final.standings:
        print(f"{row.rank:>3} {row.name:<20} {row.points:>6} (Buchholz {row.buchholz})", flush=True)
    return 0


def _print_failure(failure: StrategyFailed) -> None:
    print(f"vorpal-bot: strategy failed: {failure}", file=sys.stderr, flush=True)


#: Where the command takes an account's API key from, rather than from its command line.
KEY_VARIABLE = "VORPAL_API_KEY"


def parser() -> argparse.ArgumentParser:
    """The command's options (the README's table lists each of them)."""
    p = argparse.ArgumentParser(prog="vorpal-bot", description="Join a Vorpal match and play a strategy's moves")
    p.add_argument("--server", default="http://127.0.0.1:8000")
    p.add_argument("--match", help="the match to join (else one is created with --game/--seats)")
    p.add_argument("--game", default="jabberwocky")
    p.add_argument("--seats", type=int, default=4)
    p.add_argument("--options", help='the options of a match it creates, as JSON, e.g. {"rounds": 1}')
    p.add_argument("--bots", help="seats of a match it creates that the server's random bots play: 1,2")
    p.add_argument(
        "--tournament", help="register the account of $VORPAL_API_KEY (while registration is open) and play "
        "every round of this tournament, to its end",
    )  # fmt: skip
    p.add_argument("--matches", type=int, default=1, help="play this many matches it creates; prints the wins")
    p.add_argument(
        "--ladder", help="play this ladder as the account of $VORPAL_API_KEY: queue, play each pairing, queue again, "
        "until interrupted (or --matches)",
    )  # fmt: skip
    p.add_argument("--seat", type=int, default=None)
    p.add_argument("--name", default=None)
    p.add_argument(
        "--key", help=f"join as the account of this API key; prefer ${KEY_VARIABLE} (the default), as a command "
        "line is visible to every user of the machine (ps)",
    )  # fmt: skip
    p.add_argument(
        "--strategy", default="random",
        help="random (default), greedy, module:name or file.py:name (name defaults to choose)",
    )  # fmt: skip
    p.add_argument(
        "--on-error", choices=["continue", "stop"], default="continue",
        help="when the strategy fails: play a random legal move and go on (default), or stop",
    )  # fmt: skip
    p.add_argument("--seed", type=int, default=None, help="seed of the random strategy (and of the fallback)")
    p.add_argument("--think", type=float, default=0.0, help="mean seconds to wait before each move")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    given = sys.argv[1:] if argv is None else argv
    args.matches_given = any(a == "--matches" or a.startswith("--matches=") for a in given)
    if args.key:  # said each time: anyone on the machine may read it with ps
        print(f"vorpal-bot: --key shows the key to every user of this machine (ps); put it in ${KEY_VARIABLE} "
              "instead", file=sys.stderr, flush=True)  # fmt: skip
    else:
        args.key = os.environ.get(KEY_VARIABLE) or None
    try:
        return asyncio.run(run(args))
    except KeyboardInterrupt:
        return 130
    except ApiError as exc:
        print(f"vorpal-bot: {exc}", file=sys.stderr)
        return 1
    except StrategyFailed as exc:
        print(f"vorpal-bot: strategy failed: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
