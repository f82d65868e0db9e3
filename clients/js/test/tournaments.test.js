// Tournaments from JavaScript against a real server that this file starts: four accounts play a
// round robin to its final standings (three with playTournament, one with the vorpal-bot
// command); the refusals keep their codes; the CSV export lists the standings.

import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";

import { ApiError, Forbidden, NotFound, VorpalClient, myMatch, playTournament } from "../src/index.js";
import { ROOT, exited, start, startStack } from "./harness.js";

const LIMIT = { timeout: 120_000 };
const BOT = join(ROOT, "clients", "js", "bin", "vorpal-bot.js");
const CLOCK = { kind: "per_decision", limit_ms: 5000 };
let stack;
let api;

before(async () => {
  stack = await startStack();
  api = new VorpalClient(stack.url);
});

after(async () => {
  await stack?.stop();
});

test("four bots play a round robin to its final standings, one of them the bot command", LIMIT, async () => {
  const organiser = await api.register("js-org");
  const bots = [];
  for (let i = 0; i < 4; i++) bots.push(await api.register(`js-rr${i}`));
  const created = await api.createTournament(organiser.key, "js cup", "gimble", { format: "round_robin", timeControl: CLOCK });
  assert.equal(created.status, "registering");
  assert.equal(created.organiser, organiser.account.id);
  for (const bot of bots) await api.registerTournament(created.id, bot.key);
  await assert.rejects(api.registerTournament(created.id, bots[0].key), (err) => err instanceof ApiError && err.code === "already_registered");
  await assert.rejects(api.startTournament(created.id, bots[0].key), Forbidden);
  await assert.rejects(api.tournament("tNOSUCHCUP00"), (err) => err instanceof NotFound && err.code === "tournament_not_found");

  const runners = bots.slice(0, 3).map((bot, i) => playTournament(stack.url, created.id, bot.key, { seed: i }));
  const log = join(stack.dir, "tournament-bot.log");
  const child = start(process.execPath, [BOT, "--server", stack.url, "--tournament", created.id, "--key", bots[3].key, "--seed", "9"], { log });
  const started = await api.startTournament(created.id, organiser.key);
  assert.equal(started.status, "running");
  const finals = await Promise.all(runners);
  const { code, output } = await exited(child, log);
  assert.equal(code, 0, output);
  assert.match(output, /tournament \S+ finished/);

  const final = await api.tournament(created.id);
  assert.equal(final.status, "finished");
  assert.ok(finals.every((t) => t.status === "finished"));
  assert.equal(final.rounds.length, 3); // the circle method: n - 1 rounds of 2 matches
  const met = final.rounds.flatMap((r) => r.pairings.map((p) => [...p.accounts].sort().join()));
  assert.equal(new Set(met).size, 6);
  assert.equal(myMatch(final, bots[0].account.id), null);
  const total = final.standings.reduce((sum, s) => sum + s.points, 0);
  assert.ok(Math.abs(total - 6) < 1e-9, `6 matches give 6 points in all, not ${total}`);

  const csv = await api.exportTournament(created.id, { format: "csv" });
  const lines = csv.trim().split(/\r?\n/);
  assert.equal(lines[0], "rank,account,name,points,buchholz,median_buchholz,wins,byes,played");
  assert.deepEqual(lines.slice(1).map((l) => l.split(",")[1]), final.standings.map((s) => s.account));
  assert.equal((await api.exportTournament(created.id)).id, created.id);
  assert.ok((await api.tournaments()).some((t) => t.id === created.id));
});
