"""Slithy, as its rulebook tells it (rulebook: jabberwocky-microgames.txt, "Slithy"; NOTES.md).

Matches start from ``first_dealer`` so that a test knows who deals; each turn
is played with :func:`turn`, which names the dealer's two cards and every
seat's gems the way the rulebook's example does.
"""

from __future__ import annotations

from typing import Any

import pytest

from server.engine import BadOptions, Event, IllegalMove, Rng, Rules, event_for
from server.errors import BadMove, NotYourTurn
from server.games.slithy import PlayCards, PlayGems, RoundScore, Slithy, STable, TakeGems, groups
from tests.support.playout import playout

GAME = Slithy()
RULES = Rules(GAME)
DEALER, NICOLE, ROXY = 0, 1, 2


def start(seats: int = 3, *, dealer: int = DEALER, extended: bool = False) -> STable:
    table, _ = RULES.setup(RULES.parse_options({"first_dealer": dealer, "extended": extended}), seats, seed=1)
    return table


def act(table: STable, seat: int, move: Any) -> Event:
    raw = move.model_dump(mode="json") if hasattr(move, "model_dump") else move
    return RULES.act(table, Rng(0), seat, raw)[1]


def turn(table: STable, purple: int, yellow: int, gems: dict[int, int]) -> Event:
    """The dealer plays its two cards, then each named seat commits its gems; returns the last event."""
    event = act(table, table.public.dealer, PlayCards(purple=purple, yellow=yellow))
    for seat, n in gems.items():
        event = act(table, seat, PlayGems(gems=n))
    return event


# -- setup --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seats", "purple", "yellow"),
    [(3, [1, 2, 3, 4], [1, 2, 3, 4, 5]), (4, [1, 2, 3, 4], [1, 2, 3, 4, 5]),
     (5, [1, 2, 3], [1, 2, 3, 4]), (6, [1, 2, 3], [1, 2, 3, 4]), (7, [1, 2, 3], [1, 2, 3, 4])],
)  # fmt: skip
def test_the_cards_in_play_depend_on_the_player_count(seats: int, purple: list[int], yellow: list[int]) -> None:
    """NOTES.md: 3-4 players use purple 1-4 and yellow 1-5; 5-7 players purple 1-3 and yellow 1-4."""
    pub = start(seats).public
    assert pub.purple_left == purple and pub.yellow_left == yellow


@pytest.mark.parametrize(
    ("seats", "gems"),
    [(3, [0, 12, 12]), (4, [0, 8, 8, 8]), (5, [0, 6, 6, 6, 6]), (7, [0, 4, 4, 4, 4, 4, 4])],
)
def test_each_other_player_takes_gems_by_player_count_and_the_dealer_none(seats: int, gems: list[int]) -> None:
    assert start(seats).public.unplayed == gems


def test_with_six_players_the_two_to_the_dealers_left_take_6_and_the_other_three_take_4() -> None:
    assert start(6, dealer=2).public.unplayed == [4, 4, 0, 6, 6, 4]


@pytest.mark.parametrize(
    ("seats", "dealer", "expected"),
    [(3, 0, [[1, 2]]), (4, 1, [[2, 3, 0]]), (5, 0, [[1, 2], [3, 4]]), (6, 4, [[5, 0], [1, 2, 3]]),
     (7, 6, [[0, 1, 2], [3, 4, 5]])],
)  # fmt: skip
def test_the_non_dealers_play_in_groups_by_player_count(seats: int, dealer: int, expected: list[list[int]]) -> None:
    assert groups(dealer, seats) == expected
    assert start(seats, dealer=dealer).public.groups == expected


def test_the_first_dealer_is_drawn_unless_named() -> None:
    drawn = {RULES.setup(RULES.parse_options({}), 5, seed)[0].public.dealer for seed in range(40)}
    assert drawn == {0, 1, 2, 3, 4}
    assert start(5, dealer=3).public.dealer == 3
    with pytest.raises(BadOptions, match="first_dealer must be a seat"):
        RULES.setup(RULES.parse_options({"first_dealer": 4}), 4, seed=1)


def test_slithy_is_for_3_to_7_players() -> None:
    for seats in (2, 8):
        with pytest.raises(BadOptions, match="3-7 seats"):
            RULES.check_seats(seats)


# -- a turn -------------------------------------------------------------------------------------


def test_the_dealer_plays_a_purple_card_face_up_and_a_yellow_card_face_down() -> None:
    t = start()
    assert RULES.to_act(t) == [DEALER]
    event = act(t, DEALER, PlayCards(purple=3, yellow=5))
    assert t.public.purple == 3 and t.public.purple_left == [1, 2, 4]
    assert event_for(event, DEALER)["private"] == {"yellow": 5}
    assert RULES.view(t, DEALER)["private"]["yellow"] == 5
    for seat in (None, NICOLE, ROXY):
        assert "private" not in event_for(event, seat)
        view = RULES.view(t, seat)
        assert view.get("private", {}).get("yellow") is None
        assert view["public"]["yellow_left"] == [1, 2, 3, 4, 5]  # which one is face down is not shown


def test_the_dealer_plays_only_cards_still_in_hand() -> None:
    t = start()
    turn(t, 3, 5, {NICOLE: 0, ROXY: 0})
    assert PlayCards(purple=3, yellow=1) not in RULES.legal_moves(t, DEALER)
    assert len(RULES.legal_moves(t, DEALER)) == 3 * 4
    with pytest.raises(IllegalMove, match="purple 3 is not in your hand"):
        act(t, DEALER, PlayCards(purple=3, yellow=1))
    with pytest.raises(IllegalMove, match="yellow 5 is not in your hand"):
        act(t, DEALER, PlayCards(purple=1, yellow=5))
    with pytest.raises(BadMove):
        RULES.parse_move({"type": "cards", "purple": 5, "yellow": 1})


def test_gems_are_committed_sealed_and_revealed_together() -> None:
    t = start()
    act(t, DEALER, PlayCards(purple=3, yellow=5))
    assert sorted(RULES.to_act(t)) == [NICOLE, ROXY]
    assert RULES.legal_moves(t, NICOLE) == [PlayGems(gems=k) for k in range(13)]
    event = act(t, NICOLE, PlayGems(gems=3))
    # Everyone learns that Nicole committed; only Nicole learns how many.
    assert event_for(event, NICOLE)["private"] == {"choice": 3}
    for seat in (None, DEALER, ROXY):
        assert event_for(event, seat) == {"public": {"type": "committed", "seat": NICOLE, "waiting": [ROXY]}}
        assert RULES.view(t, seat).get("private", {}).get("gems") is None
    assert RULES.view(t, NICOLE)["private"]["gems"] == 3
    assert t.public.unplayed == [0, 12, 12] and t.public.turns == []
    with pytest.raises(NotYourTurn):
        act(t, NICOLE, PlayGems(gems=1))
    with pytest.raises(NotYourTurn):
        act(t, DEALER, PlayGems(gems=1))
    with pytest.raises(BadMove):
        act(t, ROXY, {"type": "gems", "gems": 13})
    event = act(t, ROXY, PlayGems(gems=4))
    revealed = event_for(event, None)["public"]["revealed"]
    assert revealed["gems"] == [None, 3, 4] and revealed["yellow"] == 5
    assert all(RULES.view(t, s)["private"] == {"yellow": None, "gems": None} for s in range(3))


def test_rulebook_example_purple_3_and_yellow_5() -> None:
    """Purple 3 and yellow 5 make 8; 7 gems were played: Nicole scores her 3, Roxy scores 3 and keeps 1."""
    t = start()
    turn(t, 3, 5, {NICOLE: 3, ROXY: 4})
    pub = t.public
    (played,) = pub.turns
    assert played.groups[0].gems == 7 and not played.groups[0].bust
    assert played.scored == [0, 3, 3]
    assert pub.scored == [0, 3, 3]
    assert pub.unplayed == [0, 12 - 3, 12 - 3]  # Roxy's fourth gem went back to her hand
    assert pub.busted == 0
    assert pub.yellow_left == [1, 2, 3, 4] and pub.purple_left == [1, 2, 4]


@pytest.mark.parametrize("one_more", [NICOLE, ROXY])
def test_rulebook_example_one_more_gem_busts_the_group(one_more: int) -> None:
    """The rulebook: "Had either of them played 1 more gem, they would have busted": 8 gems reach the sum of 8."""
    t = start()
    gems = {NICOLE: 3, ROXY: 4}
    gems[one_more] += 1
    turn(t, 3, 5, gems)
    pub = t.public
    assert pub.turns[0].groups[0].bust
    assert pub.busted == 8 and pub.scored == [0, 0, 0]
    assert pub.unplayed == [0, 12 - gems[NICOLE], 12 - gems[ROXY]]


def test_each_group_busts_or_scores_on_its_own_total() -> None:
    t = start(5)  # groups [1, 2] and [3, 4], 6 gems each
    turn(t, 2, 3, {1: 3, 2: 2, 3: 1, 4: 1})
    (played,) = t.public.turns
    assert [(g.seats, g.gems, g.bust) for g in played.groups] == [([1, 2], 5, True), ([3, 4], 2, False)]
    assert t.public.busted == 5
    assert t.public.scored == [0, 0, 0, 1, 1]
    assert t.public.unplayed == [0, 3, 4, 5, 5]
    act(t, 0, PlayCards(purple=1, yellow=1))
    with pytest.raises(IllegalMove, match="only 3 unplayed gems"):
        act(t, 1, PlayGems(gems=4))


def test_a_seat_with_no_unplayed_gems_plays_none_without_a_move() -> None:
    t = start()
    turn(t, 1, 1, {NICOLE: 12, ROXY: 0})  # Nicole busts and loses all 12
    assert t.public.unplayed == [0, 0, 12]
    act(t, DEALER, PlayCards(purple=2, yellow=2))
    assert RULES.to_act(t) == [ROXY]
    assert RULES.view(t, None)["public"]["committed"] == {"seats": [True, True, False]}
    act(t, ROXY, PlayGems(gems=2))
    assert t.public.turns[-1].gems == [None, 0, 2]
    assert t.public.scored == [0, 0, 2]


def test_when_nobody_has_gems_the_turn_resolves_with_the_cards() -> None:
    t = start()
    turn(t, 1, 1, {NICOLE: 12, ROXY: 12})
    event = act(t, DEALER, PlayCards(purple=2, yellow=2))
    assert event.public["revealed"]["gems"] == [None, 0, 0]
    assert event_for(event, DEALER)["private"] == {"yellow": 2}
    assert t.public.phase == "cards" and len(t.public.turns) == 2


# -- the end of a round ---------------------------------------------------------------------------


def play_a_round(t: STable) -> None:
    """Four turns with 3 players, dealer 0: Nicole scores 7 and Roxy 5; one bust of 2 gems; yellow 3 unplayed."""
    turn(t, 3, 5, {NICOLE: 3, ROXY: 4})  # 7 < 8: both score 3, Roxy keeps 1
    turn(t, 1, 1, {NICOLE: 1, ROXY: 1})  # 2 >= 2: bust, the dealer scores 2
    turn(t, 4, 2, {NICOLE: 4, ROXY: 0})  # 4 < 6: Nicole scores 4
    turn(t, 2, 4, {NICOLE: 0, ROXY: 3})  # 3 < 6: Roxy scores 2 (the purple value) and keeps 1


def test_after_the_last_purple_card_the_dealer_takes_one_players_unplayed_gems() -> None:
    t = start()
    play_a_round(t)
    pub = t.public
    assert (pub.phase, pub.purple_left, pub.yellow_left) == ("take", [], [3])
    assert (pub.scored, pub.busted, pub.unplayed) == ([0, 7, 5], 2, [0, 4, 6])
    assert RULES.to_act(t) == [DEALER]
    assert RULES.legal_moves(t, DEALER) == [TakeGems(seat=NICOLE), TakeGems(seat=ROXY)]
    with pytest.raises(IllegalMove, match="name another player"):
        act(t, DEALER, TakeGems(seat=DEALER))
    event = act(t, DEALER, TakeGems(seat=ROXY))
    # The dealer scores the busted gems and Roxy's 6; the others add the unplayed yellow 3.
    assert event.public["round_scores"] == [2 + 6, 7 + 3, 5 + 3]
    assert t.public.scores == [8, 10, 8]
    assert t.public.dealer_scores == [8, 0, 0]
    assert t.public.score_pad[0].model_dump() == {
        "dealer": DEALER, "taken_from": ROXY, "unplayed_yellow": 3, "scores": [8, 10, 8],
    }  # fmt: skip


def test_the_next_player_to_the_left_deals_and_everyone_else_takes_new_gems() -> None:
    t = start()
    play_a_round(t)
    act(t, DEALER, TakeGems(seat=NICOLE))
    pub = t.public
    assert (pub.round, pub.dealer, pub.phase) == (2, NICOLE, "cards")
    assert pub.unplayed == [12, 0, 12]
    assert (pub.scored, pub.busted, pub.turns) == ([0, 0, 0], 0, [])
    assert pub.purple_left == [1, 2, 3, 4] and pub.yellow_left == [1, 2, 3, 4, 5]
    assert pub.groups == [[ROXY, DEALER]]
    assert RULES.to_act(t) == [NICOLE]


def dealers_in_a_whole_game(seats: int, dealer: int, extended: bool) -> list[int]:
    t = start(seats, dealer=dealer, extended=extended)
    rng = Rng(5)
    seen = []
    while RULES.outcome(t) is None:
        seat = RULES.to_act(t)[0]
        move = RULES.legal_moves(t, seat)[0]
        if isinstance(move, TakeGems):
            seen.append(seat)
        RULES.act(t, rng, seat, RULES.dump_move(move))
    return seen


def test_the_game_ends_after_each_player_has_dealt_once() -> None:
    assert dealers_in_a_whole_game(4, dealer=2, extended=False) == [2, 3, 0, 1]


def test_extended_variant_the_last_dealer_goes_again_then_the_deal_passes_back_to_the_right() -> None:
    assert dealers_in_a_whole_game(4, dealer=2, extended=True) == [2, 3, 0, 1, 1, 0, 3, 2]


def over(scores: list[int], dealer_scores: list[int]) -> STable:
    t = start(len(scores))
    t.public.phase, t.public.scores, t.public.dealer_scores = "over", scores, dealer_scores
    return t


def test_the_highest_score_wins() -> None:
    outcome = RULES.outcome(over([20, 25, 18], [9, 4, 7]))
    assert outcome is not None and outcome.winners == [1] and outcome.scores == [20, 25, 18]


def test_a_tie_is_won_by_the_tied_players_who_scored_the_least_as_dealer() -> None:
    outcome = RULES.outcome(over([25, 25, 25, 10], [9, 4, 7, 0]))
    assert outcome is not None and outcome.winners == [1] and outcome.reason == "tie_break"
    outcome = RULES.outcome(over([25, 25, 25, 10], [4, 4, 7, 0]))
    assert outcome is not None and outcome.winners == [0, 1] and outcome.reason == "tie_break"


def test_tied_players_who_also_scored_the_same_as_dealer_share_the_win() -> None:
    outcome = RULES.outcome(over([25, 25, 10], [4, 4, 0]))
    assert outcome is not None and outcome.winners == [0, 1] and outcome.reason == "tie"


def test_extended_tie_break_sums_both_rounds_dealt() -> None:
    """ "In the case of a tie, all tied players who scored the least as the dealer win.": in the extended variant a
    seat has dealt twice, and what it scored as the dealer is the sum of both rounds. Seat 0 dealt rounds scoring 2
    and 9 (11), seat 1 rounds scoring 5 and 5 (10): the sum gives seat 1 the win, where the least single round (2)
    or the first round dealt would give it to seat 0."""
    dealers = [0, 1, 2, 2, 1, 0]
    dealt = {0: [2, 9], 1: [5, 5], 2: [6, 6]}
    pad = []
    for dealer in dealers:
        scores = [0, 0, 0]
        scores[dealer] = dealt[dealer].pop(0)
        pad.append(RoundScore(dealer=dealer, taken_from=(dealer + 1) % 3, unplayed_yellow=1, scores=scores))
    t = over([25, 25, 10], [11, 10, 12])
    t.public.dealers, t.public.score_pad = dealers, pad
    outcome = RULES.outcome(t)
    assert outcome is not None and outcome.winners == [1] and outcome.reason == "tie_break"


@pytest.mark.parametrize("seed", range(4))
def test_extended_what_a_seat_scored_as_dealer_adds_up_both_of_its_rounds(seed: int) -> None:
    *_, last = playout(RULES, 3, seed, options={"extended": True})
    pub = last.after.public
    assert pub.phase == "over" and len(pub.score_pad) == 6
    for seat in range(3):
        rounds = [line.scores[seat] for line in pub.score_pad if line.dealer == seat]
        assert len(rounds) == 2 and pub.dealer_scores[seat] == sum(rounds)


def test_scores_are_public_at_all_times() -> None:
    t = start()
    play_a_round(t)
    act(t, DEALER, TakeGems(seat=ROXY))
    turn(t, 3, 5, {ROXY: 2, DEALER: 1})
    spectator = RULES.view(t, None)["public"]
    assert spectator["scores"] == [8, 10, 8]
    assert spectator["scored"] == [1, 0, 2]
    assert spectator["score_pad"][0]["scores"] == [8, 10, 8]


# -- the move list is complete -----------------------------------------------------------------------


def every_move() -> list[Any]:
    return [
        *[PlayCards(purple=p, yellow=y) for p in range(1, 5) for y in range(1, 6)],
        *[PlayGems(gems=k) for k in range(13)],
        *[TakeGems(seat=s) for s in range(7)],
    ]


@pytest.mark.parametrize("seats", [3, 5, 6])
def test_check_accepts_exactly_the_listed_legal_moves(seats: int) -> None:
    for step in playout(RULES, seats, seed=31, keep=True):
        table = step.before
        for seat in RULES.to_act(table):
            legal = RULES.legal_moves(table, seat)
            for move in every_move():
                try:
                    GAME.check(table.public, table.private[seat], seat, move)
                    accepted = True
                except IllegalMove:
                    accepted = False
                assert accepted == (move in legal), (move, table.public)
