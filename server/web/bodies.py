"""A ceiling on REST bodies (``VORPAL_MAX_BODY_BYTES``), enforced before a body is read whole.

A ``Content-Length`` over the limit is answered at once; a body streamed without one is
counted as it arrives, and refused as soon as it passes the limit. Either way the answer is
a 413 ``payload_too_large`` problem. (WebSocket frames have the protocol's own limit.)
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from server.engine.errors import PayloadTooLarge

from .problems import from_error


class _TooLarge(Exception):
    """Raised from ``receive`` when the streamed body passes the limit."""


class BodyLimit:
    """ASGI middleware: refuse HTTP request bodies over ``limit`` bytes with a 413 problem."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        response = from_error(PayloadTooLarge(f"a request body may hold at most {self.limit} bytes"), scope["path"])
        for name, value in scope["headers"]:
            if name == b"content-length" and value.isdigit() and int(value) > self.limit:
                await response(scope, receive, send)
                return
        seen = 0
        started = False

        async def counted_receive() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise _TooLarge
            return message

        async def watched_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted_receive, watched_send)
        except _TooLarge:
            if started:
                raise
            await response(scope, receive, send)
