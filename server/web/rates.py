"""REST rate limits per client: token buckets shared by every instance (``server.store.buckets``).

A request is charged to an identity only once its credential proves it: the seat of a seat token
that is that seat's current token, the account of an API key that is that account's current key
(one read of the seat's token hashes or of the account, :func:`client_of`). Any other request is
charged to its address: the peer's, or, when the peer is a trusted proxy (``VORPAL_TRUSTED_PROXIES``),
the last address in ``X-Forwarded-For`` that no trusted proxy added. So a made-up credential
gets no bucket of its own, and a wrong one takes nothing from the bucket of the seat or account it
names. A request whose bearer credential proves no one (made up, wrong, since revoked, malformed)
also takes from its address's bucket of failed authentications (``VORPAL_AUTH_FAIL_RATE_PER_S``,
``VORPAL_AUTH_FAIL_BURST``); the admin key is no failure, and is charged to its address.

Every ``/v1`` request takes from its client's bucket (``VORPAL_REST_RATE_PER_S``,
``VORPAL_REST_BURST``); creating a match takes from a second, slower one as well. A refused
request gets a 429 ``rate_limited`` problem with ``Retry-After`` (seconds, rounded up) and
``retry_after_ms``. The WebSocket has its own per-socket limits (``limits.py``).
"""

from __future__ import annotations

import hmac
import ipaddress
from collections.abc import Iterable

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from server.config import Settings
from server.domain.accounts import is_api_key
from server.errors import RateLimited, VorpalError
from server.runtime import metrics
from server.store.buckets import Bucket

from .problems import from_error
from .services import Services

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def networks(proxies: Iterable[str]) -> tuple[Network, ...]:
    """``VORPAL_TRUSTED_PROXIES``: addresses or networks (``10.0.0.0/8``)."""
    return tuple(ipaddress.ip_network(p, strict=False) for p in proxies)


def _trusted(address: str, trusted: tuple[Network, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in net for net in trusted)


def client_address(scope: Scope, trusted: tuple[Network, ...]) -> str:
    """The client's address: the peer's, unless a trusted proxy says whom it forwards for."""
    peer = scope.get("client")
    address = peer[0] if peer else "unknown"
    if not trusted or not _trusted(address, trusted):
        return address
    forwarded = Headers(scope=scope).getlist("x-forwarded-for")
    hops = [hop.strip() for line in forwarded for hop in line.split(",") if hop.strip()]
    # Read from the right: each trusted proxy appended the address it received from.
    for hop in reversed(hops):
        if not _trusted(hop, trusted):
            return hop
        address = hop
    return address


def bearer_credential(scope: Scope) -> str | None:
    """What the request's ``Authorization`` header sends, if it sends anything (``""``: not a bearer
    credential, which proves no one either)."""
    header = Headers(scope=scope).get("authorization")
    if not header:
        return None
    scheme, _, credential = header.partition(" ")
    return credential.strip() if scheme.lower() == "bearer" else ""


async def client_of(scope: Scope, app: Services, trusted: tuple[Network, ...]) -> tuple[str, bool]:
    """Whose buckets a request takes from (``seat:<match>.<seat>``, ``account:<id>`` or ``ip:<address>``),
    and whether it sent a credential that proves no one (a failed authentication)."""
    address = "ip:" + client_address(scope, trusted)
    credential = bearer_credential(scope)
    if credential is None:
        return address, False
    admin_key = app.settings.admin_key
    if credential and admin_key is not None and hmac.compare_digest(credential.encode(), admin_key.encode()):
        return address, False
    if is_api_key(credential):
        account = await app.accounts.proven(credential)
        if account is not None:
            return f"account:{account}", False
    elif credential:
        seat = await app.matches.proven_seat(credential)
        if seat is not None:
            return f"seat:{seat.match_id}.{seat.seat}", False
    return address, True


class RestRateLimit:
    """ASGI middleware: every ``/v1`` request takes a token from its client's buckets, or gets a 429."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.on = settings.rest_rate_per_s > 0
        self.trusted = networks(settings.trusted_proxies)
        self.rest = (Bucket("", settings.rest_rate_per_s, settings.rest_burst),)
        creating = Bucket("create", settings.create_rate_per_s, settings.create_burst)
        self.create = (*self.rest, creating) if settings.create_rate_per_s > 0 else self.rest
        failing = Bucket("auth", settings.auth_fail_rate_per_s, settings.auth_fail_burst)
        self.failed: tuple[Bucket, ...] = (failing,) if settings.auth_fail_rate_per_s > 0 else ()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if not self.on or scope["type"] != "http" or not scope["path"].startswith("/v1/"):
            await self.app(scope, receive, send)
            return
        creating = scope["method"] == "POST" and scope["path"].rstrip("/") == "/v1/matches"
        app_services: Services = scope["app"].state.services
        failed = False
        try:
            client, failed = await client_of(scope, app_services, self.trusted)
            buckets = self.create if creating else self.rest
            wait_ms = await app_services.buckets.take(client, (*buckets, *self.failed) if failed else buckets)
        except VorpalError:
            wait_ms = 0  # Redis is unreachable: what needs it fails on its own; the rest (the catalogue) serves
        if wait_ms == 0:
            await self.app(scope, receive, send)
            return
        metrics.RATE_LIMITED.inc()
        what = "requests with a credential that proves no one" if failed else \
            "match creations" if creating else "requests"  # fmt: skip
        refusal = RateLimited(f"too many {what}: retry in {wait_ms} ms", retry_after_ms=wait_ms)
        await from_error(refusal, scope["path"])(scope, receive, send)  # Retry-After comes with the hint
