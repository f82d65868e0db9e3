"""What ``server/domain/views.py`` builds is the protocol's shapes, field for field.

The builder writes each shape as the map of its model's fields (a model per recipient of each
move would cost the move path; ``server/domain/views.py``), so these tests hold every map it
builds, for every game, seat and spectator, to the model of ``vorpal_protocol`` that declares
it: an event frame to :class:`~vorpal_protocol.EventFrame` (as a client decodes it), a match's
state to :class:`~vorpal_protocol.MatchState`, a log entry to :class:`~vorpal_protocol.LogEntry`.
No field is built that the model does not declare, and none the model requires is missing.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from pydantic import BaseModel
from vorpal_protocol import EventFrame, LogEntry, MatchState, decode_server, encode

from server.domain import clocks
from server.domain.clocks import TimeControl
from server.domain.record import MatchRecord
from server.domain.status import MatchStatus
from server.domain.views import Snapshot, event_frame, log_entry, match_state, pack_event
from server.engine import Rules
from server.games import GAMES
from tests.support.playout import playout

STEPS_PER_GAME = 40


def _held_to(model: type[BaseModel], built: dict[str, Any]) -> None:
    assert set(built) <= set(model.model_fields), (
        f"fields {model.__name__} does not declare: {set(built) - set(model.model_fields)}"
    )
    checked = model.model_validate(built, strict=True)
    assert checked.model_dump(exclude_unset=True) == built


def _entries(rules: Rules, seats: int) -> list[tuple[dict[str, Any], Snapshot]]:
    out = []
    for v, step in enumerate(itertools.islice(playout(rules, seats, seed=5, keep=True), STEPS_PER_GAME), start=1):
        entry = {"kind": "move", "seat": step.seat, "move": step.move, **pack_event(step.event), "v": v,
                 "at": 1_000 * v, "status": "active"}  # fmt: skip
        if v % 7 == 0:
            entry["clock"] = {"kind": "per_decision", "now": 5, "remaining_ms": None, "deadlines": {"0": 9}}
        out.append((entry, Snapshot(rules, step.after)))
    return out


@pytest.mark.parametrize("rules", GAMES, ids=[r.name for r in GAMES])
def test_every_event_frame_and_log_entry_is_its_model(rules: Rules) -> None:
    seats = max(rules.game.min_seats, min(3, rules.game.max_seats))
    for entry, snap in _entries(rules, seats):
        for seat in [None, *range(seats)]:
            for with_view in (snap, None):
                frame = event_frame("m1", entry, seat, with_view)
                assert set(frame) <= set(EventFrame.model_fields)
                decoded = decode_server(encode(frame))  # as a client reads it: strictly
                assert isinstance(decoded, EventFrame) and decoded.event == frame["event"]
                # to_act is written even when absent (the canonical form writes a default that is not null)
                assert decoded.model_dump(exclude_unset=True) == {"to_act": [], **frame}
            _held_to(LogEntry, log_entry(entry, seat))


@pytest.mark.parametrize("rules", GAMES, ids=[r.name for r in GAMES])
def test_every_match_state_is_the_model(rules: Rules) -> None:
    seats = max(rules.game.min_seats, min(3, rules.game.max_seats))
    (_, snap), *_ = _entries(rules, seats)
    timed = TimeControl(kind="per_decision", limit_ms=60_000)
    for time_control in (None, timed):
        record = MatchRecord(
            id="m1", game=rules.name, options={}, seats=seats, status=MatchStatus.ACTIVE, version=1, created=0,
            updated=0, seed=1, names=[f"p{s}" for s in range(seats)], bots=[False] * seats, tokens=[None] * seats,
            table=b"", rng=[0], time_control=time_control,
            clock=None if time_control is None else clocks.start(time_control, seats),
        )  # fmt: skip
        for seat in [None, *range(seats)]:
            state = match_state(record, snap, seat, 1_000)
            _held_to(MatchState, state)
            assert ("legal" in state) == (seat in state["to_act"])
