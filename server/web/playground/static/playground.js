// The Vorpal playground: browse the catalogue, create a match, take a seat or watch, and play
// with the mouse. Built on the JavaScript SDK alone (served at /play/sdk/), like any frontend.
//
// Pages are hash routes, so a reload (or a second tab) lands on the same page:
//   #/                        the catalogue and the lobby (open and live matches)
//   #/new/<game>              the options form of a game, generated from its JSON Schema
//   #/match/<id>              a match as a spectator (public facts only), with its free seats
//   #/match/<id>/seat/<n>     a match as seat n; the seat's token is kept in localStorage, so a
//                             reload resumes the seat and other tabs can play the other seats

import { LiveConnection, StaleVersion, VorpalClient, play } from "/play/sdk/index.js";
import { optionsForm } from "./forms.js";
import { debugDrawer } from "./debug.js";
import { drawTable, logFor, wordsFor } from "./games/index.js";
import { Picker } from "./picker.js";
import { fill, h, renderValue } from "./render.js";
import { timeControlFields } from "./timecontrol.js";

const SERVER = location.origin;
const api = new VorpalClient(SERVER);
const main = document.getElementById("main");
const notice = document.getElementById("notice");

/** Cleans up the page being left (sockets, timers). */
let leave = () => {};
let catalogue = null;

// -- seat tokens ---------------------------------------------------------------------------

/** The tokens this browser holds, per match: {seat: token}. A token is shown once by the server. */
const tokens = {
  all(match) {
    try {
      return JSON.parse(localStorage.getItem(`vorpal.seats.${match}`) ?? "{}");
    } catch {
      return {};
    }
  },
  get(match, seat) {
    return this.all(match)[seat] ?? null;
  },
  set(match, seat, token) {
    localStorage.setItem(`vorpal.seats.${match}`, JSON.stringify({ ...this.all(match), [seat]: token }));
  },
};

/** A fresh move id (works outside secure contexts too, unlike crypto.randomUUID). */
function moveId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function say(message) {
  notice.textContent = message;
  notice.hidden = !message;
}

async function games() {
  catalogue ??= await api.games();
  return catalogue;
}

/** A seat by its name: "Alice", or "seat 2" while it is free. */
function seatName(state, seat) {
  return state.names?.[seat] ?? `seat ${seat}`;
}

/** The result in words: who won, the scores by name, and the catalogue's text for the reason. */
function outcomeText(state, game) {
  const outcome = state.outcome ?? {};
  const winners = outcome.winners ?? [];
  const who = winners.map((s) => seatName(state, s));
  const headline =
    state.status === "aborted"
      ? "The match was aborted."
      : who.length === 0
        ? "Nobody won."
        : who.length === (state.names ?? []).length && who.length > 1
          ? `A draw: ${who.join(", ")} share it.`
          : `${who.join(" and ")} ${who.length > 1 ? "win" : "wins"}.`;
  const reason = outcome.reason ? (game?.reasons?.[outcome.reason] ?? outcome.reason.replaceAll("_", " ")) : null;
  return h(
    "div",
    { class: "outcome", "data-outcome": outcome.reason ?? state.status },
    h("p", { class: "headline" }, headline),
    reason ? h("p", { class: "reason" }, reason.charAt(0).toUpperCase() + reason.slice(1), outcome.detail ? ` (${outcome.detail})` : "") : null,
    Array.isArray(outcome.scores)
      ? h("ul", { class: "scores" }, outcome.scores.map((score, s) => h("li", { "data-seat": s }, `${seatName(state, s)}: ${score}`)))
      : null,
    outcome.rating ? h("p", {}, outcome.rating) : null,
  );
}

/** Zoom in and out of the table (the phone's way to read a big board; it pans by scrolling). */
function zoomControls(panel) {
  const zoom = (by) => {
    const now = Number(panel.dataset.zoom ?? 1);
    const next = by === 0 ? 1 : Math.min(3, Math.max(0.5, now * by));
    panel.dataset.zoom = String(next);
    panel.style.setProperty("--zoom", String(next));
  };
  return h(
    "span",
    { class: "zoom-controls", role: "group", "aria-label": "Zoom the table" },
    h("button", { type: "button", class: "zoom-out", "aria-label": "Zoom out", onclick: () => zoom(1 / 1.25) }, "−"),
    h("button", { type: "button", class: "zoom-reset", "aria-label": "Fit", onclick: () => zoom(0) }, "Fit"),
    h("button", { type: "button", class: "zoom-in", "aria-label": "Zoom in", onclick: () => zoom(1.25) }, "+"),
  );
}

function seatLabel(state, seat) {
  const name = state.names?.[seat];
  return `seat ${seat}${name ? ` (${name})` : ""}`;
}

// -- routing -------------------------------------------------------------------------------

async function route() {
  leave();
  leave = () => {};
  say("");
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  main.replaceChildren();
  main.dataset.page = parts[0] || "lobby";
  try {
    if (parts[0] === "new" && parts[1]) await newMatchPage(parts[1]);
    else if (parts[0] === "match" && parts[1]) await matchPage(parts[1], parts[2] === "seat" ? Number(parts[3]) : null);
    else await lobbyPage();
  } catch (err) {
    say(`${err.title ?? err.name ?? "Error"}: ${err.detail ?? err.message}`);
  }
}

// -- the catalogue and the lobby --------------------------------------------------------------

async function lobbyPage() {
  document.title = "Vorpal playground";
  const list = await games();
  const lobby = h("section", { "aria-labelledby": "lobby-title", class: "panel" }, h("h2", { id: "lobby-title" }, "Lobby"));
  main.append(
    h("h1", {}, "Games"),
    h(
      "ul",
      { class: "catalogue" },
      list.map((g) =>
        h(
          "li",
          { class: "game panel", "data-game": g.name },
          h("h2", {}, g.title),
          h("p", { class: "seats" }, g.min_seats === g.max_seats ? `${g.min_seats} seat${g.min_seats > 1 ? "s" : ""}` : `${g.min_seats}–${g.max_seats} seats`),
          h("p", {}, g.summary),
          h("a", { class: "button", href: `#/new/${encodeURIComponent(g.name)}` }, `New ${g.title} match`),
        ),
      ),
    ),
    lobby,
  );
  const body = h("div", { "aria-live": "polite" });
  lobby.append(body);
  let alive = true;
  const refresh = async () => {
    const [open, active] = await Promise.all([api.listMatches({ status: "open" }), api.listMatches({ status: "active" })]);
    if (!alive) return;
    fill(body, matchTable("Open matches", "open", open, list), matchTable("Live matches", "active", active, list));
  };
  await refresh();
  const timer = setInterval(() => refresh().catch(() => {}), 3000);
  leave = () => {
    alive = false;
    clearInterval(timer);
  };
}

function matchTable(title, status, matches, list) {
  const titleOf = (name) => list.find((g) => g.name === name)?.title ?? name;
  if (matches.length === 0) return h("div", {}, h("h3", {}, title), h("p", {}, "None right now."));
  return h(
    "div",
    { class: "table-wrap" },
    h(
      "table",
      { "data-status": status },
      h("caption", {}, title),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Game"), h("th", { scope: "col" }, "Seats"), h("th", { scope: "col" }, "Match"))),
      h(
        "tbody",
        {},
        matches.map((m) =>
          h(
            "tr",
            { "data-match": m.match },
            h("td", {}, titleOf(m.game)),
            h("td", {}, m.names.map((n, i) => (n === null ? "free" : m.bots[i] ? `${n} (bot)` : n)).join(", ")),
            h("td", {}, h("a", { href: `#/match/${m.match}` }, m.status === "open" ? `Join or watch ${m.match}` : `Watch ${m.match}`)),
          ),
        ),
      ),
    ),
  );
}

// -- creating a match ------------------------------------------------------------------------

async function newMatchPage(name) {
  const game = (await games()).find((g) => g.name === name);
  if (!game) throw new Error(`no game named ${name}`);
  document.title = `New ${game.title} match · Vorpal playground`;
  const options = optionsForm(game.schemas.options);
  const seats = h("input", { id: "seats", name: "seats", type: "number", min: game.min_seats, max: game.max_seats, value: game.min_seats, required: true });
  const botsBox = h("fieldset", { class: "bots" });
  const levels = game.bot_levels ?? [];
  const drawBots = () => {
    const n = Math.max(game.min_seats, Math.min(game.max_seats, Number(seats.value) || game.min_seats));
    fill(
      botsBox,
      h("legend", {}, "Seats played by the server's bots"),
      ...Array.from({ length: n }, (_, s) =>
        h(
          "div",
          { class: "bot-seat" },
          h("label", { class: "check" }, h("input", { type: "checkbox", name: "bot", value: s, checked: s > 0 }), ` seat ${s}`),
          levels.length > 1
            ? h(
                "select",
                { name: `level-${s}`, "aria-label": `Strength of seat ${s}'s bot` },
                ...levels.map((lv) => h("option", { value: lv.level, selected: lv.default }, `level ${lv.level}: ${lv.title}`)),
              )
            : null,
        ),
      ),
    );
  };
  // A bot of level 1 plays at random (a bare seat number); a stronger one searches ({seat, level}).
  const readBots = () =>
    [...botsBox.querySelectorAll("input:checked")].map((i) => {
      const level = Number(botsBox.querySelector(`select[name="level-${i.value}"]`)?.value ?? 1);
      return level > 1 ? { seat: Number(i.value), level } : Number(i.value);
    });
  seats.addEventListener("input", drawBots);
  drawBots();
  const clock = timeControlFields();
  const you = h("input", { id: "player-name", name: "player-name", type: "text", maxlength: 40, value: "me" });
  const take = h("input", { id: "take-seat", type: "checkbox", checked: true });
  const form = h(
    "form",
    { class: "panel new-match", "aria-labelledby": "new-title" },
    h("h1", { id: "new-title" }, `New ${game.title} match`),
    h("p", {}, game.summary),
    h("div", { class: "field" }, h("label", { for: "seats" }, `Seats (${game.min_seats}–${game.max_seats})`), seats),
    h("fieldset", {}, h("legend", {}, "Options"), options.fields.length ? options.fields : h("p", {}, "This game has no options.")),
    botsBox,
    clock.fieldset,
    h("div", { class: "field" }, h("label", { class: "check" }, take, " Take the first free seat in this tab")),
    h("div", { class: "field" }, h("label", { for: "player-name" }, "Your name"), you),
    h("button", { type: "submit", class: "primary" }, "Create match"),
  );
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    say("");
    try {
      const bots = readBots();
      const created = await api.createMatch(game.name, Number(seats.value), { options: options.read(), bots, timeControl: clock.read() });
      if (take.checked && created.open_seats?.length !== 0) {
        const joined = await api.join(created.match, { name: you.value || null });
        tokens.set(created.match, joined.seat, joined.token);
        location.hash = `#/match/${created.match}/seat/${joined.seat}`;
      } else {
        location.hash = `#/match/${created.match}`;
      }
    } catch (err) {
      say(`${err.title ?? "Error"}: ${err.detail ?? err.message}`);
    }
  });
  main.append(form);
}

// -- a match ---------------------------------------------------------------------------------

/** Bots this tab runs for seats it filled ("Fill empty seats with bots"); they outlive the page. */
const pageBots = new Map();

async function fillWithBots(match) {
  const state = await api.state(match);
  const free = state.names.map((n, s) => (n === null ? s : null)).filter((s) => s !== null);
  for (const seat of free) {
    const joined = await api.join(match, { seat, name: `tab-bot-${seat}` });
    tokens.set(match, seat, joined.token);
    const running = play(SERVER, match, joined.token, { think: 300, report: () => {} })
      .catch((err) => say(`bot at seat ${seat} stopped: ${err.message}`))
      .finally(() => pageBots.delete(`${match}/${seat}`));
    pageBots.set(`${match}/${seat}`, running);
  }
}

async function matchPage(match, seat) {
  const token = seat === null ? null : tokens.get(match, seat);
  if (seat !== null && token === null) {
    main.append(
      h("h1", {}, `Match ${match}`),
      h("p", {}, `This browser holds no token for seat ${seat} of this match.`),
      h("a", { class: "button", href: `#/match/${match}` }, "See the match"),
    );
    return;
  }
  const conn = new LiveConnection(SERVER, { match });
  let alive = true;
  leave = () => {
    alive = false;
    conn.close();
  };
  await conn.connect();
  if (token !== null) await conn.auth(token);
  let state = await conn.subscribe(match);
  const game = (await games()).find((g) => g.name === state.game);
  document.title = `${game?.title ?? state.game} ${match} · Vorpal playground`;
  // the game's printed components (a card list): cards named in the view, the log and the moves are drawn from it
  const components = game?.components ?? {};

  // The parts of the page; each is redrawn from `state` when it changes.
  const status = h("p", { class: "status", role: "status", "aria-live": "polite" });
  const seatsPanel = h("section", { class: "panel seats", "aria-labelledby": "seats-title" });
  const clockPanel = h("section", { class: "panel clock", "aria-labelledby": "clock-title", hidden: true });
  let clockReceived = performance.now();
  /** The clock as the server sent it, counted down since: no clock synchronisation needed. */
  function drawClock() {
    const clock = state.clock;
    if (!clock) return;
    const since = performance.now() - clockReceived;
    const rows = (state.names ?? []).map((name, s) => {
      const deadline = clock.deadlines?.[String(s)];
      const budget = clock.remaining_ms?.[s];
      let left = null;
      if (deadline !== undefined) left = Math.max(0, deadline - clock.now - since);
      else if (budget !== undefined && budget !== null) left = budget;
      const text = left === null ? "—" : `${(left / 1000).toFixed(1)} s${deadline !== undefined ? " to move" : ""}`;
      return h("li", { "data-clock-seat": String(s) }, `${name ?? `seat ${s}`}: ${text}`);
    });
    fill(clockPanel, h("h2", { id: "clock-title" }, `Clock (${clock.kind.replace("_", " ")})`), h("ul", {}, ...rows));
  }
  const clockTicker = setInterval(() => {
    if (!alive) clearInterval(clockTicker);
    else if (state.clock && state.status === "active") drawClock();
  }, 250);
  const movesPanel = h("section", { class: "panel moves", "aria-labelledby": "moves-title" });
  const viewPanel = h("section", { class: "panel view", "aria-labelledby": "view-title" });
  const logList = h("ol", { class: "log", "aria-live": "polite", "aria-relevant": "additions" });
  const chatList = h("ol", { class: "chat", "aria-live": "polite", "aria-relevant": "additions" });
  const chatText = h("input", { id: "chat-text", type: "text", maxlength: 500, required: true, autocomplete: "off" });
  const chatForm = h(
    "form",
    { class: "chat-form" },
    h("label", { for: "chat-text" }, "Message"),
    chatText,
    h("button", { type: "submit" }, "Send"),
  );
  const connection = h("span", { class: "connection", role: "status", "aria-live": "polite" });
  /** What this tab saw at each version (the event, and the view when a frame brought it): the debug drawer steps through it. */
  const history = new Map();
  const debug = debugDrawer({
    match,
    seat,
    seats: () => tokens.all(match),
    send: (move) => send(move),
    history,
    fetchAt: (version) => api.stateAt(match, version, token),
    draw: (view, version) => {
      // the table and the seat's hand at that version, nothing to click (a past position)
      const drawn = drawTable({ state: { ...state, view, version, legal: [] }, seat, game, components, picker: new Picker([], () => {}, () => {}), nameOf: (s) => seatName(state, s), hold: {} });
      return h("div", { class: "stepped-view" }, drawn.table, drawn.hand ? h("div", { class: "stepped-hand", "data-part": "private-then" }, drawn.hand) : null);
    },
  });
  const root = h(
    "div",
    { class: "match", "data-match": match, "data-seat": seat ?? "spectator" },
    h("h1", {}, `${game?.title ?? state.game} `, h("span", { class: "match-id" }, match), " ", connection),
    status,
    h(
      "div",
      { class: "columns" },
      h("div", { class: "play" }, viewPanel, movesPanel),
      h(
        "div",
        { class: "side" },
        seatsPanel,
        clockPanel,
        h("section", { class: "panel", "aria-labelledby": "log-title" }, h("h2", { id: "log-title" }, "Event log"), logList),
        h(
          "section",
          { class: "panel", "aria-labelledby": "chat-title" },
          h("h2", { id: "chat-title" }, "Chat"),
          chatList,
          token !== null ? chatForm : h("p", {}, "Spectators read the chat; seats write in it."),
        ),
      ),
    ),
  );
  main.append(root, debug.element);
  // The connection indicator follows the socket (the SDK reconnects on its own; this only shows it).
  const showConnection = () => {
    const up = conn.connected !== false;
    connection.dataset.connected = String(up);
    connection.textContent = up ? "● connected" : "● reconnecting…";
    connection.title = up ? "Live: moves and events arrive as they happen" : "The connection is down: the page reconnects on its own";
  };
  showConnection();
  const connTimer = setInterval(() => (alive ? showConnection() : clearInterval(connTimer)), 500);

  const logged = new Set();
  const logEvent = (version, event, timeout = false) => {
    if (logged.has(version)) return;
    logged.add(version);
    // a move the clock made for a seat out of time is marked (live frames and the REST log say so: `timeout`)
    const clockMade = timeout ? h("span", { class: "clock-made", title: "made by the clock: the seat ran out of time" }, "⏱ by the clock") : null;
    logList.append(h("li", { "data-version": version, class: timeout ? "timeout" : null }, h("span", { class: "v" }, `v${version}`), " ", clockMade, clockMade ? " " : null, logFor(state.game, event, { components, nameOf: (s) => seatName(state, s), seat })));
    if (!history.has(version)) history.set(version, { event, view: null, timeout });
    logList.scrollTop = logList.scrollHeight;
  };
  const chatLine = (m) => {
    chatList.append(h("li", {}, h("strong", {}, m.name ?? `seat ${m.seat}`), ": ", m.text));
    chatList.scrollTop = chatList.scrollHeight;
  };

  // A move in flight: the table and the buttons wait until the match reaches the version it made.
  let sending = false;
  let madeVersion = -1;
  const send = async (move, el = null) => {
    if (sending) return;
    sending = true;
    root.dataset.waiting = "true";
    el?.setAttribute("aria-busy", "true");
    for (const b of movesPanel.querySelectorAll("button")) b.disabled = true;
    try {
      const ack = await conn.move(match, move, { version: state.version, moveId: moveId() });
      madeVersion = ack.version ?? state.version + 1;
    } catch (err) {
      if (!(err instanceof StaleVersion)) say(`${err.title ?? "Move refused"}: ${err.detail ?? err.message}`);
    }
    sending = false;
    drawPlay();
  };

  // The table and the seat's area (its hand, the moves with no place on the table, the result),
  // redrawn only when the position or the move being picked changes: a click on a thing that an
  // unrelated redraw has just replaced would be lost.
  let picker = null;
  let pickerKey = null;
  let drawnAs = null;
  const drawPlay = () => {
    const legal = state.status === "active" && seat !== null ? (state.legal ?? []) : [];
    const key = JSON.stringify([state.status, legal]);
    if (key !== pickerKey) {
      pickerKey = key;
      picker = new Picker(legal, (move, el) => send(move, el), () => {
        drawnAs = null;
        drawPlay();
      });
    }
    const waiting = sending || state.version < madeVersion;
    if (waiting) root.dataset.waiting = "true";
    else delete root.dataset.waiting;
    const drawnKey = JSON.stringify([state.version, state.status, key, picker.pending.length, waiting]);
    if (drawnKey === drawnAs) return;
    drawnAs = drawnKey;
    root.dataset.picking = picker.picking ? String(picker.pending.length) : "";
    picker.reset();
    const over = state.status === "finished" || state.status === "aborted";
    const drawn = drawTable({ state, seat, game, components, picker, nameOf: (s) => seatName(state, s), hold: tokens.all(match) });
    fill(
      viewPanel,
      h("div", { class: "table-head" }, h("h2", { id: "view-title" }, "Table"), zoomControls(viewPanel)),
      h("div", { class: "zoom" }, h("div", { class: "zoom-inner" }, h("div", { class: "part public", "data-part": "public" }, drawn.table))),
    );
    const left = picker.leftOver();
    const words = (m) => wordsFor(state.game, m, { components, nameOf: (s) => seatName(state, s) });
    fill(
      movesPanel,
      h("h2", { id: "moves-title" }, over ? "Result" : seat === null ? "Watching" : "Your hand and moves"),
      over ? outcomeText(state, game) : null,
      drawn.hand ? h("div", { class: "part private", "data-part": "private" }, drawn.hand) : null,
      !over && legal.length > 0 && picker.picking
        ? h("p", { class: "picking" }, `Choose on the table: ${picker.pending.length} moves left. `, h("button", { type: "button", class: "cancel", onclick: () => picker.cancel() }, "Cancel"))
        : null,
      !over && left.length > 0
        ? h(
            "div",
            { class: "move-buttons", role: "group", "aria-label": "Moves with no place on the table" },
            left.map((m) => {
              const b = h("button", { type: "button", class: "move", "data-move": JSON.stringify(m), disabled: waiting }, words(m));
              b.addEventListener("click", () => send(m, b));
              return b;
            }),
          )
        : null,
      !over && legal.length === 0 ? h("p", {}, seat === null ? "Spectators do not move." : "Nothing to do: waiting for the others.") : null,
      !over && legal.length > 0 && left.length === 0 && !picker.picking ? h("p", { class: "hint" }, "Click a highlighted card, space or piece on the table.") : null,
    );
    debug.update(state, legal);
  };

  const draw = () => {
    root.dataset.version = state.version;
    root.dataset.status = state.status;
    root.dataset.toAct = (state.to_act ?? []).join(" ");
    const acting = (state.to_act ?? []).map((s) => seatLabel(state, s)).join(", ");
    const who = seat === null ? "You are watching: public facts only." : `You are ${seatLabel(state, seat)}.`;
    const what =
      state.status === "active" ? `To act: ${acting || "nobody"}.` : state.status === "open" ? "Waiting for players." : `The match is ${state.status}.`;
    status.textContent = `${who} ${what} Version ${state.version}.`;

    // seats
    const free = state.names.some((n) => n === null);
    fill(
      seatsPanel,
      h("h2", { id: "seats-title" }, "Seats"),
      h(
        "ul",
        {},
        state.names.map((name, s) => {
          const held = tokens.get(match, s);
          return h(
            "li",
            { "data-seat": s, class: (state.to_act ?? []).includes(s) ? "to-act" : null },
            `Seat ${s}: `,
            name === null ? "free" : name,
            state.bots?.[s] ? " (server bot)" : null,
            pageBots.has(`${match}/${s}`) ? " (bot in this tab)" : null,
            s === seat ? " — you" : null,
            (state.to_act ?? []).includes(s) ? " — to act" : null,
            " ",
            name === null
              ? h("button", { type: "button", "data-join": s, onclick: () => join(s) }, `Join seat ${s}`)
              : held && s !== seat
                ? h("a", { href: `#/match/${match}/seat/${s}`, target: "_blank", rel: "opener" }, `Play seat ${s} (new tab)`)
                : null,
          );
        }),
      ),
      free ? h("button", { type: "button", class: "fill", onclick: () => fillSeats() }, "Fill empty seats with bots") : null,
      free ? h("p", { class: "hint" }, "Bots filled here play random legal moves from this tab while it stays open.") : null,
      seat !== null ? h("p", {}, h("a", { href: `#/match/${match}` }, "Watch as a spectator")) : null,
    );

    // clocks (matches created with a time control): each seat to act counts down from its deadline
    clockPanel.hidden = !state.clock;
    drawClock();

    drawPlay();
  };

  const join = async (s) => {
    try {
      const joined = await api.join(match, { seat: s, name: `player-${s}` });
      tokens.set(match, joined.seat, joined.token);
      location.hash = `#/match/${match}/seat/${joined.seat}`;
    } catch (err) {
      say(`${err.title ?? "Error"}: ${err.detail ?? err.message}`);
    }
  };
  const fillSeats = async () => {
    try {
      await fillWithBots(match);
    } catch (err) {
      say(`${err.title ?? "Error"}: ${err.detail ?? err.message}`);
    }
  };

  if (token !== null) {
    chatForm.addEventListener("submit", async (e) => {
      e.preventDefault();
      try {
        await conn.say(match, chatText.value);
        chatText.value = "";
      } catch (err) {
        say(`${err.title ?? "Chat refused"}: ${err.detail ?? err.message}`);
      }
    });
  }

  draw();
  // The log up to the version shown; later events come as frames (already queued).
  const shown = state.version;
  for (const e of await api.events(match, { since: 0, token })) if (e.version <= shown) logEvent(e.version, e.event, e.timeout === true);
  if (history.has(shown)) history.get(shown).view = state.view;
  for (const m of await api.chat(match)) chatLine(m);
  root.dataset.ready = "true";

  while (alive) {
    const frame = await conn.events.get();
    if (!alive) break;
    if (frame.type === "chat" && frame.match === match) chatLine(frame);
    else if (frame.type === "resumed" && frame.match === match) {
      state = { ...frame.state };
      draw();
    } else if (frame.type === "event" && frame.match === match) {
      logEvent(frame.version, frame.event, frame.timeout === true);
      state = { ...state, version: frame.version, status: frame.status, outcome: frame.outcome ?? state.outcome ?? null };
      if ("clock" in frame) state.clock = frame.clock;
      if ("clock" in frame) clockReceived = performance.now();
      if (frame.view) Object.assign(state, { view: frame.view, to_act: frame.to_act ?? [], legal: frame.legal ?? null });
      else state.legal = null;
      if (frame.view && history.has(frame.version)) history.get(frame.version).view = frame.view;
      const happened = frame.event?.public ?? {};
      if (happened.type === "joined" && Number.isInteger(happened.seat)) {
        state.names = state.names.map((n, s) => (s === happened.seat ? (happened.name ?? `seat ${s}`) : n));
      }
      draw();
    } else if (frame.type === "error") {
      say(`${frame.title}: ${frame.detail ?? ""}`);
    }
  }
}

window.addEventListener("hashchange", route);
document.getElementById("loading")?.remove();
route();
