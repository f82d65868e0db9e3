"""Mome, a bridge-building game for 2-4 players (Jabberwocky microgames, by Mark Bethell).

Each round one player becomes the lead and names a target colour; then all
play their cards onto the bridges between neighbouring villages, trying to
have more of the target colour than of either other colour on their two
bridges. Hitting the target earns a gem; so does the lead missing it (for
everyone else) or the lead hitting it alone (for the lead). The first round
to end with someone at 6 gems (11 in the extended variant) ends the game.

The table: villages stand in seat order clockwise. With 3 players they make
a triangle and with 4 a square; with 2 "place a Jabberwocky card to make the
third point of a triangle", a village of nobody's. Bridge ``i`` runs from
village ``i`` to village ``i + 1``, so seat ``s``'s bridges are ``s`` (on its
left) and ``s - 1`` (on its right); with 2 players bridge 0 joins both seats,
bridge 1 joins seat 1 to the empty village and bridge 2 the empty village to
seat 0. A bridge between two players belongs to both and counts for both.

Hidden: each hand is private to its seat; the center cards are secret
(nobody looks at them; the lead who draws one learns only that card, in the
private part of its event). Everything played is public, face-down cards
included (they were seen face up when played).

Chance: every round's shuffle and deal (3 center cards, the rest dealt
evenly), from the match's seeded generator; the first starting player is
drawn from it too unless the option ``first_player`` names one.

Interpretations (rulebook: ``jabberwocky-microgames.txt``, "Mome"):

- "Whoever crossed a bridge most recently is the starting player." -> a table
  convention: the first starting player is drawn from the seeded generator
  unless the option ``first_player`` names one.
- "Players may freely discuss their hands during the Plan phase." -> the
  table talk happens in the match's public chat, which the server provides:
  the game needs nothing for it, and the server never speaks for a seat.
- "You can only play onto an opponent's bridge if it's the bridge with the
  least or tied least cards." -> least among all the bridges on the table
  (the rulebook's consequence, "you can never play on an opponent's bridge if
  it has more cards than your smallest bridge", follows). A bridge touching
  your village is one of your own bridges even when shared.
- "Take a gem from the supply" -> gems are counted, not coloured. The
  supply's limit is not a rule (the rulebook's own fix: "If you run out of
  gems in the final round of a 4-player game, use the village cards in their
  place"), so it never runs out.
- "For a longer game, play to 11 gems, ... treating green gems as worth 5
  gems each." -> the extended variant (option ``extended``): green gems there are
  change for five gems, so that 24 gems can count to 11 for every player; the
  server counts gems as numbers, which is the same game, and only the goal
  changes to 11.
- "If multiple players have 6 or more gems, the player with the most gems
  wins. In the case of a tie, each tied player who had the highest target
  color total that round wins." -> a tie on that total too shares the win.
- "Facedown cards do not count when scoring your bridges." -> the rule of 6
  looks at face-up cards only, and a played 4 or 5 that is flipped does not
  flip anything else.
- "The fourth player will use one of the remaining center cards to mark
  their village, taking it facedown without looking at it." -> the lead's
  village card and the 4th player's center-card village are markers with no
  effect; the 4th player's card is set aside in secret.
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
from server.engine.cards import deal
from server.engine.knowledge import Seen
from server.engine.numbers import COLOURS, NUMBER_CARD_PATTERN, colour, colour_rank, number_deck, value
from server.engine.sampling import assemble, deal_unseen, unseen
from server.engine.seats import check_named_seat, left_of, named_or_drawn

Colour = Literal["green", "yellow", "purple"]
_COLOURS: tuple[Colour, ...] = ("green", "yellow", "purple")
CENTER_CARDS = 3
#: Every Number card of the game: each round deals them all.
_ALL_CARDS: tuple[str, ...] = tuple(number_deck())
CARDS_PER_ROUND = 12
GOAL, EXTENDED_GOAL = 6, 11


class MomeOptions(Options):
    extended: bool = Field(False, description="extended variant: play to 11 gems")
    first_player: int | None = Field(None, ge=0, le=3, description="seat of the first starting player; drawn if unset")


class Lead(MoveModel):
    """Take a gem or draw the top center card, then name the target colour and lead the round."""

    type: Literal["lead"] = "lead"
    take: Literal["gem", "card"]
    target: Colour


class Pass(MoveModel):
    """Let the next player clockwise choose instead (the last player may not)."""

    type: Literal["pass"] = "pass"


class Play(MoveModel):
    """Play ``card`` face up onto bridge ``bridge``."""

    type: Literal["play"] = "play"
    card: str = Field(pattern=NUMBER_CARD_PATTERN)
    bridge: int = Field(ge=0, le=3)


AnyMove = Lead | Pass | Play
Move = Annotated[AnyMove, Field(discriminator="type")]


class Placed(BaseModel):
    card: str
    face_up: bool = True
    seat: int = Field(description="who played it")


class Bridge(BaseModel):
    seats: list[int] = Field(description="the players whose villages it joins (one with 2 players' empty village)")
    cards: list[Placed] = Field(default_factory=list)


class RoundResult(BaseModel):
    lead: int
    target: Colour
    totals: list[dict[str, int]] = Field(description="face-up value of each colour on each seat's bridges")
    hit: list[bool]
    gained: list[int]
    bridges: list[Bridge]


class Public(Part):
    seats: int
    goal: int = Field(description="gems that end the game: 6, or 11 in the extended variant")
    round: int
    phase: Literal["plan", "build", "over"]
    starting: int = Field(description="the starting player of this round's plan phase")
    plan_turn: int | None = Field(description="who chooses in the plan phase")
    passes: int
    lead: int | None = None
    target: Colour | None = None
    turn: int | None = Field(None, description="who plays a card in the build phase")
    capacity: int = Field(description="cards that complete a bridge: 4 with 2-3 players, 3 with 4")
    bridges: list[Bridge]
    played: int
    hand_sizes: list[int]
    center_cards: int
    gems: list[int]
    last_round: RoundResult | None = None


class Private(Part):
    hand: list[str]


class Secret(Part):
    center: list[str] = Field(description="the center cards, top first")
    village: str | None = Field(None, description="the 4th player's village marker (4 players)")


MTable = Table[Public, Private, Secret]


def layout(seats: int) -> list[Bridge]:
    """The bridges for 2 (a triangle with an empty village), 3 (a triangle) or 4 (a square) players."""
    if seats == 2:
        return [Bridge(seats=[0, 1]), Bridge(seats=[1]), Bridge(seats=[0])]
    return [Bridge(seats=[i, left_of(i, seats)]) for i in range(seats)]


def sort_cards(cards: list[str]) -> list[str]:
    return sorted(cards, key=lambda c: (colour_rank(colour(c)), value(c)))


def totals(bridges: list[Bridge], seat: int) -> dict[str, int]:
    """The face-up value of each colour on ``seat``'s two bridges combined."""
    out = dict.fromkeys(COLOURS, 0)
    for b in bridges:
        if seat in b.seats:
            for p in b.cards:
                if p.face_up:
                    out[colour(p.card)] += value(p.card)
    return out


def hits(total: dict[str, int], target: str) -> bool:
    """Hitting the target: the target colour has the single highest total of the three."""
    return all(total[target] > n for c, n in total.items() if c != target)


def rule_of_six(bridge: Bridge, played: Placed) -> list[str]:
    """Flip cards for ``played`` (already on ``bridge``); returns the flipped cards."""
    v, col = value(played.card), colour(played.card)
    flipped: list[str] = []
    for other in bridge.cards:
        if other is played or not other.face_up:
            continue
        if v == 3 and value(other.card) == 3:
            other.face_up = False
            flipped.append(other.card)
        elif v != 3 and colour(other.card) == col and value(other.card) + v == 6 and played.face_up:
            higher = played if v > value(other.card) else other
            higher.face_up = False
            flipped.append(higher.card)
    return flipped


# -- events ---------------------------------------------------------------------


class Passed(EventModel):
    type: Literal["pass"]
    seat: int


class DrewPrivate(PrivatePart):
    drew: str = Field(description="the center card the leader drew")


class Led(EventModel):
    type: Literal["lead"]
    seat: int
    take: Literal["gem", "card"]
    target: Colour
    private: ClassVar[PrivateModel] = DrewPrivate


class RoundOver(EventData):
    lead: int
    target: Colour
    totals: list[dict[str, int]] = Field(description="face-up value of each colour on each seat's bridges")
    hit: list[bool]
    gained: list[int]


class HandPrivate(PrivatePart):
    hand: list[str] = Field(description="the seat's hand of the next round, dealt")


class CardPlayed(EventModel):
    type: Literal["play"]
    seat: int
    card: str
    bridge: int
    flipped: list[str] = Field(description="the cards the rule of six turned face down")
    round_over: RoundOver | None = Field(None, description="the round's last card: its scoring")
    private: ClassVar[PrivateModel] = HandPrivate


class Mome(Game[MomeOptions, AnyMove, Public, Private, Secret]):
    name = "mome"
    title = "Mome"
    min_seats, max_seats = 2, 4
    summary = (
        "Bridge-building game for 2-4. Each round a player takes a gem or a center card to lead and "
        "names a target colour; everyone then plays cards onto the bridges between villages (the rule "
        "of 6 flips pairs that add to 6). Have the target colour as your single highest total to earn "
        "a gem; others earn one if the lead misses. First to 6 gems (11 extended) wins."
    )
    options_type = MomeOptions
    seat_options = ("first_player",)
    move_type = Move
    events = (
        Passed,
        Led,
        CardPlayed,
    )
    public_type, private_type, secret_type = Public, Private, Secret

    def check_options(self, options: MomeOptions, seats: int) -> None:
        check_named_seat("first_player", options.first_player, seats)

    def setup(self, options: MomeOptions, seats: int, rng: Rng) -> MTable:
        start = named_or_drawn(options.first_player, seats, rng)
        public = Public(
            seats=seats,
            goal=EXTENDED_GOAL if options.extended else GOAL,
            round=0,
            phase="plan",
            starting=start,
            plan_turn=start,
            passes=0,
            capacity=4 if seats <= 3 else 3,
            bridges=layout(seats),
            played=0,
            hand_sizes=[0] * seats,
            center_cards=0,
            gems=[0] * seats,
        )
        table = MTable(public=public, private=[Private(hand=[]) for _ in range(seats)], secret=Secret(center=[]))
        self._deal(table, rng, start)
        return table

    def _deal(self, table: MTable, rng: Rng, start: int) -> None:
        pub, n = table.public, table.public.seats
        deck = number_deck(rng)
        table.secret.center, table.secret.village = deck[:CENTER_CARDS], None
        rest = deck[CENTER_CARDS:]
        for seat, hand in enumerate(deal(rest, n, len(rest) // n)):
            table.private[seat].hand = sort_cards(hand)
        pub.round += 1
        pub.phase, pub.starting, pub.plan_turn, pub.passes = "plan", start, start, 0
        pub.lead = pub.target = pub.turn = None
        pub.bridges, pub.played = layout(n), 0
        pub.hand_sizes = [len(p.hand) for p in table.private]
        pub.center_cards = CENTER_CARDS

    # -- who acts, what is legal -------------------------------------------------

    def to_act(self, public: Public) -> Sequence[int]:
        if public.phase == "plan" and public.plan_turn is not None:
            return [public.plan_turn]
        if public.phase == "build" and public.turn is not None:
            return [public.turn]
        return []

    def may_pass(self, public: Public) -> bool:
        return public.passes < public.seats - 1

    def open_bridges(self, public: Public, seat: int) -> list[int]:
        """Bridges ``seat`` may play onto: its own unless complete; another's only if it is the smallest."""
        least = min(len(b.cards) for b in public.bridges)
        return [
            i
            for i, b in enumerate(public.bridges)
            if len(b.cards) < public.capacity and (seat in b.seats or len(b.cards) == least)
        ]

    def legal_moves(self, public: Public, private: Private, seat: int) -> list[AnyMove]:
        if public.phase == "plan":
            moves: list[AnyMove] = [Lead(take=t, target=c) for t in ("gem", "card") for c in _COLOURS]
            return [*moves, Pass()] if self.may_pass(public) else moves
        if public.phase == "build":
            return [Play(card=c, bridge=b) for c in private.hand for b in self.open_bridges(public, seat)]
        return []

    def check(self, public: Public, private: Private, seat: int, move: AnyMove) -> None:
        if public.phase == "plan":
            if isinstance(move, Play):
                raise IllegalMove("it is the plan phase: take a gem or a center card and name a target, or pass")
            if isinstance(move, Pass) and not self.may_pass(public):
                raise IllegalMove("the last player may not pass: take a gem or a center card and lead")
            if isinstance(move, Lead) and move.take == "card" and public.center_cards == 0:
                raise IllegalMove("no center card is left to draw")
            return
        if public.phase == "build":
            if not isinstance(move, Play):
                raise IllegalMove("it is the build phase: play a card onto a bridge")
            if move.card not in private.hand:
                raise IllegalMove(f"{move.card} is not in your hand")
            if move.bridge >= len(public.bridges):
                raise IllegalMove(f"there are only {len(public.bridges)} bridges (0..{len(public.bridges) - 1})")
            b = public.bridges[move.bridge]
            if len(b.cards) >= public.capacity:
                raise IllegalMove(f"bridge {move.bridge} is complete ({public.capacity} cards)")
            if move.bridge not in self.open_bridges(public, seat):
                raise IllegalMove(
                    f"bridge {move.bridge} is not yours and not the bridge with the least cards: "
                    f"you may only play onto an opponent's bridge with the least or tied least cards"
                )
            return
        raise IllegalMove("the game is over")

    # -- playing ---------------------------------------------------------------------

    def apply(self, table: MTable, seat: int, move: AnyMove, rng: Rng) -> Event:
        if isinstance(move, Pass):
            table.public.passes += 1
            table.public.plan_turn = left_of(seat, table.public.seats)
            return Event({"type": "pass", "seat": seat})
        if isinstance(move, Lead):
            return self._lead(table, seat, move)
        return self._play(table, seat, move, rng)

    def _lead(self, table: MTable, seat: int, move: Lead) -> Event:
        pub, n = table.public, table.public.seats
        private: dict[int, dict[str, object]] = {}
        if move.take == "gem":
            pub.gems[seat] += 1
        else:
            drawn = table.secret.center.pop(0)
            table.private[seat].hand = sort_cards([*table.private[seat].hand, drawn])
            pub.hand_sizes[seat] += 1
            private[seat] = {"drew": drawn}
        if n == 4:
            # "The fourth player will use one of the remaining center cards to mark their village."
            table.secret.village = table.secret.center.pop(0)
        pub.center_cards = len(table.secret.center)
        pub.lead, pub.target = seat, move.target
        pub.phase, pub.plan_turn, pub.turn = "build", None, seat
        return Event({"type": "lead", "seat": seat, "take": move.take, "target": move.target}, private)

    def _play(self, table: MTable, seat: int, move: Play, rng: Rng) -> Event:
        pub, n = table.public, table.public.seats
        table.private[seat].hand.remove(move.card)
        pub.hand_sizes[seat] -= 1
        bridge = pub.bridges[move.bridge]
        placed = Placed(card=move.card, seat=seat)
        bridge.cards.append(placed)
        flipped = rule_of_six(bridge, placed)
        pub.played += 1
        event: dict[str, object] = {
            "type": "play",
            "seat": seat,
            "card": move.card,
            "bridge": move.bridge,
            "flipped": flipped,
        }
        if pub.played < CARDS_PER_ROUND:
            pub.turn = left_of(seat, n)
            return Event(event)
        result = self._score(pub)
        event["round_over"] = result.model_dump(mode="json", exclude={"bridges"})
        if max(pub.gems) >= pub.goal:
            pub.phase, pub.turn = "over", None
            return Event(event)
        assert pub.lead is not None
        self._deal(table, rng, left_of(pub.lead, n))
        return Event(event, {s: {"hand": list(p.hand)} for s, p in enumerate(table.private)})

    def _score(self, pub: Public) -> RoundResult:
        assert pub.lead is not None and pub.target is not None
        n, lead, target = pub.seats, pub.lead, pub.target
        tot = [totals(pub.bridges, s) for s in range(n)]
        hit = [hits(t, target) for t in tot]
        gained = [0] * n
        for s in range(n):
            gained[s] += int(hit[s])
            if s != lead and not hit[lead]:
                gained[s] += 1
            if s == lead and hit[s] and sum(hit) == 1:
                gained[s] += 1
            pub.gems[s] += gained[s]
        result = RoundResult(lead=lead, target=target, totals=tot, hit=hit, gained=gained, bridges=pub.bridges)
        pub.last_round = result
        return result

    # -- what a seat may know (AI opponents) -------------------------------------------

    def determinize(self, public: Public, private: Private, seat: int, seats: int, rng: Rng, seen: Seen = ()) -> MTable:
        """The other hands (each of its public size), the center cards and the 4th player's village
        marker dealt at random from the fifteen Number cards less the seat's hand and the cards on the
        bridges (face-down ones too: they were seen face up). Not used: what the lead's choice of
        target or the cards played so far hint at a hand.
        """
        sizes = [0 if s == seat else public.hand_sizes[s] for s in range(seats)]
        village = int(seats == 4 and public.phase != "plan")
        pool = unseen(_ALL_CARDS, private.hand, (p.card for b in public.bridges for p in b.cards))
        hands, _ = deal_unseen(pool, [*sizes, public.center_cards, village], rng)
        privates = [private if s == seat else Private.model_construct(hand=sort_cards(hands[s]))
                    for s in range(seats)]  # fmt: skip
        marker = hands[seats + 1][0] if village else None
        secret = Secret.model_construct(center=hands[seats], village=marker)
        return assemble(self, public, privates, secret)

    def outcome(self, public: Public) -> Outcome | None:
        if public.phase != "over":
            return None
        most = max(public.gems)
        tied = [s for s, g in enumerate(public.gems) if g == most]
        reason = "completed"
        if len(tied) > 1 and public.last_round is not None:
            target = public.last_round.target
            best = max(public.last_round.totals[s][target] for s in tied)
            tied = [s for s in tied if public.last_round.totals[s][target] == best]
            reason = "tie_break"
        return Outcome(winners=tied, scores=list(public.gems), reason=reason)
