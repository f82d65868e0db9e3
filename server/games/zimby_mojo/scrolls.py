"""Zimby Mojo's scroll library: the 104 scroll cards as data.

The rulebook prints no card list (the facts file: "The scroll library: card names, counts per card, types, mojo
costs, effects and which cards carry a red dot. No public card list"). Every scroll the rulebook names or
describes is here with the book's wording of its effect (``Scroll.rulebook`` quotes it) and the cost its worked
examples give; the rest are designed to fill the three types, each with an effect of the same closed set of
effect kinds (:data:`EFFECT_KINDS`), so that the stack and the game apply every card through the same code.

The library, as :func:`table` draws it from :data:`SCROLLS` (a test keeps the two equal). ``n`` is the number
of copies, ``dot`` the red dot (multi-player only), targets are the kinds :data:`TARGET_KINDS` names, and an
effect's value is its fixed part plus its dice (``1+1d3``)::

    name                       type         cost  n  dot  targets                  effect
    Spikey Bone Claws          witchery        1  4       column zombie            brutality +1 until combat
    Nasty Sharp Knives         witchery        2  4       column zombie            brutality +2 until combat
    Blow Guns                  witchery        1  4       column thug king zombie  wound 1
    Lil' Bits o' Armor         witchery        1  4       column zombie            armor 1 until wounds
    Bungle                     witchery        3  3       column thug              bounce 2d2
    Entangling Vines           witchery        2  3       tile                     conjure entangling_vines +1d2 tiles
    Deadly Vines               witchery        2  3       tile                     conjure deadly_vines
    Patch o' Darkness          witchery        2  3       tile                     conjure darkness
    Big Bits o' Map            witchery        2  3       column zombie            free_move 2+2d3  (own turn)
    Death Curse                witchery        3  3       column thug              kill 1
    Dire Death Curse           witchery        5  1       column thug              kill 1d3
    Lil' Bits o' Map           witchery        1  3       column zombie            free_move 1+1d3  (own turn)
    Big Bits o' Armor          witchery        2  2       column zombie            armor 1+1d3 until wounds
    Poison Darts               witchery        3  2       column thug king zombie  wound 1d3
    Wobbly Knees               witchery        2  2       column thug king zombie  brutality -2 until combat
    Dizzy Dust                 witchery        3  2       column thug zombie       deplete
    Energy                     ritual          2  5       shaman                   reactivate 1+1d3
    Nix                        ritual          1  6  *    effect                   nullify
    Hush                       ritual          2  3  *    incantation              nullify
    Mojo Surge                 ritual          1  4       shaman                   mojo +1+1d3
    Pilfered Parchments        ritual          2  3       shaman                   draw 2
    Spawning Rite              ritual          3  3       shaman                   spawn 1d3
    Muddled Memories           ritual          2  3  *    shaman                   discard 1d2
    Mojo Sap                   ritual          2  2  *    shaman                   mojo -2
    Weariness                  ritual          2  2  *    shaman                   deplete 1d2
    War Chant                  incantation     2  4       shaman                   brutality +1 until chant
    Chant o' Trembling         incantation     2  3  *    shaman                   brutality -1 until chant
    Marching Drums             incantation     2  4       shaman                   movement +1 until chant
    Dirge o' Sludge            incantation     2  3  *    shaman                   movement -1 until chant
    Hoarder's Hum              incantation     1  3       shaman                   hand_limit +2 until chant
    Befuddling Babble          incantation     2  3  *    shaman                   hand_limit -2 until chant
    Whispers o' the Far Shore  incantation     3  3       shaman                   draw 1 until chant
    Chant o' Thrift            incantation     3  2       shaman                   cost -1 until chant
    Chant o' Greed             incantation     2  2  *    shaman                   cost +1 until chant

Effect kinds (:data:`EFFECT_KINDS`: the stack and the wiring implement exactly these). ``value`` is
``Effect.amount`` plus the roll of ``Effect.dice``; a zimby that cannibalised for "double effect" doubles it:

- ``brutality``: +/- value to a combat roll. ``until="combat"``: the target creature's combat roll on the stack,
  else its next one (as zimby cannibalism's bonus). ``until="chant"`` (incantations): every combat roll of the
  target shaman's creatures while the incantation lasts.
- ``wound``: value wounds delivered directly to the target, a single source of their own.
- ``armor``: prevents up to value wounds of the next single source delivered to the target (``until="wounds"``;
  it lapses at the next refresh).
- ``kill``: a death curse: value zimbies of the target column die (Bag o' Fate for several tribes), or the thug
  is killed; no wounds are dealt, so armor does not help.
- ``deplete`` / ``reactivate``: a target creature becomes depleted / active; a target shaman has value active
  zimbies on their tribal board depleted / value depleted ones made active.
- ``conjure``: ``Effect.obstacle`` appears on the target tile, A side up, and on ``Effect.spread`` more random
  tiles adjacent to it (each chosen from the seeded generator).
- ``free_move``: the target creature, one its caster controls, may move value tiles at no mojo cost, now (on the
  caster's turn).
- ``bounce``: the target drops every item it carries; each bounces value times, each time onto a random adjacent
  tile.
- ``nullify``: the target scroll effect leaves the stack unresolved, or the target incantation in play ends (its
  card is discarded and its chanter depleted by the shock).
- ``mojo``: the target shaman gains value extracted mojo (lost at wrap-up); a negative value depletes that many
  of their active mojo tokens.
- ``draw`` / ``discard``: the target shaman draws value scrolls / discards value random scrolls from their hand.
- ``spawn``: value zimbies of the target shaman come from the Far Shore to their tribal board, depleted (as many
  as the Far Shore holds; the 8-zimby limit still applies).
- ``movement`` (``until="chant"``): +/- value tiles to each mojo expenditure moving the target shaman's
  creatures (never below 1 tile).
- ``hand_limit`` (``until="chant"``): +/- value to the target shaman's hand limit at wrap-up (6).
- ``cost`` (``until="chant"``): +/- value to the mojo cost of the target shaman's scrolls (never below 1).

Hidden: nothing here: the card list is public (it goes in the catalogue); which cards are where is the game's
concern (hands private, the library's order secret, the discards and the stack public).

Chance: an effect's dice and a conjured obstacle's spread, rolled from the match's seeded generator when the
effect resolves; the shuffle of the library and the 17-card deal of the solitaire library (:func:`library`,
:func:`solitaire_library`).

Interpretations (rulebook: ``zimby-mojo.md``):

- "The shuffled collection of all 104 scroll cards comprises the scroll library." -> 104 cards of 34 kinds: 46
  witcheries, 31 rituals and 27 incantations; a copy of a card is interchangeable with another, so the library
  holds card keys (:data:`SCROLLS`) with repeats.
- "Rituals are formal rites that target either a shaman ... or a scroll effect" -> a ritual targets a shaman or
  an effect: a scroll effect on the stack (Nix), or an incantation in play, which is a scroll effect still in
  force (Hush).
- "Incantations are chants that target a shaman ... and have a lasting effect." -> every incantation's effect is
  ``until="chant"``: it holds while its chanter stays active on the card.
- "The target of the witchery must be on the main board and no more than 3 tiles away from the channeling zimby."
  -> every witchery has range 3 and needs line of sight; a zimby's own tile (range 0) is in range, as when "Blue
  has the zimby target itself with" a witchery.
- "Remove from the game all scroll cards that have a red dot ... these are for multi-player games" -> the red dot
  marks the cards that only work against another shaman or another shaman's scroll effects (the curses cast on
  a shaman, Nix and Hush): in solitaire there is no other shaman, and the King's rituals are inescapable.
- "Shuffle the remaining scroll cards, then deal out 17 scroll cards for the solitaire game" -> the solitaire
  library is the first 17 of the shuffled cards without a red dot (:func:`solitaire_library`).
- "Only on a player's turn, a player may: ... Move active creatures they control" -> ``free_move`` scrolls may
  be used only on the caster's own turn (timing ``own_turn``) and on a creature the caster controls; every
  other scroll may be used at any time scrolls may be ("At any time, a player may: ... use a scroll").
- "Witcheries that affect brutality ... modify combat rolls and thereby have a direct impact on wounds" ->
  ``brutality`` until combat adds to the target's combat roll already on the stack, else to its next one; it is
  part of that exchange of blows, a single source of wounds with it.
- "Effects that prevent wounds must be applied to a creature before wounds are delivered." -> ``armor`` waits on
  the target for the next single source of wounds (the one on the stack, or a later one) and lapses at the next
  refresh.
- "Zombies are unaffected by death curses" -> death curses (``kill``) target zimby columns and thugs, never
  zombies nor the King.
- "a shaman may acquire more zimbies by other means, such as scroll effects." -> ``spawn`` scrolls are not held
  to the 2-a-turn spawning limit, only to the Far Shore's tokens and the 8-zimby tribal board limit.
- "In the basic game, read "item" or "items" as "Crown."" -> Bungle makes its target drop the Crown, the only
  item; on a target without the Crown it does nothing.
- "The chanter on the discarded incantation becomes depleted from the shock of the incantation's destruction." ->
  the shock follows every destruction of an incantation: one ended by Hush (``nullify``) depletes its chanter as
  the in-play limit's does; one that ends because its chanter left or was depleted has no chanter to shock.
- "That brings the active zimby total on Yellow's tribal board to 7." -> Nix costs 1 mojo: in "Round X + 2" Yellow
  pays 4 mojo for the path, 1 to move on, Blow Guns (1), Nix and Energy (2) before Energy makes 1 + 3 zimbies
  active, and the book's 7 active (then "3 active zimbies remaining" after 4 more mojo) come out of a full tribal
  board of 8 and 4 mojo tokens only if Nix costs 1.
- "double effect for its next witchery channeled." -> the effect's value (fixed part and dice) is doubled; for
  ``conjure`` the spread is doubled; ``nullify`` and ``bounce`` with no item have nothing to double.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from server.engine import Rng

# -- vocabulary ------------------------------------------------------------------------------------------------------

ScrollType = Literal["ritual", "incantation", "witchery"]
SCROLL_TYPES: tuple[ScrollType, ...] = ("ritual", "incantation", "witchery")

#: What a scroll may target. ``effect``: a scroll effect on the stack; ``incantation``: one in play.
TargetKind = Literal["shaman", "effect", "incantation", "column", "thug", "king", "zombie", "tile"]
TARGET_KINDS: tuple[TargetKind, ...] = ("shaman", "effect", "incantation", "column", "thug", "king", "zombie", "tile")
CREATURES: tuple[TargetKind, ...] = ("column", "thug", "king", "zombie")

EffectKind = Literal[
    "brutality",
    "wound",
    "armor",
    "kill",
    "deplete",
    "reactivate",
    "conjure",
    "free_move",
    "bounce",
    "nullify",
    "mojo",
    "draw",
    "discard",
    "spawn",
    "movement",
    "hand_limit",
    "cost",
]
EFFECT_KINDS: tuple[EffectKind, ...] = (
    "brutality",
    "wound",
    "armor",
    "kill",
    "deplete",
    "reactivate",
    "conjure",
    "free_move",
    "bounce",
    "nullify",
    "mojo",
    "draw",
    "discard",
    "spawn",
    "movement",
    "hand_limit",
    "cost",
)
#: Kinds whose value has a sign: the table shows ``+1`` or ``-2``.
SIGNED: frozenset[EffectKind] = frozenset({"brutality", "mojo", "movement", "hand_limit", "cost"})
#: Kinds that only an incantation's lasting effect has.
LASTING: frozenset[EffectKind] = frozenset({"movement", "hand_limit", "cost"})

#: How long an effect holds: ``now`` (on resolving), the target's next ``combat`` roll, the next ``wounds``
#: delivered to it, or while the incantation is chanted (``chant``).
Until = Literal["now", "combat", "wounds", "chant"]
#: When a scroll may be used: whenever scrolls may be, or only on the caster's own turn.
Timing = Literal["any_time", "own_turn"]
ConjuredObstacle = Literal["deadly_vines", "entangling_vines", "darkness"]

LIBRARY_SIZE = 104
SOLITAIRE_LIBRARY = 17
WITCHERY_RANGE = 3


class Dice(BaseModel):
    """``count`` dice of ``sides`` sides added together ("4d3 means to roll 1d3 four times")."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    count: int = Field(ge=1)
    sides: Literal[2, 3, 4, 6]

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}"

    def roll(self, rng: Rng) -> int:
        return sum(rng.roll(self.sides) for _ in range(self.count))


class Effect(BaseModel):
    """What a scroll does when it resolves, in terms the stack and the game apply: one of :data:`EFFECT_KINDS`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: EffectKind
    amount: int = Field(0, description="the fixed part of the value (signed for brutality, mojo and lasting kinds)")
    dice: Dice | None = Field(None, description="rolled and added to the amount when the effect resolves")
    until: Until = "now"
    obstacle: ConjuredObstacle | None = Field(None, description="conjure: the obstacle that appears")
    spread: Dice | None = Field(None, description="conjure: how many more random adjacent tiles it covers")

    @model_validator(mode="after")
    def _fields_fit_the_kind(self) -> Effect:
        if (self.kind == "conjure") != (self.obstacle is not None):
            raise ValueError("an obstacle is named by conjure effects, and only by them")
        if self.spread is not None and self.kind != "conjure":
            raise ValueError("only a conjured obstacle spreads")
        lasting = {"brutality": "combat", "armor": "wounds"}
        if self.until not in ("now", "chant", lasting.get(self.kind)):
            raise ValueError(f"{self.kind} does not last until {self.until}")
        if self.kind in LASTING and self.until != "chant":
            raise ValueError(f"{self.kind} is an incantation's lasting effect")
        if self.kind in ("conjure", "nullify") and (self.amount or self.dice):
            raise ValueError(f"{self.kind} has no value")
        return self

    def roll(self, rng: Rng) -> int:
        """The value: the amount plus the dice."""
        return self.amount + (self.dice.roll(rng) if self.dice is not None else 0)

    def spreads(self, rng: Rng) -> int:
        """Conjure: the number of extra adjacent tiles covered."""
        return self.spread.roll(rng) if self.spread is not None else 0

    def describe(self) -> str:
        """The effect in the table's short notation, e.g. ``brutality +1 until combat``."""
        if self.kind == "conjure":
            return f"conjure {self.obstacle}" + (f" +{self.spread} tiles" if self.spread else "")
        if self.kind == "nullify" or (not self.amount and self.dice is None):
            return self.kind + (f" until {self.until}" if self.until != "now" else "")
        dice = str(self.dice) if self.dice is not None else ""
        if self.amount and dice:
            value = f"{self.amount:+d}+{dice}" if self.kind in SIGNED else f"{self.amount}+{dice}"
        elif dice:
            value = f"+{dice}" if self.kind in SIGNED else dice
        else:
            value = f"{self.amount:+d}" if self.kind in SIGNED else str(self.amount)
        return f"{self.kind} {value}" + (f" until {self.until}" if self.until != "now" else "")


class Scroll(BaseModel):
    """One scroll card: what a player reads and what the rules apply."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str = Field(description="the card's id in hands, the library and the discards")
    name: str
    type: ScrollType
    cost: int = Field(ge=1, description="the mojo cost")
    targets: tuple[TargetKind, ...] = Field(min_length=1)
    range: int | None = Field(None, description="witcheries: the most tiles from the channelling zimby")
    line_of_sight: bool = Field(False, description="witcheries: the target must be in straight line of sight")
    timing: Timing = "any_time"
    effect: Effect
    red_dot: bool = Field(False, description="multi-player only: removed from the solitaire library")
    copies: int = Field(ge=1)
    text: str = Field(description="the card's text, for players")
    rulebook: str | None = Field(None, description="the rulebook's words this card rests on, quoted verbatim")

    @model_validator(mode="after")
    def _fits_its_type(self) -> Scroll:
        allowed: dict[ScrollType, set[TargetKind]] = {
            "ritual": {"shaman", "effect", "incantation"},
            "incantation": {"shaman"},
            "witchery": {"column", "thug", "king", "zombie", "tile"},
        }
        if not set(self.targets) <= allowed[self.type]:
            raise ValueError(f"{self.name}: a {self.type} targets only {sorted(allowed[self.type])}")
        if (self.type == "witchery") != (self.range is not None):
            raise ValueError(f"{self.name}: witcheries, and only they, have a range")
        if (self.effect.until == "chant") != (self.type == "incantation"):
            raise ValueError(f"{self.name}: incantations, and only they, last while chanted")
        return self


# -- the cards -------------------------------------------------------------------------------------------------------


def _witchery(
    name: str,
    cost: int,
    targets: Sequence[TargetKind],
    effect: Effect,
    copies: int,
    text: str,
    *,
    timing: Timing = "any_time",
    rulebook: str | None = None,
) -> Scroll:
    return Scroll(
        key=_key(name),
        name=name,
        type="witchery",
        cost=cost,
        targets=tuple(targets),
        range=WITCHERY_RANGE,
        line_of_sight=True,
        timing=timing,
        effect=effect,
        copies=copies,
        text=text,
        rulebook=rulebook,
    )


def _rite(
    type_: Literal["ritual", "incantation"],
    name: str,
    cost: int,
    targets: Sequence[TargetKind],
    effect: Effect,
    copies: int,
    text: str,
    *,
    red_dot: bool = False,
    rulebook: str | None = None,
) -> Scroll:
    return Scroll(
        key=_key(name),
        name=name,
        type=type_,
        cost=cost,
        targets=tuple(targets),
        effect=effect,
        red_dot=red_dot,
        copies=copies,
        text=text,
        rulebook=rulebook,
    )


def _key(name: str) -> str:
    """``Lil' Bits o' Armor`` -> ``lil_bits_o_armor``."""
    return "_".join("".join(ch for ch in word if ch.isalnum()) for word in name.lower().split())


def _dice(count: int, sides: Literal[2, 3, 4, 6]) -> Dice:
    return Dice(count=count, sides=sides)


ANY_CREATURE: tuple[TargetKind, ...] = CREATURES
FIGHTERS: tuple[TargetKind, ...] = ("column", "zombie")

_CARDS: tuple[Scroll, ...] = (
    # -- witcheries: the rulebook's own -----------------------------------------------------------------------------
    _witchery(
        "Spikey Bone Claws",
        1,
        FIGHTERS,
        Effect(kind="brutality", amount=1, until="combat"),
        4,
        "+1 brutality to the target's combat roll on the stack, or to its next one.",
        rulebook="This costs 1 mojo to cast ... The witchery resolves first, giving +1 brutality",
    ),
    _witchery(
        "Nasty Sharp Knives",
        2,
        FIGHTERS,
        Effect(kind="brutality", amount=2, until="combat"),
        4,
        "+2 brutality to the target's combat roll on the stack, or to its next one.",
        rulebook='Witcheries that affect brutality (e.g., "Nasty Sharp Knives") modify combat rolls',
    ),
    _witchery(
        "Blow Guns",
        1,
        ANY_CREATURE,
        Effect(kind="wound", amount=1),
        4,
        "The target suffers 1 wound, a source of its own.",
        rulebook="This resolves and pushes 1 wound onto the stack",
    ),
    _witchery(
        "Lil' Bits o' Armor",
        1,
        FIGHTERS,
        Effect(kind="armor", amount=1, until="wounds"),
        4,
        "Prevents 1 wound of the next source of wounds delivered to the target (until the next refresh).",
        rulebook="the \"Lil' Bits o' Armor\" effect will resolve first and prevent the wound from being delivered",
    ),
    _witchery(
        "Bungle",
        3,
        ("column", "thug"),
        Effect(kind="bounce", dice=_dice(2, 2)),
        3,
        "The target drops the items it carries; each bounces 2d2 times, onto a random adjacent tile each time.",
        rulebook='drops the Crown and watches it bounce away ... Blue rolls 2d2 for the "Bungle" effect',
    ),
    _witchery(
        "Entangling Vines",
        2,
        ("tile",),
        Effect(kind="conjure", obstacle="entangling_vines", spread=_dice(1, 2)),
        3,
        "Entangling vines cover the target tile plus 1d2 random adjacent tiles.",
        rulebook='Blue pays 2 mojo and has the zimby at D cast "Entangling Vines." ... Blue rolls 1d2 and gets a 2, '
        "so the vines will cover the target tile E plus 2 random, adjacent tiles.",
    ),
    _witchery(
        "Deadly Vines",
        2,
        ("tile",),
        Effect(kind="conjure", obstacle="deadly_vines"),
        3,
        "Deadly vines cover the target tile: 1 wound to a creature caught in them, entering them or in them at "
        "wrap-up.",
        rulebook="A creature that is caught in deadly vines as they appear or enters a tile covered in deadly vines "
        "suffers 1 wound.",
    ),
    _witchery(
        "Patch o' Darkness",
        2,
        ("tile",),
        Effect(kind="conjure", obstacle="darkness"),
        3,
        "A patch o' darkness covers the target tile: a creature in it may only exit it at random.",
        rulebook="A creature that is caught in a patch o' darkness as it appears or is occupying a tile covered by a "
        "patch o' darkness is completely disoriented and may only randomly exit the tile.",
    ),
    _witchery(
        "Big Bits o' Map",
        2,
        FIGHTERS,
        Effect(kind="free_move", amount=2, dice=_dice(2, 3)),
        3,
        "The target moves up to 2+2d3 tiles for free. Only on your turn.",
        timing="own_turn",
        rulebook='Yellow uses 2 mojo and has ... target itself with "Big Bits o\' Map." ... This gives the Crown '
        "carrier 2 + 2d3 tiles of free movement!",
    ),
    _witchery(
        "Death Curse",
        3,
        ("column", "thug"),
        Effect(kind="kill", amount=1),
        3,
        "A death curse: 1 zimby of the target column dies, or the target thug dies. No wounds: armor does not help.",
        rulebook="Zombies are unaffected by death curses",
    ),
    _witchery(
        "Dire Death Curse",
        5,
        ("column", "thug"),
        Effect(kind="kill", dice=_dice(1, 3)),
        1,
        "A death curse: 1d3 zimbies of the target column die, or the target thug dies. No wounds.",
        rulebook="Zombies are unaffected by death curses",
    ),
    # -- witcheries: designed --------------------------------------------------------------------------------------
    _witchery(
        "Lil' Bits o' Map",
        1,
        FIGHTERS,
        Effect(kind="free_move", amount=1, dice=_dice(1, 3)),
        3,
        "The target moves up to 1+1d3 tiles for free. Only on your turn.",
        timing="own_turn",
    ),
    _witchery(
        "Big Bits o' Armor",
        2,
        FIGHTERS,
        Effect(kind="armor", amount=1, dice=_dice(1, 3), until="wounds"),
        2,
        "Prevents 1+1d3 wounds of the next source of wounds delivered to the target (until the next refresh).",
    ),
    _witchery(
        "Poison Darts",
        3,
        ANY_CREATURE,
        Effect(kind="wound", dice=_dice(1, 3)),
        2,
        "The target suffers 1d3 wounds, a source of their own.",
    ),
    _witchery(
        "Wobbly Knees",
        2,
        ANY_CREATURE,
        Effect(kind="brutality", amount=-2, until="combat"),
        2,
        "-2 brutality to the target's combat roll on the stack, or to its next one.",
    ),
    _witchery(
        "Dizzy Dust",
        3,
        ("column", "thug", "zombie"),
        Effect(kind="deplete"),
        2,
        "The target creature is depleted until the next refresh.",
    ),
    # -- rituals ---------------------------------------------------------------------------------------------------
    _rite(
        "ritual",
        "Energy",
        2,
        ("shaman",),
        Effect(kind="reactivate", amount=1, dice=_dice(1, 3)),
        5,
        "1+1d3 depleted zimbies on the target shaman's tribal board become active.",
        rulebook='Yellow uses 2 mojo to target themselves with the ritual "Energy." ... The ritual makes active 1 + '
        "1d3 depleted zimbies",
    ),
    _rite(
        "ritual",
        "Nix",
        1,
        ("effect",),
        Effect(kind="nullify"),
        6,
        "Nullify the target scroll effect on the stack: it leaves the stack without resolving.",
        red_dot=True,
        rulebook='which targets and nullifies Blue\'s "Nix" and removes both scroll effects from the stack',
    ),
    _rite(
        "ritual",
        "Hush",
        2,
        ("incantation",),
        Effect(kind="nullify"),
        3,
        "The target incantation in play ends and is discarded; its chanting zimby is depleted by the shock.",
        red_dot=True,
    ),
    _rite(
        "ritual",
        "Mojo Surge",
        1,
        ("shaman",),
        Effect(kind="mojo", amount=1, dice=_dice(1, 3)),
        4,
        "The target shaman gains 1+1d3 mojo (lost at wrap-up if not spent).",
    ),
    _rite(
        "ritual",
        "Pilfered Parchments",
        2,
        ("shaman",),
        Effect(kind="draw", amount=2),
        3,
        "The target shaman draws 2 scrolls from the scroll library.",
    ),
    _rite(
        "ritual",
        "Spawning Rite",
        3,
        ("shaman",),
        Effect(kind="spawn", dice=_dice(1, 3)),
        3,
        "1d3 zimbies of the target shaman come from the Far Shore to their tribal board, depleted.",
        rulebook="a shaman may acquire more zimbies by other means, such as scroll effects.",
    ),
    _rite(
        "ritual",
        "Muddled Memories",
        2,
        ("shaman",),
        Effect(kind="discard", dice=_dice(1, 2)),
        3,
        "The target shaman discards 1d2 random scrolls from their hand.",
        red_dot=True,
    ),
    _rite(
        "ritual",
        "Mojo Sap",
        2,
        ("shaman",),
        Effect(kind="mojo", amount=-2),
        2,
        "2 of the target shaman's active mojo tokens become depleted.",
        red_dot=True,
    ),
    _rite(
        "ritual",
        "Weariness",
        2,
        ("shaman",),
        Effect(kind="deplete", dice=_dice(1, 2)),
        2,
        "1d2 active zimbies on the target shaman's tribal board become depleted.",
        red_dot=True,
    ),
    # -- incantations ----------------------------------------------------------------------------------------------
    _rite(
        "incantation",
        "War Chant",
        2,
        ("shaman",),
        Effect(kind="brutality", amount=1, until="chant"),
        4,
        "While chanted: +1 brutality to every combat roll of the target shaman's creatures.",
    ),
    _rite(
        "incantation",
        "Chant o' Trembling",
        2,
        ("shaman",),
        Effect(kind="brutality", amount=-1, until="chant"),
        3,
        "While chanted: -1 brutality to every combat roll of the target shaman's creatures.",
        red_dot=True,
    ),
    _rite(
        "incantation",
        "Marching Drums",
        2,
        ("shaman",),
        Effect(kind="movement", amount=1, until="chant"),
        4,
        "While chanted: each mojo spent moving the target shaman's creatures moves them 1 tile more.",
    ),
    _rite(
        "incantation",
        "Dirge o' Sludge",
        2,
        ("shaman",),
        Effect(kind="movement", amount=-1, until="chant"),
        3,
        "While chanted: each mojo spent moving the target shaman's creatures moves them 1 tile less (at least 1).",
        red_dot=True,
    ),
    _rite(
        "incantation",
        "Hoarder's Hum",
        1,
        ("shaman",),
        Effect(kind="hand_limit", amount=2, until="chant"),
        3,
        "While chanted: the target shaman may keep 2 more scrolls at wrap-up.",
    ),
    _rite(
        "incantation",
        "Befuddling Babble",
        2,
        ("shaman",),
        Effect(kind="hand_limit", amount=-2, until="chant"),
        3,
        "While chanted: the target shaman must discard down to 2 fewer scrolls at wrap-up.",
        red_dot=True,
    ),
    _rite(
        "incantation",
        "Whispers o' the Far Shore",
        3,
        ("shaman",),
        Effect(kind="draw", amount=1, until="chant"),
        3,
        "While chanted: the target shaman draws 1 more scroll at each refresh.",
    ),
    _rite(
        "incantation",
        "Chant o' Thrift",
        3,
        ("shaman",),
        Effect(kind="cost", amount=-1, until="chant"),
        2,
        "While chanted: the target shaman's scrolls cost 1 mojo less (at least 1).",
    ),
    _rite(
        "incantation",
        "Chant o' Greed",
        2,
        ("shaman",),
        Effect(kind="cost", amount=1, until="chant"),
        2,
        "While chanted: the target shaman's scrolls cost 1 mojo more.",
        red_dot=True,
    ),
)


#: Every card, by key.
SCROLLS: dict[str, Scroll] = {card.key: card for card in _CARDS}
#: The 104 cards of the library, unshuffled: each card's key once per copy, in the table's order.
LIBRARY: tuple[str, ...] = tuple(card.key for card in _CARDS for _ in range(card.copies))
#: The cards a solitaire library is dealt from: those without a red dot.
SOLITAIRE_CARDS: tuple[str, ...] = tuple(key for key in LIBRARY if not SCROLLS[key].red_dot)


def library(rng: Rng) -> list[str]:
    """The scroll library shuffled for a multi-player match, top first."""
    return rng.shuffled(LIBRARY)


def solitaire_library(rng: Rng) -> list[str]:
    """ "Remove from the game all scroll cards that have a red dot", shuffle, and deal 17: top first."""
    return rng.shuffled(list(SOLITAIRE_CARDS))[:SOLITAIRE_LIBRARY]


def catalogue() -> list[Scroll]:
    """The card list as clients show it: every card once, in the table's order (for the game's description)."""
    return list(_CARDS)


def table() -> str:
    """The card list as a text table, the one the module docstring shows."""
    heads = ("name", "type", "cost", "n", "dot", "targets", "effect")
    rows = [
        (
            card.name,
            card.type,
            str(card.cost),
            str(card.copies),
            "*" if card.red_dot else "",
            " ".join(card.targets),
            card.effect.describe() + ("  (own turn)" if card.timing == "own_turn" else ""),
        )
        for card in _CARDS
    ]
    widths = [max(len(row[i]) for row in (heads, *rows)) for i in range(len(heads))]
    right = {2, 3}

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        )

    return "\n".join(line(cells).rstrip() for cells in (heads, *rows))
