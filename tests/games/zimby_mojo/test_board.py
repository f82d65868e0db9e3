"""The main board: every fact the rulebook and the facts file give, checked on the data."""

from __future__ import annotations

import inspect

from server.games.zimby_mojo import board as board_module
from server.games.zimby_mojo.board import BOARD


def test_the_docstring_drawing_is_the_rendered_board() -> None:
    drawing = "\n".join(("    " + line).rstrip() for line in BOARD.render().splitlines())
    assert drawing in inspect.getdoc(board_module) or drawing in (board_module.__doc__ or "")


def test_each_quadrant_holds_one_shrine_one_portal_and_two_entry_points() -> None:
    # the facts file: "Each quadrant holds 1 shrine tile, 1 portal tile and 2 tribal-board attachment points"
    for q in range(4):
        tiles = BOARD.quadrant_tiles(q)
        assert [s for s in BOARD.shrines if s in tiles] == [BOARD.shrines[q]]
        assert [p for p in BOARD.portals if p in tiles] == [BOARD.portals[q]]
        assert [e.tile for e in BOARD.entry_points if e.tile in tiles] == [
            e.tile for e in BOARD.entry_points if e.quadrant == q
        ]
    assert len(BOARD.entry_points) == 8


def test_a_tribal_board_is_nine_and_seven_tiles_from_its_quadrants_shrine() -> None:
    # "Blue spends 3 mojo to move 1 zimby 9 tiles to a shrine"; "Yellow uses 2 mojo to move 1 zimby 7 tiles onto
    # the shrine tile" -- the tribal board counts as one tile, so 1 + the walk from the entry point.
    for q in range(4):
        far, near = (e for e in BOARD.entry_points if e.quadrant == q)
        shrine = BOARD.shrines[q]
        assert 1 + (BOARD.distance(far.tile, shrine, blocked=BOARD.thickets) or 0) == 9
        assert 1 + (BOARD.distance(near.tile, shrine, blocked=BOARD.thickets) or 0) == 7
