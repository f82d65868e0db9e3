"""Garbage-collector tuning for a server that allocates per move, not per request.

CPython starts a young collection when its allocation count (allocations minus
deallocations of tracked objects, *of any generation*) passes a threshold. A
server in a steady state frees about as many old objects as it allocates new
ones, so the count hardly moves while the young generation keeps growing: under
the soak's load a collection came only every 15-30 s and then traversed 100,000
to 160,000 live young objects (decoded tables, new sockets' coroutines), a
pause of 100-270 ms that stalled every match on the instance
(``loadtest/README.md``, "Soak"). The pause is set by how many objects are
still alive in the generation collected, not by the threshold.

So young collections run on a clock (:meth:`GcTuning.start`): every
``young_every_s`` the young generation holds only what was allocated since the
last tick and still lives, and every ``old_every`` ticks the middle generation
is collected too, or sooner when it already holds more than ``old_max``
objects (a burst of new connections: everything they allocate lives through
the young collections, and a middle collection walks all of it at once).
The clock is short (100 ms by default) because every move on the instance waits
behind a collection, and a pause lasts as long as what it walks: shorter ticks
walk less each, for more of the collector's CPU in all, which is small beside a
move's (``loadtest/README.md``: the open workload of the table dated 19:38 UTC).

A full collection walks every object the server holds that is not frozen, a
long pause, so it follows CPython's own rule: it is considered after
``threshold2`` middle collections, and made only if the old generation has grown
by more than a quarter since the last one (a server in a steady state holds
about as many objects an hour later, and so never pays for one; a leak of
cycles grows the generation until one is made). The threshold stays high, as a
bound on the young generation between ticks during a burst. Objects that live
from start-up on are frozen out of every collection.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from typing import Any

log = logging.getLogger("vorpal.gc")


class GcTuning:
    """Collector settings for the app's lifetime, young collections on a clock, and a warning
    for every pause over ``warn_s`` (wall clock)."""

    def __init__(self, threshold: int = 50_000, warn_s: float = 0.02, young_every_s: float = 0.1,
                 old_every: int = 4, old_max: int = 10_000) -> None:  # fmt: skip
        self.threshold = threshold
        self.warn_s = warn_s
        self.young_every_s = young_every_s
        self.old_every = old_every
        self.old_max = old_max
        self._since_old = 0
        self._middles = 0  # middle collections since a full one was last considered
        self._old_after_full = 0  # objects in the old generation after the last full collection
        self._saved: tuple[int, int, int] | None = None
        self._started = (0.0, 0.0)
        self._quiet = False
        self._timer: asyncio.TimerHandle | None = None

    def apply(self) -> None:
        if self._saved is None:
            self._saved = gc.get_threshold()
            gc.callbacks.append(self._measure)
        gc.set_threshold(self.threshold, 50, 1000)

    def restore(self) -> None:
        self.stop()
        if self._saved is not None:
            gc.set_threshold(*self._saved)
            gc.callbacks.remove(self._measure)
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

    def start(self) -> None:
        """Collect on a clock from now on (``young_every_s`` 0: leave it to CPython's count)."""
        if self.young_every_s > 0 and self._timer is None:
            self._timer = asyncio.get_running_loop().call_later(self.young_every_s, self._tick)

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _tick(self) -> None:
        self._since_old += 1
        generation = 0
        # Counting the middle generation lists it (references only): far cheaper than collecting it.
        if self._since_old >= self.old_every or (self.old_max and len(gc.get_objects(1)) > self.old_max):
            generation = 1
        if generation:
            self._since_old = 0
            self._middles += 1
            if self._middles >= gc.get_threshold()[2]:
                self._middles = 0
                # Counting the old generation lists all of it: done only once per threshold2 middle collections.
                if len(gc.get_objects(2)) > self._old_after_full * 5 // 4:
                    generation = 2
        gc.collect(generation)
        if generation == 2:
            self._old_after_full = len(gc.get_objects(2))
        self._timer = asyncio.get_running_loop().call_later(self.young_every_s, self._tick)

    def _measure(self, phase: str, info: dict[str, Any]) -> None:
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
