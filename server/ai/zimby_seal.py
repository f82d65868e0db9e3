"""Before any of Zimby Mojo's wards is open: the seal as a plan, and one column of a tribe out at a time.

"Work with another tribe to open a way into the Cannibal King's sanctum": a seal needs one zimby of the tribe in a
column shared with another tribe on a shrine, and nothing more of it. Left to the search, a tribe sent out column
after column in the first rounds (eight zimbies in three against random play), and they died there (the thugs'
patrols, the King's rituals, the other tribe's attacks); by the eighth round a bot had all sixteen on the Far
Shore and the random player fifteen, with the mojo of four tokens a round to spawn them back one by one and
nobody on the board to open a seal with. At home a zimby is a mojo every round, and the mojo pays the walk and the
seal when a partner's column comes.

Once the tribe's zimby shares a column with another tribe's, on its own turn (the column's controller: "On
Blue's turn, Blue becomes the controller of the column because Blue has a zimby in that column") the seat asks
for the seal where the column stands on a shrine, and otherwise walks it to one when this turn's mojo takes it
there and still pays the channel (:func:`launch`). Left to the search, whose playouts are cut a few moves on,
the seal was five or six decisions away (the walk, its steps, the halt, the request, the answer): a column of
two tribes six tiles from a shrine, its seat with twelve mojo, ended its turn, and one two tiles away, with six,
spawned a zimby instead; against random play the partner then walked it off or the thugs caught it, and in four
of forty matches no ward ever opened.

The join itself is set out by rule only when the same turn then takes the shared column to the seal
(:func:`join`): against random play a join made with the turn's last mojo, or with the partner's spent, left the
column to the partner's own turn, which split its zimby off or walked the column away.

Reads only the sampled table the search hands it (its public part), never the real one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from server.engine.play import AnyTable, Rules
from server.engine.rng import Rng
from server.games.zimby_mojo.board import BOARD
from server.games.zimby_mojo.state import Answer, Go, Public, Send, Unseal, Warp

from .zimby_roads import free_turn, seal_stage, tried


def sealing(public: Public, seat: int) -> bool:
    """The seat's own turn with nothing under way, the King alive and every ward closed: the seal's stage."""
    return seal_stage(public) and free_turn(public, seat)


def launch(rules: Rules, table: AnyTable, seat: int, legal: Sequence[Any]) -> Any | None:
    """The seal asked for where the seat's shared column stands on a shrine ("two shaman must each have at least 1
    zimby of their tribe present in the same column on the shrine tile"), else the walk of such a column that ends
    on a shrine with the seal still to be asked (the partner and the seat each able to pay its 1 mojo), tried on a
    copy of the sampled table; ``None`` if neither. Just after a refusal, ``None`` too: asking again is the
    search's (it mostly does, against random play a coin flip each time), so a partner who always refuses does
    not hold the seat in a loop of requests. With no column shared yet, the join the same turn follows up
    (:func:`join`)."""
    public: Public = table.public
    if not sealing(public, seat):
        return None
    if _shared(public, seat):
        return _to_the_seal(rules, table, seat, legal)
    return join(rules, table, seat, legal)


def _shared(public: Public, seat: int) -> set[str]:
    """The seat's columns on the main board shared with another tribe: the ones a seal is asked in."""
    return {c.id for c in public.columns if seat in c.zimbies and len(c.zimbies) > 1 and c.tile in BOARD}


def _to_the_seal(rules: Rules, table: AnyTable, seat: int, legal: Sequence[Any]) -> Any | None:
    """The seal asked for on the shrine, else the walk of a shared column that ends with it still to be asked."""
    public: Public = table.public
    unseal = next((m for m in legal if isinstance(m, Unseal)), None)
    if unseal is not None:
        return None if any(line.endswith("will not channel into the seal") for line in public.happened) else unseal
    shared = _shared(public, seat)
    for move in legal:
        if isinstance(move, Go) and move.own is None and move.creature in shared:
            after = tried(rules, table, seat, [move])
            if any(isinstance(m, Unseal) for m in rules.legal_moves(after, seat)):
                return move
    return None


def join(rules: Rules, table: AnyTable, seat: int, legal: Sequence[Any]) -> Any | None:
    """With no column shared yet, the walk of one of the tribe's own columns (or of one zimby sent from home) that
    ends asking to join another tribe's column, when the same turn, the join agreed, then takes the shared column
    to a shrine and asks for the seal (tried on the copy): the partner's own turn comes before the seat's next,
    and against random play the partner split its zimby off or walked the column away. A join this turn could not
    follow up is left to the search."""
    public: Public = table.public
    alone = {c.id for c in public.columns if set(c.zimbies) == {seat} and c.tile in BOARD}
    goes: list[Any] = [m for m in legal if isinstance(m, Go) and m.own is None and m.creature in alone]
    for move in goes + [m for m in legal if m == Send(count=1)]:  # the board's first: at home a zimby is a mojo a round
        after = tried(rules, table, seat, [move])
        request = after.public.request
        if request is None or request.kind != "join" or request.asker != seat:
            continue
        for asked in list(request.waiting):
            rules.advance(after, Rng(0), asked, Answer(yes=True))
        if sealing(after.public, seat) and _to_the_seal(rules, after, seat, rules.legal_moves(after, seat)) is not None:
            return move
    return None


def holds(public: Public, seat: int, move: Any) -> bool:
    """``move`` sends zimbies from home, or warps them, on the seat's own turn before any ward is open, while a
    column with zimbies of its tribe is on the main board already."""
    if not isinstance(move, Send | Warp) or not sealing(public, seat):
        return False
    return any(seat in c.zimbies and c.tile in BOARD for c in public.columns)
