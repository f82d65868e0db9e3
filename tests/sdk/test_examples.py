"""The examples in ``examples/python``, run the way a bot author runs them, against a live server."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys

import httpx
import pytest
from vorpal_client import VorpalClient, load_strategy, play, random_strategy

from tests.support.servers import ROOT, ServerProcess

EXAMPLES = ROOT / "examples" / "python"


def run(args: list[str], *, cwd: str = str(EXAMPLES)) -> str:
    """Run a Python command; it must succeed. Returns its output."""
    done = subprocess.run([sys.executable, *args], cwd=cwd, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


@pytest.mark.parametrize(
    ("strategy", "cwd"),
    [("trick_bot:choose", EXAMPLES), (f"{EXAMPLES / 'trick_bot.py'}:choose", ROOT)],
    ids=["module", "file"],
)
def test_the_trick_bot_finishes_a_match_from_the_command_line(server: ServerProcess, strategy: str, cwd: str) -> None:
    create = ["--game", "jabberwocky", "--seats", "3", "--bots", "1,2", "--options", '{"rounds": 1}']
    bot = ["-m", "vorpal_client.bot", "--server", server.url, "--strategy", strategy, "--on-error", "stop"]
    out = run([*bot, *create], cwd=str(cwd))
    found = re.search(r"match (\S+) finished: .*winners", out)
    assert found, out
    state = httpx.get(f"{server.url}/v1/matches/{found[1]}").json()
    assert state["status"] == "finished" and state["bots"] == [False, True, True]


def test_the_spectator_prints_a_match_from_its_first_event(server: ServerProcess) -> None:
    body = {"game": "jabberwocky", "seats": 3, "bots": [0, 1, 2], "options": {"rounds": 1}}
    match = httpx.post(server.url + "/v1/matches", json=body).json()["match"]
    out = run(["spectator.py", "--server", server.url, "--match", match])
    versions = [int(v) for v in re.findall(r"^v(\d+)", out, re.MULTILINE)]
    final = httpx.get(f"{server.url}/v1/matches/{match}").json()
    assert versions == list(range(1, final["version"] + 1)), out  # each event once, in order, from the first
    assert f"match {match} finished: " in out and "private" not in out


def test_the_rest_client_plays_a_match_to_its_end(server: ServerProcess) -> None:
    out = run(["rest_client.py", "--server", server.url, "--options", json.dumps({"rounds": 2})])
    found = re.search(r"match (\S+) finished: ", out)
    assert found, out
    state = httpx.get(f"{server.url}/v1/matches/{found[1]}").json()
    assert state["status"] == "finished" and state["names"][0] == "rest-client"
    assert out.count(": played ") == (1 + 3) + (1 + 4)  # a bid and each card dealt, in rounds of 3 and 4 cards


MATCHES = 50
WINS_NEEDED = 33


@pytest.mark.anyio
async def test_the_trick_bot_beats_random_bots(server: ServerProcess) -> None:
    """The trick bot against two random bots, 50 two-round matches of three seats: it wins at least 33.

    A win is a place among the winners (tied seats share the win). In 4,000 matches played
    with the engine alone, a random seat among random seats won 42.5% of them and the trick
    bot won 89.7%. A bot no better than random would reach 33 of 50 with probability 7e-4;
    the trick bot falls short of 33 with probability 1.2e-6 (exact binomial tails). It must
    also win more matches than either random seat.
    """
    choose = load_strategy(f"{EXAMPLES / 'trick_bot.py'}:choose")
    wins = [0, 0, 0]
    gate = asyncio.Semaphore(10)

    async def one(i: int) -> None:
        async with gate, VorpalClient(server.url) as api:
            match = (await api.create_match("jabberwocky", 3, options={"rounds": 2})).match
            seats = [await api.join(match, name=name) for name in ("trick-bot", "random-1", "random-2")]
            strategies = [choose, random_strategy(2 * i), random_strategy(2 * i + 1)]
            finals = await asyncio.gather(*(play(server.url, match, s.token, strategy=st, on_error="stop")
                                            for s, st in zip(seats, strategies, strict=True)))  # fmt: skip
            for seat in finals[0]["outcome"]["winners"]:
                wins[seat] += 1

    await asyncio.gather(*(one(i) for i in range(MATCHES)))
    assert wins[0] >= WINS_NEEDED and wins[0] > max(wins[1:]), wins
