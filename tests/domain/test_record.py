"""A match record is copied with every change, and written to its hash: both keep it as it was."""

from __future__ import annotations

import dataclasses

import pytest

from server.domain.record import MatchRecord
from server.domain.status import MatchStatus
from server.store.codec import decode_record, encode_record


def record() -> MatchRecord:
    return MatchRecord(
        id="m1", game="gimble", options={}, seats=2, status=MatchStatus.ACTIVE, version=4, created=1, updated=2,
        seed=9, names=["a", "b"], bots=[False, False], tokens=["h0", "h1"], table=b"{}", rng=[1, 2, 3, 4],
    )  # fmt: skip


def test_replace_changes_only_what_it_is_given() -> None:
    old = record()
    new = old.replace(version=5, table=b"{1}", status=MatchStatus.FINISHED)
    assert new == dataclasses.replace(old, version=5, table=b"{1}", status=MatchStatus.FINISHED)
    assert (old.version, old.table, old.status) == (4, b"{}", MatchStatus.ACTIVE)
    assert new.accounts == [None, None]


def test_replace_refuses_a_field_a_record_does_not_have() -> None:
    with pytest.raises(TypeError, match="verison"):
        record().replace(verison=5)


def test_replace_fills_the_accounts_as_a_new_record_does() -> None:
    assert record().replace(accounts=[], seats=3).accounts == [None, None, None]


def test_a_record_reads_back_as_it_was_written() -> None:
    old = record().replace(rng=[2**64 - 1, 0, 7, 2**63], outcome={"winners": [0], "scores": [3, 1]})
    raw = {name.encode(): str(value).encode() for name, value in encode_record(old).items() if name != "table"}
    assert decode_record({**raw, b"table": old.table}) == old
