// Tabby Tumble: the dice pools to draft from, each seat's dice, home (cats by colour, mice) and
// points beside its name; the supply. Pick: click a die of a pool. Rehome: click the home of the
// seat that gets the cats, then how many (a button). Eat and the hairball's follow-up: buttons.

import { die, h, seatPanels, zone } from "../kit.js";

const CATS = { orange: "orange cats", black: "black cats", white: "white cats" };

function home(h_, homeOf) {
  const cats = Object.entries(homeOf?.cats ?? {}).map(([c, n]) => h_("span", { class: `cats ${c}`, title: `${n} ${c} cats` }, `${n} ${CATS[c] ?? c}`));
  return h_("span", { class: "home" }, cats, h_("span", { class: "mice", title: `${homeOf?.mice ?? 0} mice` }, `${homeOf?.mice ?? 0} mice`));
}

export function draw(ctx) {
  const p = ctx.pub;
  const pool = (faces, kind) =>
    h(
      "div",
      { class: "dice-row" },
      (faces ?? []).length === 0 ? h("span", { class: "none" }, "empty") : null,
      (faces ?? []).map((f) => ctx.offer(die(f, { colour: kind === "cat" ? f : null }), (m) => m.type === "pick" && m.die === f, `Pick the ${f} die`)),
    );
  const panels = seatPanels(ctx, [
    ["points", (s) => p.points?.[s]],
    ["cat die", (s) => (p.cat_die?.[s] ? die(p.cat_die[s], { colour: p.cat_die[s] }) : null)],
    ["action die", (s) => (p.action_die?.[s] ? die(p.action_die[s]) : null)],
    ["home", (s) => home(h, p.homes?.[s])],
    ["committed", (s) => (p.committed?.seats?.[s] ? "yes" : null)],
  ]);
  for (const panel of panels.querySelectorAll(".seat-panel")) {
    const s = Number(panel.dataset.seat);
    ctx.offer(panel, (m) => m.to === s, `Give cats to ${ctx.nameOf(s)}`);
  }
  const table = h(
    "div",
    { class: "table tabby-tumble" },
    panels,
    h("p", { class: "table-note" }, `Round ${p.round ?? "—"}, phase: ${p.phase ?? "—"}.`),
    h("div", { class: "table-row" }, zone("Cat dice", pool(p.cat_pool, "cat")), zone("Action dice", pool(p.action_pool, "action")), zone("Supply", home(h, p.supply))),
  );
  const own = ctx.own;
  const hand = own === null ? null : zone("Your secret token", h("p", {}, `Token: ${own.token ?? "—"}`));
  return { table, hand };
}

export function words(m, { nameOf }) {
  const give = (to, n) => (to === null || to === undefined ? "keep your cats" : `give ${n} cat${n === 1 ? "" : "s"} to ${nameOf(to)}`);
  if (m.type === "pick") return `Pick the ${m.die} die`;
  if (m.type === "eat") return `Eat: return ${m.count} mice for ${m.count} point${m.count === 1 ? "" : "s"}`;
  if (m.type === "rehome") return `Rehome: ${give(m.to, m.count)}`;
  if (m.type === "hairball") {
    const then = m.then === "eat" ? `eat ${m.count} mice` : m.then === "rehome" ? give(m.to, m.count) : m.then;
    return `Hairball (lose a point), then ${then}`;
  }
  return null;
}
