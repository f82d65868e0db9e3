"""A match store that remembers what this process committed: the speed of a move, kept out of the lifecycle.

:class:`CachingMatchStore` wraps the Redis store (any :class:`~server.domain.record.MatchStore`)
and answers the lifecycle's table questions from two caches (:mod:`server.store.caches`):

- the record this process last committed for a match (:meth:`current`), so that the next
  move at that version is played without reading Redis first;
- the table that record holds, decoded: handed to the hub when the commit's notification comes
  back (:meth:`take`, no decoding for the frames) and to the match's next move as its draft
  (:meth:`draft`, no decoding and no new objects for the collector).

Every commit goes through :meth:`commit`, which is where the caches learn and forget, so the
lifecycle (:class:`~server.domain.matches.Matches`) reads as load, act, commit and never
names a cache. Neither cache is needed for correctness: the commit's compare-and-set on the
match version decides, and a stale entry costs a retry, never a wrong answer. What each
cache saves is measured in ``loadtest/README.md``.
"""

from __future__ import annotations

from typing import Any

from server.domain.record import (
    Commit,
    CommitResult,
    LobbyCursor,
    LobbyPage,
    MatchRecord,
    MatchStore,
)
from server.domain.status import MatchStatus
from server.engine import Rules

from .caches import RecordCache, TableCache
from .codec import AnyTable


class CachingMatchStore:
    """``inner`` with a record cache and a table cache (``records``/``tables``: a size of 0 turns one off)."""

    def __init__(self, inner: MatchStore, tables: TableCache | None = None,
                 records: RecordCache[MatchRecord] | None = None) -> None:  # fmt: skip
        self.inner = inner
        self.tables = TableCache() if tables is None else tables
        self.records: RecordCache[MatchRecord] = RecordCache() if records is None else records

    # -- what the caches answer ----------------------------------------------------------

    def current(self, match_id: str, version: int) -> MatchRecord | None:
        return self.records.current(match_id, version)

    def table(self, rules: Rules, record: MatchRecord) -> AnyTable:
        return self.tables.decode(rules, record.table)

    def take(self, rules: Rules, data: bytes) -> AnyTable:
        """The table stored as ``data``, for its last reader (the hub, with the commit's notification)."""
        return self.tables.take(rules, data)

    def draft(self, rules: Rules, record: MatchRecord) -> AnyTable:
        return self.tables.draft(rules, record.table, record.id)

    def encode(self, table: AnyTable) -> bytes:
        return self.tables.write(table)

    # -- where they learn and forget -------------------------------------------------------

    async def commit(self, commit: Commit) -> CommitResult:
        """Commit; then keep the new record and its table for the match's next move, or forget the match."""
        match_id, new = commit.record.id, commit.record
        # Until the answer, the kept record is no longer this process's latest: a second move at
        # its version reads the store (and loses the race there).
        self.records.forget(match_id)
        if commit.table is not None:
            self.tables.wait(new.table, commit.table)  # the notification may come back before the answer
        result = await self.inner.commit(commit)
        if not result.applied:
            return result
        if new.status is MatchStatus.ACTIVE and self.records.keep(match_id, new) and commit.table is not None:
            self.tables.keep_draft(match_id, new.table, commit.table)
            return result
        self.tables.forget_draft(match_id)
        if new.status.ended:
            self.records.end(match_id, result.version)
        return result

    # -- the rest is the inner store's ---------------------------------------------------

    async def create(self, record: MatchRecord, ttl: int, *, scheduled: bool) -> None:
        await self.inner.create(record, ttl, scheduled=scheduled)

    async def load(self, match_id: str, move_key: str = "") -> tuple[MatchRecord, int | None]:
        return await self.inner.load(match_id, move_key)

    async def seat_hashes(self, match_id: str) -> list[str | None] | None:
        return await self.inner.seat_hashes(match_id)

    async def log(self, match_id: str, since: int = 0, until: int | None = None) -> list[dict[str, Any]]:
        return await self.inner.log(match_id, since, until)

    async def page(self, game: str | None, status: MatchStatus | None, limit: int,
                   after: LobbyCursor | None = None) -> LobbyPage:  # fmt: skip
        return await self.inner.page(game, status, limit, after)

    async def say(self, match_id: str, seat: int, message: dict[str, Any], per_minute: int) -> int:
        return await self.inner.say(match_id, seat, message, per_minute)

    async def chat(self, match_id: str, limit: int = 50) -> list[dict[str, Any]]:
        return await self.inner.chat(match_id, limit)

    async def ping(self) -> bool:
        return await self.inner.ping()

    async def account_matches(self, account_id: str, limit: int) -> list[tuple[str, bytes | None]]:
        return await self.inner.account_matches(account_id, limit)
