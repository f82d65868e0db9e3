"""Mimsy, rule by rule: setup, sowing, the pick-up-and-go-again chain, the end and the advanced variant."""

from __future__ import annotations

from typing import Any

import pytest

from server.engine import BadOptions, IllegalMove, Rng, Rules
from server.engine.numbers import Gems
from server.games.mimsy import Drop, Mimsy, MimsyOptions, MTable, Pick, Private, Public, Secret, Slot

GAME = Mimsy()
RULES = Rules(GAME)

#: A triangle clockwise: goal cards at 0, 4, 8.
LAYOUT = ["G5", "G1", "Y1", "P1", "Y5", "G2", "Y2", "P2", "P5", "G3", "Y3", "P3"]
COLOUR = {"G": "green", "Y": "yellow", "P": "purple"}


def table(
    gems: dict[str, Gems],
    *,
    seats: int = 3,
    goals: tuple[str, ...] = ("green", "yellow", "purple"),
    points: tuple[str, ...] | None = None,
    turn: int = 0,
    layout: list[str] = LAYOUT,
) -> MTable:
    """A position: ``gems`` on the named cards, every other card empty."""
    ring = [Slot(card=c, colour=COLOUR[c[0]], gems=gems.get(c, Gems()).model_copy()) for c in layout]  # type: ignore[arg-type]
    public = Public(
        seats=seats, advanced=points is not None, first_player=0, ring=ring, phase="pick", turn=turn,
        hand=Gems(), cursor=None, fives=[],
    )  # fmt: skip
    private = [Private(goal=goals[s], point=points[s] if points else None) for s in range(seats)]  # type: ignore[arg-type]
    return MTable(
        public=public,
        private=private,
        secret=Secret(unowned_goal=goals[2] if seats == 2 else None),  # type: ignore[arg-type]
    )


def act(t: MTable, seat: int, move: object) -> dict[str, Any]:
    _, event = RULES.act(t, Rng(0), seat, RULES.dump_move(move))
    return event.public


def check(t: MTable, seat: int, move: object) -> None:
    GAME.check(t.public, t.private[seat], seat, RULES.parse_move(RULES.dump_move(move)))


def on(t: MTable, card: str) -> Gems:
    return next(s.gems for s in t.public.ring if s.card == card)


# -- setup ------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3])
def test_setup_builds_the_triangle(seats: int) -> None:
    t, _ = RULES.setup(RULES.parse_options({}), seats, seed=4)
    ring = t.public.ring
    assert len(ring) == 12
    assert sorted(ring[i].card for i in (0, 4, 8)) == ["G5", "P5", "Y5"]  # the goal cards at the corners
    mimsy = [s for i, s in enumerate(ring) if i not in (0, 4, 8)]
    assert sorted(s.card for s in mimsy) == sorted(c + v for c in "GYP" for v in "123")  # no 4s
    for s in mimsy:  # 1 green gem on the green 1, 2 yellow gems on the yellow 2, ...
        assert s.gems.get(s.colour) == s.gems.total() == int(s.card[1])
    assert all(ring[i].gems.total() == 0 for i in (0, 4, 8))
    assert sum(s.gems.total() for s in ring) == 18  # 2 gems of each colour stay in the box
    goals = [p.goal for p in t.private]
    assert len(set(goals)) == seats
    assert (t.secret.unowned_goal is None) == (seats == 3)
    assert all(p.point is None for p in t.private)


def test_secret_goals_are_private() -> None:
    t, _ = RULES.setup(RULES.parse_options({}), 3, seed=1)
    view = RULES.view(t, 2)
    assert view["private"]["goal"] == t.private[2].goal
    assert view["public"]["goals"] is None
    assert "private" not in RULES.view(t, None)


def test_first_player_is_drawn_unless_named() -> None:
    drawn = {RULES.setup(RULES.parse_options({}), 3, seed=s)[0].public.turn for s in range(20)}
    assert drawn == {0, 1, 2}
    t, _ = RULES.setup(RULES.parse_options({"first_player": 1}), 2, seed=0)
    assert t.public.turn == 1
    with pytest.raises(BadOptions):
        GAME.check_options(MimsyOptions(first_player=2), 2)


# -- a turn -----------------------------------------------------------------------


def test_choose_a_mimsy_card_with_at_least_one_gem() -> None:
    t = table({"G2": Gems(green=2), "G5": Gems(green=1), "Y3": Gems(purple=1)})
    assert GAME.legal_moves(t.public, t.private[0], 0) == [Pick(card="G2"), Pick(card="Y3")]
    with pytest.raises(IllegalMove, match="goal card"):
        check(t, 0, Pick(card="G5"))
    with pytest.raises(IllegalMove, match="no gems"):
        check(t, 0, Pick(card="Y2"))
    with pytest.raises(IllegalMove, match="not in the triangle"):
        check(t, 0, Pick(card="G4"))
    with pytest.raises(IllegalMove, match="pick the gems up"):
        check(t, 0, Drop(colour="green"))


def test_drop_one_chosen_gem_at_a_time_clockwise() -> None:
    # Y2 (position 6) holds a green, a yellow and a purple gem.
    t = table({"Y2": Gems(green=1, yellow=1, purple=1), "G3": Gems(yellow=1)})
    act(t, 0, Pick(card="Y2"))
    pub = t.public
    assert on(t, "Y2").total() == 0 and pub.hand == Gems(green=1, yellow=1, purple=1)
    assert pub.phase == "drop" and pub.turn == 0
    assert GAME.legal_moves(pub, t.private[0], 0) == [
        Drop(colour="green"),
        Drop(colour="yellow"),
        Drop(colour="purple"),
    ]
    with pytest.raises(IllegalMove, match="drop the gems"):
        check(t, 0, Pick(card="G3"))
    act(t, 0, Drop(colour="purple"))  # onto P2
    assert on(t, "P2") == Gems(purple=1)
    with pytest.raises(IllegalMove, match="no purple gem"):
        check(t, 0, Drop(colour="purple"))
    event = act(t, 0, Drop(colour="green"))  # onto the purple goal P5; the yellow drops by itself onto G3
    assert on(t, "P5") == Gems(green=1)
    # The last gem matched the yellow gem on G3: both are picked up and sown on: Y3, P3.
    assert event["drops"] == [
        {"onto": "P5", "gem": "green"},
        {"onto": "G3", "gem": "yellow"},
        {"onto": "Y3", "gem": "yellow"},
        {"onto": "P3", "gem": "yellow"},
    ]
    assert event["pickups"] == [{"from": "G3", "gem": "yellow", "count": 2}]
    assert on(t, "G3").total() == 0 and on(t, "Y3") == Gems(yellow=1) and on(t, "P3") == Gems(yellow=1)
    assert t.public.phase == "pick" and pub.turn == 1 and pub.hand.total() == 0


def test_gems_of_one_colour_drop_by_themselves() -> None:
    t = table({"G1": Gems(green=3)})
    event = act(t, 0, Pick(card="G1"))
    assert [d["onto"] for d in event["drops"]] == ["Y1", "P1", "Y5"]
    assert t.public.turn == 1


def test_pick_up_and_go_again_chain() -> None:
    """Each last gem lands on gems of its colour: pick them up, take another turn, until one does not."""
    t = table(
        {
            "G2": Gems(yellow=2),  # picked up: yellow onto Y2, P2
            "P2": Gems(yellow=1, green=1),  # 2 yellow there: pick both up -> P5, G3
            "G3": Gems(yellow=2),  # 3 yellow there: pick them up -> Y3, P3, G5
            "G5": Gems(yellow=1, purple=2),  # goal card: 2 yellow there -> G1, Y1
            "Y1": Gems(green=1),  # no yellow there: the turn ends
        }
    )
    event = act(t, 0, Pick(card="G2"))
    assert event["pickups"] == [
        {"from": "P2", "gem": "yellow", "count": 2},
        {"from": "G3", "gem": "yellow", "count": 3},
        {"from": "G5", "gem": "yellow", "count": 2},
    ]
    assert [d["onto"] for d in event["drops"]] == [
        "Y2", "P2", "P5", "G3", "Y3", "P3", "G5", "G1", "Y1",
    ]  # fmt: skip
    assert on(t, "G5") == Gems(purple=2)  # a match is the only way to take gems off a goal card
    assert on(t, "P2") == Gems(green=1)
    assert on(t, "Y1") == Gems(green=1, yellow=1)
    assert t.public.phase == "pick" and t.public.turn == 1


def test_a_match_needs_the_last_gem_and_its_colour() -> None:
    # The first gem lands on yellow, the last on a card with only green: no extra turn.
    t = table({"Y2": Gems(yellow=2), "P2": Gems(yellow=3), "P5": Gems(green=1)})
    event = act(t, 0, Pick(card="Y2"))
    assert event["pickups"] == []
    assert on(t, "P2") == Gems(yellow=4) and on(t, "P5") == Gems(green=1, yellow=1)
    assert t.public.turn == 1


# -- the end ----------------------------------------------------------------------


def test_five_gems_on_a_goal_end_the_game_and_its_owner_wins() -> None:
    t = table({"P1": Gems(green=1), "Y5": Gems(purple=4)}, goals=("green", "yellow", "purple"))
    event = act(t, 0, Pick(card="P1"))
    out = RULES.outcome(t)
    assert out is not None and out.winners == [1]
    assert t.public.goals == ["green", "yellow", "purple"]  # secret goals are revealed
    assert event["end"]["winners"] == [1]


def test_the_end_is_checked_at_the_end_of_the_turn() -> None:
    # The yellow goal gets its fifth gem from the last gem, which matches: the yellows leave again.
    t = table({"P1": Gems(yellow=1), "Y5": Gems(yellow=1, green=3)})
    event = act(t, 0, Pick(card="P1"))
    assert event["pickups"] == [{"from": "Y5", "gem": "yellow", "count": 2}]
    assert on(t, "Y5") == Gems(green=3)
    assert on(t, "G2") == Gems(yellow=1) and on(t, "Y2") == Gems(yellow=1)
    assert RULES.outcome(t) is None and t.public.turn == 1


def test_two_players_unowned_goal_the_mover_wins() -> None:
    t = table({"P1": Gems(green=1), "Y5": Gems(purple=4)}, seats=2, goals=("green", "purple", "yellow"), turn=1)
    act(t, 1, Pick(card="P1"))
    out = RULES.outcome(t)
    assert out is not None and out.winners == [1]
    assert out.reason == "nobodys_goal" and out.detail is not None and "nobody's goal" in out.detail


def test_two_players_owned_goal_its_owner_wins() -> None:
    t = table({"P1": Gems(green=1), "Y5": Gems(purple=4)}, seats=2, goals=("yellow", "purple", "green"), turn=1)
    act(t, 1, Pick(card="P1"))
    out = RULES.outcome(t)
    assert out is not None and out.winners == [0]


@pytest.mark.parametrize(("goals", "winner"), [(("green", "yellow", "purple"), 0), (("yellow", "green", "purple"), 1)])
def test_the_goal_that_got_its_fifth_gem_first_breaks_the_tie(goals: tuple[str, ...], winner: int) -> None:
    t = table({"P3": Gems(purple=1, green=4), "G5": Gems(yellow=4), "Y5": Gems(purple=4)}, goals=goals)
    act(t, 0, Pick(card="P3"))  # hand: a purple and 4 greens
    act(t, 0, Drop(colour="purple"))  # onto G5: its fifth gem
    # The 4 greens drop by themselves onto G1, Y1, P1 and Y5: its fifth gem, later.
    assert on(t, "G5").total() == 5 and on(t, "Y5").total() == 5
    out = RULES.outcome(t)
    assert out is not None and out.winners == [winner]  # the green goal's owner


# -- the advanced variant -----------------------------------------------------------


def test_advanced_setup_uses_the_4s_and_deals_point_cards() -> None:
    t, _ = RULES.setup(RULES.parse_options({"advanced": True}), 3, seed=9)
    mimsy = [s for i, s in enumerate(t.public.ring) if i not in (0, 4, 8)]
    assert sorted(s.card for s in mimsy) == sorted(c + v for c in "GYP" for v in "124")
    assert all(s.gems.get(s.colour) == int(s.card[1]) for s in mimsy)  # 4 gems on the 4s
    assert sum(s.gems.total() for s in t.public.ring) == 21
    assert sorted(p.point or "" for p in t.private) == ["G3", "P3", "Y3"]
    t2, _ = RULES.setup(RULES.parse_options({"advanced": True}), 2, seed=9)
    assert len(t2.secret.unused_points) == 1 and all(p.point for p in t2.private)


ADVANCED = ["G5", "G1", "Y1", "P1", "Y5", "G2", "Y2", "P2", "P5", "G4", "Y4", "P4"]


def test_advanced_scores_three_per_point_colour_gem_on_your_goal() -> None:
    t = table(
        {"P1": Gems(green=1), "Y5": Gems(purple=2, yellow=2), "G5": Gems(purple=3), "P5": Gems(yellow=1)},
        goals=("green", "yellow", "purple"),
        points=("P3", "G3", "Y3"),
        layout=ADVANCED,
    )
    act(t, 0, Pick(card="P1"))  # the green gem ends the game on the yellow goal
    out = RULES.outcome(t)
    # seat 0: green goal, 3 purple = 9; seat 1: yellow goal, 1 green x3 + 4 others = 7; seat 2: 1 yellow x3 = 3.
    assert out is not None and out.scores == [9, 7, 3] and out.winners == [0]
    assert t.public.points == ["P3", "G3", "Y3"]


def advanced_end(gems: dict[str, Gems]) -> MTable:
    """Seat 2 ends the game: the green gem on P1 drops onto the yellow goal (4 gems there)."""
    t = table(
        {"P1": Gems(green=1), **gems},
        goals=("green", "yellow", "purple"),
        points=("G3", "P3", "Y3"),
        layout=ADVANCED,
        turn=2,
    )
    act(t, 2, Pick(card="P1"))
    return t


def test_advanced_tie_goes_to_the_player_who_last_took_a_turn() -> None:
    # Seats 0 and 1 tie at 7: seat 2 moved, and seat 1 moved before it.
    t = advanced_end({"Y5": Gems(yellow=3, purple=1), "G5": Gems(green=2, yellow=1), "P5": Gems(green=1)})
    out = RULES.outcome(t)
    assert out is not None and out.scores == [7, 7, 1] and out.winners == [1]
    # Seats 0 and 2 tie at 6: seat 2 just moved.
    t = advanced_end({"Y5": Gems(yellow=4), "G5": Gems(green=2), "P5": Gems(yellow=2)})
    out = RULES.outcome(t)
    assert out is not None and out.scores == [6, 5, 6] and out.winners == [2]
    # All three tie: the mover wins.
    t = advanced_end({"Y5": Gems(yellow=3, purple=1), "G5": Gems(green=2, yellow=1), "P5": Gems(yellow=2, green=1)})
    out = RULES.outcome(t)
    assert out is not None and out.scores == [7, 7, 7] and out.winners == [2]


def test_advanced_the_owner_of_the_full_goal_need_not_win() -> None:
    t = advanced_end({"Y5": Gems(yellow=4), "G5": Gems(green=4)})
    out = RULES.outcome(t)
    assert out is not None and out.scores == [12, 5, 0] and out.winners == [0]
