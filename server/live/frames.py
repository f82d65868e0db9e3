"""Event frames, built once per notification and recipient seat.

A commit's notification (``{"kind": "event", "game", "table", "entry"}``, ``store.pack_commit``)
reaches every instance that follows the match. From it each local subscriber gets its seat's
event frame. What every recipient shares is derived from the notification once, whoever asks
first, and kept on it (:class:`Notification`): the event unpacked from its log entry, the table
decoded (taken from this process's table cache when it wrote it), each seat's frame encoded (every
spectator shares one), and for a big game the public part of the view packed once for all seats
(:class:`Frames`). Each frame is the one builder's (:func:`server.domain.views.event_frame`, which
composes the views too, with that packed public part when there is one): nothing here adds to it.

Protocol v2 (PROTOCOL.md, "Protocol v2") sends a seat a patch of its view against the version before
instead of the view. :class:`Frames` keeps, for each match with local subscribers, the last version's
public view and the private parts of the seats it built frames for (:class:`Kept`); a notification that
follows it takes them as its base (:meth:`Frames.advance`, as it arrives, before any frame is built). The
public part's patch is then made once per notification, for every recipient (and packed once for a big
game); a seat's private patch only when its private part changed. Without a base (the first notification
this instance sees of a match, or one after a notification without a table), a v2 recipient gets the whole
view, as after a gap in what it was sent (the hub decides: :meth:`Frames.v2_frame`'s ``whole``).
"""

from __future__ import annotations

from typing import Any

from vorpal_protocol import Packed, encode, pack, pack_map
from vorpal_protocol.patch import Patch, diff, merge_diff

from server import games
from server.domain.record import MatchStore
from server.domain.views import Snapshot, event_frame, unpack_event, v2_view
from server.engine import Event, Part

#: The public part of the views of a match whose stored table is this long or longer is packed once for
#: all recipients (Jackrabbits' and Zimby Mojo's, 5-7 KB, with their boards); a small game's (tables
#: under 2 KB) costs less to pack again with each frame than to pack apart and splice in.
SHARED_VIEW_FROM_TABLE_BYTES = 3000


class Kept:
    """A match's views at one version, as this instance last built them: the base of the next version's patches."""

    __slots__ = ("privates", "public", "version")

    def __init__(self, version: int, public: dict[str, Any]) -> None:
        self.version = version
        self.public = public
        #: seat -> the private part of its view, for the seats whose frames were built at this version.
        self.privates: dict[int, dict[str, Any]] = {}


class Notification:
    """One published event of a match, and what its recipients share, derived from it at most once."""

    __slots__ = ("_decoded", "_event", "_patches", "_public_view", "_snapshot", "base", "frames", "kept", "note",
                 "public", "version")  # fmt: skip

    def __init__(self, note: dict[str, Any]) -> None:
        self.note = note
        self.version: int = note["entry"]["v"]
        #: seat (None: spectators), or (seat, "patch" or "view") in protocol v2 -> the encoded event frame.
        self.frames: dict[Any, bytes] = {}
        #: A big game's public part of the view, packed once for every seat (:class:`Frames`).
        self.public: Packed | None = None
        #: Protocol v2: the views at the version before (None: this instance has none), and at this version.
        self.base: Kept | None = None
        self.kept: Kept | None = None
        self._patches: PublicPatches | None = None
        self._public_view: dict[str, Any] | None = None
        self._event: Any = None
        self._snapshot: Snapshot | None = None
        self._decoded = False

    def public_patches(self, tables: MatchStore) -> PublicPatches:
        """The public part's patches against :attr:`base`, made once for every recipient."""
        if self._patches is None:
            assert self.base is not None
            after = self.public_view(tables)
            assert after is not None
            self._patches = PublicPatches(self.base.public, after)
        return self._patches

    def public_view(self, tables: MatchStore) -> dict[str, Any] | None:
        """The public part of the views after the event, as a map (before a big game's is packed)."""
        if self._public_view is None:
            snapshot = self.snapshot(tables)
            if snapshot is not None:
                self._public_view = snapshot.public()
        return self._public_view

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
        #: match -> its views at the last version this instance built frames of (protocol v2's base).
        self._kept: dict[str, Kept] = {}
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
                public = n.public_view(self.tables)
                assert public is not None
                n.public = self._pack_public(note["game"], public, snapshot.table.public)
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

    # -- protocol v2 -----------------------------------------------------------------------------------

    def advance(self, n: Notification, match_id: str) -> None:
        """``n`` arrives for local subscribers: take the views kept at the version before as its base, and keep
        its own for the next (called once per notification, in the order they arrive, before its frames)."""
        kept = self._kept.get(match_id)
        public = n.public_view(self.tables)
        if public is None:
            self._kept.pop(match_id, None)
            return
        if kept is not None and kept.version == n.version - 1:
            n.base = kept
        if kept is None or kept.version < n.version:
            n.kept = self._kept[match_id] = Kept(n.version, public)

    def forget(self, match_id: str) -> None:
        """No local subscriber follows ``match_id`` any more."""
        self._kept.pop(match_id, None)

    def v2_frame(self, n: Notification, match_id: str, seat: int | None, whole: bool) -> tuple[bytes, bool]:
        """``n``'s event frame for ``seat`` in protocol v2, and whether it carries a view (a patch or a whole one).

        A patch of the view at ``n.version - 1`` unless ``whole`` (the recipient may not hold that one) or this
        instance has no base for it: then the whole view, without its constant fields."""
        snapshot = n.snapshot(self.tables)
        if snapshot is None:
            return self.frame(n, match_id, seat), False  # no view in it, as in v1
        patching = not whole and n.base is not None
        key = (seat, "patch" if patching else "view")
        data = n.frames.get(key)
        if data is None:
            public = n.public_view(self.tables)
            assert public is not None
            private = None if seat is None else self._private(n, snapshot, seat)
            if patching and seat is not None and self._plain(n, snapshot, seat, private):
                # Nothing of its own in it: the spectators' frame, the same bytes, encoded once for all.
                data = n.frames[key] = self.v2_frame(n, match_id, None, False)[0]
                return data, True
            if patching:
                instead: dict[str, Any] = self._patch(n, seat, private)
            else:
                view: dict[str, Any] = {"public": public}
                if private is not None:
                    view["private"] = private
                instead = {"view": v2_view(snapshot.rules, view)}
            frame = event_frame(match_id, n.note["entry"], seat, snapshot, n.event(), instead=instead)
            data = n.frames[key] = encode(frame)
        return data, True

    @staticmethod
    def _plain(n: Notification, snapshot: Snapshot, seat: int, private: dict[str, Any] | None) -> bool:
        """Whether ``seat``'s patch frame is a spectator's: no private part of the event, no legal moves, and a
        private part as it was at the version before."""
        base = n.base
        assert base is not None
        return (
            private == base.privates.get(seat, _ABSENT)
            and seat not in snapshot.to_act(n.note["entry"]["status"])
            and not _has_private(n.event(), seat)
        )

    def _private(self, n: Notification, snapshot: Snapshot, seat: int) -> dict[str, Any]:
        kept = n.kept
        private = None if kept is None else kept.privates.get(seat)
        if private is None:
            private = snapshot.rules.private_view(snapshot.table, seat)
            if kept is not None:
                kept.privates[seat] = private
        return private

    def _patch(self, n: Notification, seat: int | None, private: dict[str, Any] | None) -> dict[str, Any]:
        """``{"patch": ...}`` (RFC 6902) or ``{"merge": ...}`` (RFC 7386), whichever is smaller where a merge patch
        can carry the change: the public part's made once for every recipient, then the seat's own, if any."""
        public = n.public_patches(self.tables)
        base = n.base
        assert base is not None
        before = None if seat is None else base.privates.get(seat)
        if private is None or before == private:
            if public.merge is not None and len(public.merge_packed.data) < len(public.ops_packed.data):
                return {"merge": public.merge_packed}
            return {"patch": public.ops_packed}
        own: Patch
        if before is None:
            own, own_merge = [{"op": "replace", "path": "/private", "value": private}], merge_diff({}, private)
        else:
            own, own_merge = diff(before, private, "/private"), merge_diff(before, private)
        ops = public.ops + own
        if public.merge is None or own_merge is None:
            return {"patch": ops}
        merge = {"private": own_merge} if not public.merge else {"public": public.merge, "private": own_merge}
        ops_packed, merge_packed = pack(ops), pack(merge)
        return {"merge": merge_packed} if len(merge_packed.data) < len(ops_packed.data) else {"patch": ops_packed}


_ABSENT = object()


def _has_private(event: Event, seat: int) -> bool:
    """Whether ``seat`` has a private part in ``event`` or in one of its chance steps."""
    return seat in event.private or any(_has_private(step, seat) for step in event.then)


class PublicPatches:
    """The public part's change from one version to the next, in both forms, each packed once for every recipient."""

    __slots__ = ("merge", "merge_packed", "ops", "ops_packed")

    def __init__(self, before: dict[str, Any], after: dict[str, Any]) -> None:
        self.ops = diff(before, after, "/public")
        self.ops_packed = pack(self.ops)
        #: The merge patch of the public part (None: a merge patch cannot carry this change).
        self.merge: dict[str, Any] | None = merge_diff(before, after)
        #: The merge patch of the whole view, as a frame carries it when the recipient's private part is unchanged.
        self.merge_packed = pack({"public": self.merge} if self.merge else {})
