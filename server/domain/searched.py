"""The AI seats' turns: one searched move at a time, made by the bot service.

A match whose bots search (level 2 and up, :mod:`server.ai.levels`) is leased by a bot
service as the scheduler leases timed work (``server.live.bot_service``); its holder calls
:func:`take_search_turn` whenever the match changes. The search is handed only what the seat
knows (:meth:`~server.engine.play.Rules.knowledge`: its view, and in a game that remembers the
events it has received, read from the match's log), and runs wherever ``think`` runs it: the
bot service's own threads or processes, never a web worker's event loop. Random bots (level 1)
and clocks stay with the scheduler (:mod:`.turns`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

from server.ai.levels import decision_seed, time_cap
from server.engine.knowledge import Knowledge
from server.errors import StaleVersion

from .matches import Matches
from .turns import Step, Turn, active
from .views import unpack_event

#: ``think(game, knowledge, level, seed, seconds)``: the move the search makes, within ``seconds`` of wall time.
Think = Callable[[str, Knowledge, int, int, float], Awaitable[Any]]


async def take_search_turn(matches: Matches, match_id: str, secret: bytes, think: Think) -> Step:
    """Make one AI seat's move, if one is to act; else say the match waits (or is over)."""
    found = await active(matches, match_id)
    if isinstance(found, Step):
        return found
    record, snap = found
    ready = [s for s in snap.to_act(record.status) if record.level(s) >= 2]
    if not ready:
        return Step(Turn.WAITING)
    seat = ready[0]
    seen: list[dict[str, Any]] = []
    if snap.rules.game.remembers:  # the events the seat has received, as its views no longer show them
        entries = await matches.store.log(record.id, 0, record.version)
        seen = snap.rules.seen((unpack_event(entry) for entry in entries), seat)
    knowledge = snap.rules.knowledge(snap.table, seat, seen)
    left = None
    if record.clock is not None and seat in record.clock.deadlines:
        left = max(0.0, (record.clock.deadlines[seat] - matches.clock()) / 1000)
    seed = decision_seed(secret, record.id, seat, record.version)
    move = await think(record.game, knowledge, record.level(seat), seed, time_cap(left))
    with contextlib.suppress(StaleVersion):  # someone else changed the match first: look again
        await matches.play(record, seat, record.version, snap.rules.dump_move(move), "")
    return Step(Turn.PLAYED)
