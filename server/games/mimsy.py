"""Mimsy, a mancala game for 2-3 players (Jabberwocky microgames, by Joe Myron).

Twelve cards form a triangle: the three 5s (the goal cards) at the corners
and three mimsy cards on each side, each mimsy card starting with as many
gems of its colour as its number. A turn picks up every gem of one mimsy card
and drops them one at a time, in the order the player chooses, onto the next
cards clockwise. When the last gem lands on a card holding gems of its
colour, all gems of that colour there are picked up and sown on. The game
ends when a goal card holds 5 gems; the player whose secret goal is that
card's colour wins.

The triangle is a ring of 12 positions, clockwise, goal cards at positions 0,
4 and 8; seats are numbered clockwise too ("play continues to the left").

Hidden: each seat's secret goal (a Jabberwocky card: a colour) and, in the
advanced variant, its point card are private; in a 2-player game the third
goal and, advanced, the third point card are secret. Everything on the table
is public, including the gems in the mover's hand (they were all taken from
one face-up card). Goals and point cards become public when the game ends
("Each player reveals their secret goal").

Chance: at setup, from the match's seeded generator: the first player (unless
the option ``first_player`` names one), the secret goals, the places of the
goal cards and of the mimsy cards, and (advanced) the point cards.

Interpretations (rulebook: ``jabberwocky-microgames.txt``, "Mimsy"):

- "The player who last dropped something goes first" -> a table convention:
  the first player is drawn from the seeded generator unless the option
  ``first_player`` names one.
- "Choose 1 gem from your hand and drop it onto the next card clockwise" ->
  one ``drop`` move per gem after the ``pick`` move. Once the gems in hand
  are all of one colour there is nothing left to choose and the server drops
  them itself; gems picked up from a match are always of one colour, so the
  "take another turn" chain plays out by itself. Every such chain ends: with
  at most 7 gems of a colour, every distribution was checked to reach a card
  without a match.
- "At the end of any player's turn, if one or more goal cards have 5 or more
  gems on them, the game ends." -> the end is checked once the whole chain of
  extra turns is over, not after each of its drops.
- "If multiple players would win in a single turn, the goal card which
  received its fifth gem first breaks the tie." -> goal cards are ranked by
  the moment they last reached 5 gems during the turn (a goal card emptied by
  a match and filled again counts from its new fifth gem). The first of them
  decides: its owner wins; in a 2-player game, if nobody owns it, the mover
  wins ("if the goal card that triggered the end of the game does not belong
  to either player, the player who just took their turn wins").
- "During setup, use the 4-value Number cards as Mimsy cards instead of the
  3-value Number cards. Place 4 gems on the 4-value cards instead of 3." ->
  the advanced variant (option ``advanced``) uses the 1s, 2s and 4s as mimsy
  cards, the 4s holding 4 gems, so 7 gems of each colour are used; the 3s
  are the point cards.
- "Score 3 points for each gem of that color on your goal card, and 1 point
  for each other gem on your goal card." -> a seat scores 3 per gem of its
  point card's colour and 1 per other gem on the goal card of its own secret
  goal's colour; the highest score wins.
- "In the case of a tie, the player who last took a turn wins." -> among the
  tied seats, the mover wins, else the tied seat whose last turn is the most
  recent (nearest counter-clockwise from the mover).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import BaseModel, Field

from server.engine import Event, EventData, EventModel, Game, IllegalMove, MoveModel, Options, Outcome, Part, Rng, Table
from server.engine.knowledge import Seen
from server.engine.numbers import COLOURS, NUMBER_CARD_PATTERN, Gems, colour, number_deck, value
from server.engine.sampling import assemble, deal_unseen, unseen
from server.engine.seats import check_named_seat, left_of, named_or_drawn

Colour = Literal["green", "yellow", "purple"]
#: The ring: 3 goal cards with 3 mimsy cards between each pair, clockwise.
RING = 12
GOAL_POSITIONS: tuple[int, ...] = (0, 4, 8)
GOAL_VALUE = 5
TARGET = 5
MIMSY_VALUES = {False: (1, 2, 3), True: (1, 2, 4)}
POINT_VALUE = 3
#: The goal cards' colours (the Jabberwocky cards).
_GOALS: tuple[Colour, ...] = ("green", "yellow", "purple")
#: The point cards of the advanced variant.
_POINT_CARDS: tuple[str, ...] = tuple(number_deck(values=(POINT_VALUE,)))
POINTS_MATCH, POINTS_OTHER = 3, 1


class MimsyOptions(Options):
    advanced: bool = Field(False, description="advanced variant: 4s as mimsy cards, 3s as secret point cards")
    first_player: int | None = Field(None, ge=0, le=2, description="seat of the first player; drawn if unset")


class Pick(MoveModel):
    """Take every gem from a mimsy card (not a goal card) into your hand."""

    type: Literal["pick"] = "pick"
    card: str = Field(pattern=NUMBER_CARD_PATTERN)


class Drop(MoveModel):
    """Drop one gem of this colour from your hand onto the next card clockwise."""

    type: Literal["drop"] = "drop"
    colour: Colour


MimsyMove = Pick | Drop
Move = Annotated[MimsyMove, Field(discriminator="type")]


class Slot(BaseModel):
    """A card of the triangle and the gems on it."""

    card: str
    colour: Colour
    gems: Gems = Field(default_factory=Gems)

    @property
    def goal(self) -> bool:
        return value(self.card) == GOAL_VALUE


class Public(Part):
    seats: int
    advanced: bool
    first_player: int
    ring: list[Slot] = Field(description="the 12 cards clockwise; goal cards at 0, 4 and 8")
    phase: Literal["pick", "drop", "over"]
    turn: int | None
    hand: Gems = Field(description="gems in the mover's hand, still to drop")
    cursor: int | None = Field(description="position the next gem drops onto")
    turns: int = Field(0, description="turns completed")
    fives: list[int] = Field(description="goal positions holding 5+ gems, in the order they got their 5th this turn")
    last_mover: int | None = None
    goals: list[Colour] | None = Field(None, description="the secret goals, revealed at the end")
    points: list[str] | None = Field(None, description="the point cards, revealed at the end (advanced)")
    scores: list[int] | None = None
    winners: list[int] | None = None
    reason: str | None = Field(None, description="why the game ended: a code of the catalogue's reasons")
    detail: str | None = Field(None, description="why the game ended, in a sentence")


class Private(Part):
    goal: Colour = Field(description="colour of your secret goal")
    point: str | None = Field(None, description="your point card (advanced variant)")


class Secret(Part):
    unowned_goal: Colour | None = Field(description="the goal nobody holds (2 players)")
    unused_points: list[str] = Field(default_factory=list, description="point cards nobody holds")


MTable = Table[Public, Private, Secret]


def goal_position(public: Public, goal: str) -> int:
    return next(i for i, s in enumerate(public.ring) if s.goal and s.colour == goal)


def advanced_score(public: Public, goal: str, point: str) -> int:
    """3 per gem of the point card's colour on your goal card, 1 per other gem there."""
    gems = public.ring[goal_position(public, goal)].gems
    match = gems.get(colour(point))
    return POINTS_MATCH * match + POINTS_OTHER * (gems.total() - match)


# -- events ---------------------------------------------------------------------


class Dropped(EventData):
    onto: str = Field(description="the card the gem was dropped onto")
    gem: Colour


class PickedUp(EventData):
    from_: str = Field(alias="from", description="the card whose matched gems were picked up")
    gem: Colour
    count: int


class GameEnd(EventData):
    goals: list[Colour] = Field(description="the secret goals, revealed")
    points: list[str] | None = Field(description="the point cards, revealed (advanced)")
    winners: list[int]
    reason: str
    detail: str


class Sowing(EventData):
    """What every move shows: the gems dropped (forced drops included) and picked up again, and the end."""

    drops: list[Dropped]
    pickups: list[PickedUp]
    end: GameEnd | None = Field(None, description="a goal card got its fifth gem: the game ended")


class PickEvent(Sowing, EventModel):
    type: Literal["pick"]
    seat: int
    card: str
    gems: Gems = Field(description="the gems taken into the hand")


class DropEvent(Sowing, EventModel):
    type: Literal["drop"]
    seat: int


class Mimsy(Game[MimsyOptions, MimsyMove, Public, Private, Secret]):
    name = "mimsy"
    title = "Mimsy"
    min_seats, max_seats = 2, 3
    summary = (
        "Mancala race (Jabberwocky microgames). Pick up the gems of a mimsy card and drop them one by "
        "one clockwise round a triangle of cards; if the last gem matches gems on its card, pick those "
        "up and go again. The first goal card to hold 5 gems ends the game: its secret owner wins. "
        "Advanced variant: secret point cards score the gems on your goal."
    )
    options_type = MimsyOptions
    seat_options = ("first_player",)
    move_type = Move
    events = (
        PickEvent,
        DropEvent,
    )
    public_type, private_type, secret_type = Public, Private, Secret
    reasons = {
        "goal_reached": "a goal card got its fifth gem first: its owner wins",
        "nobodys_goal": "the goal card that got its fifth gem is nobody's: the mover wins",
        "highest_score": "advanced scoring: a goal card holds five gems and the highest score wins",
    }

    def check_options(self, options: MimsyOptions, seats: int) -> None:
        check_named_seat("first_player", options.first_player, seats)

    def setup(self, options: MimsyOptions, seats: int, rng: Rng) -> MTable:
        first = named_or_drawn(options.first_player, seats, rng)
        goals: list[Colour] = rng.shuffled(["green", "yellow", "purple"])
        corners = number_deck(rng, values=(GOAL_VALUE,))
        mimsy = number_deck(rng, values=MIMSY_VALUES[options.advanced])
        points = number_deck(rng, values=(POINT_VALUE,)) if options.advanced else []
        ring: list[Slot] = []
        for side in range(3):
            ring.append(self._slot(corners[side], filled=False))
            ring += [self._slot(c, filled=True) for c in mimsy[3 * side : 3 * side + 3]]
        public = Public(
            seats=seats, advanced=options.advanced, first_player=first, ring=ring, phase="pick", turn=first,
            hand=Gems(), cursor=None, fives=[],
        )  # fmt: skip
        private = [Private(goal=goals[s], point=points[s] if points else None) for s in range(seats)]
        secret = Secret(unowned_goal=goals[2] if seats == 2 else None, unused_points=points[seats:])
        return MTable(public=public, private=private, secret=secret)

    @staticmethod
    def _slot(c: str, filled: bool) -> Slot:
        slot = Slot(card=c, colour=colour(c))  # type: ignore[arg-type]
        if filled:
            slot.gems.add(colour(c), value(c))
        return slot

    # -- who acts, what is legal -------------------------------------------------

    def to_act(self, public: Public) -> Sequence[int]:
        return () if public.turn is None else (public.turn,)

    def legal_moves(self, public: Public, private: Private, seat: int) -> list[MimsyMove]:
        if public.phase == "pick":
            return [Pick(card=s.card) for s in public.ring if not s.goal and s.gems.total() > 0]
        if public.phase == "drop":
            return [Drop(colour=c) for c in ("green", "yellow", "purple") if public.hand.get(c) > 0]
        return []

    def check(self, public: Public, private: Private, seat: int, move: MimsyMove) -> None:
        if public.phase == "pick":
            if not isinstance(move, Pick):
                raise IllegalMove("your hand is empty: pick the gems up from a mimsy card first")
            slot = next((s for s in public.ring if s.card == move.card), None)
            if slot is None:
                raise IllegalMove(f"{move.card} is not in the triangle")
            if slot.goal:
                raise IllegalMove(f"{move.card} is a goal card: choose a mimsy card")
            if slot.gems.total() == 0:
                raise IllegalMove(f"{move.card} has no gems on it")
            return
        if public.phase == "drop":
            if not isinstance(move, Drop):
                raise IllegalMove("drop the gems in your hand before picking up again")
            if public.hand.get(move.colour) == 0:
                raise IllegalMove(f"you hold no {move.colour} gem")
            return
        raise IllegalMove("the game is over")

    # -- playing ---------------------------------------------------------------------

    def apply(self, table: MTable, seat: int, move: MimsyMove, rng: Rng) -> Event:
        pub = table.public
        event: dict[str, object] = {"type": move.type, "seat": seat}
        drops: list[dict[str, object]] = []
        pickups: list[dict[str, object]] = []
        if isinstance(move, Pick):
            pos = next(i for i, s in enumerate(pub.ring) if s.card == move.card)
            pub.hand = pub.ring[pos].gems
            pub.ring[pos].gems = Gems()
            pub.cursor, pub.phase, pub.fives = (pos + 1) % RING, "drop", []
            event["card"], event["gems"] = move.card, pub.hand.model_dump()
        else:
            self._drop(pub, move.colour, drops, pickups)
        # Forced drops: one colour left in hand (always so after a match).
        while pub.phase == "drop" and sum(pub.hand.get(c) > 0 for c in COLOURS) == 1:
            only = next(c for c in COLOURS if pub.hand.get(c) > 0)
            self._drop(pub, only, drops, pickups)
        event["drops"], event["pickups"] = drops, pickups
        if pub.phase == "pick":
            self._end_turn(table, seat, event)
        return Event(event)

    def _drop(self, pub: Public, c: str, drops: list[dict[str, object]], pickups: list[dict[str, object]]) -> None:
        """Drop one gem of colour ``c`` at the cursor; resolve a match if it was the last gem."""
        assert pub.cursor is not None
        pos = pub.cursor
        slot = pub.ring[pos]
        pub.hand.take(c)
        slot.gems.add(c)
        drops.append({"onto": slot.card, "gem": c})
        if slot.goal and slot.gems.total() >= TARGET and pos not in pub.fives:
            pub.fives.append(pos)
        pub.cursor = (pos + 1) % RING
        if pub.hand.total() > 0:
            return
        if slot.gems.get(c) >= 2:  # the last gem matched: pick them up and go again
            n = slot.gems.get(c)
            slot.gems.take(c, n)
            pub.hand.add(c, n)
            pickups.append({"from": slot.card, "gem": c, "count": n})
            if pos in pub.fives and slot.gems.total() < TARGET:
                pub.fives.remove(pos)
            return
        pub.phase, pub.cursor = "pick", None

    def _end_turn(self, table: MTable, seat: int, event: dict[str, object]) -> None:
        pub, n = table.public, table.public.seats
        pub.turns += 1
        pub.last_mover = seat
        if not pub.fives:
            pub.turn = left_of(seat, n)
            return
        pub.phase, pub.turn = "over", None
        pub.goals = [p.goal for p in table.private]
        if pub.advanced:
            pub.points = [p.point or "" for p in table.private]
            pub.scores = [advanced_score(pub, g, p) for g, p in zip(pub.goals, pub.points, strict=True)]
            best = max(pub.scores)
            tied = [s for s in range(n) if pub.scores[s] == best]
            pub.winners = [min(tied, key=lambda s: (seat - s) % n)]
            pub.reason = "highest_score"
            pub.detail = f"a goal card holds {TARGET} gems; seat {pub.winners[0]} scores highest"
        else:
            first = pub.ring[pub.fives[0]]
            owners = [s for s in range(n) if pub.goals[s] == first.colour]
            if owners:
                pub.winners = owners
                pub.reason = "goal_reached"
                pub.detail = f"{first.card} got its {TARGET}th gem first: seat {owners[0]}'s goal"
            else:
                pub.winners = [seat]
                pub.reason = "nobodys_goal"
                pub.detail = f"{first.card} got its {TARGET}th gem and is nobody's goal: the mover wins"
        event["end"] = {
            "goals": pub.goals, "points": pub.points, "winners": pub.winners, "reason": pub.reason,
            "detail": pub.detail,
        }  # fmt: skip

    # -- what a seat may know (AI opponents) -------------------------------------------

    def determinize(self, public: Public, private: Private, seat: int, seats: int, rng: Rng, seen: Seen = ()) -> MTable:
        """The other seats' goals dealt at random from the colours less the seat's own (with 2 players
        the last one is nobody's), and so are the point cards (advanced); once revealed at the end, the
        shown ones. Not used: what the other seats' picks hint at their goals (a bot may weigh that in
        its search; the sample draws every consistent deal alike).
        """
        if public.goals is not None:
            goals: list[Colour] = list(public.goals)
            points: list[str | None] = list(public.points) if public.points is not None else [None] * seats
            spare_goals, spare_points = unseen(_GOALS, goals), unseen(_POINT_CARDS, (p for p in points if p))
        else:
            others = [int(s != seat) for s in range(seats)]
            dealt, spare_goals = deal_unseen(unseen(_GOALS, (private.goal,)), others, rng)
            goals = [private.goal if s == seat else dealt[s][0] for s in range(seats)]
            points, spare_points = [None] * seats, []
            if private.point is not None:
                cards, spare_points = deal_unseen(unseen(_POINT_CARDS, (private.point,)), others, rng)
                points = [private.point if s == seat else cards[s][0] for s in range(seats)]
        privates = [private if s == seat else Private.model_construct(goal=goals[s], point=points[s])
                    for s in range(seats)]  # fmt: skip
        secret = Secret.model_construct(unowned_goal=spare_goals[0] if seats == 2 else None,
                                        unused_points=spare_points if public.advanced else [])  # fmt: skip
        return assemble(self, public, privates, secret)

    def outcome(self, public: Public) -> Outcome | None:
        if public.phase != "over" or public.winners is None:
            return None
        return Outcome(
            winners=public.winners, scores=public.scores, reason=public.reason or "completed", detail=public.detail
        )
