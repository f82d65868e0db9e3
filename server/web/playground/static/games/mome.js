// Mome: the bridges laid out as rows of cards (face-down ones as backs), each bridge saying whose
// it is; the target colour; hands and gems beside the names. Lead: click a gem of the colour to
// target, then what it takes (a gem, or a card from the centre). Play: a card of the hand, then
// the bridge. Pass: a button.

import { back, card, cardRow, gem, h, seatPanels, zone } from "../kit.js";
import { cardWord, cardsWord, who } from "./say.js";

export function draw(ctx) {
  const p = ctx.pub;
  const bridges = (p.bridges ?? []).map((b, i) => {
    const owners = b.seats.map((s) => ctx.nameOf(s)).join(" and ");
    const el = zone(
      `Bridge ${i + 1}: ${b.seats.length > 1 ? "shared by " : ""}${owners}`,
      h(
        "div",
        { class: "card-row bridge" },
        b.cards.length === 0 ? h("span", { class: "none" }, `empty (holds ${p.capacity ?? "?"})`) : null,
        b.cards.map((c) => (c.face_up ? card(c.card, { cls: `by-seat-${c.seat}` }) : back(1, "card face down"))),
      ),
    );
    el.dataset.bridge = i;
    return ctx.offer(el, (m) => m.type === "play" && m.bridge === i, `Onto bridge ${i + 1}`);
  });
  const targets = h(
    "span",
    { class: "gem-choice" },
    ["green", "yellow", "purple"].map((c) => ctx.offer(gem(c, p.target === c ? "★" : ""), (m) => m.type === "lead" && m.target === c, `Target ${c}`)),
  );
  const table = h(
    "div",
    { class: "table mome" },
    seatPanels(ctx, [["gems", (s) => `${p.gems?.[s] ?? 0} of ${p.goal ?? "?"}`], ["cards in hand", (s) => p.hand_sizes?.[s]], ["leads", (s) => (s === p.lead ? "yes" : null)]]),
    h("p", { class: "table-note" }, `Round ${p.round ?? "—"}, phase: ${p.phase ?? "—"}. Target colour: ${p.target ?? "not chosen"}. Cards in the centre: ${p.center_cards ?? 0}.`),
    zone("Target colour", targets),
    ctx.pending.some((m) => m.type === "lead")
      ? zone(
          "The lead takes",
          h(
            "div",
            { class: "card-row" },
            ctx.offer(h("span", { class: "take-choice" }, gem("green", "◆"), " a gem"), (m) => m.type === "lead" && m.take === "gem", "Take a gem"),
            ctx.offer(h("span", { class: "take-choice" }, back(Math.max(1, p.center_cards ?? 1), "cards in the centre"), " a card from the centre"), (m) => m.type === "lead" && m.take === "card", "Take a card from the centre"),
          ),
        )
      : null,
    h("div", { class: "bridges" }, bridges),
  );
  const hand = ctx.own === null ? null : zone("Your hand", cardRow(ctx, ctx.own.hand, (m, c) => m.type === "play" && m.card === c, "Your hand"));
  return { table, hand };
}

export function words(m) {
  if (m.type === "lead") return `Lead: target ${m.target}, take a ${m.take}`;
  if (m.type === "play") return `Play ${m.card} onto bridge ${m.bridge + 1}`;
  if (m.type === "pass") return "Pass";
  return null;
}

/** The log in words: "Ada leads: take a card, target green", "Bob plays purple 3 on bridge 2". */
export function log(e, ctx) {
  if (e.type === "pass") return [who(ctx, e.seat), " passes"];
  if (e.type === "lead") return [who(ctx, e.seat), ` leads: ${e.take === "gem" ? "take a gem" : "take a card"}, target ${e.target}`];
  if (e.type !== "play") return null;
  const out = [who(ctx, e.seat), " plays ", cardWord(e.card), ` on bridge ${e.bridge + 1}`];
  if (e.flipped?.length) out.push("; flipped: ", cardsWord(e.flipped));
  if (e.round_over) out.push(`; the round is over (target ${e.round_over.target})`);
  return out;
}
