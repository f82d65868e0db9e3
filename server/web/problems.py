"""Errors as RFC 9457 problem JSON (REST) and ``error`` frames (WebSocket): one builder for both.

:func:`members` is what a client reads of an error, whichever way it came: ``code``,
``title``, ``detail`` and the error's extra members (``current`` on ``stale_version``,
``retry_after_ms`` on ``rate_limited``...). A problem document adds ``type``, ``status``
and ``instance``; an ``error`` frame adds ``type: "error"`` and the request ``id``.
"""

from __future__ import annotations

import logging
import math
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from vorpal_protocol import DecodeError

from server.errors import (
    BadFrame,
    BadRequest,
    FrameTooLarge,
    MethodNotAllowed,
    NotFound,
    UnknownFrame,
    VorpalError,
)

log = logging.getLogger("vorpal.errors")

PROBLEM_TYPE = "urn:vorpal:error:"
_HTTP_CODES = {400: "bad_request", 404: "not_found", 405: "method_not_allowed", 413: "payload_too_large"}
_DECODE_ERRORS: dict[str, type[VorpalError]] = {
    "bad_frame": BadFrame, "unknown_frame": UnknownFrame, "frame_too_large": FrameTooLarge, "bad_request": BadRequest,
}  # fmt: skip
#: What a server fault tells the client: the fault may have struck after a change was stored.
INTERNAL_DETAIL = "a server fault: the change may or may not have been applied; retry with the same key"


def members(exc: VorpalError) -> dict[str, Any]:
    """The members every client reads of ``exc``, over REST and WebSocket alike."""
    return {"code": exc.code, "title": exc.title, "detail": exc.detail, **exc.extra}


def problem_body(
    code: str, title: str, status: int, detail: str | None, instance: str | None = None, **extra: Any
) -> dict[str, Any]:
    """The problem document (RFC 9457) of an error's members."""
    body: dict[str, Any] = {"type": PROBLEM_TYPE + code, "title": title, "status": status, "code": code}
    if detail:
        body["detail"] = detail
    if instance:
        body["instance"] = instance
    body.update(extra)
    return body


def problem(
    code: str, title: str, status: int, detail: str | None, instance: str | None = None, **extra: Any
) -> Response:
    """A problem response; a retry hint (``retry_after_ms``) also becomes ``Retry-After``."""
    headers = {}
    hint = extra.get("retry_after_ms")
    if isinstance(hint, int):
        headers["Retry-After"] = retry_after_s(hint)
    body = problem_body(code, title, status, detail, instance, **extra)
    return JSONResponse(body, status_code=status, headers=headers, media_type="application/problem+json")


def problem_document(exc: VorpalError, instance: str | None = None) -> dict[str, Any]:
    return problem_body(**members(exc), status=exc.status, instance=instance)


def retry_after_s(retry_after_ms: int) -> str:
    """The ``Retry-After`` header of a hint in milliseconds: whole seconds, rounded up, at least 1."""
    return str(max(1, math.ceil(retry_after_ms / 1000)))


def from_error(exc: VorpalError, instance: str | None = None) -> Response:
    """The problem response of ``exc``: its :func:`members`, with type, status and instance."""
    return problem(**members(exc), status=exc.status, instance=instance)


def error_frame(exc: VorpalError, request_id: int | str | None) -> dict[str, Any]:
    """The ``error`` frame of ``exc``: the problem's members, its extras included."""
    return {"type": "error", "id": request_id, **members(exc)}


def from_decode_error(exc: DecodeError) -> VorpalError:
    """The error of bytes that are not a frame (the codec's :class:`DecodeError`)."""
    return _DECODE_ERRORS.get(exc.code, BadFrame)(exc.detail)


async def on_vorpal_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, VorpalError)
    return from_error(exc, request.url.path)


async def on_http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    code = _HTTP_CODES.get(exc.status_code, "bad_request")
    err: VorpalError = NotFound() if code == "not_found" else BadRequest(str(exc.detail))
    return problem(code, err.title, exc.status_code, str(exc.detail), request.url.path)


async def on_method_not_allowed(request: Request, exc: Exception) -> Response:
    """405 ``method_not_allowed``, with ``Allow``: the methods of every route of the path (the router
    names only the first route it tried, and a path may have one route per method)."""
    assert isinstance(exc, HTTPException)
    path = request.scope["path"]
    methods = set()
    for route in request.app.routes:
        if isinstance(route, Route) and route.methods and route.path_regex.fullmatch(path):
            methods |= route.methods
    allow = ", ".join(sorted(methods)) or (exc.headers or {}).get("Allow", "")
    response = from_error(MethodNotAllowed(f"{request.method} is not a method of {path}; it has {allow}"), path)
    response.headers["Allow"] = allow
    return response


async def on_crash(request: Request, exc: Exception) -> Response:
    log.exception("unhandled error on %s", request.url.path, exc_info=exc)
    return from_error(VorpalError(INTERNAL_DETAIL), request.url.path)


class Faults:
    """Answers a request whose handler failed unexpectedly with the ``internal`` problem, from inside
    the layers that mark every answer (CORS, the request id).

    Starlette's own handler for ``Exception`` answers from its outermost layer, past them: a page of
    another origin could not read that 500, nor match it to its request id. (The app keeps that
    handler for a fault in the outer layers themselves.) A fault after the answer has started is
    raised on: there is no second answer to give."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def send_watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, send_watched)
        except Exception as exc:
            if started:
                raise
            response = await on_crash(Request(scope), exc)
            await response(scope, receive, send)
