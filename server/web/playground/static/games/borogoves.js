// Borogoves: the map of Number cards laid out by row and column, with one empty space around it
// where a card may go; the borogoves on each card; the tribes beside it. Place: a card of the
// hand, then a space. Tribes: click a tribe, then the card it goes to (migrate, settle) or
// explores to; what the board cannot tell apart (settle or migrate) is a button.

import { card, cardRow, gem, h, seatPanels, squareGrid, zone } from "../kit.js";
import { cardWord, plural, who } from "./say.js";

const TRIBES = ["green", "yellow", "purple"];

/** The card or space a move ends on: [row, col], or null. */
function target(m) {
  if (m.type === "explore") return [m.to_row, m.to_col];
  if (Number.isInteger(m.row)) return [m.row, m.col];
  return null;
}

export function draw(ctx) {
  const p = ctx.pub;
  const map = p.map ?? [];
  const rows = map.map((m) => m.row);
  const cols = map.map((m) => m.col);
  const [r0, r1] = [Math.min(0, ...rows) - 1, Math.max(0, ...rows) + 1];
  const [c0, c1] = [Math.min(0, ...cols) - 1, Math.max(0, ...cols) + 1];
  const cell = (r, c) => {
    const here = map.find((m) => m.row === r && m.col === c);
    return here ? card(here.card, { gems: here.borogoves }) : null;
  };
  const grid = squareGrid(r1 - r0 + 1, c1 - c0 + 1, cell, {
    label: "The map",
    rowOffset: r0,
    colOffset: c0,
    offer: (el, r, c) => ctx.offer(el, (m) => { const t = target(m); return t !== null && t[0] === r && t[1] === c; }, `Here (${r}, ${c})`),
  });
  const tribes = h(
    "span",
    { class: "gem-choice" },
    TRIBES.map((t) => ctx.offer(gem(t, String(p.tribes?.[t] ?? 0)), (m) => m.tribe === t, `The ${t} tribe`)),
  );
  const u = p.underway;
  const table = h(
    "div",
    { class: "table borogoves" },
    seatPanels(ctx, [["score", (s) => p.scores?.[s]], ["role", (s) => (s === p.cartographer ? "cartographer" : "tribes")]]),
    h("p", { class: "table-note" }, `Phase: ${p.phase ?? "—"}. Turns left: ${p.turns_left ?? "—"}. Deck: ${p.deck_size ?? 0} cards.${(p.acted ?? []).length ? ` Tribes moved this turn: ${p.acted.join(", ")}.` : ""}${u ? ` Now: ${u.step}.` : ""}`),
    h("div", { class: "table-row" }, zone("Map", grid), h("div", { class: "table-col" }, zone("Tribes (borogoves left)", tribes), p.drawn ? zone("Drawn", card(p.drawn)) : null)),
  );
  // the card just drawn is placed from the hand's row, next to the hand (on a phone, the map may be panned away)
  const cards = [...(ctx.own?.hand ?? []), ...(p.drawn && ctx.pending.some((m) => m.card === p.drawn) ? [p.drawn] : [])];
  const hand = ctx.own === null ? null : zone("Your hand", cardRow(ctx, cards, (m, c) => m.card === c, "Your hand"));
  return { table, hand };
}

export function words(m) {
  const at = (r, c) => `(${r}, ${c})`;
  switch (m.type) {
    case "place":
      return `Place ${m.card} at ${at(m.row, m.col)}`;
    case "migrate":
      return `Migrate the ${m.tribe} tribe to ${at(m.row, m.col)}`;
    case "settle":
      return m.row === null ? `Settle the ${m.tribe} tribe nowhere (pass it)` : `Settle the ${m.tribe} tribe on ${at(m.row, m.col)}`;
    case "explore":
      return `The ${m.tribe} tribe explores from ${at(m.row, m.col)} to ${at(m.to_row, m.to_col)}`;
    default:
      return null;
  }
}

const at = (a) => (Array.isArray(a) ? `(${a[0]}, ${a[1]})` : String(a));

function tail(e) {
  const out = [];
  if (e.drawn) out.push("; draws a card");
  if (e.leg) out.push(`; leg ${e.leg.leg} scores ${e.leg.score}`);
  return out;
}

/** The log in words: "Ada places green 4 at (0, 2)", "Bob migrates the yellow tribe at (0, 2): 4 borogoves". */
export function log(e, ctx) {
  if (e.type === "place") return [who(ctx, e.seat), " places ", cardWord(e.card), ` at ${at(e.at)}`, e.deck_size !== undefined ? `; ${plural(e.deck_size, "card")} left in the deck` : "", ...tail(e)];
  if (e.type === "migrate") return [who(ctx, e.seat), ` migrates the ${e.tribe} tribe at ${at(e.at)}: ${plural(e.borogoves, "borogove")}`, ...tail(e)];
  if (e.type === "explore") return [who(ctx, e.seat), ` explores with the ${e.tribe} tribe from ${at(e.at)} to ${at(e.to)}`, ...tail(e)];
  if (e.type === "settle") return [who(ctx, e.seat), ` settles the ${e.tribe} tribe${e.at ? ` at ${at(e.at)}` : ""}`, ...tail(e)];
  return null;
}
