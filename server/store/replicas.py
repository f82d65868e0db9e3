"""The write policy (``VORPAL_WRITE_REPLICAS``): a move is acknowledged only once N replicas have it.

Redis replicates asynchronously: a primary that answered a write may die before any replica
has it, and the replica promoted in its place (Sentinel, a cluster) never had it. So with
``VORPAL_WRITE_REPLICAS=N`` (N > 0) a commit is followed, on the same connection, by ``WAIT N
timeout`` (or ``WAITAOF 0 N timeout`` with ``VORPAL_WRITE_AOF=1``: on the replicas' disks, not
only in their memory), and the move is acknowledged only if N replicas confirmed it in time. WAIT
covers every earlier write of its connection, so the commits of one instance share their waits
(a group commit): while one WAIT is out, the confirmations asked for meanwhile ride on the next.

A move that the replicas did not confirm in time is answered ``unavailable`` with a retry hint:
it is on the primary and may or may not survive a failover, and a retry with the same
``move_id`` is confirmed in turn (:meth:`ReplicaWait.confirm` after the duplicate is found) before
it is acknowledged.

Under the policy an event is published only after its replicas confirmed it (the commit script
leaves the publishing to the store, ``Store._publish_confirmed``), so no subscriber ever sees a
version that a failover takes back: it would hold that version, the new primary would commit
another move at it, and the subscriber would take that for a duplicate and wait. A retried move
found applied is confirmed, then announced by a resync cue (the first attempt's notification may
never have been sent). The waits run on a connection of the commits' own: ``WAIT`` blocks every
command behind it on its connection, and the loads and log reads must not queue behind it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from server.errors import Unavailable


class ReplicaWait:
    """Confirms that the writes made so far on one connection reached ``replicas`` replicas."""

    def __init__(self, call: Callable[..., Awaitable[Any]], replicas: int, timeout_ms: int, *,
                 aof: bool = False) -> None:  # fmt: skip
        self.call = call
        self.replicas = replicas
        self.timeout_ms = timeout_ms
        self.aof = aof
        self._next: asyncio.Future[int] | None = None  # the wait the confirmations asked for now ride on
        self._busy = False  # a wait is out
        self._tasks: set[asyncio.Task[None]] = set()

    async def confirm(self) -> None:
        """Return once the replicas have every write this connection made before the call; raise
        :class:`Unavailable` (with a retry hint) if they did not confirm within the timeout."""
        batch = self._next
        if batch is None:
            batch = self._next = asyncio.get_running_loop().create_future()
            if not self._busy:
                self._launch()
        confirmed = await asyncio.shield(batch)
        if confirmed < self.replicas:
            raise Unavailable(
                f"{confirmed} of the {self.replicas} replicas confirmed the change within {self.timeout_ms} ms: "
                "it may not survive a failover; send it again with the same id", retry_after_ms=self.timeout_ms,
            )  # fmt: skip

    def _launch(self) -> None:
        batch, self._next = self._next, None
        assert batch is not None
        self._busy = True
        batch.add_done_callback(_retrieved)
        task = asyncio.create_task(self._wait(batch))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _wait(self, batch: asyncio.Future[int]) -> None:
        try:
            if self.aof:
                _, confirmed = await self.call("WAITAOF", 0, self.replicas, self.timeout_ms)
            else:
                confirmed = await self.call("WAIT", self.replicas, self.timeout_ms)
            batch.set_result(int(confirmed))
        except BaseException as exc:  # the store turns a Redis fault into unavailable
            batch.set_exception(exc)
            if not isinstance(exc, Exception):
                raise
        finally:
            self._busy = False
            if self._next is not None:
                self._launch()  # sent now: after every commit whose confirmation it carries


def _retrieved(batch: asyncio.Future[int]) -> None:
    """Its exception is read, so that asyncio does not log it when every waiter was cancelled."""
    if not batch.cancelled():
        batch.exception()
