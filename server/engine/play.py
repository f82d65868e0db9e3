"""Driving a game: the thin public wrappers around a game's pure functions.

This module is the one place where anything is redacted: a seat's or a
spectator's view and its part of an event are derived from the table's parts
here (:meth:`Rules.view`, :func:`event_for`), for every game alike; no game
filters its own output. What a client receives is put together from them,
per recipient, in ``server/domain/views.py``, which redacts nothing itself.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from pydantic import TypeAdapter, ValidationError

from .errors import BadMove, BadOptions, MatchOver, NotYourTurn
from .game import ENGINE_REASONS, Event, Game, Options, Outcome, Table
from .knowledge import Knowledge, Seen
from .option_rules import alternatives
from .rng import Rng
from .windows import Pass

#: In :meth:`Rules._public_layout`, a field serialised anew for every view.
_VARIES = object()

#: Chance steps in a row after which a game is taken to be stuck (its steps never hand the turn to a seat).
MAX_CHANCE_STEPS = 10_000

AnyGame = Game[Any, Any, Any, Any, Any]
AnyTable = Table[Any, Any, Any]


def _first_error(exc: ValidationError) -> str:
    err = exc.errors(include_url=False)[0]
    where = ".".join(str(p) for p in err["loc"]) or "value"
    return f"{where}: {err['msg']}"


@dataclass(frozen=True)
class Rules:
    """A game together with the validators and schemas derived from it."""

    game: AnyGame

    @property
    def name(self) -> str:
        return self.game.name

    @cached_property
    def table_type(self) -> type[AnyTable]:
        g = self.game
        return Table[g.public_type, g.private_type, g.secret_type]  # type: ignore[name-defined]

    @cached_property
    def _moves(self) -> TypeAdapter[Any]:
        return TypeAdapter(self.game.move_type)

    @cached_property
    def _move_lists(self) -> TypeAdapter[list[Any]]:
        return TypeAdapter(list[self.game.move_type])  # type: ignore[name-defined]

    # -- input ---------------------------------------------------------------

    def parse_options(self, raw: dict[str, Any] | None) -> Options:
        """``raw`` as the game's options, read as strictly as a request (no coercion: ``false`` is no seat)."""
        try:
            return self.game.options_type.model_validate(raw or {}, strict=True)
        except ValidationError as exc:
            raise BadOptions(_first_error(exc)) from None

    def rated_options(self, raw: dict[str, Any] | None) -> dict[str, Any]:
        """The options of a rated match (ladder, tournament): the game's :attr:`~.game.Game.rated_options` house
        rules, then the creator's own options over them (a creator may turn a house rule off by setting it)."""
        return {**self.game.rated_options, **(raw or {})}

    def parse_move(self, raw: Any) -> Any:
        try:
            return self._moves.validate_python(raw)
        except ValidationError as exc:
            raise BadMove(_first_error(exc)) from None

    def options_for(self, raw: dict[str, Any] | None, seats: int) -> Options:
        """``raw`` as the options of a match of ``seats``: ``bad_options`` unless the game takes them for
        that many seats (what a match's creation checks, for a tournament's or a ladder's matches ahead)."""
        self.check_seats(seats)
        options = self.parse_options(raw)
        self.game.check_options(options, seats)
        return options

    def check_seats(self, seats: int) -> None:
        g = self.game
        if not g.min_seats <= seats <= g.max_seats:
            raise BadOptions(f"{g.name} is for {g.min_seats}-{g.max_seats} seats, not {seats}")

    # -- the match -------------------------------------------------------------

    def setup(self, options: Options, seats: int, seed: int) -> tuple[AnyTable, Rng]:
        """The first table, with the chance steps due before the first move made (like its shuffles, unlogged)."""
        self.check_seats(seats)
        self.game.check_options(options, seats)
        rng = Rng(seed)
        table = self.game.setup(options, seats, rng)
        self._chance_steps(table, rng)
        return table, rng

    def to_act(self, table: AnyTable) -> list[int]:
        return self._to_act(table.public)

    def _to_act(self, public: Any) -> list[int]:
        """Who may act: the seat asked in a response window (:mod:`server.engine.windows`), else the
        seat of a move under way, which keeps the turn (:mod:`server.engine.decisions`), else the game's."""
        window = self.game.window(public)
        if window is not None:
            return [window.asked]
        underway = self.game.underway(public)
        return [underway.seat] if underway is not None else list(self.game.to_act(public))

    def outcome(self, table: AnyTable) -> Outcome | None:
        return self.game.outcome(table.public)

    def legal_moves(self, table: AnyTable, seat: int) -> list[Any]:
        if seat not in self._to_act(table.public):
            return []
        return self.game.legal_moves(table.public, table.private[seat], seat)

    def act(self, table: AnyTable, rng: Rng, seat: int, raw_move: Any) -> tuple[Any, Event]:
        """Validate and apply one move on the draft ``table``; returns (move, event).

        Raises before touching anything: ``match_over``, ``not_your_turn``,
        ``bad_move``, ``illegal_move`` (the last judged from the seat's view).
        """
        game = self.game
        if game.outcome(table.public) is not None:
            raise MatchOver()
        if seat not in self._to_act(table.public):
            raise NotYourTurn()
        move = self.parse_move(raw_move)
        game.check(table.public, table.private[seat], seat, move)
        event = game.apply(table, seat, move, rng)
        event.then.extend(self._chance_steps(table, rng))
        return move, event

    def advance(self, table: AnyTable, rng: Rng, seat: int, move: Any) -> None:
        """Apply ``seat``'s ``move``, known legal, on the draft ``table``, then the chance steps due:
        :meth:`act` without its checks and without keeping the events, for a search that plays
        thousands of moves it took from :meth:`legal_moves` itself (``server.ai``)."""
        self.game.apply(table, seat, move, rng)
        self._chance_steps(table, rng)

    @cached_property
    def _has_chance(self) -> bool:
        return type(self.game).chance is not Game.chance

    def _chance_steps(self, table: AnyTable, rng: Rng) -> list[Event]:
        """The chance steps due on the draft ``table``: while no seat is to act and the match goes on."""
        steps: list[Event] = []
        if not self._has_chance:
            return steps
        while not self._to_act(table.public) and self.game.outcome(table.public) is None:
            if len(steps) == MAX_CHANCE_STEPS:
                raise RuntimeError(f"{self.name}: {MAX_CHANCE_STEPS} chance steps and still no seat to act")
            step = self.game.chance(table, rng)
            if step is None:
                break
            steps.append(step)
        return steps

    def default_move(self, table: AnyTable, seat: int) -> Any:
        """The game's move for ``seat`` when its time runs out (``seat`` must be to act).

        A seat asked in a response window passes, whatever the game's own default.
        """
        legal = self.legal_moves(table, seat)
        window = self.game.window(table.public)
        if window is not None and window.asked == seat:
            for move in legal:
                if isinstance(move, Pass):
                    return move
        return self.game.default_move(table.public, table.private[seat], seat, legal)

    def knowledge(self, table: AnyTable, seat: int, seen: Seen = ()) -> Knowledge:
        """What ``seat`` knows of ``table``: copies of the public part and its own private part; ``seen``, the
        events it has received (:func:`event_for` of each), kept if the game :attr:`~.game.Game.remembers`."""
        return Knowledge(seat, len(table.private), table.public.model_copy(deep=True),
                         table.private[seat].model_copy(deep=True),
                         tuple(seen) if self.game.remembers else ())  # fmt: skip

    def seen(self, events: Iterable[Event], seat: int) -> list[dict[str, Any]]:
        """``seat``'s part of each of ``events`` (a match's, in order): what it has seen (:data:`.knowledge.Seen`)."""
        return [event_for(event, seat) for event in events]

    def determinize(self, knowledge: Knowledge, rng: Rng) -> AnyTable:
        """A whole table consistent with ``knowledge``, its unknown parts sampled with ``rng`` (the
        bot's own generator): :meth:`~server.engine.game.Game.determinize` on fresh copies."""
        k = knowledge
        return self.game.determinize(
            k.public.model_copy(deep=True), k.private.model_copy(deep=True), k.seat, k.seats, rng, k.seen
        )

    def forfeit(self, table: AnyTable, seat: int) -> Outcome | None:
        return self.game.forfeit(table.public, seat, len(table.private))

    # -- output: the only place a table or event is redacted -------------------

    def view(self, table: AnyTable, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees (``None``: a spectator, who sees public facts only)."""
        return self.compose_view(self.public_view(table), table, seat)

    def public_view(self, table: AnyTable) -> dict[str, Any]:
        """The part of every view that everyone shares (computed once, reused for each recipient).

        The public part's constant fields (:attr:`~server.engine.game.Part.constant_fields`) are
        serialised with the first view and taken from there for every later one, in their place;
        a shared field's value (:attr:`~server.engine.game.Part.shared_fields`) is serialised again
        only when it is another object than the last view's. Every view then holds the same objects
        for them, so a view is never changed in place.
        """
        part = table.public
        constants, shared = part.constant_fields, part.shared_fields
        layout = self._public_layout
        if not (constants or shared):
            whole: dict[str, Any] = part.model_dump(mode="json")
            return whole
        if not layout:
            public: dict[str, Any] = part.model_dump(mode="json")
            layout.update((k, public[k] if k in constants else _VARIES) for k in public)
            for k in shared:
                self._shared_dumps[k] = (getattr(part, k), public[k])
            return public
        varying = part.model_dump(mode="json", exclude=constants | shared)
        for k in shared:
            value = getattr(part, k)
            if self._shared_dumps[k][0] is not value:
                self._shared_dumps[k] = (value, part.model_dump(mode="json", include={k})[k])
            varying[k] = self._shared_dumps[k][1]
        return {k: varying[k] if v is _VARIES else v for k, v in layout.items()}

    @cached_property
    def _public_layout(self) -> dict[str, Any]:
        """The public view's keys in order, a constant field's with its JSON (filled by the first view)."""
        return {}

    @cached_property
    def _shared_dumps(self) -> dict[str, tuple[Any, Any]]:
        """Each shared field's last value object and its JSON (filled by the first view)."""
        return {}

    @cached_property
    def constant_fields(self) -> frozenset[str]:
        """The public part's fields whose value is the same in every match (a printed board)."""
        return self.game.public_type.constant_fields

    @cached_property
    def constants(self) -> dict[str, Any]:
        """The value of each constant field of the public part, as views show it: what protocol v2 leaves
        out of every view and the catalogue publishes once (PROTOCOL.md, "Protocol v2")."""
        if not self.constant_fields:
            return {}
        g = self.game
        table, _ = self.setup(g.options_type(), g.min_seats, 0)  # the same in every match: any match will do
        public = self.public_view(table)
        return {k: public[k] for k in sorted(self.constant_fields)}

    def without_constants(self, public: dict[str, Any]) -> dict[str, Any]:
        """A public view without its constant fields (:attr:`constants`), as protocol v2 sends it."""
        constants = self.constant_fields
        return {k: v for k, v in public.items() if k not in constants} if constants else public

    def compose_view(self, public: dict[str, Any], table: AnyTable, seat: int | None) -> dict[str, Any]:
        """``seat``'s view from the shared public part and the seat's own private part."""
        out: dict[str, Any] = {"public": public}
        if seat is not None:
            out["private"] = self.private_view(table, seat)
        return out

    def private_view(self, table: AnyTable, seat: int) -> dict[str, Any]:
        """The private part of ``seat``'s view: its own private part of the table."""
        private: dict[str, Any] = table.private[seat].model_dump(mode="json")
        return private

    def dump_move(self, move: Any) -> Any:
        return self._moves.dump_python(move, mode="json")

    def dump_moves(self, moves: list[Any]) -> list[Any]:
        """``[dump_move(m) for m in moves]`` in one call (a seat's legal moves, with every event)."""
        dumped: list[Any] = self._move_lists.dump_python(moves, mode="json")
        return dumped

    # -- catalogue -------------------------------------------------------------

    @cached_property
    def reasons(self) -> dict[str, str]:
        """Every reason code an outcome of this game may carry, with its meaning: the engine's, then the game's."""
        return {**ENGINE_REASONS, **self.game.reasons}

    @cached_property
    def components(self) -> dict[str, list[dict[str, Any]]]:
        """The game's components by name (:attr:`~server.engine.game.Game.components`), as JSON data."""
        return {name: [item.model_dump(mode="json") for item in items] for name, items in self.game.components.items()}

    def outcome_schema(self) -> dict[str, Any]:
        """The outcome's schema, its ``reason`` an enum of this game's codes."""
        schema: dict[str, Any] = Outcome.model_json_schema()
        schema["description"] = "How the match ended: who won (ties share the win), the scores, and why."
        schema["properties"]["reason"] = {
            "type": "string",
            "enum": list(self.reasons),
            "description": "why the match ended: a stable code (see the catalogue's reasons)",
        }
        return schema

    def describe(self) -> dict[str, Any]:
        g = self.game
        return {
            "name": g.name,
            "title": g.title,
            "min_seats": g.min_seats,
            "max_seats": g.max_seats,
            "summary": g.summary,
            "reasons": self.reasons,
            "components": self.components,
            "constants": self.constants,
            "schemas": {
                "options": g.options_type.model_json_schema(),
                "move": self._moves.json_schema(),
                "view": {
                    "public": self._public_schema(),
                    "private": g.private_type.model_json_schema(),
                },
                "outcome": self.outcome_schema(),
            },
        }

    def options_schema(self, seats: int) -> dict[str, Any]:
        """The JSON Schema of the options of a match of ``seats``: exactly what :meth:`setup` takes. The
        options' own schema, each option naming a seat bounded to the match's, and the game's rules between
        options (:meth:`Game.options_rules`)."""
        schema = copy.deepcopy(self.game.options_type.model_json_schema())
        for name in self.game.seat_options:
            field = schema["properties"][name]
            field["anyOf"] = [{"type": "integer", "minimum": 0, "maximum": seats - 1}, {"type": "null"}]
        rules = self.game.options_rules(seats)
        if rules:
            schema["anyOf"] = alternatives(rules)
        return schema

    def _public_schema(self) -> dict[str, Any]:
        """The public part's schema as views show it: with its derived fields (such as ``underway``,
        or a board), each marked read-only."""
        schema: dict[str, Any] = self.game.public_type.model_json_schema(mode="serialization")
        return schema


def event_for(event: Event, seat: int | None) -> dict[str, Any]:
    """The part of ``event`` that ``seat`` may receive (``None``: a spectator), its chance steps' too."""
    out: dict[str, Any] = {"public": event.public}
    if seat is not None and seat in event.private:
        out["private"] = event.private[seat]
    if event.then:
        out["then"] = [event_for(step, seat) for step in event.then]
    return out
