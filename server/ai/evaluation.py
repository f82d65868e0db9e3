"""What a playout is worth to each seat: the outcome's, or an estimate where it was cut short.

A finished match gives each winner an equal share of one win (ties shared), the others nothing;
a solo match gives its score, which the search scales by the range it has seen. A playout cut
after its depth (the long games: Zimby Mojo, Jackrabbits, Gyre, Borogoves) is estimated from the
sampled table by the game's evaluation (most read its public part alone): a score per seat, turned
into shares of a win by how far each seat leads (:func:`shares`). A game without an evaluation of its
own is estimated by the running score its public part keeps (:data:`SCORE_FIELDS`), else as even.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from server.engine.game import Outcome

from . import borogoves, jackrabbits, zimby_mojo

#: A seat's standing on a sampled table (most read its public part alone): one number per seat, higher is better.
Evaluation = Callable[[Any, int], list[float]]


#: Where a game keeps each seat's running score in its public part, first found first.
SCORE_FIELDS = ("scores", "points", "gems")


def _scores(table: Any, seats: int) -> list[float]:
    """The public part's per-seat score list (``scores``, ``points`` or ``gems`` counts), or a solo
    game's ``score``; else nobody leads."""
    public = table.public
    for name in SCORE_FIELDS:
        values = public.__dict__.get(name)
        if isinstance(values, list) and len(values) == seats and all(isinstance(v, int | float) for v in values):
            return [float(v) for v in values]
    score = public.__dict__.get("score")
    if seats == 1 and isinstance(score, int | float):
        return [float(score)]
    return [0.0] * seats


def _jabberwocky(table: Any, seats: int) -> list[float]:
    """Exact bids made so far less 3 a renege; in the round under way, a seat still able to make its bid
    (no more tricks than bid, enough cards left to reach it) is half-way to its point."""
    public = table.public
    out = []
    for s in range(seats):
        worth = float(public.made[s] - 3 * public.penalties[s])
        bid, won = public.bids[s], public.tricks_won[s]
        if bid is not None and public.phase == "play" and won <= bid <= won + public.cards_left[s]:
            worth += 0.5
        out.append(worth)
    return out


_GEM_COLOURS = ("green", "yellow", "purple")


def _gyre(table: Any, seats: int) -> list[float]:
    """Cards of a seat's colour flipped face down count most (four win); a face-up one counts for the share
    of its value its colour's gems cover, less for the other colours' gems that keep it from flipping."""
    public = table.public
    out = [0.0] * seats
    owner = {colour: s for s, colour in enumerate(public.colours)}
    for row in public.grid:
        for cell in row:
            colour = cell.colour
            s = owner.get(colour)
            if s is None or s >= seats or cell.card[1] == str(public.face_down_value):
                continue
            if cell.face_down:
                out[s] += 3.0
                continue
            own = cell.gems.get(colour)
            others = sum(cell.gems.get(c) for c in _GEM_COLOURS if c != colour)
            out[s] += 1.5 * min(own, int(cell.card[1])) / int(cell.card[1]) - 0.4 * others
    return out


def _tabby_tumble(table: Any, seats: int) -> list[float]:
    """The final score as the rulebook counts it ("points plus one per cat of the hidden token's colour at
    home", NOTES.md), with the sample's tokens: the running points alone miss what the hidden cats are worth."""
    public = table.public
    return [float(public.points[s] + public.homes[s].cats[table.private[s].token]) for s in range(seats)]


def _slithy(table: Any, seats: int) -> list[float]:
    """The totals of the finished rounds and what the round under way has scored so far: the gems on each
    reference card, the busted gems for the dealer (the round's take and unplayed yellow card are still to come)."""
    public = table.public
    return [float(public.scores[s] + (public.busted if s == public.dealer else public.scored[s])) for s in range(seats)]


#: The games' own evaluations; the others fall back on :func:`_scores`.
EVALUATIONS: dict[str, Evaluation] = {
    "borogoves": borogoves.evaluate,
    "gyre": _gyre,
    "jabberwocky": _jabberwocky,
    "jackrabbits": jackrabbits.evaluate,
    "slithy": _slithy,
    "tabby_tumble": _tabby_tumble,
    "zimby_mojo": zimby_mojo.evaluate,
}


def evaluation_for(game: str) -> Evaluation:
    return EVALUATIONS.get(game, _scores)


def shares(standing: Sequence[float], scale: float = 2.0) -> list[float]:
    """Standings as shares of a win: a softmax over the seats (even when nobody leads)."""
    top = max(standing)
    weights = [math.exp((s - top) / scale) for s in standing]
    total = sum(weights)
    return [w / total for w in weights]


def rewards(outcome: Outcome | None, table: Any, seats: int, evaluate: Evaluation) -> list[float]:
    """Each seat's reward for a playout that ended with ``outcome`` (``None``: cut short) on ``table``."""
    if seats == 1:
        if outcome is not None and outcome.scores:
            return [float(outcome.scores[0])]
        return [evaluate(table, 1)[0]]
    if outcome is not None:
        share = 1.0 / len(outcome.winners) if outcome.winners else 0.0
        return [share if s in outcome.winners else 0.0 for s in range(seats)]
    return shares(evaluate(table, seats))
