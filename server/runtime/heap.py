"""Giving the pages malloc has freed back to the system, on a clock.

CPython takes every block over 512 bytes (a frame's bytes, a stored table's
JSON, a dict's table) from the C library's malloc. glibc's heap shrinks only
from its top: one block still in use near the top holds every free page below
it, so a server's RSS follows the heap's high-water mark, not what it uses.
Under the soak that mark crept up by a megabyte at a time, and never came
back after the load (``loadtest/README.md``, "Soak").

``malloc_trim(0)`` gives back every whole free page, wherever it is in the
heap (glibc 2.8 and later). It costs a walk of malloc's free lists, about a
millisecond here, so it runs every ``every_s`` seconds on the event loop
(``VORPAL_HEAP_TRIM_S``; 0: never), not after each free. Fixing glibc's
thresholds instead (``M_TRIM_THRESHOLD``, ``M_MMAP_THRESHOLD``) was tried and
cost a third of the throughput: blocks of a megabyte were mapped and unmapped
on every frame.

Where the C library is not glibc, there is nothing to call and nothing runs.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import logging
import time
from collections.abc import Callable

log = logging.getLogger("vorpal.heap")


def _glibc_malloc_trim() -> Callable[[int], int] | None:
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        libc = ctypes.CDLL(name)
        trim = libc.malloc_trim
    except (OSError, AttributeError):  # not glibc (musl, macOS): no malloc_trim
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim  # type: ignore[no-any-return]


class HeapTrim:
    """Calls ``malloc_trim(0)`` every ``every_s`` seconds while started; a call slower than
    ``warn_s`` is logged, as a collector pause is."""

    def __init__(self, every_s: float = 2.0, warn_s: float = 0.02) -> None:
        self.every_s = every_s
        self.warn_s = warn_s
        self._trim = _glibc_malloc_trim()
        self._timer: asyncio.TimerHandle | None = None

    @property
    def available(self) -> bool:
        return self._trim is not None

    def start(self) -> None:
        if self.every_s > 0 and self._trim is not None and self._timer is None:
            self._timer = asyncio.get_running_loop().call_later(self.every_s, self._tick)

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def trim(self) -> bool:
        """Give back what can be given back now; True if any memory was released."""
        if self._trim is None:
            return False
        started = time.perf_counter()
        released = bool(self._trim(0))
        took = time.perf_counter() - started
        if took > self.warn_s:
            log.warning("heap: malloc_trim paused %.0f ms", took * 1000)
        return released

    def _tick(self) -> None:
        self.trim()
        self._timer = asyncio.get_running_loop().call_later(self.every_s, self._tick)
