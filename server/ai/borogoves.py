"""Borogoves' AI knowledge: what a leg's map is worth before it is scored, and the rule of thumb its
playouts follow (rulebook: ``jabberwocky-microgames.txt``, "Borogoves").

A leg is 13 turns of four moves (a card, then three tribes' actions) and the score is only kept
when it ends, so a playout cut after a few moves read as even until the last turns, and a random
tribe settles (removes) its borogoves or walks them off the cards that score: the search learnt
nothing. Here:

- **Evaluation**: "The borogove player scores the number on each card has a borogove of the
  matching color on it. Then, add 1 ... for each card that contains the exact same number of
  borogoves as the number on that card": the map is worth, to the seat playing the borogoves, what
  it would score if the leg ended now. "Note the score, then switch roles and play a second time":
  the legs already scored count as they are, and a seat whose borogove leg is still to come is
  given :data:`LEG_EXPECTED` for it.
- **Policy, tribes**: an action is worth what it adds to that score at once; a borogove taken back
  into the box from the tribe's Jabberwocky card ("remove any 1 token") loses a little, since it
  could still have migrated; migrating is worth a little for the same reason ("You don't need to
  get them all on the map straight away" is why it is only a little).
- **Policy, cartographer**: a card lying next to a borogove of its colour, or one the tribe of its
  colour can still migrate onto, can be scored soon. Alone ("you will play as both the
  cartographer and the borogoves") the card goes where it can be scored; against another borogove
  player, where it cannot.

Everything read is public (the map, the tribes' cards, the card drawn alone) or the placing seat's
own hand, on the sampled table.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from server.engine.grid import Pos
from server.engine.numbers import colour, value
from server.engine.play import AnyTable, Rules
from server.games.borogoves import Explore, MapCard, Migrate, Place, Public, Settle, borogove_score

#: What a borogove leg still to be played is taken to score (about what a search of the default
#: level makes of one): it keeps the first leg's standings from reading as a foregone win.
LEG_EXPECTED = 25.0
#: With two seats the evaluation's points are divided by it before they become shares of a win
#: (:func:`~server.ai.evaluation.shares`, on a scale of 2): a lead of a few points is a lead, not a certainty.
POINTS_SCALE = 4.0
#: A playout's share of random moves.
EPSILON = 0.1


def evaluate(table: Any, seats: int) -> list[float]:
    """Each seat's legs so far, plus the map as it stands for the seat playing the borogoves (on a sampled
    table: its public part tells all of it)."""
    public: Public = table.public
    out = [float(v) for v in public.scores]
    if public.phase != "over":
        out[public.borogoves] += borogove_score(public.map)
        if seats == 2 and public.legs.current == 0:
            out[public.cartographer] += LEG_EXPECTED
    return [v / POINTS_SCALE for v in out] if seats > 1 else out


def _points(card: MapCard, total: int, matching: bool) -> int:
    """What ``card`` scores holding ``total`` borogoves, one of its colour among them if ``matching``."""
    n = value(card.card)
    return (n if matching else 0) + (1 if total == n else 0)


def _now(card: MapCard) -> int:
    return _points(card, card.borogoves.total(), bool(card.borogoves.get(colour(card.card))))


def tribe_worth(public: Public, at: dict[Pos, MapCard], now: dict[Pos, int], move: Migrate | Explore | Settle) -> float:
    """What a tribe's action adds to the map's score at once (plus the small leanings above); ``now``:
    what each card scores as it stands."""
    tribe = move.tribe
    if isinstance(move, Migrate):
        pos = (move.row, move.col)
        card = at[pos]
        own = colour(card.card)
        matching = own == tribe or bool(card.borogoves.get(own))
        return _points(card, card.borogoves.total() + value(card.card), matching) - now[pos] + 0.25
    if isinstance(move, Explore):
        source, target = (move.row, move.col), (move.to_row, move.to_col)
        moving, there = at[source].borogoves, at[target]
        own = colour(there.card)
        matching = bool(there.borogoves.get(own) or moving.get(own))
        return _points(there, there.borogoves.total() + moving.total(), matching) - now[target] - now[source]
    if move.row is None or move.col is None:
        return -0.5 if public.tribes.get(tribe) else 0.0
    pos = (move.row, move.col)
    card = at[pos]
    own = colour(card.card)
    left = card.borogoves.get(own) - (1 if tribe == own else 0)
    return _points(card, card.borogoves.total() - 1, left > 0) - now[pos]


def place_worth(public: Public, at: dict[Pos, MapCard], move: Place) -> float:
    """How soon the card placed can be scored: a borogove of its colour next to it, or its tribe able
    to migrate onto it (its number, at most the borogoves left on the tribe's card)."""
    own = colour(move.card)
    near = any(
        (m := at.get(p)) is not None and m.borogoves.get(own)
        for p in (
            (move.row - 1, move.col),
            (move.row + 1, move.col),
            (move.row, move.col - 1),
            (move.row, move.col + 1),
        )
    )
    reachable = near or value(move.card) <= public.tribes.get(own)
    worth = float(value(move.card)) if reachable else 0.0
    return worth if public.solo else -worth


def worths(public: Public, legal: Sequence[Any]) -> list[float]:
    """What each of ``legal`` (the cartographer's placings, or the tribes' actions) is worth at once."""
    at = {m.pos: m for m in public.map}
    if isinstance(legal[0], Place):
        return [place_worth(public, at, m) for m in legal]
    now = {pos: _now(card) for pos, card in at.items()}
    return [tribe_worth(public, at, now, m) for m in legal]


def policy(rules: Rules, table: AnyTable, seat: int, legal: Sequence[Any], pick: random.Random) -> Any:
    """The move worth most at once (ties: a random one of them), except a random move with chance
    :data:`EPSILON`."""
    if len(legal) == 1 or pick.random() < EPSILON:
        return pick.choice(legal)
    values = worths(table.public, legal)
    top = max(values)
    return pick.choice([m for m, v in zip(legal, values, strict=True) if v == top])
