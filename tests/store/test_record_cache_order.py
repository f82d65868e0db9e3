"""Two moves of a match may be answered out of order: the record cache never keeps the older one.

A bot's move can start from the stored match before the move it follows has had its own answer
(the notification came first). The move path is run against a real Redis through a store that
holds back one commit's answer until told: the move behind it then commits and is answered first,
as it may be in a server, in the same order every time.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from server.config import Settings
from server.domain.matches import Matches
from server.domain.record import Commit, CommitResult, MatchRecord
from server.domain.status import MatchStatus
from server.engine.rng import Rng
from server.store import Store
from server.store.cached import CachingMatchStore
from server.store.codec import parse_table

pytestmark = pytest.mark.anyio


class HeldAnswer:
    """The real store, except that the answer to the next commit waits for ``release``."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.release: asyncio.Event | None = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)

    async def commit(self, c: Commit) -> CommitResult:
        release, self.release = self.release, None
        result = await self.store.commit(c)
        if release is not None:
            await release.wait()
        return result


@pytest.fixture
def store(own_store: Store) -> HeldAnswer:
    return HeldAnswer(own_store)


def kept(matches: Matches) -> CachingMatchStore:
    """The caches of ``matches``' store."""
    assert isinstance(matches.store, CachingMatchStore)
    return matches.store


def lifecycle(store: HeldAnswer) -> Matches:
    return Matches(CachingMatchStore(store), Settings())  # type: ignore[arg-type]


def next_move(matches: Matches, record: MatchRecord) -> tuple[int, Any]:
    """The seat to act and its first legal move."""
    snap = matches.snapshot(record)
    seat = snap.to_act(record.status)[0]
    return seat, snap.legal(seat)[0]


def moves_left(matches: Matches, record: MatchRecord) -> int:
    """How many moves the match has left if every seat plays its first legal move (on a copy)."""
    rules = matches.snapshot(record).rules
    table, rng, left = parse_table(rules, record.table), Rng.from_state(record.rng), 0
    while rules.outcome(table) is None:
        seat = rules.to_act(table)[0]
        rules.act(table, rng, seat, rules.dump_move(rules.legal_moves(table, seat)[0]))
        left += 1
    return left


async def started(matches: Matches) -> str:
    match = (await matches.create("brillig", {}, 2, [])).match
    for _ in range(2):
        await matches.join(match, None, None)
    return match


async def stored_at(store: HeldAnswer, match: str, version: int) -> MatchRecord:
    for _ in range(1000):  # bounded: the held commit is applied in Redis at once, only its answer waits
        record, _ = await store.store.load(match)
        if record.version == version:
            return record
        await asyncio.sleep(0.01)
    raise AssertionError(f"{match} never reached version {version}")


async def play_until(matches: Matches, match: str, left: int) -> MatchRecord:
    """Play first legal moves until ``left`` moves are left; the record then."""
    while True:
        record, _ = await matches.store.load(match)
        if moves_left(matches, record) == left:
            return record
        seat, move = next_move(matches, record)
        await matches.play(record, seat, record.version, move, "")


async def raced(store: HeldAnswer, left: int) -> tuple[Matches, MatchRecord]:
    """A match played until ``left`` moves are left, then its next move answered only after the
    move after it has been played and answered; the lifecycle, and the match as stored then."""
    matches = lifecycle(store)
    record = await play_until(matches, await started(matches), left)
    store.release = release = asyncio.Event()
    seat, move = next_move(matches, record)
    first = asyncio.create_task(matches.play(record, seat, record.version, move, ""))
    after = await stored_at(store, record.id, record.version + 1)
    seat, move = next_move(matches, after)
    assert (await matches.play(after, seat, after.version, move, ""))["version"] == after.version + 1
    release.set()
    assert (await first)["version"] == record.version + 1
    now, _ = await store.store.load(record.id)
    return matches, now


async def test_a_move_answered_after_the_last_does_not_bring_the_ended_match_back(store: HeldAnswer) -> None:
    matches, final = await raced(store, left=2)
    assert final.status is MatchStatus.FINISHED
    assert not kept(matches).records.holds(final.id)
    assert not kept(matches).tables.holds_draft(final.id)


async def test_a_move_answered_after_the_next_leaves_the_newer_record_kept(store: HeldAnswer) -> None:
    matches, now = await raced(store, left=4)
    assert now.status is MatchStatus.ACTIVE
    assert kept(matches).records.current(now.id, now.version) == now
    assert kept(matches).records.current(now.id, now.version - 1) is None
