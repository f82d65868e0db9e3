"""One socket's stream of an account's notices: each ``seq`` exactly once, in order.

The same discipline as a match subscription (:mod:`server.live.subscription`), with the
account's inbox in the place of the match's log: while the stream starts (the notices above
the client's ``since`` are read from the inbox and sent) or fills a gap, pushed notices are
held; then they arrive again in ``seq`` order, and one already sent is dropped. A notice
trimmed from the inbox before it could be read (more than ``KEPT`` behind) is skipped.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from server.domain.inbox import Notice

from .subscription import Ordering, Phase, Send


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
