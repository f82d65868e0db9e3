"""Mojo: what a shaman could spend, what things cost, and the moves that draw it (extract, eat, spawn).

"From a usage perspective, it doesn't matter where shamans get their mojo": every cost is judged by
:func:`available` and paid by :func:`pay`, in one order (the game's docstring tells the reading), so that the legal
moves and the moves played never disagree about what a seat can afford.
"""

from __future__ import annotations

from server.engine import Event, Rng
from server.engine.errors import IllegalMove

from . import effects
from .scrolls import SCROLLS
from .state import (
    TRIBAL_BOARD_LIMIT,
    AnyMove,
    Eat,
    Extract,
    Public,
    Spawn,
    TribalBoard,
    ZTable,
)

HAND_LIMIT = 6
SPAWN_COST = 3
SPAWN_LIMIT = 2
EAT_LIMIT = 2
EAT_MOJO = 2
INVOKE_COST = 4


def available(tribe: TribalBoard) -> int:
    """Mojo the shaman could spend now: extracted, on active tokens, in active zimbies at home (chanters too: one
    spent ends its incantation, :func:`.effects.settle_chants`)."""
    return tribe.mojo + tribe.tokens + tribe.active


def pay(tribe: TribalBoard, cost: int) -> None:
    """Spend ``cost`` mojo: the extracted mojo first, then active tokens, then active zimbies at home.

    Judged by :func:`available`, as the legal moves are, and before anything is taken. The zimbies at home are
    counted, not told apart: the non-chanting ones are spent first, and one spent beyond them is a chanter, whose
    incantation ends once the move is played (:func:`.effects.settle_chants`).
    """
    if cost > available(tribe):
        raise IllegalMove("not enough mojo")
    from_pool = min(tribe.mojo, cost)
    tribe.mojo -= from_pool
    cost -= from_pool
    from_tokens = min(tribe.tokens, cost)
    tribe.tokens -= from_tokens
    cost -= from_tokens
    tribe.active -= cost
    tribe.depleted += cost


def scroll_cost(public: Public, seat: int, card: str) -> int:
    """A scroll's mojo cost for ``seat``: the card's, changed by the incantations on the seat, never below 1."""
    return max(1, SCROLLS[card].cost + effects.chant(public, seat, "cost"))


def cheapest_scroll(public: Public, seat: int) -> int:
    """The least any scroll could cost ``seat`` (every card costs 1 or more): what a window asks about."""
    return max(1, 1 + effects.chant(public, seat, "cost"))


def to_far_shore_excess(tribe: TribalBoard) -> None:
    """ "If there are ever more than 8 zimby tokens on a shaman's tribal board, immediately move all excess"."""
    excess = tribe.zimbies - TRIBAL_BOARD_LIMIT
    if excess > 0:
        from_depleted = min(tribe.depleted, excess)
        tribe.depleted -= from_depleted
        tribe.active -= excess - from_depleted
        tribe.far_shore += excess


def eat_moves(public: Public, seat: int) -> list[AnyMove]:
    """Shaman cannibalism: an active zimby at home, at most twice a round, for 2 mojo or a scroll."""
    tribe = public.tribes[seat]
    if tribe.active <= 0 or tribe.eaten >= EAT_LIMIT:
        return []
    scroll = public.library_size > 0 or (bool(public.discards) and not public.solitaire)
    return [Eat(gain="mojo"), *([Eat(gain="scroll")] if scroll else [])]


def eat(table: ZTable, seat: int, move: Eat, rng: Rng, event: Event) -> None:
    """An active zimby at home is eaten, on the seat's turn or "At any time" in a window: 2 mojo, or a scroll."""
    tribe = table.public.tribes[seat]
    tribe.active -= 1
    tribe.far_shore += 1
    tribe.eaten += 1
    if move.gain == "mojo":
        tribe.mojo += EAT_MOJO
    else:
        effects.draw(table, seat, rng)


def hand_limit(pub: Public, seat: int) -> int:
    """6, changed by the hand-limit incantations on the seat."""
    return max(0, HAND_LIMIT + effects.chant(pub, seat, "hand_limit"))


def extract(table: ZTable, seat: int, move: Extract, rng: Rng, event: Event) -> None:
    """One mojo drawn from an active token, or from an active zimby at home (which is depleted)."""
    tribe = table.public.tribes[seat]
    if move.source == "token":
        tribe.tokens -= 1
    else:
        tribe.active -= 1
        tribe.depleted += 1
    tribe.mojo += 1


def spawn(table: ZTable, seat: int, move: Spawn, rng: Rng, event: Event) -> None:
    """A zimby comes back from the Far Shore for 3 mojo, depleted."""
    tribe = table.public.tribes[seat]
    pay(tribe, SPAWN_COST)
    tribe.far_shore -= 1
    tribe.depleted += 1
    tribe.spawned += 1
