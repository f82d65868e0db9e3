"""Fan-out: every instance pushes every match event to its own sockets.

The :class:`~server.store.subscriber.Subscriber` follows the channel of each
match that has a local subscriber (or a local watcher: the scheduler, for the
matches whose lease this instance holds). Notifications carry the log entry
and the new table, so the hub redacts and sends without reading Redis, and
builds each frame once per recipient seat (every spectator shares one). Each
subscription's :class:`~server.live.subscription.Ordering` makes delivery
exactly once and in order: a gap, or a lost pub/sub connection, is filled in
from the match's log (:mod:`server.live.resume`).

Sockets signed in as an account follow the account's notice channel the same way
(:class:`~server.live.notices.NoticeFanout`). Frames are built in :mod:`server.live.frames`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any

from server.domain import spectating
from server.domain.inbox import Inbox
from server.domain.matches import Matches
from server.errors import VorpalError
from server.runtime import metrics
from server.store import Store
from server.store.keys import account_of_topic
from server.store.subscriber import Subscriber

from .frames import Frames, Notification
from .notices import NoticeFanout, NoticeStream
from .resume import missed_frames
from .subscription import Arrival, Subscription

log = logging.getLogger("vorpal.hub")

Watcher = Callable[[str], None]
FILL_ATTEMPTS = 50
FILL_PAUSE_S = 0.2


class Hub:
    def __init__(self, matches: Matches, store: Store, inbox: Inbox | None = None) -> None:
        self.matches = matches
        self.subscriber = Subscriber(store, self._on_message, self._on_resync, self._on_notice)
        self.local: dict[str, set[Subscription]] = {}
        self.watchers: dict[str, Watcher] = {}
        self.frames = Frames(matches.store)
        self._tasks: set[asyncio.Task[None]] = set()
        self.notices = NoticeFanout(inbox, self.subscriber, self._spawn)

    @property
    def connected(self) -> bool:
        return self.subscriber.connected

    @property
    def reconnects(self) -> int:
        return self.subscriber.reconnects

    async def start(self) -> None:
        await self.subscriber.start()

    async def stop(self) -> None:
        for t in self._tasks:
            t.cancel()
        await self.subscriber.stop()

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _followed(self, match_id: str) -> bool:
        return bool(self.local.get(match_id)) or match_id in self.watchers

    # -- accounts (notices.py) -------------------------------------------------------------

    async def sign_in(self, stream: NoticeStream, since: int | None) -> int:
        """Follow ``stream``'s account (:meth:`NoticeFanout.sign_in`)."""
        return await self.notices.sign_in(stream, since)

    def sign_out(self, stream: NoticeStream) -> None:
        self.notices.sign_out(stream)

    # -- sockets ---------------------------------------------------------------------------

    async def add(self, sub: Subscription) -> None:
        """Register ``sub`` (holding what arrives) and wait until Redis confirms the channel."""
        subs = self.local.setdefault(sub.match_id, set())
        if sub not in subs:
            subs.add(sub)
            metrics.SUBSCRIPTIONS.inc()
        try:
            await self.subscriber.subscribe(sub.match_id)
        except VorpalError:
            self.discard(sub)
            raise

    def discard(self, sub: Subscription) -> None:
        subs = self.local.get(sub.match_id)
        if subs is None or sub not in subs:
            return
        subs.discard(sub)
        metrics.SUBSCRIPTIONS.dec()
        if not subs:
            del self.local[sub.match_id]
            self.frames.forget(sub.match_id)
            if not self._followed(sub.match_id):
                self.subscriber.unsubscribe(sub.match_id)

    def start_live(self, sub: Subscription, last: int) -> None:
        """``sub`` has been sent everything up to ``last``: deliver what was held meanwhile."""
        for n in sub.order.start(last):
            self._arrive(sub, n)

    # -- watchers (the scheduler) ---------------------------------------------------------------

    async def watch(self, match_id: str, watcher: Watcher) -> None:
        """Call ``watcher(match_id)`` after every event of ``match_id`` and after every resync."""
        self.watchers[match_id] = watcher
        try:
            await self.subscriber.subscribe(match_id)
        except VorpalError:
            self.unwatch(match_id)
            raise

    def unwatch(self, match_id: str) -> None:
        if self.watchers.pop(match_id, None) is not None and not self._followed(match_id):
            self.subscriber.unsubscribe(match_id)

    # -- delivery ---------------------------------------------------------------------------------

    def _on_notice(self, account_id: str, text: str) -> None:
        self.notices.on_notice(account_id, text)

    def _on_message(self, match_id: str, note: dict[str, Any]) -> None:
        kind = note.get("kind")
        if kind == "chat":
            frame = {"type": "chat", "match": match_id, **note["chat"]}
            for sub in self.local.get(match_id, ()):
                sub.send(frame)
            return
        if kind == "resync":  # a confirmed change whose notification was never sent (store/replicas.py)
            self._on_resync(match_id)
            return
        n = Notification(note)
        subs = list(self.local.get(match_id, ()))
        if any(sub.v2 for sub in subs):
            self.frames.advance(n, match_id)  # the base of its patches, before anything is held or sent
        for sub in subs:
            self._arrive(sub, n)
        watcher = self.watchers.get(match_id)
        if watcher is not None:
            watcher(match_id)

    def _on_resync(self, match_id: str) -> None:
        """Notifications of ``match_id`` may have been lost: fill every live subscriber from the log."""
        account_id = account_of_topic(match_id)
        if account_id is not None:
            self.notices.resync(account_id)
            return
        for sub in list(self.local.get(match_id, ())):
            if sub.live and sub.delay is not None:
                self._spawn(self._release(sub))
            elif sub.live:
                metrics.GAP_FILLS.inc()
                sub.order.fill()
                self._spawn(self._fill(sub, None))
        watcher = self.watchers.get(match_id)
        if watcher is not None:
            watcher(match_id)

    def _arrive(self, sub: Subscription, n: Notification) -> None:
        if sub.delay is not None:
            self._arrive_late(sub, n)
            return
        arrival = sub.order.arrive(n.version, n)
        if arrival is Arrival.GAP:
            metrics.GAP_FILLS.inc()
            self._spawn(self._fill(sub, n.version - 1))
        elif arrival is Arrival.SEND:
            if sub.v2:
                data, viewed = self.frames.v2_frame(n, sub.match_id, sub.seat, sub.view_version != n.version - 1)
                sub.send(data)
                if viewed:
                    sub.view_version = n.version
            else:
                sub.send(self.frames.frame(n, sub.match_id, sub.seat))
            sub.order.sent(n.version)

    # -- delayed spectators ---------------------------------------------------------------------

    def _arrive_late(self, sub: Subscription, n: Notification) -> None:
        """A delayed spectator never gets a notification as published: it is a cue to look at what
        the delay allows now (and, for a delay in seconds, again when this event becomes visible)."""
        if not sub.live:
            sub.order.arrive(n.version, n)  # held until the subscription goes live
            return
        self._spawn(self._release(sub))
        assert sub.delay is not None
        if sub.delay.seconds > 0:
            due_ms = n.note["entry"]["at"] + int(sub.delay.seconds * 1000) - self.matches.clock()
            asyncio.get_running_loop().call_later(max(0.0, due_ms / 1000) + 0.005,
                                                  lambda: self._spawn(self._release(sub)))  # fmt: skip

    async def _release(self, sub: Subscription) -> None:
        """Send a delayed spectator the logged events it may see now, and nothing newer."""
        if sub not in self.local.get(sub.match_id, ()):
            return
        try:
            record, _ = await self.matches.store.load(sub.match_id)
            visible = await spectating.visible_version(self.matches.store, record, self.matches.clock())
        except VorpalError:
            return  # the next event, timer or resync looks again
        if visible > sub.order.last:
            await self._fill(sub, visible)

    async def _fill(self, sub: Subscription, until: int | None) -> None:
        """Send ``sub`` the logged events after what it has: up to ``until``, or to the current version."""
        try:
            for _ in range(FILL_ATTEMPTS):
                try:
                    frames, record = await missed_frames(
                        self.matches, sub.match_id, sub.seat, sub.order.last, until, sub.v2
                    )
                    break
                except VorpalError:
                    await asyncio.sleep(FILL_PAUSE_S)
            else:
                return
            if record is not None and record.version < sub.order.last:
                metrics.WENT_BACK.inc()
                sub.went_back()  # a failover took back versions it was sent: its client must resume
                return
            for frame in frames:
                if frame["version"] == sub.order.last + 1:
                    sub.send(frame)
                    sub.order.sent(frame["version"])
                    if "view" in frame:
                        sub.view_version = frame["version"]
        finally:
            for n in sub.order.filled():
                self._arrive(sub, n)
