"""Errors the server reports, as exceptions: match on the class or on ``.code``.

ApiError(code, title, detail, status)
 ├── StaleVersion     stale_version (``.current``: the match's version)
 ├── IllegalMove      illegal_move / bad_move
 ├── NotYourTurn      not_your_turn
 ├── Unauthorized     unauthorized (a missing, wrong, replaced or revoked key or token)
 ├── Forbidden        forbidden / account_disabled
 ├── NotFound         match_not_found / unknown_game / account_not_found / tournament_not_found / not_found
 ├── MatchOver        match_over
 └── Unavailable      unavailable (retry later)
"""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    def __init__(self, code: str, title: str = "", detail: str | None = None, status: int | None = None,
                 extra: dict[str, Any] | None = None) -> None:  # fmt: skip
        super().__init__(f"{code}: {detail or title}")
        self.code, self.title, self.detail, self.status = code, title, detail, status
        self.extra = extra or {}


class StaleVersion(ApiError):
    @property
    def current(self) -> int | None:
        """The match's version when the move was refused: choose the move again at it."""
        value = self.extra.get("current")
        return value if isinstance(value, int) else None


class IllegalMove(ApiError):
    pass


class NotYourTurn(ApiError):
    pass


class Unauthorized(ApiError):
    pass


class Forbidden(ApiError):
    pass


class NotFound(ApiError):
    pass


class MatchOver(ApiError):
    pass


class Unavailable(ApiError):
    pass


_BY_CODE: dict[str, type[ApiError]] = {
    "stale_version": StaleVersion, "illegal_move": IllegalMove, "bad_move": IllegalMove,
    "not_your_turn": NotYourTurn, "unauthorized": Unauthorized, "forbidden": Forbidden, "account_disabled": Forbidden,
    "match_not_found": NotFound, "unknown_game": NotFound, "account_not_found": NotFound, "not_found": NotFound,
    "match_over": MatchOver, "unavailable": Unavailable, "tournament_not_found": NotFound,
}  # fmt: skip

_KNOWN = {"type", "title", "status", "code", "detail", "instance", "id"}


def error_from(body: dict[str, Any], status: int | None = None) -> ApiError:
    code = str(body.get("code", "internal"))
    cls = _BY_CODE.get(code, ApiError)
    extra = {k: v for k, v in body.items() if k not in _KNOWN and v is not None}
    return cls(code, str(body.get("title", "")), body.get("detail"), status or body.get("status"), extra)
