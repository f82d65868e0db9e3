// Jabberwocky, the trick-taking game: the trump card and the trick in the middle, the last trick
// beside it, each seat's bid, tricks, points and renege penalties beside its name. Play: click a
// card of your hand. Bids have no place on the table: buttons.

import { card, cardRow, h, seatPanels, token, zone } from "../kit.js";

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
      ["points made", (s) => p.made?.[s]],
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
          cardRow(ctx, own.hand, (m, c) => m.type === "play" && m.card === c, "Your hand"),
          own.reneges ? h("p", { class: "renege" }, `Reneges so far: ${own.reneges} (each costs the penalty).`) : null,
        );
  return { table, hand };
}

export function words(m) {
  if (m.type === "bid") return `Bid ${m.tricks} trick${m.tricks === 1 ? "" : "s"}`;
  if (m.type === "play") return `Play ${m.card}`;
  return null;
}
