"""The published schema of a match's options says exactly what the server takes (issue 43, finding 5).

For every game and seat count, options drawn from each option's values (and a few beyond them)
are valid by :meth:`Rules.options_schema` if and only if the game takes them: its options model
parses them and its ``check_options`` lets them through. A generated client that keeps to the
document then sends no options the server refuses, and the document refuses none it would take.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from jsonschema_rs import Draft202012Validator

from server import games
from server.engine.play import Rules
from server.errors import BadOptions

_ABSENT = object()


def _values(schema: dict[str, Any]) -> tuple[list[Any], list[Any]]:
    """Values to try for one option: those its schema names or bounds (and seats past any match's), and
    values of the wrong type."""
    good: list[Any] = [_ABSENT]
    for branch in schema.get("anyOf", [schema]):
        if branch.get("type") == "null":
            good.append(None)
        if branch.get("type") == "boolean":
            good += [True, False]
        if "enum" in branch:
            good += list(branch["enum"])
        if branch.get("type") == "integer":
            low, high = branch.get("minimum", -1), branch.get("maximum", 9)
            good += sorted({low - 1, low, high, high + 1, *range(-1, 9)})
    return good, [None, "x", "1", 1.5, True, [], {}]


def _samples(rules: Rules, n: int, rng: random.Random) -> list[dict[str, Any]]:
    properties = rules.game.options_type.model_json_schema()["properties"]
    pools = {name: _values(schema) for name, schema in properties.items()}
    out = []
    for _ in range(n):
        picked = {name: rng.choice(bad if rng.random() < 0.02 else good) for name, (good, bad) in pools.items()}
        options = {name: value for name, value in picked.items() if value is not _ABSENT}
        if rng.random() < 0.02:
            options["unknown"] = True
        out.append(options)
    return out


#: Known gaps, listed: options a game refuses that its schema admits. A listed gap that no sample shows fails.
KNOWN_GAPS: dict[str, Callable[[dict[str, Any]], bool]] = {}


def _taken(rules: Rules, options: dict[str, Any], seats: int) -> bool:
    try:
        rules.game.check_options(rules.parse_options(options), seats)
    except BadOptions:
        return False
    return True


@pytest.mark.parametrize("rules", games.GAMES, ids=lambda r: r.name)
def test_a_matchs_options_are_valid_by_the_schema_exactly_when_the_game_takes_them(rules: Rules) -> None:
    rng = random.Random(f"options:{rules.name}")
    for seats in range(rules.game.min_seats, rules.game.max_seats + 1):
        validator = Draft202012Validator(rules.options_schema(seats))
        taken = refused = gaps = 0
        gap = KNOWN_GAPS.get(rules.name)
        for options in [{}, *_samples(rules, 3000, rng)]:
            valid, took = validator.is_valid(options), _taken(rules, options, seats)
            if gap is not None and valid and not took and gap(options):
                gaps += 1
                continue
            assert valid == took, (seats, options, valid)
            taken += valid
            refused += not valid
        assert taken and refused  # the samples reach both sides
        assert (gap is not None) == (gaps > 0), "a listed gap no sample shows: take it off the list"
