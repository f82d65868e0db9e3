"""Jackrabbits, the board game for playing cards (Lenino), for 2-4 players.

Rabbits start on the Citadel with three cards and three carrots. Each turn
has four phases: the lottery (two dice; show a card matching either die to
draw one), the journey (roads are free and end at the next hex; trailway
crossings, merchants' horses and boats, rabbit holes and the jesters bought
at taverns cost the dice total in the right suits), the acquisition (claim
the royal of the house you stand on by discarding ten or more in its suit)
and the increment (draw a card when the journey ends on a hex). The first
rabbit back on the Citadel holding three royals that fit the objective wins.
That is the intro game, played by default; the Standard game's four suit
powers (clubs flights, diamonds trades, hearts access, spades fights) and
every optional addition are match options, and the players may build the
board themselves as the match's first phase.

A turn is a series of small decisions of the same seat (each stop of the
journey, each transfer, then its payment as a decision of its own), so that
the legal moves at any point stay a short list a bot or a client can show.
The journey is the engine's move in several decisions
(:mod:`server.engine.decisions`): the seat keeps the turn until it ends, and
it ends in one place, where hearts access, the acquisition or the increment
follows.

The board is a graph. Hexes (the Citadel and twelve houses: a King tower, a
Queen palace and a Jack plaza per suit) are joined by roads that run through
small tiles: a rhombus (mountain, river, woods) carries two separate roads
and a paid crossing between them; a triangle (merchant fork, tavern, rabbit
hole) joins three road ends. A road end may lead off the board. The
underground is a hex of its own that only rabbit holes reach. Road nodes are
named by tile: a hex or a triangle is one node (``CIT``, ``KS``, ``F1``), a
rhombus has two (``M1a`` and ``M1b``). The sample board (option ``board``:
``sample``), node by node::

    CIT  citadel            -> H3 M1a M4a R4a R4b T4 W1b
    JH   plaza (H) by the sea -> H1 H3 M1a M1b M4b
    JS   plaza (S) by the sea -> H3 M1b R3a R4a T2 T3 T4 W3a
    QH   palace (H)         -> F1 F3 F4 M3a M3b R3b R4b T4 W3a W3b
    JD   plaza (D)          -> F1 T1 W1a W1b W2a W3b W4a W4b
    QC   palace (C) by the sea -> H2 R1b T1 W2b W4b
    JC   plaza (C) by the sea -> H1 M4a M4b R1a R1b
    KH   tower (H) by the sea -> F3 F4 M3a R2a R2b
    QD   palace (D) by the sea -> F3 R2b R3a R3b T2 T3
    KD   tower (D) by the sea -> F2 H4 M2a M2b W4a
    KC   tower (C) by the sea -> F1 F4 M2a M3b R2a W1a
    KS   tower (S) by the sea -> R1a
    QS   palace (S) by the sea -> F2 H2 H4 M2b T1 W2a W2b
    UND  underground        -> (rabbit holes only)
    M1a  mountain           -> CIT JH
    M1b  mountain           -> JH JS
    W1a  woods              -> JD KC
    W1b  woods              -> CIT JD
    M2a  mountain           -> KC KD
    M2b  mountain           -> KD QS
    R1a  river              -> JC KS
    R1b  river              -> JC QC
    R2a  river              -> KC KH
    R2b  river              -> KH QD
    M3a  mountain           -> KH QH
    M3b  mountain           -> KC QH
    R3a  river              -> JS QD
    R3b  river              -> QD QH
    W2a  woods              -> JD QS
    W2b  woods              -> QC QS
    R4a  river              -> CIT JS
    R4b  river              -> CIT QH
    W3a  woods              -> JS QH
    W3b  woods              -> JD QH
    W4a  woods              -> JD KD
    W4b  woods              -> JD QC
    M4a  mountain           -> CIT JC
    M4b  mountain           -> JC JH
    H1   hole by the sea    -> JC JH off
    H2   hole by the sea    -> QC QS off
    F1   fork               -> JD KC QH
    F2   fork by the sea    -> KD QS off
    T1   tavern             -> JD QC QS
    T2   tavern by the sea  -> JS QD off
    F3   fork               -> KH QD QH
    T3   tavern by the sea  -> JS QD off
    H3   hole               -> CIT JH JS
    H4   hole by the sea    -> KD QS off
    F4   fork               -> KC KH QH
    T4   tavern             -> CIT JS QH

Hidden: each hand is private to its seat (the court's royals and jokers are
face up, so which seat holds which royal or joker is public; so are the hand
sizes). The pile's order is secret. Dice, positions, the court, the discards,
the carrots, a capital ace, and the cards shown or paid by the last move
(``shown``) are public. Cards seized from a surplus are known to the two
seats concerned only.

Chance: the dice of each lottery (rolled as the turn begins, or after a clubs
flight's card is shown), the shuffle of the pile (and its reshuffles from the
discards), the random board (option ``board``: ``random``) and the first
player unless the option ``first_player`` names one, all from the match's
seeded generator.

Interpretations (rulebook: ``jackrabbits.md``, "THE 4 PHASES of each turn"):

- NOTES.md: "Intro game first; the Standard game's suit powers and each optional addition are options." -> the
  intro game is the default; each suit power of the Standard game is a boolean option (``clubs_flights``,
  ``diamonds_trades``, ``hearts_access``, ``spades_fights``: all four make the Standard game) and so is each optional
  addition; an addition that extends a suit power is refused without that power.
- NOTES.md: "Model the board as a graph" -> roads join road nodes (a hex, a triangle, or one of a rhombus's two
  roads); a hex never links to a hex, triangles never link to triangles, and every road end of a small tile leads
  to a hex or off the board, so no road is a dead end.
- "Map it randomly from scratch, or revisit one explored." -> the option ``board`` is ``sample`` (the fixed board
  drawn above), ``random`` (a seeded board that follows the placement suggestions: connected, no dead ends, no
  hex-to-hex links, triangles apart, the underground reached only by rabbit holes), or ``strict`` / ``free`` (the
  players build it as the match's first phase).
- "Deal by shape to every guest, each will get the same amount." -> the houses of the suits in play, the rhombi and
  the triangles are shuffled shape by shape and dealt round the table; the Citadel lies at the centre of a hex
  lattice (the six spots around it and the twelve beyond) and the underground aside. The cards are dealt once the
  last tile is down ("Lay the *court* in any order, after placing every tile").
- "Strict with turns to place a tile, pick a tile to flip and place." -> ``strict``: clockwise from the first player,
  each seat chooses which shape to lay and where, and the next face-down tile of that shape (nobody knows it before)
  is flipped as it is laid.
- "Free with turns in loose freestyle, flip all tiles to see their face." -> ``free``: every tile is face up (public)
  and each seat in turn chooses which of its own tiles to lay and where.
- "These suggestions are worthwhile, loosely meant in either case" -> the board model itself keeps them: a hex goes
  on a free lattice spot; a rhombus lays two roads (two decisions of the same seat), each between neighbouring hexes
  or from a hex with an open side off the board; a triangle joins three mutually neighbouring hexes, or two on the
  rim and the sea. So no road is a dead end, no hex links a hex, no triangle touches a triangle, and only rabbit
  holes reach the underground. A seat with no tile that fits anywhere passes; after two rounds of passes the tiles
  left are set aside.
- "Hexes may be placed abroad, starting islands disconnected." -> a built board need not be connected: islands are
  reached by horses, boats, flights and rabbit holes.
- "See the mountains, rivers, woods ... with two roads not far apart." -> the two roads of a rhombus lie at most
  1.2 hex spacings apart, midpoint to midpoint (two roads from one hex, or the opposite sides of a diamond of four
  hexes; a road off the board ends on the empty spot beyond the rim), and no road joins the same two hexes twice on
  a board: the random builder pairs them so (``roads_close``), and the sample board is laid so. Players building
  the board lay a rhombus's second road close to its first (a road off the board names no side, so it is close to
  the roads of its own hex), wherever a site is close; else anywhere, the suggestions being "loosely meant".
- "Pay with cards of proper suits: club or spade or even heart." -> the rulebook's pictures are missing: mountain
  crossings are paid in spades, river crossings in hearts, woods crossings in clubs.
- "Stationed where the road is forked, there's a horse and boat to ride." -> merchants are paid in diamonds; the
  horse rides to any hex of the board (the underground is not on it) and ends the journey there; the boat sails
  from a fork with a road off the board to any other road end that leads off the board, and the journey goes on
  inland from there.
- "When you pass by any tavern, you may buy a joker card." -> a joker costs the price in cards of any suit, once per
  visit of a tavern, while one is left in the court; the joker is kept in the hand and is public.
- "Keep it till you'd like to travel, and release it afterward." -> a held joker may pay any later transfer's price
  in full instead of cards; it goes back to the court.
- "Pay to travel cave to cave, use this trick to hop around." -> a rabbit hole's ride to another rabbit hole is paid
  in any suit, and the journey goes on from there; going underground from a rabbit hole is free and ends the
  journey there.
- "Take this turn to wait and waive—hop on out the coming round." -> a turn that starts underground may hop out
  through any rabbit hole for free and go on from there, or stay.
- "Pay the total on your dice—that's the minimum amount." -> a payment is a set of cards of qualifying suits whose
  values reach the price; the legal moves list only the payments from which no card can be left out, while any
  payment that reaches the price is accepted. Aces are worth 1, pips their number, royals 10; a joker is not a
  card to pay with.
- "You may draw a one-card prize—if you show a card you hold." -> the lottery's dice are rolled as the turn begins;
  the seat shows one card whose value (ace 1, pips their number) equals either die, and draws one card, or shows
  nothing.
- "Anyone who's caught discards." -> a hand is checked after every draw: with more than nine cards its owner
  discards, one card at a time, down to nine; a discarded royal or joker goes back to the court.
- "Cross small tiles but stop at hexes—reach the nearest hexagon." -> the journey is a series of decisions of the
  same seat: leave the hex by one of its roads, then at each small tile go on along a road (not straight back the
  way it came, unless there is no other way) or pay a transfer, until a hex or the edge of the board is reached. A
  journey that has not started may be declined (stay).
- "Place a carrot as your mark, and remove it from pursuit." -> a claim needs a free carrot: with three royals
  held, a royal must be spent before another can be claimed. The carrots on royals are public.
- "Royals may be spent as **10**, and the Aces are worth **1**." -> a royal pays any price of its suit, a claim
  included: a claim paid with a royal of the house's suit sends that royal back to the court and frees its carrot
  ("when royal cards are spent, they go back where they begun"), and the carrot marks the royal claimed, so a seat
  may swap one royal of a suit for another; the book names no exception for claims.
- "And remove your carrot then, since your claim has been undone." -> a royal spent in a payment or discarded goes
  back to the court and frees its carrot.
- "End your turns on a hex tile—if you don't end up ashore." -> the increment draws one card when the journey ends
  on a hex, the Citadel and the underground included, and never off the board.
- "Reach this place where you begin, with three royal cards in hand." -> a seat wins as soon as its journey ends
  on the Citadel (staying there included) while the royals it holds include three that fit the objective.
- "Have as many suits as players, and a set of road tiles too." -> with ``tight_suits`` the suits in play are the
  first of spades, hearts, clubs, diamonds, as many as seats ("Spades are often recommended"); the other suits'
  cards, royals and houses leave the game, and the random board has one set of road tiles (a mountain, river,
  woods, fork, tavern and rabbit hole) per suit. The sample board has every suit, so fewer than four players need
  a random board; a transfer paid in a suit out of play is paid in any suit.
- "Pick a fitting kind of ending: one that cards allow you to." -> an objective no three royals of the suits in
  play can fit (diverse or diverse-monarchic with two suits) is refused.
- "Choose to use them as **11**, any time you play an **Ace**." -> with ``ambivalent_aces`` an ace pays 11 (a payment
  may overpay, so 11 never hurts) and shows 1 in the lottery ("Or a **1** when it's deserving-lottery").
- "Your first **Ace** is worth **11**, and the rest you'll use are **1s**." -> with ``capital_aces`` the first ace a
  seat pays with counts 11 and is kept face up before it (public ``capital``), out of play; its later aces pay 1.
- "At the suit-appropriate places, they will grant an extra pip." -> with ``additional_capital`` (only with capital
  aces) a payment whose price is paid in the capital ace's suit counts 1 more.
- "Go to where you're headed next-you don't need to wait around." -> with ``trailing_carrots`` a journey that reaches
  a house whose royal the seat holds may stop there or go on along another road.
- "Honor all the cards that match, and when matching double digits." -> with ``windfall_lottery`` the lottery shows
  every card matching a die at once and draws one card for each, two for each when the dice match each other.
- "Up to six you may accrue." -> with ``overtaxed_hands`` the hand limit is six.
- "Your revealer robs you down." -> with ``seized_surplus`` a hand caught over the limit loses its surplus to the
  next seat clockwise, drawn at random from its aces and pips (royals and jokers stay; if only they are left over,
  the owner discards them); both seats learn which cards moved, nobody else.
- "Hands should not exceed nine cards. Anyone who's caught discards." -> the robber of a seized surplus is caught
  too: if the seized cards take its hand over the limit, it discards down to the limit at once (its choice, one
  card at a time, in the trim phase, after the robbed seat if that one is still over), before play goes on; its
  own surplus is not seized again, so the robbing never runs round the table, and no hand is ever over the limit
  while a card of it could be used.
- "from **14** until **11**" -> with ``patriarchal_values`` aces pay 14, kings 13, queens 12 and jacks 11, and an ace
  matches no die; as this fixes the aces' value it is refused together with ambivalent or capital aces.
- "Show one card before you roll, set **THE JOURNEY** to the skies." -> with ``clubs_flights`` a turn that starts on
  a King tower begins with a decision before the dice: show any card (not a joker) and name another King tower, or
  roll as usual. The lottery follows with the same dice, and the journey is the flight.
- "Pick a tower as a goal, if it beats the dice or ties." -> the flight lands when the shown card's value reaches the
  dice total ("tumblers keep the card that tries": it stays in the hand either way).
- "Count how far your card was off: pay this shortfall to suffice." -> short of the dice, the flight lands if the
  shortfall is paid in the suit of the tower left ("just the suit from there applies"), else (cancelled) it falls
  off the board.
- "You may trade the shown card off-where the clubs fulfill the price." -> the shown card itself may pay the
  shortfall only on a flight from the King tower of clubs.
- "every Jack will sell its suit" -> with ``diamonds_trades`` the acquisition on a Jack plaza may buy one discarded
  card of the plaza's suit a turn, paying its value in diamonds; the bought card is shown as it leaves the discards.
- "Note the asterisk in bold-any suit at all will suit." -> the rulebook does not say which plaza carries the
  asterisk: it is the Jack of diamonds' plaza, where any suit pays.
- "Show six points to prove you're blest, adding hearts from cards you own." -> with ``hearts_access`` a rabbit whose
  journey ends on a Queen palace is asked about by every other seat in turn (clockwise from the next); a seat may
  challenge by showing six or more in hearts ("they're obliged to show their own"), or pass. Every seat is asked,
  whatever it holds, so being asked tells nobody anything; the first challenge ends the asking.
- "Any player may contest, as you reach a queenly throne" -> hearts access asks only about a rabbit whose journey
  reached the palace (a road, a transfer or a flight): one that declines its journey and stays on the palace it
  stood on is not asked about again (nor, with extended access, about the hex it rests on).
- "Or declare you're honored guest, if your carrot marks this zone." -> a rabbit holding the palace's queen is not
  challenged.
- "Off-board players can't request" -> seats off the board are not asked; seats underground are.
- "If you prove at least six hearts, they'll discard what hearts they've shown." -> the challenged rabbit proves by
  showing six or more in hearts (the cards stay in its hand): the challenger discards the hearts it showed and is
  thrown off the board ("off the board the meddler's thrown"), and the acquisition follows. If the rabbit passes,
  it is thrown off the board itself and its turn ends without an increment.
- "You must meet to seize their item, and attack them with a sword." -> with ``spades_fights`` the acquisition on a
  hex of the board (not underground) where other rabbits stand may open a fight, once a turn, by throwing spades at
  one of them.
- "Both go back and forth in tandem, adding spades to beat what's scored." -> the sides take turns; each throw adds
  spades whose values take the thrower's score above the other's ("tying scores is barred"); a side that throws
  nothing yields and is kicked off the board. Every spade thrown is discarded.
- "If your target wins the war, they can't steal a card you hoard." -> a defender who wins steals nothing and the
  attacker's turn ends off the board; an attacker who wins steals one card of the defender's hand at random (only
  the two of them learn which, unless it is a royal or a joker, whose carrot or ownership is public) and goes on with
  the acquisition.
- "place your carrot as the mark-give one up if it's your fourth" -> a stolen royal moves with its carrot; a thief
  then holding four royals gives one of them (its choice) back to the court.
- "question hearts to grant the access; buy with diamonds any loot; show your clubs for flying passes-shortfall's
  paid in any suit." -> with ``advanced_citadel`` the Citadel is also a palace for hearts access, a plaza selling any
  discard for diamonds, and a launch for flights (only a club may be shown there; the shortfall is paid in any
  suit), each as far as its suit power is on.
- "Clubs expand their landing power-any hex above the ground." -> with ``extended_flights`` a flight may aim at any
  hex of the board but the one it leaves (the underground is not on the board).
- "If a guest comes where you rest, show your hearts to turn them down." -> with ``extended_access`` a rabbit whose
  journey ends on any hex but the underground may be challenged, by the rules of the palaces, by the rabbits resting
  there ("anywhere but underground"); on a palace every seat on the board is asked as before.
- "player trades with diamond cards, done in turn where both set foot." -> with ``extended_trades`` (only with
  diamonds trades) the acquisition on a hex of the board where other rabbits stand may offer one of them a deal, once
  a turn: one diamond (an ace or a pip) for a card the proposer names, two decisions of the proposer; the other seat
  accepts (only if it holds the card) or declines. Royals carry carrots and are not traded.
- "Never show your hand's rewards" -> the deal sits in the private parts of the two seats only; everyone else sees
  that a deal was offered, to whom, and whether it was struck.
- "If what's traded proves a farce, swindlers get the off-board boot." -> the server swaps exactly the cards of the
  deal and refuses a card not held, so a deal cannot be a swindle and the boot never falls.
- "Choose to use them as **11**, any time you play an **Ace**." -> with ``ambivalent_aces`` and ``capital_aces``
  together every ace pays 11, and the first one paid is still kept face up as the capital ace.
- "You may always be a guest." -> the acquisition opens on public facts alone (the royal is in the court and a carrot
  is free, or a plaza has discards of its suit to sell), and then offers only what the hand can pay and resting, so
  the phase tells the others nothing about the hand.
- "You must be the first to win, hailed as champion of the land." -> random or stuck play could go on for ever, so
  the option ``turn_limit`` (default 40 rounds) ends the match after that many rounds; then the seats holding the
  most royals share the win (reason ``turn_limit``).
"""

# The package's modules, one concept each: board (tiles, roads, the lattice, the drawing), layouts (the sample and
# random boards), building (the board built as the first phase), cards (values, objectives, payments), hands (cards
# moving between pile, hands, discards and court), options, moves, state (the table's parts), flow (the turn's
# phases), journey (roads, transfers, payments), acquisition (claims and what else a hex offers), the four suit
# powers (flights, trades, access, fights), and game (the declaration and the tables that dispatch moves).
# What other code imports from ``server.games.jackrabbits`` is re-exported here.
from .acquisition import trade_suits
from .board import CITADEL, OFF, UNDERGROUND, Board, Graph, Link, Tile, render_board, roads_close, transfer_suits
from .cards import Additions, Purse, can_pay, fits, lottery_value, payments, value
from .game import Jackrabbits
from .layouts import SAMPLE_BOARD, build_board, sample_board
from .moves import (
    Accept,
    AnyMove,
    Ask,
    Attack,
    Buy,
    Cancel,
    Claim,
    Contest,
    Decline,
    Discard,
    Fly,
    GiveUp,
    Go,
    Jester,
    Move,
    Pass,
    PassTile,
    Pay,
    PlaceHex,
    PlaceRoad,
    PlaceTriangle,
    Propose,
    Prove,
    Rest,
    Roll,
    Show,
    ShowAll,
    Skip,
    Stay,
    Strike,
    Transfer,
    Yield,
)
from .options import JackrabbitsOptions
from .state import JTable, Private, Public, Secret

__all__ = [
    "CITADEL",
    "OFF",
    "SAMPLE_BOARD",
    "UNDERGROUND",
    "Accept",
    "Additions",
    "AnyMove",
    "Ask",
    "Attack",
    "Board",
    "Buy",
    "Cancel",
    "Claim",
    "Contest",
    "Decline",
    "Discard",
    "Fly",
    "GiveUp",
    "Go",
    "Graph",
    "JTable",
    "Jackrabbits",
    "JackrabbitsOptions",
    "Jester",
    "Link",
    "Move",
    "Pass",
    "PassTile",
    "Pay",
    "PlaceHex",
    "PlaceRoad",
    "PlaceTriangle",
    "Private",
    "Propose",
    "Prove",
    "Public",
    "Purse",
    "Rest",
    "Roll",
    "Secret",
    "Show",
    "ShowAll",
    "Skip",
    "Stay",
    "Strike",
    "Tile",
    "Transfer",
    "Yield",
    "build_board",
    "can_pay",
    "fits",
    "lottery_value",
    "payments",
    "render_board",
    "roads_close",
    "sample_board",
    "trade_suits",
    "transfer_suits",
    "value",
]
