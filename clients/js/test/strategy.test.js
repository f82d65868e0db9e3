// The bot runner with a strategy (mirrors tests/sdk/test_bot_strategies.py): what a decision
// holds, when it is asked, and what happens when it fails. Against a real server.

import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";

import { LiveConnection, StrategyFailed, VorpalClient, play, randomStrategy } from "../src/index.js";
import { loadStrategy } from "../src/load-strategy.js";
import { ROOT, startStack } from "./harness.js";

const LIMIT = { timeout: 90_000 };
let stack;
let api;

before(async () => {
  stack = await startStack();
  api = new VorpalClient(stack.url);
});

after(async () => {
  await stack?.stop();
});

async function threeSeats(rounds = 1) {
  const { match } = await api.createMatch("jabberwocky", 3, { options: { rounds } });
  const tokens = [];
  for (let i = 0; i < 3; i++) tokens.push((await api.join(match, { name: `p${i}` })).token);
  return { match, tokens };
}

const randomOthers = (match, tokens) => tokens.slice(1).map((t, i) => play(stack.url, match, t, { seed: i }));

test("a decision holds what the seat knows and comes once per version", LIMIT, async () => {
  const { match, tokens } = await threeSeats(2);
  const seen = [];
  const pick = randomStrategy(7);
  const watchful = async (decision) => {
    seen.push(decision);
    return pick(decision);
  };
  const [final] = await Promise.all([
    play(stack.url, match, tokens[0], { strategy: watchful, onError: "stop" }),
    ...randomOthers(match, tokens),
  ]);
  assert.equal(final.status, "finished");
  assert.equal(seen.length, 1 + 3 + 1 + 4); // seat 0 bids and plays each card, in rounds of 3 and 4 cards
  const versions = seen.map((d) => d.version);
  assert.deepEqual(versions, [...new Set(versions)].sort((a, b) => a - b)); // at most once per version
  for (const d of seen) {
    assert.deepEqual([d.match, d.game, d.seat, d.clock], [match, "jabberwocky", 0, null]);
    assert.ok(d.legal.length > 0 && d.view.private.hand.length > 0);
    assert.equal(d.view.public.turn, 0);
    // What happened since the seat last acted (the first time: since it sat down, maybe
    // nothing): every version in between, up to the one it acts at.
    const first = d.events[0]?.version ?? d.version + 1;
    assert.deepEqual(
      d.events.map((e) => e.version),
      Array.from({ length: d.version - first + 1 }, (_, i) => first + i),
    );
  }
  for (let i = 1; i < seen.length; i++) {
    // since its last move, which comes first
    assert.equal(seen[i].events[0].version, seen[i - 1].version + 1);
    assert.equal(seen[i].events[0].event.public.seat, 0);
  }
});

test("a failing strategy is reported and the match goes on", LIMIT, async () => {
  const { match, tokens } = await threeSeats();
  let asked = 0;
  const clumsy = () => {
    asked += 1;
    if (asked === 1) throw new Error("no idea");
    if (asked === 2) return undefined;
    return { type: "play", card: "AX" }; // not a card: the server refuses it as bad_move
  };
  const reports = [];
  const [final] = await Promise.all([
    play(stack.url, match, tokens[0], { strategy: clumsy, report: (r) => reports.push(r) }),
    ...randomOthers(match, tokens),
  ]);
  assert.equal(final.status, "finished");
  assert.equal(asked, 4); // a bid and three cards, each replaced by a random move
  assert.ok(reports.every((r) => r instanceof StrategyFailed));
  assert.equal(reports[0].cause.message, "no idea");
  assert.match(reports[1].message, /returned no move/);
  assert.deepEqual(
    reports.slice(2).map((r) => r.error?.code),
    ["bad_move", "bad_move"],
  );
  assert.deepEqual(reports[2].move, { type: "play", card: "AX" });
});

test("an illegal move carries the server's error and can stop the runner", LIMIT, async () => {
  const { match, tokens } = await threeSeats();
  const first = (await api.state(match)).to_act[0];
  const overbid = () => ({ type: "bid", tricks: 9 }); // well-formed, but only 3 cards are dealt
  await assert.rejects(play(stack.url, match, tokens[first], { strategy: overbid, onError: "stop" }), (err) => {
    assert.ok(err instanceof StrategyFailed);
    assert.equal(err.error.code, "illegal_move");
    assert.deepEqual(err.move, { type: "bid", tricks: 9 });
    return true;
  });
  assert.deepEqual((await api.state(match)).to_act, [first]); // nothing was applied
});

test("a reconnect during a decision does not ask twice", LIMIT, async () => {
  const { match, tokens } = await threeSeats();
  const versions = [];
  const pick = randomStrategy(1);
  const live = await new LiveConnection(stack.url, { match }).connect();
  try {
    const dropping = (decision) => {
      versions.push(decision.version);
      live.drop(); // the move goes out once the connection is back and the seat presented again
      return pick(decision);
    };
    const [final] = await Promise.all([
      play(stack.url, match, tokens[0], { strategy: dropping, live, onError: "stop" }),
      ...randomOthers(match, tokens),
    ]);
    assert.equal(final.status, "finished");
    assert.equal(live.reconnects, 4);
    assert.deepEqual(versions, [...new Set(versions)].sort((a, b) => a - b));
    assert.equal(versions.length, 4);
  } finally {
    await live.close();
  }
});

test("strategies are found by file, export name or package, from the current directory", LIMIT, async () => {
  const trickBot = `${ROOT}examples/js/trick-bot.js`;
  assert.equal((await loadStrategy(trickBot)).name, "choose"); // the default export
  assert.equal((await loadStrategy("./trick-bot.js:default", { cwd: `${ROOT}examples/js` })).name, "choose");
  const random = await loadStrategy("random", { seed: 3 });
  assert.deepEqual(random({ legal: [1, 2, 3] }), randomStrategy(3)({ legal: [1, 2, 3] }));
  await assert.rejects(loadStrategy(`${trickBot}:nothing`), /has no export nothing/);
  const project = mkdtempSync(join(tmpdir(), "vorpal-strategy-"));
  try {
    const pkg = join(project, "node_modules", "my-bots");
    mkdirSync(pkg, { recursive: true });
    writeFileSync(join(pkg, "package.json"), JSON.stringify({ name: "my-bots", type: "module", main: "index.js" }));
    writeFileSync(join(pkg, "index.js"), "export class Cautious { choose(d) { return d.legal[0]; } }\n");
    const cautious = await loadStrategy("my-bots:Cautious", { cwd: project }); // a class: one instance
    assert.equal(cautious({ legal: ["first", "second"] }), "first");
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});
