"""What is stored about a match, what one change to it is, and what storage must offer.

:class:`MatchStore` is the lifecycle's whole view of storage: ``server.store``
implements it on Redis, and nothing in the domain knows how.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, Protocol

from pydantic import BaseModel, Field, TypeAdapter

from server.engine import Rules, Table

from .clocks import Clock, TimeControl
from .delay import SpectatorDelay
from .house import is_house
from .status import MatchStatus


def open_seats(tokens: list[str | None], bots: list[bool], accounts: list[str | None] | None = None) -> list[int]:
    """Seats anyone may take: no player's token, not a bot, and not held for an account."""
    held = accounts or [None] * len(tokens)
    return [s for s, (token, bot, account) in enumerate(zip(tokens, bots, held, strict=True))
            if token is None and not bot and account is None]  # fmt: skip


@dataclass(frozen=True)
class MatchRecord:
    """Everything stored about a match. ``tokens``, ``table``, ``rng`` and ``seed`` never leave the server."""

    id: str
    game: str
    options: dict[str, Any]
    seats: int
    status: MatchStatus
    version: int
    created: int  # ms since the epoch
    updated: int
    seed: int
    names: list[str | None]
    bots: list[bool]
    tokens: list[str | None]  # SHA-256 of each seat's token; None while the seat is free
    table: bytes  # the game's table, as stored (server.store.codec)
    rng: list[int]  # the generator's state after the last change
    outcome: dict[str, Any] | None = None
    time_control: TimeControl | None = None  # None: no clock (and records stored before clocks)
    clock: Clock | None = None
    #: The account id in each seat (None: a bot, an anonymous player or a free seat). Records stored
    #: before accounts existed lack it: it reads as no account in any seat.
    accounts: list[str | None] = field(default_factory=list)
    #: Spectators see the match this late (a tournament's match); None: they see it live.
    spectator_delay: SpectatorDelay | None = None
    #: The account each seat is held for by a pairing (a ladder's or a tournament's), fixed at creation:
    #: a held seat left before the start is held again for its account, never opened to anyone else.
    #: Records stored before holds were kept apart lack it: it reads as no seat held.
    held: list[str | None] = field(default_factory=list)
    #: Each seat's AI level (``server.ai.levels``): 1, a random bot, for a bot seat; 0 for a player's seat; 2
    #: and up, a searching bot that the bot service plays. Records stored before levels lack it: every bot
    #: seat of theirs is random.
    levels: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.accounts:
            object.__setattr__(self, "accounts", [None] * self.seats)
        if not self.held:
            object.__setattr__(self, "held", [None] * self.seats)

    def level(self, seat: int) -> int:
        """``seat``'s AI level: 0 for a player's seat, 1 for a random bot, 2 and up for a searching one."""
        if not self.bots[seat]:
            return 0
        return self.levels[seat] if self.levels and self.levels[seat] else 1

    def searched_seats(self) -> list[int]:
        """The seats the bot service plays (level 2 and up)."""
        return [s for s in range(self.seats) if self.level(s) >= 2]

    def open_seats(self) -> list[int]:
        return open_seats(self.tokens, self.bots, self.accounts)

    def waiting_seats(self) -> list[int]:
        """Seats the match still waits for: open ones and those held for an account that has not joined."""
        return [s for s in range(self.seats) if self.tokens[s] is None and not self.bots[s]]

    @property
    def competitive(self) -> bool:
        """A ladder's or a tournament's match: a pairing held its seats for accounts."""
        return any(a is not None for a in self.held)

    def house_seat(self, seat: int) -> bool:
        """Whether ``seat`` is a house account's (:mod:`.house`): an AI seat from the start, held for it."""
        return self.bots[seat] and is_house(self.held[seat])

    def played_out(self) -> set[int]:
        """The seats whose players played the match out themselves: they sat down and did not
        forfeit (a forfeited seat is the server's bot's), or they are a house account's, whose AI
        plays it from the start. In a competitive match the others rank below them and never win
        (issue 42)."""
        return {s for s in range(self.seats)
                if (not self.bots[s] and self.tokens[s] is not None) or self.house_seat(s)}  # fmt: skip

    def winners(self) -> list[int] | None:
        """The outcome's winners that played the match out (None: no outcome, as when aborted)."""
        if self.outcome is None:
            return None
        present = self.played_out()
        return [s for s in self.outcome.get("winners", []) if s in present]

    def seat_of_account(self, account_id: str) -> int | None:
        """The seat ``account_id`` sits in (it took it), if any."""
        for s in range(self.seats):
            if self.accounts[s] == account_id and self.tokens[s] is not None:
                return s
        return None

    def held_for(self, account_id: str) -> int | None:
        """The seat held for ``account_id`` (a ladder or tournament pairing) that it has not taken yet."""
        for s in range(self.seats):
            if self.accounts[s] == account_id and self.tokens[s] is None:
                return s
        return None

    def summary(self) -> MatchSummary:
        return MatchSummary(
            match=self.id, game=self.game, status=self.status, version=self.version, seats=self.seats,
            names=self.names, bots=self.bots, open_seats=self.open_seats(), created=self.created,
            updated=self.updated, outcome=self.outcome, accounts=self.accounts,
        )  # fmt: skip

    def replace(self, **changes: Any) -> MatchRecord:
        """A copy with ``changes``: what ``dataclasses.replace`` does, as two dict updates rather than
        a walk over the fields and through ``__init__`` (a record is copied with every move; this is
        why the class has a ``__dict__`` and no slots)."""
        unknown = changes.keys() - self.__dict__.keys()
        if unknown:
            raise TypeError(f"a match record has no field {sorted(unknown)[0]!r}")
        new = object.__new__(MatchRecord)
        new.__dict__.update(self.__dict__)
        new.__dict__.update(changes)
        new.__post_init__()
        return new


class MatchSummary(BaseModel):
    """A match as the lobby lists it: no view, no table."""

    match: str
    game: str
    status: MatchStatus
    version: int
    seats: int
    names: list[str | None]
    bots: list[bool]
    open_seats: list[int]
    created: int
    updated: int
    outcome: dict[str, Any] | None
    accounts: list[str | None] = Field(default_factory=list, description="the account id in each seat, if any")


@dataclass(frozen=True, slots=True)
class LobbyCursor:
    """Where a lobby page ended: the last match listed, by creation time and id.

    The lobby is in creation order, newest first, so the next page starts below this
    position whatever was created or ended since. Written as ``<created>.<match id>``.
    """

    created: int
    match: str

    def __str__(self) -> str:
        return f"{self.created}.{self.match}"

    @classmethod
    def parse(cls, text: str) -> LobbyCursor | None:
        """The cursor ``text`` writes, or None if it is not one."""
        created, dot, match = text.partition(".")
        if not (dot and text.isascii() and created.isdigit() and match.isalnum() and len(created) <= 16):
            return None
        return cls(int(created), match)

    @classmethod
    def of(cls, summary: MatchSummary) -> LobbyCursor:
        return cls(summary.created, summary.match)


@dataclass(frozen=True, slots=True)
class LobbyPage:
    """One page of the lobby, and the cursor of the next (None: this is the last).

    The summaries are kept as the JSON they are published as (:class:`MatchSummary` objects
    joined by commas), as storage writes them: the lobby's hot path passes them through
    instead of parsing and re-serialising every page. :class:`MatchList` stays the one
    definition of that shape; :meth:`validated` checks a page against it (the tests do,
    on every page they list).
    """

    summaries: bytes
    next: LobbyCursor | None
    #: The matches whose spectators see them late (:mod:`.spectating`): storage writes each one's summary as
    #: a placeholder, :func:`placeholder`, which the lifecycle fills with the match as spectators see it.
    delayed: tuple[str, ...] = ()

    @classmethod
    def of(cls, matches: list[MatchSummary], next: LobbyCursor | None, delayed: tuple[str, ...] = ()) -> LobbyPage:
        """A page of summaries read as models (a Redis Cluster's path)."""
        if not delayed:
            return cls(_SUMMARIES.dump_json(matches)[1:-1], next)
        rows = [placeholder(m.match) if m.match in delayed else m.model_dump_json().encode() for m in matches]
        return cls(b",".join(rows), next, delayed)

    def json(self) -> bytes:
        """``{"matches": [...], "next": cursor | null}``: the answer, spliced (the cursor needs no escaping)."""
        cursor = b"null" if self.next is None else b'"%s"' % str(self.next).encode()
        return b'{"matches":[' + self.summaries + b'],"next":' + cursor + b"}"

    def validated(self) -> MatchList:
        """The page as the :class:`MatchList` it must be (raises if it is not one)."""
        return MatchList.model_validate_json(self.json())


def placeholder(match_id: str) -> bytes:
    """What a lobby page holds, until the lifecycle fills it, for a match whose spectators see it late."""
    return b'{"match":"%s","delayed":true}' % match_id.encode()


class MatchList(BaseModel):
    """The lobby's answer: a page of matches, newest first, and where the next page starts."""

    matches: list[MatchSummary]
    next: str | None = Field(description="the cursor of the next page; null after the last")


_SUMMARIES: TypeAdapter[list[MatchSummary]] = TypeAdapter(list[MatchSummary])


class CommitStatus(IntEnum):
    """What the commit script answered (its numbers are the script's)."""

    APPLIED = 0
    STALE = 1  # the match is at another version
    DUPLICATE = 2  # this seat's move id was applied already
    GONE = 3  # no such match (expired or never made)


@dataclass(frozen=True, slots=True)
class CommitResult:
    status: CommitStatus
    #: APPLIED: the new version; STALE: the current one; DUPLICATE: the one the move id was applied at.
    version: int

    @property
    def applied(self) -> bool:
        return self.status is CommitStatus.APPLIED


@dataclass(frozen=True, slots=True)
class Commit:
    """One change to a match: one compare-and-set on ``expected``, one log entry, one notification.

    ``record`` is the match after the change; storage writes the fields named in
    ``changed`` (and the version and ``updated`` always), appends ``entry`` to the
    log and publishes it with the record's table, so that every instance can push
    the event without reading storage.
    """

    record: MatchRecord
    expected: int
    changed: tuple[str, ...]
    entry: dict[str, Any]
    ttl: int  # seconds the match is kept after this change
    move_key: str = ""  # "<seat>:<move id>" of a client's move, so a resend is answered, not applied
    #: The decoded table of ``record.table`` when the caller has it (a move's draft): a store with a
    #: cache keeps it, for the hub's frames and for the match's next move, instead of decoding again.
    table: Table[Any, Any, Any] | None = None


class MatchStore(Protocol):
    """The storage the lifecycle needs. Every fault of storage raises ``Unavailable``."""

    async def create(self, record: MatchRecord, ttl: int, *, scheduled: bool, searched: bool = False) -> None:
        """Store a new match; ``scheduled``: it has timed work (bots, a clock) for the web tier's scheduler;
        ``searched``: it has AI seats for the bot service."""
        ...

    async def load(self, match_id: str, move_key: str = "") -> tuple[MatchRecord, int | None]:
        """The record (``MatchNotFound`` if none), and the version ``move_key`` was applied at, if it was."""
        ...

    async def seat_hashes(self, match_id: str) -> list[str | None] | None:
        """The hash of each seat's token (None: a free seat); None if there is no such match."""
        ...

    async def commit(self, commit: Commit) -> CommitResult: ...

    async def log(self, match_id: str, since: int = 0, until: int | None = None) -> list[dict[str, Any]]:
        """Log entries with versions in ``(since, until]``, oldest first."""
        ...

    async def page(self, game: str | None, status: MatchStatus | None, limit: int,
                   after: LobbyCursor | None = None) -> LobbyPage:  # fmt: skip
        """Up to ``limit`` matches of ``game`` and ``status`` (None: any), newest first, after ``after``."""
        ...

    async def say(self, match_id: str, seat: int, message: dict[str, Any], per_minute: int) -> int:
        """Post ``message`` (0), unless ``seat`` posted ``per_minute`` messages in the last minute: then
        the milliseconds until it may post again."""
        ...

    async def chat(self, match_id: str, limit: int = 50) -> list[dict[str, Any]]: ...

    async def ping(self) -> bool: ...

    async def account_matches(self, account_id: str, limit: int) -> list[tuple[str, bytes | None]]:
        """The newest ``limit`` matches ``account_id`` sat in or was paired for, each with its kept
        summary's JSON once it ended (kept beyond the match itself)."""
        ...

    # -- tables: the store owns their codec, and may keep what it decoded or was given --

    def current(self, match_id: str, version: int) -> MatchRecord | None:
        """The record this process last committed for ``match_id`` if it is at ``version`` (a
        store without a cache: None). The commit's compare-and-set still decides."""
        ...

    def table(self, rules: Rules, record: MatchRecord) -> Table[Any, Any, Any]:
        """``record``'s table, **read-only**: it may be shared with other readers."""
        ...

    def take(self, rules: Rules, data: bytes) -> Table[Any, Any, Any]:
        """The table stored as ``data``, **read-only**, for its last reader here (the hub's frames of a
        commit's notification, which carries the table's bytes)."""
        ...

    def draft(self, rules: Rules, record: MatchRecord) -> Table[Any, Any, Any]:
        """``record``'s table, private to the caller, who may change it (a move)."""
        ...

    def encode(self, table: Table[Any, Any, Any]) -> bytes:
        """``table`` as a record stores it."""
        ...
