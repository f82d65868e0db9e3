"""The journey and its payments: the roads, transfers and stops a rabbit may choose, each a decision of the same
seat, and the payment that settles a transfer, a flight's shortfall, a claim or a purchase (or gives it up).

A journey is the engine's move in several decisions (:mod:`server.engine.decisions`): the seat keeps the turn while
it is under way and it ends in one place (:func:`.flow.end_journey`), so the legal moves stay a short list.
"""

from __future__ import annotations

from typing import Any

from server.engine import IllegalMove, Rng
from server.engine.cards import is_joker
from server.engine.decisions import options

from .board import OFF, TRAILWAY_SUITS, UNDERGROUND, transfer_suits
from .cards import can_pay, check_cards, payments
from .flow import increment
from .hands import spend
from .moves import AnyMove, Cancel, Go, Jester, Pay, Stay, Transfer
from .state import JTable, Pending, Private, Public, purse_of

# -- what the seat may choose --------------------------------------------------------------------------------------


def journey_moves(public: Public, private: Private, seat: int) -> list[AnyMove]:
    """The next stop: a road on, a transfer the hand (or a joker) can pay, the underground, or stopping on a hex."""
    hand = private.hand
    graph = public.board.graph
    at = public.rabbits[seat]
    if at == OFF:
        return [Go(to=UNDERGROUND)]
    holes = graph.of_kind("hole")
    if at == UNDERGROUND:
        return [Stay(), *(Go(to=h) for h in holes)]
    ends = graph.ends[at]
    onward = sorted({e for e in ends if e != public.came_from}) or sorted(set(ends))
    if graph.is_hex(at):
        # Passing through a house the seat holds the royal of (Trailing Carrots): stop here or go on.
        return options([Go(to=e) for e in (onward if public.moved else sorted(set(ends)))], stop=Stay())
    moves: list[AnyMove] = [Go(to=e) for e in onward]
    tile = graph.tile[at]
    price = sum(public.dice)
    rides = bool(public.jesters[seat])
    purse = purse_of(public, seat)
    paid_in = transfer_suits(tile.kind, public.suits)
    if tile.kind in TRAILWAY_SUITS and (rides or can_pay(hand, paid_in, price, purse)):
        moves += [Transfer(via="trailway", to=n) for n in tile.roads if n != at]
    elif tile.kind == "fork" and (rides or can_pay(hand, paid_in, price, purse)):
        hexes = [n for n in graph.tile if graph.is_hex(n) and n != UNDERGROUND]
        moves += [Transfer(via="horse", to=h) for h in hexes]
        if tile.seaside:
            moves += [Transfer(via="boat", to=n) for n in graph.tile if n != at and OFF in graph.ends[n]]
    elif tile.kind == "tavern":
        if any(is_joker(c) for c in public.court) and at not in public.bought and can_pay(hand, paid_in, price, purse):
            moves.append(Transfer(via="tavern", to=at))
    elif tile.kind == "hole":
        moves.append(Go(to=UNDERGROUND))
        if rides or can_pay(hand, paid_in, price, purse):
            moves += [Transfer(via="rabbit_hole", to=h) for h in holes if h != at]
    return moves


def pay_moves(public: Public, private: Private, seat: int) -> list[AnyMove]:
    """The payments from which no card can be left out, a joker where one rides, and giving the payment up."""
    hand = private.hand
    assert public.pending is not None
    p = public.pending
    purse = purse_of(public, seat)
    usable = [c for c in hand if c != p.exclude]
    moves: list[AnyMove] = [Pay(cards=cards) for cards in payments(usable, p.suits, p.price, purse)]
    if p.via not in ("claim", "tavern", "trade") and public.jesters[seat]:
        moves.append(Jester())
    return [*moves, Cancel()]


def check_pay(public: Public, private: Private, seat: int, move: Pay) -> None:
    """Any payment that reaches the price is accepted, not only the ones listed; a flight's shown card pays only
    where the clubs allow it."""
    p = public.pending
    assert p is not None
    if p.exclude in move.cards:
        raise IllegalMove(f"{p.exclude} was shown for the flight: it pays only at the clubs tower")
    check_cards(private.hand, move.cards, p.suits, p.price, purse_of(public, seat))


def journeying(public: Public, move: AnyMove) -> bool:
    """Whether ``move`` is a decision of the journey: a road, a transfer or a flight, its payment, or stopping."""
    if isinstance(move, Go | Stay | Transfer):
        return True
    pending = public.pending if public.phase == "pay" else None
    return isinstance(move, Pay | Jester | Cancel) and pending is not None and pending.via not in ("claim", "trade")


# -- what the decision does ------------------------------------------------------------------------------------------


def go(table: JTable, seat: int, move: Go | Stay, rng: Rng, news: dict[str, Any], private: dict[int, Any]) -> None:
    """Along a road (the journey ends at a hex or off the board), or stop here."""
    pub = table.public
    if isinstance(move, Stay):
        pub.phase = "arrived"
        pub.stayed = not pub.moved and pub.flight is None
        return
    graph = pub.board.graph
    pub.came_from = pub.rabbits[seat]
    pub.rabbits[seat] = move.to
    pub.moved = True
    passing = pub.additions.trailing_carrots and move.to in pub.royals[seat]
    if move.to == OFF or (graph.is_hex(move.to) and not passing):
        pub.phase = "arrived"
    news["to"] = move.to


def transfer(table: JTable, seat: int, move: Transfer, rng: Rng, news: dict[str, Any], private: dict[int, Any]) -> None:
    """A transfer costs the dice total in the tile's suits, paid as the next decision."""
    pub = table.public
    suits = transfer_suits(pub.board.graph.tile[pub.rabbits[seat]].kind, pub.suits)
    pub.pending = Pending(via=move.via, to=move.to, price=sum(pub.dice), suits=suits)
    pub.phase = "pay"
    news.update(via=move.via, to=move.to)


def cancel_journey(
    table: JTable, seat: int, move: Cancel, rng: Rng, news: dict[str, Any], private: dict[int, Any]
) -> None:
    """A transfer given up: the journey goes on from the same tile; a flight's shortfall given up: it falls."""
    pub = table.public
    was = pub.pending
    pub.pending = None
    if was is not None and was.via == "flight":
        # "Or you'll miss the board and fall": the flight lands off the board.
        pub.flight = None
        pub.rabbits[seat] = OFF
        pub.phase = "arrived"
    else:
        pub.phase = "journey"


def cancel_payment(
    table: JTable, seat: int, move: Cancel, rng: Rng, news: dict[str, Any], private: dict[int, Any]
) -> None:
    """A claim given up ends the acquisition (the increment follows); a purchase given up returns to it."""
    pub = table.public
    was = pub.pending
    pub.pending = None
    if was is not None and was.via == "claim":
        increment(table, seat, rng, news, private)
    else:
        pub.phase = "acquire"


def paid(table: JTable, seat: int, move: Pay | Jester, rng: Rng, news: dict[str, Any], private: dict[int, Any]) -> None:
    """Settle the payment under way (cards, or a held joker) and carry out what it bought: a purchase, a flight's
    landing, a claim, a joker at a tavern, or the transfer itself."""
    pub = table.public
    p = pub.pending
    assert p is not None
    pub.pending = None
    if isinstance(move, Pay):
        cards = list(move.cards)
        if p.via == "flight" and pub.flight is not None and pub.flight.card in cards:
            cards.remove(pub.flight.card)  # traded off at the clubs tower: spent like any other card
            spend(table, seat, [pub.flight.card])
        if purse_of(pub, seat).first_ace_bonus(cards):
            # Capital Aces: the first ace paid is kept face up before its owner, out of play.
            ace = next(c for c in cards if c[0] == "A")
            cards.remove(ace)
            table.private[seat].hand.remove(ace)
            pub.capital[seat] = ace
            news["capital"] = ace
        spend(table, seat, cards)
        pub.shown = list(move.cards)
        news["cards"] = list(move.cards)
    else:
        joker = pub.jesters[seat][0]
        spend(table, seat, [joker])
        news["jester"] = joker
    news.update(via=p.via, to=p.to)
    if p.via == "trade":
        pub.discards.remove(p.to)
        table.private[seat].hand.append(p.to)
        pub.shown.append(p.to)
        pub.traded, pub.phase = True, "acquire"
        return
    if p.via == "flight":
        pub.flight = None
        pub.rabbits[seat] = p.to
        pub.phase = "arrived"
        return
    if p.via == "claim":
        pub.court.remove(p.to)
        table.private[seat].hand.append(p.to)
        pub.royals[seat].append(p.to)
        increment(table, seat, rng, news, private)
        return
    pub.phase = "journey"
    if p.via == "tavern":
        joker = next(c for c in pub.court if is_joker(c))
        pub.court.remove(joker)
        table.private[seat].hand.append(joker)
        pub.jesters[seat].append(joker)
        pub.bought.append(p.to)
        news["bought"] = joker
        return
    pub.rabbits[seat] = p.to
    pub.came_from = OFF if p.via == "boat" else None
    if p.via == "horse":
        pub.phase = "arrived"
