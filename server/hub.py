"""Fan-out: every instance pushes every match event to its own sockets.

Each process subscribes (sharded pub/sub) to the channel of each match that
has a local subscriber, over one pub/sub connection per Redis node: one in
all against a single Redis; against a Redis Cluster, one per master that
owns the slot of a subscribed match (SSUBSCRIBE must reach that node).
Notifications carry the log entry and the new table, so an instance
redacts and sends without reading Redis. Each :class:`Subscription`
delivers versions in order, exactly once: a notification that skips
versions, or a lost pub/sub connection, makes it fill the gap from the
match's log first. Pub/sub connections never reconnect silently: each is
re-established by its own loop here, which then fills every subscription.

Instances share nothing but Redis. The hub also keeps the server's bots
going: when Redis comes back after a fault, and every ``bot_sweep_s``, it
kicks the bots of recent active matches, so that bots stopped by a fault or
by the loss of the instance that ran them resume.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import msgpack
from redis.exceptions import ConnectionError as RedisConnectionError
from vorpal_protocol import encode

from server import games
from server.engine import Rules, Table
from server.engine.errors import Unavailable, VorpalError
from server.matches import Matches, decode_table, redact_entry
from server.store.line import Line
from server.store.redis_store import REDIS_DOWN, channel

MatchId = str

log = logging.getLogger("vorpal.hub")

CONTROL_CHANNEL = "vorpal:control"


@dataclass(eq=False)
class Subscription:
    """One socket's interest in one match, as a seat or a spectator."""

    match_id: str
    seat: int | None
    send: Callable[[dict[str, Any] | bytes], None]
    last: int = -1
    ready: bool = False
    pending: list[dict[str, Any]] = field(default_factory=list)
    filling: bool = False


class Snapshot:
    """A table to push to several recipients: what they share is computed once."""

    __slots__ = ("_public", "_to_act", "rules", "table")

    def __init__(self, rules: Rules, table: Table[Any, Any, Any]) -> None:
        self.rules, self.table = rules, table
        self._public: dict[str, Any] | None = None
        self._to_act: list[int] | None = None

    def to_act(self, status: str) -> list[int]:
        if status != "active":
            return []
        if self._to_act is None:
            self._to_act = self.rules.to_act(self.table)
        return self._to_act

    def view(self, seat: int | None) -> dict[str, Any]:
        if self._public is None:
            self._public = self.rules.public_view(self.table)
        return self.rules.compose_view(self._public, self.table, seat)


def event_frame(match_id: str, entry: dict[str, Any], seat: int | None, snap: Snapshot | None = None) -> dict[str, Any]:
    """The ``event`` frame for ``seat``: its part of the event and, given the table after it, its view."""
    frame = redact_entry(entry, seat)
    status = entry["status"]
    out: dict[str, Any] = {
        "type": "event", "match": match_id, "version": frame["version"], "event": frame["event"], "status": status,
    }  # fmt: skip
    outcome = entry.get("outcome")
    if outcome is not None:
        out["outcome"] = outcome
    if snap is not None:
        to_act = snap.to_act(status)
        out["to_act"] = to_act
        out["view"] = snap.view(seat)
        if seat is not None and seat in to_act:
            out["legal"] = snap.rules.dump_moves(snap.rules.legal_moves(snap.table, seat))
    return out


def _match_of(chan: str) -> str:
    return chan[chan.index("{") + 1 : chan.rindex("}")]


class _Node:
    """One pub/sub connection to one Redis node and the match channels read through it."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.line: Line | None = None
        self.reader: asyncio.Task[None] | None = None
        self.connected = asyncio.Event()
        self.lock = asyncio.Lock()
        self.matches: set[MatchId] = set()
        self.leaving: set[MatchId] = set()


class Hub:
    def __init__(self, matches: Matches, *, bot_sweep_s: float = 60.0, watch_s: float = 1.0) -> None:
        self.matches = matches
        self.store = matches.store
        self.local: dict[MatchId, set[Subscription]] = {}
        self.bot_sweep_s = bot_sweep_s
        self.watch_s = watch_s
        self.reconnects = 0
        self._nodes: dict[str, _Node] = {}
        self._node_of: dict[MatchId, str] = {}
        self._confirm: dict[str, asyncio.Future[None]] = {}
        self._watcher: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def connected(self) -> bool:
        """Every pub/sub connection is up (vacuously so before the first subscription)."""
        return all(n.connected.is_set() for n in self._nodes.values())

    async def start(self) -> None:
        if not self.store.cluster:
            self._node("")  # the one Redis: connect now
        self._watcher = asyncio.create_task(self._watch())

    async def stop(self) -> None:
        tasks = [n.reader for n in self._nodes.values() if n.reader is not None]
        if self._watcher is not None:
            tasks.append(self._watcher)
        for t in [*tasks, *self._tasks]:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await t
        for node in self._nodes.values():
            if node.line is not None:
                node.line.close()

    def _spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- the pub/sub connections ------------------------------------------------------

    def _node(self, name: str) -> _Node:
        node = self._nodes.get(name)
        if node is None:
            node = self._nodes[name] = _Node(name)
            node.reader = asyncio.create_task(self._run(node))
        return node

    async def _run(self, node: _Node) -> None:
        delay = 0.1
        first = True
        while True:
            try:
                node.line = line = self.store.pubsub_line(node.name, lambda reply: self._on_message(node, reply))
                await line.connect()
                # A plain channel keeps the connection "subscribed" while no match is.
                line.send("SUBSCRIBE", CONTROL_CHANNEL)
                async with node.lock:
                    chans = [channel(m) for m in node.matches]
                    if self.store.cluster:  # a cluster refuses one SSUBSCRIBE over several slots
                        for chan in chans:
                            line.send("SSUBSCRIBE", chan)
                    elif chans:
                        line.send("SSUBSCRIBE", *chans)
                node.connected.set()
                delay = 0.1
                if not first:
                    self.reconnects += 1
                    log.warning("pub/sub connection to %s restored", node.name or "redis")
                first = False
                # Anything published while we were away is in the logs.
                for m in list(node.matches):
                    for sub in list(self.local.get(m, ())):
                        if sub.ready:
                            self._spawn(self._fill(sub, None))
                raise await line.lost
            except asyncio.CancelledError:
                raise
            except (*REDIS_DOWN, RedisConnectionError) as exc:
                log.warning(
                    "pub/sub connection to %s lost (%s); reconnecting", node.name or "redis", type(exc).__name__
                )
            except Exception:
                log.exception("pub/sub reader of %s failed; reconnecting", node.name or "redis")
            node.connected.clear()
            for m in node.matches:
                fut = self._confirm.pop(channel(m), None)
                if fut is not None and not fut.done():
                    fut.set_exception(RedisConnectionError("pub/sub connection lost"))
            if node.line is not None:
                node.line.close()
            await asyncio.sleep(delay)
            delay = min(delay * 2, 2.0)
            if self.store.cluster:
                await self._reroute(node)

    async def _reroute(self, node: _Node) -> None:
        """After a cluster fault: move the channels whose slot another node now serves."""
        await self.store.refresh_topology()
        for m in list(node.matches):
            with contextlib.suppress(VorpalError):
                if await self.store.pubsub_node(channel(m)) != node.name:
                    node.matches.discard(m)
                    self._spawn(self._reattach(m))

    async def _reattach(self, match_id: MatchId) -> None:
        """Subscribe ``match_id`` where its slot now lives, then fill its subscribers."""
        for _ in range(100):
            if match_id not in self.local:
                return
            try:
                await self._attach(match_id)
                break
            except (*REDIS_DOWN, RedisConnectionError, TimeoutError, Unavailable):
                await asyncio.sleep(0.2)
                await self.store.refresh_topology()
        for sub in list(self.local.get(match_id, ())):
            if sub.ready:
                self._spawn(self._fill(sub, None))

    def _on_message(self, node: _Node, reply: Any) -> None:
        """One pushed message: ``[kind, channel, data or count]``."""
        if not isinstance(reply, list) or len(reply) != 3:
            return
        kind, chan, data = reply
        if kind == b"smessage":
            match_id = _match_of(chan.decode())
            subs = self.local.get(match_id)
            if subs:
                try:
                    self._deliver(match_id, msgpack.unpackb(data, raw=False), subs)
                except Exception:  # one bad delivery must not take the connection down
                    log.exception("delivery of a %s notification failed", match_id)
        elif kind == b"ssubscribe":
            fut = self._confirm.pop(chan.decode(), None)
            if fut is not None and not fut.done():
                fut.set_result(None)
        elif kind == b"sunsubscribe":
            match_id = _match_of(chan.decode())
            if match_id in node.leaving:
                node.leaving.discard(match_id)
            elif match_id in self.local and match_id in node.matches:
                # The server dropped us: the slot moved to another node.
                node.matches.discard(match_id)
                self._spawn(self._reattach(match_id))

    # -- bots ------------------------------------------------------------------------------

    async def _watch(self) -> None:
        """Notice Redis coming back (and time passing) and kick the bots of active matches."""
        up = False
        swept = 0.0
        while True:
            ok = await self.store.ping()
            if ok and (not up or time.monotonic() - swept >= self.bot_sweep_s):
                if await self.sweep_bots():
                    swept = time.monotonic()
                else:
                    ok = False
            up = ok
            await asyncio.sleep(self.watch_s)

    async def sweep_bots(self) -> bool:
        """Kick the bots of every recent active match that has some; False if Redis failed."""
        try:
            rows = await self.store.recent()
        except VorpalError:
            return False
        for row in rows:
            if row[b"status"] == b"active" and any(json.loads(row[b"bots"])):
                self.matches.kick_bots(row[b"id"].decode())
        return True

    # -- local subscriptions -----------------------------------------------------------

    async def _attach(self, match_id: MatchId) -> None:
        """SSUBSCRIBE the match's channel on the node that owns it; wait for the confirmation."""
        chan = channel(match_id)
        name = await self.store.pubsub_node(chan)
        node = self._node(name)
        self._node_of[match_id] = name
        node.matches.add(match_id)
        node.leaving.discard(match_id)
        fut = self._confirm.get(chan)
        if fut is None or fut.done():
            fut = self._confirm[chan] = asyncio.get_running_loop().create_future()
        await asyncio.wait_for(node.connected.wait(), 10)
        async with node.lock:
            assert node.line is not None
            node.line.send("SSUBSCRIBE", chan)
        await asyncio.wait_for(asyncio.shield(fut), 10)

    async def add(self, sub: Subscription) -> None:
        """Register ``sub`` (buffering) and wait until Redis confirms the channel."""
        subs = self.local.get(sub.match_id)
        if subs is None:
            subs = self.local[sub.match_id] = set()
            subs.add(sub)
            try:
                await self._attach(sub.match_id)
            except (*REDIS_DOWN, RedisConnectionError, TimeoutError, Unavailable) as exc:
                self.discard(sub)
                raise Unavailable("storage is unreachable") from exc
        else:
            subs.add(sub)
            fut = self._confirm.get(channel(sub.match_id))
            if fut is not None:
                try:
                    await asyncio.wait_for(asyncio.shield(fut), 10)
                except (*REDIS_DOWN, RedisConnectionError, TimeoutError) as exc:
                    self.discard(sub)
                    raise Unavailable("storage is unreachable") from exc

    def discard(self, sub: Subscription) -> None:
        subs = self.local.get(sub.match_id)
        if subs is None:
            return
        subs.discard(sub)
        if not subs:
            del self.local[sub.match_id]
            name = self._node_of.get(sub.match_id)
            node = self._nodes.get(name) if name is not None else None
            if node is not None:
                self._spawn(self._unsubscribe(node, sub.match_id))

    async def _unsubscribe(self, node: _Node, match_id: MatchId) -> None:
        async with node.lock:
            if match_id in self.local:
                return  # subscribed again meanwhile
            node.matches.discard(match_id)
            if self._node_of.get(match_id) == node.name:
                del self._node_of[match_id]
            if node.connected.is_set():
                node.leaving.add(match_id)
                with contextlib.suppress(Exception):
                    assert node.line is not None
                    node.line.send("SUNSUBSCRIBE", channel(match_id))

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
    def _table_of(note: dict[str, Any]) -> Snapshot | None:
        """The table after a notification's event, decoded once for all local subscribers."""
        cache = note.setdefault("_cache", {})
        if "table" not in cache:
            data = note.get("table")
            rules = games.get(note["game"])
            cache["table"] = None if data is None else Snapshot(rules, decode_table(rules, data))
        snap: Snapshot | None = cache["table"]
        return snap

    def _push(self, sub: Subscription, note: dict[str, Any]) -> None:
        v = note["entry"]["v"]
        if v <= sub.last:
            return
        if v > sub.last + 1:
            sub.filling = True
            sub.pending.append(note)
            self._spawn(self._fill(sub, v - 1))
            return
        # Every subscriber of one seat (and every spectator) gets the same bytes: build once.
        frames = note.setdefault("_cache", {}).setdefault("frames", {})
        data = frames.get(sub.seat)
        if data is None:
            data = frames[sub.seat] = encode(event_frame(sub.match_id, note["entry"], sub.seat, self._table_of(note)))
        sub.send(data)
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
                    snap = Snapshot(*table) if last and table is not None else None
                    sub.send(event_frame(sub.match_id, entry, sub.seat, snap))
                    sub.last = entry["v"]
        finally:
            sub.filling = False
            pending, sub.pending = sub.pending, []
            for note in sorted(pending, key=lambda n: n["entry"]["v"]):
                self._push(sub, note)
