"""A move in several decisions, on a toy game: two seats each build a word of three letters, letter by letter."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

import pytest
from pydantic import BaseModel, computed_field

from server.engine import DerivedPart, Event, Game, Nothing, Options, Outcome, Rng, Rules, Table
from server.engine.decisions import Decisions, Underway, options, underway_of
from server.errors import NotYourTurn

LETTERS = "abc"
LENGTH = 3


class Letter(BaseModel):
    type: Literal["letter"] = "letter"
    letter: str


class Done(BaseModel):
    """End the word early (allowed once it has two letters)."""

    type: Literal["done"] = "done"


class Public(DerivedPart):
    turn: int = 0
    word: str = ""
    words: list[str] = []

    @computed_field  # type: ignore[prop-decorator]
    @property
    def underway(self) -> Underway | None:
        if not self.word:
            return None
        return Underway(seat=self.turn, step="letter", so_far={"word": self.word}, may_stop=len(self.word) >= 2)


class Words(Decisions[Public, Nothing, Nothing, Letter | Done], Game[Options, Letter | Done, Public, Nothing, Nothing]):
    name, title, summary = "words", "Words", "two words, letter by letter"
    min_seats = max_seats = 2
    options_type = Options
    move_type = Letter | Done
    public_type = Public

    def setup(self, options: Options, seats: int, rng: Rng) -> Table[Public, Nothing, Nothing]:
        return Table(public=Public(), private=[Nothing(), Nothing()], secret=Nothing())

    def to_act(self, public: Public) -> Sequence[int]:
        # Deliberately naive: it would let either seat act, but a move under way keeps its seat's turn.
        return [] if len(public.words) == 2 else [0, 1]

    def legal_moves(self, public: Public, private: Nothing, seat: int) -> list[Letter | Done]:
        letters: list[Letter | Done] = [Letter(letter=x) for x in LETTERS]
        return options(letters, stop=Done() if len(public.word) >= 2 else None)

    def apply(self, table: Table[Public, Nothing, Nothing], seat: int, move: Letter | Done, rng: Rng) -> Event:
        table.public.turn = seat
        return self.play_decision(table, seat, move, rng)

    def decide(self, table: Table[Public, Nothing, Nothing], seat: int, move: Letter | Done, rng: Rng) -> Event:
        pub = table.public
        if isinstance(move, Done):
            pub.words.append(pub.word)
            pub.word = ""
        else:
            pub.word += move.letter
            if len(pub.word) == LENGTH:
                pub.words.append(pub.word)
                pub.word = ""
        return Event({"type": move.type})

    def complete(self, table: Table[Public, Nothing, Nothing], seat: int, rng: Rng, event: Event) -> None:
        event.public["completed"] = table.public.words[-1]

    def outcome(self, public: Public) -> Outcome | None:
        return Outcome(winners=[0, 1]) if len(public.words) == 2 else None


RULES = Rules(Words())


def act(table: Table[Any, Any, Any], seat: int, move: dict[str, Any]) -> dict[str, Any]:
    _, event = RULES.act(table, Rng(0), seat, move)
    return event.public


def test_the_seat_keeps_the_turn_while_its_move_is_under_way() -> None:
    table, _ = RULES.setup(RULES.parse_options({}), 2, seed=1)
    assert RULES.to_act(table) == [0, 1] and underway_of(table.public) is None
    act(table, 1, {"type": "letter", "letter": "b"})
    assert RULES.to_act(table) == [1]
    assert RULES.legal_moves(table, 0) == []
    with pytest.raises(NotYourTurn):
        act(table, 0, {"type": "letter", "letter": "a"})


def test_the_legal_moves_are_the_next_decisions_options_with_the_stop_where_the_move_may_end() -> None:
    table, _ = RULES.setup(RULES.parse_options({}), 2, seed=1)
    act(table, 0, {"type": "letter", "letter": "a"})
    assert RULES.legal_moves(table, 0) == [Letter(letter=x) for x in LETTERS]
    act(table, 0, {"type": "letter", "letter": "b"})
    assert RULES.legal_moves(table, 0) == [Done(), *(Letter(letter=x) for x in LETTERS)]


def test_the_move_completes_once_in_one_place_and_the_turn_is_free_again() -> None:
    table, _ = RULES.setup(RULES.parse_options({}), 2, seed=1)
    events = [act(table, 0, {"type": "letter", "letter": x}) for x in "cab"]
    assert [e.get("completed") for e in events] == [None, None, "cab"]
    assert RULES.to_act(table) == [0, 1]
    assert act(table, 1, {"type": "letter", "letter": "a"}) == {"type": "letter"}
    assert act(table, 1, {"type": "letter", "letter": "a"}) == {"type": "letter"}
    assert act(table, 1, {"type": "done"}) == {"type": "done", "completed": "aa"}
    assert RULES.outcome(table) is not None


def test_every_view_shows_the_partial_move_the_same_way_and_a_stored_table_reads_back() -> None:
    table, _ = RULES.setup(RULES.parse_options({}), 2, seed=1)
    assert RULES.view(table, None)["public"]["underway"] is None
    act(table, 1, {"type": "letter", "letter": "c"})
    act(table, 1, {"type": "letter", "letter": "a"})
    expected = {"seat": 1, "step": "letter", "so_far": {"word": "ca"}, "may_stop": True}
    assert RULES.view(table, None)["public"]["underway"] == expected
    assert RULES.view(table, 0)["public"]["underway"] == expected
    again = RULES.table_type.model_validate_json(table.model_dump_json())
    assert again == table and again.public.underway == Underway(**expected)


def test_the_catalogue_describes_underway_in_the_public_view() -> None:
    public = RULES.describe()["schemas"]["view"]["public"]
    assert "underway" in public["properties"] and "underway" in public["required"]
    assert set(public["$defs"]["Underway"]["properties"]) == {"seat", "step", "so_far", "may_stop"}
