// The new-match form's time control (PROTOCOL.md section 9): none, a limit per decision, or a
// Fischer clock, and what happens to a seat whose time runs out. `read()` gives the
// `time_control` of the request, or null for none (the server's default).

import { h } from "./render.js";

export function timeControlFields() {
  const kind = h(
    "select",
    { id: "clock-kind", name: "clock-kind" },
    h("option", { value: "none" }, "No clock"),
    h("option", { value: "per_decision" }, "A limit for each decision"),
    h("option", { value: "fischer" }, "Fischer: time for the match, plus an increment a move"),
  );
  const seconds = h("input", { id: "clock-seconds", name: "clock-seconds", type: "number", min: 0.1, step: "any", value: 30, inputmode: "decimal" });
  const increment = h("input", { id: "clock-increment", name: "clock-increment", type: "number", min: 0, step: "any", value: 5, inputmode: "decimal" });
  const onTimeout = h(
    "select",
    { id: "clock-timeout", name: "clock-timeout" },
    h("option", { value: "default_move" }, "the game's default move is made for it"),
    h("option", { value: "random_move" }, "a random legal move is made for it"),
    h("option", { value: "forfeit" }, "it forfeits"),
  );
  const secondsLabel = h("label", { for: "clock-seconds" }, "Seconds for each decision");
  const details = [
    h("div", { class: "field" }, secondsLabel, seconds),
    h("div", { class: "field increment" }, h("label", { for: "clock-increment" }, "Increment after each move (seconds)"), increment),
    h("div", { class: "field" }, h("label", { for: "clock-timeout" }, "When a seat runs out of time"), onTimeout),
  ];
  const show = () => {
    for (const d of details) d.hidden = kind.value === "none";
    details[1].hidden = kind.value !== "fischer";
    secondsLabel.textContent = kind.value === "fischer" ? "Seconds for each seat's whole match" : "Seconds for each decision";
  };
  kind.addEventListener("change", show);
  show();
  const fieldset = h("fieldset", { class: "time-control" }, h("legend", {}, "Time control"), h("div", { class: "field" }, h("label", { for: "clock-kind" }, "Clock"), kind), details);
  const ms = (input) => Math.max(100, Math.round(Number(input.value) * 1000));
  const read = () => {
    if (kind.value === "none") return null;
    if (kind.value === "per_decision") return { kind: "per_decision", limit_ms: ms(seconds), on_timeout: onTimeout.value };
    return { kind: "fischer", base_ms: ms(seconds), increment_ms: Math.max(0, Math.round(Number(increment.value) * 1000)), on_timeout: onTimeout.value };
  };
  return { fieldset, read };
}
