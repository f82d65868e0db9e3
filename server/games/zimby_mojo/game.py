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
  order; on a refusal the mover stays where it was and may step elsewhere
  (or halt; refused at its first step, the path ends there, having paid
  nothing: it could not halt before going somewhere, and one whose only way
  was the refusing column could only ask again, for ever); joining ends the
  path.
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

from collections.abc import Sequence

from server.engine import Event, Game, Outcome, Rng
from server.engine.decisions import Decisions
from server.engine.errors import IllegalMove
from server.engine.knowledge import Seen
from server.engine.seats import check_named_seat

from . import legal, opening, playing, rounds, sampling, scrolls
from .events import EVENTS
from .mojo import available, pay, scroll_cost
from .settling import after_move
from .state import Answer, AnyMove, Attack, EndTurn, Halt, Move, Private, Public, Secret, ZimbyMojoOptions, ZTable
from .ways import movement
from .zones import controls, opponents, settle_combat, shielded

# What the tests, the bots and the docstring above name from this module, though they live in the modules beside it.
__all__ = [
    "ZTable",
    "ZimbyMojo",
    "available",
    "controls",
    "movement",
    "opponents",
    "pay",
    "scroll_cost",
    "settle_combat",
    "shielded",
]


class ZimbyMojo(Decisions[Public, Private, Secret, AnyMove], Game[ZimbyMojoOptions, AnyMove, Public, Private, Secret]):
    """The declaration, and the engine's entry points, each handing over to the module that holds its concept."""

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
    events = EVENTS
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

    def setup(self, options: ZimbyMojoOptions, seats: int, rng: Rng) -> ZTable:
        return opening.setup(options, seats, rng)

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

    def determinize(self, public: Public, private: Private, seat: int, seats: int, rng: Rng, seen: Seen = ()) -> ZTable:
        """The seals, ritual markers, other hands, winnowing draws and library drawn from what ``seat`` knows
        (:mod:`.sampling` says which facts are kept)."""
        return sampling.determinize(self, public, private, seat, seats, rng)

    def legal_moves(self, public: Public, private: Private, seat: int) -> list[AnyMove]:
        return legal.legal_moves(public, private, seat)

    def default_move(self, public: Public, private: Private, seat: int, legal: list[AnyMove]) -> AnyMove:
        """A seat out of time ends its turn or its path, refuses a request, or makes the attack it owes."""
        for quiet in (EndTurn(), Halt(), Answer(yes=False)):
            if quiet in legal:
                return quiet
        return next((m for m in legal if isinstance(m, Attack)), legal[0])

    def check(self, public: Public, private: Private, seat: int, move: AnyMove) -> None:
        if move not in self.legal_moves(public, private, seat):
            raise IllegalMove(f"{move!r} is not a legal move now")

    def apply(self, table: ZTable, seat: int, move: AnyMove, rng: Rng) -> Event:
        """A move by its row in :data:`.playing.MOVES`, or a path's decision; then what ends every move."""
        table.public.happened = []
        if playing.is_decision(table.public, move):
            event = self.play_decision(table, seat, move, rng)
        else:
            event = playing.play(table, seat, move, rng)
        after_move(table, rng, event)
        return event

    def decide(self, table: ZTable, seat: int, move: AnyMove, rng: Rng) -> Event:
        """One decision of a path, by its row in :data:`.playing.DECISIONS`."""
        return playing.play(table, seat, move, rng, playing.DECISIONS)

    def complete(self, table: ZTable, seat: int, rng: Rng, event: Event) -> None:
        """A path is over: nothing more to settle (each step settled itself)."""

    def chance(self, table: ZTable, rng: Rng) -> Event | None:
        """One part of the round that no player plays (:mod:`.rounds`): thugs, zombies, wrap-up, refresh, the King."""
        return rounds.chance(table, rng)
