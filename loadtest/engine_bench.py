"""Engine micro-benchmark: microseconds per applied move (``Rules.act``) for every game in the catalogue.

    python -m loadtest.engine_bench [--matches 20] [--seed 1] [--game NAME ...]

A move is one decision: a move of several decisions (a Zimby Mojo path, told
tile by tile) is timed decision by decision, each with the chance steps it
sets off: the King, the thugs and the zombies acting after a player's turn.

For each game (``server.games.GAMES``) it plays random legal matches at the
game's minimum and maximum seat counts. Only ``Rules.act`` (parse, check,
apply) is timed; choosing the move (``legal_moves``) is timed apart, and so
are the per-move costs around it in the server: decoding and encoding the
stored table and building one seat's view.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

from server import games
from server.store.codec import encode_table, parse_table

MAX_MOVES = 20_000


def bench(rules: Any, seats: int, matches: int, seed: int) -> dict[str, float]:
    act = legal = codec = view = 0.0
    moves = 0
    perf = time.perf_counter
    for m in range(matches):
        table, rng = rules.setup(rules.parse_options({}), seats, seed + m)
        pick = random.Random(seed + m)
        for _ in range(MAX_MOVES):
            if rules.outcome(table) is not None:
                break
            t0 = perf()
            seat = pick.choice(rules.to_act(table))
            options = rules.legal_moves(table, seat)
            raw = rules.dump_move(pick.choice(options))
            t1 = perf()
            rules.act(table, rng, seat, raw)
            t2 = perf()
            table = parse_table(rules, encode_table(table))
            t3 = perf()
            rules.view(table, seat)
            t4 = perf()
            legal += t1 - t0
            act += t2 - t1
            codec += t3 - t2
            view += t4 - t3
            moves += 1
    per = 1e6 / max(1, moves)
    return {
        "moves": moves,
        "act_us": act * per,
        "legal_us": legal * per,
        "codec_us": codec * per,
        "view_us": view * per,
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--matches", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--game", action="append", help="only this game (repeatable; default: every game)")
    args = p.parse_args(argv)
    for rules in games.GAMES if args.game is None else [games.get(name) for name in args.game]:
        for seats in sorted({rules.game.min_seats, rules.game.max_seats}):
            r = bench(rules, seats, args.matches, args.seed)
            print(
                f"engine game={rules.name} seats={seats} moves={r['moves']} act_us_per_move={r['act_us']:.1f} "
                f"legal_us={r['legal_us']:.1f} table_decode_encode_us={r['codec_us']:.1f} view_us={r['view_us']:.1f}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
