"""Gimble, rule by rule: the rulebook's examples and each interpretation in the module docstring."""

from __future__ import annotations

import random

import pytest

from server.engine import BadOptions, IllegalMove, Rng, Rules
from server.engine.numbers import Gems
from server.games.gimble import (
    Arrangement,
    Bid,
    Claim,
    DisplayCard,
    Gimble,
    GimbleOptions,
    GTable,
    Pass,
    Piece,
    Private,
    Public,
    Result,
    Secret,
    Take,
    arrangement_score,
    best_arrangement,
    duplicates_score,
    max_bid,
    pieces,
)

GAME = Gimble()
RULES = Rules(GAME)


def table(
    seats: int = 2,
    *,
    display: list[str] | None = None,
    deck: list[str] | None = None,
    gems: list[Gems] | None = None,
    starter: int = 0,
    hands: list[list[str]] | None = None,
    wilds: list[str] | None = None,
) -> GTable:
    display = display if display is not None else (["G1", "Y2", "P3"] if seats == 2 else ["G1", "Y2", "P3", "G4"])
    deck = deck if deck is not None else ["Y4", "P5", "G5", "Y5"]
    gems = gems if gems is not None else [Gems(green=4, yellow=4, purple=4) for _ in range(seats)]
    hands = hands if hands is not None else [[] for _ in range(seats)]
    wilds = wilds if wilds is not None else ["green", "yellow", "purple"][:seats]
    public = Public(
        seats=seats, first_player=starter, round=1, phase="bid", turn=starter, starter=starter,
        display=[DisplayCard(card=c) for c in display], deck_size=len(deck), gems=gems,
        hand_sizes=[len(h) for h in hands], bids=[None] * seats, passed=[False] * seats, high_bidder=None,
        takers=[], final_round=False,
    )  # fmt: skip
    return GTable(
        public=public,
        private=[Private(wild=w, hand=list(h)) for w, h in zip(wilds, hands, strict=True)],  # type: ignore[arg-type]
        secret=Secret(deck=deck, unused_wild="purple" if seats == 2 else None),
    )


def act(t: GTable, seat: int, move: object) -> None:
    RULES.act(t, Rng(0), seat, RULES.dump_move(move))


def check(t: GTable, seat: int, move: object) -> None:
    GAME.check(t.public, t.private[seat], seat, RULES.parse_move(RULES.dump_move(move)))


# -- setup ------------------------------------------------------------------------


@pytest.mark.parametrize(("seats", "display"), [(2, 3), (3, 4)])
def test_setup_deals_wild_cards_display_and_gems(seats: int, display: int) -> None:
    t, _ = RULES.setup(RULES.parse_options({}), seats, seed=5)
    pub = t.public
    assert len(pub.display) == display
    assert pub.deck_size == len(t.secret.deck) == 15 - display
    wilds = [p.wild for p in t.private]
    assert len(set(wilds)) == seats  # one Jabberwocky card each
    if seats == 2:
        assert t.secret.unused_wild not in wilds
    # 2 players: 4 of each colour each; 3 players: 2 of each, plus 2 of the 6 left over.
    for g in pub.gems:
        assert g.total() == (12 if seats == 2 else 8)
        assert min(g.get(c) for c in ("green", "yellow", "purple")) >= (4 if seats == 2 else 2)
    assert sum(g.total() for g in pub.gems) == 24
    assert all(not p.hand for p in t.private)
    assert pub.phase == "bid" and pub.turn == pub.starter == pub.first_player


def test_first_player_is_drawn_unless_named() -> None:
    drawn = {RULES.setup(RULES.parse_options({}), 3, seed=s)[0].public.first_player for s in range(20)}
    assert drawn == {0, 1, 2}
    t, _ = RULES.setup(RULES.parse_options({"first_player": 1}), 3, seed=0)
    assert t.public.turn == 1
    with pytest.raises(BadOptions):
        GAME.check_options(GimbleOptions(first_player=2), 2)


# -- bidding ----------------------------------------------------------------------


def test_bidding_example_5_green_2_yellow_1_purple() -> None:
    """The highest bid is 5; a bid of 2 is paid in green or yellow; a bid of 3 must be paid in green."""
    gems = Gems(green=5, yellow=2, purple=1)
    assert max_bid(gems) == 5
    t = table(gems=[gems, Gems(purple=1)])
    bids = [m for m in GAME.legal_moves(t.public, t.private[0], 0) if isinstance(m, Bid)]
    assert [b.amount for b in bids] == [0, 1, 2, 3, 4, 5]
    with pytest.raises(IllegalMove, match="cannot pay 6 in a single colour"):
        check(t, 0, Bid(amount=6))

    act(t, 0, Bid(amount=3))
    act(t, 1, Pass())
    assert t.public.phase == "claim" and t.public.turn == 0
    claims = [m for m in GAME.legal_moves(t.public, t.private[0], 0) if isinstance(m, Claim)]
    assert {c.colour for c in claims} == {"green"}
    with pytest.raises(IllegalMove, match="single colour"):
        check(t, 0, Claim(place_on="G1", colour="yellow", take="Y2"))

    t2 = table(gems=[gems, Gems(purple=1)])
    act(t2, 0, Bid(amount=2))
    act(t2, 1, Pass())
    claims = [m for m in GAME.legal_moves(t2.public, t2.private[0], 0) if isinstance(m, Claim)]
    assert {c.colour for c in claims} == {"green", "yellow"}


def test_the_starting_player_bids_first_and_may_bid_zero() -> None:
    t = table()
    with pytest.raises(IllegalMove, match="may not pass"):
        check(t, 0, Pass())
    assert Bid(amount=0) in GAME.legal_moves(t.public, t.private[0], 0)
    act(t, 0, Bid(amount=0))
    assert t.public.turn == 1


def test_a_bid_must_beat_the_standing_bid() -> None:
    t = table(seats=3)
    act(t, 0, Bid(amount=2))
    with pytest.raises(IllegalMove, match="beat the standing bid of 2"):
        check(t, 1, Bid(amount=2))
    assert next(m for m in GAME.legal_moves(t.public, t.private[1], 1) if isinstance(m, Bid)) == Bid(amount=3)
    assert Pass() in GAME.legal_moves(t.public, t.private[1], 1)


def test_a_seat_that_cannot_beat_the_bid_can_only_pass() -> None:
    t = table(gems=[Gems(green=4), Gems(green=2, yellow=1)])
    act(t, 0, Bid(amount=3))
    assert GAME.legal_moves(t.public, t.private[1], 1) == [Pass()]


def test_a_seat_that_passed_does_not_bid_again_this_round() -> None:
    t = table(seats=3)
    act(t, 0, Bid(amount=1))
    act(t, 1, Pass())
    act(t, 2, Bid(amount=2))
    assert t.public.turn == 0  # seat 1 is skipped
    act(t, 0, Bid(amount=3))
    assert t.public.turn == 2
    act(t, 2, Pass())
    assert t.public.phase == "claim" and t.public.turn == 0


# -- claiming and taking --------------------------------------------------------------


def test_the_winner_places_the_bid_and_takes_a_different_card() -> None:
    t = table(seats=3, starter=1)
    act(t, 1, Bid(amount=2))
    act(t, 2, Pass())
    act(t, 0, Pass())
    with pytest.raises(IllegalMove, match="cannot take the card you just added gems to"):
        check(t, 1, Claim(place_on="G1", colour="purple", take="G1"))
    with pytest.raises(IllegalMove, match="not in the display"):
        check(t, 1, Claim(place_on="Y5", colour="purple", take="G1"))
    with pytest.raises(IllegalMove, match="name the colour"):
        check(t, 1, Claim(place_on="G1", take="Y2"))
    act(t, 1, Claim(place_on="G1", colour="purple", take="Y2"))
    pub = t.public
    assert t.private[1].hand == ["Y2"]
    assert pub.gems[1] == Gems(green=4, yellow=4, purple=2)
    assert next(d for d in pub.display if d.card == "G1").gems == Gems(purple=2)
    # The player to the winner's left takes next, with the gems on the card.
    assert pub.phase == "take" and pub.turn == 2
    act(t, 2, Take(card="G1"))
    assert t.private[2].hand == ["G1"]
    assert pub.gems[2] == Gems(green=4, yellow=4, purple=6)
    # In a 3-player game the final player takes 1 of the 2 remaining cards.
    assert pub.turn == 0
    assert GAME.legal_moves(pub, t.private[0], 0) == [Take(card="P3"), Take(card="G4")]
    act(t, 0, Take(card="G4"))
    # Refilled to 4; the player who last took a card starts the next round.
    assert [d.card for d in pub.display] == ["P3", "Y4", "P5", "G5"]
    assert pub.round == 2 and pub.starter == pub.turn == 0
    assert t.public.phase == "bid"
    assert pub.bids == [None, None, None] and pub.passed == [False, False, False]


def test_a_bid_of_zero_places_no_gems() -> None:
    t = table()
    act(t, 0, Bid(amount=0))
    act(t, 1, Pass())
    with pytest.raises(IllegalMove, match="bid of 0"):
        check(t, 0, Claim(place_on="G1", colour="green", take="Y2"))
    act(t, 0, Claim(place_on="G1", take="Y2"))
    assert t.public.gems[0] == Gems(green=4, yellow=4, purple=4)
    assert all(d.gems.total() == 0 for d in t.public.display)


def test_the_display_keeps_the_gems_on_a_card_nobody_took() -> None:
    t = table()
    act(t, 0, Bid(amount=1))
    act(t, 1, Pass())
    act(t, 0, Claim(place_on="G1", colour="green", take="Y2"))
    act(t, 1, Take(card="P3"))
    assert [d.card for d in t.public.display] == ["G1", "Y4", "P5"]
    assert t.public.display[0].gems == Gems(green=1)


def test_three_players_play_a_final_round_of_three_cards() -> None:
    t = table(seats=3, deck=["Y4", "P5"])
    for seat, move in [(0, Bid(amount=0)), (1, Pass()), (2, Pass())]:
        act(t, seat, move)
    act(t, 0, Claim(place_on="G1", take="Y2"))
    act(t, 1, Take(card="P3"))
    act(t, 2, Take(card="G4"))
    pub = t.public
    assert pub.final_round and [d.card for d in pub.display] == ["G1", "Y4", "P5"] and pub.deck_size == 0
    assert pub.starter == 2
    for seat, move in [(2, Bid(amount=0)), (0, Pass()), (1, Pass())]:
        act(t, seat, move)
    act(t, 2, Claim(place_on="G1", take="Y4"))
    act(t, 0, Take(card="G1"))
    act(t, 1, Take(card="P5"))
    assert pub.phase == "over" and RULES.outcome(t) is not None


def test_two_players_end_when_the_display_cannot_be_refilled() -> None:
    t = table(deck=[])
    act(t, 0, Bid(amount=0))
    act(t, 1, Pass())
    act(t, 0, Claim(place_on="G1", take="Y2"))
    act(t, 1, Take(card="P3"))
    assert t.public.phase == "over"
    assert t.public.results is not None
    assert t.public.results[1].hand == ["P3"]  # hands are revealed


def test_a_full_two_player_game_takes_seven_rounds() -> None:
    t, rng = RULES.setup(RULES.parse_options({}), 2, seed=3)
    pick = random.Random(3)
    while RULES.outcome(t) is None:
        seat = RULES.to_act(t)[0]
        RULES.act(t, rng, seat, RULES.dump_move(pick.choice(RULES.legal_moves(t, seat))))
    assert t.public.round == 7
    assert [len(p.hand) for p in t.private] == [7, 7]
    assert len(t.public.display) == 1


def test_hands_and_wild_cards_stay_private() -> None:
    t = table(hands=[["G5"], ["Y5"]])
    view = RULES.view(t, 1)
    assert view["private"] == {"wild": "yellow", "hand": ["Y5"]}
    assert "hand" not in view["public"] and view["public"]["hand_sizes"] == [1, 1]


# -- scoring ------------------------------------------------------------------------


def P(colour: str, value: int, kind: str = "card") -> Piece:
    return Piece(colour=colour, value=value, kind=kind)  # type: ignore[arg-type]


SAMPLE_HAND = ["P4", "P5", "G3", "G4", "G5", "Y4", "G1", "P1"]
SAMPLE_GEMS = Gems(yellow=1, purple=2)


def test_scoring_sample_scores_27() -> None:
    """Purple wild card as a purple 6: 4+5+6, the 1s, green 3+4+5, minus the yellow 4 and purple gems."""
    runs = [[P("purple", 4), P("purple", 5), P("purple", 6, "wild")], [P("green", 3), P("green", 4), P("green", 5)]]
    duplicates = [[P("green", 1), P("purple", 1), P("yellow", 1, "gems")]]
    unused = [P("yellow", 4), P("purple", 2, "gems")]
    assert arrangement_score(runs, duplicates, unused) == 15 + 6 + 12 - 4 - 2 == 27


def test_the_server_scores_the_sample_hand_at_its_best() -> None:
    """The same hand does better with the wild card as a purple 3: run 2-3-4-5 and no purple penalty."""
    best = best_arrangement(SAMPLE_HAND, SAMPLE_GEMS, "purple")
    assert best.score == 28
    assert best.wild_value == 3
    assert [p.value for p in best.runs[1]] == [2, 3, 4, 5]
    assert best.unused == [P("yellow", 4)]


def test_a_hand_scored_again_is_scored_the_same_and_each_answer_is_its_own() -> None:
    """Scoring is kept per hand (the AI's search scores the same hands often): the order the cards are
    listed in does not matter, and changing one answer does not change the next."""
    first = best_arrangement(SAMPLE_HAND, SAMPLE_GEMS, "purple")
    first.runs.clear()
    again = best_arrangement(list(reversed(SAMPLE_HAND)), SAMPLE_GEMS, "purple")
    assert again.score == 28 and [p.value for p in again.runs[1]] == [2, 3, 4, 5]


def test_runs_must_be_three_consecutive_of_one_colour() -> None:
    with pytest.raises(ValueError, match="3 or more"):
        arrangement_score([[P("green", 5), P("green", 6, "gems")]], [], [])
    with pytest.raises(ValueError, match="single colour"):
        arrangement_score([[P("purple", 3), P("yellow", 4), P("yellow", 5)]], [], [])
    with pytest.raises(ValueError, match="consecutive"):
        arrangement_score([[P("yellow", 1), P("yellow", 2), P("yellow", 5)]], [], [])
    assert arrangement_score([[P("purple", v) for v in (1, 2, 3, 4)]], [], []) == 10


def test_duplicates_table() -> None:
    assert [duplicates_score(n) for n in range(2, 8)] == [3, 6, 10, 15, 21, 28]
    # "a purple 3, a green 3, and 3 green gems ... 3 duplicates of a single number, and score 6."
    assert arrangement_score([], [[P("purple", 3), P("green", 3), P("green", 3, "gems")]], []) == 6
    # At its best the yellow wild card joins them as a fourth 3.
    best = best_arrangement(["P3", "G3"], Gems(green=3), "yellow")
    assert best.score == 10 and best.wild_value == 3


def test_gems_form_one_card_per_colour() -> None:
    """3 purple gems, no green gems and 8 yellow gems are a purple 3 and a yellow 8."""
    ps = pieces([], Gems(purple=3, yellow=8), "green", 1)
    assert [(p.colour, p.value, p.kind) for p in ps] == [
        ("yellow", 8, "gems"),
        ("purple", 3, "gems"),
        ("green", 1, "wild"),
    ]


def test_the_wild_card_is_any_value_from_1_to_8() -> None:
    best = best_arrangement(["G5"], Gems(green=6), "green")  # green 5, 6 and the wild as a 7
    assert best.score == 5 + 6 + 7 and best.wild_value == 7
    best = best_arrangement([], Gems(yellow=8), "green")  # the green wild as an 8 pairs the yellow gems
    assert best.score == 3 and best.wild_value == 8


def test_an_unused_wild_card_counts_as_one() -> None:
    assert arrangement_score([], [], [P("purple", 6, "wild"), P("green", 5)]) == -1 - 5
    best = best_arrangement([], Gems(), "purple")
    assert best.wild_value == 1 and best.score == -1


def test_each_card_is_used_once_and_runs_may_split() -> None:
    # Green 1-5 with a second green 3 (gems): runs 1-2-3 and 3-4-5 use every card.
    best = best_arrangement(["G1", "G2", "G3", "G4", "G5"], Gems(green=3), "green")
    assert best.score == 1 + 2 + 3 + 3 + 4 + 5 + 6  # the wild extends a run as a 6
    assert sum(len(r) for r in best.runs) == 7 and not best.unused


# -- the end and the tie-breaks ---------------------------------------------------------


def over(results: list[tuple[int, int, int]], first: int = 0) -> Public:
    """A finished game: each seat's (score, wild value, gems left)."""
    t = table(seats=len(results), starter=first)
    pub = t.public
    pub.phase, pub.turn = "over", None
    pub.results = [
        Result(
            wild="green",
            hand=[],
            gems=Gems(green=gems),
            arrangement=Arrangement(wild_value=wild, runs=[], duplicates=[], unused=[], score=score),
        )
        for score, wild, gems in results
    ]
    return pub


def test_the_highest_score_wins() -> None:
    out = GAME.outcome(over([(10, 1, 0), (12, 8, 5), (11, 1, 0)]))
    assert out is not None and out.winners == [1] and out.scores == [10, 12, 11]


def test_a_tie_goes_to_the_lowest_wild_value() -> None:
    out = GAME.outcome(over([(12, 6, 0), (12, 3, 5), (11, 1, 0)]))
    assert out is not None and out.winners == [1]


def test_then_to_the_fewest_gems() -> None:
    out = GAME.outcome(over([(12, 3, 4), (12, 3, 2), (11, 1, 0)]))
    assert out is not None and out.winners == [1]


def test_then_to_the_player_who_went_first() -> None:
    out = GAME.outcome(over([(12, 3, 2), (12, 3, 2), (12, 3, 2)], first=1))
    assert out is not None and out.winners == [1]
    out = GAME.outcome(over([(12, 3, 2), (11, 3, 2), (12, 3, 2)], first=1))
    assert out is not None and out.winners == [2]  # seat 2 bids before seat 0 from seat 1


def test_no_outcome_before_the_end() -> None:
    assert GAME.outcome(table().public) is None


def test_moves_out_of_phase_are_refused() -> None:
    t = table()
    with pytest.raises(IllegalMove, match="bid or pass"):
        check(t, 0, Take(card="G1"))
    act(t, 0, Bid(amount=1))
    act(t, 1, Pass())
    with pytest.raises(IllegalMove, match="claim"):
        check(t, 0, Bid(amount=3))
    act(t, 0, Claim(place_on="G1", colour="green", take="Y2"))
    with pytest.raises(IllegalMove, match="take a card"):
        check(t, 1, Pass())
    with pytest.raises(IllegalMove, match="not in the display"):
        check(t, 1, Take(card="Y2"))
