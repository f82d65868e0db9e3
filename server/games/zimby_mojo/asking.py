"""Who is asked: the windows opened on the stack and on each tile of a path.

A window asks only the seats able to answer from public facts (a card in hand, the mojo for the cheapest scroll,
a zimby seeing the tile), so being asked tells nothing of a hand. Hand sizes and the library's size are kept in
the public part from the private parts here (:func:`count_cards`).
"""

from __future__ import annotations

from pydantic import JsonValue

from server.engine.windows import open_window

from . import sight, stack
from .mojo import available, cheapest_scroll
from .state import (
    AnyEntry,
    Column,
    CreatureId,
    Public,
    TileId,
    Zombie,
    ZTable,
    home_tile,
)
from .zones import mover_gone


def count_cards(table: ZTable) -> None:
    """Hand sizes and the library's size are public: counted from the private and secret parts after every move."""
    table.public.library_size = len(table.secret.library)
    table.public.hand_sizes = [len(p.hand) for p in table.private]


def able_to_answer(table: ZTable) -> list[int]:
    """The seats a window on the stack asks, from public facts only (so that being asked tells nothing of a
    hand): a card in hand and the mojo for the cheapest scroll."""
    pub = table.public
    count_cards(table)
    return [
        s for s in range(pub.seats) if pub.hand_sizes[s] > 0 and available(pub.tribes[s]) >= cheapest_scroll(pub, s)
    ]


def open_at_tile(table: ZTable, seat: int, creature: Column | Zombie) -> None:
    """ "As a creature passes through a zimby's LOS, the zimby's controller may say "stop"".

    Each tile of a path is a moment the other seats may answer: a window opens on it for the seats that could,
    from public facts (a card in hand, the mojo for the cheapest scroll, an active zimby of their tribe that
    may channel with the tile in line of sight, on the main board or at home).
    """
    pub = table.public
    if pub.moving is None or mover_gone(pub, creature):
        return
    stop_at(table, creature.id, creature.tile, mover=seat)


def stop_at(table: ZTable, creature: CreatureId, tile: TileId, *, mover: int | None) -> bool:
    """Open a window on a creature moving onto ``tile`` (a shaman's path, a thug's walk) for the seats that
    could say "Stop!" (public facts: a card, the mojo, a zimby seeing the tile); the mover's own seat is not
    asked, a thug's walk asks from the first mover. Whether it opened."""
    pub = table.public
    if pub.stack.inescapable:
        return False
    able = set(able_to_answer(table)) - {mover}
    could_stop = [s for s in sorted(able) if sees(pub, s, tile)]
    on: JsonValue = {"path": creature, "at": tile}
    opener = mover if mover is not None else pub.first_mover
    return open_window(pub.windows, opener, on, pub.seats, among=could_stop, with_opener=mover is None) is not None


def sees(pub: Public, seat: int, tile: TileId) -> bool:
    """An active zimby of the seat's tribe that may channel has ``tile`` in line of sight."""
    tribe = pub.tribes[seat]
    frm = [c.tile for c in pub.columns if seat in c.zimbies and c.active and sight.can_channel(pub, c.tile)]
    if tribe.active - tribe.chanting >= 1:
        frm.append(home_tile(seat))
    return any(sight.in_sight(pub, f, tile) for f in frm)


def push(table: ZTable, entry: AnyEntry) -> None:
    """Push ``entry`` with its window among the seats able to answer; the King's, thugs' and zombies' pushes
    start the asking at the seat whose turn it is (the first mover outside the players' turns)."""
    pub = table.public
    opener = pub.turn if pub.phase == "players" else pub.first_mover
    stack.push(pub.stack, pub.windows, entry, pub.seats, opener=opener, among=able_to_answer(table))
