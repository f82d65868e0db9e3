// The table kit: the pieces every game's renderer is built from. Each returns an element the
// renderer may hand to the picker (`ctx.offer(el, test)`) to make it a move.
//
//   card(code)          a playing card ("QH") or a Number card ("G3"), gems on it; face down too
//   back(n)             n cards face down (a hand or a deck seen from across the table)
//   gems(g)             a pile of gems {green, yellow, purple}
//   gem(colour)         one gem, to click (a colour to choose)
//   die(face)           a die showing a face
//   zone(title, ...)    a labelled area of the table (a display, a trick, a bridge)
//   squareGrid(...)     rows and columns of cells, empty ones too
//   hexGrid(...)        cells at axial (q, r) coordinates, as hexagons
//   seatPanels(ctx, ..) one panel per seat: its name, whether it is to act, its values
//   token(text)         a marker (the dealer, a Jabberwock, a score counter)

import { drawGems, drawNumberCard, drawPlayingCard, h, isNumberCard, isPlayingCard } from "./render.js";

export { h };

export const COLOURS = ["green", "yellow", "purple"];

/** A card as the box shows it; `gems` are drawn on it, `faceDown` shows its back with its code kept. */
export function card(code, { gems: on = null, faceDown = false, extra = null, cls = "" } = {}) {
  let el;
  if (isNumberCard(code)) el = drawNumberCard(code, on ? drawGems(on) : null);
  else if (isPlayingCard(code)) el = drawPlayingCard(code);
  else el = h("span", { class: "card blank", "data-card": code ?? "" }, code ?? "?");
  if (faceDown) el.classList.add("face-down");
  if (extra) el.append(extra);
  for (const c of cls.split(" ").filter(Boolean)) el.classList.add(c);
  return el;
}

/** `n` cards face down, fanned (`n` written on the top one when there are many). */
export function back(n, label = "cards face down") {
  const shown = Math.min(n, 5);
  return h(
    "span",
    { class: "backs", role: "img", "aria-label": `${n} ${label}`, "data-count": n },
    Array.from({ length: shown }, (_, i) => h("span", { class: "card back", "aria-hidden": "true" }, i === shown - 1 && n > 1 ? String(n) : "")),
    n === 0 ? h("span", { class: "none" }, "none") : null,
  );
}

export function gems(g, noun = "gems") {
  return drawGems(g ?? {}, noun);
}

/** One gem of a colour, big enough to click. */
export function gem(colour, text = null) {
  return h("span", { class: `gem big ${colour}`, role: "img", "aria-label": `${colour} gem`, "data-colour": colour }, text ?? "");
}

export function die(face, { colour = null, empty = false } = {}) {
  return h(
    "span",
    { class: `die big${colour ? ` ${colour}` : ""}${empty ? " empty" : ""}`, "data-die": face ?? "", role: "img", "aria-label": face ? `die: ${face}` : "no die" },
    face === null || face === undefined ? "—" : String(face).replaceAll("_", " "),
  );
}

export function token(text, cls = "") {
  return h("span", { class: `token ${cls}`.trim() }, text);
}

/** A labelled area of the table. */
export function zone(title, ...children) {
  return h("section", { class: "zone", "data-zone": title }, h("h3", {}, title), ...children);
}

/**
 * A grid of `rows` × `cols` cells, `cell(r, c)` giving what is in each (null: an empty space, drawn).
 * `at(r, c)` names the cell for the picker (`data-row`, `data-col`). `rowOffset`/`colOffset` shift
 * the coordinates written on the cells (a map that grows into negative rows).
 */
export function squareGrid(rows, cols, cell, { label = "grid", rowOffset = 0, colOffset = 0, offer = null } = {}) {
  const cells = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const [row, col] = [r + rowOffset, c + colOffset];
      const inside = cell(row, col);
      const el = h(
        "div",
        { class: `cell${inside === null ? " empty" : ""}`, "data-row": row, "data-col": col, style: `grid-row: ${r + 1}; grid-column: ${c + 1}` },
        inside,
      );
      if (offer) offer(el, row, col);
      cells.push(el);
    }
  }
  return h("div", { class: "square-grid", role: "group", "aria-label": label, style: `--cols: ${cols}; --rows: ${rows}` }, cells);
}

const NS = "http://www.w3.org/2000/svg";

/** An SVG element (a board's tiles, roads and pieces). */
export function svg(tag, attrs = {}, ...children) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined && v !== false) e.setAttribute(k, String(v));
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return e;
}

/**
 * Hexagons at axial coordinates: `cells` is [{q, r, fill, text, cls, data}], drawn as an SVG,
 * each a <g> the picker can be handed (`offer(g, cell)`).
 */
export function hexGrid(cells, { label = "board", offer = null, size = 10 } = {}) {
  const pos = ({ q, r }) => [size * Math.sqrt(3) * (q + r / 2), size * 1.5 * r];
  const xs = cells.map((c) => pos(c)[0]);
  const ys = cells.map((c) => pos(c)[1]);
  const pad = size * 1.2;
  const [x0, y0] = [Math.min(...xs) - pad, Math.min(...ys) - pad];
  const [w, hgt] = [Math.max(...xs) - x0 + pad, Math.max(...ys) - y0 + pad];
  const corners = (x, y) =>
    Array.from({ length: 6 }, (_, i) => {
      const a = (Math.PI / 180) * (60 * i - 30);
      return `${(x + size * 0.96 * Math.cos(a)).toFixed(2)},${(y + size * 0.96 * Math.sin(a)).toFixed(2)}`;
    }).join(" ");
  const groups = cells.map((c) => {
    const [x, y] = pos(c);
    const g = svg(
      "g",
      { class: `hex ${c.cls ?? ""}`.trim(), ...(c.data ?? {}) },
      svg("title", {}, c.title ?? ""),
      svg("polygon", { points: corners(x, y), fill: c.fill ?? "#eee" }),
      c.text ? svg("text", { x: x.toFixed(2), y: (y + size * 0.2).toFixed(2), "font-size": (size * 0.55).toFixed(2), fill: c.ink ?? "#222" }, c.text) : null,
      c.sub ? svg("text", { x: x.toFixed(2), y: (y + size * 0.7).toFixed(2), "font-size": (size * 0.35).toFixed(2), fill: c.ink ?? "#222" }, c.sub) : null,
    );
    if (offer) offer(g, c);
    return g;
  });
  return svg("svg", { class: "hex-grid", viewBox: `${x0.toFixed(1)} ${y0.toFixed(1)} ${w.toFixed(1)} ${hgt.toFixed(1)}`, role: "group", "aria-label": label }, groups);
}

/**
 * One panel per seat: its name (and "you", "to act"), then `values` — [label, (seat) => value
 * or element] — beside it. `extra(seat)` adds what sits in front of the seat (its cards).
 */
export function seatPanels(ctx, values = [], extra = null) {
  const names = ctx.state.names ?? [];
  const acting = new Set(ctx.state.to_act ?? []);
  const winners = new Set(ctx.state.outcome?.winners ?? []);
  return h(
    "div",
    { class: "seat-panels" },
    names.map((name, s) =>
      h(
        "section",
        {
          class: `seat-panel${acting.has(s) ? " to-act" : ""}${s === ctx.seat ? " you" : ""}${winners.has(s) ? " winner" : ""}`,
          "data-seat": s,
          "aria-label": `${ctx.nameOf(s)}${s === ctx.seat ? " (you)" : ""}`,
        },
        h(
          "h3",
          {},
          h("span", { class: "seat-dot", style: `background: ${ctx.colourOf(s)}` }),
          ctx.nameOf(s),
          s === ctx.seat ? h("span", { class: "tag" }, "you") : null,
          acting.has(s) ? h("span", { class: "tag acting" }, "to act") : null,
          winners.has(s) ? h("span", { class: "tag win" }, "winner") : null,
        ),
        h(
          "dl",
          { class: "seat-values" },
          values.map(([label, get]) => {
            const v = get(s);
            if (v === undefined) return null;
            return h("div", {}, h("dt", {}, label), h("dd", {}, v === null ? "—" : v instanceof Node ? v : String(v)));
          }),
        ),
        extra ? extra(s) : null,
      ),
    ),
  );
}

/** A per-seat array of the view, read safely: `at(list)(seat)`. */
export const at = (list) => (s) => (Array.isArray(list) ? list[s] : undefined);

/** The value every move still in play has in `field` (a step already taken), else undefined. */
export function settled(pending, field) {
  if (pending.length === 0) return undefined;
  const first = JSON.stringify(pending[0][field]);
  return pending.every((m) => JSON.stringify(m[field]) === first) && pending[0][field] !== undefined ? pending[0][field] : undefined;
}

/** A row of cards, each offered for the moves `test(move, card)` accepts (a hand). */
export function cardRow(ctx, cards, test = null, label = null, opts = {}) {
  return h(
    "div",
    { class: "card-row", role: "group", "aria-label": label ?? "cards" },
    (cards ?? []).length === 0 ? h("span", { class: "none" }, "no cards") : null,
    (cards ?? []).map((c) => {
      const el = card(c, opts);
      return test ? ctx.offer(el, (m) => test(m, c)) : el;
    }),
  );
}

/** A seat's gems, one clickable gem per colour it has (`test(move, colour)`), the count on it. */
export function gemChoice(ctx, counts, test, noun = "gems") {
  return h(
    "span",
    { class: "gem-choice", role: "group", "aria-label": noun },
    COLOURS.map((c) => {
      const el = gem(c, String(counts?.[c] ?? 0));
      return test ? ctx.offer(el, (m) => test(m, c), `${c} gem`) : el;
    }),
  );
}

const cap = (s) => String(s).charAt(0).toUpperCase() + String(s).slice(1);
export { cap };
