"""Rectangular grids of cards: orthogonal adjacency, straight lines, the spaces around them.

Several Jabberwocky microgames lay Number cards out in a grid: Bandersnatch's
3x3 field (cards leave it as they are captured), Gyre's 5x3 grid with the
Jabberwocky cards moving around its edge, Borogoves' map that grows one card
at a time up to 4 cards in a row or column. This module knows only where
things are; what lies on a cell is the game's business, so a game keeps its
cells in its own table parts and asks the grid where to look.

A position is ``(row, col)``; rows grow downwards and columns rightwards, so
``(0, 0)`` is the top-left cell. Positions just outside a :class:`Grid`
(``row == -1``, ``col == cols``, ...) are the *spaces* around it: a space is
orthogonally next to exactly one edge cell and faces into the grid along a
row or a column (Gyre: "A space is any of the 16 positions outside the
grid, directly adjacent to a face-up or face-down Number card"). Corners are
not spaces: they touch no card orthogonally.

Directions are ``(d_row, d_col)`` steps: :data:`UP`, :data:`RIGHT`,
:data:`DOWN`, :data:`LEFT`, clockwise. "No diagonals" everywhere: only these
four are adjacency.

Maps without fixed edges (Borogoves) use the free functions
:func:`neighbours`, :func:`bounds` and :func:`placements`: positions may be
negative, and a limit on rows and columns bounds how far the map spreads.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, field

Pos = tuple[int, int]
"""A position: ``(row, col)``."""
Direction = tuple[int, int]
"""A one-cell step: ``(d_row, d_col)``."""

UP: Direction = (-1, 0)
RIGHT: Direction = (0, 1)
DOWN: Direction = (1, 0)
LEFT: Direction = (0, -1)
#: The four orthogonal directions, clockwise from up.
ORTHOGONAL: tuple[Direction, ...] = (UP, RIGHT, DOWN, LEFT)


def step(pos: Pos, direction: Direction, n: int = 1) -> Pos:
    """The position ``n`` steps from ``pos`` in ``direction``."""
    return pos[0] + n * direction[0], pos[1] + n * direction[1]


def opposite(direction: Direction) -> Direction:
    return -direction[0], -direction[1]


def neighbours(pos: Pos) -> list[Pos]:
    """The four orthogonal neighbours of ``pos`` on an unbounded plane, clockwise from above."""
    return [step(pos, d) for d in ORTHOGONAL]


def adjacent(a: Pos, b: Pos) -> bool:
    """Whether ``a`` and ``b`` share a side (diagonals do not count)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


@dataclass(frozen=True)
class Bounds:
    """The smallest rectangle holding some positions (inclusive edges)."""

    top: int
    left: int
    bottom: int
    right: int

    @property
    def rows(self) -> int:
        return self.bottom - self.top + 1

    @property
    def cols(self) -> int:
        return self.right - self.left + 1


def bounds(positions: Iterable[Pos]) -> Bounds:
    """The bounding rectangle of ``positions`` (at least one)."""
    points = list(positions)
    if not points:
        raise ValueError("bounds() needs at least one position")
    rows = [p[0] for p in points]
    cols = [p[1] for p in points]
    return Bounds(top=min(rows), left=min(cols), bottom=max(rows), right=max(cols))


def fits(occupied: Collection[Pos], pos: Pos, max_rows: int, max_cols: int) -> bool:
    """Whether a card may go at ``pos``: empty, beside an occupied position, and the map
    stays within ``max_rows`` x ``max_cols`` (Borogoves: "cannot be played so that there
    are more than 4 cards in a row or column").

    On an empty map any position fits.
    """
    if pos in occupied:
        return False
    if not occupied:
        return True
    if not any(n in occupied for n in neighbours(pos)):
        return False
    b = bounds([*occupied, pos])
    return b.rows <= max_rows and b.cols <= max_cols


def placements(occupied: Collection[Pos], max_rows: int, max_cols: int) -> list[Pos]:
    """Every position where :func:`fits` allows a card, in reading order (top row first)."""
    candidates = {n for p in occupied for n in neighbours(p)}
    return sorted(p for p in candidates if fits(occupied, p, max_rows, max_cols))


def connected(positions: Collection[Pos]) -> bool:
    """Whether ``positions`` form one orthogonally connected group (an empty set does)."""
    if not positions:
        return True
    start = next(iter(positions))
    seen = {start}
    todo = [start]
    while todo:
        for n in neighbours(todo.pop()):
            if n in positions and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(positions)


@dataclass(frozen=True)
class Grid:
    """A fixed ``rows`` x ``cols`` rectangle of cells and the spaces around its edge."""

    rows: int
    cols: int
    _around: dict[Pos, tuple[Pos, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1:
            raise ValueError("a grid has at least one row and one column")
        # A grid never changes: its cells' neighbours are worked out once.
        around = {p: tuple(n for n in neighbours(p) if self.contains(n)) for p in self.cells()}
        object.__setattr__(self, "_around", around)

    # -- cells -------------------------------------------------------------------

    def contains(self, pos: Pos) -> bool:
        """Whether ``pos`` is a cell of the grid."""
        return 0 <= pos[0] < self.rows and 0 <= pos[1] < self.cols

    def cells(self) -> list[Pos]:
        """Every cell in reading order: the top row left to right, then the next row."""
        return [(r, c) for r in range(self.rows) for c in range(self.cols)]

    def index(self, pos: Pos) -> int:
        """``pos``'s place in :meth:`cells` (for games that keep cells in one flat list)."""
        if not self.contains(pos):
            raise ValueError(f"{pos} is not a cell of a {self.rows}x{self.cols} grid")
        return pos[0] * self.cols + pos[1]

    def at(self, index: int) -> Pos:
        """The cell at ``index`` in :meth:`cells`."""
        if not 0 <= index < self.rows * self.cols:
            raise ValueError(f"no cell {index} in a {self.rows}x{self.cols} grid")
        return divmod(index, self.cols)

    def neighbours(self, pos: Pos) -> list[Pos]:
        """The cells sharing a side with ``pos`` (2 to 4; no diagonals), clockwise from above."""
        if pos in self._around:
            return list(self._around[pos])
        return [n for n in neighbours(pos) if self.contains(n)]

    def ray(self, start: Pos, direction: Direction) -> list[Pos]:
        """The cells met travelling in a straight line from ``start`` (not included) in
        ``direction`` until the edge, nearest first. ``start`` may be a space outside."""
        out = []
        pos = step(start, direction)
        while self.contains(pos):
            out.append(pos)
            pos = step(pos, direction)
        return out

    # -- the spaces around the edge ---------------------------------------------------

    def perimeter(self) -> list[Pos]:
        """Every space around the grid, clockwise from the top-left: along the top, down
        the right side, back along the bottom and up the left side. ``2 * (rows + cols)``
        spaces; the list is a ring (its last space is next to its first)."""
        top = [(-1, c) for c in range(self.cols)]
        right = [(r, self.cols) for r in range(self.rows)]
        bottom = [(self.rows, c) for c in reversed(range(self.cols))]
        left = [(r, -1) for r in reversed(range(self.rows))]
        return top + right + bottom + left

    def is_space(self, pos: Pos) -> bool:
        """Whether ``pos`` is one of the spaces around the grid."""
        r, c = pos
        on_rows = 0 <= r < self.rows and c in (-1, self.cols)
        on_cols = 0 <= c < self.cols and r in (-1, self.rows)
        return on_rows or on_cols

    def inward(self, space: Pos) -> Direction:
        """The direction from ``space`` into the grid."""
        self._check_space(space)
        r, c = space
        if r == -1:
            return DOWN
        if r == self.rows:
            return UP
        if c == -1:
            return RIGHT
        return LEFT

    def facing(self, space: Pos) -> Pos:
        """The one cell next to ``space``."""
        return step(space, self.inward(space))

    def line_from(self, space: Pos) -> list[Pos]:
        """The row or column ``space`` is next to, nearest cell first (what a piece on
        that space looks along; Gyre's inhale and exhale travel it)."""
        return self.ray(space, self.inward(space))

    def spaces_next_to(self, cell: Pos) -> list[Pos]:
        """The spaces beside ``cell``: none inside the grid, one on an edge, two at a corner
        (in :meth:`perimeter` order)."""
        if not self.contains(cell):
            raise ValueError(f"{cell} is not a cell of the grid")
        around = set(neighbours(cell))
        return [s for s in self.perimeter() if s in around]

    def ring_neighbours(self, space: Pos) -> tuple[Pos, Pos]:
        """The spaces on either side of ``space`` around the ring: (counter-clockwise, clockwise)."""
        ring = self.perimeter()
        i = self._ring_index(ring, space)
        return ring[i - 1], ring[(i + 1) % len(ring)]

    def ring_reachable(self, start: Pos, blocked: Collection[Pos]) -> list[Pos]:
        """The spaces a piece on ``start`` can reach by moving around the ring in either
        direction without passing or landing on a ``blocked`` space (``start`` excluded),
        clockwise ones first, each nearest first (Gyre's whiffle)."""
        ring = self.perimeter()
        i = self._ring_index(ring, start)
        out: list[Pos] = []
        for sign in (1, -1):
            for k in range(1, len(ring)):
                space = ring[(i + sign * k) % len(ring)]
                if space in blocked or space == start:
                    break
                if space not in out:
                    out.append(space)
        return out

    def _ring_index(self, ring: list[Pos], space: Pos) -> int:
        self._check_space(space)
        return ring.index(space)

    def _check_space(self, space: Pos) -> None:
        if not self.is_space(space):
            raise ValueError(f"{space} is not a space around a {self.rows}x{self.cols} grid")
