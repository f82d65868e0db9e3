"""Zimby Mojo's witchery range and line of sight (rulebook Part 6, "Witcheries"; Part 10, obstacles' LOS).

A witchery is channelled through an active zimby and reaches a target on
the main board at most 3 tiles away along a row or a column, through tiles
that hide nothing in between. This module answers the three questions the
game asks of a table, from public facts only:

- :func:`can_channel` -- may a zimby on this tile channel at all (not while
  under an obstacle that blocks line of sight)?
- :func:`in_sight` -- is this tile a witchery's legal target from that one?
- :func:`targets_in_sight` -- every tile a zimby there may target.

What blocks line of sight (:func:`blockers`), each tile strictly between the
channeller and its target::

    the blood mist            i9, the King's home ("free of blood mists")
    a creature                a column, a zombie, a thug in play, the King
    a patch o' darkness       conjured, -LOS
    blood thickets            the King's, -LOS
    an elemental ward         still in place
    a wall or a barracks      not a tile: the line of adjacent tiles breaks

Deadly, entangling and blood vines are +LOS and block nothing. A tribal
board is one tile beside its entry point: from it a zimby sees the two
main-board tiles in line with the attachment point (the entry tile and the
one inward), the second only if the first hides nothing. A zimby that ate
tribesmen for "double range" reaches 6 or 12 tiles (from home 4 or 8).

Hidden: nothing; sight is worked out from the public table.

Chance: none.

Interpretations (rulebook: ``zimby-mojo.md``, "Witcheries"):

- "the path between the channeling zimby and the witchery target must be a straight line through adjacent tiles that
  are free of blood mists, creatures, and darkness" -> the line runs along a row or a column of the board, and
  every tile strictly between the channeller and the target must be free of the blood mist, of creatures and of
  patches o' darkness; a wall cell or a barracks (walled, with no neighbours) is not a tile, so the tiles on either
  side of it are not "adjacent tiles" of one straight line and the line stops there.
- "If an obstruction between a zimby channeling a witchery and its target blocks line of sight, the tile occupied
  by the obstruction may itself still be targeted" -> the first blocking tile on a line is a target, the tiles
  beyond it are not; the channeller's own tile is a target too (range 0: "Blue has the cannibalizing zimby target
  itself").
- "The target of the witchery must be on the main board and no more than 3 tiles away from the channeling zimby"
  -> 3 tiles counted along the straight line; a tribal board is never a target.
- "The obstacle blocks line of sight. In addition, creatures on the obstacle tile may not channel mojo or
  witcheries" -> the -LOS obstacles (blood thickets, patches o' darkness, and the blood mist tile itself) block
  the tiles behind them, and a zimby standing under one may not channel; the +LOS vines do neither.
- "These wards prevent creatures from entering the tiles from either direction and block line of sight for
  witchery channeling" -> a ward still in place blocks like an obstruction: its tile may be targeted, the
  sanctum behind it may not be seen from outside.
- "The casting shaman must designate an ... zimby they control on the main board or their tribal board to channel
  their mojo through" -> a zimby at home channels from its tribal board, which counts as one tile beside its entry
  point ("Tribal boards count as ... for movement"); it sees only the two tiles in line with
  the attachment point that the facts file calls "witchery active" (the entry tile, then the tile inward of it,
  the second hidden when the first holds an obstruction).
- "the first zimby eaten to increase the range of a witchery doubles the range; the second one eaten to increase the
  range of the ... witchery doubles it again (quadrupling the range)" -> the game passes the reach (3, 6 or 12
  tiles) and the line runs that far, obstructions stopping it as ever; from a tribal board the two witchery-active
  tiles are its range, doubled likewise (4, then 8 tiles inward from the entry point).
"""

from __future__ import annotations

from .board import BOARD, Side
from .scrolls import WITCHERY_RANGE
from .state import ObstacleKind, Public, TileId, home_seat

#: The main-board tiles a zimby on its tribal board sees, inward from the entry point ("witchery active").
HOME_SIGHT = 2
#: Obstacles that block line of sight (-LOS): nobody under them channels, nothing behind them is seen.
BLOCKS_SIGHT: frozenset[ObstacleKind] = frozenset({"thickets", "darkness"})


def blockers(public: Public) -> frozenset[TileId]:
    """The main-board tiles that block line of sight now (the blood mist is the board's own and always blocks).

    Creatures, -LOS obstacles and wards still in place: each may be targeted, nothing behind it.
    """
    tiles: set[TileId] = {c.tile for c in public.columns} | {z.tile for z in public.zombies}
    tiles |= {t.tile for t in public.thugs if not t.in_barracks}
    if public.king.alive and public.king.tile is not None:
        tiles.add(public.king.tile)
    tiles |= {o.tile for o in public.obstacles if o.kind in BLOCKS_SIGHT}
    tiles |= {w.tile for w in public.wards if not w.open}
    return frozenset(t for t in tiles if t in BOARD)


def can_channel(public: Public, tile: TileId) -> bool:
    """Whether a zimby on ``tile`` may channel a witchery: not under a -LOS obstacle nor in the blood mist.

    A tribal board (``home<seat>``) holds no obstacle: its zimbies may always channel.
    """
    if home_seat(tile) is not None:
        return True
    if tile == BOARD.blood_mist:
        return False
    return not any(o.tile == tile and o.kind in BLOCKS_SIGHT for o in public.obstacles)


def targets_in_sight(public: Public, frm: TileId, reach: int = WITCHERY_RANGE) -> list[TileId]:
    """Every main-board tile a zimby on ``frm`` may target: its own tile first, then each line outward
    (north, east, south, west), nearest first, up to ``reach`` tiles (3; 6 or 12 for a zimby that ate for
    "double range") or the first obstruction (included)."""
    seat = home_seat(frm)
    if seat is not None:
        return _from_home(public, seat, reach)
    stop = blockers(public) | {BOARD.blood_mist}
    seen = [frm]
    for side in ("north", "east", "south", "west"):
        for there in BOARD.in_line(frm, side, reach):
            seen.append(there)
            if there in stop:
                break
    return seen


def in_sight(public: Public, frm: TileId, to: TileId, reach: int = WITCHERY_RANGE) -> bool:
    """Whether ``to`` is within ``reach`` tiles of ``frm`` (3 unless doubled) in straight, unobstructed line of
    sight (an obstruction's own tile may be targeted)."""
    return to in targets_in_sight(public, frm, reach)


def home_reach(reach: int) -> int:
    """How many tiles a zimby on its tribal board sees inward from the entry tile: the two witchery-active tiles,
    doubled as the range is ("double range": 4, then 8)."""
    return HOME_SIGHT * max(1, reach // WITCHERY_RANGE)


def _from_home(public: Public, seat: int, reach: int) -> list[TileId]:
    """A seat's tribal board sees its entry tile, then inward (the witchery-active tiles, more with double range),
    up to the first obstruction (included)."""
    entry = BOARD.entry_point(public.tribes[seat].entry)
    if entry is None:
        return []
    inward = _INWARD[entry.side]
    line = (entry.tile, *BOARD.in_line(entry.tile, inward, home_reach(reach) - 1))
    stop = blockers(public) | {BOARD.blood_mist}
    seen: list[TileId] = []
    for there in line:
        seen.append(there)
        if there in stop:
            break
    return seen


_INWARD: dict[Side, Side] = {"north": "south", "south": "north", "east": "west", "west": "east"}
