"""What REST answers: one pydantic model per response body.

Every handler builds its answer through one of these models (:func:`answer`), and
``/openapi.json`` publishes their schemas, so the document describes what the server
sends because it is made from the same models. A field the domain adds but no model
declares is left out of the answer rather than sent undocumented.

What a client receives on either transport (the match state, a log entry's event, a game
of the catalogue) is declared once, in the protocol package (``vorpal_protocol.match`` and
``vorpal_protocol.catalogue``), and answered from there; only what REST alone answers is
declared here.

Game-specific parts (a view, a move, a game's outcome details, an event's parts) are free
objects here: their shapes are the per-game JSON Schemas of ``GET /v1/games/{name}``, and
which one applies depends on the match's ``game``, a sibling field, which JSON Schema
cannot select on (a ``oneOf`` over every game's view would match several at once).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model
from starlette.responses import JSONResponse
from vorpal_protocol import LogEntry
from vorpal_protocol import MatchState as MatchState  # answered by GET /v1/matches/{id}: declared there

from server.domain.accounts import AccountInfo
from server.domain.house import HouseAccount
from server.domain.inbox import Notice
from server.domain.ladders import HistoryEntry, Ladder
from server.domain.ratings import Rating
from server.domain.record import MatchSummary
from server.domain.status import MatchStatus
from server.domain.tournaments import Standing, Tournament, TournamentFormat, TournamentStatus

_GAME_PART = "its shape is the game's JSON Schema in GET /v1/games/{name}"


class Answer(BaseModel):
    """A response body: the fields it declares and nothing else."""

    model_config = ConfigDict(extra="ignore")


def answer(model: type[BaseModel], data: Any, status_code: int = 200, headers: dict[str, str] | None = None
           ) -> JSONResponse:  # fmt: skip
    """``data`` (a dict or a model) as ``model`` declares it, in JSON; absent optional fields stay absent."""
    body = model.model_validate(data.model_dump() if isinstance(data, BaseModel) else data)
    return JSONResponse(body.model_dump(mode="json", exclude_unset=True), status_code=status_code, headers=headers)


class Alive(Answer):
    status: Literal["alive"]


class Ready(Answer):
    status: Literal["ready"]


class SeatGranted(Answer):
    """A seat taken: its token is shown this once."""

    match: str
    seat: int
    token: str = Field(description="the seat token: Authorization: Bearer <token> for moves, chat, leaving")
    account: str | None = Field(None, description="the account that took the seat (joined with an API key)")


class SeatLeft(Answer):
    match: str
    seat: int
    left: Literal[True]
    status: MatchStatus = Field(description="the match's after the leave: open, or aborted when no player is left")


class LegalMoves(Answer):
    match: str
    version: int
    seat: int
    moves: list[Any] = Field(description=f"empty unless the match is active; {_GAME_PART}")


class MoveApplied(Answer):
    match: str
    version: int = Field(description="the match version the move made")
    duplicate: Literal[True] | None = Field(None, description="present when this move id was applied already")


class EventsPage(Answer):
    match: str
    version: int = Field(description="the match's current version")
    events: list[LogEntry] = Field(description="oldest first, after `since`")


class ChatMessage(Answer):
    seat: int
    name: str
    text: str
    at: int = Field(description="when (ms since the epoch)")


class ChatSaid(ChatMessage):
    match: str


class ChatLog(Answer):
    match: str
    messages: list[ChatMessage]


class AccountMatches(Answer):
    """The matches an account sat in or was paired for, newest first: an ended one as it ended (kept
    ``VORPAL_RECORDS_RETENTION_S``, beyond the match itself), a live one as it is now."""

    matches: list[MatchSummary]


class AccountList(Answer):
    accounts: list[AccountInfo] = Field(description="oldest first")
    next: str | None = Field(description="the cursor of the next page (`after`); null after the last")


class LadderDeleted(Answer):
    ladder: str
    deleted: Literal[True] = True


class KeyRevoked(Answer):
    account: AccountInfo
    revoked: Literal[True]


class NoticeList(Answer):
    notices: list[Notice] = Field(description="the account's notices above `since`, oldest first")


#: A tournament: its document (every field of :class:`Tournament`), the rounds it plans, and the
#: standings so far. Made from the document's own fields, so that the two cannot drift apart.
TournamentView: type[Answer] = create_model(
    "TournamentView",
    __base__=Answer,
    __doc__="A tournament: its document, the rounds it plans, and the standings so far.",
    **{name: (f.annotation, f) for name, f in Tournament.model_fields.items()},  # type: ignore[call-overload]
    planned_rounds=(int, Field(description="how many rounds it plays in all")),
    standings=(list[Standing], Field(description="every entrant, best first, with the tie-breaks that ordered them")),
)


class TournamentSummary(Answer):
    id: str
    name: str
    game: str
    format: TournamentFormat
    status: TournamentStatus
    entrants: int = Field(description="how many accounts registered")
    rounds: int = Field(description="rounds paired so far")
    created: int


class TournamentList(Answer):
    tournaments: list[TournamentSummary] = Field(description="newest first")


class LadderList(Answer):
    ladders: list[Ladder] = Field(description="oldest first")


#: An account's line on a ladder's board: its :class:`Rating`, the rating shown, and its rank.
BoardLine: type[Answer] = create_model(
    "BoardLine",
    __base__=Answer,
    __doc__="An account's line on a ladder's board.",
    **{name: (f.annotation, f) for name, f in Rating.model_fields.items()},  # type: ignore[call-overload]
    display=(int, Field(description="the rating shown: 1000 + 40 (mu - 3 sigma); 1000 for a new account")),
    rank=(int | None, Field(None, description="1 is the best display rating (on the board)")),
)


class Leaderboard(Answer):
    ladder: str
    ratings: list[BoardLine] = Field(description="rated accounts, best display rating first")


class HouseEntry(Answer):
    """A house account entered in (or taken out of) a ladder's queue."""

    ladder: str
    account: str = Field(description="the house account's id, house-<level>")
    queued: bool = Field(description="true: it waits in the queue for good, and is paired like anyone")
    since: int | None = Field(None, description="when it joined the queue (ms since the epoch)")


class HouseList(Answer):
    accounts: list[HouseAccount] = Field(description="one per AI level, weakest first")


class QueueEntry(Answer):
    ladder: str
    queued: bool
    since: int | None = Field(None, description="when the account joined the queue (ms since the epoch)")


class LadderStatus(Answer):
    """Whether the account waits in the queue, and its ladder matches not yet rated."""

    ladder: str
    queued: bool
    since: int | None = None
    matches: list[str] = Field(description="its paired matches not yet rated")
    rating: BoardLine | None = Field(None, description="its rating here, once it has one")


class RatingHistory(Answer):
    ladder: str
    account: str
    history: list[HistoryEntry] = Field(description="rated matches, oldest first")
