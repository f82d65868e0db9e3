"""Brillig, a bidding game for 2 players (Jabberwocky microgames, by Peter C. Hayward).

Four rounds, each with an *assignment* phase (both seats play a card face
down; the higher number moves gem piles onto the three Jabberwocky cards
first) and a *collection* phase (both seats play a card face down and take
the gems of its colour from the Jabberwocky card of that colour). Each gem on
a collection card scores the card's number.

Hidden: each hand is private to its seat. Both face-down cards of a phase are
sealed (:mod:`server.engine.sealed`): the public part records only *that* a
seat has committed, the card sits in the secret part until both have
committed, then both are revealed at once. The bonus deck is secret; a seat
that earns a bonus card sees the deck (its private ``bonus_offer``) while it
chooses, and only it learns which card it took. Everything on the table
(gem piles, Jabberwocky cards, played cards, collections) is public.

Chance: the deal of the twelve 1-4 cards (6 each) and the gems shuffled into
the nine piles, both at setup from the match's seeded generator. There is no
first player: "The player with the higher number goes first", every round.

Interpretations (rulebook: ``jabberwocky-microgames.txt``, "Brillig"):

- "Whichever cards from 1-4 that you don't hold at the start of the game are
  held by your opponent." -> hands are private all the same: each seat can
  work the opponent's starting hand out, but the server does not do it for
  them, and the 5s taken from the bonus deck stay secret.
- "Players reveal their cards simultaneously" -> both face-down cards of a
  phase are a sealed choice: each seat commits privately and both cards are
  shown together once both have committed.
- "The other player assigns the other 2 piles onto the remaining Jabberwocky
  cards." -> with two piles and two cards left this is one choice: the second
  player's move puts one remaining pile on one remaining card, and the last
  pile goes onto the last card by itself.
- "If both players collect a bonus card in the same round, the player who
  played the lower number takes a bonus card first." -> with equal numbers,
  the colour order that breaks ties everywhere else ("Green goes before
  Yellow or Purple, and Yellow goes before Purple") decides who takes first:
  green first.
- "Pick up the bonus deck ..., secretly choose 1 of the cards ... The
  collection card you played that round moves into the bonus deck." -> each
  seat finishes its bonus (choose, then its collection card goes in) before
  the other starts, so the second seat may choose the first seat's card. The
  bonus deck always holds three cards. Its order never matters (the taker
  sees all of it), so "Shuffle the 5-value Number cards" draws nothing. A
  collection card that collected no gems is not scored: it is the card that
  moves into the bonus deck.
- "Play the final round as normal." -> bonus cards are taken in round 4 too:
  they no longer score, but they count for the tie-break.
- "If there are no gems left on a Jabberwocky card, that's fine. It's a pile
  of zero." -> round 4's row is the Jabberwocky cards' piles in colour order
  (green, yellow, purple), a pile of zero gems included.
- "In the case of a tie, compare your remaining cards. The player holding the
  highest number breaks the tie." -> remaining cards are the hand after round
  4 (the round-4 assignment card lies face up, not in hand). The hands are
  shown publicly only when the scores tie. Cards are unique, so this always
  decides: the highest value wins, then green over yellow over purple.
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
from server.engine.knowledge import Seen
from server.engine.numbers import (
    COLOURS,
    GEMS_PER_COLOUR,
    NUMBER_CARD_PATTERN,
    Gems,
    colour,
    colour_rank,
    number_deck,
    value,
)
from server.engine.sampling import assemble, deal_unseen, unseen
from server.engine.sealed import Committed, CommittedEvent, Sealed, commit_event

ROUNDS = 4
HAND_SIZE = 6
BONUS_CARDS = 3
#: Every card of the game: the 1-4 Number cards dealt, the 5s of the bonus deck.
_ALL_CARDS: tuple[str, ...] = tuple(number_deck(values=(1, 2, 3, 4, 5)))
#: Gems per pile in each row, bottom row first: rounds 1, 2 and 3.
ROW_SIZES: tuple[int, ...] = (3, 3, 2)
Colour = Literal["green", "yellow", "purple"]
COLOUR_ORDER: tuple[Colour, ...] = ("green", "yellow", "purple")


class BrilligOptions(Options):
    """Brillig has no options: the book prints no variant."""


class PlayCard(MoveModel):
    """Play a card face down: the assignment card or the collection card, by phase."""

    type: Literal["play"] = "play"
    card: str = Field(pattern=NUMBER_CARD_PATTERN)


class MovePile(MoveModel):
    """Move pile ``pile`` of the current row onto the Jabberwocky card ``onto``."""

    type: Literal["move_pile"] = "move_pile"
    pile: int = Field(ge=0, le=2)
    onto: Colour


class TakeBonus(MoveModel):
    """Take ``card`` from the bonus deck into your hand."""

    type: Literal["take_bonus"] = "take_bonus"
    card: str = Field(pattern=NUMBER_CARD_PATTERN)


AnyMove = PlayCard | MovePile | TakeBonus
Move = Annotated[AnyMove, Field(discriminator="type")]


class Collected(BaseModel):
    """A scored collection card and the gems on it (all of the card's colour)."""

    card: str
    gems: int

    @property
    def points(self) -> int:
        return value(self.card) * self.gems


class Public(Part):
    round: int = Field(description="1..4")
    phase: Literal["assign_card", "assign_first", "assign_second", "collect_card", "bonus", "over"]
    committed: Committed = Field(description="who has played the face-down card of this phase")
    rows: list[list[Gems]] = Field(description="gem rows still to come, next round's row first")
    piles: list[Gems | None] = Field(description="this round's row; None once moved")
    jabberwocky: dict[str, Gems] = Field(description="gems on each Jabberwocky card, by its colour")
    received: list[Colour] = Field(default_factory=list, description="Jabberwocky cards given a pile this round")
    first: int | None = Field(None, description="who played the higher assignment card this round")
    assignment: list[str | None] = Field(description="this round's revealed assignment cards, by seat")
    collection: list[str | None] = Field(description="the last revealed collection cards, by seat")
    assignment_cards: list[list[str]] = Field(description="assignment cards face up, back to hand in round 4")
    collections: list[list[Collected]] = Field(description="each seat's scored collection cards")
    bonus_queue: list[int] = Field(description="seats still to take a bonus card, in order")
    hand_sizes: list[int]
    scores: list[int]
    shown_hands: list[list[str]] | None = Field(None, description="remaining hands, shown only on a tie")


class Private(Part):
    hand: list[str]
    face_down: str | None = Field(None, description="your face-down card, until both are revealed")
    bonus_offer: list[str] | None = Field(None, description="the bonus deck, while you choose from it")


class Secret(Part):
    sealed: Sealed[str]
    bonus: list[str] = Field(description="the bonus deck")


BTable = Table[Public, Private, Secret]


def card_rank(card: str) -> tuple[int, int]:
    """Higher is better: by number, then green over yellow over purple."""
    return value(card), -colour_rank(colour(card))


def sort_cards(cards: list[str]) -> list[str]:
    return sorted(cards, key=lambda c: (colour_rank(colour(c)), value(c)))


def score(collected: list[Collected]) -> int:
    """Each gem on a collection card is worth the number on that card."""
    return sum(c.points for c in collected)


def gem_piles(gems: list[str]) -> list[list[Gems]]:
    """Cut a shuffled list of 24 gem colours into the three rows, bottom row first."""
    rows, i = [], 0
    for size in ROW_SIZES:
        row = []
        for _ in range(3):
            pile = Gems()
            for g in gems[i : i + size]:
                pile.add(g)
            row.append(pile)
            i += size
        rows.append(row)
    return rows


# -- events ---------------------------------------------------------------------


class CardCommitted(CommittedEvent):
    phase: Literal["assign_card", "collect_card"] = Field(description="what the card was played face down for")


class NewsPrivate(PrivatePart):
    """A seat's news: the bonus cards offered to it, or its hand of the last round (the assignment cards back)."""

    bonus_offer: list[str] | None = None
    hand: list[str] | None = None


class Revealed(EventModel):
    """Both face-down cards turned up: the assignment's (who places first) or the collection's (who takes)."""

    type: Literal["reveal"]
    phase: Literal["assign_card", "collect_card"]
    cards: list[str] = Field(description="each seat's card")
    first: int | None = Field(None, description="assign_card: the seat that moves a pile first")
    collected: list[int] | None = Field(None, description="collect_card: the gems each seat collected")
    bonus_queue: list[int] | None = Field(None, description="collect_card: the seats that draw a bonus, in order")
    private: ClassVar[PrivateModel] = NewsPrivate


class Placed(EventData):
    pile: int
    onto: Colour
    gems: dict[str, int] = Field(description="the pile's gems by colour")


class PileMoved(EventModel):
    type: Literal["move_pile"]
    seat: int
    moved: list[Placed] = Field(description="the pile moved, and after the second the last one, onto the free card")


class BonusPrivate(NewsPrivate):
    card: str | None = Field(None, description="the taker: the bonus card it took")


class BonusTaken(EventModel):
    type: Literal["take_bonus"]
    seat: int
    returned: str = Field(description="the collection card the seat gave back to the bonus deck")
    private: ClassVar[PrivateModel] = BonusPrivate


class Brillig(Game[BrilligOptions, AnyMove, Public, Private, Secret]):
    name = "brillig"
    title = "Brillig"
    min_seats, max_seats = 2, 2
    summary = (
        "Bidding game for 2 over 4 rounds. Each round both play a face-down assignment card: the "
        "higher number moves one gem pile onto a Jabberwocky card, the other moves the other two. "
        "Then both play a face-down collection card and take the gems of its colour from that "
        "Jabberwocky card (same colour: only the lower number collects); collecting nothing earns "
        "a 5 from the bonus deck. Gems score the number of the card they sit on."
    )
    options_type = BrilligOptions
    move_type = Move
    events = (
        CardCommitted,
        Revealed,
        PileMoved,
        BonusTaken,
    )
    public_type, private_type, secret_type = Public, Private, Secret

    def setup(self, options: BrilligOptions, seats: int, rng: Rng) -> BTable:
        deck = number_deck(rng, values=(1, 2, 3, 4))
        hands = [sort_cards(deck[:HAND_SIZE]), sort_cards(deck[HAND_SIZE : 2 * HAND_SIZE])]
        gems = rng.shuffled([c for c in COLOURS for _ in range(GEMS_PER_COLOUR)])
        rows = gem_piles(gems)
        public = Public(
            round=1,
            phase="assign_card",
            committed=Committed.fresh(2),
            rows=rows[1:],
            piles=list(rows[0]),
            jabberwocky={c: Gems() for c in COLOURS},
            assignment=[None, None],
            collection=[None, None],
            assignment_cards=[[], []],
            collections=[[], []],
            bonus_queue=[],
            hand_sizes=[HAND_SIZE, HAND_SIZE],
            scores=[0, 0],
        )
        secret = Secret(sealed=Sealed[str].fresh(2), bonus=number_deck(values=(5,)))
        return BTable(public=public, private=[Private(hand=h) for h in hands], secret=secret)

    # -- who acts, what is legal -------------------------------------------------

    def to_act(self, public: Public) -> Sequence[int]:
        if public.phase in ("assign_card", "collect_card"):
            return public.committed.waiting()
        if public.phase == "assign_first":
            return [public.first] if public.first is not None else []
        if public.phase == "assign_second":
            return [1 - public.first] if public.first is not None else []
        if public.phase == "bonus":
            return public.bonus_queue[:1]
        return []

    def free_cards(self, public: Public) -> list[Colour]:
        """The Jabberwocky cards that have not received a pile this round."""
        return [c for c in COLOUR_ORDER if c not in public.received]

    def legal_moves(self, public: Public, private: Private, seat: int) -> list[AnyMove]:
        if public.phase in ("assign_card", "collect_card"):
            return [PlayCard(card=c) for c in private.hand]
        if public.phase in ("assign_first", "assign_second"):
            onto = self.free_cards(public)
            return [MovePile(pile=i, onto=c) for i, p in enumerate(public.piles) if p is not None for c in onto]
        if public.phase == "bonus" and private.bonus_offer:
            return [TakeBonus(card=c) for c in private.bonus_offer]
        return []

    def check(self, public: Public, private: Private, seat: int, move: AnyMove) -> None:
        phase = public.phase
        if phase in ("assign_card", "collect_card"):
            what = "an assignment card" if phase == "assign_card" else "a collection card"
            if not isinstance(move, PlayCard):
                raise IllegalMove(f"play {what} face down first")
            if move.card not in private.hand:
                raise IllegalMove(f"{move.card} is not in your hand")
            return
        if phase in ("assign_first", "assign_second"):
            if not isinstance(move, MovePile):
                raise IllegalMove("move a gem pile onto a Jabberwocky card")
            if public.piles[move.pile] is None:
                raise IllegalMove(f"pile {move.pile} has already been moved this round")
            if move.onto in public.received:
                raise IllegalMove(f"the {move.onto} Jabberwocky card already received a pile this round")
            return
        if phase == "bonus":
            if not isinstance(move, TakeBonus):
                raise IllegalMove("choose a card from the bonus deck")
            if not private.bonus_offer or move.card not in private.bonus_offer:
                raise IllegalMove(f"{move.card} is not in the bonus deck")
            return
        raise IllegalMove("the game is over")

    # -- playing ---------------------------------------------------------------------

    def apply(self, table: BTable, seat: int, move: AnyMove, rng: Rng) -> Event:
        if isinstance(move, PlayCard):
            return self._play(table, seat, move.card)
        if isinstance(move, MovePile):
            return self._move_pile(table, seat, move)
        return self._take_bonus(table, seat, move.card)

    def _play(self, table: BTable, seat: int, card: str) -> Event:
        pub, mine = table.public, table.private[seat]
        phase = pub.phase
        table.secret.sealed.commit(pub.committed, seat, card)
        mine.hand.remove(card)
        mine.face_down = card
        pub.hand_sizes[seat] -= 1
        if not pub.committed.complete:
            return commit_event(seat, card, phase=phase)
        cards = table.secret.sealed.reveal(pub.committed)
        for p in table.private:
            p.face_down = None
        if phase == "assign_card":
            return self._reveal_assignment(table, cards)
        return self._reveal_collection(table, cards)

    def _reveal_assignment(self, table: BTable, cards: list[str]) -> Event:
        pub = table.public
        pub.assignment = list(cards)
        for s in (0, 1):
            pub.assignment_cards[s].append(cards[s])
        pub.first = max((0, 1), key=lambda s: card_rank(cards[s]))
        pub.received = []
        pub.phase = "assign_first"
        return Event({"type": "reveal", "phase": "assign_card", "cards": list(cards), "first": pub.first})

    def _move_pile(self, table: BTable, seat: int, move: MovePile) -> Event:
        pub = table.public
        moved = [self._place(pub, move.pile, move.onto)]
        if pub.phase == "assign_first":
            pub.phase = "assign_second"
        else:
            # The last pile goes onto the last Jabberwocky card.
            last = next(i for i, p in enumerate(pub.piles) if p is not None)
            moved.append(self._place(pub, last, self.free_cards(pub)[0]))
            pub.phase = "collect_card"
        return Event({"type": "move_pile", "seat": seat, "moved": moved})

    @staticmethod
    def _place(pub: Public, pile: int, onto: Colour) -> dict[str, object]:
        gems = pub.piles[pile]
        assert gems is not None
        board = pub.jabberwocky[onto]
        for c in COLOURS:
            board.add(c, gems.get(c))
        pub.piles[pile] = None
        pub.received.append(onto)
        return {"pile": pile, "onto": onto, "gems": gems.model_dump()}

    def _reveal_collection(self, table: BTable, cards: list[str]) -> Event:
        pub = table.public
        pub.collection = list(cards)
        takers = collectors(cards)
        collected: dict[int, int] = {}
        for s in takers:
            col = colour(cards[s])
            n = pub.jabberwocky[col].get(col)
            if n:
                pub.jabberwocky[col].take(col, n)
                pub.collections[s].append(Collected(card=cards[s], gems=n))
                collected[s] = n
        pub.scores = [score(c) for c in pub.collections]
        pub.bonus_queue = sorted((s for s in (0, 1) if s not in collected), key=lambda s: order(cards[s]))
        event: dict[str, object] = {
            "type": "reveal",
            "phase": "collect_card",
            "cards": list(cards),
            "collected": [collected.get(s, 0) for s in (0, 1)],
            "bonus_queue": list(pub.bonus_queue),
        }
        if pub.bonus_queue:
            pub.phase = "bonus"
            return Event(event, self._offer(table))
        return Event(event, self._end_round(table))

    def _offer(self, table: BTable) -> dict[int, dict[str, object]]:
        """Hand the bonus deck to the next seat in the queue."""
        s = table.public.bonus_queue[0]
        offer = sorted(table.secret.bonus, key=card_rank, reverse=True)
        table.private[s].bonus_offer = offer
        return {s: {"bonus_offer": list(offer)}}

    def _take_bonus(self, table: BTable, seat: int, card: str) -> Event:
        pub, mine = table.public, table.private[seat]
        returned = pub.collection[seat]
        assert returned is not None
        table.secret.bonus.remove(card)
        table.secret.bonus.append(returned)
        mine.hand = sort_cards([*mine.hand, card])
        mine.bonus_offer = None
        pub.hand_sizes[seat] += 1
        pub.bonus_queue.pop(0)
        event = {"type": "take_bonus", "seat": seat, "returned": returned}
        private: dict[int, dict[str, object]] = {seat: {"card": card}}
        if pub.bonus_queue:
            for s, info in self._offer(table).items():
                private.setdefault(s, {}).update(info)
        else:
            for s, info in self._end_round(table).items():
                private.setdefault(s, {}).update(info)
        return Event(event, private)

    def _end_round(self, table: BTable) -> dict[int, dict[str, object]]:
        """Start the next round, or end the game; returns private news per seat."""
        pub = table.public
        if pub.round == ROUNDS:
            pub.phase = "over"
            if pub.scores[0] == pub.scores[1]:
                pub.shown_hands = [list(p.hand) for p in table.private]
            return {}
        pub.round += 1
        pub.phase, pub.first, pub.received = "assign_card", None, []
        pub.assignment = [None, None]
        if pub.round < ROUNDS:
            pub.piles = list(pub.rows.pop(0))
            return {}
        # Round 4: the Jabberwocky cards' piles become the row; assignment cards return to hand.
        pub.piles = [pub.jabberwocky[c] for c in COLOURS]
        pub.jabberwocky = {c: Gems() for c in COLOURS}
        news: dict[int, dict[str, object]] = {}
        for s, p in enumerate(table.private):
            back = pub.assignment_cards[s]
            p.hand = sort_cards([*p.hand, *back])
            pub.hand_sizes[s] += len(back)
            pub.assignment_cards[s] = []
            news[s] = {"hand": list(p.hand)}
        return news

    # -- what a seat may know (AI opponents) -------------------------------------------

    def determinize(self, public: Public, private: Private, seat: int, seats: int, rng: Rng, seen: Seen = ()) -> BTable:
        """The opponent's hand, its face-down card and the bonus deck dealt at random from the fifteen
        Number cards less those ``seat`` knows the place of.

        Known places: the seat's hand, its face-down card and the bonus deck it is choosing from (its
        ``bonus_offer``: then the deck is exactly that), the assignment cards face up, the scored
        collection cards, the collection cards of the seats still to take a bonus (they go into the
        deck after the take) and, at a tie's end, the hands shown. So in round 1 the opponent's hand is
        exactly the 1-4 cards the seat lacks, as the rulebook says. Not used: which revealed collection
        card went back into the deck (the other seat may have taken it out again since).
        """
        other = 1 - seat
        placed: list[str] = [*private.hand, *public.assignment_cards[0], *public.assignment_cards[1]]
        placed += [c.card for cards in public.collections for c in cards]
        if public.phase == "bonus":
            placed += [c for s in public.bonus_queue if (c := public.collection[s]) is not None]
        if private.face_down is not None:
            placed.append(private.face_down)
        sealing = public.phase in ("assign_card", "collect_card") and public.committed.seats[other]
        if public.shown_hands is not None:
            hand, face_down = list(public.shown_hands[other]), list[str]()
            bonus = unseen(_ALL_CARDS, placed, hand)
        else:
            offer = private.bonus_offer or []
            sizes = [public.hand_sizes[other], int(sealing), 0 if offer else BONUS_CARDS]
            (hand, face_down, bonus), _ = deal_unseen(unseen(_ALL_CARDS, placed, offer), sizes, rng)
            bonus = list(offer) if offer else bonus
        theirs = Private.model_construct(hand=sort_cards(hand), face_down=face_down[0] if face_down else None,
                                         bonus_offer=None)  # fmt: skip
        if public.phase == "bonus" and public.bonus_queue[0] == other:
            theirs.bonus_offer = sorted(bonus, key=card_rank, reverse=True)
        privates = [private, theirs] if seat == 0 else [theirs, private]
        choices = [p.face_down for p in privates]
        secret = Secret.model_construct(sealed=Sealed[str].model_construct(choices=choices), bonus=bonus)
        return assemble(self, public, privates, secret)

    def outcome(self, public: Public) -> Outcome | None:
        if public.phase != "over":
            return None
        a, b = public.scores
        if a != b:
            return Outcome(winners=[0 if a > b else 1], scores=list(public.scores))
        hands = public.shown_hands or [[], []]
        best = [max((card_rank(c) for c in h), default=(0, 0)) for h in hands]
        if best[0] == best[1]:
            return Outcome(winners=[0, 1], scores=list(public.scores), reason="tie")
        return Outcome(winners=[0 if best[0] > best[1] else 1], scores=list(public.scores), reason="tie_break")


def order(card: str) -> tuple[int, int]:
    """Who goes first among lower numbers: the lower number, then green, yellow, purple."""
    return value(card), colour_rank(colour(card))


def collectors(cards: list[str]) -> list[int]:
    """The seats that may collect: both, unless the colours match (then only the lower number)."""
    if colour(cards[0]) != colour(cards[1]):
        return [0, 1]
    return [min((0, 1), key=lambda s: value(cards[s]))]
