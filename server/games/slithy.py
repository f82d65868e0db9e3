"""Slithy, a negotiation game for 3-7 players (Jabberwocky microgames, by Patrick Chapman).

Each round one seat deals and the others hold gems. On each turn the dealer
plays a purple card face up and a yellow card face down; the other seats,
split into groups, talk in public and then each secretly commits a number of
gems. A group whose gems reach the two cards' sum busts and the dealer
scores its gems; otherwise each of its players scores up to the purple value.
After the last purple card the dealer takes one player's unplayed gems and
everyone else adds the unplayed yellow card. Every seat deals once (twice in
the extended variant); the highest total wins.

Hidden: the dealer's face-down yellow card is private to the dealer until the
turn's gems are revealed. The gem commitments are sealed
(:mod:`server.engine.sealed`): the public part records only *that* a seat has
committed, the number sits in the secret part until every seat taking part
has committed, then all are revealed at once. Everything else is public: the
cards played (used cards stay face up), the purple cards still to come, the
yellow cards not yet revealed, each seat's unplayed gems, the gems on each
reference card, the dealer's busted gems and the scores. The negotiation
("All discussion must be public") is the match's public chat, which the
server provides: the game needs no move for it and the server never speaks
for a seat.

Chance: only the first dealer, drawn from the match's seeded generator unless
the option ``first_dealer`` names one. There is no deck to shuffle: the
dealer chooses every card.

Interpretations (rulebook: ``jabberwocky-microgames.txt``, "Slithy"):

- "The player with the clammiest hands is the dealer for the first round." -> the first dealer is drawn from the
  match's seeded generator unless the option ``first_dealer`` names a seat.
- NOTES.md: "3-4 players use purple 1-4 and yellow 1-5; 5-7 players use purple 1-3 and yellow 1-4. Green cards are
  not used." -> the dealer holds exactly those cards at the start of every round, so a round has 4 turns with 3-4
  players and 3 with 5-7, and one yellow card stays unplayed.
- NOTES.md: "Gem colours do not matter in Slithy." -> gems are counts, not coloured pieces.
- "Each other player takes gems of any colors. The dealer does not take any gems." -> at the start of every round
  the seats other than that round's dealer receive their gems afresh (12 each with 3 players, 8 with 4, 6 with 5, 4
  with 7); scores, not gems, carry from round to round ("You will need a score pad and pen, to track the scores
  between rounds").
- "The 2 players to the dealer's left take 6 gems, the remaining 3 take 4 gems." -> with 6 players the split is
  counted from each round's dealer, so the two seats clockwise after the dealer (the left group) hold 6 each and the
  three after them (the right group) hold 4 each.
- "they split into 2 even groups: those to the left of the dealer and those to the right." -> the first half of
  the non-dealers clockwise from the dealer's left is one group and the second half the other; with 6 players the
  first 2 and the last 3 ("the 2 players to the left and the 3 players to the right").
- "choose a purple card and play it face-up, and choose a yellow card and play it face-down." -> one move,
  ``cards``, names both; the yellow card is private to the dealer until the gems are revealed, and it stays among
  the public ``yellow_left`` (the yellow cards not yet revealed) until then.
- "each of the other players may discuss how many gems they're going to play. All discussion must be public." ->
  the discussion is the match's public chat and has no phase of its own: the commitments open as soon as the cards
  are down, and each seat commits when it has finished talking.
- "Players are not bound by what they said in the discussion phase; lying is permitted." -> nothing said in the
  chat binds a move, and the server never checks a commitment against the chat.
- "each player will secretly choose a number of gems and place them in their hand." -> a sealed choice of 0 up to
  all of the seat's unplayed gems; a seat with no unplayed gems has nothing to choose and plays 0 without a move.
- "Their other unplayed gems should be hidden, either under the table or in their other hand." -> this hides the
  choice, not the count: every gem that leaves a player is revealed publicly, so each seat's count of unplayed gems
  is public.
- "If the total number of gems revealed by a group is equal to or higher than the sum of the 2 revealed cards, the
  group busts and the dealer scores all their played gems." -> the busting group's players lose the gems they
  played, and the dealer scores them; each group busts or scores on its own total.
- "Each player may score gems up to the number on the purple card. ... Any excess gems are returned to their
  hand." ->
  a player of a group that did not bust scores the smaller of the gems played and the purple value; the rest stay
  unplayed and may be played on a later turn.
- "The dealer takes the unplayed gems from any 1 player, and scores them along with the busted gems." -> after the
  last turn the dealer's move ``take`` names any other seat, even one with no gems left; the dealer's round score is
  the busted gems plus the gems taken.
- "All other players add the value of the unplayed yellow card to the number of gems they scored. Their unplayed
  gems are not scored." -> every other seat's round score is its reference-card gems plus the one yellow card
  left in the dealer's hand.
- "Scores must be public at all times." -> the running totals, each round's scores, the gems on each reference
  card and the dealer's busted gems are all in the public part.
- "the most recent dealer immediately goes again, then the dealership passes back to the right." -> the extended
  variant (option ``extended``) deals clockwise from the first dealer and then the same seats in reverse order,
  2 x seats rounds in all.
- "In the case of a tie, all tied players who scored the least as the dealer win." -> among the seats tied on the
  highest total, those whose dealer round scores (summed over both rounds dealt in the extended variant, not the
  least or the last of the two) are the lowest win; a tie on that too shares the win.
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
from server.engine.sampling import assemble
from server.engine.sealed import Committed, CommittedEvent, Sealed, commit_event
from server.engine.seats import check_named_seat, clockwise_from, named_or_drawn, snake_order

MAX_SEATS = 7
#: Gems each non-dealer takes, clockwise from the dealer's left, by player count.
GEMS: dict[int, tuple[int, ...]] = {
    3: (12, 12),
    4: (8, 8, 8),
    5: (6, 6, 6, 6),
    6: (6, 6, 4, 4, 4),
    7: (4, 4, 4, 4, 4, 4),
}


def purple_cards(seats: int) -> list[int]:
    """The purple card values in play: one turn per card (NOTES.md)."""
    return [1, 2, 3, 4] if seats <= 4 else [1, 2, 3]


def yellow_cards(seats: int) -> list[int]:
    """The yellow card values in play: one more than the turns, so one stays unplayed."""
    return [1, 2, 3, 4, 5] if seats <= 4 else [1, 2, 3, 4]


def groups(dealer: int, seats: int) -> list[list[int]]:
    """The non-dealers' groups, each listed clockwise: the left group first."""
    others = clockwise_from(dealer, seats)[1:]
    if seats <= 4:
        return [others]
    left = 2 if seats == 6 else len(others) // 2
    return [others[:left], others[left:]]


class SlithyOptions(Options):
    first_dealer: int | None = Field(
        None, ge=0, le=MAX_SEATS - 1, description="seat of the first dealer; drawn if unset"
    )
    extended: bool = Field(False, description="extended variant: every seat deals twice")


class PlayCards(MoveModel):
    """The dealer's turn: the purple card ``purple`` face up and the yellow card ``yellow`` face down."""

    type: Literal["cards"] = "cards"
    purple: int = Field(ge=1, le=4)
    yellow: int = Field(ge=1, le=5)


class PlayGems(MoveModel):
    """A non-dealer's sealed commitment: ``gems`` of its unplayed gems in hand."""

    type: Literal["gems"] = "gems"
    gems: int = Field(ge=0, le=max(max(g) for g in GEMS.values()))


class TakeGems(MoveModel):
    """The dealer's last move of a round: take and score the unplayed gems of ``seat``."""

    type: Literal["take"] = "take"
    seat: int = Field(ge=0, le=MAX_SEATS - 1)


AnyMove = PlayCards | PlayGems | TakeGems
Move = Annotated[AnyMove, Field(discriminator="type")]


class GroupPlay(BaseModel):
    seats: list[int]
    gems: int = Field(description="the group's gems played this turn")
    bust: bool


class Turn(BaseModel):
    """One resolved turn: the two cards, every seat's gems and what came of them."""

    purple: int
    yellow: int
    gems: list[int | None] = Field(description="gems played, by seat (None: the dealer)")
    groups: list[GroupPlay]
    scored: list[int] = Field(description="gems scored onto each reference card this turn")
    busted: int = Field(description="gems the dealer scored from busting groups this turn")


class RoundScore(BaseModel):
    """One line of the score pad."""

    dealer: int
    taken_from: int
    unplayed_yellow: int
    scores: list[int]


class Public(Part):
    seats: int
    dealers: list[int] = Field(description="the dealer of each round, in order")
    round: int = Field(description="1-based round number")
    dealer: int
    phase: Literal["cards", "gems", "take", "over"]
    groups: list[list[int]] = Field(description="this round's groups of non-dealers")
    purple_left: list[int] = Field(description="the dealer's purple cards not yet played")
    yellow_left: list[int] = Field(description="yellow cards not yet revealed (the face-down one included)")
    purple: int | None = Field(None, description="this turn's face-up purple card")
    committed: Committed = Field(
        description="who has committed gems this turn (the dealer and seats without gems count as done)"
    )
    unplayed: list[int] = Field(description="each seat's unplayed gems")
    scored: list[int] = Field(description="gems on each seat's reference card this round")
    busted: int = Field(description="busted gems the dealer has scored this round")
    turns: list[Turn] = Field(description="this round's resolved turns; their cards stay face up")
    scores: list[int] = Field(description="totals of the finished rounds")
    dealer_scores: list[int] = Field(description="what each seat scored as the dealer (the tie rule)")
    score_pad: list[RoundScore]


class Private(Part):
    yellow: int | None = Field(None, description="your face-down yellow card, while you deal and it is hidden")
    gems: int | None = Field(None, description="the gems you committed, until everyone's are revealed")


class Secret(Part):
    sealed: Sealed[int]


STable = Table[Public, Private, Secret]


# -- events ---------------------------------------------------------------------


class Reveal(EventData):
    revealed: Turn | None = Field(None, description="the last gems were played: the turn, revealed and scored")


class YellowCard(PrivatePart):
    yellow: int = Field(description="the yellow card the dealer played face down")


class CardsPlayed(Reveal, EventModel):
    type: Literal["cards"]
    seat: int = Field(description="the dealer")
    purple: int
    waiting: list[int] = Field(description="the seats that still have to play gems")
    private: ClassVar[PrivateModel] = YellowCard


class GemsCommitted(Reveal, CommittedEvent):
    waiting: list[int] = Field(description="the seats that still have to play gems")


class Took(EventModel):
    type: Literal["take"]
    seat: int = Field(description="the dealer")
    taken_from: int
    gems: int
    unplayed_yellow: int
    round_scores: list[int]
    scores: list[int]
    next_dealer: int | None = Field(None, description="the dealer of the next round (absent: the game ended)")


class Slithy(Game[SlithyOptions, AnyMove, Public, Private, Secret]):
    name = "slithy"
    title = "Slithy"
    min_seats, max_seats = 3, MAX_SEATS
    summary = (
        "Negotiation game for 3-7. Each turn the dealer plays a purple card face up and a yellow card "
        "face down; the others, in groups, talk in the match chat and then secretly commit gems. A group "
        "whose gems reach the two cards' sum busts and the dealer scores them; otherwise each player scores "
        "up to the purple value. At the round's end the dealer takes one player's unplayed gems and the "
        "others add the unplayed yellow card. Everyone deals once; the highest total wins."
    )
    options_type = SlithyOptions
    seat_options = ("first_dealer",)
    move_type = Move
    events = (
        CardsPlayed,
        GemsCommitted,
        Took,
    )
    public_type, private_type, secret_type = Public, Private, Secret

    def check_options(self, options: SlithyOptions, seats: int) -> None:
        check_named_seat("first_dealer", options.first_dealer, seats)

    def setup(self, options: SlithyOptions, seats: int, rng: Rng) -> STable:
        first = named_or_drawn(options.first_dealer, seats, rng)
        dealers = snake_order(first, seats) if options.extended else clockwise_from(first, seats)
        public = Public(
            seats=seats,
            dealers=dealers,
            round=0,
            dealer=first,
            phase="cards",
            groups=[],
            purple_left=[],
            yellow_left=[],
            committed=Committed.fresh(seats),
            unplayed=[0] * seats,
            scored=[0] * seats,
            busted=0,
            turns=[],
            scores=[0] * seats,
            dealer_scores=[0] * seats,
            score_pad=[],
        )
        self._start_round(public)
        return STable(
            public=public,
            private=[Private() for _ in range(seats)],
            secret=Secret(sealed=Sealed[int].fresh(seats)),
        )

    def _start_round(self, pub: Public) -> None:
        """The next dealer takes the cards; everyone else takes gems."""
        n = pub.seats
        pub.round += 1
        pub.dealer = dealer = pub.dealers[pub.round - 1]
        pub.phase, pub.purple = "cards", None
        pub.groups = groups(dealer, n)
        pub.purple_left, pub.yellow_left = purple_cards(n), yellow_cards(n)
        pub.unplayed = [0] * n
        for seat, gems in zip(clockwise_from(dealer, n)[1:], GEMS[n], strict=True):
            pub.unplayed[seat] = gems
        pub.scored, pub.busted, pub.turns = [0] * n, 0, []

    # -- who acts, what is legal -------------------------------------------------

    def to_act(self, public: Public) -> Sequence[int]:
        if public.phase in ("cards", "take"):
            return [public.dealer]
        if public.phase == "gems":
            return public.committed.waiting()
        return []

    def legal_moves(self, public: Public, private: Private, seat: int) -> list[AnyMove]:
        if public.phase == "cards":
            return [PlayCards(purple=p, yellow=y) for p in public.purple_left for y in public.yellow_left]
        if public.phase == "gems":
            return [PlayGems(gems=k) for k in range(public.unplayed[seat] + 1)]
        if public.phase == "take":
            return [TakeGems(seat=s) for s in range(public.seats) if s != public.dealer]
        return []

    def check(self, public: Public, private: Private, seat: int, move: AnyMove) -> None:
        phase = public.phase
        if phase == "cards":
            if not isinstance(move, PlayCards):
                raise IllegalMove("play a purple card face up and a yellow card face down first")
            if move.purple not in public.purple_left:
                raise IllegalMove(f"the purple {move.purple} is not in your hand (left: {public.purple_left})")
            if move.yellow not in public.yellow_left:
                raise IllegalMove(f"the yellow {move.yellow} is not in your hand (left: {public.yellow_left})")
            return
        if phase == "gems":
            if not isinstance(move, PlayGems):
                raise IllegalMove("commit a number of gems")
            if move.gems > public.unplayed[seat]:
                raise IllegalMove(f"you have only {public.unplayed[seat]} unplayed gems")
            return
        if phase == "take":
            if not isinstance(move, TakeGems):
                raise IllegalMove("take the unplayed gems of one player")
            if move.seat == public.dealer or move.seat >= public.seats:
                raise IllegalMove(f"name another player: a seat 0..{public.seats - 1} other than yours")
            return
        raise IllegalMove("the game is over")

    # -- playing ---------------------------------------------------------------------

    def apply(self, table: STable, seat: int, move: AnyMove, rng: Rng) -> Event:
        if isinstance(move, PlayCards):
            return self._play_cards(table, seat, move)
        if isinstance(move, PlayGems):
            return self._play_gems(table, seat, move.gems)
        return self._take(table, move.seat)

    def _play_cards(self, table: STable, dealer: int, move: PlayCards) -> Event:
        pub = table.public
        pub.purple_left.remove(move.purple)
        pub.purple = move.purple
        table.private[dealer].yellow = move.yellow
        pub.phase = "gems"
        # The dealer takes no part; nor does a seat with no gems left (it plays 0).
        pub.committed = Committed.among(pub.seats, {s for s in range(pub.seats) if pub.unplayed[s] > 0})
        event = {"type": "cards", "seat": dealer, "purple": move.purple, "waiting": pub.committed.waiting()}
        private: dict[int, dict[str, object]] = {dealer: {"yellow": move.yellow}}
        if pub.committed.complete:
            event.update(self._reveal(table))
        return Event(event, private)

    def _play_gems(self, table: STable, seat: int, gems: int) -> Event:
        pub = table.public
        table.secret.sealed.commit(pub.committed, seat, gems)
        table.private[seat].gems = gems
        event = commit_event(seat, gems, waiting=pub.committed.waiting())
        if pub.committed.complete:
            event.public.update(self._reveal(table))
        return event

    def _reveal(self, table: STable) -> dict[str, object]:
        """Reveal every seat's gems, then the yellow card; bust or score each group."""
        pub = table.public
        played = table.secret.sealed.reveal_by_seat(pub.committed)
        dealer = table.private[pub.dealer]
        purple, yellow = pub.purple, dealer.yellow
        assert purple is not None and yellow is not None
        dealer.yellow = None
        for p in table.private:
            p.gems = None
        pub.yellow_left.remove(yellow)
        gems: list[int | None] = [None if s == pub.dealer else (played[s] or 0) for s in range(pub.seats)]
        scored, busted, results = [0] * pub.seats, 0, []
        for group in pub.groups:
            total = sum(gems[s] or 0 for s in group)
            bust = total >= purple + yellow
            for s in group:
                mine = gems[s] or 0
                # Busted gems go to the dealer; else up to the purple value scores and the rest goes back to hand.
                scored[s] = 0 if bust else min(mine, purple)
                pub.unplayed[s] -= mine if bust else scored[s]
                pub.scored[s] += scored[s]
            if bust:
                busted += total
            results.append(GroupPlay(seats=list(group), gems=total, bust=bust))
        pub.busted += busted
        turn = Turn(purple=purple, yellow=yellow, gems=gems, groups=results, scored=scored, busted=busted)
        pub.turns.append(turn)
        pub.purple = None
        pub.phase = "cards" if pub.purple_left else "take"
        return {"revealed": turn.model_dump(mode="json")}

    def _take(self, table: STable, taken_from: int) -> Event:
        pub = table.public
        dealer, bonus = pub.dealer, pub.yellow_left[0]
        taken = pub.unplayed[taken_from]
        pub.unplayed[taken_from] = 0
        round_scores = [pub.busted + taken if s == dealer else pub.scored[s] + bonus for s in range(pub.seats)]
        for s, points in enumerate(round_scores):
            pub.scores[s] += points
        pub.dealer_scores[dealer] += round_scores[dealer]
        pub.score_pad.append(
            RoundScore(dealer=dealer, taken_from=taken_from, unplayed_yellow=bonus, scores=round_scores)
        )
        event: dict[str, object] = {
            "type": "take",
            "seat": dealer,
            "taken_from": taken_from,
            "gems": taken,
            "unplayed_yellow": bonus,
            "round_scores": round_scores,
            "scores": list(pub.scores),
        }
        if pub.round == len(pub.dealers):
            pub.phase = "over"
        else:
            self._start_round(pub)
            event["next_dealer"] = pub.dealer
        return Event(event)

    # -- what a seat may know (AI opponents) -------------------------------------------

    def determinize(self, public: Public, private: Private, seat: int, seats: int, rng: Rng, seen: Seen = ()) -> STable:
        """While gems are being committed: the dealer's face-down yellow card drawn among the yellow
        cards not yet revealed, and each other seat's commitment so far drawn among the counts it could
        commit (0 up to its unplayed gems). Not used: what the table talk or the dealer's purple card
        hint at either.
        """
        privates = [private if s == seat else Private.model_construct(yellow=None, gems=None) for s in range(seats)]
        choices: list[int | None] = [None] * seats
        if public.phase == "gems":
            if public.dealer != seat:
                privates[public.dealer].yellow = rng.choice(public.yellow_left)
            for s in range(seats):
                if s != public.dealer and public.unplayed[s] > 0 and public.committed.seats[s]:
                    if s != seat:
                        privates[s].gems = rng.below(public.unplayed[s] + 1)
                    choices[s] = privates[s].gems
        secret = Secret.model_construct(sealed=Sealed[int].model_construct(choices=choices))
        return assemble(self, public, privates, secret)

    def outcome(self, public: Public) -> Outcome | None:
        if public.phase != "over":
            return None
        best = max(public.scores)
        tied = [s for s, v in enumerate(public.scores) if v == best]
        if len(tied) == 1:
            return Outcome(winners=tied, scores=list(public.scores))
        least = min(public.dealer_scores[s] for s in tied)
        winners = [s for s in tied if public.dealer_scores[s] == least]
        reason = "tie_break" if len(winners) < len(tied) else "tie"
        return Outcome(winners=winners, scores=list(public.scores), reason=reason)
