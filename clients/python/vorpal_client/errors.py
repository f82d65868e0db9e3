"""Errors the server reports, as exceptions: match on the class or on ``.code``.

Every code of the server's tree (``server/errors.py``, PROTOCOL.md section 7)
has a named class here; :data:`BY_CODE` is the map, and a test fails if a code is
missing from it (the JavaScript SDK has the same tree, ``clients/js/src/errors.js``)::

    ApiError(code, title, detail, status, extra)
     ├── BadRequest           bad_request / bad_options / bad_frame / unknown_frame / frame_too_large /
     │                        method_not_allowed / unsupported_media_type / payload_too_large
     ├── MoveRefused          a move the server did not apply, for what the move is
     │    ├── BadMove         bad_move      malformed: fails the game's move schema
     │    └── IllegalMove     illegal_move  well-formed, but against the rules now
     ├── Unauthorized         unauthorized (a missing, wrong, replaced or revoked key or token)
     ├── Forbidden            forbidden / account_disabled
     ├── NotFound             not_found / unknown_game / match_not_found / account_not_found /
     │                        tournament_not_found / ladder_not_found / version_not_found
     ├── Conflict             conflict / seat_taken / match_full / match_started / match_not_started /
     │    │                   not_subscribed / already_registered / not_registered / tournament_started /
     │    │                   tournament_full / registration_closed / tournament_over /
     │    │                   already_queued / not_queued
     │    ├── StaleVersion    stale_version (``.current``: the match's version)
     │    └── MatchOver       match_over
     ├── NotYourTurn          not_your_turn
     ├── RateLimited          rate_limited (``.retry_after_ms``: how long to wait, when the server says)
     ├── UnsupportedProtocol  unsupported_protocol (``.supported``: the subprotocols served)
     ├── Unavailable          unavailable (retry later)
     └── ServerError          internal

``bad_move`` and ``illegal_move`` are kept apart, as the server keeps them; a caller
that does not care catches :class:`MoveRefused`. Extra members of the error (``current``,
``retry_after_ms``, ``supported``...) are in ``.extra`` under their wire names.
"""

from __future__ import annotations

import contextlib
from typing import Any


class ApiError(Exception):
    def __init__(self, code: str, title: str = "", detail: str | None = None, status: int | None = None,
                 extra: dict[str, Any] | None = None) -> None:  # fmt: skip
        super().__init__(f"{code}: {detail or title}")
        self.code, self.title, self.detail, self.status = code, title, detail, status
        self.extra = extra or {}


class BadRequest(ApiError):
    pass


class MoveRefused(ApiError):
    """The move was not applied because of what it is (not because of when it came)."""


class BadMove(MoveRefused):
    pass


class IllegalMove(MoveRefused):
    pass


class Unauthorized(ApiError):
    pass


class Forbidden(ApiError):
    pass


class NotFound(ApiError):
    pass


class Conflict(ApiError):
    pass


class StaleVersion(Conflict):
    @property
    def current(self) -> int | None:
        """The match's version when the move was refused: choose the move again at it."""
        value = self.extra.get("current")
        return value if isinstance(value, int) else None


class MatchOver(Conflict):
    pass


class NotYourTurn(ApiError):
    pass


class RateLimited(ApiError):
    @property
    def retry_after_ms(self) -> int | None:
        """How long to wait before sending again, when the server says (else ``None``)."""
        value = self.extra.get("retry_after_ms")
        return value if isinstance(value, int) else None


class UnsupportedProtocol(ApiError):
    @property
    def supported(self) -> list[str] | None:
        """The subprotocols the server serves."""
        value = self.extra.get("supported")
        return list(value) if isinstance(value, list) else None


class Unavailable(ApiError):
    pass


class ServerError(ApiError):
    pass


BY_CODE: dict[str, type[ApiError]] = {
    "bad_request": BadRequest, "bad_options": BadRequest, "bad_frame": BadRequest, "unknown_frame": BadRequest,
    "frame_too_large": BadRequest, "method_not_allowed": BadRequest, "unsupported_media_type": BadRequest,
    "payload_too_large": BadRequest,
    "bad_move": BadMove, "illegal_move": IllegalMove,
    "unauthorized": Unauthorized, "forbidden": Forbidden, "account_disabled": Forbidden,
    "not_found": NotFound, "unknown_game": NotFound, "match_not_found": NotFound, "account_not_found": NotFound,
    "tournament_not_found": NotFound, "already_registered": Conflict, "not_registered": Conflict,
    "tournament_started": Conflict, "tournament_full": Conflict, "registration_closed": Conflict,
    "tournament_over": Conflict, "ladder_not_found": NotFound, "version_not_found": NotFound,
    "already_queued": Conflict, "not_queued": Conflict,
    "conflict": Conflict, "seat_taken": Conflict, "match_full": Conflict, "match_started": Conflict,
    "match_not_started": Conflict, "not_subscribed": Conflict,
    "stale_version": StaleVersion, "match_over": MatchOver, "not_your_turn": NotYourTurn,
    "rate_limited": RateLimited, "unsupported_protocol": UnsupportedProtocol, "unavailable": Unavailable,
    "internal": ServerError,
}  # fmt: skip

_KNOWN = {"type", "title", "status", "code", "detail", "instance", "id"}


def error_from(body: dict[str, Any], status: int | None = None, *, retry_after: str | None = None) -> ApiError:
    """The error for a problem body (REST) or an ``error`` frame (WebSocket).

    ``retry_after`` is REST's ``Retry-After`` header (seconds): it gives ``retry_after_ms``
    when the body does not.
    """
    code = str(body.get("code", "internal"))
    cls = BY_CODE.get(code, ApiError)
    extra = {k: v for k, v in body.items() if k not in _KNOWN and v is not None}
    if retry_after is not None and "retry_after_ms" not in extra:
        with contextlib.suppress(ValueError):  # an HTTP date: not a delay this client reads
            extra["retry_after_ms"] = round(float(retry_after) * 1000)
    return cls(code, str(body.get("title", "")), body.get("detail"), status or body.get("status"), extra)
