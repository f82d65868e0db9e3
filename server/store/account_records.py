"""Where each account sits, and how its matches ended: kept beyond the matches themselves.

A match expires ``VORPAL_RETENTION_S`` after it ends (a week by default), but a player's record
of play, and what a host publishes of a competition, should outlast it. So every match an account
sits in (or a pairing holds a seat of for it) is listed under the account, and when the match ends
its summary (names, accounts, outcome: a few hundred bytes, no table and no log) is kept there,
for ``VORPAL_RECORDS_RETENTION_S`` after the account's last match (a year by default).

The lists are written after the match itself, by the same change (a match created, a seat taken,
an end), as the lobby's indexes are: should that second write fail, the match stands and the
account's list misses it until its next change (logged as a warning).
"""

from __future__ import annotations

import logging
from typing import Any

from redis.exceptions import ResponseError

from server.domain.house import is_house
from server.domain.record import MatchRecord
from server.errors import Unavailable

from .connection import REDIS_DOWN, Connection
from .keys import account_record_keys

log = logging.getLogger("vorpal.store")

#: How long an account's list of matches and their results are kept after its last match, unless set.
RECORDS_S = 365 * 24 * 3600


class AccountRecords:
    """The accounts' lists of matches on one connection, kept ``keep_s`` after each account's last match."""

    def __init__(self, connection: Connection, keep_s: int = RECORDS_S) -> None:
        self.conn = connection
        self.keep_s = keep_s

    def commands(self, record: MatchRecord) -> list[tuple[Any, ...]]:
        """The commands that list ``record`` under each account it concerns, with its summary once it ended."""
        commands: list[tuple[Any, ...]] = []
        summary = record.summary().model_dump_json() if record.status.ended else None
        # Not a house account's (:mod:`server.domain.house`): it has no key to read its list with, and the
        # list would grow by a line with each of its matches, for as long as it plays.
        for account_id in sorted({a for a in (*record.accounts, *record.held) if a is not None and not is_house(a)}):
            matches, results = account_record_keys(account_id)
            commands += [("ZADD", matches, record.created, record.id), ("EXPIRE", matches, self.keep_s)]
            if summary is not None:
                commands += [("HSET", results, record.id, summary), ("EXPIRE", results, self.keep_s)]
        return commands

    async def place(self, record: MatchRecord) -> None:
        """The second step of a change that seats an account or ends a match."""
        commands = self.commands(record)
        if commands:
            try:
                await self.conn.pipeline(*commands)
            except (*REDIS_DOWN, ResponseError) as exc:
                log.warning("match %s is not listed under its accounts (%s)", record.id, exc)

    async def page(self, account_id: str, limit: int) -> list[tuple[str, bytes | None]]:
        """The newest ``limit`` matches of ``account_id``, each with its kept summary's JSON once it ended."""
        matches, results = account_record_keys(account_id)
        try:
            ids = await self.conn.call("ZREVRANGE", matches, 0, limit - 1)
            kept = await self.conn.call("HMGET", results, *ids) if ids else []
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable") from exc
        return [(i.decode(), k) for i, k in zip(ids, kept, strict=True)]
