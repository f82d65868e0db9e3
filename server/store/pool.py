"""A connection pool that closes what a burst opened once the burst is over.

redis-py's pool keeps every connection it ever opened until the client closes:
a burst of 100 concurrent requests leaves 100 sockets (and file descriptors)
open for as long as the process runs. This pool closes a connection that has
sat idle for ``idle_s``. Idle connections are a stack (the last one released is
the next one taken), so steady traffic keeps reusing the same few at the top
and the ones at the bottom are exactly those the load no longer needs.

The trim runs when a connection is released, which the scheduler's lease
renewals do every tick even on an idle instance; :meth:`trim` may also be
called directly.

A closed connection must be freed by reference counting: it has lived through
the young collections, so a reference cycle would keep it (about 40 objects,
its parser and transport) until a full collection, which a loaded server hardly
ever runs. redis-py's maintenance notifications (server-pushed failover notices
of managed Redis services, unused here) tie every connection into such cycles,
so this pool's connections are made without them. Since redis-py 8.2 an
asyncio connection also packs commands with hiredis through a serializer that
holds the connection's own bound method as its fallback (connection → packer →
method → connection): :func:`unbind_packer` makes that fallback reach the
connection through a weak proxy, which breaks the cycle and packs alike.

Both reach into redis-py's private attributes; ``tests/project/test_library_assumptions.py``
names each assumption and fails with its name when a release breaks it.
"""

from __future__ import annotations

import functools
import time
import weakref
from typing import Any

from redis.asyncio.connection import AbstractConnection, BlockingConnectionPool
from redis.maint_notifications import MaintNotificationsConfig


def unbind_packer(connection: AbstractConnection) -> None:
    """Point the connection's hiredis packer at the connection weakly, so no cycle keeps a closed one.

    A packer whose fallback is not a method of this connection (older releases have no packer)
    is left as it is.
    """
    packer = getattr(connection, "_command_packer", None)
    fallback = getattr(packer, "_fallback", None)
    if getattr(fallback, "__self__", None) is connection:
        packer._fallback = functools.partial(fallback.__func__, weakref.proxy(connection))  # type: ignore[union-attr]


class TrimmingPool(BlockingConnectionPool):  # type: ignore[misc]
    """A blocking pool whose connections idle for longer than ``idle_s`` are closed (``0``: never)."""

    def __init__(self, *, idle_s: float = 30.0, **kwargs: Any) -> None:
        kwargs.setdefault("maint_notifications_config", MaintNotificationsConfig(enabled=False))
        super().__init__(**kwargs)
        self.idle_s = idle_s
        self._released: weakref.WeakKeyDictionary[AbstractConnection, float] = weakref.WeakKeyDictionary()

    def make_connection(self) -> AbstractConnection:
        connection: AbstractConnection = super().make_connection()  # type: ignore[no-untyped-call]
        unbind_packer(connection)
        return connection

    async def release(self, connection: AbstractConnection) -> None:
        now = time.monotonic()
        self._released[connection] = now
        await super().release(connection)
        idle = self._available_connections
        if self.idle_s > 0 and idle and self._released.get(idle[0], now) < now - self.idle_s:
            await self.trim()

    async def trim(self) -> int:
        """Close the connections idle for longer than ``idle_s``; returns how many were closed."""
        if self.idle_s <= 0:
            return 0
        cutoff = time.monotonic() - self.idle_s
        stale: list[AbstractConnection] = []
        async with self._condition:
            idle: list[AbstractConnection] = self._available_connections
            # The oldest releases are at the bottom of the stack.
            while idle and self._released.get(idle[0], 0.0) < cutoff:
                stale.append(idle.pop(0))
            if stale:
                # Room for a new connection: wake anyone waiting for one.
                self._condition.notify(len(stale))
        for connection in stale:
            self._released.pop(connection, None)
            await connection.disconnect()
        return len(stale)

    def open_connections(self) -> int:
        """Connections this pool holds, in use or idle (idle ones may already be disconnected)."""
        return len(self._available_connections) + len(self._in_use_connections)
