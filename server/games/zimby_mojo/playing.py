"""Playing a move: the tables from each move type to the function that plays it.

A table says at a glance which function plays which move, where a chain of ``isinstance`` tests has to be read to
its end; a test checks that every move type has its row. Each function plays its move on the draft table and adds
to the move's event what the other seats should learn (a warp's portal, an invoked ritual); what ends every move
is :func:`.settling.after_move`.

A path's steps, halts, pick-ups and portal influences, and the answers to a join asked on the way, are the
decisions of one move (:mod:`server.engine.decisions`): they have their own table, :data:`DECISIONS`, played
through the engine's ``play_decision``. An ``answer`` is a decision of the path when a join is asked
(:func:`.paths.join_asked`), and otherwise a partner's answer to a seal's request.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from pydantic import BaseModel

from server.engine import Event, Rng
from server.engine.windows import Pass

from .casting import extract_chanter, use_scroll
from .columns import zombify
from .mojo import eat, extract, spawn
from .paths import answer_join, drop, go, influence, join_asked, pick_up, send, stop_path, take_step, warp
from .responses import decline, devour, discard, hold, keep
from .seals import answer_seal, unseal
from .settling import attack, invoke
from .state import (
    Answer,
    AnyMove,
    Attack,
    Devour,
    Discard,
    Drop,
    Eat,
    EndTurn,
    Extract,
    ExtractChanter,
    Go,
    Halt,
    Hold,
    Influence,
    Invoke,
    Keep,
    PickUp,
    Public,
    Send,
    Spawn,
    Step,
    Unseal,
    UseScroll,
    Warp,
    Winnow,
    Zombify,
    ZTable,
)
from .turns import end_turn

M = TypeVar("M", bound=BaseModel)

#: Plays a move of one type: the draft table, the seat, the move, the generator, and the move's event to add to.
#: (The move is ``Any`` here because each row's function takes its own type: :func:`row` checks the pair.)
Play = Callable[[ZTable, int, Any, Rng, Event], None]


def row(kind: type[M], play: Callable[[ZTable, int, M, Rng, Event], None]) -> tuple[type[BaseModel], Play]:
    """One row of a table: the type checker holds the function to the move type it is filed under."""
    return kind, play


#: Every move but a path's decisions, by its type.
MOVES: Mapping[type[BaseModel], Play] = dict(
    [
        # Drawing and spending mojo.
        row(Extract, extract),
        row(ExtractChanter, extract_chanter),
        row(Eat, eat),
        row(Spawn, spawn),
        # Starting a path, or the Crown dropped on the way.
        row(Send, send),
        row(Warp, warp),
        row(Go, go),
        row(Drop, drop),
        # Combat, zombies, seals, rituals.
        row(Attack, attack),
        row(Zombify, zombify),
        row(Unseal, unseal),
        row(Answer, answer_seal),
        row(Invoke, invoke),
        # Scrolls from the hand, and the answers in a response window.
        row(UseScroll, use_scroll),
        row(Pass, decline),
        row(Devour, devour),
        row(Hold, hold),
        row(Keep, keep),
        row(Winnow, keep),
        row(Discard, discard),
        row(EndTurn, end_turn),
    ]
)

#: The decisions of a path under way, by their type.
DECISIONS: Mapping[type[BaseModel], Play] = dict(
    [
        row(Step, take_step),
        row(Halt, stop_path),
        row(PickUp, pick_up),
        row(Influence, influence),
        row(Answer, answer_join),
    ]
)


def is_decision(public: Public, move: AnyMove) -> bool:
    """Whether ``move`` is a decision of a path (:data:`DECISIONS`) rather than a move of its own (:data:`MOVES`)."""
    if isinstance(move, Answer):
        return join_asked(public)
    return type(move) in DECISIONS


def play(table: ZTable, seat: int, move: AnyMove, rng: Rng, plays: Mapping[type[BaseModel], Play] = MOVES) -> Event:
    """Play ``move`` by its row in ``plays``; the event names the move and its seat, and what the row adds."""
    event = Event({"type": move.type, "seat": seat})
    plays[type(move)](table, seat, move, rng, event)
    return event
