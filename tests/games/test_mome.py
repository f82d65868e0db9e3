"""Mome, tested against the rulebook's text and worked examples."""

from __future__ import annotations

from typing import Any

import pytest

from server.engine import Rng, Rules, event_for
from server.errors import BadOptions, IllegalMove, NotYourTurn
from server.games.mome import (
    Bridge,
    Mome,
    MTable,
    Placed,
    Private,
    Public,
    Secret,
    hits,
    layout,
    rule_of_six,
    totals,
)

GAME = Mome()
RULES = Rules(GAME)


def bridge(seats: list[int], *cards: str, down: tuple[str, ...] = ()) -> Bridge:
    return Bridge(seats=seats, cards=[Placed(card=c, face_up=c not in down, seat=seats[0]) for c in cards])


def table(
    hands: list[list[str]],
    *,
    phase: Any = "build",
    bridges: list[Bridge] | None = None,
    lead: int | None = 0,
    target: Any = "yellow",
    turn: int | None = 0,
    gems: list[int] | None = None,
    goal: int = 6,
    center: list[str] | None = None,
) -> MTable:
    """A position built directly, as a rulebook picture would show it."""
    n = len(hands)
    bridges = bridges if bridges is not None else layout(n)
    center = center if center is not None else ["G1", "Y1", "P1"]
    public = Public(
        seats=n,
        goal=goal,
        round=1,
        phase=phase,
        starting=0,
        plan_turn=0 if phase == "plan" else None,
        passes=0,
        lead=None if phase == "plan" else lead,
        target=None if phase == "plan" else target,
        turn=turn if phase == "build" else None,
        capacity=4 if n <= 3 else 3,
        bridges=bridges,
        played=sum(len(b.cards) for b in bridges),
        hand_sizes=[len(h) for h in hands],
        center_cards=len(center),
        gems=gems or [0] * n,
    )
    return MTable(public=public, private=[Private(hand=list(h)) for h in hands], secret=Secret(center=center))


def act(t: MTable, seat: int, rng: Rng | None = None, **move: Any) -> Any:
    _, event = RULES.act(t, rng or Rng(0), seat, move)
    return event


# -- setup -------------------------------------------------------------------------


@pytest.mark.parametrize(("seats", "each"), [(2, 6), (3, 4), (4, 3)])
def test_three_center_cards_and_the_rest_dealt_evenly(seats: int, each: int) -> None:
    t, _ = RULES.setup(RULES.parse_options({}), seats, seed=3)
    assert [len(p.hand) for p in t.private] == [each] * seats
    assert len(t.secret.center) == 3 and t.public.center_cards == 3
    everything = [c for p in t.private for c in p.hand] + t.secret.center
    assert sorted(everything) == sorted(c + str(v) for c in "GYP" for v in range(1, 6))
    assert t.public.phase == "plan" and t.public.gems == [0] * seats


def test_two_players_build_a_triangle_with_an_empty_third_village() -> None:
    assert [b.seats for b in layout(2)] == [[0, 1], [1], [0]]


def test_three_players_build_a_triangle_and_four_a_square() -> None:
    assert [b.seats for b in layout(3)] == [[0, 1], [1, 2], [2, 0]]
    assert [b.seats for b in layout(4)] == [[0, 1], [1, 2], [2, 3], [3, 0]]


@pytest.mark.parametrize(("seats", "capacity"), [(2, 4), (3, 4), (4, 3)])
def test_bridges_hold_12_cards_in_all(seats: int, capacity: int) -> None:
    t, _ = RULES.setup(RULES.parse_options({}), seats, seed=3)
    assert t.public.capacity == capacity
    assert capacity * len(t.public.bridges) == 12


def test_the_starting_player_is_drawn_unless_named() -> None:
    starts = {RULES.setup(RULES.parse_options({}), 4, seed=s)[0].public.starting for s in range(20)}
    assert starts == {0, 1, 2, 3}
    t, _ = RULES.setup(RULES.parse_options({"first_player": 2}), 3, seed=1)
    assert t.public.starting == 2 and RULES.to_act(t) == [2]
    with pytest.raises(BadOptions, match="first_player must be a seat"):
        RULES.setup(RULES.parse_options({"first_player": 3}), 3, seed=1)


def test_center_cards_and_other_hands_are_hidden() -> None:
    t, _ = RULES.setup(RULES.parse_options({}), 3, seed=4)
    seen = str(RULES.view(t, 0))
    assert not any(c in seen for c in t.secret.center + t.private[1].hand + t.private[2].hand)


# -- plan --------------------------------------------------------------------------


def test_taking_a_gem_names_the_target_and_makes_the_lead() -> None:
    t = table([["G1"], ["G2"], ["G3"]], phase="plan")
    event = act(t, 0, type="lead", take="gem", target="purple")
    assert event.public == {"type": "lead", "seat": 0, "take": "gem", "target": "purple"}
    assert t.public.gems == [1, 0, 0]
    assert t.public.lead == 0 and t.public.target == "purple"
    assert t.public.phase == "build" and RULES.to_act(t) == [0]


def test_drawing_the_top_center_card_is_seen_by_the_lead_only() -> None:
    t = table([["G1"], ["G2"], ["G3"]], phase="plan", center=["P4", "Y5", "G5"])
    event = act(t, 0, type="lead", take="card", target="green")
    assert t.private[0].hand == ["G1", "P4"]
    assert event_for(event, 0)["private"] == {"drew": "P4"}
    assert "P4" not in str(event_for(event, 1)) and "P4" not in str(RULES.view(t, 1))
    assert t.public.center_cards == 2 and t.public.hand_sizes == [2, 1, 1]


def test_passing_moves_the_choice_clockwise_and_the_last_player_may_not_pass() -> None:
    t = table([["G1"], ["G2"], ["G3"]], phase="plan")
    act(t, 0, type="pass")
    assert RULES.to_act(t) == [1]
    act(t, 1, type="pass")
    assert RULES.to_act(t) == [2]
    assert {"type": "pass"} not in [RULES.dump_move(m) for m in RULES.legal_moves(t, 2)]
    with pytest.raises(IllegalMove, match="the last player may not pass"):
        act(t, 2, type="pass")
    act(t, 2, type="lead", take="gem", target="yellow")
    assert t.public.lead == 2 and RULES.to_act(t) == [2]


def test_only_the_player_choosing_may_act_in_the_plan_phase() -> None:
    t = table([["G1"], ["G2"]], phase="plan")
    with pytest.raises(NotYourTurn):
        act(t, 1, type="pass")
    with pytest.raises(IllegalMove, match="plan phase"):
        act(t, 0, type="play", card="G1", bridge=0)


def test_the_fourth_player_marks_a_village_with_a_center_card() -> None:
    t = table([["G1"], ["G2"], ["G3"], ["G4"]], phase="plan", center=["P4", "Y5", "G5"])
    act(t, 0, type="lead", take="card", target="green")
    assert t.secret.village == "Y5" and t.secret.center == ["G5"]
    assert t.public.center_cards == 1


# -- build -------------------------------------------------------------------------


def test_nicole_may_not_play_on_her_opponents_bridge_unless_it_is_the_smallest() -> None:
    """Her right-hand bridge has 1 card, her left-hand bridge none: the opponent's bridge is not the smallest."""
    nicole = ["G2", "Y2"]
    bridges = [Bridge(seats=[0, 1]), bridge([1], "P1"), bridge([0], "P2")]
    t = table([nicole, ["G5"]], bridges=bridges)
    assert GAME.open_bridges(t.public, 0) == [0, 2]
    with pytest.raises(IllegalMove, match="not the bridge with the least cards"):
        act(t, 0, type="play", card="G2", bridge=1)
    # If both her bridges had 1 card, she could play on a 0- or 1-card bridge of her opponent's.
    for opponent in ([], ["Y1"]):
        bridges = [bridge([0, 1], "P3"), bridge([1], *opponent), bridge([0], "P2")]
        t = table([nicole, ["G5"]], bridges=bridges)
        assert 1 in GAME.open_bridges(t.public, 0)
    # ... but not a 2-card one.
    bridges = [bridge([0, 1], "P3"), bridge([1], "Y1", "Y3"), bridge([0], "P2")]
    t = table([nicole, ["G5"]], bridges=bridges)
    assert GAME.open_bridges(t.public, 0) == [0, 2]


def test_a_complete_bridge_takes_no_more_cards() -> None:
    bridges = [bridge([0, 1], "P1", "P2", "P3", "P4"), bridge([1], "Y1"), bridge([0], "G1")]
    t = table([["G2", "Y2"], ["G5"]], bridges=bridges)
    with pytest.raises(IllegalMove, match="bridge 0 is complete"):
        act(t, 0, type="play", card="G2", bridge=0)
    assert {m.bridge for m in RULES.legal_moves(t, 0)} == {1, 2}


def test_in_a_four_player_game_bridges_complete_at_three_cards() -> None:
    bridges = [bridge([0, 1], "P1", "P2", "P4"), bridge([1, 2]), bridge([2, 3]), bridge([3, 0], "Y1")]
    t = table([["G2"], ["G3"], ["G4"], ["G5"]], bridges=bridges)
    with pytest.raises(IllegalMove, match="complete"):
        act(t, 0, type="play", card="G2", bridge=0)
    assert {m.bridge for m in RULES.legal_moves(t, 0)} == {1, 2, 3}


def test_a_card_must_come_from_your_hand_and_turns_go_to_the_left() -> None:
    t = table([["G2", "Y2"], ["G5"], ["Y3"]])
    with pytest.raises(IllegalMove, match="P5 is not in your hand"):
        act(t, 0, type="play", card="P5", bridge=0)
    with pytest.raises(IllegalMove, match="only 3 bridges"):
        act(t, 0, type="play", card="G2", bridge=3)
    with pytest.raises(IllegalMove, match="build phase"):
        act(t, 0, type="pass")
    act(t, 0, type="play", card="G2", bridge=0)
    assert RULES.to_act(t) == [1]
    assert t.public.bridges[0].cards == [Placed(card="G2", seat=0)]


# -- the rule of 6 -----------------------------------------------------------------


def play_onto(b: Bridge, card: str) -> list[str]:
    placed = Placed(card=card, seat=0)
    b.cards.append(placed)
    return rule_of_six(b, placed)


def test_a_green_2_on_a_green_4_flips_the_green_4() -> None:
    b = bridge([0], "G4", "Y1")
    assert play_onto(b, "G2") == ["G4"]
    assert [(p.card, p.face_up) for p in b.cards] == [("G4", False), ("Y1", True), ("G2", True)]


def test_a_purple_5_on_a_purple_1_flips_the_purple_5_played() -> None:
    b = bridge([0], "P1")
    assert play_onto(b, "P5") == ["P5"]
    assert [(p.card, p.face_up) for p in b.cards] == [("P1", True), ("P5", False)]


def test_a_yellow_3_on_a_purple_3_flips_the_purple_3() -> None:
    b = bridge([0], "P3", "G3", down=("G3",))
    assert play_onto(b, "Y3") == ["P3"]
    assert [(p.card, p.face_up) for p in b.cards] == [("P3", False), ("G3", False), ("Y3", True)]


def test_the_rule_of_6_needs_the_same_colour_and_the_same_bridge() -> None:
    b = bridge([0], "Y4", "G1", "P3")
    assert play_onto(b, "G2") == []
    assert play_onto(bridge([0], "G5", down=("G5",)), "G1") == []


def test_the_rule_of_6_is_applied_when_playing() -> None:
    bridges = [bridge([0, 1], "G4"), bridge([1]), bridge([0])]
    t = table([["G2", "Y2"], ["G5"]], bridges=bridges)
    event = act(t, 0, type="play", card="G2", bridge=0)
    assert event.public["flipped"] == ["G4"]
    assert not t.public.bridges[0].cards[0].face_up


# -- scoring -----------------------------------------------------------------------


def tania() -> list[Bridge]:
    """Tania (seat 0 of 4): purple 3, green 1, yellow 4 on her left; yellow 5, green 3, green 4 on her right."""
    return [
        bridge([0, 1], "P3", "G1", "Y4"),
        bridge([1, 2], "P1", "P2", "Y1"),
        bridge([2, 3], "G2", "Y2", "P4"),
        bridge([3, 0], "Y5", "G3", "G4"),
    ]


def test_tania_has_purple_3_green_8_yellow_9() -> None:
    assert totals(tania(), 0) == {"purple": 3, "green": 8, "yellow": 9}
    assert hits(totals(tania(), 0), "yellow")
    assert not hits(totals(tania(), 0), "green")


def test_face_down_cards_do_not_count_and_a_tie_for_highest_is_no_hit() -> None:
    bridges = [bridge([0, 1], "Y4", "G4"), bridge([1], "P5", "P1", down=("P5",)), bridge([0], "Y1", "P2")]
    assert totals(bridges, 1) == {"green": 4, "yellow": 4, "purple": 1}
    assert not hits(totals(bridges, 1), "yellow")
    assert hits(totals(bridges, 0), "yellow")


def last_card(hands: list[list[str]], bridges: list[Bridge], turn: int, **kw: Any) -> MTable:
    t = table(hands, bridges=bridges, turn=turn, **kw)
    assert t.public.played == 11
    return t


def position_a() -> list[Bridge]:
    """2 players, target yellow, seat 0 leads: seat 0 has yellow 10, green 3, purple 8 (with the P2 to come)."""
    return [bridge([0, 1], "Y5", "G1", "P1", "G2"), bridge([1], "G5", "G4", "P5"), bridge([0], "Y4", "P3", "Y1", "P4")]


def test_the_lead_hitting_alone_earns_two_gems() -> None:
    # Seat 1 plays the 12th card.
    t = last_card([["Y3"], ["P2"]], position_a(), turn=1)
    event = act(t, 1, type="play", card="P2", bridge=1)
    result = event.public["round_over"]
    assert result["hit"] == [True, False]
    assert result["gained"] == [2, 0]
    assert t.public.gems == [2, 0]


def test_when_the_lead_misses_everyone_else_earns_a_gem() -> None:
    bridges = [
        bridge([0, 1], "G3", "G1", "P1", "G2"),
        bridge([1], "Y5", "Y4", "P5"),
        bridge([0], "G4", "P3", "Y1", "G5"),
    ]
    t = last_card([["Y3"], ["P2"]], bridges, turn=1)
    event = act(t, 1, type="play", card="P2", bridge=1)
    result = event.public["round_over"]
    assert result["hit"] == [False, True]
    assert result["gained"] == [0, 2]


def test_when_the_lead_and_another_hit_each_earns_one_gem() -> None:
    bridges = [
        bridge([0, 1], "Y5", "Y2", "G1", "P1"),
        bridge([1, 2], "Y4", "G2", "P2"),
        bridge([2, 0], "Y3", "G4", "P4", "Y1"),
    ]
    t = last_card([["G3"], ["P5"], ["G5"]], bridges, turn=1)
    # Seat 1 plays the 12th card onto its own bridge 1.
    event = act(t, 1, type="play", card="P5", bridge=1)
    result = event.public["round_over"]
    assert [t_["yellow"] for t_ in result["totals"]] == [11, 11, 8]
    assert result["hit"] == [True, True, False]
    assert result["gained"] == [1, 1, 0]


def test_a_new_round_deals_again_and_the_player_left_of_the_lead_starts() -> None:
    t = last_card([["Y3"], ["P2"]], position_a(), turn=1)
    event = act(t, 1, type="play", card="P2", bridge=1)
    pub = t.public
    assert pub.round == 2 and pub.phase == "plan" and pub.starting == 1 and RULES.to_act(t) == [1]
    assert [len(p.hand) for p in t.private] == [6, 6] and pub.center_cards == 3
    assert all(not b.cards for b in pub.bridges)
    assert pub.last_round is not None and pub.last_round.bridges[1].cards[-1].card == "P2"
    assert event_for(event, 0)["private"] == {"hand": t.private[0].hand}


def test_six_gems_end_the_game() -> None:
    t = last_card([["Y3"], ["P2"]], position_a(), turn=1, gems=[4, 5])
    act(t, 1, type="play", card="P2", bridge=1)
    assert t.public.phase == "over" and t.public.gems == [6, 5]
    outcome = RULES.outcome(t)
    assert outcome is not None and outcome.winners == [0] and outcome.scores == [6, 5]
    assert RULES.to_act(t) == []


def test_tied_gems_go_to_the_highest_target_total_of_the_round() -> None:
    bridges = [
        bridge([0, 1], "G3", "Y2", "G1", "P1"),
        bridge([1, 2], "Y4", "G2", "P2"),
        bridge([2, 0], "Y3", "G4", "P4", "Y1"),
    ]
    # Nobody hits; the lead (0) missed, so seats 1 and 2 both reach 6.
    t = last_card([["Y5"], ["P5"], ["G5"]], bridges, turn=1, gems=[0, 5, 5])
    act(t, 1, type="play", card="P5", bridge=1)
    assert t.public.gems == [0, 6, 6]
    assert t.public.last_round is not None
    assert [t_["yellow"] for t_ in t.public.last_round.totals] == [6, 6, 8]
    outcome = RULES.outcome(t)
    assert outcome is not None and outcome.winners == [2] and outcome.reason == "tie_break"


def test_the_extended_variant_plays_to_11_gems() -> None:
    t, _ = RULES.setup(RULES.parse_options({"extended": True}), 3, seed=2)
    assert t.public.goal == 11
    t = last_card([["Y3"], ["P2"]], position_a(), turn=1, gems=[8, 5], goal=11)
    act(t, 1, type="play", card="P2", bridge=1)
    assert t.public.gems == [10, 5] and t.public.phase == "plan"


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_round_plays_exactly_12_cards(seats: int) -> None:
    t, rng = RULES.setup(RULES.parse_options({"first_player": 0}), seats, seed=seats)
    act(t, 0, rng, type="lead", take="card", target="green")
    plays = 0
    while t.public.round == 1:
        seat = RULES.to_act(t)[0]
        RULES.act(t, rng, seat, RULES.dump_move(RULES.legal_moves(t, seat)[-1]))
        plays += 1
    assert plays == 12
    assert t.public.last_round is not None
    assert all(len(b.cards) == t.public.capacity for b in t.public.last_round.bridges)


def test_a_tie_on_gems_and_on_the_target_total_is_shared() -> None:
    bridges = [
        bridge([0, 1], "G3", "Y2", "G1", "P1"),
        bridge([1, 2], "Y4", "G2", "P2"),
        bridge([2, 0], "Y5", "G4", "P4", "Y1"),
    ]
    t = last_card([["Y3"], ["P5"], ["G5"]], bridges, turn=1, gems=[0, 5, 5])
    act(t, 1, type="play", card="P5", bridge=1)
    assert t.public.last_round is not None
    assert [t_["yellow"] for t_ in t.public.last_round.totals] == [8, 6, 10]
    assert t.public.last_round.hit == [False, False, False]
    # Seat 2 has the highest yellow: alone it would win; make seat 1 equal to check sharing.
    t.public.last_round.totals[1]["yellow"] = 10
    outcome = RULES.outcome(t)
    assert outcome is not None and outcome.winners == [1, 2]


def test_the_plan_phase_offers_six_ways_to_lead_and_a_pass_except_to_the_last_player() -> None:
    t = table([["G1"], ["G2"], ["G3"]], phase="plan")
    assert len(RULES.legal_moves(t, 0)) == 7
    t.public.passes, t.public.plan_turn = 2, 2
    moves = [RULES.dump_move(m) for m in RULES.legal_moves(t, 2)]
    assert len(moves) == 6 and all(m["type"] == "lead" for m in moves)


def test_with_your_own_bridges_complete_you_play_on_the_smallest_other_bridge() -> None:
    bridges = [
        bridge([0, 1], "P1", "P2", "P3", "G1"),
        bridge([1], "Y1", "Y2", "Y3"),
        bridge([0], "G2", "G3", "G5", "Y5"),
    ]
    t = table([["G4"], ["P4"]], bridges=bridges)
    assert GAME.open_bridges(t.public, 0) == [1]
    bridges = [
        bridge([0, 1], "P1", "P2", "P3"),
        bridge([1, 2], "Y1"),
        bridge([2, 3], "Y2", "Y3"),
        bridge([3, 0], "G1", "G2", "G3"),
    ]
    t = table([["G4"], ["P4"], ["Y4"], ["G5"]], bridges=bridges)
    assert GAME.open_bridges(t.public, 0) == [1]
    assert GAME.open_bridges(t.public, 2) == [1, 2]


def test_playing_a_3_flips_the_other_face_up_3_on_that_bridge() -> None:
    bridges = [bridge([0, 1], "P3", "G1"), bridge([1]), bridge([0])]
    t = table([["Y3", "Y2"], ["G5"]], bridges=bridges)
    event = act(t, 0, type="play", card="Y3", bridge=0)
    assert event.public["flipped"] == ["P3"]
    assert [(p.card, p.face_up) for p in t.public.bridges[0].cards] == [("P3", False), ("G1", True), ("Y3", True)]
