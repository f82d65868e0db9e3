"""Clubs flights (Standard game): a turn that starts on a King tower (or the Advanced Citadel) may begin by showing
a card and naming another tower, before the dice are rolled; with Extended Flights any hex of the board is a goal.

The flight is declared here and lands as the journey (:func:`.flow.start_journey`): at once when the shown card
reaches the dice, else once the shortfall is paid (:func:`.journey.paid`), or off the board if it is given up.
"""

from __future__ import annotations

from typing import Any

from server.engine import Rng
from server.engine.cards import is_joker, suit
from server.engine.dice import D6, roll_many

from .board import CITADEL, CLUBS
from .moves import AnyMove, Fly, Roll
from .state import Flight, JTable, Private, Public


def takeoff_moves(public: Public, private: Private, seat: int) -> list[AnyMove]:
    """Every card (not a joker) with every tower it may aim at, and rolling as usual."""
    hand = private.hand
    landings = ("tower",) if not public.additions.extended_flights else ("tower", "palace", "plaza", "citadel")
    at = public.rabbits[seat]
    towers = [t.id for t in public.board.tiles if t.kind in landings and t.id != at]
    # From the Advanced Citadel only a club flies ("show your clubs for flying passes").
    cards = sorted({c for c in hand if not is_joker(c) and (at != CITADEL or suit(c) == CLUBS)})
    return [*(Fly(card=c, to=t) for c in cards for t in towers), Roll()]


def take_off(
    table: JTable, seat: int, move: Fly | Roll, rng: Rng, news: dict[str, Any], private: dict[int, Any]
) -> None:
    """Show the card and name the goal (or not), then roll: the lottery follows with the same dice."""
    pub = table.public
    if isinstance(move, Fly):
        pub.flight = Flight(card=move.card, start=pub.rabbits[seat], to=move.to)
        pub.shown = [move.card]
        news.update(card=move.card, to=move.to)
    pub.dice = roll_many(rng, D6, 2)
    pub.phase = "lottery"
    news["dice"] = list(pub.dice)
