"""Response windows: "at any time" actions as a turn to answer, seat by seat.

Some rulebooks let a player act "at any time", even in another player's turn:
answer a scroll with a scroll, modify a combat roll before it settles. A
server cannot wait for someone to shout, so each such moment becomes a
**response window**: when something is pushed (a scroll, a combat roll), the
other seats are asked one at a time, in turn order from the seat that pushed
it; the seat asked may respond or pass. Each answer is a decision like any
other, so the match clock times it and a seat that runs out of time passes.

The rules every window follows, kept here once:

- **A window is plain data in the game's public part**: who opened it, what
  it is on (the game's own description, opaque to the engine), the seat asked
  now and the seats still to ask. Every seat sees who is being asked, and a
  client shows any game's windows the same way.
- **The windows form a stack**, top last, kept in the public field
  ``windows`` (:meth:`~server.engine.game.Game.window` reads the top). A
  response opens a new window on top (:func:`respond`), so a response to a
  response works like the rulebook's stack: the newest is answered first.
- **The seat asked acts first**: while a window is open,
  :class:`~server.engine.play.Rules` lets its asked seat, and only it, act,
  before a move under way (:mod:`server.engine.decisions`) and whatever the
  game's ``to_act`` says. So the clocks time the asked seat with no change.
- **A response keeps the responder's say**: the window below still asks the
  responder when it is on top again; it may respond again, or pass.
- **Passing moves the window on** (:func:`pass_window`); the last pass closes
  it and hands it back to the game, which resolves what it was on (at once,
  or, as a rulebook whose stack resolves only "when scroll use ends", once
  the stack of windows is empty).
- **The default answer is to pass**: a seat whose time runs out in a window
  passes (:meth:`~server.engine.play.Rules.default_move`), whatever the
  game's other default; the game lists :class:`Pass` first (:func:`options`).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from .seats import clockwise_from

MoveT = TypeVar("MoveT")


class Window(BaseModel):
    """One response window: what it is on, whom it asks now, whom it asks next."""

    model_config = ConfigDict(extra="forbid")

    opener: int = Field(description="the seat that pushed what the window is on")
    on: JsonValue = Field(description="what the window is on, in the game's words (a scroll cast, a combat roll)")
    asked: int = Field(description="the seat asked now: it responds or passes")
    waiting: list[int] = Field(default_factory=list, description="the seats to ask after it, in turn order")


class Pass(BaseModel):
    """Let what the window is on stand: the next seat is asked, or the window closes."""

    model_config = ConfigDict(extra="forbid")  # as every move's (:class:`~server.engine.game.MoveModel`)

    type: Literal["pass"] = "pass"


def options(responses: Sequence[MoveT]) -> list[Pass | MoveT]:
    """The legal moves of a seat asked in a window: the pass first, then its responses."""
    return [Pass(), *responses]


def turn_order(
    opener: int, seats: int, *, among: Collection[int] | None = None, with_opener: bool = False
) -> list[int]:
    """The seats a window on ``opener``'s push asks: the others in turn order from it.

    ``among``: only these seats may respond (the others are skipped: they cannot act now);
    ``with_opener``: the opener is asked too, first (a push the game makes in the opener's
    turn, such as its combat roll, which its own seat may answer).
    """
    order = clockwise_from(opener, seats)
    if not with_opener:
        order = order[1:]
    return [s for s in order if among is None or s in among]


def open_window(
    stack: list[Window],
    opener: int,
    on: JsonValue,
    seats: int,
    *,
    among: Collection[int] | None = None,
    with_opener: bool = False,
) -> Window | None:
    """Open a window on ``on``, pushed by ``opener``, on top of ``stack``.

    ``None``, and nothing is pushed, when nobody may respond: what was pushed stands.
    """
    order = turn_order(opener, seats, among=among, with_opener=with_opener)
    if not order:
        return None
    window = Window(opener=opener, on=on, asked=order[0], waiting=order[1:])
    stack.append(window)
    return window


def top(stack: Sequence[Window]) -> Window | None:
    """The window open now (the newest), if any."""
    return stack[-1] if stack else None


def asked(stack: Sequence[Window]) -> int | None:
    """The seat asked now, if a window is open: the one seat to act."""
    window = top(stack)
    return None if window is None else window.asked


def _check_asked(stack: Sequence[Window], seat: int) -> Window:
    window = top(stack)
    if window is None or window.asked != seat:
        raise ValueError(f"seat {seat} is not asked in a response window")
    return window


def respond(
    stack: list[Window], seat: int, on: JsonValue, seats: int, *, among: Collection[int] | None = None
) -> Window | None:
    """The seat asked responds with ``on``: a window on it opens on top, asking the others from ``seat``.

    The window below keeps asking ``seat`` when it is on top again. ``None`` when nobody may
    answer the response (``among``): it stands, and ``seat`` is still asked.
    """
    _check_asked(stack, seat)
    return open_window(stack, seat, on, seats, among=among)


def pass_window(stack: list[Window], seat: int) -> Window | None:
    """The seat asked passes: the next seat is asked; the last pass closes the window.

    Returns the closed window (the game resolves what it was on), else ``None``.
    """
    window = _check_asked(stack, seat)
    if window.waiting:
        window.asked = window.waiting.pop(0)
        return None
    return stack.pop()
