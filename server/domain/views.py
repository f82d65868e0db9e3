"""What a client receives about a match, built in one place for both transports.

The shapes are the protocol's (:mod:`vorpal_protocol.match`, :class:`vorpal_protocol.EventFrame`):
the match's state (REST's ``GET /v1/matches/{id}`` and a ``subscribe``'s ``ack``), an event
frame (pushed, or replayed for a resume) and a log entry (REST's ``GET .../events``). This
module puts together, per recipient, what the engine redacts: the engine's
:class:`~server.engine.Rules` derives a seat's view, and :func:`~server.engine.event_for` its
part of an event, from a table's parts (the one place anything is redacted). A recipient is a
seat number, or ``None`` for a spectator (public facts only).

Each is built as the map of its model's fields, in wire form, rather than as the model:
REST checks what it answers against the model (:func:`server.web.responses.answer`), and the
WebSocket's codec writes a frame's fields in its model's order, but a model made (even
unchecked, by ``model_construct``) for each recipient of each move costs the move path about
as much as the rest of the frame; ``tests/protocol/test_shapes.py`` holds what is built here to the models.
"""

from __future__ import annotations

from typing import Any

from server.engine import Event, Rules, Table, event_for

from . import clocks
from .record import MatchRecord
from .status import MatchStatus

AnyTable = Table[Any, Any, Any]


def pack_event(event: Event) -> dict[str, Any]:
    """An event's parts as a log entry stores them (with the chance steps that followed it, if any)."""
    packed: dict[str, Any] = {"public": event.public, "private": {str(k): v for k, v in event.private.items()}}
    if event.then:
        packed["then"] = [pack_event(step) for step in event.then]
    return packed


def unpack_event(entry: dict[str, Any]) -> Event:
    private = {int(k): v for k, v in entry.get("private", {}).items()}
    return Event(entry["public"], private, [unpack_event(step) for step in entry.get("then", [])])


class Snapshot:
    """A table to show several recipients: what they share (public view, who acts) is computed once."""

    __slots__ = ("_public", "_to_act", "rules", "table")

    def __init__(self, rules: Rules, table: AnyTable) -> None:
        self.rules, self.table = rules, table
        self._public: Any = None
        self._to_act: list[int] | None = None

    def public(self) -> dict[str, Any]:
        """The public part of every recipient's view (:meth:`~server.engine.play.Rules.public_view`), once."""
        if self._public is None:
            self._public = self.rules.public_view(self.table)
        public: dict[str, Any] = self._public
        return public

    def share(self, public: Any) -> None:
        """Compose every later view with ``public`` in place of the public part: the same part in another form,
        packed once for all recipients (:mod:`server.live.frames`)."""
        self._public = public

    def to_act(self, status: str) -> list[int]:
        if status != MatchStatus.ACTIVE:
            return []
        if self._to_act is None:
            self._to_act = self.rules.to_act(self.table)
        return self._to_act

    def view(self, seat: int | None) -> dict[str, Any]:
        public = self._public  # the shared form, if any (:meth:`share`)
        if public is None:
            public = self._public = self.rules.public_view(self.table)
        return self.rules.compose_view(public, self.table, seat)

    def legal(self, seat: int) -> list[Any]:
        return self.rules.dump_moves(self.rules.legal_moves(self.table, seat))


def match_state(record: MatchRecord, snap: Snapshot, seat: int | None, now: int, v2: bool = False) -> dict[str, Any]:
    """The match as ``seat`` may see it at ``now`` (ms), with its legal moves when it is to act: the fields of
    :class:`~vorpal_protocol.MatchState` (``clock`` only with a time control, ``legal`` only for a seat to act).

    ``v2``: the view as protocol v2 sends it, without the public part's constant fields (:func:`v2_view`)."""
    to_act = snap.to_act(record.status)
    view = snap.view(seat)
    out: dict[str, Any] = {
        "match": record.id, "game": record.game, "status": record.status.value, "version": record.version,
        "seats": record.seats, "names": record.names, "bots": record.bots, "accounts": record.accounts, "you": seat,
        "to_act": to_act, "view": v2_view(snap.rules, view) if v2 else view, "outcome": record.outcome,
    }  # fmt: skip
    if record.time_control is not None:
        out["clock"] = clocks.public_clock(record.time_control, record.clock, now)
    if seat is not None and seat in to_act:
        out["legal"] = snap.legal(seat)
    if v2 and snap.rules.constant_fields:
        out["constants"] = sorted(snap.rules.constant_fields)  # the view refers to them: the catalogue has them
    return out


def v2_view(rules: Rules, view: dict[str, Any]) -> dict[str, Any]:
    """A whole view as protocol v2 sends it: without the public part's constant fields, which a client has
    from the catalogue (:attr:`~server.engine.play.Rules.constants`)."""
    if not rules.constant_fields:
        return view
    return {**view, "public": rules.without_constants(view["public"])}


def log_entry(entry: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """A log entry as ``seat`` may read it (:class:`~vorpal_protocol.LogEntry`'s fields): never the raw move, only
    its part of the event."""
    out = {"version": entry["v"], "at": entry.get("at"), "event": event_for(unpack_event(entry), seat)}
    if entry.get("timeout"):
        out["timeout"] = True  # as the WebSocket's replay says it: the server made this move for the seat
    return out


def event_frame(match_id: str, entry: dict[str, Any], seat: int | None, snap: Snapshot | None = None,
                event: Event | None = None, v2: bool = False,
                instead: dict[str, Any] | None = None) -> dict[str, Any]:  # fmt: skip
    """The ``event`` frame for ``seat`` (:class:`~vorpal_protocol.EventFrame`'s fields): its part of the event
    and, given the table after it, its view.

    ``event``: the entry's event, unpacked already (once for all the recipients of a notification).
    ``v2``: the view as protocol v2 sends a whole view (:func:`v2_view`); ``instead``: what goes in place of the
    view, made by the caller (v2's ``{"patch": ...}``, or a ``{"view": ...}`` of its own)."""
    status = entry["status"]
    out: dict[str, Any] = {
        "type": "event", "match": match_id, "version": entry["v"],
        "event": event_for(unpack_event(entry) if event is None else event, seat), "status": status,
    }  # fmt: skip
    outcome = entry.get("outcome")
    if outcome is not None:
        out["outcome"] = outcome
    clock = entry.get("clock")
    if clock is not None:
        out["clock"] = clock
    if entry.get("timeout"):
        out["timeout"] = True
    if snap is not None:
        to_act = snap.to_act(status)
        out["to_act"] = to_act
        if instead is not None:
            out.update(instead)
        else:
            view = snap.view(seat)
            out["view"] = v2_view(snap.rules, view) if v2 else view
        if seat is not None and seat in to_act:
            out["legal"] = snap.legal(seat)
    return out
