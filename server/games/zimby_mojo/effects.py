"""Zimby Mojo's scroll effects: what each effect kind of the card list does to the table as a scroll resolves.

The stack (:mod:`.stack`) orders the scrolls and the game pays for them; this
module is what happens when a :class:`~.state.Cast` that was not nixed
resolves (:func:`apply`), one function per effect kind of
:data:`.scrolls.EFFECT_KINDS`, and what keeps incantations and conjured
obstacles going between resolutions::

    kind         target           on resolving
    brutality    creature         +/- value to its combat roll on the stack (stack.raise_roll), else scroll_bonus
    wound        creature         pushes Wounds(value) on the stack, the card their source
    armor        creature         prevents value of its wounds on the stack (stack.prevent), else armor
    kill         column, thug     a death curse: value zimbies die (Bag o' Fate), or the thug dies
    deplete      creature, shaman the creature / value active zimbies at home become depleted
    reactivate   shaman           value depleted zimbies at home become active
    conjure      tile             the obstacle, A side up, on the tile and spread random adjacent tiles
    free_move    own creature     value tiles of free movement (Moving.free_tiles) for its path now
    bounce       column, thug     the Crown dropped, bouncing value times onto random adjacent tiles
    nullify      incantation      Hush: it ends, its chanter depleted by the shock
    mojo         shaman           + value extracted mojo; - value active mojo tokens depleted
    draw         shaman           value scrolls from the library (:func:`draw`)
    discard      shaman           value random scrolls from the hand to the discards
    spawn        shaman           value zimbies from the Far Shore to the tribal board, depleted
    until chant  shaman           an incantation comes into play (Public.incantations; the limit, the shock)

Between resolutions the game asks :func:`chant` (what the incantations in
play add to a shaman's brutality, movement, hand limit, scroll costs and
draws), :func:`settle_chants` (incantations whose chanter is gone end),
:func:`refresh_obstacles` (conjured obstacles turn to B, then leave),
:func:`darkness_exit` and :func:`swap_places` (a patch o' darkness on the
way) and :func:`draw` (a scroll from the library, the discards reshuffled
when it is empty).

An effect's value is the card's fixed part plus its dice, doubled for each
tribesman its channelling zimby ate for "double effect" (``Cast.doublings``:
x2, x4; a conjured obstacle's spread is multiplied instead). A
target the Crown's witchery immunity held for (``Cast.immune``, rolled by
the stack) is left alone, and a creature no longer on the board, a shaman's
card already gone or an incantation already ended is no target any more: the
effect does nothing to it.

Hidden: the scrolls a shaman draws or discards go between the private hand
and the secret library or the public discards; nothing else here is hidden.

Chance: each effect's dice, a conjured obstacle's spread and the tiles it
spreads to, the Bag o' Fate of a death curse, each bounce of the Crown, the
Crown's obstacle immunity when deadly vines catch its carrier, the tile a
creature emerges onto from a patch o' darkness, the scrolls a
shaman discards, the incantation displaced at the in-play limit and the
reshuffled discards, all from the match's seeded generator.

Interpretations (rulebook: ``zimby-mojo.md``, "Part 6. Mojo, scrolls, and the stack"):

- "A creature's combat roll is a 1d6 die roll to which it adds its ... and any effects from scrolls or cannibalism" ->
  brutality until combat raises or lowers the
  target's combat roll already on the stack, else waits on the creature as ``scroll_bonus`` for its next combat
  roll; a thug stands for its thug column, whose combat roll may name any of its thugs.
- "This resolves and pushes 1 wound onto the stack, assigned to Blue's zimby" -> a wounding witchery pushes its
  wounds (a stack ``Wounds``, the card's name their source) with the caster as their pusher, so that a window
  opens on them and armor may answer; the game delivers them when they resolve.
- "Effects that prevent wounds must be applied to a creature ... wounds are delivered" -> armor prevents
  wounds of the newest source on the stack for its target (the one it answered), and else waits on the creature
  as ``armor`` for the next single source; a second armor adds to the first.
- "Zombies are unaffected by death curses" -> a death curse kills zimbies one by one as wounds would (a column of
  several tribes draws its dead from the Bag o' Fate, the Crown's holder last in a single tribe, the Crown falling
  where a column dies out) but deals no wounds, so armor is not spent; a cursed thug dies (expelled to its
  barracks, dropping the Crown), whatever the curse's value, as the card's text says; a zombie or the King is
  left alone.
- "The same doubling and quadrupling occurs for zimbies devoured to increase the effect of a witchery" -> the
  value (fixed part and dice together) is multiplied by 2 for each tribesman eaten (``Cast.doublings``); a conjured
  obstacle's spread and Bungle's bounces are that value; a card with no value (Nix, Hush) has nothing to double.
- "If the chanting zimby is removed or becomes depleted, the incantation immediately ends" -> a shaman's active
  zimbies at home depleted by a scroll are first those not chanting (the shaman's own tokens are interchangeable,
  and the shaman keeps the chanters); when chanters must go, the incantations cast last lose theirs first
  (:func:`settle_chants`).
- "When a conjured obstacle comes into play, place the obstacle token on the main board with its A side facing
  up" -> the obstacle appears on the target tile and on as many other tiles adjacent to it as its spread, drawn
  without replacement from the target's neighbours (fewer where it has fewer); it may lie on a tile another
  obstacle covers ("Deadly vines stacked atop deadly vines or blood vines add their wounds together").
- "A creature that is caught in deadly vines as they appear ... suffers 1 wound" -> each creature on a tile the new
  deadly vines cover is dealt 1 wound at once (combat's delivery: a zimby dies, a thug or a zombie shrugs it off),
  unless it carries the Crown and its obstacle immunity holds ("Roll 1d6 whenever the Crown carrier enters or
  remains in any obstacle"); the King is never caught, as 1 wound can never kill him and wounds do not add up.
- "No longer in possession of the Crown" -> entangling vines and patches o' darkness conjured on a creature change
  nothing on the table at once: the game's movement reads the obstacles on a creature's tile at each step (the
  Crown carrier's immunity rolled as it tries to leave), so a carrier that loses the Crown is ensnared from then on.
- "A creature exiting a darkened tile must randomly determine onto which adjacent tile it emerges (including the
  one by which it entered)" -> :func:`darkness_exit` draws the tile from the seeded generator among every adjacent
  main-board tile the creature could enter at all (never blood thickets nor a ward in place, which bar every
  creature); the game moves it there, and it loses the rest of its movement.
- "If a creature attempts to enter or attack into an occupied darkened tile or a creature exits a darkened tile onto
  an occupied tile, the creature and the tile occupant swap tiles" -> :func:`swap_places` swaps the two whole
  creatures (a thug column moves as one), each carrying what it carries, and no combat is engaged ("The zimby and
  thug switch tiles. Combat is not engaged.").
- "During the refresh following the obstacle's creation, turn the token over so that its B side is facing up" ->
  :func:`refresh_obstacles` turns every conjured obstacle's A side to B and removes those already on B ("During
  the next refresh, remove the obstacle token from the board"); the King's obstacles are the game's.
- "drops the Crown and watches it bounce away" -> Bungle takes the Crown from its carrier (a column's holder, or
  the thug carrying it) onto the carrier's tile, then moves it value times, each time onto a tile adjacent to
  where it lies (a main-board tile, never a tribal board nor a barracks) drawn from the seeded generator; where
  it ends it lies, for any creature to pick up as the movement rules allow. A target without the Crown drops
  nothing, and no dice are rolled.
- "the new incantation will come into play and a random existing incantation will be sent to the discard pile to
  make room for it" -> at the limit (1 + half the seats, rounded up: 2 in solitaire) one incantation in play,
  drawn from the seeded generator, ends first and its chanter is depleted by the shock; then the new one comes
  into play with its value rolled. One whose caster has lost its chanter while it waited on the stack (fewer
  active zimbies at home than chanters) never comes into play.
- "The chanter on the discarded incantation becomes ... from the shock of the incantation's destruction" ->
  the shock follows Hush too: the chanter leaves the card, depleted (the caster's ``chanting`` and ``active``
  both drop by one), and the card goes to the discard pile.
- "When the scroll library is depleted, the shuffled contents of the discard pile form a new scroll library" ->
  :func:`draw` reshuffles the discards into the library only when a draw finds it empty, and never in solitaire
  ("If the player can't draw a card from the scroll library during refresh, the player loses the game").
- "Only on a player's turn ... Move active creatures they control" -> free movement goes to the
  target only if the caster controls it on the caster's turn as the scroll resolves, and it is active and not combat
  locked (a combat locked creature starts no path); its path is the one under way
  if it is the target's, else a new path starts with it (the game offers the card only when no other creature's
  path is under way).
- "a shaman may acquire more zimbies by other means, such as scroll effects" -> a spawning scroll brings as many
  of its value as the Far Shore holds and the 8-zimby tribal board limit leaves room for.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from server.engine import Rng

from . import combat, stack
from .board import BOARD
from .combat import Fighter
from .scrolls import SCROLLS, EffectKind, Scroll
from .state import (
    KING_ID,
    TRIBAL_BOARD_LIMIT,
    Cast,
    Column,
    Incantation,
    King,
    Moving,
    Obstacle,
    ObstacleKind,
    Public,
    Target,
    Thug,
    TileId,
    Zombie,
    ZTable,
)

#: Pushes an entry on the stack with its window (the game's :func:`.stack.push` with the seats filled in).
Push = Callable[[stack.AnyEntry], None]
#: An effect kind's function: the table, the cast, its card, one target, the generator, the stack's push.
Effect = Callable[[ZTable, Cast, Scroll, Target, Rng, Push], None]

#: The obstacles scrolls conjure: they age at each refresh (the King's obstacles are the game's).
CONJURED: frozenset[ObstacleKind] = frozenset({"deadly_vines", "entangling_vines", "darkness"})


def incantation_limit(seats: int) -> int:
    """ "no more than X-many incantations may be in play in a game, where X is ... 1 + 1/2 the number of players
    rounded up"."""
    return 1 + math.ceil(seats / 2)


def incantation_target(incantation_id: int) -> Target:
    """An incantation in play as a scroll's target (Hush)."""
    return f"incantation{incantation_id}"


# -- the effects of a resolving scroll ----------------------------------------------------------------------------


def apply(table: ZTable, cast: Cast, rng: Rng, push: Push) -> None:
    """What a resolved, not nixed scroll does (its card from :data:`.scrolls.SCROLLS`), target by target.

    An incantation comes into play; anything else acts on each of its targets the Crown's immunity did not hold
    for. ``push`` puts what the effect pushes (a witchery's wounds) on the stack, with its window.
    """
    card = SCROLLS[cast.card]
    if card.effect.until == "chant":
        _come_into_play(table, cast, card, rng)
        return
    for target in cast.targets:
        if target in cast.immune:
            table.public.happened.append(f"{card.name} has no effect on {target}: the Crown's immunity holds")
            continue
        EFFECTS[card.effect.kind](table, cast, card, target, rng, push)


def value(card: Scroll, cast: Cast, rng: Rng) -> int:
    """The effect's value: its fixed part plus its dice, doubled for each tribesman eaten for "double effect"."""
    return card.effect.roll(rng) * doubling(cast)


def doubling(cast: Cast) -> int:
    """ "Witchery doubling effects from cannibalism are multiplicative": x2 for one eaten, x4 for two."""
    return 1 << cast.doublings


def _brutality(table: ZTable, cast: Cast, card: Scroll, target: Target, rng: Rng, push: Push) -> None:
    pub = table.public
    fighter = creature(pub, target)
    if fighter is None:
        return
    amount = value(card, cast, rng)
    names = [t.id for t in combat.thug_column(pub, fighter.tile)] if isinstance(fighter, Thug) else [fighter.id]
    if any(stack.raise_roll(pub.stack, name, amount) for name in names):
        pub.happened.append(f"{card.name}: {amount:+d} to {target}'s combat roll")
        return
    fighter.scroll_bonus += amount
    pub.happened.append(f"{card.name}: {amount:+d} to {target}'s next combat roll")


def _wound(table: ZTable, cast: Cast, card: Scroll, target: Target, rng: Rng, push: Push) -> None:
    fighter = creature(table.public, target)
    if fighter is None:
        return
    wounds = value(card, cast, rng)
    table.public.happened.append(f"{card.name}: {wounds} wound{'s' if wounds != 1 else ''} to {target}")
    push(stack.Wounds(pusher=cast.pusher, creature=fighter.id, wounds=wounds, source=card.name))


def _armor(table: ZTable, cast: Cast, card: Scroll, target: Target, rng: Rng, push: Push) -> None:
    pub = table.public
    fighter = creature(pub, target)
    if fighter is None or isinstance(fighter, King):
        return
    amount = value(card, cast, rng)
    if stack.wounds_to(pub.stack, fighter.id) is not None:
        prevented = stack.prevent(pub.stack, fighter.id, amount)
        pub.happened.append(f"{card.name} prevents {prevented} of the wounds to {target}")
        return
    fighter.armor += amount
    pub.happened.append(f"{card.name}: {target} is armored against {amount} wound{'s' if amount != 1 else ''}")


def _kill(table: ZTable, cast: Cast, card: Scroll, target: Target, rng: Rng, push: Push) -> None:
    pub = table.public
    fighter = creature(pub, target)
    if isinstance(fighter, Column):
        dead = value(card, cast, rng)
        pub.happened.append(f"{card.name}: {dead} of {target} die{'s' if dead == 1 else ''}")
        combat.deliver_to_column(pub, fighter, dead, rng)
    elif isinstance(fighter, Thug):
        combat.expel_thug(pub, fighter, why=f"killed by {card.name} and expelled")
    elif fighter is not None:
        pub.happened.append(f"{target} is unaffected by {card.name}")


def _deplete(table: ZTable, cast: Cast, card: Scroll, target: Target, rng: Rng, push: Push) -> None:
    pub = table.public
    seat = shaman(pub, target)
    if seat is not None:
        tribe = pub.tribes[seat]
        count = min(value(card, cast, rng), tribe.active)
        tribe.active -= count
        tribe.depleted += count
        pub.happened.append(f"{card.name}: {count} of seat {seat}'s zimbies at home become depleted")
        settle_chants(pub, pub.discards)
        return
    fighter = creature(pub, target)
    if isinstance(fighter, (Column, Zombie, Thug)):
        for one in _whole(pub, fighter):
            one.active = False
        pub.happened.append(f"{card.name}: {target} is depleted")


def _reactivate(table: ZTable, cast: Cast, card: Scroll, target: Target, rng: Rng, push: Push) -> None:
    pub = table.public
    seat = shaman(pub, target)
    if seat is not None:
        tribe = pub.tribes[seat]
        count = min(value(card, cast, rng), tribe.depleted)
        tribe.depleted -= count
        tribe.active += count
        pub.happened.append(f"{card.name}: {count} of seat {seat}'s zimbies at home become active")
        return
    fighter = creature(pub, target)
    if isinstance(fighter, (Column, Zombie, Thug)):
        for one in _whole(pub, fighter):
            one.active = True
        pub.happened.append(f"{card.name}: {target} is active")


def _conjure(table: ZTable, cast: Cast, card: Scroll, target: Target, rng: Rng, push: Push) -> None:
    pub = table.public
    kind = card.effect.obstacle
    if kind is None or target not in BOARD:
        return
    spread = card.effect.spreads(rng) * doubling(cast)
    around = list(BOARD.neighbours(target))
    tiles = [target] + [around[i] for i in combat.bag_o_fate(rng, around, spread)]
    for tile in tiles:
        pub.obstacles.append(Obstacle(tile=tile, kind=kind))
    pub.happened.append(f"{card.name}: {kind.replace('_', ' ')} cover {', '.join(tiles)}")
    if kind == "deadly_vines":
        for tile in tiles:
            _caught_in_deadly_vines(pub, tile, rng)


def _caught_in_deadly_vines(pub: Public, tile: str, rng: Rng) -> None:
    """ "A creature that is caught in deadly vines as they appear ... suffers 1 wound" (one thug column: one)."""
    caught: list[Column | Zombie | Thug] = [c for c in pub.columns if c.tile == tile]
    caught += [z for z in pub.zombies if z.tile == tile]
    caught += combat.thug_column(pub, tile)[:1]
    for fighter in caught:
        if combat.carries_crown(pub, fighter) and combat.crown_immune(rng):
            pub.happened.append(f"{fighter.id} is unharmed by the deadly vines: the Crown's immunity holds")
            continue
        combat.wound(pub, fighter.id, 1, rng)


def _free_move(table: ZTable, cast: Cast, card: Scroll, target: Target, rng: Rng, push: Push) -> None:
    pub = table.public
    fighter = creature(pub, target)
    if not isinstance(fighter, (Column, Zombie)) or not _controls(pub, cast.pusher, fighter):
        return
    if not fighter.active or fighter.in_combat:
        pub.happened.append(f"{card.name}: {target} may not move (depleted or combat locked)")
        return
    tiles = value(card, cast, rng)
    if pub.moving is None or pub.moving.creature != fighter.id:
        pub.moving = Moving(creature=fighter.id)
    pub.moving.free_tiles += tiles
    pub.happened.append(f"{card.name}: {target} may move {tiles} tiles for free")


def _bounce(table: ZTable, cast: Cast, card: Scroll, target: Target, rng: Rng, push: Push) -> None:
    pub = table.public
    fighter = creature(pub, target)
    crown = pub.crown
    if not isinstance(fighter, (Column, Thug)) or crown is None or not combat.carries_crown(pub, fighter):
        pub.happened.append(f"{card.name}: {target} carries nothing to drop")
        return
    if isinstance(fighter, Column):
        fighter.crown = None
    for thug in combat.thug_column(pub, fighter.tile) if isinstance(fighter, Thug) else ():
        thug.crown = False
    if pub.moving is not None and pub.moving.creature == crown.carrier:
        pub.moving.found_crown = False
    tile = fighter.tile
    combat.drop_crown(pub, tile)
    bounces = value(card, cast, rng)
    for n in range(1, bounces + 1):
        tile = rng.choice(BOARD.neighbours(tile))
        pub.happened.append(f"the Crown bounces ({n} of {bounces}) onto {tile}")
    crown.tile = tile


def _nullify(table: ZTable, cast: Cast, card: Scroll, target: Target, rng: Rng, push: Push) -> None:
    """Hush (a Nix is the stack's: it never reaches here)."""
    pub = table.public
    found = next((i for i in pub.incantations if incantation_target(i.id) == target), None)
    if found is not None:
        pub.happened.append(f"{card.name} ends {SCROLLS[found.card].name}")
        end_incantation(pub, found, pub.discards, shock=True)


def _mojo(table: ZTable, cast: Cast, card: Scroll, target: Target, rng: Rng, push: Push) -> None:
    pub = table.public
    seat = shaman(pub, target)
    if seat is None:
        return
    tribe = pub.tribes[seat]
    amount = value(card, cast, rng)
    if amount >= 0:
        tribe.mojo += amount
        pub.happened.append(f"{card.name}: seat {seat} gains {amount} mojo")
    else:
        lost = min(-amount, tribe.tokens)
        tribe.tokens -= lost
        pub.happened.append(f"{card.name}: {lost} of seat {seat}'s mojo tokens become depleted")


def _draw(table: ZTable, cast: Cast, card: Scroll, target: Target, rng: Rng, push: Push) -> None:
    seat = shaman(table.public, target)
    if seat is None:
        return
    wanted = value(card, cast, rng)
    drawn = sum(1 for _ in range(wanted) if draw(table, seat, rng))
    table.public.happened.append(f"{card.name}: seat {seat} draws {drawn} scroll{'s' if drawn != 1 else ''}")


def _discard(table: ZTable, cast: Cast, card: Scroll, target: Target, rng: Rng, push: Push) -> None:
    pub = table.public
    seat = shaman(pub, target)
    if seat is None:
        return
    hand = table.private[seat].hand
    count = min(value(card, cast, rng), len(hand))
    gone = [hand.pop(rng.below(len(hand))) for _ in range(count)]
    pub.discards.extend(gone)
    pub.hand_sizes[seat] = len(hand)
    pub.happened.append(f"{card.name}: seat {seat} discards {', '.join(SCROLLS[k].name for k in gone) or 'nothing'}")


def _spawn(table: ZTable, cast: Cast, card: Scroll, target: Target, rng: Rng, push: Push) -> None:
    pub = table.public
    seat = shaman(pub, target)
    if seat is None:
        return
    tribe = pub.tribes[seat]
    count = min(value(card, cast, rng), tribe.far_shore, max(0, TRIBAL_BOARD_LIMIT - tribe.zimbies))
    tribe.far_shore -= count
    tribe.depleted += count
    pub.happened.append(f"{card.name}: {count} of seat {seat}'s zimbies come from the Far Shore")


def _lasting(table: ZTable, cast: Cast, card: Scroll, target: Target, rng: Rng, push: Push) -> None:
    """Movement, hand limit and cost are only ever an incantation's: :func:`apply` brings those into play."""
    raise ValueError(f"{card.name}: a {card.effect.kind} effect lasts while chanted")


EFFECTS: dict[EffectKind, Effect] = {
    "brutality": _brutality,
    "wound": _wound,
    "armor": _armor,
    "kill": _kill,
    "deplete": _deplete,
    "reactivate": _reactivate,
    "conjure": _conjure,
    "free_move": _free_move,
    "bounce": _bounce,
    "nullify": _nullify,
    "mojo": _mojo,
    "draw": _draw,
    "discard": _discard,
    "spawn": _spawn,
    "movement": _lasting,
    "hand_limit": _lasting,
    "cost": _lasting,
}


# -- incantations --------------------------------------------------------------------------------------------------


def _come_into_play(table: ZTable, cast: Cast, card: Scroll, rng: Rng) -> None:
    """An incantation resolves: its chanter (counted in ``chanting`` since it was cast) sustains it in play."""
    pub = table.public
    seat = shaman(pub, cast.targets[0]) if cast.targets else None
    caster = pub.tribes[cast.pusher]
    if seat is None or caster.active < caster.chanting:
        caster.chanting = max(0, caster.chanting - 1)
        pub.happened.append(f"{card.name} has no chanter: it does not come into play")
        return
    if len(pub.incantations) >= incantation_limit(pub.seats):
        displaced = rng.choice(pub.incantations)
        pub.happened.append(f"{SCROLLS[displaced.card].name} is displaced to make room for {card.name}")
        end_incantation(pub, displaced, pub.discards, shock=True)
    amount = value(card, cast, rng)
    pub.incantations.append(Incantation(id=cast.id, card=cast.card, caster=cast.pusher, target=seat, value=amount))
    pub.happened.append(f"{card.name} comes into play on seat {seat}: {card.effect.kind} {amount:+d}")


def end_incantation(public: Public, incantation: Incantation, discards: list[str], *, shock: bool) -> None:
    """An incantation in play ends: its card to ``discards``, its chanter off the card (``shock``: depleted)."""
    public.incantations.remove(incantation)
    discards.append(incantation.card)
    tribe = public.tribes[incantation.caster]
    tribe.chanting = max(0, tribe.chanting - 1)
    if shock and tribe.active > 0:
        tribe.active -= 1
        tribe.depleted += 1
        public.happened.append(f"seat {incantation.caster}'s chanter is depleted by the shock")


def settle_chants(public: Public, discards: list[str]) -> list[Incantation]:
    """Incantations whose chanter is gone end (their cards to ``discards``): the ones that ended.

    A caster with fewer active zimbies at home than chanters has lost chanters; its incantations cast last end
    first, until the chanters left are all active (those still on the stack are counted, and end as they
    resolve).
    """
    ended: list[Incantation] = []
    for tribe in public.tribes:
        while tribe.active < tribe.chanting:
            mine = [i for i in public.incantations if i.caster == tribe.seat]
            if not mine:
                break
            last = max(mine, key=lambda i: i.id)
            public.happened.append(f"{SCROLLS[last.card].name} ends: its chanter is gone")
            end_incantation(public, last, discards, shock=False)
            ended.append(last)
    return ended


def chant(public: Public, seat: int, kind: EffectKind) -> int:
    """The summed value of the incantations in play of effect ``kind`` that target ``seat`` (brutality, movement,
    hand_limit, cost, draw)."""
    return sum(
        i.value
        for i in public.incantations
        if i.target == seat and SCROLLS[i.card].effect.kind == kind and SCROLLS[i.card].effect.until == "chant"
    )


# -- the library and the board between resolutions ----------------------------------------------------------------


def draw(table: ZTable, seat: int, rng: Rng) -> bool:
    """One scroll from the library into ``seat``'s hand: whether there was one. "When the scroll library is
    depleted, the shuffled contents of the discard pile form a new scroll library" (not in solitaire)."""
    secret, pub = table.secret, table.public
    if not secret.library and not pub.solitaire and pub.discards:
        secret.library = rng.shuffled(pub.discards)
        pub.discards = []
        pub.happened.append("the discards are shuffled into a new scroll library")
    if not secret.library:
        return False
    hand = table.private[seat].hand
    hand.append(secret.library.pop(0))
    pub.library_size = len(secret.library)
    if seat < len(pub.hand_sizes):
        pub.hand_sizes[seat] = len(hand)
    return True


def refresh_obstacles(public: Public) -> None:
    """Conjured obstacles age at refresh: an A side turns to B, a B side leaves the board (the King's stay as they
    are: the game ages them after his death)."""
    aged: list[Obstacle] = []
    for o in public.obstacles:
        if o.kind not in CONJURED or o.kings:
            aged.append(o)
        elif o.side == "A":
            aged.append(o.model_copy(update={"side": "B"}))
    public.obstacles = aged


# -- patches o' darkness: leaving one, and entering an occupied one ------------------------------------------------


def darkened(public: Public, tile: TileId) -> bool:
    """A patch o' darkness covers ``tile`` (zimby columns and thugs in it are disoriented; zombies ignore it)."""
    return any(o.tile == tile and o.kind == "darkness" for o in public.obstacles)


def darkness_exit(public: Public, tile: TileId, rng: Rng) -> TileId | None:
    """The adjacent tile a creature leaving the darkness on ``tile`` emerges onto, drawn at random (the one it came
    by included), or ``None`` if there is none it may enter: blood thickets and wards in place bar every creature
    ("Creatures may not move into or out of a tile containing blood thickets"). The creature then loses the rest
    of its movement; the caller moves it (and swaps with an occupant: :func:`swap_places`)."""
    barred = {o.tile for o in public.obstacles if o.kind == "thickets"} | {w.tile for w in public.wards if not w.open}
    ways = [t for t in BOARD.neighbours(tile) if t not in barred]
    return rng.choice(ways) if ways else None


def swap_places(public: Public, mover: Fighter, tile: TileId) -> Fighter | None:
    """``mover`` enters or attacks into the occupied darkened ``tile``, or emerges from the darkness onto an
    occupied one: "the creature and the tile occupant swap tiles" (no combat). The occupant, or ``None``.

    A thug stands for its thug column; the Crown goes with its carrier, a Crown lying on either tile stays there.
    """
    here = mover.tile
    occupant = public.creature_at(tile)
    if here is None or occupant is None or occupant is mover:
        return None
    movers = combat.thug_column(public, here) if isinstance(mover, Thug) else [mover]
    occupants = combat.thug_column(public, tile) if isinstance(occupant, Thug) else [occupant]
    for one in movers:
        one.tile = tile
    for one in occupants:
        one.tile = here
    public.happened.append(f"{mover.id} and {occupant.id} swap tiles in the darkness")
    return occupant


# -- targets -------------------------------------------------------------------------------------------------------


def creature(public: Public, target: Target) -> Fighter | None:
    """The creature a target names, if it is still on the main board (a thug in its barracks is not)."""
    if target == KING_ID:
        return public.king if public.king.alive and public.king.tile is not None else None
    try:
        found = combat.creature(public, target)
    except KeyError:
        return None
    if isinstance(found, Thug) and found.in_barracks:
        return None
    return found


def shaman(public: Public, target: Target) -> int | None:
    """The seat a ``seat<n>`` target names, if the match has it."""
    if not target.startswith("seat") or not target[4:].isdigit():
        return None
    seat = int(target[4:])
    return seat if seat < public.seats else None


def _whole(public: Public, fighter: Column | Zombie | Thug) -> list[Column | Zombie | Thug]:
    """The creature as a whole: a thug stands for its thug column."""
    return list(combat.thug_column(public, fighter.tile)) if isinstance(fighter, Thug) else [fighter]


def _controls(public: Public, seat: int, fighter: Column | Zombie) -> bool:
    """The caster controls the creature now: its turn, its zimbies in the column, its own zombie."""
    if public.turn != seat:
        return False
    return seat in fighter.zimbies if isinstance(fighter, Column) else fighter.owner == seat
