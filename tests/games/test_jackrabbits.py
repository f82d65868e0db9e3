"""Jackrabbits, phase by phase: the board, the price, each transfer, the off-board cycle, claims and objectives."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import msgpack
import pytest

from server.engine import BadOptions, IllegalMove, Rng, Rules, copy_table, event_for
from server.engine.cards import JOKERS
from server.games.jackrabbits import (
    CITADEL,
    OFF,
    SAMPLE_BOARD,
    UNDERGROUND,
    Accept,
    Ask,
    Attack,
    Board,
    Buy,
    Cancel,
    Claim,
    Contest,
    Decline,
    Discard,
    Fly,
    GiveUp,
    Go,
    Graph,
    Jackrabbits,
    Jester,
    JTable,
    Pass,
    Pay,
    PlaceHex,
    PlaceRoad,
    Propose,
    Prove,
    Purse,
    Rest,
    Roll,
    Show,
    ShowAll,
    Skip,
    Stay,
    Strike,
    Transfer,
    Yield,
    build_board,
    can_pay,
    fits,
    lottery_value,
    payments,
    render_board,
    roads_close,
    trade_suits,
    transfer_suits,
    value,
)
from server.store.codec import encode_table, parse_table
from tests.games.test_games_generic import _hidden_from, _perturbed, _received, _strings, _visible_to

GAME = Jackrabbits()
RULES = Rules(GAME)
HEXES = {"citadel", "tower", "palace", "plaza", "underground"}
HOUSES = {r + s for r in "KQJ" for s in "CDHS"}


def start(seats: int = 2, **options: Any) -> tuple[JTable, Rng]:
    table, rng = RULES.setup(RULES.parse_options({"first_player": 0, **options}), seats, 1)
    return table, rng


def act(table: JTable, rng: Rng, seat: int, move: Any) -> dict[str, Any]:
    _, event = RULES.act(table, rng, seat, RULES.dump_move(move))
    return event.public


def hold(table: JTable, seat: int, *cards: str) -> None:
    """Give ``seat`` exactly ``cards`` (taken from wherever they lie)."""
    for card in cards:
        for place in (table.secret.pile, table.public.discards, *(p.hand for p in table.private)):
            if card in place:
                place.remove(card)
    for card in table.private[seat].hand:
        table.secret.pile.append(card)
    table.private[seat].hand = list(cards)


def journey_from(table: JTable, seat: int, at: str, dice: tuple[int, int] = (3, 4)) -> None:
    pub = table.public
    pub.turn, pub.phase, pub.dice, pub.rabbits[seat] = seat, "journey", list(dice), at
    pub.moved, pub.came_from, pub.bought = False, None, []


# -- the board -------------------------------------------------------------------------------------------------------


def check_suggestions(board: Board, *, connected: bool = True) -> None:
    graph = Graph(board)
    kinds = Counter(t.kind for t in board.tiles)
    assert kinds == {"citadel": 1, "underground": 1, "tower": 4, "palace": 4, "plaza": 4,
                     **{k: 4 for k in ("mountain", "river", "woods", "fork", "tavern", "hole")}}  # fmt: skip
    assert len({t.id for t in board.tiles}) == len(board.tiles)
    for t in board.tiles:
        assert len(t.roads) == (2 if t.kind in ("mountain", "river", "woods") else 1)
    hexes = {n for n in graph.tile if graph.tile[n].kind in HEXES}
    for link in board.links:
        # "don't link roads if its two hexes": no hex-to-hex roads; triangles never touch triangles.
        assert not (link.a in hexes and link.b in hexes)
        kinds_ = {graph.tile[n].kind for n in (link.a, link.b) if n != OFF}
        assert len(kinds_ & {"fork", "tavern", "hole"}) < 2 or link.a == link.b
    # "only rabbit holes connect it": the underground has no road.
    assert graph.ends[UNDERGROUND] == []
    # "Don't make dead-ends on the road": every road of a small tile has its ends (2 on a rhombus, 3 on a triangle).
    for node, ends in graph.ends.items():
        if node not in hexes:
            assert len(ends) == (3 if graph.tile[node].kind in ("fork", "tavern", "hole") else 2)
            assert ends.count(OFF) <= 1
    if not connected:  # "Hexes may be placed abroad, starting islands disconnected"
        return
    # Every hex on the board is reached by road from the Citadel.
    seen, todo = {CITADEL}, [CITADEL]
    while todo:
        for nxt in graph.ends[todo.pop()]:
            if nxt != OFF and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    assert hexes - seen == {UNDERGROUND}


def check_trailways(board: Board) -> None:
    """ "two roads not far apart": a rhombus's roads lie at most 1.2 hex spacings apart, midpoint to midpoint (an
    off-board road's midpoint is half a spacing beyond its rim hex, so its hex lies within 1.7 spacings of the other
    road's midpoint), the two roads differ, and no two roads of the board join the same two hexes."""
    graph = Graph(board)
    at = {t.id: (t.x / 10, t.y / 10) for t in board.tiles}
    inland: list[frozenset[str]] = []
    for t in board.tiles:
        if t.kind not in ("mountain", "river", "woods"):
            continue
        roads = [graph.ends[node] for node in t.roads]
        assert sorted(roads[0]) != sorted(roads[1]), t.id
        inland += [frozenset(r) for r in roads if OFF not in r]
        ends = [[at[e] for e in r if e != OFF] for r in roads]
        mids = [(sum(p[0] for p in e) / len(e), sum(p[1] for p in e) / len(e)) for e in ends]
        span = 1.2 + 0.5 * sum(OFF in r for r in roads) + 1e-6
        assert ((mids[0][0] - mids[1][0]) ** 2 + (mids[0][1] - mids[1][1]) ** 2) ** 0.5 <= span, (t.id, roads)
    assert len(inland) == len(set(inland)), "a road between two hexes is laid twice"


def test_the_sample_board_follows_the_placement_suggestions_and_is_drawn_in_the_docstring() -> None:
    check_suggestions(SAMPLE_BOARD)
    check_trailways(SAMPLE_BOARD)
    import server.games.jackrabbits as module

    assert render_board(SAMPLE_BOARD) in (module.__doc__ or "")


def test_a_thousand_random_boards_follow_the_placement_suggestions() -> None:
    layouts = set()
    for seed in range(1000):
        board = build_board(Rng(seed))
        check_suggestions(board)
        check_trailways(board)
        layouts.add(render_board(board))
    assert len(layouts) > 990


def test_the_two_roads_of_every_rhombus_lie_close_on_boards_of_every_suit_count() -> None:
    # Issue 44: the builder paired roads at random; on the sample board 5 of 12 rhombi carried two roads that share
    # no hex, three roads joined KC and KH, W1 and M3 carried the same two roads, and about two thirds of the rhombi
    # of random boards paired roads more than 1.2 hex spacings apart.
    for suits in ("SH", "SHC", "CDHS"):
        for seed in range(150):
            board = build_board(Rng(seed), suits)
            check_trailways(board)
            check_suggestions_any(board, suits)
    sample = {t.id: sorted(sorted(Graph(SAMPLE_BOARD).ends[n]) for n in t.roads) for t in SAMPLE_BOARD.tiles}
    assert sample["M1"] == [["CIT", "JH"], ["JH", "JS"]] and sample["R3"] == [["JS", "QD"], ["QD", "QH"]]


def test_roads_close_is_the_trailways_rule() -> None:
    assert roads_close(((0, 0), (1, 0)), ((1, 0), (1, -1)))  # from one hex at 60 degrees: 0.5 apart
    assert roads_close(((0, 0), (1, 0)), ((0, 0), (-1, 0)))  # straight on through one hex: 1 apart
    assert roads_close(((0, 0), (1, 0)), ((0, -1), (1, -1)))  # opposite sides of a diamond: 1 apart
    assert not roads_close(((0, 0), (1, 0)), ((0, 1), (0, 2)))  # sharing no hex, a row further: 1.32 apart
    assert not roads_close(((0, 0), (1, 0)), ((1, 0), (0, 0)))  # the same road twice


def check_suggestions_any(board: Board, suits: str) -> None:
    """The placement suggestions on a board of fewer suits: every hex reached, no hex-to-hex road."""
    graph = Graph(board)
    hexes = {n for n in graph.tile if graph.tile[n].kind in HEXES} - {UNDERGROUND}
    assert len(hexes) == 1 + 3 * len(suits)
    seen, todo = {CITADEL}, [CITADEL]
    while todo:
        for nxt in graph.ends[todo.pop()]:
            if nxt != OFF and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    assert hexes <= seen


def test_the_board_is_public_data_a_client_can_draw() -> None:
    table, _ = start(board="random")
    view = RULES.view(table, None)["public"]["board"]
    assert view["layout"] == "random"
    assert {"id", "kind", "x", "y", "roads"} <= set(view["tiles"][0])
    assert all(set(link) == {"a", "b"} for link in view["links"])


def test_a_stored_table_with_the_sample_board_reads_back_sharing_it() -> None:
    table, _ = start()
    stored = encode_table(table)
    for data in (stored, msgpack.packb(table.model_dump(mode="json"))):
        back = parse_table(RULES, data)
        assert back.public.board is SAMPLE_BOARD and back == table and encode_table(back) == stored
    # A board that only says it is the sample is validated as it is, not replaced.
    other = build_board(Rng(1)).model_copy(update={"layout": "sample"})
    table.public.board = other
    back = parse_table(RULES, encode_table(table))
    assert back.public.board == other and back.public.board != SAMPLE_BOARD
    random_table, _ = start(board="random")
    back = parse_table(RULES, encode_table(random_table))
    assert back.public.board == random_table.public.board and back.public.board is not random_table.public.board


# -- cards and the price -----------------------------------------------------------------------------------------------


def test_the_court_holds_the_twelve_royals_and_two_jokers_and_the_pile_the_aces_and_pips() -> None:
    table, _ = start(3)
    assert sorted(table.public.court) == sorted([r + s for s in "CDHS" for r in "JQK"] + list(JOKERS))
    cards = table.secret.pile + [c for p in table.private for c in p.hand]
    assert len(cards) == 40 and not any(c[0] in "JQKX" for c in cards)
    assert [len(p.hand) for p in table.private] == [3, 3, 3] and table.public.carrots == [3, 3, 3]


def test_royals_are_worth_ten_aces_one_and_pips_their_number() -> None:
    assert [value(c) for c in ("AS", "2S", "9H", "TD", "JC", "QC", "KC")] == [1, 2, 9, 10, 10, 10, 10]


def test_payments_overpay_but_leave_no_card_that_is_not_needed() -> None:
    """ "But in case you overpay, then consider that the price"."""
    hand = ["9S", "5S", "3S", "AS", "KH"]
    found = payments(hand, "S", 7)
    assert ["9S"] in found and ["3S", "5S"] in found
    assert ["3S", "5S", "AS"] not in found  # the ace is not needed
    assert all(c[1] == "S" for p in found for c in p)
    assert payments(hand, "H", 7) == [["KH"]]
    assert payments(hand, "D", 1) == []


def test_any_payment_that_reaches_the_price_is_accepted() -> None:
    table, rng = start()
    pub = table.public
    journey_from(table, 0, "M1a")
    hold(table, 0, "9S", "5S", "3S", "AS")
    act(table, rng, 0, Transfer(via="trailway", to="M1b"))
    with pytest.raises(IllegalMove, match="price is 7"):
        RULES.act(table, rng, 0, {"type": "pay", "cards": ["AS", "5S"]})
    with pytest.raises(IllegalMove, match="not in your hand"):
        RULES.act(table, rng, 0, {"type": "pay", "cards": ["5S", "5S"]})
    act(table, rng, 0, Pay(cards=["9S", "5S", "AS"]))  # overpaid: the surplus is lost
    assert pub.rabbits[0] == "M1b" and pub.shown == ["9S", "5S", "AS"]
    assert table.private[0].hand == ["3S"] and pub.discards[-3:] == ["9S", "5S", "AS"]


# -- the lottery -------------------------------------------------------------------------------------------------------


def test_the_lottery_draws_one_card_for_a_card_matching_either_die() -> None:
    table, rng = start()
    pub = table.public
    pub.dice = [1, 6]
    hold(table, 0, "AH", "6C", "5D", "KS")
    assert RULES.legal_moves(table, 0) == [Show(card="6C"), Show(card="AH"), Skip()]
    top = table.secret.pile[0]
    act(table, rng, 0, Show(card="AH"))
    assert pub.shown == ["AH"] and table.private[0].hand == ["AH", "6C", "5D", "KS", top]
    assert pub.phase == "journey"


def test_a_hand_caught_with_ten_discards_down_to_nine() -> None:
    table, rng = start()
    pub = table.public
    pub.dice = [2, 2]
    hold(table, 0, "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC")
    act(table, rng, 0, Show(card="2C"))
    assert pub.phase == "trim" and len(table.private[0].hand) == 10
    act(table, rng, 0, Discard(card="TC"))
    assert pub.phase == "journey" and len(table.private[0].hand) == 9 and pub.discards[-1] == "TC"


# -- the journey -------------------------------------------------------------------------------------------------------


def test_roads_are_free_and_the_journey_stops_at_the_next_hex_then_draws() -> None:
    table, rng = start()
    pub = table.public
    journey_from(table, 0, CITADEL)
    hold(table, 0, "2C")
    assert Stay() in RULES.legal_moves(table, 0) and Go(to="M1a") in RULES.legal_moves(table, 0)
    act(table, rng, 0, Go(to="M1a"))
    # On the mountain road: on to the plaza, not straight back, no stopping.
    moves = RULES.legal_moves(table, 0)
    assert Go(to="JH") in moves and Go(to=CITADEL) not in moves and Stay() not in moves
    top = table.secret.pile[0]
    act(table, rng, 0, Go(to="JH"))
    # The Jack of hearts is in the court, but ten in hearts is not at hand: "You may always be a guest".
    assert pub.rabbits[0] == "JH" and pub.phase == "acquire" and RULES.legal_moves(table, 0) == [Rest()]
    act(table, rng, 0, Rest())
    assert table.private[0].hand == ["2C", top]  # the increment
    assert pub.turn == 1 and pub.phase == "lottery"


def test_a_trailway_crossing_is_paid_in_the_terrains_suit() -> None:
    """Mountains in spades, rivers in hearts, woods in clubs."""
    for road, other, suit in (("M1a", "M1b", "S"), ("R4a", "R4b", "H"), ("W1a", "W1b", "C")):
        table, rng = start()
        journey_from(table, 0, road)
        hold(table, 0, "7" + suit, *(("7" + s) for s in "CDHS" if s != suit))
        assert Transfer(via="trailway", to=other) in RULES.legal_moves(table, 0)
        act(table, rng, 0, Transfer(via="trailway", to=other))
        assert RULES.legal_moves(table, 0) == [Pay(cards=["7" + suit]), Cancel()]
        act(table, rng, 0, Pay(cards=["7" + suit]))
        assert table.public.rabbits[0] == other and table.public.phase == "journey"


def test_no_transfer_is_offered_that_cannot_be_paid() -> None:
    table, _ = start()
    journey_from(table, 0, "M1a")
    hold(table, 0, "6S", "9H")
    assert not any(isinstance(m, Transfer) for m in RULES.legal_moves(table, 0))


def test_a_merchants_horse_rides_to_any_hex_for_diamonds_and_ends_the_journey() -> None:
    table, rng = start()
    pub = table.public
    journey_from(table, 0, "F1")
    hold(table, 0, "4D", "3D", "9S")
    moves = RULES.legal_moves(table, 0)
    horses = {m.to for m in moves if isinstance(m, Transfer) and m.via == "horse"}
    assert horses == {t.id for t in SAMPLE_BOARD.tiles if t.kind in HEXES} - {UNDERGROUND}
    assert not any(isinstance(m, Transfer) and m.via == "boat" for m in moves)  # a landlocked merchant
    act(table, rng, 0, Transfer(via="horse", to="KS"))
    act(table, rng, 0, Pay(cards=["3D", "4D"]))
    assert pub.rabbits[0] == "KS" and pub.phase == "acquire"  # the journey ended at the King tower


def test_a_seaside_merchants_boat_lands_at_any_outbound_road_end_and_goes_on_inland() -> None:
    table, rng = start()
    pub = table.public
    journey_from(table, 0, "F2")
    hold(table, 0, "7D")
    boats = {m.to for m in RULES.legal_moves(table, 0) if isinstance(m, Transfer) and m.via == "boat"}
    assert boats == {"H1", "H2", "T2", "T3", "H4"}
    act(table, rng, 0, Transfer(via="boat", to="T2"))
    act(table, rng, 0, Pay(cards=["7D"]))
    assert pub.rabbits[0] == "T2" and pub.phase == "journey"
    assert {m.to for m in RULES.legal_moves(table, 0) if isinstance(m, Go)} == {"JS", "QD"}  # not back to sea


def test_a_jester_is_bought_at_a_tavern_and_spent_on_a_later_ride() -> None:
    table, rng = start()
    pub = table.public
    journey_from(table, 0, "T1")
    hold(table, 0, "4C", "3H")
    act(table, rng, 0, Transfer(via="tavern", to="T1"))
    act(table, rng, 0, Pay(cards=["3H", "4C"]))
    assert pub.jesters[0] == ["XR"] and "XR" in table.private[0].hand and "XR" not in pub.court
    assert not any(isinstance(m, Transfer) and m.via == "tavern" for m in RULES.legal_moves(table, 0))  # once a visit
    # A later ride: the jester pays a merchant's horse, though no diamond is held.
    journey_from(table, 0, "F1")
    act(table, rng, 0, Transfer(via="horse", to="QS"))
    assert RULES.legal_moves(table, 0) == [Jester(), Cancel()]
    act(table, rng, 0, Jester())
    assert pub.rabbits[0] == "QS" and pub.jesters[0] == [] and "XR" in pub.court


def test_rabbit_holes_ride_to_each_other_for_any_suit_or_go_underground_for_free() -> None:
    table, rng = start()
    pub = table.public
    journey_from(table, 0, "H3")
    hold(table, 0, "7C")
    moves = RULES.legal_moves(table, 0)
    assert {m.to for m in moves if isinstance(m, Transfer)} == {"H1", "H2", "H4"}
    assert Go(to=UNDERGROUND) in moves
    act(table, rng, 0, Transfer(via="rabbit_hole", to="H2"))
    act(table, rng, 0, Pay(cards=["7C"]))
    assert pub.rabbits[0] == "H2" and pub.phase == "journey"
    act(table, rng, 0, Go(to=UNDERGROUND))
    assert pub.rabbits[0] == UNDERGROUND and len(table.private[0].hand) == 1  # the increment underground
    # "hop on out the coming round": through any rabbit hole, for free.
    journey_from(table, 0, UNDERGROUND)
    assert RULES.legal_moves(table, 0) == [Stay(), *(Go(to=h) for h in ("H1", "H2", "H3", "H4"))]


def test_off_board_there_is_no_increment_and_the_next_journey_goes_underground() -> None:
    table, rng = start()
    pub = table.public
    journey_from(table, 0, "H1")
    pub.came_from = "JC"
    hold(table, 0, "2C")
    act(table, rng, 0, Go(to=OFF))
    assert pub.rabbits[0] == OFF and table.private[0].hand == ["2C"] and pub.turn == 1
    journey_from(table, 0, OFF)
    assert RULES.legal_moves(table, 0) == [Go(to=UNDERGROUND)]
    act(table, rng, 0, Go(to=UNDERGROUND))
    assert pub.rabbits[0] == UNDERGROUND and len(table.private[0].hand) == 2


# -- the acquisition and the objectives --------------------------------------------------------------------------------


def test_a_royal_is_claimed_with_ten_in_its_suit_and_marked_with_a_carrot() -> None:
    table, rng = start()
    pub = table.public
    journey_from(table, 0, "M1a")
    hold(table, 0, "6H", "4H", "9S")
    act(table, rng, 0, Go(to="JH"))
    assert pub.phase == "acquire" and RULES.legal_moves(table, 0) == [Claim(), Rest()]
    act(table, rng, 0, Claim())
    assert RULES.legal_moves(table, 0) == [Pay(cards=["4H", "6H"]), Cancel()]
    act(table, rng, 0, Pay(cards=["4H", "6H"]))
    assert pub.royals[0] == ["JH"] and "JH" not in pub.court and pub.carrots[0] == 2
    assert "JH" in table.private[0].hand and pub.turn == 1


def test_a_spent_royal_goes_back_to_the_court_and_its_carrot_comes_off() -> None:
    table, rng = start()
    pub = table.public
    hold(table, 0, "KS")
    pub.court.remove("KS")
    pub.royals[0] = ["KS"]
    journey_from(table, 0, "M1a")
    act(table, rng, 0, Transfer(via="trailway", to="M1b"))
    act(table, rng, 0, Pay(cards=["KS"]))
    assert pub.royals[0] == [] and "KS" in pub.court and pub.shown == ["KS"]


def test_a_claim_may_be_paid_with_a_royal_of_the_suit_which_goes_back_to_the_court() -> None:
    """ "Royals may be spent as 10 ... But when royal cards are spent, they go back where they begun.": a claim paid
    with a royal of its suit swaps one royal for the other (the other reading, refusing royals for a claim, would
    offer no payment here)."""
    table, rng = start()
    pub = table.public
    hold(table, 0, "KH", "9S")
    pub.court.remove("KH")
    pub.royals[0] = ["KH"]
    journey_from(table, 0, "M1a")
    act(table, rng, 0, Go(to="JH"))
    act(table, rng, 0, Claim())
    assert RULES.legal_moves(table, 0) == [Pay(cards=["KH"]), Cancel()]
    act(table, rng, 0, Pay(cards=["KH"]))
    assert pub.royals[0] == ["JH"] and "KH" in pub.court and "JH" not in pub.court and pub.carrots[0] == 2
    assert "JH" in table.private[0].hand and "KH" not in table.private[0].hand


def test_no_claim_without_ten_in_the_suit() -> None:
    """The acquisition opens on public facts alone (the royal is in the court, a carrot is free), so the others
    do not learn whether the hand could pay; it offers only to rest."""
    table, rng = start()
    journey_from(table, 0, "M1a")
    hold(table, 0, "6H", "9S")
    act(table, rng, 0, Go(to="JH"))
    assert table.public.phase == "acquire" and RULES.legal_moves(table, 0) == [Rest()]


@pytest.mark.parametrize(
    ("objective", "good", "bad"),
    [
        ("simple", ["KS", "KH", "QS"], ["KS", "QH"]),
        ("diverse", ["KS", "KH", "QD"], ["KS", "KH", "QS"]),
        ("monarchic", ["KS", "QS", "JH"], ["KS", "QS", "QH"]),
        ("diverse_monarchic", ["KS", "QH", "JD"], ["KS", "QH", "JS"]),
        ("tribal", ["KC", "QC", "JC"], ["KC", "QC", "JD"]),
    ],
)
def test_each_objective(objective: Any, good: list[str], bad: list[str]) -> None:
    assert fits(good, objective) and not fits(bad, objective)


def test_returning_to_the_citadel_with_three_fitting_royals_wins() -> None:
    table, rng = start(objective="diverse")
    pub = table.public
    hold(table, 0, "KS", "QH", "JD")
    for r in ("KS", "QH", "JD"):
        pub.court.remove(r)
    pub.royals[0] = ["KS", "QH", "JD"]
    journey_from(table, 0, "M1a")
    act(table, rng, 0, Go(to=CITADEL))
    outcome = RULES.outcome(table)
    assert outcome is not None and outcome.winners == [0] and outcome.reason == "completed"


def test_after_the_turn_limit_the_most_royals_held_win() -> None:
    table, rng = start(turn_limit=1)
    table.public.royals[1] = ["KS"]
    for seat in (0, 1):
        act(table, rng, seat, Skip())
        act(table, rng, seat, Stay())
        if table.public.phase == "trim":
            act(table, rng, seat, Discard(card=table.private[seat].hand[0]))
    outcome = RULES.outcome(table)
    assert outcome is not None and outcome.winners == [1] and outcome.reason == "turn_limit"


def test_a_claim_needs_a_free_carrot() -> None:
    table, rng = start()
    pub = table.public
    pub.royals[0] = ["KS", "QS", "JS"]
    journey_from(table, 0, "M1a")
    hold(table, 0, "KS", "QS", "JS", "TH")
    act(table, rng, 0, Go(to="JH"))
    assert pub.turn == 1 and "JH" in pub.court


def test_a_claim_can_be_cancelled_then_the_turn_ends() -> None:
    table, rng = start()
    journey_from(table, 0, "M1a")
    hold(table, 0, "TH")
    act(table, rng, 0, Go(to="JH"))
    act(table, rng, 0, Claim())
    act(table, rng, 0, Cancel())
    assert table.public.turn == 1 and "JH" in table.public.court


def test_rest_makes_no_claim() -> None:
    table, rng = start()
    journey_from(table, 0, "M1a")
    hold(table, 0, "TH")
    act(table, rng, 0, Go(to="JH"))
    act(table, rng, 0, Rest())
    assert table.public.turn == 1 and table.public.royals[0] == []


# -- the optional additions --------------------------------------------------------------------------------------------

EVERY_ADDITION = {
    "clubs_flights": True, "diamonds_trades": True, "hearts_access": True, "spades_fights": True,
    "advanced_citadel": True, "extended_flights": True, "extended_access": True,
    "extended_trades": True, "tight_suits": True,
    "ambivalent_aces": False, "capital_aces": True, "additional_capital": True,
    "trailing_carrots": True, "windfall_lottery": True, "overtaxed_hands": True, "seized_surplus": True,
}  # fmt: skip


def test_tight_suits_keep_as_many_suits_and_road_tile_sets_as_players() -> None:
    table, _ = start(2, tight_suits=True, board="random")
    pub = table.public
    assert pub.suits == "HS"
    cards = table.secret.pile + [c for p in table.private for c in p.hand] + pub.court
    assert len(cards) == 2 * 13 + 2 and {c[1] for c in cards if c not in JOKERS} == {"H", "S"}
    kinds = Counter(t.kind for t in pub.board.tiles)
    assert kinds["mountain"] == kinds["fork"] == 2 and kinds["tower"] == 2 and len(pub.board.tiles) == 2 + 6 + 12
    three, _ = start(3, tight_suits=True, board="random")
    assert three.public.suits == "CHS"
    four, _ = start(4, tight_suits=True)  # four players keep every suit, so the sample board will do
    assert four.public.suits == "CDHS"


def test_tight_suits_refuse_the_sample_board_and_impossible_objectives() -> None:
    with pytest.raises(BadOptions, match="random board"):
        start(3, tight_suits=True)
    with pytest.raises(BadOptions, match="distinct suits"):
        start(2, tight_suits=True, board="random", objective="diverse")


def test_with_a_suit_out_of_play_its_transfers_are_paid_in_any_suit() -> None:
    assert transfer_suits("fork", "HS") == "HS" and transfer_suits("mountain", "HS") == "S"
    assert transfer_suits("woods", "CHS") == "C" and transfer_suits("hole", "CDHS") == "CDHS"


def test_ambivalent_aces_pay_eleven_but_show_one_in_the_lottery() -> None:
    table, _ = start(ambivalent_aces=True)
    pub = table.public
    pub.dice = [1, 5]
    hold(table, 0, "AS")
    assert RULES.legal_moves(table, 0)[0] == Show(card="AS")
    assert payments(["AS", "9S"], "S", 11, Purse(pub.additions, None)) == [["AS"]]


def test_capital_aces_count_the_first_ace_eleven_and_keep_it_face_up() -> None:
    table, rng = start(capital_aces=True)
    pub = table.public
    journey_from(table, 0, "M1a", dice=(4, 5))
    hold(table, 0, "AS", "AC", "3S")
    act(table, rng, 0, Transfer(via="trailway", to="M1b"))
    assert RULES.legal_moves(table, 0) == [Pay(cards=["AS"]), Cancel()]
    act(table, rng, 0, Pay(cards=["AS"]))
    assert pub.capital[0] == "AS" and "AS" not in pub.discards and table.private[0].hand == ["AC", "3S"]
    # The rest are 1s.
    assert not can_pay(["AC", "3S"], "CS", 9, Purse(pub.additions, "AS"))


def test_additional_capital_adds_a_pip_where_the_capital_aces_suit_pays() -> None:
    adds = RULES.parse_options({"capital_aces": True, "additional_capital": True}).additions()  # type: ignore[attr-defined]
    purse = Purse(adds, "AH")
    assert purse.total(["6H"], "H") == 7 and purse.total(["6S"], "S") == 6
    with pytest.raises(BadOptions, match="capital aces"):
        start(additional_capital=True)
    both = RULES.parse_options({"capital_aces": True, "ambivalent_aces": True}).additions()  # type: ignore[attr-defined]
    assert Purse(both, None).total(["AS"], "S") == 11  # the first ace is 11 either way, and still kept


def test_trailing_carrots_let_a_journey_pass_a_house_whose_royal_is_held() -> None:
    table, rng = start(trailing_carrots=True)
    pub = table.public
    pub.court.remove("JH")
    pub.royals[0] = ["JH"]
    hold(table, 0, "JH")
    journey_from(table, 0, "M1a")
    pub.came_from = CITADEL
    act(table, rng, 0, Go(to="JH"))
    assert pub.phase == "journey" and pub.rabbits[0] == "JH"
    moves = RULES.legal_moves(table, 0)
    assert Stay() in moves and Go(to="M1b") in moves and Go(to="M1a") not in moves
    act(table, rng, 0, Go(to="M1b"))
    act(table, rng, 0, Go(to="JS"))
    assert pub.rabbits[0] == "JS" and pub.phase == "acquire"


def test_a_windfall_lottery_draws_for_every_matching_card_and_double_on_a_double() -> None:
    table, rng = start(windfall_lottery=True)
    pub = table.public
    pub.dice = [2, 2]
    hold(table, 0, "2S", "2H", "5C")
    assert RULES.legal_moves(table, 0) == [ShowAll(), Skip()]
    act(table, rng, 0, ShowAll())
    assert pub.shown == ["2H", "2S"] and len(table.private[0].hand) == 3 + 4


def test_overtaxed_hands_hold_six() -> None:
    table, rng = start(overtaxed_hands=True)
    pub = table.public
    pub.dice = [2, 3]
    hold(table, 0, "2C", "3C", "4C", "5C", "6C", "7C")
    act(table, rng, 0, Show(card="2C"))
    assert pub.phase == "trim" and pub.hand_limit == 6
    act(table, rng, 0, Discard(card="7C"))
    assert pub.phase == "journey"


def test_seized_surplus_goes_to_the_next_seat() -> None:
    table, rng = start(seized_surplus=True)
    pub = table.public
    pub.dice = [2, 3]
    hold(table, 0, "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC")
    hold(table, 1, "2D")
    _, event = RULES.act(table, rng, 0, {"type": "show", "card": "2C"})
    assert len(table.private[0].hand) == 9 and len(table.private[1].hand) == 2 and pub.phase == "journey"
    assert event.public["seized"] == {"by": 1, "cards": 1}
    assert event.private[1]["took"] == event.private[0]["seized"] == [table.private[1].hand[1]]


def test_seized_surplus_catches_the_robber_who_goes_over_the_limit() -> None:
    # Issue 44: "Hands should not exceed nine cards. Anyone who's caught discards." The robber's hand used to stay
    # over the limit until its own next lottery (hands of 20-34 cards, usable meanwhile); it discards at once now.
    table, rng = start(seized_surplus=True, overtaxed_hands=True)
    pub = table.public
    pub.dice = [2, 3]
    hold(table, 0, "2C", "3C", "4C", "5C", "6C", "7C")
    hold(table, 1, "2D", "3D", "4D", "5D", "6D", "7D")
    _, event = RULES.act(table, rng, 0, {"type": "show", "card": "2C"})
    assert event.public["seized"] == {"by": 1, "cards": 1}
    assert [len(p.hand) for p in table.private] == [6, 7]
    assert pub.phase == "trim" and RULES.to_act(table) == [1]
    assert RULES.legal_moves(table, 0) == []
    (took,) = event.private[1]["took"]
    act(table, rng, 1, Discard(card=took))
    assert [len(p.hand) for p in table.private] == [6, 6]
    assert pub.phase == "journey" and RULES.to_act(table) == [0] and pub.trimming == []


def test_patriarchal_values_rank_ace_king_queen_jack_from_fourteen_to_eleven() -> None:
    adds = RULES.parse_options({"patriarchal_values": True}).additions()  # type: ignore[attr-defined]
    assert [value(c, adds) for c in ("AS", "KS", "QS", "JS", "TS")] == [14, 13, 12, 11, 10]
    assert lottery_value("AS", adds) == 14
    with pytest.raises(BadOptions, match="patriarchal"):
        start(patriarchal_values=True, ambivalent_aces=True)


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize(
    "extra",
    [{}, {"patriarchal_values": True, "capital_aces": False, "additional_capital": False}, {"board": "strict"},
     {"board": "free"}],
    ids=["random-board", "patriarchal", "strict-building", "free-building"],
)  # fmt: skip
def test_random_play_with_every_addition_ends_and_reveals_no_hidden_fact(seats: int, extra: dict[str, Any]) -> None:
    """The generic tests play the default options; these play every addition, with the same leak check."""
    options = {**EVERY_ADDITION, "board": "random", "objective": "monarchic", "turn_limit": 8, **extra}
    for seed in range(2):
        table, rng = RULES.setup(RULES.parse_options(options), seats, seed)
        pick = random.Random(seed)
        while RULES.outcome(table) is None:
            seat = RULES.to_act(table)[0]
            move = RULES.dump_move(pick.choice(RULES.legal_moves(table, seat)))
            before = copy_table(table)
            _, event = RULES.act(table, rng, seat, move)
            for viewer in [None, *range(seats)]:
                hidden = _hidden_from(before, viewer) | _hidden_from(table, viewer)
                visible = _visible_to(RULES, before, viewer) | _visible_to(RULES, table, viewer)
                if viewer == seat:
                    visible |= _strings(move)
                leaked = (_strings(event_for(event, viewer)) & hidden) - visible
                assert not leaked, f"{event} shows {leaked} to {viewer}"


# -- the Standard game's suit powers -------------------------------------------------------------------------------


def take_off(table: JTable, seat: int, tower: str) -> None:
    pub = table.public
    pub.turn, pub.phase, pub.dice, pub.rabbits[seat] = seat, "takeoff", [], tower


def test_a_clubs_flight_reaching_the_dice_lands_on_the_tower_and_the_card_is_kept() -> None:
    table, rng = start(clubs_flights=True)
    pub = table.public
    take_off(table, 0, "KH")
    hold(table, 0, "9S", "2D")
    moves = RULES.legal_moves(table, 0)
    assert Fly(card="9S", to="KS") in moves and Roll() in moves and Fly(card="9S", to="KH") not in moves
    act(table, rng, 0, Fly(card="9S", to="KS"))
    assert pub.phase == "lottery" and pub.shown == ["9S"] and len(pub.dice) == 2
    pub.dice = [3, 4]
    act(table, rng, 0, Skip())
    assert pub.rabbits[0] == "KS" and "9S" in table.private[0].hand


def test_a_clubs_flight_short_of_the_dice_pays_the_shortfall_in_the_suit_of_the_tower_left_or_falls() -> None:
    table, rng = start(clubs_flights=True)
    pub = table.public
    take_off(table, 0, "KH")
    hold(table, 0, "5S", "3H", "4D")
    act(table, rng, 0, Fly(card="5S", to="KD"))
    pub.dice = [4, 4]
    act(table, rng, 0, Skip())
    assert pub.phase == "pay" and pub.pending is not None and (pub.pending.price, pub.pending.suits) == (3, "H")
    assert RULES.legal_moves(table, 0) == [Pay(cards=["3H"]), Cancel()]
    act(table, rng, 0, Pay(cards=["3H"]))
    assert pub.rabbits[0] == "KD"
    # Falling: nothing paid, off the board, no increment.
    take_off(table, 1, "KH")
    hold(table, 1, "2S")
    act(table, rng, 1, Fly(card="2S", to="KD"))
    pub.dice = [6, 6]
    act(table, rng, 1, Skip())
    assert RULES.legal_moves(table, 1) == [Cancel()]
    act(table, rng, 1, Cancel())
    assert pub.rabbits[1] == OFF and table.private[1].hand == ["2S"]


def test_only_at_the_clubs_tower_may_the_shown_card_pay_the_shortfall() -> None:
    table, rng = start(clubs_flights=True)
    pub = table.public
    take_off(table, 0, "KC")
    hold(table, 0, "5C", "2C")
    act(table, rng, 0, Fly(card="5C", to="KS"))
    pub.dice = [5, 4]
    act(table, rng, 0, Skip())
    assert Pay(cards=["5C"]) in RULES.legal_moves(table, 0)
    act(table, rng, 0, Pay(cards=["5C"]))
    assert pub.rabbits[0] == "KS" and table.private[0].hand == ["2C"] and "5C" in pub.discards
    take_off(table, 1, "KS")
    hold(table, 1, "5S", "4S")
    act(table, rng, 1, Fly(card="5S", to="KC"))
    pub.dice = [5, 4]
    act(table, rng, 1, Skip())
    assert RULES.legal_moves(table, 1) == [Pay(cards=["4S"]), Cancel()]
    with pytest.raises(IllegalMove, match="clubs tower"):
        RULES.act(table, rng, 1, {"type": "pay", "cards": ["5S"]})


def test_diamonds_buy_a_discard_of_the_plazas_suit_and_the_asterisk_plaza_takes_any_suit() -> None:
    table, rng = start(diamonds_trades=True)
    pub = table.public
    pub.discards = ["8H", "3H", "9S"]
    journey_from(table, 0, "M1a")
    hold(table, 0, "5D", "4D", "9C")
    act(table, rng, 0, Go(to="JH"))
    assert RULES.legal_moves(table, 0) == [Buy(card="3H"), Buy(card="8H"), Rest()]
    act(table, rng, 0, Buy(card="8H"))
    assert RULES.legal_moves(table, 0) == [Pay(cards=["4D", "5D"]), Cancel()]
    act(table, rng, 0, Pay(cards=["4D", "5D"]))
    assert "8H" in table.private[0].hand and pub.discards[-2:] == ["4D", "5D"] and "8H" not in pub.discards
    assert RULES.legal_moves(table, 0) == [Rest()]  # one purchase a turn
    assert trade_suits("JD", "CDHS") == "CDHS" and trade_suits("JS", "CDHS") == "D"


def test_hearts_access_a_challenger_who_shows_six_hearts_is_thrown_off_when_the_visitor_proves_six() -> None:
    table, rng = start(3, hearts_access=True)
    pub = table.public
    journey_from(table, 0, "R3b")
    hold(table, 0, "6H", "2C")
    hold(table, 1, "4H", "2H")
    hold(table, 2, "9S")
    act(table, rng, 0, Go(to="QH"))
    assert pub.phase == "access" and RULES.to_act(table) == [1]
    assert RULES.legal_moves(table, 1) == [Contest(cards=["2H", "4H"]), Pass()]
    act(table, rng, 1, Contest(cards=["2H", "4H"]))
    assert pub.phase == "prove" and RULES.to_act(table) == [0] and pub.shown == ["2H", "4H"]
    act(table, rng, 0, Prove(cards=["6H"]))
    assert pub.rabbits[1] == OFF and table.private[1].hand == [] and {"2H", "4H"} <= set(pub.discards)
    assert pub.rabbits[0] == "QH" and "6H" in table.private[0].hand


def test_hearts_access_is_not_asked_again_of_a_rabbit_that_stays_on_the_palace() -> None:
    # Issue 44: "Any player may contest, as you reach a queenly throne". Staying on a palace used to bring a new
    # contest every turn (the journey's end ran the access after a stay too).
    table, rng = start(3, hearts_access=True)
    pub = table.public
    journey_from(table, 0, "QH")
    hold(table, 0, "5H")
    hold(table, 1, "6H")
    hold(table, 2, "9S")
    act(table, rng, 0, Stay())
    assert pub.phase != "access" and pub.challenge is None and pub.rabbits[0] == "QH"
    # Reaching it by a road is asked about, as before.
    table, rng = start(3, hearts_access=True)
    pub = table.public
    journey_from(table, 0, "R3b")
    act(table, rng, 0, Go(to="QH"))
    assert pub.phase == "access" and pub.challenge is not None


def test_hearts_access_a_visitor_who_cannot_prove_is_thrown_off() -> None:
    table, rng = start(3, hearts_access=True)
    pub = table.public
    journey_from(table, 0, "R3b")
    hold(table, 0, "5H")
    hold(table, 1, "9S")
    hold(table, 2, "6H")
    act(table, rng, 0, Go(to="QH"))
    assert RULES.legal_moves(table, 1) == [Pass()]
    act(table, rng, 1, Pass())
    act(table, rng, 2, Contest(cards=["6H"]))
    assert RULES.legal_moves(table, 0) == [Pass()]
    act(table, rng, 0, Pass())
    assert pub.rabbits[0] == OFF and pub.rabbits[2] != OFF and table.private[2].hand == ["6H"] and pub.turn == 1


def test_hearts_access_spares_the_honored_guest_and_nobody_off_the_board_asks() -> None:
    table, rng = start(3, hearts_access=True)
    pub = table.public
    pub.court.remove("QH")
    pub.royals[0] = ["QH"]
    journey_from(table, 0, "R3b")
    act(table, rng, 0, Go(to="QH"))
    assert pub.phase != "access"
    journey_from(table, 1, "R3b")
    pub.rabbits[2] = OFF
    act(table, rng, 1, Go(to="QH"))
    assert pub.challenge is not None and pub.challenge.asking == [0]


def meet(table: JTable, at: str, *seats: int) -> None:
    for seat in seats:
        table.public.rabbits[seat] = at
    table.public.turn, table.public.phase = seats[0], "acquire"


def test_a_spades_fight_goes_back_and_forth_until_one_side_stops_and_is_kicked_off() -> None:
    table, rng = start(2, spades_fights=True)
    pub = table.public
    meet(table, "JS", 0, 1)
    hold(table, 0, "5S", "9S", "2H")
    hold(table, 1, "6S", "3S", "4H")
    assert Attack(target=1, cards=["5S"]) in RULES.legal_moves(table, 0)
    act(table, rng, 0, Attack(target=1, cards=["5S"]))
    assert pub.phase == "fight" and RULES.to_act(table) == [1]
    # The defender must beat 5: a tie is barred, so 3 alone will not do.
    assert RULES.legal_moves(table, 1) == [Strike(cards=["6S"]), Yield()]
    with pytest.raises(IllegalMove):
        RULES.act(table, rng, 1, {"type": "strike", "cards": ["3S"]})
    act(table, rng, 1, Strike(cards=["6S"]))
    assert pub.fight is not None and pub.fight.scores == [5, 6] and RULES.to_act(table) == [0]
    act(table, rng, 0, Strike(cards=["9S"]))
    assert RULES.legal_moves(table, 1) == [Yield()]  # 3 more cannot beat 14
    stolen_from = list(table.private[1].hand)
    _, event = RULES.act(table, rng, 1, {"type": "yield"})
    assert pub.rabbits[1] == OFF and pub.rabbits[0] == "JS"
    assert {"5S", "6S", "9S"} <= set(pub.discards)  # "discard the spades outpoured"
    card = event.private[0]["stole"]
    assert card in stolen_from and card in table.private[0].hand and event.private[1]["lost"] == card
    assert "stole" not in event.public  # a pip changes hands unseen
    assert pub.phase == "acquire" and not any(isinstance(m, Attack) for m in RULES.legal_moves(table, 0))


def test_an_attacker_who_stops_is_kicked_off_and_steals_nothing() -> None:
    table, rng = start(2, spades_fights=True)
    pub = table.public
    meet(table, "JS", 0, 1)
    hold(table, 0, "2S")
    hold(table, 1, "3S", "4H")
    act(table, rng, 0, Attack(target=1, cards=["2S"]))
    act(table, rng, 1, Strike(cards=["3S"]))
    act(table, rng, 0, Yield())
    assert pub.rabbits[0] == OFF and table.private[1].hand == ["4H"] and pub.turn == 1


def test_a_stolen_royal_carries_its_carrot_and_a_fourth_is_given_up() -> None:
    table, rng = start(2, spades_fights=True)
    pub = table.public
    meet(table, "JS", 0, 1)
    for r in ("KS", "QS", "JS", "KH"):
        pub.court.remove(r)
    pub.royals[0], pub.royals[1] = ["KS", "QS", "JS"], ["KH"]
    hold(table, 0, "KS", "QS", "JS", "2S")
    hold(table, 1, "KH")
    act(table, rng, 0, Attack(target=1, cards=["2S"]))
    _, event = RULES.act(table, rng, 1, {"type": "yield"})
    assert event.public["stole"] == "KH" and pub.royals[1] == [] and pub.phase == "give_up"
    assert RULES.legal_moves(table, 0) == [GiveUp(royal=r) for r in ("KS", "QS", "JS", "KH")]
    act(table, rng, 0, GiveUp(royal="JS"))
    assert pub.royals[0] == ["KS", "QS", "KH"] and "JS" in pub.court and pub.phase == "acquire"


def test_extended_flights_land_on_any_hex_above_the_ground() -> None:
    table, _ = start(clubs_flights=True, extended_flights=True)
    take_off(table, 0, "KH")
    hold(table, 0, "9S")
    targets = {m.to for m in RULES.legal_moves(table, 0) if isinstance(m, Fly)}
    assert targets == {t.id for t in SAMPLE_BOARD.tiles if t.kind in HEXES} - {UNDERGROUND, "KH"}
    with pytest.raises(BadOptions, match="clubs flights"):
        start(extended_flights=True)


def test_extended_access_lets_a_resting_rabbit_challenge_a_guest_anywhere_but_underground() -> None:
    table, rng = start(3, hearts_access=True, extended_access=True)
    pub = table.public
    pub.rabbits[1], pub.rabbits[2] = "JH", "KS"
    journey_from(table, 0, "M1a")
    act(table, rng, 0, Go(to="JH"))
    assert pub.phase == "access" and pub.challenge is not None and pub.challenge.asking == [1]
    act(table, rng, 1, Pass())
    assert pub.phase == "acquire"
    with pytest.raises(BadOptions, match="hearts access"):
        start(extended_access=True)


def test_the_advanced_citadel_vets_hearts_sells_any_discard_and_launches_club_flights() -> None:
    table, rng = start(3, hearts_access=True, diamonds_trades=True, clubs_flights=True, advanced_citadel=True)
    pub = table.public
    pub.discards = ["8H", "3S"]
    # Hearts: a rabbit coming home is asked about like at a palace.
    journey_from(table, 0, "M1a")
    pub.rabbits[1] = pub.rabbits[2] = "KS"
    hold(table, 0, "9D", "5C")
    act(table, rng, 0, Go(to=CITADEL))
    assert pub.phase == "access" and pub.challenge is not None and pub.challenge.asking == [1, 2]
    act(table, rng, 1, Pass())
    act(table, rng, 2, Pass())
    # Diamonds: any discard is for sale.
    assert RULES.legal_moves(table, 0) == [Buy(card="3S"), Buy(card="8H"), Rest()]
    # Clubs: a flight leaves the Citadel for a club shown, its shortfall paid in any suit.
    take_off(table, 0, CITADEL)
    assert {m.card for m in RULES.legal_moves(table, 0) if isinstance(m, Fly)} == {"5C"}
    act(table, rng, 0, Fly(card="5C", to="KD"))
    pub.dice = [5, 3]
    act(table, rng, 0, Skip())
    assert pub.pending is not None and pub.pending.suits == "CDHS" and pub.pending.price == 3
    with pytest.raises(BadOptions, match="advanced citadel"):
        start(advanced_citadel=True)


# -- building the board ----------------------------------------------------------------------------------------------


def build(table: JTable, rng: Rng, seed: int) -> None:
    pick = random.Random(seed)
    while table.public.phase == "build":
        seat = RULES.to_act(table)[0]
        act(table, rng, seat, pick.choice(RULES.legal_moves(table, seat)))


@pytest.mark.parametrize("mode", ["strict", "free"])
def test_players_build_a_board_that_follows_the_suggestions_then_the_cards_are_dealt(mode: str) -> None:
    for seed in range(25):
        seats = 2 + seed % 3
        table, rng = RULES.setup(RULES.parse_options({"board": mode}), seats, seed)
        assert table.public.phase == "build" and table.public.hand_sizes == [0] * seats
        build(table, rng, seed)
        check_suggestions(table.public.board, connected=False)
        assert table.public.board.layout == "built" and table.public.phase == "lottery"
        assert table.public.hand_sizes == [3] * seats and len(table.public.court) == 14


def test_strict_building_deals_face_down_tiles_by_shape_and_flips_each_as_it_is_laid() -> None:
    table, rng = start(3, board="strict")
    pub = table.public
    assert pub.building is not None and pub.building.faces == [[], [], []]
    assert pub.building.left == [{"hex": 4, "rhombus": 4, "triangle": 4}] * 3
    assert all(len(t["hex"]) == 4 for t in table.secret.tiles)
    assert set(RULES.view(table, 0)) == {"public", "private"} and "tiles" not in RULES.view(table, 0)["public"]
    top = table.secret.tiles[0]["hex"][0]
    assert RULES.legal_moves(table, 0)[0] == PlaceHex(q=1, r=0)
    event = act(table, rng, 0, PlaceHex(q=1, r=0))
    assert event["tile"] == top and pub.building.spots[top] == [1, 0] and pub.turn == 1


def test_a_rhombus_built_by_the_players_lays_its_second_road_close_to_its_first() -> None:
    """ "two roads not far apart": once the first road of a rhombus is down, only the sites close to it are offered
    for the second (a road off the board, from a hex of the first road)."""
    table, _ = start(2, board="free")
    b = table.public.building
    assert b is not None
    b.spots = {CITADEL: [0, 0], "KH": [1, 0], "QH": [-1, 0], "QS": [0, 2], "KS": [1, 2], "JS": [1, -1]}
    b.half = ["M9", "mountain", CITADEL, "KH"]
    offered = {(m.a, m.b) for m in RULES.legal_moves(table, table.public.turn) if isinstance(m, PlaceRoad)}
    assert (CITADEL, "QH") in offered and (CITADEL, "JS") in offered and ("KH", OFF) in offered
    assert (CITADEL, "KH") not in offered  # the same road twice
    assert ("QS", "KS") not in offered and ("QS", OFF) not in offered  # far from it


def test_free_building_places_face_up_tiles_and_a_rhombus_takes_two_decisions() -> None:
    table, rng = start(2, board="free")
    pub = table.public
    b = pub.building
    assert b is not None and len(b.faces[0]) == len(b.faces[1]) == 18
    assert sorted(b.faces[0] + b.faces[1]).count("fork") == 4 and not {*b.faces[0]} & {*b.faces[1]} & HOUSES
    house = next(t for t in b.faces[0] if t[0] in "KQJ")
    act(table, rng, 0, PlaceHex(tile=house, q=1, r=0))
    terrain = next(t for t in b.faces[1] if t in ("mountain", "river", "woods"))
    act(table, rng, 1, PlaceRoad(tile=terrain, a=CITADEL, b=house))
    assert pub.turn == 1 and b.half is not None  # the same seat lays the second road
    assert all(isinstance(m, PlaceRoad) and m.tile is None for m in RULES.legal_moves(table, 1))
    act(table, rng, 1, PlaceRoad(a=house, b=OFF))
    tile = pub.board.tiles[-1]
    assert tile.kind == terrain and tile.roads == (tile.id + "a", tile.id + "b") and pub.turn == 0
    assert {(link.a, link.b) for link in pub.board.links} == {
        (CITADEL, tile.id + "a"),
        (tile.id + "a", house),
        (house, tile.id + "b"),
        (tile.id + "b", OFF),
    }


def test_extended_trades_offer_a_diamond_for_a_named_card_seen_only_by_the_two_seats() -> None:
    table, rng = start(3, diamonds_trades=True, extended_trades=True)
    pub = table.public
    meet(table, "KS", 0, 1)
    hold(table, 0, "4D", "2C")
    hold(table, 1, "9H", "3S")
    assert RULES.legal_moves(table, 0) == [Propose(target=1, give="4D"), Rest()]
    _, event = RULES.act(table, rng, 0, {"type": "propose", "target": 1, "give": "4D"})
    assert event.public == {"type": "propose", "seat": 0, "target": 1} and event.private == {0: {"give": "4D"}}
    assert Ask(card="9H") in RULES.legal_moves(table, 0) and Ask(card="2C") not in RULES.legal_moves(table, 0)
    _, event = RULES.act(table, rng, 0, {"type": "ask", "card": "9H"})
    assert set(event.private) == {0, 1} and "give" not in event.public
    assert RULES.to_act(table) == [1] and RULES.legal_moves(table, 1) == [Accept(), Decline()]
    assert RULES.view(table, 2)["private"]["deal"] is None and RULES.view(table, 1)["private"]["deal"]["ask"] == "9H"
    act(table, rng, 1, Accept())
    assert sorted(table.private[0].hand) == ["2C", "9H"] and sorted(table.private[1].hand) == ["3S", "4D"]
    assert pub.phase == "acquire" and RULES.legal_moves(table, 0) == [Rest()]  # one deal a turn


def test_a_deal_for_a_card_not_held_can_only_be_declined() -> None:
    table, rng = start(2, diamonds_trades=True, extended_trades=True)
    meet(table, "KS", 0, 1)
    hold(table, 0, "4D")
    hold(table, 1, "3S")
    act(table, rng, 0, Propose(target=1, give="4D"))
    act(table, rng, 0, Ask(card="9H"))
    assert RULES.legal_moves(table, 1) == [Decline()]
    event = act(table, rng, 1, Decline())
    assert event["struck"] is False and table.private[0].hand == ["4D"] and table.private[1].deal is None
    with pytest.raises(BadOptions, match="diamonds trades"):
        start(extended_trades=True)


def playout_with(options: dict[str, Any], seats: int, seed: int) -> list[tuple[JTable, Any]]:
    """A random match with ``options``: each table (a copy) with the move played from it."""
    table, rng = RULES.setup(RULES.parse_options(options), seats, seed)
    pick = random.Random(seed)
    steps = []
    while RULES.outcome(table) is None:
        seat = RULES.to_act(table)[0]
        move = RULES.dump_move(pick.choice(RULES.legal_moves(table, seat)))
        steps.append((copy_table(table), move))
        RULES.act(table, rng, seat, move)
    return steps


@pytest.mark.parametrize("board", ["random", "strict"])
def test_with_every_option_a_seat_receives_nothing_that_depends_on_what_it_may_not_see(board: str) -> None:
    """The generic non-interference test, played with every suit power and addition (and the players building)."""
    options = {**EVERY_ADDITION, "board": board, "objective": "monarchic", "turn_limit": 8}
    steps = playout_with(options, 3, seed=7)
    donors = [t for t, _ in playout_with(options, 3, seed=8) if t.public.phase == "lottery"]
    probes = [move for _, move in steps[:: max(1, len(steps) // 25)]]
    pick = random.Random(0)
    for table, _ in steps[:: max(1, len(steps) // 60)]:
        for seat in range(3):
            donor = pick.choice(donors)
            assert _received(RULES, table, seat, probes) == _received(
                RULES, _perturbed(table, donor, seat), seat, probes
            )


def test_every_move_has_a_rule_that_plays_it_and_every_phase_its_legal_moves() -> None:
    """The dispatch tables of ``server/games/jackrabbits/game.py`` cover the schema: a move missing from them would be
    accepted on the wire and then fail as it is played."""
    from typing import get_args

    from server.games.jackrabbits import AnyMove
    from server.games.jackrabbits.game import ACTS, DECISIONS, LEGAL
    from server.games.jackrabbits.state import Phase

    assert set(get_args(AnyMove)) == set(ACTS) | set(DECISIONS)
    assert set(get_args(Phase)) == set(LEGAL) | {"arrived", "over"}
