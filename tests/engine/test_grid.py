"""The shared grid: adjacency without diagonals, straight lines, the spaces around the edge, map limits."""

from __future__ import annotations

import pytest

from server.engine.grid import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    Grid,
    adjacent,
    bounds,
    connected,
    fits,
    neighbours,
    placements,
    step,
)

FIELD = Grid(3, 3)  # Bandersnatch: "Deal 9 of them face-up in a 3x3 grid."
GYRE = Grid(3, 5)  # Gyre: "deal them face-up into a 5x3 grid" (5 wide, 3 high)


# -- cells and adjacency ---------------------------------------------------------------


def test_cells_are_in_reading_order_and_index_round_trips() -> None:
    assert FIELD.cells() == [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2)]
    for i, pos in enumerate(GYRE.cells()):
        assert GYRE.index(pos) == i and GYRE.at(i) == pos
    with pytest.raises(ValueError):
        GYRE.index((3, 0))
    with pytest.raises(ValueError):
        GYRE.at(15)


def test_neighbours_are_orthogonal_only() -> None:
    """Bandersnatch: "directly adjacent cards (no diagonals)"."""
    assert FIELD.neighbours((1, 1)) == [(0, 1), (1, 2), (2, 1), (1, 0)]
    assert FIELD.neighbours((0, 0)) == [(0, 1), (1, 0)]
    assert FIELD.neighbours((0, 1)) == [(0, 2), (1, 1), (0, 0)]
    assert adjacent((1, 1), (1, 2)) and not adjacent((1, 1), (2, 2)) and not adjacent((1, 1), (1, 1))


def test_a_grid_needs_cells() -> None:
    with pytest.raises(ValueError):
        Grid(0, 3)


# -- straight lines ------------------------------------------------------------------


def test_a_ray_runs_to_the_edge_nearest_first() -> None:
    assert GYRE.ray((1, 0), RIGHT) == [(1, 1), (1, 2), (1, 3), (1, 4)]
    assert GYRE.ray((2, 3), UP) == [(1, 3), (0, 3)]
    assert GYRE.ray((0, 0), LEFT) == []
    # From a space outside, the whole row or column.
    assert GYRE.ray((-1, 2), DOWN) == [(0, 2), (1, 2), (2, 2)]
    assert step((0, 0), DOWN, 3) == (3, 0)


# -- the spaces around the edge ------------------------------------------------------------


def test_gyres_grid_has_16_spaces_in_a_clockwise_ring() -> None:
    """Gyre: "A space is any of the 16 positions outside the grid, directly adjacent to a ... card"."""
    ring = GYRE.perimeter()
    assert len(ring) == len(set(ring)) == 16
    assert ring[:5] == [(-1, 0), (-1, 1), (-1, 2), (-1, 3), (-1, 4)]
    assert ring[5:8] == [(0, 5), (1, 5), (2, 5)]
    assert ring[8:13] == [(3, 4), (3, 3), (3, 2), (3, 1), (3, 0)]
    assert ring[13:] == [(2, -1), (1, -1), (0, -1)]
    assert all(GYRE.is_space(s) for s in ring)
    # Corners touch no card orthogonally: they are not spaces.
    assert not any(GYRE.is_space(c) for c in [(-1, -1), (-1, 5), (3, 5), (3, -1), (1, 1)])
    # Every space is directly beside exactly one card.
    for s in ring:
        assert [n for n in neighbours(s) if GYRE.contains(n)] == [GYRE.facing(s)]


def test_a_space_looks_along_its_row_or_column() -> None:
    assert GYRE.inward((-1, 3)) == DOWN
    assert GYRE.line_from((-1, 3)) == [(0, 3), (1, 3), (2, 3)]
    assert GYRE.line_from((3, 3)) == [(2, 3), (1, 3), (0, 3)]
    assert GYRE.line_from((1, -1)) == [(1, 0), (1, 1), (1, 2), (1, 3), (1, 4)]
    assert GYRE.line_from((1, 5)) == [(1, 4), (1, 3), (1, 2), (1, 1), (1, 0)]
    assert GYRE.facing((1, 5)) == (1, 4)
    with pytest.raises(ValueError):
        GYRE.inward((1, 1))


def test_spaces_next_to_a_cell() -> None:
    """Gyre's setup places a Jabberwocky card beside a card; a corner card has two such spaces."""
    assert GYRE.spaces_next_to((0, 0)) == [(-1, 0), (0, -1)]
    assert GYRE.spaces_next_to((0, 2)) == [(-1, 2)]
    assert GYRE.spaces_next_to((2, 4)) == [(2, 5), (3, 4)]
    assert GYRE.spaces_next_to((1, 2)) == []


def test_ring_neighbours_turn_the_corners() -> None:
    assert GYRE.ring_neighbours((-1, 0)) == ((0, -1), (-1, 1))
    assert GYRE.ring_neighbours((-1, 4)) == ((-1, 3), (0, 5))


def test_moving_around_the_ring_stops_before_other_pieces() -> None:
    """Gyre's whiffle: "any distance in either direction, but cannot pass other Jabberwocky
    cards or share a space with them"."""
    assert len(GYRE.ring_reachable((-1, 0), blocked=[])) == 15
    reach = GYRE.ring_reachable((-1, 0), blocked=[(-1, 3), (1, -1)])
    assert reach == [(-1, 1), (-1, 2), (0, -1)]
    # Both ring neighbours taken: nowhere to go along the ring.
    assert GYRE.ring_reachable((-1, 0), blocked=[(-1, 1), (0, -1)]) == []


# -- maps without fixed edges (Borogoves) -------------------------------------------------------


def test_bounds_measure_rows_and_columns() -> None:
    b = bounds([(0, 0), (0, 1), (-2, 1)])
    assert (b.top, b.left, b.bottom, b.right) == (-2, 0, 0, 1)
    assert (b.rows, b.cols) == (3, 2)
    with pytest.raises(ValueError):
        bounds([])


def test_placements_are_orthogonally_adjacent_and_empty() -> None:
    """Borogoves: "Cards must be played directly adjacent to another card (not diagonally)"."""
    two = {(0, 0), (0, 1)}
    assert placements(two, 4, 4) == [(-1, 0), (-1, 1), (0, -1), (0, 2), (1, 0), (1, 1)]
    assert not fits(two, (1, 2), 4, 4)  # diagonal only
    assert not fits(two, (0, 0), 4, 4)  # taken
    assert fits(set(), (5, 5), 4, 4)  # the first card goes anywhere


def test_no_more_than_4_cards_in_a_row_or_column() -> None:
    """Borogoves: "cannot be played so that there are more than 4 cards in a row or column"."""
    row = {(0, 0), (0, 1), (0, 2), (0, 3)}
    assert not fits(row, (0, 4), 4, 4) and not fits(row, (0, -1), 4, 4)
    assert placements(row, 4, 4) == [(-1, 0), (-1, 1), (-1, 2), (-1, 3), (1, 0), (1, 1), (1, 2), (1, 3)]
    # The limit is on the map's extent: a gap in a row does not make room for a fifth column.
    l_shape = {(0, 0), (1, 0), (1, 1), (1, 2), (1, 3)}
    assert not fits(l_shape - {(1, 1)} | {(0, 1)}, (0, 4), 4, 4)


def test_fifteen_cards_fill_a_4x4_map_but_one_gap() -> None:
    """Borogoves: "At the end of the game, all 15 cards will be in a 4x4 map (with a single gap)"."""
    placed = {(0, 0), (0, 1)}
    while len(placed) < 15:
        placed.add(placements(placed, 4, 4)[-1])
    b = bounds(placed)
    assert (b.rows, b.cols) == (4, 4)
    assert connected(placed)
    assert len(placements(placed, 4, 4)) == 1


def test_connected() -> None:
    assert connected(set()) and connected({(0, 0), (0, 1), (1, 1)})
    assert not connected({(0, 0), (1, 1)})
