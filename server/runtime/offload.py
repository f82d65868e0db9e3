"""Work too long for the event loop, run in a process of its own (architecture rule 6).

A thread would not do: it shares the interpreter with the event loop, which then serves moves
only between its slices. A replay of a long match (``loadtest/README.md``: about a second per
thousand Zimby Mojo moves) goes to a worker process instead; the loop only waits for the answer.
The workers are started on first use (``spawn``: a fresh interpreter, no copy of the server's
sockets or threads) and stopped with the process.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


class Offload:
    """At most ``workers`` calls at once, each in a worker process; the rest wait their turn."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker process (``fn`` and its arguments are pickled: a module-level function)."""
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=context)
        return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)

    def close(self) -> None:
        """Stop the workers (what runs is finished first)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
