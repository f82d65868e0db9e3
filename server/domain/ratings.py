"""Ladder ratings: who finished where in a ladder match, and the OpenSkill ratings that follow.

Pure: :mod:`server.domain.ladders` reads the ratings, asks :func:`rate` for the new ones and has
storage apply them once. Ratings use OpenSkill's Plackett-Luce model (the package's default; it rates
two seats and many alike), with its defaults written out because stored ratings depend on them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from openskill.models import PlackettLuce
from pydantic import BaseModel, Field

from .record import MatchRecord
from .status import MatchStatus

#: Plackett-Luce's defaults, written out because stored ratings depend on them.
MU, SIGMA = 25.0, 25.0 / 3
MODEL = PlackettLuce(mu=MU, sigma=SIGMA)


class Rating(BaseModel):
    """An account's standing on one ladder."""

    account: str
    name: str
    mu: float = MU
    sigma: float = SIGMA
    games: int = Field(0, description="rated matches; also the version that rating updates compare and set")
    wins: int = 0
    last_played: int | None = Field(None, description="when its last rated match ended, ms since the epoch")

    @property
    def display(self) -> int:
        return round(1000 + 40 * (self.mu - 3 * self.sigma))

    def board(self) -> dict[str, Any]:
        return {**self.model_dump(mode="json"), "display": self.display}


def ranks(record: MatchRecord) -> list[int] | None:
    """The finishing order of a ladder match's seats (1 is first; ties share), or None if it
    is not rated (aborted, or not over).

    A seat that forfeited (its time ran out and the server's bot took over) or never sat
    down ranks below every other seat, whatever the game's outcome says of it
    (:meth:`~server.domain.record.MatchRecord.played_out`). A no-show ends the match with
    an outcome (``no_show``: who came wins), so it is rated; an abort never is.
    """
    if record.status is not MatchStatus.FINISHED or record.outcome is None:
        return None
    present = record.played_out()
    winners = set(record.winners() or [])
    scores: list[int] | None = record.outcome.get("scores")
    key = {s: (0 if s in winners else 1 if s in present else 2,
               -(scores[s] if scores and s not in winners else 0)) for s in range(record.seats)}  # fmt: skip
    distinct = sorted(set(key.values()))
    return [distinct.index(key[s]) + 1 for s in range(record.seats)]


def rate(before: Sequence[Rating], order: Sequence[int], at: int) -> list[Rating]:
    """The ratings after one match whose seats finished in ``order`` (their ranks)."""
    teams = [[MODEL.create_rating([r.mu, r.sigma], name=r.account)] for r in before]
    after = MODEL.rate(teams, ranks=[float(r) for r in order])
    return [r.model_copy(update={"mu": a[0].mu, "sigma": a[0].sigma, "games": r.games + 1,
                                 "wins": r.wins + (rank == 1), "last_played": at})
            for r, a, rank in zip(before, after, order, strict=True)]  # fmt: skip
