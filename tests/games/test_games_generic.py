"""What every game in the catalogue must satisfy, whatever its rules.

- Random playouts from many seeds end with a result, whose reason is a code
  the game's catalogue entry lists.
- A match replays bit for bit from its seed and moves.
- Non-interference: what a seat receives (view, legal moves, errors) is the
  same whatever the data it may not see; events carry no hidden fact that the
  seat cannot also see; spectators receive public data only.
"""

from __future__ import annotations

import functools
import random
import re
from itertools import islice
from typing import Any

import pytest

from server.engine import Rng, Rules, Table, copy_table, event_for
from server.engine.game import REASON_PATTERN
from server.errors import VorpalError
from server.games import GAMES
from tests.support.playout import final, playout

CASES = [pytest.param(r, n, id=f"{r.name}-{n}") for r in GAMES for n in range(r.game.min_seats, r.game.max_seats + 1)]


@functools.cache
def _ended(rules: Rules, seats: int, seed: int) -> tuple[list[Any], Table[Any, Any, Any], Rng]:
    """:func:`final`'s match, played once for all the tests here that read it (they do not change it)."""
    return final(rules, seats, seed)


@pytest.mark.parametrize(("rules", "seats"), CASES)
def test_random_playouts_end_with_a_result(rules: Rules, seats: int) -> None:
    for seed in range(6):
        _, table, _ = _ended(rules, seats, seed)
        assert rules.outcome(table) is not None


@pytest.mark.parametrize(("rules", "seats"), CASES)
def test_every_outcome_carries_a_reason_code_the_catalogue_lists(rules: Rules, seats: int) -> None:
    listed = rules.describe()["reasons"]
    assert all(re.fullmatch(REASON_PATTERN, code) and meaning for code, meaning in listed.items())
    assert set(listed) == set(rules.describe()["schemas"]["outcome"]["properties"]["reason"]["enum"])
    for seed in range(3):
        _, table, _ = _ended(rules, seats, seed)
        outcome = rules.outcome(table)
        assert outcome is not None and outcome.reason in listed, outcome
        assert outcome.detail is None or outcome.detail
        forfeited = rules.forfeit(table, seat=seed % seats)
        assert forfeited is None or forfeited.reason in listed


@pytest.mark.parametrize(("rules", "seats"), CASES)
def test_same_seed_and_moves_replay_identically(rules: Rules, seats: int) -> None:
    moves, table, rng = _ended(rules, seats, seed=5)
    again, rng2 = rules.setup(rules.parse_options({}), seats, 5)
    for seat, move in moves:
        rules.act(again, rng2, seat, move)
    assert again.model_dump() == table.model_dump()
    assert rng2.state == rng.state
    assert rules.outcome(again) == rules.outcome(table)


def _strings(value: Any) -> set[str]:
    """Every string value in ``value`` (dict keys aside), found in one walk."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


def _hidden_from(table: Table[Any, Any, Any], seat: int | None) -> set[str]:
    others = [p.model_dump(mode="json") for s, p in enumerate(table.private) if s != seat]
    return _strings(others) | _strings(table.secret.model_dump(mode="json"))


def _visible_to(rules: Rules, table: Table[Any, Any, Any], seat: int | None) -> set[str]:
    return _strings(rules.view(table, seat))


def _visible_to_each(rules: Rules, table: Table[Any, Any, Any]) -> dict[int | None, set[str]]:
    """:func:`_visible_to` for each recipient (``None``: a spectator), the shared public view's strings found once."""
    public = rules.public_view(table)
    constants = table.public.constant_fields  # the same in every view (the spectators' test checks it)
    shared = _strings({k: v for k, v in public.items() if k not in constants}) | _constant_strings(rules, public)
    out: dict[int | None, set[str]] = {}
    for seat in [None, *range(len(table.private))]:
        view = rules.compose_view(public, table, seat)
        assert view["public"] is public and set(view) <= {"public", "private"}
        out[seat] = shared | _strings(view.get("private"))
    return out


_CONSTANT_STRINGS: dict[str, frozenset[str]] = {}


def _constant_strings(rules: Rules, public: dict[str, Any]) -> frozenset[str]:
    """The strings of a public view's constant fields, found once per game."""
    if rules.name not in _CONSTANT_STRINGS:
        _CONSTANT_STRINGS[rules.name] = frozenset(_strings([public[k] for k in rules.game.public_type.constant_fields]))
    return _CONSTANT_STRINGS[rules.name]


def _hidden_from_each(table: Table[Any, Any, Any]) -> dict[int | None, set[str]]:
    """:func:`_hidden_from` for each recipient, each part's strings found once."""
    privates = [_strings(p.model_dump(mode="json")) for p in table.private]
    secret = _strings(table.secret.model_dump(mode="json"))
    out: dict[int | None, set[str]] = {}
    for seat in [None, *range(len(table.private))]:
        out[seat] = secret.union(*(strings for s, strings in enumerate(privates) if s != seat))
    return out


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
    errors: list[dict[str, Any] | None] = []
    draft = copy_table(table)
    for probe in probes:
        try:
            rules.parse_move(probe)
            if seat in rules.to_act(draft):
                rules.game.check(draft.public, draft.private[seat], seat, rules.parse_move(probe))
            errors.append(None)
        except VorpalError as exc:
            errors.append(exc.to_dict())
    assert draft == table, "check changed the table (it only reads)"
    legal = [rules.dump_move(m) for m in rules.legal_moves(table, seat)]
    return rules.view(table, seat), rules.to_act(table), legal, errors


def _tables_after(rules: Rules, seats: int, seed: int, wanted: set[int]) -> dict[int, Table[Any, Any, Any]]:
    """Copies of the table after the ``wanted`` steps of a random playout (only those are copied)."""
    return {i: copy_table(step.after) for i, step in enumerate(playout(rules, seats, seed)) if i in wanted}


@pytest.mark.parametrize(("rules", "seats"), CASES)
def test_a_seat_receives_nothing_that_depends_on_what_it_may_not_see(rules: Rules, seats: int) -> None:
    moves = [move for _, move in _ended(rules, seats, seed=4)[0]]
    # Moves others could make at some point: probes whose errors must not vary.
    probes = moves[:: max(1, len(moves) // 25)]
    checked = range(0, len(moves), max(1, len(moves) // 40))
    tables = _tables_after(rules, seats, 4, set(checked))
    pick = random.Random(0)
    donations = len(_ended(rules, seats, seed=5)[0])
    picks = [[pick.randrange(donations) for _ in range(seats)] for _ in checked]
    donors = _tables_after(rules, seats, 5, {i for seat_picks in picks for i in seat_picks})
    for i, seat_picks in zip(checked, picks, strict=True):
        for seat, donor in enumerate(seat_picks):
            assert _received(rules, tables[i], seat, probes) == _received(
                rules, _perturbed(tables[i], donors[donor], seat), seat, probes
            )


@pytest.mark.parametrize(("rules", "seats"), CASES)
def test_events_reveal_no_hidden_fact(rules: Rules, seats: int) -> None:
    table, _ = rules.setup(rules.parse_options({}), seats, 11)
    before = _visible_to_each(rules, table), _hidden_from_each(table)
    for step in playout(rules, seats, seed=11):
        # Each step's table before is the last step's after (the setup's, first): its strings are known.
        after = _visible_to_each(rules, step.after), _hidden_from_each(step.after)
        for seat in [None, *range(seats)]:
            received = _strings(event_for(step.event, seat))
            hidden = before[1][seat] | after[1][seat]
            visible = [before[0][seat], after[0][seat], _strings(step.move) if seat == step.seat else set()]
            leaked = {s for s in received & hidden if not any(s in strings for strings in visible)}
            assert not leaked, f"event {step.event} shows {leaked} to seat {seat}"
        before = after


@pytest.mark.parametrize(("rules", "seats"), CASES)
def test_spectators_see_the_public_part_only(rules: Rules, seats: int) -> None:
    for step in playout(rules, seats, seed=3):
        view = rules.view(step.after, None)
        assert set(view) == {"public"}
        assert "private" not in event_for(step.event, None)
        # A constant field of the public part (a board) is served from one serialisation: the same JSON.
        assert view["public"] == step.after.public.model_dump(mode="json")


def _objects(schema: Any) -> list[dict[str, Any]]:
    """Every object schema (one with ``properties``) in a JSON schema, its ``$defs`` included."""
    found: list[dict[str, Any]] = []
    stack = [schema]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if "properties" in item:
                found.append(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


@pytest.mark.parametrize("rules", [pytest.param(r, id=r.name) for r in GAMES])
def test_every_move_model_refuses_a_field_it_does_not_name(rules: Rules) -> None:
    objects = _objects(rules.describe()["schemas"]["move"])
    assert objects and all(o.get("additionalProperties") is False for o in objects), rules.name


@pytest.mark.parametrize(("rules", "seats"), CASES)
def test_a_move_with_an_unknown_field_is_a_bad_move_that_changes_nothing(rules: Rules, seats: int) -> None:
    # Issue 44: Borogoves played {"type": "migrate", ..., "count": 2} as a migrate of three, ignoring "count".
    for step in islice(playout(rules, seats, seed=2, keep=True), 30):  # not the whole match: 30 moves
        table, rng = copy_table(step.before), Rng(0)
        before = table.model_dump()
        with pytest.raises(VorpalError) as refused:
            rules.act(table, rng, step.seat, {**step.move, "surplus": 2})
        assert refused.value.code == "bad_move" and "surplus" in str(refused.value), refused.value
        assert table.model_dump() == before
