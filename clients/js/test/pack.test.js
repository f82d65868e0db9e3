// `npm pack` gives a tarball a frontend installs without the repository: packed, installed into an
// empty project (from npm's cache when it has the dependencies: offline-capable), imported, and its
// types (with vorpal-client/games) compiled by tsc --strict as a TypeScript frontend would.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";

const SDK = fileURLToPath(new URL("..", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "vorpal-pack-"));

after(() => rmSync(work, { recursive: true, force: true }));

function run(cmd, args, cwd) {
  const done = spawnSync(cmd, args, { cwd, encoding: "utf8", timeout: 300_000 });
  assert.equal(done.status, 0, `${cmd} ${args.join(" ")}:\n${done.stdout}\n${done.stderr}`);
  return done.stdout;
}

test("the packed SDK installs into an empty project, imports and type-checks", { timeout: 600_000 }, () => {
  run("npm", ["pack", "--silent", "--pack-destination", work], SDK);
  const [tarball] = readdirSync(work).filter((f) => f.endsWith(".tgz"));
  assert.match(tarball, /^vorpal-client-.*\.tgz$/);
  const app = join(work, "app");
  run("mkdir", ["-p", app], work);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
  run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error", join(work, tarball)], app);

  // Only what the tarball holds: no path back into the repository.
  const listed = run("npm", ["ls", "--all", "--parseable"], app);
  assert.ok(!listed.includes(SDK.replace(/\/$/, "")), listed);
  const out = run(process.execPath, ["--input-type=module", "-e", `
    import { VorpalClient, LiveConnection, OriginNotAllowed, encode, decodeClient } from "vorpal-client";
    const frame = { type: "ping", id: 1 };
    if (decodeClient(encode(frame)).id !== 1) throw new Error("codec");
    console.log([typeof VorpalClient, typeof LiveConnection, typeof OriginNotAllowed].join(","));
  `], app);
  assert.equal(out.trim(), "function,function,function");

  writeFileSync(join(app, "main.ts"), `
    import { LiveConnection } from "vorpal-client";
    import type { Jabberwocky, jabberwocky } from "vorpal-client/games";
    export async function bid(live: LiveConnection<Jabberwocky>, match: string): Promise<jabberwocky.Move | undefined> {
      const state = await live.subscribe(match);
      const trump: string = state.view.public.trump_card;
      return (state.legal ?? []).find((m) => m.type === "bid" && trump.length > 0);
    }
  `);
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  const typeRoots = join(app, "no-types");
  run("mkdir", ["-p", typeRoots], app);
  run(process.execPath, [tsc, "--noEmit", "--strict", "--typeRoots", typeRoots, "--lib", "es2022,dom", "--module", "nodenext", "main.ts"], app);
});
