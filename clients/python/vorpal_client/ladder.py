"""The ladder runner: queue on a ladder, play each match the server pairs, queue again, until stopped.

The server tells an account where it was paired with a ``match_found`` notice in its inbox;
the runner has it pushed on a WebSocket signed in with the key, and reads the inbox
(``GET /v1/accounts/me/inbox?since=``) while that socket is down, so that nothing is missed
(:class:`~.notices.NoticeFeed`); it joins the held seat with the account's key and
plays it with :func:`~.bot.play` (which reconnects and resumes on its own). A server that
cannot be reached is waited for (:func:`~.bot.until_available`). A runner that starts again
picks up the pairings still waiting for it (``GET /v1/ladders/{id}/me``) before queueing: joining
the match of one it sat in already gives it its seat back (a new token), and it plays on.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from functools import partial
from typing import Any

from .bot import play, until_available
from .errors import ApiError
from .notices import NoticeFeed
from .rest import VorpalClient
from .strategy import Strategy, StrategyFailed

log = logging.getLogger("vorpal_client.ladder")

#: Seconds between two looks at the inbox while waiting for a pairing.
POLL_S = 0.25
#: Errors that mean "this pairing is no longer yours to play" (it ended, or its seat was taken).
_GONE = ("match_over", "match_started", "match_not_found", "seat_taken", "match_full")


async def play_ladder(server: str, ladder: str, key: str, *, strategy: Strategy | None = None, seed: int | None = None,
                      think: float = 0.0, matches: int | None = None, stop: asyncio.Event | None = None,
                      poll_s: float = POLL_S, on_error: Any = "continue",
                      report: Callable[[StrategyFailed], None] | None = None,
                      on_match: Callable[[str, int, dict[str, Any]], None] | None = None) -> int:  # fmt: skip
    """Play ``ladder`` as the account of ``key`` until ``stop`` is set or ``matches`` were played;
    returns how many were played. ``on_match(match, seat, final_state)`` is called after each."""
    stop = stop or asyncio.Event()
    async with VorpalClient(server) as api:
        seen = await until_available(lambda: api.inbox(key))
        since = max((n.seq for n in seen), default=0)
        feed = NoticeFeed(server, api, key, poll_s=poll_s)
        await feed.open(since)
        try:
            played = await _run(server, api, feed, ladder, key, since, stop, matches, report, on_match,
                                strategy=strategy, seed=seed, think=think, on_error=on_error)  # fmt: skip
        finally:
            await feed.close()
    return played


async def _run(server: str, api: VorpalClient, feed: NoticeFeed, ladder: str, key: str, since: int,
               stop: asyncio.Event, matches: int | None, report: Callable[[StrategyFailed], None] | None,
               on_match: Callable[[str, int, dict[str, Any]], None] | None, **playing: Any) -> int:  # fmt: skip
    played = 0
    pending = list((await until_available(lambda: api.ladder_status(ladder, key))).matches)
    while not stop.is_set() and (matches is None or played < matches):
        if not pending:
            await _queue(feed, ladder)
            while not pending and not stop.is_set():
                for notice in await feed.next(since, stop):
                    since = max(since, notice.seq)
                    if notice.kind == "match_found" and notice.data.get("ladder") == ladder:
                        pending.append(str(notice.data["match"]))
            if stop.is_set():
                break
        match = pending.pop(0)
        try:
            # One join id per pairing: a join retried after ``unavailable`` is answered as the first was.
            seat = await until_available(partial(api.join, match, key=key, join_id=secrets.token_urlsafe(12)))
        except ApiError as exc:
            if exc.code not in _GONE:
                raise
            log.info("pairing %s is gone (%s)", match, exc.code)
            continue
        kwargs: dict[str, Any] = {} if report is None else {"report": report}
        final = await play(server, match, seat.token, **playing, **kwargs)
        played += 1
        if on_match is not None:
            on_match(match, seat.seat, final)
    if stop.is_set():
        await _leave(api, ladder, key)
    return played


async def _queue(feed: NoticeFeed, ladder: str) -> None:
    try:
        await feed.queue(ladder)
    except ApiError as exc:
        if exc.code != "already_queued":  # a queue entry from before a restart still stands
            raise


async def _leave(api: VorpalClient, ladder: str, key: str) -> None:
    try:
        await api.leave_queue(ladder, key)
    except ApiError as exc:
        if exc.code not in ("not_queued", "unavailable"):
            raise
