"""Elemental seals: a shrine unsealed by two tribes channelling together (in solitaire, by a sacrifice)."""

from __future__ import annotations

from server.engine import Event, Rng

from .mojo import available, pay
from .state import (
    Answer,
    AnyMove,
    Column,
    CreatureId,
    Public,
    Request,
    TileId,
    Unseal,
    ZTable,
)


def unseal_moves(public: Public, seat: int, column: Column) -> list[AnyMove]:
    """Unsealing the shrine the column stands on: with a partner who could pay (every seat's mojo is public), or in
    solitaire by a sacrifice."""
    shrine = next((s for s in public.shrines if s.tile == column.tile and not s.activated), None)
    if shrine is None or not column.active:
        return []
    if public.solitaire:
        # Solitaire: "One zimby must be sacrificed on a shrine tile" by another of its column.
        return [Unseal(column=column.id, partner=seat)] if column.size >= 2 else []
    if available(public.tribes[seat]) < 1:
        return []
    # Only a partner who could pay is asked (every seat's mojo is public).
    return [
        Unseal(column=column.id, partner=p) for p in column.tribes if p != seat and available(public.tribes[p]) >= 1
    ]


def unseal(table: ZTable, seat: int, move: Unseal, rng: Rng, event: Event) -> None:
    """A partner is asked to channel into the seal with the seat (in solitaire, a zimby is sacrificed at once)."""
    if move.partner == seat:
        sacrifice(table, seat, move.column)
    else:
        table.public.request = Request(kind="seal", asker=seat, column=move.column, waiting=[move.partner])


def answer_seal(table: ZTable, seat: int, move: Answer, rng: Rng, event: Event) -> None:
    """The partner agrees, and both pay 1 mojo at once and the seal is activated, or refuses."""
    yes = move.yes
    pub = table.public
    request = pub.request
    assert request is not None
    pub.request = None
    if not yes:
        pub.happened.append(f"seat {seat} will not channel into the seal")
        return
    pay(pub.tribes[request.asker], 1)
    pay(pub.tribes[seat], 1)
    activate(table, pub.column(request.column).tile)


def sacrifice(table: ZTable, seat: int, cid: CreatureId) -> None:
    """Solitaire: one zimby of the column is sacrificed on the shrine and goes to the Far Shore."""
    pub = table.public
    column = pub.column(cid)
    column.zimbies[seat] -= 1
    pub.tribes[seat].far_shore += 1
    activate(table, column.tile)


def activate(table: ZTable, tile: TileId) -> None:
    """The seal on the shrine at ``tile`` is revealed and the ward of its element opens."""
    pub = table.public
    element = table.secret.seals[tile]
    shrine = next(s for s in pub.shrines if s.tile == tile)
    shrine.seal, shrine.activated = element, True
    ward = next(w for w in pub.wards if w.element == element)
    ward.open = True
    pub.happened.append(f"the seal of {element} on {tile} is activated: the {element} ward at {ward.tile} opens")
