"""The legal moves: what a seat may do now, read from the public part (and its own private part).

:func:`legal_moves` gathers every family of moves, so that what a seat is offered is read in one place; a move is
legal exactly when it is in that list (``ZimbyMojo.check``). The families whose rules belong to another concept are
listed beside it: scrolls in :mod:`.casting`, seals in :mod:`.seals`, eating in :mod:`.mojo`, steps in :mod:`.ways`.
"""

from __future__ import annotations

from itertools import combinations

from server.engine.windows import options, top

from .board import BOARD
from .casting import scroll_moves
from .columns import ZOMBIE_COST, ZOMBIES_IN_PLAY
from .mojo import INVOKE_COST, SPAWN_COST, SPAWN_LIMIT, available, eat_moves
from .opening import RITUAL_TILES
from .seals import unseal_moves
from .state import (
    COLUMN_TRIBE_LIMIT,
    TRIBAL_BOARD_LIMIT,
    Answer,
    AnyMove,
    Attack,
    Devour,
    Discard,
    Drop,
    EndTurn,
    Extract,
    ExtractChanter,
    Go,
    Halt,
    Hold,
    Influence,
    Invoke,
    Keep,
    PickUp,
    Private,
    Public,
    Send,
    Spawn,
    Warp,
    Winnow,
    Zombify,
)
from .ways import can_leave, entry_open, movement, step_moves
from .zones import controls, mover, must_attack, opponents

#: Rituals whose quadrant or portal the Crown carrier's controller chooses ("the controller may choose").
CHOSEN_RITUALS = ("discord", "portals", "terror")


def legal_moves(public: Public, private: Private, seat: int) -> list[AnyMove]:
    """What ``seat`` may do now: answer a window or a request if it is asked, else on its turn a path's next
    decision or the turn's moves and scrolls."""
    if public.phase == "over":
        return []
    window = top(public.windows)
    if window is not None:
        return list(options(responses(public, private, seat))) if window.asked == seat else []
    if public.request is not None and public.request.waiting:
        return answers(public, seat)
    if seat != public.turn:
        return []
    if public.moving is not None:
        return path_moves(public, seat)
    return turn_moves(public, seat) + scroll_moves(public, private, seat)


def responses(public: Public, private: Private, seat: int) -> list[AnyMove]:
    """What the seat asked in a window may do besides passing: have a defender eat, hold zombies, use a scroll
    (on the stack's windows and a path tile's); and, "At any time", eat zimbies on its tribal board."""
    tribe = public.tribes[seat]
    window = top(public.windows)
    assert window is not None
    on = window.on if isinstance(window.on, dict) else {}
    moves: list[AnyMove] = []
    if "attack" in on and public.pending_attack is not None:
        target = public.column(public.pending_attack.target)
        moves += [Devour(eat=k) for k in range(1, min(2, target.size - 1) + 1)]
    elif "hand_limit" in on:
        # Wrap-up: no mojo, no scrolls, no cannibalism; only the choice of the cards to discard.
        return [Discard(card=card) for card in dict.fromkeys(private.hand)]
    elif "winnowing" in on:
        if public.solitaire:
            moves += [Winnow(source="hand"), Winnow(source="library")]
        else:
            moves += [Keep(card=card) for card in dict.fromkeys(private.winnowing)]
    elif "shamble" in on:
        if available(tribe) >= 1:
            moves += [Hold(zombie=z.id) for z in public.zombies if z.owner == seat and not z.held and not z.in_combat]
    else:
        moves += scroll_moves(public, private, seat)
    return moves + eat_moves(public, seat)


def answers(public: Public, seat: int) -> list[AnyMove]:
    """A request names the seat next: it may refuse, or agree (to a seal's, only while both could still pay)."""
    request = public.request
    assert request is not None
    if request.waiting[0] != seat:
        return []
    if request.kind == "seal" and min(available(public.tribes[seat]), available(public.tribes[request.asker])) < 1:
        return [Answer(yes=False)]
    return [Answer(yes=False), Answer(yes=True)]


def turn_moves(public: Public, seat: int) -> list[AnyMove]:
    """The moves of a turn with nothing under way: mojo, spawning, columns sent or warped, paths, attacks, zombies,
    seals, rituals, and ``end_turn`` once no attack is owed."""
    tribe = public.tribes[seat]
    moves: list[AnyMove] = []
    locked = must_attack(public, seat)
    if not locked:
        moves.append(EndTurn())
    if tribe.tokens:
        moves.append(Extract(source="token"))
    if tribe.active > 0:
        moves.append(Extract(source="zimby"))
    if tribe.active > 0:
        moves += [ExtractChanter(incantation=i.id) for i in public.incantations if i.caster == seat]
    moves += eat_moves(public, seat)
    if (
        tribe.spawned < SPAWN_LIMIT
        and tribe.far_shore > 0
        and tribe.zimbies < TRIBAL_BOARD_LIMIT
        and available(tribe) >= SPAWN_COST
    ):
        moves.append(Spawn())
    # Counting the zimbies that would pay: sending them needs them active after paying the first tile.
    for count in range(1, min(COLUMN_TRIBE_LIMIT, tribe.active) + 1):
        spare = tribe.mojo + tribe.tokens + tribe.active - count
        if spare >= movement(count)[1] and entry_open(public, seat, count):
            moves.append(Send(count=count))
        if spare >= 1:
            moves.append(Warp(count=count))
    for c in public.columns:
        if not controls(public, seat, c):
            continue
        if c.active and not c.in_combat and can_leave(public, seat, c):
            # The whole column, or some of the seat's own zimbies out of it ("individually or in groups").
            moves.append(Go(creature=c.id))
            own = c.zimbies[seat]
            moves += [Go(creature=c.id, own=k) for k in range(1, own + 1) if k < c.size]
            # Which zimbies leave is the controller's choice: the one holding the Crown among them, or not.
            # (All of them leaving take it anyway.)
            if c.crown == seat:
                moves += [Go(creature=c.id, own=k, crown=True) for k in range(1, own)]
        if c.active and not c.attacked:
            eats = range(min(2, c.size - 1) + 1) if len(c.zimbies) == 1 else range(1)
            moves += [Attack(attacker=c.id, target=t, eat=e) for t in opponents(public, c) for e in eats]
        if (
            c.size == 1
            and c.active
            and not tribe.made_zombie
            and tribe.zombies_left > 0
            and tribe.active >= ZOMBIE_COST
            and sum(1 for z in public.zombies if z.owner == seat) < ZOMBIES_IN_PLAY
        ):
            moves.append(Zombify(column=c.id))
        moves += unseal_moves(public, seat, c)
    for z in public.zombies:
        if z.owner != seat:
            continue
        owes = z.must_attack and not z.attacked and opponents(public, z)
        if z.active and not z.in_combat and not owes and can_leave(public, seat, z):
            moves.append(Go(creature=z.id))
        if z.active and not z.attacked:
            moves += [Attack(attacker=z.id, target=t) for t in opponents(public, z)]
    moves += invoke_moves(public, seat)
    moves += drop_moves(public, seat)
    return moves


def drop_moves(public: Public, seat: int) -> list[AnyMove]:
    """The Crown carrier's controller may drop the Crown on its turn."""
    crown = public.crown
    if crown is None or crown.carrier is None:
        return []
    carrier = next((c for c in public.columns if c.id == crown.carrier), None)
    return [Drop()] if carrier is not None and controls(public, seat, carrier) else []


def invoke_moves(public: Public, seat: int) -> list[AnyMove]:
    """The Crown carrier on a ritual tile may activate its ritual for 4 mojo."""
    crown = public.crown
    if crown is None or crown.carrier is None or available(public.tribes[seat]) < INVOKE_COST:
        return []
    carrier = next((c for c in public.columns if c.id == crown.carrier), None)
    if carrier is None or not controls(public, seat, carrier) or carrier.tile not in RITUAL_TILES:
        return []
    if not carrier.active or carrier.invoked:
        return []  # "Depleted zimbies may not ... channel mojo"; once a turn
    known = next(r.ritual for r in public.rituals if r.tile == carrier.tile)
    choices = range(4) if known is None or known in CHOSEN_RITUALS else range(1)
    return [Invoke(column=carrier.id, choice=k) for k in choices]


def path_moves(public: Public, seat: int) -> list[AnyMove]:
    """A path's next decision: a portal's influence, or a step, the Crown picked up or dropped, a halt."""
    moving = public.moving
    assert moving is not None
    creature = mover(public, moving.creature)
    if moving.portal is not None:
        others = [p for p in BOARD.portals if p != moving.portal]
        budget = available(public.tribes[seat])
        return [
            Influence(eliminate=list(chosen))
            for k in range(min(len(others), budget) + 1)
            for chosen in combinations(others, k)
        ]
    moves: list[AnyMove] = []
    if moving.found_crown:
        moves.append(PickUp())
    moves += drop_moves(public, seat)
    steps = step_moves(public, seat, creature, moving.tiles_left)
    # A path ends once it has gone somewhere, or when it can go nowhere (so a path is never a move that does
    # nothing but wait).
    if moving.steps > 0 or not steps:
        moves.insert(0, Halt())
    return moves + steps
