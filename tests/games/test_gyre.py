"""Gyre, rule by rule: setup, the whiffle, the four actions, flipping, the neutral colour and the end."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

import pytest

from server.engine import BadOptions, IllegalMove, Nothing, Rng, Rules
from server.engine.numbers import Gems
from server.games.gyre import (
    GRID,
    Cell,
    Colour,
    Exhale,
    Fly,
    GTable,
    Gyre,
    GyreMove,
    GyreOptions,
    Inhale,
    Jabberwock,
    Public,
    Resolve,
    Secret,
    Space,
    Whiffle,
    controller,
    start_space,
)

GAME = Gyre()
RULES = Rules(GAME)

#: A deal, top row first; the 5s (Y5, G5, P5) lie in the rightmost column.
LAYOUT = (
    "G1 Y2 P3 G4 Y5",
    "P1 G2 Y3 P4 G5",
    "Y1 P2 G3 Y4 P5",
)
#: A deal whose 1s all lie in the middle of the middle row, away from every space.
MIDDLE = (
    "Y2 P3 G3 Y5 P5",
    "G2 P1 G1 Y1 G5",
    "Y3 P2 G4 Y4 P4",
)
ORDER: tuple[Colour, ...] = ("green", "yellow", "purple")


def starting_gems(card: str) -> Gems:
    """Setup: one gem of each of the two other colours."""
    gems = Gems(green=1, yellow=1, purple=1)
    gems.take({"G": "green", "Y": "yellow", "P": "purple"}[card[0]])
    return gems


def table(
    gems: dict[str, Gems] | None = None,
    *,
    jabberwocks: dict[Colour, tuple[Space, int]] | None = None,
    seats: int = 3,
    turn: int = 0,
    layout: tuple[str, ...] = LAYOUT,
    down: Iterable[str] = ("G5", "Y5", "P5"),
    moving: Colour | None = None,
    neutral_moved_last: bool = False,
) -> GTable:
    """A position: ``gems`` on the named cards (every other card empty), the ``down`` cards
    face down, and, with ``moving``, the whiffle of this turn already made."""
    gems = gems or {}
    face_down = set(down)
    grid = [
        [Cell(card=c, face_down=c in face_down, gems=gems.get(c, Gems()).model_copy()) for c in row.split()]
        for row in layout
    ]
    places = jabberwocks or {"green": ((-1, 0), 0), "yellow": ((3, 0), 0), "purple": ((1, -1), 0)}
    public = Public(
        seats=seats, extended=False, face_down_value=5, first_player=0, colours=list(ORDER[:seats]),
        neutral="purple" if seats == 2 else None, grid=grid,
        jabberwocks={c: Jabberwock(space=s, gems=n) for c, (s, n) in places.items()},
        phase="whiffle" if moving is None else "act", turn=turn, moving=moving,
        neutral_moved_last=neutral_moved_last,
    )  # fmt: skip
    return GTable(public=public, private=[Nothing() for _ in range(seats)], secret=Secret())


def act(t: GTable, seat: int, move: GyreMove) -> dict[str, Any]:
    _, event = RULES.act(t, Rng(0), seat, RULES.dump_move(move))
    return event.public


def check(t: GTable, seat: int, move: GyreMove) -> None:
    GAME.check(t.public, t.private[seat], seat, RULES.parse_move(RULES.dump_move(move)))


def legal(t: GTable, seat: int) -> list[GyreMove]:
    return GAME.legal_moves(t.public, t.private[seat], seat)


def on(t: GTable, card: str) -> Gems:
    return next(x.gems for row in t.public.grid for x in row if x.card == card)


def face_down(t: GTable, card: str) -> bool:
    return next(x.face_down for row in t.public.grid for x in row if x.card == card)


def carried(t: GTable, c: Colour) -> int:
    return t.public.jabberwocks[c].gems


def gem_count(t: GTable, c: Colour) -> int:
    return sum(x.gems.get(c) for row in t.public.grid for x in row) + t.public.jabberwocks[c].gems


# -- setup ------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3])
def test_setup_deals_a_5_by_3_grid_with_the_5s_face_down(seats: int) -> None:
    t, _ = RULES.setup(RULES.parse_options({}), seats, seed=5)
    grid = t.public.grid
    assert len(grid) == 3 and all(len(row) == 5 for row in grid)
    cards = [x for row in grid for x in row]
    assert sorted(x.card for x in cards) == sorted(c + v for c in "GYP" for v in "12345")
    assert sorted(x.card for x in cards if x.face_down) == ["G5", "P5", "Y5"]
    for x in cards:  # 1 green gem and 1 yellow gem on each purple card, ...; none on the 5s
        assert x.gems == (Gems() if x.face_down else starting_gems(x.card))
    assert all(gem_count(t, c) == 8 for c in ORDER)  # all 24 gems, none on a Jabberwocky card
    assert t.public.colours == list(ORDER[:seats])
    assert t.public.neutral == ("purple" if seats == 2 else None)
    assert set(t.public.jabberwocks) == set(ORDER)  # the neutral one too


def test_each_jabberwocky_card_starts_beside_its_lowest_card_on_the_long_side_of_a_corner() -> None:
    t = table()
    # G1 and Y1 are corner cards: above and below them, not beside them. P1 is an edge card.
    assert start_space(t.public, "green") == (-1, 0)
    assert start_space(t.public, "yellow") == (3, 0)
    assert start_space(t.public, "purple") == (1, -1)


def test_the_lowest_card_must_be_in_an_outside_row_or_column() -> None:
    t = table(layout=MIDDLE)
    assert start_space(t.public, "green") == (1, -1)  # G2 (G1 is in the middle)
    assert start_space(t.public, "yellow") == (-1, 0)  # Y2, a corner: on the long side
    assert start_space(t.public, "purple") == (3, 1)  # P2


@pytest.mark.parametrize("seed", range(10))
def test_setup_places_every_jabberwocky_card_by_the_rule(seed: int) -> None:
    t, _ = RULES.setup(RULES.parse_options({}), 3, seed=seed)
    spaces = [j.space for j in t.public.jabberwocks.values()]
    assert len(set(spaces)) == 3
    for c, jw in t.public.jabberwocks.items():
        facing = GRID.facing(jw.space)
        card = t.public.grid[facing[0]][facing[1]].card
        outside = [
            t.public.grid[r][k].card
            for r, k in GRID.cells()
            if GRID.spaces_next_to((r, k)) and t.public.grid[r][k].colour == c
        ]
        assert card == min(outside, key=lambda x: int(x[1]))
        if len(GRID.spaces_next_to(facing)) == 2:
            assert jw.space[0] in (-1, 3)


def test_first_player_is_drawn_unless_named() -> None:
    drawn = {RULES.setup(RULES.parse_options({}), 3, seed=s)[0].public.turn for s in range(20)}
    assert drawn == {0, 1, 2}
    t, _ = RULES.setup(RULES.parse_options({"first_player": 1}), 2, seed=0)
    assert t.public.turn == 1
    with pytest.raises(BadOptions):
        GAME.check_options(GyreOptions(first_player=2), 2)


def test_extended_variant_starts_a_lower_value_face_down() -> None:
    """ "flip the 4, 3, 2, or 1 Number cards face-down during setup instead of the 5's"."""
    t, _ = RULES.setup(RULES.parse_options({"extended": True, "face_down": 2}), 3, seed=3)
    cards = [x for row in t.public.grid for x in row]
    assert sorted(x.card for x in cards if x.face_down) == ["G2", "P2", "Y2"]
    assert t.public.extended and t.public.face_down_value == 2
    assert all(gem_count(t, c) == 8 for c in ORDER)
    for c, jw in t.public.jabberwocks.items():  # beside a face-up card of its colour
        facing = GRID.facing(jw.space)
        x = t.public.grid[facing[0]][facing[1]]
        assert x.colour == c and not x.face_down
    drawn = {
        RULES.setup(RULES.parse_options({"extended": True}), 2, seed=s)[0].public.face_down_value for s in range(30)
    }
    assert drawn == {1, 2, 3, 4}
    with pytest.raises(BadOptions, match="extended"):
        GAME.check_options(GyreOptions(face_down=3), 3)
    with pytest.raises(BadOptions):
        RULES.parse_options({"extended": True, "face_down": 5})


def test_extended_with_the_1s_face_down_each_jabberwocky_card_starts_by_its_lowest_face_up_card() -> None:
    """ "Each player places their Jabberwocky card adjacent to the lowest card of their color in an outside row or
    column." With the 1s face down (extended), the lowest face-up card counts: a face-down card is no longer to be
    flipped. Under the other reading (the lowest card, face down or not) green would start by G1 at (-1, 0), yellow
    by Y1 at (3, 0) and purple by P1 at (1, -1)."""
    t = table(down=("G1", "Y1", "P1"))
    assert start_space(t.public, "green") == (3, 2)  # G3 (G2 is in the middle of the middle row)
    assert start_space(t.public, "yellow") == (-1, 1)  # Y2
    assert start_space(t.public, "purple") == (3, 1)  # P2
    for seed in range(8):
        dealt, _ = RULES.setup(RULES.parse_options({"extended": True, "face_down": 1}), 3, seed=seed)
        for jw in dealt.public.jabberwocks.values():
            facing = GRID.facing(jw.space)
            assert not dealt.public.grid[facing[0]][facing[1]].face_down


# -- whiffle ----------------------------------------------------------------------------


def test_whiffle_any_distance_either_way_without_passing_another_jabberwocky_card() -> None:
    t = table(jabberwocks={"green": ((-1, 2), 0), "yellow": ((1, 5), 0), "purple": ((3, 3), 0)})
    whiffles = [m for m in legal(t, 0) if isinstance(m, Whiffle)]
    assert {m.jabberwock for m in whiffles} == {"green"}
    # Clockwise up to yellow on (1, 5); counter-clockwise round the top-left corner up to purple on (3, 3).
    assert [m.to for m in whiffles] == [
        (-1, 3), (-1, 4), (0, 5),
        (-1, 1), (-1, 0), (0, -1), (1, -1), (2, -1), (3, 0), (3, 1), (3, 2),
    ]  # fmt: skip
    with pytest.raises(IllegalMove, match="cannot whiffle"):
        check(t, 0, Whiffle(jabberwock="green", to=(2, 5)))  # past yellow
    with pytest.raises(IllegalMove, match="cannot whiffle"):
        check(t, 0, Whiffle(jabberwock="green", to=(1, 5)))  # onto yellow
    with pytest.raises(IllegalMove, match="cannot whiffle"):
        check(t, 0, Whiffle(jabberwock="green", to=(-1, 2)))  # "a new space"
    with pytest.raises(IllegalMove, match="not yours"):
        check(t, 0, Whiffle(jabberwock="yellow", to=(2, 5)))
    event = act(t, 0, Whiffle(jabberwock="green", to=(2, -1)))
    assert event == {"type": "whiffle", "seat": 0, "jabberwock": "green", "from": [-1, 2], "to": [2, -1]}
    assert t.public.jabberwocks["green"].space == (2, -1) and t.public.phase == "act" and t.public.turn == 0


def test_a_blocked_jabberwocky_card_is_placed_on_any_empty_space_but_the_one_it_left() -> None:
    """ "If both the other Jabberwock cards are adjacent to you ... place it in any empty space"."""
    # Green on (-1, 0); its ring neighbours are (0, -1) (round the corner) and (-1, 1).
    t = table(jabberwocks={"green": ((-1, 0), 0), "yellow": ((-1, 1), 0), "purple": ((0, -1), 0)})
    targets = [m.to for m in legal(t, 0) if isinstance(m, Whiffle)]
    assert len(targets) == 13 and (-1, 0) not in targets
    assert (-1, 1) not in targets and (0, -1) not in targets
    act(t, 0, Whiffle(jabberwock="green", to=(3, 2)))
    assert t.public.jabberwocks["green"].space == (3, 2)


def test_every_turn_starts_with_a_whiffle_and_the_gems_travel_with_the_jabberwocky_card() -> None:
    t = table({"Y2": Gems(green=1)}, jabberwocks={"green": ((-1, 0), 3), "yellow": ((3, 0), 0), "purple": ((1, -1), 0)})
    with pytest.raises(IllegalMove, match="whiffle first"):
        check(t, 0, Inhale())
    act(t, 0, Whiffle(jabberwock="green", to=(-1, 1)))
    assert carried(t, "green") == 3
    with pytest.raises(IllegalMove, match="take 1 action"):
        check(t, 0, Whiffle(jabberwock="green", to=(-1, 2)))


# -- inhale -----------------------------------------------------------------------------


def test_inhale_moves_every_gem_of_your_colour_in_the_line_one_card_closer() -> None:
    # Green above column 1: Y2 (adjacent), G2, P2.
    t = table(
        {
            "Y2": Gems(green=1, purple=1),
            "G2": Gems(green=2, yellow=1),
            "P2": Gems(green=1, yellow=1),
            "P3": Gems(green=1),
        },
        jabberwocks={"green": ((-1, 1), 1), "yellow": ((3, 0), 0), "purple": ((1, -1), 0)},
        moving="green",
    )
    event = act(t, 0, Inhale())
    assert carried(t, "green") == 2  # the gem on the adjacent card moved onto the Jabberwocky card
    assert on(t, "Y2") == Gems(green=2, purple=1)  # from G2 (moved one card only, not on with the others)
    assert on(t, "G2") == Gems(green=1, yellow=1)  # from P2
    assert on(t, "P2") == Gems(yellow=1)
    assert on(t, "P3") == Gems(green=1)  # another column: untouched
    assert event["moved"] == [
        {"from": "Y2", "to": "jabberwock", "gems": 1},
        {"from": "G2", "to": "Y2", "gems": 2},
        {"from": "P2", "to": "G2", "gems": 1},
    ]
    assert event["flipped"] == [] and t.public.turn == 1 and t.public.phase == "whiffle"


def test_inhaled_gems_skip_face_down_cards() -> None:
    """ "Every time a gem moves onto a face-down card, move it an additional card"."""
    # Yellow right of the top row: Y5 (face down) is adjacent, then G4, P3, Y2, G1.
    t = table(
        {"G4": Gems(yellow=1), "G1": Gems(yellow=1)},
        jabberwocks={"green": ((-1, 0), 0), "yellow": ((0, 5), 0), "purple": ((1, -1), 0)},
        moving="yellow",
        turn=1,
    )
    act(t, 1, Inhale())
    assert carried(t, "yellow") == 1  # G4 -> Y5 is face down -> onto the Jabberwocky card
    assert on(t, "Y2") == Gems(yellow=1) and on(t, "G1") == Gems()
    # Two face-down cards in a row are both skipped: green above column 2 (P3, Y3 face down, G3).
    t = table(
        {"G3": Gems(green=1)},
        jabberwocks={"green": ((-1, 2), 0), "yellow": ((3, 0), 0), "purple": ((1, -1), 0)},
        down=("G5", "Y5", "P5", "P3", "Y3"),
        moving="green",
    )
    event = act(t, 0, Inhale())
    assert event["moved"] == [{"from": "G3", "to": "jabberwock", "gems": 1}]
    assert carried(t, "green") == 1


def test_inhale_needs_a_gem_of_your_colour_in_your_row_or_column() -> None:
    t = table(
        {"Y2": Gems(yellow=1, purple=1), "G4": Gems(green=1)},
        jabberwocks={"green": ((-1, 1), 2), "yellow": ((3, 0), 0), "purple": ((1, -1), 0)},
        moving="green",
    )
    assert Inhale() not in legal(t, 0)
    with pytest.raises(IllegalMove, match="no green gem"):
        check(t, 0, Inhale())


# -- exhale -----------------------------------------------------------------------------


def test_exhale_places_one_gem_on_each_card_in_a_straight_line() -> None:
    # Yellow left of the middle row: P1, G2, Y3, P4, G5 (face down).
    t = table(
        jabberwocks={"green": ((-1, 0), 0), "yellow": ((1, -1), 3), "purple": ((3, 4), 0)}, moving="yellow", turn=1
    )
    event = act(t, 1, Exhale())
    assert [on(t, c) for c in ("P1", "G2", "Y3", "P4")] == [Gems(yellow=1)] * 3 + [Gems()]
    assert carried(t, "yellow") == 0
    assert event["placed"] == ["P1", "G2", "Y3"]


def test_exhaled_gems_skip_face_down_cards_and_may_share_a_card() -> None:
    """ "This may result in 2 or more exhaled gems ending up on the same card"."""
    # Green above column 1 with 4 gems: Y2, G2 (face down), P2.
    t = table(
        jabberwocks={"green": ((-1, 1), 4), "yellow": ((3, 0), 0), "purple": ((1, -1), 0)},
        down=("G5", "Y5", "P5", "G2"),
        moving="green",
    )
    event = act(t, 0, Exhale())
    assert on(t, "Y2") == Gems(green=1)
    assert on(t, "G2") == Gems()
    assert on(t, "P2") == Gems(green=2)
    assert carried(t, "green") == 1  # the fourth gem would go off the grid: back to the card
    # The second gem was placed on G2, face down, and moved on to P2.
    assert event["placed"] == ["Y2", "P2", "P2", "jabberwock"]


def test_exhaled_gems_that_would_go_off_the_grid_or_onto_another_jabberwocky_card_come_back() -> None:
    # Green above column 2 with 5 gems: P3, Y3, G3, then yellow's space below the grid.
    t = table(jabberwocks={"green": ((-1, 2), 5), "yellow": ((3, 2), 0), "purple": ((1, -1), 0)}, moving="green")
    act(t, 0, Exhale())
    assert [on(t, c) for c in ("P3", "Y3", "G3")] == [Gems(green=1)] * 3
    assert carried(t, "green") == 2 and carried(t, "yellow") == 0


def test_exhale_must_put_at_least_one_gem_on_the_grid() -> None:
    t = table(jabberwocks={"green": ((-1, 0), 0), "yellow": ((3, 0), 0), "purple": ((1, -1), 0)}, moving="green")
    assert Exhale() not in legal(t, 0)
    with pytest.raises(IllegalMove, match="no gem onto the grid"):
        check(t, 0, Exhale())
    # The rightmost column is Y5, G5, P5: all face down, every gem would come back.
    t = table(jabberwocks={"green": ((-1, 4), 3), "yellow": ((3, 0), 0), "purple": ((1, -1), 0)}, moving="green")
    assert Exhale() not in legal(t, 0)


# -- resolve conflicts --------------------------------------------------------------------


def test_the_rulebooks_control_examples() -> None:
    # "if a Number card has 3 green, 1 yellow, and 1 purple gem, green controls that card."
    assert controller(Gems(green=3, yellow=1, purple=1)) == "green"
    # "If a card has 3 yellow and 2 purple gems, yellow controls that card"
    assert controller(Gems(yellow=3, purple=2)) == "yellow"
    # "If a card has 2 green gems, 1 purple gem, and 1 yellow gem, no one color has enough gems"
    assert controller(Gems(green=2, yellow=1, purple=1)) is None
    assert controller(Gems(green=1, yellow=1)) is None and controller(Gems()) is None


def test_resolving_conflicts_returns_the_gems_of_the_rulebooks_examples() -> None:
    t = table(
        {
            "P3": Gems(green=3, yellow=1, purple=1),
            "G4": Gems(yellow=3, purple=2),
            "Y3": Gems(green=2, yellow=1, purple=1),
        },
        jabberwocks={"green": ((-1, 0), 0), "yellow": ((3, 0), 1), "purple": ((1, -1), 0)},
        moving="yellow",
        turn=1,
    )
    event = act(t, 1, Resolve())
    # "the yellow gem on that card would go to the yellow Jabberwocky and the purple gem ... to the purple Jabberwocky"
    assert on(t, "P3") == Gems(green=3)
    # "the purple gems would go to the purple Jabberwocky"
    assert on(t, "G4") == Gems(yellow=3)
    # "No gems would move."
    assert on(t, "Y3") == Gems(green=2, yellow=1, purple=1)
    assert carried(t, "yellow") == 2 and carried(t, "purple") == 3 and carried(t, "green") == 0
    assert event["returned"] == [
        {"from": "P3", "colour": "yellow", "gems": 1},
        {"from": "P3", "colour": "purple", "gems": 1},
        {"from": "G4", "colour": "purple", "gems": 2},
    ]


def test_resolve_conflicts_must_return_at_least_one_gem() -> None:
    t = table({"Y3": Gems(green=2, yellow=1, purple=1), "P3": Gems(green=2)}, moving="green")
    assert Resolve() not in legal(t, 0)
    with pytest.raises(IllegalMove, match="no gem"):
        check(t, 0, Resolve())


# -- fly ------------------------------------------------------------------------------------


def test_fly_to_any_empty_space_even_back_to_where_the_turn_started() -> None:
    t = table(jabberwocks={"green": ((-1, 2), 0), "yellow": ((3, 0), 0), "purple": ((1, -1), 0)})
    act(t, 0, Whiffle(jabberwock="green", to=(-1, 3)))
    flights = [m.to for m in legal(t, 0) if isinstance(m, Fly)]
    assert len(flights) == 13 and (-1, 2) in flights
    assert (-1, 3) not in flights and (3, 0) not in flights and (1, -1) not in flights
    with pytest.raises(IllegalMove, match="cannot fly"):
        check(t, 0, Fly(to=(3, 0)))
    with pytest.raises(IllegalMove, match="cannot fly"):
        check(t, 0, Fly(to=(-1, 3)))
    with pytest.raises(IllegalMove, match="cannot fly"):
        check(t, 0, Fly(to=(1, 1)))  # a card, not a space
    with pytest.raises(IllegalMove, match="cannot fly"):
        check(t, 0, Fly(to=(-1, -1)))  # a corner touches no card: not a space
    event = act(t, 0, Fly(to=(-1, 2)))
    assert event["from"] == [-1, 3] and event["to"] == [-1, 2]
    assert t.public.jabberwocks["green"].space == (-1, 2) and t.public.turn == 1


# -- flipping ----------------------------------------------------------------------------------


def test_a_card_flips_at_the_end_of_the_turn_with_enough_gems_of_its_colour_and_no_other() -> None:
    # Green left of the bottom row inhales: Y4's 3 green gems move onto G3, which then holds 3 green only.
    t = table(
        {"Y4": Gems(green=3, yellow=1)},
        jabberwocks={"green": ((2, -1), 0), "yellow": ((3, 0), 0), "purple": ((1, -1), 0)},
        moving="green",
    )
    event = act(t, 0, Inhale())
    assert event["moved"] == [{"from": "Y4", "to": "G3", "gems": 3}]
    assert event["flipped"] == ["G3"]
    assert face_down(t, "G3") and on(t, "G3") == Gems()
    assert carried(t, "green") == 3  # "The gems on it are returned to the Jabberwocky card of the same color."


def test_flipping_needs_no_other_colour_on_the_card_and_returns_gems_to_their_colour() -> None:
    # G2 holds its 2 green gems and a purple one: it stays face up.
    t = table({"G2": Gems(green=2, purple=1)}, moving="yellow", turn=1)
    act(t, 1, Fly(to=(3, 3)))
    assert not face_down(t, "G2")
    # Any player's action can flip any colour's card: yellow resolves, the purple gem goes home.
    t = table({"G2": Gems(green=2, purple=1)}, moving="yellow", turn=1)
    event = act(t, 1, Resolve())
    assert event["flipped"] == ["G2"] and face_down(t, "G2")
    assert carried(t, "green") == 2 and carried(t, "purple") == 1


def test_a_card_with_more_than_its_value_flips_too() -> None:
    """ "equal to or greater than its value"."""
    t = table(
        {"G2": Gems(green=2)},
        jabberwocks={"green": ((-1, 1), 2), "yellow": ((3, 0), 0), "purple": ((1, -1), 0)},
        moving="green",
    )
    # Exhale down column 1: one gem on Y2 (not green: stays up), one on G2 (3 green gems now: flips).
    event = act(t, 0, Exhale())
    assert event["flipped"] == ["G2"]
    assert not face_down(t, "Y2") and on(t, "Y2") == Gems(green=1)
    assert carried(t, "green") == 3


# -- two players: the neutral colour ---------------------------------------------------------------


def test_two_players_may_move_the_neutral_jabberwocky_card_but_not_twice_in_a_row() -> None:
    t = table(
        {"G2": Gems(purple=1, yellow=1)},
        seats=2,
        jabberwocks={"green": ((-1, 0), 0), "yellow": ((3, 0), 0), "purple": ((1, -1), 0)},
    )
    assert {m.jabberwock for m in legal(t, 0) if isinstance(m, Whiffle)} == {"green", "purple"}
    # Seat 0 plays purple: whiffles it along the left side and inhales purple gems (not green ones).
    act(t, 0, Whiffle(jabberwock="purple", to=(2, -1)))
    assert t.public.moving == "purple"
    act(t, 0, Fly(to=(1, 5)))
    assert t.public.neutral_moved_last and t.public.turn == 1
    assert {m.jabberwock for m in legal(t, 1) if isinstance(m, Whiffle)} == {"yellow"}
    with pytest.raises(IllegalMove, match="2 consecutive turns"):
        check(t, 1, Whiffle(jabberwock="purple", to=(0, 5)))
    act(t, 1, Whiffle(jabberwock="yellow", to=(3, 1)))
    act(t, 1, Fly(to=(3, 4)))
    assert not t.public.neutral_moved_last
    assert {m.jabberwock for m in legal(t, 0) if isinstance(m, Whiffle)} == {"green", "purple"}


def test_the_neutral_colour_acts_with_its_own_gems() -> None:
    """ "inhale or exhale neutral gems (not the gems of your color)"."""
    t = table(
        {"P4": Gems(purple=1, green=1), "Y3": Gems(purple=1)},
        seats=2,
        jabberwocks={"green": ((-1, 0), 0), "yellow": ((3, 0), 0), "purple": ((1, 5), 0)},
        moving="purple",
    )
    act(t, 0, Inhale())
    # Row 1 from the right: G5 is face down, so P4's purple gem skips it onto the card; Y3's moves to P4.
    assert carried(t, "purple") == 1 and on(t, "P4") == Gems(green=1, purple=1) and on(t, "Y3") == Gems()


def test_the_neutral_colour_finishing_does_not_end_the_game() -> None:
    t = table({"P4": Gems(purple=4)}, seats=2, down=("G5", "Y5", "P5", "P1", "P2", "P3"), moving="green")
    event = act(t, 0, Fly(to=(3, 3)))
    assert event["flipped"] == ["P4"] and "end" not in event
    assert RULES.outcome(t) is None and t.public.turn == 1
    assert carried(t, "purple") == 4
    # The neutral Jabberwocky card may still be moved.
    assert "purple" in {m.jabberwock for m in legal(t, 1) if isinstance(m, Whiffle)}


# -- the end ---------------------------------------------------------------------------------------


def test_the_first_player_with_all_four_cards_face_down_wins() -> None:
    t = table({"G4": Gems(green=4)}, down=("G5", "Y5", "P5", "G1", "G2", "G3"), moving="yellow", turn=1)
    event = act(t, 1, Fly(to=(3, 3)))  # yellow's turn: green's last card flips, green wins
    assert event["end"]["winners"] == [0]
    outcome = RULES.outcome(t)
    assert outcome is not None and outcome.winners == [0]
    assert t.public.phase == "over" and RULES.to_act(t) == []
    with pytest.raises(IllegalMove, match="over"):
        check(t, 1, Fly(to=(3, 4)))


def test_when_two_players_finish_at_once_the_player_who_took_the_turn_wins() -> None:
    down = ("G5", "Y5", "P5", "G1", "G2", "G3", "Y1", "Y2", "Y3")
    t = table({"G4": Gems(green=4, purple=1), "Y4": Gems(yellow=4)}, down=down, moving="green")
    act(t, 0, Resolve())  # the purple gem goes home: G4 and Y4 both flip
    outcome = RULES.outcome(t)
    assert outcome is not None and outcome.winners == [0]


def test_when_two_rivals_finish_on_another_players_turn_they_share_the_win() -> None:
    down = ("G5", "Y5", "P5", "G1", "G2", "G3", "Y1", "Y2", "Y3")
    t = table({"G4": Gems(green=4, purple=1), "Y4": Gems(yellow=4, purple=1)}, down=down, moving="purple", turn=2)
    act(t, 2, Resolve())
    outcome = RULES.outcome(t)
    assert outcome is not None and outcome.winners == [0, 1]


def test_two_players_finishing_together_after_a_neutral_turn_the_mover_wins() -> None:
    down = ("G5", "Y5", "P5", "G1", "G2", "G3", "Y1", "Y2", "Y3")
    t = table({"G4": Gems(green=4, purple=1), "Y4": Gems(yellow=4)}, seats=2, down=down, moving="purple", turn=1)
    act(t, 1, Resolve())
    outcome = RULES.outcome(t)
    assert outcome is not None and outcome.winners == [1]


# -- invariants over whole games -------------------------------------------------------------------


@pytest.mark.parametrize(("seats", "options"), [(2, {}), (3, {}), (3, {"extended": True, "face_down": 1})])
def test_gems_are_conserved_and_never_rest_on_a_face_down_card(seats: int, options: dict[str, Any]) -> None:
    t, rng = RULES.setup(RULES.parse_options(options), seats, seed=seats)
    pick = random.Random(seats)
    while RULES.outcome(t) is None:
        seat = RULES.to_act(t)[0]
        RULES.act(t, rng, seat, RULES.dump_move(pick.choice(RULES.legal_moves(t, seat))))
        assert all(gem_count(t, c) == 8 for c in ORDER)
        assert all(x.gems.total() == 0 for row in t.public.grid for x in row if x.face_down)
    outcome = RULES.outcome(t)
    assert outcome is not None
    winner_colours = [t.public.colours[s] for s in outcome.winners]
    assert all(all(x.face_down for row in t.public.grid for x in row if x.colour == c) for c in winner_colours)


# -- house rules (the book sets no end but a colour finished) --------------------------------------------------------


def fly_in_place(t: GTable) -> None:
    """One turn that changes nothing: whiffle the mover's own Jabberwocky card, then fly it back where it stood."""
    seat = t.public.turn
    assert seat is not None
    colour = t.public.colours[seat]
    here = t.public.jabberwocks[colour].space
    to = GAME.whiffles(t.public, colour)[0]
    act(t, seat, Whiffle(jabberwock=colour, to=to))
    act(t, seat, Fly(to=here))


@pytest.mark.parametrize("seats", [2, 3])
def test_a_fly_only_loop_goes_on_for_ever_under_the_books_rules(seats: int) -> None:
    # Issue 44: a legal fly-only loop played 3,000 turns with the grid unchanged. The book's game has no end for it.
    t, _ = RULES.setup(RULES.parse_options({}), seats, seed=1)
    for _ in range(60):
        fly_in_place(t)
    assert RULES.outcome(t) is None and t.public.turns == 60


@pytest.mark.parametrize("seats", [2, 3])
def test_the_repetition_house_rule_draws_a_position_seen_three_times(seats: int) -> None:
    t, _ = RULES.setup(RULES.parse_options({"repetition": 3}), seats, seed=1)
    for turn in range(1, 2 * seats + 1):
        assert RULES.outcome(t) is None
        fly_in_place(t)
        assert t.public.seen == 1 + turn // seats
    outcome = RULES.outcome(t)
    assert outcome is not None and outcome.reason == "repetition" and outcome.winners == list(range(seats))
    assert t.public.turns == 2 * seats


def test_a_flip_clears_the_positions_the_repetition_rule_remembers() -> None:
    t = table({"G1": Gems(green=1)}, jabberwocks={"green": ((-1, 1), 0), "yellow": ((3, 0), 0), "purple": ((1, -1), 0)})
    t.public.repetition = 2
    t.secret.positions = {"0123456789abcdef": 1}
    act(t, 0, Whiffle(jabberwock="green", to=(-1, 2)))
    act(t, 0, Fly(to=(-1, 3)))  # G1 holds one green gem and nothing else: it flips at the end of the turn
    assert face_down(t, "G1") and list(t.secret.positions.values()) == [1] and t.public.seen == 1


def test_the_turn_limit_house_rule_gives_the_win_to_the_most_cards_face_down() -> None:
    t = table(down=("G5", "Y5", "P5", "Y1", "P1"))
    t.public.turn_limit = 1
    fly_in_place(t)
    outcome = RULES.outcome(t)
    # Green has 1 card face down, yellow and purple 2 each: they share the win.
    assert outcome is not None and outcome.reason == "turn_limit" and outcome.winners == [1, 2]


def test_ladders_and_tournaments_play_gyre_with_the_house_rules_on_by_default() -> None:
    assert RULES.rated_options({}) == {"turn_limit": 300, "repetition": 3}
    assert RULES.rated_options({"repetition": None})["repetition"] is None  # a creator may turn one off
    assert RULES.parse_options({}) == GyreOptions()  # casual matches play the book's game: no house rule
    assert GyreOptions().turn_limit is None and GyreOptions().repetition is None
