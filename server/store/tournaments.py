"""Tournaments in Redis: one hash per tournament holding its JSON document and version
(the :class:`~server.domain.tournaments.service.TournamentStore` the tournament service needs).

Every change is a compare-and-set on the version (``tournaments.lua``), so two
instances (or two requests) changing one tournament never both win. The instance
that advances a tournament (creates a round's matches) holds a short lease on it:
``SET NX PX``, released by its holder only. A finished or cancelled tournament is kept for the
records' retention (``VORPAL_RECORDS_RETENTION_S``, beyond its matches), then expires. Keys are
listed in :mod:`server.store.keys`.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from server.domain.tournaments import Tournament
from server.errors import Unavailable

from .keys import TOURNAMENTS_KEY, TOURNAMENTS_RUNNING, tournament_key, tournament_lock
from .redis_store import REDIS_DOWN

_SCRIPT = resources.files("server.store").joinpath("tournaments.lua").read_text()
APPLIED = -1


class RedisTournaments:
    """Tournaments on the match store's Redis client (one Redis or a Cluster alike)."""

    def __init__(self, client: Any, *, retention_s: int = 7 * 24 * 3600) -> None:
        """A finished or cancelled tournament is kept ``retention_s`` seconds."""
        self.redis = client
        self.retention_s = retention_s
        self._script = client.register_script(_SCRIPT)

    async def save(self, t: Tournament, expected: int | None) -> bool:
        """Store ``t`` (at ``t.version``) if the stored version is still ``expected`` (None: a new one)."""
        try:
            status = await self._script(keys=[tournament_key(t.id)], args=[
                "save", "" if expected is None else str(expected), str(t.version), t.model_dump_json()])  # fmt: skip
            if int(status) != APPLIED:
                return False
            if expected is None:
                await self.redis.zadd(TOURNAMENTS_KEY, {t.id: t.created})
            if t.status == "running" or (t.status == "registering" and t.starts_at is not None):
                await self.redis.sadd(TOURNAMENTS_RUNNING, t.id)  # the loop advances it (or starts it on time)
            else:
                await self.redis.srem(TOURNAMENTS_RUNNING, t.id)
            if t.status.over:
                await self.redis.expire(tournament_key(t.id), self.retention_s)
                # The list forgets what has expired (it lists the newest; ids older than that go).
                await self.redis.zremrangebyscore(TOURNAMENTS_KEY, "-inf", t.updated - self.retention_s * 2000)
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable; the change was not confirmed") from exc
        return True

    async def load(self, tournament_id: str) -> Tournament | None:
        try:
            raw = await self.redis.hget(tournament_key(tournament_id), "doc")
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable") from exc
        return None if raw is None else Tournament.model_validate_json(raw)

    async def recent(self, limit: int) -> list[str]:
        """Tournament ids, newest first."""
        try:
            ids = await self.redis.zrevrange(TOURNAMENTS_KEY, 0, limit - 1)
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable") from exc
        return [i.decode() for i in ids]

    async def running(self) -> list[str]:
        try:
            ids = await self.redis.smembers(TOURNAMENTS_RUNNING)
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable") from exc
        return sorted(i.decode() for i in ids)

    async def lock(self, tournament_id: str, instance: str, lease_ms: int) -> bool:
        """Take the lease on advancing ``tournament_id`` for ``lease_ms``; False if another instance holds it."""
        try:
            return bool(await self.redis.set(tournament_lock(tournament_id), instance, nx=True, px=lease_ms))
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable") from exc

    async def unlock(self, tournament_id: str, instance: str) -> None:
        try:
            await self._script(keys=[tournament_lock(tournament_id)], args=["unlock", instance])
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable") from exc
