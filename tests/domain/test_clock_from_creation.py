"""A pairing's match whose clock runs from its creation (tournaments): it never waits for a
player who does not come. Checked in process against a real Redis: the lifecycle, no HTTP."""

from __future__ import annotations

import pytest

from server.domain.accounts import Account, AccountKind
from server.domain.clocks import TimeControl
from server.domain.ids import new_account_id
from server.domain.matches import Matches
from server.domain.status import MatchStatus
from server.errors import BadRequest, MatchFull, MatchOver, MatchStarted

pytestmark = pytest.mark.anyio

CLOCK = TimeControl(kind="per_decision", limit_ms=60_000, on_timeout="forfeit")


def account(name: str) -> Account:
    return Account(id=new_account_id(), name=name, kind=AccountKind.BOT, created=0, key_hash="x")


async def test_the_match_is_active_at_once_and_its_account_may_still_take_its_seat(matches: Matches) -> None:
    ada, bob = account("ada"), account("bob")
    summary = await matches.create("gimble", None, 2, [], CLOCK, held=[ada.id, bob.id], clock_from_creation=True)
    record, _ = await matches.store.load(summary.match)
    assert record.status is MatchStatus.ACTIVE and record.clock is not None and record.clock.deadlines
    joined = await matches.join(summary.match, None, None, bob)
    assert joined["seat"] == 1
    after, _ = await matches.store.load(summary.match)
    assert after.status is MatchStatus.ACTIVE and after.clock == record.clock  # joining late moves no clock
    with pytest.raises(MatchFull):  # no seat is open to anyone else (issue 42, finding 8: it said match_started)
        await matches.join(summary.match, None, "anonymous")


async def test_a_seat_forfeited_before_its_account_came_is_not_taken_back(matches: Matches) -> None:
    players = [account("ada"), account("bob"), account("cy")]
    summary = await matches.create("gimble", None, 3, [], CLOCK, held=[p.id for p in players],
                                   clock_from_creation=True)  # fmt: skip
    record, _ = await matches.store.load(summary.match)
    assert record.clock is not None
    seat = next(iter(record.clock.deadlines))
    await matches.time_out(record, seat)  # the first seat to act never came: the server's bot plays it on
    after, _ = await matches.store.load(summary.match)
    assert after.status is MatchStatus.ACTIVE and after.bots[seat]
    with pytest.raises(MatchStarted):
        await matches.join(summary.match, None, None, players[seat])
    others = [p for s, p in enumerate(players) if s != seat]
    assert (await matches.join(summary.match, None, None, others[0]))["seat"] != seat


async def test_a_two_seat_match_forfeited_on_time_has_ended_for_its_latecomer(matches: Matches) -> None:
    ada, bob = account("ada"), account("bob")
    summary = await matches.create("gimble", None, 2, [], CLOCK, held=[ada.id, bob.id], clock_from_creation=True)
    record, _ = await matches.store.load(summary.match)
    assert record.clock is not None
    seat = next(iter(record.clock.deadlines))
    await matches.time_out(record, seat)
    with pytest.raises(MatchOver):
        await matches.join(summary.match, None, None, (ada, bob)[seat])


async def test_a_clock_from_creation_needs_a_time_control(matches: Matches) -> None:
    with pytest.raises(BadRequest):
        await matches.create("gimble", None, 2, [], None, held=[None, None], clock_from_creation=True)
