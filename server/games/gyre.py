"""Gyre, an area control game for 2-3 players (Jabberwocky microgames, by Marek Tupy).

The 15 Number cards lie face up in a grid of 3 rows and 5 columns, the 5s
face down, each face-up card holding one gem of each of the two other
colours. Each colour's Jabberwocky card stands on one of the 16 spaces
around the grid (:class:`server.engine.grid.Grid`). A turn moves one
Jabberwocky card around the ring (the *whiffle*), then takes one action with
it: *inhale* its colour's gems along its row or column towards it, *exhale*
the gems it carries back out along that line, *resolve conflicts* on every
card, or *fly* to any empty space. At the end of each turn a face-up card
holding at least its value in gems of its colour, and no other gem, flips
face down and its gems go back to their Jabberwocky card. The first player
whose four face-up cards are all face down wins.

Seat ``s`` plays the colour ``ORDER[s]`` (green, yellow, purple); with two
players purple is the neutral colour: either player may move its
Jabberwocky card and act for it, but never on two turns in a row.

A space is a ``(row, col)`` position just outside the grid (``(-1, 2)`` is
above the middle column, ``(1, 5)`` right of the middle row); the turn is a
move in two decisions by the same seat (:mod:`server.engine.decisions`), the
whiffle and then the action, so that legal moves stay a short list; between
them the public ``moving`` holds the Jabberwocky card whiffled.

Hidden: nothing. Every card, gem and Jabberwocky card is on the table; the
private part is empty, and the secret part only remembers, for the
repetition house rule, digests of the positions seen since the last flip
(each made of public facts, kept out of the views because they grow).

Chance: at setup, from the match's seeded generator, the first player (unless
the option ``first_player`` names one), in the extended variant the value
that starts face down (unless ``face_down`` names it), and the deal of the
grid. The starting gems and the Jabberwocky cards' places follow from the
deal.

Interpretations (rulebook: ``jabberwocky-microgames.txt``, "Gyre"):

- "Each player chooses a color and takes the Jabberwocky card of that
  color." -> The deal is random, so no colour is better placed than another
  before it: seat 0 plays green, seat 1 yellow, seat 2 purple, and with two
  players purple is the neutral colour ("The Jabberwocky card that neither
  player chose acts as a neutral player").
- "Shuffle the 15 Number cards and deal them face-up into a 5x3 grid." -> 5
  columns by 3 rows: the top and bottom rows, with 5 spaces each, are the
  long sides; the left and right columns, with 3 spaces each, the short ones.
- "Place gems onto the Number cards as follows: ... 1 green gem and 1 yellow
  gem on each purple card ... 1 yellow gem and 1 purple gem on each green card
  ... 1 purple gem and 1 green gem on each yellow card" -> One gem of each of
  the two other colours per card, on the face-up cards only: 12 face-up cards
  with 2 gems each use exactly the 8 gems of each colour, and the face-down
  cards hold no gems (no gem ever stays on a face-down card).
- "Each player places their Jabberwocky card adjacent to the lowest card of
  their color in an outside row or column." -> Every card but the middle
  three of the middle row is in an outside row or column; among those, the
  lowest face-up card of the colour is chosen (a face-down card is no longer
  to be flipped; in the base game the face-down 5s are never the lowest
  anyway). In the extended variant with the 1s face down, a Jabberwocky card
  starts by its colour's lowest face-up outside card, never by a 1. With two
  players the neutral Jabberwocky card is placed the same way ("set
  everything up as though playing a 3-player game").
- "If it's on a corner, place it adjacent to the longer side." -> A corner
  card's Jabberwocky card goes on the space above it (top row) or below it
  (bottom row), not beside it.
- NOTES.md: "Table conventions such as "the player who most recently looked
  at a map goes first" become a random choice from the match's seeded
  generator, unless the match creator names the first player in the match
  options." -> "The player who most recently moved goes first" is a draw from
  the seeded generator unless the option ``first_player`` names the seat.
- "You may whiffle any distance in either direction, but cannot pass other
  Jabberwocky cards or share a space with them." -> The 16 spaces are a ring,
  clockwise from the space above the top-left card; the two spaces on either
  side of a grid corner are next to each other on it. A whiffle goes to any
  space reachable around the ring, either way, without reaching or passing
  another Jabberwocky card, the neutral one included.
- "If both the other Jabberwock cards are adjacent to you (blocking you from
  moving) you must pick your Jabberwocky card up and place it in any empty
  space (except the one you just left)." -> When no space is reachable
  around the ring, the whiffle may go to any empty space but its own.
- "Move every gem of your color in the row/column you are adjacent to 1 card
  towards your Jabberwocky card." -> All those gems move at once, each by one
  card: a gem does not move again because the card it lands on is then
  emptied.
- "Every time a gem moves onto a face-down card, ... move it an additional
  card towards your Jabberwocky card." -> Card after card, until it lands on
  a face-up card or on the Jabberwocky card.
- "If a gem would go off the grid or onto another player's Jabberwocky card,
  instead return it to your card." -> The n-th exhaled gem goes n cards away,
  then one card further for each face-down card it lands on; a gem that would
  end beyond the far edge of the grid (off it, or on the opposite space,
  whoever stands there) stays on the Jabberwocky card. "You may only take
  this action if it would move at least 1 gem onto the grid": at least one
  gem must end on a card.
- "You may only take this action if it will result in returning at least 1
  gem to a Jabberwocky card." -> Resolve conflicts is legal when some card is
  controlled ("when a player has more gems on that card than all other
  players combined") and holds a gem of another colour; every such card is
  resolved, whatever its colour.
- "Pick up your Jabberwocky card and move it to any empty space except for
  the one you picked it up from." -> Fly goes to any empty space but the one
  the Jabberwocky card stands on after this turn's whiffle ("You may fly back
  to the space where you started your turn").
- "A Number card flips face-down at the end of any turn when it has a number
  of gems of its color equal to or higher than the card's value, and no
  other gems." -> Flips are checked once per turn, after the action, on every
  face-up card of every colour, whoever acted; a card needs at least one gem
  (its value), and its gems go back to the Jabberwocky card of its colour.
- "The neutral player cannot take 2 consecutive turns." -> A seat may move
  the neutral Jabberwocky card unless the turn just before moved it.
- "If the neutral player flips their last Number card, continue playing until
  one of the other players wins." -> The neutral colour finishing ends
  nothing, and the neutral Jabberwocky card may still be moved afterwards.
- "If 2 or more players have all Number cards of their color flipped
  face-down at the end of a turn, the player who just took their turn wins."
  -> If the mover is one of them, the mover alone wins, whichever
  Jabberwocky card it moved. If not (an action can clear two rivals' last
  cards at once), the mover has not met the objective ("To be the first to
  flip all 4 of your cards face-down."), so the tie-breaker does not apply
  and the rule quoted in the next bullet does.
- NOTES.md: "Ties are resolved by the tie-breakers each rulebook gives; where
  none is given, tied seats share the win." -> Players who finish together on
  another player's turn share the win.
- "For a longer game, flip the 4, 3, 2, or 1 Number cards face-down during
  setup instead of the 5's." -> Option ``extended`` (NOTES.md: "Optional
  variants printed in the book (extended, advanced, solo) are match
  options."): the three cards of one value start face down instead of the
  5s; the value is the option ``face_down`` (1-4), drawn from the seeded
  generator when unset. Each colour still has four cards to flip.
- NOTES.md: "Where neither a rulebook nor these notes decide a question, choose the reading that keeps the game
  fair and playable" -> the book sets no end but a colour finished, and legal play can loop for ever (a Jabberwocky
  card flying to and fro leaves the grid unchanged), so two house rules are options. ``turn_limit``: after that many
  turns the players with the most cards of their colour face down share the win (reason ``turn_limit``).
  ``repetition``: when one position (every card and gem, the Jabberwocky cards, the player to move and whether the
  neutral card may move) comes up that many times, every player shares the draw (reason ``repetition``); a flip is
  never undone, so only positions since the last flip count. Both are off by default, the book's game, and on in
  ladders and tournaments (300 turns, 3 repetitions: :attr:`Gyre.rated_options`) unless their creator sets them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, Field, computed_field, field_validator

from server.engine import (
    BadOptions,
    DerivedPart,
    Event,
    EventData,
    EventModel,
    Game,
    IllegalMove,
    MoveModel,
    Nothing,
    Options,
    Outcome,
    Part,
    Rng,
    Table,
)
from server.engine.decisions import Decisions, Underway
from server.engine.grid import Grid, Pos
from server.engine.knowledge import Seen
from server.engine.numbers import NUMBER_CARD_PATTERN, Gems, number_deck, value
from server.engine.option_rules import either, on, unset
from server.engine.sampling import assemble
from server.engine.seats import check_named_seat, left_of, named_or_drawn

Colour = Literal["green", "yellow", "purple"]
Space = tuple[int, int]
"""A space around the grid, as a ``(row, col)`` position just outside it."""

GRID = Grid(rows=3, cols=5)
FACE_DOWN_VALUE = 5
EXTENDED_VALUES: tuple[int, ...] = (4, 3, 2, 1)
NEUTRAL: Colour = "purple"
#: The colours in the rulebook's order; seat ``s`` plays ``ORDER[s]``.
ORDER: tuple[Colour, ...] = ("green", "yellow", "purple")
COLOUR_OF: dict[str, Colour] = {"G": "green", "Y": "yellow", "P": "purple"}
#: Where a gem travels instead of a card: onto the Jabberwocky card.
ONTO_JABBERWOCK = "jabberwock"


class GyreOptions(Options):
    extended: bool = Field(False, description="extended variant: the 4s, 3s, 2s or 1s start face down, not the 5s")
    face_down: Literal[1, 2, 3, 4] | None = Field(
        None, description="extended variant: the value that starts face down; drawn if unset"
    )
    first_player: int | None = Field(None, ge=0, le=2, description="seat of the first player; drawn if unset")
    turn_limit: int | None = Field(
        None,
        ge=1,
        description="house rule (the book sets no limit): after this many turns the match ends, and the players with "
        "the most cards of their colour face down share the win; none by default, 300 in ladders and tournaments",
    )
    repetition: int | None = Field(
        None,
        ge=2,
        description="house rule: the match is drawn (every player shares it) when one position (cards, gems, "
        "Jabberwocky cards, the player to move) comes up this many times; none by default, 3 in ladders and "
        "tournaments",
    )

    @field_validator("face_down", mode="before")
    @classmethod
    def _a_number(cls, value: Any) -> Any:
        if isinstance(value, bool):  # a Literal of integers takes true as 1, even strictly
            raise ValueError("face_down is 1, 2, 3 or 4")
        return value


class Whiffle(MoveModel):
    """Move a Jabberwocky card (yours, or the neutral one with 2 players) to a new space."""

    type: Literal["whiffle"] = "whiffle"
    jabberwock: Colour
    to: Space


class Inhale(MoveModel):
    """Move every gem of the moving colour in its row/column one card towards it."""

    type: Literal["inhale"] = "inhale"


class Exhale(MoveModel):
    """Put the carried gems back out, one per card, in a straight line away from it."""

    type: Literal["exhale"] = "exhale"


class Resolve(MoveModel):
    """On every controlled card, send the other colours' gems back to their Jabberwocky cards."""

    type: Literal["resolve"] = "resolve"


class Fly(MoveModel):
    """Move the Jabberwocky card just whiffled to any other empty space."""

    type: Literal["fly"] = "fly"
    to: Space


GyreMove = Whiffle | Inhale | Exhale | Resolve | Fly
Move = Annotated[GyreMove, Field(discriminator="type")]


class Cell(BaseModel):
    """A Number card of the grid and the gems on it."""

    card: str = Field(pattern=NUMBER_CARD_PATTERN)
    face_down: bool = False
    gems: Gems = Field(default_factory=Gems)

    @property
    def colour(self) -> Colour:
        return COLOUR_OF[self.card[0]]

    def flips(self) -> bool:
        """Face up, at least its value in gems of its colour, and no other gem."""
        own = self.gems.get(self.colour)
        return not self.face_down and own >= value(self.card) and own == self.gems.total()


class Jabberwock(BaseModel):
    """A Jabberwocky card: where it stands and the gems of its colour it carries."""

    space: Space
    gems: int = 0


class Public(DerivedPart):
    seats: int
    extended: bool
    face_down_value: int = Field(description="the value dealt face down at setup")
    first_player: int
    colours: list[Colour] = Field(description="each seat's colour")
    neutral: Colour | None = Field(description="the colour nobody plays (2 players)")
    grid: list[list[Cell]] = Field(description="3 rows of 5 cards, top row first, each left to right")
    jabberwocks: dict[Colour, Jabberwock]
    phase: Literal["whiffle", "act", "over"]
    turn: int | None
    moving: Colour | None = Field(None, description="the Jabberwocky card whiffled this turn")
    neutral_moved_last: bool = Field(False, description="the previous turn moved the neutral Jabberwocky card")
    turns: int = Field(0, description="turns completed")
    turn_limit: int | None = Field(
        None, description="house rule: the turns after which the match ends (none: no limit)"
    )
    repetition: int | None = Field(None, description="house rule: a position seen this often draws (none: never)")
    seen: int = Field(1, description="how often the position on the table has come up since the last card flipped")
    winners: list[int] | None = None
    reason: str | None = Field(None, description="why the game ended: a code of the catalogue's reasons")
    detail: str | None = Field(None, description="why the game ended, in a sentence")

    @computed_field(description="the move under way: after the whiffle, the action")  # type: ignore[prop-decorator]
    @property
    def underway(self) -> Underway | None:
        """Between the whiffle and the action: the Jabberwocky card whiffled is the one that acts."""
        if self.phase != "act" or self.moving is None or self.turn is None:
            return None
        return Underway(seat=self.turn, step="act", so_far={"moving": self.moving})


class Secret(Part):
    """Nothing of the game is hidden: the secret part only remembers, for the repetition house rule, the positions
    seen since the last card flipped (flips never undo, so no earlier position can come back). Each is a digest
    of public facts; it is kept out of the views only because it grows with the match."""

    positions: dict[str, int] = Field(default_factory=dict, description="a position's digest: how often it came up")


GTable = Table[Public, Nothing, Secret]


def position(public: Public) -> str:
    """A digest of the position between turns: every card and its gems, every Jabberwocky card, who moves next,
    and whether the neutral card may move."""
    grid = ";".join(f"{x.card}{int(x.face_down)}{x.gems.get('green')}{x.gems.get('yellow')}{x.gems.get('purple')}"
                    for x in cells(public))  # fmt: skip
    jabberwocks = ";".join(f"{c}{j.space}{j.gems}" for c, j in sorted(public.jabberwocks.items()))
    key = f"{grid}|{jabberwocks}|{public.turn}|{int(public.neutral_moved_last)}"
    return hashlib.blake2b(key.encode(), digest_size=8).hexdigest()


def cell(public: Public, pos: Pos) -> Cell:
    return public.grid[pos[0]][pos[1]]


def cells(public: Public) -> list[Cell]:
    return [c for row in public.grid for c in row]


def occupied(public: Public, besides: Colour | None = None) -> list[Space]:
    """The spaces holding a Jabberwocky card (but the one of colour ``besides``)."""
    return [j.space for c, j in public.jabberwocks.items() if c != besides]


def empty_spaces(public: Public) -> list[Space]:
    taken = occupied(public)
    return [s for s in GRID.perimeter() if s not in taken]


def start_space(public: Public, c: Colour) -> Space:
    """Beside the lowest face-up card of colour ``c`` in an outside row or column,
    on the long side if it is a corner card."""
    outside = [p for p in GRID.cells() if GRID.spaces_next_to(p)]
    mine = [p for p in outside if cell(public, p).colour == c and not cell(public, p).face_down]
    lowest = min(mine, key=lambda p: value(cell(public, p).card))
    spaces = GRID.spaces_next_to(lowest)
    # The grid is 5 wide and 3 high: its long sides are the top and the bottom.
    return next((s for s in spaces if s[0] in (-1, GRID.rows)), spaces[0])


def complete(public: Public, c: Colour) -> bool:
    """Every Number card of colour ``c`` is face down."""
    return all(x.face_down for x in cells(public) if x.colour == c)


# -- the actions' effects, computed without changing the table ----------------------


def inhaled(public: Public, c: Colour) -> list[tuple[Pos, Pos | None, int]]:
    """Where inhaling moves colour ``c``'s gems: ``(from, to, count)``, ``to`` None for the
    Jabberwocky card. Each gem moves one card towards it, skipping face-down cards."""
    line = GRID.line_from(public.jabberwocks[c].space)
    moves = []
    for i, pos in enumerate(line):
        n = cell(public, pos).gems.get(c)
        if n == 0:
            continue
        j = i - 1
        while j >= 0 and cell(public, line[j]).face_down:
            j -= 1
        moves.append((pos, line[j] if j >= 0 else None, n))
    return moves


def exhaled(public: Public, c: Colour) -> list[Pos | None]:
    """Where each gem carried by colour ``c``'s Jabberwocky card lands when exhaled: the
    n-th gem n cards away, one further per face-down card; None when it comes back."""
    line = GRID.line_from(public.jabberwocks[c].space)
    out: list[Pos | None] = []
    for n in range(1, public.jabberwocks[c].gems + 1):
        d = n
        while d <= len(line) and cell(public, line[d - 1]).face_down:
            d += 1
        out.append(line[d - 1] if d <= len(line) else None)
    return out


def controller(gems: Gems) -> Colour | None:
    """The colour with more gems on a card than all the others together."""
    total = gems.total()
    return next((c for c in ORDER if 2 * gems.get(c) > total), None)


def conflicts(public: Public) -> list[tuple[Pos, Colour, int]]:
    """What resolving conflicts returns: ``(card position, colour, count)``."""
    out = []
    for pos in GRID.cells():
        gems = cell(public, pos).gems
        winner = controller(gems)
        if winner is None:
            continue
        out += [(pos, c, gems.get(c)) for c in ORDER if c != winner and gems.get(c) > 0]
    return out


# -- events ---------------------------------------------------------------------


class Whiffled(EventModel):
    type: Literal["whiffle"]
    seat: int
    jabberwock: Colour = Field(description="the Jabberwocky card moved")
    from_: list[int] = Field(alias="from", description="the space it left")
    to: list[int] = Field(description="the space it moved to")


class GameEnd(EventData):
    winners: list[int]
    reason: str | None
    detail: str | None


class ActionTaken(EventData):
    """What every action shows: the moving Jabberwocky card, the cards flipped at the turn's end, and the end."""

    jabberwock: Colour = Field(description="the Jabberwocky card the action was taken for")
    flipped: list[str] = Field(description="the cards flipped face down at the end of the turn")
    end: GameEnd | None = Field(None, description="the game ended")


class GemsMoved(EventData):
    from_: str = Field(alias="from", description="the card the gems left")
    to: str = Field(description="the card they moved to, or onto the Jabberwocky card")
    gems: int


class Inhaled(ActionTaken, EventModel):
    type: Literal["inhale"]
    seat: int
    moved: list[GemsMoved]


class Exhaled(ActionTaken, EventModel):
    type: Literal["exhale"]
    seat: int
    placed: list[str] = Field(description="where each gem went: a card, or back onto the Jabberwocky card")


class GemsReturned(EventData):
    from_: str = Field(alias="from", description="the card in conflict")
    colour: Colour
    gems: int


class Resolved(ActionTaken, EventModel):
    type: Literal["resolve"]
    seat: int
    returned: list[GemsReturned]


class Flown(ActionTaken, EventModel):
    type: Literal["fly"]
    seat: int
    from_: list[int] = Field(alias="from", description="the space the Jabberwocky card left")
    to: list[int] = Field(description="the empty space it flew to")


class Gyre(Decisions[Public, Nothing, Secret, GyreMove], Game[GyreOptions, GyreMove, Public, Nothing, Secret]):
    name = "gyre"
    title = "Gyre"
    min_seats, max_seats = 2, 3
    summary = (
        "Area control for 2-3 players (Jabberwocky microgames). Move your Jabberwocky card around a "
        "5x3 grid of Number cards, then inhale your gems towards it, exhale them back out, resolve "
        "conflicts or fly. A card holding its number in gems of its colour and no others flips face "
        "down; the first to flip all four of their cards wins. With 2 players the third colour is "
        "neutral. Extended variant: a lower value starts face down instead of the 5s."
    )
    options_type = GyreOptions
    seat_options = ("first_player",)
    move_type = Move
    events = (
        Whiffled,
        Inhaled,
        Exhaled,
        Resolved,
        Flown,
    )
    public_type = Public
    secret_type = Secret
    reasons = {
        "all_face_down": "one player's four cards are all face down: that player wins",
        "finished_together_mover": "several colours finished on one turn: the player who took it wins",
        "finished_together_shared": "several colours finished on another player's turn: they share the win",
        "turn_limit": "house rule: the turn limit was reached; the players with the most cards face down share the win",
        "repetition": "house rule: one position came up as often as the repetition limit; every player shares the draw",
    }
    rated_options: ClassVar[dict[str, Any]] = {"turn_limit": 300, "repetition": 3}

    def options_rules(self, seats: int) -> list[dict[str, Any]]:
        return [either(unset("face_down"), on("extended"))]

    def check_options(self, options: GyreOptions, seats: int) -> None:
        check_named_seat("first_player", options.first_player, seats)
        if options.face_down is not None and not options.extended:
            raise BadOptions("face_down is for the extended variant: set extended too")

    def setup(self, options: GyreOptions, seats: int, rng: Rng) -> GTable:
        first = named_or_drawn(options.first_player, seats, rng)
        down = FACE_DOWN_VALUE
        if options.extended:
            down = options.face_down or EXTENDED_VALUES[rng.below(len(EXTENDED_VALUES))]
        deck = number_deck(rng)
        grid = [
            [Cell(card=c, face_down=value(c) == down) for c in deck[r * GRID.cols : (r + 1) * GRID.cols]]
            for r in range(GRID.rows)
        ]
        for x in (x for row in grid for x in row if not x.face_down):
            for c in ORDER:
                if c != x.colour:
                    x.gems.add(c)
        colours = list(ORDER[:seats])
        public = Public(
            seats=seats, extended=options.extended, face_down_value=down, first_player=first, colours=colours,
            neutral=NEUTRAL if seats == 2 else None, grid=grid, jabberwocks={}, phase="whiffle", turn=first,
            turn_limit=options.turn_limit, repetition=options.repetition,
        )  # fmt: skip
        public.jabberwocks = {c: Jabberwock(space=start_space(public, c)) for c in ORDER}
        secret = Secret(positions={position(public): 1} if options.repetition is not None else {})
        return GTable(public=public, private=[Nothing() for _ in range(seats)], secret=secret)

    # -- who acts, what is legal -----------------------------------------------------

    def to_act(self, public: Public) -> Sequence[int]:
        return () if public.turn is None else (public.turn,)

    def movable(self, public: Public, seat: int) -> list[Colour]:
        """The Jabberwocky cards ``seat`` may whiffle: its own, and the neutral one unless
        the previous turn moved it."""
        own = [public.colours[seat]]
        if public.neutral is not None and not public.neutral_moved_last:
            own.append(public.neutral)
        return own

    def whiffles(self, public: Public, c: Colour) -> list[Space]:
        """Where colour ``c``'s Jabberwocky card may whiffle: around the ring without passing
        another, or, when both others block it, any other empty space."""
        here = public.jabberwocks[c].space
        reachable = GRID.ring_reachable(here, occupied(public, besides=c))
        return reachable or [s for s in empty_spaces(public) if s != here]

    def legal_moves(self, public: Public, private: Nothing, seat: int) -> list[GyreMove]:
        if public.phase == "whiffle":
            return [Whiffle(jabberwock=c, to=s) for c in self.movable(public, seat) for s in self.whiffles(public, c)]
        if public.phase == "act":
            c = public.moving
            assert c is not None
            moves: list[GyreMove] = []
            if inhaled(public, c):
                moves.append(Inhale())
            if any(to is not None for to in exhaled(public, c)):
                moves.append(Exhale())
            if conflicts(public):
                moves.append(Resolve())
            here = public.jabberwocks[c].space
            return moves + [Fly(to=s) for s in empty_spaces(public) if s != here]
        return []

    def check(self, public: Public, private: Nothing, seat: int, move: GyreMove) -> None:
        if public.phase == "over":
            raise IllegalMove("the game is over")
        if public.phase == "whiffle":
            if not isinstance(move, Whiffle):
                raise IllegalMove("whiffle first: every turn starts by moving a Jabberwocky card")
            if move.jabberwock not in self.movable(public, seat):
                if move.jabberwock == public.neutral:
                    raise IllegalMove("the neutral player cannot take 2 consecutive turns: move your own colour")
                raise IllegalMove(f"the {move.jabberwock} Jabberwocky card is not yours to move")
            if move.to not in self.whiffles(public, move.jabberwock):
                raise IllegalMove(f"the {move.jabberwock} Jabberwocky card cannot whiffle to {list(move.to)}")
            return
        c = public.moving
        assert c is not None
        if isinstance(move, Whiffle):
            raise IllegalMove("you have whiffled this turn: take 1 action")
        if isinstance(move, Inhale) and not inhaled(public, c):
            raise IllegalMove(f"no {c} gem in the row/column of the {c} Jabberwocky card")
        if isinstance(move, Exhale) and all(to is None for to in exhaled(public, c)):
            raise IllegalMove("exhaling would move no gem onto the grid")
        if isinstance(move, Resolve) and not conflicts(public):
            raise IllegalMove("resolving conflicts would return no gem")
        if isinstance(move, Fly) and (move.to not in empty_spaces(public) or move.to == public.jabberwocks[c].space):
            raise IllegalMove(f"cannot fly to {list(move.to)}: choose another empty space")

    # -- playing ---------------------------------------------------------------------

    def apply(self, table: GTable, seat: int, move: GyreMove, rng: Rng) -> Event:
        return self.play_decision(table, seat, move, rng)

    def decide(self, table: GTable, seat: int, move: GyreMove, rng: Rng) -> Event:
        pub = table.public
        event: dict[str, object] = {"type": move.type, "seat": seat}
        if isinstance(move, Whiffle):
            jw = pub.jabberwocks[move.jabberwock]
            event.update({"jabberwock": move.jabberwock, "from": list(jw.space), "to": list(move.to)})
            jw.space = move.to
            pub.moving, pub.phase = move.jabberwock, "act"
            return Event(event)
        c = pub.moving
        assert c is not None
        jw = pub.jabberwocks[c]
        event["jabberwock"] = c
        if isinstance(move, Inhale):
            moves = inhaled(pub, c)
            for src, _, n in moves:
                cell(pub, src).gems.take(c, n)
            for _, dst, n in moves:
                if dst is None:
                    jw.gems += n
                else:
                    cell(pub, dst).gems.add(c, n)
            event["moved"] = [
                {"from": cell(pub, s).card, "to": ONTO_JABBERWOCK if d is None else cell(pub, d).card, "gems": n}
                for s, d, n in moves
            ]
        elif isinstance(move, Exhale):
            placed = exhaled(pub, c)
            for dst in placed:
                if dst is not None:
                    cell(pub, dst).gems.add(c)
                    jw.gems -= 1
            event["placed"] = [ONTO_JABBERWOCK if d is None else cell(pub, d).card for d in placed]
        elif isinstance(move, Resolve):
            returned = conflicts(pub)
            for pos, g, n in returned:
                cell(pub, pos).gems.take(g, n)
                pub.jabberwocks[g].gems += n
            event["returned"] = [{"from": cell(pub, p).card, "colour": g, "gems": n} for p, g, n in returned]
        elif isinstance(move, Fly):
            event.update({"from": list(jw.space), "to": list(move.to)})
            jw.space = move.to
        # The action is the move's last decision.
        pub.neutral_moved_last = pub.moving == pub.neutral
        pub.moving = None
        return Event(event)

    def complete(self, table: GTable, seat: int, rng: Rng, event: Event) -> None:
        """The end of the turn: flips, a finished colour, or the next player."""
        pub = table.public
        flipped = []
        for x in cells(pub):
            if x.flips():
                pub.jabberwocks[x.colour].gems += x.gems.total()
                x.gems, x.face_down = Gems(), True
                flipped.append(x.card)
        event.public["flipped"] = flipped
        pub.turns += 1
        done = [s for s in range(pub.seats) if complete(pub, pub.colours[s])]
        if not done:
            pub.phase, pub.turn = "whiffle", left_of(seat, pub.seats)
            if self._house_rules(table, flipped=bool(flipped)):
                event.public["end"] = {"winners": pub.winners, "reason": pub.reason, "detail": pub.detail}
            return
        pub.phase, pub.turn = "over", None
        if len(done) == 1:
            pub.winners = done
            pub.reason, pub.detail = "all_face_down", f"all {pub.colours[done[0]]} cards are face down"
        elif seat in done:
            pub.winners = [seat]
            pub.reason = "finished_together_mover"
            pub.detail = f"{len(done)} colours finished at once: seat {seat} took the turn"
        else:
            pub.winners = done
            pub.reason = "finished_together_shared"
            pub.detail = f"{len(done)} colours finished at once on another player's turn: they share the win"
        event.public["end"] = {"winners": pub.winners, "reason": pub.reason, "detail": pub.detail}

    @staticmethod
    def _house_rules(table: GTable, *, flipped: bool) -> bool:
        """The options the book does not print, checked between turns: the repetition draw, then the turn limit.
        Whether one of them ended the match."""
        pub = table.public
        if pub.repetition is not None:
            positions = table.secret.positions
            if flipped:
                positions.clear()  # a flip is never undone: no position before it comes back
            key = position(pub)
            positions[key] = pub.seen = positions.get(key, 0) + 1
            if pub.seen >= pub.repetition:
                pub.phase, pub.turn, pub.winners, pub.reason = "over", None, list(range(pub.seats)), "repetition"
                pub.detail = f"the same position came up {pub.seen} times: every player shares the draw"
                return True
        if pub.turn_limit is not None and pub.turns >= pub.turn_limit:
            down = [sum(x.face_down for x in cells(pub) if x.colour == c) for c in pub.colours]
            best = max(down)
            pub.phase, pub.turn, pub.reason = "over", None, "turn_limit"
            pub.winners = [s for s in range(pub.seats) if down[s] == best]
            pub.detail = f"{pub.turns} turns played: the most cards face down ({best}) win"
            return True
        return False

    # -- what a seat may know (AI opponents) -------------------------------------------

    def determinize(self, public: Public, private: Nothing, seat: int, seats: int, rng: Rng, seen: Seen = ()) -> GTable:
        """Nothing is hidden, so nothing is drawn: the table is the public part, with the repetition rule's
        record rebuilt from it as far as it tells, the position on the table counted as often as the public
        ``seen`` says. The earlier positions since the last flip are not in the public part (a seat saw
        them come and go, but its knowledge is the table as it is), so a sample may draw by repetition
        later than the real match would.
        """
        positions = {position(public): public.seen} if public.repetition is not None else {}
        privates = [private if s == seat else Nothing() for s in range(seats)]
        return assemble(self, public, privates, Secret.model_construct(positions=positions))

    def outcome(self, public: Public) -> Outcome | None:
        if public.phase != "over" or public.winners is None:
            return None
        return Outcome(winners=public.winners, reason=public.reason or "completed", detail=public.detail)
