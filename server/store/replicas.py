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
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import msgpack

from server.errors import Unavailable

from .connection import REDIS_DOWN
from .keys import channel
from .line import Arg

if TYPE_CHECKING:
    from .connection import Connection

log = logging.getLogger("vorpal.store")

#: How a change answered ``unavailable`` is confirmed in the background (:meth:`WritePolicy.confirm_later`):
#: the first pause, the longest, and how many tries (about two minutes in all).
CONFIRM_PAUSE_S = 0.1
MAX_CONFIRM_PAUSE_S = 2.0
CONFIRM_ATTEMPTS = 64

#: A cue to every subscriber of a match: notifications may have been missed, read the log
#: (the hub fills its sockets from it, as after a lost pub/sub connection).
RESYNC_NOTE = msgpack.packb({"kind": "resync"})


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


class WritePolicy:
    """The store's commits under ``VORPAL_WRITE_REPLICAS``: confirmed, then announced.

    ``commits`` is the connection the commits (and their waits) go on, ``main`` the store's other
    one, which the announcements take (it is never held up by a wait).
    """

    def __init__(self, main: Connection, commits: Connection, wait: ReplicaWait) -> None:
        self.main, self.commits, self.wait = main, commits, wait
        #: Matches with a change answered ``unavailable``, and the task that announces it once confirmed.
        self._unconfirmed: dict[str, asyncio.Task[None]] = {}
        #: Matches whose unconfirmed changes no successful wait has covered yet.
        self._owed: set[str] = set()

    async def confirm(self, fence: tuple[Arg, ...] | None = None) -> None:
        """Wait for the replicas. ``fence``: a write made first, on the commits' connection, when the change
        being confirmed was made by another one (a duplicate found)."""
        try:
            if fence is not None:
                await self.commits.call(*fence)
            await self.wait.confirm()
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable; the change was not confirmed") from exc

    async def confirm_commit(self, match_id: str, note: bytes) -> None:
        """A commit applied: confirm it, then publish its notification (``unavailable`` if the replicas did not
        confirm it in time: it is then announced once they do)."""
        try:
            await self.confirm()
        except Unavailable:
            self.confirm_later(match_id)
            raise
        await self.publish(match_id, note)

    async def confirm_duplicate(self, match_id: str, fence: tuple[Arg, ...]) -> None:
        """A move found applied already, about to be acknowledged: confirm it (``fence``: written again on the
        commits' connection, so that ``WAIT`` covers it), then cue the subscribers to read the log: the first
        attempt's notification was never published if its replicas did not confirm it in time."""
        try:
            await self.confirm(fence)
        except Unavailable:
            self.confirm_later(match_id)
            raise
        await self.publish(match_id, RESYNC_NOTE)

    async def publish(self, match_id: str, note: bytes) -> None:
        """Publish a confirmed change's notification: no subscriber ever sees a version that a failover
        could take back. One that cannot be sent is not an error (the change is committed and confirmed):
        subscribers find the version in the log at the next event or resync."""
        try:
            await self.main.call("SPUBLISH", channel(match_id), note)
        except REDIS_DOWN as exc:
            log.warning("match %s: a confirmed change was not published (%s)", match_id, exc)

    def confirm_later(self, match_id: str) -> None:
        """A change answered ``unavailable`` stands on the primary, unannounced, and its seat may never send
        it again (its own resync may show it applied): keep asking the replicas in the background, then cue
        the subscribers to read the log. Only a cue, never the change's notification: after a failover the
        confirmation comes from a new primary, which may not have the change at all."""
        self._owed.add(match_id)
        if match_id not in self._unconfirmed:
            task = asyncio.create_task(self._announce_when_confirmed(match_id))
            self._unconfirmed[match_id] = task
            task.add_done_callback(lambda _: self._unconfirmed.pop(match_id, None))

    async def _announce_when_confirmed(self, match_id: str) -> None:
        pause, failed = CONFIRM_PAUSE_S, 0
        while match_id in self._owed and failed < CONFIRM_ATTEMPTS:
            await asyncio.sleep(pause)
            # A change answered unavailable from now on is owed again: this wait may not cover it.
            self._owed.discard(match_id)
            try:
                await self.confirm()
            except Unavailable:
                self._owed.add(match_id)
                pause, failed = min(pause * 2, MAX_CONFIRM_PAUSE_S), failed + 1
                continue
            await self.publish(match_id, RESYNC_NOTE)
        if match_id in self._owed:
            self._owed.discard(match_id)
            log.warning("match %s: a change answered unavailable was never confirmed by the replicas", match_id)

    def close(self) -> None:
        for task in list(self._unconfirmed.values()):
            task.cancel()
