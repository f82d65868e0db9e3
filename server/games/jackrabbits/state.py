"""The table: what everyone sees (:class:`Public`), each hand (:class:`Private`) and the pile and the face-down
tiles (:class:`Secret`), with the records of what is under way (a payment, a flight, a board being built, a deal, a
fight, a challenge). Splitting the state so is what keeps a hand or the pile out of every other seat's view.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field, ValidatorFunctionWrapHandler, computed_field, field_validator

from server.engine import DerivedPart, Part, Table
from server.engine.decisions import Underway

from .board import OFF, UNDERGROUND, Board
from .cards import Additions, Objective, Purse
from .layouts import SAMPLE_BOARD, SAMPLE_BOARD_DATA
from .moves import Via

Phase = Literal[
    "build",
    "takeoff",
    "ask",
    "consider",
    "lottery",
    "journey",
    "arrived",  # the journey's last decision made, until what follows it is settled in the same move
    "pay",
    "acquire",
    "fight",
    "give_up",
    "access",
    "prove",
    "trim",
    "over",
]


class Pending(BaseModel):
    """What the acting seat is paying for: a transfer (``via``, ``to``) or a claim (``via`` = ``claim``)."""

    via: Via | Literal["claim", "flight", "trade"]
    to: str
    price: int
    suits: str
    exclude: str | None = Field(None, description="a card that may not pay (the flight's shown card, off the clubs)")


class Flight(BaseModel):
    """A clubs flight declared before the roll: the card shown, the tower left and the tower aimed at."""

    card: str
    start: str
    to: str


class Building(BaseModel):
    """The board being built by the players: each seat's tiles left by shape, where the hexes lie, and a rhombus
    whose first road is down."""

    mode: Literal["strict", "free"]
    left: list[dict[str, int]] = Field(description="each seat's tiles still to place, by shape")
    faces: list[list[str]] = Field(description="free building: each seat's face-up tiles")
    spots: dict[str, list[int]] = Field(description="where each hex lies on the lattice: q, r")
    half: list[str] | None = Field(None, description="a rhombus with one road down: its id, the road's two ends")
    passes: int = Field(0, description="seats in a row that could place nothing")


class Deal(BaseModel):
    """Extended trades, seen only by the two seats: the diamond offered, the card asked for, the other seat."""

    give: str
    ask: str | None = None
    partner: int


class Fight(BaseModel):
    """A spades fight: the two seats, each one's score so far, and the seat to throw next."""

    attacker: int
    defender: int
    scores: list[int] = Field(description="attacker's, defender's")
    to_throw: int


class Challenge(BaseModel):
    """Hearts access at a Queen palace: the seats still to be asked, and the challenger with the cards shown."""

    palace: str
    asking: list[int]
    challenger: int | None = None
    shown: list[str] = Field(default_factory=list)


class Public(DerivedPart):
    #: A board never changes, it is replaced (:class:`Board`): views serialise each board once.
    shared_fields: ClassVar[frozenset[str]] = frozenset({"board"})

    objective: Objective
    additions: Additions
    suits: str = Field(description="the suits in play")
    hand_limit: int
    board: Board
    turn_limit: int
    round: int = Field(description="the round in play, from 1")
    first_player: int
    turn: int = Field(description="the seat whose turn it is")
    phase: Phase
    then: Literal["journey", "next"] = Field("journey", description="what follows the discards of a full hand")
    trimming: list[int] = Field(
        default_factory=list,
        description="the seats caught over the hand limit that discard now, in order (empty: the turn's seat)",
    )
    dice: list[int] = Field(description="the lottery's dice; their total is the price of transfers")
    rabbits: list[str] = Field(description="each seat's road node, or off (off the board)")
    came_from: str | None = Field(None, description="the node the journey came from (no going straight back)")
    moved: bool = Field(False, description="whether this turn's journey has started")
    stayed: bool = Field(False, description="whether this turn's journey was declined (the rabbit stayed put)")
    bought: list[str] = Field(default_factory=list, description="taverns where a joker was bought this journey")
    pending: Pending | None = None
    building: Building | None = None
    flight: Flight | None = None
    challenge: Challenge | None = None
    fight: Fight | None = None
    fought: bool = Field(False, description="whether the seat has fought this turn")
    dealing: list[int] | None = Field(None, description="extended trades: the proposer and the seat it deals with")
    dealt: bool = Field(False, description="whether the seat has offered a deal this turn")
    traded: bool = Field(False, description="whether a card was bought at a plaza this turn")
    court: list[str] = Field(description="royals and jokers face up, not held by anyone")
    royals: list[list[str]] = Field(description="each seat's royals, marked by its carrots")
    jesters: list[list[str]] = Field(description="each seat's jokers, bought at taverns")
    carrots: list[int] = Field(description="each seat's carrots not yet on a royal")
    capital: list[str | None] = Field(description="each seat's capital ace, kept face up once paid (Capital Aces)")
    hand_sizes: list[int]
    pile_size: int
    discards: list[str] = Field(description="the spent cards, last on top")
    shown: list[str] = Field(default_factory=list, description="cards the last move showed or paid")
    winners: list[int] = Field(default_factory=list)
    reason: str = "completed"

    @field_validator("board", mode="wrap")
    @classmethod
    def _share_the_sample_board(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Board:
        """A table read back with the sample board gets :data:`SAMPLE_BOARD` itself, not a copy.

        Boards never change (a built board is replaced, tile by tile), so tables may share one. A
        decoded copy would be about 280 objects (the tiles, the links, their field sets), most of
        a table's, and every young collection walks the tables in flight
        (``server/runtime/gc.py``). The stored board is compared with the sample's data in full,
        so a board that merely says ``sample`` is validated as it is.
        """
        if isinstance(value, dict) and value.get("layout") == "sample" and value == SAMPLE_BOARD_DATA:
            return SAMPLE_BOARD
        board: Board = handler(value)
        return board

    @computed_field(description="the move under way: the journey, a payment, a rhombus's roads, a deal")  # type: ignore[prop-decorator]
    @property
    def underway(self) -> Underway | None:
        """A journey once started, a payment asked for, a rhombus with one road down, a deal being named."""
        if self.phase == "journey":
            at, on_hex = self.rabbits[self.turn], self.board.graph.is_hex(self.rabbits[self.turn])
            # On a small tile the journey must go on; on a hex it has begun once the seat moved (or bought a joker).
            if self.moved or self.bought or not on_hex:
                so_far = {"at": at, "came_from": self.came_from, "bought": list(self.bought)}
                stop = on_hex and at not in (OFF, UNDERGROUND)
                return Underway(seat=self.turn, step="journey", so_far=so_far, may_stop=stop)
        if self.phase == "pay" and self.pending is not None:
            return Underway(seat=self.turn, step="pay", so_far={"pending": self.pending.model_dump(mode="json")})
        if self.phase == "build" and self.building is not None and self.building.half is not None:
            return Underway(seat=self.turn, step="road", so_far={"half": list(self.building.half)})
        if self.phase == "ask" and self.dealing is not None:
            # The diamond offered stays in the two seats' private parts: only the partner is public.
            return Underway(seat=self.dealing[0], step="ask", so_far={"partner": self.dealing[1]})
        return None


class Private(Part):
    hand: list[str] = Field(default_factory=list)
    deal: Deal | None = Field(None, description="extended trades: a deal this seat is part of")
    seized: list[str] = Field(
        default_factory=list, description="the cards the next seat last took from this hand's surplus (Seized Surplus)"
    )


class Secret(Part):
    pile: list[str] = Field(default_factory=list, description="the draw pile, top first")
    tiles: list[dict[str, list[str]]] = Field(
        default_factory=list, description="strict building: each seat's face-down tiles by shape, top first"
    )


JTable = Table[Public, Private, Secret]


def purse_of(public: Public, seat: int) -> Purse:
    """How the seat's cards add up in its payments: its capital ace and the additions in play."""
    return Purse(public.additions, public.capital[seat])
