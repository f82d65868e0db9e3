"""Where a Zimby Mojo tribe's zimbies go next on the road to the Crown, and the walk that takes them there.

The road (:mod:`server.ai.zimby_mojo`): another tribe's column to share, a shrine to unseal with it, the King
through an open ward, the Crown, and home with it. :func:`goal` gives, for a column, the walking distance from
every tile to where it should go next (closed wards and blood thickets in the way); :func:`walk` takes a path's
next step by it, a rule of the AI's (its playouts' and its reflexes', :mod:`server.ai.zimby_reflexes`): a node
per tile spent the search's budget and a cut playout's moves on walking.

Both read only the sampled table the search hands them (its public part), never the real one.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from server.engine.game import copy_table
from server.engine.play import AnyTable, Rules
from server.engine.rng import Rng
from server.engine.windows import Pass, top
from server.games.zimby_mojo.board import BOARD
from server.games.zimby_mojo.mojo import available
from server.games.zimby_mojo.state import COLUMN_TRIBE_LIMIT, Column, Halt, PickUp, Public, Step, TileId, home_seat
from server.games.zimby_mojo.ways import expenditure

from .zimby_thugs import reach, strike_chance

#: The road's reach from the Crown's carrier to its home (within the whole board).
REACH_HOME = 32
#: The most decisions a tried walk takes (:func:`tried`; a walk halts long before: a turn's mojo pays for a few
#: dozen tiles).
WALK_LIMIT = 64


@lru_cache(maxsize=256)
def distances_to(goals: frozenset[TileId], blocked: frozenset[TileId]) -> dict[TileId, int]:
    """Steps from every tile to the nearest of ``goals``, never through ``blocked`` (the board is fixed, so a few
    goal sets and obstacle layouts recur through a whole match)."""
    return BOARD.distances(goals, blocked=blocked - goals)


#: Obstacles a walk goes round: blood thickets "prohibit all movement"; "Creatures that enter a tile containing blood
#: vines suffer 1d3 wounds", and deadly vines wound too (a column walked through the blood vines of its quadrant's
#: corridor and lost two zimbies).
AVOIDED = frozenset({"thickets", "blood_vines", "deadly_vines"})


def impassable(public: Public) -> frozenset[TileId]:
    """What no walk goes through: closed wards and the obstacles of :data:`AVOIDED`."""
    closed = {w.tile for w in public.wards if not w.open}
    return frozenset(closed | {o.tile for o in public.obstacles if o.kind in AVOIDED})


def seal_stage(public: Public) -> bool:
    """The King lives behind closed wards: the road's stage of the seal ("Work with another tribe to open a way")."""
    return public.king.alive and not any(w.open for w in public.wards)


def blow_stage(public: Public) -> bool:
    """The King lives behind an open ward: the road's stage of the blow at him ("Kill the Cannibal King")."""
    return public.king.alive and any(w.open for w in public.wards)


def home_distance(public: Public, seat: int, tile: TileId) -> float:
    """Steps from ``tile`` onto the seat's tribal board (one tile beyond its entry point)."""
    if home_seat(tile) == seat:
        return 0.0
    near = distances_to(frozenset({public.tribes[seat].entry}), impassable(public)).get(tile)
    return float(REACH_HOME) if near is None else near + 1.0


def away(public: Public, distances: dict[TileId, int], tile: TileId) -> int | None:
    """Steps from ``tile`` to the goal of ``distances``; from a tribal board, by its entry point."""
    seat = home_seat(tile)
    if seat is None:
        return distances.get(tile)
    d = distances.get(public.tribes[seat].entry)
    return None if d is None else d + 1


def goal(public: Public, seat: int, column: Column, around: frozenset[TileId] = frozenset()) -> dict[TileId, int]:
    """The distances to where ``seat``'s zimbies in ``column`` should go next: the Crown (its own tribal board
    when they carry it), else the King through an open ward, else a shrine (another tribe's column first, when
    they are alone: a seal needs two tribes; with none on the board, another tribe's entry point); never through
    :func:`impassable` tiles nor ``around``."""
    blocked = impassable(public) | around
    crown = public.crown
    if not public.king.alive and crown is not None:
        if homeward(public, seat, column):
            entry = distances_to(frozenset({public.tribes[seat].entry}), blocked)
            return {t: d + 1 for t, d in entry.items()}
        at = crown.tile if crown.carrier is None else _carrier_tile(public, crown.carrier)
        return distances_to(frozenset({at}), blocked) if at is not None and at in BOARD else {}
    if any(w.open for w in public.wards) and public.king.tile is not None:
        return distances_to(frozenset({public.king.tile}), blocked)
    shrines = frozenset(s.tile for s in public.shrines if not s.activated)
    if len(column.zimbies) == 1:
        others = frozenset(c.tile for c in public.columns if seat not in c.zimbies and c.tile in BOARD)
        if not others:
            # where the other tribes come onto the board: a column standing on an entry point is one its tribe's
            # next zimbies sent out ask to join (:func:`server.games.zimby_mojo.ways.entry_open`)
            others = frozenset(t.entry for t in public.tribes if t.seat != seat)
        if others:
            return distances_to(others, blocked)
    return distances_to(shrines, blocked) if shrines else {}


def homeward(public: Public, seat: int, column: Column) -> bool:
    """``seat``'s zimbies in ``column`` go home: they carry the seat's Crown, or another column of the tribe alone
    carries it and this one could not join that one ("no more than 3 zimbies of that tribe"). At home each is a
    mojo a round for the Crown's dash; on the board, such a column walked to the Crown, halted beside it and stood
    there, in the one tile between it and the open ward, for the rest of the match (against random play, the
    Crown in the sanctum for 37 rounds, a full tribal board beyond)."""
    crown = public.crown
    if public.king.alive or crown is None or crown.carrier is None:
        return False
    if crown.carrier == column.id:
        return column.crown == seat
    carrier = next((c for c in public.columns if c.id == crown.carrier), None)
    if carrier is None or carrier.crown != seat or set(carrier.zimbies) != {seat} or set(column.zimbies) != {seat}:
        return False
    return carrier.zimbies[seat] + column.zimbies[seat] > COLUMN_TRIBE_LIMIT


def _carrier_tile(public: Public, carrier: str) -> TileId | None:
    found = next((c.tile for c in public.columns if c.id == carrier), None)
    return found or next((t.tile for t in public.thugs if t.id == carrier), None)


def free_turn(public: Public, seat: int) -> bool:
    """The seat's own turn in the players' phase with nothing under way (no path, request or window): where it
    chooses what to do next."""
    return (
        public.phase == "players"
        and public.turn == seat
        and public.moving is None
        and public.request is None
        and not public.windows
    )


def walking(public: Public, seat: int) -> bool:
    """A path of ``seat``'s column is under way and its next decision is a step, a halt or the Crown (not a
    portal's destination, a window or a request)."""
    return (
        public.moving is not None
        and public.moving.portal is None
        and public.request is None
        and not public.windows
        and public.turn == seat
        and moving_column(public) is not None
    )


def walk(public: Public, seat: int, legal: Sequence[Any]) -> Any:
    """A path's next decision by its goal (:func:`goal`): the Crown picked up where the path found it, home with
    it, else the step that comes nearest the goal; a halt on the goal or where no step comes nearer (a step
    sideways is mojo spent for nothing; a first step must be taken, so the nearest is)."""
    column = moving_column(public)
    assert column is not None
    for move in legal:
        if isinstance(move, PickUp):
            return move
    steps = [m for m in legal if isinstance(m, Step)]
    halt = next((m for m in legal if isinstance(m, Halt)), None)
    if not steps:
        return halt if halt is not None else legal[0]
    if homeward(public, seat, column):
        home = next((m for m in steps if home_seat(m.to) == seat), None)
        if home is not None:
            return home
    if any(line.endswith("refuses") for line in public.happened):
        # the column this path tried to join refused it just now: asking again would be asked in vain forever
        taken = {c.tile for c in public.columns if c is not column}
        steps = [m for m in steps if m.to not in taken] or steps
    elif any(w.open for w in public.wards):
        # past the seal no tribe lets another into its column (only "single-tribe columns may cannibalize" for the
        # blow at the King), so a step onto another tribe's column is a request refused (and, next turn, again)
        theirs = {c.tile for c in public.columns if set(c.zimbies) - {seat}}
        steps = [m for m in steps if m.to not in theirs] or steps
    distances = _walk_goal(public, seat, column)
    here = away(public, distances, column.tile)
    found = [(away(public, distances, m.to), m.to == BOARD.blood_mist, i) for i, m in enumerate(steps)]
    # of steps as near, one beside the blood mist ("Any creature that enters the blood mist tile suffers 1 wound")
    known = [(d, mist, i) for d, mist, i in found if d is not None and home_seat(steps[i].to) is None]
    if not known:
        return halt if halt is not None else steps[0]
    nearest, _, i = min(known)
    if halt is not None and (
        here is None or nearest >= here or _short_into_reach(public, seat, column, steps[i].to, nearest)
    ):
        return halt
    return steps[i]


def tried(rules: Rules, table: AnyTable, seat: int, moves: Sequence[Any]) -> AnyTable:
    """``moves`` played by ``seat`` on a copy of the sampled table, and the path they set under way walked to its
    end by :func:`walk`, the other seats letting it by where a step asks them ("Stop!" unsaid): where a plan's walk
    would leave its column, by the walk that will take it, so the plan and the walk never disagree about a tile."""
    after = copy_table(table)
    rng = Rng(0)
    for move in moves:
        rules.advance(after, rng, seat, move)
    for _ in range(WALK_LIMIT):
        public: Public = after.public
        window = top(public.windows)
        if window is not None and window.asked != seat and Pass() in rules.legal_moves(after, window.asked):
            rules.advance(after, rng, window.asked, Pass())
        elif walking(public, seat):
            rules.advance(after, rng, seat, walk(public, seat, rules.legal_moves(after, seat)))
        else:
            break
    return after


def _short_into_reach(public: Public, seat: int, column: Column, to: TileId, left: int) -> bool:
    """Behind an open ward, while the King lives, the step onto ``to`` leaves a tile out of the thugs' reach
    (:mod:`server.ai.zimby_thugs`) for one in it while the goal, ``left`` tiles beyond, is more than the mojo left
    this turn can pay for: the column would stop on the route round the sanctum, between the tiles out of reach
    and the sanctum, where none patrols. It waits at the edge for a turn that takes it across. Counting the thugs'
    reach but walking on regardless, a column of three (two tiles a mojo) sat for rounds where it stood, a walk
    into their reach worth less to the search than none; and before a seal, where the goal (a shrine) is itself
    on the route, waiting at the edge only lost the turns a partner's zimby is about (4 of 20 matches against
    random play won by the rules, against 8 of 20)."""
    moving = public.moving
    if moving is None or not blow_stage(public):
        return False
    per, cost = expenditure(public, column)
    paid = moving.tiles_left + moving.free_tiles + available(public.tribes[seat]) // cost * per
    if 1 + left <= paid:
        return False
    walks = [reach(public, thug) for thug in public.thugs_in_play()]
    return strike_chance(public, to, walks) > 0 and strike_chance(public, column.tile, walks) == 0


def _walk_goal(public: Public, seat: int, column: Column) -> dict[TileId, int]:
    """Where a walk goes: :func:`goal`, but while the King lives behind an open ward a column of one tribe too
    small for the blow (under three: a zimby eating two, "+8 brutality") joins another of its tribe first; a lone
    zimby at the King cannot hurt him (brutality 1 against his 1 plus the thugs, and 4 wounds to kill). It joins
    one nearer the King than itself (:func:`_rally`), with room for it ("no more than 3 zimbies of that tribe"):
    the column nearest him is where the others gather, and holds its ground (two small columns walking to each
    other met halfway, out of the sanctum, and walked back in).

    Before any ward is open the walk goes round the thugs, whose tiles no column enters but to fight ("Zimbies and
    thugs may move onto any unoccupied tile adjacent"; "An attack is an 'aggressive push' into a tile occupied by
    another creature"): the corridors are a tile wide, the shrines lie on the thugs' route round the sanctum, and
    a shared column walking to the nearest shrine halted beside a thug standing in its corridor, with six mojo
    left; its partner walked it off on its own turn."""
    if seal_stage(public):
        return goal(public, seat, column, around=frozenset(t.tile for t in public.thugs if t.tile in BOARD))
    king = goal(public, seat, column)
    small = len(column.zimbies) == 1 and column.size < 3
    if small and blow_stage(public):
        here = _rally(public, king, column)
        own = frozenset(
            c.tile
            for c in public.columns
            if c is not column
            and set(c.zimbies) == {seat}
            and c.tile in BOARD
            and c.size + column.size <= 3
            and _rally(public, king, c) < here
        )
        if own:
            return distances_to(own, impassable(public))
    return king


def _rally(public: Public, king: dict[TileId, int], column: Column) -> tuple[int, int, str]:
    """Which of a tribe's columns the others gather at: the nearest the King, the biggest of those, the first
    made (two columns beside him, of two and one, each waited for the other to come)."""
    d = away(public, king, column.tile)
    return (d if d is not None else 10**6, -column.size, column.id)


def moving_column(public: Public) -> Column | None:
    moving = public.moving
    return next((c for c in public.columns if moving is not None and c.id == moving.creature), None)
