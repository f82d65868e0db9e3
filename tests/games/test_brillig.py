"""Brillig, tested against the rulebook's text and worked examples."""

from __future__ import annotations

from typing import Any

import pytest

from server.engine import Rng, Rules, event_for
from server.engine.numbers import Gems
from server.engine.sealed import Committed, Sealed
from server.errors import IllegalMove, NotYourTurn
from server.games.brillig import (
    Brillig,
    BTable,
    Collected,
    MovePile,
    Private,
    Public,
    Secret,
    TakeBonus,
    score,
)

GAME = Brillig()
RULES = Rules(GAME)
NICOLE, ROXY = 0, 1


def gems(g: int = 0, y: int = 0, p: int = 0) -> Gems:
    return Gems(green=g, yellow=y, purple=p)


def table(
    hands: tuple[list[str], list[str]],
    *,
    round: int = 1,
    phase: Any = "assign_card",
    piles: list[Gems | None] | None = None,
    rows: list[list[Gems]] | None = None,
    board: dict[str, Gems] | None = None,
    assignment_cards: list[list[str]] | None = None,
    collections: list[list[Collected]] | None = None,
    bonus: list[str] | None = None,
) -> BTable:
    """A position built directly, as a rulebook picture would show it."""
    collections = collections or [[], []]
    public = Public(
        round=round,
        phase=phase,
        committed=Committed.fresh(2),
        rows=rows if rows is not None else [[gems(3), gems(y=3), gems(p=3)], [gems(2), gems(y=2), gems(p=2)]],
        piles=piles if piles is not None else [gems(1, 1, 1), gems(2, 1), gems(p=3)],
        jabberwocky=board or {c: Gems() for c in ("green", "yellow", "purple")},
        assignment=[None, None],
        collection=[None, None],
        assignment_cards=assignment_cards or [[], []],
        collections=collections,
        bonus_queue=[],
        hand_sizes=[len(hands[0]), len(hands[1])],
        scores=[score(c) for c in collections],
    )
    secret = Secret(sealed=Sealed[str].fresh(2), bonus=bonus or ["G5", "Y5", "P5"])
    return BTable(public=public, private=[Private(hand=list(h)) for h in hands], secret=secret)


def act(t: BTable, seat: int, **move: Any) -> Any:
    _, event = RULES.act(t, Rng(0), seat, move)
    return event


# -- setup -------------------------------------------------------------------------


def test_setup_deals_six_of_the_1_to_4_cards_and_sets_the_5s_aside_as_the_bonus_deck() -> None:
    t, _ = RULES.setup(RULES.parse_options({}), 2, seed=5)
    hands = [p.hand for p in t.private]
    assert [len(h) for h in hands] == [6, 6]
    dealt = hands[0] + hands[1]
    assert sorted(dealt) == sorted(c + str(v) for c in "GYP" for v in range(1, 5))
    assert sorted(t.secret.bonus) == ["G5", "P5", "Y5"]
    assert t.public.hand_sizes == [6, 6]


def test_setup_makes_rows_of_3_3_and_2_gem_piles_from_all_24_gems() -> None:
    t, _ = RULES.setup(RULES.parse_options({}), 2, seed=9)
    rows = [t.public.piles, *t.public.rows]
    assert [[p.total() for p in row if p is not None] for row in rows] == [[3, 3, 3], [3, 3, 3], [2, 2, 2]]
    for c in ("green", "yellow", "purple"):
        assert sum(p.get(c) for row in rows for p in row if p is not None) == 8
    assert all(g.total() == 0 for g in t.public.jabberwocky.values())


def test_hands_and_the_bonus_deck_are_not_in_the_public_view() -> None:
    t, _ = RULES.setup(RULES.parse_options({}), 2, seed=1)
    spectator = str(RULES.view(t, None))
    assert not any(c in spectator for c in t.private[0].hand + t.private[1].hand + t.secret.bonus)
    assert str(RULES.view(t, 0)).count("'hand'") == 1


def test_brillig_is_for_exactly_two_players() -> None:
    with pytest.raises(Exception, match="2-2 seats"):
        RULES.setup(RULES.parse_options({}), 3, seed=1)


# -- assignment --------------------------------------------------------------------


def test_assignment_cards_are_sealed_until_both_have_played() -> None:
    t = table((["G4", "Y1"], ["P2", "Y3"]))
    assert RULES.to_act(t) == [0, 1]
    event = act(t, NICOLE, type="play", card="G4")
    assert "G4" not in str(RULES.view(t, ROXY)) and "G4" not in str(event_for(event, ROXY))
    assert event_for(event, NICOLE)["private"] == {"choice": "G4"}
    assert t.public.committed.seats == [True, False]
    assert t.private[NICOLE].face_down == "G4"
    assert RULES.to_act(t) == [ROXY]
    with pytest.raises(NotYourTurn):
        act(t, NICOLE, type="play", card="Y1")
    event = act(t, ROXY, type="play", card="P2")
    assert event.public["cards"] == ["G4", "P2"]
    assert t.public.assignment == ["G4", "P2"]


def test_nicole_green_4_against_roxy_purple_2() -> None:
    """Nicole goes first and moves a pile onto the purple Jabberwocky card; Roxy moves the other two."""
    t = table((["G4", "Y1"], ["P2", "Y3"]), piles=[gems(3), gems(y=2, p=1), gems(p=3)])
    act(t, NICOLE, type="play", card="G4")
    act(t, ROXY, type="play", card="P2")
    assert t.public.first == NICOLE
    assert RULES.to_act(t) == [NICOLE]
    act(t, NICOLE, type="move_pile", pile=1, onto="purple")
    assert RULES.to_act(t) == [ROXY]
    legal = RULES.legal_moves(t, ROXY)
    assert {(m.pile, m.onto) for m in legal} == {(0, "green"), (0, "yellow"), (2, "green"), (2, "yellow")}
    with pytest.raises(IllegalMove, match="purple Jabberwocky card already received a pile"):
        act(t, ROXY, type="move_pile", pile=0, onto="purple")
    with pytest.raises(IllegalMove, match="pile 1 has already been moved"):
        act(t, ROXY, type="move_pile", pile=1, onto="green")
    event = act(t, ROXY, type="move_pile", pile=0, onto="yellow")
    assert [(m["pile"], m["onto"]) for m in event.public["moved"]] == [(0, "yellow"), (2, "green")]
    assert t.public.jabberwocky == {"green": gems(p=3), "yellow": gems(3), "purple": gems(y=2, p=1)}
    assert t.public.piles == [None, None, None]
    assert t.public.phase == "collect_card"


@pytest.mark.parametrize(
    ("nicole", "roxy", "first"),
    [("G3", "Y3", NICOLE), ("P3", "G3", ROXY), ("Y2", "P2", NICOLE), ("P1", "Y1", ROXY), ("Y1", "P4", ROXY)],
)
def test_the_higher_number_goes_first_and_equal_numbers_go_green_yellow_purple(
    nicole: str, roxy: str, first: int
) -> None:
    t = table(([nicole], [roxy]))
    act(t, NICOLE, type="play", card=nicole)
    act(t, ROXY, type="play", card=roxy)
    assert t.public.first == first


def test_gems_join_those_already_on_a_jabberwocky_card() -> None:
    t = table((["G4"], ["P2"]), phase="assign_first", board={"green": gems(1), "yellow": gems(), "purple": gems()})
    t.public.first = NICOLE
    act(t, NICOLE, type="move_pile", pile=1, onto="green")
    assert t.public.jabberwocky["green"] == gems(3, 1)


def test_illegal_moves_in_the_assignment_phase_say_why() -> None:
    t = table((["G4", "Y1"], ["P2", "Y3"]))
    with pytest.raises(IllegalMove, match="P2 is not in your hand"):
        act(t, NICOLE, type="play", card="P2")
    with pytest.raises(IllegalMove, match="play an assignment card face down first"):
        act(t, NICOLE, type="move_pile", pile=0, onto="green")
    with pytest.raises(IllegalMove, match="G5 is not in your hand"):
        act(t, NICOLE, type="play", card="G5")


# -- collection --------------------------------------------------------------------


def collect_position(nicole: list[str], roxy: list[str], board: dict[str, Gems], **kw: Any) -> BTable:
    t = table((nicole, roxy), phase="collect_card", piles=[None, None, None], board=board, **kw)
    t.public.assignment_cards = [["G4"], ["P2"]]
    return t


def test_nicole_purple_1_and_roxy_yellow_2_collect_their_colours() -> None:
    board = {"green": gems(1, 2), "yellow": gems(2, 3, 1), "purple": gems(y=1, p=2)}
    t = collect_position(["P1", "G2"], ["Y2", "G3"], board)
    act(t, NICOLE, type="play", card="P1")
    event = act(t, ROXY, type="play", card="Y2")
    assert event.public["collected"] == [2, 3]
    assert t.public.collections == [[Collected(card="P1", gems=2)], [Collected(card="Y2", gems=3)]]
    assert t.public.jabberwocky == {"green": gems(1, 2), "yellow": gems(2, 0, 1), "purple": gems(y=1)}
    assert t.public.scores == [2, 6]
    assert t.public.phase == "assign_card" and t.public.round == 2
    assert t.public.piles == [gems(3), gems(y=3), gems(p=3)]  # the next row up


def test_same_colour_only_the_lower_number_collects_and_the_other_takes_a_bonus_card() -> None:
    board = {"green": gems(3), "yellow": gems(y=2), "purple": gems()}
    t = collect_position(["G1", "Y4"], ["G3", "Y2"], board)
    act(t, NICOLE, type="play", card="G1")
    event = act(t, ROXY, type="play", card="G3")
    assert event.public["collected"] == [3, 0]
    assert t.public.collections == [[Collected(card="G1", gems=3)], []]
    assert t.public.phase == "bonus" and RULES.to_act(t) == [ROXY]
    assert t.private[ROXY].bonus_offer == ["G5", "Y5", "P5"]
    assert event_for(event, ROXY)["private"] == {"bonus_offer": ["G5", "Y5", "P5"]}
    assert "private" not in event_for(event, NICOLE)
    assert [m.card for m in RULES.legal_moves(t, ROXY) if isinstance(m, TakeBonus)] == ["G5", "Y5", "P5"]
    with pytest.raises(IllegalMove, match="G3 is not in the bonus deck"):
        act(t, ROXY, type="take_bonus", card="G3")
    event = act(t, ROXY, type="take_bonus", card="Y5")
    assert event.public == {"type": "take_bonus", "seat": ROXY, "returned": "G3"}
    assert "Y5" not in str(event_for(event, NICOLE)) and "Y5" not in str(RULES.view(t, NICOLE))
    assert "Y5" in t.private[ROXY].hand and t.private[ROXY].bonus_offer is None
    assert sorted(t.secret.bonus) == ["G3", "G5", "P5"]
    assert t.public.hand_sizes == [1, 2]
    assert t.public.round == 2


def test_no_matching_gems_on_the_jabberwocky_card_earns_a_bonus_card() -> None:
    board = {"green": gems(y=2), "yellow": gems(y=2), "purple": gems()}
    t = collect_position(["G1", "Y4"], ["Y2", "P3"], board)
    act(t, NICOLE, type="play", card="G1")
    act(t, ROXY, type="play", card="Y2")
    assert t.public.bonus_queue == [NICOLE]
    assert t.public.collections[NICOLE] == []
    assert t.public.jabberwocky["green"] == gems(y=2)


def test_when_both_take_a_bonus_card_the_lower_number_goes_first_and_returns_its_card_first() -> None:
    board = {"green": gems(), "yellow": gems(), "purple": gems()}
    t = collect_position(["G4", "Y1"], ["P2", "Y3"], board)
    act(t, NICOLE, type="play", card="G4")
    act(t, ROXY, type="play", card="P2")
    assert t.public.bonus_queue == [ROXY, NICOLE]
    assert RULES.to_act(t) == [ROXY]
    assert t.private[NICOLE].bonus_offer is None
    event = act(t, ROXY, type="take_bonus", card="G5")
    assert t.private[NICOLE].bonus_offer == ["Y5", "P5", "P2"]
    assert event_for(event, NICOLE)["private"] == {"bonus_offer": ["Y5", "P5", "P2"]}
    act(t, NICOLE, type="take_bonus", card="P2")
    assert sorted(t.secret.bonus) == ["G4", "P5", "Y5"]
    assert sorted(t.private[NICOLE].hand) == ["P2", "Y1"]


def test_equal_numbers_take_bonus_cards_in_colour_order() -> None:
    board = {"green": gems(), "yellow": gems(), "purple": gems()}
    t = collect_position(["P3"], ["G3"], board)
    act(t, NICOLE, type="play", card="P3")
    act(t, ROXY, type="play", card="G3")
    assert t.public.bonus_queue == [ROXY, NICOLE]


# -- round 4 -----------------------------------------------------------------------


def test_round_4_picks_up_the_jabberwocky_piles_and_returns_the_assignment_cards() -> None:
    board = {"green": gems(1, 2), "yellow": gems(y=2, p=1), "purple": gems(y=1, p=2)}
    t = table(
        (["G1"], ["Y2"]),
        round=3,
        phase="collect_card",
        piles=[None, None, None],
        rows=[],
        board=board,
        assignment_cards=[["G4", "Y4", "P1"], ["P2", "G3", "Y3"]],
    )
    act(t, NICOLE, type="play", card="G1")
    event = act(t, ROXY, type="play", card="Y2")
    pub = t.public
    assert pub.round == 4 and pub.phase == "assign_card"
    assert pub.piles == [gems(y=2), gems(p=1), gems(y=1, p=2)]
    assert all(g.total() == 0 for g in pub.jabberwocky.values())
    assert sorted(t.private[NICOLE].hand) == ["G4", "P1", "Y4"]
    assert sorted(t.private[ROXY].hand) == ["G3", "P2", "Y3"]
    assert pub.assignment_cards == [[], []] and pub.hand_sizes == [3, 3]
    assert event_for(event, NICOLE)["private"] == {"hand": t.private[NICOLE].hand}


def test_round_4_may_move_a_pile_of_zero() -> None:
    t = table((["G4"], ["P2"]), round=4, phase="assign_first", piles=[gems(), gems(3), gems(p=1)], rows=[])
    t.public.first = NICOLE
    act(t, NICOLE, type="move_pile", pile=0, onto="yellow")
    assert t.public.jabberwocky["yellow"] == gems()
    assert t.public.phase == "assign_second"


# -- scoring and the end -----------------------------------------------------------


def test_nicoles_2x2_plus_3x1_plus_5x4_is_27() -> None:
    cards = [Collected(card="Y2", gems=2), Collected(card="G3", gems=1), Collected(card="P5", gems=4)]
    assert score(cards) == 2 * 2 + 3 * 1 + 5 * 4 == 27


def test_16_plus_4_plus_2_plus_1_is_23() -> None:
    cards = [
        Collected(card="P4", gems=4),
        Collected(card="G2", gems=2),
        Collected(card="Y2", gems=1),
        Collected(card="G1", gems=1),
    ]
    assert [c.points for c in cards] == [16, 4, 2, 1]
    assert score(cards) == 23


def final_round(nicole: list[str], roxy: list[str], scored: list[list[Collected]]) -> BTable:
    board = {"green": gems(1), "yellow": gems(y=1), "purple": gems(p=1)}
    return table(
        (nicole, roxy), round=4, phase="collect_card", piles=[None] * 3, rows=[], board=board, collections=scored
    )


def test_the_highest_score_wins_after_round_4() -> None:
    t = final_round(["P4", "G1"], ["Y1", "G2"], [[Collected(card="Y2", gems=3)], [Collected(card="G3", gems=1)]])
    act(t, NICOLE, type="play", card="P4")
    act(t, ROXY, type="play", card="G2")
    assert t.public.phase == "over"
    assert t.public.scores == [6 + 4, 3 + 2]
    outcome = RULES.outcome(t)
    assert outcome is not None and outcome.winners == [NICOLE] and outcome.scores == [10, 5]
    assert t.public.shown_hands is None


def test_a_tie_is_broken_by_the_highest_remaining_card() -> None:
    t = final_round(["P4", "Y3"], ["Y1", "G2"], [[Collected(card="Y2", gems=2)], [Collected(card="P1", gems=7)]])
    t.public.jabberwocky["green"] = gems(y=3)
    act(t, NICOLE, type="play", card="Y3")
    act(t, ROXY, type="play", card="G2")  # no green gems on the green card: a bonus card
    assert t.public.phase == "bonus"
    act(t, ROXY, type="take_bonus", card="P5")
    assert RULES.to_act(t) == [] and t.public.scores == [7, 7]
    assert t.public.shown_hands == [["P4"], ["Y1", "P5"]]
    outcome = RULES.outcome(t)
    assert outcome is not None and outcome.winners == [ROXY] and outcome.reason == "tie_break"


def test_a_tie_with_equal_highest_numbers_goes_to_green_then_yellow_then_purple() -> None:
    t = final_round(["Y4", "Y1"], ["G4", "G1"], [[Collected(card="P2", gems=1)], [Collected(card="Y2", gems=1)]])
    t.public.jabberwocky = {"green": gems(1), "yellow": gems(y=1), "purple": gems()}
    act(t, NICOLE, type="play", card="Y1")
    act(t, ROXY, type="play", card="G1")
    assert t.public.scores == [3, 3]
    assert t.public.shown_hands == [["Y4"], ["G4"]]
    outcome = RULES.outcome(t)
    assert outcome is not None and outcome.winners == [ROXY]


def test_the_game_refuses_moves_once_over() -> None:
    t = final_round(["P4", "G1"], ["Y1", "G2"], [[], []])
    act(t, NICOLE, type="play", card="G1")
    act(t, ROXY, type="play", card="Y1")
    assert RULES.outcome(t) is not None
    assert RULES.to_act(t) == []
    with pytest.raises(IllegalMove, match="over"):
        GAME.check(t.public, t.private[0], 0, MovePile(pile=0, onto="green"))


def test_a_whole_game_takes_four_rounds_and_keeps_every_card() -> None:
    t, rng = RULES.setup(RULES.parse_options({}), 2, seed=21)
    rounds = set()
    while RULES.outcome(t) is None:
        seat = RULES.to_act(t)[0]
        RULES.act(t, rng, seat, RULES.dump_move(RULES.legal_moves(t, seat)[0]))
        rounds.add(t.public.round)
        everywhere = (
            [c for p in t.private for c in p.hand]
            + t.secret.bonus
            + [c for cs in t.public.assignment_cards for c in cs]
            + [c.card for cs in t.public.collections for c in cs]
        )
        if t.public.phase in ("assign_first", "assign_second"):
            assert sorted(everywhere) == sorted(c + str(v) for c in "GYP" for v in range(1, 6))
    assert rounds == {1, 2, 3, 4}
    pub = t.public
    gems_left = sum(g.total() for g in pub.jabberwocky.values()) + sum(p.total() for p in pub.piles if p)
    assert gems_left + sum(c.gems for cs in pub.collections for c in cs) == 24
