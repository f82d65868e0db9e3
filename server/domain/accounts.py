"""Accounts and their API keys: who a player or a bot is across matches.

An account has a name, a kind (``human`` or ``bot``) and one API key. The key
is ``vpk_<account id>_<secret>``: shown once, when it is issued, and stored
only as its SHA-256 (as a seat token is, :mod:`server.domain.ids`). It names
its own account, so checking it is one read of that account and no index of
every key is needed (in a Redis Cluster an account lives in one slot). The
``vpk_`` prefix tells a key from a seat token (``<match>.<seat>.<secret>``) in
the same ``Authorization: Bearer`` header.

What changes an account::

    register ──► key 1 ──rotate──► key 2 ──rotate──► ...
                   │                 │
                   └──── revoke ─────┴──► no key (the account can no longer sign in)

    disable (admin): every key of the account is refused with ``account_disabled``

A rotation or a revocation is a compare-and-set on the key's hash: the key
that asked for it stops working at once, and of two rotations with one key
only one succeeds. An account joins matches with its key and receives a seat
token per seat, as an anonymous player does; the match records its id in that
seat. Seat tokens already issued stay valid whatever happens to the key (an
admin aborts the match to stop them).
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import NamedTuple, Protocol

from pydantic import BaseModel

from server.errors import AccountDisabled, AccountNotFound, BadRequest, Unauthorized
from server.runtime.clock import Clock, now_ms

from .ids import new_account_id, token_hash, token_matches

KEY_PREFIX = "vpk_"
_KEY = re.compile(r"^vpk_([A-Za-z0-9]{12})_([A-Za-z0-9_-]{32,128})$")
_ACCOUNT_ID = re.compile(r"^[A-Za-z0-9]{12}$")


class AccountKind(StrEnum):
    HUMAN = "human"
    BOT = "bot"


def is_account_id(text: str) -> bool:
    return _ACCOUNT_ID.fullmatch(text) is not None


def new_api_key(account_id: str) -> str:
    return f"{KEY_PREFIX}{account_id}_{secrets.token_urlsafe(32)}"


def is_api_key(credential: str | None) -> bool:
    """Whether a bearer credential means to be an API key (it may still be malformed or wrong)."""
    return credential is not None and credential.startswith(KEY_PREFIX)


class ApiKey(NamedTuple):
    """What an API key says about itself (not yet checked against the account)."""

    account_id: str

    @classmethod
    def parse(cls, key: str | None) -> ApiKey | None:
        """``vpk_<account id>_<secret>`` -> the account id; None if it is not of that shape."""
        if not key:
            return None
        m = _KEY.fullmatch(key)
        return None if m is None else cls(m[1])


@dataclass(frozen=True, slots=True)
class Account:
    """Everything stored about an account. ``key_hash`` never leaves the server."""

    id: str
    name: str
    kind: AccountKind
    created: int  # ms since the epoch
    key_hash: str  # SHA-256 of the current API key; "" once it is revoked
    disabled: bool = False

    def public(self) -> AccountInfo:
        return AccountInfo(id=self.id, name=self.name, kind=self.kind, created=self.created, disabled=self.disabled)


class AccountInfo(BaseModel):
    """An account as its owner, an admin and the REST API see it: no key, no hash."""

    id: str
    name: str
    kind: AccountKind
    created: int
    disabled: bool


class Issued(BaseModel):
    """A new key with its account: the only time the key is shown."""

    account: AccountInfo
    key: str


class SwapStatus(IntEnum):
    """What storage answered to a key swap or a disable (its numbers are the script's)."""

    APPLIED = 0
    WRONG_KEY = 1  # the account's key is another one now (rotated, revoked) or never was this one
    DISABLED = 2
    GONE = 3  # no such account


class AccountStore(Protocol):
    """The storage accounts need. Every fault of storage raises ``Unavailable``."""

    async def create(self, account: Account) -> None: ...

    async def load(self, account_id: str) -> Account | None: ...

    async def swap_key(self, account_id: str, expected_hash: str, new_hash: str) -> SwapStatus:
        """Replace the key hash if it is still ``expected_hash`` and the account is enabled."""
        ...

    async def disable(self, account_id: str) -> SwapStatus: ...

    async def enable(self, account_id: str) -> SwapStatus: ...

    async def all(self) -> list[Account]:
        """Every account (an admin's listing)."""
        ...


def _refused() -> Unauthorized:
    return Unauthorized("that is not a current API key")


class Accounts:
    """Registration, authentication and the changes of an account, on any :class:`AccountStore`."""

    def __init__(self, store: AccountStore, *, clock: Clock = now_ms) -> None:
        self.store = store
        self.clock = clock

    async def register(self, name: str, kind: AccountKind) -> Issued:
        account_id = new_account_id()
        key = new_api_key(account_id)
        account = Account(id=account_id, name=name, kind=kind, created=self.clock(),
                          key_hash=token_hash(key))  # fmt: skip
        await self.store.create(account)
        return Issued(account=account.public(), key=key)

    async def authenticate(self, key: str) -> Account:
        """The account whose current key ``key`` is: ``unauthorized`` if none, ``account_disabled`` if disabled."""
        parsed = ApiKey.parse(key)
        if parsed is None:
            raise Unauthorized("that is not an API key (vpk_...)")
        account = await self.store.load(parsed.account_id)
        if account is None or not token_matches(key, account.key_hash or None):
            raise _refused()
        if account.disabled:
            raise AccountDisabled(f"account {account.id} is disabled")
        return account

    async def proven(self, key: str) -> str | None:
        """The id of the account whose current key ``key`` is (disabled or not); None if none is."""
        parsed = ApiKey.parse(key)
        account = None if parsed is None else await self.store.load(parsed.account_id)
        return account.id if account is not None and token_matches(key, account.key_hash or None) else None

    async def rotate(self, key: str) -> Issued:
        """A new key for the account of ``key``; ``key`` stops working at once."""
        account = await self.authenticate(key)
        new_key = new_api_key(account.id)
        await self._swap(account, key, token_hash(new_key))
        return Issued(account=account.public(), key=new_key)

    async def revoke(self, key: str) -> AccountInfo:
        """``key`` stops working and no key replaces it."""
        account = await self.authenticate(key)
        await self._swap(account, key, "")
        return account.public()

    async def _swap(self, account: Account, key: str, new_hash: str) -> None:
        status = await self.store.swap_key(account.id, token_hash(key), new_hash)
        if status is SwapStatus.DISABLED:
            raise AccountDisabled(f"account {account.id} is disabled")
        if status is not SwapStatus.APPLIED:
            raise _refused()  # rotated or revoked by a concurrent request with the same key

    async def info(self, account_id: str) -> AccountInfo:
        account = await self.store.load(account_id) if is_account_id(account_id) else None
        if account is None:
            raise AccountNotFound(f"no account {account_id!r}")
        return account.public()

    async def disable(self, account_id: str) -> AccountInfo:
        """An admin's act: every key of the account is refused from now on (disabling twice is no error)."""
        if not is_account_id(account_id) or await self.store.disable(account_id) is SwapStatus.GONE:
            raise AccountNotFound(f"no account {account_id!r}")
        return await self.info(account_id)

    async def enable(self, account_id: str) -> AccountInfo:
        """An admin's act: the account's current key works again (what it was entered in, it left when disabled)."""
        if not is_account_id(account_id) or await self.store.enable(account_id) is SwapStatus.GONE:
            raise AccountNotFound(f"no account {account_id!r}")
        return await self.info(account_id)

    async def all(self, limit: int, after: str | None = None) -> tuple[list[AccountInfo], str | None]:
        """Up to ``limit`` accounts, oldest first, after the cursor ``after`` (``<created>.<id>``, the ``next``
        of the page before); and the next page's cursor (None after the last). An admin's listing."""
        ordered = sorted(await self.store.all(), key=lambda a: (a.created, a.id))
        if after is not None:
            created, _, last = after.partition(".")
            if not created.isdigit() or not last:
                raise BadRequest("after must be the next cursor of a page")
            ordered = [a for a in ordered if (a.created, a.id) > (int(created), last)]
        page = ordered[:limit]
        more = len(ordered) > limit
        return [a.public() for a in page], f"{page[-1].created}.{page[-1].id}" if more else None
