// Gyre: the grid of Number cards (face-down ones striped) with the three Jabberwocks on its
// spaces, the ring around the grid included. Whiffle: click a Jabberwock, then the space it goes
// to. Fly: click the space. Inhale, exhale and resolve have no place: buttons.

import { card, gems, h, seatPanels, squareGrid, token, zone } from "../kit.js";
import { cardWord, cardsWord, joined, plural, who } from "./say.js";

const at = (space, r, c) => Array.isArray(space) && space[0] === r && space[1] === c;

export function draw(ctx) {
  const p = ctx.pub;
  const grid = p.grid ?? [];
  const rows = grid.length;
  const cols = Math.max(0, ...grid.map((r) => r.length));
  const wocks = Object.entries(p.jabberwocks ?? {});
  const cell = (r, c) => {
    const here = grid[r]?.[c];
    const parts = [];
    if (here) parts.push(card(here.card, { gems: here.gems, faceDown: here.face_down }));
    for (const [colour, w] of wocks) {
      if (!at(w.space, r, c)) continue;
      const t = token(`J${w.gems ? ` ${w.gems}◆` : ""}`, `wock ${colour}${p.moving === colour ? " moving" : ""}`);
      t.setAttribute("aria-label", `${colour} Jabberwock${w.gems ? `, ${w.gems} gems` : ""}`);
      t.dataset.jabberwock = colour;
      parts.push(ctx.offer(t, (m) => m.jabberwock === colour, `Move the ${colour} Jabberwock`));
    }
    return parts.length ? parts : null;
  };
  const board = squareGrid(rows + 2, cols + 2, cell, {
    label: "The grid and the spaces around it",
    rowOffset: -1,
    colOffset: -1,
    offer: (el, r, c) => ctx.offer(el, (m) => at(m.to, r, c), `To row ${r + 1}, column ${c + 1}`),
  });
  const colours = p.colours ?? [];
  const table = h(
    "div",
    { class: "table gyre" },
    seatPanels(ctx, [["colour", (s) => colours[s] ?? null], ["Jabberwock's gems", (s) => p.jabberwocks?.[colours[s]]?.gems ?? null]]),
    h("p", { class: "table-note" }, `Phase: ${p.phase ?? "—"}. Neutral colour: ${p.neutral ?? "—"}. Turn ${p.turns ?? "—"}${p.turn_limit ? ` of ${p.turn_limit}` : ""}.`),
    zone("Grid (J: a Jabberwock, in its colour; striped cards are face down)", board),
  );
  return { table, hand: null };
}

export function words(m) {
  const space = (to) => `row ${to[0] + 1}, column ${to[1] + 1}`;
  if (m.type === "whiffle") return `Whiffle the ${m.jabberwock} Jabberwock to ${space(m.to)}`;
  if (m.type === "fly") return `Fly to ${space(m.to)}`;
  return { inhale: "Inhale", exhale: "Exhale", resolve: "Resolve" }[m.type] ?? null;
}

const spot = (a) => (Array.isArray(a) ? `(${a[0]}, ${a[1]})` : String(a));
const flipped = (e) => (e.flipped?.length ? ["; flipped face down: ", cardsWord(e.flipped)] : []);
const ended = (e) => (e.end ? [`; the game ends${e.end.detail ? `: ${e.end.detail}` : ""}`] : []);

/** The log in words: "Ada whiffles the green Jabberwock from (3, 4) to (-1, 2)", "Bob's yellow Jabberwock inhales …". */
export function log(e, ctx) {
  const jw = `the ${e.jabberwock} Jabberwock`;
  if (e.type === "whiffle") return [who(ctx, e.seat), ` whiffles ${jw} from ${spot(e.from)} to ${spot(e.to)}`];
  if (e.type === "fly") return [who(ctx, e.seat), ` flies ${jw} from ${spot(e.from)} to ${spot(e.to)}`, ...flipped(e), ...ended(e)];
  if (e.type === "inhale")
    return [who(ctx, e.seat), ` makes ${jw} inhale: `, ...joined((e.moved ?? []).map((m) => h("span", {}, `${plural(m.gems, "gem")} from `, cardWord(m.from), " to ", m.to === "jabberwock" ? "the Jabberwock" : cardWord(m.to)))), ...flipped(e), ...ended(e)];
  if (e.type === "exhale") return [who(ctx, e.seat), ` makes ${jw} exhale onto `, cardsWord(e.placed), ...flipped(e), ...ended(e)];
  if (e.type === "resolve")
    return [who(ctx, e.seat), ` resolves ${jw}: `, ...joined((e.returned ?? []).map((r) => h("span", {}, `${plural(r.gems, `${r.colour} gem`)} back from `, cardWord(r.from)))), ...flipped(e), ...ended(e)];
  return null;
}
