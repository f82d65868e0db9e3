"""Zimby Mojo's thugs and zombies: the creatures no shaman plays, moved by the dice each round.

**The thugs' turn** (after the last player's turn) is a movement phase and
then an attack phase. In the movement phase each active thug in a barracks
returns on a random portal tile (dismissing whatever creature stands there)
and walks off it in a random direction; then each thug in play that is not
combat locked rolls its dice (1d6 while the King lives, 2d6 once he is dead)
and walks that many tiles along its patrol route in the direction of the foot
marks: the route around the sanctum while the King lives, afterwards the
outer route of the one quadrant it patrols alone. A thug off its route first
walks the shortest way back to it. A thug stops as soon as an opponent (a
zimby column or a zombie) is in its combat zone, or when the next tile is
barred to it; it walks through other thugs and stupidly into any other
obstacle. In the attack phase every thug column with an opponent in its
combat zone attacks one of them, chosen at random, one column after the
other in thug order (:func:`next_thug_attack`, so that the game may ask a
defending shaman whether a zimby eats first).

**The Crown run.** A thug that wins the Crown, walks over it or enters play
where it lies carries it to the blood mist by the patrol routes, then in
through an open ward, at 2d6 tiles a turn, gathering every thug it meets into
its column. If it gets there, the Crown turns over into a new King in the
mist, the column is expelled to the barracks and every thug goes back to the
route around the sanctum (in solitaire the player loses, :mod:`.solitaire`).

**Zombies shamble** after the thugs: each zombie that is neither combat
locked nor held (its owner paid 1 mojo) walks 1d6 tiles toward the nearest
living creature and attacks the first living creature in its combat zone.

Hidden: nothing.

Chance: the thugs' and zombies' dice, a returning thug's portal and first
step, a thug's or zombie's choice among several opponents, portal
relocations, vine wounds; all from the match's seeded generator.

Interpretations (rulebook: ``zimby-mojo.md``, "Thugs' turn and patrols"):

- "If a moving thug encounters an opponent in its attack zone, it will stop
  moving and initiate combat." -> a thug that starts its move with an
  opponent in its combat zone does not move at all; one that moves stops on
  the first tile from which it sees one. Opponents are zimby columns and
  zombies; a tile under blood thickets or darkness (-CBT) hides its creature.
- "Thugs will stupidly walk into any obstacles in their path." -> blood
  vines wound a thug column entering them (1d3) and deadly vines (1), the two
  added as one source; entangling vines end its move and keep it there until
  they are gone (a Crown carrier rolls its immunity at each step out); only
  tiles no creature may enter stop it before it steps (blood thickets, wards
  still in place, the tile of a zimby column, a zombie or the King).
- "Each active thug on a barracks tile returns to play on a random portal
  tile and moves to a patrol route." -> the portal is drawn with 1d4 (in
  solitaire 1d6, 5 and 6 meaning the portal of the player's quadrant) among
  the four, and the thug then moves its full roll that same turn: first onto
  a random free tile beside the portal, then the shortest way to its route.
  A portal the King stands on is not drawn. A zimby column dismissed from
  the portal leaves any Crown it held on the portal tile, where the thug
  picks it up.
- "each thug will follow the ... to a unique quadrant to patrol" -> when
  the King dies each thug in play, in order of its id, takes the unpatrolled
  quadrant whose outer route it reaches first walking along the foot marks.
  A thug returning later takes the quadrant of the first outer route it
  reaches, and a thug already patrolling it moves on to the nearest
  unpatrolled quadrant ("each of the thugs except the last to reach the").
- "forming a column with any and all other thugs it encounters on the way."
  -> the thugs on the carrier's tile move with it as one column (2d6) and a
  thug on a tile it steps onto joins; they are expelled together in the mist.
- "by the most direct sequence of patrol routes" -> along the foot marks to
  the route tile before an open ward, then the shortest way through the ward
  into the mist; with every ward still in place the column patrols with the
  Crown until one opens.
- "A shambling zombie will move ... toward the ... as measured by the
  number of contiguous tiles along a valid movement path from the zombie to
  the living creature." -> the nearest living creature (a zimby column, a
  thug, the King) is the one with the shortest walk that no other creature
  blocks, through any obstacle but blood thickets and wards in place; ties
  are drawn at random. Each step goes one tile along that walk and the
  nearest is chosen again after each step.
- "If there are two or more living creatures in an uncontrolled zombie's
  combat zone, randomly choose which one the zombie will attack." -> the
  target is drawn with the seeded generator, among the creatures it may
  attack (not under thickets or darkness).
- "If a thug ever wins the Cannibal Crown in combat, moves over it, or enters play on a portal tile on which
  the Crown rests" -> a thug stepping onto the portal where the Crown lies picks it up before the portal
  relocates it, and takes it along (the portal moves "the creature along with any items carried"); a Crown lying on
  a portal is not carried by a zombie passing through, and one lying on the destination swaps to the origin.
  A thug column or a zombie that claims a portal tile in its attack is relocated at once, to a random portal.
- "Zombies ... ignore both patches o' darkness and entangling vines." -> a
  shambling zombie is wounded on entering the blood mist (1), blood vines
  (1d3) and deadly vines (1), and a portal relocates it and ends its shamble.
- "As a creature passes through a zimby's LOS, the zimby's controller may say "stop"" -> after each step of a
  thug's walk the game may halt it (``stop``: a window for the seats that could); the walk goes on afterwards with
  the steps it had left (``Thug.walking``), each thug walking once a round (``Thug.walked``). A zombie's shamble
  likewise (``Zombie.shambling``).
- "A creature exiting a darkened tile must randomly determine onto which adjacent tile it emerges" -> a thug
  that starts a step in a patch o' darkness emerges on a random adjacent tile it may enter (its Crown-carrying
  column with it; swapping with a creature there) and stops; a thug whose next step is an occupied darkened
  tile swaps with the occupant ("the creature and the tile occupant swap tiles") and walks on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from server.engine import Rng, Table

from .board import BOARD, Board, PatrolRoute
from .combat import attack, crown_immune, expel_thug, suffer_obstacles, thug_column
from .effects import darkened, darkness_exit, swap_places
from .king import dice, random_pick, send_home
from .solitaire import flank_to_hold, home_quadrant, lose
from .state import KING_ID, Column, CreatureId, King, Private, Public, Secret, Thug, TileId, Zombie

ZTable = Table[Public, Private, Secret]
T = TypeVar("T")

#: Thug and zombie dice: 1d6 while the King lives, 2d6 once he is dead; zombies shamble 1d6.
THUG_DICE_KING_ALIVE = 1
THUG_DICE_KING_DEAD = 2


def pick(rng: Rng, items: list[T]) -> T:
    """A random choice among several; a single item is taken without a draw (the dice stay the book's)."""
    return items[0] if len(items) == 1 else rng.choice(items)


def thug_roll(rng: Rng, *, king_alive: bool) -> int:
    """How far a thug walks this turn: 1d6, or 2d6 once the King is dead."""
    return dice(rng, THUG_DICE_KING_ALIVE if king_alive else THUG_DICE_KING_DEAD, 6)


# -- what stands where -----------------------------------------------------------------------------------------------


def hidden(public: Public, tile: TileId) -> bool:
    """A -CBT obstacle on the tile: its creature may not attack or be attacked."""
    return any(o.tile == tile and o.kind in ("thickets", "darkness") for o in public.obstacles)


def thug_foes(public: Public, tile: TileId, board: Board = BOARD) -> list[CreatureId]:
    """The opponents a thug (column) on ``tile`` must attack: zimby columns and zombies in its combat zone."""
    if hidden(public, tile):
        return []
    near = [t for t in board.neighbours(tile) if not hidden(public, t)]
    return [c.id for t in near for c in public.columns if c.tile == t] + [
        z.id for t in near for z in public.zombies if z.tile == t
    ]


def living_near(public: Public, tile: TileId, board: Board = BOARD) -> list[CreatureId]:
    """The living creatures a zombie on ``tile`` may attack: zimby columns, thug columns, the King."""
    if hidden(public, tile):
        return []
    out: list[CreatureId] = []
    for t in board.neighbours(tile):
        if hidden(public, t):
            continue
        out += [c.id for c in public.columns if c.tile == t]
        thugs = thug_column(public, t)
        if thugs:
            out.append(thugs[0].id)
        if public.king.alive and public.king.tile == t:
            out.append(KING_ID)
    return out


def barred(public: Public, board: Board = BOARD) -> set[TileId]:
    """Tiles no creature may enter: blood thickets and wards still in place."""
    return {o.tile for o in public.obstacles if o.kind == "thickets"} | {w.tile for w in public.wards if not w.open}


def occupied_by_other_than_thugs(public: Public, tile: TileId) -> bool:
    return (
        any(c.tile == tile for c in public.columns)
        or any(z.tile == tile for z in public.zombies)
        or (public.king.alive and public.king.tile == tile)
    )


def relocate(public: Public, movers: list[Thug] | list[Zombie], origin: TileId, rng: Rng, board: Board = BOARD) -> None:
    """A thug column or zombie on a portal relocates to another random portal, swapping with what stands there."""
    destination = rng.choice([p for p in board.portals if p != origin])
    for group in (public.columns, public.zombies, public.thugs):
        for c in group:
            if c.tile == destination and not (isinstance(c, Thug) and c.in_barracks):
                c.tile = origin
    if public.king.alive and public.king.tile == destination:
        public.king.tile = origin
    for o in public.obstacles:
        if o.tile == destination:
            o.tile = origin
    crown = public.crown
    if crown is not None and crown.carrier is None and crown.tile == destination:
        crown.tile = origin
    for mover in movers:
        mover.tile = destination
    public.happened.append(f"{movers[0].id} relocates from {origin} to {destination}")


# -- patrols ---------------------------------------------------------------------------------------------------------


def route_of(public: Public, thug: Thug, board: Board = BOARD) -> PatrolRoute:
    """The route a thug patrols: round the sanctum while the King lives, else its quadrant's outer route."""
    if public.king.alive or thug.quadrant is None:
        return board.sanctum_route
    return board.outer_routes[thug.quadrant]


def crown_heading(public: Public, thug: Thug, board: Board = BOARD) -> list[TileId]:
    """The Crown run: along the foot marks to the route tile before an open ward, then in to the blood mist.

    A carrier off the routes (on a ward, in the sanctum, where a fight left it) takes the shortest way in.
    """
    blocked = barred(public, board)
    if not board.routes_through(thug.tile):
        return board.path(thug.tile, board.blood_mist, blocked=blocked) or []
    wards = [ward for ward in board.wards if ward not in blocked]
    gates = [t for ward in wards for t in board.neighbours(ward) if t in board.sanctum_route.tiles]
    walk = board.route_path(thug.tile, gates) if gates else None
    if walk is None:
        return []
    inside = board.path(walk[-1] if walk else thug.tile, board.blood_mist, blocked=blocked)
    return walk + inside if inside is not None else []


def next_step(public: Public, thug: Thug, board: Board = BOARD) -> TileId | None:
    """The tile a thug walks to next: along its heading (the way back to its route, the Crown run), else its route."""
    if thug.crown and not thug.heading:
        thug.heading = crown_heading(public, thug, board)
    if thug.heading:
        return thug.heading[0]
    if thug.crown:
        return board.sanctum_route.next(thug.tile) if thug.tile in board.sanctum_route.tiles else None
    route = route_of(public, thug, board)
    if thug.tile in route.tiles:
        return route.next(thug.tile)
    if board.routes_through(thug.tile) and not public.king.alive:
        path = board.route_path(thug.tile, route.tiles)
    else:
        path = board.path(thug.tile, route.tiles, blocked=barred(public, board) | set(board.portals))
    thug.heading = path or []
    return thug.heading[0] if thug.heading else None


def carrier_column(public: Public, thug: Thug) -> list[Thug]:
    """The thugs that move together: a Crown carrier's whole column, else the thug alone."""
    if thug.crown:
        return thug_column(public, thug.tile)
    return [thug]


def pick_up_crown(public: Public, thug: Thug, board: Board = BOARD) -> None:
    """The thug takes the Crown lying on its tile and sets off for the blood mist."""
    crown = public.crown
    if crown is None or crown.carrier is not None or crown.tile != thug.tile:
        return
    crown.tile, crown.carrier = None, thug.id
    thug.crown, thug.holding = True, False
    thug.heading = crown_heading(public, thug, board)
    public.happened.append(f"{thug.id} picks up the Crown and makes for the blood mist")


def crown_new_king(public: Public, thug: Thug, board: Board = BOARD) -> None:
    """The Crown reaches the blood mist: a new King; the column is expelled; every thug patrols the sanctum again."""
    column = thug_column(public, thug.tile)
    public.crown = None
    public.king = King(tile=board.blood_mist, kills=public.king.kills + 1)
    public.happened.append("the Crown reaches the blood mist: a new Cannibal King rises")
    for mate in column:
        mate.crown = False
        expel_thug(public, mate, why="expelled after crowning the King")
    for other in public.thugs:
        other.quadrant, other.heading, other.holding = None, [], False
    if public.solitaire:
        lose(public, "thug_crowned")


#: Asked after each step of a thug's walk whether a seat says "Stop!" (the game opens a window): True halts it.
Stop = Callable[[Thug], bool]


def walk(public: Public, thug: Thug, steps: int, rng: Rng, board: Board = BOARD, *, stop: Stop | None = None) -> bool:
    """Walk a thug (a Crown carrier with its column) up to ``steps`` tiles, stopping as the rules say.

    Whether ``stop`` halted it after a step: the steps left are in ``thug.walking``.
    """
    for done in range(1, steps + 1):
        if thug.in_barracks or thug_foes(public, thug.tile, board) or held_by_vines(public, thug, rng):
            return False
        if darkened(public, thug.tile):
            out_of_darkness(public, thug, rng)
            return False
        there = next_step(public, thug, board)
        if there is None or there in barred(public, board):
            return False
        if occupied_by_other_than_thugs(public, there):
            if darkened(public, there):
                swap_places(public, thug, there)  # "the creature and the tile occupant swap tiles"
                continue
            return False
        movers = carrier_column(public, thug)
        for mover in movers:
            mover.tile = there
        if thug.heading and thug.heading[0] == there:
            thug.heading.pop(0)
        if thug.crown:
            for joiner in thug_column(public, there):
                if joiner is not thug:
                    joiner.heading = []
        if there == board.blood_mist and thug.crown:
            crown_new_king(public, thug, board)
            return False
        if there in board.portals:
            pick_up_crown(public, thug, board)  # "moves over it": the Crown lying on the portal goes along
            relocate(public, thug_column(public, there) if thug.crown else [thug], there, rng, board)
            thug.heading = []
            return False
        suffer_obstacles(public, thug, rng)
        if thug.in_barracks:
            return False
        pick_up_crown(public, thug, board)
        if stop_to_hold(public, thug, board):
            return False
        if stop is not None and stop(thug):
            thug.walking = steps - done
            return True
    return False


def out_of_darkness(public: Public, thug: Thug, rng: Rng) -> None:
    """A thug in a patch o' darkness emerges on a random adjacent tile (swapping with a creature there, joining
    thugs) and loses the rest of its movement."""
    exit_to = darkness_exit(public, thug.tile, rng)
    if exit_to is None:
        return
    public.happened.append(f"{thug.id} stumbles out of the darkness onto {exit_to}")
    if occupied_by_other_than_thugs(public, exit_to):
        swap_places(public, thug, exit_to)
        return
    for mover in carrier_column(public, thug):
        mover.tile = exit_to
    thug.heading = []
    suffer_obstacles(public, thug, rng)


def held_by_vines(public: Public, thug: Thug, rng: Rng) -> bool:
    """Entangling vines on the thug's tile keep it there, unless it carries the Crown and its immunity holds."""
    if not any(o.tile == thug.tile and o.kind == "entangling_vines" for o in public.obstacles):
        return False
    if thug.crown and crown_immune(rng):
        public.happened.append(f"{thug.id} walks out of the entangling vines: the Crown's immunity holds")
        return False
    return True


def stop_to_hold(public: Public, thug: Thug, board: Board = BOARD) -> bool:
    """Solitaire after the King's death: the first two thugs to reach the flanks of the entry hold position there."""
    if not public.solitaire or public.king.alive or thug.crown:
        return False
    if flank_to_hold(public, thug.tile, board):
        thug.holding, thug.heading = True, []
        public.happened.append(f"{thug.id} holds position on {thug.tile}")
        return True
    return False


def reenter(public: Public, thug: Thug, rng: Rng, board: Board = BOARD) -> None:
    """An active thug in a barracks returns on a random portal tile (dismissing what stands there)."""
    home = home_quadrant(public, board) if public.solitaire else None
    portals = list(board.portals)
    portal = portals[random_pick(rng, len(portals), home=home)]
    if public.king.alive and public.king.tile == portal:
        portal = rng.choice([p for p in portals if p != portal])
    for column in [c for c in public.columns if c.tile == portal]:
        dismiss_column(public, column)
    for zombie in [z for z in public.zombies if z.tile == portal]:
        public.zombies.remove(zombie)
        public.tribes[zombie.owner].zombies_left += 1
        public.happened.append(f"{zombie.id} is dismissed to the Far Shore")
    thug.in_barracks, thug.tile, thug.in_combat, thug.attacked = False, portal, False, False
    thug.heading, thug.quadrant, thug.holding = [], None, False
    public.happened.append(f"{thug.id} returns to play on the portal {portal}")
    pick_up_crown(public, thug, board)
    if not public.king.alive and not thug.crown:
        claim_quadrant_on_return(public, thug, board)


def dismiss_column(public: Public, column: Column) -> None:
    """A dismissed zimby column goes home active (beyond 8, to the Far Shore); a Crown it held stays on the tile."""
    for tribe, count in column.zimbies.items():
        send_home(public, tribe, count, active=True)
    if column.crown is not None and public.crown is not None:
        public.crown.carrier, public.crown.tile = None, column.tile
    public.columns.remove(column)
    public.happened.append(f"{column.id} is dismissed to its tribal board")


def first_step_away(public: Public, thug: Thug, rng: Rng, board: Board = BOARD) -> None:
    """A returning thug leaves its portal for a random free tile beside it."""
    free = [
        t
        for t in board.neighbours(thug.tile)
        if t not in barred(public, board) and not occupied_by_other_than_thugs(public, t)
    ]
    if free:
        thug.tile = rng.choice(free)
        public.happened.append(f"{thug.id} walks off the portal to {thug.tile}")


# -- quadrants after the King's death --------------------------------------------------------------------------------


def route_distance(public: Public, tile: TileId, goals: tuple[TileId, ...], board: Board = BOARD) -> int:
    walk = (
        board.route_path(tile, goals)
        if board.routes_through(tile)
        else board.path(tile, goals, blocked=barred(public, board))
    )
    return len(walk) if walk is not None else 10_000


def assign_quadrants(public: Public, board: Board = BOARD) -> None:
    """Each thug in play without a quadrant takes the unpatrolled one whose outer route it reaches first."""
    if public.king.alive:
        return
    if public.solitaire:
        home = home_quadrant(public, board)
        for thug in public.thugs:
            thug.quadrant = home
        return
    for thug in sorted(public.thugs, key=lambda t: t.id):
        if thug.in_barracks or thug.quadrant is not None or thug.crown:
            continue
        taken = {t.quadrant for t in public.thugs if t.quadrant is not None}
        free = [q for q in range(len(board.outer_routes)) if q not in taken]
        if not free:
            continue
        thug.quadrant = min(free, key=lambda q: (route_distance(public, thug.tile, board.outer_routes[q].tiles), q))
        thug.heading = []


def claim_quadrant_on_return(public: Public, thug: Thug, board: Board = BOARD) -> None:
    """A thug returning after the King's death patrols the first outer route it reaches; an earlier one moves on."""
    if public.solitaire:
        thug.quadrant = home_quadrant(public, board)
        return
    quadrant = min(
        range(len(board.outer_routes)),
        key=lambda q: (route_distance(public, thug.tile, board.outer_routes[q].tiles), q),
    )
    for other in public.thugs:
        if other is not thug and other.quadrant == quadrant:
            other.quadrant = None
    thug.quadrant = quadrant
    assign_quadrants(public, board)


# -- the thugs' turn -------------------------------------------------------------------------------------------------


def thugs_turn(table: ZTable, rng: Rng) -> None:
    """The thugs' turn: re-entry and movement, then every thug column engaged attacks."""
    thugs_move(table, rng)
    if table.public.phase != "over":
        thugs_attack(table.public, rng)


def thugs_move(table: ZTable, rng: Rng, *, stop: Stop | None = None) -> bool:
    """The thugs' movement phase: the barracks' active thugs return by a portal, then each thug walks its roll.

    Whether a "Stop!" halted a walk (:func:`thugs_walk` goes on with it).
    """
    thugs_set_out(table, rng)
    return thugs_walk(table, rng, stop=stop)


def thugs_set_out(table: ZTable, rng: Rng) -> None:
    """The movement phase begins: quadrants assigned, the barracks' active thugs returned by a portal."""
    public = table.public
    board = BOARD
    for thug in public.thugs:
        thug.attacked, thug.walked, thug.walking, thug.returned = False, False, 0, False
    assign_quadrants(public, board)
    for thug in [t for t in public.thugs if t.in_barracks and t.active]:
        reenter(public, thug, rng, board)
        thug.returned = True
        if public.phase == "over":
            return


def thugs_walk(table: ZTable, rng: Rng, *, stop: Stop | None = None) -> bool:
    """Each thug that has not walked this round walks its roll (a walk a "Stop!" halted goes on with the steps it
    had left): whether a "Stop!" halted one now."""
    public = table.public
    board = BOARD
    for thug in list(public.thugs):
        if public.phase == "over":
            return False
        if thug.in_barracks or not thug.active or thug.in_combat or thug.walked:
            continue
        if thug.holding and not thug.crown:
            continue
        column = carrier_column(public, thug)
        if any(t.walked for t in column) or (not thug.crown and any(t.crown for t in thug_column(public, thug.tile))):
            continue
        if thug.walking:
            steps, thug.walking = thug.walking, 0
        else:
            steps = thug_roll(rng, king_alive=public.king.alive and not thug.crown)
            public.happened.append(f"{thug.id} rolls {steps}")
            if thug.returned and not thug.crown:
                if thug_foes(public, thug.tile, board):
                    thug.walked = True
                    continue
                first_step_away(public, thug, rng, board)
                steps -= 1
        if walk(public, thug, steps, rng, board, stop=stop):
            if not thug.walking:
                for mate in carrier_column(public, thug):
                    mate.walked = True
            return True
        for mate in carrier_column(public, thug):
            mate.walked = True
    return False


def thugs_attack(public: Public, rng: Rng, board: Board = BOARD) -> None:
    """The thugs' attack phase: every thug column with an opponent in its combat zone attacks one, at random."""
    while (attack_due := next_thug_attack(public, rng, board)) is not None:
        thug_attacks(public, *attack_due, rng, board=board)


def next_thug_attack(public: Public, rng: Rng, board: Board = BOARD) -> tuple[Thug, CreatureId] | None:
    """The next thug column (in thug order) that has not attacked this turn and has an opponent in its combat
    zone: its leader and the opponent drawn at random. The column is marked as having attacked."""
    for thug in sorted(public.thugs, key=lambda t: t.id):
        if thug.in_barracks or not thug.active:
            continue
        column = thug_column(public, thug.tile)
        if any(t.attacked for t in column):
            continue
        foes = thug_foes(public, thug.tile, board)
        if foes:
            for mate in column:
                mate.attacked = True
            return column[0], pick(rng, foes)
    return None


def thug_attacks(
    public: Public,
    leader: Thug,
    target: CreatureId,
    rng: Rng,
    *,
    effects: tuple[int, int] = (0, 0),
    board: Board = BOARD,
) -> None:
    """A thug column attacks; ``effects`` are the attacker's and the defender's other effects (a defending
    cannibal's +4 per tribesman eaten)."""
    before = leader.tile
    attack(public, leader.id, target, None, rng, effects=effects)
    after_thug_attack(public, leader, before, rng, board)


def after_thug_attack(public: Public, leader: Thug, before: TileId, rng: Rng, board: Board = BOARD) -> None:
    """What follows a thug column's attack: a portal it claimed relocates it; a Crown it won sets its course."""
    for mate in thug_column(public, leader.tile) if not leader.in_barracks else []:
        mate.attacked = True  # a column that claimed a tile has made its one attack
    if not leader.in_barracks and leader.tile != before and leader.tile in board.portals:
        # The claimed tile is a portal: "When a creature moves onto a portal tile, the portal immediately
        # activates".
        pick_up_crown(public, leader, board)
        relocate(public, thug_column(public, leader.tile), leader.tile, rng, board)
    if leader.crown and not leader.in_barracks and public.crown is not None:
        leader.heading = []
    if not leader.in_barracks:
        pick_up_crown(public, leader, board)


# -- zombies ---------------------------------------------------------------------------------------------------------


def nearest_living(public: Public, zombie: Zombie, rng: Rng, board: Board = BOARD) -> list[TileId] | None:
    """The walk to the nearest living creature (ties drawn at random): the tiles up to and including its tile."""
    targets = [c.tile for c in public.columns]
    targets += [t.tile for t in public.thugs if not t.in_barracks]
    if public.king.alive and public.king.tile is not None:
        targets.append(public.king.tile)
    if not targets:
        return None
    occupied = set(targets) | {z.tile for z in public.zombies if z is not zombie}
    blocked = barred(public, board) | occupied
    reach = board.distances(zombie.tile, blocked=blocked)
    walks = {}
    for target in set(targets):
        steps = [reach[n] + 1 for n in board.neighbours(target) if n in reach]
        if steps:
            walks[target] = min(steps)
    if not walks:
        return None
    best = min(walks.values())
    target = pick(rng, sorted(t for t, d in walks.items() if d == best))
    return board.path(zombie.tile, target, blocked=blocked - {target})


def shamble(public: Public, zombie: Zombie, rng: Rng, board: Board = BOARD) -> None:
    """One zombie shambles 1d6 tiles toward the nearest living creature, then attacks one in its combat zone."""
    target = shamble_walk(public, zombie, rng, board)
    if target is not None:
        zombie_attacks(public, zombie, target, rng, board=board)


def shamble_walk(
    public: Public, zombie: Zombie, rng: Rng, board: Board = BOARD, *, stop: Callable[[Zombie], bool] | None = None
) -> CreatureId | None:
    """The zombie walks 1d6 tiles toward the nearest living creature, stopping beside one: the living creature
    it will attack (drawn at random among several), if any is then in its combat zone.

    ``stop`` may halt it after a step ("Stop!"): ``zombie.shambling`` then holds the steps left, and a later call
    goes on with them instead of rolling.
    """
    if zombie.shambling is not None:
        steps, zombie.shambling = zombie.shambling, None
    else:
        steps = rng.roll(6)
        public.happened.append(f"{zombie.id} shambles {steps}")
    for done in range(1, steps + 1):
        if living_near(public, zombie.tile, board):
            break
        walk = nearest_living(public, zombie, rng, board)
        if not walk or len(walk) < 2:
            break
        there = walk[0]
        zombie.tile = there
        public.happened.append(f"{zombie.id} shambles to {there}")
        suffer_obstacles(public, zombie, rng)
        if zombie not in public.zombies:
            return None
        if there in board.portals:
            relocate(public, [zombie], there, rng, board)
            break
        if stop is not None and stop(zombie):
            zombie.shambling = steps - done
            return None
    near = living_near(public, zombie.tile, board)
    return pick(rng, near) if near else None


def zombie_attacks(
    public: Public,
    zombie: Zombie,
    target: CreatureId,
    rng: Rng,
    *,
    effects: tuple[int, int] = (0, 0),
    board: Board = BOARD,
) -> None:
    """An uncontrolled zombie attacks; a portal tile it claims relocates it."""
    before = zombie.tile
    attack(public, zombie.id, target, None, rng, effects=effects)
    if zombie in public.zombies and zombie.tile != before and zombie.tile in board.portals:
        relocate(public, [zombie], zombie.tile, rng, board)


def shambles(zombie: Zombie) -> bool:
    """The zombie shambles this round: active, neither combat locked nor held by its owner."""
    return zombie.active and not zombie.in_combat and not zombie.held


def zombies_shamble(table: ZTable, rng: Rng) -> None:
    """Every zombie neither combat locked nor held by its owner shambles; all are uncontrolled now."""
    public = table.public
    for zombie in list(public.zombies):
        if zombie in public.zombies and shambles(zombie):
            shamble(public, zombie, rng)
