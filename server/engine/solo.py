"""Solo play: one seat, a score to reach, and the book's chart of what a score means.

A solo game has ``min_seats == max_seats == 1`` (or allows 1). It is won when
the score reaches the book's objective ("To reach a score of 10 or more");
the book's chart of scores ("This is not very good." ... "Victory!") becomes
the outcome's ``rating``, so a player learns what the book would tell them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .game import Outcome


@dataclass(frozen=True)
class Band:
    """One line of a rating chart: scores from ``least`` up to the next band's ``least``."""

    least: int
    text: str


@dataclass(frozen=True)
class RatingChart:
    """A book's chart, lowest band first. The lowest band also takes every score below it."""

    bands: Sequence[Band]

    def __post_init__(self) -> None:
        floors = [b.least for b in self.bands]
        if not floors or floors != sorted(set(floors)):
            raise ValueError("a chart lists its bands once each, lowest first")

    def rate(self, score: int) -> str:
        """The text of the highest band whose ``least`` the score reaches."""
        reached = [b for b in self.bands if b.least <= score]
        return (reached[-1] if reached else self.bands[0]).text


def solo_outcome(
    score: int, target: int, chart: RatingChart | None = None, reason: str = "completed", detail: str | None = None
) -> Outcome:
    """The outcome of a one-seat match: won when ``score`` reaches ``target``."""
    return Outcome(
        winners=[0] if score >= target else [],
        scores=[score],
        reason=reason,
        rating=chart.rate(score) if chart is not None else None,
        detail=detail,
    )
