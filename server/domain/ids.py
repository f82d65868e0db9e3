"""Match ids and seat tokens: unguessable, and safe wherever a client or an operator types them.

A match id is 12 random letters and digits (71 bits). A seat token is
``<match id>.<seat>.<secret>``; the server keeps only its SHA-256, so a
token is shown once, when the seat is taken. Parsing is strict (ASCII only):
whatever a client sends, it is a token of this shape or it is refused.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import string
from typing import NamedTuple

MATCH_ID_ALPHABET = string.ascii_letters + string.digits
MATCH_ID_LENGTH = 12
#: What the server accepts as a match id in a path or a frame (ids made before the current
#: alphabet may hold ``-`` and ``_``).
MATCH_ID_PATTERN = r"^[A-Za-z0-9_-]{1,64}$"
_MATCH_ID = re.compile(MATCH_ID_PATTERN)
_TOKEN = re.compile(r"^([A-Za-z0-9_-]{1,64})\.([0-9]{1,2})\.([A-Za-z0-9_-]{1,128})$")


def new_match_id() -> str:
    """Letters and digits only: an id starting with ``-`` would read as a command-line option."""
    return "".join(secrets.choice(MATCH_ID_ALPHABET) for _ in range(MATCH_ID_LENGTH))


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


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str, stored_hash: str | None) -> bool:
    return stored_hash is not None and hmac.compare_digest(stored_hash, token_hash(token))
