"""A public part's derived fields, on a toy game with a printed board: every view shows them, the catalogue's
schema lists them, and a constant one (the board) is serialised once for all views and left out of stored tables."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import ClassVar, Literal

import pytest
from pydantic import BaseModel, ConfigDict, computed_field

from server.engine import DerivedPart, Event, Game, Nothing, Options, Outcome, Part, Rng, Rules, Table
from server.store.codec import SharedJson, encode_table, parse_table


class Square(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    neighbours: tuple[str, ...]


class Track(BaseModel):
    """The printed track: the same in every match."""

    model_config = ConfigDict(frozen=True)

    squares: tuple[Square, ...]


TRACK = Track(squares=tuple(Square(name=f"s{i}", neighbours=(f"s{i - 1}", f"s{i + 1}")) for i in range(1, 9)))


class Step(BaseModel):
    type: Literal["step"] = "step"


class Public(DerivedPart):
    constant_fields: ClassVar[frozenset[str]] = frozenset({"track"})

    at: list[int]
    turn: int = 0

    @computed_field(description="the printed track, for a client to draw")  # type: ignore[prop-decorator]
    @property
    def track(self) -> Track:
        return TRACK

    @computed_field(description="the square the seat to act stands on")  # type: ignore[prop-decorator]
    @property
    def standing_on(self) -> str:
        return TRACK.squares[self.at[self.turn]].name


class Race(Game[Options, Step, Public, Nothing, Nothing]):
    name, title, summary = "race", "Race", "two seats step along a track"
    min_seats = max_seats = 2
    options_type = Options
    move_type = Step
    public_type = Public

    def setup(self, options: Options, seats: int, rng: Rng) -> Table[Public, Nothing, Nothing]:
        return Table(public=Public(at=[0, 0]), private=[Nothing(), Nothing()], secret=Nothing())

    def to_act(self, public: Public) -> Sequence[int]:
        return [] if max(public.at) == len(TRACK.squares) - 1 else [public.turn]

    def legal_moves(self, public: Public, private: Nothing, seat: int) -> list[Step]:
        return [Step()]

    def apply(self, table: Table[Public, Nothing, Nothing], seat: int, move: Step, rng: Rng) -> Event:
        table.public.at[seat] += 1
        table.public.turn = 1 - seat
        return Event({"type": "step", "seat": seat})

    def outcome(self, public: Public) -> Outcome | None:
        done = [s for s, at in enumerate(public.at) if at == len(TRACK.squares) - 1]
        return Outcome(winners=done) if done else None


RULES = Rules(Race())


def test_every_view_shows_the_derived_fields_as_a_fresh_serialisation_would() -> None:
    table, rng = RULES.setup(Options(), 2, 0)
    while RULES.outcome(table) is None:
        (seat,) = RULES.to_act(table)
        for viewer in (None, 0, 1):
            view = RULES.view(table, viewer)
            assert view["public"] == table.public.model_dump(mode="json")
            assert list(view["public"]) == ["at", "turn", "track", "standing_on"]
        RULES.act(table, rng, seat, {"type": "step"})
    assert RULES.view(table, None)["public"]["track"]["squares"][0] == {"name": "s1", "neighbours": ["s0", "s2"]}


def test_the_catalogue_lists_the_derived_fields_read_only() -> None:
    public = RULES.describe()["schemas"]["view"]["public"]
    assert {"track", "standing_on"} <= set(public["required"])
    assert public["properties"]["track"] == {
        "$ref": "#/$defs/Track",
        "description": "the printed track, for a client to draw",
        "readOnly": True,
    }
    assert public["properties"]["standing_on"]["readOnly"] is True
    assert "Square" in public["$defs"]


def test_a_stored_table_leaves_the_constant_field_out_and_reads_back_whole() -> None:
    table, rng = RULES.setup(Options(), 2, 0)
    RULES.act(table, rng, 0, {"type": "step"})
    stored = encode_table(table)
    assert b"track" not in stored and b"standing_on" in stored
    again = parse_table(RULES, stored)
    assert again == table and again.public.track is TRACK


def test_a_part_with_derived_fields_must_say_so() -> None:
    """Only a :class:`DerivedPart` drops derived fields when read back (the others are read faster
    without that step), so a plain part that declares one is refused when it is defined."""
    with pytest.raises(TypeError, match="DerivedPart"):

        class Forgetful(Part):
            n: int = 0

            @computed_field  # type: ignore[prop-decorator]
            @property
            def twice(self) -> int:
                return 2 * self.n


class Road(DerivedPart):
    """A track built square by square: each square adds a new track, never changes the old one."""

    shared_fields: ClassVar[frozenset[str]] = frozenset({"built"})

    built: Track
    turn: int = 0


class Build(Game[Options, Step, Road, Nothing, Nothing]):
    name, title, summary = "build", "Build", "two seats lay a track"
    min_seats = max_seats = 2
    options_type = Options
    move_type = Step
    public_type = Road

    def setup(self, options: Options, seats: int, rng: Rng) -> Table[Road, Nothing, Nothing]:
        return Table(public=Road(built=Track(squares=())), private=[Nothing(), Nothing()], secret=Nothing())

    def to_act(self, public: Road) -> Sequence[int]:
        return [] if len(public.built.squares) == 4 else [public.turn]

    def legal_moves(self, public: Road, private: Nothing, seat: int) -> list[Step]:
        return [Step()]

    def apply(self, table: Table[Road, Nothing, Nothing], seat: int, move: Step, rng: Rng) -> Event:
        road = table.public
        square = Square(name=f"s{len(road.built.squares)}", neighbours=())
        road.built = Track(squares=(*road.built.squares, square))
        road.turn = 1 - seat
        return Event({"type": "step", "seat": seat})

    def outcome(self, public: Road) -> Outcome | None:
        return Outcome(winners=[]) if len(public.built.squares) == 4 else None


def test_a_shared_field_is_serialised_once_per_object_and_anew_when_replaced() -> None:
    rules = Rules(Build())
    table, rng = rules.setup(Options(), 2, 0)
    seen = []
    while rules.outcome(table) is None:
        first = rules.public_view(table)
        assert first == table.public.model_dump(mode="json")
        assert rules.public_view(table)["built"] is first["built"]  # the same board: its JSON is reused
        seen.append(first["built"])
        rules.act(table, rng, rules.to_act(table)[0], {"type": "step"})
    assert [len(b["squares"]) for b in seen] == [0, 1, 2, 3]  # a new board each move: written anew
    assert rules.public_view(table)["built"]["squares"][3] == {"name": "s3", "neighbours": []}


def test_a_stored_table_writes_a_shared_field_from_the_json_kept_for_that_object() -> None:
    rules = Rules(Build())
    table, rng = rules.setup(Options(), 2, 0)
    kept: SharedJson = {}
    while rules.outcome(table) is None:
        stored = encode_table(table, kept)
        assert stored == encode_table(table)  # the same bytes, kept or not
        assert json.loads(stored) == json.loads(table.model_dump_json())
        assert parse_table(rules, stored) == table
        assert kept[Road, "built"][0] is table.public.built
        rules.act(table, rng, rules.to_act(table)[0], {"type": "step"})  # a new track: written anew
    assert json.loads(encode_table(table, kept))["public"]["built"]["squares"][3]["name"] == "s3"
