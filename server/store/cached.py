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

from server.domain.record import (
    Commit,
    CommitResult,
    CommitStatus,
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
        # What a cache or the inner store answers as it is, the caller reaches directly: the caches' and the
        # inner store's own bound methods, so that a move pays no frame of this class for them.
        #: The record this process last committed for a match, if it is at the version given.
        self.current = self.records.current
        #: The table stored as ``data``, for its last reader (the hub, with the commit's notification).
        self.take = self.tables.take
        #: A table's bytes (its shared fields' JSON written once for as long as tables hold them).
        self.encode = self.tables.write
        self.create = inner.create
        self.load = inner.load
        self.seat_hashes = inner.seat_hashes
        self.log = inner.log
        self.page = inner.page
        self.say = inner.say
        self.chat = inner.chat
        self.ping = inner.ping
        self.account_matches = inner.account_matches

    # -- what the caches answer ----------------------------------------------------------

    def table(self, rules: Rules, record: MatchRecord) -> AnyTable:
        return self.tables.decode(rules, record.table)

    def draft(self, rules: Rules, record: MatchRecord) -> AnyTable:
        return self.tables.draft(rules, record.table, record.id)

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
        if result.status is not CommitStatus.APPLIED:
            return result
        if new.status is MatchStatus.ACTIVE and self.records.keep(match_id, new) and commit.table is not None:
            self.tables.keep_draft(match_id, new.table, commit.table)
            return result
        self.tables.forget_draft(match_id)
        if new.status.ended:
            self.records.end(match_id, result.version)
        return result
