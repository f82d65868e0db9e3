// Mimsy: the ring of Number cards with their gems, the cursor marked; the gems in hand. Pick:
// click a card of the ring. Drop: click a gem of the colour in hand.

import { card, gemChoice, h, seatPanels, zone } from "../kit.js";

export function draw(ctx) {
  const p = ctx.pub;
  const ring = h(
    "ol",
    { class: "ring" },
    (p.ring ?? []).map((r, i) =>
      h("li", { class: i === p.cursor ? "cursor" : null }, ctx.offer(card(r.card, { gems: r.gems }), (m) => m.type === "pick" && m.card === r.card, `Pick ${r.card}`), i === p.cursor ? h("span", { class: "token" }, "▲ here") : null),
    ),
  );
  const table = h(
    "div",
    { class: "table mimsy" },
    seatPanels(ctx, [["points", (s) => p.points?.[s]], ["score", (s) => p.scores?.[s]], ["goal", (s) => p.goals?.[s]]]),
    h("p", { class: "table-note" }, `Phase: ${p.phase ?? "—"}. Turn ${p.turns ?? "—"}.${(p.fives ?? []).length ? ` Fives: ${p.fives.join(", ")}.` : ""}`),
    zone("Ring", ring),
    zone("Gems in hand: click a colour to drop", gemChoice(ctx, p.hand, (m, c) => m.type === "drop" && m.colour === c)),
  );
  const own = ctx.own;
  const hand = own === null ? null : zone("Your secret goal", h("p", {}, `Goal colour: ${own.goal ?? "—"}${own.point ? `; point card: ${own.point}` : ""}`));
  return { table, hand };
}

export function words(m) {
  if (m.type === "pick") return `Pick ${m.card}`;
  if (m.type === "drop") return `Drop a ${m.colour} gem`;
  return null;
}
