"""Request rate limits shared by every instance: token buckets in Redis (``buckets.lua``).

A bucket per client in Redis, not in each process: behind a round-robin balancer a
per-instance bucket would let a client make N times its limit across N instances. It costs
one script call per REST request, which REST can afford (live play goes over the WebSocket,
whose frames keep a per-socket bucket in memory: ``server.web.limits``).

- ``vorpal:{rate:<client>}``         hash: the client's bucket for every REST request
- ``vorpal:{rate:<client>}:create``  hash: its bucket for match creation, taken from with the first

Both keys of a client share its hash tag, so one script call takes from both on a Redis
Cluster too. Each hash expires once it would have refilled whole.
"""

from __future__ import annotations

from dataclasses import dataclass

from server.errors import Unavailable

from .connection import REDIS_DOWN, Connection
from .line import Script

SCRIPT = Script.packaged("buckets.lua")


@dataclass(frozen=True)
class Bucket:
    """``rate`` requests a second on average, ``burst`` at once; ``name`` tells buckets of a client apart."""

    name: str
    rate: float
    burst: int


def bucket_key(client: str, bucket: Bucket) -> str:
    base = f"vorpal:{{rate:{client}}}"
    return base if bucket.name == "" else f"{base}:{bucket.name}"


class RedisBuckets:
    """The token buckets of clients, through the match store's connection (one Redis or a Cluster).

    Every REST request takes from them, so on one Redis they take the store's lean line
    (``line.py``), not redis-py's pool: a third of the lobby's server CPU otherwise.
    """

    def __init__(self, connection: Connection) -> None:
        self._conn = connection

    async def take(self, client: str, buckets: tuple[Bucket, ...]) -> int:
        """Take a token from each of ``client``'s ``buckets``: 0 when admitted, else the wait in ms."""
        args: list[float] = []
        for bucket in buckets:
            args += [bucket.rate, bucket.burst]
        try:
            keys = [bucket_key(client, b) for b in buckets]
            admitted, wait_ms = await self._conn.run(SCRIPT, keys, args)
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable") from exc
        return 0 if admitted else max(1, int(wait_ms))
