"""The tournament service: create, register, start and read tournaments, and advance a running one.

The decisions are the package's pure functions (:func:`~.model.register`, :func:`~.pairing.next_round`,
:func:`~.standings.standings`, :func:`~.seen.as_seen`); this service reads and writes a
:class:`TournamentStore`, creates each round's matches through :class:`~server.domain.matches.Matches`
and tells the players through their inbox. The loop that calls :meth:`Tournaments.advance` for every
running tournament is :mod:`server.live.tournaments`.

Advancing a tournament (reading the current round's matches, recording those that ended, and when all
have ended pairing the next round) is done by one instance at a time: it holds a short lock on the
tournament for the step (:meth:`TournamentStore.lock`, a ``SET NX PX`` in Redis). Every change is a
compare-and-set on the tournament's version besides, so a request that changed it meanwhile is never
overwritten. Nobody needs to be connected: a round's matches have a clock that runs from their creation
(a time control is required), so a player who never comes times out like a slow one, and every round ends.

The organiser (or an admin) withdraws entrants, adjudicates results, pauses between rounds and
cancels (:mod:`.organising` decides each; here they are stored, and the matches they concern are
aborted); a tournament with ``starts_at`` is started by the loop at that time, and one seeded by
rating orders its entrants by a ladder's board when it starts. The organiser may also enter a house
account (:mod:`server.domain.house`): an AI of a fixed level, whose seats the AI plays, scored like anyone.

Notices (``Inbox``): ``tournament_match`` (``tournament``, ``round``, ``match``, ``seat``),
``tournament_bye`` (``tournament``, ``round``), ``tournament_finished`` (``tournament``, ``rank``),
``tournament_withdrawn`` (``tournament``, ``by``, ``reason``); the organiser's:
``tournament_round`` (``tournament``, ``round``, ``matches``) and ``tournament_over``
(``tournament``, ``status``).

Long because it is the one service over the tournament's document: each act is a few lines of reading,
a pure step of the package, and a compare-and-set, and they share the retry and the lock.
"""

from __future__ import annotations

import asyncio
import builtins
import contextlib
import functools
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from server import games
from server.errors import BadRequest, Forbidden, MatchNotFound, StaleVersion, TournamentNotFound, VorpalError
from server.runtime.clock import Clock, now_ms

from ..accounts import Account
from ..clocks import TimeControl
from ..delay import SpectatorDelay
from ..house import house_account
from ..ids import new_tournament_id
from ..inbox import Inbox
from ..matches import Matches
from .model import (
    Entrant,
    Entry,
    Seeding,
    Tournament,
    TournamentFormat,
    TournamentStatus,
    WithdrawnBy,
    check_format,
    check_startable,
    register,
    unregister,
)
from .organising import adjudicate, cancel, pause, seeded_by_rating, withdraw, withdraw_the_absent
from .pairing import next_round
from .seen import as_seen
from .standings import standings, standings_csv

#: A ladder's board for seeding by rating: account -> display rating (:meth:`~server.domain.ladders.Ladders.board_of`).
Ratings = Callable[[str], Awaitable[dict[str, float]]]
#: How often a change looks again when a concurrent change moved the version.
RETRIES = 20
#: How long a start waits, at most, for round 1 when another instance is pairing it.
START_WAITS, START_PAUSE_S = 100, 0.05


class TournamentStore(Protocol):
    """The storage tournaments need (:class:`server.store.tournaments.RedisTournaments`).

    Every fault of storage raises ``Unavailable``."""

    async def save(self, t: Tournament, expected: int | None) -> bool:
        """Store ``t`` if the stored version is still ``expected`` (None: a new one); False if it is not."""
        ...

    async def load(self, tournament_id: str) -> Tournament | None: ...

    async def recent(self, limit: int) -> list[str]:
        """Tournament ids, newest first."""
        ...

    async def running(self) -> list[str]:
        """The ids of the running tournaments (the loop advances each)."""
        ...

    async def lock(self, tournament_id: str, instance: str, lease_ms: int) -> bool:
        """Take the lock on advancing ``tournament_id`` for ``lease_ms``; False if another instance holds it."""
        ...

    async def unlock(self, tournament_id: str, instance: str) -> None:
        """Give the lock back (only its holder's unlock counts)."""
        ...


class Tournaments:
    """Create, register, start, read; and :meth:`advance`, which the loop calls."""

    def __init__(self, store: TournamentStore, matches: Matches, inbox: Inbox, *, instance: str,
                 lease_ms: int = 5000, on_matches: Callable[[], None] = lambda: None,
                 clock: Clock = now_ms, ratings: Ratings | None = None) -> None:  # fmt: skip
        """``on_matches`` is told when a round's matches were created (the scheduler claims their clocks);
        ``clock`` stamps every change and is the "now" of what spectators may see (:meth:`seen`)."""
        self.store = store
        self.clock = clock
        self.ratings = ratings
        self.on_matches = on_matches
        self.matches = matches
        self.inbox = inbox
        self.instance = instance
        self.lease_ms = lease_ms

    async def create(self, *, name: str, game: str, options: dict[str, Any] | None, seats: int,
                     fmt: TournamentFormat, rounds: int | None, time_control: TimeControl,
                     spectator_delay: SpectatorDelay | None, organiser: str | None,
                     entry: Entry | None = None) -> Tournament:  # fmt: skip
        """A new tournament; ``entry``: who may enter, until when, when it starts and how it seeds (a ladder
        to seed by must exist: ``ladder_not_found``)."""
        entry = entry or Entry()
        if entry.seeding is Seeding.RATING and entry.seed_ladder is not None and self.ratings is not None:
            await self.ratings(entry.seed_ladder)
        rules = games.get(game)
        opts = rules.options_for(rules.rated_options(options), seats)  # the game's house rules, then the creator's
        check_format(fmt, seats)
        if not time_control.timed:
            raise BadRequest("a tournament needs a time control, so that every round ends")
        if rounds is not None and fmt is not TournamentFormat.SWISS:
            raise BadRequest("rounds is for a Swiss tournament (the other formats know their own)")
        created = self.clock()
        t = Tournament(id=new_tournament_id(), name=name, game=game, options=opts.model_dump(mode="json"),
                       seats=seats, format=fmt, rounds_wanted=rounds, time_control=time_control,
                       spectator_delay=spectator_delay or SpectatorDelay(), organiser=organiser, version=1,
                       created=created, updated=created, **entry.model_dump())  # fmt: skip
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

    # -- what anybody may see -------------------------------------------------------------

    def seen(self, t: Tournament) -> Tournament:
        """``t`` as its matches' spectators may see it now: nothing of a delayed match's end before they do."""
        return as_seen(t, self.clock())

    def shown(self, t: Tournament) -> dict[str, Any]:
        """A tournament as the API shows it (to anyone, :meth:`seen`): the document, its planned rounds and
        the standings."""
        t = self.seen(t)
        return {**t.model_dump(), "planned_rounds": t.planned_rounds(), "standings": standings(t)}

    def standings_csv(self, t: Tournament) -> str:
        """The standings as CSV, a row an entrant, as spectators may see them now."""
        return standings_csv(self.seen(t))

    async def listed(self, limit: int) -> builtins.list[dict[str, Any]]:
        """The newest ``limit`` tournaments, a line each, as spectators may see them now."""
        now = self.clock()
        return [{"id": t.id, "name": t.name, "game": t.game, "format": t.format, "status": t.status,
                 "entrants": len(t.entrants), "rounds": len(t.rounds), "created": t.created}
                for t in (as_seen(t, now) for t in await self.list(limit))]  # fmt: skip

    # -- changes ----------------------------------------------------------------------------

    async def _change(self, tournament_id: str, change: Callable[[Tournament], Tournament]) -> Tournament:
        for _ in range(RETRIES):
            old = await self.get(tournament_id)
            new = change(old).model_copy(update={"version": old.version + 1, "updated": self.clock()})
            if await self.store.save(new, old.version):
                return new
        raise StaleVersion("the tournament kept changing; try again")

    async def register(self, tournament_id: str, account: Account) -> Tournament:
        now = self.clock()
        entrant = Entrant(account=account.id, name=account.name)
        return await self._change(tournament_id, lambda t: register(t, entrant, now))

    async def enter_house(self, tournament_id: str, level: int, account: Account | None) -> Tournament:
        """The organiser (``account``; None: an admin) registers the house account of ``level``."""
        self._organiser(await self.get(tournament_id), account)
        return await self.register(tournament_id, house_account(level))

    async def unregister(self, tournament_id: str, account: Account) -> Tournament:
        return await self._change(tournament_id, lambda t: unregister(t, account.id))

    async def start(self, tournament_id: str, account: Account | None) -> Tournament:
        """Start it: ``account`` must be its organiser (None: an admin, who may start any)."""

        t = await self.get(tournament_id)
        self._organiser(t, account)
        ratings = await self._seed_ratings(t)

        def started(t: Tournament) -> Tournament:
            check_startable(t)
            if ratings is not None:
                t = seeded_by_rating(t, ratings)
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

    async def _seed_ratings(self, t: Tournament) -> dict[str, float] | None:
        if t.seeding is not Seeding.RATING or t.seed_ladder is None or self.ratings is None:
            return None
        return await self.ratings(t.seed_ladder)

    # -- the organiser's (or an admin's) acts ------------------------------------------

    @staticmethod
    def _organiser(t: Tournament, account: Account | None) -> str:
        """Who acts: the organiser's account id, or ``admin`` (``account`` None); ``forbidden`` for anyone else."""
        if account is None:
            return "admin"
        if account.id != t.organiser:
            raise Forbidden("only the tournament's organiser (or an admin) may do that")
        return account.id

    async def withdraw(self, tournament_id: str, entrant: str, account: Account | None, reason: str) -> Tournament:
        """Withdraw ``entrant``: its past results stay, it is paired no more (its match under way goes on)."""
        by: WithdrawnBy = "admin" if self._organiser(await self.get(tournament_id), account) == "admin" else "organiser"
        now = self.clock()
        t = await self._change(tournament_id, lambda t: withdraw(t, entrant, by, reason, now))
        await self.inbox.notify(entrant, "tournament_withdrawn", {"tournament": t.id, "by": by, "reason": reason}, now)
        return t

    async def withdraw_everywhere(self, account_id: str) -> builtins.list[str]:
        """``account_id`` was disabled: it leaves every tournament it is entered in that has not ended."""
        left = []
        for tournament_id in await self.store.recent(10_000):
            t = await self.store.load(tournament_id)
            if t is None or t.status.over or account_id in t.withdrawn_accounts():
                continue
            if any(e.account == account_id for e in t.entrants):
                out = functools.partial(withdraw, account=account_id, by="disabled",
                                        reason="the account was disabled", now=self.clock())  # fmt: skip
                await self._change(t.id, out)
                left.append(t.id)
        return left

    async def pause(self, tournament_id: str, account: Account | None, paused: bool) -> Tournament:
        """Hold the next round's pairing (matches under way go on), or let it be paired again."""
        self._organiser(await self.get(tournament_id), account)
        await self._change(tournament_id, lambda t: pause(t, paused))
        if not paused:
            await self.advance(tournament_id)
        return await self.get(tournament_id)

    async def cancel(self, tournament_id: str, account: Account | None) -> Tournament:
        """End it where it stands: its matches under way are aborted, nothing more is paired."""
        self._organiser(await self.get(tournament_id), account)
        t = await self._change(tournament_id, cancel)
        for p in t.rounds[-1].pairings if t.rounds else []:
            if p.match and not p.ended:
                with contextlib.suppress(VorpalError):  # ended (or expired) meanwhile
                    await self.matches.abort(p.match, by="organiser")
        await self._tell_the_organiser(t, "tournament_over", {"tournament": t.id, "status": t.status.value})
        return t

    async def adjudicate(self, tournament_id: str, match: str, winners: builtins.list[int], account: Account | None,
                         reason: str) -> Tournament:  # fmt: skip
        """Decide ``match``'s result (logged with who and why); a match still under way is aborted first."""
        by = self._organiser(await self.get(tournament_id), account)
        with contextlib.suppress(VorpalError):  # it ended already, or expired: the decision stands alone
            record, _ = await self.matches.store.load(match)
            if not record.status.ended:
                await self.matches.abort(match, by="organiser")
        now = self.clock()
        t = await self._change(tournament_id, lambda t: adjudicate(t, match, winners, by, reason, now))
        await self.advance(tournament_id)  # the round may be complete now
        return t

    async def _tell_the_organiser(self, t: Tournament, kind: str, data: dict[str, Any]) -> None:
        if t.organiser is not None:
            await self.inbox.notify(t.organiser, kind, data, self.clock())

    # -- advancing ------------------------------------------------------------------------

    async def running(self) -> builtins.list[str]:
        """The ids of the running tournaments: what the loop advances, every tick."""
        return await self.store.running()

    async def advance(self, tournament_id: str) -> None:
        """Record the current round's ended matches; pair and create the next round when all ended."""
        if not await self.store.lock(tournament_id, self.instance, self.lease_ms):
            return  # another instance is advancing it
        try:
            t = await self.get(tournament_id)
            if t.status is TournamentStatus.REGISTERING and t.starts_at is not None and self.clock() >= t.starts_at:
                t = await self._start_on_time(t)
            if t.status is TournamentStatus.RUNNING:
                await self._advance(t)
        finally:
            await self.store.unlock(tournament_id, self.instance)

    async def _start_on_time(self, t: Tournament) -> Tournament:
        """A scheduled start: running if enough players registered, cancelled (and the organiser told) if not."""
        ratings = await self._seed_ratings(t)
        try:
            check_startable(t)
        except VorpalError:
            done = await self._save(t, cancel(t))
            if done is not None:
                await self._tell_the_organiser(done, "tournament_over", {"tournament": t.id, "status": "cancelled"})
            return done or t
        started = seeded_by_rating(t, ratings) if ratings is not None else t
        return await self._save(t, started.model_copy(update={"status": TournamentStatus.RUNNING})) or t

    async def _save(self, old: Tournament, new: Tournament) -> Tournament | None:
        new = new.model_copy(update={"version": old.version + 1, "updated": self.clock()})
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
        if t.paused:
            return  # the organiser holds the next round
        t = withdraw_the_absent(t, self.clock())  # saved with the round below
        rnd = next_round(t)
        if rnd is None:
            done = await self._save(t, t.model_copy(update={"status": TournamentStatus.FINISHED}))
            if done is not None:
                for s in standings(done):
                    await self.inbox.notify(s.account, "tournament_finished",
                                            {"tournament": t.id, "rank": s.rank}, self.clock())  # fmt: skip
                await self._tell_the_organiser(done, "tournament_over", {"tournament": t.id, "status": "finished"})
            return
        created = []
        for p in rnd.pairings:
            if p.walkover:  # a withdrawn player's place in a fixed schedule: no match is played
                created.append(p)
                continue
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
                    if p.match:
                        await self.matches.abort(p.match, by="pairing")
            return
        at = self.clock()
        for p in rnd.pairings:
            for seat, account in enumerate(p.accounts if p.match else []):
                await self.inbox.notify(account, "tournament_match",
                                        {"tournament": t.id, "round": rnd.number, "match": p.match, "seat": seat},
                                        at)  # fmt: skip
        for account in rnd.byes:
            await self.inbox.notify(account, "tournament_bye", {"tournament": t.id, "round": rnd.number}, at)
        matches = [p.match for p in rnd.pairings if p.match]
        await self._tell_the_organiser(saved, "tournament_round", {"tournament": t.id, "round": rnd.number,
                                                                   "matches": matches})  # fmt: skip
