// Bandersnatch (solo): a 3×3 field of Number cards with gems on them, empty spaces drawn as
// spaces. Play: click a card of the hand, then the space it goes to (or the space first).
// Remove: click the gem of a colour on the card it comes off.

import { card, cardRow, gems, h, seatPanels, squareGrid, zone } from "../kit.js";
import { cardWord, joined, plural } from "./say.js";

export function draw(ctx) {
  const p = ctx.pub;
  const field = p.field ?? [];
  const rows = field.length || 3;
  const cols = Math.max(3, ...field.map((r) => r.length));
  const cell = (r, c) => {
    const here = field[r]?.[c];
    if (!here) return null;
    const el = card(here.card);
    const on = h("span", { class: "on-card gems-on" });
    for (const colour of ["green", "yellow", "purple"]) {
      const n = here.gems?.[colour] ?? 0;
      if (n === 0) continue;
      const pile = gems({ [colour]: n });
      ctx.offer(pile, (m) => m.type === "remove" && m.row === r && m.col === c && m.colour === colour, `Remove a ${colour} gem from ${here.card}`);
      on.append(pile);
    }
    el.append(on);
    return el;
  };
  const grid = squareGrid(rows, cols, cell, {
    label: "The field",
    offer: (el, r, c) => ctx.offer(el, (m) => m.type === "play" && m.row === r && m.col === c, `Play here (row ${r + 1}, column ${c + 1})`),
  });
  const table = h(
    "div",
    { class: "table bandersnatch" },
    seatPanels(ctx, [["score", () => p.score], ["phase", () => p.phase], ["turn", () => p.turn]]),
    h(
      "div",
      { class: "table-row" },
      zone("Field", grid),
      h(
        "div",
        { class: "table-col" },
        zone("Supply", gems(p.supply ?? {}, "supply")),
        zone("Broiled", gems(p.broiled ?? {}, "broiled")),
        zone("Deck", h("span", {}, `${p.deck_size ?? 0} cards`)),
        zone("Discard", cardRow(ctx, p.discard)),
        (p.boxed ?? []).length ? zone("Boxed", cardRow(ctx, p.boxed)) : null,
        p.to_remove ? zone("To remove", h("span", {}, `${p.to_remove} gem(s)${p.supply_colour ? ` (${p.supply_colour})` : ""}`)) : null,
      ),
    ),
  );
  const hand = ctx.own === null ? null : zone("Your hand", cardRow(ctx, ctx.own.hand, (m, c) => m.type === "play" && m.card === c, "Your hand"));
  return { table, hand };
}

export function words(m) {
  if (m.type === "play") return `Play ${m.card} at row ${m.row + 1}, column ${m.col + 1}`;
  if (m.type === "remove") return `Remove a ${m.colour} gem at row ${m.row + 1}, column ${m.col + 1}`;
  return null;
}

const at = (a) => (Array.isArray(a) ? `row ${a[0] + 1}, column ${a[1] + 1}` : String(a));

function tail(e) {
  const out = [];
  if (e.added?.length) out.push(`; adds ${e.added.join(", ")} gems`);
  if (e.from_supply?.length) out.push(`; takes ${e.from_supply.join(", ")} from the supply`);
  if (e.removed?.length) out.push("; removes ", ...joined(e.removed.map((r) => `a ${r.colour} gem at ${at(r.at)}`)));
  if (e.captured?.length) out.push("; captures ", ...joined(e.captured.map((c) => h("span", {}, cardWord(c.card), ` at ${at(c.at)}`))));
  if (e.drew) out.push(`; draws ${plural(e.drew, "card")}`);
  if (e.reshuffled) out.push("; the deck is reshuffled");
  if (e.score !== undefined) out.push(`; score ${e.score}`);
  if (e.end) out.push(`; the game ends: ${e.end}`);
  return out;
}

/** The log in words (one player): "Plays purple 4 at row 2, column 2, replacing purple 1; …". */
export function log(e) {
  if (e.type === "play") return ["Plays ", cardWord(e.card), ` at ${at(e.at)}`, ...(e.replaced ? [", replacing ", cardWord(e.replaced)] : []), ...tail(e)];
  if (e.type === "remove") return ["Removes gems", ...tail({ ...e, removed: undefined }), ...(e.removed?.length ? [": ", ...joined(e.removed.map((r) => `a ${r.colour} gem at ${at(r.at)}`))] : [])];
  if (e.type === "capture") return ["Captures", ...tail(e)];
  return null;
}
