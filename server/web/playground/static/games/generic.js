// The generic renderer: any game's view as panels (render.js draws the families it knows), its
// per-seat values beside the seats' names, and every move a button.

import { renderValue } from "../render.js";
import { h, seatPanels } from "../kit.js";

const isScalar = (v) => v === null || ["string", "number", "boolean"].includes(typeof v);

/** The fields of a public view that hold one scalar per seat ("bids", "scores"): beside the names instead. */
export function perSeat(pub, seats) {
  return Object.entries(pub).filter(([, v]) => Array.isArray(v) && v.length === seats && seats > 1 && v.every(isScalar));
}

export function draw(ctx) {
  const seats = ctx.state.names?.length ?? 0;
  const beside = perSeat(ctx.pub, seats);
  const rest = Object.fromEntries(Object.entries(ctx.pub).filter(([k]) => !beside.some(([b]) => b === k)));
  const said = (v) => (v === true ? "yes" : v === false ? "no" : v);
  const table = h(
    "div",
    { class: "generic-table" },
    seatPanels(ctx, beside.map(([k, v]) => [k.replaceAll("_", " "), (s) => said(v[s])])),
    renderValue(rest, "public", { seats, legal: ctx.state.legal ?? [], components: ctx.components }),
  );
  const hand = ctx.own === null ? null : renderValue(ctx.own, "private", { components: ctx.components });
  return { table, hand };
}
