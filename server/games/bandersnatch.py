"""Bandersnatch, a solo puzzle (Jabberwocky microgames, by Joel Colombo).

Nine Number cards lie face up in a 3x3 field; the player holds 2 cards.
Each turn they replace an empty field card with a card from hand, and the
new card adds gems from the supply or takes gems away, depending on how it
compares with the card it replaced. A card whose every neighbour is busy
(has gems) is captured: its gems are broiled onto the Jabberwocky card of
their colour and the card goes to the discard pile (an empty captured card
leaves the game). Broiled green and yellow gems score, broiled purple ones
cost; on the field it is the other way round. The game ends when no field
card can be replaced, or at the end of a turn that needed a purple gem from
an empty supply. 10 or more is a victory; the book's chart rates the score.

Hidden: the hand is private to the seat (spectators do not see it; the
player learns each drawn card in the private part of the event). The deck's
order is secret, also from the player. Everything else is public: the field
and its gems, the supply, the broiled gems, the face-up discard pile and the
cards out of the game.

Chance: the shuffle of the 15 Number cards at setup (9 to the field, 2 to
the hand, 4 to the deck) and every shuffle of the discard pile into a new
deck, from the match's seeded generator.

Interpretations (rulebook: ``jabberwocky-microgames.txt``, "Bandersnatch"):

- NOTES.md: "Read row by row: same colour and higher adds the difference in
  gems of the new card's colour; same colour and lower removes 1 gem;
  different colour and higher adds 1 gem; different colour and lower removes
  gems equal to the difference; equal adds 1 gem of each of the two colours."
  -> These are the five effects. Cards are unique, so an equal value is
  always a different colour.
- "If there aren't enough green or yellow gems in the supply when adding
  gems, add purple gems instead." -> Gem by gem: each green or yellow gem the
  supply lacks is replaced by a purple one, so a shortage of one gem costs
  one purple gem, not the whole effect.
- "If there aren't enough purple gems, finish the game at the end of this
  turn." -> A gem that neither its colour nor purple can supply is not added;
  the turn goes on (removals, captures) and the game ends when it is over,
  before drawing.
- "If there aren't enough gems on adjacent cards, make up the difference by
  removing gems from the supply of the new card's color" -> Gems come off
  the cards orthogonally next to the new card first. The player chooses
  which, one gem per decision, when those cards hold more gems than must go
  and there is more than one kind of gem to pick (card and colour); otherwise
  the choice is forced and the server makes it. The rest comes from the
  supply of the new card's colour, purple standing in for a missing green or
  yellow gem as when adding; if purple is missing too, "remove as many as you
  can, then finish the game at the end of this turn, after resolving
  captures".
- "A card is captured when it is adjacent only to busy cards. ... A card
  must be adjacent to at least 1 busy card to be captured." -> Adjacent means
  orthogonally next to it among the cards still on the field: the gap a
  captured card leaves is not a card and does not protect its neighbours.
  The card played this turn is never captured that turn ("Cards cannot be
  captured on the turn that they are played"), but it does count as a busy
  neighbour when it holds gems.
- "If multiple cards would be captured at once, you may choose the order."
  -> While two or more cards can be captured, the player captures one per
  decision, and the field is checked again after each; a single capturable
  card is captured by the server ("Capturing cards is mandatory"). Empty
  captured cards "Return it to the box" and are out of the game.
- "Discard the card that was replaced." -> The discard pile is face up, in
  the public part. "If the deck is empty, shuffle the discard pile to form a
  new deck": a draw from an empty deck shuffles the discards into a new deck
  and goes on; with both empty the hand stays short.
- "Immediately when you aren't able to play a card." -> Checked at the start
  of each turn: the game is over when the hand is empty or every card left on
  the field is busy.
- "Add up your score, and compare to the following chart:" -> The chart
  prints "<4" and then "5-9": a score of 4 is below the band that starts at
  5, so it rates "This is not very good." with every lower score
  (a score can be as low as -32). "32" (the highest possible score) rates "A
  perfect Jabberwocky".
- "To reach a score of 10 or more" -> the seat wins (``winners == [0]``) with
  10 or more, and loses (no winners) below.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, Field, computed_field

from server.engine import (
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
from server.engine.grid import Grid, Pos
from server.engine.knowledge import Seen
from server.engine.numbers import COLOURS, NUMBER_CARD_PATTERN, Gems, colour, number_deck, value
from server.engine.piles import draw_up_to
from server.engine.sampling import assemble, unseen
from server.engine.solo import Band, RatingChart, solo_outcome

Colour = Literal["green", "yellow", "purple"]
COLOUR_ORDER: tuple[Colour, ...] = ("green", "yellow", "purple")
FIELD = Grid(3, 3)
HAND_SIZE = 2
#: Every Number card of the game.
_ALL_CARDS: tuple[str, ...] = tuple(number_deck())
TARGET = 10
#: Points per gem: broiled on a Jabberwocky card, and left on the field.
BROILED_POINTS = {"green": 2, "yellow": 1, "purple": -1}
FIELD_POINTS = {"green": -2, "yellow": -1, "purple": 1}
CHART = RatingChart(
    (
        Band(-32, "This is not very good."),
        Band(5, "This is almost good but not quite."),
        Band(10, "Victory!"),
        Band(15, "Fruminous victory!"),
        Band(20, "Manxome victory!"),
        Band(32, "A perfect Jabberwocky. You must've cheated."),
    )
)
End = Literal["no card to play", "out of purple gems"]


class BandersnatchOptions(Options):
    """Bandersnatch has no options: the book prints no variant."""


class Play(MoveModel):
    """Replace the empty field card at ``row``, ``col`` with ``card`` from your hand."""

    type: Literal["play"] = "play"
    card: str = Field(pattern=NUMBER_CARD_PATTERN)
    row: int = Field(ge=0, le=2)
    col: int = Field(ge=0, le=2)


class Remove(MoveModel):
    """Take one ``colour`` gem off the card at ``row``, ``col`` (next to the card just played)."""

    type: Literal["remove"] = "remove"
    row: int = Field(ge=0, le=2)
    col: int = Field(ge=0, le=2)
    colour: Colour


class Capture(MoveModel):
    """Capture the card at ``row``, ``col`` next, when several can be captured."""

    type: Literal["capture"] = "capture"
    row: int = Field(ge=0, le=2)
    col: int = Field(ge=0, le=2)


AnyMove = Play | Remove | Capture
Move = Annotated[AnyMove, Field(discriminator="type")]


class Slot(BaseModel):
    """A field card and the gems on it; busy while it holds any."""

    card: str
    gems: Gems = Field(default_factory=Gems)

    @property
    def busy(self) -> bool:
        return self.gems.total() > 0


class Public(DerivedPart):
    field: list[list[Slot | None]] = Field(description="the 3x3 field by rows; None where a captured card left")
    supply: Gems
    broiled: Gems = Field(description="gems on the green, yellow and purple Jabberwocky cards")
    discard: list[str] = Field(description="the face-up discard pile, oldest first")
    boxed: list[str] = Field(default_factory=list, description="empty captured cards, out of the game")
    deck_size: int
    hand_size: int
    phase: Literal["play", "remove", "capture", "over"]
    turn: int = 1
    played: Pos | None = Field(None, description="the card played this turn: it cannot be captured this turn")
    to_remove: int = Field(0, description="gems still to take off the cards next to the card played")
    supply_colour: Colour | None = Field(None, description="the played card's colour, for removals from the supply")
    out_of_purple: bool = Field(False, description="a purple gem was needed and the supply had none")
    score: int = 0
    end: End | None = None

    @computed_field(description="the move under way: removals and captures after the card played")  # type: ignore[prop-decorator]
    @property
    def underway(self) -> Underway | None:
        """After the card played, while a removal or a capture is the player's to choose."""
        if self.phase not in ("remove", "capture"):
            return None
        played = None if self.played is None else list(self.played)
        return Underway(seat=0, step=self.phase, so_far={"played": played, "to_remove": self.to_remove})


class Private(Part):
    hand: list[str]


class Secret(Part):
    deck: list[str] = Field(description="the face-down deck, top first")


BTable = Table[Public, Private, Secret]


def slot_at(public: Public, pos: Pos) -> Slot | None:
    return public.field[pos[0]][pos[1]]


def field_cards(public: Public) -> list[tuple[Pos, Slot]]:
    """The cards still on the field, in reading order."""
    return [(p, s) for p in FIELD.cells() if (s := slot_at(public, p)) is not None]


def neighbour_cards(public: Public, pos: Pos) -> list[tuple[Pos, Slot]]:
    """The cards orthogonally next to ``pos`` that are still on the field."""
    return [(n, s) for n in FIELD.neighbours(pos) if (s := slot_at(public, n)) is not None]


def capturable(public: Public) -> list[Pos]:
    """Cards adjacent only to busy cards, and to at least one, except the card played this turn."""
    busy = {pos: slot.busy for pos, slot in field_cards(public)}
    out = []
    for pos in busy:
        if pos == public.played:
            continue
        around = [busy[n] for n in FIELD.neighbours(pos) if n in busy]
        if around and all(around):
            out.append(pos)
    return out


def removal_choices(public: Public) -> list[tuple[Pos, Colour]]:
    """Each kind of gem (card and colour) on the cards next to the card played."""
    if public.played is None:
        return []
    return [(p, c) for p, s in neighbour_cards(public, public.played) for c in COLOUR_ORDER if s.gems.get(c)]


def score(public: Public) -> int:
    """Broiled gems and gems left on the field, at the book's prices; the supply and the box score nothing."""
    points = sum(BROILED_POINTS[c] * public.broiled.get(c) for c in COLOURS)
    for _, slot in field_cards(public):
        if slot.busy:
            points += sum(FIELD_POINTS[c] * slot.gems.get(c) for c in COLOURS)
    return points


def effect(new: str, old: str) -> tuple[list[str], int]:
    """What ``new`` does when it replaces ``old``: the colours of the gems it adds, and how many it removes."""
    up = value(new) - value(old)
    same = colour(new) == colour(old)
    if up == 0:
        return [colour(new), colour(old)], 0
    if up > 0:
        return [colour(new)] * (up if same else 1), 0
    return [], 1 if same else -up


# -- events ---------------------------------------------------------------------


class GemAt(EventData):
    at: list[int] = Field(description="row and column of the card")
    colour: Colour


class CapturedCard(EventData):
    at: list[int] = Field(description="row and column of the card")
    card: str
    broiled: Gems = Field(description="the gems on it: broiled if it was busy, else it was boxed with none")


class TurnNews(EventData):
    """What any decision may show, as the turn plays on without a choice: gems added to the played card, taken
    off (from the field or the supply), cards captured; at the turn's end, the draw or the end of the game."""

    added: list[str] | None = Field(None, description="the gems the played card got from the supply")
    from_supply: list[str] | None = Field(None, description="gems taken off from the supply, with none on the field")
    removed: list[GemAt] | None = None
    captured: list[CapturedCard] | None = None
    drew: int | None = Field(None, description="the turn ended: how many cards the seat drew")
    reshuffled: bool | None = Field(None, description="the turn ended: whether the discard pile was reshuffled")
    end: End | None = Field(None, description="the game ended, and why")
    score: int = Field(description="the score after the decision")


class DrewCards(PrivatePart):
    drew: list[str] = Field(description="the cards drawn at the end of the turn")


class CardPlayed(TurnNews, EventModel):
    type: Literal["play"]
    card: str
    at: list[int] = Field(description="row and column it was played at")
    replaced: str = Field(description="the card it replaced, now discarded")
    private: ClassVar[PrivateModel] = DrewCards


class GemRemoved(TurnNews, EventModel):
    type: Literal["remove"]
    private: ClassVar[PrivateModel] = DrewCards


class CardCaptured(TurnNews, EventModel):
    type: Literal["capture"]
    private: ClassVar[PrivateModel] = DrewCards


class Bandersnatch(
    Decisions[Public, Private, Secret, AnyMove], Game[BandersnatchOptions, AnyMove, Public, Private, Secret]
):
    name = "bandersnatch"
    title = "Bandersnatch"
    min_seats, max_seats = 1, 1
    summary = (
        "Solo puzzle (Jabberwocky microgames). Swap cards from your 2-card hand with empty cards in a "
        "3x3 field: higher or equal cards add gems, lower cards take gems away. A card surrounded only "
        "by busy cards is captured and its gems broiled. Broil green and yellow, keep purple on the "
        "field: 10 or more is a victory."
    )
    options_type = BandersnatchOptions
    move_type = Move
    events = (
        CardPlayed,
        GemRemoved,
        CardCaptured,
    )
    public_type, private_type, secret_type = Public, Private, Secret
    reasons = {
        "no_card_to_play": "no card of the hand can replace a field card (the hand is empty or every card is busy)",
        "out_of_purple_gems": "a purple gem was needed and the supply had none: the game ended with that turn",
    }

    def setup(self, options: BandersnatchOptions, seats: int, rng: Rng) -> BTable:
        deck = number_deck(rng)
        field: list[list[Slot | None]] = [[Slot(card=deck.pop(0)) for _ in range(3)] for _ in range(3)]
        hand = deck[:HAND_SIZE]
        del deck[:HAND_SIZE]
        public = Public(
            field=field, supply=Gems.supply(), broiled=Gems(), discard=[], deck_size=len(deck),
            hand_size=len(hand), phase="play",
        )  # fmt: skip
        return BTable(public=public, private=[Private(hand=hand)], secret=Secret(deck=deck))

    # -- who acts, what is legal -------------------------------------------------

    def to_act(self, public: Public) -> Sequence[int]:
        return [] if public.phase == "over" else [0]

    def legal_moves(self, public: Public, private: Private, seat: int) -> list[AnyMove]:
        if public.phase == "play":
            empty = [p for p, s in field_cards(public) if not s.busy]
            return [Play(card=c, row=r, col=k) for c in private.hand for r, k in empty]
        if public.phase == "remove":
            return [Remove(row=p[0], col=p[1], colour=c) for p, c in removal_choices(public)]
        if public.phase == "capture":
            return [Capture(row=r, col=k) for r, k in capturable(public)]
        return []

    def check(self, public: Public, private: Private, seat: int, move: AnyMove) -> None:
        if public.phase == "play":
            if not isinstance(move, Play):
                raise IllegalMove("play a card from your hand onto an empty field card")
            if move.card not in private.hand:
                raise IllegalMove(f"{move.card} is not in your hand")
            there = slot_at(public, (move.row, move.col))
            if there is None:
                raise IllegalMove(f"no card is left at row {move.row}, column {move.col}")
            if there.busy:
                raise IllegalMove(f"{there.card} is busy: cards with gems on them cannot be replaced")
        elif public.phase == "remove":
            if not isinstance(move, Remove):
                raise IllegalMove(f"take {public.to_remove} more gem(s) off the cards next to the card played")
            if ((move.row, move.col), move.colour) not in removal_choices(public):
                raise IllegalMove(f"no {move.colour} gem on a card next to the card played at that place")
        elif public.phase == "capture":
            if not isinstance(move, Capture):
                raise IllegalMove("choose the next card to capture")
            if (move.row, move.col) not in capturable(public):
                raise IllegalMove("that card cannot be captured now")
        else:
            raise IllegalMove("the game is over")

    # -- playing ---------------------------------------------------------------------

    def apply(self, table: BTable, seat: int, move: AnyMove, rng: Rng) -> Event:
        event = self.play_decision(table, seat, move, rng)
        table.public.score = score(table.public)
        event.public["score"] = table.public.score
        return event

    def decide(self, table: BTable, seat: int, move: AnyMove, rng: Rng) -> Event:
        pub = table.public
        news: dict[str, Any] = {"type": move.type}
        if isinstance(move, Play):
            self._play(table, move, news)
        elif isinstance(move, Remove):
            self._remove(pub, (move.row, move.col), move.colour, news)
        else:
            self._capture(pub, (move.row, move.col), news)
        self._advance(pub, news)
        return Event(news)

    def _play(self, table: BTable, move: Play, news: dict[str, Any]) -> None:
        pub, hand = table.public, table.private[0].hand
        pos = (move.row, move.col)
        old = slot_at(pub, pos)
        assert old is not None
        hand.remove(move.card)
        pub.hand_size = len(hand)
        pub.discard.append(old.card)
        new = Slot(card=move.card)
        pub.field[pos[0]][pos[1]] = new
        pub.played = pos
        adds, removes = effect(move.card, old.card)
        news.update(card=move.card, at=list(pos), replaced=old.card)
        for c in adds:
            got = self._from_supply(pub, c)
            if got is not None:
                new.gems.add(got)
                news.setdefault("added", []).append(got)
        pub.to_remove = removes
        pub.supply_colour = colour(move.card)  # type: ignore[assignment]

    def _from_supply(self, pub: Public, wanted: str) -> str | None:
        """Take a ``wanted`` gem from the supply, purple standing in for green or yellow.

        Returns the colour taken, or ``None`` when purple was needed and none was left.
        """
        for c in (wanted, "purple"):
            if pub.supply.get(c):
                pub.supply.take(c)
                return c
        pub.out_of_purple = True
        return None

    def _remove(self, pub: Public, pos: Pos, gem: str, news: dict[str, Any]) -> None:
        slot = slot_at(pub, pos)
        assert slot is not None
        slot.gems.take(gem)
        pub.to_remove -= 1
        news.setdefault("removed", []).append({"at": list(pos), "colour": gem})

    def _capture(self, pub: Public, pos: Pos, news: dict[str, Any]) -> None:
        slot = slot_at(pub, pos)
        assert slot is not None
        broiled = slot.gems.model_dump()
        if slot.busy:
            for c in COLOURS:
                pub.broiled.add(c, slot.gems.get(c))
            pub.discard.append(slot.card)
        else:
            pub.boxed.append(slot.card)
        pub.field[pos[0]][pos[1]] = None
        news.setdefault("captured", []).append({"at": list(pos), "card": slot.card, "broiled": broiled})

    def _advance(self, pub: Public, news: dict[str, Any]) -> None:
        """Play the turn on as far as it goes without a choice, and ask for the next choice if one is left."""
        pub.phase = "play"  # nothing under way unless a choice is left
        while pub.to_remove > 0:
            assert pub.played is not None
            choices = removal_choices(pub)
            near = sum(s.gems.total() for _, s in neighbour_cards(pub, pub.played))
            if not choices:
                self._remove_from_supply(pub, news)
            elif near <= pub.to_remove or len(choices) == 1:
                self._remove(pub, *choices[0], news)
            else:
                pub.phase = "remove"
                return
        while can := capturable(pub):
            if len(can) > 1:
                pub.phase = "capture"
                return
            self._capture(pub, can[0], news)

    def _remove_from_supply(self, pub: Public, news: dict[str, Any]) -> None:
        assert pub.supply_colour is not None
        for _ in range(pub.to_remove):
            got = self._from_supply(pub, pub.supply_colour)
            if got is not None:
                news.setdefault("from_supply", []).append(got)
        pub.to_remove = 0

    def complete(self, table: BTable, seat: int, rng: Rng, event: Event) -> None:
        """The end of the turn: out of purple gems, or draw up to two cards and check the next turn can be played."""
        pub, hand, news = table.public, table.private[0].hand, event.public
        pub.played, pub.supply_colour = None, None
        if pub.out_of_purple:
            self._over(pub, "out of purple gems", news)
            return
        drawn = draw_up_to(hand, HAND_SIZE, table.secret.deck, rng, discard=pub.discard)
        pub.deck_size, pub.hand_size = len(table.secret.deck), len(hand)
        news.update(drew=len(drawn.cards), reshuffled=drawn.reshuffled)
        if drawn.cards:
            event.private[0] = {"drew": drawn.cards}
        if not hand or all(s.busy for _, s in field_cards(pub)):
            self._over(pub, "no card to play", news)
            return
        pub.phase = "play"
        pub.turn += 1

    @staticmethod
    def _over(pub: Public, why: End, news: dict[str, Any]) -> None:
        pub.phase, pub.end = "over", why
        news["end"] = why

    # -- what a seat may know (AI opponents) -------------------------------------------

    def determinize(self, public: Public, private: Private, seat: int, seats: int, rng: Rng, seen: Seen = ()) -> BTable:
        """The deck: the Number cards neither on the field, in the hand, discarded nor out of the game,
        in a random order (the player holds the only hand; the deck's order is all it cannot know)."""
        on_field = (slot.card for _, slot in field_cards(public))
        deck = unseen(_ALL_CARDS, on_field, private.hand, public.discard, public.boxed)
        rng.shuffle(deck)
        return assemble(self, public, [private], Secret.model_construct(deck=deck))

    def outcome(self, public: Public) -> Outcome | None:
        if public.phase != "over":
            return None
        return solo_outcome(public.score, TARGET, CHART, reason=(public.end or "completed").replace(" ", "_"))
