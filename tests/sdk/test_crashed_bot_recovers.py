"""Issue 42, finding 2: a bot killed with ``kill -9`` mid-match and restarted gets its seat back and
finishes the match — with either SDK's ``vorpal-bot --tournament``.

The opponent is played by the test itself, move by move over REST, so the crash lands at a
known point (the bot has moved, and it is the opponent's turn) and the bot is dead while its
turn comes; nothing here waits on a duration.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
from vorpal_client import VorpalClient

from tests.support.servers import ServerProcess

pytestmark = pytest.mark.anyio

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = {
    "python": [sys.executable, "-m", "vorpal_client.bot"],
    "js": ["node", str(ROOT / "clients" / "js" / "bin" / "vorpal-bot.js")],
}
#: Long enough that the dead bot's turn never times out while it is down: the test restarts it first.
CLOCK = {"kind": "per_decision", "limit_ms": 600_000}


async def start_bot(command: list[str], server: ServerProcess, tournament: str, key: str) -> asyncio.subprocess.Process:
    env = {**os.environ, "VORPAL_API_KEY": key}
    return await asyncio.create_subprocess_exec(
        *command, "--server", server.url, "--tournament", tournament, "--seed", "3", env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )  # fmt: skip


async def until(check: Any, what: str, tries: int = 2_000) -> Any:
    """``check()`` until it answers something true (bounded, never a fixed wait)."""
    for _ in range(tries):
        got = await check()
        if got:
            return got
        await asyncio.sleep(0.05)
    raise AssertionError(f"no {what}")


@pytest.mark.parametrize("sdk", ["python", "js"])
async def test_a_bot_killed_mid_match_gets_its_seat_back_and_finishes(server: ServerProcess, sdk: str) -> None:
    async with VorpalClient(server.url) as api, httpx.AsyncClient(base_url=server.url) as http:
        org, bot, rival = [await api.register(f"{sdk}-{who}") for who in ("org", "bot", "rival")]
        t = await api.create_tournament(org.key, f"crash-{sdk}", "gimble", format="round_robin", time_control=CLOCK)
        for issued in (bot, rival):
            await api.register_tournament(t.id, issued.key)
        await api.start_tournament(t.id, org.key)

        async def pairing() -> Any:
            rounds = (await api.tournament(t.id)).rounds
            return rounds[0].pairings[0] if rounds else None

        match = (await until(pairing, "pairing")).match
        mine = await api.join(match, key=rival.key)

        async def state() -> dict[str, Any]:
            r = await http.get(f"/v1/matches/{match}", headers={"Authorization": f"Bearer {mine.token}"})
            return dict(r.json())

        async def rival_moves() -> None:
            now = await state()
            await api.move(match, mine.token, now["legal"][0], version=now["version"], move_id=f"v{now['version']}")

        async def turn(of: str) -> dict[str, Any]:
            async def ready() -> dict[str, Any] | None:
                now = await state()
                ended = now["status"] != "active"
                return now if ended or (mine.seat in now["to_act"]) == (of == "rival") else None

            found: dict[str, Any] = await until(ready, f"{of}'s turn")
            return found

        first = await start_bot(COMMANDS[sdk], server, t.id, bot.key)
        if mine.seat in (await state())["to_act"]:  # the match is active from its creation
            await rival_moves()
        now = await turn("rival")  # the bot sat down and moved: now it dies, mid-match
        assert now["status"] == "active"
        first.send_signal(signal.SIGKILL)
        await first.wait()
        await rival_moves()  # its turn comes while it is down
        assert (await state())["bots"] == [False, False]

        again = await start_bot(COMMANDS[sdk], server, t.id, bot.key)
        while (now := await turn("rival"))["status"] == "active":
            await rival_moves()
        output, _ = await asyncio.wait_for(again.communicate(), 120)
        assert again.returncode == 0, output.decode()
        assert f"tournament {t.id} finished" in output.decode()

        assert now["status"] == "finished" and now["bots"] == [False, False]
        assert now["outcome"]["reason"] != "forfeit"
        log = (await http.get(f"/v1/matches/{match}/events")).json()["events"]
        bot_seat = 1 - mine.seat
        joins = [e["event"]["public"] for e in log if e["event"]["public"]["type"] == "joined"]
        assert [j["seat"] for j in joins if j["seat"] == bot_seat] == [bot_seat, bot_seat]
        assert joins[-1].get("again") is True  # the restarted bot took its own seat back
