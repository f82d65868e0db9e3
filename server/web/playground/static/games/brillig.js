// Brillig: the rows of gem piles, the three Jabberwocky cards with their gems, each seat's
// collection and score beside its name. Play: click a card of the hand. Move a pile: click the
// pile, then the Jabberwocky it goes onto. Bonus: click the card offered.

import { card, cardRow, gems, h, seatPanels, zone } from "../kit.js";
import { cardWord, cardsWord, gemsWord, joined, plural, who } from "./say.js";

export function draw(ctx) {
  const p = ctx.pub;
  const piles = h(
    "div",
    { class: "piles" },
    (p.piles ?? []).map((g, i) => ctx.offer(h("div", { class: "pile", "data-pile": i }, h("span", { class: "pile-n" }, `pile ${i + 1}`), gems(g)), (m) => m.type === "move_pile" && m.pile === i, `Pile ${i + 1}`)),
  );
  const wocks = h(
    "div",
    { class: "card-row wocks" },
    Object.entries(p.jabberwocky ?? {}).map(([colour, g]) =>
      ctx.offer(h("div", { class: `wock-card ${colour}`, "data-colour": colour }, h("strong", {}, `${colour} Jabberwocky`), gems(g)), (m) => m.type === "move_pile" && m.onto === colour, `Onto the ${colour} Jabberwocky`),
    ),
  );
  const rows = (p.rows ?? []).map((row, i) => h("div", { class: "piles" }, h("span", {}, `row ${i + 1}:`), row.map((g) => h("div", { class: "pile" }, gems(g)))));
  const table = h(
    "div",
    { class: "table brillig" },
    seatPanels(
      ctx,
      [
        ["score", (s) => p.scores?.[s]],
        ["cards in hand", (s) => p.hand_sizes?.[s]],
        ["assigned", (s) => h("span", {}, (p.assignment_cards?.[s] ?? []).map((c) => card(c)))],
      ],
      (s) => h("div", { class: "card-row" }, (p.collections?.[s] ?? []).map((c) => card(c.card, { extra: h("small", {}, `${c.gems} gem${c.gems === 1 ? "" : "s"}`) }))),
    ),
    h("p", { class: "table-note" }, `Round ${p.round ?? "—"}, phase: ${(p.phase ?? "—").replaceAll("_", " ")}.`),
    zone("Jabberwocky cards", wocks),
    zone("Piles", piles),
    rows.length ? zone("Rows", rows) : null,
    (p.collection ?? []).length ? zone("To collect", cardRow(ctx, p.collection, (m, c) => m.type === "take_bonus" && m.card === c)) : null,
  );
  const own = ctx.own;
  const hand =
    own === null
      ? null
      : zone(
          "Your hand",
          cardRow(ctx, own.hand, (m, c) => (m.type === "play" || m.type === "take_bonus") && m.card === c, "Your hand"),
          own.bonus_offer ? h("div", {}, h("p", {}, "Bonus offered:"), cardRow(ctx, [].concat(own.bonus_offer), (m, c) => m.type === "take_bonus" && m.card === c)) : null,
        );
  return { table, hand };
}

export function words(m) {
  if (m.type === "play") return `Play ${m.card}`;
  if (m.type === "move_pile") return `Move pile ${m.pile + 1} onto the ${m.onto} Jabberwocky`;
  if (m.type === "take_bonus") return `Take ${m.card} as the bonus`;
  return null;
}

/** The log in words: "Ada plays a card face down", "Both reveal: green 4 and purple 1", "Bob moves pile 2 onto yellow". */
export function log(e, ctx) {
  if (e.type === "committed") return [who(ctx, e.seat), ` plays a card face down (${e.phase === "assign_card" ? "to assign" : "to collect"})`];
  if (e.type === "reveal") {
    const out = ["Both reveal ", cardsWord(e.cards)];
    if (e.first !== undefined && e.first !== null) out.push("; ", who(ctx, e.first), " assigns first");
    if (e.collected) out.push("; collected: ", ...joined(e.collected.map((n, i) => `${ctx.nameOf(i)} ${plural(n, "gem")}`)));
    if (e.bonus_queue?.length) out.push("; a bonus card for ", ...joined(e.bonus_queue.map((s) => ctx.nameOf(s))));
    return out;
  }
  if (e.type === "move_pile") return [who(ctx, e.seat), " moves ", ...joined((e.moved ?? []).map((m) => `pile ${m.pile + 1} (${gemsWord(m.gems)}) onto the ${m.onto} Jabberwocky`))];
  if (e.type === "take_bonus") return [who(ctx, e.seat), " takes a bonus card and returns ", cardWord(e.returned), " to the bonus deck"];
  return null;
}

export function logPrivate(p) {
  if (p.choice) return ["you played ", cardWord(p.choice)];
  if (p.bonus_offer) return ["the bonus deck: ", cardsWord(p.bonus_offer)];
  if (p.card) return ["you took ", cardWord(p.card)];
  if (p.hand) return ["your hand: ", cardsWord(p.hand)];
  return null;
}
