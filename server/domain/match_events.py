"""The events every match has, whatever its game: declared once, here.

A seat joins or leaves, an admin aborts the match, a seat out of time forfeits. These events
are the match's, not the game's (:class:`~server.engine.Rules` never sees them), so no game
declares them: the catalogue publishes them with each game's own (``server/domain/catalogue.py``),
and :class:`~server.domain.matches.Matches` makes each event from its model here.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from server.engine import Event, EventModel


class Joined(EventModel):
    """A seat was taken; ``started``: it was the last free seat, and the match began."""

    type: Literal["joined"] = "joined"
    seat: int
    name: str
    started: bool
    account: str | None = Field(None, description="the account that took the seat (joined with an API key)")


class Left(EventModel):
    """A seat was left before the start; ``aborted``: it was the last player, and the match is abandoned."""

    type: Literal["left"] = "left"
    seat: int
    aborted: bool


class Aborted(EventModel):
    """The match ended without an outcome, by an admin's act."""

    type: Literal["aborted"] = "aborted"
    by: Literal["admin"]


class Forfeit(EventModel):
    """A seat's time ran out under the forfeit policy; ``ended``: the match ended, else the server's bot plays on."""

    type: Literal["forfeit"] = "forfeit"
    seat: int
    ended: bool


MATCH_EVENTS: tuple[type[EventModel], ...] = (Joined, Left, Aborted, Forfeit)


def match_event(event: EventModel) -> Event:
    """The match's event, as the log keeps it: public, its absent fields left out."""
    public: dict[str, Any] = event.model_dump(exclude_none=True)
    return Event(public)
