"""Where Zimby Mojo's thugs may strike this round, and what a column standing there stands to lose.

The thugs act after the players' turns: each in play "rolls 1d6" (2d6 once the King is dead) and walks that far
along its patrol route, stopping "as soon as an opponent is in its combat zone", then attacks (brutality 1 + 2
per thug against the column's, each point of the difference a zimby dead). A search whose playouts are cut after
a few moves seldom reaches the thugs' turn, so between default bots and against random play the thugs were the
bots' first cause of death (46 of about 100 zimbies a bot lost in three matches against random play), lone
zimbies left on the route around the sanctum where a walk ran out of mojo. `exposures` lets the evaluation
count a column's zimbies at what they are worth once the thugs have gone by.

A thug's walk is read from the table, never played: along its heading (its way back to the route), then its
route; a closer foe on the way, which would stop it sooner, is not counted (the estimate errs on the side of
danger). Thugs in the barracks come back on a random portal and are not counted.

Reads only the sampled table the search hands it (its public part), never the real one.
"""

from __future__ import annotations

from functools import cache

from server.games.zimby_mojo.board import BOARD
from server.games.zimby_mojo.combat import brutality, thug_column_brutality
from server.games.zimby_mojo.npcs import hidden, route_of
from server.games.zimby_mojo.state import Column, Public, Thug, TileId

#: The most tiles a thug walks in a turn: 1d6 while the King lives, 2d6 once he is dead.
FARTHEST = {True: 6, False: 12}


def reach(public: Public, thug: Thug) -> list[TileId]:
    """The tiles ``thug`` may stand on after its walk this turn, nearest first (its own tile first)."""
    if thug.in_combat:
        return [thug.tile]  # combat locked: it attacks its foe, it does not walk
    tiles = [thug.tile, *thug.heading]
    route = route_of(public, thug)
    farthest = FARTHEST[public.king.alive] + 1
    if tiles[-1] in route.tiles:
        tiles += route.walk(tiles[-1], farthest - len(tiles))
    return tiles[:farthest]


@cache
def walks_at_least(steps: int, *, king_alive: bool) -> float:
    """The chance a thug's roll takes it ``steps`` tiles or more: 1d6, or 2d6 once the King is dead."""
    if steps <= 0:
        return 1.0
    dice = [(a,) for a in range(1, 7)] if king_alive else [(a, b) for a in range(1, 7) for b in range(1, 7)]
    return sum(sum(d) >= steps for d in dice) / len(dice)


def strike_chance(public: Public, tile: TileId, walks: list[list[TileId]] | None = None) -> float:
    """The chance some thug in play attacks a column standing on ``tile`` this turn (each thug's walk counted on
    its own; -CBT obstacles hide the tile's creature). ``walks``: each thug's :func:`reach`, if known."""
    if tile not in BOARD or hidden(public, tile):
        return 0.0
    zone = set(BOARD.neighbours(tile))
    spared = 1.0
    for tiles in walks if walks is not None else [reach(public, t) for t in public.thugs_in_play()]:
        steps = next((i for i, t in enumerate(tiles) if t in zone), None)
        if steps is not None:
            spared *= 1.0 - walks_at_least(steps, king_alive=public.king.alive)
    return 1.0 - spared


def average_loss(theirs: int, ours: int, size: int) -> float:
    """The zimbies a column of ``size`` loses on average when an attack of ``theirs`` + 1d6 meets its defence of
    ``ours`` + 1d6: a zimby a point of the difference ("The combatant with the higher combat roll delivers wounds
    ... equal to the difference"), never more than it has."""
    return sum(min(size, max(0, theirs + b - ours - a)) for a in range(1, 7) for b in range(1, 7)) / 36


def expected_loss(public: Public, column: Column) -> float:
    """The zimbies ``column`` loses on average to a lone thug's attack (3 + 1d6 against its defence + 1d6)."""
    return average_loss(thug_column_brutality(1), brutality(public, column, attacking_for=None), column.size)


def exposures(public: Public) -> dict[str, float]:
    """For each zimby column on the main board, the share of its zimbies the thugs kill this turn on average (0
    out of their reach)."""
    walks = [reach(public, t) for t in public.thugs_in_play()]
    out: dict[str, float] = {}
    for column in public.columns:
        chance = strike_chance(public, column.tile, walks) if column.size else 0.0
        out[column.id] = chance * expected_loss(public, column) / column.size if chance else 0.0
    return out
