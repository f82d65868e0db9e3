"""A tournament's data, and the steps its entrants take before it starts.

The models are stored as they are (``server.store.tournaments``); everything that changes a
tournament returns a new one (no I/O, no clock: :mod:`server.domain.tournaments`).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from server.errors import (
    AlreadyRegistered,
    BadRequest,
    NotRegistered,
    RegistrationClosed,
    TournamentFull,
    TournamentStarted,
)

from ..clocks import TimeControl
from ..delay import SpectatorDelay

MAX_ENTRANTS = 256


class TournamentFormat(StrEnum):
    ROUND_ROBIN = "round_robin"
    SWISS = "swiss"
    SINGLE_ELIMINATION = "single_elimination"


class TournamentStatus(StrEnum):
    REGISTERING = "registering"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"

    @property
    def over(self) -> bool:
        return self in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED)


class Seeding(StrEnum):
    REGISTRATION = "registration"
    RATING = "rating"


#: Who took an entrant out: its organiser, an admin, its account's being disabled, or its forfeits.
WithdrawnBy = Literal["organiser", "admin", "disabled", "forfeits"]


class Entrant(BaseModel):
    account: str
    name: str


class Pairing(BaseModel):
    """One match of a round: the accounts in seat order, and once it ended, its winners (seat numbers)."""

    match: str = Field("", description="the match id (empty until the match is created)")
    accounts: list[str]
    ended: bool = False
    #: The outcome's winners; None if the match ended without an outcome (aborted).
    winners: list[int] | None = None
    #: Seats that did not play the match out (never sat down, or forfeited): they score nothing (issue 42).
    absent: list[int] = Field(default_factory=list, description="seats that never sat down or forfeited")
    walkover: bool = Field(False, description="no match was played: a withdrawn player's place in the schedule")
    ended_at: int | None = Field(None, description="when the match ended (ms since the epoch), once it has")
    ended_version: int | None = Field(None, description="the tournament's version that recorded the end")


class Withdrawal(BaseModel):
    """An entrant taken out of a running tournament: its past results stay, it is paired no more."""

    account: str
    after_round: int = Field(ge=0, description="the rounds paired before it was withdrawn")
    by: WithdrawnBy
    reason: str = Field("", max_length=500)
    at: int = Field(description="ms since the epoch")


class Adjudication(BaseModel):
    """A result the organiser (or an admin) decided, with who and why."""

    round: int
    match: str
    winners: list[int] = Field(description="the winning seats (empty: nobody scores)")
    by: str = Field(description="the organiser's account id, or 'admin'")
    reason: str = Field(min_length=1, max_length=500)
    at: int


class Round(BaseModel):
    number: int = Field(ge=1)
    pairings: list[Pairing]
    byes: list[str] = Field(default_factory=list, description="accounts that sit this round out")

    @property
    def ended(self) -> bool:
        return all(p.ended for p in self.pairings)


#: :meth:`Entry._a_ladder_to_seed_by`, said in the published schema too.
SEEDING_RULE: dict[str, Any] = {
    "if": {"properties": {"seeding": {"const": "rating"}}, "required": ["seeding"]},
    "then": {"required": ["seed_ladder"], "properties": {"seed_ladder": {"type": "string"}}},
}


class Entry(BaseModel):
    """How a tournament takes its entrants, as its creator sets it: a cap, a deadline, a start time, the
    seeding, and when an absent entrant is withdrawn."""

    model_config = ConfigDict(json_schema_extra={"allOf": [SEEDING_RULE]})

    max_entrants: int | None = Field(None, ge=2, le=MAX_ENTRANTS, description="a player cap (None: the server's)")
    registration_closes: int | None = Field(None, ge=0, description="ms since the epoch: no registration after it")
    starts_at: int | None = Field(None, ge=0, description="ms since the epoch: the tournament starts by itself then")
    seeding: Seeding = Field(Seeding.REGISTRATION, description="seeds by registration order, or by ladder rating")
    seed_ladder: str | None = Field(
        None, pattern=r"^[A-Za-z0-9]{1,40}$", description="seeding by rating: the ladder whose board orders the seeds"
    )
    withdraw_after_forfeits: int | None = Field(
        2, ge=1, le=100, description="an entrant absent from this many matches in a row is withdrawn (null: never)"
    )

    @model_validator(mode="after")
    def _a_ladder_to_seed_by(self) -> Entry:
        if self.seeding is Seeding.RATING and self.seed_ladder is None:
            raise ValueError("seeding by rating takes a seed_ladder")
        return self


class Tournament(Entry):
    """Everything stored about a tournament (one JSON document, changed by compare-and-set on ``version``)."""

    id: str
    name: str
    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    seats: int
    format: TournamentFormat
    rounds_wanted: int | None = Field(None, description="swiss: the number of rounds (default ceil(log_k n))")
    time_control: TimeControl
    spectator_delay: SpectatorDelay = Field(default_factory=SpectatorDelay)
    organiser: str | None = Field(None, description="the account that created it (None: an admin)")
    status: TournamentStatus = TournamentStatus.REGISTERING
    entrants: list[Entrant] = Field(default_factory=list)
    rounds: list[Round] = Field(default_factory=list)
    paused: bool = Field(False, description="no new round is paired while paused")
    withdrawn: list[Withdrawal] = Field(default_factory=list)
    adjudications: list[Adjudication] = Field(default_factory=list)
    version: int = 0
    created: int = 0
    updated: int = 0

    def seed_of(self, account: str) -> int:
        for i, e in enumerate(self.entrants):
            if e.account == account:
                return i
        raise NotRegistered(f"{account} is not registered")

    def withdrawn_accounts(self) -> set[str]:
        return {w.account for w in self.withdrawn}

    def planned_rounds(self) -> int:
        from .pairing import planned_rounds  # the schemes decide how many rounds they take

        return planned_rounds(self.format, len(self.entrants), self.seats, self.rounds_wanted)


# -- registration and start -------------------------------------------------------------


def check_format(fmt: TournamentFormat, seats: int) -> None:
    if fmt is TournamentFormat.SINGLE_ELIMINATION and seats != 2:
        raise BadRequest("single elimination is for two-seat matches")
    if seats < 2:
        raise BadRequest("a tournament's matches need at least two seats")


def register(t: Tournament, entrant: Entrant, now: int = 0) -> Tournament:
    """``entrant`` registered, at ``now`` (ms; its registration deadline and player cap apply)."""
    if t.status is not TournamentStatus.REGISTERING:
        raise TournamentStarted(f"tournament {t.id} is {t.status}: registration is closed")
    if any(e.account == entrant.account for e in t.entrants):
        raise AlreadyRegistered(f"{entrant.account} is registered already")
    if t.registration_closes is not None and now >= t.registration_closes:
        raise RegistrationClosed(f"registration for tournament {t.id} closed at {t.registration_closes}")
    cap = MAX_ENTRANTS if t.max_entrants is None else t.max_entrants
    if len(t.entrants) >= cap:
        raise TournamentFull(f"tournament {t.id} takes at most {cap} players")
    return t.model_copy(update={"entrants": [*t.entrants, entrant]})


def unregister(t: Tournament, account: str) -> Tournament:
    if t.status is not TournamentStatus.REGISTERING:
        raise TournamentStarted(f"tournament {t.id} is {t.status}: registration is closed")
    t.seed_of(account)
    return t.model_copy(update={"entrants": [e for e in t.entrants if e.account != account]})


def check_startable(t: Tournament) -> None:
    if t.status is not TournamentStatus.REGISTERING:
        raise TournamentStarted(f"tournament {t.id} is {t.status} already")
    if len(t.entrants) < t.seats:
        raise BadRequest(f"a tournament of {t.seats}-seat matches needs at least {t.seats} players")
