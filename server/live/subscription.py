"""The ordering of one subscription: every version exactly once, in order, whatever Redis delivers.

A pure state machine, driven by the hub::

    STARTING ──start(last)──► LIVE ◄──filled()── FILLING
                               │                    ▲
                               └──arrive(v > last+1)┘

While STARTING (the subscriber is being sent the match's state) or FILLING
(missed versions are being read from the log), notifications are held and
handed back, in version order, when the phase ends. In LIVE, a notification
is sent if it is the next version, dropped if it was sent already, and held
if it skips versions: the hub then fills the gap from the log.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from server.domain.delay import SpectatorDelay

if TYPE_CHECKING:
    from .frames import Notification

T = TypeVar("T")


class Phase(Enum):
    STARTING = "starting"
    LIVE = "live"
    FILLING = "filling"


class Arrival(Enum):
    SEND = "send"  # the next version: send it, then call sent()
    DROP = "drop"  # sent already
    HOLD = "hold"  # kept until the current phase ends
    GAP = "gap"  # kept, and versions are missing before it: fill them


@dataclass(eq=False)
class Ordering(Generic[T]):
    last: int = -1
    phase: Phase = Phase.STARTING
    held: list[tuple[int, T]] = field(default_factory=list)

    def arrive(self, version: int, item: T) -> Arrival:
        if self.phase is not Phase.LIVE:
            self.held.append((version, item))
            return Arrival.HOLD
        if version <= self.last:
            return Arrival.DROP
        if version > self.last + 1:
            self.phase = Phase.FILLING
            self.held.append((version, item))
            return Arrival.GAP
        return Arrival.SEND

    def sent(self, version: int) -> None:
        if version > self.last:
            self.last = version

    def start(self, last: int) -> list[T]:
        """Everything up to ``last`` has been sent: go live; returns what was held, to arrive again."""
        self.last = last
        return self._release()

    def fill(self) -> None:
        """A fill starts (after a gap, or after the pub/sub connection was lost)."""
        self.phase = Phase.FILLING

    def filled(self) -> list[T]:
        """The fill is over (whatever it reached): returns what was held, to arrive again."""
        return self._release()

    def _release(self) -> list[T]:
        self.phase = Phase.LIVE
        held, self.held = self.held, []
        return [item for _, item in sorted(held, key=lambda pair: pair[0])]


Send = Callable[[dict[str, Any] | bytes], None]


@dataclass(eq=False)
class Subscription:
    """One socket's interest in one match, as a seat or a spectator (``seat`` None)."""

    match_id: str
    seat: int | None
    send: Send
    order: Ordering[Notification] = field(default_factory=Ordering)
    #: A spectator of a delayed match: events reach it only as the delay allows (the hub reads them
    #: from the log then), never as they are published.
    delay: SpectatorDelay | None = None
    #: Called when the match is found at an earlier version than this subscriber was sent (a failover
    #: lost what it had seen): the socket tells its client to resume (close code 4001), which then learns what
    #: the match now is. No frame could say it: every frame only moves a version forward.
    went_back: Callable[[], None] = lambda: None
    #: Protocol v2: events carry a patch of the view (:meth:`server.live.frames.Frames.v2_frame`).
    v2: bool = False
    #: Protocol v2: the version of the view the socket holds (the last one sent it, whole or patched).
    view_version: int = -1

    @property
    def live(self) -> bool:
        return self.order.phase is Phase.LIVE
