"""Every setting, read once from the environment (``VORPAL_*``, ``REDIS_URL``, ``REDIS_CLUSTER``).

No other module reads the environment: the app is made from a :class:`Settings`.

``REDIS_URL`` names one Redis (``redis://host:port/0``) or a Redis Cluster
(``redis+cluster://host:port,host:port,...``: any reachable node is enough
to discover the rest). ``REDIS_CLUSTER=1`` reads a plain ``redis://`` URL
as a cluster seed node instead.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

DAY = 24 * 3600


def _flag(value: str) -> bool:
    return value.lower() in ("1", "true", "yes", "on")


@dataclass(frozen=True)
class Settings:
    redis_url: str | None = None
    redis_cluster: bool = False
    data_dir: str = ".vorpal"
    retention_s: int = 7 * DAY
    idle_ttl_s: int = 30 * DAY
    #: An open match is kept this long after its last change (created, a seat taken or left).
    open_ttl_s: int = 3600
    redis_pool: int = 256
    chat_per_minute: int = 20
    #: How often an instance restarts the bots of its matches that a fault stopped.
    bot_sweep_s: float = 60.0
    #: A scheduled match's lease lasts this long unless renewed; its holder renews every ``schedule_tick_s``.
    lease_s: float = 5.0
    schedule_tick_s: float = 1.0
    #: Play a move at the version this process last committed without reading Redis first.
    move_cache: bool = True
    #: The garbage collector's young-generation threshold (CPython's default is 700).
    gc_threshold: int = 50_000
    #: The bearer credential of the admin endpoints (``VORPAL_ADMIN_KEY``); unset: they refuse everyone.
    admin_key: str | None = field(default=None, repr=False)

    @classmethod
    def from_env(cls) -> Settings:
        env = os.environ
        return cls(
            redis_url=env.get("REDIS_URL") or None,
            redis_cluster=_flag(env.get("REDIS_CLUSTER", "")),
            data_dir=env.get("VORPAL_DATA_DIR", cls.data_dir),
            retention_s=int(env.get("VORPAL_RETENTION_S", cls.retention_s)),
            idle_ttl_s=int(env.get("VORPAL_IDLE_TTL_S", cls.idle_ttl_s)),
            open_ttl_s=int(env.get("VORPAL_OPEN_TTL_S", cls.open_ttl_s)),
            redis_pool=int(env.get("VORPAL_REDIS_POOL", cls.redis_pool)),
            chat_per_minute=int(env.get("VORPAL_CHAT_PER_MINUTE", cls.chat_per_minute)),
            bot_sweep_s=float(env.get("VORPAL_BOT_SWEEP_S", cls.bot_sweep_s)),
            lease_s=float(env.get("VORPAL_LEASE_S", cls.lease_s)),
            schedule_tick_s=float(env.get("VORPAL_SCHEDULE_TICK_S", cls.schedule_tick_s)),
            move_cache=env.get("VORPAL_MOVE_CACHE", "1") != "0",
            gc_threshold=int(env.get("VORPAL_GC_THRESHOLD", cls.gc_threshold)),
            admin_key=env.get("VORPAL_ADMIN_KEY") or None,
        )
