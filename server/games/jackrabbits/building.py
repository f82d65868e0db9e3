"""Building the board as the match's first phase (option ``board``: ``strict`` or ``free``): the tiles dealt by
shape, where each may be laid, and laying it.

The sites offered keep the placement suggestions by construction (a hex on a free lattice spot, a rhombus's two
roads close together, a triangle between neighbouring hexes or two on the rim and the sea), so a built board needs
no checking; once the last tile is down the cards are dealt and the first turn starts.
"""

from __future__ import annotations

from typing import Any, Literal

from server.engine import Rng
from server.engine.seats import left_of

from .board import (
    CITADEL,
    HOUSE_IDS,
    HOUSE_KINDS,
    OFF,
    RHOMBI,
    RING1,
    RING2,
    TRIANGLES,
    UNDERGROUND,
    Board,
    Link,
    Spot,
    Tile,
    adjacent,
    position,
    roads_close,
)
from .flow import deal_cards, start_turn
from .moves import AnyMove, PassTile, PlaceHex, PlaceRoad, PlaceTriangle
from .state import Building, JTable, Private, Public

Shape = Literal["hex", "rhombus", "triangle"]
SHAPE_OF: dict[str, Shape] = {**{k: "rhombus" for k in RHOMBI}, **{k: "triangle" for k in TRIANGLES}}


LATTICE: tuple[Spot, ...] = ((0, 0), *RING1, *RING2)
DIRECTIONS: tuple[Spot, ...] = RING1


def shape_of(name: str) -> Shape:
    return "hex" if name in HOUSE_IDS else SHAPE_OF[name]


def _spot(b: Building, hex_id: str) -> Spot:
    q, r = b.spots[hex_id]
    return q, r


def _open_sides(b: Building, hex_id: str) -> bool:
    """Whether some side of the hex faces no hex (so a road may lead off the board there)."""
    taken = {_spot(b, h) for h in b.spots}
    q, r = _spot(b, hex_id)
    return any((q + dq, r + dr) not in taken for dq, dr in DIRECTIONS)


def road_sites(b: Building) -> list[tuple[str, str]]:
    """Where a rhombus road may go: between two neighbouring hexes, or from a hex off the board."""
    hexes = list(b.spots)
    pairs = [(a, c) for i, a in enumerate(hexes) for c in hexes[i + 1 :] if adjacent(_spot(b, a), _spot(b, c))]
    return pairs + [(h, OFF) for h in hexes if _open_sides(b, h)]


def _sites_close(b: Building, one: tuple[str, str], other: tuple[str, str]) -> bool:
    """Whether two road sites of a board being built may share a rhombus (:func:`roads_close`). A road off the board
    names no side of its hex, so it is close to a road from the same hex only, and never to another road off the
    board from that hex (the two would join the same)."""
    if set(one) == set(other):
        return False
    if OFF in one or OFF in other:
        return bool((set(one) & set(other)) - {OFF}) and not (OFF in one and OFF in other)
    return roads_close((_spot(b, one[0]), _spot(b, one[1])), (_spot(b, other[0]), _spot(b, other[1])))


def triangle_sites(b: Building) -> list[tuple[str, str, str]]:
    """Where a triangle may go: between three mutually neighbouring hexes, or two on the rim and the sea."""
    hexes = list(b.spots)
    near = [(a, c) for i, a in enumerate(hexes) for c in hexes[i + 1 :] if adjacent(_spot(b, a), _spot(b, c))]
    triples = [
        (a, c, d) for a, c in near for d in hexes[hexes.index(c) + 1 :]
        if adjacent(_spot(b, a), _spot(b, d)) and adjacent(_spot(b, c), _spot(b, d))
    ]  # fmt: skip
    shores = [(a, c, OFF) for a, c in near if _open_sides(b, a) and _open_sides(b, c)]
    return triples + shores


def _point(board: Board, end: str, inner: str) -> tuple[float, float]:
    tile = next(t for t in board.tiles if t.id == (inner if end == OFF else end))
    return (tile.x * 1.5, tile.y * 1.5) if end == OFF else (tile.x, tile.y)


def _centre(points: list[tuple[float, float]]) -> tuple[float, float]:
    return round(sum(p[0] for p in points) / len(points), 1), round(sum(p[1] for p in points) / len(points), 1)


def _next_id(board: Board, kind: str) -> str:
    return f"{kind[0].upper()}{sum(t.kind == kind for t in board.tiles) + 1}"


def building_moves(public: Public, private: Private, seat: int) -> list[AnyMove]:
    """Every tile the seat may lay now, and where (a rhombus's second road once its first is down)."""
    b = public.building
    assert b is not None
    if b.half is not None:
        first = (b.half[2], b.half[3])
        sites = road_sites(b)
        # "two roads not far apart": the second road lies close to the first, where any site does.
        close = [site for site in sites if _sites_close(b, first, site)]
        return [PlaceRoad(a=a, b=c) for a, c in close or sites]
    left = b.left[seat]

    def names(shape: Shape) -> list[str | None]:
        if not left[shape]:
            return []
        if b.mode == "strict":
            return [None]
        return [*sorted({t for t in b.faces[seat] if shape_of(t) == shape})]

    taken = {_spot(b, h) for h in b.spots}
    moves: list[AnyMove] = [PlaceHex(tile=n, q=q, r=r) for n in names("hex") for q, r in LATTICE if (q, r) not in taken]
    moves += [PlaceRoad(tile=n, a=a, b=c) for n in names("rhombus") for a, c in road_sites(b)]
    moves += [PlaceTriangle(tile=n, ends=list(site)) for n in names("triangle") for site in triangle_sites(b)]
    return moves or [PassTile()]


def bare_board() -> Board:
    """The board the players start from: the Citadel at the centre of the lattice and the underground aside."""
    return Board(layout="built", tiles=(
        Tile(id=CITADEL, kind="citadel", x=0.0, y=0.0, roads=(CITADEL,), seaside=True),
        Tile(id=UNDERGROUND, kind="underground", x=-40.0, y=-40.0, roads=(UNDERGROUND,)),
    ), links=())  # fmt: skip


def deal_tiles(table: JTable, mode: Literal["strict", "free"], rng: Rng) -> None:
    """ "Deal by shape to every guest, each will get the same amount": face down (strict) or up (free)."""
    pub = table.public
    seats, sets = len(table.private), len(pub.suits)
    by_shape: dict[str, list[str]] = {
        "hex": rng.shuffled([r + s for s in pub.suits for r in "KQJ"]),
        "rhombus": rng.shuffled([k for k in RHOMBI for _ in range(sets)]),
        "triangle": rng.shuffled([k for k in TRIANGLES for _ in range(sets)]),
    }
    dealt = [{shape: tiles[i::seats] for shape, tiles in by_shape.items()} for i in range(seats)]
    pub.building = Building(
        mode=mode, left=[{shape: len(t) for shape, t in d.items()} for d in dealt],
        faces=[[] if mode == "strict" else sorted(t for ts in d.values() for t in ts) for d in dealt],
        spots={CITADEL: [0, 0]},
    )  # fmt: skip
    if mode == "strict":
        table.secret.tiles = dealt
    pub.phase = "build"


def build(
    table: JTable,
    seat: int,
    move: PlaceHex | PlaceRoad | PlaceTriangle | PassTile,
    rng: Rng,
    news: dict[str, Any],
    private: dict[int, Any],
) -> None:
    """Lay one tile (or one road of a rhombus); after the last tile the cards are dealt and play begins."""
    pub = table.public
    b = pub.building
    assert b is not None
    board = pub.board

    def take(shape: Shape, named: str | None) -> str:
        b.left[seat][shape] -= 1
        if named is None:
            return table.secret.tiles[seat][shape].pop(0)  # strict: flip the next face-down tile
        b.faces[seat].remove(named)
        return named

    if isinstance(move, PassTile):
        b.passes += 1
    elif isinstance(move, PlaceHex):
        name = take("hex", move.tile)
        x, y = position((move.q, move.r))
        tile = Tile(id=name, kind=HOUSE_KINDS[name[0]], suit=name[1], x=x, y=y, roads=(name,))
        pub.board = Board(layout="built", tiles=(*board.tiles, tile), links=board.links)
        b.spots[name] = [move.q, move.r]
        news.update(tile=name, at=[move.q, move.r])
    elif isinstance(move, PlaceRoad) and b.half is None:
        kind = take("rhombus", move.tile)
        b.half = [_next_id(board, kind), kind, move.a, move.b]
        news.update(tile=kind, road=[move.a, move.b])
        return  # the second road is the same seat's next decision
    elif isinstance(move, PlaceRoad):
        assert b.half is not None
        tid, kind, a, c = b.half
        roads = [(a, c), (move.a, move.b)]
        x, y = _centre([_point(board, e, p[0]) for p in roads for e in p])
        tile = Tile(id=tid, kind=kind, x=x, y=y, roads=(tid + "a", tid + "b"), seaside=any(OFF in p for p in roads))
        links = [Link(a=start, b=node) for node, (start, _) in zip(tile.roads, roads, strict=True)]
        links += [Link(a=node, b=end) for node, (_, end) in zip(tile.roads, roads, strict=True)]
        pub.board = Board(layout="built", tiles=(*board.tiles, tile), links=(*board.links, *links))
        b.half = None
        news.update(tile=tid, road=[move.a, move.b])
    else:
        kind = take("triangle", move.tile)
        tid = _next_id(board, kind)
        x, y = _centre([_point(board, e, move.ends[0]) for e in move.ends])
        tile = Tile(id=tid, kind=kind, x=x, y=y, roads=(tid,), seaside=OFF in move.ends)
        links = [Link(a=tid, b=e) if e == OFF else Link(a=e, b=tid) for e in move.ends]
        pub.board = Board(layout="built", tiles=(*board.tiles, tile), links=(*board.links, *links))
        news.update(tile=tid, kind=kind, ends=list(move.ends))
    if not isinstance(move, PassTile):
        b.passes = 0
    seats = len(table.private)
    waiting = [s for s in (left_of(seat, seats, i) for i in range(1, seats + 1)) if sum(b.left[s].values())]
    if waiting and b.passes <= 2 * seats:
        pub.turn = waiting[0]
        return
    # Every tile is down (or none fits anywhere any more): deal the cards and start the first turn.
    pub.building = None
    table.secret.tiles = []
    news["built"] = True
    deal_cards(table, rng)
    start_turn(table, pub.first_player, rng)
    news["next"] = {"seat": pub.turn, "dice": list(pub.dice)}
