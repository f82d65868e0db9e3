"""The wall clock the server stamps matches, logs and leases with: one definition, and the type that
lets a test hand the domain another.

Milliseconds since the epoch, as the protocol writes every time (``created``, ``updated``, an
event's ``at``). Every domain service (matches, ladders, tournaments, chat, accounts) and the live
loops that read deadlines take a :data:`Clock` when they are made; :func:`server.web.app.create_app`
gives them :func:`now_ms`, and a test gives them a :class:`SteppedClock`, which stands still until
the test steps it, so a test of a deadline moves time past it instead of sleeping until it passes.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeAlias

#: Reads the time now, in milliseconds since the epoch.
Clock: TypeAlias = Callable[[], int]


def now_ms() -> int:
    """Milliseconds since the epoch, now: the running server's :data:`Clock`."""
    return int(time.time() * 1000)


class SteppedClock:
    """A :data:`Clock` that moves only when told: for tests, which step time past a deadline."""

    def __init__(self, start_ms: int | None = None) -> None:
        """Starts at ``start_ms`` (the wall clock's reading by default, so stamps look like real ones)."""
        self.ms = now_ms() if start_ms is None else start_ms

    def __call__(self) -> int:
        return self.ms

    def step(self, ms: int) -> int:
        """Move ``ms`` milliseconds on (never back); returns the new time."""
        if ms < 0:
            raise ValueError("a clock does not go back")
        self.ms += ms
        return self.ms
