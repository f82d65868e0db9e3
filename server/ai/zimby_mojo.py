"""What the AI knows of Zimby Mojo: how far each tribe is on the road to the Crown, and a playout that walks it.

The rulebook's one way to win ("grab the Cannibal Crown and deliver it to their tribal board") is a road of
stages: get zimbies onto the main board, "Work with another tribe to open a way into the Cannibal King's sanctum"
(two tribes in one column on a shrine channel into its seal, which opens a ward), "Kill the Cannibal King", "Get
the King's Crown and deliver it to their tribal board!". A random player never walks it, so a playout of random
moves cut after a few moves says nothing about it, and the default bot drew at the round limit.

:func:`evaluate` rates each seat by the stage the table is at and how near each of its zimbies on the main board
is to that stage's goal (walking distance on the board, :mod:`server.ai.zimby_roads`): an unactivated shrine, in
a column shared with another tribe (only such a column can open a seal), before any ward is open; the King,
through an open ward, while he lives (a column of three of one tribe most: only it strikes him with a chance);
and, once he is dead, the Crown, which counts most for the tribe holding it the nearer it is to that tribe's
board. Each stage is worth more than the best place of the one before, so a move that moves the table on (a seal
opened, the King killed, the Crown picked up) rates higher for the tribes placed to use it; a shared column counts
for each tribe in it (each controls it on its own turn). Only a tribe's best three zimbies on the board count for
the road; zimbies count at home too, the first four most (each is a mojo a round); mojo kept, only for a turn to
come. A column within the thugs' reach counts at what they leave of it on average (:mod:`server.ai.zimby_thugs`).

With two seats a seal needs the opponent's zimby in the bot's column and the opponent's consent, twice (to join,
to channel). The search would model the opponent as refusing whatever helps the bot more, so these answers are
reflexes (:mod:`server.ai.zimby_reflexes`): a seat agrees when its own progress gains, the bot when it is asked
and, in its search, the others it asks. A path, once the search has chosen a creature to move, is walked by rule
too (:func:`server.ai.zimby_roads.walk`), and the Crown's holder plays its turn by rule (it waits in the sanctum
for an escort of two and the mojo to reach home in one turn).

:func:`policy` plays the same road as a rule of thumb: the walk, the seal asked for and agreed to, attacks by
their odds (the King's with tribesmen eaten), the Crown picked up, windows passed, and little of the rest
(scrolls, eating, zombies) but by the share of random moves left in (``EPSILON``).

Both read only the sampled table the search hands them (its public part), never the real one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from server.engine.play import AnyTable, Rules
from server.games.zimby_mojo.combat import (
    CANNIBAL_BONUS,
    VITALITY,
    brutality,
    creature,
    side_of,
    zimby_column_brutality,
)
from server.games.zimby_mojo.mojo import available
from server.games.zimby_mojo.state import (
    KING_ID,
    Answer,
    Attack,
    Column,
    Devour,
    EndTurn,
    Go,
    Halt,
    Influence,
    PickUp,
    Public,
    Send,
    Spawn,
    Step,
    TileId,
    Unseal,
    home_seat,
)

from .greedy import greedy
from .zimby_roads import REACH_HOME, away, blow_stage, goal, home_distance, moving_column, walk, walking
from .zimby_thugs import exposures

#: Progress, per zimby of the seat on the main board, at each stage, as a base and so much a tile nearer its goal
#: within a reach: before any ward is open, towards another tribe's column while alone (or a shrine), in a shared
#: column towards a shrine and on it (every tribe in it: "On Blue's turn, Blue becomes the controller of the column
#: because Blue has a zimby in that column"); while the King lives behind an open ward, towards him (single-tribe
#: columns count more: only they may eat tribesmen for the blow); once he is dead, towards the Crown. Each stage's
#: base is above the best of the stage before (a shared column, above any lone one beside it: 8 > 6; an open ward,
#: above a shared column on its shrine: 20 > 8 + 6 + 2), so that a seat gains by every step of the road, the
#: answers of :func:`server.ai.zimby_reflexes.agree` included.
TILE_0, REACH_0 = 0.25, 24
SHARED, ON_SHRINE = 8.0, 2.0
KING_STAGE, TILE_1, REACH_1 = 20.0, 0.5, 16
#: ...and, per zimby of a single-tribe column behind an open ward, so much by the column's size: only three may
#: strike the King with a chance ("a zimby cannibalize two others in the column for +8 brutality", 21 times in 36
#: with four thugs; two, eating one, 3 times in 36), so two columns of two are worth far less than one of three
#: (counted by size alone, 8 against 9, they sat beside the King for fifteen rounds, neither able to take a third).
ALONE = {1: 0.0, 2: 1.0, 3: 3.0}
#: The Crown held by a seat's zimby, and so much a tile its carrier comes nearer home (within the whole board).
CROWN, TILE_HOME = 60.0, 1.0
#: A zimby on the main board, and one at home (active or depleted: mojo to draw each round), as much as four tiles
#: of the road: a zimby is a mojo every round, and 3 to spawn again from the Far Shore, so one eaten for a mojo or
#: lost in a fight nothing comes of is a loss (at a tenth of this, the bot bled its tribe away in a few rounds
#: and had no mojo left to walk the road with). Mojo itself counts for nothing on a seat's own turn and after it:
#: tokens and depleted zimbies are made active at every refresh and mojo drawn is lost at wrap-up, so mojo kept
#: is mojo wasted (a search that valued it would end its turns early).
ON_BOARD, AT_HOME = 1.0, 1.0
#: ...and the first few at home, more: each is a mojo every round ("extract mojo from active zimbies on their tribal
#: board"; the 4 tokens are the rest of a round's mojo), and the road costs mojo every round (a walk, a seal, a
#: spawn at 3). Without it the search sent every zimby out in the first rounds, most died to thugs and rituals,
#: and with 4 mojo a round the tribe spawned one zimby a turn for the rest of the match.
INCOME, KEEP = 1.5, 4
#: Only a seat's best few zimbies on the main board count for the road (the rest as zimbies): a seal needs one of
#: the tribe in a shared column, the blow at the King a column of three. Counted for every zimby sent out (an open
#: ward made each worth 20), the stage had the search send the whole tribe to the board, lone zimbies the rituals
#: and thugs killed one by one, and nobody at home to draw mojo from.
ROAD = 3
#: Behind an open ward, while the King lives, so much more for each of a tribe's first three zimbies at home: the
#: stage is the tribe's, and a zimby at home is a third of a blow to come. Counted only on the board (20 and more
#: a zimby), one sent alone was worth more than one kept, and the tribes sent their zimbies one a turn to die in
#: the sanctum (the Ritual of Blood, the thugs' route) before three ever stood together by the King.
KING_HOME = 18.0
#: How much of what the thugs may kill this turn counts against a column (:func:`server.ai.zimby_thugs.exposures`):
#: its zimbies count at what the thugs leave of them on average. Without it the search, its playouts cut before the
#: thugs' turn, left lone zimbies on the route round the sanctum wherever a walk ran out of mojo, and the thugs
#: killed more of a bot's zimbies than anything else (46 of about 100 in three matches against random play).
THUG_RISK = 1.0
#: ...but mojo a seat could spend on a turn still to come this round is a walk or a seal to come: so much a mojo
#: (up to a cap) for a seat whose turn has not begun. Without it the search spent a shaman's mojo on any scroll in
#: the windows of the turns before its own and came to its own turn with none left to walk or channel.
MOJO_AHEAD, MOJO_CAP = 0.5, 8
#: Standings are progress over this. The softmax of :func:`server.ai.evaluation.shares` saturates once a seat leads
#: by a few of its units, and a seat that sure of its win no longer tells a step forward from a step back (against
#: a random opponent, which soon has nothing on the board, that is most of a match); over this scale a lead of a
#: stage (a seal opened, about 20) still leaves room, and the Crown (60 and more) is nearly all of the win.
SCALE = 6.0
#: The share of random moves in a playout.
EPSILON = 0.2


def _near(public: Public, distances: dict[TileId, int], tile: TileId, reach: int) -> float:
    """How many tiles within ``reach`` of the goal ``tile`` is (``reach`` on it, 0 that far or where no way leads)."""
    d = away(public, distances, tile)
    return 0.0 if d is None else float(max(0, reach - d))


def _column_worth(public: Public, seat: int, column: Column) -> float:
    """The progress one of ``seat``'s zimbies in ``column`` stands for, by the stage and how near its goal it is."""
    distances = goal(public, seat, column)
    shared = len(column.zimbies) > 1
    if not public.king.alive:
        return KING_STAGE + TILE_1 * _near(public, distances, column.tile, REACH_1)
    if any(w.open for w in public.wards):
        # a single-tribe column counts more up to three (a zimby eating two: "+8 brutality" for the blow)
        alone = 0.0 if shared else ALONE[min(column.size, 3)]
        return KING_STAGE + TILE_1 * _near(public, distances, column.tile, REACH_1) + alone
    if not shared:
        return TILE_0 * _near(public, distances, column.tile, REACH_0)
    on_shrine = any(s.tile == column.tile and not s.activated for s in public.shrines)
    return SHARED + TILE_0 * _near(public, distances, column.tile, REACH_0) + (ON_SHRINE if on_shrine else 0.0)


def _turn_ahead(public: Public, seat: int) -> bool:
    """The seat's turn this round has not begun (the players' turns go clockwise from the first mover)."""
    if public.phase != "players":
        return False
    return (seat - public.first_mover) % public.seats > public.turns_taken


def progress(public: Public, seats: int) -> list[float]:
    """Each seat's progress on the road to the Crown: its zimbies on the main board by the stage's goal, the Crown
    by how near home its carrier is, zimbies at home a little."""
    out = [0.0] * seats
    blows = blow_stage(public)
    for s in range(seats):
        tribe = public.tribes[s]
        home = tribe.active + tribe.depleted
        out[s] += AT_HOME * home + INCOME * min(home, KEEP)
        if blows:
            out[s] += KING_HOME * min(home, ROAD)
        if _turn_ahead(public, s):
            out[s] += MOJO_AHEAD * min(available(tribe), MOJO_CAP)
    road: list[list[float]] = [[] for _ in range(seats)]
    exposed = exposures(public)
    for column in public.columns:
        kept = 1.0 - THUG_RISK * exposed[column.id]
        for s, count in column.zimbies.items():
            if 0 <= s < seats:
                out[s] += count * ON_BOARD * kept
                road[s] += [_column_worth(public, s, column) * kept] * count
        holder = column.crown
        if holder is not None and 0 <= holder < seats:
            away = home_distance(public, holder, column.tile)
            out[holder] += CROWN + TILE_HOME * max(0.0, REACH_HOME - away)
    for s, worths in enumerate(road):
        out[s] += sum(sorted(worths, reverse=True)[:ROAD])
    return out


def evaluate(table: Any, seats: int) -> list[float]:
    """Each seat's progress over :data:`SCALE`."""
    public: Public = table.public
    return [p / SCALE for p in progress(public, seats)]


def worth(table: AnyTable, seat: int, move: Any) -> float:
    """A rule of thumb's worth of ``move`` for ``seat``: the road to the Crown first, the rest little."""
    public: Public = table.public
    if isinstance(move, PickUp | Unseal):
        return 10.0
    if isinstance(move, Step):
        return _step_worth(public, seat, move.to)
    if isinstance(move, Attack):
        return _attack_worth(public, seat, move)
    if isinstance(move, Answer):
        return 5.0 if move.yes else 1.0
    if isinstance(move, Go):
        return 3.0 if move.own is None else 1.5
    if isinstance(move, Send):
        return 2.0 + 0.5 * move.count
    if isinstance(move, Influence):
        return 2.0 if not move.eliminate else 0.5
    if isinstance(move, Devour):
        return 1.0  # a zimby eaten for sure against wounds that may not come (the search: reflexes' ``defend``)
    if isinstance(move, Halt):
        return _halt_worth(public, seat)
    if isinstance(move, EndTurn):
        return 1.0
    if isinstance(move, Spawn):
        return 1.5
    if type(move).__name__ == "Pass":
        return 2.0
    return 0.2


def _attack_worth(public: Public, seat: int, move: Attack) -> float:
    """An attack by its odds: the target killed (the King most of all, on the road; a thug, for lowering his
    brutality) against a zimby of the attacker's lost. Both combatants roll 1d6 and add their brutality (the
    attacker's with 4 a tribesman eaten); the difference is dealt as wounds, and a target dies only of wounds
    reaching its vitality from that one source."""
    kill, lose = odds(public, seat, move)
    if move.target == KING_ID:
        # a blow that mostly fails costs the tribesmen eaten for it and leaves the column smaller for the next
        return 12.0 * kill - 2.0 * lose - 1.0
    return 0.5 + 3.0 * kill - 3.0 * lose


def odds(public: Public, seat: int, move: Attack) -> tuple[float, float]:
    """The chances an attack kills its target and that the attacker loses a zimby: both combatants roll 1d6 and add
    their brutality (the attacker's with 4 a tribesman eaten); the difference is dealt as wounds, and a target dies
    only of wounds reaching its vitality from that one source."""
    try:
        attacker, target = creature(public, move.attacker), creature(public, move.target)
    except KeyError:
        return 0.0, 0.0
    if isinstance(attacker, Column) and move.eat:
        # the eaten leave the column before the roll: "give the remaining zimby 1 + 8 = 9 brutality"
        left = {**attacker.zimbies, seat: attacker.zimbies.get(seat, 0) - move.eat}
        ours = zimby_column_brutality(left, attacker=seat) + CANNIBAL_BONUS * move.eat
    else:
        ours = brutality(public, attacker, attacking_for=seat)
    theirs = brutality(public, target, attacking_for=None)
    vitality = VITALITY[side_of(public, target).kind]
    kill = sum(ours + a - theirs - b >= vitality for a in range(1, 7) for b in range(1, 7)) / 36
    lose = sum(theirs + b - ours - a >= 1 for a in range(1, 7) for b in range(1, 7)) / 36
    return kill, lose


def _halt_worth(public: Public, seat: int) -> float:
    """Halting is worth most on the goal itself, where any step leads away."""
    column = moving_column(public)
    return 5.0 if column is not None and away(public, goal(public, seat, column), column.tile) == 0 else 1.0


def _step_worth(public: Public, seat: int, to: TileId) -> float:
    """A step nearer the moving column's goal is worth most (home with the Crown, more still); one that comes no
    nearer, little; one back, less than halting."""
    column = moving_column(public)
    if column is None:
        return 1.0
    if home_seat(to) == seat:
        return 12.0 if column.crown == seat else 0.5
    distances = goal(public, seat, column)
    here, there = away(public, distances, column.tile), away(public, distances, to)
    if here is None or there is None:
        return 1.0
    return 1.5 + 3.0 * (here - there) if there < here else 0.5 - (there - here)


_greedy = greedy(worth, EPSILON)


def policy(rules: Rules, table: AnyTable, seat: int, legal: Sequence[Any], pick: random.Random) -> Any:
    """The rule of thumb as a playout policy: a walk by :func:`walk`, else :func:`worth`'s best move (ties at
    random), except a random one with chance ``EPSILON``."""
    if walking(table.public, seat):
        return walk(table.public, seat, legal)
    return _greedy(rules, table, seat, legal, pick)
