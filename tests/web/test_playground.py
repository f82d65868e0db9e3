"""The browser playground (/play) in a real browser, against a live server.

Debian's chromium, driven by Playwright, plays matches by clicking what makes a move on the
table (a card, a cell, a die, a token: anything with ``data-move``, or ``data-pick`` for a step of
a multi-decision move; buttons only for moves with no place on the table). Every game is played
to its end at a desktop's and a phone's size. In the trick-taking match the whole page is scanned
for cards at every step: the seat's tab never shows a card that the rules hide from that seat, and
a spectator's tab never shows one hidden from spectators; the match is replayed from its stored
seed and moves to know which cards those were at each version.
Screenshots of every game's view go to ``tests/artifacts/`` (git-ignored).

Nothing here waits a fixed time: each step waits for a condition of the page (generous limits).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import random
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from server import games as games_catalogue
from server.domain.views import log_entry
from server.engine import Rules
from server.engine.play import event_for
from server.games.zimby_mojo import ZimbyMojo
from server.games.zimby_mojo.board import BOARD as ZIMBY_BOARD
from server.games.zimby_mojo.state import Cast, Column, Incantation, Obstacle, Stack
from server.store import Store
from server.store.embedded import EmbeddedRedis
from tests.games.test_games_generic import _hidden_from, _strings
from tests.games.zimby_mojo.bot import Bot
from tests.support.servers import ROOT, ServerProcess
from tests.wire.test_redaction_over_the_wire import replay

playwright_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
#: Chromium's own network features cannot reach the internet here; without these it stalls.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]  # fmt: skip
ARTIFACTS = ROOT / "tests" / "artifacts"
#: A card of the 52-card deck, as the games write it, standing alone in the page's markup.
PLAYING_CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[CDHS](?![A-Za-z0-9])")
WAIT_MS = 60_000
HAND, CARDS = ".part.private [data-card]", "els => els.map((e) => e.dataset.card)"

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="chromium is not installed (make install does it)")

#: Everything a page shows, read in one go: its version, status, markup (the match id taken
#: out: random letters could spell a card) and the versions its event log reaches.
SNAPSHOT = """() => {
  const m = document.querySelector('.match');
  const logged = [...document.querySelectorAll('.log li')].map((li) => Number(li.dataset.version));
  return {
    version: Number(m.dataset.version), status: m.dataset.status, seat: m.dataset.seat,
    html: document.documentElement.outerHTML.replaceAll(m.dataset.match, ''),
    logged: Math.max(0, ...logged), entries: logged.length,
  };
}"""
#: A match page is up, or the page says why not (a refused creation).
READY_OR_REFUSED = "() => !!document.querySelector('.match[data-ready]') || !document.getElementById('notice').hidden"
#: What makes a move (a card, a cell, a die on the table; a button for a move with no place on it)
#: or picks a step of one, on a page not waiting for a move it sent.
CLICKABLE = ".match[data-ready]:not([data-waiting]) :is([data-move]:not([disabled]), [data-pick])"
#: The page is ready to be clicked (a legal move) or the match is over.
READY_OR_OVER = f"""() => {{
  const m = document.querySelector('.match[data-ready]');
  return !!m && (m.dataset.status === 'finished' || !!document.querySelector('{CLICKABLE}'));
}}"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.set_default_timeout(WAIT_MS)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda e: errors.append(str(e) + str(getattr(e, "stack", ""))))
    yield tab
    context.close()
    assert not errors, f"the page threw: {errors}"


def shot(tab: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    tab.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def create(tab: Any, server: ServerProcess, game: str, *, options: dict[str, str] | None = None,
           seats: int | None = None, server_bots: bool = True) -> str:  # fmt: skip
    """Create a match from the page's form, taking the first seat; the match id."""
    tab.goto(f"{server.url}/play/#/new/{game}")
    tab.wait_for_selector("form.new-match")
    if seats is not None:
        tab.fill("#seats", str(seats))
    for name, value in (options or {}).items():
        tab.fill(f"#opt-{name}", value)
    if not server_bots:
        for box in tab.query_selector_all("fieldset.bots input:checked"):
            box.uncheck()
    tab.click("button[type=submit]")
    tab.wait_for_function(READY_OR_REFUSED)
    assert tab.is_hidden("#notice"), f"{game}: {tab.inner_text('#notice')}"
    match: str = tab.get_attribute(".match", "data-match")
    return match


def click_a_legal_move(tab: Any, pick: random.Random) -> str:
    """Click things that make a move until one is made (a multi-decision move takes a click per
    step), then wait for the match to move on. What made the move: ``"table"`` or ``"button"``."""
    for _ in range(20):
        found = tab.eval_on_selector_all(
            CLICKABLE, "els => els.map((e) => [e.dataset.move ?? null, e.dataset.pick ?? null, e.tagName])"
        )
        assert found, "nothing to click"
        # mostly the table, as a player would: a button's move (pass, end turn) can end a match before it began
        on_table = [f for f in found if f[2] != "BUTTON"]
        move, _, tag = pick.choice(on_table if on_table and pick.random() < 0.75 else found)
        version = tab.get_attribute(".match", "data-version")
        if move is not None:
            # By its move, not by element: an unrelated event may redraw the table meanwhile.
            tab.locator(f":is(button, .act)[data-move='{move}']").first.click()
            tab.wait_for_function(f"() => document.querySelector('.match').dataset.version !== '{version}'")
            return "button" if tag == "BUTTON" else "table"
        steps = [f[1] for f in found if f[0] is None]
        step(tab, f"[data-pick='{steps[pick.randrange(len(steps))]}']")
    raise AssertionError("no move made after 20 steps")


def step(tab: Any, selector: str) -> None:
    """Click one step of a multi-decision move; wait for the table to offer the next."""
    before = tab.get_attribute(".match", "data-picking")
    tab.locator(selector).first.click()
    tab.wait_for_function(f"() => document.querySelector('.match').dataset.picking !== '{before}'")


def in_thread(coro: Any) -> Any:
    """Run a coroutine on its own loop (Playwright's sync API owns this thread's)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


async def replayed(redis_url: str, match: str) -> tuple[Any, dict[int, Any], dict[int, Any]]:
    store = Store.from_url(redis_url)
    try:
        return await replay(store, match)
    finally:
        await store.close()


def cards(strings: set[str]) -> set[str]:
    return {s for s in strings if PLAYING_CARD.fullmatch(s)}


def leaks(snapshots: list[dict[str, Any]], seat: int | None, rules: Any, tables: dict[int, Any],
          entries: dict[int, Any]) -> list[str]:  # fmt: skip
    """The cards each snapshot shows that were hidden from ``seat`` at the version it shows.

    Hidden: in another seat's hand or in the secret part (the deck) at that version, and never
    shown to ``seat`` by then (a card played face up earlier may be dealt again later).
    """
    found = []
    for snap in snapshots:
        upto = max(snap["version"], snap["logged"])
        seen: set[str] = set()
        for v in range(upto + 1):
            seen |= _strings(rules.view(tables[v], seat))
            if v in entries:
                seen |= _strings(log_entry(entries[v], seat)["event"])
                if seat is not None and entries[v].get("seat") == seat:
                    seen |= _strings(entries[v].get("move"))
        hidden = cards(_hidden_from(tables[upto], seat)) - seen
        shown = set(PLAYING_CARD.findall(snap["html"]))
        found += [f"v{snap['version']}: {card}" for card in sorted(shown & hidden)]
    return found


def test_a_trick_taking_match_played_by_clicking_never_shows_another_seats_card(
    page: Any, browser: Any, server: ServerProcess, redis_server: EmbeddedRedis
) -> None:
    match = create(page, server, "jabberwocky", options={"rounds": "2"})
    assert page.get_attribute(".match", "data-seat") == "0"
    watcher = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    watcher.set_default_timeout(WAIT_MS)
    watcher.goto(f"{server.url}/play/#/match/{match}")
    watcher.wait_for_selector(".match[data-ready]")

    pick = random.Random(19)
    seat_views: list[dict[str, Any]] = []
    spectator_views: list[dict[str, Any]] = []
    hands_shown = 0
    for _ in range(200):
        page.wait_for_function(READY_OR_OVER)
        seat_views.append(page.evaluate(SNAPSHOT))
        spectator_views.append(watcher.evaluate(SNAPSHOT))
        hands_shown += page.locator(".part.private [data-card]").count() > 0
        assert watcher.locator(".part.private").count() == 0, "a spectator sees a private part"
        assert watcher.locator("[data-move], [data-pick]").count() == 0, "a spectator is offered moves"
        if seat_views[-1]["status"] == "finished":
            break
        click_a_legal_move(page, pick)
    assert seat_views[-1]["status"] == "finished", "the match did not end within 200 clicks"
    shot(page, "jabberwocky-finished")
    watcher.wait_for_selector(".match[data-status=finished]")
    spectator_views.append(watcher.evaluate(SNAPSHOT))
    shot(watcher, "jabberwocky-spectator-phone")
    assert page.locator("[data-outcome]").count() == 1
    watcher.context.close()

    rules, tables, entries = in_thread(replayed(redis_server.url, match))
    assert hands_shown > 5, "the seat's own hand was not drawn"
    assert leaks(seat_views, 0, rules, tables, entries) == []
    assert leaks(spectator_views, None, rules, tables, entries) == []
    # The scan sees cards at all: seat 0's tab shows its hand, which is hidden from seat 1.
    first = seat_views[0]
    assert cards(_strings(rules.view(tables[first["version"]], 0)["private"]["hand"])) <= set(
        PLAYING_CARD.findall(first["html"])
    )
    assert leaks(seat_views, 1, rules, tables, entries) != []


def test_a_seat_resumes_after_a_page_reload(page: Any, server: ServerProcess) -> None:
    match = create(page, server, "jabberwocky", options={"rounds": "1"})
    pick = random.Random(7)
    page.wait_for_function(READY_OR_OVER)
    click_a_legal_move(page, pick)
    page.wait_for_function(READY_OR_OVER)
    before = page.evaluate(SNAPSHOT)
    hand = sorted(page.eval_on_selector_all(HAND, CARDS))

    page.reload()
    page.wait_for_selector(".match[data-ready]")
    page.wait_for_function(READY_OR_OVER)
    after = page.evaluate(SNAPSHOT)
    assert (after["seat"], page.get_attribute(".match", "data-match")) == ("0", match)
    assert after["version"] >= before["version"]
    assert after["entries"] == after["logged"] >= after["version"]  # the whole log again, once
    if after["version"] == before["version"]:
        assert sorted(page.eval_on_selector_all(HAND, CARDS)) == hand
    # The seat still plays: a click after the reload moves the match on.
    if after["status"] != "finished":
        click_a_legal_move(page, pick)


def test_fill_empty_seats_with_bots_and_play_to_the_end(page: Any, server: ServerProcess) -> None:
    create(page, server, "brillig", server_bots=False)
    assert page.locator(".seats [data-join]").count() == 1
    page.click("button.fill")
    page.wait_for_function("() => document.querySelector('.match').dataset.status !== 'open'")
    assert "tab-bot-1" in page.inner_text(".seats")
    pick = random.Random(3)
    for _ in range(100):
        page.wait_for_function(READY_OR_OVER)
        if page.get_attribute(".match", "data-status") == "finished":
            break
        click_a_legal_move(page, pick)
    assert page.get_attribute(".match", "data-status") == "finished"
    assert page.locator("[data-outcome]").count() == 1


def test_two_tabs_play_the_two_seats_of_one_match(page: Any, server: ServerProcess) -> None:
    match = create(page, server, "brillig", server_bots=False)
    other = page.context.new_page()  # same browser: the seat tokens are shared, the seats are not
    other.goto(f"{server.url}/play/#/match/{match}")
    other.click("button[data-join='1']")
    other.wait_for_selector(f".match[data-match='{match}'][data-seat='1'][data-ready]")
    page.fill("#chat-text", "good luck, seat 1")
    page.click(".chat-form button")
    other.wait_for_selector(".chat li:has-text('good luck, seat 1')")
    tabs = {"0": page, "1": other}
    pick = random.Random(11)
    version = 0
    for _ in range(200):
        # Only these tabs move, so once both show the same version, both agree on who acts.
        for tab in tabs.values():
            tab.wait_for_function(f"() => Number(document.querySelector('.match').dataset.version) >= {version}")
            tab.wait_for_function("() => document.querySelector('.match').dataset.status !== 'open'")
        if page.get_attribute(".match", "data-status") == "finished":
            break
        acting = tabs[pick.choice(page.get_attribute(".match", "data-to-act").split())]
        acting.bring_to_front()  # as a player switches tabs (a background tab draws slowly)
        acting.wait_for_function(READY_OR_OVER)
        click_a_legal_move(acting, pick)
        version = int(acting.get_attribute(".match", "data-version"))
    for seat, tab in tabs.items():
        tab.wait_for_selector(".match[data-status=finished]")
        assert tab.get_attribute(".match", "data-seat") == seat
    shot(other, "brillig-second-tab-finished")


def test_the_lobby_lists_open_and_live_matches(page: Any, server: ServerProcess) -> None:
    match = create(page, server, "gimble", server_bots=False)
    page.goto(f"{server.url}/play/")
    page.wait_for_selector(f"table[data-status=open] tr[data-match='{match}']")
    page.click(f"tr[data-match='{match}'] a")
    page.wait_for_selector(f".match[data-match='{match}'][data-seat=spectator][data-ready]")
    shot(page, "lobby-spectator")


def catalogue(server: ServerProcess) -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = httpx.get(f"{server.url}/v1/games", timeout=30).json()["games"]
    return games


#: Options that keep a whole match short enough to play by clicking (the house limits the games offer).
SHORT = {
    "jabberwocky": {"rounds": "2"},
    "tabby_tumble": {"max_rounds": "3"},
    "gyre": {"turn_limit": "12"},
    "jackrabbits": {"turn_limit": "3"},
    "zimby_mojo": {"round_limit": "1"},
}
GAMES = ["bandersnatch", "borogoves", "brillig", "gimble", "gyre", "jabberwocky", "jackrabbits", "mimsy", "mome",
         "slithy", "tabby_tumble", "zimby_mojo"]  # fmt: skip
SIZES = {"desktop": {"width": 1200, "height": 900}, "phone": {"width": 390, "height": 844}}
#: What sticks out past a phone's width (to say why a page scrolls sideways).
WIDE = """() => [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > 391)
  .slice(0, 6)
  .map((e) => `${e.tagName}.${e.className.baseVal ?? e.className} ${Math.round(e.getBoundingClientRect().right)}`)"""
#: From the top of the table's box to the bottom of the hand and the moves, in pixels.
ONE_SCREEN = """() => {
  const top = document.querySelector('.view .zoom').getBoundingClientRect().top;
  const parts = [...document.querySelectorAll('.moves .part.private, .moves .move-buttons')];
  return Math.max(top, ...parts.map((e) => e.getBoundingClientRect().bottom)) - top;
}"""


def test_the_catalogue_is_every_game_played_below(server: ServerProcess) -> None:
    assert sorted(g["name"] for g in catalogue(server)) == GAMES


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", GAMES)
def test_every_game_is_played_to_its_end_by_clicking_the_table(page: Any, server: ServerProcess, game: str,
                                                                size: str) -> None:  # fmt: skip
    """Each game, created from its form and played to its end by clicking what makes a move (the card, the cell, the
    die, the token; buttons for moves with no place on the table), at a desktop's and a phone's size: the table has a
    panel per seat with its name, and a screenshot of the match under way goes to tests/artifacts/."""
    page.set_viewport_size(SIZES[size])
    create(page, server, game, options=SHORT.get(game))
    match = page.get_attribute(".match", "data-match")
    seats = len(httpx.get(f"{server.url}/v1/matches/{match}", timeout=30).json()["names"])
    pick = random.Random(f"{game}-{size}")
    made = {"table": 0, "button": 0}
    for clicks in range(400):
        page.wait_for_function(READY_OR_OVER)
        if page.get_attribute(".match", "data-status") == "finished":
            break
        assert page.locator(".part.public .seat-panel").count() == seats, "a seat has no panel on the table"
        if clicks == 4:
            shot(page, f"play-{game}-{size}")
            if size == "phone":  # the table (zoomed and panned in its box), the hand and the moves: one screen
                span = page.evaluate(ONE_SCREEN)
                assert span <= SIZES["phone"]["height"], f"table, hand and moves span {span} px"
                wide = page.evaluate("() => document.querySelector('.view .zoom').scrollWidth")
                page.click(".zoom-in")  # zoomed in, the table grows within its box, which pans
                page.wait_for_function(f"() => document.querySelector('.view .zoom').scrollWidth > {wide}")
                page.click(".zoom-reset")
        made[click_a_legal_move(page, pick)] += 1
    assert page.get_attribute(".match", "data-status") == "finished", f"{game}: not over after 400 moves"
    assert made["table"] > 0, f"{game}: no move was made on the table ({made})"
    # Every line of the log in words, written by the game's module (none left to the generic field-by-field line).
    generic = page.eval_on_selector_all(".log [data-generic]", "els => els.map((e) => e.closest('li').innerText)")
    assert generic == [], f"{game}: log lines not in words: {generic[:3]}"
    # The result in words: who won and why, as the catalogue says it.
    outcome = page.inner_text("[data-outcome]")
    assert re.search(r"wins?\b|draw|Nobody won", outcome), outcome
    assert "_" not in outcome.split("\n")[1] if "\n" in outcome else True
    if size == "phone":
        wide = page.evaluate(WIDE)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390, f"the page scrolls sideways: {wide}"


#: A view of a game the page has never heard of, using every family the page draws.
UNKNOWN_VIEW = {
    "board": [[{"card": "G3", "gems": {"green": 1, "yellow": 0, "purple": 2}}, "AH"], ["P5", "TS"]],
    "map": [{"card": "Y2", "row": -1, "col": 0}, {"card": "P4", "row": 0, "col": 1}],
    "hand": ["10S", "QD"],
    "dice_pool": ["cuddle", "eat"],
    "score": 3,
    "notes": {"deep": [1, 2], "flag": True},
}


def test_a_view_of_an_unknown_game_is_drawn_by_its_shapes(page: Any, server: ServerProcess) -> None:
    """No game is named in the page: panels for every field, and each family drawn where it appears."""
    page.goto(f"{server.url}/play/")
    page.wait_for_selector(".catalogue")
    drawn = page.evaluate(
        """async (view) => {
            const { renderValue, cardName } = await import('/play/static/render.js');
            const el = renderValue(view, 'public');
            document.querySelector('main').replaceChildren(el);
            const count = (selector) => el.querySelectorAll(selector).length;
            return {
              fields: [...el.querySelectorAll(':scope > .entry > dt')].map((dt) => dt.textContent),
              grids: count('.grid'), cells: count('.grid-cell'), cards: count('[data-card]'),
              gems: count('.gem'), dice: count('.die'), queen: cardName('QD'), green: cardName('G3'),
            };
        }""",
        UNKNOWN_VIEW,
    )
    assert drawn == {
        "fields": ["Board", "Map", "Hand", "Dice pool", "Score", "Notes"],
        "grids": 2, "cells": 6, "cards": 8, "gems": 3, "dice": 2,
        "queen": "queen of diamonds", "green": "green 3",
    }  # fmt: skip
    shot(page, "unknown-game")


def test_a_match_clock_counts_down_for_the_seat_to_act(page: Any, server: ServerProcess) -> None:
    tc = {"kind": "per_decision", "limit_ms": 600_000}
    created = httpx.post(f"{server.url}/v1/matches", json={"game": "jabberwocky", "seats": 3, "bots": [1, 2],
                                                           "options": {"rounds": 1}, "time_control": tc})  # fmt: skip
    match = created.json()["match"]
    httpx.post(f"{server.url}/v1/matches/{match}/join", json={"name": "slow"})
    page.goto(f"{server.url}/play/#/match/{match}")
    page.wait_for_selector(".panel.clock:not([hidden]) [data-clock-seat]")
    assert "per decision" in page.inner_text(".panel.clock h2")
    to_act = httpx.get(f"{server.url}/v1/matches/{match}").json()["to_act"]
    line = page.locator(f'[data-clock-seat="{to_act[0]}"]')
    first = float(line.inner_text().split(": ")[1].split(" s")[0])
    assert 0 < first <= 600
    page.wait_for_function(
        f"""() => parseFloat(document.querySelector('[data-clock-seat="{to_act[0]}"]').textContent
              .split(': ')[1]) < {first}"""
    )  # it counts down between frames


#: The drawn board of the public view: its tiles, and each seat's piece with the node it stands on.
BOARD = """() => {
  const svg = document.querySelector('main svg.board[role=img]');
  if (!svg) return null;
  return {
    label: svg.querySelector(':scope > title').textContent,
    tiles: [...svg.querySelectorAll('g.tile')].map((g) => ({
      id: g.dataset.tile, title: g.querySelector('title').textContent,
    })),
    pieces: Object.fromEntries([...svg.querySelectorAll('g.piece')].map((g) => [g.dataset.seat, g.dataset.node])),
    viewBox: svg.getAttribute('viewBox'), width: svg.getBoundingClientRect().width,
  };
}"""


def test_a_board_of_tiles_is_drawn_by_its_shape_for_a_game_without_a_renderer(page: Any, server: ServerProcess) -> None:
    """A view holding a board as tiles and links (Jackrabbits' shape), in a game the page has no module for, is drawn
    as an SVG by that shape, each seat's piece on it (board.js); the pieces' field names places, not cards."""
    created = httpx.post(f"{server.url}/v1/matches", json={"game": "jackrabbits", "seats": 2, "bots": [1]}, timeout=30)
    match = created.json()["match"]
    httpx.post(f"{server.url}/v1/matches/{match}/join", json={"name": "me"}, timeout=30)
    public = httpx.get(f"{server.url}/v1/matches/{match}", timeout=30).json()["view"]["public"]
    page.goto(f"{server.url}/play/")
    page.wait_for_selector(".catalogue")
    page.evaluate(
        """async (view) => {
            const { renderValue } = await import('/play/static/render.js');
            document.querySelector('main').replaceChildren(renderValue(view, 'public', { seats: 2 }));
        }""",
        public,
    )
    drawn = page.evaluate(BOARD)
    assert sorted(t["id"] for t in drawn["tiles"]) == sorted(t["id"] for t in public["board"]["tiles"])
    assert all(t["title"] for t in drawn["tiles"]), "a tile without a title"
    nodes = {road for t in public["board"]["tiles"] for road in t["roads"]}
    on_board = {str(s): node for s, node in enumerate(public["rabbits"]) if node in nodes}
    assert on_board and drawn["pieces"] == on_board
    rhombi = sum(len(t["roads"]) == 2 for t in public["board"]["tiles"])
    assert drawn["label"].startswith(f"Board: {len(drawn['tiles'])} tiles") and f"{rhombi} rhombi" in drawn["label"]
    assert page.locator("main .entry[data-key='court']").count() == 1
    assert page.locator("main .entry[data-key='rabbits'] [data-card]").count() == 0
    page.locator("svg.board").screenshot(path=str(ARTIFACTS / "board-generic-svg.png"))


#: Jackrabbits' own drawing (games/jackrabbits.js): tiles by shape, road nodes, rabbits, and whether any two
#: tiles' shapes overlap on the screen (each taken as the circle inside its box).
JR_BOARD = """() => {
  const svg = document.querySelector('.part.public svg.jr-board');
  if (!svg) return null;
  const tiles = [...svg.querySelectorAll('g.tile')];
  const circles = tiles.map((g) => {
    const r = g.querySelector(':scope > .shape').getBoundingClientRect();
    const inside = 0.8 * Math.min(r.width, r.height) / 2;
    return { id: g.dataset.tile, x: r.x + r.width / 2, y: r.y + r.height / 2, r: inside };
  });
  const overlaps = [];
  for (const a of circles) for (const b of circles) {
    if (a.id < b.id && Math.hypot(a.x - b.x, a.y - b.y) < a.r + b.r) overlaps.push(`${a.id}/${b.id}`);
  }
  return {
    tiles: tiles.map((g) => ({
      id: g.dataset.tile, shape: g.classList[1], title: g.querySelector(':scope > title').textContent,
    })),
    nodes: [...svg.querySelectorAll('g.road-node')].map((g) => g.dataset.node).sort(),
    rabbits: Object.fromEntries([...svg.querySelectorAll('g.rabbit')].map((g) => [g.dataset.seat, g.dataset.node])),
    targets: [...svg.querySelectorAll('.act')].map((g) => g.dataset.node ?? g.dataset.tile).sort(),
    overlaps, smallest: Math.min(...circles.map((c) => c.r)), width: svg.getBoundingClientRect().width,
  };
}"""


def test_jackrabbits_is_drawn_as_its_rulebook_lays_the_board_out_with_nothing_folded(
    page: Any, server: ServerProcess
) -> None:
    """Houses as hexes, trailways as rhombi with each of their two roads a target of its own, forks, taverns and
    holes as triangles, no two tiles on top of each other; every rabbit on its node; the dice, the pile, the
    discards and the court on the table, each seat's royals, carrots and hand beside its name, nothing folded away.
    At a phone's width the board keeps the page from scrolling sideways and zooms in its box."""
    match = create(page, server, "jackrabbits", seats=2)
    page.wait_for_function(READY_OR_OVER)
    state = httpx.get(f"{server.url}/v1/matches/{match}", headers=seat_token(page, match), timeout=30).json()
    page.wait_for_function(f"() => Number(document.querySelector('.match').dataset.version) >= {state['version']}")
    public = state["view"]["public"]
    drawn = page.evaluate(JR_BOARD)
    shapes = {"citadel": "hex", "tower": "hex", "palace": "hex", "plaza": "hex", "underground": "hex",
              "mountain": "rhombus", "river": "rhombus", "woods": "rhombus",
              "fork": "triangle", "tavern": "triangle", "hole": "triangle"}  # fmt: skip
    assert sorted((t["id"], t["shape"]) for t in drawn["tiles"]) == sorted(
        (t["id"], shapes[t["kind"]]) for t in public["board"]["tiles"])  # fmt: skip
    assert all(t["title"] for t in drawn["tiles"]), "a tile without a title"
    assert drawn["overlaps"] == [], f"tiles drawn on top of each other: {drawn['overlaps']}"
    assert drawn["nodes"] == sorted(r for t in public["board"]["tiles"] if len(t["roads"]) == 2 for r in t["roads"])
    assert drawn["rabbits"] == {str(s): node for s, node in enumerate(public["rabbits"])}
    # what the seat may do on the board is outlined there: each go or transfer's destination
    legal = state.get("legal") or []
    destinations = sorted({m["to"] for m in legal if "to" in m})
    assert all(d in drawn["targets"] for d in destinations), (destinations, drawn["targets"])
    # nothing folded away: the court, the dice, the pile and the discards on the table, values beside each seat
    assert page.locator(".part.public details").count() == 0
    for zone in ("Dice", "Pile", "Discards", "The court"):
        assert page.locator(f".part.public .zone[data-zone='{zone}']").count() == 1, zone
    court = page.eval_on_selector_all(".part.public .zone[data-zone='The court'] [data-card]", CARDS)
    assert court == public["court"]
    assert page.locator(".part.public .zone[data-zone='Dice'] .die").count() == len(public["dice"])
    for s in range(2):
        said = page.inner_text(f".part.public .seat-panel[data-seat='{s}'] .seat-values")
        for key in ("on", "royals", "carrots", "hand"):
            assert key in said, (key, said)
    shot(page, "board-jackrabbits")
    page.locator("svg.jr-board").screenshot(path=str(ARTIFACTS / "board-jackrabbits-svg.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function("() => document.querySelector('svg.jr-board').getBoundingClientRect().width < 390")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390, "the page scrolls sideways"
    small = page.evaluate(JR_BOARD)
    assert small["width"] > 300, "the board is not given the phone's width"
    assert small["overlaps"] == []
    page.click(".zoom-in")
    page.click(".zoom-in")
    grown = small["width"] * 1.4
    page.wait_for_function(f"() => document.querySelector('svg.jr-board').getBoundingClientRect().width > {grown}")
    shot(page, "board-jackrabbits-phone")
    page.locator(".view .zoom").screenshot(path=str(ARTIFACTS / "board-jackrabbits-svg-phone.png"))


# -- Zimby Mojo: a board of square cells with creatures, tile marks and tribal boards (grid.js) ---------------------

#: The drawn grid board under ``root``: tiles by kind, pieces, tribal boards, marks, routes, tokens and the legend.
GRID = """(root) => {
  const svg = document.querySelector(`${root} svg.grid-board[role=img]`);
  if (!svg) return null;
  const all = (selector) => [...svg.querySelectorAll(selector)];
  const count = (list, key) => list.reduce((n, e) => ({ ...n, [e.dataset[key]]: (n[e.dataset[key]] ?? 0) + 1 }), {});
  return {
    label: svg.querySelector(':scope > title').textContent,
    kinds: count(all('g.tile'), 'kind'),
    untitled: all('g.tile, g.piece, g.seat-board, g.mark, g.token')
      .filter((g) => !g.querySelector('title')?.textContent).length,
    pieces: Object.fromEntries(all('g.piece').map((g) => [g.dataset.piece, g.dataset.tile])),
    depleted: all('g.piece.depleted').map((g) => g.dataset.piece).sort(),
    in_combat: all('g.piece.in-combat').map((g) => g.dataset.piece).sort(),
    shares: Object.fromEntries(all('g.piece').map((g) => [
      g.dataset.piece, [...g.querySelectorAll('.share')].map((s) => Number(s.dataset.seat)),
    ])),
    labels: Object.fromEntries(all('g.piece').map((g) => [
      g.dataset.piece, g.querySelector('.piece-label').textContent,
    ])),
    tribes: Object.fromEntries(all('g.seat-board').map((g) => [g.dataset.seat, g.dataset.entry])),
    marks: count(all('g.mark'), 'key'),
    overlays: all('g.mark.overlay').map((g) => `${g.dataset.kind} ${g.dataset.tile}`).sort(),
    sides: all('g.mark.overlay').map((g) => `${g.dataset.kind} ${g.dataset.tile} ${g.dataset.side}`).sort(),
    barred: all('g.mark.barred').map((g) => g.dataset.tile).sort(),
    routes: count(all('line.route-step'), 'route'),
    walls: all('.wall').length,
    tokens: Object.fromEntries(all('g.token').map((g) => [g.dataset.key, g.dataset.on])),
    actions: Object.fromEntries(all('g.action').map((g) => [g.dataset.key, [g.dataset.from, g.dataset.to]])),
    targets: { tiles: all('g.tile.target').map((g) => g.dataset.tile).sort(),
               pieces: all('g.piece.target').map((g) => g.dataset.piece).sort() },
    legend: [...svg.closest('figure').querySelectorAll('.legend .meaning')].map((m) => m.textContent),
    width: svg.getBoundingClientRect().width,
  };
}"""


def zimby_expected(public: dict[str, Any]) -> dict[str, Any]:
    """What the drawing of a Zimby Mojo public view must show, worked out from the view itself."""
    board = public["board"]
    kinds: dict[str, int] = {}
    for t in board["tiles"]:
        kinds[t["kind"]] = kinds.get(t["kind"], 0) + 1
    creatures = [*public["columns"], *public["zombies"], *public["thugs"], public["king"]]
    routes = {board["sanctum_route"]["name"]: len(board["sanctum_route"]["tiles"])}
    routes |= {r["name"]: len(r["tiles"]) for r in board["outer_routes"]}
    at = {(t["x"], t["y"]): t["id"] for t in board["tiles"]}
    links = {frozenset(pair) for pair in board["links"]}
    beside = [(here, at.get((x + 1, y))) for (x, y), here in at.items()]
    beside += [(here, at.get((x, y + 1))) for (x, y), here in at.items()]
    walls = sum(1 for here, there in beside if there and frozenset((here, there)) not in links)  # a barracks' walls
    crown = public["crown"]
    actions = {}  # an attack waiting for the defender's shaman, a request to join a column: arrows
    if public["pending_attack"] is not None:
        actions["pending_attack"] = [public["pending_attack"]["attacker"], public["pending_attack"]["target"]]
    if public["request"] is not None and public["request"]["target"] is not None:
        actions["request"] = [public["request"]["column"], public["request"]["target"]]
    return {
        "kinds": kinds,
        "pieces": {c["id"]: c["tile"] for c in creatures if c["tile"] is not None},
        "depleted": sorted(c["id"] for c in creatures if c.get("active") is False and c["tile"] is not None),
        "in_combat": sorted(c["id"] for c in creatures if c.get("in_combat") is True and c["tile"] is not None),
        "tribes": {str(t["seat"]): t["entry"] for t in public["tribes"]},
        "overlays": sorted(f"{o['kind']} {o['tile']}" for o in public["obstacles"]),
        "sides": sorted(f"{o['kind']} {o['tile']} {o['side']}" for o in public["obstacles"]),  # A, then B
        "barred": sorted(w["tile"] for w in public["wards"] if not w["open"]),
        "routes": routes,
        "walls": walls,
        "tokens": {} if crown is None else {"crown": crown["carrier"] or crown["tile"]},
        "actions": actions,
    }


def zimby_views() -> dict[str, dict[str, Any]]:
    """Real tables of Zimby Mojo, played from a seed: random moves (scrolls among them) until a zombie walks and a
    column holds two tribes, until an attack waits for the defender's shaman, until a column asks to join another,
    until a creature is depleted, until one is in combat, until two entries wait on the stack; and the test bots'
    match of four until a column carries the Crown of the dead King."""
    rules = Rules(ZimbyMojo())
    found: dict[str, dict[str, Any]] = {}
    wanted: dict[str, Callable[[Any], bool]] = {
        "zombie": lambda pub: bool(pub.zombies) and any(len(c.zimbies) > 1 for c in pub.columns),
        "attack": lambda pub: pub.pending_attack is not None,
        "join": lambda pub: pub.request is not None and pub.request.target is not None,
        "depleted": lambda pub: any(not c.active for c in [*pub.columns, *pub.zombies, *pub.thugs]),
        "combat": lambda pub: any(c.in_combat for c in [*pub.columns, *pub.zombies, *pub.thugs]),
        "stack": lambda pub: len(pub.stack.entries) >= 2,
    }
    for seed in range(60):  # the first random match (by seed) that gets there
        table, rng = rules.setup(rules.parse_options({}), 4, seed)
        pick = random.Random(seed)
        while rules.outcome(table) is None and not set(wanted) <= set(found):
            for name, here in wanted.items():
                if name not in found and here(table.public):
                    found[name] = rules.view(table, None)["public"]
            (seat,) = rules.to_act(table)
            # A kind of move first, then one of its moves: the many scroll moves (card x target x channel) would
            # otherwise crowd out the rest.
            legal = rules.legal_moves(table, seat)
            kind = pick.choice(sorted({m.type for m in legal}))
            rules.act(table, rng, seat, rules.dump_move(pick.choice([m for m in legal if m.type == kind])))
    assert set(found) == set(wanted), f"random matches did not reach {set(wanted) - set(found)}"
    for seed in range(5, 10):
        table, rng = rules.setup(rules.parse_options({}), 4, seed)
        bot = Bot()
        while rules.outcome(table) is None:
            if table.public.crown is not None and table.public.crown.carrier is not None:
                found["crown"] = rules.view(table, None)["public"]
                break
            (seat,) = rules.to_act(table)
            rules.act(table, rng, seat, rules.dump_move(bot.choose(table, seat, rules.legal_moves(table, seat))))
        if "crown" in found:
            break
    assert "crown" in found, "in no bots' match did a column carry the Crown"
    return found


def test_zimby_mojo_views_are_drawn_with_the_creatures_where_the_view_says(page: Any, server: ServerProcess) -> None:
    """The board of square cells, its creatures, the King's obstacles, wards and tribal boards, from real tables."""
    page.goto(f"{server.url}/play/")
    page.wait_for_selector(".catalogue")
    scrolls = scroll_catalogue(server)
    tiles = {t.id for t in ZIMBY_BOARD.tiles}
    for name, public in zimby_views().items():
        # Moves naming each column twice: as the creature to go and as a tile to step to. Column "c5" and tile
        # c5 share a name; the field tells them apart.
        legal = [
            {"type": t, field: c["id"]} for c in public["columns"] for t, field in (("go", "creature"), ("step", "to"))
        ]
        page.evaluate(
            """async ([view, seats, legal]) => {
                const { renderValue } = await import('/play/static/render.js');
                const games = await (await fetch('/v1/games')).json();
                const components = games.games.find((g) => g.name === 'zimby_mojo').components;
                const part = document.createElement('div');
                part.className = 'part public';
                part.append(renderValue(view, 'public', { seats, legal, components }));
                document.querySelector('main').replaceChildren(part);
            }""",
            [public, public["seats"], legal],
        )
        # The stack, top first, each entry's card by name; the discard pile as the catalogue's cards.
        entries = public["stack"]["entries"]
        assert [e["id"] for e in page.evaluate(STACK)] == [e["id"] for e in reversed(entries)], name
        named = [scrolls[e["card"]]["name"] if e["kind"] == "scroll" else None for e in reversed(entries)]
        assert [e["what"] if e["kind"] == "scroll" else None for e in page.evaluate(STACK)] == named, name
        shown = page.evaluate(SCROLL_CARDS, ".part.public [data-key=discards]")
        assert [card["key"] for card in shown] == public["discards"], name
        drawn = page.evaluate(GRID, ".part.public")
        named = sorted(c["id"] for c in public["columns"] if c["tile"] in tiles or c["tile"].startswith("home"))
        assert drawn["targets"] == {"pieces": named, "tiles": sorted(set(named) & tiles)}, name
        expected = zimby_expected(public)
        for key, value in expected.items():
            assert drawn[key] == value, f"{name}: {key}"
        assert drawn["untitled"] == 0, f"{name}: a tile, piece or mark without a title"
        marks = {key: len(public[key]) for key in ("shrines", "wards", "rituals", "obstacles") if public[key]}
        assert drawn["marks"] == marks, name
        for c in public["columns"]:  # a column is drawn in its tribes' colours, with its count
            assert drawn["shares"][c["id"]] == ([] if len(c["zimbies"]) == 1 else sorted(int(s) for s in c["zimbies"]))
            assert drawn["labels"][c["id"]] == str(sum(c["zimbies"].values()))
        assert drawn["label"].startswith(f"Board: 17 by 17 cells, {len(public['board']['tiles'])} tiles")
        for kind in ("Shrine", "Portal", "Barracks", "Warded entry", "Ritual tile", "Thug start"):
            assert f"{kind} (4)" in drawn["legend"], kind
        assert "Blood mist (1)" in drawn["legend"] and "Entry point (8)" in drawn["legend"]
        shot(page, f"board-zimby-mojo-{name}")
    page.locator("svg.grid-board").screenshot(path=str(ARTIFACTS / "board-zimby-mojo-svg.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function("() => document.querySelector('svg.grid-board').getBoundingClientRect().width < 390")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390, "the page scrolls sideways"
    assert page.evaluate(GRID, ".part.public")["width"] > 300, "the board is not given the phone's width"
    shot(page, "board-zimby-mojo-phone")


#: The scrolls drawn under ``root``: each card's key, name, cost, type and text as the page shows them.
SCROLL_CARDS = """(root) => [...document.querySelectorAll(`${root} .card.component`)].map((c) => ({
  key: c.dataset.card, family: c.dataset.component, small: c.classList.contains('small'),
  name: c.querySelector('.component-name')?.textContent, cost: c.querySelector('.component-cost')?.textContent,
  type: c.querySelector('.component-type')?.textContent ?? null,
  text: c.querySelector('.component-text')?.textContent ?? null,
}))"""
#: The stack as drawn: its entries top first, with what each says and whether it is marked nixed or on top.
STACK = """() => [...document.querySelectorAll('.part.public ol.stack > li.stack-entry')].map((li) => ({
  id: Number(li.dataset.entry), kind: li.dataset.kind, what: li.querySelector('.stack-what').textContent,
  said: li.querySelector('.stack-said').textContent,
  nixed: li.classList.contains('nixed') && !!li.querySelector('.nixed-mark'),
  top: li.classList.contains('top'),
}))"""


def scroll_catalogue(server: ServerProcess) -> dict[str, dict[str, Any]]:
    """The scroll cards as the catalogue publishes them (``GET /v1/games/zimby_mojo``), by key."""
    game = httpx.get(f"{server.url}/v1/games/zimby_mojo", timeout=30).json()
    return {card["key"]: card for card in game["components"]["scrolls"]}


def as_printed(card: dict[str, Any], small: bool = False) -> dict[str, Any]:
    """What the page must show of a catalogue card: all of it, or its name and cost on a small card."""
    return {
        "key": card["key"], "family": "scrolls", "small": small, "name": card["name"], "cost": str(card["cost"]),
        "type": None if small else card["type"], "text": None if small else card["text"],
    }  # fmt: skip


def test_zimby_mojo_scrolls_are_drawn_from_the_catalogue_and_the_stack_top_first(
    page: Any, server: ServerProcess
) -> None:
    """A real table with the worked example "Round X + 2"'s stack on it (Bungle, Blow Guns, Nix, Nix; Yellow's Nix
    has resolved and nixed Blue's), an incantation in play, conjured obstacles A and B side up and a hand of scrolls:
    the hand is drawn as the catalogue's cards, the stack top first with the nixed entry marked, the incantation as
    its card with who chants it for whom, the obstacles with their sides, and scroll moves as "card → target"."""
    catalogue = scroll_catalogue(server)
    rules = Rules(ZimbyMojo())
    table, _ = rules.setup(rules.parse_options({"first_player": 1}), 2, 7)
    pub = table.public
    blue, yellow = 0, 1
    floor = [t.id for t in ZIMBY_BOARD.tiles if t.kind == "floor"]
    a, b, e = floor[40], floor[44], floor[48]
    pub.columns += [
        Column(id="c1", tile=a, zimbies={yellow: 1}, crown=yellow),
        Column(id="c2", tile=b, zimbies={blue: 1}),
    ]
    pub.obstacles += [Obstacle(tile=a, kind="entangling_vines"), Obstacle(tile=e, kind="deadly_vines", side="B")]
    pub.stack = Stack(
        entries=[
            Cast(id=0, pusher=blue, card="bungle", scroll_type="witchery", channel="c2", targets=["c1"], cost=3),
            Cast(id=1, pusher=yellow, card="blow_guns", scroll_type="witchery", channel="c1", targets=["c2"], cost=1),
            Cast(id=2, pusher=blue, card="nix", scroll_type="ritual", targets=["#1"], nixes=1, cost=2, nixed=True),
        ],
        next_id=4,
    )
    pub.incantations = [Incantation(id=9, card="war_chant", caster=blue, target=blue, value=1)]
    hand = ["lil_bits_o_armor", "nix", "energy", "hoarders_hum"]
    table.private[blue].hand = hand
    view = rules.view(table, blue)
    legal = [
        {"type": "scroll", "card": "lil_bits_o_armor", "target": "c2", "channel": "c2"},
        {"type": "scroll", "card": "nix", "target": "#1", "channel": None},
        {"type": "scroll", "card": "energy", "target": "seat0", "channel": None},
        {"type": "pass"},
    ]
    page.goto(f"{server.url}/play/")
    page.wait_for_selector(".catalogue")
    labels = page.evaluate(
        """async ([view, seats, legal]) => {
            const { renderValue, moveLabel } = await import('/play/static/render.js');
            const games = await (await fetch('/v1/games')).json();
            const components = games.games.find((g) => g.name === 'zimby_mojo').components;
            const pub = document.createElement('div');
            pub.className = 'part public';
            pub.append(renderValue(view.public, 'public', { seats, legal, components }));
            const own = document.createElement('div');
            own.className = 'part private';
            own.append(renderValue(view.private, 'private', { components }));
            document.querySelector('main').replaceChildren(pub, own);
            return legal.map((m) => moveLabel(m, components));
        }""",
        [view, 2, legal],
    )
    # The hand: every card as the catalogue prints it, in the hand's order.
    assert page.evaluate(SCROLL_CARDS, ".part.private [data-key=hand]") == [as_printed(catalogue[key]) for key in hand]
    # The stack, top first: what each entry is, who cast it at what, the nixed one marked, the top one resolving first.
    assert page.evaluate(STACK) == [
        {"id": 2, "kind": "scroll", "what": "Nix", "said": "nixes #1 Blow Guns by seat 0", "nixed": True, "top": True},
        {"id": 1, "kind": "scroll", "what": "Blow Guns", "said": "→ c2 via c1 by seat 1", "nixed": False, "top": False},
        {"id": 0, "kind": "scroll", "what": "Bungle", "said": "→ c1 via c2 by seat 0", "nixed": False, "top": False},
    ]
    on_stack = page.evaluate(SCROLL_CARDS, ".part.public ol.stack")
    assert on_stack == [as_printed(catalogue[key], small=True) for key in ("nix", "blow_guns", "bungle")]
    # The incantation in play: its card whole, with its caster, target and value on it.
    (chant,) = page.evaluate(SCROLL_CARDS, ".part.public [data-key=incantations]")
    assert chant == as_printed(catalogue["war_chant"])
    said = page.inner_text(".part.public [data-key=incantations] .on-card")
    assert all(word in said for word in ("Caster", "Target", "Value")), said
    # The conjured obstacles, over their tiles with their sides; the targets of the scroll moves outlined.
    drawn = page.evaluate(GRID, ".part.public")
    assert drawn["sides"] == zimby_expected(view["public"])["sides"]
    assert f"entangling_vines {a} A" in drawn["sides"] and f"deadly_vines {e} B" in drawn["sides"]
    assert "c2" in drawn["targets"]["pieces"]
    # The moves, readably: the card's name, then its target and channel.
    assert labels == ["scroll: Lil' Bits o' Armor → c2 via c2", "scroll: Nix → #1", "scroll: Energy → seat0", "pass"]
    shot(page, "zimby-mojo-scrolls")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function("() => document.querySelector('svg.grid-board').getBoundingClientRect().width < 390")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390, "the page scrolls sideways"
    shot(page, "zimby-mojo-scrolls-phone")


TARGETS = "els => els.map((e) => e.dataset.tile).sort()"


def seat_token(tab: Any, match: str) -> dict[str, str]:
    """The Authorization header of the seat this tab plays (its token is kept in localStorage)."""
    token = tab.evaluate(f"() => JSON.parse(localStorage.getItem('vorpal.seats.{match}'))[0]")
    return {"Authorization": f"Bearer {token}"}


#: The element that makes ``move`` (its fields in any order), or else the step towards it that narrows the most.
TOWARDS = """(move) => {
    const same = (m) => Object.keys(m).length === Object.keys(move).length
      && Object.entries(move).every(([k, v]) => m[k] === v);
    const makes = [...document.querySelectorAll('[data-move]:not([disabled])')]
      .find((e) => same(JSON.parse(e.dataset.move)));
    if (makes) return makes;
    const steps = [...document.querySelectorAll('[data-pick]')]
      .map((e) => [e, JSON.parse(e.dataset.pick)]).filter(([, ms]) => ms.some(same));
    steps.sort((a, b) => a[1].length - b[1].length);
    return steps.length ? steps[0][0] : null;
}"""


def click_the_move(tab: Any, move: dict[str, Any]) -> None:
    """Click what makes this legal move on the page (step by step for a multi-decision one), then wait for the match
    to move on."""
    version = tab.get_attribute(".match", "data-version")
    for _ in range(10):
        found = tab.evaluate_handle(TOWARDS, move).as_element()
        assert found is not None, f"nothing on the page makes {move}"
        if found.get_attribute("data-move") is not None:
            found.click()
            tab.wait_for_function(f"() => document.querySelector('.match').dataset.version !== '{version}'")
            return
        before = tab.get_attribute(".match", "data-picking")
        found.click()
        tab.wait_for_function(f"() => document.querySelector('.match').dataset.picking !== '{before}'")
    raise AssertionError(f"{move} not made in 10 steps")


def test_a_zimby_mojo_match_is_drawn_and_played_by_clicking(page: Any, server: ServerProcess) -> None:
    """A match created from the form: its board drawn as the view says after every click, on a desktop and a phone."""
    match = create(page, server, "zimby_mojo", seats=2, options={"first_player": "0"})
    pick = random.Random(23)
    scrolls = scroll_catalogue(server)

    def drawn_as_the_server_says() -> dict[str, Any]:
        # Seat 0 is to act (or the match is over): nobody else moves, so the page and REST agree.
        page.wait_for_function(READY_OR_OVER)
        state = httpx.get(f"{server.url}/v1/matches/{match}", timeout=30).json()
        page.wait_for_function(f"() => Number(document.querySelector('.match').dataset.version) >= {state['version']}")
        public: dict[str, Any] = state["view"]["public"]
        drawn = page.evaluate(GRID, ".part.public")
        for key, value in zimby_expected(public).items():
            assert drawn[key] == value, f"v{state['version']}: {key}"
        # The seat's hand drawn as the catalogue's cards; its scroll moves said as "card → target via channel".
        seat = httpx.get(f"{server.url}/v1/matches/{match}", headers=seat_token(page, match), timeout=30).json()
        if seat["version"] == state["version"]:
            own = seat["view"]["private"]
            for part in ("hand", "winnowing"):  # the hand, and the cards a Ritual of Winnowing drew
                drawn = page.evaluate(SCROLL_CARDS, f".part.private [data-key={part}]")
                assert drawn == [as_printed(scrolls[key]) for key in own[part]], part
            for button in page.eval_on_selector_all(
                "button.move", "els => els.map((e) => [e.dataset.move, e.textContent])"
            ):
                move, label = json.loads(button[0]), button[1]
                if move["type"] == "scroll":
                    via = f" via {move['channel']}" if move.get("channel") else ""
                    said = {"type", "card", "target", "channel"}
                    extra = [f"{k.replace('_', ' ')} {v}" for k, v in move.items() if k not in said and v]
                    expected = f"scroll: {scrolls[move['card']]['name']} → {move['target']}{via}"
                    assert label == ", ".join([expected, *extra]), label
        return public

    public = drawn_as_the_server_says()
    assert public["turn"] == 0 and public["tribes"][0]["active"] == 8
    shot(page, "game-zimby-mojo")
    # Send one zimby from the tribal board: a column of one stands on seat 0's tribal board ("home0")...
    click_the_move(page, {"type": "send", "count": 1})
    public = drawn_as_the_server_says()
    (column,) = public["columns"]
    assert column["tile"] == "home0" and page.locator(f"g.piece[data-piece={column['id']}].moving").count() == 1
    # ... the tiles its legal steps name are outlined on the board, the step in their titles ...
    legal = httpx.get(f"{server.url}/v1/matches/{match}/legal", headers=seat_token(page, match), timeout=30).json()
    steps = sorted(m["to"] for m in legal["moves"] if m["type"] == "step" and not m["to"].startswith("home"))
    assert steps and page.eval_on_selector_all("svg.grid-board g.tile.target", TARGETS) == steps
    entry = public["tribes"][0]["entry"]
    assert f"step: to {entry}" in page.locator(f"svg.grid-board g.tile[data-tile={entry}] > title").text_content()
    # ... and its first step takes it onto the entry point, where the board draws it.
    click_the_move(page, {"type": "step", "to": entry})
    public = drawn_as_the_server_says()
    assert [c["tile"] for c in public["columns"]] == [entry]
    assert page.get_attribute(f"g.piece[data-piece={column['id']}]", "data-tile") == entry
    for _ in range(40):  # and on: any legal move, the board redrawn as the server says each time
        if page.get_attribute(".match", "data-status") == "finished":
            break
        click_a_legal_move(page, pick)
        public = drawn_as_the_server_says()
    assert public["round"] > 1 or public["columns"], "the match did not move on"
    shot(page, "game-zimby-mojo-played")
    # A spectator on a phone sees the same board, with nothing outlined (it has no moves).
    watcher = page.context.browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    watcher.set_default_timeout(WAIT_MS)
    watcher.goto(f"{server.url}/play/#/match/{match}")
    watcher.wait_for_selector(".match[data-ready]")
    version = page.get_attribute(".match", "data-version")
    watcher.wait_for_function(f"() => document.querySelector('.match').dataset.version === '{version}'")
    seen, drawn = watcher.evaluate(GRID, ".part.public"), page.evaluate(GRID, ".part.public")
    mine = ("width", "targets", "legend")  # the seat's moves are outlined (and explained); the spectator has none
    assert {k: v for k, v in seen.items() if k not in mine} == {k: v for k, v in drawn.items() if k not in mine}
    assert seen["targets"] == {"tiles": [], "pieces": []} and set(seen["legend"]) <= set(drawn["legend"])
    assert watcher.evaluate("() => document.documentElement.scrollWidth") <= 390, "the page scrolls sideways"
    shot(watcher, "game-zimby-mojo-spectator-phone")
    watcher.context.close()
    page.locator("svg.grid-board").screenshot(path=str(ARTIFACTS / "game-zimby-mojo-svg.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function("() => document.querySelector('svg.grid-board').getBoundingClientRect().width < 390")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390, "the page scrolls sideways"
    shot(page, "game-zimby-mojo-phone")


def test_the_root_leads_to_the_playground(server: ServerProcess) -> None:
    answer = httpx.get(f"{server.url}/", timeout=30)
    assert answer.status_code == 308 and answer.headers["location"] == "/play/"


def test_a_timed_match_from_the_form_marks_the_moves_the_clock_made(page: Any, server: ServerProcess) -> None:
    """The new-match form's time control makes a clocked match; a seat that does not move is moved by the clock,
    and the log says so; the connection indicator says the page is live."""
    page.goto(f"{server.url}/play/#/new/mimsy")
    page.wait_for_selector("form.new-match")
    page.select_option("#clock-kind", "per_decision")
    page.fill("#clock-seconds", "0.5")
    page.select_option("#clock-timeout", "random_move")
    page.click("button[type=submit]")
    page.wait_for_function(READY_OR_REFUSED)
    assert page.is_hidden("#notice"), page.inner_text("#notice")
    match = page.get_attribute(".match", "data-match")
    state = httpx.get(f"{server.url}/v1/matches/{match}", timeout=30).json()
    assert state["clock"]["kind"] == "per_decision"
    page.wait_for_selector(".connection[data-connected=true]")
    page.wait_for_selector(".log li.timeout .clock-made")
    shot(page, "clock-made-moves")
    # Read again from the REST log (a reload): the moves the clock made before it are still marked.
    marked = min(int(v) for v in page.eval_on_selector_all(".log li.timeout", "els => els.map(e => e.dataset.version)"))
    page.reload()
    page.wait_for_selector(f".log li.timeout[data-version='{marked}'] .clock-made")


def test_the_form_offers_the_ai_levels_for_each_bot_seat(page: Any, server: ServerProcess) -> None:
    """Each bot seat's strength is picked from the catalogue's levels (the default selected); level 1 stays a
    random bot (a bare seat number), a stronger one goes as ``{seat, level}``."""
    page.goto(f"{server.url}/play/#/new/brillig")
    page.wait_for_selector("form.new-match")
    catalogue = httpx.get(f"{server.url}/v1/games/brillig", timeout=30).json()["bot_levels"]
    offered = page.eval_on_selector_all("select[name=level-1] option", "os => os.map(o => Number(o.value))")
    assert offered == [lv["level"] for lv in catalogue]
    default = next(lv["level"] for lv in catalogue if lv["default"])
    assert int(page.input_value("select[name=level-1]")) == default
    page.select_option("select[name=level-1]", "4")
    with page.expect_request(lambda r: r.method == "POST" and r.url.endswith("/v1/matches")) as sent:
        page.click("button[type=submit]")
    assert json.loads(sent.value.post_data or "{}")["bots"] == [{"seat": 1, "level": 4}]
    page.wait_for_function(READY_OR_REFUSED)
    assert page.is_hidden("#notice"), page.inner_text("#notice")


def test_a_move_is_picked_step_by_step_with_a_cancel_and_the_debug_drawer_shows_and_sends(
    page: Any, server: ServerProcess
) -> None:
    """Bandersnatch's play is a card and a space: the card first narrows the moves (a cancel undoes it), the space
    makes the move. The debug drawer shows the raw view and the legal moves, sends a move typed as JSON, steps back
    through the log and links to the other seats this browser holds."""
    match = create(page, server, "bandersnatch")
    page.wait_for_function(READY_OR_OVER)
    legal = httpx.get(f"{server.url}/v1/matches/{match}/legal", headers=seat_token(page, match), timeout=30).json()
    plays = [m for m in legal["moves"] if m["type"] == "play"]
    card = plays[0]["card"]
    step(page, f".part.private [data-card='{card}'][data-pick]")
    assert page.locator(".part.private [data-card].chosen").count() == 1
    assert page.locator(".move-buttons").count() == 0  # the rest of the move is on the table
    page.click("button.cancel")
    page.wait_for_function("() => document.querySelector('.match').dataset.picking === ''")
    version = page.get_attribute(".match", "data-version")
    click_the_move(page, plays[0])
    assert page.get_attribute(".match", "data-version") != version
    # the drawer
    page.click(".debug summary")
    page.wait_for_function(READY_OR_OVER)
    state = httpx.get(f"{server.url}/v1/matches/{match}", headers=seat_token(page, match), timeout=30).json()
    page.wait_for_function(f"() => document.querySelector('.match').dataset.version === '{state['version']}'")
    page.click(".debug summary")
    page.click(".debug summary")
    assert json.loads(page.inner_text("[data-debug=view]")) == state["view"]
    moves = json.loads(page.inner_text("[data-debug=legal]"))
    assert moves and all(m in state["legal"] for m in moves)
    version = page.get_attribute(".match", "data-version")
    page.fill("#debug-move", json.dumps(moves[-1]))
    page.click(".debug-send")
    page.wait_for_function(f"() => document.querySelector('.match').dataset.version !== '{version}'")
    page.click(".debug-stepper button[aria-label='One event back']")
    assert "version" in page.inner_text(".debug-stepper output")
    assert page.locator(".debug-stepped pre").count() == 1
    assert page.locator(".debug-seats li").count() >= 2
    shot(page, "debug-drawer")


#: Move the drawer's stepper to a version, as dragging it does.
STEP_TO = "(el, v) => { el.value = String(v); el.dispatchEvent(new Event('input')); }"


def test_the_debug_drawer_steps_back_through_versions_this_page_never_saw_as_the_seat_saw_them(
    page: Any, server: ServerProcess
) -> None:
    """After a reload the page holds no past view: stepping back asks the server for each version, replayed for this
    seat. The stepped table shows the seat's hand as it was then, and no card the seat's view of that version lacks."""
    match = create(page, server, "jabberwocky", options={"rounds": "1"})
    pick = random.Random(3)
    for _ in range(3):
        page.wait_for_function(READY_OR_OVER)
        click_a_legal_move(page, pick)
    page.wait_for_function(READY_OR_OVER)  # the bots have answered: the reload finds the match at rest, so every
    page.reload()  # version before the one it loads is one this page never saw (none arrives live after it)
    page.wait_for_function(READY_OR_OVER)
    page.click(".debug summary")
    now = int(page.get_attribute(".match", "data-version"))
    page.wait_for_function(f"() => document.querySelector('#debug-step').max === '{now}'")
    for version in (0, now // 2, now - 1):
        page.eval_on_selector("#debug-step", STEP_TO, version)
        table = f".debug-stepped[data-version='{version}'] [data-debug=stepped-table][data-source=replayed]"
        page.wait_for_selector(table)
        then = httpx.get(f"{server.url}/v1/matches/{match}/versions/{version}", headers=seat_token(page, match),
                         timeout=30).json()  # fmt: skip
        shown = page.eval_on_selector_all(f"{table} [data-card]", CARDS)
        hand = page.eval_on_selector_all(f"{table} [data-part=private-then] [data-card]", CARDS)
        assert sorted(hand) == sorted(then["view"]["private"]["hand"])
        assert set(shown) <= cards(set(_strings(then["view"]))), f"version {version} shows more than the seat saw"
    # a version beyond the match's current one is refused, and the drawer says so
    page.eval_on_selector("#debug-step", "(el, v) => { el.max = String(v); }", now + 5)
    page.eval_on_selector("#debug-step", STEP_TO, now + 5)
    page.wait_for_selector(".debug-stepped .debug-error")
    assert "Version not found" in page.inner_text(".debug-stepped .debug-error")
    shot(page, "debug-drawer-stepped-back")


#: Draw a table, word the moves left for buttons and the event, as the match page does; what failed or fell back.
DRAW_AND_WORD = """async (samples) => {
  const { drawTable, logFor, wordsFor } = await import('/play/static/games/index.js');
  const { Picker } = await import('/play/static/picker.js');
  const games = await (await fetch('/v1/games')).json();
  const failed = [];
  const warn = console.warn;
  console.warn = (...args) => failed.push(`fell back: ${args.map(String).join(' ')}`);
  try {
    for (const { state, seat, event } of samples) {
      const components = games.games.find((g) => g.name === state.game).components ?? {};
      const nameOf = (s) => `player ${s}`;
      try {
        const picker = new Picker(state.legal, () => {}, () => {});
        drawTable({ state, seat, game: null, components, picker, nameOf, hold: {} });
        for (const m of picker.leftOver()) wordsFor(state.game, m, { components, nameOf });
        const line = logFor(state.game, event, { components, nameOf, seat });
        if (line.querySelector('[data-generic]')) failed.push(`not in words: ${JSON.stringify(event).slice(0, 200)}`);
      } catch (err) {
        failed.push(`${err}: ${err.stack} at ${JSON.stringify(event).slice(0, 200)}`);
      }
    }
  } finally {
    console.warn = warn;
  }
  return failed;
}"""


def tables_of(game: str, seed: int, moves: int) -> list[dict[str, Any]]:
    """``moves`` random moves of a match of ``game`` at its fewest seats: the state each mover saw after each, and
    its part of the event (the same redaction the server applies)."""
    rules = games_catalogue.get(game)
    seats = rules.game.min_seats
    table, rng = rules.setup(rules.parse_options({}), seats, seed)
    pick = random.Random(seed)
    out: list[dict[str, Any]] = []
    for _ in range(moves):
        if rules.outcome(table) is not None:
            break
        seat = pick.choice(rules.to_act(table))
        legal = rules.legal_moves(table, seat)
        kind = pick.choice(sorted({m.type for m in legal}))  # a kind first: scrolls would crowd out the rest
        _, event = rules.act(table, rng, seat, rules.dump_move(pick.choice([m for m in legal if m.type == kind])))
        over = rules.outcome(table) is not None
        state = {"game": game, "names": [f"player {s}" for s in range(seats)], "bots": [False] * seats,
                 "status": "finished" if over else "active", "version": len(out) + 1, "to_act": rules.to_act(table),
                 "view": rules.view(table, seat), "outcome": None,
                 "legal": [] if over else rules.dump_moves(rules.legal_moves(table, seat))}  # fmt: skip
        out.append({"state": state, "seat": seat, "event": event_for(event, seat)})
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_game_draws_its_tables_and_words_its_moves_and_events(page: Any, server: ServerProcess,
                                                                     game: str) -> None:  # fmt: skip
    """Real tables of each game, from random moves: the game's module draws every one (no fallback to the generic
    drawing), labels every move left for a button and writes every event in words, and nothing throws (a throw in
    the log would stop the page's event loop)."""
    page.goto(f"{server.url}/play/")
    page.wait_for_selector(".catalogue")
    for seed in (1, 2):
        assert page.evaluate(DRAW_AND_WORD, tables_of(game, seed, 120)) == []
