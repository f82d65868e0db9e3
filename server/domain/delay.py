"""Spectator delay: spectators of a match may see it late (a tournament's choice); seats never do.

A delayed match shows a spectator the match as it was ``moves`` versions ago, or as
it was ``seconds`` ago, whichever is older; once it has ended, as it was ``seconds`` ago
(a count of moves would otherwise hide its end for ever). It is one cut of the event log: the
latest version a spectator may see now (:func:`visible_version`), and every view a
spectator receives (state, events, the live feed) stops at that version. The log
keeps each version's time (``at``), so the cut needs no clock of its own beyond now.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class SpectatorDelay(BaseModel):
    """How late spectators see a match: ``moves`` versions or ``seconds`` behind (0: not delayed)."""

    model_config = ConfigDict(extra="forbid")

    moves: int = Field(0, ge=0, le=1000, description="spectators see the match this many versions late")
    seconds: float = Field(0, ge=0, le=3600, description="spectators see each version this many seconds late")

    @property
    def active(self) -> bool:
        return self.moves > 0 or self.seconds > 0


def visible_version(delay: SpectatorDelay | None, version: int, entries: Sequence[dict[str, Any]], now: int,
                    *, ended: bool = False) -> int:  # fmt: skip
    """The latest version a spectator may see at ``now`` (ms) when the match is at ``version``.

    ``entries`` are the log's entries (``v``, ``at``) up to the version the move count allows:
    a version is visible once it is ``moves`` versions old and ``seconds`` old. Once the match
    has ``ended`` no version will follow, so the count of moves holds nothing back any more
    (the seconds still do). Version 0 (the match as created) is always visible.
    """
    if delay is None or not delay.active:
        return version
    cut = version if ended else max(0, version - delay.moves)
    if delay.seconds > 0:
        limit = now - int(delay.seconds * 1000)
        for entry in entries:
            if entry["v"] <= cut and entry["at"] > limit:
                return max(0, int(entry["v"]) - 1)
    return cut
