"""The bot runner and its command, as a player uses them (issue 42, item 7): each decision's
clock is the newest the server sent, a strategy that cannot play the game is refused before a
seat is taken, ``--think`` holds in a tournament too, the README's table lists every option,
and the key is taken from the environment (a command line is visible to anyone, in ``ps``)."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
from vorpal_client import Decision, LiveConnection, VorpalClient, load_strategy, play, play_tournament
from vorpal_client.strategy import seconds_left

from tests.support.servers import ServerProcess

ROOT = Path(__file__).resolve().parents[2]
BOT = [sys.executable, "-m", "vorpal_client.bot"]


def bot_command(*args: str, key: str | None = None) -> subprocess.CompletedProcess[str]:
    """``vorpal-bot args`` to its end, with ``key`` (if any) in ``$VORPAL_API_KEY`` only."""
    env = {k: v for k, v in os.environ.items() if k != "VORPAL_API_KEY"}
    if key is not None:
        env["VORPAL_API_KEY"] = key
    return subprocess.run([*BOT, *args], env=env, capture_output=True, text=True, timeout=120, check=False)


def against_bots(server: ServerProcess) -> str:
    """A new match of one round of Jabberwocky, seats 1 and 2 played by the server's bots."""
    body = {"game": "jabberwocky", "seats": 3, "bots": [1, 2], "options": {"rounds": 1}}
    return str(httpx.post(server.url + "/v1/matches", json=body).json()["match"])


@pytest.mark.anyio
async def test_each_decision_carries_the_clock_of_the_event_it_answers(server: ServerProcess) -> None:
    """Under Fischer a seat's time left changes from one decision to the next: a decision's
    ``clock`` is the one the server sent with that version, not the first one the runner saw."""
    async with VorpalClient(server.url) as api:
        tc = {"kind": "fischer", "base_ms": 60_000, "increment_ms": 1_000}
        match = (await api.create_match("jabberwocky", 3, bots=[1, 2], options={"rounds": 2}, time_control=tc)).match
        seen: list[Decision] = []

        def note_the_clock(decision: Decision) -> Any:
            seen.append(decision)
            return decision.legal[0]

        async with LiveConnection(server.url, match=match) as watcher:
            await watcher.subscribe(match)  # before the seat is taken: it sees every event
            token = (await api.join(match, name="timed")).token
            final = await play(server.url, match, token, strategy=note_the_clock, on_error="stop")
            frames: dict[int, dict[str, Any]] = {}
            while final["version"] not in frames:
                frame = await asyncio.wait_for(watcher.events.get(), 10)
                if frame["type"] == "event":
                    frames[frame["version"]] = frame
    assert final["status"] == "finished" and len(seen) >= 4
    # The first decision may come from the subscription's state (its own `now`); every later
    # one comes from an event, whose clock every recipient gets alike.
    for d in seen[1:]:
        assert d.clock == seconds_left(frames[d.version]["clock"], d.seat), d.version
    assert len({d.clock for d in seen}) > 1


def test_greedy_knows_its_games_up_front() -> None:
    assert callable(load_strategy("greedy", game="brillig"))
    assert callable(load_strategy("greedy"))  # no game named: told at the first decision
    with pytest.raises(ValueError, match=r"greedy.*jabberwocky"):
        load_strategy("greedy", game="jabberwocky")


def test_greedy_on_a_game_it_does_not_know_is_refused_before_a_seat_is_taken(server: ServerProcess) -> None:
    match = against_bots(server)
    done = bot_command("--server", server.url, "--match", match, "--strategy", "greedy")
    assert done.returncode != 0 and re.search("greedy.*jabberwocky", done.stderr), done
    assert "joined" not in done.stdout and "strategy failed" not in done.stderr
    state = httpx.get(server.url + f"/v1/matches/{match}").json()
    assert state["status"] == "open" and state["names"][0] is None  # nobody sat down


@pytest.mark.anyio
async def test_greedy_is_refused_before_registering_for_a_tournament_of_another_game(server: ServerProcess) -> None:
    async with VorpalClient(server.url) as api:
        organiser, player = [(await api.register(f"greedy-{who}")).key for who in ("org", "player")]
        t = await api.create_tournament(organiser, "greedy cup", "gimble", format="round_robin",
                                        time_control={"kind": "per_decision", "limit_ms": 5000})  # fmt: skip
        done = await asyncio.to_thread(bot_command, "--server", server.url, "--tournament", t.id, "--strategy",
                                       "greedy", key=player)  # fmt: skip
        assert done.returncode != 0 and re.search("greedy.*gimble", done.stderr), done
        assert (await api.tournament(t.id)).entrants == []


@pytest.mark.anyio
async def test_the_tournament_command_thinks_before_each_move(server: ServerProcess) -> None:
    """``--think 600 --seed 2`` first waits half an hour (the seeded draw), far beyond the
    3-second clock: the thinker sits down, then forfeits its only match without having moved."""
    async with VorpalClient(server.url) as api:
        organiser, thinker, quick = [(await api.register(f"think-{who}")).key for who in ("org", "slow", "quick")]
        slow = (await api.account(thinker)).id
        tc = {"kind": "per_decision", "limit_ms": 3_000, "on_timeout": "forfeit"}
        t = await api.create_tournament(organiser, "thinkers", "gimble", format="round_robin", time_control=tc)
        command = await asyncio.create_subprocess_exec(
            *BOT, "--server", server.url, "--tournament", t.id, "--think", "600", "--seed", "2",
            env={**os.environ, "VORPAL_API_KEY": thinker}, stdout=asyncio.subprocess.PIPE,
        )  # fmt: skip
        assert command.stdout is not None
        try:

            async def registered() -> None:  # the command registers itself
                while not (await api.tournament(t.id)).entrants:
                    assert command.returncode is None, "the command stopped"
                    await asyncio.sleep(0.05)

            await asyncio.wait_for(registered(), 60)
            await api.register_tournament(t.id, quick)
            await api.start_tournament(t.id, organiser)
            sat = await asyncio.wait_for(command.stdout.readline(), 60)
            final = await asyncio.wait_for(play_tournament(server.url, t.id, quick, seed=1), 60)
        finally:
            command.terminate()
            await command.wait()
        (pairing,) = final.rounds[0].pairings
        state = await api.state(pairing.match)
    assert sat.decode().startswith(f"playing match {pairing.match}")
    assert final.status == "finished" and final.standings[0].account != slow
    assert state.outcome is not None and state.outcome["reason"] == "forfeit"
    assert state.outcome["winners"] == [1 - pairing.accounts.index(slow)]


def test_the_readme_lists_every_option_of_the_command() -> None:
    from vorpal_client.bot import parser

    readme = (ROOT / "clients" / "python" / "README.md").read_text()
    table = readme.split("### The command", 1)[1].split("\n## ", 1)[0]
    options = {o for a in parser()._actions for o in a.option_strings if o.startswith("--") and o != "--help"}
    assert options and {o for o in options if f"`{o}" not in table} == set()


def test_no_documented_command_line_carries_a_key() -> None:
    for doc in ("README.md", "clients/python/README.md", "clients/js/README.md", "protocol/PROTOCOL.md"):
        text = (ROOT / doc).read_text()
        assert not re.search(r"vorpal-bot[^\n]*--key [^\s`|]", text), doc


def test_the_key_comes_from_the_environment_and_on_the_command_line_it_is_warned_about(
    server: ServerProcess,
) -> None:
    issued = httpx.post(server.url + "/v1/accounts", json={"name": "env-key", "kind": "bot"}).json()
    matches = [against_bots(server), against_bots(server)]
    quiet = bot_command("--server", server.url, "--match", matches[0], key=issued["key"])
    loud = bot_command("--server", server.url, "--match", matches[1], "--key", issued["key"])
    assert quiet.returncode == loud.returncode == 0, (quiet, loud)
    assert "--key" not in quiet.stderr and re.search(r"--key.*ps.*\$VORPAL_API_KEY", loud.stderr), loud.stderr
    for match in matches:
        state = httpx.get(server.url + f"/v1/matches/{match}").json()
        assert state["status"] == "finished" and state["names"][0] == "env-key"
