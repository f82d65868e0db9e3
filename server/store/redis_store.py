"""Matches in Redis: one hash per match, its event log as a stream, one Lua step per change.

The keys are listed in :mod:`server.store.keys`; the record's encoding is
:mod:`server.store.codec`. :class:`Store` implements the domain's
:class:`~server.domain.record.MatchStore`, so nothing above it knows Redis.

The store speaks to one Redis (``redis://``, ``rediss://``, ``unix://``) or
to a Redis Cluster (``redis+cluster://host:port[,host:port...]``, or any
URL with ``cluster=True``), or to the primary that Sentinels name
(``redis+sentinel://host:port[,host:port...]/mastername``, :mod:`server.store.sentinel`),
through one :class:`~server.store.connection.Connection`
either way: the lean pipelined line on one Redis, redis-py's cluster client on a
cluster. In a cluster, sharded pub/sub must be read from the node that owns a
channel's slot: :meth:`Store.pubsub_node` says which.

``self.redis`` is a redis-py client on the same Redis, for the feature stores
(accounts, ladders, tournaments, inbox) that take it.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterable, Sequence
from typing import Any
from urllib.parse import unquote

import msgpack
import redis.asyncio as aioredis
from redis.asyncio.cluster import ClusterNode, RedisCluster
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialWithJitterBackoff
from redis.exceptions import ResponseError

from server.domain.record import (
    Commit,
    CommitResult,
    CommitStatus,
    LobbyCursor,
    LobbyPage,
    MatchRecord,
)
from server.domain.status import MatchStatus
from server.errors import MatchNotFound, Unavailable
from server.runtime.clock import now_ms

from .account_records import AccountRecords
from .bot_schedule import BotSchedule
from .codec import (
    UncachedTables,
    decode_record,
    encode_changes,
    encode_record,
)
from .connection import REDIS_DOWN, ClusterConnection, Connection, LineConnection
from .keys import (
    SCHEDULE_DUE,
    SCHEDULE_OWNER,
    SEARCH_DUE,
    channel,
    chat_key,
    match_keys,
    said_key,
)
from .line import Line, Script
from .lobby import REPAIR_BATCH, LobbyIndexes
from .pool import TrimmingPool
from .replicas import ReplicaWait, WritePolicy
from .sentinel import SentinelConnection, is_sentinel_url

log = logging.getLogger("vorpal.store")

CHAT_MAXLEN = 200
#: The chat limit counts a seat's messages over this window.
CHAT_WINDOW_MS = 60_000
#: A packer's first buffer: a log entry fits; a stored table grows it (msgpack reallocates).
PACK_BUFFER_BYTES = 4096


COMMIT_SCRIPT = Script.packaged("commit.lua")
LEASES_SCRIPT = Script.packaged("leases.lua")
CHAT_SCRIPT = Script.packaged("chat.lua")

__all__ = ["REDIS_DOWN", "Store"]

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


def pack_commit(c: Commit) -> tuple[bytes, bytes]:
    """The log entry and the notification, MessagePack; the entry is packed once and spliced in.

    The notification is ``{"kind": "event", "game", "table", "entry"}``: with the table after
    the change, every instance can redact and push the event without reading Redis.
    """
    packer = _packer()
    entry = packer.pack(c.entry)
    note = {"kind": "event", "game": c.record.game, "table": c.record.table}
    body = b"".join(packer.pack(k) + packer.pack(v) for k, v in note.items())
    return entry, packer.pack_map_header(len(note) + 1) + body + packer.pack("entry") + entry


def _packer() -> msgpack.Packer:
    """A packer whose buffer starts small. ``msgpack.packb`` starts every call with a buffer of
    256 KiB, which glibc either maps and unmaps each time or, once its thresholds have adapted,
    carves from the heap, leaving a hole that long-lived blocks land in (issue 22's soak)."""
    return msgpack.Packer(use_bin_type=True, buf_size=PACK_BUFFER_BYTES)


class Store(UncachedTables):
    """Async access to matches. Every Redis fault surfaces as :class:`Unavailable`."""

    def __init__(self, connection: Connection, client: aioredis.Redis | RedisCluster) -> None:
        self.conn = connection
        #: Each account's matches and results (its ``keep_s``: ``VORPAL_RECORDS_RETENTION_S``).
        self.accounts_index = AccountRecords(connection)
        self.bot_schedule = BotSchedule(connection)  # the bot service's leases and secret
        self.redis: Any = client
        self.cluster = not connection.one_node
        self.lobby = LobbyIndexes(connection)
        #: The write policy (``VORPAL_WRITE_REPLICAS``, :mod:`server.store.replicas`); None: acknowledged at once.
        self.policy: WritePolicy | None = None
        #: Where commits are made: ``conn``, or under the write policy a connection of their own.
        self.commits: Connection = connection

    def require_replicas(self, replicas: int, timeout_ms: int, *, aof: bool = False) -> Store:
        """Acknowledge a commit only once ``replicas`` replicas have it (0: at once, as Redis answers)."""
        if replicas <= 0:
            self.policy, self.commits = None, self.conn
        elif self.cluster:
            raise ValueError("VORPAL_WRITE_REPLICAS needs one primary (redis://, rediss://, redis+sentinel://): on a "
                             "cluster, WAIT would not reach the node that took the write")  # fmt: skip
        else:
            # A connection of the commits' own: WAIT holds up every command behind it on its connection.
            self.commits = self.conn.writer()
            self.policy = WritePolicy(self.conn, self.commits, ReplicaWait(self.commits.call, replicas, timeout_ms,
                                                                           aof=aof))  # fmt: skip
        return self

    @classmethod
    def from_url(cls, url: str, *, pool_size: int = 256, idle_s: float = 30.0, cluster: bool = False) -> Store:
        """A store on ``url``; a Redis Cluster if the scheme is ``redis+cluster://`` or ``cluster`` is set.

        ``idle_s``: a pooled connection of redis-py's unused this long is closed (one Redis; ``0``: kept open).
        """
        # A few quick retries ride out a blip; past them a request fails fast as ``unavailable``.
        retry = Retry(ExponentialWithJitterBackoff(base=0.02, cap=0.2), 2)
        if cluster or is_cluster_url(url):
            nodes, options = parse_cluster_url(url)

            def cluster_client(**raw: Any) -> RedisCluster:
                return RedisCluster(
                    startup_nodes=[ClusterNode(h, p) for h, p in nodes], max_connections=pool_size, retry=retry,
                    socket_timeout=10, socket_connect_timeout=5, **options, **raw,
                )  # fmt: skip

            # The store's own client answers raw, in RESP2 as the line; the feature stores' keeps redis-py's replies.
            return cls(ClusterConnection(cluster_client(protocol=2), options=options), cluster_client())
        if is_sentinel_url(url):
            from redis.asyncio.sentinel import Sentinel

            conn = SentinelConnection(url)
            sentinel = Sentinel(**conn.sentinel.redis_kwargs(), socket_timeout=10, socket_connect_timeout=5)
            conn.sentinel_clients = sentinel.sentinels
            client = sentinel.master_for(conn.sentinel.master, max_connections=pool_size, retry=retry,
                                         health_check_interval=30)  # fmt: skip
            return cls(conn, client)
        pool = TrimmingPool.from_url(
            url, idle_s=idle_s, max_connections=pool_size, timeout=10, socket_timeout=10, socket_connect_timeout=5,
            health_check_interval=30, retry=retry,
        )  # fmt: skip
        return cls(LineConnection(url), aioredis.Redis.from_pool(pool))  # the client owns the pool

    async def close(self) -> None:
        if self.policy is not None:
            self.policy.close()
        if self.commits is not self.conn:
            await self.commits.close()
        await self.conn.close()
        await self.redis.aclose()

    # -- pub/sub connections (read by the hub) -------------------------------------------

    async def pubsub_node(self, chan: str) -> str:
        """The name of the node a sharded channel is read from (``""``: the one Redis)."""
        try:
            return await self.conn.node_of(chan)
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable") from exc

    def pubsub_line(self, node: str, on_push: Callable[[Any], None]) -> Line:
        """A dedicated connection for the pub/sub messages of ``node``, handed to ``on_push``.

        It never reconnects by itself: a lost connection must surface (``Line.lost``), so
        that the hub knows events may have been missed and fills them in from the logs.
        """
        return self.conn.subscriber(node, on_push)

    async def refresh_topology(self) -> None:
        """After a cluster fault: read the slot map again before the next routing decision."""
        await self.conn.refresh()

    async def ping(self) -> bool:
        """Whether Redis answers both ways in: the store's connection and the feature stores' client."""
        try:
            return bool(await self.conn.call("PING")) and bool(await self.redis.ping())
        except REDIS_DOWN:
            return False

    async def create(self, record: MatchRecord, ttl: int, *, scheduled: bool, searched: bool = False) -> None:
        """Store a new match; ``scheduled``: it has timed work (bots), which some instance must lease;
        ``searched``: it has AI seats, which some bot service must lease (:meth:`search_leases`).

        The lobby's indexes are written first: an entry whose match was never written is
        dropped by the next listing or repair, while a match missing from them would stay unlisted.
        """
        key, _, _ = match_keys(record.id)
        fields = [part for item in encode_record(record).items() for part in item]
        commands: list[tuple[Any, ...]] = [("HSET", key, *fields), ("EXPIRE", key, ttl)]
        if scheduled:
            commands.append(("ZADD", SCHEDULE_DUE, "NX", 0, record.id))
        if searched:
            commands.append(("ZADD", SEARCH_DUE, "NX", 0, record.id))
        commands += self.accounts_index.commands(record)
        try:
            await self.lobby.place(record.id, record.game, record.status, record.created, now_ms() + ttl * 1000)
            await self.conn.pipeline(*commands)
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable") from exc

    async def load(self, match_id: str, move_key: str = "") -> tuple[MatchRecord, int | None]:
        """The record, and the version a move id was applied at (if ``move_key`` given and known)."""
        key, _, ids = match_keys(match_id)
        commands: list[tuple[str, ...]] = [("HGETALL", key)]
        if move_key:
            commands.append(("HGET", ids, move_key))
        try:
            flat, *rest = await self.conn.pipeline(*commands)
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable") from exc
        if not flat:
            raise MatchNotFound(f"no match {match_id!r}")
        applied = rest[0] if rest else None
        if applied is not None and self.policy is not None:
            # About to be acknowledged as a duplicate: the first attempt's write may have been
            # another connection's, and unconfirmed; written again here, it is waited for.
            await self.policy.confirm_duplicate(match_id, ("HSET", ids, move_key, applied))
        raw = dict(zip(flat[::2], flat[1::2], strict=True))
        return decode_record(raw), None if applied is None else int(applied)

    async def seat_hashes(self, match_id: str) -> list[str | None] | None:
        """The hash of each seat's token (None: a free seat); None if there is no such match."""
        key, _, _ = match_keys(match_id)
        try:
            raw = await self.conn.call("HGET", key, "tokens")
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable") from exc
        if raw is None:
            return None
        hashes = json.loads(raw)
        return hashes if isinstance(hashes, list) else None

    async def commit(self, c: Commit) -> CommitResult:
        """Run the commit script (``commit.lua``): compare-and-set, write, log, publish."""
        match_id = c.record.id
        keys = (*match_keys(match_id), chat_key(match_id))
        entry, note = pack_commit(c)
        # Under the write policy the notification waits for the replicas (:meth:`WritePolicy.publish`).
        args: list[Any] = [c.expected, c.move_key, entry, note, "" if self.policy else channel(match_id), c.ttl]
        args += encode_changes(c.record, (*c.changed, "updated"))
        try:
            status, version, *before = await self.commits.run(COMMIT_SCRIPT, keys, args)
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable; the change was not confirmed") from exc
        result = CommitResult(CommitStatus(int(status)), int(version))
        if result.status is CommitStatus.DUPLICATE and c.move_key and self.policy is not None:
            await self.policy.confirm_duplicate(match_id, ("HSET", keys[2], c.move_key, result.version))
        moved = bool(before) and before[0].decode() != c.record.status.value  # the status changed
        if ("accounts" in c.changed or (moved and c.record.status.ended)) and result.status is CommitStatus.APPLIED:
            await self.accounts_index.place(c.record.replace(version=result.version))
        if moved:
            # The second step: the indexes follow the status. Should it fail, the change stands
            # (it is committed) and the indexes are repaired later (keys.py says how).
            r = c.record
            try:
                await self.lobby.place(r.id, r.game, r.status, r.created, now_ms() + c.ttl * 1000)
                delay = r.spectator_delay
                if r.status.ended and delay is not None and delay.seconds > 0:
                    await self.lobby.end_unseen(r.game, r.id, r.updated + int(delay.seconds * 1000))
            except (*REDIS_DOWN, ResponseError) as exc:
                log.warning("match %s is %s but the lobby's indexes were not told (%s)", r.id, r.status, exc)
        if self.policy is not None and result.status is CommitStatus.APPLIED:
            await self.policy.confirm_commit(match_id, note)  # last: the indexes above are written whatever it says
        return result

    async def account_matches(self, account_id: str, limit: int) -> list[tuple[str, bytes | None]]:
        return await self.accounts_index.page(account_id, limit)

    async def log(self, match_id: str, since: int = 0, until: int | None = None) -> list[dict[str, Any]]:
        """Log entries with versions in ``(since, until]``, oldest first."""
        _, log, _ = match_keys(match_id)
        end = "+" if until is None else f"{until}-0"
        try:
            entries = await self.conn.call("XRANGE", log, f"{since + 1}-0", end)
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable") from exc
        return [msgpack.unpackb(fields[1], raw=False) for _, fields in entries]  # fields: [b"e", entry]

    async def say(self, match_id: str, seat: int, message: dict[str, Any], per_minute: int) -> int:
        """Post ``message`` (0) unless ``seat`` said ``per_minute`` messages in the last minute: then the
        milliseconds until it may (``chat.lua``)."""
        record, _, _ = match_keys(match_id)
        packer = _packer()
        data = packer.pack(message)
        note = packer.pack({"kind": "chat", "chat": message})
        try:
            keys = [record, chat_key(match_id), said_key(match_id, seat)]
            said = await self.conn.run(CHAT_SCRIPT, keys, [per_minute, CHAT_WINDOW_MS, data, CHAT_MAXLEN, note,
                                                           channel(match_id)])  # fmt: skip
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable") from exc
        if said == -1:
            raise MatchNotFound(f"no match {match_id!r}")
        return int(said)

    async def chat(self, match_id: str, limit: int = 50) -> list[dict[str, Any]]:
        try:
            entries = await self.conn.call("XREVRANGE", chat_key(match_id), "+", "-", "COUNT", limit)
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable") from exc
        return [msgpack.unpackb(fields[1], raw=False) for _, fields in reversed(entries)]  # fields: [b"c", message]

    # -- the lobby (lobby.py) -----------------------------------------------------------

    async def counts(self, status: MatchStatus, games: Iterable[str]) -> dict[str, int]:
        """How many matches of each game the lobby lists in ``status`` (:meth:`LobbyIndexes.counts`)."""
        return await self.lobby.counts(status, games)

    async def page(self, game: str | None, status: MatchStatus | None, limit: int,
                   after: LobbyCursor | None = None) -> LobbyPage:  # fmt: skip
        """A page of the lobby, newest first (:meth:`LobbyIndexes.page`)."""
        return await self.lobby.page(game, status, limit, after)

    async def repair_lobby(self, batch: int = REPAIR_BATCH) -> int:
        """One step of the lobby's upkeep (:meth:`LobbyIndexes.repair`)."""
        return await self.lobby.repair(batch)

    async def unseen_ends(self, now: int) -> dict[str, int]:
        """Per game, the delayed matches whose end their spectators do not see yet (:class:`LobbyIndexes`)."""
        return await self.lobby.unseen_ends(now)

    # -- leases on scheduled matches (read by the scheduler) -----------------------------

    async def leases(self, op: str, owner: str, lease_ms: int, ids: Sequence[str] = (), limit: int = 0) -> list[str]:
        """``leases.lua``: ``claim`` (these ids, or up to ``limit`` due ones), ``renew``, ``hand_back`` or
        ``release`` (the match's timed work is over)."""
        try:
            out = await self.conn.run(LEASES_SCRIPT, [SCHEDULE_DUE, SCHEDULE_OWNER], [op, owner, lease_ms, limit, *ids])
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable") from exc
        return [i.decode() for i in out]
