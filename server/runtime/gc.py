"""Garbage-collector tuning for a server that allocates per move, not per request.

CPython's default young-generation threshold (700) runs a collection every
few moves; with thousands of live tables that costs more than the moves
(``loadtest/README.md``). The app applies :class:`GcTuning` at start-up and
restores the process's previous settings when it stops.
"""

from __future__ import annotations

import gc
import logging
import time
from typing import Any

log = logging.getLogger("vorpal.gc")


class GcTuning:
    """A young-generation threshold, and a warning for every pause over ``warn_s`` (wall clock)."""

    def __init__(self, threshold: int = 50_000, warn_s: float = 0.02) -> None:
        self.threshold = threshold
        self.warn_s = warn_s
        self._saved: tuple[int, int, int] | None = None
        self._started = (0.0, 0.0)
        self._quiet = False

    def apply(self) -> None:
        if self._saved is None:
            self._saved = gc.get_threshold()
            gc.callbacks.append(self._timer)
        gc.set_threshold(self.threshold, 50, 1000)

    def restore(self) -> None:
        if self._saved is not None:
            gc.set_threshold(*self._saved)
            gc.callbacks.remove(self._timer)
            self._saved = None

    def freeze(self) -> None:
        """Collect once and move what survives to the permanent generation, which no collection visits.

        Called when start-up is done: those objects live for ever. Not logged as a pause,
        since nothing waits on it yet (a soak's histogram is of pauses under load).
        """
        self._quiet = True
        try:
            gc.collect()
            gc.freeze()
        finally:
            self._quiet = False

    def _timer(self, phase: str, info: dict[str, Any]) -> None:
        if self._quiet:
            return
        if phase == "start":
            self._started = (time.perf_counter(), time.thread_time())
            return
        took = time.perf_counter() - self._started[0]
        if took > self.warn_s:
            cpu = time.thread_time() - self._started[1]
            log.warning("gc: generation %d paused %.0f ms (%.0f ms of CPU; %d collected)",
                        info["generation"], took * 1000, cpu * 1000, info["collected"])  # fmt: skip
