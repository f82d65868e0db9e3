"""Accounts in Redis: one hash per account, changed by one Lua step (``accounts.lua``).

An API key names its account (:mod:`server.domain.accounts`), so the key ->
account lookup is a read of ``vorpal:{acct:<id>}:a`` followed by a comparison
of hashes: no index of every key, and every account key lives in the one
Cluster slot of its hash tag. :class:`RedisAccounts` implements the domain's
:class:`~server.domain.accounts.AccountStore`.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from server.domain.accounts import Account, AccountKind, SwapStatus
from server.errors import Unavailable

from .keys import account_key
from .redis_store import REDIS_DOWN

#: Every account's hash (``keys.py``).
ACCOUNT_KEYS = "vorpal:{acct:*}:a"

_SCRIPT = resources.files("server.store").joinpath("accounts.lua").read_text()


def encode_account(account: Account) -> dict[str, str | int]:
    return {"id": account.id, "name": account.name, "kind": account.kind.value, "created": account.created,
            "key_hash": account.key_hash, "disabled": int(account.disabled)}  # fmt: skip


def decode_account(raw: dict[bytes, bytes]) -> Account:
    f = {k.decode(): v.decode() for k, v in raw.items()}
    return Account(id=f["id"], name=f["name"], kind=AccountKind(f["kind"]), created=int(f["created"]),
                   key_hash=f["key_hash"], disabled=f.get("disabled") == "1")  # fmt: skip


class RedisAccounts:
    """Accounts on the match store's Redis client (one Redis or a Cluster alike)."""

    def __init__(self, client: Any) -> None:
        self.redis = client
        self._script = client.register_script(_SCRIPT)

    async def create(self, account: Account) -> None:
        try:
            await self.redis.hset(account_key(account.id), mapping=encode_account(account))
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable") from exc

    async def load(self, account_id: str) -> Account | None:
        try:
            raw = await self.redis.hgetall(account_key(account_id))
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable") from exc
        return decode_account(raw) if raw else None

    async def swap_key(self, account_id: str, expected_hash: str, new_hash: str) -> SwapStatus:
        return await self._run(account_id, "swap", expected_hash, new_hash)

    async def disable(self, account_id: str) -> SwapStatus:
        return await self._run(account_id, "disable")

    async def enable(self, account_id: str) -> SwapStatus:
        return await self._run(account_id, "enable")

    async def all(self) -> list[Account]:
        """Every account: a scan of the account hashes (an admin's listing: rare, and whole)."""
        try:
            keys = [k async for k in self.redis.scan_iter(match=ACCOUNT_KEYS, count=1000)]
            found = [await self.redis.hgetall(k) for k in keys]
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable") from exc
        return [decode_account(raw) for raw in found if raw]

    async def _run(self, account_id: str, *args: str) -> SwapStatus:
        try:
            status = await self._script(keys=[account_key(account_id)], args=list(args))
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable; the change was not confirmed") from exc
        return SwapStatus(int(status))
