"""Tournaments as they run: registration and start, and the loop that advances every running one.

Every instance runs a :class:`TournamentLoop`. Each tick it looks at every running
tournament (``vorpal:tournaments:running``); for each, the instance that takes its
lease (a short ``SET NX PX``, so exactly one instance advances a tournament at a
time) reads the current round's matches, records those that ended, and when all
have ended pairs the next round (:func:`server.domain.tournaments.next_round`),
creates its matches and tells each player through its inbox. Every change is a
compare-and-set on the tournament's version, so a request that changed it
meanwhile is never overwritten. Nobody needs to be connected: a round's matches
have a clock that runs from their creation (a time control is required), so a
player who never comes times out like a slow one, and every round ends.

Notices (``Inbox``): ``tournament_match`` (``tournament``, ``round``, ``match``,
``seat``), ``tournament_bye`` (``tournament``, ``round``), ``tournament_finished``
(``tournament``, ``rank``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

from server import games
from server.domain.accounts import Account
from server.domain.clocks import TimeControl
from server.domain.delay import SpectatorDelay
from server.domain.ids import new_tournament_id
from server.domain.inbox import Inbox
from server.domain.matches import Matches
from server.domain.tournaments import (
    Entrant,
    Tournament,
    TournamentFormat,
    TournamentStatus,
    check_format,
    check_startable,
    next_round,
    register,
    standings,
    unregister,
)
from server.errors import BadRequest, Forbidden, MatchNotFound, StaleVersion, TournamentNotFound, VorpalError
from server.runtime.clock import now_ms
from server.store.tournaments import RedisTournaments

from .scheduler import BackgroundLoop

log = logging.getLogger("vorpal.tournaments")

#: How often a change looks again when a concurrent change moved the version.
RETRIES = 20
#: How long a start waits, at most, for round 1 when another instance is pairing it.
START_WAITS, START_PAUSE_S = 100, 0.05


class Tournaments:
    """Create, register, start, read; and :meth:`advance`, which the loop calls."""

    def __init__(self, store: RedisTournaments, matches: Matches, inbox: Inbox, *, instance: str,
                 lease_ms: int = 5000, on_matches: Callable[[], None] = lambda: None) -> None:  # fmt: skip
        """``on_matches`` is told when a round's matches were created (the scheduler claims their clocks)."""
        self.store = store
        self.on_matches = on_matches
        self.matches = matches
        self.inbox = inbox
        self.instance = instance
        self.lease_ms = lease_ms

    async def create(self, *, name: str, game: str, options: dict[str, Any] | None, seats: int,
                     fmt: TournamentFormat, rounds: int | None, time_control: TimeControl,
                     spectator_delay: SpectatorDelay | None, organiser: str | None) -> Tournament:  # fmt: skip
        rules = games.get(game)
        opts = rules.options_for(rules.rated_options(options), seats)  # the game's house rules, then the creator's
        check_format(fmt, seats)
        if not time_control.timed:
            raise BadRequest("a tournament needs a time control, so that every round ends")
        if rounds is not None and fmt is not TournamentFormat.SWISS:
            raise BadRequest("rounds is for a Swiss tournament (the other formats know their own)")
        created = now_ms()
        t = Tournament(id=new_tournament_id(), name=name, game=game, options=opts.model_dump(mode="json"),
                       seats=seats, format=fmt, rounds_wanted=rounds, time_control=time_control,
                       spectator_delay=spectator_delay or SpectatorDelay(), organiser=organiser, version=1,
                       created=created, updated=created)  # fmt: skip
        if not await self.store.save(t, None):
            raise StaleVersion("a tournament with that id exists; try again")
        return t

    async def get(self, tournament_id: str) -> Tournament:
        t = await self.store.load(tournament_id) if tournament_id.isalnum() else None
        if t is None:
            raise TournamentNotFound(f"no tournament {tournament_id!r}")
        return t

    async def list(self, limit: int) -> list[Tournament]:
        out = []
        for tournament_id in await self.store.recent(limit):
            t = await self.store.load(tournament_id)
            if t is not None:
                out.append(t)
        return out

    async def _change(self, tournament_id: str, change: Callable[[Tournament], Tournament]) -> Tournament:
        for _ in range(RETRIES):
            old = await self.get(tournament_id)
            new = change(old).model_copy(update={"version": old.version + 1, "updated": now_ms()})
            if await self.store.save(new, old.version):
                return new
        raise StaleVersion("the tournament kept changing; try again")

    async def register(self, tournament_id: str, account: Account) -> Tournament:
        return await self._change(tournament_id, lambda t: register(t, Entrant(account=account.id, name=account.name)))

    async def unregister(self, tournament_id: str, account: Account) -> Tournament:
        return await self._change(tournament_id, lambda t: unregister(t, account.id))

    async def start(self, tournament_id: str, account: Account | None) -> Tournament:
        """Start it: ``account`` must be its organiser (None: an admin, who may start any)."""

        def started(t: Tournament) -> Tournament:
            if account is not None and account.id != t.organiser:
                raise Forbidden("only the tournament's organiser (or an admin) starts it")
            check_startable(t)
            return t.model_copy(update={"status": TournamentStatus.RUNNING})

        await self._change(tournament_id, started)
        # Pair round 1 now; if another instance's loop holds the lease this instant, it pairs it.
        for _ in range(START_WAITS):
            await self.advance(tournament_id)
            t = await self.get(tournament_id)
            if t.rounds or t.status is not TournamentStatus.RUNNING:
                break
            await asyncio.sleep(START_PAUSE_S)
        return t

    # -- advancing ------------------------------------------------------------------------

    async def advance(self, tournament_id: str) -> None:
        """Record the current round's ended matches; pair and create the next round when all ended."""
        if not await self.store.lock(tournament_id, self.instance, self.lease_ms):
            return  # another instance is advancing it
        try:
            t = await self.get(tournament_id)
            if t.status is TournamentStatus.RUNNING:
                await self._advance(t)
        finally:
            await self.store.unlock(tournament_id, self.instance)

    async def _save(self, old: Tournament, new: Tournament) -> Tournament | None:
        new = new.model_copy(update={"version": old.version + 1, "updated": now_ms()})
        return new if await self.store.save(new, old.version) else None

    async def _advance(self, t: Tournament) -> None:
        if t.rounds and not t.rounds[-1].ended:
            last = t.rounds[-1]
            pairings = []
            for p in last.pairings:
                if not p.ended:
                    try:
                        record, _ = await self.matches.store.load(p.match)
                    except MatchNotFound:  # expired unseen: it counts as aborted
                        p = p.model_copy(update={"ended": True, "winners": None})
                    else:
                        if record.status.ended:
                            absent = sorted(set(range(record.seats)) - record.played_out())
                            p = p.model_copy(update={
                                "ended": True, "winners": record.winners(), "absent": absent,
                                "ended_at": record.updated, "ended_version": t.version + 1,
                            })  # fmt: skip
                pairings.append(p)
            if pairings == last.pairings:
                return
            saved = await self._save(t, t.model_copy(update={
                "rounds": [*t.rounds[:-1], last.model_copy(update={"pairings": pairings})]}))  # fmt: skip
            if saved is None or not saved.rounds[-1].ended:
                return
            t = saved
        rnd = next_round(t)
        if rnd is None:
            done = await self._save(t, t.model_copy(update={"status": TournamentStatus.FINISHED}))
            if done is not None:
                for s in standings(done):
                    await self.inbox.notify(s.account, "tournament_finished",
                                            {"tournament": t.id, "rank": s.rank}, now_ms())  # fmt: skip
            return
        created = []
        for p in rnd.pairings:
            summary = await self.matches.create(t.game, t.options, t.seats, [], t.time_control, held=p.accounts,
                                                clock_from_creation=True,
                                                spectator_delay=t.spectator_delay)  # fmt: skip
            created.append(p.model_copy(update={"match": summary.match}))
        self.on_matches()
        rnd = rnd.model_copy(update={"pairings": created})
        saved = await self._save(t, t.model_copy(update={"rounds": [*t.rounds, rnd]}))
        if saved is None:  # changed meanwhile (it cannot be, under the lease): drop these matches
            for p in created:
                with contextlib.suppress(VorpalError):
                    await self.matches.abort(p.match)
            return
        at = now_ms()
        for p in rnd.pairings:
            for seat, account in enumerate(p.accounts):
                await self.inbox.notify(account, "tournament_match",
                                        {"tournament": t.id, "round": rnd.number, "match": p.match, "seat": seat},
                                        at)  # fmt: skip
        for account in rnd.byes:
            await self.inbox.notify(account, "tournament_bye", {"tournament": t.id, "round": rnd.number}, at)


class TournamentLoop:
    """Advances every running tournament, every ``tick_s``, on every instance (the lease picks one)."""

    def __init__(self, tournaments: Tournaments, *, tick_s: float = 1.0) -> None:
        self.tournaments = tournaments
        self.tick_s = tick_s
        self._loop = BackgroundLoop()

    async def start(self) -> None:
        self._loop.start(self._run())

    async def stop(self) -> None:
        await self._loop.stop()

    async def tick(self) -> None:
        for tournament_id in await self.tournaments.store.running():
            try:
                await self.tournaments.advance(tournament_id)
            except VorpalError as exc:
                log.warning("tournament %s not advanced: %s", tournament_id, exc.code)
            except Exception:  # one tournament's fault must not stop the others
                log.exception("tournament %s not advanced", tournament_id)

    async def _run(self) -> None:
        while self._loop.running:
            try:
                await self.tick()
            except VorpalError as exc:
                log.warning("tournament loop: %s", exc.code)
            except Exception:
                log.exception("tournament loop failed")
            await asyncio.sleep(self.tick_s)
