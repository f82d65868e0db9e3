// Gimble: the display of Number cards with the gems on them, each seat's gems, bid and pass
// beside its name. Claim, step by step: the card to place a gem on, the colour of the gem (one of
// yours), then the card to take. Take: click the card. Bids and pass have no place: buttons.

import { card, gemChoice, h, seatPanels, settled, zone } from "../kit.js";
import { drawGems } from "../render.js";
import { cardWord, cardsWord, gemsWord, joined, who } from "./say.js";

export function draw(ctx) {
  const p = ctx.pub;
  const placed = settled(ctx.pending.filter((m) => m.type === "claim"), "place_on");
  const display = h(
    "div",
    { class: "card-row display" },
    (p.display ?? []).map(({ card: c, gems }) =>
      ctx.offer(card(c, { gems }), (m) => (m.type === "take" && m.card === c) || (m.type === "claim" && (placed === undefined ? m.place_on === c : m.take === c)), placed === undefined ? `Place a gem on ${c}` : `Take ${c}`),
    ),
  );
  const mine = ctx.seat === null ? null : p.gems?.[ctx.seat];
  const table = h(
    "div",
    { class: "table gimble" },
    seatPanels(ctx, [
      ["gems", (s) => drawGems(p.gems?.[s] ?? {})],
      ["cards in hand", (s) => p.hand_sizes?.[s]],
      ["bid", (s) => p.bids?.[s]],
      ["passed", (s) => (p.passed?.[s] ? "yes" : null)],
      ["", (s) => (s === p.high_bidder ? "highest bid" : undefined)],
    ]),
    h("p", { class: "table-note" }, `Round ${p.round ?? "—"}, phase: ${p.phase ?? "—"}. Deck: ${p.deck_size ?? 0} cards.${p.final_round ? " Final round." : ""}`),
    zone("Display", display),
    mine && ctx.pending.some((m) => m.type === "claim") ? zone("Your gems: click the colour to place", gemChoice(ctx, mine, (m, c) => m.type === "claim" && m.colour === c)) : null,
  );
  const own = ctx.own;
  const hand = own === null ? null : zone("Your hand", h("div", { class: "card-row" }, (own.hand ?? []).map((c) => card(c))), h("p", {}, `Your wild colour: ${own.wild ?? "—"}`));
  return { table, hand };
}

export function words(m) {
  if (m.type === "bid") return `Bid ${m.amount}`;
  if (m.type === "pass") return "Pass";
  if (m.type === "claim") return `Place a ${m.colour} gem on ${m.place_on}, take ${m.take}`;
  if (m.type === "take") return `Take ${m.card}`;
  return null;
}

/** The log in words: "Ada bids 3", "Bob passes: Ada wins the bid", "Ada puts 3 green gems on yellow 1 and takes purple 3". */
export function log(e, ctx) {
  if (e.type === "bid") return [who(ctx, e.seat), ` bids ${e.amount}`];
  if (e.type === "pass") return [who(ctx, e.seat), " passes", e.winner !== undefined && e.winner !== null ? [": ", who(ctx, e.winner), " wins the bid"] : ""].flat();
  if (e.type === "claim") return [who(ctx, e.seat), ` pays ${e.bid}: puts ${gemsWord(e.placed)} on `, cardWord(e.place_on), " and takes ", cardWord(e.take), e.gems && gemsWord(e.gems) !== "no gems" ? ` with ${gemsWord(e.gems)}` : ""];
  if (e.type === "take") {
    const out = [who(ctx, e.seat), " takes ", cardWord(e.card), gemsWord(e.gems) !== "no gems" ? ` with ${gemsWord(e.gems)}` : ""];
    if (e.refill?.length) out.push("; the display is refilled with ", cardsWord(e.refill));
    if (e.final_round) out.push("; the final round");
    if (e.results) out.push("; hands revealed: ", ...joined(e.results.map((r, i) => [ctx.nameOf(i), ` (wild ${r.wild}) `, cardsWord(r.hand)].flat())).flat());
    return out;
  }
  return null;
}
