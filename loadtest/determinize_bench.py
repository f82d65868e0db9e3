"""Determinization micro-benchmark: microseconds per sampled table (``Rules.determinize``) for every game.

    python -m loadtest.determinize_bench [--matches 4] [--positions 25] [--seed 1] [--game NAME ...]

An AI opponent's search samples one table per iteration from its seat's knowledge (issue 46), thousands per
decision, so this is a cost per iteration of the search. For each game it plays random matches at the game's
fewest seats and one more, takes positions spread over each, and times for every seat there
``Rules.determinize`` (the copies of the knowledge it makes, then the game's sampling) and, apart, the game's
sampling alone (``Game.determinize`` on copies made beforehand). Prints the median and the 90th percentile.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from typing import Any

from server import games
from server.engine import Rng, Rules, Table, copy_table

MAX_MOVES = 20_000


def positions(rules: Rules, seats: int, seed: int, count: int) -> list[Table[Any, Any, Any]]:
    """``count`` copies of the tables of a random match from ``seed``, spread over it."""
    table, rng = rules.setup(rules.parse_options({}), seats, seed)
    pick = random.Random(seed)
    moves: list[tuple[int, Any]] = []
    while rules.outcome(table) is None and len(moves) < MAX_MOVES:
        seat = pick.choice(rules.to_act(table))
        move = rules.dump_move(pick.choice(rules.legal_moves(table, seat)))
        rules.act(table, rng, seat, move)
        moves.append((seat, move))
    at = {len(moves) * i // count for i in range(count)}
    table, rng = rules.setup(rules.parse_options({}), seats, seed)
    kept = []
    for i, (seat, move) in enumerate(moves):
        if i in at:
            kept.append(copy_table(table))
        rules.act(table, rng, seat, move)
    return kept


def bench(rules: Rules, seats: int, matches: int, count: int, seed: int) -> tuple[list[float], list[float]]:
    whole: list[float] = []
    game_only: list[float] = []
    perf = time.perf_counter
    for m in range(matches):
        for i, table in enumerate(positions(rules, seats, seed + m, count)):
            for seat in range(seats):
                knowledge = rules.knowledge(table, seat)
                t0 = perf()
                rules.determinize(knowledge, Rng(i))
                whole.append(perf() - t0)
                public, private = knowledge.public.model_copy(deep=True), knowledge.private.model_copy(deep=True)
                t0 = perf()
                rules.game.determinize(public, private, seat, seats, Rng(i))
                game_only.append(perf() - t0)
    return whole, game_only


def _us(values: list[float], q: float) -> float:
    return 1e6 * statistics.quantiles(values, n=100)[int(q) - 1] if q != 50 else 1e6 * statistics.median(values)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--matches", type=int, default=4)
    ap.add_argument("--positions", type=int, default=25)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    args = ap.parse_args(argv)
    print(f"{'game':<14}{'seats':>6}{'samples':>9}{'median us':>11}{'p90 us':>9}{'game only':>11}{'p90':>8}")
    for rules in games.GAMES:
        if args.game and rules.name not in args.game:
            continue
        low = rules.game.min_seats
        for seats in sorted({low, min(low + 1, rules.game.max_seats)}):
            whole, game_only = bench(rules, seats, args.matches, args.positions, args.seed)
            print(
                f"{rules.name:<14}{seats:>6}{len(whole):>9}{_us(whole, 50):>11.1f}{_us(whole, 90):>9.1f}"
                f"{_us(game_only, 50):>11.1f}{_us(game_only, 90):>8.1f}"
            )
            sys.stdout.flush()


if __name__ == "__main__":
    main()
