"""The server's built-in bots: which seat plays and what it plays.

A bot plays a uniformly random legal move, drawn from a generator seeded by
the match, version and seat, so a bot's choice does not depend on which
instance makes it or how often it is asked. Who runs the bots of a match,
and when, is the scheduler's business (``server.live.scheduler``).
"""

from __future__ import annotations

import contextlib
import random
from enum import Enum

from server.engine.errors import MatchNotFound, StaleVersion

from .matches import Matches
from .status import MatchStatus


class Turn(Enum):
    PLAYED = "played"  # a bot moved (or tried, and a player moved first): look again
    WAITING = "waiting"  # no bot is to act: players are, or the match has not started
    OVER = "over"  # the match has ended or is gone: its bots are done


async def play_bot_turn(matches: Matches, match_id: str) -> Turn:
    """Play one move for a bot whose turn it is, if there is one."""
    try:
        record, _ = await matches.store.load(match_id)
    except MatchNotFound:
        return Turn.OVER
    if record.status.ended:
        return Turn.OVER
    if record.status is not MatchStatus.ACTIVE:
        return Turn.WAITING
    snap = matches.snapshot(record)
    ready = [s for s in snap.to_act(record.status) if record.bots[s]]
    if not ready:
        return Turn.WAITING
    seat = ready[0]
    pick = random.Random(f"{match_id}:{record.version}:{seat}")
    move = pick.choice(snap.rules.legal_moves(snap.table, seat))
    with contextlib.suppress(StaleVersion):
        await matches.play(record, seat, record.version, snap.rules.dump_move(move), "")
    return Turn.PLAYED
