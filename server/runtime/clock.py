"""The wall clock the server stamps matches, logs and leases with: one definition, read everywhere.

Milliseconds since the epoch, as the protocol writes every time (``created``, ``updated``, an
event's ``at``). Tests that must step time pass their own clock to what they test; this is the
one the running server reads.
"""

from __future__ import annotations

import time


def now_ms() -> int:
    """Milliseconds since the epoch, now."""
    return int(time.time() * 1000)
