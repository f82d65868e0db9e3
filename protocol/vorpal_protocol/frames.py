"""Every frame of protocol v1, as pydantic models.

A frame is a MessagePack map whose ``type`` names it. Requests from the
client carry an ``id`` of the client's choosing; the server's ``ack`` or
``error`` reply echoes it. Pushed frames (``event``, ``chat``, ``notice``) carry none.

Compatibility within v1 is additive: new optional fields and new frame
types. So decoders ignore fields they do not know (``extra="ignore"``).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from .match import EventPart, MatchStatusName, PublicClock

SUBPROTOCOL = "vorpal.v1.msgpack"
#: Protocol v2: v1's frames, but an event carries a patch of the recipient's view, not the whole view
#: (PROTOCOL.md, "Protocol v2").
SUBPROTOCOL_V2 = "vorpal.v2.msgpack"
SUBPROTOCOLS: tuple[str, ...] = (SUBPROTOCOL, SUBPROTOCOL_V2)

RequestId = Annotated[int | str, Field(description="chosen by the client, echoed in the reply")]
MatchId = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]

#: A chat text has 1..500 characters as sent, not all of them white space; the server keeps it
#: without the white space at either end. White space is Unicode's ``White_Space`` property,
#: spelled out because no language's default ``strip``/``trim`` is exactly it.
CHAT_TEXT_MAX = 500
WHITE_SPACE = "\t\n\v\f\r \x85\xa0\u1680" + "".join(map(chr, range(0x2000, 0x200B))) + "\u2028\u2029\u202f\u205f\u3000"


class Frame(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


# -- client to server ---------------------------------------------------------------


class Auth(Frame):
    """Present a seat token (later frames for its match act as that seat), or an account's API key
    (``vpk_...``: the socket is signed in as the account, its notices are pushed as ``notice``
    frames, and it may queue on ladders).

    ``since`` is for a key only: the kept notices numbered above it are sent first (resume);
    without it only notices newer than the sign-in are pushed.
    """

    type: Literal["auth"] = "auth"
    id: RequestId
    token: str = Field(min_length=1, max_length=256)
    since: int | None = Field(None, ge=0, description="API key: the last notice seq the client saw")


class Subscribe(Frame):
    """Receive a match's events: as its seat if authenticated for it, else as a spectator.

    With ``since``, every event after that version is sent first (resume).
    """

    type: Literal["subscribe"] = "subscribe"
    id: RequestId
    match: MatchId
    since: int | None = Field(None, ge=0)


class Unsubscribe(Frame):
    type: Literal["unsubscribe"] = "unsubscribe"
    id: RequestId
    match: MatchId


class MoveFrame(Frame):
    """A move for the authenticated seat. ``move_id`` makes it idempotent."""

    type: Literal["move"] = "move"
    id: RequestId
    match: MatchId
    move_id: str = Field(min_length=1, max_length=64)
    version: int = Field(ge=0, description="the match version the move was chosen at")
    move: Any


class SayFrame(Frame):
    """Post to the match's public chat."""

    type: Literal["say"] = "say"
    id: RequestId
    match: MatchId
    text: str = Field(min_length=1, max_length=CHAT_TEXT_MAX, description="not all white space")


LadderId = Annotated[str, Field(min_length=1, max_length=64)]


class QueueFrame(Frame):
    """Queue the signed-in account on a ladder (as ``POST /v1/ladders/{id}/queue``)."""

    type: Literal["queue"] = "queue"
    id: RequestId
    ladder: LadderId


class UnqueueFrame(Frame):
    """Take the signed-in account out of a ladder's queue (as ``DELETE /v1/ladders/{id}/queue``)."""

    type: Literal["unqueue"] = "unqueue"
    id: RequestId
    ladder: LadderId


class Ping(Frame):
    type: Literal["ping"] = "ping"
    id: RequestId


ClientFrame = Annotated[
    Auth | Subscribe | Unsubscribe | MoveFrame | SayFrame | QueueFrame | UnqueueFrame | Ping,
    Field(discriminator="type"),
]


# -- server to client -----------------------------------------------------------------


class Ack(Frame):
    """The successful reply to a request; ``result`` depends on the request."""

    type: Literal["ack"] = "ack"
    id: RequestId
    result: dict[str, Any] = Field(default_factory=dict)


class ErrorFrame(Frame):
    """A refused request (``id`` set) or a frame that could not be read (``id`` null).

    ``current`` comes with ``stale_version``: the match's version, to choose the move again at;
    ``retry_after_ms`` with ``rate_limited``: when the next request would be admitted. Other
    members of the error's problem document come as they are (decoders keep what they know).
    """

    type: Literal["error"] = "error"
    id: RequestId | None = None
    code: str
    title: str
    detail: str | None = None
    current: int | None = Field(None, ge=0, description="stale_version: the match's current version")
    retry_after_ms: int | None = Field(None, ge=1, description="rate_limited: milliseconds until a retry is admitted")


class EventFrame(Frame):
    """Something happened in a subscribed match, redacted for the recipient.

    ``view`` (the state after the event) is present on live pushes and absent
    on events replayed for a resume; in protocol v2 a live push carries ``patch`` or ``merge``
    instead, unless the server does not know that the recipient holds its view at the version
    before; ``legal`` only when the recipient may act.
    ``event`` is the same shape as a REST log entry's (:class:`~vorpal_protocol.match.EventPart`).

    The server writes it as a map of these fields (``server/domain/views.py``, ``event_frame``):
    a model made for each recipient of each move would cost the move path more than the rest of
    its frame does; a test holds every frame it builds to this model.
    """

    type: Literal["event"] = "event"
    match: MatchId
    version: int
    event: EventPart
    status: MatchStatusName
    to_act: list[int] = Field(default_factory=list)
    view: dict[str, Any] | None = None
    patch: list[dict[str, Any]] | None = Field(
        None,
        description="protocol v2: the JSON Patch (RFC 6902) of the recipient's view at `version - 1` to its view at "
        '`version`, in place of `view` (PROTOCOL.md, "Protocol v2")',
    )
    merge: dict[str, Any] | None = Field(
        None,
        description="protocol v2: the same change as a JSON Merge Patch (RFC 7386), where that is smaller; a frame "
        'carries `view`, `patch` or `merge`, or none of them (PROTOCOL.md, "Protocol v2")',
    )
    legal: list[Any] | None = None
    outcome: dict[str, Any] | None = None
    clock: PublicClock | None = Field(None, description="the match clock after the event (PROTOCOL.md section 9)")
    timeout: bool | None = Field(None, description="true: the move was made by the clock for a seat out of time")


class ChatFrame(Frame):
    type: Literal["chat"] = "chat"
    match: MatchId
    seat: int | None = None
    name: str
    text: str
    at: int = Field(description="server time, milliseconds since the Unix epoch")


class NoticeFrame(Frame):
    """A new notice of the signed-in account's inbox (``GET /v1/accounts/me/inbox``): pushed in
    ``seq`` order, each once, the kept ones above the sign-in's ``since`` first."""

    type: Literal["notice"] = "notice"
    seq: int = Field(ge=1)
    at: int = Field(description="server time, milliseconds since the Unix epoch")
    kind: str
    data: dict[str, Any] = Field(default_factory=dict)


class Pong(Frame):
    type: Literal["pong"] = "pong"
    id: RequestId


ServerFrame = Annotated[Ack | ErrorFrame | EventFrame | ChatFrame | NoticeFrame | Pong, Field(discriminator="type")]
