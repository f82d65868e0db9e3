"""An account's inbox: what the server tells an account when nobody asked (a ladder or
tournament found it a match, a round began), kept so that it can be read late.

Notices are numbered per account (1, 2, ...) so that a client polls with ``since``
the last number it saw and misses nothing, whether it was connected or not. The
newest :data:`KEPT` notices are kept, each for :data:`KEEP_S` seconds.
"""

from __future__ import annotations

from typing import Any, Protocol

from pydantic import BaseModel, Field

from .house import is_house

KEPT = 200
KEEP_S = 7 * 24 * 3600


class Notice(BaseModel):
    seq: int = Field(ge=1, description="numbers the account's notices, from 1, without gaps")
    at: int = Field(description="when it was sent, in ms since the epoch")
    kind: str = Field(description="what happened, e.g. 'match_found'")
    data: dict[str, Any] = Field(default_factory=dict, description="the facts of it, by kind")


class InboxStore(Protocol):
    async def push(self, account_id: str, kind: str, data: dict[str, Any], at: int) -> Notice:
        """Append a notice under the next number and announce it; keep the newest :data:`KEPT`."""
        ...

    async def read(self, account_id: str, since: int) -> list[Notice]:
        """The kept notices numbered above ``since``, oldest first."""
        ...


class Inbox:
    def __init__(self, store: InboxStore) -> None:
        self.store = store

    async def notify(self, account_id: str, kind: str, data: dict[str, Any], at: int) -> Notice | None:
        """Tell ``account_id``; nothing is kept for a house account (:mod:`.house`): nobody reads its inbox."""
        if is_house(account_id):
            return None
        return await self.store.push(account_id, kind, data, at)

    async def read(self, account_id: str, since: int = 0) -> list[Notice]:
        return await self.store.read(account_id, since)
