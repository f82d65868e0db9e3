"""The game contract: what a game declares, and the parts its state is split into.

A game is a declaration plus pure functions, in the manner of boardgame.io:
``setup`` builds the first :class:`Table` from validated options and the
engine's seeded :class:`~server.engine.rng.Rng`; ``to_act`` says who may act;
``legal_moves`` lists what a seat may do; ``apply`` plays a move;
``outcome`` says when and how the match ended.

What a seat may know is decided by where the game puts each fact:

- ``public``: every seat and every spectator sees it;
- ``private[seat]``: only that seat sees it (its hand, its secret goal);
- ``secret``: nobody sees it (deck order, sealed choices not yet revealed).

The game never writes a view or filters an event; the engine derives both
from these parts (:mod:`server.engine.play`). ``to_act`` and ``outcome``
read the public part only, and ``legal_moves``/``check`` read only the
acting seat's view, so neither who-acts nor an error message can carry a
fact the seat may not see.

A fact that leaves a hidden part must land somewhere visible: when a move
ends a round and clears the board, keep the finished round in the public
part (e.g. ``last_trick``) so that what the event showed stays visible.

``apply`` receives a *draft*: a table the engine owns for this one step
(like the Immer draft a boardgame.io move writes to). It updates the draft
in place and returns the :class:`Event` it caused; callers that need the old
table keep a copy (:func:`copy_table`).

While a response window is open (:mod:`server.engine.windows`), the seat it
asks is the one to act, whatever ``to_act`` says: "at any time" actions are
answers in a window, each timed by the match clock.

Actors that are no player (a King, patrolling guards, the dealer) act in
**chance steps**, as OpenSpiel's chance player does: while no seat is to act
and the match is not over, the engine calls ``chance`` with the seeded
generator, one step at a time, until a seat is to act again. Each step is an
event of its own, carried after the move that led to it (:attr:`Event.then`),
so the log shows "the King moved" apart from the move before it, and a
match still replays from its seed and its players' moves alone.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Generic, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PlainSerializer,
    SerializerFunctionWrapHandler,
    WithJsonSchema,
    model_serializer,
    model_validator,
)

from .errors import IllegalMove
from .events import EventModel
from .knowledge import Seen
from .rng import Rng
from .windows import Window

if TYPE_CHECKING:
    from .decisions import Underway


def _integral_as_int(value: float) -> Any:
    return int(value) if value.is_integer() and abs(value) <= 2**53 - 1 else value


#: A float in a part that JSON writes as an integer when its value is integral (``10`` for ``10.0``),
#: as the protocol's canonical form writes it anyway: a view holding an integral float would cost
#: every frame that carries it the codec's native path (``vorpal_protocol.codec``).
JsonFloat = Annotated[float, PlainSerializer(_integral_as_int, when_used="json"), WithJsonSchema({"type": "number"})]


class Part(BaseModel):
    """Base for the parts of a table: plain data, validated when loaded.

    A derived field (a pydantic computed field, such as the ``underway`` of
    :mod:`server.engine.decisions`) is written out with the part, so views
    show it and the catalogue's schema lists it, and dropped when the part is
    read back (:class:`DerivedPart`): it is worked out again.
    """

    model_config = ConfigDict(extra="forbid")

    #: Derived fields whose value is the same in every match (a game's printed board). A view writes
    #: them from one serialisation made once per game, and a stored table leaves them out, since
    #: they are derived: a board of many tiles is then not serialised again with every view.
    constant_fields: ClassVar[frozenset[str]] = frozenset()
    #: Fields whose value object tables share and nobody changes in place, only replaces (a board
    #: built tile by tile): a view serialises each such object once, for every view that holds it.
    shared_fields: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        if cls.model_computed_fields and not issubclass(cls, DerivedPart):
            raise TypeError(f"{cls.__qualname__} has derived fields: derive it from DerivedPart, which drops "
                            "them when the part is read back")  # fmt: skip


class DerivedPart(Part):
    """A part with derived fields, which are dropped when it is read back.

    Kept apart from :class:`Part` because a validator that runs before the fields' own makes
    pydantic read the part's JSON into Python objects first, a second pass over every stored
    table: only the parts that have derived fields pay for it.
    """

    @model_validator(mode="before")
    @classmethod
    def _drop_derived(cls, data: Any) -> Any:
        derived = cls.__pydantic_computed_fields__  # ``model_computed_fields`` is a slow property
        if isinstance(data, dict) and any(k in data for k in derived):
            return {k: v for k, v in data.items() if k not in derived}
        return data


class Nothing(Part):
    """A part a game does not use (no private hand, no secret)."""


class Options(BaseModel):
    """Base for a game's match options: every field has a default."""

    model_config = ConfigDict(extra="forbid")


class MoveModel(BaseModel):
    """Base for a game's move models: a field the model does not name is refused.

    A move with a key its model does not know (``{"type": "migrate", ..., "count": 2}``) is
    malformed, refused with ``bad_move`` naming the key, as :class:`Options` refuse theirs:
    silently dropping it would play a move the seat did not ask for.
    """

    model_config = ConfigDict(extra="forbid")


PublicT = TypeVar("PublicT", bound=Part)
PrivateT = TypeVar("PrivateT", bound=Part)
SecretT = TypeVar("SecretT", bound=Part)
OptionsT = TypeVar("OptionsT", bound=Options)
MoveT = TypeVar("MoveT")


class Table(BaseModel, Generic[PublicT, PrivateT, SecretT]):
    """One match's state, split by who may see each part."""

    public: PublicT
    private: list[PrivateT]
    secret: SecretT


def copy_table(table: Table[PublicT, PrivateT, SecretT]) -> Table[PublicT, PrivateT, SecretT]:
    return table.model_copy(deep=True)


#: A reason code: stable, snake_case, for a client to switch on.
REASON_PATTERN = r"^[a-z][a-z0-9_]*$"

#: Why a match ended, for every game alike (a game adds its own in :attr:`Game.reasons`).
ENGINE_REASONS: dict[str, str] = {
    "completed": "the match ended as the rules say it ends",
    "tie": "the best seats tied and share the win",
    "tie_break": "the best seats tied and the rulebook's tie-breaker decided",
    "forfeit": "a seat forfeited (its time ran out under the forfeit policy): the other seats win",
    "no_show": "seats a pairing kept were not taken in time: the seats that were taken win",
}


class Outcome(BaseModel):
    """How a match ended: who won (ties share the win), final scores, why.

    ``reason`` is a stable code (:data:`ENGINE_REASONS`, or one the game lists
    in :attr:`Game.reasons`; the catalogue publishes both), so a client can
    switch on it; ``detail`` is the sentence for a person, where the game has
    more to say than the code. A solo game (one seat) wins when its score
    reaches the book's objective, and where the book prints a chart of scores,
    ``rating`` is the line of the chart the score reached
    (:mod:`server.engine.solo`). Fields added after the first three are left
    out of the dump while unset, so the outcomes of games that do not use them
    keep their shape.
    """

    winners: list[int]
    scores: list[int] | None = None
    reason: str = Field("completed", pattern=REASON_PATTERN)
    rating: str | None = None
    detail: str | None = None

    @model_serializer(mode="wrap")
    def _leave_out_unset_additions(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        for addition in ("rating", "detail"):
            if data.get(addition) is None:
                data.pop(addition, None)
        return data


@dataclass
class Event:
    """What a move caused, split like the table: ``private[seat]`` only reaches that seat.

    ``then``: the events of the chance steps that followed the move (:meth:`Game.chance`),
    in order; each is split and redacted like the move's own.
    """

    public: dict[str, Any]
    private: dict[int, dict[str, Any]] = field(default_factory=dict)
    then: list[Event] = field(default_factory=list)


class Game(ABC, Generic[OptionsT, MoveT, PublicT, PrivateT, SecretT]):
    """A game: static facts as class attributes, rules as methods.

    Methods take and return plain data; they must not do I/OptionsT, read the clock
    or use any randomness but the ``rng`` passed in.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    summary: ClassVar[str]
    #: The options model (pydantic, every field defaulted).
    options_type: ClassVar[type[Options]]
    #: The move type: a pydantic model or a discriminated union of models.
    move_type: ClassVar[Any]
    public_type: ClassVar[type[Part]]
    private_type: ClassVar[type[Part]] = Nothing
    secret_type: ClassVar[type[Part]] = Nothing
    #: The events ``apply`` and ``chance`` return, one model per event type (:mod:`server.engine.events`): what
    #: the catalogue publishes of them. The events every match has (joined, left, ...) are not the game's.
    events: ClassVar[Sequence[type[EventModel]]] = ()
    #: The game's own outcome reasons (code: meaning), besides :data:`ENGINE_REASONS`; listed in the catalogue.
    reasons: ClassVar[dict[str, str]] = {}
    #: House rules a rated match (a ladder's, a tournament's) plays by unless its creator sets the option itself:
    #: options the book does not print that keep a match finite (Gyre's turn limit). Casual matches keep the book's
    #: defaults. Applied by :meth:`~server.engine.play.Rules.rated_options`.
    rated_options: ClassVar[Mapping[str, Any]] = {}
    #: The game's printed components that a client shows in words (a card list with each card's text), as named
    #: lists of pydantic models; published in the catalogue as data. Most games print nothing a view's values do
    #: not already say, and leave it empty.
    components: ClassVar[Mapping[str, Sequence[BaseModel]]] = {}

    #: The options that name a seat (:func:`server.engine.seats.check_named_seat`): their schema for a match is
    #: bounded by its seats (:meth:`server.engine.play.Rules.options_schema`).
    seat_options: ClassVar[tuple[str, ...]] = ()

    #: Whether :meth:`determinize` reads the events a seat has seen (``seen``): a game whose views forget what
    #: every seat saw (Jabberwocky's earlier tricks of a round) and whose samples must not contradict it. The
    #: bot service reads a match's log for the AI seats of such a game only.
    remembers: ClassVar[bool] = False

    def check_options(self, options: OptionsT, seats: int) -> None:
        """Raise :class:`BadOptions` if ``options`` do not fit ``seats`` (schema checks aside)."""

    def options_rules(self, seats: int) -> list[dict[str, Any]]:
        """What :meth:`check_options` enforces for ``seats`` between options, besides the seat options' bounds,
        as JSON Schemas the options must also match (``if``/``then``): the published schema of a match's
        options then says all that is refused. A test holds the two to the same answers."""
        return []

    @abstractmethod
    def setup(self, options: OptionsT, seats: int, rng: Rng) -> Table[PublicT, PrivateT, SecretT]:
        """The table before the first move."""

    @abstractmethod
    def to_act(self, public: PublicT) -> Sequence[int]:
        """Seats that may move now (several during sealed choices; none once over)."""

    def underway(self, public: PublicT) -> Underway | None:
        """The move of several decisions under way, if any: its seat keeps the turn until it is made.

        Read from the public part's derived field ``underway`` (:mod:`server.engine.decisions`), if it has one.
        """
        # Looked up in the class, not by getattr: a pydantic model raises (and catches) for a missing
        # attribute, and who acts is asked several times a move.
        if "underway" not in type(public).__pydantic_computed_fields__:
            return None
        underway: Underway | None = public.underway  # type: ignore[attr-defined]
        return underway

    def window(self, public: PublicT) -> Window | None:
        """The response window open now, if any: its asked seat acts before anyone else.

        The top of the public part's stack ``windows`` (:mod:`server.engine.windows`), if it has one.
        """
        windows = public.__dict__.get("windows")  # a field's value, without an exception when there is none
        top = windows[-1] if isinstance(windows, list) and windows else None
        return top if isinstance(top, Window) else None

    @abstractmethod
    def legal_moves(self, public: PublicT, private: PrivateT, seat: int) -> list[MoveT]:
        """Every move ``seat`` may make now, judged from what it can see."""

    def check(self, public: PublicT, private: PrivateT, seat: int, move: MoveT) -> None:
        """Raise :class:`IllegalMove` unless ``move`` is legal for ``seat``.

        The default looks the move up in :meth:`legal_moves`; games with large
        move spaces override it with a direct test.
        """
        if move not in self.legal_moves(public, private, seat):
            raise IllegalMove(f"{move!r} is not a legal move now")

    @abstractmethod
    def apply(self, table: Table[PublicT, PrivateT, SecretT], seat: int, move: MoveT, rng: Rng) -> Event:
        """Play a legal ``move`` of ``seat`` on the draft ``table``."""

    @abstractmethod
    def outcome(self, public: PublicT) -> Outcome | None:
        """The result once the match is over, else ``None``."""

    def chance(self, table: Table[PublicT, PrivateT, SecretT], rng: Rng) -> Event | None:
        """One chance step: an actor that is no player acts on the draft ``table`` with ``rng``.

        The engine calls it while no seat is to act and the match is not over (after setup and
        after each move), until a seat is to act again; each call plays one step (the King's
        turn, one thug's patrol) and returns its event. ``None``: nothing is due (the default,
        for a game whose every actor is a player).
        """
        return None

    # -- what a seat may know (AI opponents) --------------------------------------------

    def determinize(
        self, public: PublicT, private: PrivateT, seat: int, seats: int, rng: Rng, seen: Seen = ()
    ) -> Table[PublicT, PrivateT, SecretT]:
        """A whole table consistent with what ``seat`` knows (``public`` and its own ``private``),
        the unknown parts (other seats' private parts, the secret) sampled with ``rng``, the bot's
        own generator. ``public`` and ``private`` are the caller's copies: the sample may hold them.
        ``seen``: the events the seat has received, given only to a game that :attr:`remembers`.

        The seat's view of the sample equals its view of the real table. The default serves a game
        with no hidden parts (every private part and the secret are :class:`Nothing`); a game with
        hidden parts overrides it.
        """
        if not isinstance(private, Nothing):
            raise NotImplementedError(f"{self.name} has hidden parts: it must say how to sample them")
        table_type = Table[self.public_type, self.private_type, self.secret_type]  # type: ignore[name-defined]
        table: Table[PublicT, PrivateT, SecretT] = table_type(
            public=public, private=[self.private_type() for _ in range(seats)], secret=self.secret_type()
        )
        return table

    # -- when a seat's time runs out (match clocks) ---------------------------------

    def default_move(self, public: PublicT, private: PrivateT, seat: int, legal: list[MoveT]) -> MoveT:
        """The move made for ``seat`` when its time runs out under the ``default_move`` policy.

        The first of its legal moves (games list them in a natural order, lowest first) unless
        the game knows a better default. (A seat asked in a response window passes, whatever
        this says: :meth:`~server.engine.play.Rules.default_move`.)
        """
        return legal[0]

    def forfeit(self, public: PublicT, seat: int, seats: int) -> Outcome | None:
        """``seat`` forfeits (its time ran out under the ``forfeit`` policy): the outcome, if that
        ends the match; ``None``: the match goes on with the seat played by the server's bot.

        By default a forfeit ends a match of one or two seats (the other seat wins) and a
        larger match goes on without its player.
        """
        if seats <= 2:
            return Outcome(winners=[s for s in range(seats) if s != seat], reason="forfeit")
        return None
