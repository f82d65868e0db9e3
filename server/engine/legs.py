"""Matches made of legs: the same game played several times, one combined result.

Borogoves is played twice, "once as each role": each leg is a full game
with its own setup, the roles turn one seat clockwise from leg to leg, and
the scores of all legs add up to the result. :class:`Legs` is the public
record of that: which leg is being played and what each finished leg
scored. A game embeds it in its public part and starts each new leg itself
(with the generator passed to ``apply``), so a match is still its seed plus
its moves.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class Legs(BaseModel):
    """Public: the leg in play and every finished leg's scores, by seat."""

    model_config = ConfigDict(extra="forbid")

    count: int = Field(description="how many legs the match has")
    current: int = Field(0, description="the leg being played, from 0; equals count once all are done")
    scores: list[list[int]] = Field(default_factory=list, description="each finished leg's scores, by seat")

    @property
    def over(self) -> bool:
        return self.current >= self.count

    @property
    def last(self) -> bool:
        """Whether the leg in play is the last one."""
        return self.current == self.count - 1

    def finish(self, scores: list[int]) -> None:
        """Record the leg in play and move on to the next one."""
        if self.over:
            raise ValueError("every leg has been played")
        self.scores.append(list(scores))
        self.current += 1

    def totals(self, seats: int) -> list[int]:
        """Each seat's scores added over the finished legs."""
        return [sum(leg[s] for leg in self.scores) for s in range(seats)]


def role_holder(first: int, leg: int, seats: int) -> int:
    """The seat holding a role in ``leg`` when ``first`` held it in the first leg:
    the role passes one seat clockwise each leg ("switch roles and play a second time")."""
    return (first + leg) % seats
