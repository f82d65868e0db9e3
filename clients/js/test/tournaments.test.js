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
  assert.equal(lines[0], "rank,account,name,points,buchholz,median_buchholz,wins,byes,played,reached,withdrawn");
  assert.deepEqual(lines.slice(1).map((l) => l.split(",")[1]), final.standings.map((s) => s.account));
  assert.equal((await api.exportTournament(created.id)).id, created.id);
  assert.ok((await api.tournaments()).some((t) => t.id === created.id));
});

test("the organiser pauses, decides results, withdraws an entrant, resumes and cancels", LIMIT, async () => {
  const organiser = await api.register("js-arbiter");
  const players = [];
  for (let i = 0; i < 4; i++) players.push(await api.register(`js-entrant${i}`));
  // Ten minutes a decision: no clock decides anything here, the organiser does.
  const slow = { kind: "per_decision", limit_ms: 600_000 };
  const t = await api.createTournament(organiser.key, "js arbitrated", "gimble", { format: "swiss", timeControl: slow, rounds: 3, max_entrants: 4 });
  assert.equal(t.max_entrants, 4);
  for (const p of players) await api.registerTournament(t.id, p.key);
  const late = await api.register("js-late");
  await assert.rejects(api.registerTournament(t.id, late.key), (err) => err instanceof ApiError && err.code === "tournament_full");
  let now = await api.startTournament(t.id, organiser.key);
  await assert.rejects(api.pauseTournament(t.id, players[0].key), Forbidden);
  now = await api.pauseTournament(t.id, organiser.key);
  assert.equal(now.paused, true);
  for (const p of now.rounds[0].pairings) now = await api.adjudicate(t.id, p.match, [1], organiser.key, { reason: "arbiter's call" });
  assert.equal(now.rounds.length, 1);
  assert.deepEqual(now.adjudications.map((a) => [a.winners, a.reason, a.by]), now.rounds[0].pairings.map(() => [[1], "arbiter's call", organiser.account.id]));
  const out = players[0].account.id;
  now = await api.withdrawFromTournament(t.id, out, organiser.key, { reason: "left" });
  assert.deepEqual(now.withdrawn.map((w) => [w.account, w.by]), [[out, "organiser"]]);
  now = await api.resumeTournament(t.id, organiser.key);
  assert.equal(now.rounds.length, 2);
  assert.ok(!now.rounds[1].pairings.some((p) => p.accounts.includes(out)));
  now = await api.cancelTournament(t.id, organiser.key);
  assert.equal(now.status, "cancelled");
  await assert.rejects(api.cancelTournament(t.id, organiser.key), (err) => err instanceof ApiError && err.code === "tournament_over");
});
