"""Matches in Redis: one hash per match, its event log as a stream, one Lua step per change.

Every key of a match carries the hash tag ``{<match id>}`` so that the whole
match lives in one Cluster slot and the commit script may touch all of it.

- ``vorpal:{id}:m``    hash: the match record (``MatchRecord`` fields)
- ``vorpal:{id}:log``  stream: one entry per version, entry id ``<version>-0``
- ``vorpal:{id}:ids``  hash: ``<seat>:<move id>`` -> version the move was applied at
- ``vorpal:{id}:chat`` stream: the public chat (capped)
- ``vorpal:{id}``      sharded pub/sub channel: notifications of new versions and chat
- ``vorpal:matches``   sorted set: match ids by creation time (for listing; a slot of its own)

The store speaks to one Redis (``redis://``, ``rediss://``, ``unix://``) or
to a Redis Cluster (``redis+cluster://host:port[,host:port...]``, or any
URL with ``cluster=True``). In a cluster, sharded pub/sub must be read from
the node that owns a channel's slot: :meth:`Store.pubsub_node` says which.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any
from urllib.parse import unquote

import msgpack
import redis.asyncio as aioredis
from redis.asyncio.cluster import ClusterNode, RedisCluster
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialWithJitterBackoff
from redis.exceptions import ClusterError, RedisClusterException
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from server.engine.errors import MatchNotFound, Unavailable
from server.store.line import Endpoint, Line, Script

INDEX_KEY = "vorpal:matches"
CHAT_MAXLEN = 200
LIST_SCAN = 1000

_COMMIT_SOURCE = resources.files("server.store").joinpath("commit.lua").read_text()
COMMIT_SCRIPT = Script(_COMMIT_SOURCE)

#: Faults that mean "Redis cannot answer now" (down, restarting, loading its AOF, a cluster
#: slot without a master): callers turn them into ``unavailable``.
REDIS_DOWN = (RedisConnectionError, RedisTimeoutError, OSError, ClusterError, RedisClusterException)

CLUSTER_SCHEMES = ("redis+cluster://", "rediss+cluster://")


def is_cluster_url(url: str) -> bool:
    return url.startswith(CLUSTER_SCHEMES)


def parse_cluster_url(url: str) -> tuple[list[tuple[str, int]], dict[str, Any]]:
    """``redis+cluster://[user:password@]host:port[,host:port...][/]`` -> (seed nodes, connection options).

    ``rediss+cluster://`` turns TLS on. A plain ``redis://host:port`` URL is read as one seed node.
    """
    scheme, _, rest = url.partition("://")
    options: dict[str, Any] = {"ssl": scheme.startswith("rediss")}
    rest = rest.split("/", 1)[0].split("?", 1)[0]
    if "@" in rest:
        creds, rest = rest.rsplit("@", 1)
        user, _, password = creds.partition(":")
        if user:
            options["username"] = unquote(user)
        if password:
            options["password"] = unquote(password)
    nodes = []
    for part in rest.split(","):
        host, _, port = part.strip().rpartition(":")
        if not host or not port.isdigit():
            raise ValueError(f"a cluster URL lists host:port pairs, not {part!r}")
        nodes.append((host.strip("[]"), int(port)))
    return nodes, options


def match_keys(match_id: str) -> tuple[str, str, str]:
    tag = f"vorpal:{{{match_id}}}"
    return f"{tag}:m", f"{tag}:log", f"{tag}:ids"


def channel(match_id: str) -> str:
    return f"vorpal:{{{match_id}}}"


def chat_key(match_id: str) -> str:
    return f"vorpal:{{{match_id}}}:chat"


@dataclass
class MatchRecord:
    """Everything stored about a match. ``table`` and ``rng`` never leave the server."""

    id: str
    game: str
    options: dict[str, Any]
    seats: int
    status: str
    version: int
    created: int
    updated: int
    seed: int
    names: list[str | None]
    bots: list[bool]
    tokens: list[str | None]
    table: bytes
    rng: list[int]
    outcome: dict[str, Any] | None = None

    def fields(self) -> dict[str, Any]:
        return {
            "id": self.id, "game": self.game, "options": json.dumps(self.options), "seats": self.seats,
            "status": self.status, "version": self.version, "created": self.created, "updated": self.updated,
            "seed": self.seed, "names": json.dumps(self.names), "bots": json.dumps(self.bots),
            "tokens": json.dumps(self.tokens), "table": self.table, "rng": json.dumps(self.rng),
            "outcome": json.dumps(self.outcome),
        }  # fmt: skip

    @classmethod
    def from_fields(cls, f: dict[bytes, bytes]) -> MatchRecord:
        def s(k: str) -> str:
            return f[k.encode()].decode()

        return cls(
            id=s("id"), game=s("game"), options=json.loads(s("options")), seats=int(s("seats")),
            status=s("status"), version=int(s("version")), created=int(s("created")),
            updated=int(s("updated")), seed=int(s("seed")), names=json.loads(s("names")),
            bots=json.loads(s("bots")), tokens=json.loads(s("tokens")), table=f[b"table"],
            rng=json.loads(s("rng")), outcome=json.loads(s("outcome")),
        )  # fmt: skip


@dataclass
class Commit:
    """One change to a match: the fields it rewrites, its log entry and its notification.

    The notification published is ``{**notification, "entry": log_entry}``.
    """

    match_id: str
    expected: int
    fields: dict[str, Any]
    log_entry: dict[str, Any]
    notification: dict[str, Any]
    ttl: int
    move_key: str = ""

    def packed(self) -> tuple[bytes, bytes]:
        """The log entry and the notification, MessagePack; the entry is packed once and spliced in."""
        entry = msgpack.packb(self.log_entry, use_bin_type=True)
        note = self.notification
        head = _map_header(len(note) + 1)
        body = b"".join(msgpack.packb(k, use_bin_type=True) + msgpack.packb(v, use_bin_type=True)
                        for k, v in note.items())  # fmt: skip
        return entry, head + body + msgpack.packb("entry") + entry


def _map_header(n: int) -> bytes:
    """The MessagePack header of a map of ``n`` pairs."""
    if n < 16:
        return bytes([0x80 | n])
    return b"\xde" + n.to_bytes(2, "big")


class Store:
    """Async access to matches. Every Redis fault surfaces as :class:`Unavailable`."""

    def __init__(self, client: aioredis.Redis | RedisCluster, *, pubsub_options: dict[str, Any] | None = None,
                 url: str | None = None) -> None:  # fmt: skip
        self.redis: Any = client
        self.cluster = isinstance(client, RedisCluster)
        self.url = url
        self._pubsub_options = pubsub_options or {}
        self._commit = client.register_script(_COMMIT_SOURCE)
        # One Redis: the hot paths (commit, load, log) take the lean pipelined line (line.py);
        # a cluster routes everything through redis-py.
        self._line = None if self.cluster or url is None else Line(Endpoint.from_url(url))

    @classmethod
    def from_url(cls, url: str, *, pool_size: int = 256, cluster: bool = False) -> Store:
        """A store on ``url``; a Redis Cluster if the scheme is ``redis+cluster://`` or ``cluster`` is set."""
        # A few quick retries ride out a blip; past them a request fails fast as ``unavailable``.
        retry = Retry(ExponentialWithJitterBackoff(base=0.02, cap=0.2), 2)
        if cluster or is_cluster_url(url):
            nodes, options = parse_cluster_url(url)
            client = RedisCluster(
                startup_nodes=[ClusterNode(h, p) for h, p in nodes], max_connections=pool_size, retry=retry,
                socket_timeout=10, socket_connect_timeout=5, **options,
            )  # fmt: skip
            return cls(client, pubsub_options=options, url=url)
        pool = aioredis.BlockingConnectionPool.from_url(
            url, max_connections=pool_size, timeout=10, socket_timeout=10, socket_connect_timeout=5,
            health_check_interval=30, retry=retry,
        )  # fmt: skip
        return cls(aioredis.Redis(connection_pool=pool), url=url)

    async def close(self) -> None:
        if self._line is not None:
            self._line.close()
        await self.redis.aclose()

    # -- pub/sub connections (read by the hub) -------------------------------------------

    async def pubsub_node(self, chan: str) -> str:
        """The name of the node a sharded channel is read from (``""``: the one Redis)."""
        if not self.cluster:
            return ""
        try:
            await self.redis.initialize()
            node = self.redis.get_node_from_key(chan)
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable") from exc
        name: str = node.name
        return name

    def pubsub_line(self, node: str, on_push: Callable[[Any], None]) -> Line:
        """A dedicated connection for the pub/sub messages of ``node``, handed to ``on_push``.

        It never reconnects by itself: a lost connection must surface (``Line.lost``), so
        that the hub knows events may have been missed and fills them in from the logs.
        """
        if not self.cluster:
            assert self.url is not None, "a store made from a client has no pub/sub of its own"
            return Line(Endpoint.from_url(self.url), on_push=on_push)
        host, _, port = node.rpartition(":")
        o = self._pubsub_options
        endpoint = Endpoint(host=host, port=int(port), username=o.get("username"), password=o.get("password"),
                            tls=bool(o.get("ssl")))  # fmt: skip
        return Line(endpoint, on_push=on_push)

    async def refresh_topology(self) -> None:
        """After a cluster fault: read the slot map again before the next routing decision."""
        if self.cluster:
            with contextlib.suppress(*REDIS_DOWN):
                await self.redis.nodes_manager.initialize()

    async def ping(self) -> bool:
        try:
            return bool(await self.redis.ping())
        except REDIS_DOWN:
            return False

    async def create(self, record: MatchRecord, ttl: int) -> None:
        key, _, _ = match_keys(record.id)
        try:
            async with self.redis.pipeline(transaction=False) as p:
                p.hset(key, mapping=record.fields())
                p.expire(key, ttl)
                p.zadd(INDEX_KEY, {record.id: record.created})
                await p.execute()
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable") from exc

    async def load(self, match_id: str, move_key: str = "") -> tuple[MatchRecord, int | None]:
        """The record, and the version a move id was applied at (if ``move_key`` given and known)."""
        key, _, ids = match_keys(match_id)
        try:
            if self._line is not None:
                commands: list[tuple[str, ...]] = (
                    [("HGETALL", key), ("HGET", ids, move_key)] if move_key else [("HGETALL", key)]
                )
                flat, *rest = await self._line.pipeline(*commands)
                raw, applied = dict(zip(flat[::2], flat[1::2], strict=True)), rest[0] if rest else None
            elif move_key:
                async with self.redis.pipeline(transaction=False) as p:
                    p.hgetall(key)
                    p.hget(ids, move_key)
                    raw, applied = await p.execute()
            else:
                raw, applied = await self.redis.hgetall(key), None
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable") from exc
        if not raw:
            raise MatchNotFound(f"no match {match_id!r}")
        return MatchRecord.from_fields(raw), None if applied is None else int(applied)

    async def commit(self, c: Commit) -> tuple[int, int]:
        """Run the commit script; returns ``(status, version)`` as the script does."""
        keys = match_keys(c.match_id)
        entry, note = c.packed()
        args: list[Any] = [c.expected, c.move_key, entry, note, channel(c.match_id), c.ttl]
        for k, v in c.fields.items():
            args += [k, v]
        try:
            if self._line is not None:
                status, version = await COMMIT_SCRIPT(self._line, keys, args)
            else:
                status, version = await self._commit(keys=list(keys), args=args)
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable; the change was not confirmed") from exc
        return int(status), int(version)

    async def log(self, match_id: str, since: int = 0, until: int | None = None) -> list[dict[str, Any]]:
        """Log entries with versions in ``(since, until]``, oldest first."""
        _, log, _ = match_keys(match_id)
        end = "+" if until is None else f"{until}-0"
        try:
            if self._line is not None:
                entries = await self._line.call("XRANGE", log, f"{since + 1}-0", end)
                return [msgpack.unpackb(fields[1], raw=False) for _, fields in entries]  # fields: [b"e", entry]
            entries = await self.redis.xrange(log, f"{since + 1}-0", end)
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable") from exc
        return [msgpack.unpackb(fields[b"e"], raw=False) for _, fields in entries]

    async def say(self, match_id: str, message: dict[str, Any]) -> None:
        data = msgpack.packb(message, use_bin_type=True)
        try:
            async with self.redis.pipeline(transaction=False) as p:
                p.xadd(chat_key(match_id), {"c": data}, maxlen=CHAT_MAXLEN, approximate=True)
                p.spublish(channel(match_id), msgpack.packb({"kind": "chat", "chat": message}, use_bin_type=True))
                await p.execute()
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable") from exc

    async def chat(self, match_id: str, limit: int = 50) -> list[dict[str, Any]]:
        try:
            entries = await self.redis.xrevrange(chat_key(match_id), count=limit)
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable") from exc
        return [msgpack.unpackb(f[b"c"], raw=False) for _, f in reversed(entries)]

    async def recent(self, limit: int = LIST_SCAN) -> list[dict[bytes, bytes]]:
        """Summaries (no table) of the newest matches; expired ones are dropped from the index."""
        summary = ("id", "game", "seats", "status", "version", "created", "updated", "names", "bots", "outcome")
        try:
            ids = await self.redis.zrevrange(INDEX_KEY, 0, limit - 1)
            async with self.redis.pipeline(transaction=False) as p:
                for mid in ids:
                    p.hmget(match_keys(mid.decode())[0], summary)
                rows = await p.execute()
            gone = [mid for mid, row in zip(ids, rows, strict=True) if row[0] is None]
            if gone:
                await self.redis.zrem(INDEX_KEY, *gone)
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable") from exc
        return [{k.encode(): v for k, v in zip(summary, row, strict=True)} for row in rows if row[0] is not None]
