"""Zimby Mojo's Crown on the ground: fetched by the first column whose walk picks it up, and never dropped.

Once the King is dead, "Get the King's Crown and deliver it to their tribal board!". A path picks the Crown up
where it steps onto it ("The creature picks up an item"), so a column standing on it must step off and back, and a
walk of a column on its goal was never searched (:func:`server.ai.zimby_reflexes.prune`): against random play
a column of two stood on the Crown beside the mist for eight rounds. And the search, which nothing kept from weighing
a drop, dropped the Crown it had just picked up ("A creature may drop an item at any time"), which a carrier never
gains by: the burden eases with the rounds, not with a new carrier.

Reads only the sampled table the search hands it (its public part), never the real one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from server.engine.play import AnyTable, Rules
from server.games.zimby_mojo.board import BOARD
from server.games.zimby_mojo.state import Drop, Go, Public

from .zimby_roads import free_turn, tried


def fetch(rules: Rules, table: AnyTable, seat: int, legal: Sequence[Any]) -> Go | None:
    """On the seat's own turn with nothing under way, the Crown lying on the main board: the walk of one of the
    seat's columns that ends with its tribe holding the Crown (or home with it), tried on a copy of the sampled
    table (the biggest column first: it holds the Crown longest against the thugs); ``None`` if none reaches it
    this turn."""
    public: Public = table.public
    crown = public.crown
    if public.king.alive or crown is None or crown.carrier is not None or crown.tile not in BOARD:
        return None
    if not free_turn(public, seat):
        return None
    sizes = {c.id: c.size for c in public.columns if seat in c.zimbies and c.tile in BOARD}
    goes = [m for m in legal if isinstance(m, Go) and m.own is None and m.creature in sizes]
    for move in sorted(goes, key=lambda m: -sizes[m.creature]):
        after: Public = tried(rules, table, seat, [move]).public
        if seat in after.winners or any(c.crown == seat for c in after.columns):  # the walk may take it home
            return move
    return None


def drops(move: Any) -> bool:
    """``move`` drops the seat's Crown: never searched."""
    return isinstance(move, Drop)
