"""House accounts: one account per AI level, entered in ladders and tournaments as rating anchors.

A ladder's ratings only say how its players compare with one another; a player of fixed strength
among them says how strong they are. So the house keeps one account per AI level
(:mod:`server.ai.levels`): ``house-1`` (random moves) to ``house-5`` (expert), named
``House bot, level 3 (club)`` and so on, listed by ``GET /v1/accounts/house``. An organiser enters
one in a ladder (:meth:`~server.domain.ladders.Ladders.enter_house`) or a tournament
(:meth:`~server.domain.tournaments.service.Tournaments.enter_house`), and it is paired like anyone.

What makes them the house's:

- **Defined here, not stored.** The set is closed, like the levels: nobody signs them up, nothing
  creates them, and they cannot go missing. Their matches and ratings are stored under their ids,
  like anyone's.
- **No credentials.** A house account has no API key (its key hash is empty), and an API key
  names a twelve-letter account id (:class:`~server.domain.accounts.ApiKey`), which ``house-3``
  is not: nobody signs in as one, rotates its key, or has an admin disable it. So nothing is
  kept where only its key could read it: its inbox and its list of matches stay empty.
- **An AI plays its seat.** A seat a pairing holds for a house account is an AI seat of the
  account's level from the match's creation (:meth:`~server.domain.matches.Matches.create`): the
  bot service plays levels 2 and up, the web tier level 1. Such a seat counts as present
  (:meth:`~server.domain.record.MatchRecord.played_out`), so its results are rated and scored
  like anyone's, and the rules for absent players never withdraw it.
- **Always waiting, never first.** On a ladder it stays in the queue for good, and may be in
  several matches at once; it never anchors a group (:func:`~server.domain.ladders.pair`), so
  every match has a player it measures, and two house accounts never play each other on their
  own, endlessly.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from server.ai.levels import BY_NUMBER, LEVELS
from server.errors import AccountNotFound

from .accounts import Account, AccountKind

PREFIX = "house-"


class HouseAccount(BaseModel):
    """A house account as ``GET /v1/accounts/house`` lists it."""

    id: str = Field(description="the account id, house-<level>: what a leaderboard and a pairing show")
    name: str = Field(description="the name it plays under")
    kind: AccountKind = Field(description="always bot")
    level: int = Field(description="the AI level that plays its seats (GET /v1/games lists them as bot_levels)")
    title: str = Field(description="what the level is, in words")


def house_id(level: int) -> str:
    return f"{PREFIX}{level}"


def house_level(account_id: str | None) -> int | None:
    """The AI level of the house account ``account_id``; None if it is no house account."""
    if account_id is None or not account_id.startswith(PREFIX):
        return None
    tail = account_id.removeprefix(PREFIX)
    if not (tail.isascii() and tail.isdigit()):
        return None
    level = int(tail)
    return level if level in BY_NUMBER and house_id(level) == account_id else None


def is_house(account_id: str | None) -> bool:
    return house_level(account_id) is not None


def _name(level: int) -> str:
    word = BY_NUMBER[level].title.split(":")[0]
    return f"House bot, level {level} ({word})"


def house_account(level: int) -> Account:
    """The house account of ``level`` (``account_not_found`` for a level there is none of)."""
    if level not in BY_NUMBER:
        raise AccountNotFound(f"no house account of level {level}: the levels are {', '.join(map(str, BY_NUMBER))}")
    return Account(id=house_id(level), name=_name(level), kind=AccountKind.BOT, created=0, key_hash="")


def house_accounts() -> list[HouseAccount]:
    """Every house account, weakest first."""
    return [HouseAccount(id=house_id(lv.number), name=_name(lv.number), kind=AccountKind.BOT, level=lv.number,
                         title=lv.title) for lv in LEVELS]  # fmt: skip


def house_seats(held: list[str | None]) -> dict[int, int]:
    """The seats of ``held`` (a pairing's accounts, by seat) held for house accounts, with their levels."""
    return {s: lv for s, account in enumerate(held) if (lv := house_level(account)) is not None}
