"""Tabby Tumble, a dice-drafting filler about stray cats, for 2-4 players.

A round is: the active seat's roll (done by the engine), the draft, the
sealed choices, then simultaneous resolution. Moves: ``pick`` a die during
the draft; ``rehome``, ``eat`` or ``hairball`` to commit the choice a die
needs.

Hidden: each seat's hidden cat token is private to its owner until final
scoring; the tokens left in the box stay secret for good. The choices a
rehome, eat or hairball needs are sealed (secret) until every such seat has
committed. Everything else -- homes, mice, points, the supply, the dice and
the draft -- is public.

Chance: the roll of all dice at the start of every round and the deal of the
hidden tokens, from the match's seeded generator; the first active seat too,
unless the option ``first_player`` names one.

Interpretations (rulebook: ``tabby-tumble.txt``):

- "Choose player count + 1 dice for both cat dice and action dice." -> each
  round rolls seats + 1 cat dice and seats + 1 action dice.
- NOTES.md: "Cat dice faces: orange, orange, black, black, white, white.
  Action dice faces: rescue, cuddle, eat, play, rehome, hairball." -> each
  die shows one of those six faces, each as likely as the others.
- "60 cat cubes (20 each of orange, black & white) ... 20 mouse cubes ...
  Create a central supply of the remaining cats, mice, and point tokens." ->
  each colour has 20 cubes in all, so the supply starts with 20 - seats cats
  of each colour and 20 - seats mice. Cats never return to the supply, so it
  can run out: whoever takes from an empty or short supply takes what is
  left. Takes are served clockwise from the active seat, from the supply as
  it stood before the round; mice returned by an eat reach the supply after
  the round.
- "30 point tokens" -> points are a score, not a limited stock (four seats
  near ten points would exhaust 30 tokens).
- "Shuffle the 6 cat tokens face down and distribute 1 token to each
  player." -> six tokens for three colours, two of each colour; one is dealt
  to each seat and the rest stay in the box, unseen.
- NOTES.md: "The draft order (one pick each, the last picker takes a second
  pick, then back the other way) is public; hidden cat tokens are private to
  their owner until final scoring." -> the draft and every die picked are
  public; each token sits in its owner's private part until final scoring
  shows the dealt tokens to everyone.
- "On your turn, roll all the cat and action dice." -> each round is one
  seat's turn: that seat (the active seat) rolls and picks first, and the
  next round is the turn of the seat on its left.
- NOTES.md: "Table conventions such as "the player who most recently looked
  at a map goes first" become a random choice from the match's seeded
  generator, unless the match creator names the first player in the match
  options." -> the rulebook names no first player, so the first active seat
  is drawn unless the option ``first_player`` names one.
- "The final player to choose their first die, will also pick a second. Play
  continues *counter clockwise* around the circle until it returns to the
  first player." -> the draft runs in the snake order of
  :func:`~server.engine.seats.snake_order`, starting from the active seat.
- "Players may only choose 1 cat die and 1 action die although they may
  choose in any order." -> a pick that would give a seat a second die of one
  kind is refused. Such a pick is never forced: while a seat lacks a cat die
  at least two cat dice remain.
- "each player simultaneously takes their turn and performs the action they
  chose." -> a seat whose action needs a choice commits it sealed, and all
  actions resolve together once every choice is in.
- NOTES.md: "Physical dexterity, hiding things under the table and "reveal
  simultaneously" become sealed choices: each seat commits privately; nothing
  is shown to anyone until all have committed." -> rescue, cuddle and play
  need no choice and resolve without a move, and so do a rehome with no cat
  of the chosen colour to give and an eat with no mouse to return; when no
  seat has a choice to make, the round resolves as soon as the draft ends.
- "If a player receives cats from another player that would affect their
  action, the cats are perceived to be received *after* the action was
  performed, so should not be counted." -> every action is computed on the
  holdings before the round; rehomed cats are delivered after all actions.
- "Give as many cats of the chosen colour as you would like to another
  player." -> 0 up to all of them, to one other seat (never to yourself);
  giving none names no receiver.
- "Return mice from your home to the supply, up to 1 mouse per cat of the
  chosen colour." -> the player chooses how many, from none to the most it
  may return (one per cat of the chosen colour, and no more than the mice at
  home), as a sealed choice (``eat``, or a hairball's ``count``); an eat with
  nothing to return needs no choice.
- "Lose 1 point. Perform any action of your choice." -> the point is always
  lost, so a score may go below zero. The action is one of the five others
  (hairball again would never end), performed with the chosen cat die's
  colour, and it takes its own choices (a rehome's receiver and count, an
  eat's mice). The point is lost before the action, but as all is one sum the
  order does not matter.
- "The game ends when 1 player reaches or exceeds 10 points. All players
  finish their actions for the round, then proceed to final scoring." -> the
  game ends at the end of a round in which any score is 10 or more, counted
  before the hidden tokens. Not in the rulebook: a server safeguard, option
  ``max_rounds`` (default 100), ends a match in which nobody ever gets there;
  final scoring is as usual.
- "All players reveal their hidden cat token and gain 1 point for each cat of
  that colour in their home. ... Highest points wins." -> the final score is
  the points plus one per cat of the hidden token's colour at home.
- NOTES.md: "Ties are resolved by the tie-breakers each rulebook gives; where
  none is given, tied seats share the win." -> the rulebook gives no
  tie-breaker, so tied seats share the win.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal, cast, get_args

from pydantic import BaseModel, Field

from server.engine import Event, EventData, EventModel, Game, IllegalMove, MoveModel, Options, Outcome, Part, Rng, Table
from server.engine.dice import roll_many
from server.engine.knowledge import Seen
from server.engine.sampling import assemble, deal_unseen, unseen
from server.engine.sealed import Committed, CommittedEvent, Sealed, commit_event
from server.engine.seats import check_named_seat, clockwise_from, left_of, named_or_drawn, snake_order

Colour = Literal["orange", "black", "white"]
BaseAction = Literal["rescue", "cuddle", "eat", "play", "rehome"]
Action = Literal["rescue", "cuddle", "eat", "play", "rehome", "hairball"]
Face = Literal["orange", "black", "white", "rescue", "cuddle", "eat", "play", "rehome", "hairball"]

COLOURS: tuple[Colour, ...] = get_args(Colour)
BASE_ACTIONS: tuple[BaseAction, ...] = get_args(BaseAction)
ACTIONS: tuple[Action, ...] = get_args(Action)

CAT_DIE: tuple[Colour, ...] = ("orange", "orange", "black", "black", "white", "white")
ACTION_DIE: tuple[Action, ...] = ACTIONS
#: The six hidden cat tokens: two of each colour.
TOKENS: tuple[Colour, ...] = ("orange", "orange", "black", "black", "white", "white")
CUBES_PER_COLOUR = 20
MICE = 20
RESCUED = 2
TARGET = 10


class TabbyOptions(Options):
    first_player: int | None = Field(None, ge=0, le=3, description="seat of the first roller; drawn if unset")
    max_rounds: int = Field(100, ge=1, le=500, description="safeguard: the game ends after this many rounds")


# -- moves ------------------------------------------------------------------------


class Pick(MoveModel):
    """Draft one die from the pool, named by its face."""

    type: Literal["pick"] = "pick"
    die: Face


class Rehome(MoveModel):
    """The sealed choice of a rehome die: give ``count`` cats to seat ``to`` (none: ``to`` unset)."""

    type: Literal["rehome"] = "rehome"
    to: int | None = Field(None, ge=0, le=3)
    count: int = Field(0, ge=0, le=CUBES_PER_COLOUR)


class Eat(MoveModel):
    """The sealed choice of an eat die: return ``count`` mice for a point each (0 up to one per cat)."""

    type: Literal["eat"] = "eat"
    count: int = Field(0, ge=0, le=MICE)


class Hairball(MoveModel):
    """The sealed choice of a hairball die: lose a point, then perform ``then`` (with its own choices).

    ``to`` and ``count`` are a rehome's receiver and cats; ``count`` alone is an eat's mice.
    """

    type: Literal["hairball"] = "hairball"
    then: BaseAction
    to: int | None = Field(None, ge=0, le=3)
    count: int = Field(0, ge=0, le=CUBES_PER_COLOUR)


AnyMove = Pick | Rehome | Eat | Hairball
Move = Annotated[AnyMove, Field(discriminator="type")]


# -- the table --------------------------------------------------------------------


class Home(BaseModel):
    """What one seat keeps at home."""

    cats: dict[Colour, int]
    mice: int


class Supply(BaseModel):
    cats: dict[Colour, int]
    mice: int


class Plan(BaseModel):
    """What a seat does this round, once its choice is known."""

    action: BaseAction = Field(description="the action performed (a hairball's chosen action)")
    hairball: bool = False
    to: int | None = None
    count: int = Field(0, description="cats rehomed, or mice eaten")


class Result(BaseModel):
    """One seat's part of a resolved round."""

    seat: int
    colour: Colour
    die: Action
    action: BaseAction
    points: int = Field(description="points gained (negative: lost) this round")
    cats_taken: int = 0
    mice_taken: int = 0
    mice_returned: int = 0
    rehomed_to: int | None = None
    rehomed: int = 0


class Public(Part):
    seats: int
    max_rounds: int
    round: int = Field(description="1-based round number")
    active: int = Field(description="the seat whose turn it is: it rolled and picks first")
    phase: Literal["draft", "choose", "over"]
    cat_pool: list[Colour] = Field(description="cat dice rolled and not yet drafted")
    action_pool: list[Action] = Field(description="action dice rolled and not yet drafted")
    draft_order: list[int]
    picks: int = Field(description="picks made so far this round")
    cat_die: list[Colour | None]
    action_die: list[Action | None]
    homes: list[Home]
    points: list[int]
    supply: Supply
    committed: Committed
    last_round: list[Result] | None = None
    tokens: list[Colour] | None = Field(None, description="the hidden tokens, revealed at final scoring")
    final_scores: list[int] | None = None


class Private(Part):
    token: Colour = Field(description="your hidden cat token: its cats score 1 each at the end")


class Secret(Part):
    plans: Sealed[Plan]
    box: list[Colour] = Field(description="hidden tokens not dealt")


TTable = Table[Public, Private, Secret]


def cats_of(public: Public, seat: int) -> int:
    """Cats of ``seat``'s chosen colour at home (0 before it has a cat die)."""
    colour = public.cat_die[seat]
    return 0 if colour is None else public.homes[seat].cats[colour]


def most_mice_to_eat(public: Public, seat: int) -> int:
    """An eat returns up to one mouse per cat of the chosen colour, and only mice ``seat`` has."""
    return min(public.homes[seat].mice, cats_of(public, seat))


def plan_for(move: AnyMove) -> Plan:
    """The sealed plan a choice commits (a pick is no choice)."""
    if isinstance(move, Hairball):
        return Plan(action=move.then, hairball=True, to=move.to, count=move.count)
    if isinstance(move, Eat):
        return Plan(action="eat", count=move.count)
    assert isinstance(move, Rehome)
    return Plan(action="rehome", to=move.to, count=move.count)


def needs_choice(public: Public, seat: int) -> bool:
    die = public.action_die[seat]
    if die == "rehome":
        return cats_of(public, seat) > 0
    if die == "eat":
        return most_mice_to_eat(public, seat) > 0
    return die == "hairball"


def rehome_choices(public: Public, seat: int) -> list[tuple[int | None, int]]:
    """Every ``(to, count)`` a rehome by ``seat`` may take: keep all, or 1..all to another seat."""
    out: list[tuple[int | None, int]] = [(None, 0)]
    for to in range(public.seats):
        if to != seat:
            out += [(to, k) for k in range(1, cats_of(public, seat) + 1)]
    return out


def final_scores(public: Public, tokens: Sequence[Colour]) -> list[int]:
    return [p + home.cats[t] for p, home, t in zip(public.points, public.homes, tokens, strict=True)]


# -- events ---------------------------------------------------------------------


class NextRound(EventData):
    round: int
    active: int = Field(description="the seat that rolled the dice and drafts first")
    cat_dice: list[Colour]
    action_dice: list[Action]


class Resolution(EventData):
    """What the last plan of a round adds to its event: the round resolved, then the next one or the end."""

    resolved: list[Result] | None = Field(None, description="the round resolved: each seat's part, by seat")
    next_round: NextRound | None = Field(None, description="the round that begins")
    tokens: list[Colour] | None = Field(None, description="the game ended: the hidden tokens, revealed")
    final_scores: list[int] | None = Field(None, description="the game ended: the final scores")


class Picked(Resolution, EventModel):
    type: Literal["pick"]
    seat: int
    die: str = Field(description="the cat or action die picked")
    waiting: list[int] | None = Field(None, description="the draft ended: the seats that still have to choose")


class PlanCommitted(Resolution, CommittedEvent):
    waiting: list[int] = Field(description="the seats that still have to choose")


class TabbyTumble(Game[TabbyOptions, AnyMove, Public, Private, Secret]):
    name = "tabby_tumble"
    title = "Tabby Tumble"
    min_seats, max_seats = 2, 4
    summary = (
        "Dice-drafting filler. Each round the active player rolls seats+1 cat dice and seats+1 action "
        "dice; everyone drafts one of each in snake order, then all actions resolve at once: rescue "
        "cats, cuddle and feed them for points, fetch mice, rehome cats for points, or cough a hairball "
        "to do anything for a point. At 10 points the round finishes and hidden cat tokens score."
    )
    options_type = TabbyOptions
    seat_options = ("first_player",)
    move_type = Move
    events = (
        Picked,
        PlanCommitted,
    )
    public_type, private_type, secret_type = Public, Private, Secret
    reasons = {
        "ten_points": "a player reached ten points: the highest final score wins",
        "round_limit": "the round limit (option max_rounds) came before ten points: the highest final score wins",
    }

    def check_options(self, options: TabbyOptions, seats: int) -> None:
        check_named_seat("first_player", options.first_player, seats)

    def setup(self, options: TabbyOptions, seats: int, rng: Rng) -> TTable:
        active = named_or_drawn(options.first_player, seats, rng)
        tokens = rng.shuffled(TOKENS)
        public = Public(
            seats=seats,
            max_rounds=options.max_rounds,
            round=0,
            active=active,
            phase="draft",
            cat_pool=[],
            action_pool=[],
            draft_order=[],
            picks=0,
            cat_die=[None] * seats,
            action_die=[None] * seats,
            homes=[Home(cats=dict.fromkeys(COLOURS, 1), mice=1) for _ in range(seats)],
            points=[0] * seats,
            supply=Supply(cats=dict.fromkeys(COLOURS, CUBES_PER_COLOUR - seats), mice=MICE - seats),
            committed=Committed.fresh(seats),
        )
        table = TTable(
            public=public,
            private=[Private(token=t) for t in tokens[:seats]],
            secret=Secret(plans=Sealed[Plan].fresh(seats), box=sorted(tokens[seats:])),
        )
        self._start_round(public, rng, active)
        return table

    def _start_round(self, pub: Public, rng: Rng, active: int) -> dict[str, Any]:
        """The active seat rolls every die; the draft begins."""
        n = pub.seats
        pub.round += 1
        pub.active, pub.phase = active, "draft"
        pub.cat_pool = sorted(roll_many(rng, CAT_DIE, n + 1), key=COLOURS.index)
        pub.action_pool = sorted(roll_many(rng, ACTION_DIE, n + 1), key=ACTIONS.index)
        pub.draft_order, pub.picks = snake_order(active, n), 0
        pub.cat_die, pub.action_die = [None] * n, [None] * n
        return {
            "round": pub.round,
            "active": active,
            "cat_dice": list(pub.cat_pool),
            "action_dice": list(pub.action_pool),
        }

    # -- who acts, what is legal ----------------------------------------------------

    def to_act(self, public: Public) -> Sequence[int]:
        if public.phase == "draft":
            return (public.draft_order[public.picks],)
        if public.phase == "choose":
            return public.committed.waiting()
        return ()

    def legal_moves(self, public: Public, private: Private, seat: int) -> list[AnyMove]:
        if public.phase == "draft":
            faces: list[Face] = []
            if public.cat_die[seat] is None:
                faces += [c for c in COLOURS if c in public.cat_pool]
            if public.action_die[seat] is None:
                faces += [a for a in ACTIONS if a in public.action_pool]
            return [Pick(die=f) for f in faces]
        if public.phase == "choose":
            rehomes = rehome_choices(public, seat)
            mice = range(most_mice_to_eat(public, seat) + 1)
            if public.action_die[seat] == "rehome":
                return [Rehome(to=to, count=k) for to, k in rehomes]
            if public.action_die[seat] == "eat":
                return [Eat(count=k) for k in mice]
            moves: list[AnyMove] = []
            for action in BASE_ACTIONS:
                if action == "rehome":
                    moves += [Hairball(then="rehome", to=to, count=k) for to, k in rehomes]
                elif action == "eat":
                    moves += [Hairball(then="eat", count=k) for k in mice]
                else:
                    moves.append(Hairball(then=action))
            return moves
        return []

    def check(self, public: Public, private: Private, seat: int, move: AnyMove) -> None:
        if public.phase == "draft":
            if not isinstance(move, Pick):
                raise IllegalMove("it is the draft: pick a die")
            if move.die in COLOURS:
                if public.cat_die[seat] is not None:
                    raise IllegalMove("you already have a cat die: pick an action die")
                if move.die not in public.cat_pool:
                    raise IllegalMove(f"no {move.die} cat die is left to pick")
            else:
                if public.action_die[seat] is not None:
                    raise IllegalMove("you already have an action die: pick a cat die")
                if move.die not in public.action_pool:
                    raise IllegalMove(f"no {move.die} action die is left to pick")
            return
        die = public.action_die[seat]
        if isinstance(move, Pick):
            raise IllegalMove("the draft is over: commit the choice your action die needs")
        if move.type != die:
            raise IllegalMove(f"your action die is {die}: commit a {die} choice")
        if isinstance(move, Eat) or (isinstance(move, Hairball) and move.then == "eat"):
            if isinstance(move, Hairball) and move.to is not None:
                raise IllegalMove("eat takes no receiver")
            if move.count > most_mice_to_eat(public, seat):
                raise IllegalMove(
                    f"you may eat at most {most_mice_to_eat(public, seat)}: one mouse per {public.cat_die[seat]} cat,"
                    f" and you have {public.homes[seat].mice} mice"
                )
            return
        if isinstance(move, Hairball) and move.then != "rehome":
            if move.to is not None or move.count:
                raise IllegalMove(f"{move.then} takes no receiver and no count")
            return
        if move.count == 0 and move.to is not None:
            raise IllegalMove("giving no cats names no receiver: leave 'to' unset")
        if move.count > 0:
            if move.to is None:
                raise IllegalMove("name the seat that receives the cats")
            if move.to >= public.seats:
                raise IllegalMove(f"there is no seat {move.to}: seats are 0..{public.seats - 1}")
            if move.to == seat:
                raise IllegalMove("you may not rehome cats to yourself")
            if move.count > cats_of(public, seat):
                raise IllegalMove(f"you have only {cats_of(public, seat)} {public.cat_die[seat]} cats to rehome")

    # -- playing -----------------------------------------------------------------------

    def apply(self, table: TTable, seat: int, move: AnyMove, rng: Rng) -> Event:
        pub, sealed = table.public, table.secret.plans
        if isinstance(move, Pick):
            if move.die in COLOURS:
                colour = move.die
                pub.cat_pool.remove(colour)
                pub.cat_die[seat] = colour
            else:
                action = cast(Action, move.die)
                pub.action_pool.remove(action)
                pub.action_die[seat] = action
            pub.picks += 1
            event: dict[str, Any] = {"type": "pick", "seat": seat, "die": move.die}
            if pub.picks < len(pub.draft_order):
                return Event(event)
            pub.phase = "choose"
            pub.committed = Committed.fresh(pub.seats)
            for s in range(pub.seats):
                if not needs_choice(pub, s):
                    # Rescue, cuddle, play, or a rehome or eat with nothing to give or eat.
                    sealed.commit(pub.committed, s, Plan(action=cast(BaseAction, pub.action_die[s])))
            if pub.committed.complete:
                event.update(self._resolve(table, rng))
            else:
                event["waiting"] = pub.committed.waiting()
            return Event(event)

        sealed.commit(pub.committed, seat, plan_for(move))
        out = commit_event(seat, move.model_dump(mode="json"), waiting=pub.committed.waiting())
        if pub.committed.complete:
            out.public.update(self._resolve(table, rng))
        return out

    # -- what a seat may know (AI opponents) -------------------------------------------

    def determinize(self, public: Public, private: Private, seat: int, seats: int, rng: Rng, seen: Seen = ()) -> TTable:
        """The other seats' tokens dealt at random from the six less the seat's own (the rest to the box),
        and each sealed plan made so far drawn from the choices its seat had.

        Once final scoring has shown the tokens, they are the public ones. A plan is drawn uniformly
        among the seat's legal choices; the seat's own plan is drawn too, since its private part does
        not keep it (it saw it only in its commit's event). Nothing else narrows the tokens: a seat's
        choices (say, rehoming cats of a colour away) are not read as hints of its token.
        """
        if public.tokens is not None:
            tokens = list(public.tokens)
        else:
            mine = [private.token]
            dealt, _ = deal_unseen(unseen(TOKENS, mine), [1] * (seats - 1), rng)
            tokens = [private.token if s == seat else dealt[s - (s > seat)][0] for s in range(seats)]
        privates = [private if s == seat else Private.model_construct(token=tokens[s]) for s in range(seats)]
        choices: list[Plan | None] = [None] * seats
        if public.phase == "choose":
            for s in range(seats):
                if not public.committed.seats[s]:
                    continue
                if needs_choice(public, s):
                    choices[s] = plan_for(rng.choice(self.legal_moves(public, privates[s], s)))
                else:
                    choices[s] = Plan(action=cast(BaseAction, public.action_die[s]))
        plans = Sealed[Plan].model_construct(choices=choices)
        secret = Secret.model_construct(plans=plans, box=sorted(unseen(TOKENS, tokens)))
        return assemble(self, public, privates, secret)

    def _resolve(self, table: TTable, rng: Rng) -> dict[str, Any]:
        """Reveal every plan and resolve all actions at once; then end the game or roll again."""
        pub, n = table.public, table.public.seats
        plans = table.secret.plans.reveal(pub.committed)
        before = [home.model_copy(deep=True) for home in pub.homes]
        returned_mice = 0
        deliveries: list[tuple[int, Colour, int]] = []
        results: list[Result] = []
        for s in clockwise_from(pub.active, n):
            plan, colour, die = plans[s], pub.cat_die[s], pub.action_die[s]
            assert colour is not None and die is not None
            cats, home = before[s].cats[colour], pub.homes[s]
            res = Result(seat=s, colour=colour, die=die, action=plan.action, points=-1 if plan.hairball else 0)
            if plan.action == "rescue":
                res.cats_taken = min(RESCUED, pub.supply.cats[colour])
                pub.supply.cats[colour] -= res.cats_taken
                home.cats[colour] += res.cats_taken
            elif plan.action == "cuddle":
                res.points += cats // 2
            elif plan.action == "eat":
                res.mice_returned = plan.count
                home.mice -= res.mice_returned
                returned_mice += res.mice_returned
                res.points += res.mice_returned
            elif plan.action == "play":
                res.mice_taken = min(cats, pub.supply.mice)
                pub.supply.mice -= res.mice_taken
                home.mice += res.mice_taken
            elif plan.count:
                assert plan.to is not None
                home.cats[colour] -= plan.count
                deliveries.append((plan.to, colour, plan.count))
                res.rehomed_to, res.rehomed = plan.to, plan.count
                res.points += plan.count
            pub.points[s] += res.points
            results.append(res)
        # Received cats arrive after every action, and eaten mice after every take.
        pub.supply.mice += returned_mice
        for to, colour, count in deliveries:
            pub.homes[to].cats[colour] += count
        pub.last_round = sorted(results, key=lambda r: r.seat)
        out: dict[str, Any] = {"resolved": [r.model_dump(mode="json") for r in pub.last_round]}
        if max(pub.points) >= TARGET or pub.round >= pub.max_rounds:
            pub.phase = "over"
            pub.tokens = [p.token for p in table.private]
            pub.final_scores = final_scores(pub, pub.tokens)
            out.update(tokens=list(pub.tokens), final_scores=list(pub.final_scores))
            return out
        out["next_round"] = self._start_round(pub, rng, left_of(pub.active, n))
        return out

    def outcome(self, public: Public) -> Outcome | None:
        if public.phase != "over" or public.final_scores is None:
            return None
        best = max(public.final_scores)
        winners = [s for s, v in enumerate(public.final_scores) if v == best]
        reason = "ten_points" if max(public.points) >= TARGET else "round_limit"
        return Outcome(winners=winners, scores=list(public.final_scores), reason=reason)
