# The game's docstring (what is hidden, what is chance, and each reading of the rulebook) is the package's, in
# __init__.py, where a reader opens the game first. The docstring checks (tests/games/test_game_docstrings.py) read the
# module that declares the game class, so this module carries the same text (set below, after the imports).
#
# This module is the game itself: its declaration for the catalogue, the options it refuses, the setup, and the tables
# that say what is legal in each phase and which rule plays each move. The rules live in the modules beside it, one
# concept each; the class only wires them to the engine's game contract.

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from server.engine import BadOptions, Event, Game, MoveModel, Outcome, Rng
from server.engine.cards import SUITS
from server.engine.decisions import Decisions
from server.engine.knowledge import Seen
from server.engine.option_rules import either, off, on, one_of
from server.engine.seats import check_named_seat, named_or_drawn

from . import __doc__ as _package_doc
from . import access, building, fights, flights, flow, journey, sampling, trades
from .acquisition import acquire_moves
from .board import CITADEL
from .cards import CARROTS, HAND_LIMIT, OVERTAXED_LIMIT, ROYALS_NEEDED, suits_in_play
from .events import EVENTS
from .layouts import SAMPLE_BOARD, build_board
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
from .state import JTable, Phase, Private, Public, Secret

__doc__ = _package_doc

#: The legal moves of the seat to act, from what it may see: the public part and its own hand.
LegalMoves = Callable[[Public, Private, int], list[AnyMove]]
#: A check of a move beyond the engine's: raises :class:`~server.engine.IllegalMove`.
Check = Callable[[Public, Private, int, Any], None]
#: What a move does to the draft table, filling in its event's public news and each seat's private news as it plays.
Handler = Callable[[JTable, int, Any, Rng, dict[str, Any], dict[int, Any]], None]

#: What is legal in each phase; a phase not listed ("arrived", settled within the move, and "over") offers nothing.
LEGAL: dict[Phase, LegalMoves] = {
    "build": building.building_moves,
    "takeoff": flights.takeoff_moves,
    "access": access.show_moves,
    "prove": access.show_moves,
    "lottery": flow.lottery_moves,
    "trim": flow.trim_moves,
    "acquire": acquire_moves,
    "ask": trades.ask_moves,
    "consider": trades.consider_moves,
    "fight": fights.fight_moves,
    "give_up": fights.give_up_moves,
    "pay": journey.pay_moves,
    "journey": journey.journey_moves,
}
#: The moves the engine's check (is it listed?) would refuse too often: any payment, throw or show of hearts that
#: reaches its price is accepted, while the legal moves list only those from which no card can be left out.
CHECKS: dict[tuple[Phase, type[MoveModel]], Check] = {
    ("pay", Pay): journey.check_pay,
    ("fight", Strike): fights.check_strike,
    ("acquire", Attack): fights.check_attack,
    ("access", Contest): access.check_hearts,
    ("prove", Prove): access.check_hearts,
}
#: The decisions of a journey (a road, a transfer, a flight, their payment, or stopping): see :meth:`decide`.
DECISIONS: dict[type[MoveModel], Handler] = {
    Go: journey.go,
    Stay: journey.go,
    Transfer: journey.transfer,
    Cancel: journey.cancel_journey,
    Pay: journey.paid,
    Jester: journey.paid,
}
#: Every other move: building, the takeoff, the lottery, the trim, the acquisition, a fight, access, a deal, and the
#: payment of a claim or a purchase.
ACTS: dict[type[MoveModel], Handler] = {
    PlaceHex: building.build,
    PlaceRoad: building.build,
    PlaceTriangle: building.build,
    PassTile: building.build,
    Fly: flights.take_off,
    Roll: flights.take_off,
    Show: flow.lottery,
    ShowAll: flow.lottery,
    Skip: flow.lottery,
    Discard: flow.discard,
    Claim: flow.claim,
    Rest: flow.rest,
    Buy: trades.buy,
    Propose: trades.bargain,
    Ask: trades.bargain,
    Accept: trades.bargain,
    Decline: trades.bargain,
    Attack: fights.fight,
    Strike: fights.fight,
    Yield: fights.fight,
    GiveUp: fights.fight,
    Contest: access.access,
    Prove: access.access,
    Pass: access.access,
    Cancel: journey.cancel_payment,
    Pay: journey.paid,
    Jester: journey.paid,
}


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
    events = EVENTS
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
            board = build_board(rng, suits)
        else:
            board = building.bare_board()
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
            building.deal_tiles(table, "strict" if options.board == "strict" else "free", rng)
        else:
            flow.deal_cards(table, rng)
            flow.start_turn(table, first, rng)
        return table

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
        if public.phase == "trim" and public.trimming:
            return [public.trimming[0]]
        return [public.turn]

    def legal_moves(self, public: Public, private: Private, seat: int) -> list[AnyMove]:
        legal = LEGAL.get(public.phase)
        return legal(public, private, seat) if legal is not None else []

    def check(self, public: Public, private: Private, seat: int, move: AnyMove) -> None:
        check = CHECKS.get((public.phase, type(move)))
        if check is not None:
            check(public, private, seat, move)
            return
        super().check(public, private, seat, move)

    # -- playing -----------------------------------------------------------------------------------------------------

    def apply(self, table: JTable, seat: int, move: AnyMove, rng: Rng) -> Event:
        pub = table.public
        pub.shown = []
        if journey.journeying(pub, move):
            event = self.play_decision(table, seat, move, rng)
        else:
            event = Event({"type": move.type, "seat": seat})
            ACTS[type(move)](table, seat, move, rng, event.public, event.private)
        pub.hand_sizes = [len(p.hand) for p in table.private]
        pub.carrots = [CARROTS - len(r) for r in pub.royals]
        pub.pile_size = len(table.secret.pile)
        return event

    def decide(self, table: JTable, seat: int, move: AnyMove, rng: Rng) -> Event:
        """One decision of the journey: a road, a transfer, its payment (or giving it up), or stopping."""
        news: dict[str, Any] = {"type": move.type, "seat": seat}
        private: dict[int, dict[str, Any]] = {}
        DECISIONS[type(move)](table, seat, move, rng, news, private)
        return Event(news, private)

    def complete(self, table: JTable, seat: int, rng: Rng, event: Event) -> None:
        """The journey is over: a win on the Citadel, hearts access, the acquisition or the increment."""
        flow.end_journey(table, seat, rng, event.public, event.private)

    def determinize(self, public: Public, private: Private, seat: int, seats: int, rng: Rng, seen: Seen = ()) -> JTable:
        """The other hands, the pile, a deal between others and a strict build's tiles, drawn from what ``seat``
        knows (:mod:`.sampling` says which facts are kept)."""
        return sampling.determinize(self, public, private, seat, seats, rng)

    def outcome(self, public: Public) -> Outcome | None:
        if public.phase != "over":
            return None
        scores = [len(r) for r in public.royals]
        reason = public.reason if len(public.winners) == 1 else "tie"
        return Outcome(winners=list(public.winners), scores=scores, reason=reason)
