"""The board as a graph: its tiles, the roads between them, the hex lattice they lie on, and its drawing.

Hexes (the Citadel, the houses, the underground) are one road node each; a triangle is one node joining three road
ends; a rhombus carries two roads (``M1a`` and ``M1b``) with a paid crossing between them. A board never changes once
laid (a board being built is replaced tile by tile), which is why tables may share one and its lookups are worked out
once per board object.
"""

from __future__ import annotations

import math
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from server.engine import JsonFloat
from server.engine.cards import SUITS

HexKind = Literal["citadel", "tower", "palace", "plaza", "underground"]
SmallKind = Literal["mountain", "river", "woods", "fork", "tavern", "hole"]
HOUSE_KINDS: dict[str, HexKind] = {"K": "tower", "Q": "palace", "J": "plaza"}
HOUSE_IDS = frozenset(r + s for r in "KQJ" for s in "CDHS")
RHOMBI: tuple[SmallKind, ...] = ("mountain", "river", "woods")
TRIANGLES: tuple[SmallKind, ...] = ("fork", "tavern", "hole")
#: Which suits pay each transfer (the rulebook's pictures are missing; see the interpretations).
TRAILWAY_SUITS = {"mountain": "S", "river": "H", "woods": "C"}
MERCHANT_SUITS = "D"
CLUBS = "C"
SPADES = "S"
ANY_SUIT = SUITS
CITADEL, UNDERGROUND, OFF = "CIT", "UND", "off"
#: The Jack plaza marked with the asterisk, where any suit pays (the rulebook does not say which one).
STAR_PLAZA = "JD"


class Tile(BaseModel):
    """One tile: a hex (one road node, its id) or a small tile (a triangle: one node; a rhombus: two roads)."""

    model_config = ConfigDict(frozen=True)

    id: str
    kind: HexKind | SmallKind
    suit: str | None = Field(None, description="a house's suit (C, D, H, S)")
    x: JsonFloat = Field(description="where to draw the tile's centre")
    y: JsonFloat
    roads: tuple[str, ...] = Field(description="the road nodes on this tile")
    seaside: bool = Field(False, description="a road of the tile leads off the board (a fork there has boats)")


class Link(BaseModel):
    """A road across a tile edge: from road node ``a`` to road node ``b``, or off the board (``b`` = ``off``)."""

    model_config = ConfigDict(frozen=True)

    a: str
    b: str


class Board(BaseModel):
    """The tiles and the roads between them: fixed once built, so copies of a table share it."""

    model_config = ConfigDict(frozen=True)

    layout: Literal["sample", "random", "built"]
    tiles: tuple[Tile, ...]
    links: tuple[Link, ...]
    _graph: Graph | None = PrivateAttr(None)

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Board:
        return self

    def __eq__(self, other: object) -> bool:
        """Boards are equal by their tiles and roads, whether or not their lookups were worked out yet."""
        if not isinstance(other, Board):
            return NotImplemented
        return (self.layout, self.tiles, self.links) == (other.layout, other.tiles, other.links)

    def __hash__(self) -> int:
        return hash((self.layout, self.tiles, self.links))

    @property
    def graph(self) -> Graph:
        """The board's lookups, worked out once per board object (a board never changes)."""
        if self._graph is None:
            self._graph = Graph(self)
        return self._graph


class Graph:
    """The board as lookups: which tile holds a node, and where each node's roads lead."""

    def __init__(self, board: Board) -> None:
        self.tile: dict[str, Tile] = {}
        for t in board.tiles:
            for node in t.roads:
                self.tile[node] = t
        self.ends: dict[str, list[str]] = {node: [] for node in self.tile}
        for link in board.links:
            self.ends[link.a].append(link.b)
            if link.b != OFF:
                self.ends[link.b].append(link.a)

    def is_hex(self, node: str) -> bool:
        return node == OFF or self.tile[node].kind in ("citadel", "tower", "palace", "plaza", "underground")

    def of_kind(self, *kinds: str) -> list[str]:
        return [n for n, t in self.tile.items() if t.kind in kinds]


RING1 = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
RING2 = ((2, 0), (2, -1), (2, -2), (1, -2), (0, -2), (-1, -1), (-2, 0), (-2, 1), (-2, 2), (-1, 2), (0, 2), (1, 1))
Spot = tuple[int, int]


def adjacent(a: Spot, b: Spot) -> bool:
    """Whether two lattice spots are neighbours (axial coordinates, one step apart in one of six directions)."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) == 2


def position(spot: Spot) -> tuple[float, float]:
    """Where a lattice spot is drawn: 10 units a hex spacing, each row offset by half a hex."""
    q, r = spot
    return round(10 * (q + r / 2), 1), round(8.66 * r, 1)


#: How far apart the two roads of a rhombus may lie ("two roads not far apart"): their midpoints are at most this many
#: hex spacings apart. Two roads from one hex are 0.5 (at 60 degrees), 0.87 (at 120) or 1 (straight on) apart; the
#: two opposite sides of a diamond of four hexes are 1 apart.
TRAILWAY_SPAN = 1.2
#: A road: the lattice spots at its two ends (a road off the board ends on the empty spot beyond the rim).
Road = tuple[Spot, Spot]


def _road_midpoint(road: Road) -> tuple[float, float]:
    (ax, ay), (bx, by) = position(road[0]), position(road[1])
    return (ax + bx) / 20, (ay + by) / 20  # in hex spacings (position draws 10 units a spacing)


def roads_close(one: Road, other: Road) -> bool:
    """Whether two roads may share a rhombus: different roads whose midpoints lie :data:`TRAILWAY_SPAN` or less
    apart."""
    if {one[0], one[1]} == {other[0], other[1]}:
        return False
    (ax, ay), (bx, by) = _road_midpoint(one), _road_midpoint(other)
    return math.hypot(ax - bx, ay - by) <= TRAILWAY_SPAN + 1e-9


def transfer_suits(kind: str, in_play: str) -> str:
    """The suits that pay a transfer on a tile of ``kind``: a suit out of play (Tight Suits) gives way to any."""
    paid_in = TRAILWAY_SUITS.get(kind, MERCHANT_SUITS if kind == "fork" else ANY_SUIT)
    return paid_in if all(s in in_play for s in paid_in) else in_play


def render_board(board: Board) -> str:
    """The board as text, one road node a line: the tile, its kind, and where its roads lead."""
    graph = Graph(board)
    lines = []
    for t in board.tiles:
        for node in t.roads:
            kind = (
                t.kind
                + (f" ({t.suit})" if t.suit else "")
                + (" by the sea" if t.seaside and t.roads == (node,) else "")
            )
            lines.append(f"    {node:<4} {kind:<18} -> {' '.join(sorted(graph.ends[node])) or '(rabbit holes only)'}")
    return "\n".join(lines)
