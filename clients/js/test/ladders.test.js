// Ladders from JavaScript against a real server that this file starts: the SDK's ladder calls
// and their stable codes, and the two bot commands (Python's vorpal-bot and this SDK's) playing
// one ladder together until the board ranks them all.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";

import { ApiError, VorpalClient, greedyStrategy, playLadder } from "../src/index.js";
import { PYTHON, ROOT, exited, start, startStack, stop } from "./harness.js";

const LIMIT = { timeout: 300_000 };
const BOT = join(ROOT, "clients", "js", "bin", "vorpal-bot.js");
const ADMIN_KEY = "js-ladder-admin-key-0123456789abcdef";
let stack;
let api;

before(async () => {
  stack = await startStack({ env: { VORPAL_ADMIN_KEY: ADMIN_KEY, VORPAL_SCHEDULE_TICK_S: "0.2" } });
  api = new VorpalClient(stack.url);
});

after(async () => {
  await stack?.stop();
});

async function until(what, probe, boundMs = 240_000) {
  const deadline = Date.now() + boundMs;
  while (Date.now() < deadline) {
    const found = await probe();
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

async function code(promise) {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof ApiError);
    return err.code;
  }
  throw new Error("expected an error");
}

test("the ladder calls: create, queue, the stable codes, a pairing played and rated", LIMIT, async () => {
  const ladder = await api.createLadder(ADMIN_KEY, "JS duels", "brillig", 2, { join_s: 30, widen_per_s: 20 });
  assert.equal(ladder.game, "brillig");
  assert.ok((await api.ladders()).some((l) => l.id === ladder.id));
  assert.deepEqual(await api.ladder(ladder.id), ladder);
  assert.equal(await code(api.createLadder("a-guess", "x", "brillig", 2)), "forbidden");
  const [one, two] = [await api.register("js-one"), await api.register("js-two")];
  assert.equal((await api.joinQueue(ladder.id, one.key)).queued, true);
  assert.equal(await code(api.joinQueue(ladder.id, one.key)), "already_queued");
  assert.equal((await api.leaveQueue(ladder.id, one.key)).queued, false);
  assert.equal(await code(api.leaveQueue(ladder.id, one.key)), "not_queued");
  assert.equal(await code(api.joinQueue("NoSuchOne1", one.key)), "ladder_not_found");
  assert.equal((await api.ladderStatus(ladder.id, one.key)).queued, false);

  const played = await Promise.all(
    [one, two].map((issued) => playLadder(stack.url, ladder.id, issued.key, { strategy: greedyStrategy(), matches: 2, pollMs: 50 })),
  );
  assert.deepEqual(played, [2, 2]);
  const board = await until("both matches rated", async () => {
    const found = await api.leaderboard(ladder.id);
    return found.length === 2 && found.every((r) => r.games === 2) ? found : null;
  });
  assert.deepEqual(board.map((r) => r.rank), [1, 2]);
  assert.ok(board[0].display >= board[1].display);
  const history = await api.ratingHistory(ladder.id, one.account.id);
  assert.equal(history.length, 2);
  const notices = await api.inbox(one.key);
  assert.equal(notices.filter((n) => n.kind === "match_found").length, 2);
});

test("Python and JavaScript bot commands play one ladder together and the board ranks them", LIMIT, async () => {
  // The window widens fast: four bots of two strengths keep being paired, near ratings first.
  const ladder = await api.createLadder(ADMIN_KEY, "Mixed duels", "brillig", 2, { widen_per_s: 20 });
  const bots = [];
  for (const [i, [lang, strategy]] of [["py", "greedy"], ["py", "random"], ["js", "greedy"], ["js", "random"]].entries()) {
    const issued = await api.register(`${lang}-${strategy}`);
    const log = join(stack.dir, `ladder-bot-${i}.log`);
    const args = ["--server", stack.url, "--ladder", ladder.id, "--strategy", strategy, "--seed", String(i)];
    const env = { ...process.env, VORPAL_API_KEY: issued.key };
    const child =
      lang === "py"
        ? start(PYTHON, ["-m", "vorpal_client.bot", ...args], { log, env })
        : start(process.execPath, [BOT, ...args], { log, env });
    bots.push({ child, log, issued });
  }
  const board = await until("every bot rated, 12 matches in all", async () => {
    for (const bot of bots) {
      if (bot.child.exitCode !== null) throw new Error(`a bot stopped: ${(await exited(bot.child, bot.log)).output}`);
    }
    const found = await api.leaderboard(ladder.id);
    const games = found.reduce((n, r) => n + r.games, 0);
    return found.length === 4 && found.every((r) => r.games > 0) && games >= 24 ? found : null;
  });
  await Promise.all(bots.map((bot) => stop(bot.child)));
  assert.deepEqual(board.map((r) => r.rank), [1, 2, 3, 4]);
  assert.deepEqual(
    board.map((r) => r.display),
    board.map((r) => r.display).sort((x, y) => y - x),
  );
  assert.deepEqual(board.map((r) => r.name).sort(), ["js-greedy", "js-random", "py-greedy", "py-random"]);
  for (const bot of bots) {
    const output = readFileSync(bot.log, "utf8");
    assert.match(output, /match \w+ finished: .*winners/, output);
  }
});

test("house accounts: listed, entered for good, refused with stable codes, taken out", LIMIT, async () => {
  const house = await api.houseAccounts();
  assert.deepEqual(house.map((a) => [a.id, a.level]), [1, 2, 3, 4, 5].map((n) => [`house-${n}`, n]));
  assert.equal(house[1].name, "House bot, level 2 (novice)");
  const ladder = await api.createLadder(ADMIN_KEY, "JS anchored duels", "brillig", 2);
  const entered = await api.enterHouse(ladder.id, 2, ADMIN_KEY);
  assert.deepEqual([entered.account, entered.queued], ["house-2", true]);
  assert.equal(await code(api.enterHouse(ladder.id, 2, ADMIN_KEY)), "already_queued");
  assert.equal(await code(api.enterHouse(ladder.id, 9, ADMIN_KEY)), "account_not_found");
  assert.equal(await code(api.enterHouse(ladder.id, 3, "a-guess")), "forbidden");
  const removed = await api.removeHouse(ladder.id, 2, ADMIN_KEY);
  assert.deepEqual(removed, { ladder: ladder.id, account: "house-2", queued: false });
  assert.equal(await code(api.removeHouse(ladder.id, 2, ADMIN_KEY)), "not_queued");
  const organiser = await api.register("js-organiser");
  const cup = await api.createTournament(organiser.key, "JS house cup", "brillig", {
    format: "swiss",
    timeControl: { kind: "per_decision", limit_ms: 5000 },
  });
  const registered = await api.enterHouseInTournament(cup.id, 1, organiser.key);
  assert.deepEqual(registered.entrants, [{ account: "house-1", name: "House bot, level 1 (random)" }]);
});
