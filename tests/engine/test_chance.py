"""Chance steps, on a toy game: the seats hide around a ring, then a guard patrols it.

The guard is no player: it enters the ring after setup, and after each round of
hiding it patrols (a die roll from the engine's generator) and catches whoever hides
on the tile it reaches, whispering each a secret word from a shuffled deck. Each of
those is a chance step, an event of its own after the move that led to it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Literal

import pytest
from pydantic import BaseModel, Field

from server import games
from server.audit import audit
from server.domain import views
from server.domain.matches import Matches
from server.engine import Event, Game, Options, Outcome, Part, Rng, Rules, Table, copy_table, event_for
from server.engine.play import MAX_CHANCE_STEPS
from server.web.responses import EventsPage

RING = 6
ROUNDS = 3
WORDS = ["owl", "fox", "elk", "yak", "emu", "gnu", "ram", "cod", "eel", "ape", "bat", "cat"]


class Hide(BaseModel):
    type: Literal["hide"] = "hide"
    tile: int = Field(ge=0, lt=RING)


class Public(Part):
    phase: Literal["enter", "hide", "patrol", "catch", "over"] = "enter"
    turn: int = 0
    round: int = 0
    guard: int | None = None
    hidden: list[int | None]
    caught: list[int]


class Private(Part):
    whispers: list[str] = []


class Secret(Part):
    words: list[str]


PatrolTable = Table[Public, Private, Secret]


class Patrol(Game[Options, Hide, Public, Private, Secret]):
    name, title, summary = "patrol", "Patrol", "hide around a ring while a guard patrols it"
    min_seats, max_seats = 1, 4
    options_type = Options
    move_type = Hide
    public_type, private_type, secret_type = Public, Private, Secret

    def setup(self, options: Options, seats: int, rng: Rng) -> PatrolTable:
        public = Public(hidden=[None] * seats, caught=[0] * seats)
        return Table(public=public, private=[Private() for _ in range(seats)], secret=Secret(words=rng.shuffled(WORDS)))

    def to_act(self, public: Public) -> Sequence[int]:
        return [public.turn] if public.phase == "hide" else []

    def legal_moves(self, public: Public, private: Private, seat: int) -> list[Hide]:
        return [Hide(tile=t) for t in range(RING)]

    def apply(self, table: PatrolTable, seat: int, move: Hide, rng: Rng) -> Event:
        pub = table.public
        pub.hidden[seat] = move.tile
        pub.turn = seat + 1
        if pub.turn == len(pub.hidden):
            pub.phase, pub.turn = "patrol", 0
        return Event({"type": "hid", "seat": seat, "tile": move.tile})

    def chance(self, table: PatrolTable, rng: Rng) -> Event | None:
        pub = table.public
        if pub.phase == "enter":
            pub.guard, pub.phase = rng.below(RING), "hide"
            return Event({"type": "guard_entered", "tile": pub.guard})
        if pub.phase == "patrol":
            assert pub.guard is not None
            roll = rng.roll()
            pub.guard, pub.phase = (pub.guard + roll) % RING, "catch"
            return Event({"type": "patrolled", "roll": roll, "tile": pub.guard})
        caught = [s for s, tile in enumerate(pub.hidden) if tile == pub.guard]
        event = Event({"type": "caught", "seats": caught})
        for seat in caught:
            word = table.secret.words.pop()
            pub.caught[seat] += 1
            table.private[seat].whispers.append(word)
            event.private[seat] = {"whisper": word}
        pub.round += 1
        pub.hidden = [None] * len(pub.hidden)
        pub.phase = "over" if pub.round == ROUNDS else "hide"
        return event

    def outcome(self, public: Public) -> Outcome | None:
        if public.phase != "over":
            return None
        least = min(public.caught)
        return Outcome(winners=[s for s, n in enumerate(public.caught) if n == least], scores=public.caught)


RULES = Rules(Patrol())


def new(seats: int, seed: int = 1) -> tuple[PatrolTable, Rng]:
    table, rng = RULES.setup(RULES.parse_options({}), seats, seed)
    return table, rng


def hide(table: PatrolTable, rng: Rng, seat: int, tile: int) -> Event:
    return RULES.act(table, rng, seat, {"type": "hide", "tile": tile})[1]


def landing(table: PatrolTable, rng: Rng) -> int:
    """Where the guard's next patrol ends: the next die of the match's own generator."""
    assert table.public.guard is not None
    return (table.public.guard + Rng.from_state(rng.state).roll()) % RING


def test_the_chance_steps_due_after_setup_are_made_before_the_first_move() -> None:
    table, rng = new(2, seed=1)
    expected = Rng(1)
    expected.shuffle(list(WORDS))  # the setup's shuffle, then the guard's entry
    assert table.public.phase == "hide" and table.public.guard == expected.below(RING)
    assert rng.state == expected.state and RULES.to_act(table) == [0]


def test_after_a_move_the_engine_makes_chance_steps_until_a_seat_is_to_act() -> None:
    table, rng = new(2)
    event = hide(table, rng, 0, 0)
    assert event.then == [] and RULES.to_act(table) == [1]
    target = landing(table, rng)
    event = hide(table, rng, 1, target)
    assert event.public == {"type": "hid", "seat": 1, "tile": target}
    assert [step.public["type"] for step in event.then] == ["patrolled", "caught"]
    assert event.then[0].public["tile"] == target == table.public.guard
    assert event.then[1].public == {"type": "caught", "seats": [1] if target else [0, 1]}
    assert table.public.round == 1 and RULES.to_act(table) == [0]


def test_each_chance_step_is_an_event_of_its_own_redacted_like_a_move() -> None:
    table, rng = new(2)
    target = landing(table, rng)
    hide(table, rng, 0, target)
    event = hide(table, rng, 1, (target + 1) % RING)
    word = table.private[0].whispers[-1]
    assert event.then[1].private == {0: {"whisper": word}}
    caught = {"public": {"type": "caught", "seats": [0]}}
    patrolled = {"public": event.then[0].public}
    moved = {"public": {"type": "hid", "seat": 1, "tile": (target + 1) % RING}}
    assert event_for(event, 0) == {**moved, "then": [patrolled, {**caught, "private": {"whisper": word}}]}
    assert event_for(event, 1) == event_for(event, None) == {**moved, "then": [patrolled, caught]}
    assert "then" not in event_for(hide(table, rng, 0, 0), None)  # a move with no chance step after it


def test_a_match_replays_bit_for_bit_from_its_seed_and_its_players_moves() -> None:
    table, rng = new(3, seed=99)
    pick, moves = random.Random(5), []
    while RULES.outcome(table) is None:
        (seat,) = RULES.to_act(table)
        move = RULES.dump_move(pick.choice(RULES.legal_moves(table, seat)))
        RULES.act(table, rng, seat, move)
        moves.append((seat, move))
    again, rng2 = new(3, seed=99)
    for seat, move in moves:
        RULES.act(again, rng2, seat, move)
    assert len(moves) == 3 * ROUNDS
    assert again.model_dump() == table.model_dump() and rng2.state == rng.state
    assert RULES.outcome(again) == RULES.outcome(table)


class Stuck(Patrol):
    """A broken game: its guard paces for ever and never hands the turn back."""

    name = "stuck"

    def chance(self, table: PatrolTable, rng: Rng) -> Event | None:
        return Event({"type": "paced"})


class Idle(Patrol):
    """A game with nothing due: ``chance`` says so, and the engine stops asking."""

    name = "idle"

    def chance(self, table: PatrolTable, rng: Rng) -> Event | None:
        return None


def test_a_game_whose_chance_steps_never_hand_the_turn_on_is_stopped() -> None:
    with pytest.raises(RuntimeError, match=f"stuck: {MAX_CHANCE_STEPS} chance steps"):
        Rules(Stuck()).setup(Options(), 2, 1)
    table, _ = Rules(Idle()).setup(Options(), 2, 1)
    assert table.public.phase == "enter" and Rules(Idle()).to_act(table) == []


# -- through the server: one commit per move, its chance steps in the same log entry ---------------


@pytest.fixture
def matches(matches: Matches, monkeypatch: pytest.MonkeyPatch) -> Matches:
    """The lifecycle on a Redis of its own, with the toy game in the catalogue."""
    monkeypatch.setitem(games._BY_NAME, RULES.name, RULES)
    return matches


@pytest.mark.anyio
async def test_on_the_server_a_move_and_its_chance_steps_are_one_version_and_one_log_entry(matches: Matches) -> None:
    match = (await matches.create("patrol", {}, 2, [])).match
    tokens = [(await matches.join(match, None, None))["token"] for _ in range(2)]
    record, _ = await matches.store.load(match)
    table = copy_table(matches.snapshot(record).table)
    rng = Rng.from_state(record.rng)
    target = landing(table, rng)
    await matches.move(match, tokens[0], "a", 2, {"type": "hide", "tile": target})
    result = await matches.move(match, tokens[1], "b", 3, {"type": "hide", "tile": (target + 1) % RING})
    assert result == {"match": match, "version": 4}
    entries = await matches.store.log(match, 0)
    assert len(entries) == 4 and [e["v"] for e in entries] == [1, 2, 3, 4]
    last = entries[-1]
    assert [step["public"]["type"] for step in last["then"]] == ["patrolled", "caught"]
    (seat0,) = (await matches.events(match, tokens[0], 3))["events"]
    (seat1,) = (await matches.events(match, tokens[1], 3))["events"]
    (spectator,) = (await matches.events(match, None, 3))["events"]
    word = seat0["event"]["then"][1]["private"]["whisper"]
    assert word in WORDS and "private" not in seat1["event"]["then"][1]
    assert seat1["event"] == spectator["event"]
    assert views.event_frame(match, last, 0)["event"] == seat0["event"]
    page = EventsPage.model_validate(await matches.events(match, tokens[0], 3))
    assert page.model_dump(mode="json", exclude_unset=True)["events"][0]["event"] == seat0["event"]
    assert (await audit(matches.store, match)).ok
    state = await matches.state(match, tokens[0])
    assert state["to_act"] == [0] and state["view"]["private"]["whispers"] == [word]
