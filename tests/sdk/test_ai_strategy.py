"""The server's AI levels as strategies of the Python SDK (``--strategy server.ai.strategy:level3``).

A bot author who installs the server package loads a level by name; it decides from the
decision's view alone (the seat's knowledge) and answers one of the legal moves.
"""

from __future__ import annotations

import random

import pytest
from vorpal_client.strategy import Decision, load_strategy

from server import games
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
    strategy = load_strategy("server.ai.strategy:level2")
    assert strategy(decision) in legal
