"""Response windows, on a toy game: a walk of two steps, tile by tile, that the others may shout at.

Each seat in turn walks two steps, one decision per step (a move under way). Each
step is pushed on the pile and opens a window: the other seats are asked in turn
order, each may shout (a response, spending one of its tokens, which opens a window
on the shout) or pass. When a window closes, what it was on resolves: it leaves the
pile for ``resolved``. So the pile is the rulebook's stack and ``resolved`` is the
order in which it popped.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Literal

import pytest
from pydantic import BaseModel, ValidationError, computed_field

from server import games
from server.audit import audit
from server.domain import turns
from server.domain.clocks import TimeControl, advance, due, start
from server.domain.matches import Matches
from server.domain.turns import Turn, take_turn
from server.engine import DerivedPart, Event, Game, Nothing, Options, Outcome, Rng, Rules, Table
from server.engine.decisions import Decisions, Underway
from server.engine.windows import Pass, Window, asked, open_window, options, pass_window, respond, turn_order
from server.errors import NotYourTurn
from server.runtime.clock import SteppedClock

STEPS = 2


class Step(BaseModel):
    type: Literal["step"] = "step"


class Shout(BaseModel):
    """Answer what is on top of the pile (costs a token)."""

    type: Literal["shout"] = "shout"


Move = Step | Shout | Pass


class WalkOptions(Options):
    first: int = 0
    tokens: int = 2


class Public(DerivedPart):
    turn: int
    tokens: list[int]
    walked: int = 0
    walks: int = 0
    pile: list[str] = []
    resolved: list[str] = []
    windows: list[Window] = []

    @computed_field  # type: ignore[prop-decorator]
    @property
    def underway(self) -> Underway | None:
        return Underway(seat=self.turn, step="step", so_far={"walked": self.walked}) if self.walked else None


WalkTable = Table[Public, Nothing, Nothing]


def can_shout(public: Public) -> set[int]:
    return {s for s, n in enumerate(public.tokens) if n > 0}


class Walk(Decisions[Public, Nothing, Nothing, Move], Game[WalkOptions, Move, Public, Nothing, Nothing]):
    name, title, summary = "walk", "Walk", "two steps each, and the others may shout at every tile"
    min_seats, max_seats = 2, 4
    options_type = WalkOptions
    move_type = Move
    public_type = Public

    def setup(self, options: WalkOptions, seats: int, rng: Rng) -> WalkTable:
        public = Public(turn=options.first, tokens=[options.tokens] * seats)
        return Table(public=public, private=[Nothing()] * seats, secret=Nothing())

    def to_act(self, public: Public) -> Sequence[int]:
        # Knows nothing of windows: the engine asks the window's seat first.
        return [] if self.outcome(public) else [public.turn]

    def legal_moves(self, public: Public, private: Nothing, seat: int) -> list[Move]:
        if public.windows:
            responses: list[Move] = [Shout()] if public.tokens[seat] else []
            return options(responses)
        return [Step()]

    def default_move(self, public: Public, private: Nothing, seat: int, legal: list[Move]) -> Move:
        return legal[-1]  # a game whose own default is its last move: to shout, in a window

    def apply(self, table: WalkTable, seat: int, move: Move, rng: Rng) -> Event:
        pub, seats = table.public, len(table.private)
        if isinstance(move, Pass):
            closed = pass_window(pub.windows, seat)
            if closed is not None:
                pub.resolved.append(pub.pile.pop())
            return Event({"type": "pass", "seat": seat, "closed": None if closed is None else closed.on})
        if isinstance(move, Shout):
            pub.tokens[seat] -= 1
            pub.pile.append(f"shout of {seat}")
            if respond(pub.windows, seat, {"shout": seat}, seats, among=can_shout(pub)) is None:
                pub.resolved.append(pub.pile.pop())  # nobody may answer it: it resolves at once
            return Event({"type": "shout", "seat": seat})
        return self.play_decision(table, seat, move, rng)

    def decide(self, table: WalkTable, seat: int, move: Move, rng: Rng) -> Event:
        pub = table.public
        pub.walked += 1
        pub.pile.append(f"step {pub.walked} of {seat}")
        if open_window(pub.windows, seat, {"tile": pub.walked}, len(table.private), among=can_shout(pub)) is None:
            pub.resolved.append(pub.pile.pop())
        if pub.walked == STEPS:
            pub.walked = 0
        return Event({"type": "step", "seat": seat})

    def complete(self, table: WalkTable, seat: int, rng: Rng, event: Event) -> None:
        table.public.walks += 1
        table.public.turn = (seat + 1) % len(table.private)

    def outcome(self, public: Public) -> Outcome | None:
        if public.walks < len(public.tokens) or public.windows:
            return None
        most = max(public.tokens)
        return Outcome(winners=[s for s, n in enumerate(public.tokens) if n == most], scores=public.tokens)


RULES = Rules(Walk())


def new(seats: int, **options: Any) -> WalkTable:
    table, _ = RULES.setup(RULES.parse_options(options), seats, seed=1)
    return table


def act(table: WalkTable, seat: int, move: str) -> dict[str, Any]:
    _, event = RULES.act(table, Rng(0), seat, {"type": move})
    return event.public


def asked_in_turn(table: WalkTable) -> list[int]:
    """Every seat asked until the window open now closes, each passing."""
    seen = []
    while True:
        (seat,) = RULES.to_act(table)
        seen.append(seat)
        if act(table, seat, "pass")["closed"] is not None:
            return seen


# -- the order of asking -------------------------------------------------------------


def test_the_other_seats_are_asked_in_turn_order_from_the_opener() -> None:
    assert turn_order(2, 4) == [3, 0, 1]
    assert turn_order(2, 4, with_opener=True) == [2, 3, 0, 1]
    assert turn_order(2, 4, among={0, 2, 3}) == [3, 0]
    table = new(4, first=2)
    act(table, 2, "step")
    assert asked_in_turn(table) == [3, 0, 1]


def test_when_every_seat_passes_the_window_closes_and_what_it_was_on_resolves() -> None:
    table = new(3)
    act(table, 0, "step")
    assert table.public.pile == ["step 1 of 0"] and RULES.to_act(table) == [1]
    assert act(table, 1, "pass") == {"type": "pass", "seat": 1, "closed": None}
    assert act(table, 2, "pass") == {"type": "pass", "seat": 2, "closed": {"tile": 1}}
    assert table.public.windows == [] and table.public.resolved == ["step 1 of 0"]
    assert RULES.to_act(table) == [0]  # back to the walker, whose move is under way


def test_a_window_that_nobody_may_answer_does_not_open() -> None:
    table = new(3, tokens=0)
    act(table, 0, "step")
    assert table.public.windows == [] and table.public.resolved == ["step 1 of 0"]
    assert RULES.to_act(table) == [0]
    assert open_window(table.public.windows, 0, "anything", 3, among=set()) is None


def test_seats_that_cannot_respond_are_not_asked() -> None:
    table = new(4, tokens=1)
    table.public.tokens[2] = 0
    act(table, 0, "step")
    assert asked_in_turn(table) == [1, 3]


# -- the stack -------------------------------------------------------------------------


def test_a_response_opens_a_window_on_top_and_the_newest_is_answered_and_resolved_first() -> None:
    table = new(3)
    act(table, 0, "step")  # the step opens a window: 1, then 2
    act(table, 1, "shout")  # a window on 1's shout, on top: 2, then 0
    assert [w.on for w in table.public.windows] == [{"tile": 1}, {"shout": 1}]
    assert RULES.to_act(table) == [2]
    act(table, 2, "shout")  # a window on 2's shout: 0, then 1
    assert table.public.pile == ["step 1 of 0", "shout of 1", "shout of 2"]
    assert asked_in_turn(table) == [0, 1]
    assert table.public.resolved == ["shout of 2"]
    # The window on 1's shout is on top again and still asks 2, which answered it by shouting.
    assert asked_in_turn(table) == [2, 0]
    assert asked_in_turn(table) == [1, 2]  # and the window on the step asks 1 again
    assert table.public.resolved == ["shout of 2", "shout of 1", "step 1 of 0"]
    assert table.public.pile == [] and RULES.to_act(table) == [0]


def test_a_response_that_nobody_may_answer_resolves_and_its_seat_is_still_asked() -> None:
    table = new(2, tokens=1)
    act(table, 0, "step")
    table.public.tokens[0] = 0
    act(table, 1, "shout")  # seat 0 has no token left: nobody may answer the shout
    assert table.public.resolved == ["shout of 1"] and len(table.public.windows) == 1
    assert RULES.to_act(table) == [1] and RULES.legal_moves(table, 1) == [Pass()]


def test_only_the_seat_asked_may_answer() -> None:
    stack: list[Window] = []
    open_window(stack, 0, "roll", 3)
    assert asked(stack) == 1
    with pytest.raises(ValueError, match="seat 2 is not asked"):
        pass_window(stack, 2)
    with pytest.raises(ValueError, match="seat 0 is not asked"):
        respond(stack, 0, "scroll", 3)
    assert asked([]) is None


# -- windows and the engine ---------------------------------------------------------------


def test_the_seat_asked_acts_before_the_move_under_way_and_only_it() -> None:
    table = new(3)
    act(table, 0, "step")
    assert RULES.game.underway(table.public) is not None
    assert RULES.to_act(table) == [1]
    assert RULES.legal_moves(table, 0) == [] and RULES.legal_moves(table, 1) == [Pass(), Shout()]
    with pytest.raises(NotYourTurn):
        act(table, 0, "step")


def test_the_window_after_the_last_decision_is_answered_before_the_next_turn() -> None:
    table = new(2)
    act(table, 0, "step")
    act(table, 1, "pass")
    act(table, 0, "step")  # the walk is made: the turn passes to 1, but 1 is asked first
    assert RULES.game.underway(table.public) is None and table.public.turn == 1
    assert RULES.to_act(table) == [1] and RULES.legal_moves(table, 1) == [Pass(), Shout()]
    act(table, 1, "pass")
    assert RULES.legal_moves(table, 1) == [Step()]


def test_every_seat_and_spectator_sees_the_windows() -> None:
    table = new(3)
    act(table, 0, "step")
    window = {"opener": 0, "on": {"tile": 1}, "asked": 1, "waiting": [2]}
    for seat in (None, 0, 1, 2):
        assert RULES.view(table, seat)["public"]["windows"] == [window]
    assert "windows" in RULES.describe()["schemas"]["view"]["public"]["properties"]


def test_a_whole_match_of_answers_ends() -> None:
    table = new(3)
    moves = 0
    while RULES.outcome(table) is None:
        (seat,) = RULES.to_act(table)
        act(table, seat, RULES.dump_move(RULES.legal_moves(table, seat)[-1])["type"])  # shout whenever possible
        moves += 1
    assert table.public.tokens == [0, 0, 0] and table.public.pile == [] and moves > 6


# -- under the match clock ------------------------------------------------------------------


def test_the_default_move_of_a_seat_asked_is_to_pass_whatever_the_games_own_default() -> None:
    table = new(3)
    assert RULES.default_move(table, 0) == Step()
    act(table, 0, "step")
    assert RULES.game.default_move(table.public, Nothing(), 1, RULES.legal_moves(table, 1)) == Shout()
    assert RULES.default_move(table, 1) == Pass()


def test_the_clock_times_each_seat_asked_in_turn_and_a_timeout_passes() -> None:
    """The clocks time whoever ``to_act`` names: in a window, the seat asked, one after the other."""
    tc = TimeControl(kind="per_decision", limit_ms=1_000)
    table = new(3)
    clock = advance(tc, start(tc, 3), RULES.to_act(table), None, now=0)
    assert clock is not None and clock.deadlines == {0: 1_000}
    act(table, 0, "step")
    clock = advance(tc, clock, RULES.to_act(table), 0, now=100)
    assert clock is not None and clock.deadlines == {1: 1_100}
    act(table, 1, "pass")
    clock = advance(tc, clock, RULES.to_act(table), 1, now=300)
    assert clock is not None and clock.deadlines == {2: 1_300}
    assert due(clock, 1_299) == [] and due(clock, 1_300) == [2]
    _, event = RULES.act(table, Rng(0), 2, RULES.dump_move(RULES.default_move(table, 2)))
    clock = advance(tc, clock, RULES.to_act(table), 2, now=1_300)
    assert event.public == {"type": "pass", "seat": 2, "closed": {"tile": 1}}
    assert clock is not None and clock.deadlines == {0: 2_300}  # the walker's next decision


@pytest.fixture
def clock() -> SteppedClock:
    return SteppedClock()


@pytest.fixture
def matches(matches: Matches, monkeypatch: pytest.MonkeyPatch) -> Matches:
    """The lifecycle on a Redis of its own, with the toy game in the catalogue."""
    monkeypatch.setitem(games._BY_NAME, RULES.name, RULES)
    return matches


@pytest.mark.anyio
async def test_on_the_server_a_seat_asked_whose_time_runs_out_passes(matches: Matches) -> None:
    """On a stepped clock: the scheduler's step passes for the seat at its deadline, not a millisecond before."""
    clock = matches.clock
    assert isinstance(clock, SteppedClock)
    tc = TimeControl(kind="per_decision", limit_ms=100, on_timeout="default_move")
    match = (await matches.create("walk", {}, 2, [], tc)).match
    token = (await matches.join(match, None, None))["token"]
    await matches.join(match, None, None)
    await matches.move(match, token, "m1", 2, {"type": "step"})
    record, _ = await matches.store.load(match)
    assert record.clock is not None and list(record.clock.deadlines) == [1]  # the seat asked is timed
    deadline = record.clock.deadlines[1]
    clock.step(deadline - 1 - clock())
    assert await take_turn(matches, match) == turns.Step(Turn.WAITING, deadline)
    clock.step(1)
    assert (await take_turn(matches, match)).turn is Turn.PLAYED
    entry = (await matches.store.log(match, 0))[-1]
    assert entry["seat"] == 1 and entry["move"] == {"type": "pass"} and entry["timeout"] is True
    assert entry["public"] == {"type": "pass", "seat": 1, "closed": {"tile": 1}}
    assert (await audit(matches.store, match)).ok


def test_a_window_holds_plain_data() -> None:
    window = Window(opener=1, on={"scroll": "Nix", "target": 0}, asked=2, waiting=[3, 0])
    assert Window.model_validate(window.model_dump(mode="json")) == window
    with pytest.raises(ValidationError):
        Window.model_validate({"opener": 1, "on": None, "asked": 2, "waiting": [], "extra": 1})


# -- every game, under the clock ---------------------------------------------------------


def every_game() -> list[Rules]:
    """The catalogue (Zimby Mojo's windows and chance steps among it) and the toy above."""
    return [*games.GAMES, RULES]


@pytest.mark.parametrize("rules", every_game(), ids=lambda r: r.name)
def test_every_games_timeout_move_is_legal_and_a_seat_asked_in_a_window_passes(rules: Rules) -> None:
    """At every point of a match, the move the clock would make for each seat to act is one it may make."""
    for seats in sorted({rules.game.min_seats, min(rules.game.max_seats, 4)}):
        table, rng = rules.setup(rules.parse_options({}), seats, seed=seats)
        pick, windows = random.Random(seats), 0
        for _ in range(3_000):
            if rules.outcome(table) is not None:
                break
            for seat in rules.to_act(table):
                legal = rules.legal_moves(table, seat)
                timeout = rules.default_move(table, seat)
                assert timeout in legal, f"{rules.name}: {timeout!r} is not legal for seat {seat}"
                window = rules.game.window(table.public)
                if window is not None and any(isinstance(m, Pass) for m in legal):
                    windows += 1
                    assert window.asked == seat and isinstance(timeout, Pass)
            seat = pick.choice(rules.to_act(table))
            legal = rules.legal_moves(table, seat)
            move = rules.default_move(table, seat) if pick.random() < 0.3 else pick.choice(legal)  # some time out
            rules.act(table, rng, seat, rules.dump_move(move))
        if rules.name == RULES.name:
            assert windows > 0, "the toy game opens windows"
