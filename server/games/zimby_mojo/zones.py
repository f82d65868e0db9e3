"""Where the creatures stand and whom they may reach: who controls what, combat zones, combat lock.

Small queries over the public part, asked by the legal moves, the movement and the settlement alike; none of them
changes the state but :func:`settle_combat`, which every move and chance step ends with.
"""

from __future__ import annotations

from . import combat
from .board import BOARD
from .state import (
    KING_ID,
    Column,
    CreatureId,
    Public,
    Target,
    TileId,
    Zombie,
)


def shielded(public: Public, target: Target) -> bool:
    """Whether a witchery at ``target`` rolls the Crown's 50 % witchery immunity: at its carrier, or at the living
    King, who wears it, in any match; at the King's tile too in solitaire; never at a carrier's tile."""
    crown = public.crown
    if crown is not None and crown.carrier is not None and target == crown.carrier:
        return True
    if public.king.alive and target == KING_ID:
        return True
    return public.solitaire and public.king.alive and target == public.king.tile


def controls(public: Public, seat: int, creature: Column | Zombie) -> bool:
    """A seat controls a column with its zimbies in it, and its own zombies, on its turn."""
    if public.turn != seat:
        return False
    return seat in creature.zimbies if isinstance(creature, Column) else creature.owner == seat


def mover(public: Public, cid: CreatureId) -> Column | Zombie:
    """The column or zombie named ``cid`` (a path's creature, an attacker: never a thug or the King)."""
    for c in public.columns:
        if c.id == cid:
            return c
    return next(z for z in public.zombies if z.id == cid)


def effective_size(public: Public, column: Column) -> int:
    """The column's size for the movement table: the Crown's burden counts as zimbies ("its movement burden")."""
    burden = public.crown.burden if public.crown is not None and public.crown.carrier == column.id else 0
    return column.size + burden


def opponents(public: Public, creature: Column | Zombie) -> list[CreatureId]:
    """Creatures ``creature`` may attack: in its combat zone, not allied, neither of them under blood thickets or a
    patch o' darkness ("Creatures in the obstacle tile may not attack or be attacked": -CBT)."""
    hidden = {o.tile for o in public.obstacles if o.kind in ("thickets", "darkness")}
    if creature.tile in hidden:
        return []
    near = [t for t in BOARD.neighbours(creature.tile) if t not in hidden]
    out: list[CreatureId] = []
    tribes = creature.zimbies.keys() if isinstance(creature, Column) else None
    for tile in near:
        for c in public.columns:
            if c.tile == tile and (tribes is None or not c.zimbies.keys() & tribes):
                out.append(c.id)
        if tribes is not None:
            out += [z.id for z in public.zombies if z.tile == tile]
        thug = next((t for t in public.thugs if t.tile == tile and not t.in_barracks), None)
        if thug is not None:
            out.append(thug.id)
        if public.king.alive and public.king.tile == tile:
            out.append(KING_ID)
    return out


def settle_combat(public: Public) -> None:
    """ "A creature immediately leaves combat if it ever finds no opponents in its attack zone"; a zimby column
    that leaves combat may attack again ("its "one attack per turn" flag resets").

    "A creature enters combat whenever it attacks": a column that attacked this turn is in combat even if it killed
    its foe outright (and so was never combat locked), and leaves it, its flag reset, once no opponent is left in
    its combat zone.
    """
    for c in public.columns:
        if (c.in_combat or c.attacked) and not opponents(public, c) and not thug_adjacent(public, c.tile):
            c.in_combat = False
            c.attacked = False
    for z in public.zombies:
        if z.in_combat and not opponents(public, z):
            z.in_combat = False
    for t in public.thugs:
        if t.in_combat and not t.in_barracks and not foes_of_thug(public, t.tile):
            t.in_combat = False


def thug_adjacent(public: Public, tile: TileId) -> bool:
    """A thug on the main board stands beside ``tile`` (a column there is still in combat with it)."""
    near = set(BOARD.neighbours(tile))
    return any(t.tile in near and not t.in_barracks for t in public.thugs)


def foes_of_thug(public: Public, tile: TileId) -> bool:
    """A column or a zombie stands beside ``tile`` (a thug there stays in combat)."""
    near = set(BOARD.neighbours(tile))
    return any(c.tile in near for c in public.columns) or any(z.tile in near for z in public.zombies)


def carries_crown(public: Public, creature: Column | Zombie) -> bool:
    """The creature carries the Crown (and so may try its immunity against obstacles)."""
    return public.crown is not None and public.crown.carrier == creature.id


def must_attack(public: Public, seat: int) -> list[Column | Zombie]:
    """Creatures the seat controls that are combat locked and must still attack this turn."""
    creatures: list[Column | Zombie] = [*public.columns, *public.zombies]
    return [
        c
        for c in creatures
        if controls(public, seat, c)
        and c.active
        and (c.in_combat or (isinstance(c, Zombie) and c.must_attack))
        and not c.attacked
        and opponents(public, c)
    ]


def fighter(pub: Public, cid: CreatureId) -> combat.Fighter | None:
    """The creature named ``cid``, while it is on the board (a thug: even in its barracks)."""
    if cid == KING_ID:
        return pub.king
    try:
        return combat.creature(pub, cid)
    except KeyError:
        return None


def still_there(pub: Public, cid: CreatureId) -> bool:
    """The creature named ``cid`` is still on the main board (a thug: not in its barracks)."""
    return (
        any(c.id == cid for c in pub.columns)
        or any(z.id == cid for z in pub.zombies)
        or any(t.id == cid and not t.in_barracks for t in pub.thugs)
    )


def mover_gone(pub: Public, creature: Column | Zombie) -> bool:
    """The creature left the board during its own move (killed, or home): its path ends."""
    return creature not in pub.columns and creature not in pub.zombies
