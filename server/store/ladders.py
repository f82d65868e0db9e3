"""Ladders in Redis: definitions in one hash, each ladder's queue, ratings and pairings in its own
slot (:func:`~server.store.keys.ladder_keys`), and the two all-or-nothing changes (a pairing
taking its accounts from the queue; a match's ratings applied once) as one Lua step each
(``ladders.lua``). Which instance pairs a ladder is a lease kept by ``leases.lua``, the
script that leases matches' timed work, on keys of its own.

:class:`RedisLadders` implements the domain's :class:`~server.domain.ladders.LadderStore`.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from importlib import resources
from typing import Any

from server.domain.ladders import HistoryEntry, Ladder, Paired, RateStatus, Update, Waiting
from server.domain.ratings import Rating
from server.errors import Unavailable

from .keys import LADDER_DUE, LADDER_OWNER, LADDERS_KEY, ladder_history_key, ladder_keys, ladder_slot_keys
from .redis_store import REDIS_DOWN

_SCRIPT = resources.files("server.store").joinpath("ladders.lua").read_text()
_LEASES = resources.files("server.store").joinpath("leases.lua").read_text()
#: Rated matches kept in an account's history on a ladder (the newest).
HISTORY_KEPT = 1000


def _paired_json(p: Paired) -> str:
    return json.dumps({"match": p.match, "accounts": p.accounts, "at": p.at, "names": p.names}, separators=(",", ":"))


class RedisLadders:
    def __init__(self, client: Any) -> None:
        self.redis = client
        self._script = client.register_script(_SCRIPT)
        self._leases = client.register_script(_LEASES)

    async def _do(self, call: Any) -> Any:
        try:
            return await call
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable") from exc

    async def create(self, ladder: Ladder) -> None:
        await self._do(self.redis.hset(LADDERS_KEY, ladder.id, ladder.model_dump_json()))
        await self._do(self.redis.zadd(LADDER_DUE, {ladder.id: 0}))

    async def save(self, ladder: Ladder) -> None:
        await self._do(self.redis.hset(LADDERS_KEY, ladder.id, ladder.model_dump_json()))

    async def delete(self, ladder_id: str) -> bool:
        """The ladder's definition, its lease, and every key of its slot (queue, ratings, histories)."""
        gone = bool(await self._do(self.redis.hdel(LADDERS_KEY, ladder_id)))
        await self._do(self.redis.zrem(LADDER_DUE, ladder_id))
        await self._do(self.redis.hdel(LADDER_OWNER, ladder_id))
        keys = [k async for k in self.redis.scan_iter(match=ladder_slot_keys(ladder_id), count=1000)]
        for key in keys:  # one at a time: a Cluster deletes several keys only within a slot's node call
            await self._do(self.redis.delete(key))
        return gone

    async def load(self, ladder_id: str) -> Ladder | None:
        raw = await self._do(self.redis.hget(LADDERS_KEY, ladder_id))
        return None if raw is None else Ladder.model_validate_json(raw)

    async def all(self) -> list[Ladder]:
        raw = await self._do(self.redis.hvals(LADDERS_KEY))
        return [Ladder.model_validate_json(text) for text in raw]

    async def enqueue(self, ladder_id: str, entry: Waiting) -> bool:
        added = await self._do(self.redis.hsetnx(ladder_keys(ladder_id)["queue"], entry.account,
                                                 entry.model_dump_json()))  # fmt: skip
        return bool(added)

    async def dequeue(self, ladder_id: str, account_id: str) -> bool:
        return bool(await self._do(self.redis.hdel(ladder_keys(ladder_id)["queue"], account_id)))

    async def queue(self, ladder_id: str) -> list[Waiting]:
        raw = await self._do(self.redis.hvals(ladder_keys(ladder_id)["queue"]))
        return [Waiting.model_validate_json(text) for text in raw]

    async def ratings(self, ladder_id: str, account_ids: Sequence[str] | None = None, *,
                      season: int = 1) -> dict[str, Rating]:  # fmt: skip
        key = ladder_keys(ladder_id, season)["ratings"]
        if account_ids is None:
            raw = list((await self._do(self.redis.hgetall(key))).values())
        elif not account_ids:
            return {}
        else:
            raw = [r for r in await self._do(self.redis.hmget(key, list(account_ids))) if r is not None]
        found = (Rating.model_validate_json(text) for text in raw)
        return {r.account: r for r in found}

    async def last_opponents(self, ladder_id: str) -> dict[str, list[str]]:
        raw = await self._do(self.redis.hgetall(ladder_keys(ladder_id)["last"]))
        return {k.decode(): json.loads(v) for k, v in raw.items()}

    async def start(self, ladder_id: str, paired: Paired, taken: Sequence[Waiting], stay: Collection[str] = ()) -> bool:
        keys = ladder_keys(ladder_id)
        args: list[str] = ["start", paired.match, _paired_json(paired)]
        for w in taken:
            others = [a for a in paired.accounts if a != w.account]
            args += [w.account, w.model_dump_json(), json.dumps(others), "1" if w.account in stay else "0"]
        done = await self._do(self._script(keys=[keys["queue"], keys["paired"], keys["last"]], args=args))
        return bool(done)

    async def paired(self, ladder_id: str) -> list[Paired]:
        raw = await self._do(self.redis.hvals(ladder_keys(ladder_id)["paired"]))
        return [Paired(**json.loads(text)) for text in raw]

    async def settle(self, ladder_id: str, update: Update, *, season: int = 1) -> RateStatus:
        keys = ladder_keys(ladder_id, season)
        args: list[str | int] = ["settle", update.match, HISTORY_KEPT]
        history = []
        for r in update.ratings:
            args += [r.account, update.expected_games[r.account], r.model_dump_json(),
                     update.history[r.account].model_dump_json()]  # fmt: skip
            history.append(ladder_history_key(ladder_id, r.account))
        status = await self._do(self._script(keys=[keys["ratings"], keys["rated"], keys["paired"], *history],
                                             args=args))  # fmt: skip
        return RateStatus(int(status))

    async def history(self, ladder_id: str, account_id: str, limit: int) -> list[HistoryEntry]:
        raw = await self._do(self.redis.lrange(ladder_history_key(ladder_id, account_id), -limit, -1))
        return [HistoryEntry.model_validate_json(text) for text in raw]

    async def leases(self, op: str, owner: str, lease_ms: int, ids: Sequence[str] = (), limit: int = 0) -> list[str]:
        """``leases.lua`` on the ladders' lease keys: ``claim``, ``renew``, ``hand_back``, ``release``."""
        out = await self._do(self._leases(keys=[LADDER_DUE, LADDER_OWNER], args=[op, owner, lease_ms, limit, *ids]))
        return [i.decode() if isinstance(i, bytes) else i for i in out]
