"""The acquisition: what a rabbit may do where its journey ends (claim the house's royal, buy a discard, open a
spades fight, offer a deal), and the moves that offer it.

Whether the phase opens is judged from public facts alone (the court, the discards, who stands where), and only then
are the moves the hand can pay offered, so the phase itself tells the other seats nothing about the hand.
"""

from __future__ import annotations

from server.engine.cards import is_joker, suit

from .board import CITADEL, MERCHANT_SUITS, OFF, SPADES, STAR_PLAZA, UNDERGROUND
from .cards import CARROTS, CLAIM_PRICE, can_pay, is_royal, value
from .moves import AnyMove, Attack, Buy, Claim, Propose, Rest
from .state import Private, Public, purse_of


def claimable(public: Public, seat: int) -> bool:
    """Whether the seat stands on a house whose royal is in the court, with a carrot free."""
    at = public.rabbits[seat]
    return at in public.court and is_royal(at) and len(public.royals[seat]) < CARROTS


def trade_suits(plaza: str, in_play: str) -> str:
    """Diamonds buy at every Jack plaza (and the Advanced Citadel); the asterisk (the Jack of diamonds' plaza)
    takes any suit."""
    return in_play if plaza == STAR_PLAZA or MERCHANT_SUITS not in in_play else MERCHANT_SUITS


def for_sale(public: Public, seat: int) -> list[str]:
    """The discards a seat may buy where it stands, once a turn (Diamonds trades): a Jack plaza sells its suit,
    the Advanced Citadel any suit."""
    at = public.rabbits[seat]
    if not public.additions.diamonds_trades or public.traded:
        return []
    if at == CITADEL and public.additions.advanced_citadel:
        return sorted(set(public.discards))
    if not (len(at) == 2 and at[0] == "J" and is_royal(at)):
        return []
    return sorted({c for c in public.discards if suit(c) == at[1]})


def rivals(public: Public, seat: int) -> list[int]:
    """Seats a spades fight may attack: rabbits on the seat's hex (on the board), once a turn."""
    at = public.rabbits[seat]
    if not public.additions.spades_fights or public.fought or at in (OFF, UNDERGROUND):
        return []
    return [s for s, there in enumerate(public.rabbits) if s != seat and there == at]


def partners(public: Public, seat: int) -> list[int]:
    """Seats an extended trade may be offered to: rabbits on the seat's hex (on the board), once a turn."""
    adds = public.additions
    at = public.rabbits[seat]
    if not (adds.diamonds_trades and adds.extended_trades) or public.dealt or at in (OFF, UNDERGROUND):
        return []
    return [s for s, there in enumerate(public.rabbits) if s != seat and there == at]


def opens(public: Public, seat: int) -> bool:
    """Whether the acquisition opens where the seat stands: something could be claimed, bought, fought or dealt."""
    return claimable(public, seat) or bool(for_sale(public, seat) or rivals(public, seat) or partners(public, seat))


def acquire_moves(public: Public, private: Private, seat: int) -> list[AnyMove]:
    """What the hand can pay for where the seat stands, and resting."""
    hand = private.hand
    purse = purse_of(public, seat)
    at = public.rabbits[seat]
    moves: list[AnyMove] = []
    if claimable(public, seat) and can_pay(hand, at[1], CLAIM_PRICE, purse):
        moves.append(Claim())
    for card in for_sale(public, seat):
        if can_pay(hand, trade_suits(at, public.suits), value(card, public.additions), purse):
            moves.append(Buy(card=card))
    spades = sorted({c for c in hand if suit(c) == SPADES and not is_joker(c)})
    moves += [Attack(target=t, cards=[c]) for t in rivals(public, seat) for c in spades]
    diamonds = sorted({c for c in hand if suit(c) == MERCHANT_SUITS and not is_royal(c) and not is_joker(c)})
    moves += [Propose(target=t, give=c) for t in partners(public, seat) for c in diamonds]
    return [*moves, Rest()]
