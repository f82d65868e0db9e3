"""The stack resolving and attacks settling through it.

An attack is declared, its defender may eat, its combat rolls are pushed and resolve into wounds pushed in turn,
and only once they are delivered does the rest of the attack happen. Attacks and the stack are one concept here
because each waits on the other: :func:`settle` concludes an attack once its entries are gone, and an attack's
conclusion may push a ritual that :func:`settle` resolves.
"""

from __future__ import annotations

from pydantic import JsonValue

from server.engine import Event, Rng
from server.engine.windows import open_window

from . import combat, effects, king, npcs, stack
from .asking import count_cards, push
from .board import BOARD
from .mojo import INVOKE_COST, pay
from .paths import halt, teleport
from .state import (
    AnyEntry,
    Attack,
    Cast,
    Column,
    CombatRoll,
    CreatureId,
    Invoke,
    King,
    KingsRitual,
    Moving,
    PendingAttack,
    Public,
    Target,
    Thug,
    TileId,
    Wounds,
    Zombie,
    ZTable,
)
from .turns import begin_players
from .zones import fighter, mover, mover_gone, settle_combat, shielded


def attack(table: ZTable, seat: int, move: Attack, rng: Rng, event: Event) -> None:
    """The attacker's cannibal eats first; a defending single-tribe column's shaman is then asked to eat."""
    pub = table.public
    attacker = mover(pub, move.attacker)
    if move.eat and isinstance(attacker, Column):
        attacker.zimbies[seat] -= move.eat
        pub.tribes[seat].far_shore += move.eat
        attacker.brutality_bonus += 4 * move.eat
        pub.happened.append(f"a zimby of {attacker.id} eats {move.eat} for +{4 * move.eat} brutality")
    controller = seat if isinstance(attacker, Column) else None
    pub.pending_attack = PendingAttack(attacker=move.attacker, target=move.target, controller=controller)
    target = next((c for c in pub.columns if c.id == move.target), None)
    if target is not None and len(target.zimbies) == 1 and target.size >= 2:
        on: JsonValue = {"attack": move.attacker, "target": move.target}
        if open_window(pub.windows, seat, on, pub.seats, among=target.tribes) is not None:
            return
    roll_attack(table, rng)


def roll_attack(table: ZTable, rng: Rng) -> None:
    """The combat rolls are made and pushed on the stack, a window open on them for every seat able to answer
    (the attacker's shaman first; for the King, thugs and zombies, the seat whose turn it is or the first
    mover)."""
    pub = table.public
    pending = pub.pending_attack
    assert pending is not None
    attacker, defender = combat.creature(pub, pending.attacker), combat.creature(pub, pending.target)
    pending.at, pending.defender_at = combat.tile_of(attacker), combat.tile_of(defender)
    chants = (chanted_brutality(pub, attacker, pending.controller), chanted_brutality(pub, defender))
    rolls = combat.roll_attack(
        pub,
        pending.attacker,
        pending.target,
        pending.controller,
        rng,
        effects=(chants[0], pending.defence + chants[1]),
    )
    pending.rolled = True
    entry = CombatRoll(pusher=pending.controller, attacker=pending.attacker, defender=pending.target, rolls=rolls)
    push(table, entry)


def chanted_brutality(pub: Public, fighter: combat.Fighter, attacking_for: int | None = None) -> int:
    """What brutality incantations add to a creature's combat roll: those on its attacking controller, on a
    defending column's largest tribe, on a zombie's owner."""
    if isinstance(fighter, Column):
        seat = attacking_for if attacking_for is not None else combat.picker(fighter)
    elif isinstance(fighter, Zombie):
        seat = fighter.owner
    else:
        return 0
    return effects.chant(pub, seat, "brutality")


def conclude_attack(table: ZTable, rng: Rng) -> None:
    """The attack's wounds were delivered: the rest of it happens (a tile claimed, combat lock, a thug's or
    the King's turn going on, a claimed portal relocating the attacker)."""
    pub = table.public
    pending = pub.pending_attack
    assert pending is not None and pending.at is not None and pending.defender_at is not None
    pub.pending_attack = None
    attacker, defender = fighter(pub, pending.attacker), fighter(pub, pending.target)
    before = pending.at
    combat.conclude(pub, attacker, defender, before, pending.defender_at, rng)
    if isinstance(attacker, Thug):
        npcs.after_thug_attack(pub, attacker, before, rng)
        return
    if isinstance(attacker, King):
        # The rest of the King's turn: the ritual of the tile he claimed, then the players' turns.
        if pending.casts is not None and pub.king.alive and pub.king.tile == pending.casts:
            kings_ritual(table, pending.casts, rng)
        if pub.phase == "king":
            begin_players(pub)
        return
    if attacker is None:
        return
    claimed = attacker.tile
    if mover_gone(pub, attacker) or claimed == before or claimed not in BOARD.portals:
        return
    if isinstance(attacker, Column):
        # Its controller may influence the destination, as for a step onto the portal.
        pub.moving = Moving(creature=attacker.id, steps=1, portal=claimed)
    else:
        teleport(pub, attacker, claimed, rng.choice([p for p in BOARD.portals if p != claimed]))


def settle(table: ZTable, rng: Rng) -> None:
    """Once no window is open, scroll use has ended: the stack resolves, top first, each card leaving it is
    discarded, and an attack whose rolls and wounds resolved concludes. Chanters gone end their incantations."""
    pub = table.public
    in_play: set[int] = set()  # incantations that came into play: their cards are the effects' now

    def resolve_one(entry: AnyEntry) -> None:
        resolve_entry(table, entry, rng)
        if any(i.id == entry.id for i in pub.incantations):
            in_play.add(entry.id)

    def shields(target: Target) -> bool:
        return shielded(pub, target)

    while not pub.windows and pub.phase != "over":
        if pub.stack.entries:
            for gone in stack.resolve(pub.stack, pub.windows, resolve_one, rng, shields):
                if isinstance(gone, Cast) and gone.id not in in_play:
                    cast_left(table, gone)
        elif pub.pending_attack is not None and pub.pending_attack.rolled:
            conclude_attack(table, rng)
        else:
            break
    effects.settle_chants(pub, pub.discards)
    moving = pub.moving
    if moving is not None and not pub.windows:
        # A path under way goes on after the stack resolved only if its creature is still there and active.
        creatures: list[Column | Zombie] = [*pub.columns, *pub.zombies]
        creature = next((c for c in creatures if c.id == moving.creature), None)
        if creature is None:
            pub.moving = None
        elif not creature.active:
            halt(pub, creature)


def resolve_entry(table: ZTable, entry: AnyEntry, rng: Rng) -> None:
    """One entry resolves: a scroll's effect, combat rolls settled into wounds pushed in turn, wounds
    delivered."""
    pub = table.public
    if isinstance(entry, Cast):

        def pushing(pushed: AnyEntry) -> None:
            push(table, pushed)

        effects.apply(table, entry, rng, pushing)
    elif isinstance(entry, CombatRoll):
        wounds = entry.rolls.wounds()
        for creature, count in ((entry.defender, wounds.to_defender), (entry.attacker, wounds.to_attacker)):
            if count > 0 and fighter(pub, creature) is not None:
                push(table, Wounds(pusher=entry.pusher, creature=creature, wounds=count, source="combat"))
    elif isinstance(entry, Wounds):
        deliver(table, entry, rng)
    else:
        hands = [p.hand for p in table.private]
        winnowed: list[list[str]] = []
        ritual = king.cast(pub, table.secret, entry.tile, rng, hands=hands, choice=entry.choice, winnowed=winnowed)
        if ritual == "winnowing":
            ask_winnowing(table, winnowed)


def deliver(table: ZTable, entry: Wounds, rng: Rng) -> None:
    """Wounds resolve: delivered to their creature if it is still there (armor spent first); a combat's
    wounds know their killer (the King's Crown goes to the column that killed him)."""
    pub = table.public
    target = effects.creature(pub, entry.creature)
    if target is None:
        return
    killer: combat.Fighter | None = None
    pending = pub.pending_attack
    if entry.source == "combat" and pending is not None and entry.creature in (pending.attacker, pending.target):
        other = pending.target if entry.creature == pending.attacker else pending.attacker
        killer = fighter(pub, other)
    pub.happened.append(f"{entry.creature} is dealt {entry.wounds} wound{'s' if entry.wounds != 1 else ''}")
    combat.deliver(pub, target, entry.wounds, rng, killer=killer)


def kings_ritual(
    table: ZTable, tile: TileId, rng: Rng, *, choice: int | None = None, pusher: int | None = None
) -> None:
    """A ritual of the King's (or invoked by the Crown carrier) goes on the stack, where nobody may answer it
    ("no mojo may be used and no effects may be placed on the stack until the ritual resolves"), and resolves
    at once, above anything waiting there."""
    ritual = table.secret.rituals[tile]
    push(table, KingsRitual(pusher=pusher, ritual=ritual, tile=tile, choice=choice))
    settle(table, rng)


def ask_winnowing(table: ZTable, winnowed: list[list[str]]) -> None:
    """The Ritual of Winnowing: "Each player draws 2 random cards from the player to their left and looks at
    them, then puts their choice of one of the cards into their hand" -- each seat that drew is asked, in turn
    order, which to keep (the drawn cards are its private part until then); in solitaire the player chooses
    to discard a random card of the hand or the library's top card."""
    pub = table.public
    for private, drawn in zip(table.private, winnowed, strict=False):
        private.winnowing = list(drawn)
    asked = [0] if pub.solitaire else [s for s, p in enumerate(table.private) if p.winnowing]
    opener = pub.turn if pub.phase == "players" else pub.first_mover
    on: JsonValue = {"winnowing": pub.round}
    open_window(pub.windows, opener, on, pub.seats, among=asked, with_opener=True)


def cast_left(table: ZTable, cast: Cast) -> None:
    """A scroll effect left the stack, not into play: its card is discarded (a nixed incantation's chanter
    stops chanting)."""
    pub = table.public
    pub.discards.append(cast.card)
    if cast.scroll_type == "incantation" and cast.nixed:
        tribe = pub.tribes[cast.pusher]
        tribe.chanting = max(0, tribe.chanting - 1)


def npc_attack(
    table: ZTable, attacker: CreatureId, target: CreatureId, rng: Rng, *, casts: TileId | None = None
) -> bool:
    """The King's, a thug's or a shambling zombie's attack, through the stack like a shaman's: a single-tribe
    column of two or more is asked first whether a zimby of it eats. Whether it waits for an answer."""
    pub = table.public
    pub.pending_attack = PendingAttack(attacker=attacker, target=target, controller=None, casts=casts)
    column = next((c for c in pub.columns if c.id == target), None)
    if column is not None and len(column.zimbies) == 1 and column.size >= 2:
        on: JsonValue = {"attack": attacker, "target": target}
        shaman = column.tribes[0]
        if open_window(pub.windows, shaman, on, pub.seats, among=[shaman], with_opener=True) is not None:
            return True
    roll_attack(table, rng)
    settle(table, rng)
    return pub.pending_attack is not None


def after_move(table: ZTable, rng: Rng, event: Event) -> None:
    """What ends every move: the stack resolves if no window is open, combat is left where no foe is near, the
    cards are counted, and the event tells what happened on the way."""
    pub = table.public
    settle(table, rng)
    settle_combat(pub)
    count_cards(table)
    if pub.happened:
        event.public["happened"] = list(pub.happened)


def invoke(table: ZTable, seat: int, move: Invoke, rng: Rng, event: Event) -> None:
    """The Crown carrier on a ritual tile casts its ritual for 4 mojo, once a turn."""
    pub = table.public
    pay(pub.tribes[seat], INVOKE_COST)
    carrier = pub.column(move.column)
    carrier.invoked = True
    event.public["ritual"] = table.secret.rituals[carrier.tile]
    kings_ritual(table, carrier.tile, rng, choice=move.choice, pusher=seat)
