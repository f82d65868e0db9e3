"""How strong and how quick the AI levels are: each against random play and the SDK's greedy strategy.

``python -m loadtest.ai_strength [--level 3] [--matches 50] [--games brillig,mome]`` plays, per game at
its smallest seat count of 2 or more, ``--matches`` matches of one AI seat against random players and
as many against the SDK's greedy strategy (where it knows the game), the AI's seat rotated; a win is
shared among the winners of a tie. ``--opponents self`` seats the same level everywhere: its row tells
how such matches end (by the rules, or at a game's round or turn limit), the share being the rotated
seat's. Bandersnatch and Borogoves are also played solo: the AI's average
score against random play's. Each decision's wall time is measured, under the bot service's cap (no
clock), with its CPU time (the process's, so that a machine shared with other work can be told from a slow
search). It prints one Markdown row per game and opponent, the table of ``loadtest/README.md``, and on stderr a
line per match (its seed, the AI's seat, how it ended, the AI's share). In one process, on one core, or with
``--jobs N`` the matches of a row spread over N processes (no more than the machine's cores, for decision times
that mean what they say): a row is the same matches either way. Bounded by ``--matches`` and ``--max-moves``
(a match past it counts as unfinished, a loss).

The AI decides from its seat's knowledge only (:meth:`~server.engine.play.Rules.knowledge`), as the
bot service does; the table here is the referee's.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from vorpal_client.strategy import GREEDY_WORTH, Decision, greedy_strategy

from server import games
from server.ai.choose import choose
from server.ai.levels import DEFAULT, time_cap
from server.engine.game import Event
from server.engine.play import AnyTable, Rules

#: Solo games whose AI is judged by its average score against random play's.
SOLO = ("bandersnatch", "borogoves")

#: ``opponent(rules, table, seat, pick) -> move``.
Opponent = Callable[[Rules, AnyTable, int, random.Random], Any]


def random_move(rules: Rules, table: AnyTable, seat: int, pick: random.Random) -> Any:
    return pick.choice(rules.legal_moves(table, seat))


def greedy_move(rules: Rules, table: AnyTable, seat: int, pick: random.Random) -> Any:
    legal = rules.legal_moves(table, seat)
    decision = Decision(match="", game=rules.name, seat=seat, version=0, view=rules.view(table, seat),
                        legal=rules.dump_moves(legal), events=[])  # fmt: skip
    return rules.parse_move(greedy_strategy()(decision))


@dataclass
class Tally:
    """What one (game, opponent) pairing came to."""

    matches: int = 0
    share: float = 0.0  # the AI's wins, ties shared
    scores: list[float] = field(default_factory=list)  # solo: the AI's scores
    reasons: Counter[str] = field(default_factory=Counter)
    times: list[float] = field(default_factory=list)  # seconds per decision
    cpu: list[float] = field(default_factory=list)  # the same decisions' CPU seconds (this process)

    def add(self, other: Tally) -> None:
        """Count ``other``'s matches in this tally too."""
        self.matches += other.matches
        self.share += other.share
        self.scores += other.scores
        self.reasons += other.reasons
        self.times += other.times
        self.cpu += other.cpu


def play(rules: Rules, seats: int, ai_seat: int, level: int, opponent: Opponent | None, seed: int,
         tally: Tally, max_moves: int) -> None:  # fmt: skip
    """One match: the AI in ``ai_seat`` (``level``; ``None`` level plays random in it), the others ``opponent``
    (``None``: the AI at the same level in every seat)."""
    options = rules.parse_options(rules.rated_options({}))
    table, rng = rules.setup(options, seats, seed)
    pick = random.Random(seed)
    events: list[Event] = []  # what the AI has seen, in a game that remembers (the bot service reads the log)
    for version in range(max_moves):
        if rules.outcome(table) is not None:
            break
        seat = rules.to_act(table)[0]
        if level > 0 and (seat == ai_seat or opponent is None):
            started, cpu = time.perf_counter(), time.process_time()
            seen = rules.seen(events, seat) if rules.game.remembers else []  # as the bot service reads the log
            knowledge = rules.knowledge(table, seat, seen)
            move = choose(rules.name, knowledge, level, seed * 100_003 + version, time_cap(None))
            tally.times.append(time.perf_counter() - started)
            tally.cpu.append(time.process_time() - cpu)
        else:
            move = (opponent or random_move)(rules, table, seat, pick)
        events.append(rules.act(table, rng, seat, rules.dump_move(move))[1])
    outcome = rules.outcome(table)
    tally.matches += 1
    tally.reasons[outcome.reason if outcome else "unfinished"] += 1
    if outcome is None:
        return
    if seats == 1:
        tally.scores.append(float(outcome.scores[0]) if outcome.scores else 0.0)
    elif ai_seat in outcome.winners:
        tally.share += 1 / len(outcome.winners)


def one_match(name: str, seats: int, level: int, opponent: Opponent | None, max_moves: int, m: int) -> Tally:
    """Match ``m``'s tally: the AI in seat ``m % seats``, the seed ``1 + m`` (what a process of ``--jobs`` returns)."""
    tally = Tally()
    play(games.get(name), seats, m % seats, level, opponent, 1 + m, tally, max_moves)
    return tally


def matches(name: str, seats: int, level: int, opponent: Opponent | None, first: int, count: int, max_moves: int,
            jobs: int) -> Iterator[tuple[int, Tally]]:  # fmt: skip
    """Each match's number and tally from ``first``, in order (:func:`one_match`), in this process or over ``jobs``
    processes."""
    numbers = range(first, first + count)
    match = partial(one_match, name, seats, level, opponent, max_moves)
    if jobs <= 1:
        yield from ((m, match(m)) for m in numbers)
        return
    with ProcessPoolExecutor(jobs) as pool:
        yield from zip(numbers, pool.map(match, numbers), strict=True)


def times(t: list[float]) -> str:
    if not t:
        return "—"
    ordered = sorted(t)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"{statistics.median(ordered) * 1000:.0f} / {p99 * 1000:.0f}"


def reasons(c: Counter[str]) -> str:
    return ", ".join(f"{k} {v}" for k, v in c.most_common())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", type=int, default=DEFAULT)
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--games", default="", help="comma-separated (default: all)")
    parser.add_argument("--opponents", default="random,greedy", help="comma-separated: random, greedy, self")
    parser.add_argument("--max-moves", type=int, default=3000)
    parser.add_argument("--first", type=int, default=0, help="the first match (to split a row among runs)")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play a row's matches in")
    args = parser.parse_args(argv)
    names = [n for n in args.games.split(",") if n] or [r.name for r in games.GAMES]
    print(f"level {args.level}, {args.matches} matches per row\n")
    print("| game | seats | opponent | AI's share of wins (or mean score) | decision ms median / p99 "
          "| CPU ms median / p99 | how ended |")  # fmt: skip
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name in names:
        rules = games.get(name)
        seats = max(2, rules.game.min_seats)
        rows: list[tuple[int, str, Opponent | None]] = []
        if seats <= rules.game.max_seats:
            for opp in args.opponents.split(","):
                if opp == "random":
                    rows.append((seats, "random", random_move))
                elif opp == "greedy" and name in GREEDY_WORTH:
                    rows.append((seats, "greedy", greedy_move))
                elif opp == "self":
                    rows.append((seats, "self", None))
        if name in SOLO:
            rows.append((1, "solo", random_move))
        for n, label, opponent in rows:
            tally = Tally()
            for m, one in matches(name, n, args.level, opponent, args.first, args.matches, args.max_moves, args.jobs):
                tally.add(one)
                this = f"seed {1 + m}, AI seat {m % n}: {reasons(one.reasons)}, share {one.share:g}"
                so_far = f"share {tally.share:g}/{tally.matches}, {reasons(tally.reasons)}, ms {times(tally.times)}"
                print(f"  {name} {label} match {m + 1} ({this}): {so_far} over {len(tally.times)} decisions",
                      file=sys.stderr, flush=True)  # fmt: skip
            if n == 1:
                base = Tally()
                for m in range(args.matches):
                    play(rules, 1, 0, 0, random_move, 1 + m, base, args.max_moves)
                ai, rnd = statistics.mean(tally.scores or [0]), statistics.mean(base.scores or [0])
                result = f"score {ai:.1f} (random play {rnd:.1f})"
            else:
                result = f"{tally.share / tally.matches:.0%} ({tally.share:g}/{tally.matches})"
            timing = f"{times(tally.times)} | {times(tally.cpu)}"
            print(f"| {name} | {n} | {label} | {result} | {timing} | {reasons(tally.reasons)} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
