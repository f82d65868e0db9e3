"""Each game's recorded playthrough still plays out move for move, and every recipient still
receives exactly what it received when it was recorded (see tests/support/golden.py)."""

from __future__ import annotations

import json

import pytest

from server.games import GAMES
from tests.support.golden import MAX_BYTES, path, recorded, transcript

AGAIN = "regenerate with `python -m tests.support.golden` if intended"


@pytest.mark.parametrize("name", [r.name for r in GAMES])
def test_the_recorded_playthrough_is_unchanged(name: str) -> None:
    old = json.loads(path(name).read_text())
    new = transcript(name, full_views=old["views"] == "full", compact=old["views"] == "compact")
    assert new is not None  # no size limit: the whole match
    assert (new["game"], new["seats"], new["seed"]) == (old["game"], old["seats"], old["seed"])
    for what in ("table", "views"):
        assert new["setup"][what] == old["setup"][what], f"the setup's {what} changed: {AGAIN}"
    for i, (a, b) in enumerate(zip(new["steps"], old["steps"], strict=False)):
        assert (a["seat"], a["move"]) == (b["seat"], b["move"]), f"step {i} plays another move: {AGAIN}"
        for what in ("events", "views") if "received" not in b else ():
            for recipient in b[what]:
                assert a[what].get(recipient) == b[what][recipient], (
                    f"step {i}: {recipient}'s {what[:-1]} changed: {AGAIN}"
                )
        assert a.get("received") == b.get("received"), f"step {i}: what a recipient received changed: {AGAIN}"
        assert a == b, f"step {i}: the table changed: {AGAIN}"
    assert len(new["steps"]) == len(old["steps"]), f"the match is {len(new['steps'])} moves long now: {AGAIN}"
    assert new["outcome"] == old["outcome"]


@pytest.mark.parametrize("name", [r.name for r in GAMES])
def test_the_file_is_exactly_what_the_generator_writes(name: str) -> None:
    """So that a regenerated file's diff shows only what changed."""
    written = path(name).read_text()
    assert len(written.encode()) <= MAX_BYTES
    assert written == recorded(name), AGAIN
