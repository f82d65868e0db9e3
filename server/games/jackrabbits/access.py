"""Hearts access (Standard game): a rabbit whose journey reaches a Queen palace (or, with Extended Access, a hex where
others rest) may be challenged by a seat showing six or more in hearts, and must prove as much or be thrown off.

Every seat on the board is asked in turn, whatever it holds, so being asked tells nobody anything about a hand; who
is asked is settled where the journey ends (:func:`.flow.end_journey`).
"""

from __future__ import annotations

from typing import Any

from server.engine import Rng

from .board import OFF
from .cards import Purse, check_cards, payments, showing
from .flow import acquisition, increment
from .hands import spend
from .moves import AnyMove, Contest, Pass, Prove
from .state import JTable, Private, Public

#: The hearts a challenger shows, and a challenged rabbit proves ("Show six points to prove you're blest").
ACCESS_PROOF = 6


def show_moves(public: Public, private: Private, seat: int) -> list[AnyMove]:
    """Each way to show six in hearts (a challenge, or the proof), or passing."""
    hand = private.hand
    shows = [sorted(cards) for cards in payments(hand, "H", ACCESS_PROOF, Purse(showing(public.additions), None))]
    if public.phase == "access":
        return [*(Contest(cards=cards) for cards in shows), Pass()]
    return [*(Prove(cards=cards) for cards in shows), Pass()]


def check_hearts(public: Public, private: Private, seat: int, move: Contest | Prove) -> None:
    """Any set of hearts held that reaches six is accepted, not only the ones listed."""
    check_cards(private.hand, move.cards, "H", ACCESS_PROOF, Purse(showing(public.additions), None))


def access(
    table: JTable,
    seat: int,
    move: Contest | Prove | Pass,
    rng: Rng,
    news: dict[str, Any],
    private: dict[int, Any],
) -> None:
    """Hearts access: each other seat in turn may challenge; the challenged rabbit proves six hearts or falls."""
    pub = table.public
    challenge = pub.challenge
    assert challenge is not None
    visitor = pub.turn
    if isinstance(move, Contest):
        challenge.challenger, challenge.shown = seat, list(move.cards)
        pub.shown = list(move.cards)
        pub.phase = "prove"
        news["cards"] = list(move.cards)
        return
    if pub.phase == "access":  # a seat passes on challenging
        challenge.asking.pop(0)
        if challenge.asking:
            return
        pub.challenge = None
        acquisition(table, visitor, rng, news, private)
        return
    pub.challenge = None
    assert challenge.challenger is not None
    if isinstance(move, Prove):
        # Proven: the meddler discards the hearts it showed and is thrown off the board.
        pub.shown = list(move.cards)
        news.update(cards=list(move.cards), thrown=challenge.challenger)
        spend(table, challenge.challenger, challenge.shown)
        pub.rabbits[challenge.challenger] = OFF
        acquisition(table, visitor, rng, news, private)
        return
    news["thrown"] = visitor
    pub.rabbits[visitor] = OFF
    increment(table, visitor, rng, news, private)
