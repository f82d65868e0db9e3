"""The stable error codes a client may receive, and the WebSocket close codes.

The server's error tree (``server/engine/errors.py``) is the source of these
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
    "unauthorized": "Missing, malformed or wrong seat token or API key (a revoked or replaced key too)",
    "forbidden": "The credentials may not do this: an admin endpoint without the admin key",
    "account_disabled": "The API key's account was disabled by an admin",
    "not_found": "No such resource",
    "unknown_game": "No game of that name in the catalogue",
    "match_not_found": "No match with that id (or it has expired)",
    "account_not_found": "No account with that id",
    "ladder_not_found": "No ladder with that id",
    "conflict": "The request conflicts with the match's state",
    "seat_taken": "That seat already has a player",
    "match_full": "Every seat is taken",
    "match_started": "The match has started (seats can no longer be left or joined)",
    "match_not_started": "The match waits for players; no move yet",
    "stale_version": "The version you sent is not the match's current version",
    "match_over": "The match has ended",
    "not_subscribed": "A frame names a match this connection has not subscribed to",
    "already_queued": "The account waits in that ladder's queue already",
    "not_queued": "The account is not in that ladder's queue",
    "not_your_turn": "Your seat may not act now",
    "illegal_move": "A well-formed move that the rules do not allow now",
    "rate_limited": "Too many requests; slow down",
    "unsupported_protocol": "No protocol version offered by the client is served",
    "unavailable": "Storage is unreachable; retry later (nothing was changed)",
    "internal": "A server fault; nothing was changed",
}

CLOSE_CODES: dict[int, str] = {
    1000: "normal closure",
    1001: "server going away (restart or shutdown): reconnect and resume",
    1002: "protocol error",
    1008: "policy violation (too many errors)",
    1009: "frame too large",
    1011: "server fault",
}
