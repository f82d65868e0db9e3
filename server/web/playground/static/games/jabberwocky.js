// Jabberwocky, the trick-taking game: the trump card and the trick in the middle, the last trick
// beside it, each seat's bid, tricks, points and renege penalties beside its name. Play: click a
// card of your hand. Bids have no place on the table: buttons.

import { card, cardRow, h, seatPanels, token, zone } from "../kit.js";
import { cardWord, cardsWord, joined, plural, who } from "./say.js";

const RENEGE = 3;
const suit = (c) => String(c).slice(-1);

/** Cards of the hand that would not follow the led suit while the hand holds it: each costs the penalty. */
function markReneges(row, hand, trick) {
  const led = trick?.length ? suit(trick[0].card) : null;
  if (led === null || !(hand ?? []).some((c) => suit(c) === led)) return row;
  for (const el of row.querySelectorAll(".card[data-card]")) {
    if (suit(el.dataset.card) === led) continue;
    el.classList.add("renege");
    el.append(h("span", { class: "renege-mark", title: `Not following the led suit: −${RENEGE} points` }, `−${RENEGE}`));
  }
  return row;
}

export function draw(ctx) {
  const p = ctx.pub;
  const played = (list) =>
    h(
      "div",
      { class: "card-row trick" },
      (list ?? []).length === 0 ? h("span", { class: "none" }, "no cards yet") : null,
      (list ?? []).map((t) => h("figure", { class: "played" }, card(t.card), h("figcaption", {}, ctx.nameOf(t.seat)))),
    );
  const table = h(
    "div",
    { class: "table jabberwocky" },
    seatPanels(ctx, [
      ["bid", (s) => p.bids?.[s]],
      ["tricks won", (s) => p.tricks_won?.[s]],
      ["cards left", (s) => p.cards_left?.[s]],
      // the running score, as the rules count it: exact bids made, minus 3 a renege
      ["score", (s) => (p.made?.[s] ?? 0) - RENEGE * (p.penalties?.[s] ?? 0)],
      ["renege penalties", (s) => p.penalties?.[s] || null],
      ["", (s) => (s === p.dealer ? token("dealer") : s === p.leader ? token("leads") : undefined)],
    ]),
    h("p", { class: "table-note" }, `Round ${p.round ?? "—"} of ${p.rounds ?? "—"}, ${p.hand_size ?? "?"} cards each. Phase: ${p.phase ?? "—"}. Trump ${p.trump_broken ? "broken" : "not broken"}.`),
    h("div", { class: "table-row" }, zone("Trump", p.trump_card ? card(p.trump_card) : h("span", { class: "none" }, "none")), zone("Trick", played(p.trick)), zone("Last trick", played(p.last_trick))),
  );
  const own = ctx.own;
  const hand =
    own === null
      ? null
      : zone(
          "Your hand",
          markReneges(cardRow(ctx, own.hand, (m, c) => m.type === "play" && m.card === c, "Your hand"), own.hand, p.trick),
          own.reneges ? h("p", { class: "renege" }, `You reneged ${own.reneges} time${own.reneges === 1 ? "" : "s"} this round: −${RENEGE * own.reneges} points, shown to all when the round ends.`) : null,
        );
  return { table, hand };
}

export function words(m) {
  if (m.type === "bid") return `Bid ${m.tricks} trick${m.tricks === 1 ? "" : "s"}`;
  if (m.type === "play") return `Play ${m.card}`;
  return null;
}

/** The log in words: "Ada bids 3", "Bob plays the 7 of hearts; Cy wins the trick". */
export function log(e, ctx) {
  if (e.type === "bid") return [who(ctx, e.seat), ` bids ${plural(e.tricks, "trick")}`];
  if (e.type !== "play") return null;
  const out = [who(ctx, e.seat), " plays ", cardWord(e.card)];
  if (e.trick_winner !== undefined && e.trick_winner !== null) out.push("; ", who(ctx, e.trick_winner), " wins the trick");
  const r = e.round_over;
  if (r) out.push(`; round ${r.round} is over, scores: `, ...joined((r.scores ?? []).map((s, i) => `${ctx.nameOf(i)} ${s}`)));
  return out;
}

export function logPrivate(p) {
  if (p.hand) return ["you are dealt ", cardsWord(p.hand)];
  if (p.penalty) return [`you did not follow suit: −${p.penalty} points, told to all when the round ends`];
  return null;
}
