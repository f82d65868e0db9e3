"""The AI's search plays honestly and reproducibly (issue 46).

- **Non-interference**: a bot's choice is a function of what its seat may see. Two tables that
  agree on the public part and on the bot's private part, but differ in everything hidden from it
  (other hands, the deck order, sealed choices), get the same move from the same seed.
- **Reproducible**: the same knowledge, level and seed give the same move, on any machine.
- The search only ever picks a legal move.
"""

from __future__ import annotations

import random

import pytest

from server import games
from server.ai.choose import choose
from server.ai.ismcts import Budget, Search, decide
from server.engine.play import AnyTable, Rules
from server.engine.rng import Rng

#: A small budget: the properties hold at any budget, and the tests stay quick.
BUDGET = Budget(iterations=12, depth=6)


def seats_of(rules: Rules) -> int:
    return min(max(2, rules.game.min_seats), rules.game.max_seats)


def playable(rules: Rules) -> bool:
    """Games whose determinization is written (the other helper's branch adds the rest)."""
    try:
        table, _ = rules.setup(rules.parse_options({}), seats_of(rules), 1)
        seat = rules.to_act(table)[0]
        rules.determinize(rules.knowledge(table, seat), Rng(1))
    except NotImplementedError:
        return False
    return True


GAMES = [pytest.param(r, id=r.name) for r in games.GAMES]


def advanced(rules: Rules, seed: int, moves: int) -> tuple[AnyTable, int]:
    """A table ``moves`` random moves into a match from ``seed``, and the seat to act there."""
    table, rng = rules.setup(rules.parse_options({}), seats_of(rules), seed)
    pick = random.Random(seed)
    for _ in range(moves):
        if rules.outcome(table) is not None:
            break
        seat = rules.to_act(table)[0]
        rules.act(table, rng, seat, rules.dump_move(pick.choice(rules.legal_moves(table, seat))))
    return table, rules.to_act(table)[0]


def other_world(rules: Rules, table: AnyTable, seat: int, seed: int) -> AnyTable:
    """``table`` with every part hidden from ``seat`` replaced by another sample of what it may be: the first
    of a few samples that differs from ``table`` (where the seat knows all, as in Gyre, none does)."""
    real = table.model_dump()
    for attempt in range(20):
        other = rules.determinize(rules.knowledge(table, seat), Rng(seed + attempt))
        if other.model_dump() != real:
            return other
    return other


@pytest.mark.parametrize("rules", GAMES)
def test_a_choice_does_not_change_with_what_the_seat_cannot_see(rules: Rules) -> None:
    if not playable(rules):
        pytest.skip(f"{rules.name}: no determinization yet")
    for seed in (3, 4):
        table, seat = advanced(rules, seed, 6)
        if rules.outcome(table) is not None:
            continue
        other = other_world(rules, table, seat, seed + 100)
        assert rules.view(other, seat) == rules.view(table, seat)  # the same from the seat's chair
        mine = decide(rules, rules.knowledge(table, seat), BUDGET, seed=seed)
        theirs = decide(rules, rules.knowledge(other, seat), BUDGET, seed=seed)
        assert rules.dump_move(mine) == rules.dump_move(theirs)


@pytest.mark.parametrize("rules", GAMES)
def test_the_same_seed_makes_the_same_decision(rules: Rules) -> None:
    if not playable(rules):
        pytest.skip(f"{rules.name}: no determinization yet")
    table, seat = advanced(rules, 7, 4)
    knowledge = rules.knowledge(table, seat)
    first = choose(rules.name, knowledge, 2, seed=42)
    again = choose(rules.name, rules.knowledge(table, seat), 2, seed=42)
    assert rules.dump_move(first) == rules.dump_move(again)
    assert first in rules.legal_moves(table, seat)


def test_a_random_level_plays_a_legal_move_from_the_seats_knowledge_alone() -> None:
    rules = games.get("brillig")
    table, seat = advanced(rules, 5, 3)
    move = choose("brillig", rules.knowledge(table, seat), 1, seed=9)
    assert move in rules.legal_moves(table, seat)


def test_a_search_out_of_time_stops_within_the_playout_under_way() -> None:
    """The wall cap binds between iterations and inside a playout: a slow last iteration (Gimble's scoring, late
    in a match) cannot carry a decision far past it. The clock is injected: each reading is one tick later."""
    rules = games.get("gimble")
    table, seat = advanced(rules, 5, 30)
    ticks = iter(range(1_000_000))
    search = Search(rules, rules.knowledge(table, seat), Budget(iterations=500, depth=400), seed=1,
                    deadline=3.0, clock=lambda: float(next(ticks)))  # fmt: skip
    move = search.run()
    assert move in rules.legal_moves(table, seat)
    assert search.iterations == 1  # the first iteration's playout read the clock past the deadline and stopped
    assert next(ticks) <= 6  # a few readings, not one per move of a playout to the end
