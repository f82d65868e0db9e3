"""Jabberwocky, the trick-taking game (an Oh Hell relative), for 3-5 players.

Thirteen rounds deal 3, 4, ... 9, 8, ... 3 cards; the turned card sets trump.
Each seat bids the exact number of tricks it will take, the tricks are
played, and each exact bid scores a point; failing to follow suit costs 3.

Hidden: each hand is private to its seat; the undealt rest of the deck is
secret. A seat's follow-suit penalties in the current round are private to it
(a renege tells that the seat still held the led suit) until the round ends;
the round's result event then shows every seat's penalties and the scores.

Chance: the deal of every round, from the match's seeded generator; the first
dealer too, unless the option ``first_dealer`` names one.

Interpretations (rulebook: ``jabberwocky-trick-taking.txt``):

- "Each player must follow suit (failing to do so deducts 3 points from the
  score as a penalty)." -> the penalty is the rule: by default a seat may play
  off-suit while holding the led suit, and loses 3 points each time.
- NOTES.md: "By default a player may play off-suit while holding the led
  suit, and loses 3 points each time; a match option `follow_suit: "enforced"`
  refuses such a card instead." -> the option ``follow_suit="enforced"``
  refuses such a card with an ``illegal_move`` error.
- "failing to do so deducts 3 points from the score as a penalty" -> the
  penalty counts when the round is scored: until then only the reneging seat
  learns of it (privately), so that no seat learns another's hand early; the
  round's result event shows the penalties and the scores to everyone.
- "A trump card may not be played first in a trick unless the trump suit has
  already been played or the player has only trump cards available." -> trump
  is broken by any trump played, led or not.
- "The dealer bids last, and may not bid a number that would make the total
  number of bids equal to the total number of tricks that may be taken during
  that round." -> when that number is not a bid the dealer could make anyway
  (below 0 or above the cards dealt), the dealer may bid anything.
- NOTES.md: "Table conventions such as "the player who most recently looked
  at a map goes first" become a random choice from the match's seeded
  generator, unless the match creator names the first player in the match
  options." -> the rulebook names no first dealer, so the first dealer is
  drawn unless the option ``first_dealer`` names one.
- "Once a round has finished, players are given one point for acquiring the
  exact number of tricks that they bid" -> a seat's score is its exact bids
  made minus 3 per renege of the follow-suit rule.
- "The player(s) with the most points at the end of all 13 rounds wins. Tie
  wins are possible." -> the highest score wins and tied seats share the win;
  the option ``rounds`` (default 13) plays only the first rounds, for a
  shorter match.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, Field

from server.engine import (
    Event,
    EventData,
    EventModel,
    Game,
    IllegalMove,
    MoveModel,
    Options,
    Outcome,
    Part,
    PrivateModel,
    PrivatePart,
    Rng,
    Table,
)
from server.engine.cards import STANDARD_DECK, deal, is_card, rank, sort_hand, suit
from server.engine.knowledge import Seen
from server.engine.sampling import assemble, deal_unseen, unseen
from server.engine.seats import check_named_seat, left_of, named_or_drawn
from server.engine.tricks import can_follow, trick_winner

#: Cards dealt to each seat in rounds 1..13: 3 up to 9, then down to 3.
DEAL_SIZES: tuple[int, ...] = (3, 4, 5, 6, 7, 8, 9, 8, 7, 6, 5, 4, 3)
RENEGE_PENALTY = 3


class JabberwockyOptions(Options):
    follow_suit: Literal["penalty", "enforced"] = Field(
        "penalty", description="penalty: off-suit costs 3 points; enforced: off-suit is refused"
    )
    first_dealer: int | None = Field(None, ge=0, le=4, description="seat of the first dealer; drawn if unset")
    rounds: int = Field(13, ge=1, le=13, description="play only the first N rounds of the 13")


class Bid(MoveModel):
    type: Literal["bid"] = "bid"
    tricks: int = Field(ge=0, le=9)


class Play(MoveModel):
    type: Literal["play"] = "play"
    card: str = Field(pattern=r"^[2-9TJQKA][CDHS]$")


Move = Annotated[Bid | Play, Field(discriminator="type")]


class TrickPlay(BaseModel):
    seat: int
    card: str


class Public(Part):
    seats: int
    follow_suit: Literal["penalty", "enforced"]
    rounds: int
    round: int = Field(description="1-based round number")
    hand_size: int = Field(description="cards dealt to each seat this round")
    dealer: int
    trump_card: str
    phase: Literal["bid", "play", "over"]
    turn: int | None
    bids: list[int | None]
    trick: list[TrickPlay]
    leader: int
    trump_broken: bool
    tricks_won: list[int]
    cards_left: list[int]
    made: list[int] = Field(description="exact bids made so far")
    penalties: list[int] = Field(
        description="follow-suit penalties of the finished rounds (count); this round's are shown when it ends"
    )
    last_trick: list[TrickPlay] | None = None


class Private(Part):
    hand: list[str]
    reneges: int = Field(0, description="your follow-suit penalties this round, shown to all when it ends")


class Secret(Part):
    deck: list[str] = Field(description="the undealt cards, in order")


JTable = Table[Public, Private, Secret]


# -- events ---------------------------------------------------------------------


class BidMade(EventModel):
    type: Literal["bid"]
    seat: int
    tricks: int


class RoundOver(EventData):
    round: int
    made: list[int] = Field(description="the seats that made their bid exactly")
    tricks_won: list[int]
    penalties: list[int] = Field(description="each seat's reneges this round")
    scores: list[int]


class PlayPrivate(PrivatePart):
    penalty: int | None = Field(None, description="this card was a renege: the points it will cost")
    hand: list[str] | None = Field(None, description="the seat's hand of the next round, dealt")


class CardPlayed(EventModel):
    type: Literal["play"]
    seat: int
    card: str
    trick_winner: int | None = Field(None, description="the card ended the trick: who took it")
    round_over: RoundOver | None = Field(None, description="the card ended the round")
    private: ClassVar[PrivateModel] = PlayPrivate


def _voids(tricks: list[list[TrickPlay]], seats: int) -> list[set[str]]:
    """The suits each seat was shown void in by ``tricks`` under enforced follow-suit: a card off the suit led."""
    voids: list[set[str]] = [set() for _ in range(seats)]
    for trick in tricks:
        if not trick:
            continue
        led = suit(trick[0].card)
        for p in trick:
            if suit(p.card) != led:
                voids[p.seat].add(led)
    return voids


def _round_tricks(seen: Seen) -> list[list[TrickPlay]]:
    """The tricks of the round under way, the last one maybe unfinished, from the events a seat has seen (a
    round ends with the card that carries ``round_over``; read back from the newest event to it, as a
    search reads this for every sample)."""
    plays = []
    for event in reversed(seen):
        played = event["public"]
        if played.get("type") != "play":
            continue
        if played.get("round_over") is not None:
            break
        plays.append(played)
    tricks: list[list[TrickPlay]] = [[]]
    for played in reversed(plays):
        tricks[-1].append(TrickPlay.model_construct(seat=played["seat"], card=played["card"]))
        if played.get("trick_winner") is not None:
            tricks.append([])
    return tricks


def scores(public: Public) -> list[int]:
    return [m - RENEGE_PENALTY * p for m, p in zip(public.made, public.penalties, strict=True)]


class Jabberwocky(Game[JabberwockyOptions, Bid | Play, Public, Private, Secret]):
    name = "jabberwocky"
    title = "Jabberwocky (trick-taking)"
    min_seats, max_seats = 3, 5
    summary = (
        "Oh Hell relative with a 52-card deck. 13 rounds dealing 3..9..3 cards; the turned card "
        "sets trump. Bid the exact number of tricks you will take (the dealer, bidding last, may "
        "not make the bids total the tricks). Follow suit or lose 3 points; trump may not be led "
        "until broken. One point per exact bid; most points wins, ties share."
    )
    options_type = JabberwockyOptions
    #: A bot samples hands consistent with every trick of the round it saw, not only the last (:meth:`determinize`).
    remembers = True
    seat_options = ("first_dealer",)
    move_type = Move
    events = (BidMade, CardPlayed)
    public_type, private_type, secret_type = Public, Private, Secret

    def check_options(self, options: JabberwockyOptions, seats: int) -> None:
        check_named_seat("first_dealer", options.first_dealer, seats)

    def setup(self, options: JabberwockyOptions, seats: int, rng: Rng) -> JTable:
        dealer = named_or_drawn(options.first_dealer, seats, rng)
        public = Public(
            seats=seats,
            follow_suit=options.follow_suit,
            rounds=options.rounds,
            round=0,
            hand_size=0,
            dealer=dealer,
            trump_card="2C",
            phase="bid",
            turn=None,
            bids=[],
            trick=[],
            leader=0,
            trump_broken=False,
            tricks_won=[],
            cards_left=[],
            made=[0] * seats,
            penalties=[0] * seats,
        )
        table = JTable(public=public, private=[Private(hand=[]) for _ in range(seats)], secret=Secret(deck=[]))
        self._deal(table, rng, round_=1, dealer=dealer)
        return table

    def _deal(self, table: JTable, rng: Rng, round_: int, dealer: int) -> None:
        pub, n = table.public, table.public.seats
        size = DEAL_SIZES[round_ - 1]
        deck = rng.shuffled(STANDARD_DECK)
        # Deal starts at the dealer's left, one card at a time.
        hands = deal(deck, n, size)
        for i, hand in enumerate(hands):
            table.private[left_of(dealer, n, i + 1)].hand = sort_hand(hand)
        pub.trump_card = deck.pop(0)
        table.secret.deck = deck
        pub.round, pub.hand_size, pub.dealer = round_, size, dealer
        pub.phase, pub.turn = "bid", left_of(dealer, n)
        pub.bids = [None] * n
        pub.trick, pub.leader, pub.trump_broken = [], left_of(dealer, n), False
        pub.tricks_won, pub.cards_left = [0] * n, [size] * n

    # -- who acts, what is legal -------------------------------------------------

    def to_act(self, public: Public) -> Sequence[int]:
        return () if public.turn is None else (public.turn,)

    def forbidden_bid(self, public: Public, seat: int) -> int | None:
        """The dealer's forbidden bid, if ``seat`` is the dealer and it is a possible bid."""
        if seat != public.dealer:
            return None
        rest = public.hand_size - sum(b for b in public.bids if b is not None)
        return rest if 0 <= rest <= public.hand_size else None

    def playable(self, public: Public, hand: list[str]) -> list[str]:
        trump = suit(public.trump_card)
        if not public.trick:  # leading
            if public.trump_broken or all(suit(c) == trump for c in hand):
                return list(hand)
            return [c for c in hand if suit(c) != trump]
        led = suit(public.trick[0].card)
        if public.follow_suit == "enforced" and can_follow(hand, led):
            return [c for c in hand if suit(c) == led]
        return list(hand)

    def legal_moves(self, public: Public, private: Private, seat: int) -> list[Bid | Play]:
        if public.phase == "bid":
            no = self.forbidden_bid(public, seat)
            return [Bid(tricks=k) for k in range(public.hand_size + 1) if k != no]
        return [Play(card=c) for c in self.playable(public, private.hand)]

    def default_move(self, public: Public, private: Private, seat: int, legal: list[Bid | Play]) -> Bid | Play:
        """When a seat's time runs out: the lowest bid, or the lowest-ranked card it may play."""
        plays = [m for m in legal if isinstance(m, Play)]
        if plays:
            return min(plays, key=lambda m: rank(m.card))
        return legal[0]

    def check(self, public: Public, private: Private, seat: int, move: Bid | Play) -> None:
        if public.phase == "bid":
            if not isinstance(move, Bid):
                raise IllegalMove("it is the bidding phase: bid a number of tricks")
            if move.tricks > public.hand_size:
                raise IllegalMove(f"bid at most {public.hand_size} (the cards dealt this round)")
            if move.tricks == self.forbidden_bid(public, seat):
                raise IllegalMove(f"the dealer may not bid {move.tricks}: the bids would total the tricks")
            return
        if not isinstance(move, Play):
            raise IllegalMove("it is the play phase: play a card")
        if not is_card(move.card) or move.card not in private.hand:
            raise IllegalMove(f"{move.card} is not in your hand")
        if move.card not in self.playable(public, private.hand):
            if not public.trick:
                raise IllegalMove("trump may not be led until it is broken")
            raise IllegalMove("you must follow suit (follow_suit is enforced)")

    # -- playing ---------------------------------------------------------------------

    def apply(self, table: JTable, seat: int, move: Bid | Play, rng: Rng) -> Event:
        pub, n = table.public, table.public.seats
        if isinstance(move, Bid):
            pub.bids[seat] = move.tricks
            if seat == pub.dealer:
                pub.phase, pub.turn = "play", pub.leader
            else:
                pub.turn = left_of(seat, n)
            return Event({"type": "bid", "seat": seat, "tricks": move.tricks})

        mine = table.private[seat]
        hand = mine.hand
        trump = suit(pub.trump_card)
        event: dict[str, object] = {"type": "play", "seat": seat, "card": move.card}
        private: dict[int, dict[str, object]] = {}
        if pub.trick and suit(move.card) != suit(pub.trick[0].card) and can_follow(hand, suit(pub.trick[0].card)):
            # A renege tells that the seat held the led suit: only it knows until the round ends.
            mine.reneges += 1
            private[seat] = {"penalty": RENEGE_PENALTY}
        hand.remove(move.card)
        pub.cards_left[seat] -= 1
        if suit(move.card) == trump:
            pub.trump_broken = True
        pub.trick.append(TrickPlay(seat=seat, card=move.card))
        if len(pub.trick) < n:
            pub.turn = left_of(seat, n)
            return Event(event, private)

        winner = trick_winner([(p.seat, p.card) for p in pub.trick], trump)
        pub.tricks_won[winner] += 1
        pub.last_trick, pub.trick = pub.trick, []
        pub.leader = pub.turn = winner
        event["trick_winner"] = winner
        if any(pub.cards_left):
            return Event(event, private)

        made = [s for s in range(n) if pub.bids[s] == pub.tricks_won[s]]
        for s in made:
            pub.made[s] += 1
        reneges = [p.reneges for p in table.private]
        for s, p in enumerate(table.private):
            pub.penalties[s] += p.reneges
            p.reneges = 0
        event["round_over"] = {
            "round": pub.round,
            "made": made,
            "tricks_won": list(pub.tricks_won),
            "penalties": reneges,
            "scores": scores(pub),
        }
        if pub.round >= pub.rounds:
            pub.phase, pub.turn = "over", None
            return Event(event, private)
        self._deal(table, rng, round_=pub.round + 1, dealer=left_of(pub.dealer, n))
        for s in range(n):
            private.setdefault(s, {})["hand"] = list(table.private[s].hand)
        return Event(event, private)

    # -- what a seat may know (AI opponents) -------------------------------------------

    def determinize(self, public: Public, private: Private, seat: int, seats: int, rng: Rng, seen: Seen = ()) -> JTable:
        """The other hands dealt at random from the cards ``seat`` has not seen, each of the size the
        public part shows; the rest is the undealt deck (dead until the next round's fresh shuffle).

        Used: the seat's hand, the trump card and every trick of the round so far: those it has seen
        (``seen``, the round's plays, as a player at the table remembers them; the game
        :attr:`remembers`), else the trick on the table and the last trick, which the public part keeps.
        With ``follow_suit="enforced"``, a seat that did not follow the led suit in one of them holds none
        of it. Not used: a trump led before trump was broken (the seat held only trumps), and, under the
        penalty rule, a card off the led suit (a renege or a void: nobody else can tell). The other seats'
        reneges this round are private to them: the sample has none.
        """
        sizes = [0 if s == seat else public.cards_left[s] for s in range(seats)]
        tricks = _round_tricks(seen) if seen else None
        if tricks is None:
            tricks = [public.trick]
            if sum(public.tricks_won) and public.last_trick:
                tricks.append(public.last_trick)
        pool = unseen(STANDARD_DECK, private.hand, (public.trump_card,), (p.card for t in tricks for p in t))
        allowed = None
        if public.follow_suit == "enforced":
            voids = _voids(tricks, seats)
            allowed = [(lambda c, v=v: suit(c) not in v) if v else None for v in voids]
        hands, rest = deal_unseen(pool, sizes, rng, allowed)
        others = [private if s == seat else Private.model_construct(hand=sort_hand(hands[s]), reneges=0)
                  for s in range(seats)]  # fmt: skip
        undealt = len(STANDARD_DECK) - 1 - seats * public.hand_size
        return assemble(self, public, others, Secret.model_construct(deck=rest[:undealt]))

    def outcome(self, public: Public) -> Outcome | None:
        if public.phase != "over":
            return None
        final = scores(public)
        best = max(final)
        return Outcome(winners=[s for s, v in enumerate(final) if v == best], scores=final)
