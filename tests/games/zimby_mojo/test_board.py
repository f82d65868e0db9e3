"""The main board: every fact the rulebook and the facts file give, checked on the data.

The printed map is not public, so these tests are the board's specification:
each one quotes the line of the rulebook (``zimby-mojo.md``) or of the facts
file it checks.
"""

from __future__ import annotations

import json
import os
from collections import deque
from pathlib import Path

from server.games.zimby_mojo import board as board_module
from server.games.zimby_mojo.board import BOARD, Board, PatrolRoute, Side, TileId, build_board, tile_id, tile_xy

RULEBOOKS = Path(os.environ.get("VORPAL_RULEBOOKS", Path(__file__).resolve().parents[4] / "shared" / "rules"))
WALKABLE = frozenset(t.id for t in BOARD.tiles if t.kind != "barracks")
NE, SE, SW, NW = range(4)


def opposite_ward(ward: TileId) -> TileId:
    return BOARD.wards[(BOARD.wards.index(ward) + 2) % 4]


def front_of(ward: TileId) -> TileId:
    """The route tile a ward leads in from."""
    (front,) = (t for t in BOARD.neighbours(ward) if t not in BOARD.sanctum)
    return front


def turn(tile: TileId) -> TileId:
    """The tile a quarter turn clockwise about the mist."""
    x, y = tile_xy(tile)
    return tile_id(BOARD.width - 1 - y, x)


# -- the drawing -----------------------------------------------------------------------------------------------------


def test_the_docstring_holds_the_drawing_render_makes() -> None:
    drawing = "\n".join(("    " + line).rstrip() for line in BOARD.render().splitlines())
    assert drawing in (board_module.__doc__ or "")


def test_the_drawing_is_read_from_the_tiles_and_routes() -> None:
    # Each tile is two characters: its glyph, then its foot mark; walls are blank.
    glyphs = {"floor": ".", "blood_mist": "M", "sanctum": ":", "ritual": "R", "marker": "m", "ward": "W",
              "shrine": "S", "thug_start": "T", "portal": "P", "barracks": "B", "entry": "E"}  # fmt: skip
    rows = BOARD.render().splitlines()[2 : 2 + BOARD.height]
    for y, row in enumerate(rows):
        cells = row[3 : 3 + 2 * BOARD.width]
        for x in range(BOARD.width):
            cell = cells[2 * x : 2 * x + 2]
            here = tile_id(x, y)
            if here not in BOARD:
                assert cell == "  ", here
                continue
            t = BOARD.tile(here)
            assert cell[0] == ("%" if t.thickets else "~" if t.vines else glyphs[t.kind]), here
            routes = BOARD.routes_through(here)
            assert (cell[1] != " ") == bool(routes), here
            if cell[1] not in " +":
                (nxt,) = {r.next(here) for r in routes}
                step = (tile_xy(nxt)[0] - x, tile_xy(nxt)[1] - y)
                assert cell[1] == {(0, -1): "^", (1, 0): ">", (0, 1): "v", (-1, 0): "<"}[step], here
            if cell[1] == "+":
                assert len({r.next(here) for r in routes}) == 2, here


def test_the_entry_points_are_numbered_beside_their_edge_in_the_drawing() -> None:
    lines = BOARD.render().splitlines()
    for e in BOARD.entry_points:
        x, y = tile_xy(e.tile)
        if e.side == "north":
            assert lines[0][3 + 2 * x] == str(e.index)
        elif e.side == "south":
            assert lines[-1][3 + 2 * x] == str(e.index)
        elif e.side == "west":
            assert lines[2 + y][0] == str(e.index)
        else:
            assert lines[2 + y].endswith("|" + str(e.index))


def test_the_board_is_built_from_its_layout_and_travels_as_data() -> None:
    # What the public view carries: plain data a client can draw from, read back equal.
    assert build_board() == BOARD
    data = json.loads(BOARD.model_dump_json())
    assert {"tiles", "links", "sanctum_route", "outer_routes", "entry_points", "rituals"} <= set(data)
    assert Board.model_validate(data) == BOARD
    assert Board.model_validate(data).render() == BOARD.render()


def test_the_board_looks_the_same_a_quarter_turn_round() -> None:
    # Four quadrants alike: a quarter turn maps each tile onto one of the same kind, quadrant q onto q + 1.
    for t in BOARD.tiles:
        turned = BOARD.tile(turn(t.id))
        assert (turned.kind, turned.thickets, turned.vines) == (t.kind, t.thickets, t.vines), t.id
        assert turned.quadrant == (None if t.quadrant is None else (t.quadrant + 1) % 4), t.id
    for q in range(4):
        assert tuple(turn(t) for t in BOARD.outer_routes[q].tiles) == BOARD.outer_routes[(q + 1) % 4].tiles


# -- the sanctum -----------------------------------------------------------------------------------------------------


def test_the_blood_mist_is_one_tile_in_the_centre_of_the_sanctum() -> None:
    # "Place the King in the blood mist A in the center of his sanctum"
    assert BOARD.of_kind("blood_mist") == ("i9",)
    assert BOARD.blood_mist == "i9"
    assert tile_xy("i9") == (BOARD.width // 2, BOARD.height // 2)
    assert len(BOARD.sanctum) == 25
    assert set(BOARD.surrounding(BOARD.blood_mist)) <= BOARD.sanctum


def test_the_four_ritual_tiles_touch_the_mist_and_point_to_the_marker_corners() -> None:
    # "the King will move onto a random ritual tile"; "place 1 on each of the 4 tiles pointed to by the 4 ritual
    # tiles"; the facts file: "Ritual markers sit in the 4 corners of the sanctum ... not on the ritual tiles."
    mx, my = tile_xy(BOARD.blood_mist)
    assert sorted(r.tile for r in BOARD.rituals) == sorted(BOARD.of_kind("ritual"))
    assert sorted(r.marker for r in BOARD.rituals) == sorted(BOARD.of_kind("marker"))
    corners = {tile_id(mx + dx, my + dy) for dx in (-2, 2) for dy in (-2, 2)}
    assert {r.marker for r in BOARD.rituals} == corners
    for r in BOARD.rituals:
        rx, ry = tile_xy(r.tile)
        assert r.tile in BOARD.surrounding(BOARD.blood_mist)
        assert r.tile not in BOARD.neighbours(BOARD.blood_mist)
        assert tile_xy(r.marker) == (2 * rx - mx, 2 * ry - my)
    # "He rolls a 1d4 to select a ritual tile and ends up moving onto the upper right ritual tile."
    assert BOARD.rituals[0].tile == tile_id(mx + 1, my - 1)


def test_the_king_steps_between_the_mist_and_a_ritual_tile_in_one_move() -> None:
    # "He started on a ritual tile, so he moves onto the blood mist tile and ends his turn."
    for r in BOARD.rituals:
        assert BOARD.distance(r.tile, BOARD.blood_mist, diagonal=True) == 1
        assert BOARD.distance(r.tile, BOARD.blood_mist) == 2


def test_the_four_warded_tiles_are_the_only_ways_into_the_sanctum() -> None:
    # "Each of the 4 tiles leading into the King's sanctum from the path begins the game covered with one of the
    # 4 small elemental wards."
    assert len(BOARD.wards) == 4
    for ward in BOARD.wards:
        inside = [t for t in BOARD.neighbours(ward) if t in BOARD.sanctum]
        outside = [t for t in BOARD.neighbours(ward) if t not in BOARD.sanctum]
        assert len(inside) == 1 and len(outside) == 1
        assert outside[0] in BOARD.sanctum_route.tiles
    closed = BOARD.distances(BOARD.blood_mist, blocked=BOARD.wards)
    assert set(closed) == BOARD.sanctum


def test_crossing_the_sanctum_is_six_tiles_through_the_mist_and_eight_round_it() -> None:
    # "Yellow could pay 3 mojo to run the zimby across the center through the blood mist ... Instead, Yellow decides
    # to pay 4 mojo to have cross the sanctum by the path" -- at 2 tiles per mojo.
    for ward in BOARD.wards:
        assert BOARD.distance(ward, opposite_ward(ward)) == 6
        assert BOARD.path(ward, opposite_ward(ward)) is not None
        assert BOARD.blood_mist in (BOARD.path(ward, opposite_ward(ward)) or [])
        assert BOARD.distance(ward, opposite_ward(ward), blocked={BOARD.blood_mist}) == 8


def test_the_ritual_of_blood_spreads_through_the_wards() -> None:
    # "fills all the tiles in the King's sanctum and X-many contiguous, adjacent tiles beyond the sanctum";
    # "recall that blood mist may pass through the elemental warded tiles"
    assert BOARD.within(BOARD.sanctum, 0) == BOARD.sanctum
    assert BOARD.within(BOARD.sanctum, 1) == BOARD.sanctum | set(BOARD.wards)
    four = BOARD.within(BOARD.sanctum, 4)
    for ward in BOARD.wards:
        front = front_of(ward)
        assert front in four
        near = BOARD.distances(front, limit=2)
        assert {t for t in BOARD.sanctum_route.tiles if t in near} <= four
    assert not set(BOARD.shrines) & four


# -- the route round the sanctum, the shrines and the thugs ----------------------------------------------------------


def walked(route: PatrolRoute) -> None:
    """A route is a closed loop of distinct, walkable tiles, each step onto an adjacent tile."""
    assert len(set(route.tiles)) == len(route.tiles)
    for here in route.tiles:
        assert BOARD.adjacent(here, route.next(here)), (route.name, here)
        t = BOARD.tile(here)
        # "Thugs will stupidly walk into any obstacles in their path": no King's obstacle lies on a route.
        assert not (t.thickets or t.vines), here
        assert t.kind not in ("ward", "barracks", "blood_mist") and here not in BOARD.sanctum, here


def signed_area(tiles: tuple[TileId, ...]) -> int:
    """Twice the area a loop encloses: positive when it runs clockwise on screen (y grows downwards)."""
    pts = [tile_xy(t) for t in tiles]
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True))


def test_the_route_round_the_sanctum_is_a_closed_clockwise_ring() -> None:
    route = BOARD.sanctum_route
    walked(route)
    assert len(route.tiles) == 32
    assert signed_area(route.tiles) > 0
    mx, my = tile_xy(BOARD.blood_mist)
    assert all(max(abs(x - mx), abs(y - my)) == 4 for x, y in map(tile_xy, route.tiles))


def test_the_four_shrines_lie_along_the_route_eight_tiles_apart() -> None:
    # "The 4 white pentagonal tiles along the path around the King's sanctum are shrine tiles";
    # "Blue spends 2 mojo to move 8 tiles to another shrine" (a column of two: 4 tiles per mojo).
    route = BOARD.sanctum_route
    assert len(BOARD.shrines) == 4
    for q, shrine in enumerate(BOARD.shrines):
        following = BOARD.shrines[(q + 1) % 4]
        assert shrine in route.tiles
        assert route.walk(shrine, 8)[-1] == following
        assert BOARD.distance(shrine, following) == 8


def test_each_thug_starts_beside_a_shrine_on_the_route() -> None:
    # "the 4 thugs on the 4 pentagonal tiles B adjacent to the shrines"; "shrine tiles are in the combat zone of
    # creatures on the adjacent gray pentagonal tiles on the path"
    assert len(BOARD.thug_starts) == 4
    for shrine, start in zip(BOARD.shrines, BOARD.thug_starts, strict=True):
        assert start in BOARD.sanctum_route.tiles
        assert BOARD.sanctum_route.next(shrine) == start
        assert shrine in BOARD.neighbours(start)


def test_a_thug_walks_its_1d6_along_the_route() -> None:
    # "While the King is alive, they individually move 1d6 tiles per turn along the route around the King's sanctum."
    start = BOARD.thug_starts[NE]
    for roll in range(1, 7):
        steps = BOARD.sanctum_route.walk(start, roll)
        assert len(steps) == roll
        assert all(BOARD.adjacent(a, b) for a, b in zip([start, *steps], steps, strict=False))


# -- quadrants, outer routes, portals, entry points ------------------------------------------------------------------


def enclosed_by(route: PatrolRoute) -> set[TileId]:
    """The tiles on ``route`` or shut in by it: flood the grid from outside, never crossing the route."""
    loop = {tile_xy(t) for t in route.tiles}
    outside = {(-1, -1)}
    queue = deque(outside)
    while queue:
        x, y = queue.popleft()
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            inside_frame = -1 <= nx <= BOARD.width and -1 <= ny <= BOARD.height
            if inside_frame and (nx, ny) not in loop and (nx, ny) not in outside:
                outside.add((nx, ny))
                queue.append((nx, ny))
    return {t.id for t in BOARD.tiles if (t.x, t.y) not in outside}


def test_a_quadrant_is_its_outer_route_and_the_tiles_it_encloses() -> None:
    # "A quadrant is a section of the main board consisting of all the tiles comprising and encompassed by an outer
    # patrol path"
    assert len(BOARD.outer_routes) == 4
    for q, route in enumerate(BOARD.outer_routes):
        assert route.quadrant == q
        walked(route)
        assert BOARD.quadrant_tiles(q) == enclosed_by(route)
        assert all(BOARD.tile(t).quadrant == q for t in BOARD.quadrant_tiles(q))
    for a in range(4):
        for b in range(a + 1, 4):
            assert not BOARD.quadrant_tiles(a) & BOARD.quadrant_tiles(b)
    assert not any(BOARD.tile(t).quadrant is not None for t in BOARD.sanctum)


def test_each_quadrant_holds_one_shrine_one_portal_and_two_entry_points() -> None:
    # the facts file: "Each quadrant holds 1 shrine tile, 1 portal tile and 2 tribal-board attachment points, so the
    # board has 8 entry points."
    assert len(BOARD.entry_points) == 8
    assert [e.index for e in BOARD.entry_points] == list(range(8))
    for q in range(4):
        tiles = BOARD.quadrant_tiles(q)
        assert [s for s in BOARD.shrines if s in tiles] == [BOARD.shrines[q]]
        assert [p for p in BOARD.portals if p in tiles] == [BOARD.portals[q]]
        assert [e.index for e in BOARD.entry_points if e.tile in tiles] == [2 * q, 2 * q + 1]
        assert all(e.quadrant == q for e in BOARD.entry_points[2 * q : 2 * q + 2])


def test_each_outer_route_shares_its_quadrant_of_the_sanctum_route_walking_the_same_way() -> None:
    # Thugs change routes where routes meet: "each thug will follow the route to a unique quadrant to patrol".
    ring = BOARD.sanctum_route
    for q, route in enumerate(BOARD.outer_routes):
        shared = [t for t in route.tiles if t in ring.tiles]
        assert BOARD.shrines[q] in shared and BOARD.thug_starts[q] in shared
        for here in shared[:-1]:
            assert route.next(here) == ring.next(here)
        assert route.next(shared[-1]) != ring.next(shared[-1])
        # Every thug, wherever on the ring, can walk into every quadrant's route and back.
        for start in BOARD.thug_starts:
            assert BOARD.route_path(start, BOARD.outer_routes[q].tiles[-1]) is not None
        assert BOARD.route_path(route.tiles[len(route.tiles) // 2], ring.tiles) is not None


def test_the_route_path_only_steps_the_way_the_feet_point() -> None:
    # "Thugs may only move in the direction indicated by the foot symbol."
    start = BOARD.thug_starts[NE]
    behind = BOARD.sanctum_route.previous(start)
    walk = BOARD.route_path(start, behind)
    # Not back round the sanctum (31 tiles) but round the quadrant's outer route, which comes back to the ring.
    assert walk is not None and len(walk) == len(BOARD.outer_routes[NE].tiles) - 1
    for a, b in zip([start, *walk], walk, strict=False):
        assert any(r.next(a) == b for r in BOARD.routes_through(a))
    # Carrying the Crown to the mist "by the most direct sequence of patrol routes": to the tile before a ward.
    far = BOARD.entry_points[0].tile
    to_ward = BOARD.route_path(far, [front_of(w) for w in BOARD.wards])
    assert to_ward is not None and to_ward[-1] in {front_of(w) for w in BOARD.wards}


def test_the_entry_points_lie_on_the_board_edge_on_their_quadrants_route() -> None:
    # Annotated-board letter "C: points where tribal boards attach"; thugs patrol "the outer patrol route that connects
    # to the player's tribal board"
    for e in BOARD.entry_points:
        x, y = tile_xy(e.tile)
        on_edge = {"north": y == 0, "south": y == BOARD.height - 1, "west": x == 0, "east": x == BOARD.width - 1}
        assert on_edge[e.side], e
        assert BOARD.tile(e.tile).kind == "entry"
        assert e.tile in BOARD.outer_routes[e.quadrant].tiles
        assert BOARD.entry_point(e.tile) == e


def test_the_two_witchery_tiles_are_in_line_with_the_attachment_point() -> None:
    # the facts file: "The two main-board tiles directly in line with a tribal board's attachment point are
    # "witchery active"."
    inward: dict[Side, Side] = {"north": "south", "south": "north", "east": "west", "west": "east"}
    for e in BOARD.entry_points:
        first, second = e.witchery_tiles
        assert first == e.tile
        assert BOARD.in_line(e.tile, inward[e.side], 1) == (second,)
        assert BOARD.line_of_sight(first, second)


def test_the_x_marks_flank_the_entry_point_on_the_patrol_route() -> None:
    # Solitaire: "The first thug to arrive will stop on the first X it encounters; the second will hold position on
    # the next X."
    for e in BOARD.entry_points:
        route = BOARD.outer_routes[e.quadrant]
        first, following = e.flanks
        assert route.next(first) == e.tile and route.next(e.tile) == following
        assert {first, following} <= set(BOARD.neighbours(e.tile))


def test_a_tribal_board_is_nine_and_seven_tiles_from_its_quadrants_shrine() -> None:
    # "Blue spends 3 mojo to move 1 zimby 9 tiles to a shrine"; "Yellow uses 2 mojo to move 1 zimby 7 tiles onto the
    # shrine tile" -- "Tribal boards count as single tiles for movement": 1 step onto the entry point, then the walk.
    for q in range(4):
        far, near = BOARD.entry_points[2 * q : 2 * q + 2]
        shrine = BOARD.shrines[q]
        assert 1 + (BOARD.distance(far.tile, shrine, blocked=BOARD.thickets) or 99) == 9
        assert 1 + (BOARD.distance(near.tile, shrine, blocked=BOARD.thickets) or 99) == 7
        # Every tribal board reaches a shrine within 7-9 tiles while the King's thickets stand.
        for e in BOARD.entry_points:
            assert 7 <= 1 + min(BOARD.distance(e.tile, s, blocked=BOARD.thickets) or 99 for s in BOARD.shrines) <= 9


def test_the_thickets_close_a_shortcut_until_they_die() -> None:
    # "Blood thickets are completely impassible tangles ... that prohibit all movement"; "On the first refresh after
    # the King dies, flip these obstacle tokens to their B side. On the next refresh, remove them from play."
    far = BOARD.entry_points[0]
    assert BOARD.distance(far.tile, BOARD.shrines[NE], blocked=BOARD.thickets) == 8
    assert BOARD.distance(far.tile, BOARD.shrines[NE]) == 6


def test_four_thicket_and_four_vine_spaces_one_of_each_per_quadrant() -> None:
    # "Set out the main board and place the blood thickets and blood vines as shown in the diagram"
    assert len(BOARD.thickets) == 4 and len(BOARD.vines) == 4
    for q in range(4):
        assert len([t for t in BOARD.thickets if BOARD.tile(t).quadrant == q]) == 1
        assert len([t for t in BOARD.vines if BOARD.tile(t).quadrant == q]) == 1
    assert not set(BOARD.thickets) & set(BOARD.vines)


def test_each_portal_has_ways_out() -> None:
    # "Thugs returning to play via portal tiles will move away from their entry tile in a random direction."
    for portal in BOARD.portals:
        assert len(BOARD.neighbours(portal)) >= 2
        assert BOARD.path(portal, BOARD.sanctum_route.tiles, blocked=BOARD.thickets) is not None


def test_the_quadrants_portal_is_the_one_nearest_its_tribal_boards() -> None:
    # Solitaire: "assign a roll of 5 or 6 to the one connected to (or nearest) the player's tribal board"
    for e in BOARD.entry_points:
        far = {p: BOARD.distance(e.tile, p, blocked=BOARD.thickets) or 99 for p in BOARD.portals}
        assert min(far, key=lambda p: far[p]) == BOARD.portals[e.quadrant]
        assert sorted(far.values())[0] < sorted(far.values())[1]


def test_the_four_barracks_are_walled_off() -> None:
    # "There are 4 portal tiles and 4 barracks tiles on the main board"; "Only expelled thugs may use barracks tiles."
    assert len(BOARD.barracks) == 4 and len(BOARD.portals) == 4
    for b in BOARD.barracks:
        assert BOARD.neighbours(b) == () and BOARD.surrounding(b) == ()
        assert BOARD.tile(b).quadrant is None
        assert all(b not in BOARD.neighbours(t) and b not in BOARD.surrounding(t) for t in WALKABLE)


# -- walking ---------------------------------------------------------------------------------------------------------


def test_every_tile_is_reached_from_every_other() -> None:
    assert set(BOARD.distances(BOARD.blood_mist)) == WALKABLE
    # With the King's thickets in place and the wards closed, everything outside the sanctum still connects.
    outside = WALKABLE - BOARD.sanctum - set(BOARD.wards) - set(BOARD.thickets)
    start = BOARD.entry_points[0].tile
    assert set(BOARD.distances(start, blocked=set(BOARD.thickets) | set(BOARD.wards))) == outside


def test_adjacent_tiles_share_a_side_and_the_king_also_reaches_corners() -> None:
    # "Two tiles are adjacent if they share a common side."; "The King's movement zone is all tiles surrounding the one
    # he occupies, including adjacent tiles and corner-corner touching tiles."
    for here in WALKABLE:
        x, y = tile_xy(here)
        for there in BOARD.neighbours(here):
            tx, ty = tile_xy(there)
            assert abs(tx - x) + abs(ty - y) == 1
            assert here in BOARD.neighbours(there)
        assert set(BOARD.neighbours(here)) <= set(BOARD.surrounding(here))
        for there in BOARD.surrounding(here):
            tx, ty = tile_xy(there)
            assert max(abs(tx - x), abs(ty - y)) == 1
    assert len(BOARD.surrounding(BOARD.blood_mist)) == 8
    assert len(BOARD.neighbours(BOARD.blood_mist)) == 4


def test_a_path_is_a_shortest_walk_the_same_every_time() -> None:
    a, b = BOARD.entry_points[0].tile, BOARD.entry_points[5].tile
    walk = BOARD.path(a, b)
    assert walk is not None and walk[-1] == b and len(walk) == BOARD.distance(a, b)
    assert all(BOARD.adjacent(s, t) for s, t in zip([a, *walk], walk, strict=False))
    assert BOARD.path(a, b) == walk
    assert BOARD.path(a, a) == []
    assert BOARD.path(BOARD.blood_mist, BOARD.shrines[0], blocked=BOARD.wards) is None
    assert BOARD.distance(BOARD.blood_mist, BOARD.shrines[0], blocked=BOARD.wards) is None


def test_a_column_of_two_reaches_the_shrine_on_two_mojo_from_the_near_entry() -> None:
    # "A column of 2 or fewer zimbies may move up to 4 tiles per 1 mojo spent": 8 tiles for 2 mojo, the entry point
    # being the first.
    near = BOARD.entry_points[1]
    reach = BOARD.distances(near.tile, blocked=BOARD.thickets, limit=8 - 1)
    assert BOARD.shrines[NE] in reach


# -- line of sight ---------------------------------------------------------------------------------------------------


def test_line_of_sight_runs_straight_along_rows_and_columns_only() -> None:
    # "Line of sight may not turn, bend, or be diagonal."
    ring = BOARD.sanctum_route
    shrine = BOARD.shrines[NE]
    along = ring.walk(shrine, 3)
    assert BOARD.line_of_sight(shrine, along[-1])
    turned = ring.walk(BOARD.sanctum_route.previous(shrine), 2)[-1]
    assert not BOARD.line_of_sight(BOARD.sanctum_route.previous(shrine), turned)
    ritual = BOARD.rituals[0].tile
    assert not BOARD.line_of_sight(BOARD.blood_mist, ritual)


def test_line_of_sight_is_blocked_by_walls_the_mist_and_what_stands_between() -> None:
    # "a straight line through adjacent tiles that are free of blood mists, creatures, and darkness";
    # "If an obstruction ... blocks line of sight, the tile occupied by the obstruction may itself still be targeted."
    west, east = BOARD.wards[3], BOARD.wards[1]
    assert not BOARD.line_of_sight(west, east)
    sanctum_row = [tile_id(x, tile_xy(BOARD.blood_mist)[1] - 2) for x in range(6, 11)]
    assert BOARD.line_of_sight(sanctum_row[0], sanctum_row[3])
    assert not BOARD.line_of_sight(sanctum_row[0], sanctum_row[3], blockers={sanctum_row[1]})
    assert BOARD.line_of_sight(sanctum_row[0], sanctum_row[1], blockers={sanctum_row[1]})
    # A wall between two tiles of one row: the shrine's row runs into the wall beside it.
    shrine = BOARD.shrines[NE]
    beyond = tile_id(tile_xy(shrine)[0] + 2, tile_xy(shrine)[1])
    assert beyond in BOARD and not BOARD.line_of_sight(shrine, beyond)


def test_a_witchery_reaches_three_tiles_in_line_of_sight() -> None:
    # "The target of the witchery must be on the main board and no more than 3 tiles away from the channeling zimby."
    front = front_of(BOARD.wards[0])
    targets = BOARD.witchery_targets(front)
    x, y = tile_xy(front)
    assert tile_id(x + 3, y) in targets and tile_id(x + 4, y) not in targets
    assert tile_id(x - 3, y) in targets
    # Into the sanctum through the (open) ward; the mist itself may be targeted, not what lies beyond it.
    assert BOARD.blood_mist not in targets
    ward = BOARD.wards[0]
    assert BOARD.witchery_targets(ward) >= {tile_id(x, y + 3)}
    assert tile_id(x, y + 4) in BOARD.witchery_targets(ward)
    assert tile_id(x, y + 5) not in BOARD.witchery_targets(ward, reach=6)
    # A closed ward blocks line of sight, and may itself be targeted.
    closed = BOARD.witchery_targets(front, blockers=BOARD.wards)
    assert ward in closed and tile_id(x, y + 2) not in closed
    # Doubled range by cannibalism: "double range for its next witchery channeled".
    assert tile_id(x + 4, y) in BOARD.witchery_targets(front, reach=6)
