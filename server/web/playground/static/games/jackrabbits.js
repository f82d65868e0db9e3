// Jackrabbits: the board (board.js draws its tiles, roads and rabbits), the hand and each seat's
// royals and cards beside its name; the additions in play listed, not the ones that are off.
// Go and transfer: click the tile (a tile of two roads asks which, in words). Show, discard and
// pay: click the cards of the hand (a payment of several cards one card at a time).

import { boardNodes, isBoard } from "../board.js";
import { renderValue } from "../render.js";
import { cardRow, h, seatPanels, zone } from "../kit.js";
import { perSeat } from "./generic.js";

const MAIN = ["board", "rabbits", "court", "royals", "phase", "round", "turn", "turn_limit", "pile_size", "discards", "objective"];

export function draw(ctx) {
  const p = { ...ctx.pub };
  const additions = Object.entries(p.additions ?? {}).filter(([, on]) => on).map(([k]) => k.replaceAll("_", " "));
  delete p.additions;
  const seats = ctx.state.names?.length ?? 0;
  const beside = perSeat(p, seats).filter(([k]) => !["rabbits", "positions"].includes(k));
  for (const [k] of beside) delete p[k];
  // the board with the rabbits on it, the court and the royals in sight; the rest folded away
  const main = Object.fromEntries(Object.entries(p).filter(([k]) => MAIN.includes(k)));
  const rest = Object.fromEntries(Object.entries(p).filter(([k]) => !MAIN.includes(k)));
  const drawn = renderValue(main, "public", { seats, legal: [], components: ctx.components });
  const more = h("details", { class: "more" }, h("summary", {}, "The rest of the table"), renderValue(rest, "public", { seats, components: ctx.components }));
  const board = Object.values(ctx.pub).find(isBoard);
  const nodes = board ? boardNodes(board) : new Map();
  for (const g of drawn.querySelectorAll("svg.board g.tile[data-tile]")) {
    const id = g.dataset.tile;
    ctx.offer(g, (m) => typeof m.to === "string" && (m.to === id || nodes.get(m.to)?.id === id), `To ${id}`);
  }
  const table = h(
    "div",
    { class: "table jackrabbits" },
    seatPanels(ctx, beside.map(([k, v]) => [k.replaceAll("_", " "), (s) => (v[s] === true ? "yes" : v[s] === false ? "no" : v[s])])),
    h("p", { class: "table-note" }, additions.length ? `Additions in play: ${additions.join(", ")}.` : "Standard rules: no additions."),
    drawn,
    more,
  );
  const own = ctx.own;
  let hand = null;
  if (own !== null) {
    const rest = { ...own };
    const cards = Array.isArray(rest.hand) ? rest.hand : [];
    delete rest.hand;
    hand = zone(
      "Your hand",
      cardRow(ctx, cards, (m, c) => m.card === c || (Array.isArray(m.cards) && m.cards.includes(c)), "Your hand"),
      Object.keys(rest).length ? renderValue(rest, "private", { components: ctx.components }) : null,
    );
  }
  return { table, hand };
}

export function words(m) {
  const said = { stay: "Stay", skip: "Skip", rest: "Rest", claim: "Claim the royal", cancel: "Cancel", jester: "Play the jester" };
  if (said[m.type]) return said[m.type];
  if (m.type === "go") return `Go to ${m.to}`;
  if (m.type === "transfer") return `Transfer by ${m.via} to ${m.to}`;
  if (m.type === "pay") return `Pay ${m.cards.join(" ")}`;
  if (m.type === "show") return `Show ${m.card}`;
  if (m.type === "discard") return `Discard ${m.card}`;
  return null;
}
