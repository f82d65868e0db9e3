"""The tables a move writes wait for the hub's notification, and not for ever."""

from __future__ import annotations

from typing import Any

from server.games import get
from server.store.caches import TableCache
from server.store.codec import encode_table

RULES = get("brillig")


def tables(n: int) -> list[Any]:
    return [RULES.setup(RULES.parse_options({}), 2, seed=seed)[0] for seed in range(n)]


def test_the_hub_takes_the_table_the_move_wrote() -> None:
    cache = TableCache()
    [table] = tables(1)
    data = cache.encode(table)
    assert cache.decode(RULES, data) is table  # a reader before the hub shares it
    assert cache.take(RULES, data) is table
    assert len(cache) == 0
    assert cache.take(RULES, data) is not table  # taken: decoded afresh


def test_a_table_nobody_takes_waits_at_most_wait_s() -> None:
    """A notification that finds no local subscriber (the players left, or play through another
    instance) leaves its table untaken: the next write drops it once ``wait_s`` has passed."""
    now = [0.0]
    cache = TableCache(wait_s=10, clock=lambda: now[0])
    untaken, taken, late = tables(3)
    cache.encode(untaken)
    now[0] = 5
    cache.take(RULES, cache.encode(taken))
    assert len(cache) == 1
    now[0] = 11
    late_data = cache.encode(late)
    assert len(cache) == 1
    assert cache.take(RULES, late_data) is late


def test_at_most_size_tables_wait() -> None:
    cache = TableCache(size=2)
    written = [cache.encode(t) for t in tables(3)]
    assert len(cache) == 2
    assert encode_table(cache.take(RULES, written[0])) == written[0]  # pushed out, decoded again
