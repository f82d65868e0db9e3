"""Settings, read once from the environment (``VORPAL_*``, ``REDIS_URL``)."""

from __future__ import annotations

import os
from dataclasses import dataclass

DAY = 24 * 3600


@dataclass(frozen=True)
class Settings:
    redis_url: str | None = None
    data_dir: str = ".vorpal"
    retention_s: int = 7 * DAY
    idle_ttl_s: int = 30 * DAY
    redis_pool: int = 256
    chat_per_minute: int = 20
    ws_max_frame: int = 64 * 1024
    ws_error_limit: int = 100

    @classmethod
    def from_env(cls) -> Settings:
        env = os.environ
        return cls(
            redis_url=env.get("REDIS_URL") or None,
            data_dir=env.get("VORPAL_DATA_DIR", cls.data_dir),
            retention_s=int(env.get("VORPAL_RETENTION_S", cls.retention_s)),
            idle_ttl_s=int(env.get("VORPAL_IDLE_TTL_S", cls.idle_ttl_s)),
            redis_pool=int(env.get("VORPAL_REDIS_POOL", cls.redis_pool)),
            chat_per_minute=int(env.get("VORPAL_CHAT_PER_MINUTE", cls.chat_per_minute)),
        )
