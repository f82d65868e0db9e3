"""Diamonds trades (Standard game): the purchase of a discard at a Jack plaza, and with Extended Trades a deal with a
rabbit on the same hex, one diamond for a card the proposer names.

A deal sits in the private parts of its two seats only: everyone else sees that one was offered, to whom, and
whether it was struck, never the cards ("Never show your hand's rewards").
"""

from __future__ import annotations

from typing import Any

from server.engine import Rng
from server.engine.cards import deck, suit

from .acquisition import trade_suits
from .cards import is_royal, value
from .moves import Accept, AnyMove, Ask, Buy, Decline, Propose
from .state import Deal, JTable, Pending, Private, Public


def ask_moves(public: Public, private: Private, seat: int) -> list[AnyMove]:
    """The proposer names any card of the suits in play it does not hold (royals carry carrots: not traded)."""
    hand = private.hand
    wanted = [c for c in deck() if suit(c) in public.suits and not is_royal(c) and c not in hand]
    return [Ask(card=c) for c in wanted]


def consider_moves(public: Public, private: Private, seat: int) -> list[AnyMove]:
    """The other seat accepts only if it holds the card named, or declines."""
    hand = private.hand
    assert private.deal is not None and private.deal.ask is not None
    return [*([Accept()] if private.deal.ask in hand else []), Decline()]


def buy(table: JTable, seat: int, move: Buy, rng: Rng, news: dict[str, Any], private: dict[int, Any]) -> None:
    """A discard bought at its value, paid as a decision of its own in the plaza's suits."""
    pub = table.public
    at = pub.rabbits[seat]
    pub.pending = Pending(
        via="trade", to=move.card, price=value(move.card, pub.additions), suits=trade_suits(at, pub.suits)
    )
    pub.phase = "pay"
    news["card"] = move.card


def bargain(
    table: JTable,
    seat: int,
    move: Propose | Ask | Accept | Decline,
    rng: Rng,
    news: dict[str, Any],
    private: dict[int, Any],
) -> None:
    """Extended trades: the proposer offers a diamond and names a card; the other accepts or declines. Only the
    two seats see the deal; everyone sees that one was offered and whether it was struck."""
    pub = table.public
    if isinstance(move, Propose):
        pub.dealt, pub.dealing, pub.phase = True, [seat, move.target], "ask"
        table.private[seat].deal = Deal(give=move.give, partner=move.target)
        news["target"] = move.target
        private[seat] = {"give": move.give}
        return
    assert pub.dealing is not None
    proposer, partner = pub.dealing
    deal = table.private[proposer].deal
    assert deal is not None
    if isinstance(move, Ask):
        deal.ask = move.card
        table.private[partner].deal = Deal(give=deal.give, ask=move.card, partner=proposer)
        pub.phase = "consider"
        private[proposer] = private[partner] = {"give": deal.give, "ask": move.card}
        return
    if isinstance(move, Accept):
        assert deal.ask is not None
        table.private[proposer].hand.remove(deal.give)
        table.private[partner].hand.append(deal.give)
        table.private[partner].hand.remove(deal.ask)
        table.private[proposer].hand.append(deal.ask)
        private[proposer] = private[partner] = {"give": deal.give, "ask": deal.ask}
    news["struck"] = isinstance(move, Accept)
    table.private[proposer].deal = table.private[partner].deal = None
    pub.dealing, pub.phase = None, "acquire"
