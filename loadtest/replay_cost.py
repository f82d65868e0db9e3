"""What replaying a match to a past version costs (``GET /v1/matches/{id}/versions/{v}``), per game.

A random match of each game (a move kind, then a move of it, picked at random, up to ``--moves``) is
played once, then replayed from its seed as ``server/domain/spectating.py`` does; the replay is timed.
Prints a Markdown table (the figures go in ``loadtest/README.md``)::

    python -m loadtest.replay_cost [--moves 1000] [--seed 5]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from server import games

SEATS = {"jabberwocky": 3, "gyre": 2, "jackrabbits": 4, "zimby_mojo": 4}


def played(name: str, seats: int, seed: int, limit: int) -> list[tuple[int, Any]]:
    rules = games.get(name)
    table, rng = rules.setup(rules.parse_options({}), seats, seed)
    pick = random.Random(seed)
    moves: list[tuple[int, Any]] = []
    while rules.outcome(table) is None and len(moves) < limit:
        seat = pick.choice(rules.to_act(table))
        legal = rules.legal_moves(table, seat)
        kind = pick.choice(sorted({m.type for m in legal}))
        move = rules.dump_move(pick.choice([m for m in legal if m.type == kind]))
        moves.append((seat, move))
        rules.act(table, rng, seat, move)
    return moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    print("| Game | Moves | Replay | Per move |\n|---|---|---|---|")
    for name, seats in SEATS.items():
        rules = games.get(name)
        moves = played(name, seats, args.seed, args.moves)
        start = time.perf_counter()
        table, rng = rules.setup(rules.parse_options({}), seats, args.seed)
        for seat, move in moves:
            rules.act(table, rng, seat, move)
        took = time.perf_counter() - start
        print(f"| {name} ({seats} seats) | {len(moves)} | {took * 1000:.0f} ms | {took / len(moves) * 1e6:.0f} µs |")


if __name__ == "__main__":
    main()
