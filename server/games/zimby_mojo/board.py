"""Zimby Mojo's main board: the halls of the King's compound, as data.

The printed map is not public (the facts file: "The main board map and the
scroll card list are not public in any text form found"), so this board is
designed as NOTES.md: "Design a board that matches every fact the text gives"
asks, from the facts of the rulebook and the facts file. It is a square grid
of 17 x 17 cells; a cell is a tile or a wall. Tiles are named by column
letter and row number, ``a1`` top left to ``q17`` bottom right; the blood
mist is ``i9``. The drawing below is :meth:`Board.render`
of :data:`BOARD` (a test keeps the two equal)::

           7               0
      +----------------------------------+
      |.v.<E<.<.<.<.<.<B .vE<.<.<.<.<.<.<|
      |.v  .         .^  .v.       ~   .^|
      |.v~ . . . P . .^  .v. % . . . . E^|1
      |.v  .         .^  .v    .   .   .^|
      |.v  . . S>T>.>.+.>.>.>.>Sv  .   .^|
      |.v  %   .^      W       Tv  P   .^|
    6 |Ev. .   .^  m : : : m   .v  .   .^|
      |.>.>.>.>.^  : R : R :   .+.>.>.>.^|
      |B       .^W : : M : : W .v      B |
      |.v.<.<.<.+  : R : R :   .v.<.<.<.<|
      |.v  .   .^  m : : : m   .v  . . E^|2
      |.v  P   T^      W       .v  %   .^|
      |.v  .   S^.<.<.<.<.+.<T<S<. .   .^|
      |.v  .   .     .^  .v        .   .^|
    5 |Ev. . . . % . .^  .v. P . . . ~ .^|
      |.v  ~       . .^  .v        .   .^|
      |.>.>.>.>.>.>E>.^B .>.>.>.>.>E>.>.^|
      +----------------------------------+
                   4               3

Legend: two characters a tile, walls blank. The first character is the tile:
``M`` the blood mist (the King starts there), ``:`` the sanctum's floor,
``R`` a ritual tile, ``m`` a ritual marker corner (the tile its ritual tile
points to), ``W`` a warded entry to the sanctum, ``S`` a shrine, ``T`` a thug
start, ``P`` a portal, ``B`` a barracks, ``E`` an entry point (a tribal board
attaches on the edge beside it; the digit outside the frame is its number),
``%`` a blood thicket space, ``~`` a blood vine space, ``.`` floor. The second
character is the foot mark of the patrol routes: ``^ > v <`` the way thugs walk
on from the tile, ``+`` where an outer route leaves the route around the
sanctum (the route around the sanctum goes on clockwise, the outer route turns
outward). The quadrants are numbered clockwise from the north-east (0 NE,
1 SE, 2 SW, 3 NW); entry points 0-7 clockwise from the top, ``2q`` and
``2q + 1`` in quadrant ``q``. The board has four-fold rotational symmetry: a
quarter turn clockwise maps quadrant ``q`` onto ``q + 1``.

The parts, and why they sit where they do:

- The sanctum is the 5 x 5 square round the blood mist: the four ritual tiles
  touch the mist corner to corner (the King steps onto them, diagonals
  included) and point outward at the four marker corners; the sanctum's other
  tiles are plain floor. A warded entry tile leads in at the middle of each
  side, from the route around the sanctum.
- The route around the sanctum is the square ring of 32 tiles four steps out
  from the mist, walked clockwise; its four corners are the shrines (8 tiles apart) and
  the tile after each shrine is that shrine's thug start.
- Each quadrant's outer route runs along two edges of the board and back
  along a quarter of the route around the sanctum, through the quadrant's
  shrine. It carries both of the quadrant's entry points. The quadrant is that
  route and every tile it encloses: the portal, a blood thicket space and a
  blood vine space.
- From a quadrant's second entry point (clockwise) a corridor leads to the
  shrine in 6 tiles (7 from the tribal board); from the first, the way round
  the outer route is 8 tiles (9 from the tribal board): the corridor that
  would make it 6 is closed by the blood thickets while the King lives. The
  blood vines lie on a corridor across the quadrant, past its portal.
- The four barracks are walled cells at the ends of the axes, between the
  quadrants: no creature walks onto them.

Interpretations (rulebook: ``zimby-mojo.md``):

- "Two tiles are **adjacent** if they share a common side." -> a tile's
  neighbours are the tiles beside it in the four directions; diagonals count
  only for the King, whose movement and combat zone is every tile around his
  own (:meth:`Board.surrounding`), "including adjacent tiles and corner-corner
  touching tiles", so he may step between two walls that touch at a corner.
- "The King will move by the shortest path, including diagonal" -> the King's
  distances are measured over his eight-tile zone (``diagonal=True``).
- "Only **expelled thugs** may use barracks tiles." -> a barracks tile has no
  neighbours: nothing walks onto it or off it; thugs are put there and return
  to play on a portal tile.
- "Any creature that enters the blood mist tile **suffers 1 wound**." -> the
  blood mist is the one tile ``i9``; the sanctum is the 5 x 5 square round it
  (what the Ritual of Blood fills before spreading further).
- "Each of the 4 tiles leading into the King's sanctum from the path begins
  the game covered with one of the 4 small **elemental wards**." -> the four
  warded tiles ``i6``, ``l9``, ``i12``, ``f9`` lie between the route around
  the sanctum and the sanctum; they are the only ways in.
- "The 4 white pentagonal tiles along the path around the King's sanctum are
  **shrine tiles**." -> the shrines are the corners of the route around the
  sanctum, one per quadrant; "Blue spends 2 mojo to move" a column of two
  "8 tiles to another shrine": neighbouring shrines are 8 tiles apart.
- "Place the King in the blood mist **A** in the center of his sanctum and the
  4 thugs on the 4 pentagonal tiles **B** adjacent to the shrines." -> each thug
  starts on the route tile right after its shrine in the walking direction.
- "place 1 on each of the 4 tiles pointed to by the 4 **ritual tiles** in the
  King's sanctum" -> each ritual tile touches the mist diagonally and points
  outward to the sanctum corner beyond it, where its marker lies ("the upper
  right ritual tile" names one by its corner).
- "Yellow could pay 3 mojo to run the zimby across the center through the
  blood mist" -> at 2 tiles a mojo, ward to opposite ward is 6 tiles through
  the mist and 8 round it inside the sanctum ("pay 4 mojo to have cross the
  sanctum by the path").
- "A **quadrant** is a section of the main board consisting of all the tiles
  comprising and encompassed by an outer patrol path" -> a quadrant is its
  outer route's tiles and the tiles they enclose; the tiles on the axes (the
  route around the sanctum in front of each ward, the walls and barracks
  beyond) and the sanctum belong to none.
- "Thugs may only move in the direction indicated by the foot symbol." -> each
  route is a closed loop walked one way: the route around the sanctum
  clockwise; an outer route walks the shared quarter of it the same way, then
  turns out along the board's edges and comes back.
- "Blue spends 3 mojo to move 1 zimby 9 tiles to a shrine" -> a tribal board
  counts as one tile, next to its entry point: each quadrant's shrine is 9
  tiles from one of its tribal boards and 7 from the other ("Yellow uses 2 mojo
  to move 1 zimby 7 tiles onto the shrine tile"), with the King's thickets in
  place.
- "The first two thugs to reach the points on the patrol route that flank the
  player's entry point will stop patrolling" -> an entry point lies on its
  quadrant's outer route; the two tiles that flank it are the route tiles just
  before and just after it, in walking order (the first **X** met, then the
  next).
- "the path between the channeling zimby and the witchery target must be a
  straight line through adjacent tiles" -> line of sight runs along a row or a
  column only, and every tile strictly between must be a tile (no wall), not
  the blood mist, and not blocked by what the caller passes (creatures,
  darkness, wards still in place, thickets); the target tile itself may be
  blocked.
- "contiguous, adjacent tiles beyond the sanctum in all directions" -> the
  Rituals of Blood and of Portals count steps from tile to adjacent tile
  (:meth:`Board.within`), never through walls; they pass over wards, thickets
  and creatures alike ("Blood mist passes freely through elemental warded
  tiles").
- "Tribal boards count as **single tiles** for movement." -> the two tiles
  "directly in line with a tribal board's attachment point" (the facts file)
  are the entry point and the tile next to it inward.
"""

from __future__ import annotations

import itertools
import math
from collections import deque
from collections.abc import Iterable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

TileId = str
"""A tile's name: column letter and row number from the top left, ``a1`` to ``q17``."""

TileKind = Literal[
    "floor", "blood_mist", "sanctum", "ritual", "marker", "ward", "shrine", "thug_start", "portal", "barracks", "entry"
]
Side = Literal["north", "east", "south", "west"]

#: One step in each direction, as (dx, dy) with y growing downwards.
STEPS: dict[Side, tuple[int, int]] = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}
QUADRANT_NAMES = ("north-east", "south-east", "south-west", "north-west")

#: The board as drawn, one character a cell (see the legend): the data every tile is read from.
LAYOUT = """\
..E.....B.E......
.#.####.#..###~#.
.~...P..#..%....E
.#.####.#.##.#.#.
.#..ST......S#.#.
.#%#.###W###T#P#.
E..#.#m:::m#.#.#.
.....#:R:R:#.....
B###.W::M::W.###B
.....#:R:R:#.....
.#.#.#m:::m#.#..E
.#P#T###W###.#%#.
.#.#S......TS..#.
.#.#.##.#.####.#.
E....%..#..P...~.
.#~###..#.####.#.
......E.B.....E..
"""

_KINDS: dict[str, TileKind] = {
    ".": "floor", "%": "floor", "~": "floor", "M": "blood_mist", ":": "sanctum", "R": "ritual", "m": "marker",
    "W": "ward", "S": "shrine", "T": "thug_start", "P": "portal", "B": "barracks", "E": "entry",
}  # fmt: skip
_GLYPHS: dict[TileKind, str] = {kind: glyph for glyph, kind in _KINDS.items() if glyph not in "%~"}
_ARROWS: dict[tuple[int, int], str] = {(0, -1): "^", (1, 0): ">", (0, 1): "v", (-1, 0): "<"}


def tile_id(x: int, y: int) -> TileId:
    """The name of the tile in column ``x`` and row ``y`` (both from 0 at the top left)."""
    return f"{chr(ord('a') + x)}{y + 1}"


def tile_xy(tile: TileId) -> tuple[int, int]:
    return ord(tile[0]) - ord("a"), int(tile[1:]) - 1


class Tile(BaseModel):
    """One tile of the main board: where to draw it, what it is, and the King's obstacle printed on it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: TileId
    x: int = Field(description="column, 0 at the left")
    y: int = Field(description="row, 0 at the top")
    kind: TileKind
    quadrant: int | None = Field(None, description="0 NE, 1 SE, 2 SW, 3 NW; None on the axes and in the sanctum")
    thickets: bool = Field(False, description="a blood thicket space (setup places a thicket here)")
    vines: bool = Field(False, description="a blood vine space (setup places blood vines here)")


class PatrolRoute(BaseModel):
    """A closed patrol loop, its tiles in the order thugs walk them (after the last comes the first)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(description='"sanctum" for the route around the sanctum; the quadrant\'s name for an outer one')
    quadrant: int | None = Field(description="the quadrant an outer route encloses; None for the sanctum route")
    tiles: tuple[TileId, ...]

    def next(self, tile: TileId) -> TileId:
        """The tile a thug on ``tile`` walks to next along this route."""
        return self.tiles[(self.tiles.index(tile) + 1) % len(self.tiles)]

    def previous(self, tile: TileId) -> TileId:
        return self.tiles[self.tiles.index(tile) - 1]

    def walk(self, tile: TileId, steps: int) -> list[TileId]:
        """The tiles a thug on ``tile`` steps onto, in order, walking ``steps`` tiles along this route."""
        at = self.tiles.index(tile)
        return [self.tiles[(at + i) % len(self.tiles)] for i in range(1, steps + 1)]


class EntryPoint(BaseModel):
    """Where a tribal board attaches: the entry tile on the board's edge, its witchery tiles and its flanks."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    index: int = Field(description="0-7 clockwise from the top; 2q and 2q + 1 lie in quadrant q")
    quadrant: int
    tile: TileId = Field(description="the main-board tile a zimby steps onto from the tribal board")
    side: Side = Field(description="the board edge the tribal board attaches to")
    witchery_tiles: tuple[TileId, TileId] = Field(description="the two tiles in line with it: 'witchery active'")
    flanks: tuple[TileId, TileId] = Field(
        description="the outer route's tiles before and after the entry tile, in walking order (solitaire's X marks)"
    )


class RitualPlace(BaseModel):
    """A ritual tile and the sanctum corner it points to, where its ritual marker lies."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    tile: TileId
    marker: TileId


class Board(BaseModel):
    """The whole main board as data, the shape a client draws it from; lookups are worked out once.

    ``links`` are the pairs of adjacent tiles (sorted, each pair once); every
    other fact is one of the tiles' kinds or a list of tiles.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    width: int
    height: int
    tiles: tuple[Tile, ...]
    links: tuple[tuple[TileId, TileId], ...]
    sanctum_route: PatrolRoute
    outer_routes: tuple[PatrolRoute, ...] = Field(description="one per quadrant, by quadrant number")
    entry_points: tuple[EntryPoint, ...]
    rituals: tuple[RitualPlace, ...]
    _lookup: _Lookup | None = PrivateAttr(None)

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Board:
        return self

    def __eq__(self, other: object) -> bool:
        """Boards are equal by their data, whether or not their lookups were worked out yet."""
        if not isinstance(other, Board):
            return NotImplemented
        return self.model_dump() == other.model_dump()

    def __hash__(self) -> int:
        return hash((self.tiles, self.links))

    @property
    def _at(self) -> _Lookup:
        # Read through ``__pydantic_private__`` directly: this runs on every neighbour lookup of every move.
        lookup = self.__pydantic_private__["_lookup"] if self.__pydantic_private__ else None
        if lookup is None:
            lookup = self._lookup = _Lookup(self)
        return lookup

    # -- what is where ---------------------------------------------------------------------------------------------

    def tile(self, tile: TileId) -> Tile:
        return self._at.tiles[tile]

    def __contains__(self, tile: object) -> bool:
        return tile in self._at.tiles

    def of_kind(self, kind: TileKind) -> tuple[TileId, ...]:
        """The tiles of ``kind``, in quadrant order where they have one (else top to bottom, left to right)."""
        return self._at.kinds.get(kind, ())

    @property
    def blood_mist(self) -> TileId:
        return self.of_kind("blood_mist")[0]

    @property
    def sanctum(self) -> frozenset[TileId]:
        """The 25 tiles of the King's sanctum, the blood mist, ritual tiles and marker corners included."""
        return self._at.sanctum

    @property
    def wards(self) -> tuple[TileId, ...]:
        """The four warded entry tiles, clockwise from the north."""
        return self.of_kind("ward")

    @property
    def shrines(self) -> tuple[TileId, ...]:
        """One shrine per quadrant, by quadrant number."""
        return self.of_kind("shrine")

    @property
    def thug_starts(self) -> tuple[TileId, ...]:
        """One thug start per quadrant, beside that quadrant's shrine."""
        return self.of_kind("thug_start")

    @property
    def portals(self) -> tuple[TileId, ...]:
        """One portal per quadrant, by quadrant number."""
        return self.of_kind("portal")

    @property
    def barracks(self) -> tuple[TileId, ...]:
        """The four barracks tiles, clockwise from the north."""
        return self.of_kind("barracks")

    @property
    def thickets(self) -> tuple[TileId, ...]:
        """The blood thicket spaces (setup puts the King's thickets there)."""
        return tuple(t.id for t in self.tiles if t.thickets)

    @property
    def vines(self) -> tuple[TileId, ...]:
        """The blood vine spaces (setup puts the King's blood vines there)."""
        return tuple(t.id for t in self.tiles if t.vines)

    def quadrant_tiles(self, quadrant: int) -> frozenset[TileId]:
        """The tiles of a quadrant: its outer route and every tile the route encloses."""
        return self._at.quadrants[quadrant]

    def entry_point(self, tile: TileId) -> EntryPoint | None:
        """The entry point whose entry tile is ``tile``, if any."""
        return next((e for e in self.entry_points if e.tile == tile), None)

    def routes_through(self, tile: TileId) -> tuple[PatrolRoute, ...]:
        """The patrol routes that pass over ``tile``."""
        return tuple(r for r in (self.sanctum_route, *self.outer_routes) if tile in r.tiles)

    # -- moving ------------------------------------------------------------------------------------------------------

    def neighbours(self, tile: TileId) -> tuple[TileId, ...]:
        """The tiles adjacent to ``tile`` (sharing a side), clockwise from the north: movement and combat zone."""
        return self._at.neighbours[tile]

    def surrounding(self, tile: TileId) -> tuple[TileId, ...]:
        """The tiles around ``tile``, corner to corner included: the King's movement and combat zone."""
        return self._at.surrounding[tile]

    def adjacent(self, a: TileId, b: TileId) -> bool:
        return b in self._at.neighbours[a]

    def distances(
        self, start: TileId | Iterable[TileId], *, blocked: Iterable[TileId] = (), diagonal: bool = False,
        limit: int | None = None,
    ) -> dict[TileId, int]:  # fmt: skip
        """How many steps each reachable tile is from ``start`` (one tile or several), never entering ``blocked``.

        ``diagonal`` measures over the King's zone; ``limit`` stops at that many steps.
        A blocked start tile is still left from.
        """
        starts = [start] if isinstance(start, str) else list(start)
        stop = frozenset(blocked)
        step = self._at.surrounding if diagonal else self._at.neighbours
        seen = {s: 0 for s in starts}
        queue = deque(starts)
        while queue:
            here = queue.popleft()
            if limit is not None and seen[here] >= limit:
                continue
            for there in step[here]:
                if there not in seen and there not in stop:
                    seen[there] = seen[here] + 1
                    queue.append(there)
        return seen

    def distance(self, a: TileId, b: TileId, *, blocked: Iterable[TileId] = (), diagonal: bool = False) -> int | None:
        """The shortest walk from ``a`` to ``b`` in steps (``None``: no way), never entering ``blocked`` but ``b``."""
        return self.distances(a, blocked=frozenset(blocked) - {b}, diagonal=diagonal).get(b)

    def path(
        self, a: TileId, b: TileId | Iterable[TileId], *, blocked: Iterable[TileId] = (), diagonal: bool = False
    ) -> list[TileId] | None:
        """A shortest walk from ``a`` to ``b`` (or to the nearest of several tiles), the tiles stepped onto in order.

        ``[]`` when ``a`` is already there, ``None`` when there is no way. Of
        several shortest walks, the one that turns clockwise from the north
        first at each tile is taken, so the choice is the same every time.
        """
        goals = frozenset([b] if isinstance(b, str) else b)
        if a in goals:
            return []
        to_goal = self.distances(goals, blocked=frozenset(blocked) - goals, diagonal=diagonal)
        if a not in to_goal:
            return None
        step = self._at.surrounding if diagonal else self._at.neighbours
        walk = [a]
        while walk[-1] not in goals:
            here = walk[-1]
            walk.append(next(t for t in step[here] if to_goal.get(t) == to_goal[here] - 1))
        return walk[1:]

    def within(
        self, tiles: TileId | Iterable[TileId], steps: int, *, blocked: Iterable[TileId] = ()
    ) -> frozenset[TileId]:
        """The tiles at most ``steps`` contiguous, adjacent tiles from ``tiles`` (which are included).

        For the Ritual of Blood (the sanctum and X tiles beyond: wards do not
        stop it) and the Ritual of Portals (X tiles round a portal).
        """
        return frozenset(self.distances(tiles, blocked=blocked, limit=steps))

    # -- patrols -----------------------------------------------------------------------------------------------------

    def route_path(self, a: TileId, b: TileId | Iterable[TileId]) -> list[TileId] | None:
        """The shortest walk from ``a`` to ``b`` that only steps the way the foot marks point, on any route.

        ``a`` must be on a route; the walk may change route where routes
        share a tile. For thugs carrying the Crown "by the most direct
        sequence of patrol routes" and thugs heading for their quadrant.
        """
        goals = frozenset([b] if isinstance(b, str) else b)
        came: dict[TileId, TileId | None] = {a: None}
        queue = deque([a])
        while queue:
            here = queue.popleft()
            if here in goals:
                walk: list[TileId] = []
                at: TileId | None = here
                while at is not None and at != a:
                    walk.append(at)
                    at = came[at]
                return walk[::-1]
            for there in self._at.route_steps.get(here, ()):
                if there not in came:
                    came[there] = here
                    queue.append(there)
        return None

    # -- line of sight -----------------------------------------------------------------------------------------------

    def in_line(self, tile: TileId, side: Side, steps: int | None = None) -> tuple[TileId, ...]:
        """The tiles in a straight line from ``tile`` (not included) towards ``side``, up to the first wall."""
        dx, dy = STEPS[side]
        x, y = tile_xy(tile)
        line: list[TileId] = []
        while steps is None or len(line) < steps:
            x, y = x + dx, y + dy
            there = tile_id(x, y) if 0 <= x < self.width and 0 <= y < self.height else None
            if there is None or there not in self._at.tiles or self.tile(there).kind == "barracks":
                break
            line.append(there)
        return tuple(line)

    def line_of_sight(self, a: TileId, b: TileId, *, blockers: Iterable[TileId] = ()) -> bool:
        """Whether ``b`` is in straight, unobstructed line of sight from ``a``.

        The line runs along a row or a column through tiles only; the tiles
        strictly between may be neither the blood mist nor in ``blockers``
        (creatures, darkness, wards in place, thickets: what the caller
        knows). The target tile itself may hold an obstruction.
        """
        if a == b:
            return True
        stop = frozenset(blockers) | {self.blood_mist}
        for side in STEPS:
            line = self.in_line(a, side)
            if b in line:
                return not any(t in stop for t in line[: line.index(b)])
        return False

    def witchery_targets(self, tile: TileId, *, reach: int = 3, blockers: Iterable[TileId] = ()) -> frozenset[TileId]:
        """The tiles a zimby on ``tile`` may target: in line of sight, at most ``reach`` tiles away, itself included."""
        stop = frozenset(blockers) | {self.blood_mist}
        seen = {tile}
        for side in STEPS:
            for there in self.in_line(tile, side, reach):
                seen.add(there)
                if there in stop:
                    break
        return frozenset(seen)

    # -- drawing -----------------------------------------------------------------------------------------------------

    def render(self) -> str:
        """The board as text (see the module's legend), worked out from the tiles and routes."""
        marks: dict[TileId, str] = {}
        for route in (*self.outer_routes, self.sanctum_route):
            for here in route.tiles:
                hx, hy = tile_xy(here)
                nx, ny = tile_xy(route.next(here))
                arrow = _ARROWS[(nx - hx, ny - hy)]
                marks[here] = "+" if marks.get(here, arrow) != arrow else arrow
        labels: dict[Side, dict[int, str]] = {side: {} for side in STEPS}
        for e in self.entry_points:
            x, y = tile_xy(e.tile)
            labels[e.side][x if e.side in ("north", "south") else y] = str(e.index)
        top = "".join(f"{labels['north'].get(x, ' ')} " for x in range(self.width))
        bottom = "".join(f"{labels['south'].get(x, ' ')} " for x in range(self.width))
        lines = ["   " + top, "  +" + "-" * (2 * self.width) + "+"]
        for y in range(self.height):
            row = []
            for x in range(self.width):
                here = tile_id(x, y)
                if here not in self._at.tiles:
                    row.append("  ")
                    continue
                t = self.tile(here)
                glyph = "%" if t.thickets else "~" if t.vines else _GLYPHS[t.kind]
                row.append(glyph + marks.get(here, " "))
            lines.append(f"{labels['west'].get(y, ' ')} |{''.join(row)}|{labels['east'].get(y, '')}")
        lines.append("  +" + "-" * (2 * self.width) + "+")
        lines.append("   " + bottom)
        return "\n".join(line.rstrip() for line in lines)


class _Lookup:
    """A board's lookups: tiles by name, neighbours, kinds, quadrants and the route steps."""

    def __init__(self, board: Board) -> None:
        self.tiles: dict[TileId, Tile] = {t.id: t for t in board.tiles}
        near: dict[TileId, set[TileId]] = {t: set() for t in self.tiles}
        for a, b in board.links:
            near[a].add(b)
            near[b].add(a)
        self.neighbours = {t: _clockwise(t, near[t]) for t in self.tiles}
        self.surrounding: dict[TileId, tuple[TileId, ...]] = {}
        for t in board.tiles:
            around = [
                tile_id(t.x + dx, t.y + dy)
                for dx, dy in ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
            ]
            self.surrounding[t.id] = (
                ()
                if t.kind == "barracks"
                else tuple(a for a in around if a in self.tiles and self.tiles[a].kind != "barracks")
            )
        kinds: dict[TileKind, list[Tile]] = {}
        for t in board.tiles:
            kinds.setdefault(t.kind, []).append(t)
        centre = tile_xy(next(t.id for t in board.tiles if t.kind == "blood_mist"))
        self.kinds: dict[TileKind, tuple[TileId, ...]] = {
            kind: tuple(t.id for t in sorted(ts, key=lambda t: _bearing(centre, (t.x, t.y))))
            for kind, ts in kinds.items()
        }
        self.sanctum = frozenset(t.id for t in board.tiles if max(abs(t.x - centre[0]), abs(t.y - centre[1])) <= 2)
        self.quadrants = tuple(
            frozenset(t.id for t in board.tiles if t.quadrant == q) for q in range(len(board.outer_routes))
        )
        steps: dict[TileId, set[TileId]] = {}
        for route in (board.sanctum_route, *board.outer_routes):
            for here in route.tiles:
                steps.setdefault(here, set()).add(route.next(here))
        self.route_steps = {t: _clockwise(t, s) for t, s in steps.items()}


def _clockwise(tile: TileId, tiles: Iterable[TileId]) -> tuple[TileId, ...]:
    """``tiles`` (around ``tile``) in clockwise order from the north."""
    return tuple(sorted(tiles, key=lambda t: _bearing(tile_xy(tile), tile_xy(t))))


def _bearing(centre: tuple[int, int], at: tuple[int, int]) -> tuple[int, int, int]:
    """A sort key: clockwise from due north round ``centre``, then nearer first, then by row."""
    dx, dy = at[0] - centre[0], at[1] - centre[1]
    angle = math.atan2(dx, -dy) % (2 * math.pi)
    return round(angle * 1_000_000), abs(dx) + abs(dy), at[1]


def _rotate(x: int, y: int, turns: int, size: int) -> tuple[int, int]:
    """The cell a quarter turn clockwise ``turns`` times about the board's centre."""
    for _ in range(turns % 4):
        x, y = size - 1 - y, x
    return x, y


def _line(points: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """The cells of a path through ``points`` (corners, joined by straight runs), the last point dropped."""
    pts = list(points)
    cells: list[tuple[int, int]] = []
    for (x0, y0), (x1, y1) in itertools.pairwise(pts):
        dx, dy = (x1 > x0) - (x1 < x0), (y1 > y0) - (y1 < y0)
        x, y = x0, y0
        while (x, y) != (x1, y1):
            cells.append((x, y))
            x, y = x + dx, y + dy
    return cells


#: The north-east quadrant's outer route by its corners (x, y), first to last and back to the first.
_NE_ROUTE = ((9, 4), (12, 4), (12, 7), (16, 7), (16, 0), (9, 0), (9, 4))
#: The north-east quadrant's entry points: (tile, side), clockwise.
_NE_ENTRIES: tuple[tuple[tuple[int, int], Side], ...] = (((10, 0), "north"), ((16, 2), "east"))
_SIDES: tuple[Side, ...] = ("north", "east", "south", "west")


def build_board(layout: str = LAYOUT) -> Board:
    """The board read from ``layout``, with the routes and entry points of the north-east turned round the rest."""
    rows = layout.splitlines()
    size = len(rows)
    centre = size // 2
    marks = {(x, y): ch for y, row in enumerate(rows) for x, ch in enumerate(row) if ch != "#"}
    outer = []
    for q in range(4):
        cells = [_rotate(x, y, q, size) for x, y in _line(_NE_ROUTE)]
        outer.append(PatrolRoute(name=QUADRANT_NAMES[q], quadrant=q, tiles=tuple(tile_id(x, y) for x, y in cells)))
    ring = _line([(centre, centre - 4), (centre + 4, centre - 4), (centre + 4, centre + 4), (centre - 4, centre + 4),
                  (centre - 4, centre - 4), (centre, centre - 4)])  # fmt: skip
    sanctum_route = PatrolRoute(name="sanctum", quadrant=None, tiles=tuple(tile_id(x, y) for x, y in ring))
    quadrant_of: dict[tuple[int, int], int] = {}
    for q, route in enumerate(outer):
        for cell in _enclosed([tile_xy(t) for t in route.tiles], size):
            quadrant_of[cell] = q
    tiles = tuple(
        Tile(id=tile_id(x, y), x=x, y=y, kind=_KINDS[ch], quadrant=quadrant_of.get((x, y)), thickets=ch == "%",
             vines=ch == "~")
        for (x, y), ch in sorted(marks.items(), key=lambda item: (item[0][1], item[0][0]))
    )  # fmt: skip
    links = tuple(
        (tile_id(x, y), tile_id(x + dx, y + dy))
        for (x, y), ch in sorted(marks.items(), key=lambda item: (item[0][1], item[0][0]))
        for dx, dy in ((1, 0), (0, 1))
        if (x + dx, y + dy) in marks and "B" not in (ch, marks[x + dx, y + dy])
    )
    entries = []
    for q in range(4):
        for i, ((x, y), side) in enumerate(_NE_ENTRIES):
            ex, ey = _rotate(x, y, q, size)
            turned = _SIDES[(_SIDES.index(side) + q) % 4]
            dx, dy = STEPS[turned]
            here = tile_id(ex, ey)
            route = outer[q]
            entries.append(EntryPoint(
                index=2 * q + i, quadrant=q, tile=here, side=turned,
                witchery_tiles=(here, tile_id(ex - dx, ey - dy)), flanks=(route.previous(here), route.next(here)),
            ))  # fmt: skip
    rituals = tuple(
        RitualPlace(tile=tile_id(centre + dx, centre + dy), marker=tile_id(centre + 2 * dx, centre + 2 * dy))
        for dx, dy in ((1, -1), (1, 1), (-1, 1), (-1, -1))
    )
    return Board(
        width=size, height=size, tiles=tiles, links=links, sanctum_route=sanctum_route, outer_routes=tuple(outer),
        entry_points=tuple(entries), rituals=rituals,
    )  # fmt: skip


def _enclosed(loop: list[tuple[int, int]], size: int) -> set[tuple[int, int]]:
    """The cells of ``loop`` and every cell it encloses: those not reached from outside without crossing it."""
    wall = set(loop)
    outside: set[tuple[int, int]] = set()
    queue = deque([(-1, -1)])
    outside.add((-1, -1))
    while queue:
        x, y = queue.popleft()
        for dx, dy in STEPS.values():
            there = (x + dx, y + dy)
            if -1 <= there[0] <= size and -1 <= there[1] <= size and there not in wall and there not in outside:
                outside.add(there)
                queue.append(there)
    return {(x, y) for x in range(size) for y in range(size) if (x, y) not in outside}


BOARD = build_board()
"""The one main board."""

BoardData = Board
"""The board as the public view carries it, so a client can draw it (the same model)."""
