"""Strategies: what a bot author writes. The runner (:mod:`.bot`) does everything else.

A strategy is a callable that takes a :class:`Decision` (what the seat knows
when it must act) and returns one move, as a plain value (``{"type": "bid",
"tricks": 2}``) or a pydantic model (the generated ones in
:mod:`vorpal_client.games`). It may be a plain function or a coroutine
function. It is asked at most once per match version; the runner owns the
connection, reconnects, resumes and move ids.

``vorpal-bot --strategy`` names one by import path (:func:`load_strategy`).
"""

from __future__ import annotations

import importlib
import importlib.util
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, TypeAdapter

from .errors import ApiError

V = TypeVar("V", bound=BaseModel)
M = TypeVar("M")


@dataclass(frozen=True)
class Decision:
    """What one seat knows at the moment it must act."""

    match: str
    game: str
    #: the seat that acts
    seat: int
    #: the match version the move will be sent at
    version: int
    #: ``{"public": {...}, "private": {...}}``, as the game's view schemas describe it
    view: dict[str, Any]
    #: every move the rules allow now; a strategy returns one of them
    legal: list[Any]
    #: the events this seat received since it last acted, oldest first (bounded):
    #: ``{"version": int, "event": {"public": {...}, "private"?: {...}}}``
    events: list[dict[str, Any]]
    #: the seat's time left for this decision, in seconds, when the server sent the state
    #: (``None`` if the match has no clock)
    clock: float | None = None
    #: how many seats the match has (``None``: not known, as in a decision built by hand)
    seats: int | None = None

    def view_as(self, model: type[V]) -> V:
        """The view as a typed model, e.g. ``decision.view_as(jabberwocky.View).public.trick``."""
        return model.model_validate(self.view)

    def legal_as(self, adapter: TypeAdapter[M]) -> list[M]:
        """The legal moves as typed values, e.g. ``decision.legal_as(jabberwocky.MOVE)``."""
        return [adapter.validate_python(m) for m in self.legal]


#: ``strategy(decision) -> move`` or ``async strategy(decision) -> move``.
Strategy = Callable[[Decision], Any]


class StrategyFailed(Exception):
    """The strategy raised, returned nothing, or the server refused its move.

    ``error`` is the server's :class:`ApiError` (``illegal_move``, ``bad_move``) when it
    refused the move; ``__cause__`` is the exception when the strategy raised.
    """

    def __init__(self, decision: Decision, reason: str, *, move: Any = None, error: ApiError | None = None) -> None:
        super().__init__(f"match {decision.match} version {decision.version}, seat {decision.seat}: {reason}")
        self.decision, self.move, self.error = decision, move, error


def random_strategy(seed: int | None = None) -> Strategy:
    """A random legal move each time (seeded: the same choices for the same decisions)."""
    pick = random.Random(seed)

    def choose(decision: Decision) -> Any:
        return pick.choice(decision.legal)

    return choose


_COLOURS = {"G": "green", "Y": "yellow", "P": "purple"}


def _brillig_worth(public: dict[str, Any], move: dict[str, Any]) -> float:
    """What one Brillig move is worth at once, as a greedy player sees it."""
    jabberwocky = public.get("jabberwocky", {})
    if move["type"] == "play":
        colour, number = _COLOURS[move["card"][0]], int(move["card"][1])
        if public.get("phase") == "collect_card":  # the gems of its colour, each worth its number
            return float(number * int(jabberwocky.get(colour, {}).get(colour, 0)))
        return float(-number)  # an assignment card: keep the high ones for collecting
    if move["type"] == "move_pile":  # a pile's gems of the card's colour are the ones that can score
        pile = public.get("piles", [])[move["pile"]] or {}
        return float(pile.get(move["onto"], 0))
    return float(move["card"][1])  # take_bonus: the highest card


#: The games :func:`greedy_strategy` knows: what a move is worth at once, from the public view.
GREEDY_WORTH: dict[str, Callable[[dict[str, Any], dict[str, Any]], float]] = {"brillig": _brillig_worth}


def greedy_strategy(seed: int | None = None, *, game: str | None = None) -> Strategy:
    """The legal move worth most at once (ties: the first of them), for the games in
    :data:`GREEDY_WORTH`; no look-ahead. A simple opponent that beats random play, for
    ladders and tests. In another game it raises, so the runner reports it and plays randomly;
    given the ``game`` it will play, it refuses one it does not know at once (``ValueError``),
    so that a bot fails at its start rather than at every decision.
    """
    del seed  # greedy play draws nothing
    if game is not None and game not in GREEDY_WORTH:
        raise ValueError(f"the greedy strategy does not know {game} (it knows {', '.join(sorted(GREEDY_WORTH))})")

    def choose(decision: Decision) -> Any:
        worth = GREEDY_WORTH.get(decision.game)
        if worth is None:
            raise ValueError(f"the greedy strategy does not know {decision.game}")
        public = decision.view.get("public", {})
        return max(decision.legal, key=lambda move: worth(public, move))

    return choose


def as_wire(move: Any) -> Any:
    """A move as it goes on the wire: pydantic models become plain data (by alias)."""
    if isinstance(move, BaseModel):
        return move.model_dump(mode="json", by_alias=True)
    if isinstance(move, Sequence) and not isinstance(move, str | bytes):
        return [as_wire(m) for m in move]
    return move


def load_strategy(spec: str, *, seed: int | None = None, game: str | None = None) -> Strategy:
    """The strategy named by ``spec``, to play ``game`` (when it is known).

    - ``random``: :func:`random_strategy` (seeded with ``seed``);
    - ``greedy``: :func:`greedy_strategy` (the move worth most at once, in the games it knows:
      another ``game`` is refused with ``ValueError``);
    - ``package.module:name`` (imported with the current directory on ``sys.path``);
    - ``path/to/file.py:name``.

    ``name`` defaults to ``choose``. A class is instantiated without arguments, so a
    strategy may keep state between decisions in its instance.
    """
    if spec == "random":
        return random_strategy(seed)
    if spec == "greedy":
        return greedy_strategy(seed, game=game)
    where, _, name = spec.rpartition(":") if _names_attribute(spec) else (spec, "", "")
    name = name or "choose"
    if where.endswith(".py") or "/" in where or "\\" in where:
        path = Path(where).resolve()
        # Registered under its own name (pydantic resolves a module's annotations there),
        # unless that name is taken by another module.
        taken = path.stem in sys.modules and getattr(sys.modules[path.stem], "__file__", None) != str(path)
        module_name = f"vorpal_strategy_{path.stem}" if taken else path.stem
        module_spec = importlib.util.spec_from_file_location(module_name, path)
        if module_spec is None or module_spec.loader is None:
            raise ValueError(f"cannot load a strategy from {where}")
        module = importlib.util.module_from_spec(module_spec)
        sys.modules[module_name] = module
        module_spec.loader.exec_module(module)
    else:
        if "" not in sys.path and str(Path.cwd()) not in sys.path:
            sys.path.insert(0, str(Path.cwd()))
        module = importlib.import_module(where)
    try:
        found = getattr(module, name)
    except AttributeError:
        raise ValueError(f"{where} has no {name!r}") from None
    if isinstance(found, type):
        found = found()
    if not callable(found):
        raise ValueError(f"{spec} is not callable")
    strategy: Strategy = found
    return strategy


def _names_attribute(spec: str) -> bool:
    """``spec`` ends in ``:name`` (not a Windows drive letter such as ``C:``)."""
    where, sep, name = spec.rpartition(":")
    return bool(sep) and len(where) > 1 and (name == "" or name.isidentifier())


def seconds_left(clock: dict[str, Any] | None, seat: int) -> float | None:
    """``seat``'s time left when the server sent ``clock`` (a state's or event's ``clock``):
    its deadline minus the server's time then, so no clock synchronisation is needed."""
    if not clock:
        return None
    deadline = clock.get("deadlines", {}).get(str(seat))
    if deadline is None:
        return None
    return max(0.0, (float(deadline) - float(clock["now"])) / 1000)
