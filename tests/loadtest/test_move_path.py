"""``loadtest/move_path.py`` plays the standard workload's matches through the server's own code."""

from __future__ import annotations

import pytest

from loadtest import move_path

pytestmark = pytest.mark.anyio

MOVES_PER_MATCH = 264  # 3 seats, 13 rounds: the standard workload (shared/bench/peers/README.md)


async def test_every_stage_of_every_move_of_whole_matches_is_timed() -> None:
    times = await move_path.play(matches=2, seed=1)
    assert set(times) == set(move_path.STAGES)
    assert all(len(seconds) == 2 * MOVES_PER_MATCH for seconds in times.values())
