"""Audit a stored match: replay it from its seed and logged moves, report the first divergence.

A match is ``seed + moves``: the record keeps ``game``, ``options``, ``seats``
and ``seed``; the log keeps one entry per version, and entries of kind
``move`` carry the ``seat`` and the ``move``. Replaying them through the
engine (:meth:`Rules.setup`, :meth:`Rules.act`) must give back, step by
step, each logged event (its public and private parts and the status), and
at the end the stored table, generator state and outcome. The log must also
hold every version from 1 to the record's, each once.

``vorpal audit <match id> [--redis-url URL]`` prints the report (exit 0: it
replays exactly; 1: it diverges; 2: no such match, or Redis unreachable).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import msgpack

from server import games
from server.domain.record import MatchRecord, MatchStore
from server.domain.status import MatchStatus
from server.domain.views import pack_event
from server.engine import Rules
from server.store.codec import parse_table


@dataclass(frozen=True)
class Divergence:
    """Where a replay first disagrees with what was stored. ``version`` None: the final state."""

    version: int | None
    what: str
    stored: Any = None
    replayed: Any = None

    def __str__(self) -> str:
        where = "final state" if self.version is None else f"version {self.version}"
        return f"{where}: {self.what} (stored {self.stored!r}, replayed {self.replayed!r})"


@dataclass
class AuditReport:
    """The outcome of one audit."""

    match: str
    game: str
    version: int
    status: str
    moves: int = 0
    entries: int = 0
    divergence: Divergence | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.divergence is None

    def text(self) -> str:
        head = f"match {self.match} ({self.game}, {self.status}, version {self.version}): "
        head += f"{self.entries} log entries, {self.moves} moves replayed"
        if self.ok:
            return head + "\nOK: the replay from the seed equals every logged event and the stored state"
        return head + f"\nDIVERGENCE at {self.divergence}"

    def as_dict(self) -> dict[str, Any]:
        d = self.divergence
        return {
            "match": self.match, "game": self.game, "version": self.version, "status": self.status,
            "moves": self.moves, "entries": self.entries, "ok": self.ok,
            "divergence": None if d is None else {"version": d.version, "what": d.what, "stored": repr(d.stored),
                                                  "replayed": repr(d.replayed)},
        }  # fmt: skip


def _plain(value: Any) -> Any:
    """``value`` as it reads back from storage (tuples become lists, and so on)."""
    return msgpack.unpackb(msgpack.packb(value, use_bin_type=True), raw=False)


def replay(record: MatchRecord, entries: list[dict[str, Any]]) -> AuditReport:
    """Check ``entries`` (the whole log, oldest first) against ``record``; pure."""
    report = AuditReport(record.id, record.game, record.version, record.status.value, entries=len(entries))

    def diverge(version: int | None, what: str, stored: Any = None, replayed: Any = None) -> AuditReport:
        report.divergence = Divergence(version, what, stored, replayed)
        return report

    try:
        rules: Rules = games.get(record.game)
        table, rng = rules.setup(rules.parse_options(record.options), record.seats, record.seed)
    except Exception as exc:
        return diverge(0, f"setup failed: {exc}")
    forfeited = None  # the outcome a forfeit ended the match with (the table's own has none)
    for expected, entry in enumerate(entries, start=1):
        v = entry.get("v")
        if v != expected:
            return diverge(expected, "the log skips or repeats a version", v, expected)
        if entry.get("kind") == "forfeit":
            forfeited = entry.get("outcome", forfeited)
        if entry.get("kind") != "move":
            continue
        try:
            _, event = rules.act(table, rng, entry["seat"], entry["move"])
        except Exception as exc:
            return diverge(v, f"the logged move of seat {entry.get('seat')} does not replay: {exc}", entry.get("move"))
        report.moves += 1
        got = _plain(pack_event(event))
        if got["public"] != entry.get("public"):
            return diverge(v, "the event's public part differs", entry.get("public"), got["public"])
        if got["private"] != entry.get("private", {}):
            return diverge(v, "the event's private parts differ", entry.get("private"), got["private"])
        if got.get("then") != entry.get("then"):
            return diverge(v, "the chance steps after the move differ", entry.get("then"), got.get("then"))
        outcome = rules.outcome(table)
        status = "active" if outcome is None else "finished"
        if entry.get("status") != status:
            return diverge(v, "the status after the move differs", entry.get("status"), status)
    if len(entries) != record.version:
        return diverge(None, "the log and the record disagree on the version", record.version, len(entries))
    stored_table = parse_table(rules, record.table).model_dump(mode="json")
    replayed_table = table.model_dump(mode="json")
    if stored_table != replayed_table:
        return diverge(None, "the table differs", stored_table, replayed_table)
    if list(record.rng) != list(rng.state):
        return diverge(None, "the random generator's state differs", record.rng, rng.state)
    outcome = rules.outcome(table)
    replayed_outcome = forfeited if outcome is None else outcome.model_dump(mode="json")
    if record.status in (MatchStatus.ACTIVE, MatchStatus.FINISHED) and record.outcome != replayed_outcome:
        return diverge(None, "the outcome differs", record.outcome, replayed_outcome)
    return report


async def audit(store: MatchStore, match_id: str) -> AuditReport:
    """Load ``match_id`` and its log from ``store`` and :func:`replay` them."""
    record, _ = await store.load(match_id)
    entries = await store.log(match_id, 0)
    return replay(record, entries)
