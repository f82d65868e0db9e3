"""A match's public chat: seats post, everyone (spectators too) reads and is pushed each message.

Messages are not match versions: they go to their own capped stream and are
published on the match's channel, so chat never conflicts with a move.
"""

from __future__ import annotations

import math
import time
from collections import deque
from typing import Any

from vorpal_protocol import CHAT_TEXT_MAX, WHITE_SPACE

from server.engine.errors import BadRequest, RateLimited, Unauthorized
from server.runtime.caches import Bounded

from .matches import now_ms, player_name, seat_of
from .record import MatchStore

WINDOW_S = 60.0
#: Seats whose recent posting times this process remembers (the oldest are forgotten first).
TRACKED_SEATS = 50_000


class Chat:
    def __init__(self, store: MatchStore, per_minute: int) -> None:
        self.store = store
        self.per_minute = per_minute
        self._posted: Bounded[tuple[str, int], deque[float]] = Bounded(TRACKED_SEATS)

    def _admit(self, match_id: str, seat: int) -> None:
        """At most ``per_minute`` messages in any 60 s, per seat (a sliding window)."""
        window = self._posted.get((match_id, seat))
        if window is None:
            window = deque()
            self._posted.put((match_id, seat), window)
        now = time.monotonic()
        while window and now - window[0] > WINDOW_S:
            window.popleft()
        if len(window) >= self.per_minute:
            wait_ms = math.ceil((WINDOW_S - (now - window[0])) * 1000)  # until the oldest leaves the window
            raise RateLimited(f"at most {self.per_minute} chat messages a minute", retry_after_ms=wait_ms)
        window.append(now)

    async def say(self, match_id: str, token: str | None, text: str) -> dict[str, Any]:
        record, _ = await self.store.load(match_id)
        seat = seat_of(record, token)
        if seat is None:
            raise Unauthorized("chat is for seated players: send your seat token")
        # One rule, on the text as sent (PROTOCOL.md, `say`): 1..500 characters, not all white space.
        if not 1 <= len(text) <= CHAT_TEXT_MAX or not text.strip(WHITE_SPACE):
            raise BadRequest(f"a chat message has 1..{CHAT_TEXT_MAX} characters, not all white space")
        text = text.strip(WHITE_SPACE)
        self._admit(match_id, seat)
        message = {"seat": seat, "name": record.names[seat] or player_name(seat), "text": text, "at": now_ms()}
        await self.store.say(match_id, message)
        return {"match": match_id, **message}

    async def messages(self, match_id: str) -> dict[str, Any]:
        await self.store.load(match_id)
        return {"match": match_id, "messages": await self.store.chat(match_id)}
