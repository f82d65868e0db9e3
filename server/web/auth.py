"""Credentials as the transports carry them: a seat token or an API key in ``Authorization: Bearer``,
a seat token in an ``auth`` frame, the admin key in ``Authorization: Bearer`` of the admin endpoints."""

from __future__ import annotations

import hmac

from starlette.requests import Request

from server.errors import BadRequest, Forbidden, Unauthorized


def bearer(request: Request) -> str | None:
    """The request's bearer credential, if it sends one: ``bad_request`` if the header is of another
    scheme, ``unauthorized`` if it is ``Bearer`` with no credential (a missing one, as the OpenAPI
    document's bearer schemes, which cannot describe a credential's shape, let a client send it)."""
    header = request.headers.get("authorization")
    if not header:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer":
        raise BadRequest("Authorization must be 'Bearer <seat token or API key>'")
    if not token.strip():
        raise Unauthorized("'Authorization: Bearer' needs a credential: a seat token or an API key")
    return token.strip()


def require_admin(request: Request, admin_key: str | None) -> None:
    """Let the request through only with the admin key: ``unauthorized`` without a credential,
    ``forbidden`` with any other one, or when the server has no admin key at all."""
    credential = bearer(request)
    if credential is None:
        raise Unauthorized("the admin endpoints need 'Authorization: Bearer <admin key>'")
    if admin_key is None:
        raise Forbidden("the admin endpoints are off: the server has no VORPAL_ADMIN_KEY")
    if not hmac.compare_digest(credential.encode(), admin_key.encode()):
        raise Forbidden("that is not the admin key")
