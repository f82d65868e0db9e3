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
//
// A new game therefore appears with panels at least, and drawn wherever it reuses a family.

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
    if (isPlayingCard(value)) return drawPlayingCard(value);
    if (isNumberCard(value)) return drawNumberCard(value);
    if (DICE_KEY.test(key)) return drawDie(value);
    return h("span", { class: "str" }, value);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return h("span", { class: "none" }, "none");
    if (isGrid(value)) return drawGrid(value, key);
    if (isPlaced(value)) return drawPlaced(value, key);
    if (value.every(isScalar)) {
      const drawn = value.every((v) => isPlayingCard(v) || isNumberCard(v)) || DICE_KEY.test(key);
      return h("span", { class: drawn ? "row-of-cards" : "list" }, value.map((v) => renderValue(v, key)));
    }
    const hasCard = (v) => isMap(v) && (isNumberCard(v.card) || isPlayingCard(v.card));
    if (value.every(hasCard)) {
      // cards with what sits on them (a display, a ring, a trick): side by side, numbered from 0
      return h("ol", { class: "row-of-cards cards-list", start: 0 }, value.map((v) => h("li", {}, renderValue(v, key))));
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
    if (isGridBoard(v)) return drawGridBoard(v, map, humanize(k), (b) => renderEntries(b, "entries"), namedBy(context.legal));
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
function namedBy(legal) {
  const named = new Map();
  for (const move of Array.isArray(legal) ? legal : []) {
    if (!isMap(move)) continue;
    for (const [k, v] of Object.entries(move)) {
      if (k === "type" || typeof v !== "string") continue;
      if (!named.has(v)) named.set(v, []);
      named.get(v).push([k, moveLabel(move)]);
    }
  }
  return named;
}

/** A short readable label for a legal move: its type, then its other fields. */
export function moveLabel(move) {
  if (!isMap(move)) return String(move);
  const parts = [];
  for (const [k, v] of Object.entries(move)) {
    if (k === "type") continue;
    const shown = isPlayingCard(v) || isNumberCard(v) ? cardText(v) : Array.isArray(v) || isMap(v) ? JSON.stringify(v) : String(v);
    parts.push(`${k.replaceAll("_", " ")} ${shown}`);
  }
  const kind = move.type !== undefined ? String(move.type).replaceAll("_", " ") : "move";
  return parts.length ? `${kind}: ${parts.join(", ")}` : kind;
}

/** An event's parts as one line of the log. */
export function eventLine(event) {
  const parts = [event.public, event.private].filter((p) => p !== undefined && p !== null);
  const line = h("span", { class: "event" });
  for (const part of parts) {
    if (!isMap(part)) {
      line.append(renderValue(part));
      continue;
    }
    const { type, ...rest } = part;
    if (type !== undefined) line.append(h("strong", {}, String(type).replaceAll("_", " ")), " ");
    for (const [k, v] of Object.entries(rest)) {
      line.append(h("span", { class: "field" }, `${k.replaceAll("_", " ")} `, renderValue(v, k)), " ");
    }
  }
  return line;
}
