"""What one seat knows, and whole tables sampled from it (determinization).

An AI opponent decides from its seat's knowledge only, as a person at the table does: the public
part and its own private part, never another seat's hand, the deck order or a sealed choice.
:meth:`~server.engine.play.Rules.knowledge` takes those two parts out of a table (copies, so the
bot cannot reach the rest through them), and :meth:`~server.engine.play.Rules.determinize`
samples a whole table consistent with them (:meth:`~server.engine.game.Game.determinize`): the
search of information-set MCTS plays on such samples, one per iteration, as Cowling, Powley and
Whitehouse (2012) do. The generator it samples with is the bot's own, never the match's, whose
state would predict the deck. What the games' samplings share (the cards a seat has not seen, dealt
into hands of the public sizes; a sampled table put together) is :mod:`server.engine.sampling`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

#: The events a seat has received so far in a match, in order, each as its part of the event
#: (:func:`~server.engine.play.event_for`: the public part, its own private part, the chance steps'
#: alike): what the seat has *seen*, beyond what its view still shows (the earlier tricks of a round).
Seen = Sequence[dict[str, Any]]


@dataclass(frozen=True, slots=True)
class Knowledge:
    """One seat's knowledge of a table: its public part and the seat's own private part (copies), and,
    for a game that remembers (:attr:`~server.engine.game.Game.remembers`), the events it has seen."""

    seat: int
    seats: int
    public: Any
    private: Any
    seen: Seen = ()
