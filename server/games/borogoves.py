"""Borogoves, a map-making game for 1-2 players (Jabberwocky microgames, by Karl Lange).

One player is the cartographer: each turn they lay a Number card onto a map
that grows to 4 cards in each direction. The other controls three tribes of
borogoves (8 gems of each colour): each turn every tribe takes one action,
migrating onto the map, exploring to a neighbouring card, or settling (one
of its borogoves leaves the game). After the last card, the borogove player
scores the number of every card holding a borogove of the card's colour,
plus 1 for every card holding exactly as many borogoves as its number. With
2 players the match is two legs with the roles swapped; the higher combined
score wins. Alone, the player draws the cartographer's cards from the top of
the deck, places them and moves the tribes; 42 is a victory.

Hidden: the cartographer's two cards are private to that seat (it learns
each drawn card in the private part of the event); the map deck's order is
secret. The map, the borogoves and the deck's size are public; alone, the
card drawn for the turn is public too (it is face up, about to be placed).

Chance: the shuffle of the map deck at the start of each leg, from the
match's seeded generator; with 2 players the first cartographer is drawn from
it too unless the option ``first_cartographer`` names one.

Interpretations (rulebook: ``jabberwocky-microgames.txt``, "Borogoves"):

- NOTES.md: "Table conventions such as "the player who most recently looked
  at a map goes first" become a random choice from the match's seeded
  generator, unless the match creator names the first player in the match
  options." -> "The player who most recently looked at a map is the first
  cartographer" is the option ``first_cartographer``, else a draw.
- "Cards must be played directly adjacent to another card (not diagonally)
  and cannot be played so that there are more than 4 cards in a row or
  column." -> A card goes on an empty position orthogonally next to a card of
  the map, and the map may not span more than 4 rows or 4 columns, gaps
  included: that is what makes "all 15 cards ... in a 4x4 map (with a single
  gap)" hold at the end.
- "When the map deck empties, let your opponent know they have only 3 more
  turns until the game ends." -> The public ``turns_left`` counts the
  borogove turns left in the leg, this one included; every leg has 13 turns
  (15 cards, 2 of them the starting map).
- "Each turn, take 3 actions; 1 for each of your tribes ..., in any order.
  Actions can be repeated." -> One decision per action: each tribe acts
  exactly once a turn, the player choosing which tribe goes next, and
  several tribes may take the same kind of action. The turn is a move in
  three decisions (:mod:`server.engine.decisions`); the public ``acted``
  holds the tribes that have taken theirs.
- "On your first turn, you will only be able to migrate." -> Read as what
  the starting map allows, not as a ban: no borogove is on the map yet, so
  no tribe can explore, but settling stays open ("If you can't or don't want
  to take a migrate or explore action for a tribe, remove any 1 token of
  that tribe's color"), from the tribe's Jabberwocky card. The first turn
  offers migrate and settle; a tribe may settle on it.
- "The number of borogoves being moved must match the number on the card
  you are migrating to" -> Migrate moves exactly that many from the tribe's
  Jabberwocky card, whatever already sits on the map card.
- "All the borogoves must move from a single card to any directly adjacent
  card ... At least 1 of the borogoves must be of the tribe whose action it
  it is" -> Explore moves every borogove on the card, of all colours, to an
  orthogonally adjacent map card.
- "remove any 1 token of that tribe's color from the game" -> Settle removes
  one borogove of the tribe's colour from a map card or from its Jabberwocky
  card, as the player chooses. A tribe with no borogove left anywhere still
  takes its action: settling removes nothing.
- "add 1 (not ... the value of the card) to the borogove score for each card
  that contains the exact same number of borogoves as the number on that
  card, regardless of color" -> The worked example's "1 would be added to the cartographer's
  score" is a slip: its own total ("The borogove player's final score would
  be 20 + 8 = 28") and the rule give the bonus to the borogove player.
- "Note the score, then switch roles and play a second time. The player who
  earned the highest score wins." -> Two legs, each with a fresh shuffle and
  full tribes; only the borogove player scores in a leg, so each seat's result
  is its own borogove score. "In case of a tie, the player who can do the
  best borogove impersonation wins" is not something a server can judge:
  tied seats share the win (NOTES.md: "where none is given, tied seats share
  the win").
- "When playing solo, ... draw the top card of the deck and follow the same
  rules as in a 2-player game to place it on the map" -> Solo, the drawn card
  is public and the player chooses where it goes. The solo version is played
  by a 1-seat match (option ``solo`` may say so, and must agree with the
  seats); "To score 42 or more points" wins, and the book's chart rates the
  score ("<38" is the lowest line and takes every score below 38).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, Field, computed_field

from server.engine import (
    BadOptions,
    DerivedPart,
    Event,
    EventData,
    EventModel,
    Game,
    IllegalMove,
    MoveModel,
    Options,
    Outcome,
    Part,
    PrivateModel,
    PrivatePart,
    Rng,
    Table,
)
from server.engine.decisions import Decisions, Underway
from server.engine.grid import Pos, adjacent, placements
from server.engine.knowledge import Seen
from server.engine.legs import Legs, role_holder
from server.engine.numbers import NUMBER_CARD_PATTERN, Gems, colour, number_deck, value
from server.engine.option_rules import one_of
from server.engine.piles import draw
from server.engine.sampling import assemble, deal_unseen, unseen
from server.engine.seats import check_named_seat, named_or_drawn
from server.engine.solo import Band, RatingChart, solo_outcome

#: Every Number card of the game: the map deck of each leg.
_ALL_CARDS: tuple[str, ...] = tuple(number_deck())

Colour = Literal["green", "yellow", "purple"]
TRIBES: tuple[Colour, ...] = ("green", "yellow", "purple")
#: "more than 4 cards in a row or column" is not allowed.
MAP_LIMIT = 4
HAND_SIZE = 2
STARTING_MAP = 2
TURNS = 15 - STARTING_MAP
SOLO_TARGET = 42
SOLO_CHART = RatingChart(
    (
        Band(0, "Oh dear. Practice makes perfect?"),
        Band(38, "Almost good! But not. Try again, friend!"),
        Band(42, "You did it! Bare minimum victory: achieved."),
        Band(46, "Pretty good, but is it GREAT? Try to beat it!"),
        Band(50, "Wow! Amazing! Try again - aim for perfect!"),
        Band(54, "Perfect score? Did you cheat? Fess up!"),
    )
)
Coord = Annotated[int, Field(ge=-3, le=3)]


class BorogovesOptions(Options):
    solo: bool | None = Field(
        None, description="the solo version (the map deck plays the cartographer; target 42): a 1-seat match"
    )
    first_cartographer: int | None = Field(
        None, ge=0, le=1, description="seat of the first cartographer; drawn if unset"
    )


class Place(MoveModel):
    """Cartographer: put ``card`` on the map at ``row``, ``col``."""

    type: Literal["place"] = "place"
    card: str = Field(pattern=NUMBER_CARD_PATTERN)
    row: Coord
    col: Coord


class Migrate(MoveModel):
    """Move as many borogoves of ``tribe`` as the card's number from its Jabberwocky card onto the card."""

    type: Literal["migrate"] = "migrate"
    tribe: Colour
    row: Coord
    col: Coord


class Explore(MoveModel):
    """Move every borogove on the card at ``row``, ``col`` (one at least of ``tribe``) to the adjacent card."""

    type: Literal["explore"] = "explore"
    tribe: Colour
    row: Coord
    col: Coord
    to_row: Coord
    to_col: Coord


class Settle(MoveModel):
    """Remove one borogove of ``tribe`` from the game: off the card at ``row``, ``col``, or
    (both unset) off the tribe's Jabberwocky card; nothing if the tribe has none left."""

    type: Literal["settle"] = "settle"
    tribe: Colour
    row: Coord | None = None
    col: Coord | None = None


AnyMove = Place | Migrate | Explore | Settle
Move = Annotated[AnyMove, Field(discriminator="type")]


class MapCard(BaseModel):
    """A card of the map, where it lies, and the borogoves on it.

    The map's first two cards lie at (0, 0) and (0, 1) (row, column; rows grow
    downwards) and every card keeps the place it was played at, so the map has
    no fixed corner and positions can be negative (-3..3).
    """

    card: str
    row: int
    col: int
    borogoves: Gems = Field(default_factory=Gems)

    @property
    def pos(self) -> Pos:
        return self.row, self.col


class Public(DerivedPart):
    solo: bool
    first_cartographer: int
    legs: Legs
    cartographer: int = Field(description="the seat playing the cartographer this leg")
    borogoves: int = Field(description="the seat playing the borogoves this leg")
    phase: Literal["place", "tribes", "over"]
    turn: int = Field(description="1..13 in this leg")
    turns_left: int = Field(description="borogove turns left in this leg, this one included")
    map: list[MapCard] = Field(description="the map's cards in the order they were played")
    tribes: Gems = Field(description="borogoves still on their Jabberwocky cards")
    acted: list[Colour] = Field(default_factory=list, description="tribes that have taken their action this turn")
    deck_size: int
    hand_size: int = Field(0, description="cards in the cartographer's hand (2 players)")
    drawn: str | None = Field(None, description="solo: the card drawn this turn, to be placed")
    scores: list[int] = Field(description="each seat's borogove score over the finished legs")

    @computed_field(description="the move under way: the tribes' actions")  # type: ignore[prop-decorator]
    @property
    def underway(self) -> Underway | None:
        """Once a tribe has acted this turn, until the last one has."""
        if self.phase != "tribes" or not 0 < len(self.acted) < len(TRIBES):
            return None
        return Underway(seat=self.borogoves, step="tribe", so_far={"acted": list(self.acted)})


class Private(Part):
    hand: list[str] = Field(default_factory=list, description="the cartographer's cards")


class Secret(Part):
    deck: list[str] = Field(default_factory=list, description="the map deck, top first")


BTable = Table[Public, Private, Secret]


def card_at(public: Public, pos: Pos) -> MapCard | None:
    return next((m for m in public.map if m.pos == pos), None)


def matching_points(cards: list[MapCard]) -> int:
    """The number of every card with at least one borogove of the card's colour."""
    return sum(value(m.card) for m in cards if m.borogoves.get(colour(m.card)))


def exact_points(cards: list[MapCard]) -> int:
    """1 for every card holding exactly as many borogoves as its number, whatever their colours."""
    return sum(1 for m in cards if m.borogoves.total() == value(m.card))


def borogove_score(cards: list[MapCard]) -> int:
    return matching_points(cards) + exact_points(cards)


def total_borogoves(public: Public, tribe: str) -> int:
    return public.tribes.get(tribe) + sum(m.borogoves.get(tribe) for m in public.map)


# -- events ---------------------------------------------------------------------


class DrewCard(PrivatePart):
    drew: str = Field(description="the card drawn to replace the one placed")


class Placed(EventModel):
    type: Literal["place"]
    seat: int
    card: str
    at: list[int] = Field(description="row and column")
    deck_size: int
    private: ClassVar[PrivateModel] = DrewCard


class LegScore(EventData):
    leg: int = Field(description="the leg scored, from 1")
    borogoves: int = Field(description="the seat that played the borogoves")
    matching: int
    exact: int
    score: int


class TurnEnd(EventData):
    """What the last tribe's action of a turn adds: the solo game's next card, or the leg's score."""

    drawn: str | None = Field(None, description="solo: the next card to place")
    leg: LegScore | None = Field(None, description="the leg's last turn: its score")


class NewLegHand(PrivatePart):
    hand: list[str] = Field(description="a new leg: the cartographer's hand")


class Migrated(TurnEnd, EventModel):
    type: Literal["migrate"]
    seat: int
    tribe: Colour
    at: list[int] = Field(description="row and column of the card migrated to")
    borogoves: int = Field(description="how many migrated")
    private: ClassVar[PrivateModel] = NewLegHand


class Explored(TurnEnd, EventModel):
    type: Literal["explore"]
    seat: int
    tribe: Colour
    at: list[int] = Field(description="row and column of the card explored from")
    to: list[int] = Field(description="row and column of the card explored to")
    borogoves: Gems = Field(description="the borogoves that moved, by tribe")
    private: ClassVar[PrivateModel] = NewLegHand


class Settled(TurnEnd, EventModel):
    type: Literal["settle"]
    seat: int
    tribe: Colour
    at: list[int] | None = Field(None, description="the card a borogove was taken from (else the tribe's stock)")
    nothing: bool | None = Field(None, description="true: there was no borogove of the tribe to take")
    private: ClassVar[PrivateModel] = NewLegHand


class Borogoves(Decisions[Public, Private, Secret, AnyMove], Game[BorogovesOptions, AnyMove, Public, Private, Secret]):
    name = "borogoves"
    title = "Borogoves"
    min_seats, max_seats = 1, 2
    summary = (
        "Map-making game for 1-2 (Jabberwocky microgames). The cartographer lays cards onto a map of "
        "at most 4x4; the other player's three tribes of borogoves migrate onto it, explore it and "
        "settle. A card scores its number if a borogove of its colour is on it, and 1 more if it holds "
        "exactly its number of borogoves. Two legs with the roles swapped; solo: place the deck's "
        "cards yourself and aim for 42."
    )
    options_type = BorogovesOptions
    seat_options = ("first_cartographer",)
    move_type = Move
    events = (
        Placed,
        Migrated,
        Explored,
        Settled,
    )
    public_type, private_type, secret_type = Public, Private, Secret

    def options_rules(self, seats: int) -> list[dict[str, Any]]:
        return [one_of("solo", seats == 1, None)]

    def check_options(self, options: BorogovesOptions, seats: int) -> None:
        if options.solo is not None and options.solo != (seats == 1):
            raise BadOptions("the solo version is the 1-seat match: solo must agree with the seats")
        check_named_seat("first_cartographer", options.first_cartographer, seats)

    def setup(self, options: BorogovesOptions, seats: int, rng: Rng) -> BTable:
        first = 0 if seats == 1 else named_or_drawn(options.first_cartographer, seats, rng)
        public = Public(
            solo=seats == 1, first_cartographer=first, legs=Legs(count=1 if seats == 1 else 2),
            cartographer=first, borogoves=1 - first if seats == 2 else 0, phase="place", turn=1,
            turns_left=TURNS, map=[], tribes=Gems(), deck_size=0, scores=[0] * seats,
        )  # fmt: skip
        table = BTable(public=public, private=[Private() for _ in range(seats)], secret=Secret())
        self._start_leg(table, rng)
        return table

    def _start_leg(self, table: BTable, rng: Rng) -> dict[int, dict[str, Any]]:
        """Shuffle the map deck, lay the first two cards, fill the tribes; returns private news."""
        pub, secret = table.public, table.secret
        seats = len(table.private)
        pub.cartographer = role_holder(pub.first_cartographer, pub.legs.current, seats)
        pub.borogoves = role_holder(pub.first_cartographer, pub.legs.current + 1, seats)
        secret.deck = number_deck(rng)
        first_two = draw(secret.deck, rng, STARTING_MAP).cards
        pub.map = [MapCard(card=c, row=0, col=i) for i, c in enumerate(first_two)]
        pub.tribes = Gems.supply()
        pub.phase, pub.turn, pub.turns_left, pub.acted = "place", 1, TURNS, []
        news: dict[int, dict[str, Any]] = {}
        if pub.solo:
            pub.drawn = draw(secret.deck, rng).cards[0]
        else:
            hand = table.private[pub.cartographer].hand
            hand[:] = draw(secret.deck, rng, HAND_SIZE).cards
            pub.hand_size = len(hand)
            news[pub.cartographer] = {"hand": list(hand)}
        pub.deck_size = len(secret.deck)
        return news

    # -- who acts, what is legal -------------------------------------------------

    def to_act(self, public: Public) -> Sequence[int]:
        if public.phase == "place":
            return [public.cartographer]
        if public.phase == "tribes":
            return [public.borogoves]
        return []

    def legal_moves(self, public: Public, private: Private, seat: int) -> list[AnyMove]:
        if public.phase == "place":
            cards = [public.drawn] if public.drawn else private.hand
            spots = placements({m.pos for m in public.map}, MAP_LIMIT, MAP_LIMIT)
            return [Place(card=c, row=r, col=k) for c in cards for r, k in spots]
        if public.phase == "tribes":
            moves: list[AnyMove] = []
            for tribe in TRIBES:
                if tribe not in public.acted:
                    moves += self._tribe_moves(public, tribe)
            return moves
        return []

    def _tribe_moves(self, public: Public, tribe: Colour) -> list[AnyMove]:
        have = public.tribes.get(tribe)
        moves: list[AnyMove] = [Migrate(tribe=tribe, row=m.row, col=m.col) for m in public.map if value(m.card) <= have]
        for m in public.map:
            if m.borogoves.get(tribe):
                moves += [
                    Explore(tribe=tribe, row=m.row, col=m.col, to_row=n.row, to_col=n.col)
                    for n in public.map
                    if adjacent(m.pos, n.pos)
                ]
        if have or not total_borogoves(public, tribe):
            moves.append(Settle(tribe=tribe))
        moves += [Settle(tribe=tribe, row=m.row, col=m.col) for m in public.map if m.borogoves.get(tribe)]
        return moves

    def check(self, public: Public, private: Private, seat: int, move: AnyMove) -> None:
        if public.phase == "over":
            raise IllegalMove("the game is over")
        if public.phase == "place":
            if not isinstance(move, Place):
                raise IllegalMove("the cartographer places a card on the map first")
            if move.card != public.drawn and move.card not in private.hand:
                raise IllegalMove(f"{move.card} is not yours to place")
            if (move.row, move.col) not in placements({m.pos for m in public.map}, MAP_LIMIT, MAP_LIMIT):
                raise IllegalMove(
                    "a card goes on an empty place directly next to a card of the map (not diagonally), "
                    f"and the map may not grow beyond {MAP_LIMIT} cards in a row or column"
                )
            return
        if isinstance(move, Place):
            raise IllegalMove("the borogoves are taking their actions")
        if move.tribe in public.acted:
            raise IllegalMove(f"the {move.tribe} tribe has already taken its action this turn")
        why = self._why_not(public, move)
        if why:
            raise IllegalMove(why)

    @staticmethod
    def _why_not(public: Public, move: Migrate | Explore | Settle) -> str | None:
        """Why a tribe's action is not allowed now, or ``None`` if it is."""
        tribe = move.tribe
        if isinstance(move, Settle):
            if move.row is None and move.col is None:
                if public.tribes.get(tribe) or not total_borogoves(public, tribe):
                    return None
                return f"no {tribe} borogove is left on its Jabberwocky card"
            there = card_at(public, (move.row, move.col)) if move.row is not None and move.col is not None else None
            return None if there and there.borogoves.get(tribe) else f"no {tribe} borogove there to settle"
        source = card_at(public, (move.row, move.col))
        if source is None:
            return "no card of the map lies there"
        if isinstance(move, Migrate):
            if value(source.card) <= public.tribes.get(tribe):
                return None
            return f"migrating to {source.card} needs {value(source.card)} {tribe} borogoves on their card"
        if not source.borogoves.get(tribe):
            return f"explore from a card with a {tribe} borogove on it"
        target = card_at(public, (move.to_row, move.to_col))
        if target is None or not adjacent(source.pos, target.pos):
            return "explore to a card of the map directly next to it (not diagonally)"
        return None

    # -- playing ---------------------------------------------------------------------

    def apply(self, table: BTable, seat: int, move: AnyMove, rng: Rng) -> Event:
        if isinstance(move, Place):
            return self._place(table, seat, move, rng)
        return self.play_decision(table, seat, move, rng)

    def decide(self, table: BTable, seat: int, move: AnyMove, rng: Rng) -> Event:
        """One tribe's action."""
        assert not isinstance(move, Place)
        pub = table.public
        news: dict[str, Any] = {"type": move.type, "seat": seat, "tribe": move.tribe}
        if isinstance(move, Migrate):
            target = card_at(pub, (move.row, move.col))
            assert target is not None
            n = value(target.card)
            pub.tribes.take(move.tribe, n)
            target.borogoves.add(move.tribe, n)
            news.update(at=[move.row, move.col], borogoves=n)
        elif isinstance(move, Explore):
            source, target = card_at(pub, (move.row, move.col)), card_at(pub, (move.to_row, move.to_col))
            assert source is not None and target is not None
            news.update(at=[move.row, move.col], to=[move.to_row, move.to_col], borogoves=source.borogoves.model_dump())
            for c in TRIBES:
                target.borogoves.add(c, source.borogoves.get(c))
            source.borogoves = Gems()
        else:
            self._settle(pub, move, news)
        pub.acted.append(move.tribe)
        return Event(news)

    @staticmethod
    def _settle(pub: Public, move: Settle, news: dict[str, Any]) -> None:
        if move.row is not None and move.col is not None:
            there = card_at(pub, (move.row, move.col))
            assert there is not None
            there.borogoves.take(move.tribe)
            news["at"] = [move.row, move.col]
        elif pub.tribes.get(move.tribe):
            pub.tribes.take(move.tribe)
        else:
            news["nothing"] = True

    def _place(self, table: BTable, seat: int, move: Place, rng: Rng) -> Event:
        pub = table.public
        pub.map.append(MapCard(card=move.card, row=move.row, col=move.col))
        news: dict[str, Any] = {"type": "place", "seat": seat, "card": move.card, "at": [move.row, move.col]}
        private: dict[int, dict[str, Any]] = {}
        if pub.solo:
            pub.drawn = None
        else:
            hand = table.private[seat].hand
            hand.remove(move.card)
            drawn = draw(table.secret.deck, rng).cards
            hand.extend(drawn)
            pub.hand_size = len(hand)
            if drawn:
                private[seat] = {"drew": drawn[0]}
        pub.deck_size = len(table.secret.deck)
        pub.phase, pub.acted = "tribes", []
        news["deck_size"] = pub.deck_size
        return Event(news, private)

    def complete(self, table: BTable, seat: int, rng: Rng, event: Event) -> None:
        """Every tribe has acted: the next card, or the leg's score."""
        event.private.update(self._end_turn(table, rng, event.public))

    def _end_turn(self, table: BTable, rng: Rng, news: dict[str, Any]) -> dict[int, dict[str, Any]]:
        pub = table.public
        if pub.turn < TURNS:
            pub.turn += 1
            pub.turns_left = TURNS - pub.turn + 1
            pub.phase, pub.acted = "place", []
            if pub.solo:
                pub.drawn = draw(table.secret.deck, rng).cards[0]
                pub.deck_size = len(table.secret.deck)
                news["drawn"] = pub.drawn
            return {}
        # The last card is down and the tribes have acted: score the leg.
        leg = [0] * len(table.private)
        leg[pub.borogoves] = borogove_score(pub.map)
        news["leg"] = {
            "leg": pub.legs.current + 1, "borogoves": pub.borogoves, "matching": matching_points(pub.map),
            "exact": exact_points(pub.map), "score": leg[pub.borogoves],
        }  # fmt: skip
        pub.legs.finish(leg)
        pub.scores = pub.legs.totals(len(table.private))
        pub.turns_left = 0
        if pub.legs.over:
            pub.phase, pub.acted = "over", []
            return {}
        return self._start_leg(table, rng)

    # -- what a seat may know (AI opponents) -------------------------------------------

    def determinize(self, public: Public, private: Private, seat: int, seats: int, rng: Rng, seen: Seen = ()) -> BTable:
        """The cartographer's hand (when it is another seat's) and the map deck dealt at random from
        the fifteen Number cards less those on the map, the card drawn for the turn and the seat's own
        hand; the seat that is not the cartographer holds nothing (the last leg's hand was all placed).
        """
        theirs = 0 if public.cartographer == seat or public.solo else public.hand_size
        pool = unseen(_ALL_CARDS, (m.card for m in public.map), [public.drawn] if public.drawn else [], private.hand)
        (hand,), deck = deal_unseen(pool, [theirs], rng)
        privates = [private if s == seat else Private.model_construct(hand=hand if s == public.cartographer else [])
                    for s in range(seats)]  # fmt: skip
        return assemble(self, public, privates, Secret.model_construct(deck=deck))

    def outcome(self, public: Public) -> Outcome | None:
        if public.phase != "over":
            return None
        if public.solo:
            return solo_outcome(public.scores[0], SOLO_TARGET, SOLO_CHART)
        best = max(public.scores)
        winners = [s for s, v in enumerate(public.scores) if v == best]
        return Outcome(winners=winners, scores=list(public.scores), reason="tie" if len(winners) > 1 else "completed")
