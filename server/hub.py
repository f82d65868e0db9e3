"""Fan-out: every instance pushes every match event to its own sockets.

Each process holds one pub/sub connection and subscribes (sharded pub/sub)
to the channel of each match that has a local subscriber. Notifications
carry the log entry and the new table, so an instance redacts and sends
without reading Redis. Each :class:`Subscription` delivers versions in
order, exactly once: a notification that skips versions (or a lost
connection) makes it fill the gap from the match's log first.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import msgpack
from redis.exceptions import ConnectionError as RedisConnectionError

from server import games
from server.engine.errors import Unavailable, VorpalError
from server.matches import Matches, decode_table, redact_entry
from server.store.redis_store import REDIS_DOWN, channel

log = logging.getLogger("vorpal.hub")

CONTROL_CHANNEL = "vorpal:control"


@dataclass(eq=False)
class Subscription:
    """One socket's interest in one match, as a seat or a spectator."""

    match_id: str
    seat: int | None
    send: Callable[[dict[str, Any]], None]
    last: int = -1
    ready: bool = False
    pending: list[dict[str, Any]] = field(default_factory=list)
    filling: bool = False


def event_frame(match_id: str, entry: dict[str, Any], seat: int | None, table: Any = None) -> dict[str, Any]:
    """The ``event`` frame for ``seat``: its part of the event and, given ``(rules, table)``, its view."""
    frame = redact_entry(entry, seat)
    status = entry["status"]
    out: dict[str, Any] = {
        "type": "event", "match": match_id, "version": frame["version"], "event": frame["event"], "status": status,
    }  # fmt: skip
    outcome = entry.get("outcome")
    if outcome is not None:
        out["outcome"] = outcome
    if table is not None:
        rules = table[0]
        tbl = table[1]
        to_act = rules.to_act(tbl) if status == "active" else []
        out["to_act"] = to_act
        out["view"] = rules.view(tbl, seat)
        if seat is not None and seat in to_act:
            out["legal"] = [rules.dump_move(m) for m in rules.legal_moves(tbl, seat)]
    return out


class Hub:
    def __init__(self, matches: Matches) -> None:
        self.matches = matches
        self.store = matches.store
        self.local: dict[str, set[Subscription]] = {}
        self._confirm: dict[str, asyncio.Future[None]] = {}
        self._pubsub: Any = None
        self._reader: asyncio.Task[None] | None = None
        self._lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[None]] = set()
        self.connected = asyncio.Event()

    async def start(self) -> None:
        self._reader = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._reader:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        for t in list(self._tasks):
            t.cancel()
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()

    def _spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- the pub/sub connection -------------------------------------------------------

    async def _run(self) -> None:
        delay = 0.1
        while True:
            try:
                self._pubsub = self.store.redis.pubsub()
                await self._pubsub.subscribe(CONTROL_CHANNEL)
                async with self._lock:
                    chans = [channel(m) for m in self.local]
                    if chans:
                        await self._pubsub.ssubscribe(*chans)
                self.connected.set()
                delay = 0.1
                # Anything published while we were away is in the logs.
                for subs in list(self.local.values()):
                    for sub in list(subs):
                        if sub.ready:
                            self._spawn(self._fill(sub, None))
                async for msg in self._pubsub.listen():
                    self._on_message(msg)
            except asyncio.CancelledError:
                raise
            except (*REDIS_DOWN, RedisConnectionError) as exc:
                log.warning("pub/sub connection lost (%s); reconnecting", type(exc).__name__)
            except Exception:
                log.exception("pub/sub reader failed; reconnecting")
            self.connected.clear()
            for fut in self._confirm.values():
                if not fut.done():
                    fut.set_exception(RedisConnectionError("pub/sub connection lost"))
            self._confirm.clear()
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()
            await asyncio.sleep(delay)
            delay = min(delay * 2, 2.0)

    def _on_message(self, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == "smessage":
            name = msg["channel"].decode()
            match_id = name[name.index("{") + 1 : name.rindex("}")]
            subs = self.local.get(match_id)
            if subs:
                self._deliver(match_id, msgpack.unpackb(msg["data"], raw=False), subs)
        elif kind == "ssubscribe":
            fut = self._confirm.pop(msg["channel"].decode(), None)
            if fut is not None and not fut.done():
                fut.set_result(None)

    # -- local subscriptions -----------------------------------------------------------

    async def add(self, sub: Subscription) -> None:
        """Register ``sub`` (buffering) and wait until Redis confirms the channel."""
        subs = self.local.get(sub.match_id)
        if subs is None:
            subs = self.local[sub.match_id] = set()
            subs.add(sub)
            chan = channel(sub.match_id)
            fut = self._confirm[chan] = asyncio.get_running_loop().create_future()
            try:
                await asyncio.wait_for(self.connected.wait(), 10)
                async with self._lock:
                    await self._pubsub.ssubscribe(chan)
                await asyncio.wait_for(fut, 10)
            except (*REDIS_DOWN, RedisConnectionError, TimeoutError) as exc:
                self.discard(sub)
                raise Unavailable("storage is unreachable") from exc
        else:
            subs.add(sub)
            fut2 = self._confirm.get(channel(sub.match_id))
            if fut2 is not None:
                await asyncio.shield(fut2)

    def discard(self, sub: Subscription) -> None:
        subs = self.local.get(sub.match_id)
        if subs is None:
            return
        subs.discard(sub)
        if not subs:
            del self.local[sub.match_id]
            if self._pubsub is not None and self.connected.is_set():
                self._spawn(self._unsubscribe(channel(sub.match_id)))

    async def _unsubscribe(self, chan: str) -> None:
        with contextlib.suppress(Exception):
            async with self._lock:
                if chan[chan.index("{") + 1 : chan.rindex("}")] not in self.local:
                    await self._pubsub.sunsubscribe(chan)

    def start_live(self, sub: Subscription, last: int) -> None:
        """``sub`` has been sent everything up to ``last``: deliver what was buffered meanwhile."""
        sub.last = last
        sub.ready = True
        pending, sub.pending = sub.pending, []
        for note in pending:
            self._push(sub, note)

    # -- delivery ------------------------------------------------------------------------

    def _deliver(self, match_id: str, note: dict[str, Any], subs: set[Subscription]) -> None:
        if note.get("kind") == "chat":
            frame = {"type": "chat", "match": match_id, **note["chat"]}
            for sub in subs:
                sub.send(frame)
            return
        for sub in list(subs):
            if not sub.ready or sub.filling:
                sub.pending.append(note)
            else:
                self._push(sub, note)

    @staticmethod
    def _table_of(note: dict[str, Any]) -> Any:
        """``(rules, table)`` of a notification, decoded once for all local subscribers."""
        cache = note.setdefault("_cache", {})
        if "table" not in cache:
            data = note.get("table")
            rules = games.get(note["game"])
            cache["table"] = None if data is None else (rules, decode_table(rules, data))
        return cache["table"]

    def _push(self, sub: Subscription, note: dict[str, Any]) -> None:
        v = note["entry"]["v"]
        if v <= sub.last:
            return
        if v > sub.last + 1:
            sub.filling = True
            sub.pending.append(note)
            self._spawn(self._fill(sub, v - 1))
            return
        sub.send(event_frame(sub.match_id, note["entry"], sub.seat, self._table_of(note)))
        sub.last = v

    async def _fill(self, sub: Subscription, until: int | None) -> None:
        """Send ``sub`` the logged events after ``sub.last``: up to ``until``, or to the
        current version, whose frame then carries the current view."""
        sub.filling = True
        try:
            for _ in range(50):
                try:
                    entries, table = await self.matches.catch_up(sub.match_id, sub.last, until)
                    break
                except VorpalError:
                    await asyncio.sleep(0.2)
            else:
                return
            for i, entry in enumerate(entries):
                if entry["v"] == sub.last + 1:
                    last = i == len(entries) - 1
                    sub.send(event_frame(sub.match_id, entry, sub.seat, table if last else None))
                    sub.last = entry["v"]
        finally:
            sub.filling = False
            pending, sub.pending = sub.pending, []
            for note in sorted(pending, key=lambda n: n["entry"]["v"]):
                self._push(sub, note)
