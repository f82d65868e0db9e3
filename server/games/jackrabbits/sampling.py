"""What one seat cannot see, sampled (determinization, for the AI opponents): the other hands, the pile, a deal
between two other seats, and the face-down tiles of a strict build.

Every card of the suits in play (and the two jokers) lies in one place: the court, the discards, a capital ace, a
hand or the pile. The seat sees all but the other hands and the pile, so those are the unseen cards, dealt at random
into hands of the public sizes, the rest the pile. Facts the public part gives about a hand are kept: the royals
and jokers a seat holds (public by their carrots and ``jesters``), the hearts a challenger showed (still in its hand
until spent), the card a clubs flight showed (in the flier's hand until traded off), and in a deal between two
other seats, a diamond the proposer offers from its hand (drawn at random, as is the card it asked for, one it did
not hold); for a seat in a deal, the other side holds the diamond offered and not the card asked for.

Not used: whose hand the cards of the last move's ``shown`` stayed in, when the public part does not say (the
lottery's shown card, a fight's spades), and the cards the seat itself last seized or had seized (its ``seized``
may be stale: they may have been spent and reshuffled since).
"""

from __future__ import annotations

from typing import Any

from server.engine import Game, Rng
from server.engine.cards import deck, is_joker, suit
from server.engine.sampling import assemble, deal_unseen, unseen

from .board import HOUSE_IDS, RHOMBI, TRIANGLES
from .cards import is_royal
from .state import Deal, JTable, Private, Public, Secret

MERCHANT_SUIT = "D"


def determinize(
    game: Game[Any, Any, Any, Any, Any], public: Public, private: Private, seat: int, seats: int, rng: Rng
) -> JTable:
    """A whole table ``seat`` could be at, given its knowledge, its unknowns drawn with ``rng``."""
    cards = [c for c in deck(jokers=True) if is_joker(c) or suit(c) in public.suits]
    capitals = [c for c in public.capital if c is not None]
    pool = unseen(cards, public.court, public.discards, capitals, private.hand)
    held: list[list[str]] = [[] if s == seat else [*public.royals[s], *public.jesters[s]] for s in range(seats)]
    if public.challenge is not None and public.challenge.challenger not in (None, seat):
        held[public.challenge.challenger] += public.challenge.shown
    if public.flight is not None and public.turn != seat:
        held[public.turn].append(public.flight.card)
    deals: list[Deal | None] = [None] * seats
    barred: list[str | None] = [None] * seats
    if public.dealing is not None:
        proposer, partner = public.dealing
        mine = private.deal
        if mine is not None:  # the seat is one side of the deal: the other side's is its mirror
            other = partner if seat == proposer else proposer
            if public.phase == "consider":
                deals[other] = Deal(give=mine.give, ask=mine.ask, partner=seat)
            if seat == partner:
                held[proposer].append(mine.give)
                barred[proposer] = mine.ask
        else:
            diamonds = [c for c in pool if suit(c) == MERCHANT_SUIT and not is_royal(c) and not is_joker(c)]
            give = rng.choice(diamonds)
            held[proposer].append(give)
            deals[proposer] = Deal(give=give, partner=partner)
    held = [[c for c in h if c in pool] for h in held]  # only what is still unseen: a stale fact is dropped
    pool = unseen(pool, *held)
    sizes = [0 if s == seat else public.hand_sizes[s] - len(held[s]) for s in range(seats)]
    allowed = [(lambda c, b=b: c != b) if b is not None else None for b in barred]
    hands, pile = deal_unseen(pool, sizes, rng, allowed)
    privates = [private if s == seat else
                Private.model_construct(hand=sorted([*held[s], *hands[s]]), deal=deals[s], seized=[])
                for s in range(seats)]  # fmt: skip
    if public.dealing is not None and private.deal is None and public.phase == "consider":
        proposer, partner = public.dealing
        give = deals[proposer].give  # type: ignore[union-attr]
        hand = privates[proposer].hand
        wanted = [c for c in deck() if suit(c) in public.suits and not is_royal(c) and c not in hand]
        ask = rng.choice(wanted)
        privates[proposer].deal = Deal(give=give, ask=ask, partner=partner)
        privates[partner].deal = Deal(give=give, ask=ask, partner=proposer)
    secret = Secret.model_construct(pile=pile[: public.pile_size], tiles=_tiles(public, seats, rng))
    return assemble(game, public, privates, secret)


def _tiles(public: Public, seats: int, rng: Rng) -> list[dict[str, list[str]]]:
    """A strict build's face-down tiles: those of each shape not yet laid, dealt by the counts each seat has left
    (nobody, the seat included, knows which are whose)."""
    b = public.building
    if b is None or b.mode != "strict":
        return []
    laid = [t.id if t.id in HOUSE_IDS else t.kind for t in public.board.tiles]
    if b.half is not None:
        laid.append(b.half[1])
    sets = len(public.suits)
    every: dict[str, list[str]] = {
        "hex": [r + s for s in public.suits for r in "KQJ"],
        "rhombus": [k for k in RHOMBI for _ in range(sets)],
        "triangle": [k for k in TRIANGLES for _ in range(sets)],
    }
    out: list[dict[str, list[str]]] = [{} for _ in range(seats)]
    for shape, tiles in every.items():
        left = unseen(tiles, laid)
        dealt, _ = deal_unseen(left, [b.left[s][shape] for s in range(seats)], rng)
        for s in range(seats):
            out[s][shape] = dealt[s]
    return out
