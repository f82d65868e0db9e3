"""The table as a match opens: tribal boards at their entry points, seals, wards and rituals laid out, hands dealt."""

from __future__ import annotations

from server.engine import Rng
from server.engine.seats import named_or_drawn

from . import scrolls
from .asking import count_cards
from .board import BOARD
from .state import (
    ELEMENTS,
    RITUALS,
    ZIMBIES_PER_TRIBE,
    King,
    Obstacle,
    Private,
    Public,
    RitualTile,
    Secret,
    Shrine,
    Thug,
    TileId,
    TribalBoard,
    Ward,
    ZimbyMojoOptions,
    ZTable,
)

ENTRIES: tuple[TileId, ...] = tuple(e.tile for e in BOARD.entry_points)
RITUAL_TILES: tuple[TileId, ...] = tuple(r.tile for r in BOARD.rituals)


def setup(options: ZimbyMojoOptions, seats: int, rng: Rng) -> ZTable:
    """A new match: seat ``s`` of ``n`` takes entry ``s * 8 // n``; everything hidden is drawn from ``rng``."""
    solitaire = seats == 1
    zimbies, hand = (8, 6) if solitaire or options.pace == "fast" else (4, 3)
    entries = ENTRIES
    tribes = [
        TribalBoard(
            seat=s, entry=entries[s * len(entries) // seats], active=zimbies, far_shore=ZIMBIES_PER_TRIBE - zimbies
        )
        for s in range(seats)
    ]
    seals = rng.shuffled(list(ELEMENTS))
    wards = rng.shuffled(list(ELEMENTS))
    rituals = rng.shuffled(list(RITUALS))[: len(RITUAL_TILES)]
    first = named_or_drawn(options.first_player, seats, rng)
    public = Public(
        seats=seats,
        solitaire=solitaire,
        first_mover=first,
        turn=first,
        tribes=tribes,
        thugs=[Thug(id=f"t{i}", tile=tile) for i, tile in enumerate(BOARD.thug_starts)],
        king=King(tile=BOARD.blood_mist),
        shrines=[Shrine(tile=t) for t in BOARD.shrines],
        wards=[Ward(tile=t, element=e) for t, e in zip(BOARD.wards, wards, strict=True)],
        rituals=[RitualTile(tile=t) for t in RITUAL_TILES],
        obstacles=[Obstacle(tile=t, kind="thickets", kings=True) for t in BOARD.thickets]
        + [Obstacle(tile=t, kind="blood_vines", kings=True) for t in BOARD.vines],
        hand_sizes=[0] * seats,
        round_limit=options.round_limit,
    )
    secret = Secret(
        seals=dict(zip(BOARD.shrines, seals, strict=True)),
        rituals=dict(zip(RITUAL_TILES, rituals, strict=True)),
        library=scrolls.solitaire_library(rng) if solitaire else scrolls.library(rng),
    )
    table = ZTable(public=public, private=[Private() for _ in range(seats)], secret=secret)
    for private in table.private:
        private.hand = [secret.library.pop(0) for _ in range(min(hand, len(secret.library)))]
    count_cards(table)
    return table
