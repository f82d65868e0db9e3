"""``loadtest/instructions.py`` reads callgrind's count and ``move_path``'s moves, and cancels start-up."""

from __future__ import annotations

import pytest

from loadtest import instructions

CALLGRIND = b"==7385== Events    : Ir\n==7385== Collected : 7215806610\n==7385==\n==7385== I   refs: 7,215,806,610\n"
MOVE_PATH = b"# move path: python 3.11.7\nrun=1 moves=3168 decode_us=745.0 total_us=12977.5\nmedian total_us=12977.5\n"


def test_a_run_is_its_last_instruction_count_and_the_moves_it_played() -> None:
    assert instructions.parse(CALLGRIND, MOVE_PATH) == (7_215_806_610, 3_168)


def test_a_run_without_either_figure_is_refused() -> None:
    with pytest.raises(ValueError):
        instructions.parse(b"valgrind: command failed\n", MOVE_PATH)
    with pytest.raises(ValueError):
        instructions.parse(CALLGRIND, b"Traceback (most recent call last):\n")


def test_the_cost_per_move_is_what_the_extra_moves_cost() -> None:
    # 1,000 instructions of start-up in both, 50 per move.
    assert instructions.per_move((1_000 + 50 * 264, 264), (1_000 + 50 * 792, 792)) == 50
    with pytest.raises(ValueError):
        instructions.per_move((1_000, 264), (2_000, 264))
