"""Zimby Mojo, the co-opportunistic game of cannibalistic mayhem (Devious Weasel Games), for 1-8 players.

Each shaman sends zimbies from a tribal board into the Cannibal King's
compound: two tribes open a ward by channelling mojo into a shrine's seal
together, someone kills the King, and the shaman whose zimbies deliver his
Crown to their own tribal board wins. With one seat the solitaire rules
apply: a 17-card scroll library is the clock, and thugs crowning a new King
loses the game.

The main board below is :meth:`.board.Board.render` of :data:`.board.BOARD` (a test keeps the two equal;
:mod:`.board` tells why each part sits where it does). Tiles are named by column letter and row, ``a1`` top left
to ``q17`` bottom right; the blood mist is ``i9``. Each tile is two characters, walls are blank. The first
character is the tile: ``M`` the blood mist (the King starts there), ``:`` the sanctum's floor, ``R`` a ritual
tile, ``m`` the corner where its ritual marker lies, ``W`` a warded entry into the sanctum, ``S`` a shrine (its
seal face down), ``T`` a thug's start, ``P`` a portal, ``B`` a barracks (walled: thugs are put there and return
by a portal), ``E`` an entry point (the digit outside the frame is its number: a tribal board attaches on the
edge beside it), ``%`` a blood thicket space, ``~`` a blood vine space, ``.`` plain floor. The second character
is the thugs' foot mark, the way they walk on from the tile (``^ > v <``); ``+`` is where a quadrant's outer
route leaves the route around the sanctum. The quadrants are 0 NE, 1 SE, 2 SW, 3 NW. Tribal board ``s`` of
``n`` seats attaches at entry point ``s * 8 // n`` and counts as one tile beside it::

           7               0
      +----------------------------------+
      |.v.<E<.<.<.<.<.<B .vE<.<.<.<.<.<.<|
      |.v  .         .^  .v.       ~   .^|
      |.v~ . . . P . .^  .v. % . . . . E^|1
      |.v  .         .^  .v    .   .   .^|
      |.v  . . S>T>.>.+.>.>.>.>Sv  .   .^|
      |.v  %   .^      W       Tv  P   .^|
    6 |Ev. .   .^  m : : : m   .v  .   .^|
      |.>.>.>.>.^  : R : R :   .+.>.>.>.^|
      |B       .^W : : M : : W .v      B |
      |.v.<.<.<.+  : R : R :   .v.<.<.<.<|
      |.v  .   .^  m : : : m   .v  . . E^|2
      |.v  P   T^      W       .v  %   .^|
      |.v  .   S^.<.<.<.<.+.<T<S<. .   .^|
      |.v  .   .     .^  .v        .   .^|
    5 |Ev. . . . % . .^  .v. P . . . ~ .^|
      |.v  ~       . .^  .v        .   .^|
      |.>.>.>.>.>.>E>.^B .>.>.>.>.>E>.>.^|
      +----------------------------------+
                   4               3

A round has six parts, run in this order (the first round starts at 3; ``Public.phase`` names the part)::

    1 refresh        tokens, zimbies and creatures active again; obstacles age; one scroll each
    2 king           from round 2: into the mist, or onto a ritual tile to cast its ritual (king.py)
    3 players        each seat's turn, clockwise from the first mover; each ends with ``end_turn``
    4 thugs          patrols, re-entry from the barracks, required attacks (npcs.py)
    5 zombies        uncontrolled, each shambles 1d6 toward the nearest living creature (npcs.py)
    6 wrap_up        wounds from the mist and vines; hands down to the limit; the next first mover

Parts 1, 2, 4, 5 and 6 are the engine's chance steps (:meth:`ZimbyMojo.chance`): they run, one logged step
each, from the match's seeded generator once the last player ends their turn, and ``happened`` lists what
they did; a part that stops to ask a seat goes on after the answer (the answered attack in the answer's own
event, what is left of the thugs' or zombies' part in a further step of the same name). Their choices are
asked in response windows: before the zombies shamble, each zombie's owner may
``hold`` it for 1 mojo or ``pass``; before the King, a thug or a zombie attacks a single-tribe column of two or
more, its shaman may ``devour``; the Ritual of Winnowing asks each shaman which drawn card to ``keep`` (in
solitaire, to ``winnow`` the hand or the library); at wrap-up a shaman over the hand limit chooses what to
``discard``. The events of the King's and the thugs' parts name the seat whose roll they were (``rolled_by``,
the first mover). Part 3 takes the moves. A player's turn is a series of small moves:
draw mojo (``extract``, ``extract_chanter`` to end one's own incantation, or ``eat`` a zimby at home for 2 mojo or
a scroll), ``spawn``, ``send`` zimbies from
the tribal board (one tile away from its entry point) or ``warp`` them onto a random portal, ``go`` with a
creature they control (a whole column, or some of their own zimbies out of it) and then declare its path tile
by tile (``step``, each tile paid from the movement table as it comes; ``influence`` a portal's destination;
``pick_up`` the Crown found on the way; ``halt``), ``attack`` (its cannibal eating first), ``zombify``,
``unseal`` a shrine with a partner, ``drop`` the Crown, ``invoke`` a ritual with the Crown, use a ``scroll``
from the hand (a card at one target, a witchery through a channelling zimby), and ``end_turn``.
Asking to join another tribe's column and asking a partner to channel into a seal are requests the other
seats ``answer``; until they do, the asker's turn waits (the engine's move of several decisions,
:mod:`server.engine.decisions`). An attack on a single-tribe column of two or more first asks its shaman, in
a response window (:mod:`server.engine.windows`), whether a zimby of it ``devour`` one or two tribesmen.

Scrolls, combat rolls and wounds go on the public stack (:mod:`.stack`; its entries are modelled in
:mod:`.state`): each push opens a window among the seats able to answer, who ``scroll`` in response or ``pass``;
once no window is open the stack resolves, top first, each scroll's effect applied by :mod:`.effects` and its
card discarded (an incantation stays in play, ``Public.incantations``). An attack is declared, its defender may
eat, its combat roll is pushed, resolves into wounds that are pushed in turn, and only once they are delivered
does the rest of the attack happen (a tile claimed, combat lock, a thug's or the King's turn going on). Each
tile of a path opens a window for the seats with an active zimby that sees it: a witchery there is a "Stop!".

Hidden: which seal lies on which shrine (revealed when activated), which
ritual lies by which ritual tile (revealed when first cast; the other four
are set aside unseen), the scroll library's order, each seat's hand of
scrolls (private), and the two cards a seat drew in the Ritual of Winnowing
until it keeps one (private). Everything else is public: the stack, the
incantations in play, the discards, hand sizes and the library's size.

Chance: the first mover of round 1 (unless ``first_player`` names one), the
seals, wards and rituals laid out at setup, the portal a warp lands on and
the destination of a relocation, every die and Bag o' Fate draw of combat,
the King's turn, the thugs' patrols and the zombies' shambling, the Crown's
immunity rolls (obstacles, and witcheries as they resolve), every scroll
effect's dice and spread (:mod:`.effects`), the reshuffled discards, the
expulsions of excess tribes and the tie-breaks of the first-mover rule, all
from the match's seeded generator.

Interpretations (rulebook: ``zimby-mojo.md``):

- "Each player may choose their own entry point tile." -> seats take entry
  points spread evenly round the board in seat order (seat ``s`` of ``n``
  takes entry ``s * 8 // n``), so no seat is placed better by the server.
- "We suggest X = 4 and Y = 3 for new players or players seeking a ... and X = 8 and Y = 6 for experienced
  players or players seeking a ..." -> the option ``pace`` is ``fast`` (8 zimbies, 6 scrolls, the
  default) or ``slow`` (4 and 3); solitaire always starts with 8 zimbies and 6 scrolls.
- "From a usage perspective, it doesn't matter where shamans get their
  mojo" -> a cost is paid from the mojo already extracted, then from active
  mojo tokens, then from active zimbies on the tribal board; a seat that
  wants zimbies spent first extracts them first. Extracted mojo not spent
  by wrap-up is lost ("Shamans may not use mojo ... during wrap-up").
- "A creature may continue to move as long as its controller is willing and
  able to expend mojo." -> a path is declared tile by tile: the first step
  after the paid tiles are used up pays the next expenditure of the
  movement table for the creature's size (plus the Crown's burden).
- "The creature relocates to a portal tile" -> a relocation ends the path;
  the controller may ``go`` again with the creature.
- "each tribe in a column may contain up to but no more than 3 zimbies of that tribe" -> a step (or a send from
  the tribal board) that would put a fourth zimby of one tribe in a column is refused: it is not among the legal
  moves, and a column may not join another one to have its excess expelled home (depleted, a cheap way home). The
  book's expulsion ("expel the excess zimbies or random tribes until the column limits are met") still settles a
  fourth tribe joining with every shaman's leave, and any excess that arises otherwise.
- "A zimby column seeking to join an existing zimby column must ask for and
  receive ..." -> stepping onto a column the seat does not
  control asks every seat with zimbies in it (or its controller), in turn
  order; on a refusal the mover stays where it was and may step elsewhere;
  joining ends the path.
- "Combat locked creatures ... attack their opponent each turn they are
  able." -> a seat may not end its turn while an active creature it controls
  is combat locked, has an opponent in its combat zone and has not attacked;
  a combat locked creature may not start a path.
- "A creature enters combat whenever it attacks ... Whenever a zimby column leaves combat, its "one attack per
  turn" flag resets and it may make another attack." -> a zimby column that attacked and finds no
  opponent left in its combat zone (it killed its foe outright, so it was never combat locked) leaves combat and
  may attack again that turn (:func:`settle_combat`, after every move).
- "Zombies are ... to attack ... creatures in their combat zones ... If a zombie encounters a living creature in
  its combat zone, the zombie" -> the two lines are read together: a controlled zombie whose path brings it
  beside a living creature (a step, or a portal's relocation) stops there and owes an attack (``must_attack``):
  its shaman may not move it on or end the turn before it attacks one of the living in its combat zone (the
  shaman's choice among several). A zombie that merely starts its turn beside the living is not required to
  attack.
- "If there are ever more than 8 zimby tokens on a shaman's tribal board, immediately move all excess" ->
  spawning is not offered at 8 (the
  spawned zimby would go straight back to the Far Shore).
- "the player ending the round with the most active, non-chanting zimbies on their tribal board becomes the first
  mover for the next round (randomly break ties)" -> ties are drawn from the seeded generator.
- "makes all die rolls for the thugs and King" -> the dice come from the match's seeded generator, and the event of
  each chance step of the King's turn and of the thugs' part names the first mover whose roll it was at the table
  (``rolled_by``, the first mover of the round, which is public), so a client can show it.
- "It requires ... to each channel ... directly into an elemental seal ... to activate it." -> the seat whose
  turn it is asks a partner with zimbies in the same active column on the
  shrine; if the partner agrees, both pay 1 mojo at once. So the partner may agree only while both can
  pay: the asker could when asking, but its mojo may be gone by the answer.
- NOTES.md: "Where neither a rulebook nor these notes decide a question, choose the reading that keeps the game
  fair and playable" -> the rulebook sets no end but the Crown delivered (and the solitaire losses); a match ends
  undecided after ``round_limit`` rounds (60 by default) and every seat shares the draw.
- "Extract and spend mojo (e.g., activate a seal, use a scroll) ... Cannibalize zimbies on their tribal board
  (up to 2 per" -> outside its turn a seat acts when the engine asks it: in a response window (where it may
  eat zimbies at home, besides the window's own answers) or when a request names it (a seal's partner pays
  its 1 mojo as it agrees). Mojo is extracted as it is spent.
- "A zombie's owner may pay 1 mojo to keep their zombie from shambling" -> before the zombies shamble, a
  response window asks each owner of a zombie not combat locked, from the first mover on, to hold zombies
  (1 mojo each) or pass.
- "Cannibalism to increase brutality must immediately precede the eater's casting their 1d6 for their" -> the
  attacker's cannibal eats as part of the ``attack`` move; when the defender is a single-tribe column of 2 or
  more, its shaman is asked in a response window to have a zimby eat 1 or 2 (+4 each to its defence roll) or
  pass, and then the rolls are made. This holds for a shaman's attack and for the attacks of the King, the
  thugs and the shambling zombies, which wait for the answer (the thugs attack one column at a time; the King
  casts the ritual of the tile he claims once the rolls are settled).
- "Only zimbies in single-tribe columns may cannibalize their tribesmen." -> an attacking or defending column eats
  only if it holds one tribe (``attack`` offers ``eat`` 1 or 2 only then, and the defender's window opens only
  then). The worked example "Round X (some combat)" has Blue's zimby "cannibalize two others in the column" of a
  column that also held Yellow's zimbies (its brutality 3 on Blue's turn counts another tribe); we read that as a
  misprint of the example, not a rule: the rule's line is explicit, and the example's sums hold for a column of
  Blue's alone.
- "A player's turn ends when the player declares it over or runs out of mojo." -> the turn does not end by itself
  when the shaman's mojo is gone: much costs no mojo (an attack, a combat-locked column's owed attack, dropping the
  Crown, the tiles a path already paid for, a scroll answered in a window), and a shaman with zimbies at home can
  always eat one for 2 mojo, so running out is never a checkable end. The turn ends with ``end_turn``, which is
  always offered once no attack is owed.
- "No zimby may move onto any tribal board other than its own." -> a column may step onto a tribal board only if
  every zimby in it belongs to that board's tribe and the seat moving it is that tribe's (a mixed column first
  splits its own zimbies out with ``go`` and ``own``); a zombie never enters a tribal board. A column that steps
  home leaves the main board and its zimbies stay active there.
- "If there is an item on a tile (e.g., the King's Crown), a creature entering the tile may stop and pick the item
  up." -> entering is stepping onto the tile, a column warped from its tribal board onto the portal where the
  Crown lies, or a zimby column claiming the tile of a foe it killed (which takes the Crown at once, as the
  killers of the King do). A column that relocates through a portal does not enter the portal it came to: the
  Crown lying on the destination swaps to the origin ("Any creature, obstacle, or item on the destination tile
  relocates to the origin tile"); a column that shuts its portal (3 mojo) stands on it and may pick it up.
- "A creature that is caught in entangling vines as they appear or enters a tile with entangling vines" -> (part
  2's scrolls conjure them) a zimby column on such a tile may not step off it; a zombie may ("Zombies ...
  ignore both patches o' darkness and entangling vines"); the Crown carrier rolls its immunity at each step out,
  as it does to pass blood thickets.
- "When a creature moves onto a portal tile, the portal immediately activates" -> an attacker claiming a portal
  tile moves onto it: a zimby column's controller then influences the destination as after a step, a
  controlled zombie goes to a random portal. A column warped from its tribal board lands "directly onto a
  randomly selected portal tile" and is not relocated.
- "by moving the Crown carrier onto a ritual tile and channeling ... into the tile" -> the book sets no limit;
  so that one turn cannot cast ritual after ritual, a Crown carrier on a ritual tile may activate its ritual
  once a turn (once on each of its controllers' turns), and not while depleted.
- "When a ritual affects a quadrant or portal, the controller may" -> the ``invoke`` move names a quadrant or
  portal (0-3, in the board's quadrant order) up front; it is used if the ritual revealed needs one.
- "The shuffled collection of all 104 scroll cards comprises the ..." -> the library is
  :mod:`.scrolls`' 104 cards, shuffled at setup; in solitaire, the 17 cards :func:`.scrolls.solitaire_library`
  deals from those without a red dot. Every card is always in one place: the library, a hand, the discards, the
  stack, or in play as an incantation.
- "Extract and spend mojo (e.g., activate a seal, use a scroll)" -> a seat uses a scroll on its own turn when
  nothing is under way (no path, no request), and whenever it is asked in a window on the stack or on a path tile;
  the windows that ask a defender whether to eat or an owner whether to hold zombies ask only that. Copies of a
  card are one choice: a move names a card, one target and, for a witchery, its channeller.
- "Combat rolls and wounds are also placed on the stack to give players an opportunity to modify them with scroll
  effects prior to their resolution." -> a window on the stack asks every seat that holds a card and has the mojo
  for the cheapest scroll (hand sizes and mojo are public), whatever the cards are, so that being asked tells
  nothing of a hand; with nobody able, no window opens and the attack settles in the same move.
- "Blue uses the blue zimby at (B) to channel" -> (on Yellow's turn) a witchery is channelled through any active
  column holding the caster's zimbies, on any turn, that is not under a -LOS obstacle, or through an active
  non-chanting zimby at home, which must still be active once the cost is paid (as a chanter must).
- "the casting shaman must also dedicate ... on their tribal board to sustain the incantation by" -> the chanter is
  counted (``TribalBoard.chanting``) as the incantation is cast, so it cannot pay for it; a nixed incantation
  frees it, and one whose chanter is depleted or leaves ends (:func:`.effects.settle_chants`, after every move).
- "the chanting zimby actually resides on the casting shaman's tribal board, counts against the tribal board zimby
  limit (p. 9), and may be used just like any other active zimby on the tribal board" -> a chanter may be
  extracted from, eaten, sent, warped or spent on a cost like any active zimby at home (:func:`available` counts
  it). The zimbies at home are interchangeable tokens, so those not chanting go first; one spent beyond them is a
  chanter, and "If the chanting zimby is removed or becomes depleted, the incantation immediately ends" (the
  incantation cast last loses its chanter first). To end one incantation of its choice, a shaman draws mojo from
  that incantation's chanter on its turn (``extract_chanter``, naming the incantation). A new incantation's
  chanter, and a witchery channelled from home, still need a zimby that is not chanting.
- "Incantations are chants that target a ... and have a lasting effect." -> a brutality incantation on a shaman
  adds to the combat rolls of the shaman's creatures: an attacking column's controller, a defending column's
  largest tribe (as its defending brutality counts it), a zombie's owner; a movement incantation changes the
  tiles of each expenditure on the shaman's turn (never below 1), a cost incantation each scroll's cost (never
  below 1), a draw incantation the scrolls drawn at refresh.
- "As a creature passes through a zimby's LOS, the zimby's controller may say "stop"" -> after each step a window
  asks the other seats able to use a scroll that have an active zimby (on the main board, or at home) with the
  new tile in line of sight; a witchery cast there stops the creature: the path waits while the stack resolves,
  and goes on afterwards if its creature is still there and active ("If the witchery fails, the creature may
  finish its movement"). A thug's walk and a zombie's shamble are asked about the same way after each step (every
  seat that could, from the first mover on) and go on with the steps they had left; the King's steps are not.
- "Effects that prevent wounds must be applied to a creature ... wounds are delivered." -> armor a scroll left
  on a creature is spent on the next single source of wounds delivered to it, however dealt (a combat, a
  witchery, an obstacle), and lapses at the next refresh.
- "the King will check the obstacle immunity afforded him by his Crown" -> the living King wears the Crown and has
  its powers in every match, so a witchery aimed at the King himself rolls the Crown's 50 % witchery immunity as it
  resolves ("50% immunity to witcheries"), as one at a Crown carrier does; one aimed at his tile does not, but in
  solitaire (next reading). :func:`shielded` says when.
- "applies to witcheries that target the tile he occupies as well as those that target the King himself" ->
  (solitaire) a witchery at the King's tile rolls the immunity too. That is the King's own ("he"): a Crown carrier
  after him, in solitaire as in a match of several shamans, rolls it only for a witchery at itself ("the Crown
  provides no defense against witcheries that target the tile occupied by the Crown carrier"): vines spread onto
  its tile meet its obstacle immunity instead, as in "Round X + 2".
- "cannibalism to affect a witchery must immediately precede channeling the witchery." -> a zimby's eating for
  "double range" or "double effect" is part of the ``scroll`` move (``eat_for_range``, ``eat_for_effect``, at most
  2 together, never the channeller's last zimby, only in a single-tribe column of the caster's): each eaten doubles
  the range (3, 6, 12 tiles) or the effect's value (``Cast.doublings``: x2, x4), "multiplicative". Doubling the
  effect is offered only for a card whose effect has a value or a spread to double.
- "no mojo may be used and no effects may be placed on the stack until the ritual resolves" -> the King's rituals,
  and those the Crown carrier invokes, are pushed as unanswerable entries and resolve at once.
- "A creature exiting a darkened tile must randomly determine onto which adjacent tile it emerges" -> a column in
  darkness that steps emerges on a random adjacent tile whatever step was declared (swapping with a creature
  there) and its path ends; a column on the main board stepping into an occupied darkened tile
  swaps with the occupant. Zombies ignore darkness; the thugs' and zombies' own walks do not read it.
- "must discard down to 6 scroll cards (player's choice)" -> after its wounds, wrap-up asks each shaman over the
  limit (6 plus the hand-limit incantations on the seat), from the first mover on, in a window where the only
  answers are the cards to discard, one at a time ("Shamans may not use mojo, use scrolls, or cannibalize during
  wrap-up"); a shaman that passes or runs out of time loses its newest cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations

from pydantic import JsonValue

from server.engine import Event, Game, Outcome, Rng, Table
from server.engine.decisions import Decisions
from server.engine.errors import IllegalMove
from server.engine.seats import check_named_seat, clockwise_from, named_or_drawn
from server.engine.windows import Pass, open_window, options, pass_window, top

from . import combat, effects, king, npcs, scrolls, sight, stack
from .board import BOARD
from .scrolls import SCROLLS, WITCHERY_RANGE
from .state import (
    COLUMN_TRIBE_LIMIT,
    COLUMN_TRIBES_LIMIT,
    ELEMENTS,
    KING_ID,
    MOJO_TOKENS,
    RITUALS,
    TRIBAL_BOARD_LIMIT,
    ZIMBIES_PER_TRIBE,
    Answer,
    AnyEntry,
    AnyMove,
    Attack,
    Cast,
    Column,
    CombatRoll,
    CreatureId,
    Devour,
    Discard,
    Drop,
    Eat,
    EndTurn,
    Extract,
    ExtractChanter,
    Go,
    Halt,
    Hold,
    Influence,
    Invoke,
    Keep,
    King,
    KingsRitual,
    Move,
    Moving,
    Obstacle,
    PendingAttack,
    PickUp,
    Private,
    Public,
    Request,
    RitualTile,
    Secret,
    Send,
    Shrine,
    Spawn,
    Step,
    Target,
    Thug,
    TileId,
    TribalBoard,
    Unseal,
    UseScroll,
    Ward,
    Warp,
    Winnow,
    Wounds,
    ZimbyMojoOptions,
    Zombie,
    Zombify,
    home_seat,
    home_tile,
)

ZTable = Table[Public, Private, Secret]

ENTRIES: tuple[TileId, ...] = tuple(e.tile for e in BOARD.entry_points)
RITUAL_TILES: tuple[TileId, ...] = tuple(r.tile for r in BOARD.rituals)

HAND_LIMIT = 6
SPAWN_COST = 3
SPAWN_LIMIT = 2
EAT_LIMIT = 2
EAT_MOJO = 2
ZOMBIES_IN_PLAY = 2
ZOMBIE_COST = 2  # active zimbies from the tribal board to the Far Shore
INVOKE_COST = 4
#: Rituals whose quadrant or portal the Crown carrier's controller chooses ("the controller may choose").
CHOSEN_RITUALS = ("discord", "portals", "terror")


def movement(size: int) -> tuple[int, int]:
    """(tiles, mojo) of one expenditure for a column of ``size`` zimbies (Crown burden included)."""
    if size <= 2:
        return 4, 1
    if size <= 4:
        return 2, 1
    if size <= 6:
        return 1, 1
    if size <= 8:
        return 1, 2
    return 1, 4


ZOMBIE_MOVEMENT = (2, 1)


# -- small queries --------------------------------------------------------------------------------------------------


def available(tribe: TribalBoard) -> int:
    """Mojo the shaman could spend now: extracted, on active tokens, in active zimbies at home (chanters too: one
    spent ends its incantation, :func:`.effects.settle_chants`)."""
    return tribe.mojo + tribe.tokens + tribe.active


def pay(tribe: TribalBoard, cost: int) -> None:
    """Spend ``cost`` mojo: the extracted mojo first, then active tokens, then active zimbies at home.

    Judged by :func:`available`, as the legal moves are, and before anything is taken. The zimbies at home are
    counted, not told apart: the non-chanting ones are spent first, and one spent beyond them is a chanter, whose
    incantation ends once the move is played (:func:`.effects.settle_chants`).
    """
    if cost > available(tribe):
        raise IllegalMove("not enough mojo")
    from_pool = min(tribe.mojo, cost)
    tribe.mojo -= from_pool
    cost -= from_pool
    from_tokens = min(tribe.tokens, cost)
    tribe.tokens -= from_tokens
    cost -= from_tokens
    tribe.active -= cost
    tribe.depleted += cost


def scroll_cost(public: Public, seat: int, card: str) -> int:
    """A scroll's mojo cost for ``seat``: the card's, changed by the incantations on the seat, never below 1."""
    return max(1, SCROLLS[card].cost + effects.chant(public, seat, "cost"))


def cheapest_scroll(public: Public, seat: int) -> int:
    """The least any scroll could cost ``seat`` (every card costs 1 or more): what a window asks about."""
    return max(1, 1 + effects.chant(public, seat, "cost"))


def has_room(column: Column, joining: Mapping[int, int]) -> bool:
    """ "each tribe in a column may contain up to but no more than 3 zimbies of that tribe": the zimbies ``joining``
    (per tribe) fit in ``column`` without a fourth of any tribe."""
    return all(column.zimbies.get(tribe, 0) + n <= COLUMN_TRIBE_LIMIT for tribe, n in joining.items())


#: The chance steps whose dice the first mover rolls at the table ("makes all die rolls for the thugs and King"):
#: their events name that seat (``rolled_by``), so that a client can show whose roll it was.
ROLLED_BY_FIRST_MOVER = frozenset({"king", "thugs"})


def shielded(public: Public, target: Target) -> bool:
    """Whether a witchery at ``target`` rolls the Crown's 50 % witchery immunity: at its carrier, or at the living
    King, who wears it, in any match; at the King's tile too in solitaire; never at a carrier's tile."""
    crown = public.crown
    if crown is not None and crown.carrier is not None and target == crown.carrier:
        return True
    if public.king.alive and target == KING_ID:
        return True
    return public.solitaire and public.king.alive and target == public.king.tile


def to_far_shore_excess(tribe: TribalBoard) -> None:
    """ "If there are ever more than 8 zimby tokens on a shaman's tribal board, immediately move all excess"."""
    excess = tribe.zimbies - TRIBAL_BOARD_LIMIT
    if excess > 0:
        from_depleted = min(tribe.depleted, excess)
        tribe.depleted -= from_depleted
        tribe.active -= excess - from_depleted
        tribe.far_shore += excess


def controls(public: Public, seat: int, creature: Column | Zombie) -> bool:
    """A seat controls a column with its zimbies in it, and its own zombies, on its turn."""
    if public.turn != seat:
        return False
    return seat in creature.zimbies if isinstance(creature, Column) else creature.owner == seat


def mover(public: Public, cid: CreatureId) -> Column | Zombie:
    for c in public.columns:
        if c.id == cid:
            return c
    return next(z for z in public.zombies if z.id == cid)


def effective_size(public: Public, column: Column) -> int:
    burden = public.crown.burden if public.crown is not None and public.crown.carrier == column.id else 0
    return column.size + burden


def obstacles_on(public: Public, tile: TileId) -> list[Obstacle]:
    return [o for o in public.obstacles if o.tile == tile]


def closed_ward(public: Public, tile: TileId) -> bool:
    return any(w.tile == tile and not w.open for w in public.wards)


def neighbours(public: Public, tile: TileId) -> list[TileId]:
    """Tiles a zimby or zombie on ``tile`` may step to, tribal boards included (each is one tile by its entry)."""
    seat = home_seat(tile)
    if seat is not None:
        return [public.tribes[seat].entry]
    out = list(BOARD.neighbours(tile))
    out += [home_tile(t.seat) for t in public.tribes if t.entry == tile]
    return out


def opponents(public: Public, creature: Column | Zombie) -> list[CreatureId]:
    """Creatures ``creature`` may attack: in its combat zone, not allied, neither of them under blood thickets or a
    patch o' darkness ("Creatures in the obstacle tile may not attack or be attacked": -CBT)."""
    hidden = {o.tile for o in public.obstacles if o.kind in ("thickets", "darkness")}
    if creature.tile in hidden:
        return []
    near = [t for t in BOARD.neighbours(creature.tile) if t not in hidden]
    out: list[CreatureId] = []
    tribes = creature.zimbies.keys() if isinstance(creature, Column) else None
    for tile in near:
        for c in public.columns:
            if c.tile == tile and (tribes is None or not c.zimbies.keys() & tribes):
                out.append(c.id)
        if tribes is not None:
            out += [z.id for z in public.zombies if z.tile == tile]
        thug = next((t for t in public.thugs if t.tile == tile and not t.in_barracks), None)
        if thug is not None:
            out.append(thug.id)
        if public.king.alive and public.king.tile == tile:
            out.append(KING_ID)
    return out


def settle_combat(public: Public) -> None:
    """ "A creature immediately leaves combat if it ever finds no opponents in its attack zone"; a zimby column
    that leaves combat may attack again ("its "one attack per turn" flag resets").

    "A creature enters combat whenever it attacks": a column that attacked this turn is in combat even if it killed
    its foe outright (and so was never combat locked), and leaves it, its flag reset, once no opponent is left in
    its combat zone.
    """
    for c in public.columns:
        if (c.in_combat or c.attacked) and not opponents(public, c) and not thug_adjacent(public, c.tile):
            c.in_combat = False
            c.attacked = False
    for z in public.zombies:
        if z.in_combat and not opponents(public, z):
            z.in_combat = False
    for t in public.thugs:
        if t.in_combat and not t.in_barracks and not foes_of_thug(public, t.tile):
            t.in_combat = False


def holding_back(public: Public, creature: Column | Zombie | None, to: TileId) -> str | None:
    """The obstacle that bars a step onto ``to``: blood thickets there or on the creature's tile ("may not move
    into or out of"), or entangling vines that caught a zimby column ("may not move out of the tile")."""
    if any(o.kind == "thickets" for o in obstacles_on(public, to)):
        return "thickets"
    if creature is None:
        return None
    here = obstacles_on(public, creature.tile)
    if any(o.kind == "thickets" for o in here):
        return "thickets"
    if isinstance(creature, Column) and any(o.kind == "entangling_vines" for o in here):
        return "entangling vines"
    return None


def thug_adjacent(public: Public, tile: TileId) -> bool:
    near = set(BOARD.neighbours(tile))
    return any(t.tile in near and not t.in_barracks for t in public.thugs)


def foes_of_thug(public: Public, tile: TileId) -> bool:
    near = set(BOARD.neighbours(tile))
    return any(c.tile in near for c in public.columns) or any(z.tile in near for z in public.zombies)


def carries_crown(public: Public, creature: Column | Zombie) -> bool:
    return public.crown is not None and public.crown.carrier == creature.id


def must_attack(public: Public, seat: int) -> list[Column | Zombie]:
    """Creatures the seat controls that are combat locked and must still attack this turn."""
    creatures: list[Column | Zombie] = [*public.columns, *public.zombies]
    return [
        c
        for c in creatures
        if controls(public, seat, c)
        and c.active
        and (c.in_combat or (isinstance(c, Zombie) and c.must_attack))
        and not c.attacked
        and opponents(public, c)
    ]


# -- the game -------------------------------------------------------------------------------------------------------


class ZimbyMojo(Decisions[Public, Private, Secret, AnyMove], Game[ZimbyMojoOptions, AnyMove, Public, Private, Secret]):
    name = "zimby_mojo"
    title = "Zimby Mojo"
    min_seats, max_seats = 1, 8
    summary = (
        "A co-opportunistic game of cannibalistic mayhem for 1-8. Send your zimbies into the Cannibal King's "
        "compound, open a ward with another tribe at a shrine, kill the King and deliver his Crown to your tribal "
        "board. One seat plays the solitaire rules."
    )
    options_type = ZimbyMojoOptions
    seat_options = ("first_player",)
    move_type = Move
    public_type, private_type, secret_type = Public, Private, Secret
    reasons = {
        "crown_delivered": "a shaman delivered the Cannibal Crown to their tribal board",
        "round_limit": "the round limit was reached with the Crown undelivered: every seat shares the draw "
        "(solitaire: lost)",
        "thug_crowned": "solitaire: a thug carried the Crown to the blood mist and a new King rose",
        "library_empty": "solitaire: the scroll library ran out at refresh",
    }
    components = {"scrolls": scrolls.catalogue()}

    def check_options(self, options: ZimbyMojoOptions, seats: int) -> None:
        check_named_seat("first_player", options.first_player, seats)

    # -- setup -------------------------------------------------------------------------------------------------------

    def setup(self, options: ZimbyMojoOptions, seats: int, rng: Rng) -> ZTable:
        solitaire = seats == 1
        zimbies, hand = (8, 6) if solitaire or options.pace == "fast" else (4, 3)
        entries = ENTRIES
        tribes = [
            TribalBoard(
                seat=s, entry=entries[s * len(entries) // seats], active=zimbies, far_shore=ZIMBIES_PER_TRIBE - zimbies
            )
            for s in range(seats)
        ]
        seals = rng.shuffled(list(ELEMENTS))
        wards = rng.shuffled(list(ELEMENTS))
        rituals = rng.shuffled(list(RITUALS))[: len(RITUAL_TILES)]
        first = named_or_drawn(options.first_player, seats, rng)
        public = Public(
            seats=seats,
            solitaire=solitaire,
            first_mover=first,
            turn=first,
            tribes=tribes,
            thugs=[Thug(id=f"t{i}", tile=tile) for i, tile in enumerate(BOARD.thug_starts)],
            king=King(tile=BOARD.blood_mist),
            shrines=[Shrine(tile=t) for t in BOARD.shrines],
            wards=[Ward(tile=t, element=e) for t, e in zip(BOARD.wards, wards, strict=True)],
            rituals=[RitualTile(tile=t) for t in RITUAL_TILES],
            obstacles=[Obstacle(tile=t, kind="thickets", kings=True) for t in BOARD.thickets]
            + [Obstacle(tile=t, kind="blood_vines", kings=True) for t in BOARD.vines],
            hand_sizes=[0] * seats,
            round_limit=options.round_limit,
        )
        secret = Secret(
            seals=dict(zip(BOARD.shrines, seals, strict=True)),
            rituals=dict(zip(RITUAL_TILES, rituals, strict=True)),
            library=scrolls.solitaire_library(rng) if solitaire else scrolls.library(rng),
        )
        table = ZTable(public=public, private=[Private() for _ in range(seats)], secret=secret)
        for private in table.private:
            private.hand = [secret.library.pop(0) for _ in range(min(hand, len(secret.library)))]
        self._count_cards(table)
        return table

    @staticmethod
    def _count_cards(table: ZTable) -> None:
        table.public.library_size = len(table.secret.library)
        table.public.hand_sizes = [len(p.hand) for p in table.private]

    # -- who acts, what is legal -------------------------------------------------------------------------------------

    def to_act(self, public: Public) -> Sequence[int]:
        """The seat whose turn it is; nobody while the King, thugs and zombies act or the round is updated."""
        return [public.turn] if public.phase == "players" else []

    def outcome(self, public: Public) -> Outcome | None:
        if public.phase != "over":
            return None
        if public.solitaire:
            won = bool(public.winners)
            return Outcome(winners=public.winners, scores=[public.library_size if won else 0], reason=public.reason)
        return Outcome(winners=public.winners, reason=public.reason)

    def legal_moves(self, public: Public, private: Private, seat: int) -> list[AnyMove]:
        if public.phase == "over":
            return []
        window = top(public.windows)
        if window is not None:
            return list(options(self._responses(public, private, seat))) if window.asked == seat else []
        if public.request is not None and public.request.waiting:
            return self._answers(public, seat)
        if seat != public.turn:
            return []
        if public.moving is not None:
            return self._path_moves(public, seat)
        return self._turn_moves(public, seat) + self._scroll_moves(public, private, seat)

    def _responses(self, public: Public, private: Private, seat: int) -> list[AnyMove]:
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
                moves += [
                    Hold(zombie=z.id) for z in public.zombies if z.owner == seat and not z.held and not z.in_combat
                ]
        else:
            moves += self._scroll_moves(public, private, seat)
        return moves + self._eat_moves(public, seat)

    def _eat_moves(self, public: Public, seat: int) -> list[AnyMove]:
        """Shaman cannibalism: an active zimby at home, at most twice a round, for 2 mojo or a scroll."""
        tribe = public.tribes[seat]
        if tribe.active <= 0 or tribe.eaten >= EAT_LIMIT:
            return []
        scroll = public.library_size > 0 or (bool(public.discards) and not public.solitaire)
        return [Eat(gain="mojo"), *([Eat(gain="scroll")] if scroll else [])]

    def _eat(self, table: ZTable, seat: int, move: Eat, rng: Rng) -> None:
        tribe = table.public.tribes[seat]
        tribe.active -= 1
        tribe.far_shore += 1
        tribe.eaten += 1
        if move.gain == "mojo":
            tribe.mojo += EAT_MOJO
        else:
            effects.draw(table, seat, rng)

    def _answers(self, public: Public, seat: int) -> list[AnyMove]:
        request = public.request
        assert request is not None
        if request.waiting[0] != seat:
            return []
        if request.kind == "seal" and min(available(public.tribes[seat]), available(public.tribes[request.asker])) < 1:
            return [Answer(yes=False)]
        return [Answer(yes=False), Answer(yes=True)]

    def _turn_moves(self, public: Public, seat: int) -> list[AnyMove]:
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
        moves += self._eat_moves(public, seat)
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
            if spare >= movement(count)[1] and self._entry_open(public, seat, count):
                moves.append(Send(count=count))
            if spare >= 1:
                moves.append(Warp(count=count))
        for c in public.columns:
            if not controls(public, seat, c):
                continue
            if c.active and not c.in_combat and self._can_leave(public, seat, c):
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
            moves += self._unseal_moves(public, seat, c)
        for z in public.zombies:
            if z.owner != seat:
                continue
            owes = z.must_attack and not z.attacked and opponents(public, z)
            if z.active and not z.in_combat and not owes and self._can_leave(public, seat, z):
                moves.append(Go(creature=z.id))
            if z.active and not z.attacked:
                moves += [Attack(attacker=z.id, target=t) for t in opponents(public, z)]
        moves += self._invoke_moves(public, seat)
        moves += self._drop_moves(public, seat)
        return moves

    def _drop_moves(self, public: Public, seat: int) -> list[AnyMove]:
        crown = public.crown
        if crown is None or crown.carrier is None:
            return []
        carrier = next((c for c in public.columns if c.id == crown.carrier), None)
        return [Drop()] if carrier is not None and controls(public, seat, carrier) else []

    def _invoke_moves(self, public: Public, seat: int) -> list[AnyMove]:
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

    def _unseal_moves(self, public: Public, seat: int, column: Column) -> list[AnyMove]:
        shrine = next((s for s in public.shrines if s.tile == column.tile and not s.activated), None)
        if shrine is None or not column.active:
            return []
        if public.solitaire:
            # Solitaire: "One zimby must be sacrificed on a shrine tile" by another of its column.
            return [Unseal(column=column.id, partner=seat)] if column.size >= 2 else []
        if available(public.tribes[seat]) < 1:
            return []
        # Only a partner who could pay is asked (every seat's mojo is public).
        return [
            Unseal(column=column.id, partner=p) for p in column.tribes if p != seat and available(public.tribes[p]) >= 1
        ]

    # -- scrolls: which may be used, where, through whom ---------------------------------------------------------

    def _scroll_moves(self, public: Public, private: Private, seat: int) -> list[AnyMove]:
        """The scrolls ``seat`` may use now: one move per card (copies alike) x target x channelling zimby.

        On its own turn with nothing under way, or when asked in a window on the stack or on a path tile (a
        "Stop!": witcheries only). Nothing while a King's ritual is on the stack.
        """
        if public.stack.inescapable or public.phase not in ("players", "king", "thugs", "zombies"):
            return []
        window = top(public.windows)
        own_turn = window is None
        stopping = stack.moving_in(window) is not None
        tribe = public.tribes[seat]
        moves: list[AnyMove] = []
        for card in dict.fromkeys(private.hand):
            scroll = SCROLLS[card]
            cost = scroll_cost(public, seat, card)
            if available(tribe) < cost or (scroll.timing == "own_turn" and not own_turn):
                continue
            if stopping and scroll.type != "witchery":
                continue
            if scroll.type == "witchery":
                for channel in self._channels(public, seat, cost):
                    for ranged, doubled in self._cannibalism(public, seat, card, channel):
                        frm = channel if home_seat(channel) is not None else public.column(channel).tile
                        reach = WITCHERY_RANGE * 2**ranged
                        moves += [
                            UseScroll(
                                card=card, target=t, channel=channel, eat_for_range=ranged, eat_for_effect=doubled
                            )
                            for t in self._witchery_targets(public, seat, card, frm, own_turn=own_turn, reach=reach)
                        ]
                continue
            if scroll.type == "incantation" and not self._spare_chanter(tribe, cost):
                continue
            moves += [UseScroll(card=card, target=t) for t in self._rite_targets(public, card)]
        return moves

    @staticmethod
    def _spare_chanter(tribe: TribalBoard, cost: int) -> bool:
        """An active, non-chanting zimby stays at home once ``cost`` is paid (to chant, or to channel)."""
        return tribe.active - tribe.chanting >= 1 and available(tribe) - 1 >= cost

    def _channels(self, public: Public, seat: int, cost: int) -> list[CreatureId]:
        """The active zimbies of the seat's tribe that may channel a witchery: its columns on the main board not
        under a -LOS obstacle, and a zimby on its tribal board (``home<seat>``)."""
        channels = [
            c.id for c in public.columns if seat in c.zimbies and c.active and sight.can_channel(public, c.tile)
        ]
        if self._spare_chanter(public.tribes[seat], cost):
            channels.append(home_tile(seat))
        return channels

    @staticmethod
    def _cannibalism(public: Public, seat: int, card: str, channel: CreatureId) -> list[tuple[int, int]]:
        """(eaten for range, eaten for effect) a witchery may be channelled with: (0, 0), and, through a zimby of a
        single-tribe column of the caster's, up to 2 tribesmen eaten first, each doubling the range or the effect
        (doubling the effect only of a card whose effect has a value or a spread)."""
        if home_seat(channel) is not None:
            return [(0, 0)]
        column = public.column(channel)
        if set(column.zimbies) != {seat}:
            return [(0, 0)]
        effect = SCROLLS[card].effect
        has_value = bool(effect.amount or effect.dice or effect.spread)
        return [
            (ranged, doubled)
            for ranged in range(3)
            for doubled in range(3 if has_value else 1)
            if ranged + doubled <= min(EAT_LIMIT, column.size - 1)
        ]

    def _witchery_targets(
        self, public: Public, seat: int, card: str, frm: TileId, *, own_turn: bool, reach: int = WITCHERY_RANGE
    ) -> list[Target]:
        """What a witchery channelled from ``frm`` may target: tiles and creatures in range (``reach``) and line of
        sight, of the kinds the card names; free movement only for a creature the caster controls, on its turn, that
        may start a path (active, not combat locked)."""
        scroll = SCROLLS[card]
        kinds = set(scroll.targets)
        free_move = scroll.effect.kind == "free_move"

        def may_target(creature: Column | Zombie) -> bool:
            if not free_move:
                return True
            return own_turn and controls(public, seat, creature) and creature.active and not creature.in_combat

        out: list[Target] = []
        for tile in sight.targets_in_sight(public, frm, reach):
            if "tile" in kinds:
                out.append(tile)
            out += [c.id for c in public.columns if c.tile == tile and "column" in kinds and may_target(c)]
            out += [z.id for z in public.zombies if z.tile == tile and "zombie" in kinds and may_target(z)]
            thugs = combat.thug_column(public, tile)
            if thugs and "thug" in kinds:
                out.append(thugs[0].id)
            if "king" in kinds and public.king.alive and public.king.tile == tile:
                out.append(KING_ID)
        return list(dict.fromkeys(out))

    def _rite_targets(self, public: Public, card: str) -> list[Target]:
        """What a ritual or an incantation may target: a shaman, a scroll effect on the stack (Nix), an incantation
        in play (Hush)."""
        kinds = SCROLLS[card].targets
        out: list[Target] = []
        if "shaman" in kinds:
            out += [stack.seat_target(s) for s in range(public.seats)]
        if "effect" in kinds:
            out += [f"#{e.id}" for e in public.stack.entries if isinstance(e, Cast) and not e.nixed]
        if "incantation" in kinds:
            out += [effects.incantation_target(i.id) for i in public.incantations]
        return out

    def _able_to_answer(self, table: ZTable) -> list[int]:
        """The seats a window on the stack asks, from public facts only (so that being asked tells nothing of a
        hand): a card in hand and the mojo for the cheapest scroll."""
        pub = table.public
        self._count_cards(table)
        return [
            s for s in range(pub.seats) if pub.hand_sizes[s] > 0 and available(pub.tribes[s]) >= cheapest_scroll(pub, s)
        ]

    def _entry_open(self, public: Public, seat: int, count: int) -> bool:
        """The tribal board's entry point can be entered by ``count`` of the seat's zimbies (free, or a column the
        seat may ask to join that has room for them)."""
        entry = public.tribes[seat].entry
        there = public.creature_at(entry)
        if isinstance(there, Column) and not has_room(there, {seat: count}):
            return False
        return self._enterable(public, entry, None)

    def _enterable(self, public: Public, tile: TileId, moving: Column | Zombie | None) -> bool:
        """Whether a step onto ``tile`` may be declared: no closed ward, no thickets, no creature but a column
        (with room for the moving column's zimbies: :func:`has_room`)."""
        if closed_ward(public, tile):
            return False
        # The Crown carrier may try its 50% obstacle immunity against thickets and vines; nobody else passes them.
        if holding_back(public, moving, tile) and not (moving is not None and carries_crown(public, moving)):
            return False
        there = public.creature_at(tile)
        if there is None:
            return True
        if moving is not None and there is not moving and self._swaps(public, moving, tile):
            return True  # the occupant of a darkened tile swaps places with the column entering it
        if not isinstance(there, Column) or there is moving:
            return False
        return moving is None or (isinstance(moving, Column) and has_room(there, moving.zimbies))

    def _path_moves(self, public: Public, seat: int) -> list[AnyMove]:
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
        moves += self._drop_moves(public, seat)
        steps = self._steps(public, seat, creature, moving.tiles_left)
        # A path ends once it has gone somewhere, or when it can go nowhere (so a path is never a move that does
        # nothing but wait).
        if moving.steps > 0 or not steps:
            moves.insert(0, Halt())
        return moves + steps

    def _steps(self, public: Public, seat: int, creature: Column | Zombie, tiles_left: int) -> list[AnyMove]:
        moving = public.moving
        free = moving is not None and moving.free_tiles > 0
        affordable = free or tiles_left > 0 or available(public.tribes[seat]) >= self._expenditure(public, creature)[1]
        if not affordable:
            return []
        out: list[AnyMove] = []
        for tile in neighbours(public, creature.tile):
            home = home_seat(tile)
            if home is not None:
                if isinstance(creature, Column) and set(creature.zimbies) == {home} and home == seat:
                    out.append(Step(to=tile))
                continue
            if self._enterable(public, tile, creature):
                out.append(Step(to=tile))
        return out

    def _can_leave(self, public: Public, seat: int, creature: Column | Zombie) -> bool:
        """A path may start: the creature has a tile to step to and the mojo for it (as :meth:`_steps`, without
        listing the steps)."""
        if available(public.tribes[seat]) < self._expenditure(public, creature)[1]:
            return False
        for tile in neighbours(public, creature.tile):
            home = home_seat(tile)
            if home is None:
                if self._enterable(public, tile, creature):
                    return True
            elif home == seat and isinstance(creature, Column) and set(creature.zimbies) == {home}:
                return True
        return False

    def _expenditure(self, public: Public, creature: Column | Zombie) -> tuple[int, int]:
        """(tiles, mojo) of the creature's next expenditure: the movement table, changed by movement incantations
        on the seat whose turn it is (never below 1 tile)."""
        tiles, cost = ZOMBIE_MOVEMENT if isinstance(creature, Zombie) else movement(effective_size(public, creature))
        return max(1, tiles + effects.chant(public, public.turn, "movement")), cost

    def default_move(self, public: Public, private: Private, seat: int, legal: list[AnyMove]) -> AnyMove:
        """A seat out of time ends its turn or its path, refuses a request, or makes the attack it owes."""
        for quiet in (EndTurn(), Halt(), Answer(yes=False)):
            if quiet in legal:
                return quiet
        return next((m for m in legal if isinstance(m, Attack)), legal[0])

    def check(self, public: Public, private: Private, seat: int, move: AnyMove) -> None:
        if move not in self.legal_moves(public, private, seat):
            raise IllegalMove(f"{move!r} is not a legal move now")

    # -- playing -----------------------------------------------------------------------------------------------------

    def apply(self, table: ZTable, seat: int, move: AnyMove, rng: Rng) -> Event:
        pub = table.public
        pub.happened = []
        if pub.windows and isinstance(move, Eat):
            event = Event({"type": move.type, "seat": seat})
            self._eat(table, seat, move, rng)
        elif isinstance(move, UseScroll):
            event = Event({"type": move.type, "seat": seat, "card": move.card, "target": move.target})
            if move.channel is not None:
                event.public["channel"] = move.channel
            self._use_scroll(table, seat, move)
        elif isinstance(move, Pass | Devour | Hold | Keep | Winnow | Discard):
            event = Event({"type": move.type, "seat": seat})
            self._respond(table, seat, move, rng)
        elif isinstance(move, Drop):
            event = Event({"type": move.type, "seat": seat})
            self._drop(pub)
        elif isinstance(move, Step | Halt | PickUp | Influence) or (
            isinstance(move, Answer) and pub.request is not None and pub.request.kind == "join"
        ):
            event = self.play_decision(table, seat, move, rng)
        else:
            event = Event({"type": move.type, "seat": seat})
            self._act(table, seat, move, rng, event)
        self._settle(table, rng)
        settle_combat(pub)
        self._count_cards(table)
        if pub.happened:
            event.public["happened"] = list(pub.happened)
        return event

    def decide(self, table: ZTable, seat: int, move: AnyMove, rng: Rng) -> Event:
        pub = table.public
        event = Event({"type": move.type, "seat": seat})
        moving = pub.moving
        if isinstance(move, Answer):
            self._answer_join(table, seat, move.yes, rng)
            return event
        assert moving is not None
        creature = mover(pub, moving.creature)
        if isinstance(move, Halt):
            self._halt(pub, creature)
        elif isinstance(move, PickUp):
            assert isinstance(creature, Column) and pub.crown is not None
            combat.give_crown(pub, creature, combat.picker(creature))
            moving.tiles_left = 0  # "picks up an item or its movement burden increases"
            moving.found_crown = False
        elif isinstance(move, Influence):
            self._relocate(table, seat, creature, move.eliminate, rng)
        else:
            assert isinstance(move, Step)
            event.public["to"] = move.to
            self._step(table, seat, creature, move.to, rng)
        return event

    def complete(self, table: ZTable, seat: int, rng: Rng, event: Event) -> None:
        """A path is over: nothing more to settle (each step settled itself)."""

    def _act(self, table: ZTable, seat: int, move: AnyMove, rng: Rng, event: Event) -> None:
        pub = table.public
        tribe = pub.tribes[seat]
        if isinstance(move, Answer):
            self._answer_seal(table, seat, move.yes)
        elif isinstance(move, Extract):
            if move.source == "token":
                tribe.tokens -= 1
            else:
                tribe.active -= 1
                tribe.depleted += 1
            tribe.mojo += 1
        elif isinstance(move, ExtractChanter):
            incantation = next(i for i in pub.incantations if i.id == move.incantation)
            tribe.active -= 1
            tribe.depleted += 1
            tribe.mojo += 1
            pub.happened.append(f"{SCROLLS[incantation.card].name} ends: seat {seat} draws mojo from its chanter")
            effects.end_incantation(pub, incantation, pub.discards, shock=False)
            event.public["incantation"] = move.incantation
        elif isinstance(move, Eat):
            self._eat(table, seat, move, rng)
        elif isinstance(move, Spawn):
            pay(tribe, SPAWN_COST)
            tribe.far_shore -= 1
            tribe.depleted += 1
            tribe.spawned += 1
        elif isinstance(move, Send):
            column = self._new_column(pub, seat, move.count, home_tile(seat))
            pub.moving = Moving(creature=column.id)
        elif isinstance(move, Warp):
            pay(tribe, 1)
            portal = rng.choice([p for p in BOARD.portals if not (pub.king.alive and pub.king.tile == p)])
            self._dismiss_from(pub, portal)
            column = self._new_column(pub, seat, move.count, portal)
            event.public["portal"] = portal
            crown = pub.crown
            if crown is not None and crown.carrier is None and crown.tile == portal:
                # "a creature entering the tile may stop and pick the item up": the column has entered the portal
                # tile, so its path is under way there (one tile gone), to pick the Crown up or halt.
                pub.moving = Moving(creature=column.id, steps=1, found_crown=True)
        elif isinstance(move, Go):
            self._go(pub, seat, move)
        elif isinstance(move, Attack):
            self._attack(table, seat, move, rng)
        elif isinstance(move, Zombify):
            self._zombify(pub, seat, move.column)
        elif isinstance(move, Invoke):
            pay(tribe, INVOKE_COST)
            carrier = pub.column(move.column)
            carrier.invoked = True
            event.public["ritual"] = table.secret.rituals[carrier.tile]
            self._kings_ritual(table, carrier.tile, rng, choice=move.choice, pusher=seat)
        elif isinstance(move, Unseal):
            if move.partner == seat:
                self._sacrifice(table, seat, move.column)
            else:
                pub.request = Request(kind="seal", asker=seat, column=move.column, waiting=[move.partner])
        else:
            assert isinstance(move, EndTurn)
            self._end_turn(table)

    # -- mojo, spawning, eating --------------------------------------------------------------------------------------

    # -- movement ----------------------------------------------------------------------------------------------------

    def _new_column(self, pub: Public, seat: int, count: int, tile: TileId) -> Column:
        tribe = pub.tribes[seat]
        tribe.active -= count
        column = Column(id=f"c{pub.next_id}", tile=tile, zimbies={seat: count})
        pub.next_id += 1
        pub.columns.append(column)
        return column

    def _go(self, pub: Public, seat: int, move: Go) -> None:
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

    def _drop(self, pub: Public) -> None:
        crown = pub.crown
        assert crown is not None and crown.carrier is not None
        carrier = pub.column(crown.carrier)
        carrier.crown = None
        combat.drop_crown(pub, carrier.tile)
        if pub.moving is not None and pub.moving.creature == carrier.id:
            pub.moving.found_crown = False

    def _halt(self, pub: Public, creature: Column | Zombie) -> None:
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
            self._merge(pub, creature, others[0], None)

    def _step(self, table: ZTable, seat: int, creature: Column | Zombie, to: TileId, rng: Rng) -> None:
        pub = table.public
        moving = pub.moving
        assert moving is not None
        if isinstance(creature, Column) and effects.darkened(pub, creature.tile):
            self._out_of_darkness(table, seat, creature, rng)
            return
        there = pub.creature_at(to)
        if there is not None and self._swaps(pub, creature, to):
            # "If a creature attempts to enter ... an occupied darkened tile ... the creature and the tile occupant
            # swap tiles."
            self._pay_step(pub, seat, creature)
            moving.steps += 1
            effects.swap_places(pub, creature, to)
            return
        if isinstance(there, Column) and isinstance(creature, Column):
            if not controls(pub, seat, there):
                waiting = [s for s in clockwise_from(seat, pub.seats) if s in there.zimbies]
                pub.request = Request(kind="join", asker=seat, column=creature.id, target=there.id, waiting=waiting)
                return
            self._pay_step(pub, seat, creature)
            self._merge(pub, creature, there, rng)
            pub.moving = None
            return
        self._pay_step(pub, seat, creature)
        moving.steps += 1
        obstacle = holding_back(pub, creature, to)
        if obstacle is not None:
            if not combat.crown_immune(rng):
                pub.happened.append(f"the {obstacle} hold {creature.id} back: the Crown's immunity fails")
                return
            pub.happened.append(f"{creature.id} passes the {obstacle}: the Crown's immunity holds")
        home = home_seat(to)
        if home is not None:
            self._arrive_home(pub, creature, home)
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
                self._teleport(pub, creature, to, rng.choice([p for p in BOARD.portals if p != to]))
                pub.moving = None
        if isinstance(creature, Zombie) and opponents(pub, creature):
            # "If a zombie encounters a living creature in its combat zone, the zombie must stop moving and
            # attack that creature".
            pub.moving = None
            creature.must_attack = True
        self._open_at_tile(table, seat, creature)

    @staticmethod
    def _swaps(public: Public, creature: Column | Zombie, tile: TileId) -> bool:
        """A column on the main board stepping into a darkened tile swaps with its occupant (zombies ignore
        darkness; a column coming from its tribal board has no main-board tile to swap to)."""
        return isinstance(creature, Column) and home_seat(creature.tile) is None and effects.darkened(public, tile)

    def _out_of_darkness(self, table: ZTable, seat: int, creature: Column, rng: Rng) -> None:
        """A column in a patch o' darkness "may only randomly exit the tile": whatever step was declared, it emerges
        on a random adjacent tile (swapping with a creature there) and loses the rest of its movement."""
        pub = table.public
        self._pay_step(pub, seat, creature)
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

    def _open_at_tile(self, table: ZTable, seat: int, creature: Column | Zombie) -> None:
        """ "As a creature passes through a zimby's LOS, the zimby's controller may say "stop"".

        Each tile of a path is a moment the other seats may answer: a window opens on it for the seats that could,
        from public facts (a card in hand, the mojo for the cheapest scroll, an active zimby of their tribe that
        may channel with the tile in line of sight, on the main board or at home).
        """
        pub = table.public
        if pub.moving is None or mover_gone(pub, creature):
            return
        self._stop_at(table, creature.id, creature.tile, mover=seat)

    def _stop_at(self, table: ZTable, creature: CreatureId, tile: TileId, *, mover: int | None) -> bool:
        """Open a window on a creature moving onto ``tile`` (a shaman's path, a thug's walk) for the seats that
        could say "Stop!" (public facts: a card, the mojo, a zimby seeing the tile); the mover's own seat is not
        asked, a thug's walk asks from the first mover. Whether it opened."""
        pub = table.public
        if pub.stack.inescapable:
            return False
        able = set(self._able_to_answer(table)) - {mover}
        could_stop = [s for s in sorted(able) if self._sees(pub, s, tile)]
        on: JsonValue = {"path": creature, "at": tile}
        opener = mover if mover is not None else pub.first_mover
        return open_window(pub.windows, opener, on, pub.seats, among=could_stop, with_opener=mover is None) is not None

    @staticmethod
    def _sees(pub: Public, seat: int, tile: TileId) -> bool:
        """An active zimby of the seat's tribe that may channel has ``tile`` in line of sight."""
        tribe = pub.tribes[seat]
        frm = [c.tile for c in pub.columns if seat in c.zimbies and c.active and sight.can_channel(pub, c.tile)]
        if tribe.active - tribe.chanting >= 1:
            frm.append(home_tile(seat))
        return any(sight.in_sight(pub, f, tile) for f in frm)

    def _pay_step(self, pub: Public, seat: int, creature: Column | Zombie) -> None:
        """A tile of the path: free movement from scrolls first, then the tiles paid for, then the next expenditure."""
        moving = pub.moving
        assert moving is not None
        if moving.free_tiles > 0:
            moving.free_tiles -= 1
            return
        if moving.tiles_left == 0:
            tiles, cost = self._expenditure(pub, creature)
            pay(pub.tribes[seat], cost)
            moving.tiles_left = tiles
        moving.tiles_left -= 1

    def _relocate(self, table: ZTable, seat: int, creature: Column | Zombie, eliminate: list[TileId], rng: Rng) -> None:
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
        self._teleport(pub, creature, origin, rng.choice(left))
        pub.moving = None

    def _teleport(self, pub: Public, creature: Column | Zombie, origin: TileId, destination: TileId) -> None:
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

    def _arrive_home(self, pub: Public, column: Column | Zombie, seat: int) -> None:
        """A column of one tribe reaches its tribal board: its zimbies stay active; the Crown there wins."""
        assert isinstance(column, Column)
        pub.moving = None
        pub.columns.remove(column)
        tribe = pub.tribes[seat]
        tribe.active += column.size
        to_far_shore_excess(tribe)
        if column.crown is not None:
            pub.winners = [seat]
            pub.reason = "crown_delivered"
            pub.phase = "over"
            if pub.crown is not None:
                pub.crown.carrier, pub.crown.tile = None, home_tile(seat)
            pub.happened.append(f"seat {seat} delivers the Crown to its tribal board")

    def _merge(self, pub: Public, joining: Column, into: Column, rng: Rng | None) -> None:
        """``joining`` joins ``into``; column limits expel the excess (random tribes drawn when rng is given)."""
        for tribe, n in joining.zimbies.items():
            into.zimbies[tribe] = into.zimbies.get(tribe, 0) + n
        if joining.crown is not None:
            into.crown = joining.crown
            if pub.crown is not None:
                pub.crown.carrier = into.id
        into.active = into.active and joining.active
        into.in_combat = into.in_combat or joining.in_combat
        into.attacked = into.attacked or joining.attacked
        pub.columns.remove(joining)
        for tribe, n in list(into.zimbies.items()):
            if n > COLUMN_TRIBE_LIMIT:
                self._expel_zimbies(pub, into, tribe, n - COLUMN_TRIBE_LIMIT)
        while len(into.zimbies) > COLUMN_TRIBES_LIMIT:
            victim = rng.choice(into.tribes) if rng is not None else into.tribes[-1]
            self._expel_zimbies(pub, into, victim, into.zimbies[victim])
            if into.crown == victim and rng is not None:
                # The Crown stays with the column: the Bag o' Fate hands it to one of the zimbies left.
                into.crown = rng.choice([t for t in into.tribes for _ in range(into.zimbies[t])])

    def _expel_zimbies(self, pub: Public, column: Column, tribe: int, count: int) -> None:
        """ "Expel": the zimbies go to their tribal board, depleted."""
        column.zimbies[tribe] -= count
        if column.zimbies[tribe] == 0:
            del column.zimbies[tribe]
        board = pub.tribes[tribe]
        board.depleted += count
        to_far_shore_excess(board)
        pub.happened.append(f"{count} zimb{'y' if count == 1 else 'ies'} of seat {tribe} expelled from {column.id}")

    def _dismiss_from(self, pub: Public, tile: TileId) -> None:
        """Whatever stands on ``tile`` is dismissed (kept active, off the main board)."""
        for c in [c for c in pub.columns if c.tile == tile]:
            pub.columns.remove(c)
            for tribe, n in c.zimbies.items():
                pub.tribes[tribe].active += n
                to_far_shore_excess(pub.tribes[tribe])
            if c.crown is not None and pub.crown is not None:
                pub.crown.carrier, pub.crown.tile = None, tile
            pub.happened.append(f"{c.id} is dismissed to its tribal board")
        for z in [z for z in pub.zombies if z.tile == tile]:
            pub.zombies.remove(z)
            pub.tribes[z.owner].zombies_left += 1
            pub.happened.append(f"{z.id} is dismissed to the Far Shore")
        for t in pub.thugs:
            if t.tile == tile and not t.in_barracks:
                combat.expel_thug(pub, t, why="dismissed")
                t.active = True  # "Dismiss: Keep a creature active and remove it from the main board"

    def _answer_join(self, table: ZTable, seat: int, yes: bool, rng: Rng) -> None:
        pub = table.public
        request = pub.request
        assert request is not None and request.target is not None
        if not yes:
            pub.request = None
            pub.happened.append(f"seat {seat} refuses")
            return
        request.waiting.pop(0)
        if request.waiting:
            return
        pub.request = None
        joining, into = pub.column(request.column), pub.column(request.target)
        self._pay_step(pub, request.asker, joining)
        self._merge(pub, joining, into, rng)
        pub.moving = None

    # -- combat, zombies, seals --------------------------------------------------------------------------------------

    def _attack(self, table: ZTable, seat: int, move: Attack, rng: Rng) -> None:
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
        self._roll_attack(table, rng)

    def _roll_attack(self, table: ZTable, rng: Rng) -> None:
        """The combat rolls are made and pushed on the stack, a window open on them for every seat able to answer
        (the attacker's shaman first; for the King, thugs and zombies, the seat whose turn it is or the first
        mover)."""
        pub = table.public
        pending = pub.pending_attack
        assert pending is not None
        attacker, defender = combat.creature(pub, pending.attacker), combat.creature(pub, pending.target)
        pending.at, pending.defender_at = combat.tile_of(attacker), combat.tile_of(defender)
        chants = (self._chanted_brutality(pub, attacker, pending.controller), self._chanted_brutality(pub, defender))
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
        self._push(table, entry)

    @staticmethod
    def _chanted_brutality(pub: Public, fighter: combat.Fighter, attacking_for: int | None = None) -> int:
        """What brutality incantations add to a creature's combat roll: those on its attacking controller, on a
        defending column's largest tribe, on a zombie's owner."""
        if isinstance(fighter, Column):
            seat = attacking_for if attacking_for is not None else combat.picker(fighter)
        elif isinstance(fighter, Zombie):
            seat = fighter.owner
        else:
            return 0
        return effects.chant(pub, seat, "brutality")

    def _conclude_attack(self, table: ZTable, rng: Rng) -> None:
        """The attack's wounds were delivered: the rest of it happens (a tile claimed, combat lock, a thug's or
        the King's turn going on, a claimed portal relocating the attacker)."""
        pub = table.public
        pending = pub.pending_attack
        assert pending is not None and pending.at is not None and pending.defender_at is not None
        pub.pending_attack = None
        attacker, defender = self._fighter(pub, pending.attacker), self._fighter(pub, pending.target)
        before = pending.at
        combat.conclude(pub, attacker, defender, before, pending.defender_at, rng)
        if isinstance(attacker, Thug):
            npcs.after_thug_attack(pub, attacker, before, rng)
            return
        if isinstance(attacker, King):
            # The rest of the King's turn: the ritual of the tile he claimed, then the players' turns.
            if pending.casts is not None and pub.king.alive and pub.king.tile == pending.casts:
                self._kings_ritual(table, pending.casts, rng)
            if pub.phase == "king":
                self._begin_players(pub)
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
            self._teleport(pub, attacker, claimed, rng.choice([p for p in BOARD.portals if p != claimed]))

    @staticmethod
    def _fighter(pub: Public, cid: CreatureId) -> combat.Fighter | None:
        """The creature named ``cid``, while it is on the board (a thug: even in its barracks)."""
        if cid == KING_ID:
            return pub.king
        try:
            return combat.creature(pub, cid)
        except KeyError:
            return None

    def _respond(
        self, table: ZTable, seat: int, move: Pass | Devour | Hold | Keep | Winnow | Discard, rng: Rng
    ) -> None:
        """An answer in a response window: eat before the defence roll, hold a zombie, winnow, discard, or pass."""
        pub = table.public
        window = top(pub.windows)
        if isinstance(move, Discard):
            table.private[seat].hand.remove(move.card)
            pub.discards.append(move.card)
            pub.happened.append(f"seat {seat} discards {SCROLLS[move.card].name}")
            if len(table.private[seat].hand) <= self._hand_limit(pub, seat):
                pass_window(pub.windows, seat)
            return
        if window is not None and isinstance(window.on, dict) and "winnowing" in window.on:
            assert isinstance(move, Pass | Keep | Winnow)
            self._winnow(table, seat, move, rng)
            if pass_window(pub.windows, seat) is not None and pub.phase == "king" and pub.pending_attack is None:
                self._begin_players(pub)  # the King's turn ended with his ritual
            return
        if isinstance(move, Hold):
            pay(pub.tribes[seat], 1)
            next(z for z in pub.zombies if z.id == move.zombie).held = True
            pub.happened.append(f"seat {seat} holds {move.zombie}: it will not shamble")
            return
        if isinstance(move, Devour):
            pending = pub.pending_attack
            assert pending is not None
            target = pub.column(pending.target)
            target.zimbies[seat] -= move.eat
            pub.tribes[seat].far_shore += move.eat
            pending.defence += 4 * move.eat
            pub.happened.append(f"a zimby of {target.id} eats {move.eat} for +{4 * move.eat} brutality")
        closed = pass_window(pub.windows, seat)
        on = closed.on if closed is not None and isinstance(closed.on, dict) else {}
        if "attack" in on and pub.pending_attack is not None and not pub.pending_attack.rolled:
            self._roll_attack(table, rng)

    # -- the stack ---------------------------------------------------------------------------------------------------

    def _use_scroll(self, table: ZTable, seat: int, move: UseScroll) -> None:
        """The card leaves the hand, its cost is paid, an incantation's chanter starts chanting, and the scroll
        effect is pushed on the stack with a window for the seats able to answer."""
        pub = table.public
        tribe = pub.tribes[seat]
        scroll = SCROLLS[move.card]
        cost = scroll_cost(pub, seat, move.card)
        table.private[seat].hand.remove(move.card)
        pay(tribe, cost)
        eaten = move.eat_for_range + move.eat_for_effect
        if eaten and move.channel is not None:
            # "Cannibalism to affect a witchery must immediately precede channeling the witchery."
            channeller = pub.column(move.channel)
            channeller.zimbies[seat] -= eaten
            tribe.far_shore += eaten
            pub.happened.append(
                f"a zimby of {channeller.id} eats {eaten}: range x{2**move.eat_for_range}, "
                f"effect x{2**move.eat_for_effect}"
            )
        if scroll.type == "incantation":
            tribe.chanting += 1
        cast = Cast(
            pusher=seat,
            card=move.card,
            scroll_type=scroll.type,
            channel=move.channel,
            targets=[move.target],
            cost=cost,
            effect=scroll.effect.describe(),
            nixes=int(move.target[1:]) if move.target.startswith("#") else None,
            doublings=move.eat_for_effect,
        )
        via = f" through {move.channel}" if move.channel is not None else ""
        pub.happened.append(f"seat {seat} uses {scroll.name} at {move.target}{via} ({cost} mojo)")
        self._push(table, cast)

    def _push(self, table: ZTable, entry: AnyEntry) -> None:
        """Push ``entry`` with its window among the seats able to answer; the King's, thugs' and zombies' pushes
        start the asking at the seat whose turn it is (the first mover outside the players' turns)."""
        pub = table.public
        opener = pub.turn if pub.phase == "players" else pub.first_mover
        stack.push(pub.stack, pub.windows, entry, pub.seats, opener=opener, among=self._able_to_answer(table))

    def _settle(self, table: ZTable, rng: Rng) -> None:
        """Once no window is open, scroll use has ended: the stack resolves, top first, each card leaving it is
        discarded, and an attack whose rolls and wounds resolved concludes. Chanters gone end their incantations."""
        pub = table.public
        in_play: set[int] = set()  # incantations that came into play: their cards are the effects' now

        def resolve_one(entry: AnyEntry) -> None:
            self._resolve_entry(table, entry, rng)
            if any(i.id == entry.id for i in pub.incantations):
                in_play.add(entry.id)

        def shielded(target: Target) -> bool:
            return self._shielded(pub, target)

        while not pub.windows and pub.phase != "over":
            if pub.stack.entries:
                for gone in stack.resolve(pub.stack, pub.windows, resolve_one, rng, shielded):
                    if isinstance(gone, Cast) and gone.id not in in_play:
                        self._cast_left(table, gone)
            elif pub.pending_attack is not None and pub.pending_attack.rolled:
                self._conclude_attack(table, rng)
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
                self._halt(pub, creature)

    def _resolve_entry(self, table: ZTable, entry: AnyEntry, rng: Rng) -> None:
        """One entry resolves: a scroll's effect, combat rolls settled into wounds pushed in turn, wounds
        delivered."""
        pub = table.public
        if isinstance(entry, Cast):

            def push(pushed: AnyEntry) -> None:
                self._push(table, pushed)

            effects.apply(table, entry, rng, push)
        elif isinstance(entry, CombatRoll):
            wounds = entry.rolls.wounds()
            for creature, count in ((entry.defender, wounds.to_defender), (entry.attacker, wounds.to_attacker)):
                if count > 0 and self._fighter(pub, creature) is not None:
                    self._push(table, Wounds(pusher=entry.pusher, creature=creature, wounds=count, source="combat"))
        elif isinstance(entry, Wounds):
            self._deliver(table, entry, rng)
        else:
            hands = [p.hand for p in table.private]
            winnowed: list[list[str]] = []
            ritual = king.cast(pub, table.secret, entry.tile, rng, hands=hands, choice=entry.choice, winnowed=winnowed)
            if ritual == "winnowing":
                self._ask_winnowing(table, winnowed)

    def _deliver(self, table: ZTable, entry: Wounds, rng: Rng) -> None:
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
            killer = self._fighter(pub, other)
        pub.happened.append(f"{entry.creature} is dealt {entry.wounds} wound{'s' if entry.wounds != 1 else ''}")
        combat.deliver(pub, target, entry.wounds, rng, killer=killer)

    def _kings_ritual(
        self, table: ZTable, tile: TileId, rng: Rng, *, choice: int | None = None, pusher: int | None = None
    ) -> None:
        """A ritual of the King's (or invoked by the Crown carrier) goes on the stack, where nobody may answer it
        ("no mojo may be used and no effects may be placed on the stack until the ritual resolves"), and resolves
        at once, above anything waiting there."""
        ritual = table.secret.rituals[tile]
        self._push(table, KingsRitual(pusher=pusher, ritual=ritual, tile=tile, choice=choice))
        self._settle(table, rng)

    def _ask_winnowing(self, table: ZTable, winnowed: list[list[str]]) -> None:
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

    def _winnow(self, table: ZTable, seat: int, move: Pass | Keep | Winnow, rng: Rng) -> None:
        """A seat's answer to the Ritual of Winnowing; one that passes keeps the first card it drew (in solitaire,
        discards a random card of its hand)."""
        pub, private = table.public, table.private[seat]
        if pub.solitaire:
            from_library = isinstance(move, Winnow) and move.source == "library"
            king.solo_winnowing(private.hand, table.secret.library, pub.discards, rng, from_library=from_library)
            where = "the library's top card" if from_library else "a random card of the hand"
            pub.happened.append(f"seat {seat} discards {where}")
            return
        drawn = private.winnowing
        kept = move.card if isinstance(move, Keep) else drawn[0]
        drawn.remove(kept)
        private.hand.append(kept)
        pub.discards.extend(drawn)
        private.winnowing = []
        pub.happened.append(f"seat {seat} keeps one card and discards {', '.join(SCROLLS[c].name for c in drawn)}")

    def _cast_left(self, table: ZTable, cast: Cast) -> None:
        """A scroll effect left the stack, not into play: its card is discarded (a nixed incantation's chanter
        stops chanting)."""
        pub = table.public
        pub.discards.append(cast.card)
        if cast.scroll_type == "incantation" and cast.nixed:
            tribe = pub.tribes[cast.pusher]
            tribe.chanting = max(0, tribe.chanting - 1)

    def _shielded(self, pub: Public, target: Target) -> bool:
        return shielded(pub, target)

    def _zombify(self, pub: Public, seat: int, cid: CreatureId) -> None:
        column = pub.column(cid)
        tribe = pub.tribes[seat]
        tribe.active -= ZOMBIE_COST
        tribe.far_shore += ZOMBIE_COST + 1
        tribe.zombies_left -= 1
        tribe.made_zombie = True
        pub.columns.remove(column)
        if column.crown is not None and pub.crown is not None:
            pub.crown.carrier, pub.crown.tile = None, column.tile
        zombie = Zombie(id=f"z{pub.next_id}", tile=column.tile, owner=seat, in_combat=column.in_combat)
        pub.next_id += 1
        pub.zombies.append(zombie)

    def _answer_seal(self, table: ZTable, seat: int, yes: bool) -> None:
        pub = table.public
        request = pub.request
        assert request is not None
        pub.request = None
        if not yes:
            pub.happened.append(f"seat {seat} will not channel into the seal")
            return
        pay(pub.tribes[request.asker], 1)
        pay(pub.tribes[seat], 1)
        self._activate(table, pub.column(request.column).tile)

    def _sacrifice(self, table: ZTable, seat: int, cid: CreatureId) -> None:
        """Solitaire: one zimby of the column is sacrificed on the shrine and goes to the Far Shore."""
        pub = table.public
        column = pub.column(cid)
        column.zimbies[seat] -= 1
        pub.tribes[seat].far_shore += 1
        self._activate(table, column.tile)

    def _activate(self, table: ZTable, tile: TileId) -> None:
        pub = table.public
        element = table.secret.seals[tile]
        shrine = next(s for s in pub.shrines if s.tile == tile)
        shrine.seal, shrine.activated = element, True
        ward = next(w for w in pub.wards if w.element == element)
        ward.open = True
        pub.happened.append(f"the seal of {element} on {tile} is activated: the {element} ward at {ward.tile} opens")

    # -- the round -----------------------------------------------------------------------------------------------------

    def _end_turn(self, table: ZTable) -> None:
        pub = table.public
        pub.turns_taken += 1
        if pub.turns_taken < pub.seats:
            self._start_turn(pub, (pub.turn + 1) % pub.seats)
            return
        table.public.phase = "thugs"

    def _begin_players(self, pub: Public) -> None:
        """The King's turn is over: the players' turns begin with the first mover."""
        pub.phase = "players"
        pub.turns_taken = 0
        self._start_turn(pub, pub.first_mover)

    def _start_turn(self, pub: Public, seat: int) -> None:
        pub.turn = seat
        tribe = pub.tribes[seat]
        tribe.spawned, tribe.made_zombie = 0, False
        for c in pub.columns:
            c.attacked, c.invoked = False, False
        for z in pub.zombies:
            z.attacked, z.must_attack = False, False

    def chance(self, table: ZTable, rng: Rng) -> Event | None:
        """One part of the round that no player plays: thugs, zombies, wrap-up, refresh, the King's turn."""
        pub = table.public
        pub.happened = []
        phase = pub.phase
        roller = pub.first_mover  # before wrap-up names the next round's
        if phase == "thugs":
            self._thugs(table, rng)
        elif phase == "zombies":
            if not pub.holds_asked:
                # "A zombie's owner may pay 1 mojo to keep their zombie from shambling": asked before they shamble.
                pub.holds_asked = True
                owners = {z.owner for z in pub.zombies if not z.in_combat and available(pub.tribes[z.owner]) >= 1}
                on: JsonValue = {"shamble": pub.round}
                if open_window(pub.windows, pub.first_mover, on, pub.seats, among=owners, with_opener=True):
                    return Event({"type": "hold_asked", "round": pub.round, "seats": sorted(owners)})
            self._zombies(table, rng)
        elif phase == "wrap_up":
            if not pub.hands_asked:
                pub.hands_asked = True
                self._wrap_up_wounds(table, rng)
                # "must discard down to 6 scroll cards (player's choice)": asked, one card at a time.
                over = [s for s, p in enumerate(table.private) if len(p.hand) > self._hand_limit(pub, s)]
                asking: JsonValue = {"hand_limit": pub.round}
                if open_window(pub.windows, pub.first_mover, asking, pub.seats, among=over, with_opener=True):
                    settle_combat(pub)
                    self._count_cards(table)
                    return Event({"type": "hand_limit_asked", "round": pub.round, "happened": list(pub.happened)})
            self._wrap_up(table, rng)
            if pub.round >= pub.round_limit:
                # A draw shared by every seat; solitaire is won only by the Crown, so its round limit is a loss.
                draw = [] if pub.solitaire else list(range(pub.seats))
                pub.phase, pub.winners, pub.reason = "over", draw, "round_limit"
            else:
                pub.round += 1
                pub.phase = "refresh"
        elif phase == "refresh":
            self._refresh(table, rng)
            if pub.phase == "refresh":
                pub.phase = "king"
        elif phase == "king":
            if pub.king.alive:

                def defer(target: CreatureId, casts: TileId | None) -> bool:
                    self._npc_attack(table, KING_ID, target, rng, casts=casts)
                    return True  # the game makes the attack, the ritual and the players' turns follow it

                def casting(tile: TileId) -> None:
                    self._kings_ritual(table, tile, rng)

                hands = [p.hand for p in table.private]
                king.king_turn(pub, table.secret, rng, hands=hands, defer=defer, casting=casting)
            if pub.phase == "king" and not pub.windows:
                self._begin_players(pub)
        else:
            return None
        self._settle(table, rng)
        settle_combat(pub)
        self._count_cards(table)
        event = Event({"type": phase, "round": pub.round, "happened": list(pub.happened)})
        if phase in ROLLED_BY_FIRST_MOVER:
            event.public["rolled_by"] = roller
        return event

    def _thugs(self, table: ZTable, rng: Rng) -> None:
        """The thugs' movement phase, then their attacks one column at a time (a defender may be asked first)."""
        pub = table.public
        if not pub.thugs_moved:
            if not pub.thugs_out:
                pub.thugs_out = True
                npcs.thugs_set_out(table, rng)

            def stop(thug: Thug) -> bool:
                return self._stop_at(table, thug.id, thug.tile, mover=None)

            if npcs.thugs_walk(table, rng, stop=stop):
                return  # a "Stop!" window is open on a thug's walk: it goes on once the stack resolved
            pub.thugs_moved = True
        while pub.phase == "thugs" and (due := npcs.next_thug_attack(pub, rng)) is not None:
            leader, target = due
            if self._npc_attack(table, leader.id, target, rng):
                return
        if pub.phase == "thugs":
            pub.phase = "zombies"

    def _zombies(self, table: ZTable, rng: Rng) -> None:
        """Each zombie shambles in turn, then attacks the living creature it reached (a defender may be asked)."""
        pub = table.public

        def stop(zombie: Zombie) -> bool:
            return self._stop_at(table, zombie.id, zombie.tile, mover=None)

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
            if self._npc_attack(table, zombie.id, target, rng):
                return
        if pub.phase == "zombies":
            pub.phase = "wrap_up"

    def _npc_attack(
        self, table: ZTable, attacker: CreatureId, target: CreatureId, rng: Rng, *, casts: TileId | None = None
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
        self._roll_attack(table, rng)
        self._settle(table, rng)
        return pub.pending_attack is not None

    @staticmethod
    def _hand_limit(pub: Public, seat: int) -> int:
        """6, changed by the hand-limit incantations on the seat."""
        return max(0, HAND_LIMIT + effects.chant(pub, seat, "hand_limit"))

    def _wrap_up_wounds(self, table: ZTable, rng: Rng) -> None:
        """ "Any creature in a wound-causing obstacle suffers wounds": a thug column is one creature."""
        pub = table.public
        thug_columns = {t.tile: combat.thug_column(pub, t.tile)[0] for t in pub.thugs if not t.in_barracks}
        creatures: list[Column | Zombie | Thug] = [*pub.columns, *pub.zombies, *thug_columns.values()]
        for creature in creatures:
            if self._still_there(pub, creature.id):
                combat.suffer_obstacles(pub, creature, rng)

    def _wrap_up(self, table: ZTable, rng: Rng) -> None:
        """The rest of wrap-up: a hand still over the limit (its shaman passed) loses its newest cards, the mojo not
        spent is lost, and the next first mover is found."""
        pub = table.public
        for seat, private in enumerate(table.private):
            while len(private.hand) > self._hand_limit(pub, seat):
                pub.discards.append(private.hand.pop())
        for tribe in pub.tribes:
            tribe.mojo = 0
        counts = [t.first_mover_count for t in pub.tribes]
        best = [t.seat for t in pub.tribes if t.first_mover_count == max(counts)]
        pub.first_mover = best[0] if len(best) == 1 else rng.choice(best)
        for z in pub.zombies:
            z.held, z.shambled, z.shambling = False, False, None
        pub.holds_asked, pub.thugs_out, pub.thugs_moved, pub.hands_asked = False, False, False, False

    @staticmethod
    def _still_there(pub: Public, cid: CreatureId) -> bool:
        return (
            any(c.id == cid for c in pub.columns)
            or any(z.id == cid for z in pub.zombies)
            or any(t.id == cid and not t.in_barracks for t in pub.thugs)
        )

    def _refresh(self, table: ZTable, rng: Rng) -> None:
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


def mover_gone(pub: Public, creature: Column | Zombie) -> bool:
    return creature not in pub.columns and creature not in pub.zombies
