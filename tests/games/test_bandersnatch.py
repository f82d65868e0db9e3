"""Bandersnatch, tested against the rulebook's text and its worked examples."""

from __future__ import annotations

import random
from typing import Any

import pytest

from server.engine import IllegalMove, Rng, Rules, event_for
from server.engine.numbers import Gems
from server.games.bandersnatch import (
    CHART,
    Bandersnatch,
    BTable,
    Capture,
    Play,
    Private,
    Public,
    Remove,
    Secret,
    Slot,
    effect,
    score,
)

GAME = Bandersnatch()
RULES = Rules(GAME)
GEM = {"g": "green", "y": "yellow", "p": "purple"}


def gems(g: int = 0, y: int = 0, p: int = 0) -> Gems:
    return Gems(green=g, yellow=y, purple=p)


def slot(spec: str) -> Slot | None:
    """``"P3:pp"`` is the purple 3 with two purple gems; ``"--"`` is a gap left by a captured card."""
    if spec == "--":
        return None
    card, _, on = spec.partition(":")
    s = Slot(card=card)
    for letter in on:
        s.gems.add(GEM[letter])
    return s


def table(
    rows: list[str],
    hand: list[str],
    *,
    deck: list[str] | None = None,
    discard: list[str] | None = None,
    supply: Gems | None = None,
    broiled: Gems | None = None,
) -> BTable:
    """A position built directly, as the rulebook's pictures show one: the field row by row."""
    field = [[slot(spec) for spec in row.split()] for row in rows]
    deck = ["G5", "Y5", "P5"] if deck is None else deck
    public = Public(
        field=field,
        supply=supply if supply is not None else Gems.supply(),
        broiled=broiled or Gems(),
        discard=list(discard or []),
        deck_size=len(deck),
        hand_size=len(hand),
        phase="play",
    )
    public.score = score(public)
    return BTable(public=public, private=[Private(hand=list(hand))], secret=Secret(deck=list(deck)))


def act(t: BTable, **move: Any) -> dict[str, Any]:
    _, event = RULES.act(t, Rng(0), 0, move)
    return event.public


def play(t: BTable, card: str, row: int, col: int) -> dict[str, Any]:
    return act(t, type="play", card=card, row=row, col=col)


def at(t: BTable, row: int, col: int) -> Slot | None:
    return t.public.field[row][col]


def gems_at(t: BTable, row: int, col: int) -> Gems:
    s = at(t, row, col)
    assert s is not None
    return s.gems


# -- setup ---------------------------------------------------------------------------------


def test_setup_deals_an_empty_3x3_field_a_hand_of_2_and_a_deck_of_4() -> None:
    """ "Deal 9 of them face-up in a 3x3 grid ... All cards on the field start empty. ...
    Draw 2 cards into your hand." """
    t, _ = RULES.setup(RULES.parse_options({}), 1, seed=3)
    field = [s for row in t.public.field for s in row]
    assert len(field) == 9 and all(s is not None and not s.busy for s in field)
    hand, deck = t.private[0].hand, t.secret.deck
    assert len(hand) == 2 and len(deck) == 4 == t.public.deck_size
    assert sorted([s.card for s in field if s] + hand + deck) == sorted(c + str(v) for c in "GYP" for v in range(1, 6))
    assert t.public.supply == Gems.supply() and t.public.broiled == Gems() and t.public.discard == []


def test_only_one_seat_plays() -> None:
    RULES.check_seats(1)
    with pytest.raises(Exception, match="1-1 seats"):
        RULES.check_seats(2)


# -- the five effects (NOTES.md settles the table) -------------------------------------------------


@pytest.mark.parametrize(
    ("new", "old", "adds", "removes"),
    [
        ("G4", "G1", ["green"] * 3, 0),  # same colour, higher: the difference in the new card's colour
        ("G1", "G4", [], 1),  # same colour, lower: take 1 gem
        ("Y4", "G1", ["yellow"], 0),  # different colour, higher: 1 gem of the new card's colour
        ("Y1", "G4", [], 3),  # different colour, lower: take gems equal to the difference
        ("Y3", "P3", ["yellow", "purple"], 0),  # equal: 1 of each of the two colours
    ],
)
def test_the_five_effects(new: str, old: str, adds: list[str], removes: int) -> None:
    assert effect(new, old) == (adds, removes)


def test_a_higher_card_of_the_same_colour_adds_the_difference_and_the_replaced_card_is_discarded() -> None:
    t = table(["G1 Y1 P1", "G2 Y2 P2", "G3 Y3 P3"], ["G4", "Y4"])
    event = play(t, "G4", 0, 0)
    assert at(t, 0, 0) == Slot(card="G4", gems=gems(g=3))
    assert t.public.discard == ["G1"] and event["replaced"] == "G1" and event["added"] == ["green"] * 3
    assert t.public.supply == gems(5, 8, 8)


def test_an_equal_card_adds_one_gem_of_each_colour() -> None:
    t = table(["G1 Y1 P3", "G2 Y2 P2", "G3 Y5 P4"], ["Y3", "G4"])
    play(t, "Y3", 0, 2)
    assert gems_at(t, 0, 2) == gems(y=1, p=1)


def test_busy_cards_cannot_be_replaced() -> None:
    """ "Busy cards (cards with gems on them) cannot be replaced." """
    t = table(["G1:g Y1 P1", "G2 Y2 P2", "G3 Y3 P3"], ["G4", "Y4"])
    with pytest.raises(IllegalMove, match="busy"):
        play(t, "G4", 0, 0)
    assert all(m.row != 0 or m.col != 0 for m in RULES.legal_moves(t, 0))


# -- supply shortages ----------------------------------------------------------------------


def test_missing_green_or_yellow_gems_are_added_as_purple_gem_by_gem() -> None:
    """ "If there aren't enough green or yellow gems in the supply when adding gems, add purple gems instead." """
    t = table(["G1 Y1 P1", "G2 Y2 P2", "G3 Y3 P3"], ["G4", "Y4"], supply=gems(1, 8, 8))
    play(t, "G4", 0, 0)
    assert gems_at(t, 0, 0) == gems(g=1, p=2)
    assert t.public.supply == gems(0, 8, 6) and not t.public.out_of_purple


def test_without_purple_either_the_game_ends_at_the_end_of_the_turn() -> None:
    """ "If there aren't enough purple gems, finish the game at the end of this turn." """
    t = table(["G1 Y1 P1", "G2 Y2 P2", "G3 Y3 P3"], ["G4", "Y4"], supply=gems(0, 8, 1))
    event = play(t, "G4", 0, 0)
    assert gems_at(t, 0, 0) == gems(p=1)
    assert t.public.phase == "over" and event["end"] == "out of purple gems"
    outcome = RULES.outcome(t)
    assert outcome is not None and outcome.reason == "out_of_purple_gems"


# -- removals ------------------------------------------------------------------------------


def test_removals_come_off_the_neighbours_and_the_player_chooses_which() -> None:
    """ "Take gems (of any color) from adjacent cards equal to the difference between the 2 cards
    out of the game." Diagonal neighbours are not adjacent."""
    t = table(["G1:gg Y4 P1:p", "G2:y Y2 P4", "G3 Y3 P3:ppp"], ["P2", "G5"], supply=gems(4, 4, 4))
    play(t, "P2", 0, 1)  # purple 2 on the yellow 4: different colour, 2 lower -> take 2 gems
    assert t.public.phase == "remove" and t.public.to_remove == 2
    assert RULES.legal_moves(t, 0) == [
        Remove(row=0, col=2, colour="purple"),
        Remove(row=0, col=0, colour="green"),
    ]
    with pytest.raises(IllegalMove):
        act(t, type="remove", row=2, col=2, colour="purple")  # diagonal to nothing: not a neighbour
    act(t, type="remove", row=0, col=2, colour="purple")
    # One gem left to take and only green is next to the card: the choice is forced.
    assert t.public.phase == "play"
    assert at(t, 0, 2) == Slot(card="P1") and gems_at(t, 0, 0) == gems(g=1)
    assert t.public.supply == gems(4, 4, 4), "gems removed go to the box, not the supply"


def test_a_card_whose_last_gem_goes_is_empty_again() -> None:
    """ "When the last gem is removed from a busy card, it is empty again." """
    t = table(["Y2 Y4:y P1", "G2 G3 P2", "G4 Y3 P3"], ["Y1", "G5"], deck=["P5"])
    play(t, "Y1", 0, 0)  # same colour, lower: take 1 gem; the only one next to it is on the yellow 4
    assert at(t, 0, 1) == Slot(card="Y4")
    assert Play(card="G5", row=0, col=1) in RULES.legal_moves(t, 0)


def test_gems_missing_from_the_neighbours_come_from_the_supply_of_the_new_cards_colour() -> None:
    """ "If there aren't enough gems on adjacent cards, make up the difference by removing gems from
    the supply of the new card's color" """
    t = table(["G1 Y4 P1:p", "G2 Y2 P2", "G3 Y3 P3"], ["G1", "G5"], supply=gems(8, 8, 7))
    t.public.field[0][0] = slot("Y1")
    play(t, "G1", 0, 1)  # green 1 on yellow 4: take 3; the purple 1 has only one
    assert at(t, 0, 2) == Slot(card="P1")
    assert t.public.supply == gems(6, 8, 7)


def test_removing_missing_yellow_takes_purple_instead() -> None:
    """ "If there aren't enough green or yellow gems in the supply when removing gems, remove purple
    gems instead." """
    t = table(["Y5 P3 G2:g", "P4 G3:g P1", "G4 Y1 P2"], ["Y2", "G5"], supply=gems(8, 0, 1))
    play(t, "Y2", 0, 0)  # same colour, lower: take 1; no gems next to it, no yellow in the supply
    assert t.public.supply == gems(8, 0, 0) and t.public.phase == "play"


def test_removing_missing_purple_takes_what_there_is_and_ends_the_game() -> None:
    """ "If there aren't enough purple gems, remove as many as you can, then finish the game at the
    end of this turn, after resolving captures." """
    t = table(["G5 P3 G2:g", "P4 G3:g P1", "G4 Y1 P2"], ["Y2", "Y5"], supply=gems(8, 0, 1))
    event = play(t, "Y2", 0, 0)  # yellow 2 on green 5: take 3; nothing next to it, 1 purple in the supply
    assert t.public.supply == gems(8, 0, 0)
    assert t.public.phase == "over" and event["end"] == "out of purple gems"
    assert "drew" not in event, "the game ended with the turn: no drawing"


def test_the_end_for_want_of_purple_comes_after_captures() -> None:
    t = table(["Y3 P3:pp --", "P2 -- --", "-- -- --"], ["G2", "Y5"], supply=gems(1, 0, 0))
    event = play(t, "G2", 1, 0)  # green 2 on purple 2, equal: a green gem, and a purple one that is missing
    assert event["added"] == ["green"] and t.public.out_of_purple
    # The empty yellow 3 now sits between busy cards only: it is captured before the game ends.
    assert event["captured"][0]["card"] == "Y3" and t.public.boxed == ["Y3"]
    assert t.public.phase == "over" and event["end"] == "out of purple gems"
    outcome = RULES.outcome(t)
    assert outcome is not None and outcome.scores == [score(t.public)] == [2 - 2]


# -- captures ---------------------------------------------------------------------------------


def test_the_rulebooks_capture_example() -> None:
    """ "At the end of this turn, the yellow 4 is adjacent only to busy cards - the purple 3 and the
    purple 4. It is discarded, and all gems on it are broiled." """
    t = table(["Y4:yyg P3:p G1", "P2 G2 Y2", "-- -- --"], ["P4", "G5"])
    event = play(t, "P4", 1, 0)  # purple 4 on purple 2: adds 2 purple gems, so it is busy
    assert at(t, 0, 0) is None
    assert event["captured"] == [{"at": [0, 0], "card": "Y4", "broiled": {"green": 1, "yellow": 2, "purple": 0}}]
    assert t.public.broiled == gems(g=1, y=2)
    assert t.public.discard == ["P2", "Y4"]
    # The purple 4 is adjacent only to busy cards too, but it was played this turn.
    assert at(t, 1, 0) == Slot(card="P4", gems=gems(p=2))


def test_a_card_needs_a_busy_neighbour_and_only_busy_neighbours() -> None:
    """ "A card must be adjacent to at least 1 busy card to be captured." """
    t = table(["G1:g Y1 Y2", "-- -- --", "P1 -- P2"], ["P4", "G5"])
    play(t, "P4", 2, 2)  # alone in its corner: adds 2 purple, touches nothing
    assert at(t, 0, 0) is not None, "the green 1 has an empty neighbour"
    assert at(t, 2, 0) is not None, "the purple 1 has no neighbour at all"


def test_captures_cascade_and_empty_captured_cards_leave_the_game() -> None:
    """ "a card being captured can trigger additional captures." / "When an empty card is captured,
    remove it from the game. Return it to the box." """
    t = table(["G1:g Y2 P3:p", "G2:g Y1 --", "P1 P2 --"], ["Y3", "G5"])
    event = play(t, "Y3", 1, 1)  # +2 yellow: the empty yellow 2 is now surrounded by busy cards
    assert [c["card"] for c in event["captured"]] == ["Y2", "G1"]
    assert t.public.boxed == ["Y2"] and "Y2" not in t.public.discard
    assert "G1" in t.public.discard and t.public.broiled == gems(g=1)
    assert at(t, 0, 2) is not None, "the purple 3 lost its only neighbour: nothing to capture it"


def test_the_player_chooses_the_order_of_captures() -> None:
    """ "If multiple cards would be captured at once, you may choose the order." Here the order
    decides which card is broiled: the second one has no neighbour left."""
    t = table(["G1:g Y1:y --", "-- -- --", "P1 -- P2"], ["G2", "G5"])
    play(t, "G2", 2, 0)
    assert t.public.phase == "capture"
    assert RULES.legal_moves(t, 0) == [Capture(row=0, col=0), Capture(row=0, col=1)]
    act(t, type="capture", row=0, col=1)
    assert t.public.broiled == gems(y=1) and at(t, 0, 0) is not None
    assert t.public.phase == "play"


def test_a_card_played_last_turn_can_be_captured_now() -> None:
    """ "Cards cannot be captured on the turn that they are played" - only that turn."""
    t = table(["Y1 P3:p Y2", "P4:p -- Y4", "Y3 G3 --"], ["G5", "G4"], deck=["P5", "P1"])
    play(t, "G5", 0, 0)
    assert at(t, 0, 0) == Slot(card="G5", gems=gems(g=1))
    play(t, "G4", 1, 2)  # equal to the yellow 4: adds green and yellow
    assert t.public.phase == "capture"
    assert RULES.legal_moves(t, 0) == [Capture(row=0, col=0), Capture(row=0, col=2)]


# -- drawing ---------------------------------------------------------------------------------


def test_the_hand_is_drawn_back_up_to_2_and_the_drawn_card_is_told_to_the_player_only() -> None:
    """ "At the end of each turn, draw back up to 2 cards in hand." """
    t = table(["G1 Y1 P1", "G2 Y2 P2", "G3 Y3 P3"], ["G4", "Y4"], deck=["P5", "G5"])
    _, event = RULES.act(t, Rng(0), 0, {"type": "play", "card": "G4", "row": 0, "col": 0})
    assert t.private[0].hand == ["Y4", "P5"] and t.public.deck_size == 1 and t.public.hand_size == 2
    assert event_for(event, 0)["private"] == {"drew": ["P5"]}
    assert "private" not in event_for(event, None) and event.public["drew"] == 1


def test_an_empty_deck_is_made_again_from_the_shuffled_discard_pile() -> None:
    """ "If the deck is empty, shuffle the discard pile to form a new deck." """
    t = table(["G1 Y1 P1", "G2 Y2 P2", "G3 Y3 P3"], ["G4", "Y4"], deck=[], discard=["G5"])
    event = play(t, "G4", 0, 0)
    assert event["reshuffled"] is True
    assert len(t.private[0].hand) == 2 and t.private[0].hand[0] == "Y4"
    assert sorted([t.private[0].hand[1], *t.secret.deck]) == ["G1", "G5"] and t.public.discard == []


# -- the end and the score -----------------------------------------------------------------------


def test_the_game_ends_when_no_card_can_be_replaced() -> None:
    """ "The game ends immediately if you are unable to replace a card." """
    t = table(["G1:g -- Y1:y", "-- P1 --", "-- -- --"], ["P2", "G5"])
    event = play(t, "P2", 1, 1)  # purple 2 on purple 1: +1 purple; now every card left is busy
    assert t.public.phase == "over" and event["end"] == "no card to play"
    assert RULES.to_act(t) == []


def test_the_rulebooks_final_score_of_9() -> None:
    """ "3 broiled green gems = 6. 4 broiled yellow gems = 4. 1 broiled purple gem = -1 TOTAL of
    broiled gems = 9. 1 yellow gem on the field = -1 1 green gem on the field = -2 3 purple gems on
    the field = +3 TOTAL of gems on the field = 0. Final score: 9 + 0 = 9. So close!" """
    t = table(["Y3:y G4:g --", "P3:ppp G2 --", "-- -- --"], ["P5"], broiled=gems(3, 4, 1))
    assert score(t.public) == 9
    t.public.phase, t.public.score, t.public.end = "over", 9, "no card to play"
    outcome = RULES.outcome(t)
    assert outcome is not None
    assert outcome.scores == [9] and outcome.winners == [], "9 is short of the objective: 10 or more"
    assert outcome.rating == "This is almost good but not quite."


@pytest.mark.parametrize(
    ("points", "rating"),
    [
        (-32, "This is not very good."),
        (3, "This is not very good."),
        (4, "This is not very good."),
        (5, "This is almost good but not quite."),
        (10, "Victory!"),
        (15, "Fruminous victory!"),
        (20, "Manxome victory!"),
        (31, "Manxome victory!"),
        (32, "A perfect Jabberwocky. You must've cheated."),
    ],
)
def test_the_rating_chart(points: int, rating: str) -> None:
    assert CHART.rate(points) == rating


def test_ten_or_more_is_a_victory() -> None:
    t = table(["-- -- --", "-- -- --", "-- -- --"], [], broiled=gems(5, 0, 0))
    t.public.phase, t.public.end = "over", "no card to play"
    t.public.score = score(t.public)
    outcome = RULES.outcome(t)
    assert outcome is not None and outcome.winners == [0] and outcome.scores == [10]
    assert outcome.model_dump()["rating"] == "Victory!"


def test_spectators_do_not_see_the_hand() -> None:
    t = table(["G1 Y1 P1", "G2 Y2 P2", "G3 Y3 P3"], ["G4", "Y4"])
    assert RULES.view(t, None) == {"public": t.public.model_dump(mode="json")}
    assert RULES.view(t, 0)["private"] == {"hand": ["G4", "Y4"]}


def test_the_direct_check_agrees_with_the_list_of_legal_moves() -> None:
    """``check`` judges a move without listing them all: it must accept exactly the listed moves."""
    cells = [(r, c) for r in range(3) for c in range(3)]
    every = [c + str(v) for c in "GYP" for v in range(1, 6)]
    for seed in range(8):
        t, rng = RULES.setup(RULES.parse_options({}), 1, seed=seed)
        pick = random.Random(seed)
        while RULES.outcome(t) is None:
            legal = RULES.legal_moves(t, 0)
            candidates: list[Any] = [Play(card=c, row=r, col=k) for c in every for r, k in cells]
            candidates += [Remove(row=r, col=k, colour=g) for r, k in cells for g in ("green", "yellow", "purple")]
            candidates += [Capture(row=r, col=k) for r, k in cells]
            for move in candidates:
                try:
                    GAME.check(t.public, t.private[0], 0, move)
                    accepted = True
                except IllegalMove:
                    accepted = False
                assert accepted == (move in legal), move
            RULES.act(t, rng, 0, RULES.dump_move(pick.choice(legal)))
