"""The timed work of one match, one step at a time: its bots' moves and its clock's timeouts.

The scheduler's runner calls :func:`take_turn` whenever the match changes or a
deadline comes, on the one instance that holds the match's lease.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from enum import Enum

from server.errors import MatchNotFound, StaleVersion

from . import clocks
from .bots import bot_move
from .matches import Matches
from .record import MatchRecord
from .status import MatchStatus
from .views import Snapshot


class Turn(Enum):
    PLAYED = "played"  # a bot moved or a seat timed out (or a player moved first): look again
    WAITING = "waiting"  # players are to act (until ``wake_at``, if their time is limited)
    OVER = "over"  # the match has ended or is gone: its timed work is done


@dataclass(frozen=True)
class Step:
    turn: Turn
    wake_at: int | None = None  # ms since the epoch: the next deadline, when to look again


async def active(matches: Matches, match_id: str) -> tuple[MatchRecord, Snapshot] | Step:
    """The match and its table if it is under way; else the step that says why not (over or gone, or
    not started). What every kind of turn (this module's, the AI seats') reads first."""
    try:
        record, _ = await matches.store.load(match_id)
    except MatchNotFound:
        return Step(Turn.OVER)
    if record.status.ended:
        return Step(Turn.OVER)
    if record.status is not MatchStatus.ACTIVE:
        return Step(Turn.WAITING)
    return record, matches.snapshot(record)


async def take_turn(matches: Matches, match_id: str) -> Step:
    """Play one bot move, or apply one timeout, if one is due; else say when to look again."""
    found = await active(matches, match_id)
    if isinstance(found, Step):
        return found
    record, snap = found
    ready = [s for s in snap.to_act(record.status) if record.level(s) == 1]  # the bot service plays the others
    due = [] if ready else clocks.due(record.clock, matches.clock())
    if not ready and not due:
        return Step(Turn.WAITING, clocks.next_deadline(record.clock))
    with contextlib.suppress(StaleVersion):  # someone else changed the match first: look again
        if ready:
            seat = ready[0]
            await matches.play(record, seat, record.version, bot_move(record.id, record.version, seat, snap), "")
        else:
            await matches.time_out(record, due[0])
    return Step(Turn.PLAYED)
