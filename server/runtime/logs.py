"""Log lines for what may happen at any rate: at most one in a while, counting the ones left out."""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable


class LogLimiter:
    """At most one log line per ``every_s`` for a kind of event that may come at any rate (a refused
    handshake or a dropped slow reader, which clients cause at will; a stored match the lobby cannot
    read, met by every listing): the line counts the ones left out since."""

    def __init__(self, logger: logging.Logger, level: int, every_s: float = 10.0,
                 clock: Callable[[], float] = time.monotonic) -> None:  # fmt: skip
        self.logger, self.level, self.every_s, self.clock = logger, level, every_s, clock
        self._last = -math.inf
        self._suppressed = 0

    def log(self, message: str, *args: object) -> None:
        now = self.clock()
        if now - self._last < self.every_s:
            self._suppressed += 1
            return
        suppressed, self._suppressed, self._last = self._suppressed, 0, now
        if suppressed:
            self.logger.log(self.level, message + " (and %d more like it since)", *args, suppressed)
        else:
            self.logger.log(self.level, message, *args)
