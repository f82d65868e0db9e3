"""Gimble, a rummy game for 2-3 players (Jabberwocky microgames, by John Fowler).

Each round the seats bid gems for the first pick of a face-up display of
Number cards. The winner puts the bid (gems of one colour) on a display card
and takes another card; then each other seat, clockwise, takes a card with
the gems on it. When the display cannot be refilled, hands, leftover gems
(one card per colour: 4 purple gems are a purple 4) and a wild Jabberwocky
card are arranged into runs and duplicates.

Hidden: each seat's wild card (a Jabberwocky card: a colour) and hand are
private ("You may look at it, but don't show it to anyone else"; "Cards in
your hand are kept private"). The deck order is secret, and so is the third
Jabberwocky card in a 2-player game. Everything else is public: the display
and the gems on it, every seat's gems ("Players' gems are public at all
times"), bids and passes, and each card as it is taken from the face-up
display. Hands and wild cards become public when the game ends ("Reveal your
hand").

Chance: at setup, from the match's seeded generator: the first player (unless
the option ``first_player`` names one), the wild cards, the deck order and, in
a 3-player game, the 6 leftover gems ("Shuffle the remaining gems and give 2
to each player").

Interpretations (rulebook: ``jabberwocky-microgames.txt``, "Gimble"):

- "The player who can open their mouth the widest goes first." -> a table
  convention: the first player is drawn from the seeded generator unless the
  option ``first_player`` names one.
- "The starting player makes the first bid; you can bid any number (including
  0) that you can afford, but you must be able to pay your bid using gems of a
  single color." -> the starting player may not pass on the first bid of a
  round. Every later bid must be higher than the standing bid ("just say any
  higher number that you can afford") and payable in one colour; a seat that
  cannot beat the bid can only pass.
- "That player chooses a card from the display and adds gems of a single
  color equal to their winning bid to that card. Then, they take a different
  card from the display and add it to their hand." -> placing the bid and
  taking a different card is one move, ``claim``: the winner names the card
  that receives the gems, the colour paid (none for a bid of 0) and the card
  taken ("Players cannot take the card they just added gems to").
- "refill the display to 3 cards in a 2-player game, or 4 cards in a 3-player
  game ... If the display cannot be refilled, the game ends." -> the display
  is refilled to 3 (2 players) or 4 (3 players) cards while the deck allows.
  In a 3-player game, when it does not but the leftover card and the deck
  make exactly 3 cards, these form the final round ("the final round will
  have only 3 cards in the display; each player will take a card"). Gems
  left on the display card nobody took at the end are out of the game.
- "Reveal your hand, arrange it into runs and duplicates, and calculate your
  score." -> each seat's best arrangement is computed
  (:func:`best_arrangement`), the maximum over every use of every card and
  every value 1-8 of the wild card; among arrangements with the best score,
  the one with the lowest wild value is kept, since "the tied player who used
  their wild card as the lowest number wins". An unused wild card counts as 1
  ("If your wild card is not used in a run or as a duplicate, treat it as a
  1").
- "if you had a purple 3, a green 3, and 3 green gems, that would count as 3
  duplicates of a single number, and score 6." -> duplicates may share a
  colour (a green 3 card and 3 green gems are two 3s). A group of n
  duplicates scores n(n+1)/2, the table's 3, 6, 10, 15, 21, 28 (n = 2..7),
  continued the same way for 8 or more.
- "You decide to use it as a purple 6." -> the rulebook's scoring sample
  (15 + 6 + 12 - 4 - 2 = 27) is an arrangement the player decides on, not the
  best one: with 2 purple gems (a purple 2) the wild card as a purple 3 makes
  the run 2-3-4-5 (14) and nothing purple is subtracted, 28. The server
  scores the best arrangement; :func:`arrangement_score` scores a given one.
- "In the case of a tie, the tied player who used their wild card as the
  lowest number wins. In the case of a further tie, the tied player with the
  least gems wins. If there's still a tie, the tied player who went first
  wins." -> ties go to the lowest wild value, then the fewest gems, then the
  tied seat nearest clockwise from the first player of the match (the first
  player itself if tied).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations, product
from typing import Annotated, Literal

from pydantic import BaseModel, Field

from server.engine import Event, EventModel, Game, IllegalMove, MoveModel, Options, Outcome, Part, Rng, Table
from server.engine.knowledge import Seen
from server.engine.numbers import COLOURS, NUMBER_CARD_PATTERN, Gems, colour, number_deck, order_key, value
from server.engine.sampling import assemble, deal_unseen, unseen
from server.engine.seats import check_named_seat, left_of, named_or_drawn

Colour = Literal["green", "yellow", "purple"]
#: The Jabberwocky cards' colours: the wild cards.
_WILDS: tuple[Colour, ...] = ("green", "yellow", "purple")
#: Every Number card of the game.
_ALL_CARDS: tuple[str, ...] = tuple(number_deck())
#: Display size by seat count.
DISPLAY_SIZE = {2: 3, 3: 4}
#: Gems of each colour every seat takes at setup, by seat count.
START_GEMS = {2: 4, 3: 2}
#: Leftover gems each seat is dealt at random in a 3-player game.
RANDOM_GEMS = 2
WILD_VALUES: tuple[int, ...] = tuple(range(1, 9))
UNUSED_WILD_VALUE = 1
MIN_RUN = 3
MIN_DUPLICATES = 2


def duplicates_score(n: int) -> int:
    """The duplicates table: 2 -> 3, 3 -> 6, 4 -> 10, 5 -> 15, 6 -> 21, 7 -> 28."""
    return n * (n + 1) // 2 if n >= MIN_DUPLICATES else 0


# -- moves ----------------------------------------------------------------------


class GimbleOptions(Options):
    first_player: int | None = Field(None, ge=0, le=2, description="seat of the first player; drawn if unset")


class Bid(MoveModel):
    """Bid gems for the first pick: higher than the standing bid, payable in one colour."""

    type: Literal["bid"] = "bid"
    amount: int = Field(ge=0, le=24)


class Pass(MoveModel):
    """Drop out of this round's bidding."""

    type: Literal["pass"] = "pass"


class Claim(MoveModel):
    """The winning bidder's move: put the bid on one display card, take another."""

    type: Literal["claim"] = "claim"
    place_on: str = Field(pattern=NUMBER_CARD_PATTERN, description="display card that receives the bid")
    colour: Colour | None = Field(None, description="colour the bid is paid in; none for a bid of 0")
    take: str = Field(pattern=NUMBER_CARD_PATTERN, description="a different display card to take")


class Take(MoveModel):
    """Take a display card and the gems on it."""

    type: Literal["take"] = "take"
    card: str = Field(pattern=NUMBER_CARD_PATTERN)


GimbleMove = Bid | Pass | Claim | Take
Move = Annotated[GimbleMove, Field(discriminator="type")]


# -- scoring --------------------------------------------------------------------


class Piece(BaseModel):
    """A card at scoring: a Number card, the card formed by a colour's gems, or the wild card."""

    colour: Colour
    value: int = Field(ge=1, le=8)
    kind: Literal["card", "gems", "wild"]


class Arrangement(BaseModel):
    """Runs, duplicates and unused pieces of one hand, with its score."""

    wild_value: int = Field(description="the number the wild card stands for (1 when unused)")
    runs: list[list[Piece]]
    duplicates: list[list[Piece]]
    unused: list[Piece]
    score: int


def pieces(hand: Sequence[str], gems: Gems, wild: str, wild_value: int) -> list[Piece]:
    """Every piece a seat scores with: its cards, one card per gem colour held, its wild card."""
    out = [Piece(colour=colour(c), value=value(c), kind="card") for c in sorted(hand, key=order_key)]  # type: ignore[arg-type]
    out += [Piece(colour=c, value=gems.get(c), kind="gems") for c in COLOURS if gems.get(c) > 0]  # type: ignore[arg-type]
    out.append(Piece(colour=wild, value=wild_value, kind="wild"))  # type: ignore[arg-type]
    return out


def _piece_penalty(p: Piece) -> int:
    return UNUSED_WILD_VALUE if p.kind == "wild" else p.value


def arrangement_score(
    runs: Sequence[Sequence[Piece]], duplicates: Sequence[Sequence[Piece]], unused: Sequence[Piece]
) -> int:
    """The score of a given arrangement; raises ``ValueError`` if a run or a group is not valid."""
    total = 0
    for run in runs:
        values = sorted(p.value for p in run)
        if len(run) < MIN_RUN or len({p.colour for p in run}) != 1:
            raise ValueError("a run is 3 or more cards of a single colour")
        if values != list(range(values[0], values[0] + len(values))):
            raise ValueError("a run's numbers must be consecutive")
        total += sum(values)
    for group in duplicates:
        if len(group) < MIN_DUPLICATES or len({p.value for p in group}) != 1:
            raise ValueError("duplicates are 2 or more cards of a single number")
        total += duplicates_score(len(group))
    return total - sum(_piece_penalty(p) for p in unused)


@lru_cache(maxsize=4096)
def _best_runs(values: tuple[int, ...]) -> tuple[int, tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Best split of one colour's sorted values into runs and unused: (score, runs, unused)."""
    if not values:
        return 0, (), ()
    low, rest = values[0], values[1:]
    score, runs, unused = _best_runs(rest)
    best = (score - low, runs, (low, *unused))
    # Any run holding the lowest value starts there.
    remaining = list(rest)
    run = [low]
    while run[-1] + 1 in remaining:
        remaining.remove(run[-1] + 1)
        run.append(run[-1] + 1)
        if len(run) >= MIN_RUN:
            score, runs, unused = _best_runs(tuple(remaining))
            if score + sum(run) > best[0]:
                best = (score + sum(run), (tuple(run), *runs), unused)
    return best


def _duplicate_choices(indices: list[int]) -> Iterator[tuple[int, ...]]:
    """Which pieces of one number go to duplicates: none, or 2 or more."""
    yield ()
    for k in range(MIN_DUPLICATES, len(indices) + 1):
        yield from combinations(indices, k)


@lru_cache(maxsize=4096)
def _best_duplicates(key: tuple[tuple[str, int], ...]) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """The best choice of duplicates for pieces ``key`` (each piece's colour and value, in order): the score of
    the whole arrangement it allows, and the groups of piece indices it puts in duplicates (the first best
    in the order :func:`_duplicate_choices` lists them). Pure in ``key``, so kept: the search scores the same
    hands again and again (``server/ai``)."""
    by_value: dict[int, list[int]] = {}
    for i, (_, v) in enumerate(key):
        by_value.setdefault(v, []).append(i)
    groups = [idx for idx in by_value.values() if len(idx) >= MIN_DUPLICATES]
    by_colour = [[(i, v) for i, (c, v) in enumerate(key) if c == colour_] for colour_ in COLOURS]
    for column in by_colour:
        column.sort(key=lambda iv: iv[1])
    best: tuple[int, tuple[tuple[int, ...], ...]] | None = None
    for choice in product(*(list(_duplicate_choices(g)) for g in groups)):
        in_dups = {i for group in choice for i in group}
        score = sum(duplicates_score(len(group)) for group in choice)
        for column in by_colour:
            score += _best_runs(tuple(v for i, v in column if i not in in_dups))[0]
        if best is None or score > best[0]:
            best = (score, tuple(g for g in choice if g))
    assert best is not None
    return best


def _arrange(ps: list[Piece]) -> Arrangement:
    _, dup_groups = _best_duplicates(tuple((p.colour, p.value) for p in ps))
    in_dups = {i for group in dup_groups for i in group}
    runs: list[list[Piece]] = []
    unused: list[Piece] = []
    for c in COLOURS:
        left = [p for i, p in enumerate(ps) if i not in in_dups and p.colour == c]
        _, run_values, _ = _best_runs(tuple(sorted(p.value for p in left)))
        for rv in run_values:
            run = []
            for v in rv:
                # A card goes into a run before the wild card of equal value: an unused wild costs only 1.
                p = next(q for q in sorted(left, key=lambda q: q.kind == "wild") if q.value == v)
                left.remove(p)
                run.append(p)
            runs.append(run)
        unused += left
    duplicates = [[ps[i] for i in g] for g in dup_groups]
    wild = next(p for p in ps if p.kind == "wild")
    used = any(wild in r for r in runs) or any(wild in g for g in duplicates)
    return Arrangement(
        wild_value=wild.value if used else UNUSED_WILD_VALUE,
        runs=runs,
        duplicates=duplicates,
        unused=unused,
        score=arrangement_score(runs, duplicates, unused),
    )


def best_arrangement(hand: Sequence[str], gems: Gems, wild: str) -> Arrangement:
    """The highest-scoring arrangement; among equals, the lowest wild value (a copy of its own: the
    scoring is kept per hand, :func:`_best_arrangement`)."""
    held = tuple(gems.get(c) for c in COLOURS)
    return _best_arrangement(tuple(sorted(hand)), held, wild).model_copy(deep=True)


@lru_cache(maxsize=1024)
def _best_arrangement(hand: tuple[str, ...], held: tuple[int, ...], wild: str) -> Arrangement:
    """:func:`best_arrangement` of a hand (sorted), the gems held of each colour of :data:`COLOURS`, and a
    wild colour: pure in them, so kept, as the AI's search scores the same hands again and again."""
    gems = Gems(**dict(zip(COLOURS, held, strict=True)))
    best: Arrangement | None = None
    for w in WILD_VALUES:
        arr = _arrange(pieces(hand, gems, wild, w))
        if best is None or (arr.score, -arr.wild_value) > (best.score, -best.wild_value):
            best = arr
    assert best is not None
    return best


# -- the table ----------------------------------------------------------------------


class DisplayCard(BaseModel):
    card: str
    gems: Gems = Field(default_factory=Gems)


class Result(BaseModel):
    """A seat's revealed hand and its scoring, public once the game ends."""

    wild: Colour
    hand: list[str]
    gems: Gems
    arrangement: Arrangement


class Public(Part):
    seats: int
    first_player: int
    round: int = Field(description="1-based round number")
    phase: Literal["bid", "claim", "take", "over"]
    turn: int | None
    starter: int = Field(description="the starting player of this round, who bids first")
    display: list[DisplayCard]
    deck_size: int
    gems: list[Gems] = Field(description="each seat's gems (public at all times)")
    hand_sizes: list[int]
    bids: list[int | None] = Field(description="this round's latest bid of each seat")
    passed: list[bool]
    high_bidder: int | None
    takers: list[int] = Field(description="seats still to take a card this round, in order")
    final_round: bool
    results: list[Result] | None = None


class Private(Part):
    wild: Colour = Field(description="colour of your wild Jabberwocky card")
    hand: list[str]


class Secret(Part):
    deck: list[str] = Field(description="the undrawn Number cards, in order")
    unused_wild: Colour | None = Field(description="the Jabberwocky card nobody holds (2 players)")


GTable = Table[Public, Private, Secret]


def max_bid(gems: Gems) -> int:
    """The highest bid payable in a single colour."""
    return max(gems.get(c) for c in COLOURS)


def _rank(public: Public, seat: int) -> tuple[int, int, int, int]:
    """Sort key of the final standings: best first."""
    assert public.results is not None
    r = public.results[seat]
    gone_first = (seat - public.first_player) % public.seats
    return -r.arrangement.score, r.arrangement.wild_value, r.gems.total(), gone_first


# -- events ---------------------------------------------------------------------


class BidEvent(EventModel):
    type: Literal["bid"]
    seat: int
    amount: int
    winner: int | None = Field(None, description="the bidding ended: the seat that won it")


class PassEvent(EventModel):
    type: Literal["pass"]
    seat: int
    winner: int | None = Field(None, description="the bidding ended: the seat that won it")


class Claimed(EventModel):
    type: Literal["claim"]
    seat: int
    bid: int
    place_on: str = Field(description="the display card the bid's gems went onto")
    placed: Gems = Field(description="the gems paid")
    take: str = Field(description="the card taken")
    gems: Gems = Field(description="the gems taken with it")


class Taken(EventModel):
    type: Literal["take"]
    seat: int
    card: str
    gems: Gems = Field(description="the gems taken with it")
    refill: list[str] | None = Field(None, description="the round ended: the cards dealt to the display")
    final_round: bool | None = Field(None, description="the round ended: whether the next one is the last")
    results: list[Result] | None = Field(None, description="the game ended: each seat's arrangement, by seat")


class Gimble(Game[GimbleOptions, GimbleMove, Public, Private, Secret]):
    name = "gimble"
    title = "Gimble"
    min_seats, max_seats = 2, 3
    summary = (
        "Rummy with gems (Jabberwocky microgames). Bid gems, payable in one colour, for the first "
        "pick of a face-up display; the winner leaves the bid on one card and takes another, then "
        "each other player takes a card and its gems. Score runs of one colour and duplicates of one "
        "number; leftover gems are cards and a secret wild card is any 1-8 of its colour."
    )
    options_type = GimbleOptions
    seat_options = ("first_player",)
    move_type = Move
    events = (
        BidEvent,
        PassEvent,
        Claimed,
        Taken,
    )
    public_type, private_type, secret_type = Public, Private, Secret

    def check_options(self, options: GimbleOptions, seats: int) -> None:
        check_named_seat("first_player", options.first_player, seats)

    def setup(self, options: GimbleOptions, seats: int, rng: Rng) -> GTable:
        first = named_or_drawn(options.first_player, seats, rng)
        wilds: list[Colour] = rng.shuffled(["green", "yellow", "purple"])
        deck = number_deck(rng)
        size = DISPLAY_SIZE[seats]
        display = [DisplayCard(card=c) for c in deck[:size]]
        del deck[:size]
        each = START_GEMS[seats]
        gems = [Gems(green=each, yellow=each, purple=each) for _ in range(seats)]
        left = [c for c in COLOURS for _ in range(Gems.supply().get(c) - each * seats)]
        rng.shuffle(left)
        for s in range(seats):
            for c in left[s * RANDOM_GEMS : (s + 1) * RANDOM_GEMS]:
                gems[s].add(c)
        public = Public(
            seats=seats, first_player=first, round=1, phase="bid", turn=first, starter=first, display=display,
            deck_size=len(deck), gems=gems, hand_sizes=[0] * seats, bids=[None] * seats,
            passed=[False] * seats, high_bidder=None, takers=[], final_round=False,
        )  # fmt: skip
        return GTable(
            public=public,
            private=[Private(wild=wilds[s], hand=[]) for s in range(seats)],
            secret=Secret(deck=deck, unused_wild=wilds[2] if seats == 2 else None),
        )

    # -- who acts, what is legal -------------------------------------------------

    def to_act(self, public: Public) -> Sequence[int]:
        return () if public.turn is None else (public.turn,)

    def _standing(self, public: Public) -> int | None:
        return None if public.high_bidder is None else public.bids[public.high_bidder]

    def legal_moves(self, public: Public, private: Private, seat: int) -> list[GimbleMove]:
        cards = [d.card for d in public.display]
        if public.phase == "bid":
            standing = self._standing(public)
            low = 0 if standing is None else standing + 1
            moves: list[GimbleMove] = [Bid(amount=a) for a in range(low, max_bid(public.gems[seat]) + 1)]
            if standing is not None:
                moves.append(Pass())
            return moves
        if public.phase == "claim":
            bid = self._standing(public) or 0
            colours: list[Colour | None] = (
                [c for c in ("green", "yellow", "purple") if public.gems[seat].get(c) >= bid] if bid else [None]
            )
            return [Claim(place_on=p, colour=c, take=t) for p in cards for c in colours for t in cards if t != p]
        if public.phase == "take":
            return [Take(card=c) for c in cards]
        return []

    def check(self, public: Public, private: Private, seat: int, move: GimbleMove) -> None:
        cards = [d.card for d in public.display]
        if public.phase == "bid":
            standing = self._standing(public)
            if isinstance(move, Pass):
                if standing is None:
                    raise IllegalMove("the starting player makes the first bid (0 or more) and may not pass")
                return
            if not isinstance(move, Bid):
                raise IllegalMove("it is the bidding: bid or pass")
            if standing is not None and move.amount <= standing:
                raise IllegalMove(f"a bid must beat the standing bid of {standing}")
            if move.amount > max_bid(public.gems[seat]):
                raise IllegalMove(
                    f"you cannot pay {move.amount} in a single colour (at most {max_bid(public.gems[seat])})"
                )
            return
        if public.phase == "claim":
            if not isinstance(move, Claim):
                raise IllegalMove("you won the bid: place it on a display card and take another (claim)")
            bid = self._standing(public) or 0
            if move.place_on not in cards:
                raise IllegalMove(f"{move.place_on} is not in the display")
            if move.take not in cards:
                raise IllegalMove(f"{move.take} is not in the display")
            if move.take == move.place_on:
                raise IllegalMove("you cannot take the card you just added gems to")
            if bid == 0:
                if move.colour is not None:
                    raise IllegalMove("a bid of 0 places no gems: name no colour")
            elif move.colour is None:
                raise IllegalMove(f"name the colour you pay your bid of {bid} in")
            elif public.gems[seat].get(move.colour) < bid:
                raise IllegalMove(f"you must pay {bid} in a single colour: you have too few {move.colour} gems")
            return
        if public.phase == "take":
            if not isinstance(move, Take):
                raise IllegalMove("take a card from the display")
            if move.card not in cards:
                raise IllegalMove(f"{move.card} is not in the display")
            return
        raise IllegalMove("the game is over")

    # -- playing ---------------------------------------------------------------------

    def apply(self, table: GTable, seat: int, move: GimbleMove, rng: Rng) -> Event:
        pub, n = table.public, table.public.seats
        if isinstance(move, Bid | Pass):
            if isinstance(move, Bid):
                pub.bids[seat], pub.high_bidder = move.amount, seat
                event: dict[str, object] = {"type": "bid", "seat": seat, "amount": move.amount}
            else:
                pub.passed[seat] = True
                event = {"type": "pass", "seat": seat}
            bidding = [s for s in range(n) if not pub.passed[s]]
            if len(bidding) == 1:
                assert bidding[0] == pub.high_bidder
                pub.phase, pub.turn = "claim", pub.high_bidder
                event["winner"] = pub.high_bidder
            else:
                nxt = left_of(seat, n)
                while pub.passed[nxt]:
                    nxt = left_of(nxt, n)
                pub.turn = nxt
            return Event(event)

        if isinstance(move, Claim):
            bid = self._standing(pub) or 0
            placed = Gems()
            if move.colour is not None and bid:
                pub.gems[seat].take(move.colour, bid)
                placed.add(move.colour, bid)
                target = next(d for d in pub.display if d.card == move.place_on)
                target.gems.add(move.colour, bid)
            taken = self._take(table, seat, move.take)
            pub.takers = [left_of(seat, n, k) for k in range(1, n)]
            pub.phase, pub.turn = "take", pub.takers[0]
            return Event(
                {"type": "claim", "seat": seat, "bid": bid, "place_on": move.place_on,
                 "placed": placed.model_dump(), "take": move.take, "gems": taken.model_dump()}
            )  # fmt: skip

        assert isinstance(move, Take)
        taken = self._take(table, seat, move.card)
        event = {"type": "take", "seat": seat, "card": move.card, "gems": taken.model_dump()}
        pub.takers.pop(0)
        if pub.takers:
            pub.turn = pub.takers[0]
            return Event(event)
        self._next_round(table, last_taker=seat, event=event)
        return Event(event)

    def _take(self, table: GTable, seat: int, card: str) -> Gems:
        pub = table.public
        slot = next(d for d in pub.display if d.card == card)
        pub.display.remove(slot)
        for c in COLOURS:
            pub.gems[seat].add(c, slot.gems.get(c))
        table.private[seat].hand.append(card)
        pub.hand_sizes[seat] += 1
        return slot.gems

    def _next_round(self, table: GTable, last_taker: int, event: dict[str, object]) -> None:
        pub, deck = table.public, table.secret.deck
        need = DISPLAY_SIZE[pub.seats] - len(pub.display)
        if len(deck) >= need:
            drawn = deck[:need]
        elif pub.seats == 3 and not pub.final_round and len(pub.display) + len(deck) == pub.seats:
            drawn, pub.final_round = list(deck), True
        else:
            self._finish(table)
            event["results"] = [r.model_dump(mode="json") for r in pub.results or []]
            return
        del deck[: len(drawn)]
        pub.display += [DisplayCard(card=c) for c in drawn]
        pub.deck_size = len(deck)
        pub.round += 1
        pub.starter = pub.turn = last_taker
        pub.phase = "bid"
        pub.bids, pub.passed, pub.high_bidder = [None] * pub.seats, [False] * pub.seats, None
        event["refill"] = drawn
        event["final_round"] = pub.final_round

    def _finish(self, table: GTable) -> None:
        pub = table.public
        pub.phase, pub.turn, pub.takers = "over", None, []
        pub.results = [
            Result(
                wild=p.wild,
                hand=sorted(p.hand, key=order_key),
                gems=pub.gems[s].model_copy(),
                arrangement=best_arrangement(p.hand, pub.gems[s], p.wild),
            )
            for s, p in enumerate(table.private)
        ]

    # -- what a seat may know (AI opponents) -------------------------------------------

    def determinize(self, public: Public, private: Private, seat: int, seats: int, rng: Rng, seen: Seen = ()) -> GTable:
        """The other hands dealt at random, each of its public size, from the Number cards neither in
        the display nor in the seat's hand; the rest is the deck, shuffled. The other wild cards (and,
        with 2 players, the unused one) are the Jabberwocky colours less the seat's own, dealt at random.
        Once the game is over, the revealed hands and wild cards are the ones shown.

        Not used: which cards each seat took from the display (each take is public, in its event, but
        the public part keeps no record of it, so a sampled hand may differ from what the seat saw
        taken), nor what a seat's bids or takes hint at its wild card.
        """
        if public.results is not None:
            hands: list[list[str]] = [list(r.hand) for r in public.results]
            wilds: list[Colour] = [r.wild for r in public.results]
            shown = [c for h in hands for c in h]
            deck = unseen(_ALL_CARDS, shown, (d.card for d in public.display))
            spare = unseen(_WILDS, wilds)
        else:
            sizes = [0 if s == seat else public.hand_sizes[s] for s in range(seats)]
            pool = unseen(_ALL_CARDS, private.hand, (d.card for d in public.display))
            hands, deck = deal_unseen(pool, sizes, rng)
            colours, spare = deal_unseen(unseen(_WILDS, (private.wild,)), [int(s != seat) for s in range(seats)], rng)
            wilds = [private.wild if s == seat else colours[s][0] for s in range(seats)]
        privates = [private if s == seat else Private.model_construct(wild=wilds[s], hand=hands[s])
                    for s in range(seats)]  # fmt: skip
        secret = Secret.model_construct(deck=deck, unused_wild=spare[0] if seats == 2 else None)
        return assemble(self, public, privates, secret)

    def outcome(self, public: Public) -> Outcome | None:
        if public.phase != "over" or public.results is None:
            return None
        winner = min(range(public.seats), key=lambda s: _rank(public, s))
        return Outcome(winners=[winner], scores=[r.arrangement.score for r in public.results])
