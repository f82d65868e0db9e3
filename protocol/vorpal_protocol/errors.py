"""The stable error codes a client may receive, and the WebSocket close codes.

The server's error tree (``server/errors.py``) is the source of these
codes; a test keeps the two lists equal.
"""

from __future__ import annotations

ERROR_CODES: dict[str, str] = {
    "bad_request": "Malformed request: a body, query or frame field that fails its schema",
    "bad_options": "Match options that fail the game's options schema or do not fit the seat count",
    "bad_move": "A move payload that fails the game's move schema",
    "bad_frame": "Bytes that are not a MessagePack map within the nesting limit",
    "unknown_frame": "A frame whose type this protocol version does not define",
    "frame_too_large": "A frame over the size limit",
    "unsupported_media_type": "A REST request body that is not sent as application/json",
    "payload_too_large": "A REST request body over the server's limit (VORPAL_MAX_BODY_BYTES)",
    "unauthorized": "Missing, malformed or wrong seat token or API key (a revoked or replaced key too)",
    "forbidden": "The credentials may not do this: an admin endpoint without the admin key",
    "account_disabled": "The API key's account was disabled by an admin",
    "method_not_allowed": "The path has no such method (the Allow header lists those it has)",
    "not_found": "No such resource",
    "unknown_game": "No game of that name in the catalogue",
    "match_not_found": "No match with that id (or it has expired)",
    "account_not_found": "No account with that id",
    "tournament_not_found": "No tournament with that id",
    "ladder_not_found": "No ladder with that id",
    "version_not_found": "No such version of the match for you: beyond its current one (a delayed spectator's: "
    "beyond the one the delay shows)",
    "conflict": "The request conflicts with the match's state",
    "seat_taken": "That seat already has a player",
    "match_full": "Every seat is taken",
    "match_started": "The match has started (seats can no longer be left or joined)",
    "match_not_started": "The match waits for players; no move yet",
    "stale_version": "The version you sent is not the match's current version",
    "match_over": "The match has ended",
    "not_subscribed": "A frame names a match this connection has not subscribed to",
    "already_registered": "The account is registered for that tournament already",
    "not_registered": "The account is not registered for that tournament",
    "tournament_started": "The tournament has started: registration is closed (or it cannot start again)",
    "tournament_full": "The tournament has as many entrants as it takes",
    "registration_closed": "The tournament's registration deadline has passed",
    "tournament_over": "The tournament has finished or was cancelled",
    "already_queued": "The account waits in that ladder's queue already",
    "not_queued": "The account is not in that ladder's queue",
    "not_your_turn": "Your seat may not act now",
    "illegal_move": "A well-formed move that the rules do not allow now",
    "rate_limited": "Too many requests; retry after retry_after_ms (REST: the Retry-After header)",
    "unsupported_protocol": "No protocol version offered by the client is served",
    "unavailable": "Storage is unreachable or did not confirm a change: not confirmed, the change may or may not "
    "have been applied; retry with the same key (move_id, join_id)",
    "internal": "A server fault: the change may or may not have been applied; retry with the same key",
}

CLOSE_CODES: dict[int, str] = {
    1000: "normal closure",
    1001: "server going away (restart or shutdown): reconnect and resume",
    1002: "protocol error",
    1008: "policy violation (too many errors)",
    1009: "frame too large",
    1011: "server fault",
    1012: "service restart: every frame the server read was answered; reconnect at once, resume, send the rest again",
}
