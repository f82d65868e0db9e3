"""The AI levels as strategies of the Python SDK: ``vorpal-bot --strategy vorpal.ai:level3`` (:mod:`vorpal.ai`).

For bot authors who install the server package next to the SDK (``vorpal_client``): a strategy takes
the SDK's ``Decision`` (the seat's view, as the server sent it) and returns a move. The view is all
the seat knows, so it is exactly the :class:`~server.engine.knowledge.Knowledge` the bot service
hands its search; the search runs in the bot's own process. Each decision draws a fresh seed from
the operating system: a strategy played by an author need not be reproducible for us.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from server import games
from server.engine.knowledge import Knowledge, Seen

from . import choose as choosing
from .levels import DEFAULT


def knowledge_of(decision: Any, seen: Seen = ()) -> Knowledge:
    """What the deciding seat knows, read from an SDK ``Decision``'s view (``seats``: the match's seats), and
    ``seen``, the events it has received (:class:`Memory`)."""
    game = games.get(decision.game).game
    view = decision.view
    public = game.public_type.model_validate(view["public"])
    private = game.private_type.model_validate(view.get("private") or {})
    seats = decision.seats if decision.seats is not None else game.min_seats
    return Knowledge(decision.seat, seats, public, private, tuple(seen) if game.remembers else ())


class Memory:
    """The events a strategy has been shown in each match, kept while they run unbroken from the match's first
    (a ``Decision`` carries those since the seat last acted): a game that remembers samples from all of them
    (:attr:`~server.engine.game.Game.remembers`). A gap (a runner started mid-match) forgets the match: its
    samples then read the view alone, as a partial record could mislead them. The latest ``MATCHES`` are kept."""

    MATCHES = 64

    def __init__(self) -> None:
        self._matches: dict[str, list[dict[str, Any]]] = {}
        self._broken: set[str] = set()

    def seen(self, decision: Any) -> list[dict[str, Any]]:
        """``decision``'s match's events so far (empty if they do not run unbroken from the first)."""
        if not games.get(decision.game).game.remembers or decision.match in self._broken:
            return []
        events = self._matches.pop(decision.match, [])
        self._matches[decision.match] = events  # the newest last
        for item in decision.events:
            if item["version"] <= len(events):
                continue
            if item["version"] != len(events) + 1:
                self._broken.add(decision.match)
                del self._matches[decision.match]
                return []
            events.append(item["event"])
        while len(self._matches) > self.MATCHES:
            del self._matches[next(iter(self._matches))]
        return events


def at_level(level: int) -> Callable[[Any], Any]:
    """A strategy that plays ``level`` (a level of :mod:`.levels`), within its decision's clock."""

    memory = Memory()

    def decide(decision: Any) -> Any:
        rules = games.get(decision.game)
        seconds = None if decision.clock is None else max(0.05, decision.clock * 0.25)
        knowledge = knowledge_of(decision, memory.seen(decision))
        move = choosing.choose(decision.game, knowledge, level, secrets.randbits(63), seconds)
        return rules.dump_move(move)

    decide.__name__ = f"level{level}"
    return decide


level2 = at_level(2)
level3 = at_level(3)
level4 = at_level(4)
level5 = at_level(5)
#: The default level (``--strategy server.ai.strategy``, whose default name is ``choose``).
choose = at_level(DEFAULT)
