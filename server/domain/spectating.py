"""What a spectator of a delayed match sees: the match cut at the version the delay allows.

One seam for every way a spectator reads a match (REST state and log, the
WebSocket's subscription, its live feed): :func:`visible_version` says how far
a spectator may see now, and :func:`as_of` rebuilds the match at that version
from its seed and its logged moves (a match is its seed plus its moves), so
nothing newer than the cut can reach a spectator; the lobby's row of a delayed match is
cut the same way (:func:`summary_as_seen`). Seats are never delayed.
A delayed view has no clock: the deadlines shown would be the current ones.
"""

from __future__ import annotations

from typing import Any

from server import games
from server.engine import Rng

from . import views
from .delay import visible_version as _cut
from .record import MatchRecord, MatchStore, MatchSummary
from .status import MatchStatus
from .views import Snapshot


def delayed(record: MatchRecord, seat: int | None) -> bool:
    """Whether ``seat`` (None: a spectator) sees ``record`` late."""
    return seat is None and record.spectator_delay is not None and record.spectator_delay.active


async def visible_version(store: MatchStore, record: MatchRecord, now: int) -> int:
    """The latest version of ``record`` a spectator may see at ``now`` (ms)."""
    delay = record.spectator_delay
    if delay is None or not delay.active:
        return record.version
    ended = record.status.ended
    cut = record.version if ended else max(0, record.version - delay.moves)
    entries = await store.log(record.id, 0, cut) if delay.seconds > 0 and cut > 0 else []
    return _cut(delay, record.version, entries, now, ended=ended)


def _past(record: MatchRecord, version: int, last: dict[str, Any] | None) -> MatchRecord:
    """``record``'s summary fields as they were at ``version``, whose log entry is ``last`` (None: version 0)."""
    status = MatchStatus(last["status"]) if last is not None else (
        MatchStatus.OPEN if record.status is MatchStatus.OPEN else MatchStatus.ACTIVE)  # fmt: skip
    return record.replace(version=version, status=status, outcome=None if last is None else last.get("outcome"),
                          updated=record.created if last is None else last["at"], clock=None,
                          time_control=None)  # fmt: skip


async def summary_as_seen(store: MatchStore, record: MatchRecord, now: int) -> MatchSummary:
    """``record``'s lobby row as a spectator may see it at ``now`` (ms): its version, status, outcome and
    time of change are those of the version the delay allows (one log entry read, no replay)."""
    visible = await visible_version(store, record, now)
    if visible >= record.version:
        return record.summary()
    entries = await store.log(record.id, visible - 1, visible) if visible > 0 else []
    return _past(record, visible, entries[-1] if entries else None).summary()


def _replayed(record: MatchRecord, entries: list[dict[str, Any]]) -> tuple[Snapshot, Rng]:
    """``record``'s table after the moves of ``entries`` (its log from the start), from its seed."""
    rules = games.get(record.game)
    table, rng = rules.setup(rules.parse_options(record.options), record.seats, record.seed)
    for entry in entries:
        if entry.get("kind") == "move":
            rules.act(table, rng, entry["seat"], entry["move"])
    return Snapshot(rules, table), rng


async def as_of(store: MatchStore, record: MatchRecord, version: int) -> tuple[MatchRecord, Snapshot]:
    """``record`` as it was at ``version``, replayed from its seed and its logged moves (no clock).

    Every field a view is built from is the past one (the table too), so whatever is derived
    from the returned record cannot show a later move."""
    entries = await store.log(record.id, 0, version) if version > 0 else []
    snap, rng = _replayed(record, entries)
    past = _past(record, version, entries[-1] if entries else None)
    return past.replace(rng=rng.state, table=store.encode(snap.table)), snap


def seen_at(record: MatchRecord, entries: list[dict[str, Any]], version: int, seat: int | None,
            now: int) -> dict[str, Any]:  # fmt: skip
    """The state ``seat`` (None: a spectator) was shown at ``version``, whose log up to it is ``entries``:
    replayed, then redacted for ``seat`` as the live view was. Pure and synchronous, so that a long
    match's replay runs off the event loop (its cost per move: ``loadtest/README.md``)."""
    snap, _ = _replayed(record, entries)
    return views.match_state(_past(record, version, entries[-1] if entries else None), snap, seat, now)
