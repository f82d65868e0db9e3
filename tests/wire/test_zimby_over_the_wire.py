"""Zimby Mojo through a real server: SDK bots play whole matches for 2 and 4 shamans, solitaire and 8.

The 2- and 4-seat bots follow the rulebook's plan (``tests/games/zimby_mojo/bot.py``: open a ward together,
kill the King, take the Crown home), reading only what their seat's view shows; their yes to a seal partner's
request and their cannibals in a response window travel as moves like any other. Solitaire and the 8-seat
match are played by the runner's random bots. A short round limit (a match option) keeps every match bounded:
a match ends by the Crown delivered, by the round limit, or, in solitaire, by its own losses.

Every match plays with the full scroll library (the solitaire one in solitaire): scrolls are used and their
effects resolve off the stack, as the log shows; the stack travels in the public view, while a seat's hand
reaches that seat only and the library's order nobody. The catalogue lists every card with its text.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from types import SimpleNamespace
from typing import Any

import httpx
import pytest
from vorpal_client import Decision, VorpalClient, play
from vorpal_client.games import zimby_mojo

from server.engine import Table
from server.games import GAMES, get
from server.games.zimby_mojo.scrolls import EFFECT_KINDS, LIBRARY_SIZE, SCROLLS, Scroll
from server.games.zimby_mojo.state import Public
from server.store import Store
from server.store.embedded import EmbeddedRedis
from tests.games.zimby_mojo.bot import Bot
from tests.support.servers import ServerProcess
from tests.wire.test_redaction_over_the_wire import replay

pytestmark = pytest.mark.anyio

RULES = get("zimby_mojo")


def plan_strategy() -> Any:
    """One seat's rule-following bot, fed the public part of the seat's view and its legal moves."""
    bot = Bot()

    def choose(decision: Decision) -> Any:
        seen = SimpleNamespace(public=Public.model_validate(decision.view["public"]))
        legal = [RULES.parse_move(move) for move in decision.legal]
        return RULES.dump_move(bot.choose(seen, decision.seat, legal))  # type: ignore[arg-type]

    return choose


def scroll_names() -> list[str]:
    return sorted((card.name for card in SCROLLS.values()), key=len, reverse=True)


def resolved_lines(event: dict[str, Any]) -> list[str]:
    """The lines of an event (and its chance steps) that tell a scroll's effect, not its use ("seat 1 uses ...")."""
    lines = [str(line) for line in event.get("public", {}).get("happened", [])]
    lines += [line for step in event.get("then", []) for line in resolved_lines(step)]
    names = scroll_names()
    return [line for line in lines if any(line.startswith(name) for name in names)]


def lists_in(value: Any) -> list[list[Any]]:
    """Every list anywhere in a JSON value."""
    if isinstance(value, list):
        return [value, *(found for item in value for found in lists_in(item))]
    if isinstance(value, dict):
        return [found for item in value.values() for found in lists_in(item)]
    return []


def keys_in(value: Any) -> set[str]:
    """Every key of every map anywhere in a JSON value."""
    if isinstance(value, list):
        return {k for item in value for k in keys_in(item)}
    if isinstance(value, dict):
        return set(value) | {k for item in value.values() for k in keys_in(item)}
    return set()


def check_the_scrolls(tables: dict[int, Table[Any, Any, Any]], entries: dict[int, dict[str, Any]], seats: int) -> None:
    """Scrolls were used, each left the stack (the stack always emptied again), the stack was public, and no view
    holds another seat's hand or the library's order."""
    used = [v for v, entry in entries.items() if entry["kind"] == "move" and entry["move"]["type"] == "scroll"]
    assert used, "no scroll was used"
    emptied = [v for v, table in tables.items() if not table.public.stack.entries]
    assert all(any(w >= v for w in emptied) for v in used), "a scroll effect never left the stack"
    assert all("stack" in RULES.public_view(tables[v]) for v in used)
    if seats > 1:  # (in solitaire nobody answers: every effect resolves at once)
        assert any(tables[v].public.stack.entries for v in tables), "nothing ever waited on the stack to be answered"
    # Every card the library holds is a card of the list; in solitaire, one of the 17 without a red dot.
    first = tables[0]
    dealt = [*first.secret.library, *(card for private in first.private for card in private.hand)]
    assert set(dealt) <= set(SCROLLS)
    if seats == 1:
        assert len(dealt) == 17 and not any(SCROLLS[card].red_dot for card in dealt)
    else:
        assert Counter(dealt) == {key: card.copies for key, card in SCROLLS.items()}
    rules = RULES
    for v in sorted({*used, max(tables)}):
        table = tables[v]
        public = rules.public_view(table)
        assert not {"hand", "library"} & keys_in(public), "a hand or the library in the public view"
        assert public["hand_sizes"] == [len(private.hand) for private in table.private]
        assert public["library_size"] == len(table.secret.library)
        # The library's order: no list in the public view holds 6 of its cards in a row in its order (a run of 6
        # by chance, among 34 kinds of card, is too rare to matter).
        library = table.secret.library
        runs = {tuple(library[i : i + 6]) for i in range(len(library) - 5)}
        for found in (found for found in lists_in(public) if all(isinstance(item, str) for item in found)):
            assert not any(tuple(found[i : i + 6]) in runs for i in range(len(found) - 5)), "the library's order"
        for seat in [None, *range(seats)]:
            view = rules.view(table, seat)
            if seat is None:
                assert set(view) == {"public"}
            else:
                # its own private part (its hand, what a ritual made it draw), nobody else's
                assert view["private"] == table.private[seat].model_dump(mode="json")
                assert view["private"]["hand"] == table.private[seat].hand


async def finish(server: ServerProcess, seats: int, options: dict[str, Any], *, planned: bool,
                 redis: EmbeddedRedis) -> dict[str, Any]:  # fmt: skip
    """A whole match over WebSockets, one SDK bot per seat; returns seat 0's final state, checked."""
    async with VorpalClient(server.url) as api:
        match = (await api.create_match("zimby_mojo", seats, options=options)).match
        tokens = [(await api.join(match, name=f"shaman{i}")).token for i in range(seats)]
        bots = [play(server.url, match, token, seed=i, strategy=plan_strategy() if planned else None,
                     on_error="stop") for i, token in enumerate(tokens)]  # fmt: skip
        finals = await asyncio.wait_for(asyncio.gather(*bots), 300)
        assert {f["status"] for f in finals} == {"finished"}
        state = await api.state(match, tokens[0])
        assert state.status == "finished" and state.outcome is not None
        assert state.outcome["reason"] in RULES.reasons
        public = state.view["public"]
        assert public["phase"] == "over" and public["winners"] == state.outcome["winners"]
        assert public["round"] <= options["round_limit"] and len(public["tribes"]) == seats
        # The board reached the client with the view, and the SDK's generated types read the whole view.
        assert public["board"] == RULES.public_view(RULES.setup(RULES.parse_options({}), seats, 0)[0])["board"]
        typed = zimby_mojo.View.model_validate(state.view)
        assert typed.public.board.tiles and typed.public.seats == seats
        assert "private" in state.view
        spectator = await api.state(match)
        assert "private" not in spectator.view and spectator.view["public"] == public
        # The non-player actors' chance steps reached the log after the moves that led to them.
        logged = await api.events(match, token=tokens[0])
        assert any(entry.event.get("then") for entry in logged)
        # Scrolls: used (the log shows the card and its target to everyone) and resolved (its effect's lines).
        assert any(entry.event.get("public", {}).get("type") == "scroll" for entry in logged), "no scroll was used"
        assert any(resolved_lines(entry.event) for entry in logged), "no scroll's effect resolved"
        # What each seat and a spectator receive is the engine's redaction of the replayed table: a seat's own
        # hand, nobody else's, and no library.
        store = Store.from_url(redis.url)
        try:
            _, tables, entries = await replay(store, match)
        finally:
            await store.close()
        final = tables[max(tables)]
        for seat, token in enumerate(tokens):
            seen = await api.state(match, token)
            assert seen.view == RULES.view(final, seat)
        assert spectator.view == RULES.view(final, None)
        check_the_scrolls(tables, entries, seats)
        return {"outcome": state.outcome, "public": public}


async def test_two_shamans_following_the_plan_finish_a_match(
    server: ServerProcess, redis_server: EmbeddedRedis
) -> None:
    final = await finish(server, 2, {"round_limit": 12}, planned=True, redis=redis_server)
    assert final["outcome"]["reason"] in {"crown_delivered", "round_limit"}
    assert final["public"]["round"] >= 2  # the King's turns came round


async def test_four_shamans_following_the_plan_finish_a_match(
    server: ServerProcess, redis_server: EmbeddedRedis
) -> None:
    final = await finish(server, 4, {"round_limit": 10}, planned=True, redis=redis_server)
    assert final["outcome"]["reason"] in {"crown_delivered", "round_limit"}


async def test_a_solitaire_match_ends_won_or_lost(server: ServerProcess, redis_server: EmbeddedRedis) -> None:
    final = await finish(server, 1, {"round_limit": 20}, planned=False, redis=redis_server)
    public = final["public"]
    assert public["solitaire"]
    won = final["outcome"]["reason"] == "crown_delivered"
    assert final["outcome"]["winners"] == ([0] if won else [])


async def test_eight_shamans_finish_a_match(server: ServerProcess, redis_server: EmbeddedRedis) -> None:
    final = await finish(server, 8, {"round_limit": 3}, planned=False, redis=redis_server)
    assert final["outcome"]["reason"] in {"crown_delivered", "round_limit"}


# -- the catalogue ---------------------------------------------------------------------------------------------------


async def test_the_catalogue_lists_every_scroll_card_with_its_text(server: ServerProcess) -> None:
    """``GET /v1/games`` publishes the 34 scroll cards: 104 copies, the red dots, every effect kind, every text."""
    async with httpx.AsyncClient(base_url=server.url) as http:
        listed = (await http.get("/v1/games")).json()["games"]
        one = (await http.get("/v1/games/zimby_mojo")).json()
        schema = (await http.get("/openapi.json")).json()["components"]["schemas"]
    (game,) = [g for g in listed if g["name"] == "zimby_mojo"]
    assert game == one
    assert set(game["components"]) == {"scrolls"}
    cards = [Scroll.model_validate(card) for card in game["components"]["scrolls"]]
    assert [card.key for card in cards] == list(SCROLLS) and cards == list(SCROLLS.values())
    assert sum(card.copies for card in cards) == LIBRARY_SIZE == 104
    assert sum(card.copies for card in cards if card.red_dot) == 104 - 77  # the solitaire library's 77 have none
    assert {card.effect.kind for card in cards} == set(EFFECT_KINDS)
    assert all(card.text and card.name and card.cost >= 1 for card in cards)
    # The rulebook's own scrolls say where the book names them.
    named = {card.name for card in cards if card.rulebook}
    assert {"Spikey Bone Claws", "Entangling Vines", "Energy", "Big Bits o' Map", "Bungle", "Nix"} <= named
    # Most games print nothing a view does not already say: their component lists are empty.
    assert all(g["components"] == {} for g in listed if g["name"] != "zimby_mojo")
    assert len(listed) == len(GAMES)
    # The OpenAPI document says so.
    assert "components" in schema["GameInfo"]["properties"] and "components" in schema["GameInfo"]["required"]
