"""The idle benchmark's client processes (``loadtest/idle_clients.py``) open, subscribe and hold their
share of the sockets on a live server, each step when told, and say how many are still open."""

from __future__ import annotations

from pathlib import Path

import pytest

from loadtest.bench import IdleClients, setup_matches
from tests.support.servers import ServerProcess

pytestmark = pytest.mark.anyio


async def test_two_processes_hold_every_seat_of_their_share_until_told_to_close(
    server: ServerProcess, tmp_path: Path
) -> None:
    specs = await setup_matches([server.port], matches=2)
    seats = [[port, mid, s, token, None] for port, mid, tokens in specs for s, token in enumerate(tokens)]
    clients = IdleClients([seats[0::2], seats[1::2]], tmp_path, in_flight=4)
    try:
        assert await clients.each("connect") == [{"connected": 3}, {"connected": 3}]
        assert await clients.each("subscribe") == [{"subscribed": 3}, {"subscribed": 3}]
        closing = await clients.each("close")
    finally:
        clients.stop()
    assert closing == [{"alive": 3, "errors": 0, "error_samples": []}] * 2
    assert [p.returncode for p in clients.procs] == [0, 0]


async def test_an_unknown_command_is_an_error_not_a_hang(server: ServerProcess, tmp_path: Path) -> None:
    clients = IdleClients([[]], tmp_path, in_flight=1)
    try:
        with pytest.raises(RuntimeError, match="unknown command 'dance'"):
            await clients.each("dance")
        await clients.each("close")
    finally:
        clients.stop()
