"""Issue 42: no absent player wins a competitive match, a crashed bot gets its seat back, a no-show is
not an admin's abort, and a ladder match always has a clock.

Checked in process against a real Redis: the lifecycle, with no HTTP. Time is not waited for: a
timeout is applied by calling :meth:`Matches.time_out`, as the scheduler does at a deadline.
"""

from __future__ import annotations

import pytest

from server.domain.accounts import Account, AccountKind
from server.domain.clocks import COMPETITIVE_FORFEIT_AFTER, TimeControl
from server.domain.ids import new_account_id
from server.domain.ladders import DEFAULT_CLOCK, Ladder, LadderSpec
from server.domain.matches import Matches
from server.domain.ratings import ranks
from server.domain.record import MatchRecord
from server.domain.status import MatchStatus
from server.errors import MatchFull, SeatTaken, Unauthorized
from server.store import Store
from server.store.cached import CachingMatchStore
from server.store.keys import match_keys

pytestmark = pytest.mark.anyio

#: Brillig: both seats seal a choice at once, so either may time out while the other moves.
GAME = "brillig"
CLOCK = TimeControl(kind="per_decision", limit_ms=1000)


def account(name: str) -> Account:
    return Account(id=new_account_id(), name=name, kind=AccountKind.BOT, created=0, key_hash="x")


async def load(matches: Matches, match_id: str) -> MatchRecord:
    return (await matches.store.load(match_id))[0]


async def move_itself(matches: Matches, match_id: str, seat: int, token: str) -> None:
    """``seat`` makes its first legal move in time."""
    record = await load(matches, match_id)
    move = matches.snapshot(record).legal(seat)[0]
    await matches.move(match_id, token, f"m{record.version}", record.version, move)


async def time_out(matches: Matches, match_id: str, seat: int) -> MatchRecord:
    """``seat``'s deadline passes (the scheduler's call), and the match after it."""
    await matches.time_out(await load(matches, match_id), seat)
    return await load(matches, match_id)


async def tournament_match(matches: Matches, *players: Account) -> str:
    """A pairing's match whose clock runs from its creation, as a tournament round's does."""
    summary = await matches.create(GAME, None, len(players), [], CLOCK, held=[p.id for p in players],
                                   clock_from_creation=True)  # fmt: skip
    return summary.match


# -- an absent seat never wins -------------------------------------------------------------------


async def test_a_seat_that_never_sat_down_forfeits_at_its_first_timeout_and_wins_nothing(matches: Matches) -> None:
    """Finding 1: with the default ``on_timeout`` an account that never connected won 3-0 on its default moves."""
    ada, bob = account("ada"), account("bob")
    match = await tournament_match(matches, ada, bob)
    bob_seat = (await matches.join(match, None, None, bob))["seat"]
    ada_seat = 1 - bob_seat
    after = await time_out(matches, match, ada_seat)
    assert after.status is MatchStatus.FINISHED
    assert after.winners() == [bob_seat]
    assert ranks(after) == [2, 1] if ada_seat == 0 else [1, 2]


async def to_act(matches: Matches, match_id: str) -> list[int]:
    record = await load(matches, match_id)
    return matches.snapshot(record).to_act(record.status)


async def ada_times_out(matches: Matches, match_id: str, ada: int, bob: int, bob_token: str) -> MatchRecord:
    """Bob moves until it is ada's turn; then her time runs out."""
    while ada not in await to_act(matches, match_id):
        await move_itself(matches, match_id, bob, bob_token)
    return await time_out(matches, match_id, ada)


async def test_a_seated_player_forfeits_at_its_third_timeout_in_a_row(matches: Matches) -> None:
    ada, bob = account("ada"), account("bob")
    match = await tournament_match(matches, ada, bob)
    seats = {p.id: (await matches.join(match, None, None, p)) for p in (ada, bob)}
    ada_seat, bob_seat, bob_token = seats[ada.id]["seat"], seats[bob.id]["seat"], seats[bob.id]["token"]
    for in_a_row in range(1, COMPETITIVE_FORFEIT_AFTER):
        record = await ada_times_out(matches, match, ada_seat, bob_seat, bob_token)
        assert record.status is MatchStatus.ACTIVE and not record.bots[ada_seat], in_a_row  # the default move
        assert record.clock is not None and record.clock.timeouts == {ada_seat: in_a_row}
    record = await ada_times_out(matches, match, ada_seat, bob_seat, bob_token)
    assert record.bots[ada_seat]  # forfeited
    assert record.status is MatchStatus.FINISHED and record.winners() == [bob_seat]


async def test_a_move_of_its_own_starts_the_count_again(matches: Matches) -> None:
    ada, bob = account("ada"), account("bob")
    match = await tournament_match(matches, ada, bob)
    seats = {p.id: (await matches.join(match, None, None, p)) for p in (ada, bob)}
    ada_seat, bob_seat, bob_token = seats[ada.id]["seat"], seats[bob.id]["seat"], seats[bob.id]["token"]
    for _ in range(COMPETITIVE_FORFEIT_AFTER - 1):
        record = await ada_times_out(matches, match, ada_seat, bob_seat, bob_token)
    assert record.clock is not None and record.clock.timeouts == {ada_seat: COMPETITIVE_FORFEIT_AFTER - 1}
    while ada_seat not in await to_act(matches, match):
        await move_itself(matches, match, bob_seat, bob_token)
    await move_itself(matches, match, ada_seat, seats[ada.id]["token"])  # ada is back in time
    record = await load(matches, match)
    assert record.clock is not None and ada_seat not in record.clock.timeouts
    for _ in range(COMPETITIVE_FORFEIT_AFTER - 1):
        record = await ada_times_out(matches, match, ada_seat, bob_seat, bob_token)
    assert not record.bots[ada_seat] and record.status is MatchStatus.ACTIVE


async def test_a_casual_match_keeps_its_time_control_s_choice(matches: Matches) -> None:
    """Casual matches keep today's ``on_timeout``: the default move, however many in a row."""
    summary = await matches.create(GAME, None, 2, [], CLOCK)
    bob = await matches.join(summary.match, None, "bob")
    await matches.join(summary.match, None, "ada")
    ada_seat = 1 - bob["seat"]
    for _ in range(COMPETITIVE_FORFEIT_AFTER + 1):
        record = await ada_times_out(matches, summary.match, ada_seat, bob["seat"], bob["token"])
        assert not record.bots[ada_seat] and record.status is MatchStatus.ACTIVE


async def test_forfeit_after_in_the_time_control_applies_to_any_match(matches: Matches) -> None:
    summary = await matches.create(GAME, None, 2, [], CLOCK.model_copy(update={"forfeit_after": 1}))
    await matches.join(summary.match, None, "bob")
    await matches.join(summary.match, None, "ada")
    assert (await time_out(matches, summary.match, 0)).bots[0]


def test_a_seat_that_forfeited_never_wins_whatever_the_outcome_says() -> None:
    """In a match of three the game goes on with the server's bot in a forfeited seat, and the bot may win."""
    record = MatchRecord(
        id="m", game=GAME, options={}, seats=3, status=MatchStatus.FINISHED, version=9, created=0, updated=1,
        seed=0, names=["a", "b", "c"], bots=[False, True, False], tokens=["h0", "h1", "h2"], table=b"", rng=[],
        outcome={"winners": [1], "scores": [5, 9, 3]}, held=["a", "b", "c"],
    )  # fmt: skip
    assert record.winners() == []
    assert ranks(record) == [1, 3, 2]  # a's 5 beats c's 3; the forfeited seat is last


# -- no-shows and dodges ----------------------------------------------------------------------------


async def test_a_no_show_ends_the_match_for_who_came_and_says_so(matches: Matches) -> None:
    """Finding 4: a no-show was logged as ``{"type": "aborted", "by": "admin"}``."""
    ada, bob = account("ada"), account("bob")
    summary = await matches.create(GAME, None, 2, [], CLOCK, held=[ada.id, bob.id])
    await matches.join(summary.match, None, None, bob)
    ended = await matches.no_show(summary.match)
    assert ended.status is MatchStatus.FINISHED and ended.outcome is not None
    assert (ended.outcome["winners"], ended.outcome["reason"]) == ([1], "no_show")
    [entry] = (await matches.events(summary.match, None, ended.version - 1))["events"]
    assert entry["event"]["public"] == {"type": "no_show", "absent": [0], "ended": True}
    record = await load(matches, summary.match)
    assert ranks(record) == [2, 1]


async def test_a_match_nobody_came_to_is_aborted_unrated(matches: Matches) -> None:
    ada, bob = account("ada"), account("bob")
    summary = await matches.create(GAME, None, 2, [], CLOCK, held=[ada.id, bob.id])
    ended = await matches.no_show(summary.match)
    assert ended.status is MatchStatus.ABORTED and ended.outcome is None
    assert ranks(await load(matches, summary.match)) is None


async def test_leaving_a_pairing_s_match_before_the_opponent_comes_is_not_a_way_out(matches: Matches) -> None:
    """Finding 4: the first to sit could leave before the opponent arrived and walk away unrated."""
    ada, bob = account("ada"), account("bob")
    summary = await matches.create(GAME, None, 2, [], CLOCK, held=[ada.id, bob.id])
    ada_seat = await matches.join(summary.match, None, None, ada)
    await matches.leave(summary.match, ada_seat["token"])
    record = await load(matches, summary.match)
    assert record.status is MatchStatus.OPEN and record.accounts[0] == ada.id  # still ada's to take
    await matches.join(summary.match, None, None, bob)
    ended = await matches.no_show(summary.match)
    assert ended.outcome is not None and (ended.outcome["winners"], ended.outcome["reason"]) == ([1], "no_show")


async def test_an_admin_abort_says_so_and_is_not_rated(matches: Matches) -> None:
    ada, bob = account("ada"), account("bob")
    summary = await matches.create(GAME, None, 2, [], CLOCK, held=[ada.id, bob.id])
    await matches.join(summary.match, None, None, bob)
    ended = await matches.abort(summary.match)
    [entry] = (await matches.events(summary.match, None, ended.version - 1))["events"]
    assert entry["event"]["public"] == {"type": "aborted", "by": "admin"}
    assert ranks(await load(matches, summary.match)) is None


# -- seat recovery -------------------------------------------------------------------------------


async def test_an_account_that_sits_gets_its_seat_again_and_the_old_token_stops_working(matches: Matches) -> None:
    """Finding 2: a bot restarted after ``kill -9`` was refused (``match_started``) and its seat forfeited."""
    ada, bob = account("ada"), account("bob")
    match = await tournament_match(matches, ada, bob)
    first = await matches.join(match, None, None, ada)
    await matches.join(match, None, None, bob)
    again = await matches.join(match, None, None, ada)
    assert again["seat"] == first["seat"] and again["token"] != first["token"] and again["again"] is True
    record = await load(matches, match)
    assert record.status is MatchStatus.ACTIVE
    with pytest.raises(Unauthorized):
        await matches.state(match, first["token"])
    assert (await matches.state(match, again["token"]))["you"] == first["seat"]
    await move_itself(matches, match, again["seat"], again["token"])


async def test_in_a_casual_match_an_account_takes_a_second_seat_unless_it_names_its_own(matches: Matches) -> None:
    ada = account("ada")
    summary = await matches.create(GAME, None, 2, [])
    first = await matches.join(summary.match, None, None, ada)
    again = await matches.join(summary.match, first["seat"], None, ada)
    assert again["seat"] == first["seat"] and again["again"] is True
    second = await matches.join(summary.match, None, None, ada)
    assert second["seat"] != first["seat"]


# -- every ladder match has a clock ------------------------------------------------------------------


def test_a_ladder_without_a_time_control_gets_the_default_one() -> None:
    """Finding 3: a ladder without a clock (the README's example) hung for ever when a bot died."""
    assert LadderSpec(name="l", game=GAME, seats=2).time_control == DEFAULT_CLOCK
    assert LadderSpec(name="l", game=GAME, seats=2, time_control={"kind": "none"}).time_control == DEFAULT_CLOCK  # type: ignore[arg-type]
    fischer = TimeControl(kind="fischer", base_ms=60_000)
    assert LadderSpec(name="l", game=GAME, seats=2, time_control=fischer).time_control == fischer
    stored = Ladder(id="l1", created=0, name="l", game=GAME, seats=2, time_control=None)  # type: ignore[arg-type]
    assert stored.time_control == DEFAULT_CLOCK
    assert DEFAULT_CLOCK.timed


# -- records that last ------------------------------------------------------------------------------


async def forget_match(matches: Matches, match_id: str) -> None:
    """Delete the match's record, as its retention does (``VORPAL_RETENTION_S`` after its end)."""
    cached = matches.store
    assert isinstance(cached, CachingMatchStore) and isinstance(cached.inner, Store)
    await cached.inner.conn.call("DEL", match_keys(match_id)[0])


async def test_an_account_lists_where_it_sits_and_keeps_its_results_beyond_the_match(matches: Matches) -> None:
    """Finding 2 (``GET /v1/accounts/me/matches?status=active``) and 6 (results vanished with their matches)."""
    ada, bob = account("ada"), account("bob")
    ended = (await matches.create(GAME, None, 2, [], CLOCK, held=[ada.id, bob.id])).match
    await matches.join(ended, None, None, ada)
    await matches.no_show(ended)
    casual = (await matches.create(GAME, None, 2, [])).match
    await matches.join(casual, None, None, ada)
    await matches.join(casual, None, "cy")
    paired = await tournament_match(matches, ada, bob)  # held for ada: listed before she sits
    # Newest first, by creation (to the millisecond: matches made in the same one may come in either order).
    assert {m.match for m in await matches.of_account(ada.id, None, 50)} == {paired, casual, ended}
    assert {m.match for m in await matches.of_account(ada.id, MatchStatus.ACTIVE, 50)} == {paired, casual}
    assert {m.match for m in await matches.of_account(bob.id, None, 50)} == {paired, ended}
    assert len(await matches.of_account(ada.id, None, 1)) == 1

    await forget_match(matches, ended)
    [kept] = await matches.of_account(ada.id, MatchStatus.FINISHED, 50)
    assert kept.match == ended and kept.outcome is not None and kept.outcome["reason"] == "no_show"
    assert kept.accounts == [ada.id, bob.id]


# -- smaller things the trial found (finding 8) ---------------------------------------------------


async def test_a_stranger_finds_a_pairing_s_match_under_way_full_not_started(matches: Matches) -> None:
    """Held seats are refused as PROTOCOL.md says (``match_full`` / ``seat_taken``), not ``match_started``."""
    ada, bob, eve = account("ada"), account("bob"), account("eve")
    match = await tournament_match(matches, ada, bob)
    with pytest.raises(MatchFull):
        await matches.join(match, None, None, eve)
    with pytest.raises(SeatTaken):
        await matches.join(match, 0, None, eve)
    await matches.join(match, None, None, ada)
    joined = (await matches.events(match, None, 0))["events"][-1]["event"]["public"]
    assert joined["started"] is True  # a tournament's match is under way from its creation


async def test_the_log_says_which_moves_the_clock_made(matches: Matches) -> None:
    """The REST log dropped the ``timeout: true`` the WebSocket's replay carries."""
    summary = await matches.create(GAME, None, 2, [], CLOCK)
    bob = await matches.join(summary.match, None, "bob")
    await matches.join(summary.match, None, "ada")
    record = await ada_times_out(matches, summary.match, 1 - bob["seat"], bob["seat"], bob["token"])
    last = (await matches.events(summary.match, None, record.version - 1))["events"]
    assert [e.get("timeout") for e in last] == [True]
