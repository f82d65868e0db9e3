"""The strengths an AI seat may be given, and the seed each of its decisions draws from.

Level 1 plays a random legal move (the server's original bot, run in the web tier); levels 2 and
up search (:mod:`.ismcts`) with budgets fixed in iterations, not wall time, so a level plays the
same on any machine; a game whose iterations are cheap may search a fixed multiple of them
(:func:`budget_for`). The wall clock only caps a search that would overrun its seat's clock
(:func:`time_cap`).

Each decision's seed is derived from a secret the server keeps and the match, seat and version:
we can replay a decision, an opponent cannot predict it (:func:`decision_seed`).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace

from . import brillig
from .ismcts import Budget

RANDOM = 1


#: The least playout depth of a game whose cut playouts cannot be judged before its round ends: its evaluation
#: knows the rounds scored, and a round's bids or commitments only pay at its end (Jabberwocky: at most 3 bids
#: and 27 cards with three seats; Slithy: a round of four turns). Fixed in moves, as the levels are.
ROUND_DEPTHS: dict[str, int] = {"jabberwocky": 40, "slithy": 40}


@dataclass(frozen=True)
class Level:
    """One strength: its number, a word for people, and its search budget (``None``: random)."""

    number: int
    title: str
    budget: Budget | None


LEVELS: tuple[Level, ...] = (
    Level(1, "random: any legal move", None),
    Level(2, "novice: a short search", Budget(iterations=24, depth=6)),
    Level(3, "club: the default", Budget(iterations=64, depth=8)),
    Level(4, "strong", Budget(iterations=200, depth=12)),
    Level(5, "expert: slow", Budget(iterations=800, depth=20)),
)
DEFAULT = 3
BY_NUMBER = {level.number: level for level in LEVELS}
#: Games whose iterations are cheap (short matches, a handful of moves each) and that need more of them to
#: play a level's part: every level's iterations times the game's multiple (:func:`budget_for`). Slithy's: a
#: round's outcome turns on the dealer's hidden yellow card and the others' sealed gems, which take many samples
#: to weigh (64 iterations: 85-90% of matches won against random play; 256: 93%), and its iterations are cheap.
ITERATION_MULTIPLES: dict[str, int] = {"brillig": brillig.ITERATION_MULTIPLE, "slithy": 4}

#: The longest a search may run, whatever the clock (seconds), and the share of a seat's time left it may take.
#: It binds only on a machine too slow or too busy for a level's budget; under a second with room to spare for
#: the step under way when it passes (a playout stops at it too) and for the move's own round trip.
MAX_SECONDS = 0.8
CLOCK_SHARE = 0.25


def level(number: int) -> Level:
    """The level ``number`` (``KeyError`` for one that does not exist)."""
    return BY_NUMBER[number]


def budget_for(game: str, number: int) -> Budget | None:
    """Level ``number``'s budget in ``game`` (``None``: random play): its iterations times the game's
    multiple, its playouts at least as deep as :data:`ROUND_DEPTHS` says. Still a count of iterations and
    moves, never a time: a level must play the same on any machine (a decision is a function of the
    knowledge, the budget and the seed, so it can be replayed), and a budget in seconds would make the
    bot weaker on a busy machine and stronger on a fast one."""
    budget = level(number).budget
    if budget is None:
        return None
    return replace(budget, iterations=budget.iterations * ITERATION_MULTIPLES.get(game, 1),
                   depth=max(budget.depth, ROUND_DEPTHS.get(game, 0)))  # fmt: skip


def describe() -> list[dict[str, object]]:
    """The levels as the catalogue lists them."""
    return [{"level": lv.number, "title": lv.title, "default": lv.number == DEFAULT,
             "iterations": lv.budget.iterations if lv.budget else 0} for lv in LEVELS]  # fmt: skip


def decision_seed(secret: bytes, match_id: str, seat: int, version: int) -> int:
    """The seed of one decision: reproducible from the server's secret, unpredictable without it."""
    digest = hashlib.blake2b(f"{match_id}:{seat}:{version}".encode(), key=secret[:64], digest_size=8).digest()
    return int.from_bytes(digest, "big")


def time_cap(seconds_left: float | None) -> float:
    """The wall time (seconds) a search may take with ``seconds_left`` on its seat's clock (``None``: no clock)."""
    if seconds_left is None:
        return MAX_SECONDS
    return max(0.05, min(MAX_SECONDS, seconds_left * CLOCK_SHARE))
