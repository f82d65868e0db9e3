"""Account inboxes in Redis: a capped list of notices and a counter per account, in the
account's slot, appended and announced by one Lua step (``inbox.lua``).

The announcement goes to the account's sharded channel (:func:`~server.store.keys.inbox_channel`)
so that an instance holding the account's socket can push it at once; the list is what
polling and a reconnecting client read.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from server.domain.inbox import KEEP_S, KEPT, Notice
from server.errors import Unavailable

from .keys import inbox_channel, inbox_keys
from .redis_store import REDIS_DOWN

_SCRIPT = resources.files("server.store").joinpath("inbox.lua").read_text()


class RedisInbox:
    def __init__(self, client: Any) -> None:
        self.redis = client
        self._script = client.register_script(_SCRIPT)

    async def push(self, account_id: str, kind: str, data: dict[str, Any], at: int) -> Notice:
        body = json.dumps({"at": at, "kind": kind, "data": data}, separators=(",", ":"))
        try:
            text = await self._script(keys=list(inbox_keys(account_id)),
                                      args=[body, KEPT, KEEP_S, inbox_channel(account_id)])  # fmt: skip
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable; the notice was not confirmed") from exc
        return Notice.model_validate_json(text)

    async def read(self, account_id: str, since: int) -> list[Notice]:
        try:
            raw = await self.redis.lrange(inbox_keys(account_id)[0], 0, -1)
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable") from exc
        notices = (Notice.model_validate_json(text) for text in raw)
        return [n for n in notices if n.seq > since]
