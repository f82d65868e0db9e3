"""The Python SDK typed by a game: ``TypedLive(live, jabberwocky.GAME)`` reads a real match's view and legal
moves into Jabberwocky's generated models and sends a typed move; mypy holds code using it to those types."""

from __future__ import annotations

import asyncio
import textwrap
import uuid
from pathlib import Path

import pytest
from mypy import api as mypy_api
from vorpal_client import LiveConnection, TypedClient, TypedLive, VorpalClient, WrongGame
from vorpal_client.games import gyre, jabberwocky

from tests.support.servers import ServerProcess


@pytest.mark.anyio
async def test_a_seat_plays_jabberwocky_typed_over_the_socket_and_rest(server: ServerProcess) -> None:
    async with VorpalClient(server.url) as api:
        match = (await api.create_match("jabberwocky", 3, options={"rounds": 1}, bots=[1, 2])).match
        token = (await api.join(match, seat=0)).token
        rest = TypedClient(api, jabberwocky.GAME)
        async with LiveConnection(server.url, match=match) as conn:
            live = TypedLive(conn, jabberwocky.GAME)
            await conn.auth(token)
            state = await live.subscribe(match)
            view, legal, version = state.view, state.legal, state.version
            while legal is None:  # the bots before us bid first: the event that hands us the turn has our moves
                frame = await asyncio.wait_for(conn.events.get(), 30)
                if frame.get("type") == "event" and frame.get("view") is not None:
                    event = live.event(frame)
                    assert event.view is not None
                    view, legal, version = event.view, event.legal, frame["version"]
            assert isinstance(view, jabberwocky.View) and view.private is not None
            trump: str = view.public.trump_card
            hand: list[str] = view.private.hand
            assert len(trump) == 2 and len(hand) == view.public.hand_size
            bids = [m for m in legal if isinstance(m, jabberwocky.Bid)]
            assert bids and [m.tricks for m in bids] == sorted(m.tricks for m in bids)
            await live.move(match, bids[0], version=version, move_id=uuid.uuid4().hex)
        after = await rest.state(match, token)
        assert after.version > version and after.view.public.bids[0] == bids[0].tricks
        with pytest.raises(WrongGame, match="jabberwocky"):
            await TypedClient(api, gyre.GAME).state(match, token)


def test_mypy_refuses_a_move_or_a_field_of_another_game(tmp_path: Path) -> None:
    code = tmp_path / "uses.py"
    code.write_text(
        textwrap.dedent("""
        from vorpal_client import TypedLive
        from vorpal_client.games import gyre, jabberwocky

        async def misuse(live: TypedLive[jabberwocky.View, jabberwocky.Move]) -> None:
            state = await live.subscribe("m")
            grid = state.view.public.grid
            await live.move("m", gyre.Fly(to=(0, 1)), version=state.version, move_id="x")
            trump: str = state.view.public.trump_card
    """)
    )
    out, _, status = mypy_api.run(["--strict", "--no-incremental", "--follow-imports=silent", str(code)])
    assert status == 1, out
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert len(errors) == 2, out
    assert '"Public" has no attribute "grid"' in errors[0]
    assert 'incompatible type "Fly"' in errors[1]
