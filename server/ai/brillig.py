"""Brillig's AI knowledge: the rule of thumb its playouts follow (rulebook: ``jabberwocky-microgames.txt``, "Brillig").

Random playouts judge a move by play nobody makes: a random collector throws its 4s at empty
Jabberwocky cards and its opponent blocks it by chance, so the search cannot tell a good
collection from a poor one, and loses even matches to a player who simply takes the most points
on offer. The playouts here take them, as the rulebook's scoring suggests:

- **Collection**: "Collect all gems matching the color of your played collection card from the
  Jabberwocky card of that color ... each gem is worth the number on the card it's sitting on":
  a card is worth its number times the gems of its colour on that card.
- **Assignment**: "Cards played in the first 3 assignment phases will return to hand at the start
  of the final round", and only "the player with the higher number goes first": play a low
  card, keep the high ones to collect with.
- **Piles**: only gems of a Jabberwocky card's own colour can be collected from it, so a pile is
  worth its gems of the colour of the card it goes on.
- **Bonus**: every card of the bonus deck is a 5; any will do.

It reads the sampled table's public part alone (the Jabberwocky cards, this round's piles, the
phase): the same rule for every seat, whatever hand the sample gave it.
"""

from __future__ import annotations

from typing import Any

from server.engine.numbers import colour, value
from server.engine.play import AnyTable
from server.games.brillig import MovePile, PlayCard, Public

#: Brillig's iterations are cheap (a match is some 30 moves, a decision a handful of cards), and 64 of them
#: are too few to tell the rule of thumb's best few moves apart: every level searches 4 times its iterations.
ITERATION_MULTIPLE = 4
#: A playout's share of random moves: enough that a playout still tries what the rule of thumb would not.
EPSILON = 0.1


def worth(table: AnyTable, seat: int, move: Any) -> float:
    """What ``move`` is worth at once to ``seat`` by the rule of thumb above (higher is better)."""
    public: Public = table.public
    if isinstance(move, PlayCard):
        if public.phase == "collect_card":
            own = colour(move.card)
            return float(value(move.card) * public.jabberwocky[own].get(own))
        return float(-value(move.card))
    if isinstance(move, MovePile):
        pile = public.piles[move.pile]
        return float(pile.get(move.onto)) if pile is not None else 0.0
    return 0.0
