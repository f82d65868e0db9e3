"""The leases one instance holds on one kind of timed work: matches (the scheduler) or ladders.

Each kind has its lease keys and ``leases.lua`` behind its store's ``leases(op, owner, lease_ms,
ids, limit)``; what a loop does each tick with them is the same, and lives here: renew what it
holds (a lease lost to another instance is dropped at once), claim what is free or expired, give
back what ended, and hand everything back when the instance stops, so another takes over at once.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Iterable, Sequence
from typing import Protocol

from server.errors import VorpalError

log = logging.getLogger("vorpal.leases")


class LeaseStore(Protocol):
    def leases(self, op: str, owner: str, lease_ms: int, ids: Sequence[str] = (), limit: int = 0
               ) -> Awaitable[list[str]]: ...  # fmt: skip


class Leases:
    """What ``instance`` holds of one kind (``what``: "match", "ladder", for the log lines)."""

    def __init__(self, store: LeaseStore, *, instance: str, lease_ms: int, what: str) -> None:
        self.store = store
        self.instance = instance
        self.lease_ms = lease_ms
        self.what = what
        self.owned: set[str] = set()

    async def renew(self) -> set[str]:
        """Renew every lease held; returns those lost to another instance (no longer held)."""
        if not self.owned:
            return set()
        kept = set(await self.store.leases("renew", self.instance, self.lease_ms, sorted(self.owned)))
        lost = self.owned - kept
        for item in sorted(lost):
            log.warning("lease of %s %s lost to another instance", self.what, item)
        self.owned = kept
        return lost

    async def claim(self, limit: int) -> list[str]:
        """Claim up to ``limit`` whose lease is free or expired; returns those newly held."""
        claimed = await self.store.leases("claim", self.instance, self.lease_ms, limit=limit)
        new = [item for item in claimed if item not in self.owned]
        self.owned.update(claimed)
        return new

    async def release(self, items: Iterable[str]) -> None:
        """The timed work of ``items`` is over: their leases go, and nobody claims them again."""
        done = sorted(items)
        if done:
            await self.store.leases("release", self.instance, 0, done)
            self.owned.difference_update(done)

    async def hand_back(self) -> None:
        """Give every lease back (the instance stops): another instance may claim them at once."""
        if self.owned:
            with contextlib.suppress(VorpalError):
                await self.store.leases("hand_back", self.instance, 0, sorted(self.owned))
