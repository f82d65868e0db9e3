// Boards of square cells, drawn as an inline SVG with what stands on them, and a legend.
// Recognised by shape, never by a game's name (the words below are vocabularies, as board.js's
// kinds are: a game using other words is drawn with generic colours and initials):
//
//   a grid board  {width, height, tiles: [{id, x, y, kind, ...}], links: [[a, b], ...]}
//                 x and y count cells from the top left; a cell without a tile is a wall, and so
//                 is the side between two tiles that touch but are not linked. A tile's `true`
//                 flags (a printed thicket space) are drawn as a dashed inner border.
//   its routes    fields of the board holding {tiles: [id, ...]} or lists of them: closed loops
//                 walked in that order, drawn as arrows from tile to tile
//   entry points  a field of the board listing {tile, side, index}: where a seat board attaches
//
// and in the fields beside the board (the same map of the view):
//
//   pieces        maps with an `id` and a `tile` naming a board tile, alone or in lists: a field
//                 {seat: count} colours a piece by its seats and gives its count, an `owner` its
//                 seat's colour; `active: false` draws it depleted, `in_combat: true` ringed
//   tile marks    lists of maps with a `tile` and no `id`: a `kind` is drawn over the tile (an
//                 obstacle; its `side`, "A" or "B", written in its corner), anything else as a badge with the initial of its first word ("?"
//                 while that word is unknown), solid when one of its flags is true; `open:
//                 false` bars the tile (a ward in place)
//   seat boards   a list of maps, one per seat, whose `entry` names an entry point's tile: drawn
//                 off the board's edge beside it, with their counts. A piece on a tile that is
//                 not the board's but ends in a seat board's number ("home2") stands on it.
//   a token       a map with a `carrier` naming a piece (drawn on that piece) or with a `tile`
//   a mover       a map whose `creature` names a piece: that piece is outlined
//   an action     a map naming two pieces or more in its fields ({attacker, target}, a request
//                 to join {column, target}): an arrow from the first named to the second
//
// A name may be both a tile's and a piece's (column "c12", tile c12): a field whose name says it
// holds a place (`to`, `tile`, `portal`...) names the tile, any other field the piece.
//
// Tiles and pieces that the seat's legal moves name ("step: to k2", "attack: target t1") are
// outlined, the moves in their titles: the buttons stay the way to make them.

import { SEAT_COLOURS } from "./board.js";

const NS = "http://www.w3.org/2000/svg";
const CELL = 10;
const MARGIN = 2.3 * CELL; // room for the seat boards off the edge

/** Tile kinds: [fill, letter, words for the legend, whether the letter is light]. */
const KINDS = {
  floor: ["#ece5d0", "", "floor", false],
  blood_mist: ["#b3122e", "M", "blood mist", true],
  sanctum: ["#e3c4cf", "", "sanctum floor", false],
  ritual: ["#7d3c98", "R", "ritual tile", true],
  marker: ["#cfa8de", "m", "ritual marker corner", false],
  ward: ["#3f8fb0", "W", "warded entry", false],
  shrine: ["#ffffff", "S", "shrine", false],
  thug_start: ["#a7a7a7", "T", "thug start", false],
  portal: ["#1fb39c", "P", "portal", false],
  barracks: ["#6d4c41", "B", "barracks", true],
  entry: ["#f6d55c", "E", "entry point", false],
};
/** Overlays for a mark's `kind` (obstacles): [colour, glyph]. */
const OVERLAYS = {
  thickets: ["#2e7d32", "✱"],
  blood_vines: ["#8b0000", "≈"],
  darkness: ["#111111", "●"],
  deadly_vines: ["#6a1b9a", "☠"],
  entangling_vines: ["#558b2f", "∞"],
};
/** A tile's flag for a printed space, and the obstacle whose colour its dashed border takes. */
const SPACES = { thickets: "thickets", vines: "blood_vines" };
/** Piece looks by the field they sit in: [shape, fill, letter]. */
const PIECES = {
  king: ["circle", "#d4a017", "K"],
  thugs: ["square", "#3d3d3d", "T"],
  zombies: ["diamond", null, "Z"],
  columns: ["circle", null, null],
};
/** Seat board counts shown on the board, as symbols (the rest is in its title and panels). */
const COUNTS = [["active", "●"], ["depleted", "○"], ["tokens", "◆"], ["mojo", "✦"]];
const ROUTE_COLOURS = ["#d35400", "#5b3cc4"]; // the first route field by name, the others
const ACTION_COLOUR = "#c0262d";
/** Fields that hold a place, not a piece, where a name could be either. */
const PLACE_FIELDS = new Set(["to", "from", "tile", "tiles", "portal", "entry", "destination", "eliminate"]);

const isMap = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const isInt = (v) => Number.isInteger(v);
const words = (s) => String(s).replaceAll("_", " ");
const cap = (s) => words(s).charAt(0).toUpperCase() + words(s).slice(1);
const fmt = (n) => Math.round(n * 100) / 100;
const seatColour = (seat) => SEAT_COLOURS[seat % SEAT_COLOURS.length];
let drawn = 0;

function hashHue(s) {
  let x = 0;
  for (const ch of String(s)) x = (x * 31 + ch.charCodeAt(0)) % 360;
  return x;
}

function el(tag, attrs = {}, ...children) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined && v !== false) e.setAttribute(k, String(v));
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return e;
}

function html(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined && v !== false) e.setAttribute(k, String(v));
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return e;
}

/** {width, height, tiles: [{id, x, y, kind}], links: [[a, b]]}: a board of square cells. */
export function isGridBoard(value) {
  return (
    isMap(value) &&
    isInt(value.width) &&
    isInt(value.height) &&
    Array.isArray(value.tiles) &&
    value.tiles.length > 0 &&
    value.tiles.every((t) => isMap(t) && typeof t.id === "string" && isInt(t.x) && isInt(t.y) && typeof t.kind === "string") &&
    Array.isArray(value.links) &&
    value.links.every((l) => Array.isArray(l) && l.length === 2 && l.every((s) => typeof s === "string"))
  );
}

/** {"0": 2, "3": 1}: counts by seat. */
function isSeatCounts(value) {
  return isMap(value) && Object.keys(value).length > 0 && Object.entries(value).every(([k, v]) => /^\d+$/.test(k) && isInt(v));
}

function kindLook(kind) {
  return KINDS[kind] ?? [`hsl(${hashHue(kind)} 45% 78%)`, words(kind).charAt(0).toUpperCase(), words(kind), false];
}

/** The colour of a thing named `word`: from `known`, else a hue of its own. */
function colourOf(word, known) {
  return known[word]?.[0] ?? `hsl(${hashHue(word)} 60% 35%)`;
}

/** A value in a title: "seat 0 ×2, seat 1 ×1", lists joined, maps as fields. */
function said(value) {
  if (isSeatCounts(value)) return Object.entries(value).map(([s, n]) => `seat ${s} ×${n}`).join(", ");
  if (Array.isArray(value)) return value.length ? value.map(said).join(" ") : "none";
  if (isMap(value)) return Object.entries(value).map(([k, v]) => `${words(k)} ${said(v)}`).join(", ");
  if (value === true) return "yes";
  if (value === false) return "no";
  return value === null ? "none" : String(value);
}

/** The fields of a map for a title, without the ones the title already names. */
function fields(item, skip) {
  return Object.entries(item)
    .filter(([k]) => !skip.includes(k))
    .map(([k, v]) => `${words(k)}: ${said(v)}`)
    .join("; ");
}

/** The routes of a board: [{key, name, tiles}], from fields holding {tiles} or lists of them. */
function routesOf(board) {
  const found = [];
  // by field name, so that each route keeps its colour however the view's fields are ordered
  for (const [key, value] of Object.entries(board).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (key === "tiles" || key === "links") continue;
    const items = Array.isArray(value) ? value : [value];
    if (!items.length || !items.every((r) => isMap(r) && Array.isArray(r.tiles) && r.tiles.every((t) => typeof t === "string"))) continue;
    items.forEach((r, i) => found.push({ key, name: r.name ?? `${words(key)} ${i}`, tiles: r.tiles }));
  }
  return found;
}

/** The entry points of a board: tile -> {tile, side, index}. */
function entriesOf(board) {
  const entries = new Map();
  for (const value of Object.values(board)) {
    if (!Array.isArray(value)) continue;
    if (value.length && value.every((e) => isMap(e) && typeof e.tile === "string" && ["north", "east", "south", "west"].includes(e.side))) {
      for (const e of value) entries.set(e.tile, e);
    }
  }
  return entries;
}

/**
 * What the fields beside a board put on it: pieces (with their field's key), tile marks, seat
 * boards, tokens and the mover.
 */
function onBoard(siblings, tileIds, entries) {
  const pieces = [];
  const marks = [];
  const seatBoards = [];
  const tokens = [];
  let mover = null;
  for (const [key, value] of Object.entries(siblings)) {
    const items = Array.isArray(value) ? value : isMap(value) ? [value] : [];
    if (!items.length || !items.every(isMap)) continue;
    if (Array.isArray(value) && items.every((i) => typeof i.entry === "string" && entries.has(i.entry))) {
      items.forEach((item, n) => seatBoards.push({ key, seat: isInt(item.seat) ? item.seat : n, item }));
    } else if (items.every((i) => typeof i.id === "string" && "tile" in i)) {
      for (const item of items) pieces.push({ key, item });
    } else if (Array.isArray(value) && items.every((i) => typeof i.tile === "string" && tileIds.has(i.tile) && !("id" in i))) {
      for (const item of items) marks.push({ key, item });
    } else if (!Array.isArray(value) && ("carrier" in value || (typeof value.tile === "string" && tileIds.has(value.tile)))) {
      tokens.push({ key, item: value });
    } else if (!Array.isArray(value) && typeof value.creature === "string") {
      mover = { key, id: value.creature };
    }
  }
  const ids = new Set(pieces.map((p) => p.item.id));
  const actions = [];
  for (const [key, value] of Object.entries(siblings)) {
    if (!isMap(value) || "id" in value || key === mover?.key) continue;
    const named = Object.entries(value).filter(([k, v]) => typeof v === "string" && ids.has(v) && !(PLACE_FIELDS.has(k) && tileIds.has(v)));
    if (named.length >= 2) actions.push({ key, item: value, from: named[0], to: named[1] });
  }
  return { pieces, marks, seatBoards, tokens, mover, actions };
}

/** The fields beside a grid board that it draws (pieces, tile marks, seat boards, tokens, the mover). */
export function gridFields(board, siblings) {
  const things = onBoard(siblings, new Set(board.tiles.map((t) => t.id)), entriesOf(board));
  const keys = [...things.pieces, ...things.marks, ...things.seatBoards, ...things.tokens, ...things.actions].map((t) => t.key);
  return new Set([...keys, ...(things.mover ? [things.mover.key] : [])]);
}

/** Where a seat board is drawn: off the edge beside its entry point. */
function seatBoardBox(entry, tile, board) {
  const [x, y] = [tile.x * CELL, tile.y * CELL];
  const [long, deep, gap] = [4 * CELL, 1.8 * CELL, 0.25 * CELL];
  const clampX = (v) => Math.max(-MARGIN + gap, Math.min(board.width * CELL + MARGIN - gap - long, v));
  const clampY = (v) => Math.max(-MARGIN + gap, Math.min(board.height * CELL + MARGIN - gap - long, v));
  switch (entry.side) {
    case "north":
      return { x: clampX(x + CELL / 2 - long / 2), y: -gap - deep, w: long, h: deep, across: true };
    case "south":
      return { x: clampX(x + CELL / 2 - long / 2), y: board.height * CELL + gap, w: long, h: deep, across: true };
    case "east":
      return { x: board.width * CELL + gap, y: clampY(y + CELL / 2 - long / 2), w: deep, h: long, across: false };
    default:
      return { x: -gap - deep, y: clampY(y + CELL / 2 - long / 2), w: deep, h: long, across: false };
  }
}

/** A piece's look: {shape, fill, seats: [[seat, count]], label}. */
function pieceLook(key, item) {
  const [shape, fill, letter] = PIECES[key] ?? ["circle", `hsl(${hashHue(key)} 50% 45%)`, words(key).charAt(0).toUpperCase()];
  const counts = Object.values(item).find(isSeatCounts);
  const seats = counts ? Object.entries(counts).map(([s, n]) => [Number(s), n]) : [];
  const total = seats.reduce((n, [, c]) => n + c, 0);
  const ownerFill = isInt(item.owner) ? seatColour(item.owner) : null;
  return { shape, fill: ownerFill ?? fill ?? "#777777", seats, label: counts ? String(total) : letter ?? words(key).charAt(0).toUpperCase() };
}

function pieceShape(look, x, y, r) {
  const parts = [];
  if (look.shape === "square") parts.push(el("rect", { x: fmt(x - r), y: fmt(y - r), width: fmt(2 * r), height: fmt(2 * r), rx: fmt(r * 0.25), fill: look.fill, class: "body" }));
  else if (look.shape === "diamond") parts.push(el("polygon", { points: `${fmt(x)},${fmt(y - r * 1.2)} ${fmt(x + r * 1.2)},${fmt(y)} ${fmt(x)},${fmt(y + r * 1.2)} ${fmt(x - r * 1.2)},${fmt(y)}`, fill: look.fill, class: "body" }));
  else if (look.seats.length > 1) {
    // a piece of several seats: a pie, each seat's share of the count
    const total = look.seats.reduce((n, [, c]) => n + c, 0);
    let a = -Math.PI / 2;
    for (const [seat, n] of look.seats) {
      const b = a + (2 * Math.PI * n) / total;
      const large = b - a > Math.PI ? 1 : 0;
      const d = `M${fmt(x)},${fmt(y)} L${fmt(x + r * Math.cos(a))},${fmt(y + r * Math.sin(a))} A${fmt(r)},${fmt(r)} 0 ${large} 1 ${fmt(x + r * Math.cos(b))},${fmt(y + r * Math.sin(b))} Z`;
      parts.push(el("path", { d, fill: seatColour(seat), class: "share", "data-seat": seat }));
      a = b;
    }
    parts.push(el("circle", { cx: fmt(x), cy: fmt(y), r: fmt(r), fill: "none", class: "body" }));
  } else {
    const fill = look.seats.length === 1 ? seatColour(look.seats[0][0]) : look.fill;
    parts.push(el("circle", { cx: fmt(x), cy: fmt(y), r: fmt(r), fill, class: "body" }));
  }
  parts.push(el("text", { x: fmt(x), y: fmt(y + r * 0.38), class: "piece-label", "font-size": fmt(r * 1.05) }, look.label));
  return parts;
}

/**
 * A grid board and what the fields beside it (`siblings`, the map it sits in) put on it, as a
 * figure: the SVG, a legend of what it shows, what is not on it, and the board's data folded away.
 * `label` names it; `renderEntries` draws the board's data as panels; `named` maps a tile or piece id
 * to [field, label] of each legal move that names it.
 */
export function drawGridBoard(board, siblings = {}, label = "Board", renderEntries = null, named = new Map()) {
  const id = `grid-${++drawn}`;
  const tiles = new Map(board.tiles.map((t) => [t.id, t]));
  const tileIds = new Set(tiles.keys());
  const links = new Set(board.links.map(([a, b]) => `${a}|${b}`));
  const linked = (a, b) => links.has(`${a}|${b}`) || links.has(`${b}|${a}`);
  const at = (t) => ({ x: (t.x + 0.5) * CELL, y: (t.y + 0.5) * CELL });
  const entries = entriesOf(board);
  const routes = routesOf(board);
  const things = onBoard(siblings, tileIds, entries);
  const pieceIds = new Set(things.pieces.map((p) => p.item.id));
  // what the legal moves name: a tile's moves and a piece's, apart where one name is both
  const movesFor = (ids, keep) => {
    const out = new Map();
    for (const [name, uses] of named) {
      const labels = uses.filter(([field]) => !(tileIds.has(name) && pieceIds.has(name)) || keep(field)).map(([, label]) => label);
      if (ids.has(name) && labels.length) out.set(name, labels);
    }
    return out;
  };
  const tileMoves = movesFor(tileIds, (field) => PLACE_FIELDS.has(field));
  const pieceMoves = movesFor(pieceIds, (field) => !PLACE_FIELDS.has(field));
  const legend = { kinds: new Map(), overlays: new Map(), pieces: new Map(), marks: new Map() };

  // tiles: a rect by kind, its letter and, for a tile of several routes' or an entry's, nothing more
  const byXY = new Map(board.tiles.map((t) => [`${t.x},${t.y}`, t]));
  const marksOn = new Map();
  for (const m of things.marks) {
    if (!marksOn.has(m.item.tile)) marksOn.set(m.item.tile, []);
    marksOn.get(m.item.tile).push(m);
  }
  const tileGroups = board.tiles.map((t) => {
    const [fill, letter, name, light] = kindLook(t.kind);
    legend.kinds.set(t.kind, [fill, letter, name, light, (legend.kinds.get(t.kind)?.[4] ?? 0) + 1]);
    const x = t.x * CELL;
    const y = t.y * CELL;
    const entry = entries.get(t.id);
    const quadrantTint = t.kind === "floor" && isInt(t.quadrant) ? `hsl(${(t.quadrant * 90 + 30) % 360} 35% 88%)` : fill;
    const flags = Object.entries(t).filter(([k, v]) => v === true && !["x", "y"].includes(k)).map(([k]) => k);
    const marks = marksOn.get(t.id) ?? [];
    const title = [
      `${cap(name)} (${t.id})`,
      isInt(t.quadrant) ? `quadrant ${t.quadrant}` : null,
      entry && isInt(entry.index) ? `entry point ${entry.index}, ${entry.side} edge` : null,
      flags.length ? `${flags.map(words).join(", ")} space` : null,
      ...marks.map((m) => `${words(m.key)}: ${fields(m.item, ["tile"])}`),
      tileMoves.has(t.id) ? `your moves: ${tileMoves.get(t.id).join(", ")}` : null,
    ].filter(Boolean);
    return el(
      "g",
      { class: `tile${tileMoves.has(t.id) ? " target" : ""}`, "data-tile": t.id, "data-kind": t.kind, "data-quadrant": t.quadrant ?? null, "data-flags": flags.join(" ") || null },
      el("title", {}, title.join("; ")),
      el("rect", { x: fmt(x + 0.3), y: fmt(y + 0.3), width: CELL - 0.6, height: CELL - 0.6, rx: 0.8, fill: quadrantTint }),
      flags.map((f, i) => el("rect", { x: fmt(x + 1.3 + i), y: fmt(y + 1.3 + i), width: fmt(CELL - 2.6 - 2 * i), height: fmt(CELL - 2.6 - 2 * i), rx: 0.6, class: `space ${f}`, stroke: colourOf(SPACES[f] ?? f, OVERLAYS) })),
      letter ? el("text", { x: fmt(x + CELL / 2), y: fmt(y + CELL * 0.66), class: `kind-letter${light ? " light" : ""}`, "font-size": fmt(CELL * 0.5) }, entry && isInt(entry.index) ? `${letter}${entry.index}` : letter) : null,
      el("text", { x: fmt(x + 0.9), y: fmt(y + 2.4), class: "tile-id", "font-size": 2 }, t.id),
      tileMoves.has(t.id) ? el("rect", { x: fmt(x + 0.7), y: fmt(y + 0.7), width: CELL - 1.4, height: CELL - 1.4, rx: 0.8, class: "target-ring" }) : null,
    );
  });

  // walls: between two tiles side by side that are not linked (a barracks' walls)
  const walls = [];
  for (const t of board.tiles) {
    for (const [dx, dy] of [[1, 0], [0, 1]]) {
      const o = byXY.get(`${t.x + dx},${t.y + dy}`);
      if (!o || linked(t.id, o.id)) continue;
      const [x, y] = [(t.x + dx) * CELL, (t.y + dy) * CELL];
      const [w, h] = dx ? [1.2, CELL] : [CELL, 1.2];
      walls.push(el("rect", { x: fmt(dx ? x - 0.6 : x), y: fmt(dx ? y : y - 0.6), width: w, height: h, class: "wall", "data-between": `${t.id} ${o.id}` }));
    }
  }

  // tile marks: obstacles over the tile, badges in its corner, bars across a ward in place
  const markGroups = [];
  for (const [tile, marks] of marksOn) {
    const t = tiles.get(tile);
    const [x, y] = [t.x * CELL, t.y * CELL];
    let badges = 0;
    for (const { key, item } of marks) {
      const title = el("title", {}, `${cap(key)} on ${tile}: ${fields(item, ["tile"])}`);
      if (typeof item.kind === "string") {
        const [colour, glyph] = [colourOf(item.kind, OVERLAYS), OVERLAYS[item.kind]?.[1] ?? words(item.kind).charAt(0)];
        legend.overlays.set(item.kind, [colour, glyph, (legend.overlays.get(item.kind)?.[2] ?? 0) + 1]);
        markGroups.push(
          el(
            "g",
            { class: "mark overlay", "data-key": key, "data-tile": tile, "data-kind": item.kind, "data-side": typeof item.side === "string" ? item.side : null },
            title,
            el("rect", { x: fmt(x + 0.3), y: fmt(y + 0.3), width: CELL - 0.6, height: CELL - 0.6, rx: 0.8, fill: colour, "fill-opacity": 0.45 }),
            el("text", { x: fmt(x + CELL * 0.78), y: fmt(y + CELL * 0.4), class: "overlay-glyph", fill: colour, "font-size": fmt(CELL * 0.45) }, glyph),
            typeof item.side === "string" ? el("text", { x: fmt(x + CELL * 0.2), y: fmt(y + CELL * 0.92), class: "overlay-side", "font-size": fmt(CELL * 0.3) }, item.side) : null,
          ),
        );
        continue;
      }
      const word = Object.entries(item).find(([k, v]) => k !== "tile" && (typeof v === "string" || v === null));
      const initial = word === undefined ? words(key).charAt(0) : word[1] === null ? "?" : words(word[1]).charAt(0).toUpperCase();
      const flagged = Object.entries(item).some(([, v]) => v === true);
      const barred = item.open === false;
      legend.marks.set(key, (legend.marks.get(key) ?? 0) + 1);
      const [bx, by] = [x + CELL - 2.2 - badges * 4, y + CELL - 2.2];
      badges += 1;
      markGroups.push(
        el(
          "g",
          { class: `mark badge${flagged ? " flagged" : ""}${barred ? " barred" : ""}`, "data-key": key, "data-tile": tile },
          title,
          barred ? [0.3, 0.7].map((f) => el("line", { x1: fmt(x + 1), y1: fmt(y + CELL * f), x2: fmt(x + CELL - 1), y2: fmt(y + CELL * f), class: "bar" })) : null,
          el("circle", { cx: fmt(bx), cy: fmt(by), r: 1.9, class: "badge-dot" }),
          el("text", { x: fmt(bx), y: fmt(by + 0.75), class: "badge-letter", "font-size": 2.3 }, initial),
        ),
      );
    }
  }

  // routes: an arrow for each step, each route's arrows a little to the side of the one before
  const routeLines = [];
  const first = routes[0]?.key;
  routes.forEach((route) => {
    const n = route.key === first ? 0 : 1;
    const colour = ROUTE_COLOURS[n];
    const shift = n === 0 ? 1.6 : 0;
    route.tiles.forEach((here, i) => {
      const there = route.tiles[(i + 1) % route.tiles.length];
      if (!tiles.has(here) || !tiles.has(there)) return;
      const [p, q] = [at(tiles.get(here)), at(tiles.get(there))];
      const len = Math.hypot(q.x - p.x, q.y - p.y) || 1;
      const [ux, uy] = [(q.x - p.x) / len, (q.y - p.y) / len];
      const [ox, oy] = [-uy * shift, ux * shift];
      routeLines.push(
        el("line", {
          x1: fmt(p.x + ox + ux * 3.2), y1: fmt(p.y + oy + uy * 3.2), x2: fmt(q.x + ox - ux * 3.2), y2: fmt(q.y + oy - uy * 3.2),
          class: "route-step", stroke: colour, "marker-end": `url(#${id}-arrow-${n})`,
          "data-route": route.name, "data-from": here, "data-to": there,
        }),
      );
    });
  });

  // seat boards off the edge, with their counts
  const homes = new Map(); // seat -> its box's centre
  const seatGroups = things.seatBoards.map(({ key, seat, item }) => {
    const entry = entries.get(item.entry);
    const box = seatBoardBox(entry, tiles.get(entry.tile), board);
    const centre = { x: box.x + box.w / 2, y: box.y + box.h / 2 };
    // a piece on the seat board stands just past its end (the counts fill the board)
    const beside = box.across ? { x: box.x + box.w + CELL * 0.55, y: centre.y } : { x: centre.x, y: box.y + box.h + CELL * 0.55 };
    homes.set(seat, { centre: beside, box });
    const counts = COUNTS.filter(([k]) => isInt(item[k])).map(([k, sign]) => `${sign}${item[k]}`);
    const lines = box.across ? [`${seat}  ${counts.join(" ")}`] : [String(seat), ...counts];
    const size = box.across ? 4 : 4.4;
    const top = box.across ? centre.y + size * 0.35 : box.y + 5;
    const step = box.across ? 0 : (box.h - 8) / Math.max(1, lines.length - 1);
    return el(
      "g",
      { class: "seat-board", "data-key": key, "data-seat": seat, "data-entry": item.entry },
      el("title", {}, `Seat ${seat}'s ${words(key).replace(/s$/, "")} at ${item.entry}: ${fields(item, ["seat", "entry"])}`),
      el("rect", { x: fmt(box.x), y: fmt(box.y), width: fmt(box.w), height: fmt(box.h), rx: 1.2, fill: seatColour(seat) }),
      lines.map((line, i) => el("text", { x: fmt(centre.x), y: fmt(top + i * step), class: "seat-text", "font-size": size }, line)),
    );
  });

  // pieces: on their tile (several on one tile set round its centre), or on a seat board
  const pieceAt = new Map(); // piece id -> its point
  const crowd = new Map();
  const offBoard = [];
  for (const p of things.pieces) {
    const tile = p.item.tile;
    const seat = typeof tile === "string" && !tileIds.has(tile) ? Number(/(\d+)$/.exec(tile)?.[1]) : NaN;
    let spot = null;
    if (typeof tile === "string" && tileIds.has(tile)) spot = at(tiles.get(tile));
    else if (homes.has(seat)) spot = { ...homes.get(seat).centre, home: seat };
    if (spot === null) {
      offBoard.push(`${words(p.key)}${p.item.id !== p.key ? ` ${p.item.id}` : ""}${tile === null ? "" : ` (${tile})`}`);
      continue;
    }
    const k = `${fmt(spot.x)},${fmt(spot.y)}`;
    if (!crowd.has(k)) crowd.set(k, []);
    crowd.get(k).push({ ...p, spot });
  }
  const pieceGroups = [];
  for (const group of crowd.values()) {
    group.forEach(({ key, item, spot }, n) => {
      const a = -Math.PI / 2 + (n * 2 * Math.PI) / group.length;
      const spread = group.length > 1 ? CELL * 0.24 : 0;
      const [x, y] = [spot.x + Math.cos(a) * spread, spot.y + Math.sin(a) * spread];
      const r = group.length > 1 ? CELL * 0.26 : CELL * 0.36;
      const look = pieceLook(key, item);
      legend.pieces.set(key, [look, (legend.pieces.get(key)?.[1] ?? 0) + 1]);
      pieceAt.set(item.id, { x, y, r });
      const depleted = item.active === false;
      const states = [depleted ? "depleted" : null, item.in_combat === true ? "in-combat" : null, things.mover?.id === item.id ? "moving" : null, pieceMoves.has(item.id) ? "target" : null].filter(Boolean);
      pieceGroups.push(
        el(
          "g",
          { class: ["piece", ...states].join(" "), "data-key": key, "data-piece": item.id, "data-tile": item.tile },
          el("title", {}, `${cap(key.replace(/s$/, ""))} ${item.id} on ${spot.home !== undefined ? `seat ${spot.home}'s board` : item.tile}: ${fields(item, ["id", "tile"])}${things.mover?.id === item.id ? `; ${words(things.mover.key)}` : ""}${pieceMoves.has(item.id) ? `; your moves: ${pieceMoves.get(item.id).join(", ")}` : ""}`),
          item.in_combat === true ? el("circle", { cx: fmt(x), cy: fmt(y), r: fmt(r + 1.1), class: "combat-ring" }) : null,
          things.mover?.id === item.id ? el("circle", { cx: fmt(x), cy: fmt(y), r: fmt(r + 2), class: "mover-ring" }) : null,
          pieceMoves.has(item.id) ? el("circle", { cx: fmt(x), cy: fmt(y), r: fmt(r + 2.9), class: "target-ring" }) : null,
          pieceShape(look, x, y, r),
        ),
      );
    });
  }

  // tokens: on the piece that carries them, else on their tile
  const tokenGroups = [];
  for (const { key, item } of things.tokens) {
    const carrier = typeof item.carrier === "string" ? pieceAt.get(item.carrier) : null;
    const tile = typeof item.tile === "string" ? tiles.get(item.tile) : null;
    const spot = carrier ? { x: carrier.x + carrier.r * 0.8, y: carrier.y - carrier.r * 0.8 } : tile ? at(tile) : null;
    if (spot === null) {
      offBoard.push(`${words(key)}${item.carrier ? ` (carried by ${item.carrier})` : ""}`);
      continue;
    }
    tokenGroups.push(
      el(
        "g",
        { class: "token", "data-key": key, "data-on": carrier ? item.carrier : item.tile },
        el("title", {}, `${cap(key)} ${carrier ? `carried by ${item.carrier}` : `on ${item.tile}`}: ${fields(item, ["tile", "carrier"])}`),
        el("circle", { cx: fmt(spot.x), cy: fmt(spot.y), r: 2.6, class: "token-dot" }),
        el("text", { x: fmt(spot.x), y: fmt(spot.y + 1.2), class: "token-glyph", "font-size": 3.4 }, key === "crown" ? "♛" : words(key).charAt(0).toUpperCase()),
      ),
    );
  }

  // actions: an arrow from the first piece named to the second
  const actionLines = [];
  for (const { key, item, from, to } of things.actions) {
    const [p, q] = [pieceAt.get(from[1]), pieceAt.get(to[1])];
    if (!p || !q) continue;
    const len = Math.hypot(q.x - p.x, q.y - p.y) || 1;
    const [ux, uy] = [(q.x - p.x) / len, (q.y - p.y) / len];
    actionLines.push(
      el(
        "g",
        { class: "action", "data-key": key, "data-from": from[1], "data-to": to[1] },
        el("title", {}, `${cap(key)}: ${fields(item, [])}`),
        el("line", { x1: fmt(p.x + ux * p.r), y1: fmt(p.y + uy * p.r), x2: fmt(q.x - ux * (q.r + 1)), y2: fmt(q.y - uy * (q.r + 1)), class: "action-line", "marker-end": `url(#${id}-arrow-action)` }),
      ),
    );
  }

  const [w, hgt] = [board.width * CELL + 2 * MARGIN, board.height * CELL + 2 * MARGIN];
  const counts = [...legend.kinds].map(([, [, , name, , n]]) => `${n} ${name}`).join(", ");
  const who = [...legend.pieces].map(([key, [, n]]) => `${n} ${words(key)}`).join(", ");
  const summary = `${label}: ${board.width} by ${board.height} cells, ${board.tiles.length} tiles (${counts})${who ? `; on it ${who}` : ""}`;
  const arrow = (n, colour) =>
    el("marker", { id: `${id}-arrow-${n}`, viewBox: "0 0 6 6", refX: 5, refY: 3, markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" }, el("path", { d: "M0,0 L6,3 L0,6 z", fill: colour }));
  const svg = el(
    "svg",
    {
      xmlns: NS, class: "grid-board", id, role: "img", "aria-labelledby": `${id}-title`,
      viewBox: `${-MARGIN} ${-MARGIN} ${w} ${hgt}`, width: "100%", preserveAspectRatio: "xMidYMid meet", "data-tiles": board.tiles.length,
    },
    el("title", { id: `${id}-title` }, summary),
    el("defs", {}, arrow(0, ROUTE_COLOURS[0]), arrow(1, ROUTE_COLOURS[1]), arrow("action", ACTION_COLOUR)),
    el("rect", { x: 0, y: 0, width: board.width * CELL, height: board.height * CELL, class: "walls", rx: 1 }),
    el("g", { class: "tiles" }, tileGroups),
    el("g", { class: "marks" }, markGroups),
    el("g", { class: "wall-lines", "aria-hidden": "true" }, walls),
    el("g", { class: "routes", "aria-hidden": "true" }, routeLines),
    el("g", { class: "seat-boards" }, seatGroups),
    el("g", { class: "pieces" }, pieceGroups),
    el("g", { class: "tokens" }, tokenGroups),
    el("g", { class: "actions" }, actionLines),
  );
  return html(
    "figure",
    { class: "board-figure grid-figure", "data-board": label },
    svg,
    drawLegend(legend, routes, things, tileMoves.size + pieceMoves.size > 0),
    offBoard.length ? html("figcaption", {}, `Not on the board: ${offBoard.join("; ")}.`) : null,
    renderEntries ? html("details", { class: "board-data" }, html("summary", {}, `${label} as data`), renderEntries(board)) : null,
  );
}

function swatch(fill, text = "", extra = "") {
  return html("span", { class: `swatch ${extra}`.trim(), style: `background: ${fill}`, "aria-hidden": "true" }, text);
}

/** A line of the legend: its swatch, then what it means. */
function entry(attrs, sample, meaning) {
  return html("li", attrs, sample, html("span", { class: "meaning" }, meaning));
}

/** The legend: the kinds of tile (with how many), routes, marks, pieces and the signs used. */
function drawLegend(legend, routes, things, targets) {
  const items = [];
  for (const [kind, [fill, letter, name, light, n]] of legend.kinds) {
    items.push(entry({ "data-legend-kind": kind }, swatch(fill, letter, light ? "light" : ""), `${cap(name)} (${n})`));
  }
  const routeNames = [...new Set(routes.map((r) => r.key))];
  routeNames.forEach((key, n) => {
    items.push(entry({ "data-legend-route": key }, swatch(ROUTE_COLOURS[n === 0 ? 0 : 1], "→"), `${cap(key)}: the way patrols walk`));
  });
  for (const [kind, [colour, glyph, n]] of legend.overlays) {
    items.push(entry({ "data-legend-overlay": kind }, swatch(colour, glyph, "light"), `${cap(kind)} (${n}); a dashed border: its printed space`));
  }
  for (const [key, n] of legend.marks) {
    items.push(entry({ "data-legend-mark": key }, swatch("#ffffff", "•", "badge"), `${cap(key)} (${n}): a badge with its initial, "?" face down, solid when done`));
  }
  if (things.marks.some((m) => m.item.open === false)) items.push(entry({}, swatch("#3f8fb0", "═", "light"), "Barred: still in place (closed)"));
  for (const [key, [look, n]] of legend.pieces) {
    const fill = look.seats.length ? "conic-gradient(#d7263d 0 50%, #1b67d1 50%)" : look.fill;
    items.push(entry({ "data-legend-piece": key }, swatch(fill, look.seats.length ? "n" : look.label, `light piece ${look.shape}`), `${cap(key)} (${n})${look.seats.length ? ": seats' colours, how many" : ""}`));
  }
  if (things.pieces.length) items.push(entry({}, swatch("#999999", "", "piece depleted"), "Faded, dashed: depleted; red ring: in combat; blue ring: moving"));
  for (const { key } of things.actions) items.push(entry({ "data-legend-action": key }, swatch("#fff", "➜", "action"), `${cap(key)}: from the first piece it names to the second`));
  if (targets) items.push(entry({ "data-legend-target": "" }, swatch("#fff", "", "target"), "Green outline: named by one of your moves (the buttons make them)"));
  if (things.tokens.length) for (const { key } of things.tokens) items.push(entry({ "data-legend-token": key }, swatch("#f6d55c", key === "crown" ? "♛" : key.charAt(0).toUpperCase()), cap(key)));
  if (things.seatBoards.length) {
    const shown = COUNTS.map(([k, sign]) => `${sign} ${words(k)}`).join(", ");
    items.push(entry({}, swatch(seatColour(0), "0", "light"), `${cap(things.seatBoards[0].key)}, by seat, off the edge at their entry point: ${shown}`));
  }
  return html("ul", { class: "legend", "aria-label": "Legend" }, items);
}
