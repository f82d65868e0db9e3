"""The server's built-in bots: what a bot plays.

A bot plays a uniformly random legal move, drawn from a generator seeded by
the match, version and seat, so its choice does not depend on which instance
makes it or how often it is asked. Who runs a match's bots, and when, is the
scheduler's business (``server.live.scheduler``, through :mod:`.turns`).
"""

from __future__ import annotations

import random
from typing import Any

from .views import Snapshot


def bot_move(match_id: str, version: int, seat: int, snap: Snapshot) -> Any:
    """The move ``seat``'s bot makes at ``version``, as it goes on the wire."""
    pick = random.Random(f"{match_id}:{version}:{seat}")
    return snap.rules.dump_move(pick.choice(snap.rules.legal_moves(snap.table, seat)))
