// The log in words: what each game module's `log(pub, ctx)` writes a line from ("Alice bids 3",
// "Bob plays the 7 of hearts"), the words they share, the match's own events (a seat taken, a
// forfeit) and the line for an event no module words (the generic one, field by field).
//
// A line is a list of parts: strings and small elements. A card is said in words and keeps its
// code in `data-card`, so the page's markup still names every card it shows (the redaction tests
// scan it) and a screen reader hears "the queen of hearts".

import { cardName, componentOf, eventLine, h, isNumberCard, isPlayingCard } from "../render.js";

const JESTERS = { XR: "the red jester", XB: "the black jester" };

/** A card in words, its code kept: "the 7 of hearts", "green 3", "the red jester". */
export function cardWord(code) {
  let text = String(code);
  if (isPlayingCard(code)) text = `the ${cardName(code)}`;
  else if (isNumberCard(code)) text = cardName(code);
  else if (code in JESTERS) text = JESTERS[code];
  return h("span", { class: "card-word", "data-card": code }, text);
}

/** Cards in words, joined: "the 7 of hearts and the 2 of clubs". */
export function cardsWord(codes) {
  return joined((codes ?? []).map(cardWord));
}

/** Parts joined with commas and a last "and". */
export function joined(parts) {
  const out = [];
  parts.forEach((p, i) => {
    if (i > 0) out.push(i === parts.length - 1 ? " and " : ", ");
    out.push(p);
  });
  return out.length ? out : ["nothing"];
}

export const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Gems by colour in words: "3 green and 1 purple gem"; "no gems". */
export function gemsWord(g) {
  const parts = Object.entries(g ?? {}).filter(([, n]) => n > 0).map(([c, n]) => `${n} ${c}`);
  if (parts.length === 0) return "no gems";
  const total = Object.values(g).reduce((a, b) => a + b, 0);
  return `${joined(parts).join("")} gem${total === 1 ? "" : "s"}`;
}

/** A seat by name, bold: the subject of most lines. */
export function who(ctx, seat) {
  return h("strong", { class: "who", "data-seat": seat }, seat === null || seat === undefined ? "someone" : ctx.nameOf(seat));
}

/** "seat 2" in the engine's own sentences (Zimby Mojo's `happened`) read as the seat's name. */
export function named(ctx, text) {
  return String(text).replace(/\bseat (\d+)\b/g, (_, s) => ctx.nameOf(Number(s)));
}

/** A printed component (a scroll) by its catalogue name. */
export function componentWord(ctx, key) {
  const found = componentOf(key, ctx.components);
  return h("span", { class: "component-word", "data-component": key }, found ? String(found.item.name ?? key) : String(key).replaceAll("_", " "));
}

/** The match's own events, the same in every game. */
function matchLine(e, ctx) {
  switch (e.type) {
    case "joined":
      return [who(ctx, e.seat), e.again ? " takes the seat again" : ` takes seat ${e.seat}`, e.started ? ": the match starts" : ""];
    case "left":
      return [`Seat ${e.seat} is left`, e.aborted ? ": nobody is left, the match is abandoned" : ""];
    case "aborted":
      return [`The match is aborted (by ${e.by === "admin" ? "an admin" : e.by === "organiser" ? "the organiser" : "the pairing"})`];
    case "no_show":
      return [`Nobody came to seat${e.absent.length === 1 ? "" : "s"} ${e.absent.join(", ")}: the match ends`];
    case "forfeit":
      return [who(ctx, e.seat), " runs out of time and forfeits", e.ended ? ": the match ends" : "; a bot plays on"];
    default:
      return null;
  }
}

/** What the reader alone was told (the private part), in words, when the module says nothing of it. */
function privateLine(p) {
  if (p === null || typeof p !== "object") return null;
  const out = [];
  if (p.drew !== undefined) out.push("you draw ", Array.isArray(p.drew) ? cardsWord(p.drew) : cardWord(p.drew));
  if (p.hand !== undefined && p.drew === undefined) out.push("your hand: ", cardsWord(p.hand));
  if (p.choice !== undefined) out.push("you chose ", typeof p.choice === "string" ? cardWord(p.choice) : typeof p.choice === "object" ? JSON.stringify(p.choice) : String(p.choice));
  return out.length ? out : null;
}

/** A part no words were written for: field by field, marked (a test finds any such line). */
function generic(part, ctx) {
  const el = eventLine({ public: part }, ctx);
  el.dataset.generic = "";
  return el;
}

/**
 * One line of the log for `event` ({public, private?, then?}): the game module's words for each part,
 * else the match's words, else the generic line; its chance steps follow, each in words too.
 */
export function logLine(module, event, ctx) {
  const line = h("span", { class: "event" });
  const pub = event.public;
  let said = null;
  try {
    said = pub && typeof pub === "object" ? (matchLine(pub, ctx) ?? (module?.log ? module.log(pub, ctx) : null)) : null;
  } catch (err) {
    console.warn("a log line the game's module could not word; written field by field", err); // never a lost event
  }
  if (said) line.append(...said.filter((p) => p !== null && p !== undefined && p !== ""), ".");
  else line.append(generic(pub, ctx));
  if (event.private !== undefined && event.private !== null) {
    const mine = (module?.logPrivate ? module.logPrivate(event.private, ctx) : null) ?? privateLine(event.private);
    line.append(" ", h("span", { class: "private-words" }, "(", ...(mine ?? [generic(event.private, ctx)]), ")"));
  }
  for (const step of event.then ?? []) line.append(" ", logLine(module, step, ctx));
  return line;
}
