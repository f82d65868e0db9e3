"""A ceiling on REST bodies (``VORPAL_MAX_BODY_BYTES``), enforced before a body is read whole.

A ``Content-Length`` over the limit is answered at once; a body streamed without one is
counted as it arrives, and refused as soon as it passes the limit. Either way the answer is
a 413 ``payload_too_large`` problem. (WebSocket frames have the protocol's own limit.)
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from server.errors import PayloadTooLarge

from .problems import from_error


class BodyLimit:
    """ASGI middleware: refuse HTTP request bodies over ``limit`` bytes with a 413 problem."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    def _refusal(self) -> PayloadTooLarge:
        return PayloadTooLarge(f"a request body may hold at most {self.limit} bytes")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope["headers"]:
            if name == b"content-length" and value.isdigit() and int(value) > self.limit:
                await from_error(self._refusal(), scope["path"])(scope, receive, send)
                return
        seen = 0

        async def counted_receive() -> Message:
            """Raised from here, the refusal reaches the app's handler of every refusal
            (``on_vorpal_error``), through the handler reading the body, as any other would."""
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise self._refusal()
            return message

        await self.app(scope, counted_receive, send)
