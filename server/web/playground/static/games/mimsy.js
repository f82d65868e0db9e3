// Mimsy: the ring of Number cards with their gems, the cursor marked; the gems in hand. Pick:
// click a card of the ring. Drop: click a gem of the colour in hand.

import { card, gemChoice, h, seatPanels, zone } from "../kit.js";
import { cardWord, gemsWord, joined, plural, who } from "./say.js";

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

const drops = (list) => joined((list ?? []).map((d) => [`a ${d.gem} gem on `, cardWord(d.onto)]).map((p) => h("span", {}, ...p)));
const pickups = (list) => joined((list ?? []).map((p) => h("span", {}, `${plural(p.count, `${p.gem} gem`)} from `, cardWord(p.from))));

/** The log in words: "Ada picks up green 3 (3 green gems) and drops a green gem on green 1, …". */
export function log(e, ctx) {
  const out = [];
  if (e.type === "pick") out.push(who(ctx, e.seat), " picks up the gems of ", cardWord(e.card), ` (${gemsWord(e.gems)}) and drops `, ...drops(e.drops));
  else if (e.type === "drop") out.push(who(ctx, e.seat), " drops ", ...drops(e.drops));
  else return null;
  if (e.pickups?.length) out.push("; picks up ", ...pickups(e.pickups));
  if (e.end) out.push("; the game ends", e.end.detail ? `: ${e.end.detail}` : "");
  return out;
}
