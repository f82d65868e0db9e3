"""One AI decision, from the seat's knowledge alone: what the bot service and the SDK's strategy call."""

from __future__ import annotations

import random
import time
from typing import Any

from server import games
from server.engine.knowledge import Knowledge

from .ismcts import decide
from .levels import budget_for


def choose(game: str, knowledge: Knowledge, level_number: int, seed: int, seconds: float | None = None) -> Any:
    """The move ``knowledge.seat`` makes at ``level_number`` (a game's move model), from ``seed``;
    ``seconds``: the wall time the search may take at most (``None``: its budget alone)."""
    rules = games.get(game)
    budget = budget_for(game, level_number)
    if budget is None:
        k = knowledge
        return random.Random(seed).choice(rules.game.legal_moves(k.public, k.private, k.seat))
    deadline = None if seconds is None else time.monotonic() + seconds
    return decide(rules, knowledge, budget, seed, deadline=deadline)
