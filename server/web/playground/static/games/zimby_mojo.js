// Zimby Mojo: the board (grid.js draws its tiles, pieces, marks and seat boards), the stack and
// the incantations; the hand of scrolls. Moves on the board: click the tile a step or a move
// goes to, the piece that attacks, goes or is targeted, a seat's tribal board for a scroll aimed
// at a seat, a stack entry for a Nix; a scroll is its card in the hand first. Moves with no
// place (send, warp, pass, end turn, eat...) are buttons.

import { renderValue } from "../render.js";
import { h, seatPanels } from "../kit.js";

/** Fields of a move that name a tile; the others name pieces. */
const PLACES = new Set(["to", "tile", "portal", "entry", "destination"]);

function names(m, place) {
  return Object.entries(m).filter(([k, v]) => k !== "type" && typeof v === "string" && PLACES.has(k) === place).map(([, v]) => v);
}

export function draw(ctx) {
  const p = ctx.pub;
  const drawn = renderValue(p, "public", { seats: ctx.state.names?.length, legal: ctx.state.legal ?? [], components: ctx.components });
  for (const g of drawn.querySelectorAll("svg.grid-board g.tile[data-tile]")) {
    const id = g.dataset.tile;
    ctx.offer(g, (m) => names(m, true).includes(id), `To ${id}`);
  }
  for (const g of drawn.querySelectorAll("svg.grid-board g.piece[data-piece]")) {
    const id = g.dataset.piece;
    ctx.offer(g, (m) => names(m, false).includes(id) || (Array.isArray(m.targets) && m.targets.includes(id)), `${id}`);
  }
  for (const g of drawn.querySelectorAll("svg.grid-board g.seat-board[data-seat]")) {
    const s = g.dataset.seat;
    ctx.offer(g, (m) => m.target === `seat${s}`, `${ctx.nameOf(Number(s))}'s tribe`);
  }
  for (const li of drawn.querySelectorAll("li.stack-entry[data-entry]")) {
    const id = `#${li.dataset.entry}`;
    ctx.offer(li, (m) => m.target === id, `Entry ${id}`);
  }
  const tribes = p.tribes ?? [];
  const table = h(
    "div",
    { class: "table zimby-mojo" },
    seatPanels(ctx, [
      ["zimbies active", (s) => tribes[s]?.active],
      ["on the far shore", (s) => tribes[s]?.far_shore],
      ["mojo", (s) => tribes[s]?.mojo],
      ["tokens", (s) => tribes[s]?.tokens],
    ]),
    h("p", { class: "table-note" }, `Round ${p.round ?? "—"}, phase: ${p.phase ?? "—"}.`),
    drawn,
  );
  let hand = null;
  if (ctx.own !== null) {
    hand = renderValue(ctx.own, "private", { components: ctx.components });
    for (const c of hand.querySelectorAll(".card.component[data-card]")) {
      const key = c.dataset.card;
      ctx.offer(c, (m) => m.card === key, `${c.getAttribute("aria-label")}`);
    }
  }
  return { table, hand };
}

/** Moves with no place on the board, in words (a scroll keeps render.js's label: "scroll: Nix → #1"). */
export function words(m) {
  const zimbies = (n) => `${n} ${n === 1 ? "zimby" : "zimbies"}`;
  switch (m.type) {
    case "send":
      return `Send ${zimbies(m.count)} from your tribal board`;
    case "warp":
      return `Warp ${zimbies(m.count)}`;
    case "end_turn":
      return "End your turn";
    case "pass":
      return "Pass";
    case "halt":
      return "Halt";
    case "spawn":
      return "Spawn";
    case "extract":
      return `Extract (from a ${String(m.source).replaceAll("_", " ")})`;
    case "eat":
      return `Eat: gain ${m.gain}`;
    case "devour":
      return `Devour, eating ${m.eat}`;
    case "discard":
      return null; // a scroll's name: render.js says it
    default:
      return null;
  }
}
