"""The events every match has, whatever its game: declared once, here.

A seat joins (or an account takes its seat again) or leaves, an admin, an organiser or a pairing
aborts the match, a pairing's seats are not all taken in time, a seat out of time forfeits. These events
are the match's, not the game's (:class:`~server.engine.Rules` never sees them), so no game
declares them: the catalogue publishes them with each game's own (``server/domain/catalogue.py``),
and :class:`~server.domain.matches.Matches` makes each event from its model here.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from server.engine import Event, EventModel


class Joined(EventModel):
    """A seat was taken; ``started``: the match is under way after it (the seat was the last one waited
    for, or the match, a tournament's, started at its creation)."""

    type: Literal["joined"] = "joined"
    seat: int
    name: str
    started: bool
    account: str | None = Field(None, description="the account that took the seat (joined with an API key)")
    again: bool | None = Field(None, description="true: the account sat here already and took its seat again")


class Left(EventModel):
    """A seat was left before the start; ``aborted``: it was the last player, and the match is abandoned."""

    type: Literal["left"] = "left"
    seat: int
    aborted: bool


class Aborted(EventModel):
    """The match ended without an outcome: an admin's act, a tournament organiser's (a cancel, a result
    decided), or a pairing's whose group broke up before its players were told of it."""

    type: Literal["aborted"] = "aborted"
    by: Literal["admin", "organiser", "pairing"]


class NoShow(EventModel):
    """A pairing's seats were not all taken in time: the match ended (won by the seats taken, if any)."""

    type: Literal["no_show"] = "no_show"
    absent: list[int] = Field(description="the seats not taken")
    ended: Literal[True] = True


class Forfeit(EventModel):
    """A seat's time ran out under the forfeit policy; ``ended``: the match ended, else the server's bot plays on."""

    type: Literal["forfeit"] = "forfeit"
    seat: int
    ended: bool


MATCH_EVENTS: tuple[type[EventModel], ...] = (Joined, Left, Aborted, NoShow, Forfeit)


def match_event(event: EventModel) -> Event:
    """The match's event, as the log keeps it: public, its absent fields left out."""
    public: dict[str, Any] = event.model_dump(exclude_none=True)
    return Event(public)
