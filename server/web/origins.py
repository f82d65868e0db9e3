"""Which browser origins may use the API: CORS for REST, an ``Origin`` check for the WebSocket.

``VORPAL_CORS_ORIGINS`` lists them (``https://app.example,https://other.example``); none by
default, ``*`` for any (development). REST answers preflights and marks every response through
Starlette's CORS middleware. Browsers do not apply CORS to WebSockets, so the handshake checks
``Origin`` itself: one outside the list is refused with a ``forbidden`` problem. A client that
sends no ``Origin`` (a bot, a server) is not a browser page and is let through, and so is a page
the server itself serves (the playground): its origin is the host it asked.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware

from server.config import Settings

#: Headers a page may read from a cross-origin response.
EXPOSED = ["Location", "Retry-After", "X-Request-Id"]


def cors(settings: Settings) -> Middleware:
    """The CORS middleware for ``settings``: bearer credentials in a header, never cookies."""
    return Middleware(CORSMiddleware, allow_origins=list(settings.cors_origins), allow_methods=["*"],
                      allow_headers=["*"], expose_headers=EXPOSED, max_age=600)  # fmt: skip


def origin_allowed(headers: Headers, allowed: tuple[str, ...]) -> bool:
    """Whether a WebSocket handshake's ``Origin`` may open a socket."""
    origin = headers.get("origin")
    if origin is None or "*" in allowed or origin in allowed:
        return True
    return urlsplit(origin).netloc == headers.get("host")
