// Boards of tiles, drawn as an inline SVG. Recognised by shape, never by a game's name:
//
//   a board     {tiles: [{id, kind, x, y, roads?, suit?, ...}], links: [{a, b}]}
//   its pieces  a sibling field holding one string per seat, each a road node of the board
//               (or something else, such as "off", for a piece that is not on it)
//
// A tile's shape comes from its kind when the word is a familiar one (hexes: citadel, tower,
// palace, plaza, house, underground; rhombi: mountain, river, woods; triangles: fork, tavern,
// hole), else from its structure (two roads or more: a rhombus; linked to a rhombus or to
// nothing: a hex; otherwise a triangle). Small tiles that share a spot (the centroids of the
// same ends) are pushed apart, and tiles left aside (unlinked, far out) are drawn at the edge.

const NS = "http://www.w3.org/2000/svg";
const SUIT_SIGNS = { C: ["♣", "clubs", false], D: ["♦", "diamonds", true], H: ["♥", "hearts", true], S: ["♠", "spades", false] };
const SHAPES = {
  hex: ["citadel", "tower", "palace", "plaza", "house", "underground", "hex"],
  rhombus: ["mountain", "river", "woods", "rhombus"],
  triangle: ["fork", "tavern", "hole", "triangle"],
};
const KIND_FILLS = {
  citadel: "#f3d36b", tower: "#e9e4f7", palace: "#fbe3ea", plaza: "#e3f1fb", underground: "#b89a7a",
  mountain: "#9a9a9a", river: "#5aa0e0", woods: "#3f9a4a", fork: "#d9b26f", tavern: "#e7873a", hole: "#6b4a2f",
};
/** A colour per seat (eight seats, the most any game has). */
export const SEAT_COLOURS = ["#d7263d", "#1b67d1", "#f2a900", "#2e9e5b", "#8e44ad", "#13a6a6", "#e0609e", "#7a5230"];
let boards = 0;

const isMap = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const isNum = (v) => typeof v === "number" && Number.isFinite(v);

/** An object with `tiles` (each with x, y and kind) and `links` (each joining a and b). */
export function isBoard(value) {
  return (
    isMap(value) &&
    Array.isArray(value.tiles) &&
    Array.isArray(value.links) &&
    value.tiles.every((t) => isMap(t) && isNum(t.x) && isNum(t.y) && typeof t.kind === "string") &&
    value.links.every((l) => isMap(l) && typeof l.a === "string" && typeof l.b === "string")
  );
}

/** The road nodes of a board: node name -> its tile. A tile without roads is one node, its id. */
export function boardNodes(board) {
  const nodes = new Map();
  for (const t of board.tiles) {
    const roads = Array.isArray(t.roads) && t.roads.length ? t.roads : [t.id];
    for (const r of roads) if (typeof r === "string") nodes.set(r, t);
    if (typeof t.id === "string" && !nodes.has(t.id)) nodes.set(t.id, t);
  }
  return nodes;
}

/** Whether `value` places pieces on `board`: one string per seat, at least one a node of it. */
export function isPieces(value, board, seats = null) {
  if (!Array.isArray(value) || value.length === 0 || !value.every((v) => typeof v === "string")) return false;
  if (seats !== null && value.length !== seats) return false;
  const nodes = boardNodes(board);
  return value.some((v) => nodes.has(v));
}

function el(tag, attrs = {}, ...children) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined && v !== false) e.setAttribute(k, String(v));
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return e;
}

const words = (s) => String(s).replaceAll("_", " ");
const cap = (s) => words(s).charAt(0).toUpperCase() + words(s).slice(1);
const fmt = (n) => Math.round(n * 100) / 100;

function hashHue(s) {
  let x = 0;
  for (const ch of String(s)) x = (x * 31 + ch.charCodeAt(0)) % 360;
  return x;
}

/** The words for a tile: "Plaza of hearts (JH), seaside". */
export function tileName(t) {
  const suit = SUIT_SIGNS[t.suit]?.[1] ?? (t.suit ? words(t.suit) : null);
  const flags = Object.entries(t)
    .filter(([k, v]) => v === true && !["x", "y"].includes(k))
    .map(([k]) => words(k));
  return `${cap(t.kind)}${suit ? ` of ${suit}` : ""}${t.id !== undefined ? ` (${t.id})` : ""}${flags.length ? `, ${flags.join(", ")}` : ""}`;
}

function shapeOf(t, rhombusNodes, degree) {
  for (const [shape, kinds] of Object.entries(SHAPES)) if (kinds.includes(String(t.kind).toLowerCase())) return shape;
  const roads = Array.isArray(t.roads) && t.roads.length ? t.roads : [t.id];
  if (roads.length >= 2) return "rhombus";
  const node = roads[0];
  if ((degree.get(node) ?? 0) === 0 || rhombusNodes.linked.has(node)) return "hex";
  return (degree.get(node) ?? 0) <= 3 ? "triangle" : "hex";
}

function polygon(cx, cy, r, sides, start, sx = 1, sy = 1, turn = 0) {
  const pts = [];
  for (let i = 0; i < sides; i++) {
    const a = start + (i * 2 * Math.PI) / sides;
    const px = Math.cos(a) * r * sx;
    const py = Math.sin(a) * r * sy;
    pts.push(`${fmt(cx + px * Math.cos(turn) - py * Math.sin(turn))},${fmt(cy + px * Math.sin(turn) + py * Math.cos(turn))}`);
  }
  return pts.join(" ");
}

/**
 * The board as an accessible SVG: each tile a <g> with a <title>, the links as lines (a link
 * off the board a dashed stub outwards), and each seat's piece where `pieces` puts it.
 * `pieces` is [{key, places: [node per seat]}].
 */
export function drawBoard(board, pieces = [], label = "Board") {
  const id = `board-${++boards}`;
  const nodes = boardNodes(board);
  const tiles = board.tiles;
  const degree = new Map();
  const linkedTo = new Map();
  for (const { a, b } of board.links) {
    for (const [p, q] of [[a, b], [b, a]]) {
      degree.set(p, (degree.get(p) ?? 0) + 1);
      if (!linkedTo.has(p)) linkedTo.set(p, []);
      linkedTo.get(p).push(q);
    }
  }
  // which nodes are linked to a tile with two roads or more (a rhombus): those are hexes
  const rhombusNodes = { linked: new Set() };
  for (const t of tiles) {
    if (Array.isArray(t.roads) && t.roads.length >= 2) for (const r of t.roads) for (const o of linkedTo.get(r) ?? []) rhombusNodes.linked.add(o);
  }
  const shapes = tiles.map((t) => shapeOf(t, rhombusNodes, degree));
  const hexes = tiles.filter((_, i) => shapes[i] === "hex");

  // the lattice's spacing: the typical distance from a hex to its nearest hex
  const nearest = hexes
    .map((t) => Math.min(...hexes.filter((o) => o !== t).map((o) => Math.hypot(o.x - t.x, o.y - t.y)).filter((d) => d > 0)))
    .filter((d) => Number.isFinite(d))
    .sort((p, q) => p - q);
  const d = nearest.length ? nearest[Math.floor(nearest.length / 2)] : 10;
  const hexR = d * 0.36;
  const smallR = d * 0.17;

  // positions: tiles left aside (unlinked, outside the linked board) come to its edge
  const pos = tiles.map((t) => ({ x: t.x, y: t.y }));
  const linked = tiles.map((t) => (Array.isArray(t.roads) && t.roads.length ? t.roads : [t.id]).some((r) => degree.has(r)));
  const inner = pos.filter((_, i) => linked[i]);
  if (inner.length) {
    const [x0, x1] = [Math.min(...inner.map((p) => p.x)) - d, Math.max(...inner.map((p) => p.x)) + d];
    const [y0, y1] = [Math.min(...inner.map((p) => p.y)) - d, Math.max(...inner.map((p) => p.y)) + d];
    pos.forEach((p, i) => {
      if (linked[i]) return;
      p.x = Math.min(x1, Math.max(x0, p.x));
      p.y = Math.min(y1, Math.max(y0, p.y));
    });
  }
  // small tiles on the same spot (or on a hex) are pushed apart; hexes stay where they are
  const radius = (i) => (shapes[i] === "hex" ? hexR : smallR);
  for (let round = 0; round < 40; round++) {
    let moved = false;
    for (let i = 0; i < tiles.length; i++) {
      if (shapes[i] === "hex") continue;
      for (let j = 0; j < tiles.length; j++) {
        if (i === j) continue;
        const need = shapes[j] === "hex" ? hexR + smallR * 0.9 : smallR * 2.1;
        let dx = pos[i].x - pos[j].x;
        let dy = pos[i].y - pos[j].y;
        let dist = Math.hypot(dx, dy);
        if (dist >= need - 1e-6) continue;
        if (dist < 1e-6) {
          if (shapes[j] !== "hex" && j > i) continue; // of a pair on one spot, the later one moves
          const a = (i * 2.399963) % (2 * Math.PI); // a golden-angle turn per tile: no two alike
          [dx, dy, dist] = [Math.cos(a), Math.sin(a), 1];
        }
        const push = shapes[j] === "hex" ? need - dist : (need - dist) / 2;
        pos[i].x += (dx / dist) * push;
        pos[i].y += (dy / dist) * push;
        if (shapes[j] !== "hex") {
          pos[j].x -= (dx / dist) * push;
          pos[j].y -= (dy / dist) * push;
        }
        moved = true;
      }
    }
    if (!moved) break;
  }
  const shapeAt = new Map(); // node -> its tile's shape
  tiles.forEach((t, i) => {
    for (const r of Array.isArray(t.roads) && t.roads.length ? t.roads : [t.id]) shapeAt.set(r, shapes[i]);
  });
  const at = new Map(); // node -> its point
  tiles.forEach((t, i) => {
    for (const r of Array.isArray(t.roads) && t.roads.length ? t.roads : [t.id]) at.set(r, pos[i]);
    if (!at.has(t.id)) at.set(t.id, pos[i]);
  });

  const all = pos.length ? pos : [{ x: 0, y: 0 }];
  const cx = all.reduce((s, p) => s + p.x, 0) / all.length;
  const cy = all.reduce((s, p) => s + p.y, 0) / all.length;
  const margin = d * 0.9;
  const minX = Math.min(...all.map((p) => p.x)) - margin;
  const minY = Math.min(...all.map((p) => p.y)) - margin;
  let w = Math.max(...all.map((p) => p.x)) + margin - minX;
  let hgt = Math.max(...all.map((p) => p.y)) + margin - minY;
  if (!tiles.length) [w, hgt] = [w * 3, hgt * 0.6]; // a strip, saying so

  // links: between node points; a link off the board is a dashed stub away from the centre
  const roads = el("g", { class: "links", "aria-hidden": "true" });
  for (const { a, b } of board.links) {
    const p = at.get(a);
    const q = at.get(b);
    if (p && q) {
      roads.append(el("line", { x1: fmt(p.x), y1: fmt(p.y), x2: fmt(q.x), y2: fmt(q.y), class: "road", "data-a": a, "data-b": b }));
    } else if (p || q) {
      const s = p ?? q;
      let [ux, uy] = [s.x - cx, s.y - cy];
      const n = Math.hypot(ux, uy) || 1;
      [ux, uy] = [ux / n, uy / n];
      roads.append(el("line", { x1: fmt(s.x), y1: fmt(s.y), x2: fmt(s.x + ux * d * 0.55), y2: fmt(s.y + uy * d * 0.55), class: "road off", "data-a": a, "data-b": b }));
    }
  }

  const tileGroups = tiles.map((t, i) => {
    const { x, y } = pos[i];
    const shape = shapes[i];
    const known = KIND_FILLS[String(t.kind).toLowerCase()];
    const fill = known ?? `hsl(${hashHue(t.kind)} 55% 70%)`;
    let outline;
    if (shape === "hex") outline = el("polygon", { points: polygon(x, y, hexR, 6, -Math.PI / 2), fill });
    else if (shape === "triangle") outline = el("polygon", { points: polygon(x, y, smallR * 1.25, 3, -Math.PI / 2), fill });
    else {
      // a rhombus lies across its first road
      const ends = (linkedTo.get((t.roads ?? [])[0]) ?? []).map((n) => at.get(n)).filter(Boolean);
      const turn = ends.length >= 2 ? Math.atan2(ends[1].y - ends[0].y, ends[1].x - ends[0].x) + Math.PI / 2 : 0;
      outline = el("polygon", { points: polygon(x, y, smallR * 1.3, 4, 0, 1, 0.6, turn), fill });
    }
    const suit = SUIT_SIGNS[t.suit];
    const text = [];
    if (shape === "hex") {
      text.push(el("text", { x: fmt(x), y: fmt(y - hexR * 0.25), class: "tile-id", "font-size": fmt(d * 0.16) }, String(t.id ?? "")));
      if (suit || t.suit) {
        text.push(el("text", { x: fmt(x - hexR * 0.35), y: fmt(y + hexR * 0.55), class: `tile-suit${suit?.[2] ? " red" : ""}`, "font-size": fmt(d * 0.2) }, suit?.[0] ?? String(t.suit)));
      }
    } else {
      text.push(el("text", { x: fmt(x), y: fmt(y + smallR * 0.25), class: "tile-id small", "font-size": fmt(d * 0.085) }, String(t.id ?? "")));
    }
    return el(
      "g",
      { class: `tile ${shape}`, "data-tile": t.id, "data-kind": t.kind, "data-shape": shape },
      el("title", {}, tileName(t)),
      outline,
      text,
    );
  });

  // pieces: each seat's marker at its node, several on one node set around it
  const pieceGroups = [];
  const offBoard = [];
  const crowd = new Map();
  for (const { key, places } of pieces) {
    places.forEach((node, seat) => {
      const p = at.get(node);
      if (!p) {
        offBoard.push(`seat ${seat}: ${words(node)}`);
        return;
      }
      const k = `${fmt(p.x)},${fmt(p.y)}`;
      if (!crowd.has(k)) crowd.set(k, []);
      crowd.get(k).push({ key, node, seat, p });
    });
  }
  const said = [];
  for (const group of crowd.values()) {
    group.forEach(({ key, node, seat, p }, n) => {
      const onHex = shapeAt.get(node) === "hex";
      const [ox, oy] = onHex ? [p.x + hexR * 0.33, p.y + hexR * 0.42] : [p.x, p.y];
      const a = -Math.PI / 2 + (n * 2 * Math.PI) / group.length;
      const r = group.length > 1 ? d * 0.13 : 0;
      const [px, py] = [ox + Math.cos(a) * r, oy + Math.sin(a) * r];
      const where = tileName(nodes.get(node));
      said.push(`seat ${seat} at ${where}`);
      pieceGroups.push(
        el(
          "g",
          { class: "piece", "data-seat": seat, "data-node": node, "data-key": key },
          el("title", {}, `Seat ${seat} (${words(key)}): ${where}${node !== nodes.get(node)?.id ? `, road ${node}` : ""}`),
          el("circle", { cx: fmt(px), cy: fmt(py), r: fmt(d * 0.12), fill: SEAT_COLOURS[seat % SEAT_COLOURS.length] }),
          el("text", { x: fmt(px), y: fmt(py + d * 0.045), class: "piece-label", "font-size": fmt(d * 0.13) }, String(seat)),
        ),
      );
    });
  }
  said.push(...offBoard);

  const summary = `${label}: ${tiles.length} tiles (${["hex", "rhombus", "triangle"].map((s) => `${shapes.filter((x) => x === s).length} ${s === "rhombus" ? "rhombi" : `${s}${s === "hex" ? "es" : "s"}`}`).join(", ")}), ${board.links.length} links${said.length ? `; ${said.join("; ")}` : ""}`;
  const svg = el(
    "svg",
    {
      xmlns: NS,
      class: "board",
      id,
      role: "img",
      "aria-labelledby": `${id}-title`,
      viewBox: `${fmt(minX)} ${fmt(minY)} ${fmt(w)} ${fmt(hgt)}`,
      width: "100%",
      preserveAspectRatio: "xMidYMid meet",
      "data-tiles": tiles.length,
    },
    el("title", { id: `${id}-title` }, summary),
    tiles.length ? null : el("text", { x: fmt(minX + w / 2), y: fmt(minY + hgt / 2), "font-size": fmt(d * 0.3), "aria-hidden": "true" }, "No tiles yet"),
    roads,
    el("g", { class: "tiles" }, tileGroups),
    el("g", { class: "pieces" }, pieceGroups),
  );
  return { svg, offBoard, said };
}
