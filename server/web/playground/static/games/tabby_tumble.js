// Tabby Tumble: the dice pools to draft from, each seat's dice, home (cats by colour, mice) and
// points beside its name; the supply. Pick: click a die of a pool. Rehome: click the home of the
// seat that gets the cats, then how many (a button). Eat and the hairball's follow-up: buttons.

import { die, h, seatPanels, zone } from "../kit.js";
import { joined, plural, who } from "./say.js";

const CATS = { orange: "orange cats", black: "black cats", white: "white cats" };

function home(h_, homeOf) {
  const cats = Object.entries(homeOf?.cats ?? {}).map(([c, n]) => h_("span", { class: `cats ${c}`, title: `${n} ${c} cats` }, `${n} ${CATS[c] ?? c}`));
  const mice = h_("span", { class: "mice", title: `${homeOf?.mice ?? 0} mice` }, `${homeOf?.mice ?? 0} mice`);
  return h_("span", { class: "home" }, [...cats, mice].flatMap((el, i) => (i ? [", ", el] : [el])));
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

const TOOK = (r) =>
  [r.cats_taken ? `${plural(r.cats_taken, `${r.colour} cat`)}` : null, r.mice_taken ? plural(r.mice_taken, "mouse", "mice") : null, r.points ? plural(r.points, "point") : null].filter(Boolean);

function resolved(r, ctx) {
  const got = TOOK(r);
  const out = [who(ctx, r.seat), ` (${r.colour}, ${r.action})`];
  out.push(got.length ? ` gets ${got.join(", ")}` : " gets nothing");
  if (r.mice_returned) out.push(`, returns ${plural(r.mice_returned, "mouse", "mice")}`);
  if (r.rehomed) out.push(", gives ", plural(r.rehomed, "cat"), " to ", who(ctx, r.rehomed_to));
  return out;
}

/** The log in words: "Ada picks the eat die", then what each seat's dice gave it when the round resolves. */
export function log(e, ctx) {
  const out = [];
  if (e.type === "pick") out.push(who(ctx, e.seat), ` picks the ${e.die} die`);
  else if (e.type === "committed") out.push(who(ctx, e.seat), " commits a sealed choice");
  else return null;
  if (e.waiting?.length) out.push(`; waiting for `, ...joined(e.waiting.map((s) => ctx.nameOf(s))));
  for (const r of e.resolved ?? []) out.push("; ", ...resolved(r, ctx));
  if (e.next_round) out.push(`; round ${e.next_round.round}: `, who(ctx, e.next_round.active), " rolls ", e.next_round.cat_dice.join(", "), " and ", e.next_round.action_dice.join(", "));
  if (e.final_scores) out.push("; final scores: ", ...joined(e.final_scores.map((s, i) => `${ctx.nameOf(i)} ${s}`)));
  if (e.tokens) out.push("; the secret tokens: ", ...joined(e.tokens.map((t, i) => `${ctx.nameOf(i)} ${t}`)));
  return out;
}
