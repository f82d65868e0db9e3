// The options form of a game, generated from the options JSON Schema of the catalogue.
// Each property becomes one labelled control: an enum a select, an integer or number a number
// input with its bounds, a boolean a checkbox, a string a text input. A property that may be
// null ("anyOf": [X, {"type": "null"}]) gets an empty choice meaning "unset". Anything else
// (an object, an array) is a JSON text field, so a game with richer options still works.

import { h, humanize } from "./render.js";

function resolve(schema, root) {
  if (schema && typeof schema.$ref === "string" && schema.$ref.startsWith("#/$defs/")) {
    return root.$defs?.[schema.$ref.slice(8)] ?? {};
  }
  return schema ?? {};
}

/** The schema without its null alternative, and whether null is allowed. */
function nullable(schema, root) {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives)) {
    const rest = alternatives.filter((s) => s.type !== "null");
    if (rest.length === 1 && rest.length < alternatives.length) return [{ ...resolve(rest[0], root), ...pick(schema) }, true];
  }
  return [resolve(schema, root), false];
}

const pick = (schema) => Object.fromEntries(["default", "description", "title"].filter((k) => k in schema).map((k) => [k, schema[k]]));

/**
 * The controls for an options schema; `read()` returns the options object (only the fields
 * given a value, so the server applies its own defaults to the rest).
 */
export function optionsForm(schema, idPrefix = "opt") {
  const fields = [];
  const readers = [];
  for (const [name, raw] of Object.entries(schema.properties ?? {})) {
    const [prop, canBeNull] = nullable(resolve(raw, schema), schema);
    const id = `${idPrefix}-${name}`;
    const label = h("label", { for: id }, prop.title ?? humanize(name));
    const hint = prop.description ? h("small", { id: `${id}-hint` }, prop.description) : null;
    const def = "default" in raw ? raw.default : prop.default;
    let control;
    let read;
    // A boolean that may be unset is a choice of three, not a checkbox (which has two).
    const choices = Array.isArray(prop.enum) ? prop.enum : prop.type === "boolean" && canBeNull ? [true, false] : null;
    if (choices !== null) {
      control = h(
        "select",
        { id, name, "aria-describedby": hint && `${id}-hint` },
        canBeNull ? h("option", { value: "" }, "(unset)") : null,
        choices.map((v) => h("option", { value: JSON.stringify(v), selected: v === def }, String(v))),
      );
      read = () => (control.value === "" ? null : JSON.parse(control.value));
    } else if (prop.type === "boolean") {
      control = h("input", { id, name, type: "checkbox", checked: def === true, "aria-describedby": hint && `${id}-hint` });
      read = () => control.checked;
    } else if (prop.type === "integer" || prop.type === "number") {
      control = h("input", {
        id,
        name,
        type: "number",
        inputmode: "numeric",
        min: prop.minimum,
        max: prop.maximum,
        step: prop.type === "integer" ? 1 : "any",
        value: def ?? "",
        placeholder: canBeNull ? "unset" : null,
        "aria-describedby": hint && `${id}-hint`,
      });
      read = () => (control.value === "" ? null : Number(control.value));
    } else if (prop.type === "string") {
      control = h("input", { id, name, type: "text", value: def ?? "", "aria-describedby": hint && `${id}-hint` });
      read = () => (control.value === "" && canBeNull ? null : control.value);
    } else {
      control = h("textarea", { id, name, rows: 2, "aria-describedby": hint && `${id}-hint` }, def === undefined ? "" : JSON.stringify(def));
      read = () => (control.value.trim() === "" ? null : JSON.parse(control.value));
    }
    fields.push(h("div", { class: "field" }, label, control, hint));
    readers.push([name, read, def]);
  }
  const read = () => {
    const options = {};
    for (const [name, value, def] of readers) {
      const v = value();
      if (v === null && def === undefined) continue;
      if (v !== def) options[name] = v;
    }
    return options;
  };
  return { fields, read };
}
