"""Pub/sub for match channels and account notice channels, with explicit loss.

Each process subscribes (sharded pub/sub) to the channel of each topic it
follows: a match (MessagePack notifications of its events, to ``on_message``)
or an account (``acct:<id>``: the JSON text of each new notice of its inbox, to
``on_notice``), over one pub/sub connection per Redis node: one in all against a
single Redis; against a Redis Cluster, one per master that owns the slot of a
subscribed match (SSUBSCRIBE must reach that node).

A connection never reconnects silently. Each is re-established by its own
loop here, which then calls ``on_resync`` for every match it carries: whatever
was published meanwhile is in the match's log, and the caller fills it in from
there (a match's log, an account's inbox). The same happens when a cluster
slot moves to another node.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Coroutine
from typing import Any

import msgpack
from redis.exceptions import ConnectionError as RedisConnectionError

from server.errors import Unavailable, VorpalError
from server.runtime import metrics

from .keys import CONTROL_CHANNEL, account_of_topic, match_of_channel, topic_channel
from .line import Line
from .redis_store import REDIS_DOWN, Store

log = logging.getLogger("vorpal.subscriber")

OnMessage = Callable[[str, dict[str, Any]], None]
OnResync = Callable[[str], None]
OnNotice = Callable[[str, str], None]
CONFIRM_S = 10.0


class _Node:
    """One pub/sub connection to one Redis node and the match channels read through it."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.line: Line | None = None
        self.reader: asyncio.Task[None] | None = None
        self.connected = asyncio.Event()
        self.lock = asyncio.Lock()
        self.matches: set[str] = set()
        self.leaving: set[str] = set()

    @property
    def label(self) -> str:
        return self.name or "redis"


class Subscriber:
    def __init__(self, store: Store, on_message: OnMessage, on_resync: OnResync,
                 on_notice: OnNotice | None = None) -> None:  # fmt: skip
        self.store = store
        self.on_message = on_message
        self.on_notice = on_notice
        self.on_resync = on_resync
        self.reconnects = 0
        self._wanted: set[str] = set()
        self._nodes: dict[str, _Node] = {}
        self._node_of: dict[str, str] = {}
        self._confirm: dict[str, asyncio.Future[None]] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def connected(self) -> bool:
        """Every pub/sub connection is up (vacuously so before the first subscription)."""
        return all(n.connected.is_set() for n in self._nodes.values())

    async def start(self) -> None:
        if not self.store.cluster:
            self._node("")  # the one Redis: connect now

    async def stop(self) -> None:
        readers = [n.reader for n in self._nodes.values() if n.reader is not None]
        for t in [*readers, *self._tasks]:
            t.cancel()
        for t in readers:
            with contextlib.suppress(asyncio.CancelledError):
                await t
        for node in self._nodes.values():
            if node.line is not None:
                node.line.close()

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- following matches ---------------------------------------------------------------

    async def subscribe(self, match_id: str) -> None:
        """Follow ``match_id`` (or an account: :func:`~server.store.keys.account_topic`); returns once
        Redis has confirmed the channel (``unavailable`` if it cannot)."""
        self._wanted.add(match_id)
        chan = topic_channel(match_id)
        fut = self._confirm.get(chan)
        try:
            if match_id in self._node_of and fut is None:
                return  # confirmed already
            if fut is None or fut.done():
                await self._attach(match_id)
            else:
                await asyncio.wait_for(asyncio.shield(fut), CONFIRM_S)
        except (*REDIS_DOWN, RedisConnectionError, TimeoutError, Unavailable) as exc:
            raise Unavailable("storage is unreachable") from exc

    def unsubscribe(self, match_id: str) -> None:
        self._wanted.discard(match_id)
        name = self._node_of.get(match_id)
        node = self._nodes.get(name) if name is not None else None
        if node is not None:
            self._spawn(self._unsubscribe(node, match_id))

    async def _attach(self, match_id: str) -> None:
        """SSUBSCRIBE the match's channel on the node that owns it; wait for the confirmation."""
        chan = topic_channel(match_id)
        name = await self.store.pubsub_node(chan)
        node = self._node(name)
        self._node_of[match_id] = name
        node.matches.add(match_id)
        node.leaving.discard(match_id)
        fut = self._confirm.get(chan)
        if fut is None or fut.done():
            fut = self._confirm[chan] = asyncio.get_running_loop().create_future()
        await asyncio.wait_for(node.connected.wait(), CONFIRM_S)
        async with node.lock:
            assert node.line is not None
            node.line.send("SSUBSCRIBE", chan)
        await asyncio.wait_for(asyncio.shield(fut), CONFIRM_S)

    async def _unsubscribe(self, node: _Node, match_id: str) -> None:
        async with node.lock:
            if match_id in self._wanted:
                return  # followed again meanwhile
            node.matches.discard(match_id)
            if self._node_of.get(match_id) == node.name:
                del self._node_of[match_id]
            if node.connected.is_set():
                node.leaving.add(match_id)
                with contextlib.suppress(Exception):
                    assert node.line is not None
                    node.line.send("SUNSUBSCRIBE", topic_channel(match_id))

    # -- the connections ------------------------------------------------------------------

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
                node.line = line = self.store.pubsub_line(node.name, lambda reply: self._on_push(node, reply))
                await line.connect()
                # A plain channel keeps the connection "subscribed" while no match is.
                line.send("SUBSCRIBE", CONTROL_CHANNEL)
                async with node.lock:
                    chans = [topic_channel(m) for m in node.matches]
                    if self.store.cluster:  # a cluster refuses one SSUBSCRIBE over several slots
                        for chan in chans:
                            line.send("SSUBSCRIBE", chan)
                    elif chans:
                        line.send("SSUBSCRIBE", *chans)
                node.connected.set()
                delay = 0.1
                if not first:
                    self.reconnects += 1
                    log.warning("pub/sub connection to %s restored", node.label)
                    for m in list(node.matches):  # anything published while we were away is in the logs
                        self.on_resync(m)
                first = False
                raise await line.lost
            except asyncio.CancelledError:
                raise
            except (*REDIS_DOWN, RedisConnectionError) as exc:
                metrics.REDIS_ERRORS.labels("pubsub").inc()
                log.warning("pub/sub connection to %s lost (%s); reconnecting", node.label, type(exc).__name__)
            except Exception:
                log.exception("pub/sub reader of %s failed; reconnecting", node.label)
            node.connected.clear()
            for m in node.matches:
                fut = self._confirm.pop(topic_channel(m), None)
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
                if await self.store.pubsub_node(topic_channel(m)) != node.name:
                    node.matches.discard(m)
                    self._spawn(self._reattach(m))

    async def _reattach(self, match_id: str) -> None:
        """Subscribe ``match_id`` where its slot now lives, then have it filled in."""
        for _ in range(100):
            if match_id not in self._wanted:
                return
            try:
                await self._attach(match_id)
                break
            except (*REDIS_DOWN, RedisConnectionError, TimeoutError, Unavailable):
                await asyncio.sleep(0.2)
                await self.store.refresh_topology()
        self.on_resync(match_id)

    def _on_push(self, node: _Node, reply: Any) -> None:
        """One pushed message: ``[kind, channel, data or count]``."""
        if not isinstance(reply, list) or len(reply) != 3:
            return
        kind, chan, data = reply
        if kind == b"smessage":
            match_id = match_of_channel(chan.decode())
            if match_id in self._wanted:
                try:
                    account_id = account_of_topic(match_id)
                    if account_id is None:
                        self.on_message(match_id, msgpack.unpackb(data, raw=False))
                    elif self.on_notice is not None:
                        self.on_notice(account_id, data.decode())
                except Exception:  # one bad delivery must not take the connection down
                    log.exception("delivery of a %s notification failed", match_id)
        elif kind == b"ssubscribe":
            fut = self._confirm.pop(chan.decode(), None)
            if fut is not None and not fut.done():
                fut.set_result(None)
        elif kind == b"sunsubscribe":
            match_id = match_of_channel(chan.decode())
            if match_id in node.leaving:
                node.leaving.discard(match_id)
            elif match_id in self._wanted and match_id in node.matches:
                # The server dropped us: the slot moved to another node.
                node.matches.discard(match_id)
                self._spawn(self._reattach(match_id))
