"""Documents that are long to make and fixed for the process, made once, off the event loop.

``/openapi.json`` and ``/asyncapi.json`` hold every game's schemas: each takes most of a second
of pure Python to make. Made on the event loop, the first request for one would hold up every
move and frame of the instance meanwhile; made in a thread, the loop goes on serving (the two
share the interpreter, so the loop is slowed, not stopped). Requests that come while it is
being made wait for the same result.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable


class BuiltOnce:
    """``make()``'s bytes, made in a worker thread on the first :meth:`get` and kept."""

    def __init__(self, make: Callable[[], bytes]) -> None:
        self._make = make
        self._made: asyncio.Future[bytes] | None = None

    async def get(self) -> bytes:
        if self._made is None:
            self._made = asyncio.ensure_future(asyncio.to_thread(self._make))
        return await asyncio.shield(self._made)
