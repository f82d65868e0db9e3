"""Vorpal's log lines: one per REST request (``VORPAL_ACCESS_LOG``), one per WebSocket session.

Every request gets an id: the client's ``X-Request-Id`` when it sends a sane one, else a new
one, echoed in the response's ``X-Request-Id``. A request's line has its method, path, status,
duration, id and the match its path names; a WebSocket session logs one line when it ends,
with its duration, frames in and out, close code and the matches it named. Lines are text, or
one JSON object each with ``VORPAL_LOG_FORMAT=json``. Uvicorn's own access log stays off.
"""

from __future__ import annotations

import json
import logging
import re
import secrets
import sys
import time
from typing import Any

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from vorpal_protocol.frames import MoveFrame

from server.config import Settings
from server.runtime import metrics

log = logging.getLogger("vorpal.access")

#: Where the request id rides in the ASGI scope, for the WebSocket session's line.
SCOPE_KEY = "vorpal.request_id"
_SANE_ID = re.compile(r"[A-Za-z0-9._:-]{1,64}")
_MATCH_IN_PATH = re.compile(r"^/v1/(?:admin/)?matches/([^/]+)")


class JsonLines(logging.Formatter):
    """One JSON object a line: time, level, logger, message and the record's ``fields``."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "ts": self.formatTime(record, "%Y-%m-%dT%H:%M:%S") + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        out.update(getattr(record, "fields", {}))
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return json.dumps(out, default=str)


JsonLines.converter = time.gmtime


def _not_a_handshake(record: logging.LogRecord) -> bool:
    """Uvicorn's line per WebSocket handshake: the session's own line at its end replaces it."""
    return not str(record.msg).startswith('%s - "WebSocket %s"')


def configure(settings: Settings) -> None:
    """Send every ``vorpal.*`` logger's lines to stderr, as text or JSON, at ``settings.log_level``."""
    uvicorn_log = logging.getLogger("uvicorn.error")
    if _not_a_handshake not in uvicorn_log.filters:
        uvicorn_log.addFilter(_not_a_handshake)
    root = logging.getLogger("vorpal")
    for handler in [h for h in root.handlers if getattr(h, "vorpal", False)]:
        root.removeHandler(handler)
    handler = logging.StreamHandler(sys.stderr)
    handler.vorpal = True  # type: ignore[attr-defined]
    if settings.log_format == "json":
        handler.setFormatter(JsonLines())
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    root.setLevel(settings.log_level.upper())
    root.propagate = False


def _line(what: str, fields: dict[str, Any]) -> None:
    text = " ".join(f"{k}={v}" for k, v in fields.items() if v is not None)
    log.info("%s %s", what, text, extra={"fields": fields})


def request_id(scope: Scope) -> str:
    sent = Headers(scope=scope).get("x-request-id")
    return sent if sent is not None and _SANE_ID.fullmatch(sent) else secrets.token_hex(8)


def match_in(path: str) -> str | None:
    found = _MATCH_IN_PATH.match(path)
    return None if found is None else found[1]


class RequestLog:
    """ASGI middleware: give each request (and WebSocket handshake) an id; log each REST request."""

    def __init__(self, app: ASGIApp, enabled: bool) -> None:
        self.app = app
        self.enabled = enabled

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        rid = scope[SCOPE_KEY] = request_id(scope)
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500  # unless a response starts

        async def tagged_send(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                MutableHeaders(scope=message).append("X-Request-Id", rid)
            await send(message)

        try:
            await self.app(scope, receive, tagged_send)
        finally:
            if self.enabled:
                _line("request", {"method": scope["method"], "path": scope["path"], "status": status,
                                  "ms": round((time.perf_counter() - started) * 1000, 1), "request_id": rid,
                                  "match": match_in(scope["path"])})  # fmt: skip


class Session:
    """One WebSocket session: counted while open, logged in one line when it ends."""

    def __init__(self, scope: Scope) -> None:
        self.request_id: str = scope.get(SCOPE_KEY) or secrets.token_hex(8)
        self.started = time.perf_counter()
        self.frames_in = 0
        self.frames_out = 0
        self.close_code: int | None = None
        self.matches: set[str] = set()
        self._received = 0.0
        metrics.OPEN_SOCKETS.inc()

    def saw(self, frame: Any) -> None:
        """A request frame was read: note the match it names and when it came."""
        self._received = time.perf_counter()
        match = getattr(frame, "match", None)
        if isinstance(match, str):
            self.matches.add(match)

    def answered(self, frame: Any) -> None:
        """The answer to the frame last seen is queued: a move's latency is observed."""
        if isinstance(frame, MoveFrame):
            metrics.MOVE_SECONDS.observe(time.perf_counter() - self._received)

    def end(self, close_code: int | None = None) -> None:
        """The socket is closed (``close_code``: the code the server sent, if the client did not)."""
        self.close_code = self.close_code if self.close_code is not None else close_code
        metrics.OPEN_SOCKETS.dec()
        ms = round((time.perf_counter() - self.started) * 1000)
        _line("websocket", {"request_id": self.request_id, "ms": ms, "frames_in": self.frames_in,
                            "frames_out": self.frames_out, "close_code": self.close_code,
                            "matches": ",".join(sorted(self.matches)) or "-"})  # fmt: skip
