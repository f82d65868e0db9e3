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
(:class:`~server.live.notices.NoticeStream`): a notice is pushed to every local
stream of its account, in ``seq`` order; a gap or a lost connection is filled from
the account's inbox. The match path does not look at them.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any

from vorpal_protocol import Packed, encode, pack, pack_map

from server import games
from server.domain import spectating
from server.domain.inbox import Inbox, Notice
from server.domain.matches import Matches, now_ms
from server.domain.views import Snapshot, event_frame, unpack_event
from server.engine import Part
from server.engine.errors import VorpalError
from server.runtime import metrics
from server.store import Store
from server.store.keys import account_of_topic, account_topic
from server.store.subscriber import Subscriber

from .notices import NoticeStream
from .resume import missed_frames
from .subscription import Arrival, Subscription

log = logging.getLogger("vorpal.hub")

Watcher = Callable[[str], None]
#: The public part of the views of a match whose stored table is this long or longer is packed once for
#: all recipients (Jackrabbits' and Zimby Mojo's, 5-7 KB, with their boards); a small game's (tables
#: under 2 KB) costs less to pack again with each frame than to pack apart and splice in.
SHARED_VIEW_FROM_TABLE_BYTES = 3000
FILL_ATTEMPTS = 50
FILL_PAUSE_S = 0.2


class Hub:
    def __init__(self, matches: Matches, store: Store, inbox: Inbox | None = None) -> None:
        self.matches = matches
        self.inbox = inbox
        self.subscriber = Subscriber(store, self._on_message, self._on_resync, self._on_notice)
        self.local: dict[str, set[Subscription]] = {}
        self.accounts: dict[str, set[NoticeStream]] = {}
        self.watchers: dict[str, Watcher] = {}
        #: (game, field) -> the last value object of a constant or shared field of its public views, packed.
        self._packed_fields: dict[tuple[str, str], tuple[Any, Packed]] = {}
        self._tasks: set[asyncio.Task[None]] = set()

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

    # -- accounts ---------------------------------------------------------------------------

    async def sign_in(self, stream: NoticeStream, since: int | None) -> int:
        """Follow ``stream``'s account: send the kept notices above ``since`` (none if None), then
        every new one. Returns the number of the account's newest notice (0: none yet)."""
        assert self.inbox is not None, "a hub without an inbox pushes no notices"
        streams = self.accounts.setdefault(stream.account_id, set())
        streams.add(stream)
        try:
            await self.subscriber.subscribe(account_topic(stream.account_id))
            # Read after the channel is live: nothing can fall between the two.
            kept = await self.inbox.read(stream.account_id, 0 if since is None else since)
        except BaseException:
            self.sign_out(stream)
            raise
        newest = kept[-1].seq if kept else (since or 0)
        if since is None:
            stream.order.sent(newest)  # nothing replayed: only what comes after
        else:
            stream.order.sent(since)
            stream.deliver(kept)
        for notice in stream.order.start(stream.order.last):
            self._arrive_notice(stream, notice)
        return newest

    def sign_out(self, stream: NoticeStream) -> None:
        streams = self.accounts.get(stream.account_id)
        if streams is None or stream not in streams:
            return
        streams.discard(stream)
        if not streams:
            del self.accounts[stream.account_id]
            self.subscriber.unsubscribe(account_topic(stream.account_id))

    def _on_notice(self, account_id: str, text: str) -> None:
        streams = self.accounts.get(account_id)
        if not streams:
            return
        notice = Notice.model_validate_json(text)
        for stream in list(streams):
            self._arrive_notice(stream, notice)

    def _arrive_notice(self, stream: NoticeStream, notice: Notice) -> None:
        arrival = stream.order.arrive(notice.seq, notice)
        if arrival is Arrival.SEND:
            stream.deliver([notice])
        elif arrival is Arrival.GAP:
            self._spawn(self._fill_notices(stream))

    def _resync_account(self, account_id: str) -> None:
        for stream in list(self.accounts.get(account_id, ())):
            if stream.live:
                stream.order.fill()
                self._spawn(self._fill_notices(stream))

    async def _fill_notices(self, stream: NoticeStream) -> None:
        """Send ``stream`` the kept notices after the last it was sent, then what was held."""
        assert self.inbox is not None
        read = False
        try:
            for _ in range(FILL_ATTEMPTS):
                try:
                    kept = await self.inbox.read(stream.account_id, stream.order.last)
                    if stream not in self.accounts.get(stream.account_id, ()):
                        return  # signed out meanwhile: its socket is closed or follows another stream
                    stream.deliver(kept)
                    read = True
                    break
                except VorpalError:
                    await asyncio.sleep(FILL_PAUSE_S)
        finally:
            held = stream.order.filled()
            if stream not in self.accounts.get(stream.account_id, ()):
                held = []
            for notice in held:
                if read and notice.seq > stream.order.last + 1:  # trimmed from the inbox: gone for good
                    stream.order.sent(notice.seq - 1)
                self._arrive_notice(stream, notice)

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
            if not self._followed(sub.match_id):
                self.subscriber.unsubscribe(sub.match_id)

    def start_live(self, sub: Subscription, last: int) -> None:
        """``sub`` has been sent everything up to ``last``: deliver what was held meanwhile."""
        for note in sub.order.start(last):
            self._arrive(sub, note)

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

    def _on_message(self, match_id: str, note: dict[str, Any]) -> None:
        if note.get("kind") == "chat":
            frame = {"type": "chat", "match": match_id, **note["chat"]}
            for sub in self.local.get(match_id, ()):
                sub.send(frame)
            return
        for sub in list(self.local.get(match_id, ())):
            self._arrive(sub, note)
        watcher = self.watchers.get(match_id)
        if watcher is not None:
            watcher(match_id)

    def _on_resync(self, match_id: str) -> None:
        """Notifications of ``match_id`` may have been lost: fill every live subscriber from the log."""
        account_id = account_of_topic(match_id)
        if account_id is not None:
            self._resync_account(account_id)
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

    def _arrive(self, sub: Subscription, note: dict[str, Any]) -> None:
        if sub.delay is not None:
            self._arrive_late(sub, note)
            return
        v = note["entry"]["v"]
        arrival = sub.order.arrive(v, note)
        if arrival is Arrival.GAP:
            metrics.GAP_FILLS.inc()
            self._spawn(self._fill(sub, v - 1))
        elif arrival is Arrival.SEND:
            sub.send(self._frame(note, sub.match_id, sub.seat))
            sub.order.sent(v)

    def _frame(self, note: dict[str, Any], match_id: str, seat: int | None) -> bytes:
        """The event frame of ``note`` for ``seat``, encoded once for every subscriber of that seat
        (every spectator shares one). A big game's public part of the view, the same for every
        recipient and most of its frame, is packed once for all (``SHARED_VIEW_FROM_TABLE_BYTES``)."""
        cache = note.setdefault("_cache", {})
        frames = cache.setdefault("frames", {})
        data: bytes | None = frames.get(seat)
        if data is None:
            snapshot = self._snapshot(note)
            if "event" not in cache:
                cache["event"] = unpack_event(note["entry"])
            frame = event_frame(match_id, note["entry"], seat, snapshot, cache["event"])
            view = frame.get("view")
            if view is not None and snapshot is not None and len(note["table"]) >= SHARED_VIEW_FROM_TABLE_BYTES:
                if "public" not in cache:
                    cache["public"] = self._pack_public(note["game"], view["public"], snapshot.table.public)
                view["public"] = cache["public"]
                frame["view"] = pack_map(view)
            data = frames[seat] = encode(frame)
        return data

    def _pack_public(self, game: str, public: dict[str, Any], part: Part) -> Packed:
        """A public view packed, with each constant or shared field's value (a board) packed once for
        as long as views hold that same object (:meth:`~server.engine.play.Rules.public_view`)."""
        entries = dict(public)
        for name in part.constant_fields | part.shared_fields:
            kept = self._packed_fields.get((game, name))
            if kept is None or kept[0] is not public[name]:
                kept = self._packed_fields[game, name] = (public[name], pack(public[name]))
            entries[name] = kept[1]
        return pack_map(entries)

    # -- delayed spectators ---------------------------------------------------------------------

    def _arrive_late(self, sub: Subscription, note: dict[str, Any]) -> None:
        """A delayed spectator never gets a notification as published: it is a cue to look at what
        the delay allows now (and, for a delay in seconds, again when this event becomes visible)."""
        if not sub.live:
            sub.order.arrive(note["entry"]["v"], note)  # held until the subscription goes live
            return
        self._spawn(self._release(sub))
        assert sub.delay is not None
        if sub.delay.seconds > 0:
            due_ms = note["entry"]["at"] + int(sub.delay.seconds * 1000) - now_ms()
            asyncio.get_running_loop().call_later(max(0.0, due_ms / 1000) + 0.005,
                                                  lambda: self._spawn(self._release(sub)))  # fmt: skip

    async def _release(self, sub: Subscription) -> None:
        """Send a delayed spectator the logged events it may see now, and nothing newer."""
        if sub not in self.local.get(sub.match_id, ()):
            return
        try:
            record, _ = await self.matches.store.load(sub.match_id)
            visible = await spectating.visible_version(self.matches.store, record, now_ms())
        except VorpalError:
            return  # the next event, timer or resync looks again
        if visible > sub.order.last:
            await self._fill(sub, visible)

    def _snapshot(self, note: dict[str, Any]) -> Snapshot | None:
        """The table after a notification's event, decoded once for all local subscribers."""
        cache = note.setdefault("_cache", {})
        if "snapshot" not in cache:
            data = note.get("table")
            rules = games.get(note["game"])
            cache["snapshot"] = None if data is None else Snapshot(rules, self.matches.tables.take(rules, data))
        snap: Snapshot | None = cache["snapshot"]
        return snap

    async def _fill(self, sub: Subscription, until: int | None) -> None:
        """Send ``sub`` the logged events after what it has: up to ``until``, or to the current version."""
        try:
            for _ in range(FILL_ATTEMPTS):
                try:
                    frames, _ = await missed_frames(self.matches, sub.match_id, sub.seat, sub.order.last, until)
                    break
                except VorpalError:
                    await asyncio.sleep(FILL_PAUSE_S)
            else:
                return
            for frame in frames:
                if frame["version"] == sub.order.last + 1:
                    sub.send(frame)
                    sub.order.sent(frame["version"])
        finally:
            for note in sub.order.filled():
                self._arrive(sub, note)
