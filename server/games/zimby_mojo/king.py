"""Zimby Mojo's Cannibal King: his turn, his blood mojo, his eight rituals, and the Crown he leaves.

The King sits in the blood mist at the centre of his sanctum. From the
second round he goes first: a turn that starts in the mist (his blood mojo
replenished) moves him onto a random one of the four ritual tiles and casts
the ritual whose marker lies beside it, revealing it the first time; a turn
that starts anywhere else moves him one tile (diagonals count) back toward the
mist. An obstacle on the chosen ritual tile is passed only if his Crown's
immunity holds; a creature there is attacked, and only a kill lets him in.
An attack may wait for the defender's answer (``defer``: a cannibal eating
first), after which the game makes it and casts the ritual.

Eight ritual markers exist and four are used, shuffled face down beside the
four ritual tiles (:func:`draw_rituals`); which lies where is secret
(``Secret.rituals``) until it is first cast (``Public.rituals``)::

    blood       1d6: the mist fills the sanctum and that many tiles beyond; 1 wound to each creature caught
    discord     a random quadrant: each zimby column of 2 or more keeps 1 random zimby, the rest are expelled
    exhaustion  2d2: every shaman depletes that many mojo tokens
    madness     1d2: every shaman discards that many random scrolls
    hunger      1d2: every shaman eats that many zimbies of the tribal board (no mojo, no scroll)
    winnowing   every shaman draws 2 random scrolls from the left neighbour, keeps 1, discards 1
    portals     a random portal tile and 1d6: every creature within that many tiles is expelled
    terror      a random quadrant: every zimby column in it is depleted

The Crown, once the King is dead: its burden (+8 zimbies until the next
refresh, then +4, then +2 for good: :func:`crown_burden`), its 50 % immunity
to obstacles and witcheries (1d6, 3 or lower: :func:`crown_immune`).

Hidden: the four ritual markers beside the ritual tiles, until each is first
cast; the four set aside are never shown.

Chance: the draw of the four markers at setup; each turn's ritual tile (1d4);
each ritual's die (``X``) and random quadrant or portal (1d4; in solitaire
1d6, 5 and 6 meaning the player's own, :mod:`.solitaire`); the victims of
Discord and Madness; the Crown's immunity rolls. All from the match's seeded
generator.

Interpretations (rulebook: ``zimby-mojo.md``, "The King's turn and rituals"):

- "face down, randomize them, and place 1 on each of the 4 tiles pointed to
  by the 4 ... in the King's sanctum. The 4 unplaced markers won't be used" ->
  the eight are shuffled with the seeded generator and the first four lie
  beside the ritual tiles in the board's order; the rest are set aside.
- "The King replenishes his blood mojo while in the blood mist." -> blood
  mojo is one charge: a King who starts his turn in the mist has it (1), the
  ritual he casts spends it (0); he never holds more than one, so he casts at
  most one ritual a turn and only after a turn in the mist.
- "the King will move onto a random ritual tile" -> 1d4 over the four ritual
  tiles in the board's order.
- "If the immunity holds, he will enter the tile and cast the ritual" -> the
  King's obstacle immunity is the Crown's: 1d6, 3 or lower holds.
- "The King will move by the shortest path, including diagonal" -> the path
  counts the King's movement zone (the eight tiles around him) and avoids
  tiles no creature may enter (blood thickets, closed wards); of the tiles
  one step closer, an empty one is taken first (he "will avoid combat"), else
  he attacks the creature on the first such tile in the board's order (never
  a thug: behind a thug he waits). A step onto any other obstacle is made only
  if his immunity holds, as for the ritual tile; otherwise he waits.
- "-many contiguous, adjacent tiles beyond the sanctum in all directions."
  -> every tile within X steps of a sanctum tile, counting tiles that share a
  side, whatever lies on them (the mist "passes freely through elemental
  warded tiles"); each creature caught (a thug column is one creature) but
  the King suffers 1 wound, one source per creature; a Crown carrier (when
  the carrier casts it) first rolls its obstacle immunity.
- "Every zimby column in the quadrant containing 2 or more zimbies ... all
  but 1 randomly chosen zimby." -> the zimby who stays is drawn from the Bag
  o' Fate and keeps the column's Crown, if it held one; the expelled go home
  depleted (beyond 8 on a tribal board, to the Far Shore).
- "All shamans must ... -many of their mojo tokens." -> only the four
  mojo tokens are depleted (zimbies are not), as many as are active.
- "All shamans must eat ... zimbies on their tribal boards and send them to
  the Far Shore." -> the zimbies eaten are chosen for the shaman as a shaman
  would: depleted ones first, then active non-chanting ones, chanting ones
  last; a shaman with fewer eats them all. The eating does not count toward
  the shaman's two a round. A chanter eaten ends its incantation ("If the
  chanting zimby is removed or becomes depleted, the incantation immediately
  ends"): the card is discarded and its effect stops.
- "Each player must randomly discard ... scroll cards from their hand." ->
  the cards are drawn from the hand with the seeded generator.
- "Each player draws 2 ... from the player to their left" -> the two
  cards are drawn at random (:func:`winnowing_draws`) and leave the
  neighbour's hand at once; keeping one is the player's choice, which the game
  asks each seat in turn order (a seat that passes keeps the first card it
  drew; :func:`winnow` settles choices made together). In solitaire, the
  player's choice between a random card of the hand and the library's top
  card is :func:`solo_winnowing`.
- "all creatures within ... contiguous, adjacent tiles of that portal
  tile in all directions." -> every creature whose tile is within X steps of
  the portal tile, counting tiles that share a side, the portal tile itself
  included; the King cannot be expelled and stays.
- "all zimbies and zimby columns in that quadrant." -> every zimby
  column on a tile of the quadrant is depleted; thugs and zombies are not.
- "When a ritual affects a quadrant or portal, the controller may ... the
  quadrant or portal affected." -> :func:`cast` takes the Crown carrier's
  controller's ``choice`` (a quadrant number, or the portal of that quadrant);
  every die the ritual rolls is still rolled.
- "whenever the Crown carrier enters or remains in any obstacle." ->
  :func:`crown_immune` is that roll; 3 or lower holds.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence

from server.engine import Rng

from .board import BOARD, QUADRANT_NAMES, Board
from .combat import CROWN_BURDENS, attack, bag_o_fate, crown_immune, expel_thug, wound
from .effects import settle_chants
from .solitaire import home_quadrant
from .state import KING_ID, RITUALS, TRIBAL_BOARD_LIMIT, Column, Public, Ritual, Secret, Thug, TileId

#: Ritual tiles in the sanctum, and markers drawn for them.
RITUAL_TILES = 4


def draw_rituals(rng: Rng, ritual_tiles: Sequence[TileId]) -> dict[TileId, Ritual]:
    """Shuffle the 8 markers face down; one lies beside each ritual tile, the rest are set aside."""
    markers = rng.shuffled(RITUALS)
    return dict(zip(ritual_tiles, markers[: len(ritual_tiles)], strict=False))


# -- the dice of the book --------------------------------------------------------------------------------------------


def d2(rng: Rng) -> int:
    """1d2: a d6 read 1-3 as 1 and 4-6 as 2."""
    return 1 if rng.roll(6) <= 3 else 2


def d3(rng: Rng) -> int:
    """1d3: a d6 read 1-2 as 1, 3-4 as 2, 5-6 as 3."""
    return (rng.roll(6) + 1) // 2


def dice(rng: Rng, count: int, sides: int) -> int:
    """``count``d``sides``: each die rolled and added (the book's 2d2, 2d6...)."""
    die = {2: d2, 3: d3}.get(sides)
    return sum(die(rng) if die is not None else rng.roll(sides) for _ in range(count))


# -- the Crown -------------------------------------------------------------------------------------------------------


def crown_burden(refreshes_since_death: int) -> int:
    """The zimbies the Crown adds to its carrier's column: +8, then +4 after a refresh, then +2 for good."""
    return CROWN_BURDENS[min(refreshes_since_death, len(CROWN_BURDENS) - 1)]


def crown_refresh(public: Public) -> None:
    """At refresh, the Crown's burden eases one step (8 -> 4 -> 2, then stays)."""
    if public.crown is not None and not public.king.alive:
        at = CROWN_BURDENS.index(public.crown.burden) if public.crown.burden in CROWN_BURDENS else 0
        public.crown.burden = CROWN_BURDENS[min(at + 1, len(CROWN_BURDENS) - 1)]


# -- geometry the rituals need ---------------------------------------------------------------------------------------

Neighbours = Callable[[TileId], Iterable[TileId]]


def within(neighbours: Neighbours, start: Iterable[TileId], steps: int) -> set[TileId]:
    """Every tile at most ``steps`` tiles from a ``start`` tile, counting adjacent tiles (breadth first)."""
    reached = set(start)
    frontier = list(reached)
    for _ in range(steps):
        frontier = [n for tile in frontier for n in neighbours(tile) if n not in reached]
        reached.update(frontier)
    return reached


def creatures_on(public: Public, tiles: Collection[TileId]) -> list[str]:
    """Ids of the creatures on ``tiles``, one per thug column (the King left out), in a stable order."""
    found = [c.id for c in public.columns if c.tile in tiles] + [z.id for z in public.zombies if z.tile in tiles]
    seen: set[TileId] = set()
    for thug in public.thugs:
        if not thug.in_barracks and thug.tile in tiles and thug.tile not in seen:
            seen.add(thug.tile)
            found.append(thug.id)
    return found


# -- expelling and eating --------------------------------------------------------------------------------------------


def send_home(public: Public, tribe: int, count: int, *, active: bool) -> None:
    """Zimbies return to their tribal board; beyond its limit of 8, the excess goes to the Far Shore."""
    board = public.tribes[tribe]
    room = max(0, TRIBAL_BOARD_LIMIT - board.zimbies)
    home = min(room, count)
    if active:
        board.active += home
    else:
        board.depleted += home
    board.far_shore += count - home


def expel_column(public: Public, column: Column) -> None:
    """Expel a zimby column: its zimbies go home depleted; a Crown it held falls on its tile."""
    for tribe, count in column.zimbies.items():
        send_home(public, tribe, count, active=False)
    if column.crown is not None and public.crown is not None:
        public.crown.carrier, public.crown.tile = None, column.tile
    public.columns.remove(column)


def expel(public: Public, creature_id: str) -> None:
    """Expel a creature from the main board (zimbies home, thugs to barracks, zombies to the Far Shore)."""
    for column in public.columns:
        if column.id == creature_id:
            expel_column(public, column)
            public.happened.append(f"{creature_id} is expelled")
            return
    for zombie in public.zombies:
        if zombie.id == creature_id:
            public.zombies.remove(zombie)
            public.tribes[zombie.owner].zombies_left += 1
            public.happened.append(f"{creature_id} is expelled to the Far Shore")
            return
    for thug in public.thugs:
        if thug.id == creature_id:
            for mate in [t for t in public.thugs if t.tile == thug.tile and not t.in_barracks]:
                expel_thug(public, mate, why="expelled")
            return


def eat_for_hunger(public: Public, seat: int, count: int) -> int:
    """A shaman eats ``count`` zimbies of the tribal board, depleted first, chanting last: how many were eaten.

    A chanter eaten is removed, so its incantation ends (:func:`.effects.settle_chants`: "If the chanting zimby is
    removed or becomes depleted, the incantation immediately ends"); ``chanting`` is lowered only by that ending.
    """
    board = public.tribes[seat]
    from_depleted = min(board.depleted, count)
    board.depleted -= from_depleted
    from_active = min(board.active, count - from_depleted)
    board.active -= from_active
    board.far_shore += from_depleted + from_active
    settle_chants(public, public.discards)
    return from_depleted + from_active


# -- the eight rituals -----------------------------------------------------------------------------------------------


def ritual_of_blood(public: Public, caught: Collection[TileId], rng: Rng) -> None:
    """Every creature in the swollen mist suffers 1 wound (the King excepted)."""
    for cid in creatures_on(public, caught):
        carrier = public.crown is not None and public.crown.carrier in (cid, *thug_mates(public, cid))
        if carrier and crown_immune(rng):
            public.happened.append(f"{cid} is unharmed: the Crown's immunity holds")
            continue
        wound(public, cid, 1, rng)


def thug_mates(public: Public, cid: str) -> list[str]:
    """The ids of the thugs in the same column as thug ``cid`` (none for other creatures)."""
    tiles = {t.tile for t in public.thugs if t.id == cid and not t.in_barracks}
    return [t.id for t in public.thugs if t.tile in tiles and not t.in_barracks]


def ritual_of_discord(public: Public, quadrant: Collection[TileId], rng: Rng) -> None:
    """Multi-zimby columns in the quadrant keep 1 zimby drawn at random; the rest are expelled home."""
    for column in [c for c in public.columns if c.tile in quadrant and c.size >= 2]:
        members = [tribe for tribe in column.tribes for _ in range(column.zimbies[tribe])]
        stays = members[bag_o_fate(rng, members, 1)[0]]
        for tribe, count in column.zimbies.items():
            send_home(public, tribe, count - (1 if tribe == stays else 0), active=False)
        column.zimbies = {stays: 1}
        if column.crown is not None:
            column.crown = stays
        public.happened.append(f"{column.id} squabbles: one zimby of tribe {stays} stays")


def ritual_of_exhaustion(public: Public, x: int) -> None:
    """Every shaman depletes ``x`` mojo tokens (as many as are active)."""
    for board in public.tribes:
        board.tokens = max(0, board.tokens - x)


def ritual_of_hunger(public: Public, x: int) -> None:
    """Every shaman eats ``x`` zimbies of the tribal board, for nothing."""
    for board in public.tribes:
        eat_for_hunger(public, board.seat, x)


def ritual_of_madness(hands: Sequence[list[str]], x: int, rng: Rng) -> list[list[str]]:
    """Every player discards ``x`` random scrolls: the cards discarded, per seat."""
    discarded: list[list[str]] = []
    for hand in hands:
        gone = [hand[i] for i in bag_o_fate(rng, hand, x)]
        for card in gone:
            hand.remove(card)
        discarded.append(gone)
    return discarded


def winnowing_draws(hands: Sequence[Sequence[str]], rng: Rng) -> list[list[str]]:
    """The Ritual of Winnowing's draws: per seat, 2 random cards of its left neighbour's hand (seat + 1)."""
    draws: list[list[str]] = []
    for seat in range(len(hands)):
        left = hands[(seat + 1) % len(hands)]
        draws.append([left[i] for i in bag_o_fate(rng, left, 2)])
    return draws


def winnow(
    hands: Sequence[list[str]], draws: Sequence[Sequence[str]], keeps: Sequence[int], discards: list[str]
) -> None:
    """Settle the Ritual of Winnowing: the drawn cards leave the left neighbours' hands; each seat keeps the
    card ``keeps[seat]`` of its draw (its choice) and discards the other."""
    for seat, drawn in enumerate(draws):
        left = hands[(seat + 1) % len(hands)]
        for card in drawn:
            left.remove(card)
    for seat, drawn in enumerate(draws):
        for at, card in enumerate(drawn):
            (hands[seat].append if at == keeps[seat] else discards.append)(card)


def solo_winnowing(hand: list[str], library: list[str], discards: list[str], rng: Rng, *, from_library: bool) -> None:
    """Solitaire's Ritual of Winnowing: the player's choice of 1 random card of the hand, or the library's top
    card, onto the discard pile."""
    if from_library:
        if library:
            discards.append(library.pop(0))
    elif hand:
        discards.append(hand.pop(bag_o_fate(rng, hand, 1)[0]))


def ritual_of_portals(public: Public, caught: Collection[TileId]) -> None:
    """Every creature near the flushed portal is expelled (the King excepted)."""
    for cid in creatures_on(public, caught):
        expel(public, cid)


def ritual_of_terror(public: Public, quadrant: Collection[TileId]) -> None:
    """Every zimby column in the quadrant is depleted; thugs and zombies are unaffected."""
    for column in public.columns:
        if column.tile in quadrant:
            column.active = False


def random_pick(rng: Rng, options: int, *, home: int | None = None) -> int:
    """A random quadrant or portal (index): 1d4, or in solitaire 1d6 with 5-6 meaning ``home``."""
    if home is None:
        return rng.below(options)
    roll = rng.roll(6)
    return roll - 1 if roll <= options else home


# -- the King's turn -------------------------------------------------------------------------------------------------


#: Asked before the King attacks a creature: ``(target, ritual tile he would then cast at, or None)``; True means
#: the attack waits (the game asks the defender first and makes it later, :func:`attack` then :func:`cast`).
Defer = Callable[[str, TileId | None], bool]


def king_turn(
    public: Public,
    secret: Secret,
    rng: Rng,
    *,
    hands: Sequence[list[str]] | None = None,
    board: Board = BOARD,
    defer: Defer | None = None,
    casting: Callable[[TileId], None] | None = None,
) -> None:
    """The King's turn: from the mist onto a random ritual tile to cast its ritual, else one tile back toward it.

    ``hands`` are the seats' scroll hands (the Rituals of Madness and Winnowing). ``defer`` lets the game hold an
    attack back until the defender has answered; ``casting`` lets it cast the ritual of the tile he entered (on
    its stack), else :func:`cast` casts it at once.
    """
    king = public.king
    if not king.alive or king.tile is None:
        return
    if king.tile == board.blood_mist:
        king.blood_mojo = 1
        place = public.rituals[rng.below(len(public.rituals))]
        public.happened.append(f"the King turns to the ritual tile {place.tile}")
        if not enter(public, place.tile, rng, defer=defer, casting=True):
            return
        if casting is not None:
            casting(place.tile)
        else:
            cast(public, secret, place.tile, rng, hands=hands, board=board)
    else:
        step_toward_mist(public, rng, board, defer=defer)


def obstacle_on(public: Public, tile: TileId) -> bool:
    return any(o.tile == tile for o in public.obstacles)


def enter(public: Public, tile: TileId, rng: Rng, *, defer: Defer | None = None, casting: bool = False) -> bool:
    """The King tries to enter ``tile``: past an obstacle if his immunity holds, through a creature if he kills it.

    Returns whether he stands on ``tile`` afterwards (False too when ``defer`` holds his attack back).
    """
    king = public.king
    if obstacle_on(public, tile) and not crown_immune(rng):
        public.happened.append(f"the obstacle on {tile} holds the King back")
        return False
    occupant = public.creature_at(tile)
    if occupant is not None and occupant is not king:
        if isinstance(occupant, Thug):
            return False
        if defer is not None and defer(occupant.id, tile if casting else None):
            return False
        attack(public, KING_ID, occupant.id, None, rng)
        return king.alive and king.tile == tile
    king.tile = tile
    public.happened.append(f"the King moves to {tile}")
    return True


def step_toward_mist(public: Public, rng: Rng, board: Board = BOARD, *, defer: Defer | None = None) -> None:
    """One tile closer to or into the blood mist, diagonals included; an empty tile first, else through a foe."""
    king = public.king
    assert king.tile is not None
    blocked = {o.tile for o in public.obstacles if o.kind == "thickets"} | {w.tile for w in public.wards if not w.open}
    to_mist = board.distances(board.blood_mist, blocked=blocked, diagonal=True)
    around = [t for t in board.surrounding(king.tile) if t in to_mist]
    if not around:
        public.happened.append("the King finds no way back to the blood mist")
        return
    here = to_mist.get(king.tile, min(to_mist[t] for t in around) + 1)
    closer = [t for t in around if to_mist[t] < here]
    empty = [t for t in closer if public.creature_at(t) is None]
    foes = [t for t in closer if not isinstance(public.creature_at(t), (Thug, type(None)))]
    for tile in empty[:1] or foes[:1]:
        enter(public, tile, rng, defer=defer)
        return
    public.happened.append("the King's way back to the blood mist is blocked")


def cast(
    public: Public,
    secret: Secret,
    tile: TileId,
    rng: Rng,
    *,
    hands: Sequence[list[str]] | None = None,
    board: Board = BOARD,
    choice: int | None = None,
    winnowed: list[list[str]] | None = None,
) -> Ritual:
    """The King casts the ritual beside ``tile``, revealing it if it is the first time; his blood mojo is spent.

    ``choice``: the quadrant or portal (by quadrant number) a Crown carrier's controller chooses when it
    activates the ritual; the King draws it at random. ``winnowed``: the Ritual of Winnowing's draws, per seat,
    taken out of the left neighbours' ``hands`` for each seat to choose from (the game asks; :func:`winnow`
    settles a choice made at once); in solitaire the player's choice is :func:`solo_winnowing`'s.
    """
    ritual = secret.rituals[tile]
    for place in public.rituals:
        if place.tile == tile:
            place.ritual = ritual
    public.king.blood_mojo = 0
    public.happened.append(f"the King casts the Ritual of {ritual.capitalize()}")
    home = home_quadrant(public, board) if public.solitaire else None

    def quadrant_or_portal() -> int:
        return choice if choice is not None else random_pick(rng, 4, home=home)

    if ritual == "blood":
        x = rng.roll(6)
        public.happened.append(f"the blood mist swells {x} tiles beyond the sanctum")
        ritual_of_blood(public, board.within(board.sanctum, x), rng)
    elif ritual == "discord":
        quadrant = quadrant_or_portal()
        public.happened.append(f"discord in the {QUADRANT_NAMES[quadrant]} quadrant")
        ritual_of_discord(public, board.quadrant_tiles(quadrant), rng)
    elif ritual == "exhaustion":
        x = dice(rng, 2, 2)
        public.happened.append(f"every shaman depletes {x} mojo tokens")
        ritual_of_exhaustion(public, x)
    elif ritual == "madness":
        x = d2(rng)
        public.happened.append(f"every shaman discards {x} random scrolls")
        for gone in ritual_of_madness(hands or [], x, rng):
            public.discards.extend(gone)
    elif ritual == "hunger":
        x = d2(rng)
        public.happened.append(f"every shaman eats {x} zimbies")
        ritual_of_hunger(public, x)
    elif ritual == "winnowing":
        public.happened.append("every shaman draws 2 scrolls from the left neighbour")
        if not public.solitaire and hands is not None:
            draws = winnowing_draws(hands, rng)
            for seat, drawn in enumerate(draws):
                left = hands[(seat + 1) % len(hands)]
                for card in drawn:
                    left.remove(card)
            for seat, drawn in enumerate(draws):
                if winnowed is not None:
                    winnowed.append(drawn)
                else:  # nobody to ask: the first card drawn is kept
                    hands[seat].extend(drawn[:1])
                    public.discards.extend(drawn[1:])
    elif ritual == "portals":
        portal = board.portals[quadrant_or_portal()]
        x = rng.roll(6)
        public.happened.append(f"the portal {portal} flushes everything within {x} tiles")
        ritual_of_portals(public, board.within(portal, x))
    else:
        quadrant = quadrant_or_portal()
        public.happened.append(f"terror in the {QUADRANT_NAMES[quadrant]} quadrant")
        ritual_of_terror(public, board.quadrant_tiles(quadrant))
    return ritual
