"""Match clocks: a time control chosen at creation, and the clock it runs, as pure data.

Time controls:

- ``none``: no clock (the default).
- ``per_decision``: each decision must be made within ``limit_ms`` of the moment the seat
  became one to act.
- ``fischer``: each seat has ``base_ms`` for the whole match; a decision's time is taken
  from it and ``increment_ms`` is added back after each of the seat's moves.

Either may set ``sealed_ms``: the limit of a simultaneous (sealed) decision, when several
seats are to act at once; each of them times out on its own. When a seat's time runs out,
``on_timeout`` applies: the game's ``default_move``, a ``random_move`` (drawn from a
generator seeded by the match, version and seat, so it replays), or ``forfeit`` (the game
says whether that ends the match or the seat goes on as the server's bot).

A competitive match (a ladder's or a tournament's: its seats are held for accounts) never lets
an absent seat win on the moves the server made for it. There a timeout forfeits the seat when
it never sat down, or when it is the seat's ``forfeit_after``-th in a row
(:data:`COMPETITIVE_FORFEIT_AFTER` unless the time control says); the others apply
``on_timeout`` as in any match. In a casual match ``forfeit_after`` applies only when given.
A forfeited seat ranks below every seat that played, whatever the game's outcome says of it
(:meth:`~server.domain.record.MatchRecord.played_out`).

A :class:`Clock` is stored with the match and changed by the same commit as the move
that changes it, so a timeout and a late move race on the match version like any two
moves: exactly one is applied. Times are milliseconds of the server's wall clock;
clients receive the deadlines together with the server's time, so they can count down
without synchronising clocks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

DAY_MS = 24 * 3600 * 1000
#: A seat of a competitive match forfeits at this many timeouts in a row, unless its time control says.
COMPETITIVE_FORFEIT_AFTER = 3


def _kind_is(*kinds: str) -> dict[str, Any]:
    return {"properties": {"kind": {"enum": list(kinds)}}, "required": ["kind"]}


#: :meth:`TimeControl._fits_its_kind` as JSON Schema, so that the published schema refuses what it refuses.
_FITS_ITS_KIND: list[Any] = [
    {
        "if": _kind_is("per_decision"),
        "then": {"required": ["limit_ms"], "properties": {"limit_ms": {"type": "integer"}}},
        "else": {"properties": {"limit_ms": {"type": "null"}}},
    },
    {
        "if": _kind_is("fischer"),
        "then": {"required": ["base_ms"], "properties": {"base_ms": {"type": "integer"}}},
        "else": {"properties": {"base_ms": {"type": "null"}, "increment_ms": {"const": 0}}},
    },
    {"if": _kind_is("per_decision", "fischer"), "else": {"properties": {"sealed_ms": {"type": "null"}}}},
]


class TimeControl(BaseModel):
    """How long each seat may take (a match option of every game; ``kind: none`` by default)."""

    model_config = ConfigDict(extra="forbid", strict=True, json_schema_extra={"allOf": _FITS_ITS_KIND})

    kind: Literal["none", "per_decision", "fischer"] = Field(
        "none", description="none; a limit per decision; or a Fischer clock (a budget per seat plus an increment)"
    )
    limit_ms: int | None = Field(None, ge=100, le=30 * DAY_MS, description="per_decision: the time for one decision")
    base_ms: int | None = Field(None, ge=100, le=30 * DAY_MS, description="fischer: each seat's time for the match")
    increment_ms: int = Field(0, ge=0, le=DAY_MS, description="fischer: added to a seat's time after each of its moves")
    sealed_ms: int | None = Field(
        None, ge=100, le=30 * DAY_MS, description="the limit of a simultaneous decision (several seats to act at once)"
    )
    on_timeout: Literal["default_move", "random_move", "forfeit"] = Field(
        "default_move", description="what happens to a seat whose time runs out"
    )
    forfeit_after: int | None = Field(
        None, ge=1, le=1000,
        description="a seat forfeits at this many timeouts in a row (ladder and tournament matches: "
        f"{COMPETITIVE_FORFEIT_AFTER} when not given, and at once for a seat that never sat down; "
        "other matches: only when given)",
    )  # fmt: skip

    @model_validator(mode="after")
    def _fits_its_kind(self) -> TimeControl:
        if self.kind == "per_decision" and self.limit_ms is None:
            raise ValueError("a per_decision clock needs limit_ms")
        if self.kind == "fischer" and self.base_ms is None:
            raise ValueError("a fischer clock needs base_ms")
        if self.kind != "per_decision" and self.limit_ms is not None:
            raise ValueError("limit_ms is for per_decision clocks")
        if self.kind != "fischer" and (self.base_ms is not None or self.increment_ms):
            raise ValueError("base_ms and increment_ms are for fischer clocks")
        if self.kind == "none" and self.sealed_ms is not None:
            raise ValueError("sealed_ms needs a clock")
        return self

    @property
    def timed(self) -> bool:
        return self.kind != "none"

    def forfeits(self, timeouts_in_a_row: int, *, competitive: bool, absent: bool) -> bool:
        """Whether a seat's timeout (its ``timeouts_in_a_row``-th, this one counted) forfeits it."""
        if competitive and absent:
            return True
        limit = self.forfeit_after if self.forfeit_after is not None or not competitive else COMPETITIVE_FORFEIT_AFTER
        return self.on_timeout == "forfeit" or (limit is not None and timeouts_in_a_row >= limit)


class Clock(BaseModel):
    """The running clock of a match: whose decision started when, and until when it may take."""

    #: Fischer: each seat's time left, as of the start of its current decision (None otherwise).
    remaining_ms: list[int] | None = None
    started: dict[int, int] = Field(default_factory=dict)
    deadlines: dict[int, int] = Field(default_factory=dict)
    #: Each seat's timeouts in a row (a seat that moves itself starts again from none).
    timeouts: dict[int, int] = Field(default_factory=dict)

    def after_move(self, seat: int, *, by_the_clock: bool) -> Clock:
        """This clock after ``seat``'s move: one more timeout in a row if the clock made it, else none."""
        timeouts = dict(self.timeouts)
        if by_the_clock:
            timeouts[seat] = timeouts.get(seat, 0) + 1
        elif timeouts.pop(seat, None) is None:
            return self
        return self.model_copy(update={"timeouts": timeouts})


def start(tc: TimeControl, seats: int) -> Clock | None:
    """The clock of a new match (no seat is to act before the match is active)."""
    if not tc.timed:
        return None
    return Clock(remaining_ms=[tc.base_ms] * seats if tc.kind == "fischer" and tc.base_ms else None)


def advance(tc: TimeControl, clock: Clock | None, to_act: Sequence[int], mover: int | None, now: int) -> Clock | None:
    """The clock after a change at ``now``: ``mover`` (if any) has moved, and ``to_act`` are to act.

    A seat that stops being one to act is charged the time it took (Fischer), and the mover
    gets its increment; a seat that stays to act (a sealed choice still open) keeps its
    deadline; a seat that becomes one to act starts a new decision.
    """
    if clock is None or not tc.timed:
        return clock
    remaining = list(clock.remaining_ms) if clock.remaining_ms is not None else None
    started, deadlines = dict(clock.started), dict(clock.deadlines)
    waiting = set(to_act)
    for seat in [s for s in started if s not in waiting or s == mover]:
        began = started.pop(seat)
        deadlines.pop(seat, None)
        if remaining is not None:
            remaining[seat] = max(0, remaining[seat] - (now - began))
            if seat == mover:
                remaining[seat] += tc.increment_ms
    sealed = len(waiting) > 1
    for seat in waiting:
        if seat in started:
            continue
        started[seat] = now
        if remaining is not None:
            budget = remaining[seat]
            if sealed and tc.sealed_ms is not None:
                budget = min(budget, tc.sealed_ms)
        else:
            assert tc.limit_ms is not None
            budget = tc.sealed_ms if sealed and tc.sealed_ms is not None else tc.limit_ms
        deadlines[seat] = now + budget
    return Clock(remaining_ms=remaining, started=started, deadlines=deadlines, timeouts=clock.timeouts)


def due(clock: Clock | None, now: int) -> list[int]:
    """Seats whose time has run out at ``now``, earliest deadline first."""
    if clock is None:
        return []
    return sorted((s for s, d in clock.deadlines.items() if d <= now), key=lambda s: (clock.deadlines[s], s))


def next_deadline(clock: Clock | None) -> int | None:
    return min(clock.deadlines.values()) if clock is not None and clock.deadlines else None


def public_clock(tc: TimeControl, clock: Clock | None, now: int) -> dict[str, Any] | None:
    """What every recipient sees of the clock at ``now``: each seat's time left and the deadlines.

    ``remaining_ms`` (Fischer) counts down the current decisions up to ``now``; ``deadlines``
    are the server's times (ms since the epoch) by which each seat to act must have moved.
    """
    if clock is None or not tc.timed:
        return None
    remaining = None
    if clock.remaining_ms is not None:
        remaining = list(clock.remaining_ms)
        for seat, began in clock.started.items():
            remaining[seat] = max(0, remaining[seat] - (now - began))
    return {
        "kind": tc.kind, "now": now, "remaining_ms": remaining,
        "deadlines": {str(s): d for s, d in sorted(clock.deadlines.items())},
    }  # fmt: skip
