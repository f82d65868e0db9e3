"""A match's public chat: seats post, everyone (spectators too) reads and is pushed each message.

Messages are not match versions: they go to their own capped stream and are
published on the match's channel, so chat never conflicts with a move. The limit
per seat is kept by storage, with the match, so it holds across instances.
"""

from __future__ import annotations

from typing import Any

from vorpal_protocol import CHAT_TEXT_MAX, WHITE_SPACE

from server.errors import BadRequest, RateLimited, Unauthorized
from server.runtime.clock import Clock, now_ms

from .matches import player_name, seat_of
from .record import MatchStore


class Chat:
    def __init__(self, store: MatchStore, per_minute: int, *, clock: Clock = now_ms) -> None:
        self.store = store
        self.clock = clock
        self.per_minute = per_minute

    async def say(self, match_id: str, token: str | None, text: str) -> dict[str, Any]:
        record, _ = await self.store.load(match_id)
        seat = seat_of(record, token)
        if seat is None:
            raise Unauthorized("chat is for seated players: send your seat token")
        # One rule, on the text as sent (PROTOCOL.md, `say`): 1..500 characters, not all white space.
        if not 1 <= len(text) <= CHAT_TEXT_MAX or not text.strip(WHITE_SPACE):
            raise BadRequest(f"a chat message has 1..{CHAT_TEXT_MAX} characters, not all white space")
        text = text.strip(WHITE_SPACE)
        message = {"seat": seat, "name": record.names[seat] or player_name(seat), "text": text, "at": self.clock()}
        # At most ``per_minute`` messages in any 60 s, per seat (a sliding window).
        wait_ms = await self.store.say(match_id, seat, message, self.per_minute)
        if wait_ms:
            raise RateLimited(f"at most {self.per_minute} chat messages a minute", retry_after_ms=wait_ms)
        return {"match": match_id, **message}

    async def messages(self, match_id: str) -> dict[str, Any]:
        await self.store.load(match_id)
        return {"match": match_id, "messages": await self.store.chat(match_id)}
