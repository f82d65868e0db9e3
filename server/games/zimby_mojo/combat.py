"""Zimby Mojo's combat and wounds (rulebook Part 7), as pure rules over plain values.

A physical attack is one exchange of blows: the attacker and the defender
each roll 1d6 and add their brutality and any other effects (a cannibal's
+4 per tribesman eaten, a scroll pushed on the stack); the higher roll deals
the difference in wounds to the lower; equal rolls deal nothing. Wounds are
never accumulated: a creature dies only when one source deals it at least
its vitality. A column is a single creature, so wounds dealt to a column are
then *delivered* to its members: one zimby per wound in a single-tribe
column, one thug per two wounds in a thug column, and in a column of several
tribes the dead are drawn from the Bag o' Fate (which then hands any item
the column held, the Crown in the basic game, to a survivor).

The exchange is settled in the two steps the stack gives it, so that a
response window can sit between them: :func:`roll_combat` makes the rolls
(:class:`CombatRolls`, which effects pushed on the stack may still raise or
lower with :meth:`CombatRolls.modified`), :meth:`CombatRolls.wounds` settles
them into :class:`Wounds` (which effects may still prevent), and
:func:`deliver_to_zimbies`, :func:`deliver_to_thugs` or :func:`dies` deliver
them.

Tables, as the book prints them (:data:`BRUTALITY`, :data:`VITALITY`)::

    creature  brutality               vitality
    zimby     1                       1
    thug      3                       2
    zombie    2                       3
    King      1 + thugs in play       4

Hidden: nothing; every roll and draw is public.

Chance: each combat roll is 1d6 and each draw from the Bag o' Fate is a draw
without replacement, all from the match's seeded generator.

Interpretations (rulebook: ``zimby-mojo.md``, "Part 7. Combat and wounds"):

- "Combat roll = 1d6 + brutality + other effects" -> the die, the
  creature's brutality and the sum of every other effect are kept apart in
  :class:`CombatRolls`, so a client can show where each point came from.
- "Combat effects from cannibalism are ... each zimby eaten adds +4 to the
  eater's brutality." -> a cannibal's bonus is 4 per tribesman
  eaten, added to its next combat roll only; in the worked example the eater
  left alone in its column has brutality 1 + 8 = 9 after eating two.
- "a zimby column has ... equal to the number of zimbies of the controller's
  tribe in the column +1 for each ... tribe in the column."
  -> attacking brutality counts the controller's zimbies plus one per other
  tribe present; defending brutality counts the largest tribe's zimbies plus
  one per other tribe, whoever's turn it is.
- "Depleted zimby columns may defend with ... when attacked." -> a depleted
  (terrified) zimby column defends with brutality 0 (the book's bold "brutality
  0"); a depleted creature may not attack at all, which the caller checks.
- "A thug column has ... 1 + 2 per thug" -> a lone thug has 1 + 2 = 3, as
  the creature table says.
- "Every 2 wounds delivered kills 1 thug in a thug column." -> wounds // 2
  thugs die; a lone thug dealt 3 wounds dies (3 is at least its vitality 2),
  and one dealt 1 wound shrugs it off.
- "Set aside all items held by zimbies in the column and drop the entire
  column into the Bag o' Fate." -> the dead are drawn without replacement, one
  per wound; then, from the survivors, one per item held, without replacement
  while survivors remain. If none survives, the items fall on the column's
  tile (the caller places them).
- "Each wound delivered kills 1 zimby in a single-tribe zimby column." -> no
  draw is needed: which zimbies of one tribe die does not matter, except for
  the item holder, who dies last (a tribe's zimbies are alike, and the Crown
  goes with the column until no zimby is left to hold it).
- "If the combat rolls are equal, no wounds are delivered by or to either
  party." -> equal rolls give ``Wounds(0, 0)`` and leave both alive, so both
  become combat locked (the facts file's designer ruling: lock starts once an
  attack leaves a foe alive).
- "If a creature is the ... and kills its opponent, the creature ...
  move onto the defender's tile as part of combat resolution." -> only a
  surviving attacker that killed its defender claims the tile
  (:attr:`Exchange.attacker_claims`); a defender that kills its attacker
  stays put.
- "Any creature that enters the blood mist tile" -> a tile is entered however a creature comes onto it: a
  step of a path, a patrol, a shamble, and an attacker claiming its defender's tile. :func:`suffer_obstacles`
  deals the tile's wounds as one source (the mist 1, blood vines 1d3, deadly vines 1), after any Crown lying
  there was taken, so that the Crown carrier first rolls its immunity. A column that kills the King in the mist
  thus claims it with the Crown and a 50 % chance of losing a zimby. The King suffers nothing on entering: he
  lives in the mist, and his Crown's immunity was rolled before he tried to step onto an obstacle.
- "If the King died by combat, the Crown will go to the column of zimbies
  that delivered the killing blow (use the Bag o' Fate to determine
  possession)." -> the same holds for any Crown lying on the tile an attacker
  claims: a zimby column picks it up (its largest tribe's zimby holds it), a
  thug column carries it off ("If a thug ever wins the Cannibal Crown in
  combat"), and a zombie leaves it where it lies ("Zombies cannot pick up or
  carry items"). A King killed by anything but a zimby column leaves the
  Crown on his tile.
- "If a thug ever wins the Cannibal Crown in combat" -> a thug column that
  kills the Crown carrier takes the Crown, as the attacker claiming the
  carrier's tile or as the defender where it stands.
- "Dead thugs are ... from the main board." -> a thug killed is
  depleted and out of play on a barracks tile (``in_barracks``), and drops the
  Crown it carried on its tile; a thug column loses its non-carriers first.
  Each thug has its own barracks tile (``t<n>`` the n-th, clockwise from the
  north), so the board shows where every expelled thug waits.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from server.engine import Rng

from .board import BOARD

# One exchange's values live in rolls.py (the stack in state.py holds them); combat.X names them as before.
from .rolls import COMBAT_DIE as COMBAT_DIE
from .rolls import CombatRolls as CombatRolls
from .rolls import Roll as Roll
from .rolls import Wounds as Wounds
from .rolls import wounds_by_difference as wounds_by_difference
from .state import KING_ID, Column, CreatureId, Crown, King, Public, Thug, TileId, Zombie

T = TypeVar("T")

#: The four creature types.
Kind = Literal["zimby", "thug", "zombie", "king"]

#: Brutality of one creature of each kind, the King's without his thugs (:func:`king_brutality`).
BRUTALITY: dict[Kind, int] = {"zimby": 1, "thug": 3, "zombie": 2, "king": 1}
#: Vitality: the wounds from a single source that kill one creature of each kind.
VITALITY: dict[Kind, int] = {"zimby": 1, "thug": 2, "zombie": 3, "king": 4}
#: A cannibal's bonus to its next combat roll, per tribesman eaten.
CANNIBAL_BONUS = 4


def king_brutality(thugs_in_play: int) -> int:
    """The King's brutality: 1 plus the thugs in play (active on the main board)."""
    return 1 + thugs_in_play


def thug_column_brutality(thugs: int) -> int:
    """A thug column's brutality: 1 + 2 per thug (a lone thug: 3)."""
    return 1 + 2 * thugs


def zimby_column_brutality(tribes: Mapping[int, int], *, attacker: int | None = None, depleted: bool = False) -> int:
    """A zimby column's brutality: attacking for ``attacker`` (its controller's tribe), else defending.

    ``tribes`` counts the column's zimbies by tribe. A depleted column defends with 0.
    """
    present = {tribe: count for tribe, count in tribes.items() if count > 0}
    if not present:
        return 0
    if attacker is None:
        if depleted:
            return 0
        return max(present.values()) + len(present) - 1
    if attacker not in present:
        raise ValueError("a zimby column attacks only for a tribe it holds")
    return present[attacker] + len(present) - 1


def cannibal_bonus(eaten: int) -> int:
    """The +4 brutality per tribesman eaten just before the combat roll."""
    if not 0 <= eaten <= 2:
        raise ValueError("a zimby eats at most 2 tribesmen")
    return CANNIBAL_BONUS * eaten


def combat_roll(die: int, brutality: int, effects: int = 0) -> int:
    """1d6 + brutality + other effects."""
    return Roll(die=die, brutality=brutality, effects=effects).total


def roll_combat(
    rng: Rng, attacker_brutality: int, defender_brutality: int, *, attacker_effects: int = 0, defender_effects: int = 0
) -> CombatRolls:
    """Both combatants roll 1d6 (the attacker first) and add their brutality and effects."""
    attacker = Roll(die=rng.roll(COMBAT_DIE), brutality=attacker_brutality, effects=attacker_effects)
    defender = Roll(die=rng.roll(COMBAT_DIE), brutality=defender_brutality, effects=defender_effects)
    return CombatRolls(attacker=attacker, defender=defender)


def dies(wounds: int, vitality: int) -> bool:
    """Wounds from a single source kill when they reach the vitality; they are never added up."""
    return wounds >= vitality


def bag_o_fate(rng: Rng, members: Sequence[T], draws: int) -> list[int]:
    """Draw ``draws`` members at random without replacement: their indices, in the order drawn."""
    bag = list(range(len(members)))
    drawn: list[int] = []
    for _ in range(min(draws, len(bag))):
        drawn.append(bag.pop(rng.below(len(bag))))
    return drawn


class Delivery(BaseModel):
    """Wounds delivered to a column: which members die, and who holds each item afterwards."""

    model_config = ConfigDict(frozen=True)

    killed: list[int] = Field(default_factory=list, description="indices of the members killed, in the order drawn")
    holders: list[int | None] = Field(
        default_factory=list, description="per item set aside, the surviving member now holding it (None: it drops)"
    )


def deliver_to_zimbies(rng: Rng, tribes: Sequence[int], wounds: int, *, holders: Sequence[int] = ()) -> Delivery:
    """Deliver ``wounds`` to a zimby column whose members are ``tribes`` (one tribe id per zimby).

    ``holders`` are the indices of the members holding an item (the Crown). A single-tribe column loses one
    zimby per wound, item holders last; a column of several tribes goes into the Bag o' Fate.
    """
    if wounds <= 0:
        return Delivery(holders=list(holders))
    if len(set(tribes)) <= 1:
        order = [i for i in range(len(tribes)) if i not in holders] + [i for i in range(len(tribes)) if i in holders]
        killed = order[:wounds]
        survivors = [i for i in range(len(tribes)) if i not in killed]
        kept = [h if h not in killed else (survivors[0] if survivors else None) for h in holders]
        return Delivery(killed=killed, holders=kept)
    killed = bag_o_fate(rng, tribes, wounds)
    survivors = [i for i in range(len(tribes)) if i not in killed]
    return Delivery(killed=killed, holders=hand_out_items(rng, survivors, len(holders)))


def hand_out_items(rng: Rng, survivors: Sequence[int], items: int) -> list[int | None]:
    """Draw from the Bag o' Fate one survivor per item set aside (the bag is refilled if items outnumber them)."""
    if not survivors:
        return [None] * items
    holders: list[int | None] = []
    bag: list[int] = []
    for _ in range(items):
        if not bag:
            bag = list(survivors)
        holders.append(bag.pop(rng.below(len(bag))))
    return holders


def deliver_to_thugs(thugs: int, wounds: int) -> int:
    """How many thugs of a thug column of ``thugs`` die: one per 2 wounds."""
    return min(thugs, wounds // VITALITY["thug"])


class Side(BaseModel):
    """One side of an exchange as wounds see it: what kind of creature, and how many in its column."""

    model_config = ConfigDict(frozen=True)

    kind: Kind
    size: int = Field(1, ge=1, description="members of the column (1 for a zombie or the King)")


class Exchange(BaseModel):
    """One exchange of blows, settled: the rolls, the wounds dealt and how many of each side they kill."""

    model_config = ConfigDict(frozen=True)

    rolls: CombatRolls
    wounds: Wounds
    attacker: Side
    defender: Side
    attacker_losses: int = Field(0, description="members of the attacking column the wounds kill")
    defender_losses: int = Field(0, description="members of the defending column the wounds kill")

    @property
    def attacker_killed(self) -> bool:
        """The whole attacking column died."""
        return self.attacker_losses >= self.attacker.size

    @property
    def defender_killed(self) -> bool:
        """The whole defending column died."""
        return self.defender_losses >= self.defender.size

    @property
    def attacker_claims(self) -> bool:
        """A surviving attacker that killed its defender must move onto the defender's tile."""
        return self.defender_killed and not self.attacker_killed

    @property
    def locks(self) -> bool:
        """Both combatants live on: they are combat locked (the lock starts once an attack leaves a foe alive)."""
        return not self.attacker_killed and not self.defender_killed


def settle(rolls: CombatRolls, attacker: Side, defender: Side, *, prevented: Wounds | None = None) -> Exchange:
    """Settle the rolls into wounds (less any prevented) and count the losses on each side.

    Which members of a zimby column die is for :func:`deliver_to_zimbies`; this counts them.
    """
    wounds = rolls.wounds()
    if prevented is not None:
        wounds = wounds.prevented(attacker=prevented.to_attacker, defender=prevented.to_defender)
    return Exchange(
        rolls=rolls,
        wounds=wounds,
        attacker=attacker,
        defender=defender,
        attacker_losses=losses(attacker, wounds.to_attacker),
        defender_losses=losses(defender, wounds.to_defender),
    )


def losses(side: Side, wounds: int) -> int:
    """Members of a column that ``wounds`` from one source kill: zimbies one per wound, thugs one per 2,
    a zombie or the King all or nothing by vitality."""
    if side.kind == "zimby":
        return min(side.size, wounds)
    if side.kind == "thug":
        return deliver_to_thugs(side.size, wounds)
    return side.size if dies(wounds, VITALITY[side.kind]) else 0


# -- on the table: attacks and wounds as the round makes them ------------------------------------------------------

Fighter = Column | Zombie | Thug | King


def creature(public: Public, cid: CreatureId) -> Fighter:
    """The creature named ``cid`` on the main board (a thug also stands for the thug column on its tile)."""
    if cid == KING_ID:
        return public.king
    for group in (public.columns, public.zombies, public.thugs):
        for c in group:
            if c.id == cid:
                return c
    raise KeyError(cid)


def thug_column(public: Public, tile: TileId) -> list[Thug]:
    """The thugs in play standing on ``tile``: one thug column (a Crown carrier first, so it dies last)."""
    thugs = [t for t in public.thugs if t.tile == tile and not t.in_barracks]
    return sorted(thugs, key=lambda t: (not t.crown, t.id))


def side_of(public: Public, fighter: Fighter) -> Side:
    if isinstance(fighter, Column):
        return Side(kind="zimby", size=fighter.size)
    if isinstance(fighter, Thug):
        return Side(kind="thug", size=len(thug_column(public, fighter.tile)))
    if isinstance(fighter, Zombie):
        return Side(kind="zombie")
    return Side(kind="king")


def brutality(public: Public, fighter: Fighter, *, attacking_for: int | None) -> int:
    """A creature's brutality in this exchange; a zimby column's depends on attacking (for its controller)."""
    if isinstance(fighter, Column):
        if attacking_for is None:
            return zimby_column_brutality(fighter.zimbies, depleted=not fighter.active)
        return zimby_column_brutality(fighter.zimbies, attacker=attacking_for)
    if isinstance(fighter, Thug):
        return thug_column_brutality(len(thug_column(public, fighter.tile)))
    if isinstance(fighter, Zombie):
        return BRUTALITY["zombie"]
    return king_brutality(len(public.thugs_in_play()))


def tile_of(fighter: Fighter) -> TileId:
    if fighter.tile is None:
        raise ValueError(f"{fighter.id} is not on the main board")
    return fighter.tile


def attack(
    public: Public,
    attacker_id: CreatureId,
    target_id: CreatureId,
    controller: int | None,
    rng: Rng,
    *,
    effects: tuple[int, int] = (0, 0),
) -> Exchange:
    """One physical attack, rolled, settled and delivered on the table at once (the caller checked it is legal).

    The game makes the same three steps with the stack between them (:func:`roll_attack`, the wounds
    delivered by :func:`deliver`, :func:`conclude`); this is the exchange with nothing pushed in between.
    """
    attacker, defender = creature(public, attacker_id), creature(public, target_id)
    at_tile, de_tile = tile_of(attacker), tile_of(defender)
    rolls = roll_attack(public, attacker_id, target_id, controller, rng, effects=effects)
    exchange = settle(rolls, side_of(public, attacker), side_of(public, defender))
    deliver(public, defender, exchange.wounds.to_defender, rng, killer=attacker)
    deliver(public, attacker, exchange.wounds.to_attacker, rng, killer=defender)
    conclude(public, attacker, defender, at_tile, de_tile, rng)
    return exchange


def roll_attack(
    public: Public,
    attacker_id: CreatureId,
    target_id: CreatureId,
    controller: int | None,
    rng: Rng,
    *,
    effects: tuple[int, int] = (0, 0),
) -> CombatRolls:
    """Both combat rolls of an attack (the attacker has made its one attack).

    ``controller`` is the seat the attacking zimby column attacks for (None for thugs, zombies, the King).
    A cannibal's ``brutality_bonus`` and both sides' ``scroll_bonus`` are spent on these rolls; ``effects`` are
    the attacker's and defender's other effects (a defending cannibal, incantations).
    """
    attacker, defender = creature(public, attacker_id), creature(public, target_id)
    bonus = attacker.brutality_bonus if isinstance(attacker, Column) else 0
    if isinstance(attacker, Column):
        attacker.brutality_bonus = 0
    rolls = roll_combat(
        rng,
        brutality(public, attacker, attacking_for=controller),
        brutality(public, defender, attacking_for=None),
        attacker_effects=bonus + attacker.scroll_bonus + effects[0],
        defender_effects=defender.scroll_bonus + effects[1],
    )
    attacker.scroll_bonus, defender.scroll_bonus = 0, 0
    wounds = rolls.wounds()
    public.happened.append(
        f"{attacker_id} attacks {target_id}: {rolls.attacker.total} against {rolls.defender.total}"
        f" ({wounds.to_attacker} wounds to {attacker_id}, {wounds.to_defender} to {target_id})"
    )
    if isinstance(attacker, (Column, Zombie, Thug)):
        attacker.attacked = True
    return rolls


def on_board(public: Public, fighter: Fighter | None, tile: TileId) -> bool:
    """Whether ``fighter`` (standing for its thug column on ``tile``) is still alive on the main board."""
    if fighter is None:
        return False
    if isinstance(fighter, Column):
        return fighter in public.columns
    if isinstance(fighter, Zombie):
        return fighter in public.zombies
    if isinstance(fighter, Thug):
        return bool(thug_column(public, tile))
    return fighter.alive


def conclude(
    public: Public, attacker: Fighter | None, defender: Fighter | None, at_tile: TileId, de_tile: TileId, rng: Rng
) -> None:
    """What follows the wounds of an attack (``None``: a creature no longer on the board): a surviving attacker
    that killed claims the tile, a thug column that killed the Crown carrier attacking it takes the Crown, and
    both survivors are combat locked."""
    attacker_alive, defender_alive = on_board(public, attacker, at_tile), on_board(public, defender, de_tile)
    if isinstance(attacker, Thug) and attacker_alive:
        attacker = thug_column(public, at_tile)[0]
    if attacker is not None and attacker_alive and not defender_alive and not entangled(public, at_tile):
        claim(public, attacker, de_tile, rng)
    crown = public.crown
    won = crown is not None and crown.carrier is None and crown.tile == at_tile and not attacker_alive
    if won and isinstance(defender, Thug) and defender_alive:
        carry_crown_thug(public, thug_column(public, de_tile)[0])
    if attacker is not None and defender is not None and attacker_alive and defender_alive:
        for fighter in (attacker, defender):
            lock(public, fighter)


def entangled(public: Public, tile: TileId) -> bool:
    """Entangling vines on the tile: its creature may not claim its foe's tile."""
    return any(o.tile == tile and o.kind == "entangling_vines" for o in public.obstacles)


def lock(public: Public, fighter: Fighter) -> None:
    """Combat lock a survivor (the King is never combat locked; a thug locks its whole column)."""
    if isinstance(fighter, Thug):
        for thug in thug_column(public, fighter.tile):
            thug.in_combat = True
    elif isinstance(fighter, (Column, Zombie)):
        fighter.in_combat = True


def claim(public: Public, fighter: Fighter, tile: TileId, rng: Rng) -> None:
    """The attacker moves onto the defender's tile, picking up the Crown lying there if it can carry it, and
    suffers what the tile does to any creature entering it (:func:`enter`)."""
    if isinstance(fighter, Thug):
        for thug in thug_column(public, fighter.tile):
            thug.tile = tile
    else:
        fighter.tile = tile
    public.happened.append(f"{fighter.id} claims {tile}")
    crown = public.crown
    if crown is not None and crown.carrier is None and crown.tile == tile:
        if isinstance(fighter, Column):
            give_crown(public, fighter, picker(fighter))
        elif isinstance(fighter, Thug):
            carry_crown_thug(public, fighter)
    if not isinstance(fighter, King):
        suffer_obstacles(public, fighter, rng)


def crown_immune(rng: Rng) -> bool:
    """The Crown's 50 % immunity (obstacles, witcheries): 1d6, 3 or lower holds."""
    return rng.roll(COMBAT_DIE) <= 3


def carries_crown(public: Public, fighter: Fighter) -> bool:
    """The creature is the Crown carrier (a thug stands for its whole column)."""
    crown = public.crown
    if crown is None or crown.carrier is None:
        return False
    if isinstance(fighter, Thug):
        return any(thug.id == crown.carrier for thug in thug_column(public, tile_of(fighter)))
    return crown.carrier == fighter.id


def entering_wounds(public: Public, tile: TileId, rng: Rng) -> int:
    """Wounds for entering ``tile``: the blood mist 1, blood vines 1d3, deadly vines 1, added as one source."""
    wounds = 1 if tile == BOARD.blood_mist else 0
    for o in public.obstacles:
        if o.tile == tile and o.kind == "blood_vines":
            wounds += rng.roll(3)
        elif o.tile == tile and o.kind == "deadly_vines":
            wounds += 1
    return wounds


def suffer_obstacles(public: Public, fighter: Column | Zombie | Thug, rng: Rng) -> None:
    """The blood mist and the vines wound a creature that has just entered their tile (a step of a path, a
    patrol, a shamble, a claimed tile) or is on it at wrap-up, one source, unless it carries the Crown and the
    Crown's immunity holds ("whenever the Crown carrier enters or remains in any obstacle")."""
    wounds = entering_wounds(public, tile_of(fighter), rng)
    if not wounds:
        return
    if carries_crown(public, fighter) and crown_immune(rng):
        public.happened.append(f"{fighter.id} is unharmed: the Crown's immunity holds")
        return
    wound(public, fighter.id, wounds, rng)


def picker(column: Column) -> int:
    """Who of a column picks the Crown up from the ground: its largest tribe (lowest seat on a tie)."""
    return max(column.tribes, key=lambda tribe: (column.zimbies[tribe], -tribe))


def give_crown(public: Public, column: Column, tribe: int) -> None:
    crown = public.crown if public.crown is not None else Crown()
    crown.tile, crown.carrier = None, column.id
    public.crown = crown
    column.crown = tribe
    public.happened.append(f"{column.id} holds the Crown")


def carry_crown_thug(public: Public, thug: Thug) -> None:
    crown = public.crown if public.crown is not None else Crown()
    crown.tile, crown.carrier = None, thug.id
    public.crown = crown
    thug.crown = True
    public.happened.append(f"{thug.id} takes the Crown to the blood mist")


def drop_crown(public: Public, tile: TileId) -> None:
    """The Crown carrier died or lost it: the Crown lies on ``tile``."""
    if public.crown is not None:
        public.crown.carrier, public.crown.tile = None, tile
        public.happened.append(f"the Crown falls on {tile}")


def wound(public: Public, creature_id: CreatureId, wounds: int, rng: Rng) -> None:
    """Wounds from a non-combat single source (the blood mist, vines, a witchery) delivered to one creature."""
    target = creature(public, creature_id)
    public.happened.append(f"{creature_id} suffers {wounds} wound{'s' if wounds != 1 else ''}")
    deliver(public, target, wounds, rng, killer=None)


def deliver(public: Public, target: Fighter, wounds: int, rng: Rng, *, killer: Fighter | None) -> None:
    """Deliver wounds from one source to a creature: the dead leave the board; the King leaves the Crown.

    Armor from scrolls (``armor``, on a thug for its column) prevents wounds of this source and is spent.
    """
    if wounds <= 0:
        return
    if not isinstance(target, King) and target.armor:
        prevented = min(target.armor, wounds)
        target.armor = 0
        wounds -= prevented
        public.happened.append(f"{target.id}'s armor prevents {prevented} wound{'s' if prevented != 1 else ''}")
        if wounds <= 0:
            return
    tile = tile_of(target)
    if isinstance(target, Column):
        deliver_to_column(public, target, wounds, rng)
    elif isinstance(target, Thug):
        column = thug_column(public, tile)
        dead = deliver_to_thugs(len(column), wounds)
        for thug in column[len(column) - dead :]:
            expel_thug(public, thug)
    elif isinstance(target, Zombie):
        if dies(wounds, VITALITY["zombie"]):
            public.zombies.remove(target)
            public.tribes[target.owner].zombies_left += 1
            public.happened.append(f"{target.id} is destroyed and goes to the Far Shore")
    elif dies(wounds, VITALITY["king"]):
        kill_king(public, rng, killer=killer)


def deliver_to_column(public: Public, column: Column, wounds: int, rng: Rng) -> None:
    """Wounds to a zimby column: one zimby each, drawn from the Bag o' Fate when several tribes share it."""
    members = [tribe for tribe in column.tribes for _ in range(column.zimbies[tribe])]
    holders = [members.index(column.crown)] if column.crown is not None and column.crown in members else []
    delivery = deliver_to_zimbies(rng, members, wounds, holders=holders)
    for index in delivery.killed:
        tribe = members[index]
        column.zimbies[tribe] -= 1
        public.tribes[tribe].far_shore += 1
    column.zimbies = {tribe: n for tribe, n in column.zimbies.items() if n > 0}
    public.happened.append(
        f"{column.id} loses {len(delivery.killed)} zimb{'y' if len(delivery.killed) == 1 else 'ies'}"
    )
    if holders:
        holder = delivery.holders[0]
        column.crown = members[holder] if holder is not None else None
    if not column.zimbies:
        public.columns.remove(column)
        if holders:
            drop_crown(public, column.tile)


def expel_thug(public: Public, thug: Thug, *, why: str = "killed and expelled") -> None:
    """An expelled (or killed) thug: depleted, on a barracks tile, out of play; it drops the Crown."""
    if thug.crown:
        thug.crown = False
        drop_crown(public, thug.tile)
    thug.tile = BOARD.barracks[int(thug.id[1:]) % len(BOARD.barracks)] if thug.id[1:].isdigit() else thug.tile
    thug.in_barracks, thug.active, thug.in_combat, thug.attacked = True, False, False, False
    thug.heading, thug.holding = [], False
    public.happened.append(f"{thug.id} is {why} to the barracks")


def kill_king(public: Public, rng: Rng, *, killer: Fighter | None) -> None:
    """The King dies: the Crown goes to the zimby column that killed him (Bag o' Fate), else lies on his tile."""
    tile = tile_of(public.king)
    public.king.alive, public.king.tile, public.king.blood_mojo = False, None, 0
    public.crown = Crown(tile=tile, burden=CROWN_BURDENS[0])
    public.happened.append("the King is dead")
    if isinstance(killer, Column) and killer in public.columns:
        members = [tribe for tribe in killer.tribes for _ in range(killer.zimbies[tribe])]
        holder = hand_out_items(rng, list(range(len(members))), 1)[0]
        if holder is not None:
            give_crown(public, killer, members[holder])
    else:
        public.happened.append(f"the Crown lies on {tile}")


#: The Crown's movement burden: +8 zimbies at the King's death, +4 after the first refresh, +2 for good.
CROWN_BURDENS = (8, 4, 2)
