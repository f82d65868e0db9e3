// The bot runner and its command, as a player uses them (mirrors tests/sdk/test_bot_runner_options.py;
// issue 42, item 7): each decision's clock is the newest the server sent, a strategy that cannot
// play the game is refused before a seat is taken, --think holds in a tournament too, the README's
// table lists every option, and the key is taken from the environment (a command line is visible
// to anyone, in ps).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";

import { LiveConnection, VorpalClient, play, playTournament } from "../src/index.js";
import { loadStrategy } from "../src/load-strategy.js";
import { secondsLeft } from "../src/strategy.js";
import { ROOT, exited, start, startStack, stop } from "./harness.js";

const LIMIT = { timeout: 120_000 };
const BOT = join(ROOT, "clients", "js", "bin", "vorpal-bot.js");
let stack;
let api;
let runs = 0;

before(async () => {
  stack = await startStack();
  api = new VorpalClient(stack.url);
});

after(async () => {
  await stack?.stop();
});

/** The environment of a command: the key (if any) in $VORPAL_API_KEY only. */
function envWith(key) {
  const env = { ...process.env };
  delete env.VORPAL_API_KEY;
  if (key !== null) env.VORPAL_API_KEY = key;
  return env;
}

/** `vorpal-bot args`, started; `log` receives its output. */
function command(args, { key = null } = {}) {
  const log = join(stack.dir, `bot-command-${runs++}.log`);
  return { child: start(process.execPath, [BOT, "--server", stack.url, ...args], { log, env: envWith(key) }), log };
}

/** `vorpal-bot args` to its end: its exit code and output. */
function run(args, options) {
  const { child, log } = command(args, options);
  return exited(child, log);
}

/** A new match of one round of Jabberwocky, seats 1 and 2 played by the server's bots. */
async function againstBots() {
  return (await api.createMatch("jabberwocky", 3, { options: { rounds: 1 }, bots: [1, 2] })).match;
}

async function until(what, check) {
  for (let i = 0; i < 1200; i++) {
    const found = await check();
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never: ${what}`);
}

test("each decision carries the clock of the event it answers", LIMIT, async () => {
  // Under Fischer a seat's time left changes from one decision to the next: a decision's clock
  // is the one the server sent with that version, not the first one the runner saw.
  const timeControl = { kind: "fischer", base_ms: 60_000, increment_ms: 1_000 };
  const { match } = await api.createMatch("jabberwocky", 3, { options: { rounds: 2 }, bots: [1, 2], timeControl });
  const watcher = await new LiveConnection(stack.url, { match }).connect();
  const seen = [];
  let final;
  const frames = new Map();
  try {
    await watcher.subscribe(match); // before the seat is taken: it sees every event
    const { token } = await api.join(match, { name: "timed" });
    const noteTheClock = (decision) => {
      seen.push(decision);
      return decision.legal[0];
    };
    final = await play(stack.url, match, token, { strategy: noteTheClock, onError: "stop" });
    while (!frames.has(final.version)) {
      const frame = await watcher.events.get({ timeout: 10_000 });
      if (frame.type === "event") frames.set(frame.version, frame);
    }
  } finally {
    await watcher.close();
  }
  assert.equal(final.status, "finished");
  assert.ok(seen.length >= 4);
  // The first decision may come from the subscription's state (its own `now`); every later one
  // comes from an event, whose clock every recipient gets alike.
  for (const d of seen.slice(1)) assert.equal(d.clock, secondsLeft(frames.get(d.version).clock, d.seat), `version ${d.version}`);
  assert.ok(new Set(seen.map((d) => d.clock)).size > 1);
});

test("greedy knows its games up front", async () => {
  assert.equal(typeof (await loadStrategy("greedy", { game: "brillig" })), "function");
  assert.equal(typeof (await loadStrategy("greedy")), "function"); // no game named: told at the first decision
  await assert.rejects(loadStrategy("greedy", { game: "jabberwocky" }), /greedy.*jabberwocky/);
});

test("greedy on a game it does not know is refused before a seat is taken", LIMIT, async () => {
  const match = await againstBots();
  const { code, output } = await run(["--match", match, "--strategy", "greedy"]);
  assert.notEqual(code, 0, output);
  assert.match(output, /greedy.*jabberwocky/);
  assert.doesNotMatch(output, /joined|strategy failed/);
  const state = await api.state(match);
  assert.equal(state.status, "open");
  assert.equal(state.names[0], null); // nobody sat down
});

test("greedy is refused before registering for a tournament of another game", LIMIT, async () => {
  const organiser = await api.register("js-greedy-org");
  const player = await api.register("js-greedy-player");
  const timeControl = { kind: "per_decision", limit_ms: 5000 };
  const t = await api.createTournament(organiser.key, "greedy cup", "gimble", { format: "round_robin", timeControl });
  const { code, output } = await run(["--tournament", t.id, "--strategy", "greedy"], { key: player.key });
  assert.notEqual(code, 0, output);
  assert.match(output, /greedy.*gimble/);
  assert.deepEqual((await api.tournament(t.id)).entrants, []);
});

test("the tournament command thinks before each move", LIMIT, async () => {
  // --think 600 --seed 2 first waits 13 minutes (the seeded draw), far beyond the 3-second
  // clock: the thinker sits down, then forfeits its only match without having moved.
  const organiser = await api.register("js-think-org");
  const thinker = await api.register("js-think-slow");
  const quick = await api.register("js-think-quick");
  const timeControl = { kind: "per_decision", limit_ms: 3_000, on_timeout: "forfeit" };
  const t = await api.createTournament(organiser.key, "thinkers", "gimble", { format: "round_robin", timeControl });
  const { child, log } = command(["--tournament", t.id, "--think", "600", "--seed", "2"], { key: thinker.key });
  let final;
  try {
    await until("the command registers", async () => {
      assert.equal(child.exitCode, null, "the command stopped");
      return (await api.tournament(t.id)).entrants.length > 0;
    });
    await api.registerTournament(t.id, quick.key);
    await api.startTournament(t.id, organiser.key);
    await until("the command sits down", () => readFileSync(log, "utf8").includes("playing match"));
    final = await playTournament(stack.url, t.id, quick.key, { seed: 1 });
  } finally {
    await stop(child);
  }
  const [pairing] = final.rounds[0].pairings;
  const state = await api.state(pairing.match);
  assert.match(readFileSync(log, "utf8"), new RegExp(`playing match ${pairing.match}`));
  assert.equal(final.status, "finished");
  assert.notEqual(final.standings[0].account, thinker.account.id);
  assert.equal(state.outcome.reason, "forfeit");
  assert.deepEqual(state.outcome.winners, [1 - pairing.accounts.indexOf(thinker.account.id)]);
});

test("the README lists every option of the command", LIMIT, async () => {
  const { code, output } = await run(["--help"]);
  assert.equal(code, 0, output);
  const options = new Set(output.match(/--[a-z][a-z-]*/g).filter((o) => o !== "--help"));
  const readme = readFileSync(join(ROOT, "clients", "js", "README.md"), "utf8");
  const table = readme.split("### The command")[1].split("\n## ")[0];
  assert.ok(options.size > 10);
  assert.deepEqual([...options].filter((o) => !table.includes(`\`${o}`)), []);
  assert.match(output, /--key[^\n]*\n?[^\n]*ps/); // the help says why the variable is better
});

test("the key comes from the environment, and on the command line it is warned about", LIMIT, async () => {
  const issued = await api.register("js-env-key");
  const matches = [await againstBots(), await againstBots()];
  const quiet = await run(["--match", matches[0]], { key: issued.key });
  const loud = await run(["--match", matches[1], "--key", issued.key]);
  assert.equal(quiet.code, 0, quiet.output);
  assert.equal(loud.code, 0, loud.output);
  assert.doesNotMatch(quiet.output, /--key/);
  assert.match(loud.output, /--key.*ps.*\$VORPAL_API_KEY/);
  for (const match of matches) {
    const state = await api.state(match);
    assert.equal(state.status, "finished");
    assert.equal(state.names[0], "js-env-key");
  }
});
