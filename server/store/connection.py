"""The store's one way to Redis: commands, pipelines and scripts, with raw replies.

The store speaks to Redis through a :class:`Connection`, whatever carries it:

- one Redis (``redis://``, ``rediss://``, ``unix://``): the lean pipelined :class:`~server.store.line.Line`,
  every command of the store included (the hot ones, commits, loads and log reads, above all);
- a Redis Cluster: :class:`ClusterConnection`, redis-py's cluster client, which routes each
  command to the node that owns its keys and follows the slot map when it changes
  (:class:`ClientConnection` is redis-py on one Redis, taking a cluster's steps: the tests
  compare the two paths with it).

Both answer as Redis does (RESP2 as hiredis reads it: bytes, integers, lists, ``None``), so the
store has one path for each operation and never asks which client it has. What differs with the
topology is asked of the connection by name: where a sharded channel is read (:meth:`node_of`),
how to reach that node for pub/sub (:meth:`subscriber`), whether one script may touch keys of
different slots (:attr:`one_node`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Coroutine, Sequence
from typing import Any, Protocol

import redis.asyncio as aioredis
from redis.asyncio.cluster import RedisCluster
from redis.exceptions import ClusterError, RedisClusterException
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from .line import Arg, Endpoint, Line, Push, Script

#: Faults that mean "Redis cannot answer now" (down, restarting, loading its AOF, a cluster
#: slot without a master), from either connection: callers turn them into ``unavailable``.
REDIS_DOWN = (RedisConnectionError, RedisTimeoutError, OSError, ClusterError, RedisClusterException)

#: The commands the store sends through a connection; redis-py would reshape their replies
#: (HGETALL into a dict, XRANGE into tuples...), so :class:`ClusterConnection` asks it not to.
STORE_COMMANDS = ("DEL", "EVAL", "EVALSHA", "EXPIRE", "HGET", "HGETALL", "HMGET", "HSET", "PING", "PTTL", "TYPE",
                  "XRANGE", "XREVRANGE", "ZADD", "ZCARD", "ZRANGE", "ZRANGEBYSCORE", "ZREMRANGEBYSCORE",
                  "ZREVRANGEBYSCORE")  # fmt: skip


class Connection(Protocol):
    """What the store asks of Redis. Replies are raw; an error reply raises ``ResponseError``, and
    "Redis cannot answer now" one of :data:`REDIS_DOWN`."""

    #: True when every key lives on one node (a script may touch any keys).
    one_node: bool

    async def call(self, *args: Arg) -> Any:
        """One command and its reply."""

    async def pipeline(self, *commands: Sequence[Arg]) -> list[Any]:
        """Several commands in one round trip (per node), their replies in order."""

    async def run(self, script: Script, keys: Sequence[Arg], args: Sequence[Arg]) -> Any:
        """A Lua script, by its SHA1 once Redis knows it."""

    async def node_of(self, channel: str) -> str:
        """The node a sharded pub/sub channel is read from (``""``: the one Redis)."""

    def subscriber(self, node: str, on_push: Push) -> Line:
        """A dedicated line to ``node`` for pub/sub, its messages handed to ``on_push``; it never
        reconnects by itself, so that a loss surfaces (:attr:`Line.lost`)."""

    def writer(self) -> Connection:
        """A connection of its own for the commits under the write policy (``WAIT`` blocks the
        connection it is sent on, and confirms only that connection's writes); a cluster, where the
        policy is refused, answers itself."""

    async def refresh(self) -> None:
        """After a fault: learn the topology again before the next command (nothing on one Redis)."""

    async def close(self) -> None:
        """Close what this connection opened."""


class LineConnection:
    """One Redis, over one pipelined :class:`Line` (and one more line per subscriber)."""

    one_node = True

    def __init__(self, url: str, line: Line | None = None) -> None:
        self.url = url
        self.line = line or Line(Endpoint.from_url(url))

    # call and run hand back the line's own coroutine: no frame of their own on the path of every move.
    def call(self, *args: Arg) -> Coroutine[Any, Any, Any]:
        return self.line.call(*args)

    async def pipeline(self, *commands: Sequence[Arg]) -> list[Any]:
        if not commands:
            return []
        return await self.line.pipeline(*commands)

    def run(self, script: Script, keys: Sequence[Arg], args: Sequence[Arg]) -> Coroutine[Any, Any, Any]:
        return script.run(self.line.call, keys, args)

    async def node_of(self, channel: str) -> str:
        return ""

    def subscriber(self, node: str, on_push: Push) -> Line:
        return Line(Endpoint.from_url(self.url), on_push=on_push)

    def writer(self) -> Connection:
        return LineConnection(self.url)

    async def refresh(self) -> None:
        return None

    async def close(self) -> None:
        self.line.close()


class ClientConnection:
    """redis-py's client (one Redis or a cluster) with its replies kept raw, taking the steps a cluster
    needs (:attr:`one_node` False) unless told otherwise. :class:`ClusterConnection` adds the topology."""

    def __init__(self, client: aioredis.Redis | RedisCluster, *, one_node: bool = False) -> None:
        # RESP3 (redis-py's default since 8) would answer HGETALL with a map and pair WITHSCORES.
        if str(client.get_connection_kwargs().get("protocol")) != "2":
            raise ValueError("the store's redis-py client speaks RESP2, as the line does: make it with protocol=2")
        self.client: Any = client
        self.one_node = one_node
        for command in STORE_COMMANDS:
            client.set_response_callback(command, _raw)

    async def call(self, *args: Arg) -> Any:
        return await self.client.execute_command(*args)

    async def pipeline(self, *commands: Sequence[Arg]) -> list[Any]:
        if not commands:
            return []
        async with self.client.pipeline(transaction=False) as p:
            for command in commands:
                p.execute_command(*command)
            replies: list[Any] = await p.execute()
        return replies

    async def run(self, script: Script, keys: Sequence[Arg], args: Sequence[Arg]) -> Any:
        return await script.run(self.client.execute_command, keys, args)

    async def node_of(self, channel: str) -> str:
        return ""

    def subscriber(self, node: str, on_push: Push) -> Line:
        raise NotImplementedError("pub/sub takes a line of its own: LineConnection on one Redis, or a cluster's")

    def writer(self) -> Connection:
        return self

    async def refresh(self) -> None:
        return None

    async def close(self) -> None:
        await self.client.aclose()


class ClusterConnection(ClientConnection):
    """A Redis Cluster, through a redis-py cluster client of its own (its replies raw): each command
    goes to the node that owns its keys, and the slot map is followed when it changes."""

    def __init__(self, client: RedisCluster, *, options: dict[str, Any]) -> None:
        super().__init__(client, one_node=False)
        self._options = options  # credentials and TLS, for the subscribers' own lines

    async def node_of(self, channel: str) -> str:
        await self.client.initialize()
        name: str = self.client.get_node_from_key(channel).name
        return name

    def subscriber(self, node: str, on_push: Push) -> Line:
        host, _, port = node.rpartition(":")
        o = self._options
        endpoint = Endpoint(host=host, port=int(port), username=o.get("username"), password=o.get("password"),
                            tls=bool(o.get("ssl")))  # fmt: skip
        return Line(endpoint, on_push=on_push)

    async def refresh(self) -> None:
        with contextlib.suppress(*REDIS_DOWN):
            await self.client.nodes_manager.initialize()


def _raw(response: Any, **options: Any) -> Any:
    return response
