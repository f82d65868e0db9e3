// Slithy: the dealer's purple and yellow cards still to play, face up in front of the dealer;
// the turns so far as a score pad; each seat's gems beside its name. The dealer clicks a purple
// card, then a yellow card; a bidder clicks a pile of gems (how many it bets); a take is a click
// on the seat taken from.

import { card, gem, h, seatPanels, zone } from "../kit.js";
import { joined, plural, who } from "./say.js";

export function draw(ctx) {
  const p = ctx.pub;
  const row = (colour, values) =>
    h(
      "div",
      { class: "card-row", role: "group", "aria-label": `${colour} cards left` },
      (values ?? []).length === 0 ? h("span", { class: "none" }, "none left") : null,
      (values ?? []).map((n) => ctx.offer(card(`${colour[0].toUpperCase()}${n}`), (m) => m.type === "cards" && m[colour] === n, `${colour} ${n}`)),
    );
  const bids = ctx.pending.filter((m) => m.type === "gems").map((m) => m.gems);
  const piles = bids.length
    ? zone(
        "Your bet: click how many gems",
        h("div", { class: "gem-piles" }, bids.map((n) => ctx.offer(h("span", { class: "gem-pile" }, gem("green", String(n))), (m) => m.type === "gems" && m.gems === n, `Bet ${n} gems`))),
      )
    : null;
  const inGroup = (s) => (p.groups ?? []).findIndex((g) => g.includes(s));
  const panels = seatPanels(
    ctx,
    [
      ["role", (s) => (s === p.dealer ? "dealer" : inGroup(s) >= 0 ? `group ${inGroup(s) + 1}` : "—")],
      ["score", (s) => p.scores?.[s]],
      ["scored this round", (s) => p.scored?.[s]],
      ["gems not played", (s) => p.unplayed?.[s]],
      ["committed", (s) => (p.committed?.seats?.[s] ? "yes" : "no")],
    ],
  );
  for (const panel of panels.querySelectorAll(".seat-panel")) {
    const s = Number(panel.dataset.seat);
    ctx.offer(panel, (m) => m.type === "take" && m.seat === s, `Take from ${ctx.nameOf(s)}`);
  }
  const pad = h(
    "table",
    { class: "score-pad" },
    h("caption", {}, "This round's turns"),
    h("thead", {}, h("tr", {}, h("th", {}, "Turn"), h("th", {}, "Purple"), h("th", {}, "Yellow"), (ctx.state.names ?? []).map((_, s) => h("th", {}, ctx.nameOf(s))), h("th", {}, "Busted"))),
    h(
      "tbody",
      {},
      (p.turns ?? []).map((t, i) =>
        h("tr", {}, h("td", {}, String(i + 1)), h("td", {}, card(`P${t.purple}`)), h("td", {}, card(`Y${t.yellow}`)), (t.gems ?? []).map((g) => h("td", {}, g === null ? "—" : String(g))), h("td", {}, String(t.busted ?? 0))),
      ),
    ),
  );
  const table = h(
    "div",
    { class: "table slithy" },
    panels,
    h("p", { class: "table-note" }, `Round ${p.round ?? "—"}, phase: ${p.phase ?? "—"}. Dealer: ${ctx.nameOf(p.dealer)}. Gems busted so far: ${p.busted ?? 0}.`),
    h(
      "div",
      { class: "table-row" },
      zone("The dealer's cards left", row("purple", p.purple_left), row("yellow", p.yellow_left)),
      p.purple !== null && p.purple !== undefined ? zone("Purple card played", card(`P${p.purple}`)) : null,
    ),
    piles,
    (p.turns ?? []).length ? pad : null,
  );
  const own = ctx.own;
  const hand = own === null ? null : zone("Your secret choice", h("p", {}, `Yellow card: ${own.yellow ?? "none yet"}; gems bet: ${own.gems ?? "none yet"}.`));
  return { table, hand };
}

export function words(m, { nameOf }) {
  if (m.type === "cards") return `Play purple ${m.purple} and yellow ${m.yellow}`;
  if (m.type === "gems") return `Bet ${m.gems} gems`;
  if (m.type === "take") return `Take from ${nameOf(m.seat)}`;
  return null;
}

/** The log in words: "Ada (dealing) plays purple 3 and a yellow card face down", "Bob commits gems", "Ada takes Bob's 4 unplayed gems". */
export function log(e, ctx) {
  if (e.type === "cards") return [who(ctx, e.seat), ` deals purple ${e.purple} face up and a yellow card face down`];
  if (e.type === "committed") {
    const out = [who(ctx, e.seat), " commits gems in secret"];
    const r = e.revealed;
    if (r) {
      out.push(`; revealed: yellow ${r.yellow}, `, ...joined((r.gems ?? []).map((g, i) => (g === null ? null : `${ctx.nameOf(i)} ${g}`)).filter(Boolean)));
      for (const g of r.groups ?? []) out.push(`; ${joined(g.seats.map((s) => ctx.nameOf(s))).join("")} together ${g.gems}${g.bust ? ": bust" : ""}`);
      if (r.busted) out.push(`; the dealer scores ${r.busted} busted gems`);
    }
    return out;
  }
  if (e.type === "take") return [who(ctx, e.seat), " takes ", who(ctx, e.taken_from), `'s ${plural(e.gems, "unplayed gem")}; the others add the unplayed yellow ${e.unplayed_yellow}; scores: `, ...joined((e.scores ?? []).map((s, i) => `${ctx.nameOf(i)} ${s}`))];
  return null;
}

export function logPrivate(p) {
  if (p.yellow !== undefined) return [`your yellow card: ${p.yellow}`];
  if (p.choice !== undefined) return [`you committed ${plural(p.choice, "gem")}`];
  return null;
}
