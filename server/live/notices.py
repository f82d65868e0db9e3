"""An account's notices to the sockets signed in with its key: each ``seq`` exactly once, in order.

The same discipline as a match subscription (:mod:`server.live.subscription`), with the
account's inbox in the place of the match's log: while a stream starts (the notices above
the client's ``since`` are read from the inbox and sent) or fills a gap, pushed notices are
held; then they arrive again in ``seq`` order, and one already sent is dropped. A notice
trimmed from the inbox before it could be read (more than ``KEPT`` behind) is skipped.
:class:`NoticeFanout` follows each signed-in account's channel for the hub; the match path
does not look at it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from server.domain.inbox import Inbox, Notice
from server.errors import VorpalError
from server.store.keys import account_topic
from server.store.subscriber import Subscriber

from .subscription import Arrival, Ordering, Phase, Send

FILL_ATTEMPTS = 50
FILL_PAUSE_S = 0.2


def notice_frame(notice: Notice) -> dict[str, Any]:
    """The ``notice`` frame of protocol v1: the inbox's Notice as it is."""
    return {"type": "notice", **notice.model_dump()}


@dataclass(eq=False)
class NoticeStream:
    """A socket signed in as ``account_id``: where the account's notices are sent."""

    account_id: str
    send: Send
    order: Ordering[Notice] = field(default_factory=Ordering)

    @property
    def live(self) -> bool:
        return self.order.phase is Phase.LIVE

    def deliver(self, notices: list[Notice]) -> None:
        """Send those of ``notices`` (oldest first, from the inbox) not sent yet."""
        for notice in notices:
            if notice.seq > self.order.last:
                self.send(notice_frame(notice))
                self.order.sent(notice.seq)


class NoticeFanout:
    """The local streams of each signed-in account, fed from its notice channel and its inbox."""

    def __init__(self, inbox: Inbox | None, subscriber: Subscriber,
                 spawn: Callable[[Coroutine[Any, Any, None]], None]) -> None:  # fmt: skip
        self.inbox = inbox
        self.subscriber = subscriber
        self.spawn = spawn
        self.accounts: dict[str, set[NoticeStream]] = {}

    async def sign_in(self, stream: NoticeStream, since: int | None) -> int:
        """Follow ``stream``'s account: send the kept notices above ``since`` (none if None), then
        every new one. Returns the number of the account's newest notice (0: none yet)."""
        assert self.inbox is not None, "a hub without an inbox pushes no notices"
        streams = self.accounts.setdefault(stream.account_id, set())
        streams.add(stream)
        try:
            await self.subscriber.subscribe(account_topic(stream.account_id))
            # Read after the channel is live: nothing can fall between the two.
            kept = await self.inbox.read(stream.account_id, 0 if since is None else since)
        except BaseException:
            self.sign_out(stream)
            raise
        newest = kept[-1].seq if kept else (since or 0)
        if since is None:
            stream.order.sent(newest)  # nothing replayed: only what comes after
        else:
            stream.order.sent(since)
            stream.deliver(kept)
        for notice in stream.order.start(stream.order.last):
            self._arrive(stream, notice)
        return newest

    def sign_out(self, stream: NoticeStream) -> None:
        streams = self.accounts.get(stream.account_id)
        if streams is None or stream not in streams:
            return
        streams.discard(stream)
        if not streams:
            del self.accounts[stream.account_id]
            self.subscriber.unsubscribe(account_topic(stream.account_id))

    def on_notice(self, account_id: str, text: str) -> None:
        streams = self.accounts.get(account_id)
        if not streams:
            return
        notice = Notice.model_validate_json(text)
        for stream in list(streams):
            self._arrive(stream, notice)

    def resync(self, account_id: str) -> None:
        """Notices of ``account_id`` may have been lost: fill every live stream from the inbox."""
        for stream in list(self.accounts.get(account_id, ())):
            if stream.live:
                stream.order.fill()
                self.spawn(self._fill(stream))

    def _arrive(self, stream: NoticeStream, notice: Notice) -> None:
        arrival = stream.order.arrive(notice.seq, notice)
        if arrival is Arrival.SEND:
            stream.deliver([notice])
        elif arrival is Arrival.GAP:
            self.spawn(self._fill(stream))

    async def _fill(self, stream: NoticeStream) -> None:
        """Send ``stream`` the kept notices after the last it was sent, then what was held."""
        assert self.inbox is not None
        read = False
        try:
            for _ in range(FILL_ATTEMPTS):
                try:
                    kept = await self.inbox.read(stream.account_id, stream.order.last)
                    if stream not in self.accounts.get(stream.account_id, ()):
                        return  # signed out meanwhile: its socket is closed or follows another stream
                    stream.deliver(kept)
                    read = True
                    break
                except VorpalError:
                    await asyncio.sleep(FILL_PAUSE_S)
        finally:
            held = stream.order.filled()
            if stream not in self.accounts.get(stream.account_id, ()):
                held = []
            for notice in held:
                if read and notice.seq > stream.order.last + 1:  # trimmed from the inbox: gone for good
                    stream.order.sent(notice.seq - 1)
                self._arrive(stream, notice)
