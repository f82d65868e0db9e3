// The debug drawer, for frontend authors (boardgame.io's debug panel, for this server): the raw
// view and the legal moves as JSON, a box to send any move (a refused one shows the server's
// problem), the seats this browser holds (switch to another in this tab), and the log stepped
// back through as this tab saw it: each event, with the table as the seat saw it at that
// version when a live frame brought the view.

import { h } from "./render.js";

const json = (v) => JSON.stringify(v, null, 2);

export function debugDrawer({ match, seat, seats, send, history, draw }) {
  const raw = h("pre", { class: "debug-json", "data-debug": "view" });
  const legal = h("pre", { class: "debug-json", "data-debug": "legal" });
  const input = h("textarea", { id: "debug-move", rows: 3, spellcheck: "false", placeholder: '{"type": "pass"}' });
  const sendButton = h("button", { type: "button", class: "debug-send" }, "Send this move");
  const error = h("p", { class: "debug-error", role: "alert" });
  sendButton.addEventListener("click", () => {
    error.textContent = "";
    try {
      send(JSON.parse(input.value));
    } catch (err) {
      error.textContent = `Not JSON: ${err.message}`;
    }
  });
  const seatList = h("ul", { class: "debug-seats" });
  const stepper = h("input", { type: "range", id: "debug-step", min: 0, max: 0, value: 0, "aria-label": "Version of the log" });
  const stepped = h("div", { class: "debug-stepped" });
  const stepLabel = h("output", { for: "debug-step" });
  const back = h("button", { type: "button", "aria-label": "One event back" }, "◀");
  const forward = h("button", { type: "button", "aria-label": "One event forward" }, "▶");
  const showStep = () => {
    const v = Number(stepper.value);
    const seen = history.get(v);
    stepLabel.textContent = `version ${v}`;
    stepped.replaceChildren(
      h("pre", { class: "debug-json" }, seen ? json(seen.event) : "(no event seen at this version)"),
      seen?.view ? h("div", { class: "debug-table" }, draw(seen.view, v)) : h("p", { class: "hint" }, "This tab did not receive the view of this version (it was before the page opened)."),
    );
  };
  stepper.addEventListener("input", showStep);
  back.addEventListener("click", () => {
    stepper.value = String(Math.max(0, Number(stepper.value) - 1));
    showStep();
  });
  forward.addEventListener("click", () => {
    stepper.value = String(Math.min(Number(stepper.max), Number(stepper.value) + 1));
    showStep();
  });
  const element = h(
    "details",
    { class: "panel debug", "data-debug": "" },
    h("summary", {}, "Debug drawer"),
    h("section", {}, h("h3", {}, "The view (raw)"), raw),
    h("section", {}, h("h3", {}, "Legal moves"), legal),
    seat === null ? null : h("section", {}, h("h3", {}, h("label", { for: "debug-move" }, "Send any move (JSON)")), input, sendButton, error),
    h("section", {}, h("h3", {}, "Seats this browser holds"), seatList),
    h("section", {}, h("h3", {}, "Step back through the log"), h("div", { class: "debug-stepper" }, back, stepper, forward, stepLabel), stepped),
  );
  const update = (state, moves) => {
    if (!element.open) return; // nothing to keep up to date while closed
    raw.textContent = json(state.view ?? null);
    legal.textContent = json(moves);
    const held = Object.keys(seats()).map(Number).sort((a, b) => a - b);
    seatList.replaceChildren(
      ...held.map((s) => h("li", {}, s === seat ? `seat ${s} (this tab)` : h("a", { href: `#/match/${match}/seat/${s}`, "data-switch-seat": s }, `Switch to seat ${s}`))),
      seat !== null ? h("li", {}, h("a", { href: `#/match/${match}` }, "Switch to watching")) : null,
    );
    const latest = Math.max(0, ...history.keys());
    const atEnd = Number(stepper.value) === Number(stepper.max);
    stepper.max = String(latest);
    if (atEnd) stepper.value = String(latest);
    showStep();
  };
  let last = null;
  element.addEventListener("toggle", () => last && update(...last));
  return {
    element,
    update: (state, moves) => {
      last = [state, moves];
      update(state, moves);
    },
  };
}
