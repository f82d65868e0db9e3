"""What every game in the catalogue must satisfy, whatever its rules.

- Random playouts from many seeds end with a result, whose reason is a code
  the game's catalogue entry lists.
- A match replays bit for bit from its seed and moves.
- Non-interference: what a seat receives (view, legal moves, errors) is the
  same whatever the data it may not see; events carry no hidden fact that the
  seat cannot also see; spectators receive public data only.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from server.engine import Rules, Table, copy_table, event_for
from server.engine.errors import VorpalError
from server.engine.game import REASON_PATTERN
from server.games import GAMES

from .playout import final, playout

CASES = [pytest.param(r, n, id=f"{r.name}-{n}") for r in GAMES for n in range(r.game.min_seats, r.game.max_seats + 1)]


@pytest.mark.parametrize(("rules", "seats"), CASES)
def test_random_playouts_end_with_a_result(rules: Rules, seats: int) -> None:
    for seed in range(6):
        for _ in playout(rules, seats, seed):
            pass


@pytest.mark.parametrize(("rules", "seats"), CASES)
def test_every_outcome_carries_a_reason_code_the_catalogue_lists(rules: Rules, seats: int) -> None:
    listed = rules.describe()["reasons"]
    assert all(re.fullmatch(REASON_PATTERN, code) and meaning for code, meaning in listed.items())
    assert set(listed) == set(rules.describe()["schemas"]["outcome"]["properties"]["reason"]["enum"])
    for seed in range(3):
        _, table, _ = final(rules, seats, seed)
        outcome = rules.outcome(table)
        assert outcome is not None and outcome.reason in listed, outcome
        assert outcome.detail is None or outcome.detail
        forfeited = rules.forfeit(table, seat=seed % seats)
        assert forfeited is None or forfeited.reason in listed


@pytest.mark.parametrize(("rules", "seats"), CASES)
def test_same_seed_and_moves_replay_identically(rules: Rules, seats: int) -> None:
    moves, table, rng = final(rules, seats, seed=1234)
    again, rng2 = rules.setup(rules.parse_options({}), seats, 1234)
    for seat, move in moves:
        rules.act(again, rng2, seat, move)
    assert again.model_dump() == table.model_dump()
    assert rng2.state == rng.state
    assert rules.outcome(again) == rules.outcome(table)


def _strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_strings(v) for v in value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(_strings(v) for v in value)) if value else set()
    return set()


def _hidden_from(table: Table[Any, Any, Any], seat: int | None) -> set[str]:
    others = [p.model_dump(mode="json") for s, p in enumerate(table.private) if s != seat]
    return _strings(others) | _strings(table.secret.model_dump(mode="json"))


def _visible_to(rules: Rules, table: Table[Any, Any, Any], seat: int | None) -> set[str]:
    return _strings(rules.view(table, seat))


def _perturbed(table: Table[Any, Any, Any], other: Table[Any, Any, Any], seat: int) -> Table[Any, Any, Any]:
    """``table`` with everything ``seat`` may not see taken from ``other``."""
    out = copy_table(table)
    donor = copy_table(other)
    out.secret = donor.secret
    for s in range(len(out.private)):
        if s != seat:
            out.private[s] = donor.private[(s + 1) % len(donor.private)]
    return out


def _received(rules: Rules, table: Table[Any, Any, Any], seat: int, probes: list[Any]) -> Any:
    """Everything ``seat`` would receive from the table: its view, its legal moves, its errors."""
    errors = []
    for probe in probes:
        draft = copy_table(table)
        try:
            rules.parse_move(probe)
            if seat in rules.to_act(draft):
                rules.game.check(draft.public, draft.private[seat], seat, rules.parse_move(probe))
            errors.append(None)
        except VorpalError as exc:
            errors.append(exc.to_dict())
    legal = [rules.dump_move(m) for m in rules.legal_moves(table, seat)]
    return rules.view(table, seat), rules.to_act(table), legal, errors


@pytest.mark.parametrize(("rules", "seats"), CASES)
def test_a_seat_receives_nothing_that_depends_on_what_it_may_not_see(rules: Rules, seats: int) -> None:
    steps = list(playout(rules, seats, seed=7, keep=True))
    donors = [s.after for s in playout(rules, seats, seed=8, keep=True)]
    # Moves others could make at some point: probes whose errors must not vary.
    probes = [s.move for s in steps[:: max(1, len(steps) // 25)]]
    pick = random.Random(0)
    for step in steps[:: max(1, len(steps) // 40)]:
        for seat in range(seats):
            donor = pick.choice(donors)
            assert _received(rules, step.after, seat, probes) == _received(
                rules, _perturbed(step.after, donor, seat), seat, probes
            )


@pytest.mark.parametrize(("rules", "seats"), CASES)
def test_events_reveal_no_hidden_fact(rules: Rules, seats: int) -> None:
    for step in playout(rules, seats, seed=11, keep=True):
        for seat in [None, *range(seats)]:
            received = _strings(event_for(step.event, seat))
            hidden = _hidden_from(step.before, seat) | _hidden_from(step.after, seat)
            visible = _visible_to(rules, step.before, seat) | _visible_to(rules, step.after, seat)
            if seat == step.seat:
                visible |= _strings(step.move)
            leaked = (received & hidden) - visible
            assert not leaked, f"event {step.event} shows {leaked} to seat {seat}"


@pytest.mark.parametrize(("rules", "seats"), CASES)
def test_spectators_see_the_public_part_only(rules: Rules, seats: int) -> None:
    for step in playout(rules, seats, seed=3, keep=True):
        view = rules.view(step.after, None)
        assert set(view) == {"public"}
        assert "private" not in event_for(step.event, None)
