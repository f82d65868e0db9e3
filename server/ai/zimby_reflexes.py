"""Zimby Mojo's reflexes: the decisions its AI makes by a rule, not by search (:class:`server.ai.policies.Reflex`).

Registered in :data:`server.ai.policies.REFLEXES` (:func:`reflex`, :func:`prune`); the search plays them at its
root and inside its tree alike.

- **Answers to requests** (may my column join yours? will you channel into this seal with me?): yes when the
  answering seat's own progress (:func:`server.ai.zimby_mojo.progress`) gains, "Work with another tribe to open
  a way into the Cannibal King's sanctum". The bot answers its own so and models the others' answers to its
  requests so: a tree node had the asked seat refuse whatever helped the asker more, so no bot asked or agreed.
- **A path's steps**: :func:`server.ai.zimby_roads.walk`, the step nearest the goal (the playout policy's too).
- **The Crown's holder's turn**: wait in the sanctum for the mojo to walk the Crown home in one turn (thugs
  attack on their own turn), spawning meanwhile, tribesmen on the board joining it; then walk it home, its
  defenders eating all they may; and **the blow at the King** once it kills him half the time. A search whose
  every playout rates the Crown's holder the winner cannot tell walking it home from spawning a zimby, or from
  dropping it.
- **Plans** of a turn, each tried on a copy of the sampled table: the seal's (:mod:`server.ai.zimby_seal`), the
  blow's (:mod:`server.ai.zimby_blow`: three set out when one turn's mojo takes them to the King, nobody before),
  the Crown fetched from the ground (:mod:`server.ai.zimby_crown`).
- **A defender's answer to an attack** (:func:`defend`): tribesmen eaten only where they save more zimbies than
  they cost on average (all they may, for the Crown).
- **Moves never searched** (:func:`prune`): a zimby eaten at home or for a scroll; on the seat's own turn
  scrolls, hopeless attacks, attacks on thugs, walks that break up a column worth most whole, and zimbies sent
  from home the blow's plan keeps there, unless the seat must attack.

Each reads only the sampled table the search hands it, never the real one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from server.engine.game import copy_table
from server.engine.play import AnyTable, Rules
from server.engine.rng import Rng
from server.engine.windows import Pass, top
from server.games.zimby_mojo.board import BOARD
from server.games.zimby_mojo.combat import CANNIBAL_BONUS, CROWN_BURDENS, brutality, creature
from server.games.zimby_mojo.mojo import available
from server.games.zimby_mojo.state import (
    KING_ID,
    Answer,
    Attack,
    Column,
    Devour,
    Eat,
    EndTurn,
    Go,
    Halt,
    Public,
    Spawn,
    Step,
    UseScroll,
    home_seat,
)
from server.games.zimby_mojo.ways import can_leave, expenditure, movement, step_moves
from server.games.zimby_mojo.zones import controls

from . import zimby_crown, zimby_seal
from .zimby_blow import BLOW, holds, launch, muster
from .zimby_mojo import odds, progress, worth
from .zimby_roads import away, blow_stage, free_turn, goal, homeward, moving_column, walk, walking
from .zimby_thugs import average_loss

#: The tribesmen the Crown's column gathers from the board while it waits (:func:`_escort`): two
#: walk as fast as one under the Crown's burden ("as though there are +2 zimbies": 4 tiles, 2 a mojo), and one of
#: them eaten makes the other 1 + 4 against a thug's 3.
ESCORT = 2
#: "Each shaman has 4 mojo tokens".
TOKENS = 4
#: The rounds before the round limit from which the Crown's column walks home with whatever escort it has.
HURRY = 4


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
    refuses (a join that helps only the asker's column gives it the say in ``seat``'s). Behind an open ward, while
    the King lives, a join is refused whatever it gains: "Only zimbies in single-tribe columns may cannibalize",
    and the blow at the King is a zimby eating two (a bigger column stands safer from the thugs, but cannot
    strike)."""
    public: Public = table.public
    request = public.request
    if request is not None and request.kind == "join" and blow_stage(public):
        return next(m for m in legal if isinstance(m, Answer) and not m.yes)
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


def _attacked(public: Public, seat: int) -> Column | None:
    """The seat's column under attack, when the seat is asked whether a zimby of it eats before its defence roll."""
    window = top(public.windows)
    if window is None or window.asked != seat or not isinstance(window.on, dict) or "attack" not in window.on:
        return None
    pending = public.pending_attack
    return next((c for c in public.columns if pending is not None and c.id == pending.target), None)


def defend(public: Public, column: Column, legal: Sequence[Any]) -> Any:
    """A defender's answer to an attack: the Crown's defenders eat all they may (a thug that wins takes the Crown
    to the mist), others as many as save more zimbies than they cost on average ("+4 to its defence roll" a
    tribesman eaten; each point the attacker's roll beats the defence kills a zimby), none on a tie. A search cut
    before the rolls saw only the zimbies eaten: between default bots a column of three attacked by a thug ate one
    and won 12 against 4 (8 against 4 without)."""
    eats = {m.eat: m for m in legal if isinstance(m, Devour)}
    passing = next((m for m in legal if isinstance(m, Pass)), legal[0])
    if column.crown is not None:
        return eats[max(eats)] if eats else passing
    pending = public.pending_attack
    assert pending is not None
    try:
        attacker = creature(public, pending.attacker)
    except KeyError:
        return passing
    theirs = brutality(public, attacker, attacking_for=pending.controller) + attacker.scroll_bonus
    if isinstance(attacker, Column):
        theirs += attacker.brutality_bonus
    ours = brutality(public, column, attacking_for=None) + column.scroll_bonus + pending.defence

    def lost(eat: int) -> float:
        # armor prevents wounds of the roll's one source: as much more defence
        return eat + average_loss(theirs, ours + column.armor + CANNIBAL_BONUS * eat, column.size - eat)

    best = min(sorted(eats), key=lost, default=0)
    return eats[best] if best and lost(best) < lost(0) else passing


def reflex(rules: Rules, table: AnyTable, seat: int, me: int, legal: Sequence[Any]) -> Any | None:
    """``seat``'s move by rule in ``me``'s search, else ``None`` (the search's): a request the bot asked or is
    asked answered by :func:`agree`, a path's next decision by :func:`walk`, the Crown's defenders eating all they
    may, the blow at the King (:func:`king_blow`) and three set out for it (:func:`server.ai.zimby_blow.launch`),
    the seal's walk and request (:func:`server.ai.zimby_seal.launch`), the Crown on the ground fetched
    (:func:`server.ai.zimby_crown.fetch`), and a Crown holder's turn (:func:`crown_home`, its turn ending once the
    Crown can come no nearer home)."""
    public: Public = table.public
    tribe = public.tribes[seat]
    who = asker(table, seat)
    if who is not None:
        return agree(rules, table, seat, legal) if me in (seat, who) else None
    if walking(public, seat):
        return Halt() if _off_the_mist(public, seat) and Halt() in legal else walk(public, seat, legal)
    attacked = _attacked(public, seat)
    if attacked is not None:
        return defend(public, attacked, legal)
    blow = (
        king_blow(public, seat, legal)
        or launch(rules, table, seat, legal)
        or zimby_seal.launch(rules, table, seat, legal)
        or zimby_crown.fetch(rules, table, seat, legal)
        or muster(public, seat, legal)
    )
    column = _crown_column(public, seat)
    if blow is not None or column is None:
        return blow
    on_mist, set_out = column.tile == BOARD.blood_mist, _set_out(public, seat, column)
    home = crown_home(public, seat) if set_out or on_mist else None
    short = (
        set_out
        and home is not None
        and column.tile in BOARD.sanctum
        and dash_cost(public, seat, column) > available(tribe)
    )
    # none called into the mist, nor once the Crown sets out (its walk would spend the dash's mojo)
    escort = [] if on_mist or set_out else _escort(public, seat, column, legal)
    back = _homecoming(public, seat, column, legal)
    for wanted in (*escort, Eat() if short else None, home, back, Spawn(), EndTurn()):
        if wanted in legal:
            return wanted
    return max(legal, key=lambda move: worth(table, seat, move))  # locked in combat: it must attack first


def _off_the_mist(public: Public, seat: int) -> bool:
    """The column walking with the seat's Crown has stepped off the blood mist into the sanctum and waits there, not
    yet setting out (:func:`_set_out`): "Any creature on the blood mist tile during wrap-up suffers 1 wound", and a
    blow at the King in the mist leaves its one survivor there ("the creature must move onto the defender's tile";
    "Any creature that enters the blood mist tile suffers 1 wound"). Against random play a bot killed the King
    so, and its Crown lay in the mist, its carriers dying there, until a thug carried it back to a new King."""
    column = moving_column(public)
    if column is None or column.crown != seat or column.tile == BOARD.blood_mist or column.tile not in BOARD.sanctum:
        return False
    return not _set_out(public, seat, column)


def _escort(public: Public, seat: int, column: Column, legal: Sequence[Any]) -> list[Any]:
    """Tribesmen on the main board to join the Crown's column while it waits in the sanctum, under :data:`ESCORT`
    (their walk goes to the Crown, :func:`goal`): a column of two may eat one (+4) when a thug attacks it, and walks
    as fast as one. None is sent from home for it: each zimby there is a mojo a round for the dash. Against random
    play a lone Crown waited in the sanctum for twelve rounds while its tribe went out a zimby at a time, three a
    round, to stand in columns of three by its entry point, too big to join it; its tribal board never held the
    ten mojo of the walk home."""
    helpers = {c.id for c in _helpers(public, seat, column)}
    return [m for m in legal if isinstance(m, Go) and m.own is None and m.creature in helpers]


def _helpers(public: Public, seat: int, column: Column) -> list[Column]:
    """The tribe's columns on the main board that may join the Crown's as its escort: its own alone, no bigger
    than the escort still wanted (a column of three and the burden's two walk a tile a mojo)."""
    wanted = ESCORT - column.zimbies.get(seat, 0)
    return [
        c
        for c in public.columns
        if c is not column and set(c.zimbies) == {seat} and c.tile in BOARD and c.size <= wanted
    ]


def _set_out(public: Public, seat: int, column: Column) -> bool:
    """The Crown's column sets out for home: out of the sanctum already, or with the round limit near (:data:`HURRY`
    rounds kept for the walk), or with the mojo to reach home this very turn (:func:`dash_cost`, eating at home if
    it must: "Each active zimby eaten will provide the shaman with ... 2 mojo"), or when no turn could ever pay for
    it even once the burden has eased to its last (:data:`CROWN_BURDENS`).

    Thugs attack on their own turn, after the players', and once the King is dead "each thug will follow the route
    to a unique quadrant to patrol": out of the sanctum one kills a lone zimby (1 + 1d6 against 3 + 1d6) 26 times
    in 36 and takes the Crown back to the mist for a new King, and an escort of three only slows the column (three
    and the burden's two walk a tile a mojo) and lasts one fight. So the column waits in the sanctum, spawning (the
    mojo of rounds to come), until one turn's mojo takes it home; an escort on the board joins it meanwhile
    (:func:`_escort`), but it does not wait for one."""
    if column.tile not in BOARD.sanctum or public.round_limit - public.round < HURRY:
        return True
    tribe = public.tribes[seat]
    extra = min(max(0, 2 - tribe.eaten), tribe.active)
    # the most a turn could ever bring: every token, a full tribal board ("never more than 8"), two of it eaten
    board = min(8, tribe.active + tribe.depleted + tribe.far_shore)
    most = TOKENS + board + min(2, board)
    return (
        dash_cost(public, seat, column) <= available(tribe) + extra
        or dash_cost(public, seat, column, burden=CROWN_BURDENS[-1]) > most
    )


def dash_cost(public: Public, seat: int, column: Column, burden: int | None = None) -> int:
    """The mojo that walks ``column`` home from where it stands (a tile more than the shortest way, for a step
    round a creature in the way; tiles its path under way has paid for or a scroll gave, less; unreachable: more
    than any shaman has), under the Crown's ``burden`` if given (else its own)."""
    tiles = away(public, goal(public, seat, column), column.tile)
    if tiles is None:
        return 10**6
    per, cost = expenditure(public, column) if burden is None else movement(column.size + burden)
    moving = public.moving
    paid = moving.tiles_left + moving.free_tiles if moving is not None and moving.creature == column.id else 0
    return -(-max(0, tiles + 1 - paid) // per) * cost


def _crown_column(public: Public, seat: int) -> Column | None:
    """The column holding the seat's Crown on the main board, on the seat's turn with nothing under way."""
    if not free_turn(public, seat):
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
    if not can_leave(public, seat, column) or not _nearer_home(public, seat, column):
        return None
    own = column.zimbies.get(seat, 0)
    if len(column.zimbies) > 1:
        return Go(creature=column.id, own=own)  # all of the tribe leave, the Crown with them
    return Go(creature=column.id)


def _nearer_home(public: Public, seat: int, column: Column) -> bool:
    """A step the column can pay for comes nearer its goal (:func:`server.ai.zimby_roads.goal`: home, here)."""
    distances = goal(public, seat, column)
    here = away(public, distances, column.tile)

    def nearer(step: Step) -> bool:
        there = away(public, distances, step.to)
        return home_seat(step.to) == seat or (there is not None and (here is None or there < here))

    return any(isinstance(m, Step) and nearer(m) for m in step_moves(public, seat, column, 0))


def _homecoming(public: Public, seat: int, column: Column, legal: Sequence[Any]) -> Go | None:
    """The walk of a column of the tribe that goes home while its Crown waits (:func:`server.ai.zimby_roads.homeward`:
    too big to join the Crown's column), while a step comes nearer home: at home each zimby is a mojo a round for
    the dash, and beside the Crown one stood in its way out of the sanctum."""
    back = {
        c.id
        for c in public.columns
        if c is not column and c.tile in BOARD and homeward(public, seat, c) and _nearer_home(public, seat, c)
    }
    return next((m for m in legal if isinstance(m, Go) and m.own is None and m.creature in back), None)


#: An attack that kills its target less often than this is never searched while the seat may end its turn.
HOPELESS = 1 / 6


def prune(table: AnyTable, seat: int, legal: list[Any]) -> list[Any]:
    """The moves the search weighs. Never a zimby eaten at home or for a scroll (:func:`_eats`), nor the Crown
    dropped (:func:`server.ai.zimby_crown.drops`). While the seat may end its turn, not an attack that kills its
    target less than :data:`HOPELESS` of the time (it must attack when "combat locked"): in shares of one win such a
    blow can look good for what it costs the others (a shared column's wounds fall on the partner's zimbies too: a
    column of two tribes, just after its seal opened, struck the King 7 against 10 and lost three zimbies). Nor an
    attack on a thug: a dead thug is "expelled" to a barracks, active again at the next refresh and back on the board
    that round, and a column of two eating one to kill it half the time (1 + 4 against 3) spends a zimby for sure;
    between default bots, most of both tribes had gone so to the Far Shore by the fifth round. Nor a walk that breaks
    up a column worth most whole (:func:`_breaks_up`). Nor a scroll (:func:`_casts`). Nor zimbies sent from home
    while the blow's plan keeps them there (:func:`server.ai.zimby_blow.holds`), nor before a seal
    (:func:`server.ai.zimby_seal.holds`). Nor a walk from where it should be (:func:`_on_its_goal`)."""
    public: Public = table.public
    kept = [m for m in legal if not _eats(m) and not zimby_crown.drops(m)]
    if EndTurn() in legal:
        thugs = {t.id for t in public.thugs}
        kept = [
            m
            for m in kept
            if not (isinstance(m, Attack) and (m.target in thugs or odds(public, seat, m)[0] < HOPELESS))
            and not _breaks_up(public, m)
            and not _casts(m)
            and not holds(public, seat, m)
            and not zimby_seal.holds(public, seat, m)
            and not _on_its_goal(public, seat, m)
        ]
    return kept or legal


def _on_its_goal(public: Public, seat: int, move: Any) -> bool:
    """``move`` walks a column of the seat's tribe alone that stands on its goal (:func:`server.ai.zimby_roads.goal`:
    another tribe's column or entry point, a shrine): a path's first decision is a step (a halt comes after one),
    so it would step off and back, a mojo each way. Against random play a lone zimby waiting on the other tribe's
    entry point (nobody of it on the board) did so four times a round, every token the tribe had, and no zimby
    was spawned for ten rounds."""
    if not isinstance(move, Go) or move.own is not None:
        return False
    column = next((c for c in public.columns if c.id == move.creature), None)
    if column is None or set(column.zimbies) != {seat}:
        return False
    return away(public, goal(public, seat, column), column.tile) == 0


def _casts(move: Any) -> bool:
    """A scroll cast on the seat's own turn (where :func:`prune` asks): its mojo is a spawn or a walk forgone.
    The evaluation weighs neither the cards in a hand nor mojo left at the end of a turn (the tokens come back at
    the refresh), so to the search a scroll was free: against random play the bot spent most rounds' 4 tokens on
    scrolls (a Muddled Memories at its own seat, discarding its Death Curse), seldom spawned, kept no zimby at
    home for a mojo a round, and reached the King with columns too few and too late. Scrolls cast in a window
    (armour against a blow, a Nix) stay searched; ``loadtest/README.md`` has the figures."""
    return isinstance(move, UseScroll)


def _eats(move: Any) -> bool:
    """A zimby eaten for 2 mojo or a scroll at home, or by a witchery's channeller for twice its range or effect:
    a zimby is a mojo every round and 3 to spawn again. Offered beside every scroll and in every window, these
    moves were a good part of what the search weighed, and against random play a bot ate 14 of its zimbies so in
    three matches (the Crown's dash eats by :func:`reflex`, not by search)."""
    if isinstance(move, Eat):
        return True
    return isinstance(move, UseScroll) and (move.eat_for_range > 0 or move.eat_for_effect > 0)


def _breaks_up(public: Public, move: Any) -> bool:
    """``move`` walks part of a column away from the rest when the column is worth most whole: before any ward is
    open, the seat's zimbies out of a column shared with another tribe (the seal's one way: "two shaman must each
    have at least 1 zimby of their tribe present in the same column on the shrine tile"); while the King lives
    behind an open ward, some of a column of one tribe (three of them, two eaten, strike him "1 + 8 = 9"). A
    search that split such columns on noise undid a join two turns in the making, or a blow three turns in it."""
    if not isinstance(move, Go) or move.own is None or not public.king.alive:
        return False
    column = next((c for c in public.columns if c.id == move.creature), None)
    if column is None:
        return False
    opened = any(w.open for w in public.wards)
    return len(column.zimbies) > 1 if not opened else len(column.zimbies) == 1 and move.own < column.size
