"""Ladders: a standing queue per game and seat count, where accounts are paired with players of
similar skill and every finished match moves their OpenSkill ratings.

What happens to an account on a ladder::

    queue ──pairing──► match (seats held for the paired accounts) ──ends──► rated once
      ▲                   │                                                   │
      └──── leave         └── a seat not taken within ``join_s``: no-show ────┘

- **Pairing** (:func:`pair`) is pure: the waiting entries, their ratings and the clock in,
  groups of the ladder's seat count out. The longest-waiting account is served first and
  takes the nearest ratings inside its window, which widens while it waits; the pair that
  just played each other is not paired again while anybody else waits. One instance at a
  time runs it for a ladder (:mod:`server.live.ladders`, leased like a match's timed work).
- **Ratings** use OpenSkill's Plackett-Luce model (the package's default; it rates two
  seats and many alike). The order comes from the outcome (:func:`ranks`): every winner
  ranks first, the others follow by score when the game gives scores and share last place
  otherwise; a seat that forfeited or never sat down ranks below everyone. The board shows
  :attr:`Rating.display`, ``1000 + 40 * (mu - 3 * sigma)``: a conservative estimate that starts at
  1000 and rises as the system grows sure of a player.
- **Exactly once**: new ratings are computed here from the ratings read, and storage
  applies them only if no participant's rating changed since (their game counts are the
  versions) and the match was not rated before, in one step; a loser of that race reads
  again. So two instances that both see a match end rate it once.
- **No-shows**: a paired match waits ``join_s`` seconds for its seats to be taken; then it
  ends (:meth:`~server.domain.matches.Matches.no_show`): if someone did sit down the seats
  that did win (``no_show``) and are rated over those that did not; if nobody did, it is
  aborted, unrated. Every ladder has a clock (:data:`DEFAULT_CLOCK` unless given), which starts
  when every seat is taken, as in any match, so a match whose bot dies ends too.
- **Administration**: an admin edits a ladder (not its game or seats), pauses its pairing,
  starts a new season (a fresh board; past ones stay readable) or deletes it.
- **House accounts** (:mod:`.house`): an admin enters the house account of an AI level as a rating
  anchor. It waits in the queue for good (a pairing leaves it there), so it may play several
  matches at once; it never anchors a group, so it is paired only into a group whose
  anchor is a player it measures, within that player's window; and an AI plays its seat.

Long because a ladder is one feature end to end: its model, the pure pairing and the store
protocol it needs beside the service that runs the queue, the pairing, the rating and the admin's
acts on them, each a few lines.
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict, Field, field_validator

from server import games
from server.errors import AlreadyQueued, BadRequest, LadderNotFound, MatchNotFound, MatchOver, MatchStarted, NotQueued
from server.runtime.clock import Clock, now_ms

from .accounts import Account
from .clocks import TimeControl
from .house import house_account, is_house
from .ids import new_ladder_id
from .inbox import Inbox
from .matches import Matches
from .ratings import MU, Rating, ranks, rate
from .record import MatchRecord
from .status import MatchStatus

#: How often a rating update is tried again when another update of a participant came first.
RETRIES = 20


#: The clock of a ladder's matches when its creator gives none (and of ladders stored before every ladder had one).
DEFAULT_CLOCK = TimeControl(kind="per_decision", limit_ms=60_000)


class LadderSpec(BaseModel):
    """What an admin sets when creating a ladder."""

    name: str = Field(min_length=1, max_length=60, description="the ladder's name on its board")
    game: str = Field(description="the game, as the catalogue names it")
    seats: int = Field(ge=2, le=16, description="players per match")
    options: dict[str, Any] = Field(default_factory=dict, description="the game's options for every match")
    time_control: TimeControl = Field(
        default_factory=lambda: DEFAULT_CLOCK,
        description="the clock of every match (a minute per decision when not given, or of kind none); a ladder's "
        "matches always have one, so that a match whose bot died ends, rated, and its opponent plays on",
    )
    join_s: int = Field(60, ge=1, le=3600, description="seconds a paired account has to take its seat")
    window: float = Field(3.0, ge=0, le=100, description="ratings (mu) this far apart are paired at once")
    widen_per_s: float = Field(0.5, ge=0, le=100, description="how much the window grows per second waited")

    @field_validator("time_control", mode="before")
    @classmethod
    def _a_clock_always(cls, value: Any) -> Any:
        """No clock asked for (nothing, null or kind ``none``, and ladders stored before every ladder had
        one): the default, so that every match ends."""
        kind = value.get("kind", "none") if isinstance(value, dict) else getattr(value, "kind", "none")
        return DEFAULT_CLOCK if kind == "none" else value


class LadderEdit(BaseModel):
    """What an admin may change of a ladder once it exists (its game and seats stay)."""

    model_config = ConfigDict(extra="forbid")

    name: str | None = Field(None, min_length=1, max_length=60)
    options: dict[str, Any] | None = None
    time_control: TimeControl | None = None
    join_s: int | None = Field(None, ge=1, le=3600)
    window: float | None = Field(None, ge=0, le=100)
    widen_per_s: float | None = Field(None, ge=0, le=100)


class Ladder(LadderSpec):
    id: str
    created: int = Field(description="ms since the epoch")
    paused: bool = Field(False, description="an admin paused it: accounts may queue, nobody is paired")
    season: int = Field(1, ge=1, description="the season its board rates; a new one starts every account afresh")


class HistoryEntry(BaseModel):
    """One rated match in an account's history on a ladder."""

    match: str
    at: int
    rank: int = Field(description="1 is first; tied seats share a rank")
    mu: float
    sigma: float
    display: int
    change: int = Field(description="the display rating's change")


class Waiting(BaseModel):
    """An account in a ladder's queue."""

    account: str
    name: str
    since: int = Field(description="when it joined the queue, ms since the epoch")


@dataclass(frozen=True)
class Candidate:
    """What pairing knows about one waiting account."""

    account: str
    mu: float
    since: int
    #: the accounts it played in its last match on this ladder
    last_opponents: frozenset[str] = frozenset()
    #: a house account (:mod:`.house`): always waiting, it joins a group but never anchors one
    house: bool = False


@dataclass(frozen=True)
class Window:
    """How far apart ratings may be: ``base`` at once, plus ``per_s`` for every second waited."""

    base: float
    per_s: float

    def at(self, waited_ms: int) -> float:
        return self.base + self.per_s * max(0, waited_ms) / 1000


def _rematch(a: Candidate, b: Candidate) -> bool:
    return b.account in a.last_opponents or a.account in b.last_opponents


def pair(waiting: Sequence[Candidate], seats: int, now: int, window: Window) -> list[tuple[str, ...]]:
    """Groups of ``seats`` accounts to start matches, first-served first.

    The longest-waiting account that has no group yet anchors the next one and takes the
    ``seats - 1`` nearest ratings within its window (nearer first, then the longer waiting).
    Someone it just played is passed over unless nobody else waits at all: two accounts
    alone in the queue may play again, two among others wait for someone new or for
    their windows to reach further.

    A house account never anchors a group: it waits for good, so it would always be the longest
    waiting, with a window wide enough for anyone, and two of them would play each other for
    ever. Joining others' groups only, it meets a player near its rating, and never a house
    account alone.
    """
    order = sorted(waiting, key=lambda c: (c.since, c.account))
    free = {c.account: c for c in order}
    groups: list[tuple[str, ...]] = []
    for anchor in order:
        if anchor.account not in free or anchor.house:
            continue
        reach = window.at(now - anchor.since)
        others = [c for c in free.values() if c.account != anchor.account]
        alone = len(others) == seats - 1  # nobody but a possible group waits
        near = sorted((c for c in others if abs(c.mu - anchor.mu) <= reach and (alone or not _rematch(anchor, c))),
                      key=lambda c: (abs(c.mu - anchor.mu), c.since, c.account))  # fmt: skip
        group = [anchor]
        for c in near:
            if len(group) == seats:
                break
            if alone or not any(_rematch(c, g) for g in group):
                group.append(c)
        if len(group) == seats:
            groups.append(tuple(c.account for c in group))
            for c in group:
                del free[c.account]
    return groups


@dataclass(frozen=True)
class Paired:
    """A ladder match the pairing made and has not yet seen rated."""

    match: str
    accounts: list[str]
    at: int
    names: list[str] = field(default_factory=list)  # the accounts' names, for the board


class RateStatus(IntEnum):
    """What storage answered to a rating update (its numbers are the script's)."""

    APPLIED = 0
    STALE = 1  # a participant's rating changed since it was read
    DONE = 2  # the match was rated (or dropped) already


@dataclass(frozen=True)
class Update:
    """New ratings for one match's accounts, applied only over the ratings they were computed from."""

    match: str
    expected_games: dict[str, int] = field(default_factory=dict)
    ratings: list[Rating] = field(default_factory=list)
    history: dict[str, HistoryEntry] = field(default_factory=dict)


class LadderStore(Protocol):
    """The storage ladders need. Every fault of storage raises ``Unavailable``."""

    async def create(self, ladder: Ladder) -> None:
        """Store the ladder and schedule its pairing (some instance leases it)."""
        ...

    async def save(self, ladder: Ladder) -> None:
        """Store the ladder's new definition (an admin's edit, pause or new season)."""
        ...

    async def delete(self, ladder_id: str) -> bool:
        """Forget the ladder: its definition, queue, ratings and histories (False: there was none)."""
        ...

    async def load(self, ladder_id: str) -> Ladder | None: ...

    async def all(self) -> list[Ladder]: ...

    async def enqueue(self, ladder_id: str, entry: Waiting) -> bool:
        """Add ``entry`` unless its account waits already (False then)."""
        ...

    async def dequeue(self, ladder_id: str, account_id: str) -> bool: ...

    async def queue(self, ladder_id: str) -> list[Waiting]: ...

    async def ratings(self, ladder_id: str, account_ids: Sequence[str] | None = None, *,
                      season: int = 1) -> dict[str, Rating]:  # fmt: skip
        """The stored ratings of these accounts (of every rated account if None) in ``season``."""
        ...

    async def last_opponents(self, ladder_id: str) -> dict[str, list[str]]: ...

    async def start(self, ladder_id: str, paired: Paired, taken: Sequence[Waiting], stay: Collection[str] = ()) -> bool:
        """Take exactly ``taken`` (as read) out of the queue, but for the accounts of ``stay`` (house
        accounts, which wait for good), and record ``paired``; or do nothing and answer False if any
        of them left or queued again meanwhile."""
        ...

    async def paired(self, ladder_id: str) -> list[Paired]: ...

    async def settle(self, ladder_id: str, update: Update, *, season: int = 1) -> RateStatus:
        """Apply ``update`` to ``season``'s ratings and mark its match rated, once (an empty update only marks it)."""
        ...

    async def history(self, ladder_id: str, account_id: str, limit: int) -> list[HistoryEntry]: ...


class Ladders:
    """Ladders on a :class:`LadderStore`: their queues, pairings, ratings and boards."""

    def __init__(self, store: LadderStore, matches: Matches, inbox: Inbox, *, clock: Clock = now_ms) -> None:
        """``clock`` stamps queue entries and pairings, and is the "now" the pairing loop widens windows by."""
        self.store = store
        self.clock = clock
        self.matches = matches
        self.inbox = inbox

    async def create(self, spec: LadderSpec) -> Ladder:
        rules = games.get(spec.game)
        spec = spec.model_copy(update={"options": rules.rated_options(spec.options)})  # the game's house rules
        rules.options_for(spec.options, spec.seats)
        ladder = Ladder(id=new_ladder_id(), created=self.clock(), **spec.model_dump())
        await self.store.create(ladder)
        return ladder

    async def get(self, ladder_id: str) -> Ladder:
        ladder = await self.store.load(ladder_id) if ladder_id.isascii() and ladder_id.isalnum() else None
        if ladder is None:
            raise LadderNotFound(f"no ladder {ladder_id!r}")
        return ladder

    async def all(self) -> list[Ladder]:
        return sorted(await self.store.all(), key=lambda lad: (lad.created, lad.id))

    # -- an admin's side --------------------------------------------------------------

    async def edit(self, ladder_id: str, edit: LadderEdit) -> Ladder:
        """Change what ``edit`` gives; pairings made from now on follow it (matches under way keep theirs)."""
        ladder = await self.get(ladder_id)
        changes = edit.model_dump(exclude_unset=True)
        spec = LadderSpec.model_validate({**ladder.model_dump(), **changes})
        rules = games.get(spec.game)
        spec = spec.model_copy(update={"options": rules.rated_options(spec.options)})
        rules.options_for(spec.options, spec.seats)
        edited = ladder.model_copy(update=spec.model_dump())
        await self.store.save(edited)
        return edited

    async def pause(self, ladder_id: str, paused: bool) -> Ladder:
        """Stop pairing (accounts may still queue, and matches under way are rated), or start again."""
        ladder = (await self.get(ladder_id)).model_copy(update={"paused": paused})
        await self.store.save(ladder)
        return ladder

    async def new_season(self, ladder_id: str) -> Ladder:
        """Rate from a fresh board: every account starts again; past seasons' boards stay readable."""
        ladder = await self.get(ladder_id)
        ladder = ladder.model_copy(update={"season": ladder.season + 1})
        await self.store.save(ladder)
        return ladder

    async def delete(self, ladder_id: str) -> None:
        """The ladder and all it kept go; matches under way are played out, unrated."""
        ladder = await self.get(ladder_id)
        await self.store.delete(ladder.id)

    async def withdraw(self, account_id: str) -> list[str]:
        """Take ``account_id`` out of every ladder's queue (its account was disabled); the ladders it left."""
        return [lad.id for lad in await self.all() if await self.store.dequeue(lad.id, account_id)]

    # -- an account's side ------------------------------------------------------------

    async def join_queue(self, ladder_id: str, account: Account) -> Waiting:
        ladder = await self.get(ladder_id)
        entry = Waiting(account=account.id, name=account.name, since=self.clock())
        if not await self.store.enqueue(ladder.id, entry):
            raise AlreadyQueued(f"account {account.id} waits in ladder {ladder.id}'s queue already")
        return entry

    async def enter_house(self, ladder_id: str, level: int) -> Waiting:
        """An admin's act: the house account of ``level`` waits in the queue from now on, for good."""
        return await self.join_queue(ladder_id, house_account(level))

    async def remove_house(self, ladder_id: str, level: int) -> None:
        """An admin's act: the house account of ``level`` leaves the queue (its matches under way go on)."""
        await self.leave_queue(ladder_id, house_account(level))

    async def leave_queue(self, ladder_id: str, account: Account) -> None:
        ladder = await self.get(ladder_id)
        if not await self.store.dequeue(ladder.id, account.id):
            raise NotQueued(f"account {account.id} is not in ladder {ladder.id}'s queue")

    async def status(self, ladder_id: str, account: Account) -> dict[str, Any]:
        """Whether the account waits, since when, and its ladder matches not yet rated."""
        ladder = await self.get(ladder_id)
        mine = [w for w in await self.store.queue(ladder.id) if w.account == account.id]
        playing = [p.match for p in await self.store.paired(ladder.id) if account.id in p.accounts]
        rating = (await self.store.ratings(ladder.id, [account.id], season=ladder.season)).get(account.id)
        return {"ladder": ladder.id, "queued": bool(mine), "since": mine[0].since if mine else None,
                "matches": playing, "rating": None if rating is None else rating.board()}  # fmt: skip

    async def leaderboard(self, ladder_id: str, limit: int, season: int | None = None) -> list[dict[str, Any]]:
        """Rated accounts of ``season`` (None: the current one), best display rating first (then more
        games, then the account id)."""
        ladder = await self.get(ladder_id)
        if season is not None and not 1 <= season <= ladder.season:
            raise BadRequest(f"season is 1..{ladder.season}")
        rated = sorted((await self.store.ratings(ladder.id, season=season or ladder.season)).values(),
                       key=lambda r: (-r.display, -r.games, r.account))  # fmt: skip
        return [{"rank": i + 1, **r.board()} for i, r in enumerate(rated[:limit])]

    async def board_of(self, ladder_id: str) -> dict[str, float]:
        """Every rated account's display rating in the current season (a tournament's seeding by rating)."""
        ladder = await self.get(ladder_id)
        return {
            r.account: float(r.display) for r in (await self.store.ratings(ladder.id, season=ladder.season)).values()
        }

    async def history(self, ladder_id: str, account_id: str, limit: int) -> list[HistoryEntry]:
        ladder = await self.get(ladder_id)
        return await self.store.history(ladder.id, account_id, limit)

    # -- the pairing loop's side (one instance per ladder at a time) ------------------

    async def pair_queue(self, ladder: Ladder, now: int) -> list[Paired]:
        """Pair whoever can be paired now: create each match with its seats held, take the
        group out of the queue, and tell each account where to sit."""
        waiting = await self.store.queue(ladder.id)
        if ladder.paused or len(waiting) < ladder.seats:
            return []
        ratings = await self.store.ratings(ladder.id, [w.account for w in waiting], season=ladder.season)
        last = await self.store.last_opponents(ladder.id)
        candidates = [Candidate(w.account, ratings[w.account].mu if w.account in ratings else MU, w.since,
                                frozenset(last.get(w.account, ())), is_house(w.account)) for w in waiting]  # fmt: skip
        by_account = {w.account: w for w in waiting}
        made = []
        for group in pair(candidates, ladder.seats, now, Window(ladder.window, ladder.widen_per_s)):
            order = list(group)
            secrets.SystemRandom().shuffle(order)  # who sits first is chance, not queue order
            summary = await self.matches.create(ladder.game, ladder.options, ladder.seats, [], ladder.time_control,
                                                held=order)  # fmt: skip
            paired = Paired(match=summary.match, accounts=order, at=self.clock(),
                            names=[by_account[a].name for a in order])  # fmt: skip
            stay = [a for a in order if is_house(a)]  # a house account waits for good
            if not await self.store.start(ladder.id, paired, [by_account[a] for a in order], stay):
                await self._abort(summary.match)  # someone left the queue meanwhile: nobody plays it
                continue
            for seat, account_id in enumerate(order):
                await self.inbox.notify(account_id, "match_found", {
                    "ladder": ladder.id, "match": summary.match, "seat": seat, "game": ladder.game,
                    "accounts": order, "join_by": paired.at + ladder.join_s * 1000,
                }, paired.at)  # fmt: skip
            made.append(paired)
        return made

    async def settle_matches(self, ladder: Ladder, now: int) -> list[str]:
        """Rate the ladder's matches that have ended (and end those whose seats stayed empty
        past ``join_s``); returns the match ids this call settled."""
        settled = []
        for paired in await self.store.paired(ladder.id):
            try:
                record, _ = await self.matches.store.load(paired.match)
            except MatchNotFound:
                record = None
            if record is not None and record.status is MatchStatus.OPEN:
                if now < paired.at + ladder.join_s * 1000:
                    continue
                with contextlib.suppress(MatchOver, MatchStarted, MatchNotFound):  # it went on meanwhile
                    await self.matches.no_show(paired.match)
                record, _ = await self.matches.store.load(paired.match)
            if record is not None and not record.status.ended:
                continue
            if await self.settle(ladder, paired, record) is RateStatus.APPLIED:
                settled.append(paired.match)
        return settled

    async def settle(self, ladder: Ladder, paired: Paired, record: MatchRecord | None) -> RateStatus:
        """Rate one ended match, once, however many callers try at the same time."""
        order = None if record is None else ranks(record)
        if record is None or order is None:
            return await self.store.settle(ladder.id, Update(paired.match), season=ladder.season)  # gone, aborted
        accounts = [a or "" for a in record.accounts]
        names = dict(zip(paired.accounts, paired.names, strict=False))
        names.update({a: n for a, n in zip(accounts, record.names, strict=True) if n})
        for _ in range(RETRIES):
            stored = await self.store.ratings(ladder.id, accounts, season=ladder.season)
            before = [stored.get(a) or Rating(account=a, name=names.get(a, a)) for a in accounts]
            after = rate(before, order, record.updated)
            history = {r.account: HistoryEntry(match=record.id, at=record.updated, rank=rank, mu=r.mu, sigma=r.sigma,
                                               display=r.display, change=r.display - b.display)
                       for r, b, rank in zip(after, before, order, strict=True)}  # fmt: skip
            update = Update(record.id, {r.account: r.games for r in before}, after, history)
            status = await self.store.settle(ladder.id, update, season=ladder.season)
            if status is not RateStatus.STALE:
                return status
        return RateStatus.STALE

    async def _abort(self, match_id: str) -> None:
        with contextlib.suppress(MatchOver, MatchNotFound):  # it ended (or expired) on its own
            await self.matches.abort(match_id, by="pairing")
