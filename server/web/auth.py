"""Credentials as the transports carry them: a seat token in ``Authorization: Bearer``, or in an ``auth`` frame."""

from __future__ import annotations

from starlette.requests import Request

from server.engine.errors import BadRequest


def bearer(request: Request) -> str | None:
    """The request's seat token, if it sends one (``bad_request`` if the header is malformed)."""
    header = request.headers.get("authorization")
    if not header:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise BadRequest("Authorization must be 'Bearer <seat token>'")
    return token.strip()
