"""Every error Vorpal reports, with the stable code clients match on.

One tree, drawn here once; REST renders it as RFC 9457 problem JSON, the
WebSocket as an ``error`` frame, both with the same ``code``::

    VorpalError
     ├── BadRequest            bad_request       malformed body, frame or query
     │    ├── BadOptions       bad_options       options that fail the game's schema
     │    ├── BadMove          bad_move          a move payload that fails the game's schema
     │    ├── BadFrame         bad_frame         bytes that are not a MessagePack map (WebSocket)
     │    ├── UnknownFrame     unknown_frame     a frame type this protocol version lacks
     │    ├── FrameTooLarge    frame_too_large   a WebSocket frame over the size limit
     │    ├── PayloadTooLarge  payload_too_large  a REST body over the size limit
     │    └── UnsupportedMediaType  unsupported_media_type  a REST body that is not application/json
     ├── Unauthorized          unauthorized      missing or wrong seat token or API key
     ├── Forbidden             forbidden         credentials that may not do this (admin endpoints)
     │    └── AccountDisabled  account_disabled  the API key's account was disabled by an admin
     ├── MethodNotAllowed      method_not_allowed  a path without that method (the answer says which it has)
     ├── NotFound
     │    ├── UnknownGame      unknown_game
     │    ├── MatchNotFound    match_not_found
     │    ├── AccountNotFound  account_not_found
     │    ├── TournamentNotFound tournament_not_found
     │    ├── LadderNotFound   ladder_not_found
     │    └── VersionNotFound  version_not_found  a version of a match its reader may not see (not yet reached)
     ├── Conflict
     │    ├── SeatTaken        seat_taken
     │    ├── MatchFull        match_full
     │    ├── MatchStarted     match_started     leaving or joining after the start
     │    ├── MatchNotStarted  match_not_started
     │    ├── StaleVersion     stale_version     the version you saw is not current
     │    ├── MatchOver        match_over
     │    ├── NotSubscribed    not_subscribed    a frame names a match the socket has not subscribed to
     │    ├── AlreadyRegistered already_registered  registering for a tournament twice
     │    ├── NotRegistered    not_registered    unregistering from a tournament one is not in
     │    ├── TournamentStarted tournament_started  registering (or starting) after the start
     │    ├── TournamentFull   tournament_full   registering when the tournament's player cap is reached
     │    ├── RegistrationClosed registration_closed  registering after the registration deadline
     │    ├── TournamentOver   tournament_over   changing a tournament that finished or was cancelled
     │    ├── AlreadyQueued    already_queued    the account waits in that ladder's queue already
     │    └── NotQueued        not_queued        the account is not in that ladder's queue
     ├── NotYourTurn           not_your_turn
     ├── IllegalMove           illegal_move      well-formed, but against the rules
     ├── RateLimited           rate_limited
     ├── UnsupportedProtocol   unsupported_protocol
     └── Unavailable           unavailable       storage unreachable, or a change not confirmed

The errors a game raises (``bad_options``, ``bad_move``, ``not_your_turn``, ``illegal_move``,
``match_over``, ``unknown_game``) and the branches they hang from are defined with the rules,
in :mod:`server.engine.errors`, so that the games import nothing of the server; they are
re-exported here, and everything above the rules imports its errors from this module.
"""

from __future__ import annotations

from server.engine.errors import (
    BadMove,
    BadOptions,
    BadRequest,
    Conflict,
    IllegalMove,
    MatchOver,
    NotFound,
    NotYourTurn,
    UnknownGame,
    VorpalError,
)

__all__ = [
    "AccountDisabled",
    "AccountNotFound",
    "AlreadyQueued",
    "AlreadyRegistered",
    "BadFrame",
    "BadMove",
    "BadOptions",
    "BadRequest",
    "Conflict",
    "Forbidden",
    "FrameTooLarge",
    "IllegalMove",
    "LadderNotFound",
    "MatchFull",
    "MatchNotFound",
    "MatchNotStarted",
    "MatchOver",
    "MatchStarted",
    "MethodNotAllowed",
    "NotFound",
    "NotQueued",
    "NotRegistered",
    "NotSubscribed",
    "NotYourTurn",
    "PayloadTooLarge",
    "RateLimited",
    "RegistrationClosed",
    "SeatTaken",
    "StaleVersion",
    "TournamentFull",
    "TournamentNotFound",
    "TournamentOver",
    "TournamentStarted",
    "Unauthorized",
    "Unavailable",
    "UnknownFrame",
    "UnknownGame",
    "UnsupportedMediaType",
    "UnsupportedProtocol",
    "VersionNotFound",
    "VorpalError",
    "all_errors",
]


class BadFrame(BadRequest):
    code, title = "bad_frame", "Unreadable frame"


class UnknownFrame(BadRequest):
    code, title = "unknown_frame", "Unknown frame type"


class FrameTooLarge(BadRequest):
    code, title, status = "frame_too_large", "Frame too large", 413


class PayloadTooLarge(BadRequest):
    code, title, status = "payload_too_large", "Payload too large", 413


class UnsupportedMediaType(BadRequest):
    code, title, status = "unsupported_media_type", "Unsupported media type", 415


class Unauthorized(VorpalError):
    code, title, status = "unauthorized", "Missing or invalid credentials", 401


class Forbidden(VorpalError):
    code, title, status = "forbidden", "Not allowed with these credentials", 403


class AccountDisabled(Forbidden):
    code, title = "account_disabled", "Account disabled"


class MethodNotAllowed(VorpalError):
    code, title, status = "method_not_allowed", "Method not allowed", 405


class MatchNotFound(NotFound):
    code, title = "match_not_found", "Match not found"


class AccountNotFound(NotFound):
    code, title = "account_not_found", "Account not found"


class TournamentNotFound(NotFound):
    code, title = "tournament_not_found", "Tournament not found"


class LadderNotFound(NotFound):
    code, title = "ladder_not_found", "Ladder not found"


class VersionNotFound(NotFound):
    code, title = "version_not_found", "Version not found"


class SeatTaken(Conflict):
    code, title = "seat_taken", "Seat already taken"


class MatchFull(Conflict):
    code, title = "match_full", "No free seat"


class MatchStarted(Conflict):
    code, title = "match_started", "Match already started"


class MatchNotStarted(Conflict):
    code, title = "match_not_started", "Match has not started"


class StaleVersion(Conflict):
    code, title = "stale_version", "Stale match version"


class NotSubscribed(Conflict):
    code, title = "not_subscribed", "Not subscribed to that match"


class AlreadyRegistered(Conflict):
    code, title = "already_registered", "Already registered"


class NotRegistered(Conflict):
    code, title = "not_registered", "Not registered"


class TournamentStarted(Conflict):
    code, title = "tournament_started", "Tournament already started"


class TournamentFull(Conflict):
    code, title = "tournament_full", "Tournament full"


class RegistrationClosed(Conflict):
    code, title = "registration_closed", "Registration closed"


class TournamentOver(Conflict):
    code, title = "tournament_over", "Tournament is over"


class AlreadyQueued(Conflict):
    code, title = "already_queued", "Already in the ladder's queue"


class NotQueued(Conflict):
    code, title = "not_queued", "Not in the ladder's queue"


class RateLimited(VorpalError):
    """Always with a hint: ``retry_after_ms``, when the next request would be admitted."""

    code, title, status = "rate_limited", "Too many requests", 429

    def __init__(self, detail: str | None = None, *, retry_after_ms: int) -> None:
        super().__init__(detail, retry_after_ms=max(1, retry_after_ms))


class UnsupportedProtocol(VorpalError):
    code, title, status = "unsupported_protocol", "Unsupported protocol version", 400


class Unavailable(VorpalError):
    """Storage did not answer. A change may or may not have been applied: a retry with the same
    key (``move_id``, ``join_id``) is answered as the first attempt would have been."""

    code, title, status = "unavailable", "Service temporarily unavailable", 503


def all_errors() -> list[type[VorpalError]]:
    """Every error class, depth first (for docs and the protocol's code list)."""
    out: list[type[VorpalError]] = []

    def walk(cls: type[VorpalError]) -> None:
        out.append(cls)
        for sub in cls.__subclasses__():
            walk(sub)

    walk(VorpalError)
    return out
