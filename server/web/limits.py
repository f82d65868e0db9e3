"""Limits on what one WebSocket may ask of the server.

- Request frames: ``RATE_PER_S`` a second, bursts up to ``RATE_BURST`` (a token bucket).
- A connection that sends ``MAX_BAD_FRAMES`` unreadable frames, or has ``MAX_LIMITED``
  frames refused by the rate limit, is closed (1008).
- A client ``OUTBOX_LIMIT`` frames behind is disconnected so that it resumes, never skipped.
- A client that stops reading is dropped when a send waits ``ws_send_timeout_s`` (``server.config``).
- A refusal carries when to retry (:meth:`TokenBucket.retry_after_ms`), and what clients can
  cause at will is logged at most once in a while (:class:`~server.runtime.logs.LogLimiter`).

Frame size and nesting limits are the protocol's (``vorpal_protocol``); chat has its own
per-seat limit (``server.domain.chat``).
"""

from __future__ import annotations

import math
import time

RATE_PER_S = 200.0
RATE_BURST = 400.0
MAX_BAD_FRAMES = 100
MAX_LIMITED = 5_000
OUTBOX_LIMIT = 10_000


class TokenBucket:
    """``rate`` admissions a second on average, at most ``burst`` at once."""

    def __init__(self, rate: float = RATE_PER_S, burst: float = RATE_BURST) -> None:
        self.rate, self.burst = rate, burst
        self._allowance = burst
        self._checked = time.monotonic()

    def admit(self) -> bool:
        now = time.monotonic()
        self._allowance = min(self.burst, self._allowance + (now - self._checked) * self.rate)
        self._checked = now
        if self._allowance < 1:
            return False
        self._allowance -= 1
        return True

    def retry_after_ms(self) -> int:
        """Milliseconds until the next admission (after a refused :meth:`admit`), at least 1."""
        return max(1, math.ceil((1 - self._allowance) / self.rate * 1000))
