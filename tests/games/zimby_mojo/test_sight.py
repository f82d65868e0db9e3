"""Zimby Mojo's witchery targeting, as the book's "Witcheries" and Part 10's LOS rules tell it, on the real board.

Each table is a match's setup (the King in the blood mist, the King's thickets and blood vines in place, the wards
closed), with the thugs sent to their barracks and the creatures each rule needs placed by hand. The row 5 corridor
``e5``-``m5`` (the route round the sanctum's north side) and the north ward ``i6`` carry most of them.
"""

from __future__ import annotations

from typing import Any

import pytest

from server.engine import Rng, Rules
from server.games.zimby_mojo import ZimbyMojo
from server.games.zimby_mojo.board import BOARD
from server.games.zimby_mojo.game import ZTable
from server.games.zimby_mojo.sight import blockers, can_channel, in_sight, targets_in_sight
from server.games.zimby_mojo.state import Column, Obstacle, Zombie, home_tile

RULES = Rules(ZimbyMojo())
BLUE, YELLOW = 0, 1


def table(seats: int = 2, **options: Any) -> ZTable:
    """A match's setup with the thugs in their barracks: only the King (in the mist) stands on the board."""
    options.setdefault("first_player", BLUE)
    new, _ = RULES.setup(RULES.parse_options(options), seats, 7)
    assert isinstance(new.public.columns, list)
    for thug, barracks in zip(new.public.thugs, BOARD.barracks, strict=True):
        thug.tile, thug.in_barracks = barracks, True
    return new  # type: ignore[return-value]


def zimby(t: ZTable, tile: str, seat: int = BLUE) -> Column:
    column = Column(id=f"c{len(t.public.columns) + 50}", tile=tile, zimbies={seat: 1})
    t.public.columns.append(column)
    return column


# -- the board the tests stand on --------------------------------------------------------------------------------


def test_the_tiles_the_tests_use_are_what_they_say() -> None:
    assert BOARD.in_line("g5", "east") == ("h5", "i5", "j5", "k5", "l5", "m5")
    assert BOARD.in_line("h5", "south") == ()  # a wall below h5
    assert BOARD.wards[0] == "i6" and BOARD.in_line("i5", "south", 3) == ("i6", "i7", "i8")
    assert BOARD.blood_mist == "i9" and BOARD.in_line("i7", "south", 3) == ("i8", "i9", "i10")
    assert "c6" in BOARD.thickets and BOARD.in_line("c7", "north", 3) == ("c6", "c5", "c4")
    assert "b3" in BOARD.vines and BOARD.in_line("a3", "east", 3) == ("b3", "c3", "d3")


# -- range and a straight line ------------------------------------------------------------------------------------


def test_the_target_must_be_no_more_than_3_tiles_away() -> None:
    t = table()
    zimby(t, "g5")
    assert in_sight(t.public, "g5", "j5")
    assert not in_sight(t.public, "g5", "k5")


def test_a_zimby_may_target_itself() -> None:
    """ "Blue has the cannibalizing zimby target itself with the witchery "Spikey Bone Claws."" """
    t = table()
    zimby(t, "g5")
    assert in_sight(t.public, "g5", "g5")
    assert targets_in_sight(t.public, "g5")[0] == "g5"


def test_line_of_sight_may_not_turn_bend_or_be_diagonal() -> None:
    """h4 touches g5 corner to corner, and h5 joins them: the line would be diagonal, or bend at h5."""
    t = table()
    zimby(t, "g5")
    assert BOARD.adjacent("g5", "h5") and BOARD.adjacent("h5", "h4")
    assert not in_sight(t.public, "g5", "h4")
    assert not in_sight(t.public, "g5", "h3")
    assert in_sight(t.public, "h5", "h3")


def test_walls_break_the_line_of_adjacent_tiles() -> None:
    """h7 is 2 tiles straight south of h5, but h6 is a wall: no straight line of adjacent tiles joins them."""
    t = table()
    zimby(t, "h5")
    assert "h7" in BOARD and "h6" not in BOARD
    assert not in_sight(t.public, "h5", "h7")
    assert targets_in_sight(t.public, "h5") == ["h5", "h4", "h3", "h2", "i5", "j5", "k5", "g5", "f5", "e5"]


def test_a_barracks_is_never_seen_nor_seen_through() -> None:
    t = table()
    barracks = BOARD.barracks[0]
    beside = next(tile for tile in BOARD.tiles if abs(tile.x - BOARD.tile(barracks).x) == 1 and tile.y == 0)
    zimby(t, beside.id)
    assert barracks not in targets_in_sight(t.public, beside.id)


@pytest.mark.parametrize(("reach", "farthest"), [(3, "j5"), (6, "m5"), (12, "m5")])
def test_double_range_doubles_the_reach_and_twice_quadruples_it(reach: int, farthest: str) -> None:
    """ "the first zimby eaten to increase the range of a witchery doubles the range; the second one eaten to
    increase the range of the same witchery doubles it again (quadrupling the range)" -- m5 is the row's last tile."""
    t = table()
    zimby(t, "g5")
    east = [tile for tile in targets_in_sight(t.public, "g5", reach) if tile in BOARD.in_line("g5", "east")]
    assert east[-1] == farthest and len(east) == min(reach, 6)
    assert in_sight(t.public, "g5", "k5", reach) is (reach >= 4)


def test_double_range_from_a_tribal_board_doubles_the_witchery_active_tiles() -> None:
    """Yellow's tribal board of 8 attaches at q3; blood thickets lie on l3."""
    t = table(8)
    assert t.public.tribes[YELLOW].entry == "q3" and "l3" in BOARD.thickets
    home = home_tile(YELLOW)
    assert targets_in_sight(t.public, home) == ["q3", "p3"]
    assert targets_in_sight(t.public, home, 6) == ["q3", "p3", "o3", "n3"]
    assert targets_in_sight(t.public, home, 12) == ["q3", "p3", "o3", "n3", "m3", "l3"]
    zimby(t, "p3", BLUE)
    assert targets_in_sight(t.public, home, 6) == ["q3", "p3"]


# -- obstructions -------------------------------------------------------------------------------------------------


def test_a_creature_in_between_blocks_but_its_own_tile_may_be_targeted() -> None:
    """ "the tile occupied by the obstruction may itself still be targeted" """
    t = table()
    zimby(t, "g5")
    t.public.zombies.append(Zombie(id="z1", tile="h5", owner=YELLOW))
    assert in_sight(t.public, "g5", "h5")
    assert not in_sight(t.public, "g5", "i5")


def test_any_creature_blocks_a_thug_the_king_another_tribe_even_a_friend() -> None:
    t = table()
    zimby(t, "g5")
    zimby(t, "h5", BLUE)
    assert not in_sight(t.public, "g5", "i5")
    t.public.columns.pop()
    thug = t.public.thugs[0]
    thug.tile, thug.in_barracks = "h5", False
    assert not in_sight(t.public, "g5", "i5")
    assert "h5" in blockers(t.public)
    thug.tile, thug.in_barracks = BOARD.barracks[0], True
    assert in_sight(t.public, "g5", "i5")


def test_the_blood_mist_blocks_and_may_be_targeted() -> None:
    """From the sanctum's north side the King in the mist may be targeted, the tile behind him may not."""
    t = table()
    zimby(t, "i7")
    assert in_sight(t.public, "i7", "i9")
    assert not in_sight(t.public, "i7", "i10")
    t.public.king.alive, t.public.king.tile = False, None  # the mist blocks even with no King in it
    assert in_sight(t.public, "i7", "i9") and not in_sight(t.public, "i7", "i10")


def test_a_ward_in_place_blocks_line_of_sight_into_the_sanctum() -> None:
    """ "These wards ... block line of sight for witchery channeling" -- until the ward is removed."""
    t = table()
    zimby(t, "i5")
    assert in_sight(t.public, "i5", "i6")
    assert not in_sight(t.public, "i5", "i7")
    next(w for w in t.public.wards if w.tile == "i6").open = True
    assert in_sight(t.public, "i5", "i7") and in_sight(t.public, "i5", "i8")


def test_darkness_blocks_line_of_sight_and_its_tile_may_be_targeted() -> None:
    t = table()
    zimby(t, "g5")
    t.public.obstacles.append(Obstacle(tile="h5", kind="darkness"))
    assert in_sight(t.public, "g5", "h5")
    assert not in_sight(t.public, "g5", "i5")


def test_blood_thickets_block_line_of_sight() -> None:
    t = table()
    zimby(t, "c7")
    assert any(o.tile == "c6" and o.kind == "thickets" for o in t.public.obstacles)
    assert in_sight(t.public, "c7", "c6")
    assert not in_sight(t.public, "c7", "c5")


@pytest.mark.parametrize("kind", ["blood_vines", "deadly_vines", "entangling_vines"])
def test_vines_do_not_affect_line_of_sight(kind: str) -> None:
    """Blood vines, deadly vines and entangling vines are +LOS: "The obstacle tile does not affect a creature's line
    of sight"."""
    t = table()
    zimby(t, "a3")
    t.public.obstacles = [o for o in t.public.obstacles if o.tile != "b3"]
    t.public.obstacles.append(Obstacle(tile="b3", kind=kind))  # type: ignore[arg-type]
    assert in_sight(t.public, "a3", "c3") and in_sight(t.public, "a3", "d3")


def test_sight_agrees_with_the_boards_line_of_sight_both_ways_on_every_pair_of_tiles() -> None:
    """With creatures and darkness scattered: a tile is in sight exactly when the board's own straight-line test
    passes within 3 tiles, and sight is the same in both directions."""
    t = table()
    tiles = [tile.id for tile in BOARD.tiles if tile.kind != "barracks"]
    rng = Rng(11)
    for tile in rng.shuffled(tiles)[:40]:
        zimby(t, tile)
    t.public.obstacles += [Obstacle(tile=tile, kind="darkness") for tile in rng.shuffled(tiles)[:10]]
    stop = blockers(t.public)
    for a in tiles:
        seen = set(targets_in_sight(t.public, a))
        for b in tiles:
            (ax, ay), (bx, by) = (BOARD.tile(a).x, BOARD.tile(a).y), (BOARD.tile(b).x, BOARD.tile(b).y)
            near = abs(ax - bx) + abs(ay - by) <= 3
            assert (b in seen) == (near and BOARD.line_of_sight(a, b, blockers=stop)), (a, b)
            assert (b in seen) == in_sight(t.public, b, a), (a, b)


# -- who may channel -----------------------------------------------------------------------------------------------


def test_creatures_on_a_minus_los_obstacle_tile_may_not_channel() -> None:
    t = table()
    t.public.obstacles.append(Obstacle(tile="g5", kind="darkness"))
    assert not can_channel(t.public, "g5")
    assert not can_channel(t.public, "c6")  # the King's thickets
    assert not can_channel(t.public, "i9")  # the blood mist is -LOS
    assert can_channel(t.public, "h5")
    t.public.obstacles.append(Obstacle(tile="h5", kind="entangling_vines"))
    assert can_channel(t.public, "h5")


# -- from a tribal board ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 4, 8])
def test_a_zimby_at_home_sees_the_two_witchery_active_tiles(seats: int) -> None:
    """The two main-board tiles in line with the tribal board's attachment point, nothing further."""
    t = table(seats)
    for tribe in t.public.tribes:
        entry = BOARD.entry_point(tribe.entry)
        assert entry is not None
        assert targets_in_sight(t.public, home_tile(tribe.seat)) == list(entry.witchery_tiles)
        assert can_channel(t.public, home_tile(tribe.seat))
        assert not in_sight(t.public, home_tile(tribe.seat), BOARD.in_line(entry.witchery_tiles[1], _inward(entry))[0])


def test_a_creature_on_the_entry_tile_hides_the_tile_inward() -> None:
    t = table()
    entry = BOARD.entry_point(t.public.tribes[YELLOW].entry)
    assert entry is not None
    zimby(t, entry.tile, BLUE)
    assert targets_in_sight(t.public, home_tile(YELLOW)) == [entry.tile]


def _inward(entry: Any) -> Any:
    return {"north": "south", "south": "north", "east": "west", "west": "east"}[entry.side]
