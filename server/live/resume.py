"""The one catch-up path: the events a recipient missed, as it may see them.

Used when a socket subscribes with ``since`` (resume after a disconnect), and
when the hub fills a gap in what Redis delivered or a lost pub/sub connection.
(The REST log, ``GET /v1/matches/{id}/events``, is the same entries redacted by
:func:`server.domain.views.log_entry`, without views.)
"""

from __future__ import annotations

from typing import Any

from server.domain.matches import Matches
from server.domain.record import MatchRecord
from server.domain.views import event_frame


async def missed_frames(matches: Matches, match_id: str, seat: int | None, since: int, until: int | None = None,
                        v2: bool = False) -> tuple[list[dict[str, Any]], MatchRecord | None]:  # fmt: skip
    """``seat``'s event frames after ``since``: up to ``until``, or up to the current version, whose
    frame then carries the current view (and the current record is returned with them). ``v2``: that
    view as protocol v2 sends a whole view (without the constant fields the catalogue holds).

    "Current" is as ``seat`` may see it: a spectator of a delayed match is brought up to the
    version the delay allows, and gets the match as it was then (:mod:`server.domain.spectating`).
    """
    record, snap = None, None
    if until is None:
        stored, _ = await matches.store.load(match_id)
        record, snap = await matches.as_seen_by(stored, seat)
        until = record.version
    if since >= until:
        return [], record
    entries = await matches.store.log(match_id, since, until)
    frames = [
        event_frame(match_id, entry, seat, snap if entry["v"] == until else None, v2=v2) for entry in entries
    ]  # fmt: skip
    return frames, record
