"""The bot service's schedule: the matches whose AI seats search, leased as the scheduler's are.

The same ``leases.lua`` as the scheduler's matches, on keys of its own (``SEARCH_DUE``,
``SEARCH_OWNER``), so a web instance never claims a match's search and a bot service never its
clock; and the secret every bot service seeds its decisions from, made once and kept.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from server.errors import Unavailable

from .connection import REDIS_DOWN, Connection
from .keys import BOT_SECRET, SEARCH_DUE, SEARCH_OWNER
from .line import Script

LEASES_SCRIPT = Script.packaged("leases.lua")


class BotSchedule:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def leases(self, op: str, owner: str, lease_ms: int, ids: Sequence[str] = (), limit: int = 0) -> list[str]:
        """``leases.lua`` on the bot service's schedule: ``claim``, ``renew``, ``hand_back``, ``release``."""
        try:
            out = await self.conn.run(LEASES_SCRIPT, [SEARCH_DUE, SEARCH_OWNER], [op, owner, lease_ms, limit, *ids])
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable") from exc
        return [i.decode() for i in out]

    async def secret(self) -> bytes:
        """The secret the AI seats' decisions are seeded from: made by the first bot service, kept for good."""
        try:
            await self.conn.call("SET", BOT_SECRET, secrets.token_hex(32), "NX")
            value = await self.conn.call("GET", BOT_SECRET)
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable") from exc
        return bytes(value)
