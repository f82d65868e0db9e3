"""Stored tables: every table of every game survives the round trip through its stored form,
and a table stored as MessagePack (before tables were stored as JSON) still decodes."""

from __future__ import annotations

import msgpack
import pytest

from server.engine import Rules
from server.games import GAMES
from server.store.codec import encode_table, parse_table
from tests.support.playout import playout


@pytest.mark.parametrize("rules", GAMES, ids=lambda r: r.name)
def test_every_table_of_a_playout_round_trips(rules: Rules) -> None:
    for step in playout(rules, rules.game.min_seats, seed=5):
        stored = encode_table(step.after)
        assert parse_table(rules, stored) == step.after
        old_format = msgpack.packb(step.after.model_dump(mode="python"), use_bin_type=True)
        assert parse_table(rules, old_format) == step.after
