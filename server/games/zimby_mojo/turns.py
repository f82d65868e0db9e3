"""A player's turn: who moves, what resets when a turn starts, and the turn passed on ``end_turn``."""

from __future__ import annotations

from server.engine import Event, Rng

from .state import (
    EndTurn,
    Public,
    ZTable,
)


def end_turn(table: ZTable, seat: int, move: EndTurn, rng: Rng, event: Event) -> None:
    """The turn passes clockwise; after the last seat's, the thugs' part of the round comes."""
    pub = table.public
    pub.turns_taken += 1
    if pub.turns_taken < pub.seats:
        start_turn(pub, (pub.turn + 1) % pub.seats)
        return
    table.public.phase = "thugs"


def begin_players(pub: Public) -> None:
    """The King's turn is over: the players' turns begin with the first mover."""
    pub.phase = "players"
    pub.turns_taken = 0
    start_turn(pub, pub.first_mover)


def start_turn(pub: Public, seat: int) -> None:
    """The seat's turn starts: its spawns, zombie, attacks and invocations are counted afresh."""
    pub.turn = seat
    tribe = pub.tribes[seat]
    tribe.spawned, tribe.made_zombie = 0, False
    for c in pub.columns:
        c.attacked, c.invoked = False, False
    for z in pub.zombies:
        z.attacked, z.must_attack = False, False
