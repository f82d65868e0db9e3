"""Borogoves, tested against the rulebook's text and its worked example."""

from __future__ import annotations

import random
from typing import Any

import pytest

from server.engine import BadOptions, IllegalMove, Rng, Rules, event_for
from server.engine.legs import Legs
from server.engine.numbers import Gems
from server.games.borogoves import (
    SOLO_CHART,
    TURNS,
    Borogoves,
    BTable,
    Explore,
    MapCard,
    Migrate,
    Place,
    Private,
    Public,
    Secret,
    Settle,
    borogove_score,
    exact_points,
    matching_points,
)

GAME = Borogoves()
RULES = Rules(GAME)
CARTOGRAPHER, BOROGOVES = 0, 1
GEM = {"g": "green", "y": "yellow", "p": "purple"}


def gems(g: int = 0, y: int = 0, p: int = 0) -> Gems:
    return Gems(green=g, yellow=y, purple=p)


def card(spec: str, row: int, col: int) -> MapCard:
    """``card("Y4:yyyy", 0, 1)``: the yellow 4 at row 0, column 1 with four yellow borogoves."""
    name, _, on = spec.partition(":")
    m = MapCard(card=name, row=row, col=col)
    for letter in on:
        m.borogoves.add(GEM[letter])
    return m


def table(
    cards: list[MapCard],
    *,
    hand: list[str] | None = None,
    deck: list[str] | None = None,
    tribes: Gems | None = None,
    phase: Any = "place",
    turn: int = 1,
    acted: list[Any] | None = None,
    solo: bool = False,
    drawn: str | None = None,
    leg: int = 0,
) -> BTable:
    """A position built directly: the map's cards, the cartographer's hand, the tribes' reserves."""
    deck = deck if deck is not None else []
    public = Public(
        solo=solo, first_cartographer=0, legs=Legs(count=1 if solo else 2, current=leg,
        scores=[[0, 20]] if leg else []), cartographer=0 if solo or leg == 0 else 1,
        borogoves=0 if solo else (1 if leg == 0 else 0), phase=phase, turn=turn, turns_left=TURNS - turn + 1,
        map=cards, tribes=tribes if tribes is not None else Gems.supply(), acted=acted or [], deck_size=len(deck),
        hand_size=len(hand or []), drawn=drawn, scores=[0] if solo else ([0, 20] if leg else [0, 0]),
    )  # fmt: skip
    private = [Private(hand=list(hand or []))] + ([] if solo else [Private()])
    return BTable(public=public, private=private, secret=Secret(deck=list(deck)))


def act(t: BTable, seat: int, **move: Any) -> dict[str, Any]:
    _, event = RULES.act(t, Rng(0), seat, move)
    return event.public


def start() -> list[MapCard]:
    """A fresh starting map: the green 3 and the yellow 4 side by side."""
    return [card("G3", 0, 0), card("Y4", 0, 1)]


# -- setup --------------------------------------------------------------------------------


def test_setup_lays_two_cards_deals_the_cartographer_two_and_fills_the_tribes() -> None:
    """ "Draw the top 2 cards of the deck and place them beside each other. ... the cartographer
    draws 2 cards. ... Take the 8 gems of each color" """
    t, _ = RULES.setup(RULES.parse_options({"first_cartographer": 1}), 2, seed=4)
    pub = t.public
    assert [m.pos for m in pub.map] == [(0, 0), (0, 1)]
    assert pub.cartographer == 1 and pub.borogoves == 0
    assert len(t.private[1].hand) == 2 and t.private[0].hand == [] and pub.hand_size == 2
    assert len(t.secret.deck) == 11 == pub.deck_size
    assert pub.tribes == Gems.supply() and pub.turns_left == TURNS == 13
    assert RULES.to_act(t) == [1], "Players alternate turns, starting with the cartographer."
    every = [m.card for m in pub.map] + t.private[1].hand + t.secret.deck
    assert sorted(every) == sorted(c + str(v) for c in "GYP" for v in range(1, 6))


def test_the_first_cartographer_is_drawn_unless_named() -> None:
    firsts = {RULES.setup(RULES.parse_options({}), 2, seed=s)[0].public.cartographer for s in range(12)}
    assert firsts == {0, 1}


def test_the_solo_version_is_the_one_seat_match() -> None:
    t, _ = RULES.setup(RULES.parse_options({}), 1, seed=4)
    assert t.public.solo and t.public.drawn is not None and t.public.deck_size == 12
    assert RULES.to_act(t) == [0]
    RULES.setup(RULES.parse_options({"solo": True}), 1, seed=4)
    with pytest.raises(BadOptions):
        RULES.setup(RULES.parse_options({"solo": True}), 2, seed=4)
    with pytest.raises(BadOptions):
        RULES.setup(RULES.parse_options({"solo": False}), 1, seed=4)
    with pytest.raises(BadOptions):
        RULES.setup(RULES.parse_options({"first_cartographer": 1}), 1, seed=4)


# -- the cartographer ---------------------------------------------------------------------------


def test_cards_go_directly_next_to_the_map_not_diagonally() -> None:
    """ "Cards must be played directly adjacent to another card (not diagonally)" """
    t = table(start(), hand=["P1", "G5"], deck=["Y1"])
    spots = {(m.row, m.col) for m in RULES.legal_moves(t, CARTOGRAPHER) if m.card == "P1"}  # type: ignore[union-attr]
    assert spots == {(-1, 0), (-1, 1), (0, -1), (0, 2), (1, 0), (1, 1)}
    assert Place(card="G5", row=-1, col=0) in RULES.legal_moves(t, CARTOGRAPHER)
    with pytest.raises(IllegalMove, match="not diagonally"):
        act(t, CARTOGRAPHER, type="place", card="P1", row=1, col=2)
    with pytest.raises(IllegalMove, match="not yours"):
        act(t, CARTOGRAPHER, type="place", card="Y1", row=1, col=1)


def test_no_more_than_4_cards_in_a_row_or_column() -> None:
    """ "cannot be played so that there are more than 4 cards in a row or column" """
    row = [card("G1", 0, 0), card("G2", 0, 1), card("G3", 0, 2), card("G4", 0, 3)]
    t = table(row, hand=["P1", "G5"], deck=["Y1"])
    with pytest.raises(IllegalMove, match="4 cards in a row or column"):
        act(t, CARTOGRAPHER, type="place", card="P1", row=0, col=-1)
    assert all(m.row != 0 for m in RULES.legal_moves(t, CARTOGRAPHER))  # type: ignore[union-attr]


def test_the_cartographer_plays_then_draws_and_only_it_learns_the_card() -> None:
    """ "Each turn, play a card onto the map, then draw a card." """
    t = table(start(), hand=["P1", "G5"], deck=["Y1", "Y2"])
    _, event = RULES.act(t, Rng(0), CARTOGRAPHER, {"type": "place", "card": "P1", "row": 1, "col": 0})
    assert t.private[CARTOGRAPHER].hand == ["G5", "Y1"] and t.public.deck_size == 1
    assert event_for(event, CARTOGRAPHER)["private"] == {"drew": "Y1"}
    assert "private" not in event_for(event, BOROGOVES) and "private" not in event_for(event, None)
    assert RULES.to_act(t) == [BOROGOVES] and t.public.phase == "tribes"


# -- the borogoves ---------------------------------------------------------------------------


def test_on_the_first_turn_the_tribes_can_only_migrate_or_settle() -> None:
    """ "On your first turn, you will only be able to migrate." (Settling is always possible.) Under the other
    reading, a ban on all but migrating, the first turn would offer migrate alone and the settle would be refused."""
    t = table(start(), phase="tribes")
    kinds = {m.type for m in RULES.legal_moves(t, BOROGOVES)}
    assert kinds == {"migrate", "settle"}
    before = t.public.tribes.get("green")
    act(t, BOROGOVES, type="settle", tribe="green")
    assert t.public.tribes.get("green") == before - 1 and t.public.acted == ["green"]


def test_migrating_moves_exactly_the_cards_number() -> None:
    """ "The number of borogoves being moved must match the number on the card you are migrating to -
    if you don't have enough, you cannot migrate to that card." """
    t = table([card("G3:ppp", 0, 0), card("Y4", 0, 1)], phase="tribes", tribes=gems(8, 3, 5))
    act(t, BOROGOVES, type="migrate", tribe="green", row=0, col=0)
    assert t.public.map[0].borogoves == gems(g=3, p=3) and t.public.tribes == gems(5, 3, 5)
    with pytest.raises(IllegalMove, match="needs 4 yellow"):
        act(t, BOROGOVES, type="migrate", tribe="yellow", row=0, col=1)
    assert Migrate(tribe="yellow", row=0, col=0) in RULES.legal_moves(t, BOROGOVES)


def test_each_tribe_acts_once_a_turn_in_any_order_and_actions_repeat() -> None:
    """ "Each turn, take 3 actions; 1 for each of your tribes ..., in any order. Actions can be repeated." """
    t = table(start(), phase="tribes", hand=["P1", "P2"])
    act(t, BOROGOVES, type="migrate", tribe="yellow", row=0, col=1)
    with pytest.raises(IllegalMove, match="already taken its action"):
        act(t, BOROGOVES, type="migrate", tribe="yellow", row=0, col=0)
    assert {m.tribe for m in RULES.legal_moves(t, BOROGOVES)} == {"green", "purple"}  # type: ignore[union-attr]
    act(t, BOROGOVES, type="migrate", tribe="purple", row=0, col=0)
    assert RULES.to_act(t) == [BOROGOVES]
    act(t, BOROGOVES, type="migrate", tribe="green", row=0, col=0)
    assert t.public.map[0].borogoves == gems(g=3, p=3) and t.public.map[1].borogoves == gems(y=4)
    assert RULES.to_act(t) == [CARTOGRAPHER] and t.public.turn == 2 and t.public.acted == []


def test_exploring_moves_every_borogove_on_the_card_to_a_card_directly_next_to_it() -> None:
    """ "All the borogoves must move from a single card to any directly adjacent card (no diagonal
    movement). ... At least 1 of the borogoves must be of the tribe whose action it is." """
    cards = [card("G3:gggyp", 0, 0), card("Y4:y", 0, 1), card("P1", 1, 1), card("P2:p", 1, 2)]
    t = table(cards, phase="tribes")
    explores = [m for m in RULES.legal_moves(t, BOROGOVES) if isinstance(m, Explore)]
    assert Explore(tribe="green", row=0, col=0, to_row=0, to_col=1) in explores
    assert not any(m.to_row == 1 and m.to_col == 1 and m.row == 0 and m.col == 0 for m in explores), "diagonal"
    assert not any(m.tribe == "green" and (m.row, m.col) != (0, 0) for m in explores)
    with pytest.raises(IllegalMove):
        act(t, BOROGOVES, type="explore", tribe="purple", row=0, col=1, to_row=1, to_col=1)  # no purple there
    act(t, BOROGOVES, type="explore", tribe="green", row=0, col=0, to_row=0, to_col=1)
    assert t.public.map[0].borogoves == Gems() and t.public.map[1].borogoves == gems(3, 2, 1)


def test_settling_removes_one_borogove_of_the_tribe_from_the_game() -> None:
    """ "remove any 1 token of that tribe's color from the game, returning it to the box." """
    t = table([card("G3:gp", 0, 0), card("Y4", 0, 1)], phase="tribes", tribes=gems(7, 8, 0))
    settles = [m for m in RULES.legal_moves(t, BOROGOVES) if isinstance(m, Settle)]
    assert Settle(tribe="green") in settles and Settle(tribe="green", row=0, col=0) in settles
    assert Settle(tribe="purple") not in settles, "no purple on its Jabberwocky card"
    act(t, BOROGOVES, type="settle", tribe="purple", row=0, col=0)
    act(t, BOROGOVES, type="settle", tribe="green")
    assert t.public.map[0].borogoves == gems(g=1) and t.public.tribes == gems(6, 8, 0)


def test_a_tribe_with_no_borogove_left_still_takes_its_action() -> None:
    t = table(start(), phase="tribes", tribes=gems(8, 8, 0))
    purple = [m for m in RULES.legal_moves(t, BOROGOVES) if m.tribe == "purple"]  # type: ignore[union-attr]
    assert purple == [Settle(tribe="purple")]
    assert act(t, BOROGOVES, type="settle", tribe="purple")["nothing"] is True


# -- the end, scoring and the two legs ---------------------------------------------------------------


def example() -> list[MapCard]:
    """The rulebook's scoring example, laid out in a 4x4 map with one gap."""
    return [
        card("Y4:yyyy", 0, 0), card("P1:p", 0, 1), card("Y2:yy", 0, 2), card("G5:g", 0, 3),
        card("G2:gg", 1, 0), card("P5:pg", 1, 1), card("G1:g", 1, 2), card("Y3:ppp", 1, 3),
        card("P2:yy", 2, 0), card("Y1:g", 2, 1), card("G3", 2, 2), card("G4", 2, 3),
        card("Y5", 3, 0), card("P3", 3, 1), card("P4", 3, 2),
    ]  # fmt: skip


def test_the_rulebooks_scoring_example() -> None:
    """ "the following cards have at least 1 borogove of the correct color on them: yellow 4, purple 1,
    yellow 2, green 5, green 2, purple 5, green 1. The borogove player would score 4 + 1 + 2 + 5 + 2 +
    5 + 1 = 20. The following cards have a number of borogoves equal to the number on the card:
    yellow 4, purple 1, yellow 2, green 2, yellow 3, purple 2, green 1, yellow 1. ... The borogove
    player's final score would be 20 + 8 = 28." """
    assert matching_points(example()) == 20
    assert exact_points(example()) == 8
    assert borogove_score(example()) == 28


def test_the_leg_ends_after_the_last_card_and_the_last_three_actions_then_roles_swap() -> None:
    """ "After the cartographer plays their final card and the borogoves have taken their final 3
    actions, the game ends. ... Note the score, then switch roles and play a second time." """
    t = table(example(), phase="tribes", turn=TURNS, tribes=gems(2, 0, 3))
    act(t, BOROGOVES, type="settle", tribe="green")
    act(t, BOROGOVES, type="settle", tribe="purple")
    event = act(t, BOROGOVES, type="settle", tribe="yellow", row=0, col=2)
    assert event["leg"] == {"leg": 1, "borogoves": BOROGOVES, "matching": 20, "exact": 7, "score": 27}
    pub = t.public
    assert pub.legs.scores == [[0, 27]] and pub.scores == [0, 27]
    assert pub.cartographer == BOROGOVES and pub.borogoves == CARTOGRAPHER
    assert len(pub.map) == 2 and pub.tribes == Gems.supply() and pub.turn == 1
    assert len(t.private[BOROGOVES].hand) == 2 and pub.deck_size == 11
    assert RULES.outcome(t) is None and RULES.to_act(t) == [BOROGOVES]


def test_the_higher_combined_score_wins_and_a_tie_is_shared() -> None:
    """ "The player who earned the highest score wins. In case of a tie, the player who can do the best
    borogove impersonation wins." (The server cannot judge impersonations: a tie is shared.)"""
    t = table(example(), phase="tribes", turn=TURNS, leg=1, tribes=gems(3, 3, 3))
    for tribe in ("green", "yellow", "purple"):
        act(t, CARTOGRAPHER, type="settle", tribe=tribe)
    outcome = RULES.outcome(t)
    assert outcome is not None and outcome.scores == [28, 20] and outcome.winners == [0]
    # Seat 1 scored 20 as the borogoves in the first leg; seat 0 now makes 5 + 5 + 5 + 4 + 1 = 20.
    tie = table(
        [card("G5:g", 0, 0), card("Y5:y", 0, 1), card("P5:p", 1, 0), card("G4:g", 1, 1), card("Y1:g", 2, 0)],
        phase="tribes",
        turn=TURNS,
        leg=1,
    )
    for tribe in ("green", "yellow", "purple"):
        act(tie, CARTOGRAPHER, type="settle", tribe=tribe)
    outcome = RULES.outcome(tie)
    assert outcome is not None and outcome.scores == [20, 20]
    assert outcome.winners == [0, 1] and outcome.reason == "tie"


def test_when_the_map_deck_empties_three_turns_are_left() -> None:
    """ "When the map deck empties, let your opponent know they have only 3 more turns until the game ends." """
    t, rng = RULES.setup(RULES.parse_options({"first_cartographer": 0}), 2, seed=9)
    pick = random.Random(0)
    while t.public.deck_size:
        seat = RULES.to_act(t)[0]
        RULES.act(t, rng, seat, RULES.dump_move(pick.choice(RULES.legal_moves(t, seat))))
    assert t.public.phase == "tribes" and t.public.turns_left == 3
    assert t.public.hand_size == 2 and len(t.public.map) == 13


def test_a_whole_match_is_two_legs_and_fifteen_cards_fill_a_4x4_map() -> None:
    t, rng = RULES.setup(RULES.parse_options({"first_cartographer": 1}), 2, seed=21)
    pick = random.Random(21)
    cartographers = []
    while RULES.outcome(t) is None:
        seat = RULES.to_act(t)[0]
        if t.public.phase == "place" and t.public.turn == 1:
            cartographers.append(seat)
        if t.public.phase == "tribes" and t.public.turn == TURNS and len(t.public.acted) == 2:
            spread = {(m.row, m.col) for m in t.public.map}
            assert len(spread) == 15 and max(r for r, _ in spread) - min(r for r, _ in spread) == 3
        RULES.act(t, rng, seat, RULES.dump_move(pick.choice(RULES.legal_moves(t, seat))))
    assert cartographers == [1, 0]
    outcome = RULES.outcome(t)
    assert outcome is not None and outcome.scores == t.public.legs.totals(2)
    assert t.public.legs.scores[0][1] == 0 and t.public.legs.scores[1][0] == 0


# -- solo ---------------------------------------------------------------------------------------


def test_solo_places_the_drawn_card_then_moves_the_tribes() -> None:
    """ "Each turn, instead of choosing a card from your hand to place on the map, you will draw the top
    card of the deck and follow the same rules as in a 2-player game to place it on the map. Then, take
    an action for each of the 3 borogove tribes as normal." """
    t = table(start(), solo=True, drawn="P3", deck=["G1", "G2"])
    assert {m.card for m in RULES.legal_moves(t, 0)} == {"P3"}  # type: ignore[union-attr]
    event = act(t, 0, type="place", card="P3", row=1, col=1)
    assert event["card"] == "P3" and t.public.drawn is None and RULES.to_act(t) == [0]
    for tribe in ("green", "yellow", "purple"):
        event = act(t, 0, type="migrate", tribe=tribe, row=1, col=1)
    assert t.public.map[2].borogoves == gems(3, 3, 3)
    assert event["drawn"] == "G1" and t.public.drawn == "G1" and t.public.deck_size == 1


def test_solo_wins_at_42_and_rates_the_score_on_the_books_chart() -> None:
    """ "To score 42 or more points." """
    t = table(example(), solo=True, phase="tribes", turn=TURNS, tribes=gems(3, 3, 3))
    for tribe in ("green", "yellow", "purple"):
        act(t, 0, type="settle", tribe=tribe)
    outcome = RULES.outcome(t)
    assert outcome is not None and outcome.scores == [28] and outcome.winners == []
    assert outcome.rating == "Oh dear. Practice makes perfect?"
    assert [SOLO_CHART.rate(s) for s in (37, 38, 42, 46, 50, 54)] == [
        "Oh dear. Practice makes perfect?",
        "Almost good! But not. Try again, friend!",
        "You did it! Bare minimum victory: achieved.",
        "Pretty good, but is it GREAT? Try to beat it!",
        "Wow! Amazing! Try again - aim for perfect!",
        "Perfect score? Did you cheat? Fess up!",
    ]


def test_legal_moves_stay_a_short_list() -> None:
    t, rng = RULES.setup(RULES.parse_options({}), 2, seed=3)
    pick = random.Random(3)
    while RULES.outcome(t) is None:
        seat = RULES.to_act(t)[0]
        legal = RULES.legal_moves(t, seat)
        assert len(legal) <= 120
        RULES.act(t, rng, seat, RULES.dump_move(pick.choice(legal)))
    assert RULES.legal_moves(t, 0) == RULES.legal_moves(t, 1) == []


def test_the_direct_check_agrees_with_the_list_of_legal_moves() -> None:
    """``check`` judges a move without listing them all: it must accept exactly the listed moves."""
    t, rng = RULES.setup(RULES.parse_options({}), 2, seed=17)
    pick = random.Random(17)
    spots = [(r, c) for r in range(-1, 3) for c in range(-1, 3)]
    while RULES.outcome(t) is None:
        seat = RULES.to_act(t)[0]
        legal = RULES.legal_moves(t, seat)
        if t.public.phase == "tribes":
            candidates: list[Any] = []
            for tribe in ("green", "yellow", "purple"):
                candidates.append(Settle(tribe=tribe))
                for r, c in spots:
                    candidates += [Migrate(tribe=tribe, row=r, col=c), Settle(tribe=tribe, row=r, col=c)]
                    candidates += [
                        Explore(tribe=tribe, row=r, col=c, to_row=r + dr, to_col=c + dc)
                        for dr, dc in ((0, 1), (1, 0), (1, 1), (0, -1), (-1, 0))
                    ]
            for move in candidates:
                try:
                    GAME.check(t.public, t.private[seat], seat, move)
                    accepted = True
                except IllegalMove:
                    accepted = False
                assert accepted == (move in legal), move
        RULES.act(t, rng, seat, RULES.dump_move(pick.choice(legal)))
