"""Jabberwocky, the trick-taking game, as its rulebook tells it."""

from __future__ import annotations

import pytest

from server.engine import IllegalMove, Rng, Rules, event_for
from server.engine.cards import rank
from server.errors import BadOptions, NotYourTurn
from server.games.jabberwocky import DEAL_SIZES, Bid, Jabberwocky, JTable, Play, Private, Public, Secret, TrickPlay

GAME = Jabberwocky()
RULES = Rules(GAME)


def table(seats: int = 4, *, hands: list[list[str]], trump: str = "2C", phase: str = "play", dealer: int = 3,
          follow: str = "penalty", **public: object) -> JTable:  # fmt: skip
    size = len(hands[0])
    pub = Public(
        seats=seats, follow_suit=follow, rounds=13, round=4, hand_size=size, dealer=dealer, trump_card=trump,
        phase=phase, turn=(dealer + 1) % seats, bids=[1] * seats if phase == "play" else [None] * seats, trick=[],
        leader=(dealer + 1) % seats, trump_broken=False, tricks_won=[0] * seats, cards_left=[len(h) for h in hands],
        made=[0] * seats, penalties=[0] * seats,
    )  # fmt: skip
    for k, v in public.items():
        setattr(pub, k, v)
    return JTable(public=pub, private=[Private(hand=h) for h in hands], secret=Secret(deck=[]))


def test_the_deal_goes_3_up_to_9_and_back_down_to_3() -> None:
    assert DEAL_SIZES == (3, 4, 5, 6, 7, 8, 9, 8, 7, 6, 5, 4, 3)


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_every_round_deals_its_size_and_turns_a_trump(seats: int) -> None:
    t, rng = RULES.setup(RULES.parse_options({}), seats, seed=5)
    seen_sizes = []
    while RULES.outcome(t) is None:
        pub = t.public
        if pub.phase == "bid" and all(b is None for b in pub.bids):
            seen_sizes.append(pub.hand_size)
            cards = [c for p in t.private for c in p.hand] + [pub.trump_card] + t.secret.deck
            assert sorted(cards) == sorted(set(cards)) and len(cards) == 52
            assert all(len(p.hand) == pub.hand_size for p in t.private)
        seat = RULES.to_act(t)[0]
        RULES.act(t, rng, seat, RULES.dump_move(RULES.legal_moves(t, seat)[0]))
    assert seen_sizes == list(DEAL_SIZES)


def test_rulebook_example_the_dealer_may_not_bid_1() -> None:
    # Four players, six cards each; players 1, 2 and 3 bid 2, 0 and 3: the dealer may not bid 1.
    hands = [["2H", "3H", "4H", "5H", "6H", "7H"], ["2S", "3S", "4S", "5S", "6S", "7S"],
             ["2D", "3D", "4D", "5D", "6D", "7D"], ["8H", "9H", "TH", "8S", "9S", "TS"]]  # fmt: skip
    t = table(hands=hands, phase="bid", dealer=3, turn=0)
    rng = Rng(1)
    for seat, bid in [(0, 2), (1, 0), (2, 3)]:
        RULES.act(t, rng, seat, {"type": "bid", "tricks": bid})
    assert Bid(tricks=1) not in RULES.legal_moves(t, 3)
    assert {m.tricks for m in RULES.legal_moves(t, 3)} == {0, 2, 3, 4, 5, 6}
    with pytest.raises(IllegalMove, match="may not bid 1"):
        RULES.act(t, rng, 3, {"type": "bid", "tricks": 1})
    RULES.act(t, rng, 3, {"type": "bid", "tricks": 0})
    assert t.public.phase == "play" and t.public.turn == 0


def test_the_dealer_is_free_when_the_forbidden_bid_is_impossible() -> None:
    t = table(seats=3, hands=[["2H", "3H", "4H"]] * 3, phase="bid", dealer=2, turn=2, bids=[3, 2, None])
    assert {m.tricks for m in RULES.legal_moves(t, 2)} == {0, 1, 2, 3}


def test_bidding_goes_left_from_the_dealer_and_others_must_wait() -> None:
    t = table(hands=[["2H"]] * 4, phase="bid", dealer=1, turn=2)
    assert RULES.to_act(t) == [2]
    with pytest.raises(NotYourTurn):
        RULES.act(t, Rng(1), 3, {"type": "bid", "tricks": 0})


def test_trump_may_not_be_led_until_broken() -> None:
    hands = [["2S", "AH"], ["3S", "4C"], ["5S", "6C"], ["7S", "8C"]]
    t = table(hands=hands, trump="9S", dealer=3)
    assert RULES.legal_moves(t, 0) == [Play(card="AH")]
    with pytest.raises(IllegalMove, match="trump may not be led"):
        RULES.act(t, Rng(1), 0, {"type": "play", "card": "2S"})


def test_trump_may_be_led_by_a_hand_of_only_trumps() -> None:
    hands = [["2S", "3S"], ["4C", "5C"], ["6C", "7C"], ["8C", "9C"]]
    t = table(hands=hands, trump="9S", dealer=3)
    assert {m.card for m in RULES.legal_moves(t, 0)} == {"2S", "3S"}


def test_trump_played_off_suit_breaks_trump() -> None:
    hands = [["2H", "5H"], ["3S", "4C"], ["5C", "6C"], ["7C", "8C"]]
    t = table(hands=hands, trump="9S", dealer=3)
    rng = Rng(1)
    for seat, card in [(0, "2H"), (1, "3S"), (2, "5C"), (3, "7C")]:
        RULES.act(t, rng, seat, {"type": "play", "card": card})
    assert t.public.trump_broken
    assert t.public.tricks_won[1] == 1  # the lone trump took the trick
    assert t.public.turn == 1 and {m.card for m in RULES.legal_moves(t, 1)} == {"4C"}


def test_highest_card_of_the_led_suit_wins_without_trumps() -> None:
    hands = [["9H", "2C"], ["KH", "3C"], ["AD", "4C"], ["QH", "5C"]]
    t = table(hands=hands, trump="2S", dealer=3)
    rng = Rng(1)
    for seat, card in [(0, "9H"), (1, "KH"), (2, "AD"), (3, "QH")]:
        RULES.act(t, rng, seat, {"type": "play", "card": card})
    assert t.public.tricks_won == [0, 1, 0, 0]
    assert t.public.leader == 1 and t.public.turn == 1


def test_failing_to_follow_suit_costs_3_points() -> None:
    hands = [["9H", "2C"], ["KH", "3C"], ["AD", "4C"], ["QH", "5C"]]
    t = table(hands=hands, trump="2S", dealer=3)
    rng = Rng(1)
    RULES.act(t, rng, 0, {"type": "play", "card": "9H"})
    _, event = RULES.act(t, rng, 1, {"type": "play", "card": "3C"})  # holds KH: a renege
    assert event_for(event, 1)["private"] == {"penalty": 3}
    assert t.private[1].reneges == 1
    _, event = RULES.act(t, rng, 2, {"type": "play", "card": "4C"})  # holds no heart: no penalty
    assert event.private == {}
    # QH takes the first trick; seat 3 leads the last one and the round ends.
    for seat, card in [(3, "QH"), (3, "5C"), (0, "2C"), (1, "KH"), (2, "AD")]:
        _, event = RULES.act(t, rng, seat, {"type": "play", "card": card})
    assert event.public["round_over"]["penalties"] == [0, 1, 0, 0]
    assert t.public.penalties == [0, 1, 0, 0]
    assert t.private[1].reneges == 0


def test_a_renege_is_kept_secret_until_the_round_ends() -> None:
    """Its penalty would tell the table that the seat still held the led suit."""
    hands = [["9H", "2C"], ["KH", "3C"], ["AD", "4C"], ["QH", "5C"]]
    t = table(hands=hands, trump="2S", dealer=3, made=[2, 2, 2, 2])
    rng = Rng(1)
    RULES.act(t, rng, 0, {"type": "play", "card": "9H"})
    _, event = RULES.act(t, rng, 1, {"type": "play", "card": "3C"})  # holds KH: a renege
    others = (None, 0, 2, 3)
    for seat in others:
        assert event_for(event, seat) == {"public": {"type": "play", "seat": 1, "card": "3C"}}
    assert RULES.view(t, 1)["private"]["reneges"] == 1
    for seat, card in [(2, "AD"), (3, "QH"), (3, "5C"), (0, "2C"), (1, "KH")]:
        _, event = RULES.act(t, rng, seat, {"type": "play", "card": card})
        for other in others:
            assert "penalty" not in str(event_for(event, other))
            assert RULES.view(t, other)["public"]["penalties"] == [0, 0, 0, 0]
    _, event = RULES.act(t, rng, 2, {"type": "play", "card": "4C"})  # the round's last card
    over = event_for(event, None)["public"]["round_over"]
    assert over["penalties"] == [0, 1, 0, 0]
    assert over["scores"] == [2, 2 - 3, 2, 2]
    assert RULES.view(t, None)["public"]["penalties"] == [0, 1, 0, 0]


def test_the_enforced_option_refuses_an_off_suit_card() -> None:
    hands = [["9H", "2C"], ["KH", "3C"], ["AD", "4C"], ["QH", "5C"]]
    t = table(hands=hands, trump="2S", dealer=3, follow="enforced")
    rng = Rng(1)
    RULES.act(t, rng, 0, {"type": "play", "card": "9H"})
    assert RULES.legal_moves(t, 1) == [Play(card="KH")]
    with pytest.raises(IllegalMove, match="follow suit"):
        RULES.act(t, rng, 1, {"type": "play", "card": "3C"})
    assert t.public.trick == [TrickPlay(seat=0, card="9H")]  # nothing changed


def test_one_point_per_exact_bid_and_the_deal_passes_left() -> None:
    hands = [["AH"], ["2H"], ["3H"], ["4H"]]
    t = table(hands=hands, trump="2S", dealer=3, bids=[1, 0, 1, 0])
    rng = Rng(1)
    for seat, card in [(0, "AH"), (1, "2H"), (2, "3H"), (3, "4H")]:
        _, event = RULES.act(t, rng, seat, {"type": "play", "card": card})
    assert event.public["round_over"]["made"] == [0, 1, 3]
    assert t.public.made == [1, 1, 0, 1]
    assert t.public.round == 5 and t.public.dealer == 0 and t.public.turn == 1
    assert all(len(p.hand) == DEAL_SIZES[4] for p in t.private)
    assert set(event.private) == {0, 1, 2, 3}  # each seat learns its own new hand only


def test_a_full_13_round_game_scores_made_bids_minus_penalties_and_ties_share() -> None:
    t, rng = RULES.setup(RULES.parse_options({}), 4, seed=21)
    rounds_made = [0] * 4
    penalties = [0] * 4
    while RULES.outcome(t) is None:
        seat = RULES.to_act(t)[0]
        _, ev = RULES.act(t, rng, seat, RULES.dump_move(RULES.legal_moves(t, seat)[-1]))
        penalties[seat] += "penalty" in ev.private.get(seat, {})
        for s in ev.public.get("round_over", {}).get("made", []):
            rounds_made[s] += 1
    outcome = RULES.outcome(t)
    assert outcome is not None and t.public.round == 13
    assert outcome.scores == [m - 3 * p for m, p in zip(rounds_made, penalties, strict=True)]
    best = max(outcome.scores)
    assert outcome.winners == [s for s in range(4) if outcome.scores[s] == best]


def test_ties_share_the_win() -> None:
    pub = table(hands=[[]] * 4, phase="over").public
    pub.made, pub.penalties = [5, 7, 7, 2], [0, 0, 0, 0]
    outcome = GAME.outcome(pub)
    assert outcome is not None and outcome.winners == [1, 2]


def test_options_are_validated() -> None:
    with pytest.raises(BadOptions):
        RULES.parse_options({"follow_suit": "sometimes"})
    with pytest.raises(BadOptions):
        RULES.setup(RULES.parse_options({"first_dealer": 4}), 4, seed=1)
    with pytest.raises(BadOptions):
        RULES.check_seats(6)
    t, _ = RULES.setup(RULES.parse_options({"first_dealer": 2}), 4, seed=1)
    assert t.public.dealer == 2 and t.public.turn == 3


def test_a_seat_whose_time_runs_out_bids_lowest_then_plays_its_lowest_card() -> None:
    rules = Rules(Jabberwocky())
    table, rng = rules.setup(rules.parse_options({"rounds": 3}), 3, 5)
    while rules.outcome(table) is None:
        (seat,) = rules.to_act(table)
        legal = rules.legal_moves(table, seat)
        default = rules.default_move(table, seat)
        assert default in legal
        if table.public.phase == "bid":
            assert default == legal[0]
        else:
            assert rank(default.card) == min(rank(m.card) for m in legal)
        rules.act(table, rng, seat, rules.dump_move(default))
