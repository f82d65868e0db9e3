"""The lobby's indexes: which matches to list, newest first, by game and status (keys.py says which).

A match is placed in its indexes when it is created and again when its status changes (the
store's commit); entries the indexes have wrong (the match is gone, or has another status) are
skipped by a listing and repaired, and a walk over every index (:meth:`LobbyIndexes.repair`, a
step at each tick of each instance's scheduler) places each entry again as its record says, so a
fault between a commit and its indexes' update heals. One Redis answers a page in one script
(``lobby_page.lua``); a cluster, whose scripts cannot read matches in other slots, in two steps.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from typing import Any

from redis.exceptions import ResponseError

from server import games
from server.domain.record import LobbyCursor, LobbyPage, MatchSummary
from server.domain.status import MatchStatus
from server.errors import Unavailable
from server.runtime.clock import now_ms
from server.runtime.logs import LogLimiter

from .codec import OPEN_SEATS, SUMMARY_FIELDS, decode_summaries
from .connection import REDIS_DOWN, Connection
from .keys import ANY, LOBBY_EXPIRY, LOBBY_UNSEEN_ENDS, lobby_index, lobby_indexes, match_keys
from .line import Script

log = logging.getLogger("vorpal.store")

#: Entries of the lobby's indexes that one repair step looks at (each tick of each instance's scheduler).
REPAIR_BATCH = 50
#: The field of a match hash that says whether its spectators see it late (the lobby then shows it so too).
DELAY = "spectator_delay"
LOBBY_SCRIPT = Script.packaged("lobby.lua")
LOBBY_PAGE_SCRIPT = Script.packaged("lobby_page.lua")


def _placing(game: bytes | None, status: bytes | None, created: bytes | None) -> tuple[str, MatchStatus, int] | None:
    """A stored match's game, status and creation time, as the lobby's indexes place it (None: unreadable)."""
    if game is None or status is None or created is None:
        return None
    try:
        return game.decode(), MatchStatus(status.decode()), int(created)
    except ValueError:  # not UTF-8, a status this server does not know, not a number
        return None


class LobbyIndexes:
    """The lobby's sorted sets, through the store's connection."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        #: This instance's walk over the lobby's indexes, one index at a time (see :meth:`repair`).
        self._walk = [lobby_index(), LOBBY_EXPIRY, *(lobby_index(s.value) for s in MatchStatus)]
        self._walk_at = (0, 0)  # (which index, from which rank)
        self._unreadable = LogLimiter(log, logging.WARNING)  # stored matches the lobby cannot list

    async def end_unseen(self, game: str, match_id: str, seen_at: int) -> None:
        """A delayed match ended; its spectators see the end at ``seen_at`` (ms): counted active until then."""
        await self._pipeline([("ZADD", LOBBY_UNSEEN_ENDS, seen_at, f"{game}:{match_id}")])

    async def _pipeline(self, commands: Sequence[Sequence[Any]]) -> list[Any]:
        """Several commands in one round trip per node."""
        return await self.conn.pipeline(*commands)

    async def _lobby_script(self, keys: list[str], args: list[Any]) -> None:
        await self.conn.run(LOBBY_SCRIPT, keys, args)

    async def place(self, match_id: str, game: str, status: MatchStatus, created: int, expires: int) -> None:
        """Put a match in the four indexes of its status and game, and out of those of its other statuses."""
        leave = [k for s in MatchStatus if s is not status for k in (lobby_index(s, game), lobby_index(s))]
        put = lobby_indexes(status, game)
        await self._lobby_script([LOBBY_EXPIRY, *put, *leave], [match_id, created, expires, len(put)])

    async def _forget(self, match_id: str) -> None:
        """Take a match that is gone out of every index (its game is gone with it: every game's)."""
        names = [ANY, *(r.name for r in games.GAMES)]
        leave = [lobby_index(s, g) for s in (ANY, *MatchStatus) for g in names]
        await self._lobby_script([LOBBY_EXPIRY, *leave], [match_id, 0, "", 0])

    async def _mend(self, ids: Sequence[str], rows: Sequence[Sequence[bytes | None]]) -> None:
        """Repair the entries of ``ids``, whose ``(game, status, created)`` was read as ``rows``."""
        live = [(mid, row) for mid, row in zip(ids, rows, strict=True) if row[0] is not None]
        ttls = await self._pipeline([("PTTL", match_keys(mid)[0]) for mid, _ in live])
        now = now_ms()
        for (mid, (game, status, created)), ttl in zip(live, ttls, strict=True):
            if ttl == -2:
                await self._forget(mid)
                continue
            place = _placing(game, status, created)
            if place is None:  # left where it is, for whoever can read it (a newer server) or mends it
                self._unreadable.log("the lobby cannot place stored match %s: its game, status or creation "
                                     "time cannot be read", mid)  # fmt: skip
                continue
            # A record without a TTL (none is written so) is looked at again in an hour.
            await self.place(mid, *place, now + (ttl if ttl >= 0 else 3_600_000))
        for mid, row in zip(ids, rows, strict=True):
            if row[0] is None:
                await self._forget(mid)

    async def unseen_ends(self, now: int) -> dict[str, int]:
        """Per game, the delayed matches that have ended but whose spectators do not see it yet at ``now`` (ms)."""
        try:
            _, unseen = await self._pipeline([("ZREMRANGEBYSCORE", LOBBY_UNSEEN_ENDS, "-inf", now),
                                              ("ZRANGEBYSCORE", LOBBY_UNSEEN_ENDS, f"({now}", "+inf")])  # fmt: skip
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable") from exc
        out: dict[str, int] = {}
        for member in unseen:
            game = member.decode().partition(":")[0]
            out[game] = out.get(game, 0) + 1
        return out

    async def counts(self, status: MatchStatus, games: Iterable[str]) -> dict[str, int]:
        """How many matches of each game the lobby lists in ``status`` (the indexes' sizes)."""
        names = list(games)
        try:
            sizes = await self._pipeline([("ZCARD", lobby_index(status.value, game)) for game in names])
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable") from exc
        return {game: int(n) for game, n in zip(names, sizes, strict=True)}

    async def page(self, game: str | None, status: MatchStatus | None, limit: int,
                   after: LobbyCursor | None = None) -> LobbyPage:  # fmt: skip
        """Up to ``limit`` summaries, newest first, after ``after``, and the cursor of the next page.

        Entries the index has wrong (the match is gone, or has another status) are skipped here
        and repaired; pages stay exact because the cursor is a position in creation order. One
        Redis answers a page in one script (``lobby_page.lua``) that writes the summaries as the
        answer's JSON, passed through as they are; a cluster, where one script cannot read matches
        in other slots, takes two steps, through the models.
        """
        key = lobby_index(ANY if status is None else status.value, ANY if game is None else game)
        try:
            if self.conn.one_node:
                found, wrong, unreadable = await self._page_in_one(key, status, limit, after)
            else:
                summaries, wrong, unreadable, delayed = await self._page_in_steps(key, status, limit + 1, after)
                more = len(summaries) > limit
                page = summaries[:limit]
                found = LobbyPage.of(page, LobbyCursor.of(summaries[limit - 1]) if more else None,
                                     tuple(m.match for m in page if m.match in delayed))  # fmt: skip
            if unreadable:
                self._unreadable.log("the lobby left out %d stored matches it cannot read, such as %s",
                                     len(unreadable), unreadable[0])  # fmt: skip
            if wrong:
                rows = await self._pipeline([("HMGET", match_keys(mid)[0], "game", "status", "created")
                                             for mid in wrong])  # fmt: skip
                await self._mend(wrong, rows)
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable") from exc
        except ResponseError as exc:
            if "WRONGTYPE" not in str(exc):
                raise
            await self._heal(key)
            return LobbyPage(b"", None)
        return found

    async def _page_in_one(self, key: str, status: MatchStatus | None, limit: int, after: LobbyCursor | None
                           ) -> tuple[LobbyPage, list[str], list[str]]:  # fmt: skip
        """``lobby_page.lua``: the page, the ids the index has wrong and those of the matches that cannot be
        read. A page that fails on a match with a field missing is asked for again, carefully, without it."""
        args = ["+inf" if after is None else after.created, "" if after is None else after.match, limit,
                "" if status is None else status.value, " ".join(MatchStatus)]  # fmt: skip
        try:
            reply = await self.conn.run(LOBBY_PAGE_SCRIPT, [key], [*args, "", *SUMMARY_FIELDS, OPEN_SEATS, DELAY])
        except ResponseError as exc:
            if "WRONGTYPE" in str(exc):
                raise
            reply = await self.conn.run(LOBBY_PAGE_SCRIPT, [key], [*args, "careful", *SUMMARY_FIELDS, OPEN_SEATS,
                                                                   DELAY])  # fmt: skip
        objects, created, last, wrong, unreadable, delayed = reply
        cursor = LobbyCursor(int(created), last.decode()) if created else None
        page = LobbyPage(objects, cursor, tuple(delayed.decode().split()))
        return page, wrong.decode().split(), unreadable.decode().split()

    async def _heal(self, *keys: str) -> None:
        """Drop those of ``keys`` that are no sorted set: a garbled index lists nothing until the
        upkeep's walk fills it again from the others."""
        for key in keys:
            kind = await self.conn.call("TYPE", key)
            if kind not in (b"zset", b"none"):
                log.warning("the lobby's index %s was a %s: dropped, to be filled again", key, kind.decode())
                await self.conn.call("DEL", key)

    async def _page_in_steps(self, key: str, status: MatchStatus | None, want: int, after: LobbyCursor | None
                             ) -> tuple[list[MatchSummary], list[str], list[str], set[str]]:  # fmt: skip
        """``lobby_page.lua`` for a cluster: a range of the index, then the summaries (one pipeline per node).
        Returns the summaries, the ids the index has wrong, those of the matches that cannot be read and
        those whose spectators see them late."""
        top = "+inf" if after is None else after.created
        offset = 0
        out: list[MatchSummary] = []
        wrong: list[str] = []
        unreadable: list[str] = []
        delayed: set[str] = set()
        while len(out) < want:
            asked = want - len(out) + 4  # a few more, for entries skipped at the cursor's score
            reply = (await self._pipeline([("ZREVRANGEBYSCORE", key, top, "-inf", "WITHSCORES", "LIMIT", offset,
                                            asked)]))[0]  # fmt: skip
            pairs = list(zip(reply[::2], reply[1::2], strict=True))  # member, score, member, score...
            offset += len(pairs)
            ids = [m.decode() for m, score in pairs
                   if after is None or int(float(score)) < after.created or m.decode() < after.match]  # fmt: skip
            rows = await self._pipeline([("HMGET", match_keys(mid)[0], *SUMMARY_FIELDS, DELAY) for mid in ids])
            found, kept = [], []
            for mid, row in zip(ids, rows, strict=True):
                if row[0] is None or (status is not None and row[3] != status.value.encode()):
                    wrong.append(mid)
                else:
                    found.append(mid)
                    kept.append(row[:-1])
                    if row[-1] not in (None, b"null"):
                        delayed.add(mid)
            for mid, summary in zip(found, decode_summaries(kept), strict=True):
                if summary is None:
                    unreadable.append(mid)
                elif len(out) < want:
                    out.append(summary)
            if len(pairs) < asked:
                break
        return out, wrong, unreadable, delayed

    async def repair(self, batch: int = REPAIR_BATCH) -> int:
        """One step of the lobby's upkeep; returns how many entries it looked at.

        Entries whose expiry time passed are dropped if their match is gone (or given its
        new expiry, if a later change kept it), and the walk goes ``batch`` entries further
        through the index of all matches, the expiry index and each status's index in turn:
        each entry it meets is placed again as its record says.
        """
        which, rank = self._walk_at
        try:
            due, walked = await self._pipeline([
                ("ZRANGEBYSCORE", LOBBY_EXPIRY, "-inf", now_ms(), "LIMIT", 0, batch),
                ("ZRANGE", self._walk[which], rank, rank + batch - 1),
            ])  # fmt: skip
            ids = sorted({m.decode() for m in (*due, *walked)})
            rows = await self._pipeline([("HMGET", match_keys(mid)[0], "game", "status", "created") for mid in ids])
            await self._mend(ids, rows)
        except REDIS_DOWN as exc:
            raise Unavailable("storage is unreachable") from exc
        except ResponseError as exc:
            if "WRONGTYPE" not in str(exc):
                raise
            await self._heal(LOBBY_EXPIRY, self._walk[which])
            walked, ids = [], []
        self._walk_at = (which, rank + batch) if len(walked) == batch else ((which + 1) % len(self._walk), 0)
        return len(ids)
