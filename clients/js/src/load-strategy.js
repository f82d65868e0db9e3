// Finding a strategy by name, for the vorpal-bot command (Node only: it imports files).

import { createRequire } from "node:module";
import { isAbsolute, resolve } from "node:path";
import { pathToFileURL } from "node:url";

import { greedyStrategy, randomStrategy } from "./strategy.js";

/**
 * The strategy named by `spec`, to play `game` (when it is known): "random" (seeded with
 * `seed`), "greedy" (the move worth most at once, in the games it knows: another `game` is
 * refused), a file ("./mybot.js",
 * "/abs/mybot.mjs") or a package ("my-bots"), with an optional ":name" of the export
 * ("./mybot.js:cautious"). Without a name: the default export, else `choose`. A class is
 * instantiated without arguments and its `choose` method is used, so it may keep state.
 */
export async function loadStrategy(spec, { seed = null, cwd = process.cwd(), game = null } = {}) {
  if (spec === "random") return randomStrategy(seed);
  if (spec === "greedy") return greedyStrategy({ game });
  const colon = spec.lastIndexOf(":");
  const named = colon > 1 && /^[A-Za-z_$][\w$]*$/.test(spec.slice(colon + 1));
  const where = named ? spec.slice(0, colon) : spec;
  const isFile = where.startsWith(".") || isAbsolute(where) || /\.[cm]?js$/.test(where);
  const module = await import(isFile ? pathToFileURL(resolve(cwd, where)).href : fromPackage(where, cwd));
  const name = named ? spec.slice(colon + 1) : module.default !== undefined ? "default" : "choose";
  let found = module[name];
  if (found === undefined) throw new Error(`${where} has no export ${name}`);
  if (typeof found === "function" && /^class\s/.test(Function.prototype.toString.call(found))) {
    const instance = new found();
    found = instance.choose.bind(instance);
  }
  if (typeof found !== "function") throw new Error(`${spec} is not a function`);
  return found;
}

/** A package's entry point as the current directory's node_modules resolve it. */
function fromPackage(name, cwd) {
  try {
    return pathToFileURL(createRequire(resolve(cwd, "noop.js")).resolve(name)).href;
  } catch {
    return name; // an ESM-only package (or one next to this SDK): let import() resolve it
  }
}
