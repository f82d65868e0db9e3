"""The round's chance steps: refresh, the King's turn, the thugs, the zombies and wrap-up.

Parts 1, 2, 4, 5 and 6 of the round (the game's docstring tells them) run here, one logged step each, from the
match's seeded generator; a part that stops to ask a seat goes on in a further step once it has its answer.
"""

from __future__ import annotations

from pydantic import JsonValue

from server.engine import Event, Rng
from server.engine.windows import open_window

from . import combat, effects, king, npcs
from .asking import count_cards, stop_at
from .mojo import available, hand_limit
from .settling import kings_ritual, npc_attack, settle
from .state import (
    KING_ID,
    MOJO_TOKENS,
    Column,
    CreatureId,
    Obstacle,
    Thug,
    TileId,
    Zombie,
    ZTable,
)
from .turns import begin_players
from .zones import settle_combat, still_there

#: The chance steps whose dice the first mover rolls at the table ("makes all die rolls for the thugs and King"):
#: their events name that seat (``rolled_by``), so that a client can show whose roll it was.
ROLLED_BY_FIRST_MOVER = frozenset({"king", "thugs"})


def chance(table: ZTable, rng: Rng) -> Event | None:
    """One part of the round that no player plays: thugs, zombies, wrap-up, refresh, the King's turn."""
    pub = table.public
    pub.happened = []
    phase = pub.phase
    roller = pub.first_mover  # before wrap-up names the next round's
    if phase == "thugs":
        thugs_part(table, rng)
    elif phase == "zombies":
        if not pub.holds_asked:
            # "A zombie's owner may pay 1 mojo to keep their zombie from shambling": asked before they shamble.
            pub.holds_asked = True
            owners = {z.owner for z in pub.zombies if not z.in_combat and available(pub.tribes[z.owner]) >= 1}
            on: JsonValue = {"shamble": pub.round}
            if open_window(pub.windows, pub.first_mover, on, pub.seats, among=owners, with_opener=True):
                return Event({"type": "hold_asked", "round": pub.round, "seats": sorted(owners)})
        zombies_part(table, rng)
    elif phase == "wrap_up":
        if not pub.hands_asked:
            pub.hands_asked = True
            wrap_up_wounds(table, rng)
            # "must discard down to 6 scroll cards (player's choice)": asked, one card at a time.
            over = [s for s, p in enumerate(table.private) if len(p.hand) > hand_limit(pub, s)]
            asking: JsonValue = {"hand_limit": pub.round}
            if open_window(pub.windows, pub.first_mover, asking, pub.seats, among=over, with_opener=True):
                settle_combat(pub)
                count_cards(table)
                return Event({"type": "hand_limit_asked", "round": pub.round, "happened": list(pub.happened)})
        wrap_up(table, rng)
        if pub.round >= pub.round_limit:
            # A draw shared by every seat; solitaire is won only by the Crown, so its round limit is a loss.
            draw = [] if pub.solitaire else list(range(pub.seats))
            pub.phase, pub.winners, pub.reason = "over", draw, "round_limit"
        else:
            pub.round += 1
            pub.phase = "refresh"
    elif phase == "refresh":
        refresh(table, rng)
        if pub.phase == "refresh":
            pub.phase = "king"
    elif phase == "king":
        if pub.king.alive:

            def defer(target: CreatureId, casts: TileId | None) -> bool:
                npc_attack(table, KING_ID, target, rng, casts=casts)
                return True  # the game makes the attack, the ritual and the players' turns follow it

            def casting(tile: TileId) -> None:
                kings_ritual(table, tile, rng)

            hands = [p.hand for p in table.private]
            king.king_turn(pub, table.secret, rng, hands=hands, defer=defer, casting=casting)
        if pub.phase == "king" and not pub.windows:
            begin_players(pub)
    else:
        return None
    settle(table, rng)
    settle_combat(pub)
    count_cards(table)
    event = Event({"type": phase, "round": pub.round, "happened": list(pub.happened)})
    if phase in ROLLED_BY_FIRST_MOVER:
        event.public["rolled_by"] = roller
    return event


def thugs_part(table: ZTable, rng: Rng) -> None:
    """The thugs' movement phase, then their attacks one column at a time (a defender may be asked first)."""
    pub = table.public
    if not pub.thugs_moved:
        if not pub.thugs_out:
            pub.thugs_out = True
            npcs.thugs_set_out(table, rng)

        def stop(thug: Thug) -> bool:
            return stop_at(table, thug.id, thug.tile, mover=None)

        if npcs.thugs_walk(table, rng, stop=stop):
            return  # a "Stop!" window is open on a thug's walk: it goes on once the stack resolved
        pub.thugs_moved = True
    while pub.phase == "thugs" and (due := npcs.next_thug_attack(pub, rng)) is not None:
        leader, target = due
        if npc_attack(table, leader.id, target, rng):
            return
    if pub.phase == "thugs":
        pub.phase = "zombies"


def zombies_part(table: ZTable, rng: Rng) -> None:
    """Each zombie shambles in turn, then attacks the living creature it reached (a defender may be asked)."""
    pub = table.public

    def stop(zombie: Zombie) -> bool:
        return stop_at(table, zombie.id, zombie.tile, mover=None)

    for zombie in list(pub.zombies):
        halted = zombie.shambling is not None
        if (zombie.shambled and not halted) or zombie not in pub.zombies or not npcs.shambles(zombie):
            continue
        zombie.shambled = True
        target = npcs.shamble_walk(pub, zombie, rng, stop=stop)
        if zombie.shambling is not None:
            return  # a "Stop!" window is open on its shamble: it goes on once the stack resolved
        if target is None or zombie not in pub.zombies:
            continue
        if npc_attack(table, zombie.id, target, rng):
            return
    if pub.phase == "zombies":
        pub.phase = "wrap_up"


def wrap_up_wounds(table: ZTable, rng: Rng) -> None:
    """ "Any creature in a wound-causing obstacle suffers wounds": a thug column is one creature."""
    pub = table.public
    thug_columns = {t.tile: combat.thug_column(pub, t.tile)[0] for t in pub.thugs if not t.in_barracks}
    creatures: list[Column | Zombie | Thug] = [*pub.columns, *pub.zombies, *thug_columns.values()]
    for creature in creatures:
        if still_there(pub, creature.id):
            combat.suffer_obstacles(pub, creature, rng)


def wrap_up(table: ZTable, rng: Rng) -> None:
    """The rest of wrap-up: a hand still over the limit (its shaman passed) loses its newest cards, the mojo not
    spent is lost, and the next first mover is found."""
    pub = table.public
    for seat, private in enumerate(table.private):
        while len(private.hand) > hand_limit(pub, seat):
            pub.discards.append(private.hand.pop())
    for tribe in pub.tribes:
        tribe.mojo = 0
    counts = [t.first_mover_count for t in pub.tribes]
    best = [t.seat for t in pub.tribes if t.first_mover_count == max(counts)]
    pub.first_mover = best[0] if len(best) == 1 else rng.choice(best)
    for z in pub.zombies:
        z.held, z.shambled, z.shambling = False, False, None
    pub.holds_asked, pub.thugs_out, pub.thugs_moved, pub.hands_asked = False, False, False, False


def refresh(table: ZTable, rng: Rng) -> None:
    """Part 1: tokens, zimbies and creatures active again, armor lapsed, obstacles aged, one scroll each (in
    solitaire, an empty library loses)."""
    pub = table.public
    for tribe in pub.tribes:
        tribe.tokens = MOJO_TOKENS
        tribe.active += tribe.depleted
        tribe.depleted = 0
        tribe.eaten = 0
    for creature in [*pub.columns, *pub.zombies, *pub.thugs]:
        creature.active = True
        creature.armor = 0  # armor from scrolls lapses at the next refresh
    effects.refresh_obstacles(pub)
    aged: list[Obstacle] = []
    for o in pub.obstacles:
        # The King's obstacles live until the first King dies; "These obstacles do not stop dying or
        # re-appear if a new King enters play".
        if not o.kings or (pub.king.alive and pub.king.kills == 0):
            aged.append(o)
        elif o.side == "A":
            aged.append(o.model_copy(update={"side": "B"}))
    pub.obstacles = aged
    if pub.crown is not None and not pub.king.alive:
        king.crown_refresh(pub)
    for seat in range(pub.seats):
        # One scroll each, and one more for each draw incantation on the seat.
        for _ in range(1 + max(0, effects.chant(pub, seat, "draw"))):
            if not effects.draw(table, seat, rng) and pub.solitaire:
                pub.phase, pub.winners, pub.reason = "over", [], "library_empty"
                return
