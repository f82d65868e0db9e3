"""A creature's path: started with ``go``, ``send`` or ``warp``, declared tile by tile, ended by ``halt``.

A path is a move of several decisions (:mod:`server.engine.decisions`), so that its legal moves stay a short list:
each decision is one function here, filed by its move type in :data:`.playing.DECISIONS`. Each tile is paid as it
comes and opens a "Stop!" window (:mod:`.asking`).
"""

from __future__ import annotations

from server.engine import Event, Rng
from server.engine.seats import clockwise_from

from . import combat, effects
from .asking import open_at_tile
from .board import BOARD
from .columns import arrive_home, dismiss_from, merge, new_column
from .mojo import pay
from .state import (
    Answer,
    Column,
    Drop,
    Go,
    Halt,
    Influence,
    Moving,
    PickUp,
    Public,
    Request,
    Send,
    Step,
    TileId,
    Warp,
    Zombie,
    ZTable,
    home_seat,
    home_tile,
)
from .ways import expenditure, holding_back, swaps
from .zones import controls, mover, mover_gone, opponents


def send(table: ZTable, seat: int, move: Send, rng: Rng, event: Event) -> None:
    """Zimbies leave the tribal board as a column whose path starts there (its first step is onto the entry point)."""
    pub = table.public
    column = new_column(pub, seat, move.count, home_tile(seat))
    pub.moving = Moving(creature=column.id)


def warp(table: ZTable, seat: int, move: Warp, rng: Rng, event: Event) -> None:
    """Zimbies leave the tribal board "directly onto a randomly selected portal tile" for 1 mojo, dismissing
    whatever stood there; the Crown lying there may be picked up."""
    pub = table.public
    pay(pub.tribes[seat], 1)
    portal = rng.choice([p for p in BOARD.portals if not (pub.king.alive and pub.king.tile == p)])
    dismiss_from(pub, portal)
    column = new_column(pub, seat, move.count, portal)
    event.public["portal"] = portal
    crown = pub.crown
    if crown is not None and crown.carrier is None and crown.tile == portal:
        # "a creature entering the tile may stop and pick the item up": the column has entered the portal
        # tile, so its path is under way there (one tile gone), to pick the Crown up or halt.
        pub.moving = Moving(creature=column.id, steps=1, found_crown=True)


def go(table: ZTable, seat: int, move: Go, rng: Rng, event: Event) -> None:
    """A path starts with a creature on the board: a whole column, or some of the seat's own zimbies split out of
    it ("individually or in groups"), the Crown with them if its holder is among them."""
    pub = table.public
    creature = mover(pub, move.creature)
    if isinstance(creature, Column) and move.own is not None and move.own < creature.size:
        creature.zimbies[seat] -= move.own
        creature.zimbies = {t: n for t, n in creature.zimbies.items() if n > 0}
        part = Column(id=f"c{pub.next_id}", tile=creature.tile, zimbies={seat: move.own})
        if creature.crown == seat and (move.crown or seat not in creature.zimbies):
            part.crown, creature.crown = seat, None
            if pub.crown is not None:
                pub.crown.carrier = part.id
        pub.next_id += 1
        pub.columns.append(part)
        creature = part
    pub.moving = Moving(creature=creature.id)


def drop(table: ZTable, seat: int, move: Drop, rng: Rng, event: Event) -> None:
    """The Crown carrier drops the Crown on its tile, on its turn or during its path."""
    pub = table.public
    crown = pub.crown
    assert crown is not None and crown.carrier is not None
    carrier = pub.column(crown.carrier)
    carrier.crown = None
    combat.drop_crown(pub, carrier.tile)
    if pub.moving is not None and pub.moving.creature == carrier.id:
        pub.moving.found_crown = False


def halt(pub: Public, creature: Column | Zombie) -> None:
    """The path ends; a column split off that never left its tile rejoins it; one never sent stays home."""
    pub.moving = None
    if not isinstance(creature, Column):
        return
    seat = home_seat(creature.tile)
    if seat is not None:
        pub.columns.remove(creature)
        pub.tribes[seat].active += creature.size
        return
    others = [c for c in pub.columns if c.tile == creature.tile and c is not creature]
    if others:
        merge(pub, creature, others[0], None)


def step(table: ZTable, seat: int, creature: Column | Zombie, to: TileId, rng: Rng) -> None:
    """One tile of the path, paid as it comes: out of darkness, a swap, a join asked, obstacles, home, a portal, a
    zombie stopping beside the living; then the "Stop!" window on the tile."""
    pub = table.public
    moving = pub.moving
    assert moving is not None
    if isinstance(creature, Column) and effects.darkened(pub, creature.tile):
        out_of_darkness(table, seat, creature, rng)
        return
    there = pub.creature_at(to)
    if there is not None and swaps(pub, creature, to):
        # "If a creature attempts to enter ... an occupied darkened tile ... the creature and the tile occupant
        # swap tiles."
        pay_step(pub, seat, creature)
        moving.steps += 1
        effects.swap_places(pub, creature, to)
        return
    if isinstance(there, Column) and isinstance(creature, Column):
        if not controls(pub, seat, there):
            waiting = [s for s in clockwise_from(seat, pub.seats) if s in there.zimbies]
            pub.request = Request(kind="join", asker=seat, column=creature.id, target=there.id, waiting=waiting)
            return
        pay_step(pub, seat, creature)
        merge(pub, creature, there, rng)
        pub.moving = None
        return
    pay_step(pub, seat, creature)
    moving.steps += 1
    obstacle = holding_back(pub, creature, to)
    if obstacle is not None:
        if not combat.crown_immune(rng):
            pub.happened.append(f"the {obstacle} hold {creature.id} back: the Crown's immunity fails")
            return
        pub.happened.append(f"{creature.id} passes the {obstacle}: the Crown's immunity holds")
    home = home_seat(to)
    if home is not None:
        arrive_home(pub, creature, home)
        return
    creature.tile = to
    crown = pub.crown
    # "Items may be dropped but not picked up in darkened tiles."
    moving.found_crown = (
        isinstance(creature, Column)
        and crown is not None
        and crown.carrier is None
        and crown.tile == to
        and not effects.darkened(pub, to)
    )
    size = creature.size if isinstance(creature, Column) else 0
    combat.suffer_obstacles(pub, creature, rng)
    if mover_gone(pub, creature):
        pub.moving = None
        return
    if isinstance(creature, Column) and creature.size < size:
        moving.tiles_left = 0  # "A column loses one or more member zimbies": the expenditure ends
    if to in BOARD.portals:
        if isinstance(creature, Column):
            moving.portal = to
        else:
            teleport(pub, creature, to, rng.choice([p for p in BOARD.portals if p != to]))
            pub.moving = None
    if isinstance(creature, Zombie) and opponents(pub, creature):
        # "If a zombie encounters a living creature in its combat zone, the zombie must stop moving and
        # attack that creature".
        pub.moving = None
        creature.must_attack = True
    open_at_tile(table, seat, creature)


def out_of_darkness(table: ZTable, seat: int, creature: Column, rng: Rng) -> None:
    """A column in a patch o' darkness "may only randomly exit the tile": whatever step was declared, it emerges
    on a random adjacent tile (swapping with a creature there) and loses the rest of its movement."""
    pub = table.public
    pay_step(pub, seat, creature)
    pub.moving = None
    exit_to = effects.darkness_exit(pub, creature.tile, rng)
    if exit_to is None:
        pub.happened.append(f"{creature.id} finds no way out of the darkness")
        return
    occupant = effects.swap_places(pub, creature, exit_to)
    if occupant is None:
        creature.tile = exit_to
        combat.suffer_obstacles(pub, creature, rng)
    pub.happened.append(f"{creature.id} stumbles out of the darkness onto {exit_to}")


def pay_step(pub: Public, seat: int, creature: Column | Zombie) -> None:
    """A tile of the path: free movement from scrolls first, then the tiles paid for, then the next expenditure."""
    moving = pub.moving
    assert moving is not None
    if moving.free_tiles > 0:
        moving.free_tiles -= 1
        return
    if moving.tiles_left == 0:
        tiles, cost = expenditure(pub, creature)
        pay(pub.tribes[seat], cost)
        moving.tiles_left = tiles
    moving.tiles_left -= 1


def relocate(table: ZTable, seat: int, creature: Column | Zombie, eliminate: list[TileId], rng: Rng) -> None:
    """The portal a column stepped onto relocates it to a random other portal, less those its controller paid to
    eliminate; with none left, the column stays and its path goes on."""
    pub = table.public
    moving = pub.moving
    assert moving is not None and moving.portal is not None
    origin = moving.portal
    if eliminate:
        pay(pub.tribes[seat], len(eliminate))
    moving.portal = None
    left = [p for p in BOARD.portals if p != origin and p not in eliminate]
    if not left:
        pub.happened.append(f"{creature.id} keeps the portal at {origin} shut and moves on")
        return
    teleport(pub, creature, origin, rng.choice(left))
    pub.moving = None


def teleport(pub: Public, creature: Column | Zombie, origin: TileId, destination: TileId) -> None:
    """Relocation: the creature and whatever was on the destination (creatures, the Crown) swap places."""
    for c in pub.columns:
        if c.tile == destination:
            c.tile = origin
    for z in pub.zombies:
        if z.tile == destination:
            z.tile = origin
    for t in pub.thugs:
        if t.tile == destination and not t.in_barracks:
            t.tile = origin
    if pub.king.alive and pub.king.tile == destination:
        pub.king.tile = origin
    for o in pub.obstacles:
        if o.tile == destination:
            o.tile = origin
    if pub.crown is not None and pub.crown.carrier is None and pub.crown.tile == destination:
        pub.crown.tile = origin
    creature.tile = destination
    pub.happened.append(f"{creature.id} relocates from {origin} to {destination}")


def answer_join(table: ZTable, seat: int, move: Answer, rng: Rng, event: Event) -> None:
    """A seat asked whether the column may join: a refusal ends the asking (the mover may step elsewhere, or halt);
    once every seat asked agreed, the step is paid and the columns merge, ending the path.

    A path refused at its first step ends there (:func:`halt`: nothing was paid, a part split off rejoins its
    column, a column never sent stays home): it may not halt before it has gone somewhere, so one whose only way
    is the column that refused it could do nothing but ask again, for ever (two bots did, hundreds of times)."""
    yes = move.yes
    pub = table.public
    request = pub.request
    assert request is not None and request.target is not None
    if not yes:
        pub.request = None
        pub.happened.append(f"seat {seat} refuses")
        if pub.moving is not None and pub.moving.steps == 0:
            halt(pub, moving_creature(pub))
        return
    request.waiting.pop(0)
    if request.waiting:
        return
    pub.request = None
    joining, into = pub.column(request.column), pub.column(request.target)
    pay_step(pub, request.asker, joining)
    merge(pub, joining, into, rng)
    pub.moving = None


# -- the path's decisions: each played through the engine's ``play_decision`` -------------------------------------


def join_asked(public: Public) -> bool:
    """Whether an ``answer`` is a decision of the asker's path (a join asked), not an answer to a seal's request."""
    return public.request is not None and public.request.kind == "join"


def moving_creature(public: Public) -> Column | Zombie:
    """The creature whose path is under way."""
    moving = public.moving
    assert moving is not None
    return mover(public, moving.creature)


def take_step(table: ZTable, seat: int, move: Step, rng: Rng, event: Event) -> None:
    """A ``step``: the next tile of the path (:func:`step`)."""
    event.public["to"] = move.to
    step(table, seat, moving_creature(table.public), move.to, rng)


def stop_path(table: ZTable, seat: int, move: Halt, rng: Rng, event: Event) -> None:
    """A ``halt``: the path ends where the creature stands (:func:`halt`)."""
    halt(table.public, moving_creature(table.public))


def pick_up(table: ZTable, seat: int, move: PickUp, rng: Rng, event: Event) -> None:
    """The Crown found on the path is picked up; the tiles paid for are lost with it."""
    pub = table.public
    creature = moving_creature(pub)
    moving = pub.moving
    assert moving is not None and isinstance(creature, Column) and pub.crown is not None
    combat.give_crown(pub, creature, combat.picker(creature))
    moving.tiles_left = 0  # "picks up an item or its movement burden increases"
    moving.found_crown = False


def influence(table: ZTable, seat: int, move: Influence, rng: Rng, event: Event) -> None:
    """An ``influence`` on the portal the column stepped onto: the destinations eliminated, paid, then relocation."""
    relocate(table, seat, moving_creature(table.public), move.eliminate, rng)
