"""Zimby Mojo's state: every part of the table, every creature, and the moves.

One model per thing on the table, so that the rules modules (``game.py``,
``combat.py``, ``king.py``, ``npcs.py``) read and write the same facts:

- :class:`Public` -- everything face up: the round and its phase, whose turn,
  each seat's :class:`TribalBoard` (zimbies active and depleted, mojo tokens,
  the mojo drawn and not yet spent, the Far Shore), the creatures on the main
  board (:class:`Column` of zimbies, :class:`Zombie`, :class:`Thug`,
  :class:`King`), the :class:`Crown`, the shrines and their seals once
  revealed, the wards, the ritual tiles and their rituals once revealed, the
  obstacles, the move under way (a path declared tile by tile, a request
  for permission), the :class:`Stack` of scroll effects, combat rolls and
  wounds (its entries :class:`Cast`, :class:`CombatRoll`, :class:`Wounds`,
  :class:`KingsRitual`; the rules in ``stack.py``), the :class:`Incantation`
  cards in play, the discards, and the response windows open (``windows``:
  on the stack, on a path tile, the zombie owners' hold, a defending cannibal,
  the Ritual of Winnowing, the hand limit; an attack under way waits in
  ``pending_attack``).
- :class:`Private` -- a seat's hand of scroll cards, and the two cards it drew
  in the Ritual of Winnowing until it keeps one.
- :class:`Secret` -- which elemental seal lies face down on which shrine, which
  ritual marker lies beside which ritual tile (the other four markers are set
  aside unseen), and the scroll library's order.

One exchange of blows as values (:class:`~.rolls.CombatRolls`) lives in
``rolls.py``, apart, so that the stack here can hold it without importing the
rules that act on the table.

Creatures are named by a short id that stays theirs while they are in play:
``c<n>`` a zimby column, ``z<n>`` a zombie, ``t<n>`` a thug (0-3), ``king``.
A tile is the board's own name for it (``board.py``); a tribal board counts
as a single tile for movement and is named :func:`home_tile` of its seat.

A zimby column is a single creature (rulebook: "A column is a single
creature."): it holds counts of zimbies per tribe, never more than 3 tribes of
3, so tokens of one tribe in one column are interchangeable and are not
stored one by one. The Crown, the only item of the basic game, is held by one
zimby of the column: :attr:`Column.crown` names that zimby's tribe.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, computed_field

from server.engine.decisions import Underway
from server.engine.errors import IllegalMove
from server.engine.game import DerivedPart, MoveModel, Options, Part, Table
from server.engine.windows import Pass, Window

from .board import BOARD, Board
from .rolls import CombatRolls

# -- vocabulary ------------------------------------------------------------------------------------------------------

TileId = str  # as board.py names tiles: "a1" top left to "q17", the blood mist "i9"
CreatureId = str
Element = Literal["air", "earth", "fire", "water"]
ELEMENTS: tuple[Element, ...] = ("air", "earth", "fire", "water")
Ritual = Literal["blood", "discord", "exhaustion", "madness", "hunger", "winnowing", "portals", "terror"]
RITUALS: tuple[Ritual, ...] = ("blood", "discord", "exhaustion", "madness", "hunger", "winnowing", "portals", "terror")
ObstacleKind = Literal["thickets", "blood_vines", "deadly_vines", "entangling_vines", "darkness"]
#: The parts of a round, in order ("A game round consists of six parts"); ``over`` once the match ended.
Phase = Literal["refresh", "king", "players", "thugs", "zombies", "wrap_up", "over"]

KING_ID: CreatureId = "king"
ZIMBIES_PER_TRIBE = 16
ZOMBIES_PER_TRIBE = 2
MOJO_TOKENS = 4
TRIBAL_BOARD_LIMIT = 8
COLUMN_TRIBES_LIMIT = 3
COLUMN_TRIBE_LIMIT = 3

# Brutality and vitality ("Creature Brutality Vitality"): the King's brutality is 1 + thugs in play.
ZIMBY_BRUTALITY, ZIMBY_VITALITY = 1, 1
THUG_BRUTALITY, THUG_VITALITY = 3, 2
ZOMBIE_BRUTALITY, ZOMBIE_VITALITY = 2, 3
KING_VITALITY = 4


def home_tile(seat: int) -> TileId:
    """The tile name of a seat's tribal board ("Tribal boards count as single tiles for movement")."""
    return f"home{seat}"


def home_seat(tile: TileId) -> int | None:
    """The seat whose tribal board ``tile`` is, else ``None``."""
    return int(tile[4:]) if tile.startswith("home") and tile[4:].isdigit() else None


# -- creatures -------------------------------------------------------------------------------------------------------


class Creature(BaseModel):
    """What every creature on the main board has: a place, active or depleted, and its combat flags."""

    model_config = ConfigDict(extra="forbid")

    id: CreatureId
    tile: TileId
    active: bool = Field(True, description="face up: may move, attack, channel; depleted creatures refresh")
    in_combat: bool = Field(
        False,
        description="combat locked: an attack made or received left a foe alive; cleared when no opponent is in "
        "its combat zone",
    )
    attacked: bool = Field(False, description="made its one attack this turn (reset each turn and on leaving combat)")
    scroll_bonus: int = Field(
        0,
        description="brutality from scrolls cast with no combat roll of it on the stack: "
        "its next combat roll spends it",
    )
    armor: int = Field(
        0,
        ge=0,
        description="wounds prevented from the next single source of wounds delivered to it "
        "(scrolls cast with none of its wounds on the stack); lapses at the next refresh",
    )


class Column(Creature):
    """A zimby column: a single creature of 1 or more zimbies of up to 3 tribes."""

    zimbies: dict[int, int] = Field(description="zimbies in the column by tribe (seat): never 0, at most 3 each")
    crown: int | None = Field(None, description="the tribe of the zimby holding the Crown, if the column carries it")
    brutality_bonus: int = Field(0, description="zimby cannibalism: +4 per tribesman eaten, for its next combat roll")
    invoked: bool = Field(False, description="as Crown carrier, channelled 4 mojo into a ritual tile this turn")

    @property
    def size(self) -> int:
        return sum(self.zimbies.values())

    @property
    def tribes(self) -> list[int]:
        return sorted(self.zimbies)

    def attacking_brutality(self, controller: int) -> int:
        """ "the number of zimbies of the controller's tribe in the column +1 for each other tribe"."""
        return self.zimbies.get(controller, 0) + len(self.zimbies) - (1 if controller in self.zimbies else 0)

    def defending_brutality(self) -> int:
        """ "the number of zimbies in the largest tribe in the column +1 for each other tribe"."""
        return max(self.zimbies.values()) + len(self.zimbies) - 1


class Zombie(Creature):
    """A zombie: controlled by its creator on that seat's turn, otherwise uncontrolled."""

    owner: int = Field(description="the seat that made it (its former tribe)")
    held: bool = Field(False, description="its owner paid 1 mojo to keep it from shambling this round")
    must_attack: bool = Field(
        False,
        description="stopped beside a living creature on its controller's path: must attack it this turn",
    )
    shambled: bool = Field(False, description="has had its shamble this round (reset at wrap-up)")
    shambling: int | None = Field(
        None, description='steps left of its shamble, halted by a "Stop!" window (None: not halted)'
    )


class Thug(Creature):
    """One of the King's four thugs. ``in_barracks``: expelled, on a barracks tile, not in play."""

    in_barracks: bool = Field(False, description="on a barracks tile (expelled): not in play until it re-enters")
    quadrant: int | None = Field(None, description="after the King's death: the quadrant (0-3) it patrols")
    heading: list[TileId] = Field(
        default_factory=list, description="the tiles it still means to walk to reach its route (re-entry, Crown run)"
    )
    crown: bool = Field(False, description="carries the Crown to the blood mist")
    holding: bool = Field(False, description="solitaire: holds position on a tile flanking the player's entry point")
    returned: bool = Field(False, description="re-entered from the barracks this round (its first step is away)")
    walked: bool = Field(False, description="has made this round's walk")
    walking: int = Field(0, ge=0, description='steps left of its walk, halted by a "Stop!" window')


class King(BaseModel):
    """The Cannibal King: never combat locked, never dismissed or expelled."""

    model_config = ConfigDict(extra="forbid")

    id: CreatureId = KING_ID
    tile: TileId | None = Field(description="his tile; None once dead (the Crown is then loose or carried)")
    alive: bool = True
    blood_mojo: int = Field(0, description="replenished while he is in the blood mist")
    kills: int = Field(0, description="Kings crowned so far after the first (a thug column reached the mist)")
    scroll_bonus: int = Field(0, description="brutality from scrolls waiting for his next combat roll")


class Crown(BaseModel):
    """The Cannibal Crown once the King is dead: where it is, and its movement burden."""

    model_config = ConfigDict(extra="forbid")

    tile: TileId | None = Field(None, description="the tile it lies on, when no creature carries it")
    carrier: CreatureId | None = Field(None, description="the column or thug column that carries it")
    burden: int = Field(8, description="extra zimbies its carrier moves as: +8, then +4, then +2 for good")


# -- the board's furniture -------------------------------------------------------------------------------------------


class Shrine(BaseModel):
    model_config = ConfigDict(extra="forbid")

    tile: TileId
    seal: Element | None = Field(None, description="revealed once activated (then the seal is gone); else face down")
    activated: bool = False


class Ward(BaseModel):
    model_config = ConfigDict(extra="forbid")

    tile: TileId
    element: Element = Field(description="wards are placed face up")
    open: bool = Field(False, description="removed when its seal is activated")


class RitualTile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    tile: TileId
    ritual: Ritual | None = Field(None, description="revealed the first time it is cast; else face down (secret)")


class Obstacle(BaseModel):
    model_config = ConfigDict(extra="forbid")

    tile: TileId
    kind: ObstacleKind
    side: Literal["A", "B"] = "A"
    kings: bool = Field(False, description="a King's obstacle (thickets, blood vines): dies after his death")


# -- the shamans -----------------------------------------------------------------------------------------------------


class TribalBoard(BaseModel):
    """A shaman's homeland and mojo: where zimbies wait to be eaten, drawn from or sent in."""

    model_config = ConfigDict(extra="forbid")

    seat: int
    entry: TileId = Field(description="the main-board entry point its tribal board attaches to")
    active: int = Field(description="active zimbies on the tribal board")
    depleted: int = Field(0, description="depleted zimbies on the tribal board")
    far_shore: int = Field(description="its zimby tokens on the Far Shore (dead or yet to be)")
    zombies_left: int = Field(ZOMBIES_PER_TRIBE, description="its zombie tokens on the Far Shore")
    tokens: int = Field(MOJO_TOKENS, description="active mojo tokens")
    mojo: int = Field(0, description="mojo extracted and not yet spent (lost at wrap-up)")
    eaten: int = Field(0, description="zimbies the shaman ate this round (at most 2)")
    spawned: int = Field(0, description="zimbies spawned this turn (at most 2)")
    made_zombie: bool = Field(False, description="made a zombie this turn (at most 1)")
    chanting: int = Field(
        0, description="zimbies chanting incantations in play or on the stack; they stay on the tribal board"
    )

    @property
    def zimbies(self) -> int:
        return self.active + self.depleted

    @property
    def first_mover_count(self) -> int:
        """ "active, non-chanting zimbies on their tribal board"."""
        return self.active - self.chanting


# -- moves under way -------------------------------------------------------------------------------------------------


class Moving(BaseModel):
    """A path declared tile by tile: the creature moving and what its mojo has paid for."""

    model_config = ConfigDict(extra="forbid")

    creature: CreatureId
    tiles_left: int = Field(0, description="tiles still paid for by the current mojo expenditure")
    steps: int = Field(0, description="tiles moved so far on this path")
    free_tiles: int = Field(0, ge=0, description="tiles of free movement from scrolls, spent before paying mojo")
    portal: TileId | None = Field(None, description="entered this portal tile: the destination is being influenced")
    found_crown: bool = Field(False, description="the last step entered the tile where the Crown lies")


class Request(BaseModel):
    """A question to other shamans: to let a column join theirs, or to channel mojo into a seal together."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["join", "seal"]
    asker: int
    column: CreatureId = Field(description="the asking (join) or the shrine's (seal) column")
    target: CreatureId | None = Field(None, description="join: the column asked to be joined")
    waiting: list[int] = Field(description="seats still to answer, in turn order")


class PendingAttack(BaseModel):
    """An attack under way: declared (the defending shaman may have a zimby eat first), then rolled (its combat
    roll and wounds on the stack), and concluded once they resolved (a tile claimed, combat lock)."""

    model_config = ConfigDict(extra="forbid")

    attacker: CreatureId
    target: CreatureId
    controller: int | None
    defence: int = Field(0, description="the defender's +4 per tribesman eaten for this roll")
    casts: TileId | None = Field(
        None,
        description="the King's attack on a ritual tile's occupant: the tile whose ritual he casts if he claims it",
    )
    rolled: bool = Field(False, description="its combat roll is on the stack (or resolved): no more eating")
    at: TileId | None = Field(None, description="the attacker's tile when the rolls were made")
    defender_at: TileId | None = Field(None, description="the defender's tile when the rolls were made")


# -- the stack (its rules: stack.py) ---------------------------------------------------------------------------------

ScrollType = Literal["ritual", "incantation", "witchery"]
#: A scroll's target, as a string: a creature id, a tile, ``seat<n>`` for a shaman, ``incantation<id>`` for an
#: incantation in play (a Nix names an entry in ``Cast.nixes`` instead, and its target reads ``#<entry id>``).
Target = str


class Entry(BaseModel):
    """What every entry on the stack has: its number, who pushed it, whether it may be answered, whether nixed."""

    model_config = ConfigDict(extra="forbid")

    id: int = Field(-1, description="its number on this stack, given when pushed (a Nix names it)")
    pusher: int | None = Field(description="the seat that pushed it; None for the King, the thugs and the zombies")
    answerable: bool = Field(True, description="a window opens on it; False for the King's inescapable rituals")
    nixed: bool = Field(False, description="nullified by a Nix: it leaves the stack without effect")


class Cast(Entry):
    """A scroll used: its mojo is paid and its effect waits on the stack."""

    kind: Literal["scroll"] = "scroll"
    pusher: int = Field(description="the caster")
    card: str = Field(description="the scroll card used (discarded once it leaves the stack)")
    scroll_type: ScrollType
    channel: CreatureId | None = Field(None, description="a witchery's channelling zimby (a column or home)")
    targets: list[Target] = Field(default_factory=list, description="creatures, tiles, seat<n> shamans")
    cost: int = Field(0, ge=0, description="the mojo paid for it")
    effect: str = Field("", description="what it does, in the card list's short notation: the game applies it")
    nixes: int | None = Field(None, description="a Nix: the entry it nullifies when it resolves")
    doublings: int = Field(
        0, ge=0, le=2, description='how many times "double effect" doubles the value (multiplicative: x2, x4)'
    )
    stops: CreatureId | None = Field(None, description='cast as a "Stop!" on this creature, moving in line of sight')
    immune: list[Target] = Field(
        default_factory=list, description="targets the Crown's witchery immunity held for, rolled as it resolved"
    )


class CombatRoll(Entry):
    """Both combat rolls of one exchange, until they settle into wounds."""

    kind: Literal["combat"] = "combat"
    attacker: CreatureId
    defender: CreatureId
    rolls: CombatRolls


class Wounds(Entry):
    """Wounds assigned to one creature by one source, until they are delivered."""

    kind: Literal["wounds"] = "wounds"
    creature: CreatureId
    wounds: int = Field(ge=0)
    source: str = Field(description="what dealt them: a combat, a scroll's card, an obstacle")


class KingsRitual(Entry):
    """A King's ritual being cast: inescapable, so it opens no window and nothing may be pushed above it."""

    kind: Literal["ritual"] = "ritual"
    answerable: Literal[False] = False
    ritual: Ritual
    tile: TileId = Field(description="the ritual tile it is cast from")
    choice: int | None = Field(None, description="the quadrant or portal a Crown carrier named")


AnyEntry = Annotated[Cast | CombatRoll | Wounds | KingsRitual, Field(discriminator="kind")]


class Stack(BaseModel):
    """The stack, bottom first, top last; its entries numbered in pushing order."""

    model_config = ConfigDict(extra="forbid")

    entries: list[AnyEntry] = Field(default_factory=list, description="bottom first: the last resolves first")
    next_id: int = Field(0, description="the number the next entry pushed gets")

    def entry(self, entry_id: int) -> AnyEntry:
        """The entry numbered ``entry_id``, still on the stack."""
        found = next((e for e in self.entries if e.id == entry_id), None)
        if found is None:
            raise IllegalMove(f"#{entry_id} is not on the stack")
        return found

    def top(self) -> AnyEntry | None:
        return self.entries[-1] if self.entries else None

    @property
    def inescapable(self) -> bool:
        """A King's ritual (or what it pushes) is on the stack: nobody may push until it resolves."""
        return any(not e.answerable for e in self.entries)


class Incantation(BaseModel):
    """An incantation in play: its chanter stays on the caster's tribal board until it ends."""

    model_config = ConfigDict(extra="forbid")

    id: int = Field(description="the stack entry it was cast as (unique)")
    card: str
    caster: int
    target: int = Field(description="the shaman (seat) it works for or against")
    value: int = Field(description="the effect's value, rolled when it came into play, doubling included")


# -- the parts -------------------------------------------------------------------------------------------------------


class Public(DerivedPart):
    #: The board is the same in every match: the engine serialises it once, not in every view or stored table.
    constant_fields: ClassVar[frozenset[str]] = frozenset({"board"})

    seats: int
    solitaire: bool
    round: int = Field(1, description="from 1; the King acts from round 2")
    phase: Phase = "players"
    first_mover: int
    turn: int = Field(description="the seat whose turn it is")
    turns_taken: int = Field(0, description="players' turns ended this round")
    tribes: list[TribalBoard]
    columns: list[Column] = Field(default_factory=list)
    zombies: list[Zombie] = Field(default_factory=list)
    thugs: list[Thug] = Field(default_factory=list)
    king: King
    crown: Crown | None = Field(None, description="None while the King lives")
    shrines: list[Shrine]
    wards: list[Ward]
    rituals: list[RitualTile]
    obstacles: list[Obstacle] = Field(default_factory=list)
    stack: Stack = Field(default_factory=Stack, description="scroll effects, combat rolls and wounds, top last")
    incantations: list[Incantation] = Field(
        default_factory=list, description="incantations in play (at most 1 + half the seats, rounded up)"
    )
    next_id: int = Field(0, description="the number of the next column or zombie id")
    moving: Moving | None = None
    request: Request | None = None
    windows: list[Window] = Field(
        default_factory=list, description="response windows open now, top last (server.engine.windows)"
    )
    pending_attack: PendingAttack | None = Field(None, description="an attack waiting for the defender's answer")
    holds_asked: bool = Field(False, description="this round's zombie owners were asked whether to hold them")
    thugs_out: bool = Field(False, description="this round's thugs set out (the barracks' returned by a portal)")
    thugs_moved: bool = Field(False, description="this round's thugs made their movement phase (attacks follow)")
    hands_asked: bool = Field(
        False, description="this round's wrap-up asked the shamans over the hand limit what to discard"
    )
    round_limit: int = Field(60, description="the match ends undecided after this round")
    discards: list[str] = Field(default_factory=list, description="the scroll discard pile, face up, last on top")
    library_size: int = Field(0, description="scroll cards left in the library (the solitaire score)")
    hand_sizes: list[int] = Field(default_factory=list)
    happened: list[str] = Field(
        default_factory=list, description="what the last move or chance step caused, line by line (rolls, wounds)"
    )
    winners: list[int] = Field(default_factory=list)
    reason: str = "completed"

    @computed_field(description="the main board as data, for a client to draw (the same in every match)")  # type: ignore[prop-decorator]
    @property
    def board(self) -> Board:
        return BOARD

    @computed_field(description="the path under way, or a request waiting for answers")  # type: ignore[prop-decorator]
    @property
    def underway(self) -> Underway | None:
        if self.request is not None and self.request.waiting:
            so_far = self.request.model_dump(mode="json")
            return Underway(seat=self.request.waiting[0], step="answer", so_far=so_far)
        if self.moving is not None:
            step = "portal" if self.moving.portal is not None else "path"
            return Underway(seat=self.turn, step=step, so_far=self.moving.model_dump(mode="json"), may_stop=True)
        return None

    # -- lookups the rules modules share

    def creature_at(self, tile: TileId) -> Column | Zombie | Thug | King | None:
        """The creature on a main-board tile (thugs may share one: the first is returned)."""
        for c in self.columns:
            if c.tile == tile:
                return c
        for z in self.zombies:
            if z.tile == tile:
                return z
        for t in self.thugs:
            if t.tile == tile and not t.in_barracks:
                return t
        if self.king.alive and self.king.tile == tile:
            return self.king
        return None

    def column(self, cid: CreatureId) -> Column:
        return next(c for c in self.columns if c.id == cid)

    def thugs_in_play(self) -> list[Thug]:
        """ "A thug is "in play" if it is active on the main board"."""
        return [t for t in self.thugs if not t.in_barracks and t.active]

    def king_brutality(self) -> int:
        return 1 + len(self.thugs_in_play())


class Private(Part):
    hand: list[str] = Field(default_factory=list, description="scroll cards")
    winnowing: list[str] = Field(
        default_factory=list,
        description="the Ritual of Winnowing: the cards drawn from the left neighbour, until one is kept",
    )


class Secret(Part):
    seals: dict[TileId, Element] = Field(default_factory=dict, description="the face-down seal on each shrine tile")
    rituals: dict[TileId, Ritual] = Field(
        default_factory=dict, description="the face-down ritual marker of each ritual tile"
    )
    library: list[str] = Field(default_factory=list, description="the scroll library, top first")


# -- options and moves -----------------------------------------------------------------------------------------------


class ZimbyMojoOptions(Options):
    """Match options. One seat plays the solitaire rules."""

    pace: Literal["fast", "slow"] = Field(
        "fast",
        description="fast: 8 zimbies and 6 scrolls to start (experienced players); slow: 4 and 3 (new players)",
    )
    first_player: int | None = Field(None, description="the first mover of round 1; drawn when unset")
    round_limit: int = Field(
        60, ge=1, le=1000, description="the match ends undecided after this round: every seat shares the draw"
    )


class Extract(MoveModel):
    """Gain 1 mojo: deplete a mojo token, or an active zimby on the tribal board."""

    type: Literal["extract"] = "extract"
    source: Literal["token", "zimby"]


class ExtractChanter(MoveModel):
    """Gain 1 mojo from the chanter of one of the seat's incantations in play: it is depleted, so the incantation
    ends ("If the chanting zimby is removed or becomes depleted, the incantation immediately ends")."""

    type: Literal["extract_chanter"] = "extract_chanter"
    incantation: int = Field(description="the incantation in play (its id) whose chanter is spent")


class Eat(MoveModel):
    """Shaman cannibalism: eat an active zimby on the tribal board for 2 mojo or a scroll."""

    type: Literal["eat"] = "eat"
    gain: Literal["mojo", "scroll"] = "mojo"


class Spawn(MoveModel):
    """3 mojo: a zimby from the Far Shore to the tribal board, depleted."""

    type: Literal["spawn"] = "spawn"


class Send(MoveModel):
    """Start a path from the tribal board with ``count`` active zimbies (the tribal board is one tile)."""

    type: Literal["send"] = "send"
    count: int = Field(ge=1, le=COLUMN_TRIBE_LIMIT)


class Warp(MoveModel):
    """1 mojo: ``count`` active zimbies from the tribal board onto a random portal tile (where they may pick up
    the Crown lying there: a path is then under way on the portal)."""

    type: Literal["warp"] = "warp"
    count: int = Field(ge=1, le=COLUMN_TRIBE_LIMIT)


class Go(MoveModel):
    """Start a path with a creature: a whole column, or ``own`` of the controller's zimbies out of it."""

    type: Literal["go"] = "go"
    creature: CreatureId
    own: int | None = Field(None, description="split: this many of the controller's zimbies leave the column")
    crown: bool = Field(False, description="split: the zimby holding the Crown leaves with them")


class Step(MoveModel):
    """The path's next tile (paying the next mojo when the paid tiles are used up)."""

    type: Literal["step"] = "step"
    to: TileId


class Influence(MoveModel):
    """On a portal: eliminate destinations, 1 mojo each (all three: the portal stays shut)."""

    type: Literal["influence"] = "influence"
    eliminate: list[TileId] = Field(default_factory=list)


class Halt(MoveModel):
    """End the path here."""

    type: Literal["halt"] = "halt"


class PickUp(MoveModel):
    """The creature moving picks up the Crown on its tile (movement ends)."""

    type: Literal["pick_up"] = "pick_up"


class Drop(MoveModel):
    """The Crown carrier drops the Crown on its tile ("A creature may drop an item at any time, even on the run")."""

    type: Literal["drop"] = "drop"


class Attack(MoveModel):
    """A physical attack; ``eat`` tribesmen eaten first for +4 brutality each (single-tribe columns)."""

    type: Literal["attack"] = "attack"
    attacker: CreatureId
    target: CreatureId
    eat: int = Field(0, ge=0, le=2)


class Zombify(MoveModel):
    """Make a zombie of a lone active zimby of the seat's tribe (2 active zimbies from home go to the Far Shore)."""

    type: Literal["zombify"] = "zombify"
    column: CreatureId


class Hold(MoveModel):
    """1 mojo, when asked before the zombies shamble: the seat's zombie does not shamble this round."""

    type: Literal["hold"] = "hold"
    zombie: CreatureId


class Devour(MoveModel):
    """Answering an attack on a single-tribe column: a zimby of it eats ``eat`` tribesmen, +4 each to its roll."""

    type: Literal["devour"] = "devour"
    eat: int = Field(ge=1, le=2)


class Invoke(MoveModel):
    """4 mojo: the Crown carrier on a ritual tile activates its ritual; ``choice`` picks its quadrant or portal."""

    type: Literal["invoke"] = "invoke"
    column: CreatureId
    choice: int = Field(ge=0, le=3)


class Unseal(MoveModel):
    """Ask to activate the seal under a column: each of two shamans with zimbies in it channels 1 mojo."""

    type: Literal["unseal"] = "unseal"
    column: CreatureId
    partner: int


class Answer(MoveModel):
    """Answer a request (to join a column, to channel into a seal)."""

    type: Literal["answer"] = "answer"
    yes: bool


class UseScroll(MoveModel):
    """Use a scroll card from the hand at one target; a witchery names its channelling zimby."""

    type: Literal["scroll"] = "scroll"
    card: str = Field(description="a card key in the seat's hand")
    target: Target = Field(description="a creature id, a tile, seat<n>, incantation<id>, or #<entry id> for a Nix")
    channel: CreatureId | None = Field(
        None, description="a witchery's channelling zimby: a column id, or home<seat> for one on the tribal board"
    )
    eat_for_range: int = Field(
        0, ge=0, le=2, description="zimby cannibalism first: tribesmen the channeller eats to double the range each"
    )
    eat_for_effect: int = Field(
        0, ge=0, le=2, description="zimby cannibalism first: tribesmen the channeller eats to double the effect each"
    )


class Keep(MoveModel):
    """The Ritual of Winnowing: keep this card of the two drawn from the left neighbour; the other is discarded."""

    type: Literal["keep"] = "keep"
    card: str


class Winnow(MoveModel):
    """Solitaire's Ritual of Winnowing: discard a random card of the hand, or the library's top card."""

    type: Literal["winnow"] = "winnow"
    source: Literal["hand", "library"]


class Discard(MoveModel):
    """Wrap-up, over the hand limit: discard this card (asked again until the hand is down to the limit)."""

    type: Literal["discard"] = "discard"
    card: str


class EndTurn(MoveModel):
    type: Literal["end_turn"] = "end_turn"


AnyMove = (
    Pass
    | Devour
    | Invoke
    | Extract
    | ExtractChanter
    | Eat
    | Spawn
    | Send
    | Warp
    | Go
    | Step
    | Influence
    | Halt
    | PickUp
    | Drop
    | Attack
    | Zombify
    | Hold
    | Unseal
    | Answer
    | UseScroll
    | Keep
    | Winnow
    | Discard
    | EndTurn
)
Move = Annotated[AnyMove, Field(discriminator="type")]

#: One match of Zimby Mojo: the public part, one private part per seat, the secret part.
ZTable = Table[Public, Private, Secret]
