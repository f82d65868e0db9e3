"""The tables of :mod:`server.games.zimby_mojo.playing`: every move type has its row, and only one."""

from __future__ import annotations

from typing import get_args

from server.games.zimby_mojo.playing import DECISIONS, MOVES
from server.games.zimby_mojo.state import Answer, AnyMove


def test_every_move_type_is_played_by_one_row_an_answer_by_two() -> None:
    """A move type missing from both tables would fail only when first played; an ``answer`` is a join's decision
    or a seal's answer, so it alone has a row in each."""
    kinds = set(get_args(AnyMove))
    assert set(MOVES) | set(DECISIONS) == kinds
    assert set(MOVES) & set(DECISIONS) == {Answer}
