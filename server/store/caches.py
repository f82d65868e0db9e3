"""The caches that spare a move its decoding and its Redis read.

Both are held by the caching match store (:class:`~server.store.cached.CachingMatchStore`),
which the lifecycle and the hub share; neither is ever needed for correctness:

- :class:`TableCache` keeps a table this process just wrote until the hub
  takes it, when the commit's notification comes back, so that it is not
  decoded again (readers before the hub share it too). A notification comes
  back within milliseconds; one that finds no local subscriber (the players
  left, or they follow the match through another instance) leaves its table
  untaken, so a table waits at most ``wait_s``: kept until 512 newer ones
  pushed it out, the untaken tables of abandoned matches were a slow growth
  under the soak, and in a deployment whose players are on other instances
  the cache would hold 512 tables for nothing. Tables handed out are
  shared, so they are **read-only**. A move drafts its own table: the one the
  match's last move here left behind, if nobody else holds it any more
  (:meth:`TableCache.draft`), or else a new one decoded from the stored bytes.
  The kept drafts are also what keeps a match's table out of the young
  collections: it is not a new table of a few hundred objects with every move,
  but one that lives and is changed in place (``server/runtime/gc.py``).
- :class:`RecordCache` keeps the record this process last committed for each
  match: a move at that version is played on it without reading Redis first.
  The commit's compare-and-set still decides, so a stale entry costs a retry,
  never a wrong answer. A match nobody has moved in for ``idle_s`` is forgotten:
  one abandoned in play never ends, and would otherwise hold its record until
  20,000 newer matches pushed it out. A minute is long enough: the cache spares
  a Redis read to moves that come fast, and a move after a long think pays one
  read; what it keeps is the records of the matches played in the last minute,
  not of every match abandoned in the last ten (which the soak saw as growth).
"""

from __future__ import annotations

import operator
import sys
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, Protocol, TypeVar

from server.engine import Rules

from .codec import AnyTable, SharedJson, encode_table, parse_table

K = TypeVar("K")
V = TypeVar("V")


class Bounded(Generic[K, V]):
    """A dict that forgets its oldest entry past ``size`` (an OrderedDict: O(1) eviction); an entry
    put again counts as new."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        return self._items.get(key)

    def put(self, key: K, value: V) -> None:
        items = self._items
        if key in items:
            items.move_to_end(key)
        elif len(items) >= self.size:
            items.popitem(last=False)
        items[key] = value

    def oldest(self) -> tuple[K, V] | None:
        return next(iter(self._items.items()), None)

    def pop(self, key: K) -> None:
        self._items.pop(key, None)

    def drop_stale(self, cutoff: float, stamp: Callable[[V], float]) -> None:
        """Forget the oldest entries while their ``stamp`` is before ``cutoff`` (for entries put in
        the order of their stamps, as an idle clock puts them)."""
        while (oldest := self.oldest()) is not None and stamp(oldest[1]) < cutoff:
            self.pop(oldest[0])

    def take(self, key: K) -> V | None:
        return self._items.pop(key, None)

    def __len__(self) -> int:
        return len(self._items)


_stamp = operator.itemgetter(0)  # when an entry of an idle clock was kept


class TableCache:
    """Tables this process wrote, by their bytes, until the hub takes them (``size``: at most this
    many wait, the oldest dropped first, none longer than ``wait_s``; 0: no caching), and the last
    draft of up to ``drafts`` matches, for their next move."""

    def __init__(self, size: int = 512, drafts: int = 2_000, idle_s: float = 60.0, wait_s: float = 10.0,
                 clock: Callable[[], float] = time.monotonic) -> None:  # fmt: skip
        #: bytes -> (when written, the table), in the order written: untaken after ``wait_s``, dropped.
        self._tables: Bounded[bytes, tuple[float, AnyTable]] = Bounded(size)
        self.wait_s = wait_s
        #: match -> (when kept, the bytes it is at, the table), in the order kept: a draft nobody
        #: moves for ``idle_s`` is dropped, as :class:`RecordCache` drops the record.
        self._drafts: Bounded[str, tuple[float, bytes, AnyTable]] = Bounded(drafts)
        self.idle_s = idle_s
        self._clock = clock
        self._shared_json: SharedJson = {}

    def decode(self, rules: Rules, data: bytes) -> AnyTable:
        """The table stored as ``data``: **read-only** (the one this process wrote, if it still waits)."""
        waiting = self._tables.get(data)
        return parse_table(rules, data) if waiting is None else waiting[1]

    def take(self, rules: Rules, data: bytes) -> AnyTable:
        """Like :meth:`decode`, for the last reader of a commit (the hub, with its notification): the
        table waits no longer."""
        waiting = self._tables.take(data)
        return parse_table(rules, data) if waiting is None else waiting[1]

    def draft(self, rules: Rules, data: bytes, match_id: str | None = None) -> AnyTable:
        """A private, mutable table for ``data``: ``match_id``'s kept draft if it is at ``data`` and
        nobody else holds it, or else a new one (decoding is cheaper than deep-copying a shared one)."""
        kept = self._drafts.take(match_id) if match_id is not None and self._drafts.size else None
        if kept is not None and kept[1] == data:
            table = kept[2]
            del kept
            # This name and getrefcount's argument are the only references: no reader of the table
            # (the hub's notification, a snapshot, the shared tables above) still has it, and none
            # can get it again, so it is this move's to change.
            if sys.getrefcount(table) == 2:
                return table
        return parse_table(rules, data)

    def keep_draft(self, match_id: str, data: bytes, table: AnyTable) -> None:
        """``table``, encoded as ``data`` and not to be changed again by its mover, may be the next draft."""
        if not self._drafts.size:
            return
        now = self._clock()
        self._drafts.put(match_id, (now, data, table))
        self._drafts.drop_stale(now - self.idle_s, _stamp)

    def forget_draft(self, match_id: str) -> None:
        self._drafts.pop(match_id)

    def holds_draft(self, match_id: str) -> bool:
        return self._drafts.get(match_id) is not None

    def encode(self, table: AnyTable) -> bytes:
        """``table``'s bytes; the table waits for the hub to take it."""
        data = self.write(table)
        self.wait(data, table)
        return data

    def write(self, table: AnyTable) -> bytes:
        """``table``'s bytes, its shared fields' JSON written once for as long as tables hold them."""
        return encode_table(table, self._shared_json)

    def wait(self, data: bytes, table: AnyTable) -> None:
        """``table``, stored as ``data``, waits for the hub to take it (or ``wait_s``)."""
        if self._tables.size:
            now = self._clock()
            self._tables.put(data, (now, table))
            self._tables.drop_stale(now - self.wait_s, _stamp)

    def __len__(self) -> int:
        return len(self._tables)


class Versioned(Protocol):
    @property
    def version(self) -> int: ...


R = TypeVar("R", bound=Versioned)


class RecordCache(Generic[R]):
    """The last record this process committed for each match (``size`` 0: off), for at most
    ``idle_s`` after that commit (``clock``: seconds, monotonic).

    Two moves of a match may finish their commits in either order here (a bot's move can start
    from the store before the move it follows has had its answer), so a record is kept only if
    it is newer than what the cache knows of its match, and an ended match leaves a marker of
    its last version, not its record, until it idles out: a move that committed before the
    match ended, answered after, does not bring the match back.
    """

    def __init__(self, size: int = 20_000, idle_s: float = 60.0,
                 clock: Callable[[], float] = time.monotonic) -> None:  # fmt: skip
        self.idle_s = idle_s
        self._clock = clock
        #: match -> (when kept, its record or None once it ended, its version).
        self._records: Bounded[str, tuple[float, R | None, int]] = Bounded(size)

    def current(self, match_id: str, version: int) -> R | None:
        """The cached record of ``match_id`` if it is at ``version`` (as far as this process knows)."""
        kept = self._records.get(match_id)
        return kept[1] if kept is not None and kept[2] == version else None

    def keep(self, match_id: str, record: R) -> bool:
        """Keep ``record`` unless the cache knows a version of its match as new or newer (then False)."""
        if not self._records.size:
            return False
        kept = self._records.get(match_id)
        if kept is not None and kept[2] >= record.version:
            return False
        self._put(match_id, (self._clock(), record, record.version))
        return True

    def end(self, match_id: str, version: int) -> None:
        """``match_id`` ended at ``version``: its record goes, and no older one is kept again."""
        if self._records.size:
            self._put(match_id, (self._clock(), None, version))

    def _put(self, match_id: str, entry: tuple[float, R | None, int]) -> None:
        self._records.put(match_id, entry)
        # The entries are in the order of their last commit: the idle ones are at the front.
        self._records.drop_stale(entry[0] - self.idle_s, _stamp)

    def forget(self, match_id: str) -> None:
        self._records.pop(match_id)

    def holds(self, match_id: str) -> bool:
        kept = self._records.get(match_id)
        return kept is not None and kept[1] is not None

    def __len__(self) -> int:
        return len(self._records)
