"""Zimby Mojo's reflexes: the decisions its AI makes by a rule, not by search (:class:`server.ai.policies.Reflex`).

Registered in :data:`server.ai.policies.REFLEXES` (:func:`reflex`, :func:`prune`); the search plays them at its
root and inside its tree alike.

- **Answers to requests** (may my column join yours? will you channel into this seal with me?): yes when the
  answering seat's own progress (:func:`server.ai.zimby_mojo.progress`) gains, "Work with another tribe to open
  a way into the Cannibal King's sanctum". The bot answers its own so and models the others' answers to its
  requests so: a tree node had the asked seat refuse whatever helped the asker more, so no bot asked or agreed.
- **A path's steps**: :func:`server.ai.zimby_mojo.walk`, the step nearest the goal (the playout policy's too).
- **The Crown's holder's turn**: wait in the sanctum for an escort, then walk the Crown home, its defenders eating
  all they may; and **the blow at the King** once it kills him half the time. A search whose every playout
  rates the Crown's holder the winner cannot tell walking it home from spawning a zimby, or from dropping it.

Each reads only the sampled table the search hands it, never the real one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from server.engine.game import copy_table
from server.engine.play import AnyTable, Rules
from server.engine.rng import Rng
from server.engine.windows import top
from server.games.zimby_mojo.board import BOARD
from server.games.zimby_mojo.state import (
    KING_ID,
    Answer,
    Attack,
    Column,
    Devour,
    EndTurn,
    Go,
    Public,
    Send,
    Spawn,
    Step,
    home_seat,
)
from server.games.zimby_mojo.ways import can_leave, step_moves
from server.games.zimby_mojo.zones import controls

from .zimby_mojo import odds, progress, worth
from .zimby_roads import away, goal, walk, walking

#: The Crown's column walks home once it holds this many of its tribe, while more can come (:func:`reflex`).
ESCORT = 3
#: The rounds before the round limit from which the Crown's column walks home with whatever escort it has.
HURRY = 4
#: The least chance of killing the King at which a column strikes him by reflex (:func:`king_blow`).
BLOW = 0.5


def asker(table: AnyTable, seat: int) -> int | None:
    """The seat whose request (to join its column to ``seat``'s, to channel into a seal with it) ``seat`` is to
    answer now, else ``None``."""
    public: Public = table.public
    request = public.request
    if request is None or not request.waiting or request.waiting[0] != seat:
        return None
    return request.asker


def agree(rules: Rules, table: AnyTable, seat: int, legal: Sequence[Any]) -> Any:
    """``seat``'s answer to a request: yes when its own progress on the road to the Crown gains by it, whoever else
    gains too ("Work with another tribe to open a way into the Cannibal King's sanctum": an open ward lets every
    tribe in). Each answer is played on a copy of the sampled table and its progress for ``seat`` compared; a tie
    refuses (a join that helps only the asker's column gives it the say in ``seat``'s)."""
    standing: dict[bool, float] = {}
    for move in legal:
        if isinstance(move, Answer):
            after = copy_table(table)
            rules.advance(after, Rng(0), seat, move)
            standing[move.yes] = progress(after.public, len(after.private))[seat]
    yes = standing.get(True, -1.0) > standing.get(False, 0.0)
    return next(m for m in legal if isinstance(m, Answer) and m.yes == yes)


def king_blow(public: Public, seat: int, legal: Sequence[Any]) -> Attack | None:
    """The seat's best attack on the King among ``legal`` once it kills him at least :data:`BLOW` of the time
    ("Kill the Cannibal King": a column of three eating two, 1 + 8 against his 1 plus the thugs, kills him 21
    times in 36 with four thugs in play, 26 with three): the search, its playouts cut after a few moves, weighs
    the Crown against the zimbies the blow may cost unevenly."""
    blows = [m for m in legal if isinstance(m, Attack) and m.target == KING_ID]
    best = max(blows, key=lambda m: odds(public, seat, m)[0], default=None)
    return best if best is not None and odds(public, seat, best)[0] >= BLOW else None


def _crown_attacked(public: Public, seat: int) -> bool:
    """The seat is asked whether the column holding its Crown eats before its defence roll."""
    window = top(public.windows)
    if window is None or window.asked != seat or not isinstance(window.on, dict) or "attack" not in window.on:
        return False
    pending = public.pending_attack
    target = next((c for c in public.columns if pending is not None and c.id == pending.target), None)
    return target is not None and target.crown == seat


def reflex(rules: Rules, table: AnyTable, seat: int, me: int, legal: Sequence[Any]) -> Any | None:
    """``seat``'s move by rule in ``me``'s search, else ``None`` (the search's): a request the bot asked or is
    asked answered by :func:`agree`, a path's next decision by :func:`walk`, the Crown's defenders eating all they
    may, the blow at the King (:func:`king_blow`), and a Crown holder's turn (:func:`crown_home`, its turn ending
    once the Crown can come no nearer home)."""
    public: Public = table.public
    who = asker(table, seat)
    if who is not None:
        return agree(rules, table, seat, legal) if me in (seat, who) else None
    if walking(public, seat):
        return walk(public, seat, legal)
    if _crown_attacked(public, seat):
        # the Crown's defenders eat all they may (+4 a tribesman): a thug that wins takes the Crown to the mist
        return max(legal, key=lambda move: move.eat if isinstance(move, Devour) else -1)
    blow = king_blow(public, seat, legal)
    column = _crown_column(public, seat)
    if blow is not None or column is None:
        return blow
    home = crown_home(public, seat) if _escorted(public, seat, column) else None
    for wanted in (*_escort(public, seat, legal), home, Spawn(), EndTurn()):
        if wanted in legal:
            return wanted
    return max(legal, key=lambda move: worth(table, seat, move))  # locked in combat: it must attack first


def _escort(public: Public, seat: int, legal: Sequence[Any]) -> list[Any]:
    """Tribesmen to join the Crown's column before it walks home, while it is under :data:`ESCORT` and help can
    come: zimbies sent from home, then the tribe's other columns (their walk goes to the Crown, :func:`goal`).
    Once the King is dead, "each thug will follow the route to a unique quadrant to patrol", the quadrants the
    Crown must cross; a column of three may eat two (+8) when one attacks it."""
    column = _crown_column(public, seat)
    if column is None or column.zimbies.get(seat, 0) >= ESCORT:
        return []
    sends = sorted((m for m in legal if isinstance(m, Send)), key=lambda m: -m.count)
    others = {c.id for c in public.columns if c is not column and set(c.zimbies) == {seat} and c.tile in BOARD}
    goes = [m for m in legal if isinstance(m, Go) and m.own is None and m.creature in others]
    return [*sends[:1], *goes[:1]]


def _escorted(public: Public, seat: int, column: Column) -> bool:
    """The Crown's column may set out for home: it holds :data:`ESCORT` of its tribe, or it is out of the sanctum
    already, or no escort can come before the round limit (:data:`HURRY` rounds are kept for the walk home).

    In the sanctum no thug comes at it ("each thug will follow the route to a unique quadrant to patrol"), out of it
    a thug's roll (3 + 1d6) kills a lone zimby (1 + 1d6) 26 times in 36 and takes the Crown back to the mist for a
    new King; so the column waits there for its escort, spawning zimbies to send: "Spawning 1 zimby costs 3 mojo",
    and "Spawned zimby tokens move onto the shaman's tribal board depleted" (sent the turn after)."""
    if column.zimbies.get(seat, 0) >= ESCORT or column.tile not in BOARD.sanctum:
        return True
    if public.round_limit - public.round < HURRY:
        return True
    tribe = public.tribes[seat]
    others = any(c is not column and seat in c.zimbies and c.tile in BOARD for c in public.columns)
    return not (tribe.active or tribe.depleted or tribe.far_shore or others)


def _crown_column(public: Public, seat: int) -> Column | None:
    """The column holding the seat's Crown on the main board, on the seat's turn with nothing under way."""
    if public.phase != "players" or public.turn != seat or public.moving is not None:
        return None
    if public.request is not None or public.windows:
        return None
    return next((c for c in public.columns if c.crown == seat and home_seat(c.tile) is None), None)


def crown_home(public: Public, seat: int) -> Go | None:
    """The path that takes the seat's Crown home, on its turn, while a step it can pay for comes nearer: "Get the
    King's Crown and deliver it to their tribal board!" is the win itself, and a search whose every playout already
    rates the holder the winner (its lead saturates the shares) would not tell walking it home from spawning a
    zimby, nor even from dropping it. The whole column walks, or, out of a shared one (only a column of one tribe
    may step onto a tribal board), all of the holder's tribe, the Crown with them."""
    column = _crown_column(public, seat)
    if column is None or not column.active or column.in_combat or not controls(public, seat, column):
        return None
    if not can_leave(public, seat, column):
        return None
    distances = goal(public, seat, column)
    here = away(public, distances, column.tile)

    def nearer(step: Step) -> bool:
        there = away(public, distances, step.to)
        return home_seat(step.to) == seat or (there is not None and (here is None or there < here))

    if not any(isinstance(m, Step) and nearer(m) for m in step_moves(public, seat, column, 0)):
        return None
    own = column.zimbies.get(seat, 0)
    if len(column.zimbies) > 1:
        return Go(creature=column.id, own=own)  # all of the tribe leave, the Crown with them
    return Go(creature=column.id)


#: An attack that kills its target less often than this is never searched while the seat may end its turn.
HOPELESS = 1 / 6


def prune(table: AnyTable, seat: int, legal: list[Any]) -> list[Any]:
    """The moves the search weighs: not an attack that kills its target less than :data:`HOPELESS` of the time,
    unless the seat must attack (no ``end_turn`` offered: "combat locked"). In shares of one win such a blow can
    look good for what it costs the others: a shared column's wounds fall on the partner's zimbies too (a column
    of two tribes, just after its seal opened, struck the King 7 against 10 and lost three zimbies). Nor an attack on
    a thug: a dead thug is "expelled" to a barracks, active again at the next refresh and back on the board that
    round, and a column of two eating one to kill it half the time (1 + 4 against 3) spends a zimby for sure;
    between default bots, most of both tribes had gone so to the Far Shore by the fifth round. Nor a walk out of a
    partner's column before the seal (:func:`_leaves_partner`)."""
    if EndTurn() not in legal:
        return legal
    public: Public = table.public
    thugs = {t.id for t in public.thugs}
    kept = [
        m
        for m in legal
        if not (isinstance(m, Attack) and (m.target in thugs or odds(public, seat, m)[0] < HOPELESS))
        and not _leaves_partner(public, m)
    ]
    return kept or legal


def _leaves_partner(public: Public, move: Any) -> bool:
    """``move`` takes the seat's zimbies out of a column shared with another tribe before any ward is open: the
    column is the seal's one way ("two shaman must each have at least 1 zimby of their tribe present in the same
    column on the shrine tile"), and a search that walked out of it on noise undid a join two turns in the making."""
    if not isinstance(move, Go) or move.own is None or any(w.open for w in public.wards):
        return False
    column = next((c for c in public.columns if c.id == move.creature), None)
    return column is not None and len(column.zimbies) > 1
