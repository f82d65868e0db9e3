// Jackrabbits: the board as the rulebook lays it out. Hexes are the houses (a King tower, a Queen
// palace and a Jack plaza per suit, the Citadel with the objective's circle on it, the
// underground set aside); rhombi are the trailway tiles (mountain, river, woods), each carrying
// two separate roads with the paid crossing between them marked by its suit; triangles are the
// merchant forks, taverns and rabbit holes. Roads run from tile to tile, a road out to sea ends
// in a dashed line. Rabbits stand on their road node in their seat's colour, a claimed house
// carries its claimant's carrot. Beside the board: the dice, the court's face-up aisle, the pile,
// the discards and the cards shown; each seat's royals, jesters, carrots and hand beside its
// name; whatever the turn is in the middle of (a payment, a flight, a fight) in words.
//
// Moves: go, transfer or play a jester by clicking the hex, the triangle or the road of a
// trailway tile (each road of a rhombus is its own target); show, discard and pay by clicking
// the cards of the hand. Skip, stay, rest, claim and cancel are buttons.

import { cardName, renderValue } from "../render.js";
import { back, card, cardRow, die, h, seatPanels, svg, zone } from "../kit.js";
import { cardWord, cardsWord, joined, plural, who } from "./say.js";

/** Board units to SVG units: the server's coordinates put neighbouring hexes 10 apart. */
const HEX_R = 2.2;
const SMALL_R = 0.9;
const SUITS = { C: ["♣", "clubs", false], D: ["♦", "diamonds", true], H: ["♥", "hearts", true], S: ["♠", "spades", false] };
const ROYAL = { tower: ["K", "King's tower"], palace: ["Q", "Queen's palace"], plaza: ["J", "Jack's plaza"] };
const FILL = {
  citadel: "#f3d36b", tower: "#e9e4f7", palace: "#fbe3ea", plaza: "#e3f1fb", underground: "#3a2e25",
  mountain: "#a3a3a3", river: "#5aa0e0", woods: "#3f9a4a", fork: "#d9b26f", tavern: "#e7873a", hole: "#6b4a2f",
};
const HEXES = new Set(["citadel", "tower", "palace", "plaza", "underground"]);
const RHOMBI = new Set(["mountain", "river", "woods"]);
/** The suit that pays a trailway's crossing (the server's rule, drawn on the crossing). */
const TRAIL_SUIT = { mountain: "S", river: "H", woods: "C" };
const SMALL_NAMES = { fork: "merchant fork", tavern: "tavern", hole: "rabbit hole", mountain: "mountain", river: "river", woods: "woods" };
const JESTERS = { XR: ["red", "#c0262d"], XB: ["black", "#222"] };

/** A place in words: "the Citadel", "the King's tower of hearts (KH)", "the river R4, road a". */
export function placeName(node, tiles = null) {
  if (typeof node !== "string" || node === "") return "somewhere";
  if (node === "CIT") return "the Citadel";
  if (node === "UND") return "the underground";
  if (node === "off") return "the sea, off the board";
  const royal = /^([KQJ])([CDHS])$/.exec(node);
  if (royal) {
    const kind = { K: "tower", Q: "palace", J: "plaza" }[royal[1]];
    return `the ${ROYAL[kind][1]} of ${SUITS[royal[2]][1]} (${node})`;
  }
  const road = /^([MRW]\d+)([ab])$/.exec(node);
  const id = road ? road[1] : node;
  const tile = tiles?.get(id);
  const kind = tile?.kind ?? { M: "mountain", R: "river", W: "woods", F: "fork", T: "tavern", H: "hole" }[id[0]];
  const name = SMALL_NAMES[kind] ?? "tile";
  return road ? `the ${name} ${id}, road ${road[2]}` : `the ${name} ${id}`;
}

/** A card of the court or a hand, a jester drawn as one. */
function jrCard(code, opts = {}) {
  if (!(code in JESTERS)) return card(code, opts);
  const [colour, ink] = JESTERS[code];
  return h("span", { class: "card jester", "data-card": code, role: "img", "aria-label": `${colour} jester`, style: `color: ${ink}` }, h("span", { class: "rank" }, "★"), h("span", { class: "suit" }, "Jester"));
}

function hexPoints(x, y, r) {
  return Array.from({ length: 6 }, (_, i) => {
    const a = (Math.PI / 3) * i;
    return `${(x + r * Math.cos(a)).toFixed(2)},${(y + r * Math.sin(a)).toFixed(2)}`;
  }).join(" ");
}

/** Where each tile is drawn: the server's spot, small tiles sharing one pushed apart, the underground in a corner. */
function spots(tiles) {
  const out = new Map(tiles.map((t) => [t.id, { x: t.x, y: t.y }]));
  const onBoard = tiles.filter((t) => t.kind !== "underground");
  const [cx, cy] = [onBoard.reduce((a, t) => a + t.x, 0) / onBoard.length, onBoard.reduce((a, t) => a + t.y, 0) / onBoard.length];
  const small = onBoard.filter((t) => !HEXES.has(t.kind));
  for (let i = 0; i < small.length; i++) {
    const twins = small.filter((t, j) => j > i && Math.hypot(t.x - small[i].x, t.y - small[i].y) < 0.5);
    if (twins.length === 0) continue;
    const group = [small[i], ...twins];
    const [dx, dy] = [small[i].x - cx, small[i].y - cy];
    const len = Math.hypot(dx, dy) || 1;
    const [px, py] = [-dy / len, dx / len]; // across the line from the board's middle
    group.forEach((t, k) => {
      const shift = (k - (group.length - 1) / 2) * 2.1;
      out.set(t.id, { x: t.x + px * shift, y: t.y + py * shift });
    });
  }
  // a small tile too near a hex, or another small tile, is nudged off it: every tile whole and readable
  const hexes = onBoard.filter((t) => HEXES.has(t.kind));
  for (let round = 0; round < 4; round++) {
    for (const t of small) {
      const at = out.get(t.id);
      for (const hx of hexes) {
        const [dx, dy] = [at.x - hx.x, at.y - hx.y];
        const d = Math.hypot(dx, dy) || 1;
        if (d < HEX_R + 1.25) Object.assign(at, { x: hx.x + (dx / d) * (HEX_R + 1.25), y: hx.y + (dy / d) * (HEX_R + 1.25) });
      }
      for (const o of small) {
        if (o === t) continue;
        const other = out.get(o.id);
        const [dx, dy] = [at.x - other.x, at.y - other.y];
        const d = Math.hypot(dx, dy);
        if (d > 0 && d < 2.3) {
          const push = (2.3 - d) / 2;
          Object.assign(at, { x: at.x + (dx / d) * push, y: at.y + (dy / d) * push });
          Object.assign(other, { x: other.x - (dx / d) * push, y: other.y - (dy / d) * push });
        }
      }
    }
  }
  const xs = onBoard.map((t) => t.x);
  const ys = onBoard.map((t) => t.y);
  for (const t of tiles.filter((t) => t.kind === "underground")) out.set(t.id, { x: Math.min(...xs), y: Math.min(...ys) - 2 });
  return { spot: out, centre: [cx, cy] };
}

/** The road node points: a hex or a triangle is its spot; each road of a rhombus runs on its own side. */
function nodePoints(tiles, links, spot) {
  const points = new Map();
  const ends = new Map();
  for (const l of links) {
    for (const [a, b] of [[l.a, l.b], [l.b, l.a]]) {
      if (!ends.has(a)) ends.set(a, []);
      ends.get(a).push(b);
    }
  }
  const tileOf = new Map();
  for (const t of tiles) for (const r of t.roads?.length ? t.roads : [t.id]) tileOf.set(r, t);
  for (const t of tiles) {
    const here = spot.get(t.id);
    const roads = t.roads?.length ? t.roads : [t.id];
    if (roads.length === 1) {
      points.set(roads[0], here);
      continue;
    }
    // Each road runs between its two ends; the tile's centre lies between the two roads. The roads' points go
    // either side of the centre, on the side each road's line passes (or across the first road when they agree).
    const lines = roads.map((r) => (ends.get(r) ?? []).map((n) => spot.get(tileOf.get(n)?.id)).filter(Boolean));
    const offsets = lines.map((ends2) => {
      if (ends2.length < 2) return { x: 0, y: 0, px: 1, py: 0 };
      const [p0, q0] = ends2;
      const [vx, vy] = [q0.x - p0.x, q0.y - p0.y];
      const l2 = vx * vx + vy * vy || 1;
      const t2 = ((here.x - p0.x) * vx + (here.y - p0.y) * vy) / l2;
      const l = Math.sqrt(l2);
      return { x: p0.x + t2 * vx - here.x, y: p0.y + t2 * vy - here.y, px: -vy / l, py: vx / l };
    });
    let [ux, uy] = [offsets[0].x - (offsets[1]?.x ?? 0), offsets[0].y - (offsets[1]?.y ?? 0)];
    let ul = Math.hypot(ux, uy);
    if (ul < 0.3) [ux, uy, ul] = [offsets[0].px, offsets[0].py, 1];
    roads.forEach((r, i) => {
      const side = i === 0 ? 0.7 : -0.7;
      points.set(r, { x: here.x + (ux / ul) * side, y: here.y + (uy / ul) * side });
    });
  }
  return { points, tileOf };
}

function drawBoard(ctx, board) {
  const p = ctx.pub;
  const tiles = board.tiles;
  const { spot, centre } = spots(tiles);
  const { points, tileOf } = nodePoints(tiles, board.links, spot);
  const claimedBy = new Map();
  (p.royals ?? []).forEach((held, s) => (held ?? []).forEach((r) => claimedBy.set(r, s)));
  const roads = board.links.map((l) => {
    const [a, b] = [points.get(l.a), points.get(l.b)];
    if (a && b) return svg("line", { class: "road", x1: a.x, y1: a.y, x2: b.x, y2: b.y });
    const from = a ?? b;
    if (!from) return null;
    // a road out to sea: away from the board's middle
    const [dx, dy] = [from.x - centre[0], from.y - centre[1]];
    const len = Math.hypot(dx, dy) || 1;
    return svg("g", { class: "sea-road" }, svg("line", { class: "road off", x1: from.x, y1: from.y, x2: from.x + (dx / len) * 3.2, y2: from.y + (dy / len) * 3.2 }), svg("text", { class: "sea-mark", x: from.x + (dx / len) * 3.9, y: from.y + (dy / len) * 3.9 + 0.3 }, "≈"));
  });
  const offerTo = (el, node, label) => ctx.offer(el, (m) => m.to === node, (moves) => (moves.length === 1 ? `${label}: ${wordsOf(moves[0])}` : label));
  const drawn = tiles.map((t) => {
    const { x, y } = spot.get(t.id);
    const title = svg("title", {}, t.kind === "underground" ? "The underground: only rabbit holes reach it" : placeName(t.id, null) + (t.seaside ? ", by the sea" : ""));
    if (HEXES.has(t.kind)) {
      const [letter] = ROYAL[t.kind] ?? [""];
      const suit = SUITS[t.suit];
      const claimant = claimedBy.get(t.id);
      const g = svg(
        "g",
        { class: `tile hex ${t.kind}`, "data-tile": t.id },
        title,
        svg("polygon", { class: "shape", points: hexPoints(x, y, HEX_R), fill: FILL[t.kind] ?? "#eee" }),
        t.kind === "citadel" ? svg("text", { class: "tile-name", x, y: y + 0.25, "font-size": 0.85 }, "Citadel") : null,
        t.kind === "citadel" ? svg("circle", { class: "objective", cx: x, cy: y + 1.2, r: 0.62 }) : null,
        t.kind === "citadel" ? svg("text", { class: "objective-text", x, y: y + 1.35, "font-size": 0.36 }, p.objective ?? "") : null,
        t.kind === "underground" ? svg("text", { class: "tile-name light", x, y: y + 0.2, "font-size": 0.7 }, "Under-") : null,
        t.kind === "underground" ? svg("text", { class: "tile-name light", x, y: y + 1.0, "font-size": 0.7 }, "ground") : null,
        suit ? svg("text", { class: `royal-letter${suit[2] ? " red" : ""}`, x, y: y + 0.55, "font-size": 1.5 }, `${letter}${suit[0]}`) : null,
        suit ? svg("text", { class: "tile-kind", x, y: y + 1.5, "font-size": 0.5 }, t.kind) : null,
        claimant !== undefined ? svg("g", { class: "carrot", "data-claimed-by": claimant }, svg("title", {}, `claimed by ${ctx.nameOf(claimant)}`), svg("polygon", { points: `${x + 1.15},${y - 0.45} ${x + 1.95},${y - 0.45} ${x + 1.55},${y + 0.85}`, fill: "#f08a24", stroke: ctx.colourOf(claimant), "stroke-width": 0.3 })) : null,
      );
      return offerTo(g, t.id, placeName(t.id));
    }
    if (RHOMBI.has(t.kind)) {
      const [a, b] = (t.roads ?? []).map((r) => points.get(r));
      const [dx, dy] = a && b ? [b.x - a.x, b.y - a.y] : [1, 0];
      const len = Math.hypot(dx, dy) || 1;
      const [ux, uy] = [dx / len, dy / len]; // across: from one road to the other
      const [vx, vy] = [-uy, ux]; // along the roads
      const corner = (s, t2) => `${(x + ux * s + vx * t2).toFixed(2)},${(y + uy * s + vy * t2).toFixed(2)}`;
      const suit = SUITS[TRAIL_SUIT[t.kind]];
      const g = svg(
        "g",
        { class: `tile rhombus ${t.kind}`, "data-tile": t.id },
        title,
        svg("polygon", { class: "shape", points: [corner(-1.5, 0), corner(0, 1.1), corner(1.5, 0), corner(0, -1.1)].join(" "), fill: FILL[t.kind] }),
        a && b ? svg("line", { class: "crossing", x1: a.x, y1: a.y, x2: b.x, y2: b.y }) : null,
        suit ? svg("text", { class: `crossing-suit${suit[2] ? " red" : ""}`, x, y: y + 0.3, "font-size": 0.8 }, suit[0]) : null,
        (t.roads ?? []).map((r) => {
          const at = points.get(r);
          const node = svg("g", { class: "road-node", "data-node": r }, svg("title", {}, placeName(r)), svg("circle", { class: "shape", cx: at.x, cy: at.y, r: 0.5 }), svg("text", { x: at.x, y: at.y + 0.22, "font-size": 0.55 }, r.slice(-1)));
          return offerTo(node, r, placeName(r));
        }),
        svg("text", { class: "tile-id small", x: x + vx * 1.6, y: y + vy * 1.6 + 0.25, "font-size": 0.65 }, t.id),
      );
      return g;
    }
    const pts = [0, 1, 2].map((i) => {
      const a = -Math.PI / 2 + (i * 2 * Math.PI) / 3;
      return `${(x + SMALL_R * 1.3 * Math.cos(a)).toFixed(2)},${(y + SMALL_R * 1.3 * Math.sin(a)).toFixed(2)}`;
    });
    const g = svg(
      "g",
      { class: `tile triangle ${t.kind}`, "data-tile": t.id },
      title,
      svg("polygon", { class: "shape", points: pts.join(" "), fill: FILL[t.kind] ?? "#ccc" }),
      svg("text", { class: "tile-id small", x, y: y + 0.45, "font-size": 0.62 }, t.id),
    );
    return offerTo(g, t.id, placeName(t.id));
  });
  // the rabbits, on their nodes (several on one node side by side)
  const byNode = new Map();
  (p.rabbits ?? []).forEach((node, s) => {
    if (!byNode.has(node)) byNode.set(node, []);
    byNode.get(node).push(s);
  });
  const rabbits = [...byNode].flatMap(([node, seats]) => {
    const at = points.get(node) ?? spot.get(tileOf.get(node)?.id ?? node);
    if (!at) return [];
    return seats.map((s, i) =>
      svg(
        "g",
        { class: "piece rabbit", "data-seat": s, "data-node": node },
        svg("title", {}, `${ctx.nameOf(s)}'s rabbit, on ${placeName(node)}`),
        svg("circle", { cx: at.x + (i - (seats.length - 1) / 2) * 1.15, cy: at.y - (HEXES.has(tileOf.get(node)?.kind) ? 1.25 : 0), r: 0.55, fill: ctx.colourOf(s) }),
        svg("text", { class: "piece-label", x: at.x + (i - (seats.length - 1) / 2) * 1.15, y: at.y - (HEXES.has(tileOf.get(node)?.kind) ? 1.25 : 0) + 0.25, "font-size": 0.7 }, String(s)),
      ),
    );
  });
  const all = [...spot.values()];
  const [x0, x1] = [Math.min(...all.map((s) => s.x)) - 5, Math.max(...all.map((s) => s.x)) + 5];
  const [y0, y1] = [Math.min(...all.map((s) => s.y)) - 5, Math.max(...all.map((s) => s.y)) + 5];
  return svg(
    "svg",
    { class: "jr-board", viewBox: `${x0.toFixed(1)} ${y0.toFixed(1)} ${(x1 - x0).toFixed(1)} ${(y1 - y0).toFixed(1)}`, role: "group", "aria-label": "The board" },
    svg("g", { class: "roads" }, roads),
    svg("g", { class: "tiles" }, drawn),
    svg("g", { class: "rabbits" }, rabbits),
  );
}

/** What the turn is in the middle of, in words (each field of the view that says so). */
function turnState(ctx) {
  const p = ctx.pub;
  const out = [];
  const turn = p.turn !== null && p.turn !== undefined ? ctx.nameOf(p.turn) : "—";
  out.push(h("p", { class: "table-note" }, `Round ${p.round ?? "—"} of ${p.turn_limit ?? "—"}: ${turn}'s turn, ${String(p.phase ?? "—").replaceAll("_", " ")}${p.then ? ` (then ${p.then})` : ""}. Objective: ${p.objective ?? "—"}. Hand limit ${p.hand_limit ?? 9}.`));
  const additions = Object.entries(p.additions ?? {}).filter(([, on]) => on).map(([k]) => k.replaceAll("_", " "));
  out.push(h("p", { class: "table-note" }, additions.length ? `Additions in play: ${additions.join(", ")}.` : "The intro game: no additions.", p.suits && p.suits !== "CDHS" ? ` Suits in play: ${[...p.suits].map((s) => SUITS[s][0]).join(" ")}.` : ""));
  const facts = [];
  if (p.came_from) facts.push(["came from", placeName(p.came_from)]);
  if (p.moved) facts.push(["moved", "yes"]);
  if (p.stayed) facts.push(["stayed", "yes"]);
  if (p.bought?.length) facts.push(["bought", h("span", {}, ...cardsWord(p.bought))]);
  if (p.pending) facts.push(["to pay", `${p.pending.price ?? "?"} in ${[...(p.pending.suits ?? "")].map((s) => SUITS[s]?.[0] ?? s).join(" ")} for ${p.pending.via ?? "?"}${p.pending.to ? ` to ${placeName(p.pending.to)}` : ""}`]);
  for (const key of ["building", "flight", "challenge", "fight", "dealing", "underway"]) if (p[key]) facts.push([key, renderValue(p[key], key, { components: ctx.components })]);
  for (const key of ["fought", "dealt", "traded"]) if (p[key]) facts.push([key, "yes"]);
  if (p.trimming?.length) facts.push(["must discard", joined(p.trimming.map((s) => ctx.nameOf(s))).join("")]);
  if (p.winners?.length) facts.push(["winners", joined(p.winners.map((s) => ctx.nameOf(s))).join("")]);
  if (facts.length) out.push(h("dl", { class: "turn-facts" }, facts.map(([k, v]) => h("div", {}, h("dt", {}, k), h("dd", {}, v)))));
  return out;
}

export function draw(ctx) {
  const p = ctx.pub;
  const row = (cards, label) => h("div", { class: "card-row", role: "group", "aria-label": label }, (cards ?? []).length ? cards.map((c) => jrCard(c)) : h("span", { class: "none" }, "none"));
  const panels = seatPanels(ctx, [
    ["on", (s) => (p.rabbits?.[s] ? placeName(p.rabbits[s]) : null)],
    ["royals", (s) => row(p.royals?.[s], "royals")],
    ["jesters", (s) => ((p.jesters?.[s] ?? []).length ? row(p.jesters[s], "jesters") : undefined)],
    ["carrots", (s) => h("span", { class: "carrots", "data-count": p.carrots?.[s] ?? 0 }, Array.from({ length: p.carrots?.[s] ?? 0 }, () => h("span", { class: "carrot-icon", "aria-hidden": "true" })), ` ${p.carrots?.[s] ?? 0}`)],
    ["hand", (s) => back(p.hand_sizes?.[s] ?? 0, "cards in hand")],
    ["capital", (s) => (p.capital?.[s] ? jrCard(p.capital[s]) : undefined)],
  ]);
  const table = h(
    "div",
    { class: "table jackrabbits" },
    panels,
    ...turnState(ctx),
    p.board?.tiles ? h("figure", { class: "jr-figure" }, drawBoard(ctx, p.board), h("figcaption", {}, "Hexes: houses (K tower, Q palace, J plaza) and the Citadel. Rhombi: trailways, each with two roads (a, b) and a crossing paid in the suit shown. Triangles: merchant forks (F), taverns (T), rabbit holes (H). ≈: a road out to sea.")) : null,
    h(
      "div",
      { class: "table-row" },
      zone("Dice", h("div", { class: "dice-row" }, (p.dice ?? []).length ? p.dice.map((d) => die(d)) : h("span", { class: "none" }, "not rolled")), (p.dice ?? []).length === 2 ? h("p", { class: "hint" }, `the price: ${p.dice[0] + p.dice[1]}`) : null),
      zone("Pile", back(p.pile_size ?? 0, "cards in the pile")),
      zone("Discards", (p.discards ?? []).length ? row(p.discards.slice(-6), "discards") : h("span", { class: "none" }, "none"), (p.discards ?? []).length > 6 ? h("p", { class: "hint" }, `${p.discards.length} in all, the last 6 shown`) : null),
      (p.shown ?? []).length ? zone("Shown", row(p.shown, "shown")) : null,
    ),
    zone("The court", row(p.court, "the court")),
  );
  const own = ctx.own;
  let hand = null;
  if (own !== null) {
    const cards = Array.isArray(own.hand) ? own.hand : [];
    hand = zone(
      "Your hand",
      h("div", { class: "card-row", role: "group", "aria-label": "Your hand" }, cards.length ? cards.map((c) => ctx.offer(jrCard(c), (m) => m.card === c || (Array.isArray(m.cards) && m.cards.includes(c)), c in JESTERS ? `the ${JESTERS[c][0]} jester` : cardName(c))) : h("span", { class: "none" }, "no cards")),
      own.deal ? h("p", {}, "Your deal: ", renderValue(own.deal, "deal", {})) : null,
      (own.seized ?? []).length ? h("p", {}, "Seized from you: ", ...cardsWord(own.seized)) : null,
    );
  }
  return { table, hand };
}

function wordsOf(m) {
  return words(m) ?? m.type;
}

export function words(m) {
  const said = { stay: "Stay where you are", skip: "Show nothing (skip the lottery)", rest: "Rest: make no claim", claim: "Claim the royal of this house", cancel: "Cancel", roll: "Roll the dice", pass: "Pass" };
  if (said[m.type]) return said[m.type];
  if (m.type === "go") return `Go to ${placeName(m.to)}`;
  if (m.type === "transfer" && m.via === "tavern") return `Buy a jester at ${placeName(m.to)}`;
  if (m.type === "transfer") return `Ride ${m.via === "rabbit_hole" ? "the rabbit hole" : m.via === "trailway" ? "across the trailway" : `the ${m.via}`} to ${placeName(m.to)}`;
  if (m.type === "jester") return "Pay with a jester you hold (it goes back to the court)";
  if (m.type === "pay") return `Pay with ${m.cards.join(", ")}`;
  if (m.type === "show") return `Show ${m.card}`;
  if (m.type === "discard") return `Discard ${m.card}`;
  return null;
}

const VIA = { trailway: "across the trailway", horse: "on the merchant's horse", boat: "on the merchant's boat", rabbit_hole: "through the rabbit hole", tavern: "with a jester from the tavern" };

/** The log in words: "Ada shows the 5 of hearts", "Bob goes to the King's tower of spades (KS)", "Ada claims the queen of hearts". */
export function log(e, ctx) {
  const out = [];
  switch (e.type) {
    case "show":
      out.push(who(ctx, e.seat), " shows ", ...cardsWord(e.cards), " and draws a card");
      break;
    case "skip":
      out.push(who(ctx, e.seat), " shows nothing");
      break;
    case "go":
      out.push(who(ctx, e.seat), ` goes to ${placeName(e.to)}`);
      break;
    case "stay":
      out.push(who(ctx, e.seat), " stays");
      break;
    case "transfer":
      if (e.via === "tavern") out.push(who(ctx, e.seat), ` buys a jester at ${placeName(e.to)} (a price to pay)`);
      else out.push(who(ctx, e.seat), ` rides ${VIA[e.via] ?? e.via} to ${placeName(e.to)} (a price to pay)`);
      break;
    case "pay":
      out.push(who(ctx, e.seat), " pays ", ...cardsWord(e.cards), e.to ? ` and reaches ${placeName(e.to)}` : "");
      if (e.bought) out.push("; buys ", cardWord(e.bought));
      break;
    case "jester":
      out.push(who(ctx, e.seat), " pays with ", cardWord(e.jester), e.via ? ` (${VIA[e.via] ?? e.via})` : "", e.to ? ` and reaches ${placeName(e.to)}` : "");
      break;
    case "cancel":
      out.push(who(ctx, e.seat), " cancels the transfer");
      break;
    case "claim":
      out.push(who(ctx, e.seat), " claims ", cardWord(e.royal));
      break;
    case "rest":
      out.push(who(ctx, e.seat), " rests");
      break;
    case "discard":
      out.push(who(ctx, e.seat), " discards ", cardWord(e.card));
      break;
    default:
      if (!e.type || e.seat === undefined) return null;
      out.push(who(ctx, e.seat), ` ${String(e.type).replaceAll("_", " ")}s`, e.to ? ` to ${placeName(e.to)}` : "", e.card ? [" ", cardWord(e.card)] : "", e.royal ? [" ", cardWord(e.royal)] : "");
  }
  if (e.at && e.at !== e.to) out.push(`; the journey ends on ${placeName(e.at)}`);
  if (e.won) out.push(": back on the Citadel with the royals, and wins");
  if (e.reshuffled) out.push("; the discards are shuffled into a new pile");
  if (e.turn_limit) out.push("; the round limit is reached");
  if (e.next) out.push("; ", who(ctx, e.next.seat), ` rolls ${e.next.dice.join(" and ")}`);
  return out.flat();
}
