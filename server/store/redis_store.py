"""Matches in Redis: one hash per match, its event log as a stream, one Lua step per change.

Every key of a match carries the hash tag ``{<match id>}`` so that the whole
match lives in one Cluster slot and the commit script may touch all of it.

- ``vorpal:{id}:m``    hash: the match record (``MatchRecord`` fields)
- ``vorpal:{id}:log``  stream: one entry per version, entry id ``<version>-0``
- ``vorpal:{id}:ids``  hash: ``<seat>:<move id>`` -> version the move was applied at
- ``vorpal:{id}:chat`` stream: the public chat (capped)
- ``vorpal:{id}``      sharded pub/sub channel: notifications of new versions and chat
- ``vorpal:matches``   sorted set: match ids by creation time (for listing)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import msgpack
import redis.asyncio as aioredis
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from server.engine.errors import MatchNotFound, Unavailable

INDEX_KEY = "vorpal:matches"
CHAT_MAXLEN = 200
LIST_SCAN = 1000

_COMMIT = resources.files("server.store").joinpath("commit.lua").read_text()

REDIS_DOWN = (RedisConnectionError, RedisTimeoutError, OSError)


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
    """One change to a match: the fields it rewrites, its log entry and its notification."""

    match_id: str
    expected: int
    fields: dict[str, Any]
    log_entry: dict[str, Any]
    notification: dict[str, Any]
    ttl: int
    move_key: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


class Store:
    """Async access to matches. Every Redis fault surfaces as :class:`Unavailable`."""

    def __init__(self, client: aioredis.Redis) -> None:
        self.redis = client
        self._commit = client.register_script(_COMMIT)

    @classmethod
    def from_url(cls, url: str, *, pool_size: int = 256) -> Store:
        pool = aioredis.BlockingConnectionPool.from_url(
            url, max_connections=pool_size, timeout=10, socket_timeout=10, socket_connect_timeout=5,
            health_check_interval=30,
        )  # fmt: skip
        return cls(aioredis.Redis(connection_pool=pool))

    async def close(self) -> None:
        await self.redis.aclose()

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
            if move_key:
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
        args: list[Any] = [
            c.expected, c.move_key, msgpack.packb(c.log_entry, use_bin_type=True),
            msgpack.packb(c.notification, use_bin_type=True), channel(c.match_id), c.ttl,
        ]  # fmt: skip
        for k, v in c.fields.items():
            args += [k, v]
        try:
            status, version = await self._commit(keys=list(keys), args=args)
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable; the change was not confirmed") from exc
        return int(status), int(version)

    async def log(self, match_id: str, since: int = 0, until: int | None = None) -> list[dict[str, Any]]:
        """Log entries with versions in ``(since, until]``, oldest first."""
        _, log, _ = match_keys(match_id)
        end = "+" if until is None else f"{until}-0"
        try:
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
        return [
            {k.encode(): v for k, v in zip(summary, row, strict=True)} for row in rows if row[0] is not None
        ]
