"""Tournaments from the SDK: their typed shape, and a runner that plays every round's match.

``await play_tournament(server, tournament, key)`` registers the account of ``key`` (if
registration is still open), then waits for each round's pairing, joins its match
with the key and plays it (:func:`vorpal_client.play`, with its reconnects), until the
tournament finishes or ``stop`` is set. It reads the tournament itself rather than
trusting one notice, so a runner started late, or restarted, picks up where it is; the
account's notices (a round's match, a bye, the end) only tell it when to look again: pushed
on a socket signed in with the key, or, while that is down, every ``poll_s``
(:class:`~.notices.NoticeFeed`).
CLI: ``VORPAL_API_KEY=vpk_... vorpal-bot --tournament <id>``. A runner restarted after a crash joins the
match it sat in again and gets its seat back (a new token), before anything else.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from functools import partial
from typing import Any

from pydantic import Field

from .errors import ApiError
from .models import Model
from .strategy import Strategy, StrategyFailed


class Standing(Model):
    rank: int
    account: str
    name: str
    points: float
    buchholz: float
    median_buchholz: float
    wins: int
    byes: int
    played: int
    reached: int | None = None
    withdrawn: bool = False


class Pairing(Model):
    match: str
    accounts: list[str]
    ended: bool = False
    winners: list[int] | None = None
    #: Seats that never sat down or forfeited: they score nothing, whatever the outcome says.
    absent: list[int] = Field(default_factory=list)


class Round(Model):
    number: int
    pairings: list[Pairing]
    byes: list[str] = Field(default_factory=list)


class Entrant(Model):
    account: str
    name: str


class Withdrawal(Model):
    """An entrant taken out of a running tournament (by its organiser, an admin, its account's being
    disabled, or its absences): its past results stay, it is paired no more."""

    account: str
    after_round: int
    by: str
    reason: str = ""
    at: int


class Adjudication(Model):
    """A result the organiser (or an admin) decided, with who and why."""

    round: int
    match: str
    winners: list[int]
    by: str
    reason: str
    at: int


class Tournament(Model):
    """A tournament with its rounds so far and its standings (best first)."""

    id: str
    name: str
    game: str
    seats: int
    format: str
    status: str  # registering, running, finished, cancelled
    organiser: str | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    time_control: dict[str, Any] = Field(default_factory=dict)
    spectator_delay: dict[str, Any] = Field(default_factory=dict)
    entrants: list[Entrant] = Field(default_factory=list)
    rounds: list[Round] = Field(default_factory=list)
    planned_rounds: int = 0
    standings: list[Standing] = Field(default_factory=list)
    version: int = 0
    paused: bool = False
    max_entrants: int | None = None
    registration_closes: int | None = None
    starts_at: int | None = None
    seeding: str = "registration"
    seed_ladder: str | None = None
    withdraw_after_forfeits: int | None = None
    withdrawn: list[Withdrawal] = Field(default_factory=list)
    adjudications: list[Adjudication] = Field(default_factory=list)

    @property
    def over(self) -> bool:
        return self.status in ("finished", "cancelled")

    def my_match(self, account: str) -> tuple[int, str, int] | None:
        """(round, match, seat) of ``account``'s unfinished match in the current round, if any."""
        if not self.rounds:
            return None
        rnd = self.rounds[-1]
        for p in rnd.pairings:
            if account in p.accounts and not p.ended and p.match:
                return rnd.number, p.match, p.accounts.index(account)
        return None


async def play_tournament(server: str, tournament: str, key: str, *, strategy: Strategy | None = None,
                          seed: int | None = None, think: float = 0.0, on_error: Any = "continue",
                          report: Callable[[StrategyFailed], None] | None = None, poll_s: float = 0.25,
                          stop: asyncio.Event | None = None,
                          on_match: Callable[[str, int], None] | None = None) -> Tournament:  # fmt: skip
    """Play ``tournament`` as the account of ``key`` until it finishes (or ``stop`` is set); returns it.

    ``strategy``, ``seed``, ``think``, ``on_error`` and ``report`` are :func:`~.bot.play`'s, for each match."""
    from .bot import log_failure, play, until_available  # the bot runner imports the SDK's REST half too
    from .notices import NoticeFeed
    from .rest import VorpalClient

    stop = stop or asyncio.Event()
    played: set[str] = set()
    async with VorpalClient(server) as api:
        me = (await until_available(lambda: api.account(key))).id
        since = max((n.seq for n in await until_available(lambda: api.inbox(key))), default=0)
        feed = NoticeFeed(server, api, key, poll_s=poll_s)
        await feed.open(since)  # before the first look: a notice sent after it wakes the loop
        try:
            t = await until_available(lambda: api.tournament(tournament))
            if t.status == "registering" and all(e.account != me for e in t.entrants):
                try:
                    await api.register_tournament(tournament, key)
                except ApiError as exc:
                    if exc.code not in ("already_registered", "tournament_started"):
                        raise
            while not stop.is_set():
                t = await until_available(lambda: api.tournament(tournament))
                if t.over or any(w.account == me for w in t.withdrawn):
                    return t  # finished or cancelled, or this account was withdrawn: nothing more to play
                mine = t.my_match(me)
                if mine is not None and mine[1] not in played:
                    _, match, _ = mine
                    played.add(match)
                    try:
                        seat = await until_available(partial(api.join, match, key=key,
                                                             join_id=secrets.token_urlsafe(12)))  # fmt: skip
                    except ApiError as exc:
                        if exc.code not in ("match_over", "match_started", "match_full", "seat_taken"):
                            raise
                        continue  # the match ended (timed out, or we forfeited it)
                    if on_match is not None:
                        on_match(match, seat.seat)
                    await play(server, match, seat.token, strategy=strategy, seed=seed, think=think,
                               on_error=on_error, report=report or log_failure)  # fmt: skip
                    continue
                for notice in await feed.next(since, stop):  # a round began, a bye, the end: look again
                    since = max(since, notice.seq)
            return t
        finally:
            await feed.close()
