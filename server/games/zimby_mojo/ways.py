"""Where a creature may step and what a step costs: the movement table, neighbours, obstacles, column room.

The legal moves list steps from these queries and the movement (:mod:`.paths`) pays for them by the same table,
so a step offered is a step that can be paid for.
"""

from __future__ import annotations

from collections.abc import Mapping

from . import effects
from .board import BOARD
from .mojo import available
from .state import (
    COLUMN_TRIBE_LIMIT,
    AnyMove,
    Column,
    Obstacle,
    Public,
    Step,
    TileId,
    Zombie,
    home_seat,
    home_tile,
)
from .zones import carries_crown, effective_size


def movement(size: int) -> tuple[int, int]:
    """(tiles, mojo) of one expenditure for a column of ``size`` zimbies (Crown burden included)."""
    if size <= 2:
        return 4, 1
    if size <= 4:
        return 2, 1
    if size <= 6:
        return 1, 1
    if size <= 8:
        return 1, 2
    return 1, 4


ZOMBIE_MOVEMENT = (2, 1)


def has_room(column: Column, joining: Mapping[int, int]) -> bool:
    """ "each tribe in a column may contain up to but no more than 3 zimbies of that tribe": the zimbies ``joining``
    (per tribe) fit in ``column`` without a fourth of any tribe."""
    return all(column.zimbies.get(tribe, 0) + n <= COLUMN_TRIBE_LIMIT for tribe, n in joining.items())


def obstacles_on(public: Public, tile: TileId) -> list[Obstacle]:
    """The obstacles on ``tile`` (several may share it)."""
    return [o for o in public.obstacles if o.tile == tile]


def closed_ward(public: Public, tile: TileId) -> bool:
    """A ward on ``tile`` not yet opened by its seal: nobody may step onto it."""
    return any(w.tile == tile and not w.open for w in public.wards)


def neighbours(public: Public, tile: TileId) -> list[TileId]:
    """Tiles a zimby or zombie on ``tile`` may step to, tribal boards included (each is one tile by its entry)."""
    seat = home_seat(tile)
    if seat is not None:
        return [public.tribes[seat].entry]
    out = list(BOARD.neighbours(tile))
    out += [home_tile(t.seat) for t in public.tribes if t.entry == tile]
    return out


def holding_back(public: Public, creature: Column | Zombie | None, to: TileId) -> str | None:
    """The obstacle that bars a step onto ``to``: blood thickets there or on the creature's tile ("may not move
    into or out of"), or entangling vines that caught a zimby column ("may not move out of the tile")."""
    if any(o.kind == "thickets" for o in obstacles_on(public, to)):
        return "thickets"
    if creature is None:
        return None
    here = obstacles_on(public, creature.tile)
    if any(o.kind == "thickets" for o in here):
        return "thickets"
    if isinstance(creature, Column) and any(o.kind == "entangling_vines" for o in here):
        return "entangling vines"
    return None


def entry_open(public: Public, seat: int, count: int) -> bool:
    """The tribal board's entry point can be entered by ``count`` of the seat's zimbies (free, or a column the
    seat may ask to join that has room for them)."""
    entry = public.tribes[seat].entry
    there = public.creature_at(entry)
    if isinstance(there, Column) and not has_room(there, {seat: count}):
        return False
    return enterable(public, entry, None)


def enterable(public: Public, tile: TileId, moving: Column | Zombie | None) -> bool:
    """Whether a step onto ``tile`` may be declared: no closed ward, no thickets, no creature but a column
    (with room for the moving column's zimbies: :func:`has_room`)."""
    if closed_ward(public, tile):
        return False
    # The Crown carrier may try its 50% obstacle immunity against thickets and vines; nobody else passes them.
    if holding_back(public, moving, tile) and not (moving is not None and carries_crown(public, moving)):
        return False
    there = public.creature_at(tile)
    if there is None:
        return True
    if moving is not None and there is not moving and swaps(public, moving, tile):
        return True  # the occupant of a darkened tile swaps places with the column entering it
    if not isinstance(there, Column) or there is moving:
        return False
    return moving is None or (isinstance(moving, Column) and has_room(there, moving.zimbies))


def step_moves(public: Public, seat: int, creature: Column | Zombie, tiles_left: int) -> list[AnyMove]:
    """The steps a creature may declare next: paid for (free tiles, tiles left, or the mojo for the next
    expenditure), onto a tile it may enter, home only for a column of the seat's own tribe."""
    moving = public.moving
    free = moving is not None and moving.free_tiles > 0
    affordable = free or tiles_left > 0 or available(public.tribes[seat]) >= expenditure(public, creature)[1]
    if not affordable:
        return []
    out: list[AnyMove] = []
    for tile in neighbours(public, creature.tile):
        home = home_seat(tile)
        if home is not None:
            if isinstance(creature, Column) and set(creature.zimbies) == {home} and home == seat:
                out.append(Step(to=tile))
            continue
        if enterable(public, tile, creature):
            out.append(Step(to=tile))
    return out


def can_leave(public: Public, seat: int, creature: Column | Zombie) -> bool:
    """A path may start: the creature has a tile to step to and the mojo for it (as :func:`step_moves`, without
    listing the steps)."""
    if available(public.tribes[seat]) < expenditure(public, creature)[1]:
        return False
    for tile in neighbours(public, creature.tile):
        home = home_seat(tile)
        if home is None:
            if enterable(public, tile, creature):
                return True
        elif home == seat and isinstance(creature, Column) and set(creature.zimbies) == {home}:
            return True
    return False


def expenditure(public: Public, creature: Column | Zombie) -> tuple[int, int]:
    """(tiles, mojo) of the creature's next expenditure: the movement table, changed by movement incantations
    on the seat whose turn it is (never below 1 tile)."""
    tiles, cost = ZOMBIE_MOVEMENT if isinstance(creature, Zombie) else movement(effective_size(public, creature))
    return max(1, tiles + effects.chant(public, public.turn, "movement")), cost


def swaps(public: Public, creature: Column | Zombie, tile: TileId) -> bool:
    """A column on the main board stepping into a darkened tile swaps with its occupant (zombies ignore
    darkness; a column coming from its tribal board has no main-board tile to swap to)."""
    return isinstance(creature, Column) and home_seat(creature.tile) is None and effects.darkened(public, tile)
