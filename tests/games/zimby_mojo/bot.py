"""A plain-minded Zimby Mojo player for whole-match tests: it always picks one of the legal moves.

Its plan is the rulebook's "How do you win?": get zimbies onto the board, open a ward with another tribe at a
shrine (every bot heads for the same shrine and says yes to every request), go for the King with cannibals
eating first, then take the Crown home, or go for whoever carries it.

Its scrolls, used as the rulebook's examples use them: brutality on its own creature's combat roll on the stack,
armor on its own creature's wounds, a wound or a death curse at the King or at another tribe's Crown carrier, and,
once a turn with mojo to spare, a ritual that gives itself mojo, zimbies or scrolls.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from server.games.zimby_mojo.board import BOARD
from server.games.zimby_mojo.game import ZTable, available, controls, opponents
from server.games.zimby_mojo.scrolls import SCROLLS
from server.games.zimby_mojo.state import (
    KING_ID,
    Answer,
    AnyMove,
    Attack,
    Column,
    Devour,
    Drop,
    EndTurn,
    Go,
    Halt,
    Influence,
    PickUp,
    Public,
    Send,
    Spawn,
    Step,
    Unseal,
    UseScroll,
    Warp,
    home_seat,
)

#: Rituals a bot casts on itself when it has mojo to spare.
GIFTS = ("mojo", "reactivate", "draw", "spawn")
SPARE_MOJO = 4

FAR = 10_000


@dataclass
class Bot:
    """One bot per match: it remembers which creatures already set off this turn (so no path is started twice)."""

    went: set[tuple[int, int, str]] = field(default_factory=set)
    sent: set[tuple[int, int]] = field(default_factory=set)
    gifted: set[tuple[int, int]] = field(default_factory=set)

    def choose(self, table: ZTable, seat: int, legal: list[AnyMove]) -> AnyMove:
        pub = table.public
        devour = [m for m in legal if isinstance(m, Devour)]
        if devour and pub.phase == "players":
            return devour[-1]  # against a shaman's column it eats all it may; against thugs and zombies it keeps them
        if any(isinstance(m, Answer) for m in legal):
            return Answer(yes=True) if Answer(yes=True) in legal else legal[0]
        if pub.windows:
            return self._answer(pub, seat, legal)
        if pub.moving is not None:
            return self._path(pub, seat, legal)
        return self._turn(pub, seat, legal)

    # -- scrolls

    @staticmethod
    def _mine(pub: Public, seat: int, cid: str) -> bool:
        return any(c.id == cid and seat in c.zimbies for c in pub.columns)

    def _answer(self, pub: Public, seat: int, legal: list[AnyMove]) -> AnyMove:
        """In a window: help its own creature's combat roll or wounds on the stack, else pass."""
        scrolls = [m for m in legal if isinstance(m, UseScroll) and not m.eat_for_effect and not m.eat_for_range]
        top = pub.stack.entries[-1] if pub.stack.entries else None
        if top is not None and top.kind == "combat":
            fighting = (top.attacker, top.defender)
            for m in scrolls:
                effect = SCROLLS[m.card].effect
                mine = self._mine(pub, seat, m.target) and m.target in fighting
                if effect.kind == "brutality" and effect.amount > 0 and mine:
                    return m
        if top is not None and top.kind == "wounds":
            for m in scrolls:
                mine = m.target == top.creature and self._mine(pub, seat, m.target)
                if SCROLLS[m.card].effect.kind == "armor" and mine:
                    return m
        return legal[0]

    def _scroll(self, pub: Public, seat: int, legal: list[AnyMove]) -> AnyMove | None:
        """On its turn: a wound or a curse at the King or another tribe's Crown carrier; once a turn, with mojo to
        spare, a gift to itself."""
        scrolls = [m for m in legal if isinstance(m, UseScroll) and not m.eat_for_effect and not m.eat_for_range]
        crown = pub.crown
        foes = {KING_ID} if pub.king.alive else set()
        if crown is not None and crown.carrier is not None and not self._mine(pub, seat, crown.carrier):
            foes.add(crown.carrier)
        for m in scrolls:
            if SCROLLS[m.card].effect.kind in ("wound", "kill") and m.target in foes:
                return m
        turn = (pub.round, seat)
        if turn in self.gifted or available(pub.tribes[seat]) < SPARE_MOJO + 2:
            return None
        for m in scrolls:
            effect = SCROLLS[m.card].effect
            if effect.kind in GIFTS and effect.amount >= 0 and m.target == f"seat{seat}":
                self.gifted.add(turn)
                return m
        return None

    # -- where to go

    def goals(self, pub: Public, seat: int) -> set[str] | None:
        """The tiles the seat's creatures head for (``None``: home, with the Crown)."""
        crown = pub.crown
        if crown is not None and crown.carrier is not None:
            carrier = next((c for c in pub.columns if c.id == crown.carrier), None)
            if carrier is not None and seat in carrier.zimbies:
                return None
            tile = carrier.tile if carrier is not None else next(t.tile for t in pub.thugs if t.id == crown.carrier)
            return set(BOARD.neighbours(tile))
        if crown is not None and crown.tile is not None:
            return {crown.tile}
        if pub.king.alive and pub.king.tile is not None:
            if any(w.open for w in pub.wards):
                return set(BOARD.neighbours(pub.king.tile))
            shrine = next(s.tile for s in pub.shrines if not s.activated)
            return {shrine}
        return set()

    def distance(self, pub: Public, seat: int, tile: str) -> int:
        goals = self.goals(pub, seat)
        home = home_seat(tile)
        if goals is None:
            if home == seat:
                return 0
            field_ = BOARD.distances(pub.tribes[seat].entry, blocked=self.blocked(pub))
            return field_.get(tile, FAR) + 1 if home is None else FAR
        if home is not None:
            return self.distance(pub, seat, pub.tribes[home].entry) + 1
        field_ = BOARD.distances(list(goals), blocked=self.blocked(pub) - goals)
        return field_.get(tile, FAR)

    @staticmethod
    def blocked(pub: Public) -> set[str]:
        closed = {w.tile for w in pub.wards if not w.open}
        thickets = {o.tile for o in pub.obstacles if o.kind == "thickets"}
        return closed | thickets | set(BOARD.barracks) | {BOARD.blood_mist}

    # -- decisions

    def _path(self, pub: Public, seat: int, legal: list[AnyMove]) -> AnyMove:
        if PickUp() in legal:
            return PickUp()
        influence = [m for m in legal if isinstance(m, Influence)]
        if influence:
            return influence[0]
        moving = pub.moving
        assert moving is not None
        creature = next((c for c in pub.columns if c.id == moving.creature), None)
        here = self.distance(pub, seat, creature.tile) if creature is not None else FAR
        steps = [m for m in legal if isinstance(m, Step)]
        best = min(steps, key=lambda m: self.distance(pub, seat, m.to), default=None)
        if best is not None and self.distance(pub, seat, best.to) < here:
            return best
        return Halt() if Halt() in legal else self._anything_but_drop(legal)

    def _turn(self, pub: Public, seat: int, legal: list[AnyMove]) -> AnyMove:
        turn = (pub.round, seat)
        scroll = self._scroll(pub, seat, legal)
        if scroll is not None:
            return scroll
        attacks = [m for m in legal if isinstance(m, Attack)]
        crown = pub.crown
        wanted = [
            m
            for m in attacks
            if m.target == KING_ID or (crown is not None and m.target == crown.carrier) or EndTurn() not in legal
        ]
        if wanted:
            return max(wanted, key=lambda m: m.eat)
        unseal = [m for m in legal if isinstance(m, Unseal)]
        if unseal:
            return unseal[0]
        for move in legal:
            if isinstance(move, Go) and move.own is None and (*turn, move.creature) not in self.went:
                creature = next((c for c in pub.columns if c.id == move.creature), None)
                if creature is None or self._stays(pub, seat, creature):
                    continue
                self.went.add((*turn, move.creature))
                return move
        if turn not in self.sent:
            sends = [m for m in legal if isinstance(m, Send | Warp)]
            if sends:
                self.sent.add(turn)
                return max(sends, key=lambda m: (isinstance(m, Send), m.count))
        if Spawn() in legal and pub.tribes[seat].zimbies < 5:
            return Spawn()
        return EndTurn() if EndTurn() in legal else self._anything_but_drop(legal)

    @staticmethod
    def _anything_but_drop(legal: list[AnyMove]) -> AnyMove:
        """The first legal move, but never dropping the Crown on the way (a path from home may offer no halt)."""
        return next((m for m in legal if not isinstance(m, Drop)), legal[0])

    def _stays(self, pub: Public, seat: int, column: Column) -> bool:
        """Whether the column is where it should be (by a foe it means to fight, or at its goal)."""
        if not controls(pub, seat, column):
            return True
        if self.distance(pub, seat, column.tile) == 0:
            return True
        crown = pub.crown
        targets = {KING_ID} | ({crown.carrier} if crown is not None and crown.carrier is not None else set())
        return bool(targets & set(opponents(pub, column))) and self.goals(pub, seat) is not None


def play_match(rules: Any, seats: int, seed: int, options: dict[str, Any]) -> tuple[list[tuple[int, Any]], ZTable]:
    """A whole match of bots: the moves made and the final table."""
    table, rng = rules.setup(rules.parse_options(options), seats, seed)
    bot = Bot()
    moves: list[tuple[int, Any]] = []
    while rules.outcome(table) is None:
        (seat,) = rules.to_act(table)
        move = bot.choose(table, seat, rules.legal_moves(table, seat))
        dumped = rules.dump_move(move)
        rules.act(table, rng, seat, dumped)
        moves.append((seat, dumped))
        assert len(moves) < 50_000
    return moves, table
