"""A playout policy made of a game's rule of thumb: its best move, with a share of random moves left in.

Apart from the registry (:mod:`.policies`) so that a game's own AI module can build its policy here
without importing the registry that imports it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from server.engine.play import AnyTable, Rules

#: ``policy(rules, table, seat, legal, pick) -> move``: one of ``legal`` for ``seat`` on the sampled ``table``.
Policy = Callable[[Rules, AnyTable, int, Sequence[Any], random.Random], Any]


def greedy(worth: Callable[[AnyTable, int, Any], float], epsilon: float) -> Policy:
    """The move ``worth`` rates highest (ties: a random one of them), except a random move with chance ``epsilon``."""

    def policy(rules: Rules, table: AnyTable, seat: int, legal: Sequence[Any], pick: random.Random) -> Any:
        if len(legal) == 1 or pick.random() < epsilon:
            return pick.choice(legal)
        values = [worth(table, seat, move) for move in legal]
        top = max(values)
        return pick.choice([move for move, value in zip(legal, values, strict=True) if value == top])

    return policy
