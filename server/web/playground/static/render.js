// Drawing a view. Every game's view is JSON its schema describes; nothing here names a game.
// `renderValue` shows any value as structured panels; values whose shape belongs to a family
// of components are drawn as such wherever they appear:
//
//   playing cards   "AH", "10S", "TD"           (Jabberwocky, Tabby Tumble's... any 52-card deck)
//   Number cards    "G3", "P5"                  (the microgames: colour letter + number)
//   gems            {green, yellow, purple}     (integer counts, drawn as coloured dots)
//   a card with gems/borogoves on it            {card: "G3", gems: {...}}
//   grids           an array of rows of cells   (Bandersnatch, Gyre, Brillig's rows)
//   placed cards    [{card, row, col, ...}]      (Borogoves's map)
//   dice            strings under a key naming dice ("cat_die", "action_pool")
//   boards          {tiles: [{x, y, kind, ...}], links: [{a, b}]}, with the pieces a sibling
//                   field places on its road nodes (one per seat): an SVG, see board.js
//   grid boards     {width, height, tiles: [{id, x, y, kind, ...}], links: [[a, b]]}, with the
//                   pieces, tile marks and seat boards the fields beside it hold: an SVG with a
//                   legend, see grid.js
//   components      a string naming one of the game's printed components that the catalogue
//                   lists (`components`, by its `key`): drawn as a card with its name, cost, type
//                   and text (Zimby Mojo's scrolls in a hand); a long list of them (a discard
//                   pile) as small cards, the text in their titles; a map whose `card` names one
//                   (an incantation in play) as the card with the rest of the map on it
//   a stack         a map whose `entries` are maps with an integer `id` and a `kind`, bottom
//                   first: drawn top first, each numbered and said in a line, a `nixed: true`
//                   one struck through and marked
//
// A new game therefore appears with panels at least, and drawn wherever it reuses a family.
// The catalogue's components reach the drawing as `context.components`.

import { boardNodes, drawBoard, isBoard, isPieces, tileName } from "./board.js";
import { drawGridBoard, gridFields, isGridBoard } from "./grid.js";

const SUITS = { C: ["♣", "clubs"], D: ["♦", "diamonds"], H: ["♥", "hearts"], S: ["♠", "spades"] };
const RANKS = { T: "10", J: "J", Q: "Q", K: "K", A: "A" };
const RANK_NAMES = { A: "ace", K: "king", Q: "queen", J: "jack" };
const COLOURS = { G: "green", Y: "yellow", P: "purple" };
const GEM_COLOURS = ["green", "yellow", "purple"];
const PLAYING_CARD = /^(10|[2-9TJQKA])([CDHS])$/;
const NUMBER_CARD = /^([GYP])([1-9])$/;
const DICE_KEY = /(^|_)(die|dice|pool)s?$/;
/** A list of more components than this is drawn as small cards (a discard pile, not a hand). */
const FEW_COMPONENTS = 8;
/** Fields of a stack entry or a move, said as words: {field: [before, after]} ("by seat 1", "→ c3"). */
const SAID_AS = {
  targets: ["→", ""],
  target: ["→", ""],
  channel: ["via", ""],
  nixes: ["nixes", ""],
  stops: ["stops", ""],
  attacker: ["", "attacks"],
  defender: ["", ""],
  wounds: ["", "wounds to"],
  creature: ["", ""],
  source: ["from", ""],
  ritual: ["", ""],
  tile: ["on", ""],
  pusher: ["by seat", ""],
};

/** Create an element: `h("p", {class: "x"}, "text", child)`. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Replace an element's children, skipping null, undefined and false (as `h` does). */
export function fill(el, ...children) {
  el.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
}

/** "hand_size" -> "Hand size". */
export function humanize(key) {
  const words = String(key).replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function isPlayingCard(value) {
  return typeof value === "string" && PLAYING_CARD.test(value);
}

export function isNumberCard(value) {
  return typeof value === "string" && NUMBER_CARD.test(value);
}

const isMap = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const isScalar = (v) => v === null || ["string", "number", "boolean"].includes(typeof v);

function isGems(value) {
  if (!isMap(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => GEM_COLOURS.includes(k) && Number.isInteger(value[k]));
}

/** The words a screen reader says for a card: "queen of hearts", "green 3". */
export function cardName(value) {
  let m = PLAYING_CARD.exec(value);
  if (m) {
    const rank = RANK_NAMES[m[1]] ?? RANKS[m[1]] ?? m[1];
    return `${rank} of ${SUITS[m[2]][1]}`;
  }
  m = NUMBER_CARD.exec(value);
  if (m) return `${COLOURS[m[1]]} ${m[2]}`;
  return String(value);
}

/** A card as text for a button label: "Q♥", "green 3". */
export function cardText(value) {
  const m = PLAYING_CARD.exec(value);
  if (m) return `${RANKS[m[1]] ?? m[1]}${SUITS[m[2]][0]}`;
  if (NUMBER_CARD.test(value)) return cardName(value);
  return String(value);
}

export function drawPlayingCard(value) {
  const [, rank, suit] = PLAYING_CARD.exec(value);
  const red = suit === "D" || suit === "H";
  return h(
    "span",
    { class: `card playing ${red ? "red" : "black"}`, "data-card": value, role: "img", "aria-label": cardName(value) },
    h("span", { class: "rank", "aria-hidden": "true" }, RANKS[rank] ?? rank),
    h("span", { class: "suit", "aria-hidden": "true" }, SUITS[suit][0]),
  );
}

export function drawNumberCard(value, extra = null) {
  const [, colour, number] = NUMBER_CARD.exec(value);
  return h(
    "span",
    { class: `card number ${COLOURS[colour]}`, "data-card": value, role: "group", "aria-label": cardName(value) },
    h("span", { class: "rank", "aria-hidden": "true" }, number),
    extra,
  );
}

export function drawGems(gems, noun = "gems") {
  const total = GEM_COLOURS.reduce((n, c) => n + (gems[c] ?? 0), 0);
  const said = GEM_COLOURS.filter((c) => gems[c]).map((c) => `${gems[c]} ${c}`).join(", ") || "none";
  const dots = [];
  for (const c of GEM_COLOURS) {
    const n = gems[c] ?? 0;
    if (n > 6) dots.push(h("span", { class: `gem ${c}`, "aria-hidden": "true" }, `${n}`));
    else for (let i = 0; i < n; i++) dots.push(h("span", { class: `gem ${c}`, "aria-hidden": "true" }));
  }
  return h("span", { class: "gems", role: "img", "aria-label": `${noun}: ${said}`, "data-total": total }, dots);
}

const indexes = new WeakMap();

/** The catalogue's components by key: key -> {family, item}; null without components. */
function componentIndex(components) {
  if (!isMap(components)) return null;
  let index = indexes.get(components);
  if (index === undefined) {
    index = new Map();
    for (const [family, items] of Object.entries(components)) {
      if (!Array.isArray(items)) continue;
      for (const item of items) if (isMap(item) && typeof item.key === "string") index.set(item.key, { family, item });
    }
    indexes.set(components, index);
  }
  return index;
}

/** The component a string names ({family, item}), or null. */
export function componentOf(value, components) {
  return typeof value === "string" ? (componentIndex(components)?.get(value) ?? null) : null;
}

/** A component's name, as a label says it. */
function componentName(found) {
  return String(found.item.name ?? found.item.key);
}

/**
 * A component drawn as a card: its name and cost on top, its type, then its text; `small` keeps the
 * name and cost and puts the rest in the title. `extra` goes on the card (what sits on it).
 */
export function drawComponent(found, small = false, extra = null) {
  const { family, item } = found;
  const name = componentName(found);
  const cost = Number.isInteger(item.cost) ? item.cost : null;
  const type = typeof item.type === "string" ? item.type : null;
  const text = typeof item.text === "string" ? item.text : null;
  const said = [name, type, cost === null ? null : `cost ${cost}`].filter(Boolean).join(", ");
  return h(
    "span",
    {
      class: `card component${small ? " small" : ""}`,
      "data-card": item.key,
      "data-component": family,
      "data-type": type,
      role: "group",
      "aria-label": said,
      title: small ? [said, text].filter(Boolean).join(": ") : null,
    },
    h(
      "span",
      { class: "component-head" },
      h("span", { class: "component-name" }, name),
      cost === null ? null : h("span", { class: "component-cost", title: "cost", "aria-hidden": "true" }, String(cost)),
    ),
    small || type === null ? null : h("span", { class: "component-type" }, type),
    small || text === null ? null : h("span", { class: "component-text" }, text),
    extra,
  );
}

/** A value in a line of words: a component by its name, a stack entry's number with what it is, a list joined. */
function inWords(value, components, entries = null) {
  const found = componentOf(value, components);
  if (found) return componentName(found);
  if (typeof value === "string" && entries?.has(value)) return `${value} ${entries.get(value)}`;
  if (Array.isArray(value)) return value.map((v) => inWords(v, components, entries)).join(", ");
  if (isMap(value)) return JSON.stringify(value);
  return String(value);
}

/**
 * A map's fields that `SAID_AS` knows, as a phrase: "→ c3 via c2 by seat 1". `entries` maps "#<id>" to what that
 * stack entry is, so that an entry named by another reads "#1 Blow Guns".
 */
function phrase(map, components, entries = null) {
  const words = [];
  const nixes = Number.isInteger(map.nixes) ? `#${map.nixes}` : null;
  for (const [k, [before, after]] of Object.entries(SAID_AS)) {
    let v = map[k];
    if (k === "nixes" && v !== null && v !== undefined) v = `#${v}`;
    if (v === null || v === undefined || (Array.isArray(v) && v.length === 0)) continue;
    if (k === "targets" && nixes !== null && Array.isArray(v) && v.every((t) => t === nixes)) continue; // said by "nixes"
    words.push(`${before}${before ? " " : ""}${inWords(v, components, entries)}${after ? ` ${after}` : ""}`);
  }
  return words.join(" ");
}

function isStack(value) {
  return (
    isMap(value) &&
    Array.isArray(value.entries) &&
    value.entries.every((e) => isMap(e) && Number.isInteger(e.id) && typeof e.kind === "string")
  );
}

/** A stack, top first: each entry numbered, what it is in a line, its data folded away; nixed ones struck. */
function drawStack(stack, key, context) {
  const label = humanize(key || "stack");
  if (stack.entries.length === 0) return h("p", { class: "stack empty", "data-stack": key, "aria-label": label }, "Empty.");
  const top = stack.entries.length - 1;
  const what = (entry) => {
    const found = componentOf(entry.card, context.components);
    return found ? componentName(found) : entry.card !== undefined ? String(entry.card) : humanize(entry.kind);
  };
  const named = new Map(stack.entries.map((e) => [`#${e.id}`, what(e)]));
  return h(
    "ol",
    { class: "stack", "data-stack": key, "aria-label": `${label}, top first` },
    stack.entries
      .map((entry, at) => {
        const { id, kind, nixed, card, ...rest } = entry;
        const found = componentOf(card, context.components);
        return h(
          "li",
          { class: `stack-entry${nixed === true ? " nixed" : ""}${at === top ? " top" : ""}`, "data-entry": id, "data-kind": kind },
          h("span", { class: "stack-id" }, `#${id}`),
          " ",
          h("strong", { class: "stack-what" }, what(entry)),
          " ",
          h("span", { class: "stack-said" }, phrase(entry, context.components, named)),
          nixed === true ? h("span", { class: "nixed-mark" }, "nixed") : null,
          at === top ? h("span", { class: "top-mark" }, "resolves first") : null,
          found ? drawComponent(found, true) : null,
          h("details", { class: "stack-data" }, h("summary", {}, `#${id} as data`), renderEntries({ kind, ...rest }, "mini", context)),
        );
      })
      .reverse(),
  );
}

function drawDie(value) {
  return h("span", { class: "die", "data-die": value }, String(value));
}

/** A map with a card and what sits on it (gems, borogoves): the card, drawn with the rest inside. */
function drawCardWithParts(value, key) {
  const { card, ...rest } = value;
  const parts = [];
  const other = {};
  for (const [k, v] of Object.entries(rest)) {
    if (isGems(v)) parts.push(drawGems(v, humanize(k).toLowerCase()));
    else if (k === "row" || k === "col" || k === "colour") continue;
    else other[k] = v;
  }
  const inner = [...parts, Object.keys(other).length ? renderEntries(other, "mini") : null];
  if (isNumberCard(card)) {
    const el = drawNumberCard(card, inner);
    if (value.face_down) el.classList.add("face-down");
    return el;
  }
  return h("span", { class: "card-with-parts" }, renderValue(card, "card"), inner);
}

function drawGrid(rows, key) {
  const cols = Math.max(...rows.map((r) => r.length));
  return h(
    "div",
    { class: "grid", role: "table", "aria-label": humanize(key), style: `--cols: ${cols}` },
    rows.map((row, r) =>
      h(
        "div",
        { class: "grid-row", role: "row" },
        row.map((cell, c) => h("div", { class: "grid-cell", role: "cell", "data-row": r, "data-col": c }, renderValue(cell, key))),
      ),
    ),
  );
}

/** Cards placed at (row, col), rows and columns possibly negative: laid out on their bounding box. */
function drawPlaced(items, key) {
  const rows = items.map((i) => i.row);
  const cols = items.map((i) => i.col);
  const [r0, c0] = [Math.min(...rows), Math.min(...cols)];
  const width = Math.max(...cols) - c0 + 1;
  return h(
    "div",
    { class: "grid placed", role: "group", "aria-label": humanize(key), style: `--cols: ${width}` },
    items.map((item) =>
      h(
        "div",
        { class: "grid-cell", style: `grid-row: ${item.row - r0 + 1}; grid-column: ${item.col - c0 + 1}`, "data-row": item.row, "data-col": item.col },
        drawCardWithParts(item, key),
      ),
    ),
  );
}

function isGrid(value) {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((row) => Array.isArray(row) && row.length > 0 && row.every((cell) => isMap(cell) || isPlayingCard(cell) || isNumberCard(cell)))
  );
}

function isPlaced(value) {
  return Array.isArray(value) && value.length > 0 && value.every((i) => isMap(i) && "card" in i && Number.isInteger(i.row) && Number.isInteger(i.col));
}

/**
 * Any value of a view, drawn. `key` is the field it sits under (a hint for dice and labels);
 * `context` may say how many `seats` the match has (to tell a board's pieces from other lists) and
 * give the seat's `legal` moves (a grid board marks the tiles and pieces they name).
 */
export function renderValue(value, key = "", context = {}) {
  if (value === null || value === undefined) return h("span", { class: "none" }, "—");
  if (typeof value === "boolean") return h("span", { class: `bool ${value}` }, value ? "yes" : "no");
  if (typeof value === "number") return h("span", { class: "num" }, String(value));
  if (typeof value === "string") {
    const found = componentOf(value, context.components);
    if (found) return drawComponent(found);
    if (isPlayingCard(value)) return drawPlayingCard(value);
    if (isNumberCard(value)) return drawNumberCard(value);
    if (DICE_KEY.test(key)) return drawDie(value);
    return h("span", { class: "str" }, value);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return h("span", { class: "none" }, "none");
    if (isGrid(value)) return drawGrid(value, key);
    if (isPlaced(value)) return drawPlaced(value, key);
    if (value.every((v) => componentOf(v, context.components))) {
      const small = value.length > FEW_COMPONENTS;
      return h(
        "span",
        { class: `row-of-cards components${small ? " small" : ""}`, "data-count": value.length },
        value.map((v) => drawComponent(componentOf(v, context.components), small)),
      );
    }
    if (value.every(isScalar)) {
      const drawn = value.every((v) => isPlayingCard(v) || isNumberCard(v)) || DICE_KEY.test(key);
      return h("span", { class: drawn ? "row-of-cards" : "list" }, value.map((v) => renderValue(v, key)));
    }
    const hasCard = (v) => isMap(v) && (isNumberCard(v.card) || isPlayingCard(v.card) || componentOf(v.card, context.components));
    if (value.every(hasCard)) {
      // cards with what sits on them (a display, a ring, a trick): side by side, numbered from 0
      return h("ol", { class: "row-of-cards cards-list", start: 0 }, value.map((v) => h("li", {}, renderValue(v, key, context))));
    }
    return h(
      "ol",
      { class: "items", start: 0 },
      value.map((v) => h("li", {}, renderValue(v, key, context))),
    );
  }
  if (isGems(value)) return drawGems(value);
  if (isMap(value) && "card" in value && (isNumberCard(value.card) || isPlayingCard(value.card))) {
    return drawCardWithParts(value, key);
  }
  if (isMap(value) && componentOf(value.card, context.components)) {
    const { card, ...rest } = value;
    const found = componentOf(card, context.components);
    const on = h("span", { class: "on-card" }, renderEntries(rest, "mini", context));
    return drawComponent(found, false, on);
  }
  if (isStack(value)) return drawStack(value, key, context);
  if (isBoard(value)) return boardFigure(value, key, []);
  if (isGridBoard(value)) return drawGridBoard(value, {}, humanize(key || "board"), (b) => renderEntries(b, "entries"));
  return renderEntries(value, "entries", context);
}

/** A board drawn, with its data as panels underneath (folded away). */
function boardFigure(board, key, pieces) {
  const { svg, offBoard } = drawBoard(board, pieces, humanize(key || "board"));
  return h(
    "figure",
    { class: "board-figure", "data-board": key },
    svg,
    offBoard.length ? h("figcaption", {}, `Not on the board: ${offBoard.join("; ")}.`) : null,
    h("details", { class: "board-data" }, h("summary", {}, `${humanize(key || "board")} as data`), renderEntries(board, "entries")),
  );
}

/** A map as a description list: one row per field. A board among them is drawn with its pieces. */
export function renderEntries(map, className = "entries", context = {}) {
  const entries = Object.entries(map);
  const seats = Number.isInteger(context.seats) ? context.seats : null;
  // a board's pieces: drawn on it, and listed as the places they name (not as cards: "JH" is a tile)
  // When several fields could be pieces (a court of royals ["JH", "QS"] names tiles too), the
  // ones naming the most places that are not card-shaped ("CIT", "M1a") win; a tie of card-shaped
  // lists is left undrawn rather than guessed.
  const onBoard = new Map();
  for (const [k, v] of entries) {
    if (!isBoard(v)) continue;
    const nodes = boardNodes(v);
    const plain = (list) => list.filter((s) => nodes.has(s) && !isPlayingCard(s)).length;
    const found = entries.filter(([o, p]) => o !== k && !onBoard.has(o) && isPieces(p, v, seats));
    const best = Math.max(0, ...found.map(([, p]) => plain(p)));
    const chosen = found.filter(([, p]) => plain(p) === best);
    if (best > 0 || chosen.length === 1) for (const [o] of chosen) onBoard.set(o, v);
  }
  const drawn = (k, v) => {
    if (isGridBoard(v)) return drawGridBoard(v, map, humanize(k), (b) => renderEntries(b, "entries"), namedBy(context.legal, context.components));
    if (isBoard(v)) {
      const pieces = [...onBoard].filter(([, b]) => b === v).map(([o]) => ({ key: o, places: map[o] }));
      return boardFigure(v, k, pieces);
    }
    if (onBoard.has(k)) {
      const nodes = boardNodes(onBoard.get(k));
      return h(
        "ol",
        { class: "items places", start: 0 },
        v.map((node) => h("li", { "data-node": node }, nodes.has(node) ? `${node}: ${tileName(nodes.get(node))}` : node)),
      );
    }
    return renderValue(v, k, context);
  };
  // A grid board comes first, and the fields it draws are folded away beneath it (still there as data).
  const grids = entries.filter(([, v]) => isGridBoard(v));
  const onGrid = new Set(grids.flatMap(([, v]) => [...gridFields(v, map)]));
  const shown = [...grids, ...entries.filter(([k, v]) => !isGridBoard(v) && !onGrid.has(k))];
  const row = ([k, v]) => {
    const wide = isBoard(v) || isGridBoard(v) ? "wide" : null;
    return h("div", { class: "entry", "data-key": k }, h("dt", { class: wide }, humanize(k)), h("dd", { class: wide }, drawn(k, v)));
  };
  const folded = entries.filter(([k]) => onGrid.has(k));
  return h(
    "dl",
    { class: className },
    shown.map(row),
    folded.length
      ? h(
          "div",
          { class: "entry", "data-key": "" },
          h("dt", { class: "wide" }, "Drawn on the board"),
          h("dd", { class: "wide" }, h("details", { class: "board-data" }, h("summary", {}, folded.map(([k]) => humanize(k)).join(", ")), h("dl", { class: className }, folded.map(row)))),
        )
      : null,
  );
}

/** What legal moves name: each string among their fields -> [field, the move's label] for each move naming it. */
export function namedBy(legal, components = null) {
  const named = new Map();
  for (const move of Array.isArray(legal) ? legal : []) {
    if (!isMap(move)) continue;
    for (const [k, v] of Object.entries(move)) {
      if (k === "type" || typeof v !== "string") continue;
      if (!named.has(v)) named.set(v, []);
      named.get(v).push([k, moveLabel(move, components)]);
    }
  }
  return named;
}

/**
 * A short readable label for a legal move: its type, then its other fields. A move naming one of the
 * game's components (a card to use) says its name first, then where it goes: "scroll: Blow Guns → c3 via c2".
 */
export function moveLabel(move, components = null) {
  if (!isMap(move)) return String(move);
  const kind0 = move.type !== undefined ? String(move.type).replaceAll("_", " ") : "move";
  const uses = Object.entries(move).find(([k, v]) => k !== "type" && componentOf(v, components));
  if (uses) {
    const [field, key] = uses;
    const rest = Object.entries(move).filter(([k]) => k !== "type" && k !== field);
    const known = Object.fromEntries(rest.filter(([k]) => k in SAID_AS));
    // fields left at nothing (null, 0, false: an option not taken) go unsaid
    const others = rest
      .filter(([k, v]) => !(k in SAID_AS) && v !== null && v !== 0 && v !== false)
      .map(([k, v]) => `${k.replaceAll("_", " ")} ${inWords(v, components)}`);
    const said = [phrase(known, components), ...others].filter(Boolean).join(", ");
    return `${kind0}: ${componentName(componentOf(key, components))}${said ? ` ${said}` : ""}`;
  }
  const parts = [];
  for (const [k, v] of Object.entries(move)) {
    if (k === "type") continue;
    const shown = isPlayingCard(v) || isNumberCard(v) ? cardText(v) : Array.isArray(v) || isMap(v) ? JSON.stringify(v) : String(v);
    parts.push(`${k.replaceAll("_", " ")} ${shown}`);
  }
  const kind = move.type !== undefined ? String(move.type).replaceAll("_", " ") : "move";
  return parts.length ? `${kind}: ${parts.join(", ")}` : kind;
}

/** An event's parts as one line of the log (`context.components`: the game's, drawn small). */
export function eventLine(event, context = {}) {
  const parts = [event.public, event.private].filter((p) => p !== undefined && p !== null);
  const line = h("span", { class: "event" });
  for (const part of parts) {
    if (!isMap(part)) {
      line.append(renderValue(part, "", context));
      continue;
    }
    const { type, ...rest } = part;
    if (type !== undefined) line.append(h("strong", {}, String(type).replaceAll("_", " ")), " ");
    for (const [k, v] of Object.entries(rest)) {
      line.append(h("span", { class: "field" }, `${k.replaceAll("_", " ")} `, renderValue(v, k, context)), " ");
    }
  }
  return line;
}
