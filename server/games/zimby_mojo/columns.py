"""Zimby columns formed, split, joined, expelled and turned into zombies.

A column is a stack of zimby tokens of up to 3 tribes, at most 3 of each; these functions keep those limits and
the tokens' count on the tribal boards whole whatever happens to a column.
"""

from __future__ import annotations

from server.engine import Event, Rng

from . import combat
from .mojo import to_far_shore_excess
from .state import (
    COLUMN_TRIBE_LIMIT,
    COLUMN_TRIBES_LIMIT,
    Column,
    Public,
    TileId,
    Zombie,
    Zombify,
    ZTable,
    home_tile,
)

ZOMBIES_IN_PLAY = 2
ZOMBIE_COST = 2  # active zimbies from the tribal board to the Far Shore


def new_column(pub: Public, seat: int, count: int, tile: TileId) -> Column:
    """``count`` active zimbies leave the seat's tribal board as a new column on ``tile``."""
    tribe = pub.tribes[seat]
    tribe.active -= count
    column = Column(id=f"c{pub.next_id}", tile=tile, zimbies={seat: count})
    pub.next_id += 1
    pub.columns.append(column)
    return column


def arrive_home(pub: Public, column: Column | Zombie, seat: int) -> None:
    """A column of one tribe reaches its tribal board: its zimbies stay active; the Crown there wins."""
    assert isinstance(column, Column)
    pub.moving = None
    pub.columns.remove(column)
    tribe = pub.tribes[seat]
    tribe.active += column.size
    to_far_shore_excess(tribe)
    if column.crown is not None:
        pub.winners = [seat]
        pub.reason = "crown_delivered"
        pub.phase = "over"
        if pub.crown is not None:
            pub.crown.carrier, pub.crown.tile = None, home_tile(seat)
        pub.happened.append(f"seat {seat} delivers the Crown to its tribal board")


def merge(pub: Public, joining: Column, into: Column, rng: Rng | None) -> None:
    """``joining`` joins ``into``; column limits expel the excess (random tribes drawn when rng is given)."""
    for tribe, n in joining.zimbies.items():
        into.zimbies[tribe] = into.zimbies.get(tribe, 0) + n
    if joining.crown is not None:
        into.crown = joining.crown
        if pub.crown is not None:
            pub.crown.carrier = into.id
    into.active = into.active and joining.active
    into.in_combat = into.in_combat or joining.in_combat
    into.attacked = into.attacked or joining.attacked
    pub.columns.remove(joining)
    for tribe, n in list(into.zimbies.items()):
        if n > COLUMN_TRIBE_LIMIT:
            expel_zimbies(pub, into, tribe, n - COLUMN_TRIBE_LIMIT)
    while len(into.zimbies) > COLUMN_TRIBES_LIMIT:
        victim = rng.choice(into.tribes) if rng is not None else into.tribes[-1]
        expel_zimbies(pub, into, victim, into.zimbies[victim])
        if into.crown == victim and rng is not None:
            # The Crown stays with the column: the Bag o' Fate hands it to one of the zimbies left.
            into.crown = rng.choice([t for t in into.tribes for _ in range(into.zimbies[t])])


def expel_zimbies(pub: Public, column: Column, tribe: int, count: int) -> None:
    """ "Expel": the zimbies go to their tribal board, depleted."""
    column.zimbies[tribe] -= count
    if column.zimbies[tribe] == 0:
        del column.zimbies[tribe]
    board = pub.tribes[tribe]
    board.depleted += count
    to_far_shore_excess(board)
    pub.happened.append(f"{count} zimb{'y' if count == 1 else 'ies'} of seat {tribe} expelled from {column.id}")


def dismiss_from(pub: Public, tile: TileId) -> None:
    """Whatever stands on ``tile`` is dismissed (kept active, off the main board)."""
    for c in [c for c in pub.columns if c.tile == tile]:
        pub.columns.remove(c)
        for tribe, n in c.zimbies.items():
            pub.tribes[tribe].active += n
            to_far_shore_excess(pub.tribes[tribe])
        if c.crown is not None and pub.crown is not None:
            pub.crown.carrier, pub.crown.tile = None, tile
        pub.happened.append(f"{c.id} is dismissed to its tribal board")
    for z in [z for z in pub.zombies if z.tile == tile]:
        pub.zombies.remove(z)
        pub.tribes[z.owner].zombies_left += 1
        pub.happened.append(f"{z.id} is dismissed to the Far Shore")
    for t in pub.thugs:
        if t.tile == tile and not t.in_barracks:
            combat.expel_thug(pub, t, why="dismissed")
            t.active = True  # "Dismiss: Keep a creature active and remove it from the main board"


def zombify(table: ZTable, seat: int, move: Zombify, rng: Rng, event: Event) -> None:
    """A lone zimby becomes its shaman's zombie: 2 more active zimbies go to the Far Shore with it."""
    pub = table.public
    column = pub.column(move.column)
    tribe = pub.tribes[seat]
    tribe.active -= ZOMBIE_COST
    tribe.far_shore += ZOMBIE_COST + 1
    tribe.zombies_left -= 1
    tribe.made_zombie = True
    pub.columns.remove(column)
    if column.crown is not None and pub.crown is not None:
        pub.crown.carrier, pub.crown.tile = None, column.tile
    zombie = Zombie(id=f"z{pub.next_id}", tile=column.tile, owner=seat, in_combat=column.in_combat)
    pub.next_id += 1
    pub.zombies.append(zombie)
