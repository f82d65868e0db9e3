// Zimby Mojo: the table as the rulebook lays it out. The main board, the map of the King's
// compound, in the middle (grid.js draws its halls and walls, the sanctum, shrines, portals,
// barracks, wards, ritual tiles and obstacles, the creatures as discs: zimby columns in their
// tribes' colours, thugs, zombies, the King and the Crown) with each shaman's tribal board off its
// edge at its entry point. Around it, every part of the view in words, nothing folded: each
// shaman's tribal board (active and depleted zimbies, zombies, mojo, the Far Shore) beside its
// name; the King and the Crown; every column, thug and zombie with its tile; the shrines' seals,
// the wards, the King's rituals and the obstacles; the stack top first, the incantations, the
// scroll library and the discards; and whatever the turn is in the middle of.
//
// Moves on the board: click the tile a step or a move goes to, the piece that attacks, goes or is
// targeted, a seat's tribal board for a scroll aimed at a seat, a stack entry for a Nix; a scroll
// is its card in the hand first. Moves with no place (send, warp, pass, end turn, eat...) are buttons.

import { drawGridBoard } from "../grid.js";
import { namedBy, renderValue } from "../render.js";
import { back, h, seatPanels, zone } from "../kit.js";
import { componentWord, joined, named, plural, who } from "./say.js";

/** Fields of a move that name a tile; the others name pieces. */
const PLACES = new Set(["to", "tile", "portal", "entry", "destination"]);

function names(m, place) {
  return Object.entries(m).filter(([k, v]) => k !== "type" && typeof v === "string" && PLACES.has(k) === place).map(([, v]) => v);
}

const yes = (b, word) => (b ? word : null);

/** A creature in words: "c3 on k2: Ada 2, Bob 1; depleted, in combat, carries the Crown". */
function creatureLine(ctx, c, kind) {
  const who2 = c.zimbies ? Object.entries(c.zimbies).map(([s, n]) => `${ctx.nameOf(Number(s))} ${n}`).join(", ") : c.owner !== undefined ? `${ctx.nameOf(c.owner)}'s` : null;
  const state = [c.active === false ? "depleted" : "active", yes(c.in_combat, "in combat"), yes(c.crown !== null && c.crown !== undefined && c.crown !== false, "carries the Crown"), yes(c.in_barracks, "in the barracks"), yes(c.held, "held"), yes(c.must_attack, "must attack")].filter(Boolean);
  return h("li", { "data-creature": c.id }, h("strong", {}, c.id), ` ${kind} on ${c.tile ?? "—"}`, who2 ? `: ${who2}` : "", ` (${state.join(", ")})`);
}

function list(items, none = "none") {
  return items.length ? h("ul", { class: "facts" }, items) : h("p", { class: "none" }, none);
}

export function draw(ctx) {
  const p = ctx.pub;
  const tribes = p.tribes ?? [];
  const board = p.board
    ? drawGridBoard(p.board, p, "Board", null, namedBy(ctx.state.legal ?? [], ctx.components))
    : h("p", { class: "none" }, "no board");
  for (const g of board.querySelectorAll("svg.grid-board g.tile[data-tile]")) {
    const id = g.dataset.tile;
    ctx.offer(g, (m) => names(m, true).includes(id), `To ${id}`);
  }
  for (const g of board.querySelectorAll("svg.grid-board g.piece[data-piece]")) {
    const id = g.dataset.piece;
    ctx.offer(g, (m) => names(m, false).includes(id) || (Array.isArray(m.targets) && m.targets.includes(id)), `${id}`);
  }
  for (const g of board.querySelectorAll("svg.grid-board g.seat-board[data-seat]")) {
    const s = g.dataset.seat;
    ctx.offer(g, (m) => m.target === `seat${s}`, `${ctx.nameOf(Number(s))}'s tribe`);
  }
  // the stack, the incantations and the discards as the catalogue's cards (render.js draws a stack top first)
  const scrolls = renderValue({ stack: p.stack, incantations: p.incantations, discards: p.discards }, "public", { seats: p.seats, components: ctx.components });
  for (const li of scrolls.querySelectorAll("li.stack-entry[data-entry]")) {
    const id = `#${li.dataset.entry}`;
    ctx.offer(li, (m) => m.target === id, `Entry ${id}`);
  }
  const king = p.king ?? {};
  const crown = p.crown;
  const crownWhere = crown === null || crown === undefined ? (king.alive ? "on the King's head" : "—") : crown.carrier ? `carried by ${crown.carrier} (burden +${crown.burden})` : `lying on ${crown.tile}`;
  const busy = [];
  for (const key of ["moving", "request", "pending_attack", "underway"]) if (p[key]) busy.push([key.replaceAll("_", " "), renderValue(p[key], key, { components: ctx.components })]);
  if ((p.windows ?? []).length) busy.push(["windows", renderValue(p.windows, "windows", {})]);
  for (const key of ["holds_asked", "hands_asked", "thugs_out", "thugs_moved"]) if (p[key]) busy.push([key.replaceAll("_", " "), "yes"]);
  if ((p.happened ?? []).length) busy.push(["just happened", named(ctx, p.happened.join("; "))]);
  if ((p.winners ?? []).length) busy.push(["winners", joined(p.winners.map((s) => ctx.nameOf(s))).join("")]);
  const table = h(
    "div",
    { class: "table zimby-mojo" },
    seatPanels(ctx, [
      ["tribal board", (s) => (tribes[s] ? `${tribes[s].active} active, ${tribes[s].depleted} depleted` : null)],
      ["mojo", (s) => tribes[s]?.mojo],
      ["mojo tokens", (s) => tribes[s]?.tokens],
      ["on the Far Shore", (s) => tribes[s]?.far_shore],
      ["zombies left", (s) => tribes[s]?.zombies_left],
      ["chanting", (s) => tribes[s]?.chanting || undefined],
      ["eaten / spawned", (s) => (tribes[s] ? `${tribes[s].eaten} / ${tribes[s].spawned}` : undefined)],
      ["scrolls in hand", (s) => back(p.hand_sizes?.[s] ?? 0, "scrolls in hand")],
      ["entry", (s) => tribes[s]?.entry],
    ]),
    h("p", { class: "table-note" }, `Round ${p.round ?? "—"} of ${p.round_limit ?? "—"}, ${String(p.phase ?? "—").replaceAll("_", " ")}; first mover ${p.first_mover !== undefined && p.first_mover !== null ? ctx.nameOf(p.first_mover) : "—"}, ${p.turn !== undefined && p.turn !== null ? `${ctx.nameOf(p.turn)}'s turn` : "no turn"} (${plural(p.turns_taken ?? 0, "turn")} taken)${p.solitaire ? "; solitaire" : ""}.`),
    busy.length ? h("dl", { class: "turn-facts" }, busy.map(([k, v]) => h("div", {}, h("dt", {}, k), h("dd", {}, v)))) : null,
    board,
    h(
      "div",
      { class: "table-row zimby-facts" },
      zone("The King and the Crown", h("p", {}, king.alive ? `The King is on ${king.tile} (blood mojo ${king.blood_mojo ?? 0}${king.kills ? `, ${king.kills} crowned since` : ""}).` : "The King is dead."), h("p", {}, `The Crown: ${crownWhere}.`)),
      zone("Columns", list((p.columns ?? []).map((c) => creatureLine(ctx, c, "column")))),
      zone("Thugs", list((p.thugs ?? []).map((c) => creatureLine(ctx, c, "thug")))),
      zone("Zombies", list((p.zombies ?? []).map((c) => creatureLine(ctx, c, "zombie")))),
      zone("Shrines", list((p.shrines ?? []).map((s) => h("li", {}, `${s.tile}: ${s.seal === null || s.seal === undefined ? "no seal" : `sealed by ${ctx.nameOf(s.seal)}`}${s.activated ? ", activated" : ""}`)))),
      zone("Wards", list((p.wards ?? []).map((w) => h("li", {}, `${w.tile}: ${w.element}, ${w.open ? "open" : "closed"}`)))),
      zone("The King's rituals", list((p.rituals ?? []).map((r) => h("li", {}, `${r.tile}: ${r.ritual ? `Ritual of ${String(r.ritual).replaceAll("_", " ")}` : "face down"}`)))),
      zone("Obstacles", list((p.obstacles ?? []).map((o) => h("li", {}, `${o.tile}: ${String(o.kind).replaceAll("_", " ")}${o.side ? `, side ${o.side}` : ""}`)))),
      zone("Scroll library", back(p.library_size ?? 0, "scrolls in the library")),
    ),
    scrolls,
  );
  let hand = null;
  if (ctx.own !== null) {
    hand = renderValue(ctx.own, "private", { components: ctx.components });
    for (const c of hand.querySelectorAll(".card.component[data-card]")) {
      const key = c.dataset.card;
      ctx.offer(c, (m) => m.card === key, `${c.getAttribute("aria-label")}`);
    }
  }
  return { table, hand };
}

/** Moves with no place on the board, in words (a scroll keeps render.js's label: "scroll: Nix → #1"). */
export function words(m) {
  const zimbies = (n) => `${n} ${n === 1 ? "zimby" : "zimbies"}`;
  switch (m.type) {
    case "send":
      return `Send ${zimbies(m.count)} from your tribal board`;
    case "warp":
      return `Warp ${zimbies(m.count)}`;
    case "end_turn":
      return "End your turn";
    case "pass":
      return "Pass";
    case "halt":
      return "Halt";
    case "spawn":
      return "Spawn";
    case "extract":
      return `Extract (from a ${String(m.source).replaceAll("_", " ")})`;
    case "eat":
      return `Eat: gain ${m.gain}`;
    case "devour":
      return `Devour, eating ${m.eat}`;
    case "discard":
      return null; // a scroll's name: render.js says it
    default:
      return null;
  }
}

const SAID = {
  send: " sends zimbies onto the board", step: " steps", warp: " warps through a portal", go: " goes", end_turn: " ends the turn",
  eat: " eats", halt: " halts", extract: " extracts mojo", spawn: " spawns zimbies", winnow: " winnows", pass: " passes",
  influence: " influences a creature", extract_chanter: " draws mojo from a chanter", zombify: " makes a zombie", discard: " discards",
  attack: " attacks", devour: " devours", keep: " keeps a scroll", answer: " answers", hold: " holds a zombie",
};
const PHASES = { thugs: "The thugs' turn", zombies: "The zombies shamble", wrap_up: "Wrap-up", refresh: "Refresh", king: "The King's turn", hand_limit_asked: "Hand limits", hold_asked: "Zombie holds asked" };

/** The log in words: "Ada uses Deadly Vines at k2", "Bob steps to k1", "The King's turn: the King moves to i9". */
export function log(e, ctx) {
  const out = [];
  if (e.type === "scroll") out.push(who(ctx, e.seat), " uses ", componentWord(ctx, e.card), e.target ? ` on ${e.target}` : "", e.channel ? ` through ${e.channel}` : "");
  else if (e.type in SAID && e.seat !== undefined) out.push(e.seat === null ? "Everyone" : who(ctx, e.seat), SAID[e.type], e.to ? ` to ${e.to}` : "", e.portal ? ` to ${e.portal}` : "");
  else if (e.type in PHASES) out.push(`${PHASES[e.type]}${e.round ? ` (round ${e.round})` : ""}`, e.rolled_by !== undefined ? [", rolled by ", who(ctx, e.rolled_by)] : "", e.seats?.length ? `: ${joined(e.seats.map((s) => ctx.nameOf(s))).join("")}` : "");
  else return null;
  if ((e.happened ?? []).length) out.push(": ", named(ctx, e.happened.join("; ")));
  return out.flat();
}
