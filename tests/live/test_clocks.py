"""Match clocks, enforced by the server with nobody connected, on any number of instances.

The timeout policies are checked in process against a real Redis (the lifecycle
and the scheduler's turn-taking, no HTTP), on a stepped clock: a test moves time to
a deadline by hand (and checks that nothing is due a millisecond before) instead of
sleeping until it passes. The rest runs against live instances, where deadlines are
short but every wait is for a condition, with a generous bound.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest
from vorpal_client import ApiError, Decision, LiveConnection, StaleVersion, VorpalClient, play

from server import games
from server.audit import audit
from server.domain.clocks import TimeControl, next_deadline
from server.domain.matches import Matches
from server.domain.turns import Step, Turn, take_turn
from server.runtime.clock import SteppedClock
from server.store import Store
from server.store.embedded import EmbeddedRedis
from server.store.keys import SCHEDULE_OWNER
from tests.support.inprocess import InProcessServer
from tests.support.servers import ServerProcess, start_instances, stop_all

pytestmark = pytest.mark.anyio


@pytest.fixture
def clock() -> SteppedClock:
    """The lifecycle's clock: it stands still until a test steps it."""
    return SteppedClock()


async def seated(matches: Matches, game: str, seats: int, options: dict[str, Any], tc: TimeControl) -> str:
    match = (await matches.create(game, options, seats, [], tc)).match
    for _ in range(seats):
        await matches.join(match, None, None)
    return match


async def time_runs_out(matches: Matches, match: str) -> Turn:
    """Step the clock to the next deadline of ``match`` and let the scheduler's step act on it;
    a millisecond before the deadline, nothing is due yet."""
    clock = matches.clock
    assert isinstance(clock, SteppedClock)
    record, _ = await matches.store.load(match)
    deadline = next_deadline(record.clock)
    assert deadline is not None, "a clocked match always has a deadline while players are to act"
    if deadline > clock():  # (an earlier step may have reached this deadline already: seats sharing one)
        clock.step(deadline - 1 - clock())
        assert await take_turn(matches, match) == Step(Turn.WAITING, deadline)  # a millisecond early: waiting
        clock.step(1)
    acted = await take_turn(matches, match)
    assert acted.turn is not Turn.WAITING, "the deadline has passed: the step acts on it"
    return acted.turn


async def last_entry(matches: Matches, match: str) -> dict[str, Any]:
    return (await matches.store.log(match, 0))[-1]


def fast(policy: str, **more: Any) -> TimeControl:
    return TimeControl(kind="per_decision", limit_ms=100, on_timeout=policy, **more)  # type: ignore[arg-type]


async def test_a_timed_out_seat_plays_the_games_default_move(matches: Matches) -> None:
    match = await seated(matches, "jabberwocky", 3, {"rounds": 1}, fast("default_move"))
    record, _ = await matches.store.load(match)
    (seat,) = record.clock.deadlines if record.clock else {}
    expected = games.get("jabberwocky").dump_move(
        games.get("jabberwocky").default_move(matches.snapshot(record).table, seat)
    )
    assert await time_runs_out(matches, match) is Turn.PLAYED
    entry = await last_entry(matches, match)
    assert entry["v"] == record.version + 1 and entry["seat"] == seat and entry["timeout"] is True
    assert entry["move"] == expected


async def test_a_timed_out_seat_plays_a_random_move_that_replays(matches: Matches) -> None:
    match = await seated(matches, "jabberwocky", 3, {"rounds": 1}, fast("random_move"))
    record, _ = await matches.store.load(match)
    snap = matches.snapshot(record)
    (seat,) = snap.to_act(record.status)
    legal = snap.rules.legal_moves(snap.table, seat)
    expected = snap.rules.dump_move(random.Random(f"{match}:{record.version}:{seat}:timeout").choice(legal))
    assert await time_runs_out(matches, match) is Turn.PLAYED
    assert (await last_entry(matches, match))["move"] == expected
    assert (await audit(matches.store, match)).ok


async def test_in_a_sealed_choice_each_seat_times_out_on_its_own(matches: Matches) -> None:
    match = await seated(matches, "brillig", 2, {}, fast("default_move", sealed_ms=150))
    record, _ = await matches.store.load(match)
    assert record.clock is not None and sorted(record.clock.deadlines) == [0, 1]  # both commit at once
    await time_runs_out(matches, match)
    first = await last_entry(matches, match)
    record, _ = await matches.store.load(match)
    assert record.clock is not None and list(record.clock.deadlines) == [1 - first["seat"]]  # the other still may
    await time_runs_out(matches, match)
    second = await last_entry(matches, match)
    assert {first["seat"], second["seat"]} == {0, 1} and first["timeout"] and second["timeout"]
    assert (await audit(matches.store, match)).ok


async def test_forfeit_ends_a_two_seat_match_and_the_other_seat_wins(matches: Matches) -> None:
    match = await seated(matches, "brillig", 2, {}, fast("forfeit"))
    await time_runs_out(matches, match)
    record, _ = await matches.store.load(match)
    entry = await last_entry(matches, match)
    assert entry["kind"] == "forfeit" and record.status == "finished"
    assert record.outcome == {"winners": [1 - entry["seat"]], "scores": None, "reason": "forfeit"}
    assert (await take_turn(matches, match)).turn is Turn.OVER
    assert (await audit(matches.store, match)).ok


async def test_forfeit_in_a_larger_match_hands_the_seat_to_the_servers_bot(matches: Matches) -> None:
    match = await seated(matches, "jabberwocky", 3, {"rounds": 1}, fast("forfeit"))
    record, _ = await matches.store.load(match)
    (seat,) = matches.snapshot(record).to_act(record.status)
    await time_runs_out(matches, match)
    record, _ = await matches.store.load(match)
    assert record.status == "active" and record.bots[seat]
    assert (await last_entry(matches, match))["public"] == {"type": "forfeit", "seat": seat, "ended": False}
    assert (await take_turn(matches, match)).turn is Turn.PLAYED  # the bot plays the seat's turn at once
    entry = await last_entry(matches, match)
    assert entry["kind"] == "move" and entry["seat"] == seat and "timeout" not in entry


@pytest.mark.faults  # long (two instances, one killed): `make test-faults`
async def test_a_match_left_alone_finishes_by_timeouts_on_two_instances_even_when_one_dies(
    redis_server: EmbeddedRedis, tmp_path: Path
) -> None:
    """Done-when of the clocks issue: a 1-second clock, nobody connected, two instances, and a
    SIGKILL of the instance holding the match's deadline in the middle."""
    env = {"VORPAL_LEASE_S": "1", "VORPAL_SCHEDULE_TICK_S": "0.2"}
    instances = start_instances(redis_server.url, 2, log_dir=tmp_path, env=env)
    store = Store.from_url(redis_server.url)
    try:
        async with VorpalClient(instances[0].url) as api:
            tc = {"kind": "per_decision", "limit_ms": 1000}
            match = (await api.create_match("jabberwocky", 3, options={"rounds": 2}, time_control=tc)).match
            for i in range(3):
                await api.join(match, name=f"absent-{i}")
            state = await api.state(match)
            assert state.clock is not None and list(state.clock["deadlines"]) == [str(s) for s in state.to_act]
        killed = None
        for _ in range(3000):
            record, _ = await store.load(match)
            if record.status == "finished":
                break
            if killed is None and record.version >= 3:
                owner = (await store.redis.hget(SCHEDULE_OWNER, match)).decode()
                killed = next(p for p in instances if p.process and str(p.process.pid) == owner.split(":")[1])
                killed.stop(kill=True)  # SIGKILL: the deadline's holder is gone without a word
            await asyncio.sleep(0.05)
        assert record.status == "finished" and killed is not None
        entries = await store.log(match, 0)
        moves = [e for e in entries if e["kind"] == "move"]
        assert moves and all(e.get("timeout") is True for e in moves)  # nobody moved: the clock did, each once
        assert [e["v"] for e in entries] == list(range(1, len(entries) + 1))
        assert (await audit(store, match)).ok
    finally:
        await store.close()
        stop_all(instances)


async def test_a_late_move_and_the_timeout_race_and_exactly_one_is_applied(
    server: ServerProcess, redis_server: EmbeddedRedis
) -> None:
    """The seat moves around its deadline: either its move or the timeout makes the next version, never both."""
    store = Store.from_url(redis_server.url)
    winners = []
    try:
        async with VorpalClient(server.url) as api:
            for delay in (0.17, 0.19, 0.2, 0.2, 0.21, 0.23):
                tc = {"kind": "per_decision", "limit_ms": 200}
                match = (await api.create_match("jabberwocky", 3, options={"rounds": 1}, time_control=tc)).match
                tokens = [(await api.join(match)).token for _ in range(3)]
                (seat,) = (await api.state(match)).to_act
                mine = await api.state(match, tokens[seat])
                assert mine.legal
                await asyncio.sleep(delay)
                try:
                    result = await api.move(match, tokens[seat], mine.legal[-1], version=mine.version, move_id="late")
                    won = "move"
                    assert result.version == mine.version + 1
                except StaleVersion as exc:
                    won = "timeout"
                    assert exc.current is not None and exc.current > mine.version
                winners.append(won)
                entry = (await store.log(match, mine.version, mine.version + 1))[0]
                assert entry["seat"] == seat
                if won == "move":
                    assert "timeout" not in entry and entry["move"] == mine.legal[-1]
                else:
                    assert entry["timeout"] is True
                later = await store.log(match, mine.version + 1)
                assert all(e["seat"] != seat or e["v"] > mine.version + 1 for e in later)  # the seat moved once
    finally:
        await store.close()
    assert set(winners) <= {"move", "timeout"}


async def test_a_bot_that_disconnects_forfeits_on_time(redis_server: EmbeddedRedis) -> None:
    """On a stepped clock: the seat forfeits once its second has passed, however long the test takes."""
    async with InProcessServer(redis_server.url) as server, VorpalClient(server.url) as api:
        tc = {"kind": "per_decision", "limit_ms": 1000, "on_timeout": "forfeit"}
        match = (await api.create_match("brillig", 2, bots=[1], time_control=tc)).match
        token = (await api.join(match, name="flaky")).token
        stuck = asyncio.Event()
        decisions = 0

        async def then_hang(decision: Decision) -> Any:
            nonlocal decisions
            decisions += 1
            if decisions == 3:
                stuck.set()
                await asyncio.Event().wait()  # the bot hangs here, and is then cut off
            return decision.legal[0]

        live = LiveConnection(server.url, match=match)
        await live.connect()
        bot = asyncio.create_task(play(server.url, match, token, strategy=then_hang, live=live))
        await asyncio.wait_for(stuck.wait(), 30)
        bot.cancel()
        await asyncio.gather(bot, return_exceptions=True)
        await live.close()  # gone, mid-match
        server.step(999)
        assert (await api.state(match)).status == "active"  # a millisecond before its deadline: it may still move
        server.step(1)  # its second has passed: the scheduler's next tick forfeits it
        for _ in range(500):
            final = await api.state(match)
            if final.status == "finished":
                break
            await asyncio.sleep(0.05)
        assert final.status == "finished"
        assert final.outcome == {"winners": [1], "scores": None, "reason": "forfeit"}


@pytest.mark.parametrize(
    "tc",
    [
        {"kind": "blitz"},
        {"kind": "per_decision"},
        {"kind": "per_decision", "limit_ms": -1},
        {"kind": "fischer", "base_ms": 60000, "increment_ms": -5},
        {"kind": "per_decision", "limit_ms": "1000"},
        {"kind": "per_decision", "limit_ms": 1000, "on_timeout": "resign"},
    ],
)
async def test_a_bad_time_control_is_refused_and_creates_nothing(server: ServerProcess, tc: dict[str, Any]) -> None:
    async with VorpalClient(server.url) as api:
        before = len(await api.list_matches(limit=500))
        with pytest.raises(ApiError) as err:
            await api.create_match("jabberwocky", 3, time_control=tc)
        assert err.value.code == "bad_request" and "time_control" in str(err.value)
        assert len(await api.list_matches(limit=500)) == before


async def test_a_random_move_times_out_a_sealed_choice_too(matches: Matches) -> None:
    match = await seated(matches, "brillig", 2, {}, fast("random_move"))
    record, _ = await matches.store.load(match)
    snap = matches.snapshot(record)
    legal = {s: [snap.rules.dump_move(m) for m in snap.rules.legal_moves(snap.table, s)] for s in (0, 1)}
    await time_runs_out(matches, match)
    entry = await last_entry(matches, match)
    assert entry["timeout"] is True and entry["move"] in legal[entry["seat"]]
    assert (await audit(matches.store, match)).ok


async def test_a_strategy_is_told_its_time_left_at_every_decision(server: ServerProcess) -> None:
    async with VorpalClient(server.url) as api:
        tc = {"kind": "fischer", "base_ms": 60_000, "increment_ms": 1_000}
        match = (await api.create_match("jabberwocky", 3, bots=[1, 2], options={"rounds": 2}, time_control=tc)).match
        token = (await api.join(match, name="timed")).token
        seen: list[tuple[int, float | None]] = []

        def note_the_clock(decision: Decision) -> Any:
            seen.append((decision.version, decision.clock))
            return decision.legal[0]

        async with LiveConnection(server.url, match=match) as watcher:
            await watcher.subscribe(match)
            final = await play(server.url, match, token, strategy=note_the_clock)
            frames: list[dict[str, Any]] = []
            while not frames or frames[-1].get("version") != final["version"]:  # up to the last event
                frames.append(await asyncio.wait_for(watcher.events.get(), 10))
        assert final["status"] == "finished" and len(seen) >= 4
        for _, left in seen:
            assert left is not None and 0 < left <= 60 + len(seen)  # never more than the base plus increments
        events = [f for f in frames if f["type"] == "event"]
        assert events and all(f["clock"]["kind"] == "fischer" and len(f["clock"]["remaining_ms"]) == 3 for f in events)
