// The debug drawer, for frontend authors (boardgame.io's debug panel, for this server): the raw
// view and the legal moves as JSON, a box to send any move (a refused one shows the server's
// problem), the seats this browser holds (switch to another in this tab), and the log stepped
// back through as the seat saw it: each event, with the table as the seat saw it at that
// version. A view a live frame brought is drawn as it came; any other (a version before the page
// opened, or after a reload) is asked of the server (GET /v1/matches/{id}/versions/{v}), which
// replays the match and redacts it for this tab's seat (or as a spectator sees it): the same
// view the seat was shown then, never more.

import { h } from "./render.js";

const json = (v) => JSON.stringify(v, null, 2);

export function debugDrawer({ match, seat, seats, send, history, draw, fetchAt }) {
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
  /** Versions whose view is being asked of the server (each asked once at a time). */
  const asking = new Map();
  const ask = (v) => {
    if (!asking.has(v)) {
      const got = fetchAt(v)
        .then((past) => {
          const entry = history.get(v) ?? { event: null, view: null, timeout: false };
          history.set(v, { ...entry, view: past.view ?? null, replayed: true, toAct: past.to_act ?? [] });
        })
        .finally(() => asking.delete(v));
      asking.set(v, got);
    }
    return asking.get(v);
  };
  const showStep = () => {
    const v = Number(stepper.value);
    const seen = history.get(v);
    stepLabel.textContent = `version ${v}`;
    stepped.dataset.version = String(v);
    const source = seen?.replayed ? "replayed by the server for this seat" : "as the live frame brought it";
    stepped.replaceChildren(
      h("pre", { class: "debug-json", "data-debug": "event" }, seen?.event ? json(seen.event) : v === 0 ? "(the match as created)" : "(no event seen at this version)"),
      seen?.view
        ? h("div", { class: "debug-table", "data-debug": "stepped-table", "data-source": seen.replayed ? "replayed" : "live" }, h("p", { class: "hint" }, `The table at version ${v}, ${source}.`), draw(seen.view, v))
        : h("p", { class: "hint", "data-debug": "asking" }, `Asking the server for the table at version ${v}…`),
    );
    if (!seen?.view) {
      ask(v)
        .then(() => Number(stepper.value) === v && showStep())
        .catch((err) => {
          if (Number(stepper.value) !== v) return;
          stepped.replaceChildren(h("p", { class: "debug-error", role: "alert" }, `Version ${v}: ${err.title ?? err.name ?? "Error"}: ${err.detail ?? err.message}`));
        });
    }
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
    const latest = Math.max(0, state.version ?? 0, ...history.keys());
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
