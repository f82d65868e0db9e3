"""Match statuses and the transitions between them.

::

    open ──► active ──► finished
      │ │      │
      │ │      └────► aborted      (an admin aborted it)
      │ └───────────► finished     (a pairing's seats were not all taken in time: who came wins, ``no_show``)
      └─────────────► aborted      (every player left before the start, nobody came to a pairing's match,
                                    or an admin aborted it)

``open`` may also stay ``open`` (a seat is taken or left), and ``active``
stays ``active`` with each move that does not end the match. Ended matches
never change again: not even an admin aborts a finished match.
"""

from __future__ import annotations

from enum import StrEnum


class MatchStatus(StrEnum):
    OPEN = "open"
    ACTIVE = "active"
    FINISHED = "finished"
    ABORTED = "aborted"

    @property
    def ended(self) -> bool:
        """Finished with an outcome, or aborted without one: no change is accepted any more."""
        return self in (MatchStatus.FINISHED, MatchStatus.ABORTED)


ALLOWED: dict[MatchStatus, frozenset[MatchStatus]] = {
    MatchStatus.OPEN: frozenset({MatchStatus.OPEN, MatchStatus.ACTIVE, MatchStatus.FINISHED, MatchStatus.ABORTED}),
    MatchStatus.ACTIVE: frozenset({MatchStatus.ACTIVE, MatchStatus.FINISHED, MatchStatus.ABORTED}),
    MatchStatus.FINISHED: frozenset(),
    MatchStatus.ABORTED: frozenset(),
}


class IllegalTransition(AssertionError):
    """A bug: the lifecycle tried to move a match along an edge the table above lacks."""


def transition(old: MatchStatus, new: MatchStatus) -> MatchStatus:
    """``new``, if a match may go there from ``old``."""
    if new not in ALLOWED[old]:
        raise IllegalTransition(f"a match cannot go from {old} to {new}")
    return new
