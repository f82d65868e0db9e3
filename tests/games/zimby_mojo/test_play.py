"""Zimby Mojo played whole: random legal moves end every match, and a match is its seed plus its moves.

The rulebook sets no end but the Crown delivered to a tribal board (and, in solitaire, the library running out or
a thug crowned), so random players that never get there end at the round limit: a short one here keeps the runs
small. Every seat count from solitaire to eight is played.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from server.engine import Rules
from server.games.zimby_mojo import ZimbyMojo
from server.games.zimby_mojo.game import ZTable
from server.games.zimby_mojo.scrolls import LIBRARY, SCROLLS, SOLITAIRE_LIBRARY
from server.games.zimby_mojo.state import Cast, home_tile

from .bot import play_match

RULES = Rules(ZimbyMojo())
MOVE_LIMIT = 20_000


def random_match(seats: int, seed: int, options: dict[str, Any]) -> tuple[list[tuple[int, Any]], list[Any], Any]:
    """Random legal moves from ``seed`` until the match ends: the moves, every event, the final table."""
    table, rng = RULES.setup(RULES.parse_options(options), seats, seed)
    pick = random.Random(seed)
    moves: list[tuple[int, Any]] = []
    events: list[Any] = []
    while RULES.outcome(table) is None:
        assert len(moves) < MOVE_LIMIT, "the match did not end"
        actors = RULES.to_act(table)
        assert actors, "nobody may act but the match is not over"
        seat = pick.choice(actors)
        legal = RULES.legal_moves(table, seat)
        assert legal, f"seat {seat} may act but has no legal move"
        move = RULES.dump_move(pick.choice(legal))
        _, event = RULES.act(table, rng, seat, move)
        moves.append((seat, move))
        events.append((event.public, event.private, [(e.public, e.private) for e in event.then]))
        assert_every_card_is_somewhere(table)
    return moves, events, table


def assert_every_card_is_somewhere(table: ZTable) -> None:
    """Every scroll card is in the library, a hand, the discards, on the stack or in play as an incantation."""
    pub = table.public
    on_stack = [e.card for e in pub.stack.entries if isinstance(e, Cast)]
    cards = [
        *table.secret.library,
        *(card for private in table.private for card in private.hand),
        *(card for private in table.private for card in private.winnowing),
        *pub.discards,
        *on_stack,
        *(i.card for i in pub.incantations),
    ]
    assert len(cards) == (SOLITAIRE_LIBRARY if pub.solitaire else len(LIBRARY))
    assert all(card in SCROLLS for card in cards)
    if not pub.solitaire:
        assert sorted(cards) == sorted(LIBRARY)
    assert pub.library_size == len(table.secret.library)
    assert pub.hand_sizes == [len(p.hand) for p in table.private]


@pytest.mark.parametrize("seats", [1, 2, 4, 8])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_matches_play_to_the_end(seats: int, seed: int) -> None:
    moves, _, table = random_match(seats, seed, {"round_limit": 12})
    outcome = RULES.outcome(table)
    assert outcome is not None and moves
    assert outcome.reason in RULES.reasons
    pub = table.public
    for tribe in pub.tribes:
        on_board = sum(c.zimbies.get(tribe.seat, 0) for c in pub.columns)
        # Every zimby token is somewhere: the tribal board, the main board or the Far Shore.
        assert tribe.zimbies + on_board + tribe.far_shore == 16
        assert tribe.zimbies <= 8
    for column in pub.columns:
        assert 1 <= len(column.zimbies) <= 3 and all(1 <= n <= 3 for n in column.zimbies.values())
    if seats == 1:
        assert outcome.scores is not None


def test_a_match_replays_bit_for_bit_from_its_seed_and_moves() -> None:
    moves, events, table = random_match(4, 11, {"round_limit": 6})
    again, rng = RULES.setup(RULES.parse_options({"round_limit": 6}), 4, 11)
    replayed = []
    for seat, move in moves:
        _, event = RULES.act(again, rng, seat, move)
        replayed.append((event.public, event.private, [(e.public, e.private) for e in event.then]))
    assert replayed == events
    assert again.model_dump(mode="json") == table.model_dump(mode="json")


def test_the_default_length_ends_undecided_at_round_sixty() -> None:
    _, _, table = random_match(2, 3, {})
    outcome = RULES.outcome(table)
    assert outcome is not None
    if outcome.reason == "round_limit":
        assert table.public.round == 60 and outcome.winners == [0, 1]


def test_bots_that_follow_the_rulebooks_plan_win_by_delivering_the_crown() -> None:
    """ "How do you win?": open a ward together, kill the King, take the Crown home. Plain bots get there."""
    won = []
    for seats in (4, 8):
        for seed in range(1, 9):
            _, table = play_match(RULES, seats, seed, {"round_limit": 25})
            outcome = RULES.outcome(table)
            assert outcome is not None
            if outcome.reason == "crown_delivered":
                pub = table.public
                (winner,) = outcome.winners
                assert not pub.king.alive and pub.crown is not None and pub.crown.tile == home_tile(winner)
                assert any(s.activated for s in pub.shrines) and any(w.open for w in pub.wards)
                won.append((seats, seed))
    assert {seats for seats, _ in won} == {4, 8}


def test_a_match_stored_and_loaded_between_every_move_plays_the_same() -> None:
    """The server keeps a table as JSON between moves: every part reads back as it was written."""
    moves, _, table = random_match(3, 5, {"round_limit": 5})
    stored, rng = RULES.setup(RULES.parse_options({"round_limit": 5}), 3, 5)
    for seat, move in moves:
        stored = RULES.table_type.model_validate_json(stored.model_dump_json())
        RULES.act(stored, rng, seat, move)
    assert stored.model_dump(mode="json") == table.model_dump(mode="json")
