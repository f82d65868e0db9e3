"""A move drafts the table its match's last move left behind, and only when nobody else reads it."""

from __future__ import annotations

from typing import Any

from server.games import get
from server.store.caches import TableCache
from server.store.codec import encode_table

RULES = get("brillig")


def first_table() -> tuple[Any, bytes]:
    table, _ = RULES.setup(RULES.parse_options({}), 2, seed=5)
    return table, encode_table(table)


def test_the_last_draft_is_drafted_again_when_nobody_else_holds_it() -> None:
    cache = TableCache()
    table, data = first_table()
    cache.keep_draft("m", data, table)
    del table
    again = cache.draft(RULES, data, "m")
    assert encode_table(again) == data
    assert not cache.holds_draft("m")  # it is this move's now


def test_the_same_object_comes_back() -> None:
    cache = TableCache()
    table, data = first_table()
    ident = id(table)
    cache.keep_draft("m", data, table)
    del table
    assert id(cache.draft(RULES, data, "m")) == ident


def test_a_draft_someone_still_reads_is_decoded_afresh() -> None:
    cache = TableCache()
    table, data = first_table()
    cache.keep_draft("m", data, table)
    reader = table  # a snapshot, the hub's notification, a bot thinking: anyone
    del table
    draft = cache.draft(RULES, data, "m")
    assert draft is not reader
    assert encode_table(draft) == data


def test_a_draft_the_shared_tables_still_hold_is_not_drafted() -> None:
    """The table waits for the hub (encode puts it there): the next move must not change it under the hub."""
    cache = TableCache()
    table, _ = first_table()
    data = cache.encode(table)
    cache.keep_draft("m", data, table)
    del table
    draft = cache.draft(RULES, data, "m")
    assert draft is not cache.take(RULES, data)


def test_a_draft_of_other_bytes_is_not_used() -> None:
    cache = TableCache()
    table, data = first_table()
    cache.keep_draft("m", data, table)
    other, _ = RULES.setup(RULES.parse_options({}), 2, seed=6)
    other_data = encode_table(other)
    assert other_data != data
    assert encode_table(cache.draft(RULES, other_data, "m")) == other_data


def test_a_draft_nobody_moves_for_idle_s_is_dropped() -> None:
    now = [0.0]
    cache = TableCache(idle_s=60, clock=lambda: now[0])
    table, data = first_table()
    cache.keep_draft("abandoned", data, table)
    now[0] = 30
    cache.keep_draft("played", data, table)
    now[0] = 61
    cache.keep_draft("new", data, table)
    assert not cache.holds_draft("abandoned")
    assert cache.holds_draft("played") and cache.holds_draft("new")


def test_no_drafts_are_kept_when_turned_off() -> None:
    cache = TableCache(drafts=0)
    table, data = first_table()
    cache.keep_draft("m", data, table)
    assert not cache.holds_draft("m")
    assert cache.draft(RULES, data, "m") is not table
