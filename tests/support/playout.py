"""Random playouts of any registered game, shared by the generic tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from server.engine import Event, Rng, Rules, Table, copy_table

MAX_MOVES = 20_000


@dataclass
class Step:
    before: Table[Any, Any, Any]
    seat: int
    move: Any
    event: Event
    after: Table[Any, Any, Any]


def playout(rules: Rules, seats: int, seed: int, *, keep: bool = False,
            options: dict[str, Any] | None = None) -> Iterator[Step]:  # fmt: skip
    """Play random legal moves from ``seed`` until the match ends.

    The bot's choices come from ``random.Random(seed)``; the game's chance from
    the engine's generator. With ``keep``, each step carries copies of the
    table before and after.
    """
    table, rng = rules.setup(rules.parse_options(options), seats, seed)
    pick = random.Random(seed)
    for _ in range(MAX_MOVES):
        if rules.outcome(table) is not None:
            return
        actors = rules.to_act(table)
        assert actors, f"{rules.name}: nobody may act but the match is not over"
        seat = pick.choice(actors)
        legal = rules.legal_moves(table, seat)
        assert legal, f"{rules.name}: seat {seat} may act but has no legal move"
        move = rules.dump_move(pick.choice(legal))
        before = copy_table(table) if keep else table
        _, event = rules.act(table, rng, seat, move)
        yield Step(before, seat, move, event, copy_table(table) if keep else table)
    raise AssertionError(f"{rules.name}: no result after {MAX_MOVES} moves")


def final(rules: Rules, seats: int, seed: int) -> tuple[list[Any], Table[Any, Any, Any], Rng]:
    """The moves, last table and generator of :func:`playout`'s match from ``seed``, checked the same way."""
    table, rng = rules.setup(rules.parse_options({}), seats, seed)
    moves: list[Any] = []
    pick = random.Random(seed)
    while rules.outcome(table) is None:
        assert len(moves) < MAX_MOVES, f"{rules.name}: no result after {MAX_MOVES} moves"
        actors = rules.to_act(table)
        assert actors, f"{rules.name}: nobody may act but the match is not over"
        seat = pick.choice(actors)
        legal = rules.legal_moves(table, seat)
        assert legal, f"{rules.name}: seat {seat} may act but has no legal move"
        move = rules.dump_move(pick.choice(legal))
        rules.act(table, rng, seat, move)
        moves.append((seat, move))
    return moves, table, rng
