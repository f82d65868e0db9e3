"""REST rate limits per client: token buckets shared by every instance (``server.store.buckets``).

A client is its credential when it sends a well-formed one (the seat of a seat token, the
account of an API key), else its address: the peer's, or, when the peer is a trusted proxy
(``VORPAL_TRUSTED_PROXIES``), the last address in ``X-Forwarded-For`` that no trusted proxy
added. Every ``/v1`` request takes from the client's bucket (``VORPAL_REST_RATE_PER_S``,
``VORPAL_REST_BURST``); creating a match takes from a second, slower one as well. A refused
request gets a 429 ``rate_limited`` problem with ``Retry-After`` (seconds, rounded up) and
``retry_after_ms``. The WebSocket has its own per-socket limits (``limits.py``).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from server.config import Settings
from server.domain.accounts import ApiKey
from server.domain.ids import SeatToken
from server.engine.errors import RateLimited, VorpalError
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


def client_key(scope: Scope, trusted: tuple[Network, ...]) -> str:
    """Whose bucket a request takes from: its credential's seat or account, else its address."""
    scheme, _, credential = Headers(scope=scope).get("authorization", "").partition(" ")
    if scheme.lower() == "bearer":
        seat = SeatToken.parse(credential.strip())
        if seat is not None:
            return f"seat:{seat.match_id}.{seat.seat}"
        key = ApiKey.parse(credential.strip())
        if key is not None:
            return f"account:{key.account_id}"
    return "ip:" + client_address(scope, trusted)


class RestRateLimit:
    """ASGI middleware: every ``/v1`` request takes a token from its client's buckets, or gets a 429."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.on = settings.rest_rate_per_s > 0
        self.trusted = networks(settings.trusted_proxies)
        self.rest = (Bucket("", settings.rest_rate_per_s, settings.rest_burst),)
        creating = Bucket("create", settings.create_rate_per_s, settings.create_burst)
        self.create = (*self.rest, creating) if settings.create_rate_per_s > 0 else self.rest

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if not self.on or scope["type"] != "http" or not scope["path"].startswith("/v1/"):
            await self.app(scope, receive, send)
            return
        creating = scope["method"] == "POST" and scope["path"].rstrip("/") == "/v1/matches"
        app_services: Services = scope["app"].state.services
        try:
            wait_ms = await app_services.buckets.take(client_key(scope, self.trusted),
                                                      self.create if creating else self.rest)  # fmt: skip
        except VorpalError:
            wait_ms = 0  # Redis is unreachable: what needs it fails on its own; the rest (the catalogue) serves
        if wait_ms == 0:
            await self.app(scope, receive, send)
            return
        metrics.RATE_LIMITED.inc()
        what = "match creations" if creating else "requests"
        refusal = RateLimited(f"too many {what}: retry in {wait_ms} ms", retry_after_ms=wait_ms)
        await from_error(refusal, scope["path"])(scope, receive, send)  # Retry-After comes with the hint
