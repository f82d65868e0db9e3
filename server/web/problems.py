"""Errors as RFC 9457 problem JSON (REST) and ``error`` frames (WebSocket), one code for both."""

from __future__ import annotations

import logging
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from server.engine.errors import BadRequest, MethodNotAllowed, NotFound, VorpalError

log = logging.getLogger("vorpal.errors")

PROBLEM_TYPE = "urn:vorpal:error:"
_HTTP_CODES = {400: "bad_request", 404: "not_found", 405: "method_not_allowed", 413: "frame_too_large"}


def problem(
    code: str, title: str, status: int, detail: str | None, instance: str | None = None, **extra: Any
) -> Response:
    body: dict[str, Any] = {"type": PROBLEM_TYPE + code, "title": title, "status": status, "code": code}
    if detail:
        body["detail"] = detail
    if instance:
        body["instance"] = instance
    body.update(extra)
    return JSONResponse(body, status_code=status, media_type="application/problem+json")


def from_error(exc: VorpalError, instance: str | None = None) -> Response:
    return problem(exc.code, exc.title, exc.status, exc.detail, instance, **exc.extra)


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
    return problem("internal", "Internal error", 500, "a server fault; nothing was changed", request.url.path)


def error_frame(exc: VorpalError, request_id: int | str | None) -> dict[str, Any]:
    """The ``error`` frame of ``exc``: the problem's members, its extras (``current``) included."""
    frame: dict[str, Any] = {"type": "error", "id": request_id, "code": exc.code, "title": exc.title}
    frame["detail"] = exc.detail
    frame.update(exc.extra)
    return frame
