"""A seat a pairing holds for a house account is an AI seat of its level from the match's creation, and
a present one: it never loses as absent, at a no-show or at a timeout.

In process against a real Redis: the lifecycle, with no HTTP and no bot service. A timeout is applied
by calling :meth:`Matches.time_out`, as the scheduler does at a deadline; nothing here plays the AI.
"""

from __future__ import annotations

import pytest

from server.domain.accounts import Account, AccountKind
from server.domain.clocks import COMPETITIVE_FORFEIT_AFTER, TimeControl
from server.domain.ids import new_account_id
from server.domain.matches import Matches
from server.domain.ratings import ranks
from server.domain.record import MatchRecord
from server.domain.status import MatchStatus
from server.errors import MatchFull, SeatTaken

pytestmark = pytest.mark.anyio

GAME = "brillig"  # both seats seal a choice at once: either may time out first
CLOCK = TimeControl(kind="per_decision", limit_ms=1000)


def player() -> Account:
    return Account(id=new_account_id(), name="player", kind=AccountKind.HUMAN, created=0, key_hash="x")


async def load(matches: Matches, match_id: str) -> MatchRecord:
    return (await matches.store.load(match_id))[0]


async def test_a_house_seat_is_an_ai_seat_of_its_level_that_nobody_else_takes(matches: Matches) -> None:
    someone = player()
    summary = await matches.create(GAME, None, 2, [], CLOCK, held=["house-4", someone.id])
    record = await load(matches, summary.match)
    assert record.bots == [True, False] and record.levels == [4, 0] and record.searched_seats() == [0]
    assert record.names == ["House bot, level 4 (strong)", None]
    assert record.accounts == record.held == ["house-4", someone.id]
    assert record.status is MatchStatus.OPEN and record.waiting_seats() == [1]  # it waits for the player only
    with pytest.raises(SeatTaken):
        await matches.join(summary.match, 0, None, player())
    with pytest.raises(MatchFull):
        await matches.join(summary.match, None, None, None)
    joined = await matches.join(summary.match, None, None, someone)
    assert joined["seat"] == 1 and (await load(matches, summary.match)).status is MatchStatus.ACTIVE


async def test_a_player_who_never_comes_loses_to_the_house_seat(matches: Matches) -> None:
    """A ladder's no-show: the house seat came (its AI is there from the start), the player did not."""
    summary = await matches.create(GAME, None, 2, [], CLOCK, held=[player().id, "house-1"])
    await matches.no_show(summary.match)
    record = await load(matches, summary.match)
    assert record.status is MatchStatus.FINISHED and record.winners() == [1]
    assert ranks(record) == [2, 1]


async def test_a_house_seat_that_times_out_is_a_present_player_not_an_absent_one(matches: Matches) -> None:
    """An absent account's seat forfeits at its first timeout; a house seat (its AI was slow, or its bot service
    away) takes the default move, as a seated player does (it forfeits only at the competitive limit)."""
    summary = await matches.create(GAME, None, 2, [], CLOCK, held=["house-3", player().id],
                                   clock_from_creation=True)  # fmt: skip
    record = await load(matches, summary.match)
    assert matches.snapshot(record).to_act(record.status) == [0, 1]
    await matches.time_out(record, 0)
    record = await load(matches, summary.match)
    assert record.status is MatchStatus.ACTIVE and record.version == 1  # the default move, not a forfeit
    assert record.clock is not None and record.clock.timeouts == {0: 1} and COMPETITIVE_FORFEIT_AFTER > 1
    await matches.time_out(record, 1)  # the player who never came
    record = await load(matches, summary.match)
    assert record.status is MatchStatus.FINISHED and record.winners() == [0] and record.bots == [True, True]
    assert record.played_out() == {0} and ranks(record) == [1, 2]


def test_a_forfeited_seat_is_not_a_house_seat() -> None:
    """The server's bot takes over a forfeited seat (``bots`` true): that seat is absent, whoever held it."""
    record = MatchRecord(id="m" * 12, game=GAME, options={}, seats=2, status=MatchStatus.FINISHED, version=3,
                         created=0, updated=1, seed=1, names=["House bot, level 2 (novice)", "p"],
                         bots=[True, True], tokens=[None, "h"], table=b"", rng=[], outcome={"winners": [0, 1]},
                         accounts=["house-2", "Abc123Abc123"], held=["house-2", "Abc123Abc123"],
                         levels=[2, 1])  # fmt: skip
    assert record.house_seat(0) and not record.house_seat(1)
    assert record.played_out() == {0} and record.winners() == [0]
