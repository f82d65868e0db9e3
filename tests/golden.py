"""Golden playthroughs: one recorded match per game, regenerated and compared in CI.

A transcript holds the seed, every move, a digest of the table after each
move and the outcome. Any change to a game's rules, to the generator or to
what a table holds shows up as a diff here, on purpose or not.

Regenerate after an intended change: ``python -m tests.golden``.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from server.games import GAMES

from .playout import playout

HERE = Path(__file__).parent / "playthroughs"
SEED = 2026


def digest(data: Any) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:16]


def transcript(name: str) -> dict[str, Any]:
    rules = next(r for r in GAMES if r.name == name)
    seats = rules.game.max_seats
    table, _ = rules.setup(rules.parse_options({}), seats, SEED)
    setup = digest(table.model_dump(mode="json"))
    steps = []
    for step in playout(rules, seats, SEED):
        steps.append({"seat": step.seat, "move": step.move, "table": digest(step.after.model_dump(mode="json"))})
        table = step.after
    outcome = rules.outcome(table)
    return {
        "game": name, "seats": seats, "seed": SEED, "setup": setup, "steps": steps,
        "outcome": None if outcome is None else outcome.model_dump(mode="json"),
    }  # fmt: skip


def path(name: str) -> Path:
    return HERE / f"{name}.json"


def write_all() -> None:
    HERE.mkdir(exist_ok=True)
    for rules in GAMES:
        path(rules.name).write_text(json.dumps(transcript(rules.name), indent=1) + "\n")
        print(f"wrote {path(rules.name)}")


if __name__ == "__main__":
    write_all()
    sys.exit(0)
