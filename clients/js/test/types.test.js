// The TypeScript types of every game (types/games/) are those of the live catalogue: they are
// regenerated from a real server's GET /v1/games and must equal the committed files.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";

import { TYPES_DIR, differences, fetchCatalogue, generate } from "../scripts/gen-types.js";
import { startStack } from "./harness.js";

let stack;

before(async () => {
  stack = await startStack();
});

after(async () => {
  await stack?.stop();
});

test("the committed game types are those of the live catalogue", { timeout: 120_000 }, async () => {
  const games = await fetchCatalogue(stack.url);
  const files = await generate(games);
  assert.deepEqual(differences(files, TYPES_DIR), [], "run: node scripts/gen-types.js --server URL (with make serve running)");
  for (const game of games) {
    assert.match(files[`${game.name}.d.ts`], /export interface View \{/);
    assert.match(files["index.d.ts"], new RegExp(`  ${game.name}: \\{ name: "${game.name}"; options: ${game.name}\\.Options;`));
  }
});

test("a schema change shows as a difference", { timeout: 60_000 }, async () => {
  const games = await fetchCatalogue(stack.url);
  const changed = structuredClone(games);
  changed[0].schemas.options.properties.brand_new = { type: "integer", default: 1 };
  assert.deepEqual(differences(await generate(changed), TYPES_DIR), [`${games[0].name}.d.ts`]);
  const gone = [`${games[0].name}.d.ts`, `${games[0].name}.events.d.ts`, "index.d.ts"];
  assert.deepEqual(differences(await generate(games.slice(1)), TYPES_DIR), gone.sort());
});

/** `tsc --noEmit --strict` on one file of test/typed/: its diagnostics, one per line. */
function typecheck(file) {
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  const path = fileURLToPath(new URL(`./typed/${file}`, import.meta.url));
  // No ambient @types packages (typeRoots: a folder without any); the SDK's own types need the DOM's fetch.
  const typeRoots = fileURLToPath(new URL("./typed", import.meta.url));
  const args = [tsc, "--noEmit", "--strict", "--typeRoots", typeRoots, "--lib", "es2022,dom", "--module", "nodenext", path];
  const done = spawnSync(process.execPath, args, { encoding: "utf8" });
  return done.stdout.split("\n").filter((line) => line.includes("error TS"));
}

test("the game types compile and type a strategy, options and moves", { timeout: 60_000 }, () => {
  assert.deepEqual(typecheck("uses.ts"), []);
});

test("the game types refuse a move or option the schema does not allow", { timeout: 60_000 }, () => {
  const errors = typecheck("refused.ts");
  assert.equal(errors.length, 2, errors.join("\n"));
  assert.match(errors[0], /'tricks' does not exist in type 'Play'/);
  assert.match(errors[1], /"sometimes"/);
});

test("the SDK is generic over a game's types: LiveConnection<Jabberwocky> types its view, legal moves and move", { timeout: 60_000 }, () => {
  assert.deepEqual(typecheck("live.ts"), []);
});
