"""Before any of Zimby Mojo's wards is open: one column of a tribe on the main board at a time, the rest at home.

"Work with another tribe to open a way into the Cannibal King's sanctum": a seal needs one zimby of the tribe in a
column shared with another tribe on a shrine, and nothing more of it. Left to the search, a tribe sent out column
after column in the first rounds (eight zimbies in three against random play), and they died there (the thugs'
patrols, the King's rituals, the other tribe's attacks); by the eighth round a bot had all sixteen on the Far
Shore and the random player fifteen, with the mojo of four tokens a round to spawn them back one by one and
nobody on the board to open a seal with. At home a zimby is a mojo every round, and the mojo pays the walk and the
seal when a partner's column comes.

Reads only the sampled table the search hands it (its public part), never the real one.
"""

from __future__ import annotations

from typing import Any

from server.games.zimby_mojo.board import BOARD
from server.games.zimby_mojo.state import Public, Send, Warp

from .zimby_roads import free_turn


def holds(public: Public, seat: int, move: Any) -> bool:
    """``move`` sends zimbies from home, or warps them, on the seat's own turn before any ward is open, while a
    column with zimbies of its tribe is on the main board already."""
    if not isinstance(move, Send | Warp) or not public.king.alive or any(w.open for w in public.wards):
        return False
    return free_turn(public, seat) and any(seat in c.zimbies and c.tile in BOARD for c in public.columns)
