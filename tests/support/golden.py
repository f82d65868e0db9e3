"""Golden playthroughs: one recorded match per game, regenerated and compared in CI.

A transcript holds the seed (and the match options, for a game whose
default match is too long to read: :data:`OPTIONS`) and, for the setup and after every move, what
each recipient receives: every seat's view and a spectator's, and each one's
part of the move's event (:func:`server.engine.event_for`). A digest of the
whole table (its secret part included) follows each step, and the outcome
ends it. Any change to a game's rules, to the generator, to what a table
holds or to what reaches whom shows up as a readable diff here, on purpose
or not.

The file is JSON laid out one recipient per line, so a diff names the step
and the recipient. Views are recorded in full unless that would make the file
larger than :data:`MAX_BYTES`; then each view is recorded as a digest (the
events stay in full). A match too long even for that (a random game of Gyre
runs to thousands of moves) records, per step, one digest of everything its
recipients receive: the diff then names the first step that changed.

Regenerate after an intended change: ``python -m tests.support.golden``.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from server.engine import Rules, Table, event_for
from server.games import GAMES
from tests.support.playout import playout

HERE = Path(__file__).parent.parent / "playthroughs"
SEED = 2026
MAX_BYTES = 2_000_000
#: A game's match options for its recorded match, where the defaults make a match too long to read
#: (Zimby Mojo's random shamans play to the round limit: 60 rounds of 8 seats are over 3,000 moves).
OPTIONS: dict[str, dict[str, Any]] = {"zimby_mojo": {"round_limit": 8}}
#: Containers laid out one entry per line; everything inside an entry stays on its line.
EXPANDED = {"setup", "steps", "views", "events"}


def digest(data: Any) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:16]


def recipients(seats: int) -> list[tuple[str, int | None]]:
    return [("spectator", None), *((f"seat {s}", s) for s in range(seats))]


def views(rules: Rules, table: Table[Any, Any, Any], full: bool) -> dict[str, Any]:
    seen = {name: rules.view(table, seat) for name, seat in recipients(len(table.private))}
    return seen if full else {name: digest(view) for name, view in seen.items()}


def transcript(name: str, *, full_views: bool = True, compact: bool = False,
               max_bytes: int | None = None) -> dict[str, Any] | None:  # fmt: skip
    """The match's transcript; ``None`` as soon as its steps alone would pass ``max_bytes`` when written."""
    rules = next(r for r in GAMES if r.name == name)
    seats = rules.game.max_seats
    options = OPTIONS.get(name, {})
    table, _ = rules.setup(rules.parse_options(options), seats, SEED)
    setup = {"views": views(rules, table, full_views), "table": digest(table.model_dump(mode="json"))}
    steps = []
    written = 0
    for step in playout(rules, seats, SEED, options=options):
        received: dict[str, Any] = {
            "events": {name: event_for(step.event, seat) for name, seat in recipients(seats)},
            "views": views(rules, step.after, full_views),
        }
        if compact:
            received = {"received": digest(received)}
        steps.append({"seat": step.seat, "move": step.move, **received,
                      "table": digest(step.after.model_dump(mode="json"))})  # fmt: skip
        if max_bytes is not None:
            written += len(render(steps[-1], 2).encode())
            if written > max_bytes:
                return None
        table = step.after
    outcome = rules.outcome(table)
    return {
        "game": name, "seats": seats, "seed": SEED, **({"options": options} if options else {}),
        "views": "compact" if compact else "full" if full_views else "digest",
        "setup": setup, "steps": steps, "outcome": None if outcome is None else outcome.model_dump(mode="json"),
    }  # fmt: skip


def render(value: Any, indent: int = 0, expand: bool = True) -> str:
    """JSON with the containers named in :data:`EXPANDED` (and the steps) one entry per line."""
    if not expand or not value or not isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    pad, end = " " * (indent + 1), " " * indent
    if isinstance(value, list):
        return "[\n" + ",\n".join(pad + render(v, indent + 1) for v in value) + "\n" + end + "]"
    entries = (pad + json.dumps(k) + ": " + render(v, indent + 1, k in EXPANDED) for k, v in value.items())
    return "{\n" + ",\n".join(entries) + "\n" + end + "}"


def recorded(name: str) -> str:
    """A game's transcript as written to its file: full views if the file stays small enough."""
    for kind in ({}, {"full_views": False}):
        written = transcript(name, **kind, max_bytes=MAX_BYTES)  # given up once too long
        if written is not None:
            text = render(written) + "\n"
            if len(text.encode()) <= MAX_BYTES:
                return text
    compact = transcript(name, full_views=False, compact=True)
    assert compact is not None
    return render(compact) + "\n"


def path(name: str) -> Path:
    return HERE / f"{name}.json"


def write_all() -> None:
    HERE.mkdir(exist_ok=True)
    for rules in GAMES:
        path(rules.name).write_text(recorded(rules.name))
        print(f"wrote {path(rules.name)}")


if __name__ == "__main__":
    write_all()
    sys.exit(0)
