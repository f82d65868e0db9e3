"""A rolling deploy that players do not notice: what an instance does between SIGTERM and its exit.

1. SIGTERM: ``/readyz`` answers 503 at once (:attr:`Drain.draining`), so a load balancer or
   Kubernetes sends no new connection here, while everything else is served as before for
   ``VORPAL_DRAIN_DELAY_S`` (the time a balancer takes to notice).
2. Then uvicorn's own shutdown: the listening sockets close (no new socket), each HTTP
   connection ends after its request in flight, and each WebSocket is closed by
   :meth:`server.web.wsprotocol.VorpalWebSocketProtocol.shutdown`: reading stops, every frame
   already read is handled and answered, and only then does a 1012 close frame (service restart)
   go, which the SDKs answer by reconnecting at once, to another URL if they have one, and by
   resuming. What the client sent but the server never read gets no answer and was not applied:
   the SDKs send it again after the resume.
3. The lifespan's shutdown, bounded as a whole by ``VORPAL_SHUTDOWN_TIMEOUT_S`` (uvicorn's
   ``timeout_graceful_shutdown``: sockets still open then are cut).

The hook goes on uvicorn's SIGTERM handler, installed before the app starts: :meth:`Drain.install`
wraps it, so this works in every process uvicorn runs the app in (``--workers N`` included). A
second SIGTERM during the delay goes straight on to step 2.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import threading
from types import FrameType
from typing import Any

from starlette.requests import HTTPConnection

log = logging.getLogger("vorpal.drain")


class Drain:
    """Whether this process is on its way out, and the SIGTERM hook that says so."""

    def __init__(self, delay_s: float = 0.0) -> None:
        self.delay_s = delay_s
        self.draining = False

    def install(self) -> bool:
        """Wrap the SIGTERM handler in place (uvicorn's); False (nothing done) off the main thread or
        without a Python handler to wrap (the app then serves in a test's thread, say)."""
        if threading.current_thread() is not threading.main_thread():
            return False
        previous = signal.getsignal(signal.SIGTERM)
        if not callable(previous):
            return False
        loop = asyncio.get_running_loop()

        def on_sigterm(sig: int, frame: FrameType | None) -> None:
            if self.draining or self.delay_s <= 0:
                self.draining = True
                previous(sig, frame)
                return
            self.draining = True
            log.warning("SIGTERM: not ready any more; closing in %g s", self.delay_s)
            # A signal handler may run in the middle of the loop's own bookkeeping: only the
            # thread-safe call is safe here.
            loop.call_soon_threadsafe(loop.call_later, self.delay_s, previous, sig, None)

        signal.signal(signal.SIGTERM, on_sigterm)
        return True


def draining(conn: HTTPConnection) -> bool:
    """The app's process got SIGTERM (readiness fails from then on)."""
    drain: Any = getattr(conn.app.state, "drain", None)
    return isinstance(drain, Drain) and drain.draining
