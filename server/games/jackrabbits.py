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

    CIT  citadel            -> H3 M1a M3a R4a R4b T4 W1b W2b
    JH   plaza (H) by the sea -> H1 H3 M1a M1b M4b
    JS   plaza (S) by the sea -> H3 M1b R4a T2 T3 T4 W3a
    QH   palace (H)         -> F1 F3 F4 R3b R4b T4 W3a W3b
    JD   plaza (D)          -> F1 M3b M4a T1 W1a W2a W3b W4b
    QC   palace (C) by the sea -> H2 M3a M4a R1b T1 W1b
    JC   plaza (C) by the sea -> H1 M4b R1a R1b W2b
    KH   tower (H) by the sea -> F3 F4 M2b R2a R2b R3a
    QD   palace (D) by the sea -> F3 R2b R3b T2 T3
    KD   tower (D) by the sea -> F2 H4 M2a W4a
    KC   tower (C) by the sea -> F1 F4 M2a M2b M3b R2a R3a W1a W4a W4b
    KS   tower (S) by the sea -> R1a
    QS   palace (S) by the sea -> F2 H2 H4 T1 W2a
    UND  underground        -> (rabbit holes only)
    M1a  mountain           -> CIT JH
    M1b  mountain           -> JH JS
    W1a  woods              -> JD KC
    W1b  woods              -> CIT QC
    M2a  mountain           -> KC KD
    M2b  mountain           -> KC KH
    R1a  river              -> JC KS
    R1b  river              -> JC QC
    R2a  river              -> KC KH
    R2b  river              -> KH QD
    M3a  mountain           -> CIT QC
    M3b  mountain           -> JD KC
    R3a  river              -> KC KH
    R3b  river              -> QD QH
    W2a  woods              -> JD QS
    W2b  woods              -> CIT JC
    R4a  river              -> CIT JS
    R4b  river              -> CIT QH
    W3a  woods              -> JS QH
    W3b  woods              -> JD QH
    W4a  woods              -> KC KD
    W4b  woods              -> JD KC
    M4a  mountain           -> JD QC
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

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Annotated, Any, ClassVar, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    ValidatorFunctionWrapHandler,
    computed_field,
    field_validator,
)

from server.engine import (
    BadOptions,
    DerivedPart,
    Event,
    Game,
    IllegalMove,
    JsonFloat,
    Options,
    Outcome,
    Part,
    Rng,
    Table,
)
from server.engine.cards import SUITS, deck, is_joker, suit
from server.engine.decisions import Decisions, Underway, options
from server.engine.dice import D6, roll_many
from server.engine.option_rules import either, off, on, one_of
from server.engine.payments import minimal_payments
from server.engine.piles import draw
from server.engine.seats import check_named_seat, left_of, named_or_drawn

# -- the board ---------------------------------------------------------------------------------------------------

HexKind = Literal["citadel", "tower", "palace", "plaza", "underground"]
SmallKind = Literal["mountain", "river", "woods", "fork", "tavern", "hole"]
HOUSE_KINDS: dict[str, HexKind] = {"K": "tower", "Q": "palace", "J": "plaza"}
HOUSE_IDS = frozenset(r + s for r in "KQJ" for s in "CDHS")
RHOMBI: tuple[SmallKind, ...] = ("mountain", "river", "woods")
TRIANGLES: tuple[SmallKind, ...] = ("fork", "tavern", "hole")
#: Which suits pay each transfer (the rulebook's pictures are missing; see the interpretations).
TRAILWAY_SUITS = {"mountain": "S", "river": "H", "woods": "C"}
MERCHANT_SUITS = "D"
CLUBS = "C"
SPADES = "S"
ANY_SUIT = SUITS
CITADEL, UNDERGROUND, OFF = "CIT", "UND", "off"
SAMPLE_SEED = 14
#: The Jack plaza marked with the asterisk, where any suit pays (the rulebook does not say which one).
STAR_PLAZA = "JD"


class Tile(BaseModel):
    """One tile: a hex (one road node, its id) or a small tile (a triangle: one node; a rhombus: two roads)."""

    model_config = ConfigDict(frozen=True)

    id: str
    kind: HexKind | SmallKind
    suit: str | None = Field(None, description="a house's suit (C, D, H, S)")
    x: JsonFloat = Field(description="where to draw the tile's centre")
    y: JsonFloat
    roads: tuple[str, ...] = Field(description="the road nodes on this tile")
    seaside: bool = Field(False, description="a road of the tile leads off the board (a fork there has boats)")


class Link(BaseModel):
    """A road across a tile edge: from road node ``a`` to road node ``b``, or off the board (``b`` = ``off``)."""

    model_config = ConfigDict(frozen=True)

    a: str
    b: str


class Board(BaseModel):
    """The tiles and the roads between them: fixed once built, so copies of a table share it."""

    model_config = ConfigDict(frozen=True)

    layout: Literal["sample", "random", "built"]
    tiles: tuple[Tile, ...]
    links: tuple[Link, ...]
    _graph: Graph | None = PrivateAttr(None)

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Board:
        return self

    def __eq__(self, other: object) -> bool:
        """Boards are equal by their tiles and roads, whether or not their lookups were worked out yet."""
        if not isinstance(other, Board):
            return NotImplemented
        return (self.layout, self.tiles, self.links) == (other.layout, other.tiles, other.links)

    def __hash__(self) -> int:
        return hash((self.layout, self.tiles, self.links))

    @property
    def graph(self) -> Graph:
        """The board's lookups, worked out once per board object (a board never changes)."""
        if self._graph is None:
            self._graph = Graph(self)
        return self._graph


class Graph:
    """The board as lookups: which tile holds a node, and where each node's roads lead."""

    def __init__(self, board: Board) -> None:
        self.tile: dict[str, Tile] = {}
        for t in board.tiles:
            for node in t.roads:
                self.tile[node] = t
        self.ends: dict[str, list[str]] = {node: [] for node in self.tile}
        for link in board.links:
            self.ends[link.a].append(link.b)
            if link.b != OFF:
                self.ends[link.b].append(link.a)

    def is_hex(self, node: str) -> bool:
        return node == OFF or self.tile[node].kind in ("citadel", "tower", "palace", "plaza", "underground")

    def of_kind(self, *kinds: str) -> list[str]:
        return [n for n, t in self.tile.items() if t.kind in kinds]


RING1 = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
RING2 = ((2, 0), (2, -1), (2, -2), (1, -2), (0, -2), (-1, -1), (-2, 0), (-2, 1), (-2, 2), (-1, 2), (0, 2), (1, 1))
Spot = tuple[int, int]


def _near(a: Spot, b: Spot) -> bool:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) == 2


def _where(spot: Spot) -> tuple[float, float]:
    q, r = spot
    return round(10 * (q + r / 2), 1), round(8.66 * r, 1)


def build_board(rng: Rng, layout: Literal["sample", "random"], suits: str = SUITS) -> Board:
    """A board after the placement suggestions, laid out by ``rng``, with the houses of ``suits``
    and one set of road tiles per suit (3 rhombi, 3 triangles).

    The Citadel sits in the middle of a hex lattice with the six spots around
    it and, beyond them, as many of the twelve outer spots as the other houses
    need (shuffled). Rhombus roads and triangles go between neighbouring hexes:
    first along a spanning tree (so every hex is reached), then at random, some
    of them leading off the board from the rim.
    """
    sets = len(suits)
    spots: list[Spot] = [(0, 0), *RING1, *rng.shuffled(list(RING2))[: 3 * sets - len(RING1)]]
    houses = rng.shuffled([r + s for s in suits for r in "KQJ"])
    hex_at = dict(zip(spots, [CITADEL, *houses], strict=True))
    spot_of = {h: s for s, h in hex_at.items()}
    near = [(a, b) for i, a in enumerate(spots) for b in spots[i + 1 :] if _near(a, b)]
    rim = [s for s in spots if sum(_near(s, o) for o in spots) < 6]
    # Roads of the rhombi: a spanning tree first, then more links and roads off the board.
    group = {s: s for s in spots}

    def root(s: Spot) -> Spot:
        while group[s] != s:
            s = group[s]
        return s

    roads: list[tuple[str, str]] = []
    for a, b in rng.shuffled(near):
        if root(a) != root(b):
            group[root(a)] = root(b)
            roads.append((hex_at[a], hex_at[b]))
    while len(roads) < 2 * len(RHOMBI) * sets:
        if rng.below(4) == 0:
            roads.append((hex_at[rng.choice(rim)], OFF))
        else:
            a, b = rng.choice(near)
            roads.append((hex_at[a], hex_at[b]))
    rng.shuffle(roads)
    triples = [(a, b, c) for a, b in near for c in spots if c > b and _near(a, c) and _near(b, c)]
    shores = [(a, b) for a, b in near if a in rim and b in rim]
    tiles = [
        Tile(id=h, kind="citadel" if h == CITADEL else HOUSE_KINDS[h[0]], suit=None if h == CITADEL else h[1],
             x=_where(s)[0], y=_where(s)[1], roads=(h,), seaside=s in rim)
        for s, h in hex_at.items()
    ]  # fmt: skip
    tiles.append(Tile(id=UNDERGROUND, kind="underground", x=-40.0, y=-40.0, roads=(UNDERGROUND,)))
    links: list[Link] = []

    def point(end: str, inner: str) -> tuple[float, float]:
        x, y = _where(spot_of[inner if end == OFF else end])
        return (x * 1.5, y * 1.5) if end == OFF else (x, y)

    def centre(points: list[tuple[float, float]]) -> tuple[float, float]:
        return round(sum(p[0] for p in points) / len(points), 1), round(sum(p[1] for p in points) / len(points), 1)

    terrains = rng.shuffled([k for k in RHOMBI for _ in range(sets)])
    count: dict[str, int] = {}
    for i, kind in enumerate(terrains):
        count[kind] = count.get(kind, 0) + 1
        tid = f"{kind[0].upper()}{count[kind]}"
        pair = roads[2 * i : 2 * i + 2]
        ends = [point(e, p[0]) for p in pair for e in p]
        x, y = centre(ends)
        tiles.append(
            Tile(id=tid, kind=kind, x=x, y=y, roads=(tid + "a", tid + "b"), seaside=any(OFF in p for p in pair))
        )
        for node, (start, end) in zip((tid + "a", tid + "b"), pair, strict=True):
            links += [Link(a=start, b=node), Link(a=node, b=end)]
    for kind in rng.shuffled([k for k in TRIANGLES for _ in range(sets)]):
        count[kind] = count.get(kind, 0) + 1
        tid = f"{kind[0].upper()}{count[kind]}"
        by_sea = bool(shores) and rng.below(3) == 0
        ends_at = (
            [hex_at[s] for s in rng.choice(shores)] + [OFF] if by_sea else [hex_at[s] for s in rng.choice(triples)]
        )
        x, y = centre([point(e, ends_at[0]) for e in ends_at])
        tiles.append(Tile(id=tid, kind=kind, x=x, y=y, roads=(tid,), seaside=by_sea))
        links += [Link(a=tid, b=e) if e == OFF else Link(a=e, b=tid) for e in ends_at]
    return Board(layout=layout, tiles=tuple(tiles), links=tuple(links))


def render_board(board: Board) -> str:
    """The board as text, one road node a line: the tile, its kind, and where its roads lead."""
    graph = Graph(board)
    lines = []
    for t in board.tiles:
        for node in t.roads:
            kind = (
                t.kind
                + (f" ({t.suit})" if t.suit else "")
                + (" by the sea" if t.seaside and t.roads == (node,) else "")
            )
            lines.append(f"    {node:<4} {kind:<18} -> {' '.join(sorted(graph.ends[node])) or '(rabbit holes only)'}")
    return "\n".join(lines)


SAMPLE_BOARD = build_board(Rng(SAMPLE_SEED), "sample")
#: The sample board as a stored table holds it, to recognise it when a table is read back.
SAMPLE_BOARD_DATA: dict[str, Any] = SAMPLE_BOARD.model_dump(mode="json")

# -- cards -----------------------------------------------------------------------------------------------------------

ROYAL_RANKS = "KQJ"
HAND_START = 3
HAND_LIMIT = 9
OVERTAXED_LIMIT = 6
CARROTS = 3
ROYALS_NEEDED = 3
CLAIM_PRICE = 10
Objective = Literal["simple", "diverse", "monarchic", "diverse_monarchic", "tribal"]


TIGHT_ORDER = "SHCD"


def suits_in_play(tight: bool, seats: int) -> str:
    """Every suit, or with Tight Suits as many as players: spades first ("Spades are often recommended")."""
    kept = TIGHT_ORDER[:seats] if tight else TIGHT_ORDER
    return "".join(s for s in SUITS if s in kept)


def is_royal(card: str) -> bool:
    return card[0] in ROYAL_RANKS and not is_joker(card)


PATRIARCHAL = {"A": 14, "K": 13, "Q": 12, "J": 11}


class Additions(BaseModel):
    """The suit powers and optional additions in play, each a match option (see :class:`JackrabbitsOptions`)."""

    clubs_flights: bool = False
    diamonds_trades: bool = False
    hearts_access: bool = False
    spades_fights: bool = False
    advanced_citadel: bool = False
    extended_flights: bool = False
    extended_access: bool = False
    extended_trades: bool = False
    tight_suits: bool = False
    ambivalent_aces: bool = False
    capital_aces: bool = False
    additional_capital: bool = False
    trailing_carrots: bool = False
    windfall_lottery: bool = False
    overtaxed_hands: bool = False
    seized_surplus: bool = False
    patriarchal_values: bool = False


def value(card: str, adds: Additions | None = None) -> int:
    """A card's worth in a payment: aces 1, pips their number, royals 10, jokers nothing; with patriarchal
    values aces 14, kings 13, queens 12, jacks 11; with ambivalent aces an ace is 11 (see :func:`lottery_value`)."""
    if is_joker(card):
        return 0
    if adds is not None and adds.patriarchal_values and card[0] in PATRIARCHAL:
        return PATRIARCHAL[card[0]]
    if card[0] == "A":
        return 11 if adds is not None and adds.ambivalent_aces else 1
    if card[0] in "TJQK":
        return 10
    return int(card[0])


def lottery_value(card: str, adds: Additions) -> int | None:
    """What a card shows in the lottery: aces 1 (14 with patriarchal values), pips their number; royals and
    jokers never match a die."""
    if is_joker(card) or is_royal(card):
        return None
    if card[0] == "A":
        return PATRIARCHAL["A"] if adds.patriarchal_values else 1
    return value(card)


class Purse:
    """How a seat's cards add up in a payment under the additions in play: its first ace counts 11 with
    capital aces, and its capital ace adds 1 where its suit pays (additional capital)."""

    def __init__(self, adds: Additions, capital: str | None) -> None:
        self.adds, self.capital = adds, capital

    def first_ace_bonus(self, cards: Sequence[str]) -> bool:
        return self.adds.capital_aces and self.capital is None and any(c[0] == "A" for c in cards)

    def total(self, cards: Sequence[str], suits: str) -> int:
        worth = sum(value(c, self.adds) for c in cards)
        if self.first_ace_bonus(cards) and not self.adds.ambivalent_aces:  # ambivalent aces are 11 already
            worth += 10
        if self.adds.additional_capital and self.capital is not None and suit(self.capital) in suits:
            worth += 1
        return worth


def fits(royals: Sequence[str], objective: Objective) -> bool:
    """Whether some three of ``royals`` fulfil the objective."""
    for trio in combinations(royals, ROYALS_NEEDED):
        suits = {suit(c) for c in trio}
        ranks = {c[0] for c in trio}
        if objective == "simple":
            return True
        if objective == "diverse" and len(suits) == 3:
            return True
        if objective == "monarchic" and len(ranks) == 3:
            return True
        if objective == "diverse_monarchic" and len(ranks) == 3 and len(suits) == 3:
            return True
        if objective == "tribal" and len(suits) == 1:
            return True
    return False


def payments(hand: Sequence[str], suits: str, price: int, purse: Purse | None = None) -> list[list[str]]:
    """Every set of cards in ``suits`` from ``hand`` reaching ``price`` from which no card can be left out."""
    counted = purse or Purse(Additions(), None)
    usable = sorted(c for c in hand if not is_joker(c) and suit(c) in suits)
    return minimal_payments(usable, lambda cards: counted.total(cards, suits), price)


def can_pay(hand: Sequence[str], suits: str, price: int, purse: Purse | None = None) -> bool:
    purse = purse or Purse(Additions(), None)
    return purse.total([c for c in hand if not is_joker(c) and suit(c) in suits], suits) >= price


# -- options, moves, parts --------------------------------------------------------------------------------------------


class JackrabbitsOptions(Options):
    objective: Objective = Field("simple", description="which three royals win: the objective chosen at setup")
    board: Literal["sample", "random", "strict", "free"] = Field(
        "sample",
        description="the fixed sample board; a seeded random board that follows the placement suggestions; or the "
        "players build it, tile by tile in turn, drawing face-down tiles (strict) or choosing among their face-up "
        "tiles (free)",
    )
    first_player: int | None = Field(None, ge=0, le=3, description="seat of the first player; drawn if unset")
    turn_limit: int = Field(40, ge=1, le=1000, description="rounds after which the most royals held wins")
    clubs_flights: bool = Field(
        False,
        description="Standard game, clubs: from a King tower, show a card before the roll and fly to another tower "
        "if it reaches the dice; pay the shortfall in the tower's suit or fall off the board",
    )
    diamonds_trades: bool = Field(
        False,
        description="Standard game, diamonds: at a Jack plaza buy one discarded card of its suit for its value in "
        "diamonds (any suit at the Jack of diamonds' plaza, the one with the asterisk)",
    )
    spades_fights: bool = Field(
        False,
        description="Standard game, spades: at the acquisition, attack a rabbit on the same hex; both add spades to "
        "beat the other's score; the one who stops is kicked off the board, and a winning attacker steals a card",
    )
    hearts_access: bool = Field(
        False,
        description="Standard game, hearts: a rabbit reaching a Queen palace may be challenged to show six in hearts; "
        "whoever is wrong is thrown off the board",
    )
    advanced_citadel: bool = Field(
        False,
        description="Advanced Citadel (with a suit power): the Citadel also vets hearts like a palace, sells any "
        "discard for diamonds like a plaza, and launches flights like a tower for a club shown",
    )
    extended_flights: bool = Field(
        False, description="Extended Flights (with clubs flights): a flight may land on any hex of the board"
    )
    extended_access: bool = Field(
        False,
        description="Extended Access (with hearts access): rabbits resting on any hex but the underground may "
        "challenge a rabbit that arrives there",
    )
    extended_trades: bool = Field(
        False,
        description="Extended Trades (with diamonds trades): at the acquisition, offer a rabbit on the same hex a "
        "diamond for a card you name; only the two of you see the deal",
    )
    tight_suits: bool = Field(
        False,
        description="Tight Suits: as many suits (spades, hearts, clubs, diamonds, in that order) and sets of road "
        "tiles as players; needs a random board with fewer than 4 players",
    )
    ambivalent_aces: bool = Field(False, description="Ambivalent Aces: aces pay 11 (and show 1 in the lottery)")
    capital_aces: bool = Field(
        False, description="Capital Aces: a seat's first ace paid counts 11 and is kept face up before it"
    )
    additional_capital: bool = Field(
        False, description="Additional Capital (with Capital Aces): the kept ace adds 1 to payments in its suit"
    )
    trailing_carrots: bool = Field(
        False, description="Trailing Carrots: a journey may go on through a house whose royal the seat holds"
    )
    windfall_lottery: bool = Field(
        False, description="Windfall Lottery: show every matching card and draw one for each (two on a double)"
    )
    overtaxed_hands: bool = Field(False, description="Overtaxed Hands: the hand limit is 6 instead of 9")
    seized_surplus: bool = Field(
        False, description="Seized Surplus: the next seat takes a caught hand's surplus cards at random"
    )
    patriarchal_values: bool = Field(
        False, description="Patriarchal Values: aces 14, kings 13, queens 12, jacks 11 (not with the other ace options)"
    )

    def additions(self) -> Additions:
        return Additions(**{name: getattr(self, name) for name in Additions.model_fields})


class PlaceHex(BaseModel):
    """Board building: lay a hex at lattice spot ``q``, ``r`` (free: the house ``tile``; strict: the next
    face-down hex)."""

    type: Literal["place_hex"] = "place_hex"
    tile: str | None = None
    q: int = Field(ge=-2, le=2)
    r: int = Field(ge=-2, le=2)


class PlaceRoad(BaseModel):
    """Board building: lay a rhombus's road from hex ``a`` to hex ``b`` (or ``off``), then, as the next decision,
    its second road (free: the first road names the terrain ``tile``; strict: the next face-down rhombus)."""

    type: Literal["place_road"] = "place_road"
    tile: str | None = None
    a: str
    b: str


class PlaceTriangle(BaseModel):
    """Board building: lay a triangle whose three road ends lead to ``ends`` (hexes, or one ``off``)."""

    type: Literal["place_triangle"] = "place_triangle"
    tile: str | None = None
    ends: list[str] = Field(min_length=3, max_length=3)


class PassTile(BaseModel):
    """Board building: no tile of the seat's fits anywhere yet; wait for the next round."""

    type: Literal["pass_tile"] = "pass_tile"


class Show(BaseModel):
    """Lottery: show ``card`` (its value equals a die) to draw one card."""

    type: Literal["show"] = "show"
    card: str


class ShowAll(BaseModel):
    """Windfall lottery: show every card matching a die and draw one card for each (two each on a double)."""

    type: Literal["show_all"] = "show_all"


class Fly(BaseModel):
    """Clubs flight, before the roll, from a King tower: show ``card`` and fly to the tower ``to``."""

    type: Literal["fly"] = "fly"
    card: str
    to: str


class Roll(BaseModel):
    """Clubs flight declined: roll the dice for an ordinary turn."""

    type: Literal["roll"] = "roll"


class Buy(BaseModel):
    """Diamonds trade at a Jack plaza: buy the discarded ``card`` (the payment is the next decision)."""

    type: Literal["buy"] = "buy"
    card: str


class Contest(BaseModel):
    """Hearts access: challenge the rabbit at the Queen palace, showing ``cards``, six or more in hearts."""

    type: Literal["contest"] = "contest"
    cards: list[str] = Field(min_length=1, max_length=HAND_LIMIT + 1)


class Prove(BaseModel):
    """Hearts access, challenged: show ``cards``, six or more in hearts."""

    type: Literal["prove"] = "prove"
    cards: list[str] = Field(min_length=1, max_length=HAND_LIMIT + 1)


class Attack(BaseModel):
    """Spades fight: attack the rabbit of seat ``target`` on the same hex, throwing ``cards`` (spades)."""

    type: Literal["attack"] = "attack"
    target: int = Field(ge=0, le=3)
    cards: list[str] = Field(min_length=1, max_length=HAND_LIMIT + 1)


class Strike(BaseModel):
    """Spades fight: add ``cards`` (spades) to beat the other side's score (ties are barred)."""

    type: Literal["strike"] = "strike"
    cards: list[str] = Field(min_length=1, max_length=HAND_LIMIT + 1)


class Yield(BaseModel):
    """Spades fight: throw nothing more, and be kicked off the board."""

    type: Literal["yield"] = "yield"


class GiveUp(BaseModel):
    """A fourth royal stolen: give ``royal`` back to the court, freeing its carrot."""

    type: Literal["give_up"] = "give_up"
    royal: str


class Propose(BaseModel):
    """Extended trades: offer the rabbit of seat ``target`` on the same hex the diamond ``give`` (privately)."""

    type: Literal["propose"] = "propose"
    target: int = Field(ge=0, le=3)
    give: str


class Ask(BaseModel):
    """Extended trades: name the card wanted in return for the diamond offered."""

    type: Literal["ask"] = "ask"
    card: str


class Accept(BaseModel):
    """Extended trades: accept the deal offered (the card asked for is handed over, the diamond taken)."""

    type: Literal["accept"] = "accept"


class Decline(BaseModel):
    """Extended trades: decline the deal offered."""

    type: Literal["decline"] = "decline"


class Pass(BaseModel):
    """Hearts access: do not challenge; or, challenged, do not prove (and be thrown off the board)."""

    type: Literal["pass"] = "pass"


class Skip(BaseModel):
    """Lottery: show nothing, draw nothing."""

    type: Literal["skip"] = "skip"


class Go(BaseModel):
    """Journey: follow the road to road node ``to`` (``off``: off the board); free."""

    type: Literal["go"] = "go"
    to: str


class Stay(BaseModel):
    """Journey: do not move this turn (only before the journey has started)."""

    type: Literal["stay"] = "stay"


Via = Literal["trailway", "horse", "boat", "rabbit_hole", "tavern"]


class Transfer(BaseModel):
    """Journey: a paid transfer ``via`` a trailway crossing, a merchant's horse or boat, a rabbit hole, to ``to``;
    or (``tavern``) buy a joker here. The payment is the next decision."""

    type: Literal["transfer"] = "transfer"
    via: Via
    to: str


class Pay(BaseModel):
    """Pay the pending price (a transfer's, or a claim's: ten in the royal's suit) with ``cards``."""

    type: Literal["pay"] = "pay"
    cards: list[str] = Field(min_length=1, max_length=HAND_LIMIT + 1)


class Jester(BaseModel):
    """Pay the pending transfer with a joker held (it goes back to the court)."""

    type: Literal["jester"] = "jester"


class Cancel(BaseModel):
    """Give up the pending transfer or claim, paying nothing."""

    type: Literal["cancel"] = "cancel"


class Claim(BaseModel):
    """Acquisition: claim the royal of the house stood on (its payment is the next decision)."""

    type: Literal["claim"] = "claim"


class Rest(BaseModel):
    """Acquisition: make no claim."""

    type: Literal["rest"] = "rest"


class Discard(BaseModel):
    """Caught with more than nine cards: discard ``card``."""

    type: Literal["discard"] = "discard"
    card: str


AnyMove = (PlaceHex | PlaceRoad | PlaceTriangle | PassTile | Fly | Roll | Buy | Attack | Strike | Yield | GiveUp |
           Contest | Prove | Pass | Propose | Ask | Accept | Decline | Show | ShowAll | Skip | Go | Stay | Transfer |
           Pay | Jester | Cancel | Claim | Rest | Discard)  # fmt: skip
Move = Annotated[AnyMove, Field(discriminator="type")]
Phase = Literal[
    "build",
    "takeoff",
    "ask",
    "consider",
    "lottery",
    "journey",
    "arrived",  # the journey's last decision made, until what follows it is settled in the same move
    "pay",
    "acquire",
    "fight",
    "give_up",
    "access",
    "prove",
    "trim",
    "over",
]
ACCESS_PROOF = 6


def transfer_suits(kind: str, in_play: str) -> str:
    """The suits that pay a transfer on a tile of ``kind``: a suit out of play (Tight Suits) gives way to any."""
    paid_in = TRAILWAY_SUITS.get(kind, MERCHANT_SUITS if kind == "fork" else ANY_SUIT)
    return paid_in if all(s in in_play for s in paid_in) else in_play


class Pending(BaseModel):
    """What the acting seat is paying for: a transfer (``via``, ``to``) or a claim (``via`` = ``claim``)."""

    via: Via | Literal["claim", "flight", "trade"]
    to: str
    price: int
    suits: str
    exclude: str | None = Field(None, description="a card that may not pay (the flight's shown card, off the clubs)")


class Flight(BaseModel):
    """A clubs flight declared before the roll: the card shown, the tower left and the tower aimed at."""

    card: str
    start: str
    to: str


Shape = Literal["hex", "rhombus", "triangle"]
SHAPE_OF: dict[str, Shape] = {**{k: "rhombus" for k in RHOMBI}, **{k: "triangle" for k in TRIANGLES}}


class Building(BaseModel):
    """The board being built by the players: each seat's tiles left by shape, where the hexes lie, and a rhombus
    whose first road is down."""

    mode: Literal["strict", "free"]
    left: list[dict[str, int]] = Field(description="each seat's tiles still to place, by shape")
    faces: list[list[str]] = Field(description="free building: each seat's face-up tiles")
    spots: dict[str, list[int]] = Field(description="where each hex lies on the lattice: q, r")
    half: list[str] | None = Field(None, description="a rhombus with one road down: its id, the road's two ends")
    passes: int = Field(0, description="seats in a row that could place nothing")


LATTICE: tuple[Spot, ...] = ((0, 0), *RING1, *RING2)
DIRECTIONS: tuple[Spot, ...] = RING1


def shape_of(name: str) -> Shape:
    return "hex" if name in HOUSE_IDS else SHAPE_OF[name]


def _spot(b: Building, hex_id: str) -> Spot:
    q, r = b.spots[hex_id]
    return q, r


def _open_sides(b: Building, hex_id: str) -> bool:
    """Whether some side of the hex faces no hex (so a road may lead off the board there)."""
    taken = {_spot(b, h) for h in b.spots}
    q, r = _spot(b, hex_id)
    return any((q + dq, r + dr) not in taken for dq, dr in DIRECTIONS)


def road_sites(b: Building) -> list[tuple[str, str]]:
    """Where a rhombus road may go: between two neighbouring hexes, or from a hex off the board."""
    hexes = list(b.spots)
    pairs = [(a, c) for i, a in enumerate(hexes) for c in hexes[i + 1 :] if _near(_spot(b, a), _spot(b, c))]
    return pairs + [(h, OFF) for h in hexes if _open_sides(b, h)]


def triangle_sites(b: Building) -> list[tuple[str, str, str]]:
    """Where a triangle may go: between three mutually neighbouring hexes, or two on the rim and the sea."""
    hexes = list(b.spots)
    near = [(a, c) for i, a in enumerate(hexes) for c in hexes[i + 1 :] if _near(_spot(b, a), _spot(b, c))]
    triples = [
        (a, c, d) for a, c in near for d in hexes[hexes.index(c) + 1 :]
        if _near(_spot(b, a), _spot(b, d)) and _near(_spot(b, c), _spot(b, d))
    ]  # fmt: skip
    shores = [(a, c, OFF) for a, c in near if _open_sides(b, a) and _open_sides(b, c)]
    return triples + shores


def _point(board: Board, end: str, inner: str) -> tuple[float, float]:
    tile = next(t for t in board.tiles if t.id == (inner if end == OFF else end))
    return (tile.x * 1.5, tile.y * 1.5) if end == OFF else (tile.x, tile.y)


def _centre(points: list[tuple[float, float]]) -> tuple[float, float]:
    return round(sum(p[0] for p in points) / len(points), 1), round(sum(p[1] for p in points) / len(points), 1)


def _next_id(board: Board, kind: str) -> str:
    return f"{kind[0].upper()}{sum(t.kind == kind for t in board.tiles) + 1}"


class Deal(BaseModel):
    """Extended trades, seen only by the two seats: the diamond offered, the card asked for, the other seat."""

    give: str
    ask: str | None = None
    partner: int


class Fight(BaseModel):
    """A spades fight: the two seats, each one's score so far, and the seat to throw next."""

    attacker: int
    defender: int
    scores: list[int] = Field(description="attacker's, defender's")
    to_throw: int


class Challenge(BaseModel):
    """Hearts access at a Queen palace: the seats still to be asked, and the challenger with the cards shown."""

    palace: str
    asking: list[int]
    challenger: int | None = None
    shown: list[str] = Field(default_factory=list)


class Public(DerivedPart):
    #: A board never changes, it is replaced (:class:`Board`): views serialise each board once.
    shared_fields: ClassVar[frozenset[str]] = frozenset({"board"})

    objective: Objective
    additions: Additions
    suits: str = Field(description="the suits in play")
    hand_limit: int
    board: Board
    turn_limit: int
    round: int = Field(description="the round in play, from 1")
    first_player: int
    turn: int = Field(description="the seat whose turn it is")
    phase: Phase
    then: Literal["journey", "next"] = Field("journey", description="what follows the discards of a full hand")
    dice: list[int] = Field(description="the lottery's dice; their total is the price of transfers")
    rabbits: list[str] = Field(description="each seat's road node, or off (off the board)")
    came_from: str | None = Field(None, description="the node the journey came from (no going straight back)")
    moved: bool = Field(False, description="whether this turn's journey has started")
    bought: list[str] = Field(default_factory=list, description="taverns where a joker was bought this journey")
    pending: Pending | None = None
    building: Building | None = None
    flight: Flight | None = None
    challenge: Challenge | None = None
    fight: Fight | None = None
    fought: bool = Field(False, description="whether the seat has fought this turn")
    dealing: list[int] | None = Field(None, description="extended trades: the proposer and the seat it deals with")
    dealt: bool = Field(False, description="whether the seat has offered a deal this turn")
    traded: bool = Field(False, description="whether a card was bought at a plaza this turn")
    court: list[str] = Field(description="royals and jokers face up, not held by anyone")
    royals: list[list[str]] = Field(description="each seat's royals, marked by its carrots")
    jesters: list[list[str]] = Field(description="each seat's jokers, bought at taverns")
    carrots: list[int] = Field(description="each seat's carrots not yet on a royal")
    capital: list[str | None] = Field(description="each seat's capital ace, kept face up once paid (Capital Aces)")
    hand_sizes: list[int]
    pile_size: int
    discards: list[str] = Field(description="the spent cards, last on top")
    shown: list[str] = Field(default_factory=list, description="cards the last move showed or paid")
    winners: list[int] = Field(default_factory=list)
    reason: str = "completed"

    @field_validator("board", mode="wrap")
    @classmethod
    def _share_the_sample_board(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Board:
        """A table read back with the sample board gets :data:`SAMPLE_BOARD` itself, not a copy.

        Boards never change (a built board is replaced, tile by tile), so tables may share one. A
        decoded copy would be about 280 objects (the tiles, the links, their field sets), most of
        a table's, and every young collection walks the tables in flight
        (``server/runtime/gc.py``). The stored board is compared with the sample's data in full,
        so a board that merely says ``sample`` is validated as it is.
        """
        if isinstance(value, dict) and value.get("layout") == "sample" and value == SAMPLE_BOARD_DATA:
            return SAMPLE_BOARD
        board: Board = handler(value)
        return board

    @computed_field(description="the move under way: the journey, a payment, a rhombus's roads, a deal")  # type: ignore[prop-decorator]
    @property
    def underway(self) -> Underway | None:
        """A journey once started, a payment asked for, a rhombus with one road down, a deal being named."""
        if self.phase == "journey":
            at, on_hex = self.rabbits[self.turn], self.board.graph.is_hex(self.rabbits[self.turn])
            # On a small tile the journey must go on; on a hex it has begun once the seat moved (or bought a joker).
            if self.moved or self.bought or not on_hex:
                so_far = {"at": at, "came_from": self.came_from, "bought": list(self.bought)}
                stop = on_hex and at not in (OFF, UNDERGROUND)
                return Underway(seat=self.turn, step="journey", so_far=so_far, may_stop=stop)
        if self.phase == "pay" and self.pending is not None:
            return Underway(seat=self.turn, step="pay", so_far={"pending": self.pending.model_dump(mode="json")})
        if self.phase == "build" and self.building is not None and self.building.half is not None:
            return Underway(seat=self.turn, step="road", so_far={"half": list(self.building.half)})
        if self.phase == "ask" and self.dealing is not None:
            # The diamond offered stays in the two seats' private parts: only the partner is public.
            return Underway(seat=self.dealing[0], step="ask", so_far={"partner": self.dealing[1]})
        return None


class Private(Part):
    hand: list[str] = Field(default_factory=list)
    deal: Deal | None = Field(None, description="extended trades: a deal this seat is part of")
    seized: list[str] = Field(
        default_factory=list, description="the cards the next seat last took from this hand's surplus (Seized Surplus)"
    )


class Secret(Part):
    pile: list[str] = Field(default_factory=list, description="the draw pile, top first")
    tiles: list[dict[str, list[str]]] = Field(
        default_factory=list, description="strict building: each seat's face-down tiles by shape, top first"
    )


JTable = Table[Public, Private, Secret]


def check_cards(hand: Sequence[str], cards: Sequence[str], suits: str, price: int, purse: Purse) -> None:
    """Refuse ``cards`` unless they are in ``hand``, of ``suits``, and reach ``price``."""
    left = list(hand)
    for card in cards:
        if card not in left:
            raise IllegalMove(f"{card} is not in your hand (each card counts once)")
        left.remove(card)
    if any(is_joker(c) or suit(c) not in suits for c in cards):
        raise IllegalMove(f"only cards of {', '.join(suits)} count here")
    if purse.total(cards, suits) < price:
        raise IllegalMove(f"the price is {price}: reach at least that much")


def showing(adds: Additions) -> Additions:
    """Card values for showing hearts: the values in play, without a capital ace's bonus (nothing is paid)."""
    return Additions(ambivalent_aces=adds.ambivalent_aces, patriarchal_values=adds.patriarchal_values)


def claimable(public: Public, seat: int) -> bool:
    """Whether the seat stands on a house whose royal is in the court, with a carrot free."""
    at = public.rabbits[seat]
    return at in public.court and is_royal(at) and len(public.royals[seat]) < CARROTS


def trade_suits(plaza: str, in_play: str) -> str:
    """Diamonds buy at every Jack plaza (and the Advanced Citadel); the asterisk (the Jack of diamonds' plaza)
    takes any suit."""
    return in_play if plaza == STAR_PLAZA or MERCHANT_SUITS not in in_play else MERCHANT_SUITS


def for_sale(public: Public, seat: int) -> list[str]:
    """The discards a seat may buy where it stands, once a turn (Diamonds trades): a Jack plaza sells its suit,
    the Advanced Citadel any suit."""
    at = public.rabbits[seat]
    if not public.additions.diamonds_trades or public.traded:
        return []
    if at == CITADEL and public.additions.advanced_citadel:
        return sorted(set(public.discards))
    if not (len(at) == 2 and at[0] == "J" and is_royal(at)):
        return []
    return sorted({c for c in public.discards if suit(c) == at[1]})


def rivals(public: Public, seat: int) -> list[int]:
    """Seats a spades fight may attack: rabbits on the seat's hex (on the board), once a turn."""
    at = public.rabbits[seat]
    if not public.additions.spades_fights or public.fought or at in (OFF, UNDERGROUND):
        return []
    return [s for s, there in enumerate(public.rabbits) if s != seat and there == at]


def building_moves(public: Public, seat: int) -> list[AnyMove]:
    """Every tile the seat may lay now, and where (a rhombus's second road once its first is down)."""
    b = public.building
    assert b is not None
    if b.half is not None:
        return [PlaceRoad(a=a, b=c) for a, c in road_sites(b)]
    left = b.left[seat]

    def names(shape: Shape) -> list[str | None]:
        if not left[shape]:
            return []
        if b.mode == "strict":
            return [None]
        return [*sorted({t for t in b.faces[seat] if shape_of(t) == shape})]

    taken = {_spot(b, h) for h in b.spots}
    moves: list[AnyMove] = [PlaceHex(tile=n, q=q, r=r) for n in names("hex") for q, r in LATTICE if (q, r) not in taken]
    moves += [PlaceRoad(tile=n, a=a, b=c) for n in names("rhombus") for a, c in road_sites(b)]
    moves += [PlaceTriangle(tile=n, ends=list(site)) for n in names("triangle") for site in triangle_sites(b)]
    return moves or [PassTile()]


def partners(public: Public, seat: int) -> list[int]:
    """Seats an extended trade may be offered to: rabbits on the seat's hex (on the board), once a turn."""
    adds = public.additions
    at = public.rabbits[seat]
    if not (adds.diamonds_trades and adds.extended_trades) or public.dealt or at in (OFF, UNDERGROUND):
        return []
    return [s for s, there in enumerate(public.rabbits) if s != seat and there == at]


def journeying(public: Public, move: AnyMove) -> bool:
    """Whether ``move`` is a decision of the journey: a road, a transfer or a flight, its payment, or stopping."""
    if isinstance(move, Go | Stay | Transfer):
        return True
    pending = public.pending if public.phase == "pay" else None
    return isinstance(move, Pay | Jester | Cancel) and pending is not None and pending.via not in ("claim", "trade")


def purse_of(public: Public, seat: int) -> Purse:
    return Purse(public.additions, public.capital[seat])


def matching_cards(hand: Sequence[str], public: Public) -> list[str]:
    """The cards of ``hand`` whose lottery value equals a die."""
    return sorted({c for c in hand if lottery_value(c, public.additions) in public.dice})


class Jackrabbits(
    Decisions[Public, Private, Secret, AnyMove], Game[JackrabbitsOptions, AnyMove, Public, Private, Secret]
):
    name = "jackrabbits"
    title = "Jackrabbits"
    min_seats, max_seats = 2, 4
    summary = (
        "The board game for playing cards, for 2-4. Roll two dice and show a matching card to draw; journey "
        "from hex to hex on free roads or paid transfers (trailways, horses, boats, rabbit holes, jesters); "
        "claim royals by discarding ten in their suit; the first back on the Citadel with three royals that fit "
        "the objective wins. The Standard game's suit powers, every optional addition and building the board "
        "are options."
    )
    options_type = JackrabbitsOptions
    seat_options = ("first_player",)
    move_type = Move
    public_type, private_type, secret_type = Public, Private, Secret
    reasons = {"turn_limit": "the round limit was reached: the seats holding the most royals share the win"}

    def options_rules(self, seats: int) -> list[dict[str, Any]]:
        rules = [
            either(off("patriarchal_values"), off("ambivalent_aces", "capital_aces")),
            either(off("additional_capital"), on("capital_aces")),
            either(off("advanced_citadel"), on("clubs_flights"), on("diamonds_trades"), on("hearts_access")),
            either(off("extended_flights"), on("clubs_flights")),
            either(off("extended_trades"), on("diamonds_trades")),
            either(off("extended_access"), on("hearts_access")),
        ]
        tight = len(suits_in_play(True, seats))
        if tight < len(SUITS):
            rules.append(either(off("tight_suits"), one_of("board", "random", "strict", "free", required=True)))
        if tight < ROYALS_NEEDED:
            rules.append(either(off("tight_suits"), one_of("objective", "simple", "monarchic", "tribal")))
        return rules

    def check_options(self, options: JackrabbitsOptions, seats: int) -> None:
        check_named_seat("first_player", options.first_player, seats)
        if options.patriarchal_values and (options.ambivalent_aces or options.capital_aces):
            raise BadOptions("patriarchal values fix the aces at 14: not with ambivalent or capital aces")
        powers = (options.clubs_flights, options.diamonds_trades, options.hearts_access, options.spades_fights)
        if options.advanced_citadel and not any(powers[:3]):
            raise BadOptions("the advanced citadel serves the clubs, diamonds or hearts powers: turn one on")
        if options.extended_flights and not options.clubs_flights:
            raise BadOptions("extended flights are played with clubs flights")
        if options.extended_trades and not options.diamonds_trades:
            raise BadOptions("extended trades are played with diamonds trades")
        if options.extended_access and not options.hearts_access:
            raise BadOptions("extended access is played with hearts access")
        if options.additional_capital and not options.capital_aces:
            raise BadOptions("additional capital is played with capital aces")
        suits = len(suits_in_play(options.tight_suits, seats))
        if suits < len(SUITS) and options.board == "sample":
            raise BadOptions("tight suits remove houses and road tiles: play them on a random board")
        if suits < ROYALS_NEEDED and options.objective in ("diverse", "diverse_monarchic"):
            raise BadOptions(f"with {suits} suits no three royals are of distinct suits: pick another objective")

    def setup(self, options: JackrabbitsOptions, seats: int, rng: Rng) -> JTable:
        suits = suits_in_play(options.tight_suits, seats)
        builds = options.board in ("strict", "free")
        if options.board == "sample":
            board = SAMPLE_BOARD
        elif options.board == "random":
            board = build_board(rng, "random", suits)
        else:
            board = Board(layout="built", tiles=(
                Tile(id=CITADEL, kind="citadel", x=0.0, y=0.0, roads=(CITADEL,), seaside=True),
                Tile(id=UNDERGROUND, kind="underground", x=-40.0, y=-40.0, roads=(UNDERGROUND,)),
            ), links=())  # fmt: skip
        first = named_or_drawn(options.first_player, seats, rng)
        public = Public(
            objective=options.objective, additions=options.additions(), suits=suits,
            hand_limit=OVERTAXED_LIMIT if options.overtaxed_hands else HAND_LIMIT, board=board,
            turn_limit=options.turn_limit, round=1, first_player=first, turn=first, phase="lottery", dice=[],
            rabbits=[CITADEL] * seats, court=[], royals=[[] for _ in range(seats)],
            jesters=[[] for _ in range(seats)], carrots=[CARROTS] * seats, capital=[None] * seats,
            hand_sizes=[0] * seats, pile_size=0, discards=[],
        )  # fmt: skip
        table = JTable(public=public, private=[Private() for _ in range(seats)], secret=Secret())
        if builds:
            self._deal_tiles(table, "strict" if options.board == "strict" else "free", rng)
        else:
            self._deal_cards(table, rng)
            self._start_turn(table, first, rng)
        return table

    @staticmethod
    def _deal_tiles(table: JTable, mode: Literal["strict", "free"], rng: Rng) -> None:
        """ "Deal by shape to every guest, each will get the same amount": face down (strict) or up (free)."""
        pub = table.public
        seats, sets = len(table.private), len(pub.suits)
        by_shape: dict[str, list[str]] = {
            "hex": rng.shuffled([r + s for s in pub.suits for r in "KQJ"]),
            "rhombus": rng.shuffled([k for k in RHOMBI for _ in range(sets)]),
            "triangle": rng.shuffled([k for k in TRIANGLES for _ in range(sets)]),
        }
        dealt = [{shape: tiles[i::seats] for shape, tiles in by_shape.items()} for i in range(seats)]
        pub.building = Building(
            mode=mode, left=[{shape: len(t) for shape, t in d.items()} for d in dealt],
            faces=[[] if mode == "strict" else sorted(t for ts in d.values() for t in ts) for d in dealt],
            spots={CITADEL: [0, 0]},
        )  # fmt: skip
        if mode == "strict":
            table.secret.tiles = dealt
        pub.phase = "build"

    @staticmethod
    def _deal_cards(table: JTable, rng: Rng) -> None:
        """The court face up, the pile shuffled, three cards to each hand."""
        pub = table.public
        cards = [c for c in deck(jokers=True) if is_joker(c) or suit(c) in pub.suits]
        pub.court = [c for c in cards if is_joker(c) or is_royal(c)]
        pile = rng.shuffled([c for c in cards if c not in pub.court])
        for p in table.private:
            p.hand = sorted(draw(pile, rng, HAND_START).cards)
        table.secret.pile = pile
        pub.pile_size, pub.hand_sizes = len(pile), [len(p.hand) for p in table.private]

    # -- who acts, what is legal -------------------------------------------------------------------------------------

    def to_act(self, public: Public) -> Sequence[int]:
        if public.phase == "over":
            return []
        if public.phase == "access" and public.challenge is not None:
            return [public.challenge.asking[0]]
        if public.phase == "fight" and public.fight is not None:
            return [public.fight.to_throw]
        if public.phase == "consider" and public.dealing is not None:
            return [public.dealing[1]]
        return [public.turn]

    def legal_moves(self, public: Public, private: Private, seat: int) -> list[AnyMove]:
        hand = private.hand
        if public.phase == "build":
            return building_moves(public, seat)
        if public.phase == "takeoff":
            landings = ("tower",) if not public.additions.extended_flights else ("tower", "palace", "plaza", "citadel")
            at = public.rabbits[seat]
            towers = [t.id for t in public.board.tiles if t.kind in landings and t.id != at]
            # From the Advanced Citadel only a club flies ("show your clubs for flying passes").
            cards = sorted({c for c in hand if not is_joker(c) and (at != CITADEL or suit(c) == CLUBS)})
            return [*(Fly(card=c, to=t) for c in cards for t in towers), Roll()]
        if public.phase in ("access", "prove"):
            shows = [
                sorted(cards) for cards in payments(hand, "H", ACCESS_PROOF, Purse(showing(public.additions), None))
            ]
            if public.phase == "access":
                return [*(Contest(cards=cards) for cards in shows), Pass()]
            return [*(Prove(cards=cards) for cards in shows), Pass()]
        if public.phase == "lottery":
            matching = matching_cards(hand, public)
            if public.additions.windfall_lottery:
                return [ShowAll(), Skip()] if matching else [Skip()]
            return [*(Show(card=c) for c in matching), Skip()]
        if public.phase == "trim":
            return [Discard(card=c) for c in sorted(set(hand))]
        if public.phase == "acquire":
            purse = purse_of(public, seat)
            at = public.rabbits[seat]
            moves: list[AnyMove] = []
            if claimable(public, seat) and can_pay(hand, at[1], CLAIM_PRICE, purse):
                moves.append(Claim())
            for card in for_sale(public, seat):
                if can_pay(hand, trade_suits(at, public.suits), value(card, public.additions), purse):
                    moves.append(Buy(card=card))
            spades = sorted({c for c in hand if suit(c) == SPADES and not is_joker(c)})
            moves += [Attack(target=t, cards=[c]) for t in rivals(public, seat) for c in spades]
            diamonds = sorted({c for c in hand if suit(c) == MERCHANT_SUITS and not is_royal(c) and not is_joker(c)})
            moves += [Propose(target=t, give=c) for t in partners(public, seat) for c in diamonds]
            return [*moves, Rest()]
        if public.phase == "ask":
            wanted = [c for c in deck() if suit(c) in public.suits and not is_royal(c) and c not in hand]
            return [Ask(card=c) for c in wanted]
        if public.phase == "consider":
            assert private.deal is not None and private.deal.ask is not None
            return [*([Accept()] if private.deal.ask in hand else []), Decline()]
        if public.phase == "fight":
            assert public.fight is not None
            f = public.fight
            mine, theirs = (0, 1) if seat == f.attacker else (1, 0)
            need = f.scores[theirs] - f.scores[mine] + 1
            blows = payments(hand, SPADES, need, Purse(showing(public.additions), None))
            return [*(Strike(cards=cards) for cards in blows), Yield()]
        if public.phase == "give_up":
            return [GiveUp(royal=r) for r in public.royals[seat]]
        if public.phase == "pay":
            assert public.pending is not None
            p = public.pending
            purse = purse_of(public, seat)
            usable = [c for c in hand if c != p.exclude]
            moves = [Pay(cards=cards) for cards in payments(usable, p.suits, p.price, purse)]
            if p.via not in ("claim", "tavern", "trade") and public.jesters[seat]:
                moves.append(Jester())
            return [*moves, Cancel()]
        if public.phase == "journey":
            return self._journey_moves(public, hand, seat)
        return []

    def _journey_moves(self, public: Public, hand: list[str], seat: int) -> list[AnyMove]:
        graph = public.board.graph
        at = public.rabbits[seat]
        if at == OFF:
            return [Go(to=UNDERGROUND)]
        holes = graph.of_kind("hole")
        if at == UNDERGROUND:
            return [Stay(), *(Go(to=h) for h in holes)]
        ends = graph.ends[at]
        onward = sorted({e for e in ends if e != public.came_from}) or sorted(set(ends))
        if graph.is_hex(at):
            # Passing through a house the seat holds the royal of (Trailing Carrots): stop here or go on.
            return options([Go(to=e) for e in (onward if public.moved else sorted(set(ends)))], stop=Stay())
        moves: list[AnyMove] = [Go(to=e) for e in onward]
        tile = graph.tile[at]
        price = sum(public.dice)
        rides = bool(public.jesters[seat])
        purse = purse_of(public, seat)
        paid_in = transfer_suits(tile.kind, public.suits)
        if tile.kind in TRAILWAY_SUITS and (rides or can_pay(hand, paid_in, price, purse)):
            moves += [Transfer(via="trailway", to=n) for n in tile.roads if n != at]
        elif tile.kind == "fork" and (rides or can_pay(hand, paid_in, price, purse)):
            hexes = [n for n in graph.tile if graph.is_hex(n) and n != UNDERGROUND]
            moves += [Transfer(via="horse", to=h) for h in hexes]
            if tile.seaside:
                moves += [Transfer(via="boat", to=n) for n in graph.tile if n != at and OFF in graph.ends[n]]
        elif tile.kind == "tavern":
            if (
                any(is_joker(c) for c in public.court)
                and at not in public.bought
                and can_pay(hand, paid_in, price, purse)
            ):
                moves.append(Transfer(via="tavern", to=at))
        elif tile.kind == "hole":
            moves.append(Go(to=UNDERGROUND))
            if rides or can_pay(hand, paid_in, price, purse):
                moves += [Transfer(via="rabbit_hole", to=h) for h in holes if h != at]
        return moves

    def check(self, public: Public, private: Private, seat: int, move: AnyMove) -> None:
        if public.phase == "pay" and isinstance(move, Pay):
            p = public.pending
            assert p is not None
            if p.exclude in move.cards:
                raise IllegalMove(f"{p.exclude} was shown for the flight: it pays only at the clubs tower")
            check_cards(private.hand, move.cards, p.suits, p.price, purse_of(public, seat))
            return
        if public.phase == "fight" and isinstance(move, Strike):
            assert public.fight is not None
            f = public.fight
            mine, theirs = (0, 1) if seat == f.attacker else (1, 0)
            need = f.scores[theirs] - f.scores[mine] + 1
            check_cards(private.hand, move.cards, SPADES, need, Purse(showing(public.additions), None))
            return
        if public.phase == "acquire" and isinstance(move, Attack):
            if move.target not in rivals(public, seat):
                raise IllegalMove("attack a rabbit that stands on your hex")
            check_cards(private.hand, move.cards, SPADES, 1, Purse(showing(public.additions), None))
            return
        if (public.phase, type(move)) in (("access", Contest), ("prove", Prove)):
            assert isinstance(move, Contest | Prove)
            check_cards(private.hand, move.cards, "H", ACCESS_PROOF, Purse(showing(public.additions), None))
            return
        super().check(public, private, seat, move)

    # -- playing -----------------------------------------------------------------------------------------------------

    def apply(self, table: JTable, seat: int, move: AnyMove, rng: Rng) -> Event:
        pub = table.public
        pub.shown = []
        if journeying(pub, move):
            event = self.play_decision(table, seat, move, rng)
        else:
            event = Event({"type": move.type, "seat": seat})
            self._act(table, seat, move, rng, event.public, event.private)
        pub.hand_sizes = [len(p.hand) for p in table.private]
        pub.carrots = [CARROTS - len(r) for r in pub.royals]
        pub.pile_size = len(table.secret.pile)
        return event

    def decide(self, table: JTable, seat: int, move: AnyMove, rng: Rng) -> Event:
        """One decision of the journey: a road, a transfer, its payment (or giving it up), or stopping."""
        pub = table.public
        news: dict[str, Any] = {"type": move.type, "seat": seat}
        private: dict[int, dict[str, Any]] = {}
        if isinstance(move, Go | Stay):
            self._go(table, seat, move)
            news.update({} if isinstance(move, Stay) else {"to": move.to})
        elif isinstance(move, Transfer):
            suits = transfer_suits(pub.board.graph.tile[pub.rabbits[seat]].kind, pub.suits)
            pub.pending = Pending(via=move.via, to=move.to, price=sum(pub.dice), suits=suits)
            pub.phase = "pay"
            news.update(via=move.via, to=move.to)
        elif isinstance(move, Cancel):
            was = pub.pending
            pub.pending = None
            if was is not None and was.via == "flight":
                # "Or you'll miss the board and fall": the flight lands off the board.
                pub.flight = None
                pub.rabbits[seat] = OFF
                pub.phase = "arrived"
            else:
                pub.phase = "journey"
        else:
            assert isinstance(move, Pay | Jester)
            self._paid(table, seat, move, rng, news, private)
        return Event(news, private)

    def complete(self, table: JTable, seat: int, rng: Rng, event: Event) -> None:
        """The journey is over: a win on the Citadel, hearts access, the acquisition or the increment."""
        self._end_journey(table, seat, rng, event.public, event.private)

    def _act(
        self, table: JTable, seat: int, move: AnyMove, rng: Rng, news: dict[str, Any], private: dict[int, Any]
    ) -> None:
        """A decision outside the journey: building, the lottery, the acquisition, a fight, access, a deal."""
        pub = table.public
        hand = table.private[seat].hand
        if isinstance(move, PlaceHex | PlaceRoad | PlaceTriangle | PassTile):
            self._build(table, seat, move, rng, news)
        elif isinstance(move, Fly | Roll):
            if isinstance(move, Fly):
                pub.flight = Flight(card=move.card, start=pub.rabbits[seat], to=move.to)
                pub.shown = [move.card]
                news.update(card=move.card, to=move.to)
            pub.dice = roll_many(rng, D6, 2)
            pub.phase = "lottery"
            news["dice"] = list(pub.dice)
        elif isinstance(move, Attack | Strike | Yield | GiveUp):
            self._fight(table, seat, move, rng, news, private)
        elif isinstance(move, Propose | Ask | Accept | Decline):
            self._deal(table, seat, move, news, private)
        elif isinstance(move, Contest | Prove | Pass):
            self._access(table, seat, move, rng, news, private)
        elif isinstance(move, Buy):
            at = pub.rabbits[seat]
            pub.pending = Pending(
                via="trade", to=move.card, price=value(move.card, pub.additions), suits=trade_suits(at, pub.suits)
            )
            pub.phase = "pay"
            news["card"] = move.card
        elif isinstance(move, Show | ShowAll | Skip):
            if not isinstance(move, Skip):
                pub.shown = [move.card] if isinstance(move, Show) else matching_cards(hand, pub)
                news["cards"] = list(pub.shown)
                prizes = 1 if isinstance(move, Show) else len(pub.shown) * (2 if pub.dice[0] == pub.dice[1] else 1)
                self._draw(table, seat, rng, news, private, prizes)
            self._after_draw(table, seat, "journey", rng, news, private)
        elif isinstance(move, Discard):
            self._spend(table, seat, [move.card])
            news["card"] = move.card
            if len(hand) <= pub.hand_limit:
                if pub.then == "journey":
                    self._journey(table, seat, rng, news, private)
                else:
                    self._next_turn(table, rng, news)
        elif isinstance(move, Claim):
            house = pub.rabbits[seat]
            pub.pending = Pending(via="claim", to=house, price=CLAIM_PRICE, suits=house[1])
            pub.phase = "pay"
            news["royal"] = house
        elif isinstance(move, Cancel):
            was = pub.pending
            pub.pending = None
            if was is not None and was.via == "claim":
                self._increment(table, seat, rng, news, private)
            else:
                pub.phase = "acquire"
        elif isinstance(move, Rest):
            self._increment(table, seat, rng, news, private)
        else:
            assert isinstance(move, Pay | Jester)
            self._paid(table, seat, move, rng, news, private)

    def _paid(
        self, table: JTable, seat: int, move: Pay | Jester, rng: Rng, news: dict[str, Any], private: dict[int, Any]
    ) -> None:
        pub = table.public
        p = pub.pending
        assert p is not None
        pub.pending = None
        if isinstance(move, Pay):
            cards = list(move.cards)
            if p.via == "flight" and pub.flight is not None and pub.flight.card in cards:
                cards.remove(pub.flight.card)  # traded off at the clubs tower: spent like any other card
                self._spend(table, seat, [pub.flight.card])
            if purse_of(pub, seat).first_ace_bonus(cards):
                # Capital Aces: the first ace paid is kept face up before its owner, out of play.
                ace = next(c for c in cards if c[0] == "A")
                cards.remove(ace)
                table.private[seat].hand.remove(ace)
                pub.capital[seat] = ace
                news["capital"] = ace
            self._spend(table, seat, cards)
            pub.shown = list(move.cards)
            news["cards"] = list(move.cards)
        else:
            joker = pub.jesters[seat][0]
            self._spend(table, seat, [joker])
            news["jester"] = joker
        news.update(via=p.via, to=p.to)
        if p.via == "trade":
            pub.discards.remove(p.to)
            table.private[seat].hand.append(p.to)
            pub.shown.append(p.to)
            pub.traded, pub.phase = True, "acquire"
            return
        if p.via == "flight":
            pub.flight = None
            pub.rabbits[seat] = p.to
            pub.phase = "arrived"
            return
        if p.via == "claim":
            pub.court.remove(p.to)
            table.private[seat].hand.append(p.to)
            pub.royals[seat].append(p.to)
            self._increment(table, seat, rng, news, private)
            return
        pub.phase = "journey"
        if p.via == "tavern":
            joker = next(c for c in pub.court if is_joker(c))
            pub.court.remove(joker)
            table.private[seat].hand.append(joker)
            pub.jesters[seat].append(joker)
            pub.bought.append(p.to)
            news["bought"] = joker
            return
        pub.rabbits[seat] = p.to
        pub.came_from = OFF if p.via == "boat" else None
        if p.via == "horse":
            pub.phase = "arrived"

    @staticmethod
    def _go(table: JTable, seat: int, move: Go | Stay) -> None:
        pub = table.public
        if isinstance(move, Stay):
            pub.phase = "arrived"
            return
        graph = pub.board.graph
        pub.came_from = pub.rabbits[seat]
        pub.rabbits[seat] = move.to
        pub.moved = True
        passing = pub.additions.trailing_carrots and move.to in pub.royals[seat]
        if move.to == OFF or (graph.is_hex(move.to) and not passing):
            pub.phase = "arrived"

    def _end_journey(self, table: JTable, seat: int, rng: Rng, news: dict[str, Any], private: dict[int, Any]) -> None:
        pub = table.public
        at = pub.rabbits[seat]
        news["at"] = at
        if at == CITADEL and fits(pub.royals[seat], pub.objective):
            pub.phase, pub.winners, pub.reason = "over", [seat], "completed"
            news["won"] = True
            return
        tile = pub.board.graph.tile.get(at)
        adds = pub.additions
        seats = len(table.private)
        others = [(seat + i) % seats for i in range(1, seats)]
        asking: list[int] = []
        palace = tile is not None and (tile.kind == "palace" or (at == CITADEL and adds.advanced_citadel))
        if adds.hearts_access and palace and at not in pub.royals[seat]:
            asking = [s for s in others if pub.rabbits[s] != OFF]
        elif adds.hearts_access and adds.extended_access and at not in (OFF, UNDERGROUND):
            asking = [s for s in others if pub.rabbits[s] == at]  # "If a guest comes where you rest"
        if asking:
            pub.challenge = Challenge(palace=at, asking=asking)
            pub.phase = "access"
            return
        self._acquisition(table, seat, rng, news, private)

    def _acquisition(self, table: JTable, seat: int, rng: Rng, news: dict[str, Any], private: dict[int, Any]) -> None:
        """The acquisition phase opens wherever something could be claimed or bought (judged from public facts)."""
        pub = table.public
        if claimable(pub, seat) or for_sale(pub, seat) or rivals(pub, seat) or partners(pub, seat):
            pub.phase = "acquire"
            return
        self._increment(table, seat, rng, news, private)

    def _build(
        self, table: JTable, seat: int, move: PlaceHex | PlaceRoad | PlaceTriangle | PassTile, rng: Rng,
        news: dict[str, Any],
    ) -> None:  # fmt: skip
        """Lay one tile (or one road of a rhombus); after the last tile the cards are dealt and play begins."""
        pub = table.public
        b = pub.building
        assert b is not None
        board = pub.board

        def take(shape: Shape, named: str | None) -> str:
            b.left[seat][shape] -= 1
            if named is None:
                return table.secret.tiles[seat][shape].pop(0)  # strict: flip the next face-down tile
            b.faces[seat].remove(named)
            return named

        if isinstance(move, PassTile):
            b.passes += 1
        elif isinstance(move, PlaceHex):
            name = take("hex", move.tile)
            x, y = _where((move.q, move.r))
            tile = Tile(id=name, kind=HOUSE_KINDS[name[0]], suit=name[1], x=x, y=y, roads=(name,))
            pub.board = Board(layout="built", tiles=(*board.tiles, tile), links=board.links)
            b.spots[name] = [move.q, move.r]
            news.update(tile=name, at=[move.q, move.r])
        elif isinstance(move, PlaceRoad) and b.half is None:
            kind = take("rhombus", move.tile)
            b.half = [_next_id(board, kind), kind, move.a, move.b]
            news.update(tile=kind, road=[move.a, move.b])
            return  # the second road is the same seat's next decision
        elif isinstance(move, PlaceRoad):
            assert b.half is not None
            tid, kind, a, c = b.half
            roads = [(a, c), (move.a, move.b)]
            x, y = _centre([_point(board, e, p[0]) for p in roads for e in p])
            tile = Tile(id=tid, kind=kind, x=x, y=y, roads=(tid + "a", tid + "b"), seaside=any(OFF in p for p in roads))
            links = [Link(a=start, b=node) for node, (start, _) in zip(tile.roads, roads, strict=True)]
            links += [Link(a=node, b=end) for node, (_, end) in zip(tile.roads, roads, strict=True)]
            pub.board = Board(layout="built", tiles=(*board.tiles, tile), links=(*board.links, *links))
            b.half = None
            news.update(tile=tid, road=[move.a, move.b])
        else:
            kind = take("triangle", move.tile)
            tid = _next_id(board, kind)
            x, y = _centre([_point(board, e, move.ends[0]) for e in move.ends])
            tile = Tile(id=tid, kind=kind, x=x, y=y, roads=(tid,), seaside=OFF in move.ends)
            links = [Link(a=tid, b=e) if e == OFF else Link(a=e, b=tid) for e in move.ends]
            pub.board = Board(layout="built", tiles=(*board.tiles, tile), links=(*board.links, *links))
            news.update(tile=tid, kind=kind, ends=list(move.ends))
        if not isinstance(move, PassTile):
            b.passes = 0
        seats = len(table.private)
        waiting = [s for s in (left_of(seat, seats, i) for i in range(1, seats + 1)) if sum(b.left[s].values())]
        if waiting and b.passes <= 2 * seats:
            pub.turn = waiting[0]
            return
        # Every tile is down (or none fits anywhere any more): deal the cards and start the first turn.
        pub.building = None
        table.secret.tiles = []
        news["built"] = True
        self._deal_cards(table, rng)
        self._start_turn(table, pub.first_player, rng)
        news["next"] = {"seat": pub.turn, "dice": list(pub.dice)}

    @staticmethod
    def _deal(
        table: JTable, seat: int, move: Propose | Ask | Accept | Decline, news: dict[str, Any],
        private: dict[int, Any],
    ) -> None:  # fmt: skip
        """Extended trades: the proposer offers a diamond and names a card; the other accepts or declines. Only the
        two seats see the deal; everyone sees that one was offered and whether it was struck."""
        pub = table.public
        if isinstance(move, Propose):
            pub.dealt, pub.dealing, pub.phase = True, [seat, move.target], "ask"
            table.private[seat].deal = Deal(give=move.give, partner=move.target)
            news["target"] = move.target
            private[seat] = {"give": move.give}
            return
        assert pub.dealing is not None
        proposer, partner = pub.dealing
        deal = table.private[proposer].deal
        assert deal is not None
        if isinstance(move, Ask):
            deal.ask = move.card
            table.private[partner].deal = Deal(give=deal.give, ask=move.card, partner=proposer)
            pub.phase = "consider"
            private[proposer] = private[partner] = {"give": deal.give, "ask": move.card}
            return
        if isinstance(move, Accept):
            assert deal.ask is not None
            table.private[proposer].hand.remove(deal.give)
            table.private[partner].hand.append(deal.give)
            table.private[partner].hand.remove(deal.ask)
            table.private[proposer].hand.append(deal.ask)
            private[proposer] = private[partner] = {"give": deal.give, "ask": deal.ask}
        news["struck"] = isinstance(move, Accept)
        table.private[proposer].deal = table.private[partner].deal = None
        pub.dealing, pub.phase = None, "acquire"

    def _fight(
        self,
        table: JTable,
        seat: int,
        move: Attack | Strike | Yield | GiveUp,
        rng: Rng,
        news: dict[str, Any],
        private: dict[int, Any],
    ) -> None:
        """Spades: back and forth, each side adding spades to beat the other; the one who stops is kicked off."""
        pub = table.public
        if isinstance(move, GiveUp):
            self._spend(table, seat, [move.royal])
            news["royal"] = move.royal
            pub.phase = "acquire"
            return
        if isinstance(move, Attack):
            pub.fought = True
            pub.fight = Fight(attacker=seat, defender=move.target, scores=[0, 0], to_throw=seat)
        f = pub.fight
        assert f is not None
        if isinstance(move, Attack | Strike):
            side = 0 if seat == f.attacker else 1
            f.scores[side] += sum(value(c, showing(pub.additions)) for c in move.cards)
            self._spend(table, seat, list(move.cards))
            pub.shown = list(move.cards)
            news.update(cards=list(move.cards), scores=list(f.scores))
            f.to_throw = f.defender if seat == f.attacker else f.attacker
            pub.phase = "fight"
            return
        # A yield: the struggler is kicked off the board; a winning attacker steals a card at random.
        pub.fight = None
        pub.rabbits[seat] = OFF
        news["kicked"] = seat
        if seat == f.attacker:
            self._increment(table, seat, rng, news, private)
            return
        loot = table.private[f.defender].hand
        if loot:
            card = loot[rng.below(len(loot))]
            loot.remove(card)
            table.private[f.attacker].hand.append(card)
            private.setdefault(f.attacker, {})["stole"] = card
            private.setdefault(f.defender, {})["lost"] = card
            for held in (pub.royals, pub.jesters):
                if card in held[f.defender]:
                    held[f.defender].remove(card)
                    held[f.attacker].append(card)
                    news["stole"] = card  # a royal or a joker changes hands in plain view
        pub.phase = "give_up" if len(pub.royals[f.attacker]) > CARROTS else "acquire"

    def _access(
        self,
        table: JTable,
        seat: int,
        move: Contest | Prove | Pass,
        rng: Rng,
        news: dict[str, Any],
        private: dict[int, Any],
    ) -> None:
        """Hearts access: each other seat in turn may challenge; the challenged rabbit proves six hearts or falls."""
        pub = table.public
        challenge = pub.challenge
        assert challenge is not None
        visitor = pub.turn
        if isinstance(move, Contest):
            challenge.challenger, challenge.shown = seat, list(move.cards)
            pub.shown = list(move.cards)
            pub.phase = "prove"
            news["cards"] = list(move.cards)
            return
        if pub.phase == "access":  # a seat passes on challenging
            challenge.asking.pop(0)
            if challenge.asking:
                return
            pub.challenge = None
            self._acquisition(table, visitor, rng, news, private)
            return
        pub.challenge = None
        assert challenge.challenger is not None
        if isinstance(move, Prove):
            # Proven: the meddler discards the hearts it showed and is thrown off the board.
            pub.shown = list(move.cards)
            news.update(cards=list(move.cards), thrown=challenge.challenger)
            self._spend(table, challenge.challenger, challenge.shown)
            pub.rabbits[challenge.challenger] = OFF
            self._acquisition(table, visitor, rng, news, private)
            return
        news["thrown"] = visitor
        pub.rabbits[visitor] = OFF
        self._increment(table, visitor, rng, news, private)

    def _increment(self, table: JTable, seat: int, rng: Rng, news: dict[str, Any], private: dict[int, Any]) -> None:
        at = table.public.rabbits[seat]
        if at != OFF and table.public.board.graph.is_hex(at):
            self._draw(table, seat, rng, news, private)
        self._after_draw(table, seat, "next", rng, news, private)

    def _draw(
        self, table: JTable, seat: int, rng: Rng, news: dict[str, Any], private: dict[int, Any], n: int = 1
    ) -> None:
        drawn = draw(table.secret.pile, rng, n, discard=table.public.discards)
        if drawn.reshuffled:
            news["reshuffled"] = True
        if drawn.cards:
            table.private[seat].hand.extend(drawn.cards)
            private.setdefault(seat, {}).setdefault("drew", []).extend(drawn.cards)

    def _after_draw(
        self,
        table: JTable,
        seat: int,
        then: Literal["journey", "next"],
        rng: Rng,
        news: dict[str, Any],
        private: dict[int, Any],
    ) -> None:
        pub = table.public
        hand = table.private[seat].hand
        if pub.additions.seized_surplus and len(hand) > pub.hand_limit:
            # The revealer, the next seat clockwise, robs the surplus blindly (royals and jokers stay).
            robber = (seat + 1) % len(table.private)
            loot = rng.shuffled(sorted(c for c in hand if not is_royal(c) and not is_joker(c)))
            taken = loot[: len(hand) - pub.hand_limit]
            for card in taken:
                hand.remove(card)
            table.private[robber].hand.extend(taken)
            news["seized"] = {"by": robber, "cards": len(taken)}
            table.private[seat].seized = list(taken)
            private.setdefault(seat, {})["seized"] = list(taken)
            private.setdefault(robber, {})["took"] = list(taken)
        if len(hand) > pub.hand_limit:
            pub.phase, pub.then = "trim", then
        elif then == "journey":
            self._journey(table, seat, rng, news, private)
        else:
            self._next_turn(table, rng, news)

    def _journey(self, table: JTable, seat: int, rng: Rng, news: dict[str, Any], private: dict[int, Any]) -> None:
        pub = table.public
        pub.phase, pub.moved, pub.came_from, pub.bought = "journey", False, None, []
        flight = pub.flight
        if flight is None:
            return
        # The flight: the shown card reaches the dice, or the shortfall is paid in the suit of the tower left.
        short = sum(pub.dice) - value(flight.card, pub.additions)
        news["flight"] = {"card": flight.card, "to": flight.to, "shortfall": max(0, short)}
        if short <= 0:
            pub.flight = None
            pub.rabbits[seat] = flight.to
            self._end_journey(table, seat, rng, news, private)
            return
        from_tower = flight.start != CITADEL and flight.start[1] in pub.suits
        start_suit = flight.start[1] if from_tower else pub.suits  # the Citadel's shortfall: any suit
        pub.pending = Pending(
            via="flight", to=flight.to, price=short, suits=start_suit,
            exclude=None if flight.start == "K" + CLUBS else flight.card,
        )  # fmt: skip
        pub.phase = "pay"

    @staticmethod
    def _spend(table: JTable, seat: int, cards: list[str]) -> None:
        """Cards leave the hand: royals and jokers go back to the court (freeing a royal's carrot), the rest
        to the discards."""
        pub = table.public
        for card in cards:
            table.private[seat].hand.remove(card)
            if is_royal(card) or is_joker(card):
                pub.court.append(card)
                for held in (pub.royals[seat], pub.jesters[seat]):
                    if card in held:
                        held.remove(card)
            else:
                pub.discards.append(card)

    def _next_turn(self, table: JTable, rng: Rng, news: dict[str, Any]) -> None:
        pub = table.public
        seats = len(table.private)
        nxt = (pub.turn + 1) % seats
        if nxt == pub.first_player:
            pub.round += 1
            if pub.round > pub.turn_limit:
                most = max(len(r) for r in pub.royals)
                pub.phase, pub.reason = "over", "turn_limit"
                pub.winners = [s for s in range(seats) if len(pub.royals[s]) == most]
                news["turn_limit"] = True
                return
        self._start_turn(table, nxt, rng)
        news["next"] = {"seat": nxt, "dice": list(pub.dice)}

    @staticmethod
    def _start_turn(table: JTable, seat: int, rng: Rng) -> None:
        pub = table.public
        pub.turn, pub.phase, pub.pending = seat, "lottery", None
        pub.moved, pub.came_from, pub.bought, pub.traded, pub.fought = False, None, [], False, False
        pub.dealt = False
        at = pub.rabbits[seat]
        launch = ("tower", "citadel") if pub.additions.advanced_citadel else ("tower",)
        if pub.additions.clubs_flights and at != OFF and pub.board.graph.tile[at].kind in launch:
            pub.phase, pub.dice = "takeoff", []  # the card is shown before the roll
            return
        pub.dice = roll_many(rng, D6, 2)

    def outcome(self, public: Public) -> Outcome | None:
        if public.phase != "over":
            return None
        scores = [len(r) for r in public.royals]
        reason = public.reason if len(public.winners) == 1 else "tie"
        return Outcome(winners=list(public.winners), scores=scores, reason=reason)
