"""The server's AI levels as strategies of the Python SDK (``--strategy vorpal.ai:level3``).

A bot author who installs the server package loads a level by name; it decides from the
decision's view alone (the seat's knowledge) and answers one of the legal moves.
"""

from __future__ import annotations

import random

import pytest
from vorpal_client.strategy import Decision, load_strategy

from server import games
from server.ai.strategy import Memory
from server.engine.play import Rules
from server.engine.rng import Rng


def seats_of(rules: Rules) -> int:
    return min(max(2, rules.game.min_seats), rules.game.max_seats)


def sampled(rules: Rules) -> bool:
    table, _ = rules.setup(rules.parse_options({}), seats_of(rules), 1)
    try:
        rules.determinize(rules.knowledge(table, rules.to_act(table)[0]), Rng(1))
    except NotImplementedError:
        return False
    return True


@pytest.mark.parametrize("rules", [pytest.param(r, id=r.name) for r in games.GAMES])
def test_a_level_loaded_by_name_plays_a_legal_move_from_the_view(rules: Rules) -> None:
    if not sampled(rules):
        pytest.skip(f"{rules.name}: no determinization yet")
    seats = seats_of(rules)
    table, rng = rules.setup(rules.parse_options({}), seats, 11)
    pick = random.Random(11)
    for _ in range(5):
        seat = rules.to_act(table)[0]
        rules.act(table, rng, seat, rules.dump_move(pick.choice(rules.legal_moves(table, seat))))
        if rules.outcome(table) is not None:
            pytest.skip("the match ended before the decision")
    seat = rules.to_act(table)[0]
    legal = rules.dump_moves(rules.legal_moves(table, seat))
    decision = Decision(match="m", game=rules.name, seat=seat, version=5, view=rules.view(table, seat), legal=legal,
                        events=[], clock=None, seats=seats)  # fmt: skip
    strategy = load_strategy("vorpal.ai:level2")  # the name bot authors type (server.ai.strategy:level2 too)
    assert strategy(decision) in legal


def _decision(game: str, version: int, events: list[int], match: str = "m1") -> Decision:
    return Decision(match=match, game=game, seat=0, version=version, view={}, legal=[],
                    events=[{"version": v, "event": {"public": {"n": v}}} for v in events])  # fmt: skip


def test_a_strategy_remembers_a_match_it_has_followed_from_its_first_event() -> None:
    """Jabberwocky's samples read every trick of the round (its game remembers): the strategy keeps each match's
    events while they run unbroken from the first, across decisions that each carry only the latest."""
    memory = Memory()
    assert [e["public"]["n"] for e in memory.seen(_decision("jabberwocky", 3, [1, 2, 3]))] == [1, 2, 3]
    assert [e["public"]["n"] for e in memory.seen(_decision("jabberwocky", 5, [3, 4, 5]))] == [1, 2, 3, 4, 5]


def test_a_strategy_that_missed_events_forgets_the_match_rather_than_mislead_its_samples() -> None:
    memory = Memory()
    assert memory.seen(_decision("jabberwocky", 9, [7, 8, 9])) == []  # started mid-match
    assert memory.seen(_decision("jabberwocky", 10, [10])) == []
    assert memory.seen(_decision("brillig", 2, [1, 2], match="m2")) == []  # Brillig's samples read the view alone
