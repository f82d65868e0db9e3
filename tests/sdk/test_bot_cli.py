"""The SDK's bot runner, as a command: three processes fill a match and play it out."""

from __future__ import annotations

import re
import subprocess
import sys

import httpx

from tests.support.servers import ServerProcess


def test_three_bot_processes_play_a_match_to_the_end(server: ServerProcess) -> None:
    match = httpx.post(server.url + "/v1/matches",
                       json={"game": "jabberwocky", "seats": 3, "options": {"rounds": 2}}).json()["match"]  # fmt: skip
    bots = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "vorpal_client.bot",
                "--server",
                server.url,
                "--match",
                match,
                "--name",
                f"cli{i}",
                "--seed",
                str(i),
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        for i in range(3)
    ]
    outputs = [b.communicate(timeout=120)[0] for b in bots]
    assert [b.returncode for b in bots] == [0, 0, 0]
    for out in outputs:
        assert re.search(rf"match {match} finished: .*winners", out), out
    state = httpx.get(server.url + f"/v1/matches/{match}").json()
    assert state["status"] == "finished" and sorted(state["names"]) == ["cli0", "cli1", "cli2"]
