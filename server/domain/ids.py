"""Match ids and seat tokens: unguessable, and safe wherever a client or an operator types them.

A match id is 12 random letters and digits (71 bits). A seat token is
``<match id>.<seat>.<secret>``; the server keeps only its SHA-256, so a
token is shown once, when the seat is taken. Parsing is strict (ASCII only):
whatever a client sends, it is a token of this shape or it is refused.

A join may carry a client key (``join_id``, itself a secret of at least 16
characters): then the token's secret is an HMAC of the seat keyed by it, so a
retried join can be answered with the same token while the server still
stores nothing but the token's hash (see :func:`seat_token_for`).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
import string
from typing import NamedTuple

MATCH_ID_ALPHABET = string.ascii_letters + string.digits
MATCH_ID_LENGTH = 12
ACCOUNT_ID_LENGTH = 12
LADDER_ID_LENGTH = 10
#: What the server accepts as a match id in a path or a frame (ids made before the current
#: alphabet may hold ``-`` and ``_``).
MATCH_ID_PATTERN = r"^[A-Za-z0-9_-]{1,64}$"
_MATCH_ID = re.compile(MATCH_ID_PATTERN)
#: A join's client key: random (a UUID will do), as secret as the token it stands for.
JOIN_ID_PATTERN = r"^[A-Za-z0-9_-]{16,64}$"
_TOKEN = re.compile(r"^([A-Za-z0-9_-]{1,64})\.([0-9]{1,2})\.([A-Za-z0-9_-]{1,128})$")


def new_match_id() -> str:
    """Letters and digits only: an id starting with ``-`` would read as a command-line option."""
    return "".join(secrets.choice(MATCH_ID_ALPHABET) for _ in range(MATCH_ID_LENGTH))


def new_account_id() -> str:
    """12 random letters and digits (71 bits), like a match id."""
    return "".join(secrets.choice(MATCH_ID_ALPHABET) for _ in range(ACCOUNT_ID_LENGTH))


def new_ladder_id() -> str:
    return "".join(secrets.choice(MATCH_ID_ALPHABET) for _ in range(LADDER_ID_LENGTH))


def new_tournament_id() -> str:
    """``t`` and 11 letters and digits: a tournament's id never reads as a match's."""
    return "t" + "".join(secrets.choice(MATCH_ID_ALPHABET) for _ in range(11))


def is_match_id(text: str) -> bool:
    return _MATCH_ID.fullmatch(text) is not None


class SeatToken(NamedTuple):
    """What a seat token says about itself (not yet checked against the match)."""

    match_id: str
    seat: int

    @classmethod
    def parse(cls, token: str | None) -> SeatToken | None:
        """``<match>.<seat>.<secret>`` -> (match, seat); None if it is not of that shape."""
        if not token:
            return None
        m = _TOKEN.fullmatch(token)
        if m is None:
            return None
        return cls(m[1], int(m[2]))


def new_seat_token(match_id: str, seat: int) -> str:
    return f"{match_id}.{seat}.{secrets.token_urlsafe(24)}"


def seat_token_for(match_id: str, seat: int, join_id: str) -> str:
    """The seat token of a join with the client key ``join_id``: the same for a retry of that join.

    Its secret is HMAC-SHA256(key=join_id, "<match>.<seat>"), 192 bits of it: whoever knows the
    key could have read the token anyway, and the server, keeping only the token's hash, can tell
    a retry (the hash of the token the key gives for a seat is that seat's) without storing the key.
    """
    digest = hmac.new(join_id.encode(), f"{match_id}.{seat}".encode(), hashlib.sha256).digest()[:24]
    return f"{match_id}.{seat}.{base64.urlsafe_b64encode(digest).decode()}"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str, stored_hash: str | None) -> bool:
    return stored_hash is not None and hmac.compare_digest(stored_hash, token_hash(token))
