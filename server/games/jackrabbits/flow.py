"""The turn's flow: the deal, the start of a turn (a takeoff or the roll), the lottery, the trim of a full hand,
the journey's start and end, the acquisition opening or not, the increment, and the next turn or the round limit.

Each step calls the next, so a move plays on without a choice until some seat must decide again. The journey
(:mod:`.journey`) and the suit powers hand the turn back here (:func:`acquisition`, :func:`increment`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from server.engine import Rng
from server.engine.cards import deck, is_joker, suit
from server.engine.dice import D6, roll_many
from server.engine.piles import draw

from .acquisition import opens
from .board import CITADEL, CLUBS, OFF, UNDERGROUND
from .cards import CLAIM_PRICE, HAND_START, fits, is_royal, lottery_value, value
from .hands import draw_cards, seize_surplus, spend
from .moves import AnyMove, Claim, Discard, Rest, Show, ShowAll, Skip
from .state import Challenge, JTable, Pending, Private, Public

# -- the deal and the turns --------------------------------------------------------------------------------------


def deal_cards(table: JTable, rng: Rng) -> None:
    """The court face up, the pile shuffled, three cards to each hand."""
    pub = table.public
    cards = [c for c in deck(jokers=True) if is_joker(c) or suit(c) in pub.suits]
    pub.court = [c for c in cards if is_joker(c) or is_royal(c)]
    pile = rng.shuffled([c for c in cards if c not in pub.court])
    for p in table.private:
        p.hand = sorted(draw(pile, rng, HAND_START).cards)
    table.secret.pile = pile
    pub.pile_size, pub.hand_sizes = len(pile), [len(p.hand) for p in table.private]


def start_turn(table: JTable, seat: int, rng: Rng) -> None:
    """The turn's slate wiped clean, then the dice, unless a clubs flight may first be declared (before the roll)."""
    pub = table.public
    pub.turn, pub.phase, pub.pending = seat, "lottery", None
    pub.moved, pub.came_from, pub.bought, pub.traded, pub.fought = False, None, [], False, False
    pub.dealt, pub.stayed = False, False
    at = pub.rabbits[seat]
    launch = ("tower", "citadel") if pub.additions.advanced_citadel else ("tower",)
    if pub.additions.clubs_flights and at != OFF and pub.board.graph.tile[at].kind in launch:
        pub.phase, pub.dice = "takeoff", []  # the card is shown before the roll
        return
    pub.dice = roll_many(rng, D6, 2)


def next_turn(table: JTable, rng: Rng, news: dict[str, Any]) -> None:
    """The next seat's turn, unless the round limit is reached: then the seats holding the most royals share the win
    (stuck or random play could otherwise go on for ever)."""
    pub = table.public
    seats = len(table.private)
    nxt = (pub.turn + 1) % seats
    if nxt == pub.first_player:
        pub.round += 1
        if pub.round > pub.turn_limit:
            most = max(len(r) for r in pub.royals)
            pub.phase, pub.reason = "over", "turn_limit"
            pub.winners = [s for s in range(seats) if len(pub.royals[s]) == most]
            news["turn_limit"] = True
            return
    start_turn(table, nxt, rng)
    news["next"] = {"seat": nxt, "dice": list(pub.dice)}


# -- the lottery and the trim ------------------------------------------------------------------------------------


def matching_cards(hand: Sequence[str], public: Public) -> list[str]:
    """The cards of ``hand`` whose lottery value equals a die."""
    return sorted({c for c in hand if lottery_value(c, public.additions) in public.dice})


def trim_moves(public: Public, private: Private, seat: int) -> list[AnyMove]:
    """A hand over the limit discards one card at a time."""
    return [Discard(card=c) for c in sorted(set(private.hand))]


def lottery_moves(public: Public, private: Private, seat: int) -> list[AnyMove]:
    """Show a card matching a die (with Windfall Lottery, every match at once), or show nothing."""
    matching = matching_cards(private.hand, public)
    if public.additions.windfall_lottery:
        return [ShowAll(), Skip()] if matching else [Skip()]
    return [*(Show(card=c) for c in matching), Skip()]


def lottery(
    table: JTable, seat: int, move: Show | ShowAll | Skip, rng: Rng, news: dict[str, Any], private: dict[int, Any]
) -> None:
    """Show a card matching a die (or every match, with Windfall Lottery) and draw, or show nothing."""
    pub = table.public
    hand = table.private[seat].hand
    if not isinstance(move, Skip):
        pub.shown = [move.card] if isinstance(move, Show) else matching_cards(hand, pub)
        news["cards"] = list(pub.shown)
        prizes = 1 if isinstance(move, Show) else len(pub.shown) * (2 if pub.dice[0] == pub.dice[1] else 1)
        draw_cards(table, seat, rng, news, private, prizes)
    after_draw(table, seat, "journey", rng, news, private)


def discard(table: JTable, seat: int, move: Discard, rng: Rng, news: dict[str, Any], private: dict[int, Any]) -> None:
    """One card of a hand over the limit; once every seat caught is down to it, play goes on."""
    pub = table.public
    hand = table.private[seat].hand
    spend(table, seat, [move.card])
    news["card"] = move.card
    if len(hand) <= pub.hand_limit and pub.trimming:
        pub.trimming.pop(0)  # this seat is down to the limit: the next one caught discards
    if len(hand) <= pub.hand_limit and not pub.trimming:
        if pub.then == "journey":
            start_journey(table, seat, rng, news, private)
        else:
            next_turn(table, rng, news)


def after_draw(
    table: JTable,
    seat: int,
    then: Literal["journey", "next"],
    rng: Rng,
    news: dict[str, Any],
    private: dict[int, Any],
) -> None:
    """A hand is checked after every draw: over the limit, it is seized from or trimmed before ``then``."""
    pub = table.public
    hand = table.private[seat].hand
    if pub.additions.seized_surplus and len(hand) > pub.hand_limit:
        caught = seize_surplus(table, seat, rng, news, private)
        if caught:
            pub.phase, pub.then, pub.trimming = "trim", then, caught
            return
    if len(hand) > pub.hand_limit:
        pub.phase, pub.then = "trim", then
    elif then == "journey":
        start_journey(table, seat, rng, news, private)
    else:
        next_turn(table, rng, news)


# -- the journey's start and end -----------------------------------------------------------------------------------


def start_journey(table: JTable, seat: int, rng: Rng, news: dict[str, Any], private: dict[int, Any]) -> None:
    """The journey begins: on foot from where the rabbit stands, or as the clubs flight declared before the roll."""
    pub = table.public
    pub.phase, pub.moved, pub.stayed, pub.came_from, pub.bought = "journey", False, False, None, []
    flight = pub.flight
    if flight is None:
        return
    # The flight: the shown card reaches the dice, or the shortfall is paid in the suit of the tower left.
    short = sum(pub.dice) - value(flight.card, pub.additions)
    news["flight"] = {"card": flight.card, "to": flight.to, "shortfall": max(0, short)}
    if short <= 0:
        pub.flight = None
        pub.rabbits[seat] = flight.to
        end_journey(table, seat, rng, news, private)
        return
    from_tower = flight.start != CITADEL and flight.start[1] in pub.suits
    start_suit = flight.start[1] if from_tower else pub.suits  # the Citadel's shortfall: any suit
    pub.pending = Pending(
        via="flight", to=flight.to, price=short, suits=start_suit,
        exclude=None if flight.start == "K" + CLUBS else flight.card,
    )  # fmt: skip
    pub.phase = "pay"


def end_journey(table: JTable, seat: int, rng: Rng, news: dict[str, Any], private: dict[int, Any]) -> None:
    """Where every journey ends: a win on the Citadel, else the seats to ask about hearts access, else the
    acquisition. Who is asked depends on public facts only, so being asked tells nobody anything."""
    pub = table.public
    at = pub.rabbits[seat]
    news["at"] = at
    if at == CITADEL and fits(pub.royals[seat], pub.objective):
        pub.phase, pub.winners, pub.reason = "over", [seat], "completed"
        news["won"] = True
        return
    tile = pub.board.graph.tile.get(at)
    adds = pub.additions
    seats = len(table.private)
    others = [(seat + i) % seats for i in range(1, seats)]
    asking: list[int] = []
    palace = tile is not None and (tile.kind == "palace" or (at == CITADEL and adds.advanced_citadel))
    if pub.stayed:
        pass  # "as you reach a queenly throne": a rabbit that stays put reaches nothing, and is not asked about
    elif adds.hearts_access and palace and at not in pub.royals[seat]:
        asking = [s for s in others if pub.rabbits[s] != OFF]
    elif adds.hearts_access and adds.extended_access and at not in (OFF, UNDERGROUND):
        asking = [s for s in others if pub.rabbits[s] == at]  # "If a guest comes where you rest"
    if asking:
        pub.challenge = Challenge(palace=at, asking=asking)
        pub.phase = "access"
        return
    acquisition(table, seat, rng, news, private)


# -- the acquisition and the increment ---------------------------------------------------------------------------


def acquisition(table: JTable, seat: int, rng: Rng, news: dict[str, Any], private: dict[int, Any]) -> None:
    """The acquisition phase opens wherever something could be claimed or bought (judged from public facts)."""
    if opens(table.public, seat):
        table.public.phase = "acquire"
        return
    increment(table, seat, rng, news, private)


def claim(table: JTable, seat: int, move: Claim, rng: Rng, news: dict[str, Any], private: dict[int, Any]) -> None:
    """Claim the house's royal: ten or more in its suit, paid as a decision of its own."""
    pub = table.public
    house = pub.rabbits[seat]
    pub.pending = Pending(via="claim", to=house, price=CLAIM_PRICE, suits=house[1])
    pub.phase = "pay"
    news["royal"] = house


def rest(table: JTable, seat: int, move: Rest, rng: Rng, news: dict[str, Any], private: dict[int, Any]) -> None:
    """Nothing acquired: the increment follows."""
    increment(table, seat, rng, news, private)


def increment(table: JTable, seat: int, rng: Rng, news: dict[str, Any], private: dict[int, Any]) -> None:
    """A card drawn when the turn ends on a hex (the Citadel and the underground included, never off the board)."""
    at = table.public.rabbits[seat]
    if at != OFF and table.public.board.graph.is_hex(at):
        draw_cards(table, seat, rng, news, private)
    after_draw(table, seat, "next", rng, news, private)
