"""The errors the rules raise, and the root every Vorpal error grows from.

A game refuses a move as malformed (``bad_move``: the payload fails the move's schema) or as
against the rules (``illegal_move``: well-formed, but not allowed now), kept apart as
python-chess does; options that fail a game's schema are ``bad_options``. The rest of the
server's errors, and the tree drawn whole, are in :mod:`server.errors`, above the rules: a game
can import what it raises from here and nothing of the server. A message never carries data the
recipient may not see: rules errors are raised from the seat's own view.
"""

from __future__ import annotations

from typing import Any, ClassVar


class VorpalError(Exception):
    code: ClassVar[str] = "internal"
    title: ClassVar[str] = "Internal error"
    status: ClassVar[int] = 500

    def __init__(self, detail: str | None = None, **extra: Any) -> None:
        self.detail = detail or self.title
        self.extra = extra
        super().__init__(self.detail)

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "title": self.title, "detail": self.detail, **self.extra}


class BadRequest(VorpalError):
    code, title, status = "bad_request", "Malformed request", 400


class BadOptions(BadRequest):
    code, title = "bad_options", "Invalid match options"


class BadMove(BadRequest):
    code, title = "bad_move", "Malformed move"


class NotFound(VorpalError):
    code, title, status = "not_found", "Not found", 404


class UnknownGame(NotFound):
    code, title = "unknown_game", "Unknown game"


class Conflict(VorpalError):
    code, title, status = "conflict", "Conflict", 409


class MatchOver(Conflict):
    code, title = "match_over", "Match is over"


class NotYourTurn(VorpalError):
    code, title, status = "not_your_turn", "Not your turn", 409


class IllegalMove(VorpalError):
    code, title, status = "illegal_move", "Illegal move", 422
