"""Event frames, built once per notification and recipient seat.

A commit's notification (``{"kind": "event", "game", "table", "entry"}``, ``store.pack_commit``)
reaches every instance that follows the match. From it each local subscriber gets its seat's
event frame. What every recipient shares is derived from the notification once, whoever asks
first, and kept on it (:class:`Notification`): the event unpacked from its log entry, the table
decoded (taken from this process's table cache when it wrote it), each seat's frame encoded (every
spectator shares one), and for a big game the public part of the view packed once for all seats
(:class:`Frames`). Each frame is the one builder's (:func:`server.domain.views.event_frame`, which
composes the views too, with that packed public part when there is one): nothing here adds to it.
"""

from __future__ import annotations

from typing import Any

from vorpal_protocol import Packed, encode, pack, pack_map

from server import games
from server.domain.record import MatchStore
from server.domain.views import Snapshot, event_frame, unpack_event
from server.engine import Part

#: The public part of the views of a match whose stored table is this long or longer is packed once for
#: all recipients (Jackrabbits' and Zimby Mojo's, 5-7 KB, with their boards); a small game's (tables
#: under 2 KB) costs less to pack again with each frame than to pack apart and splice in.
SHARED_VIEW_FROM_TABLE_BYTES = 3000


class Notification:
    """One published event of a match, and what its recipients share, derived from it at most once."""

    __slots__ = ("_decoded", "_event", "_snapshot", "frames", "note", "public", "version")

    def __init__(self, note: dict[str, Any]) -> None:
        self.note = note
        self.version: int = note["entry"]["v"]
        #: seat (None: spectators) -> the encoded event frame.
        self.frames: dict[int | None, bytes] = {}
        #: A big game's public part of the view, packed once for every seat (:class:`Frames`).
        self.public: Packed | None = None
        self._event: Any = None
        self._snapshot: Snapshot | None = None
        self._decoded = False

    def event(self) -> Any:
        if self._event is None:
            self._event = unpack_event(self.note["entry"])
        return self._event

    def snapshot(self, tables: MatchStore) -> Snapshot | None:
        """The table after the event, decoded once for all local subscribers (None: not in the note)."""
        if not self._decoded:
            data = self.note.get("table")
            rules = games.get(self.note["game"])
            self._snapshot = None if data is None else Snapshot(rules, tables.take(rules, data))
            self._decoded = True
        return self._snapshot


class Frames:
    """Builds event frames from notifications; keeps the packed constant and shared fields of public
    views (a printed board) for as long as views hold the same object."""

    def __init__(self, tables: MatchStore) -> None:
        self.tables = tables
        #: (game, field) -> the last value object of a constant or shared field of its public views, packed.
        self._packed_fields: dict[tuple[str, str], tuple[Any, Packed]] = {}

    def frame(self, n: Notification, match_id: str, seat: int | None) -> bytes:
        """The event frame of ``n`` for ``seat``, encoded once for every subscriber of that seat
        (every spectator shares one). A big game's public part of the view, the same for every
        recipient and most of its frame, is packed once for all (``SHARED_VIEW_FROM_TABLE_BYTES``)."""
        data = n.frames.get(seat)
        if data is None:
            note = n.note
            snapshot = n.snapshot(self.tables)
            if n.public is None and snapshot is not None and len(note["table"]) >= SHARED_VIEW_FROM_TABLE_BYTES:
                n.public = self._pack_public(note["game"], snapshot.public(), snapshot.table.public)
                snapshot.share(n.public)  # every view of it is composed with the packed public part
            frame = event_frame(match_id, note["entry"], seat, snapshot, n.event())
            if n.public is not None and "view" in frame:
                frame["view"] = pack_map(frame["view"])  # the codec writes the packed public part as it is
            data = n.frames[seat] = encode(frame)
        return data

    def _pack_public(self, game: str, public: dict[str, Any], part: Part) -> Packed:
        """A public view packed, with each constant or shared field's value (a board) packed once for
        as long as views hold that same object (:meth:`~server.engine.play.Rules.public_view`)."""
        entries = dict(public)
        for name in part.constant_fields | part.shared_fields:
            kept = self._packed_fields.get((game, name))
            if kept is None or kept[0] is not public[name]:
                kept = self._packed_fields[game, name] = (public[name], pack(public[name]))
            entries[name] = kept[1]
        return pack_map(entries)
