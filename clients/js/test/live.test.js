// Whole matches against a real server that this file starts: a JS bot with Python bots,
// a spectator, reconnect and resume, typed errors. Nothing here waits for a fixed time:
// each step waits for the frame or process it needs (every test has a time limit).

import assert from "node:assert/strict";
import { createConnection, createServer } from "node:net";
import { join } from "node:path";
import { after, before, test } from "node:test";

import WebSocket from "ws";

import {
  LiveConnection,
  NotFound,
  StaleVersion,
  SUBPROTOCOL,
  SUBPROTOCOL_V2,
  Unauthorized,
  VorpalClient,
  play,
  wsUrl,
} from "../src/index.js";
import { PYTHON, exited, start, startStack } from "./harness.js";

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

function hasPrivate(value) {
  if (Array.isArray(value)) return value.some(hasPrivate);
  if (value !== null && typeof value === "object") {
    return Object.entries(value).some(([k, v]) => k === "private" || hasPrivate(v));
  }
  return false;
}

test("a JS bot and two Python bots finish a 3-seat jabberwocky match", LIMIT, async () => {
  const match = (await api.createMatch("jabberwocky", 3, { options: { rounds: 2 } })).match;
  const me = await api.join(match, { name: "js-bot" });
  const mine = play(stack.url, match, me.token, { seed: 1 });
  const bots = [1, 2].map((i) => {
    const log = join(stack.dir, `python-bot-${i}.log`);
    const args = ["-m", "vorpal_client.bot", "--server", stack.url, "--match", match, "--seed", String(i)];
    return exited(start(PYTHON, [...args, "--name", `py-bot-${i}`], { log }), log);
  });
  const final = await mine;
  for (const { code, output } of await Promise.all(bots)) {
    assert.equal(code, 0, output);
    assert.match(output, /finished/);
  }
  assert.equal(final.status, "finished");
  const state = await api.state(match);
  assert.equal(state.status, "finished");
  assert.deepEqual([...state.names].sort(), ["js-bot", "py-bot-1", "py-bot-2"]);
  assert.equal(state.outcome.scores.length, 3);
  assert.deepEqual(final.outcome, state.outcome);
  const log = await api.events(match);
  assert.deepEqual(
    log.map((e) => e.version),
    Array.from({ length: state.version }, (_, i) => i + 1),
  );
});

test("a spectator sees every event in order, public parts only, and the chat", LIMIT, async () => {
  const match = (await api.createMatch("jabberwocky", 3, { options: { rounds: 1 } })).match;
  const spectator = await new LiveConnection(stack.url).connect();
  const talker = await new LiveConnection(stack.url).connect();
  try {
    const first = await spectator.subscribe(match);
    assert.equal(first.you, null);
    assert.equal(first.status, "open");
    assert.ok(!hasPrivate(first.view));

    const seats = [];
    for (let i = 0; i < 3; i++) seats.push(await api.join(match, { name: `p${i}` }));
    await talker.auth(seats[0].token);
    const said = await talker.say(match, "good luck ♠");
    assert.equal(said.seat, 0);

    const finals = await Promise.all(seats.map((s, i) => play(stack.url, match, s.token, { seed: 10 + i })));
    assert.deepEqual(new Set(finals.map((f) => f.status)), new Set(["finished"]));

    const versions = [];
    let chat = null;
    for (;;) {
      const frame = await spectator.events.get();
      if (frame.type === "chat") chat = frame;
      if (frame.type !== "event") continue;
      assert.ok(!hasPrivate(frame.event) && !hasPrivate(frame.view ?? {}), JSON.stringify(frame));
      assert.equal(frame.legal, undefined);
      versions.push(frame.version);
      if (frame.status === "finished") break;
    }
    const state = await api.state(match);
    assert.deepEqual(
      versions,
      Array.from({ length: state.version - first.version }, (_, i) => first.version + i + 1),
    );
    assert.equal(chat.text, "good luck ♠");
    assert.equal(chat.seat, 0);
    assert.equal(chat.name, "p0");
    assert.deepEqual(
      (await api.chat(match)).map((m) => m.text),
      ["good luck ♠"],
    );
  } finally {
    await spectator.close();
    await talker.close();
  }
});

test("a connection that drops resumes with exactly the missed events", LIMIT, async () => {
  const match = (await api.createMatch("jabberwocky", 3, { options: { rounds: 2 } })).match;
  const seats = [];
  for (let i = 0; i < 3; i++) seats.push(await api.join(match, { name: `p${i}` }));
  const watcher = await new LiveConnection(stack.url).connect();
  try {
    await watcher.auth(seats[0].token);
    const first = await watcher.subscribe(match);
    const seen = [];
    let resumed = null;
    const drainUntil = async (version) => {
      while (seen.length === 0 || seen.at(-1) < version) {
        const frame = await watcher.events.get();
        if (frame.type === "event") seen.push(frame.version);
        if (frame.type === "resumed") resumed = frame;
      }
    };
    // Every seat moves over REST; the watcher only listens.
    const step = async () => {
      const state = await api.state(match, seats[0].token);
      const actor = state.to_act[0];
      const legal = await api.legal(match, seats[actor].token);
      const moveId = crypto.randomUUID();
      return (await api.move(match, seats[actor].token, legal[0], { version: state.version, moveId })).version;
    };

    let v = first.version;
    for (let i = 0; i < 5; i++) v = await step();
    await drainUntil(v);
    const dropped = v;
    watcher.drop();
    for (let i = 0; i < 7; i++) v = await step(); // played while the watcher is away
    await drainUntil(v);
    assert.deepEqual(
      seen,
      Array.from({ length: v - first.version }, (_, i) => first.version + i + 1),
    );
    while (resumed === null) {
      const frame = await watcher.events.get();
      if (frame.type === "resumed") resumed = frame;
      else assert.notEqual(frame.type, "event", "no event after the resume ack");
    }
    assert.equal(resumed.match, match);
    // The resume happened somewhere while the seven moves were played.
    assert.ok(resumed.state.version >= dropped && resumed.state.version <= v, String(resumed.state.version));
    assert.equal(resumed.state.you, 0);
    assert.equal(watcher.reconnects, 1);
    assert.equal(watcher.versions.get(match), v);
    // The resumed connection acts as its seat again.
    await watcher.ping();
    assert.deepEqual(Object.keys((await watcher.subscribe(match)).view).sort(), ["private", "public"]);
  } finally {
    await watcher.close();
  }
});

test("errors arrive as typed exceptions with stable codes", LIMIT, async () => {
  await assert.rejects(api.createMatch("chess", 2), (err) => {
    assert.ok(err instanceof NotFound);
    assert.equal(err.code, "unknown_game");
    assert.equal(err.status, 404);
    return true;
  });
  const match = (await api.createMatch("jabberwocky", 3, { bots: [1, 2], options: { rounds: 1 } })).match;
  const me = await api.join(match);
  const live = await new LiveConnection(stack.url).connect();
  try {
    await assert.rejects(live.auth("not-a-seat-token"), Unauthorized);
    await live.auth(me.token);
    const state = await live.subscribe(match);
    await assert.rejects(
      live.move(match, { type: "bid", tricks: 0 }, { version: state.version + 100, moveId: "stale" }),
      (err) => err instanceof StaleVersion && err.code === "stale_version",
    );
  } finally {
    await live.close();
  }
});

test("a stale version tells the current one, over WebSocket as over REST", LIMIT, async () => {
  const match = (await api.createMatch("jabberwocky", 3, { options: { rounds: 1 } })).match;
  const seats = [];
  for (let i = 0; i < 3; i++) seats.push(await api.join(match));
  const state = await api.state(match);
  const token = seats[state.to_act[0]].token;
  const live = await new LiveConnection(stack.url).connect();
  try {
    await live.auth(token);
    const stale = { version: state.version - 1, moveId: "stale" };
    const isStale = (err) => err instanceof StaleVersion && err.current === state.version;
    await assert.rejects(live.move(match, { type: "bid", tricks: 0 }, stale), isStale);
    await assert.rejects(api.move(match, token, { type: "bid", tricks: 0 }, stale), isStale);
  } finally {
    await live.close();
  }
});

test("leaving tells the match's status after it: open, or aborted once no player is left", LIMIT, async () => {
  const match = (await api.createMatch("jabberwocky", 3)).match;
  const [ann, bob] = [await api.join(match), await api.join(match)];
  assert.deepEqual(await api.leave(match, ann.token), { match, seat: 0, left: true, status: "open" });
  assert.deepEqual(await api.leave(match, bob.token), { match, seat: 1, left: true, status: "aborted" });
  const state = await api.state(match);
  assert.equal(state.status, "aborted");
  assert.equal(state.outcome, null);
});

test("an unsupported protocol version is refused with a 400 problem", LIMIT, async () => {
  const response = await new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl(stack.url), ["vorpal.v9.msgpack"]);
    ws.on("open", () => reject(new Error("the handshake succeeded")));
    ws.on("error", () => {});
    ws.on("unexpected-response", (_req, res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode, type: res.headers["content-type"], body }));
    });
  });
  assert.equal(response.status, 400);
  assert.match(response.type, /^application\/problem\+json/);
  const problem = JSON.parse(response.body);
  assert.equal(problem.code, "unsupported_protocol");
  assert.equal(problem.type, "urn:vorpal:error:unsupported_protocol");
  assert.deepEqual(problem.supported, [SUBPROTOCOL, SUBPROTOCOL_V2]);
});

test("a connection for one match names it in the URL, for load balancers", LIMIT, async () => {
  assert.equal(wsUrl("http://h:8000/"), "ws://h:8000/v1/ws");
  assert.equal(wsUrl("https://h", "a b"), "wss://h/v1/ws?match=a+b");
  const match = (await api.createMatch("jabberwocky", 3, { options: { rounds: 1 } })).match;
  const seat = await api.join(match);
  const conn = new LiveConnection(stack.url, { match });
  assert.equal(conn.url, `${wsUrl(stack.url)}?match=${match}`);
  await conn.connect();
  try {
    await conn.auth(seat.token);
    const state = await conn.subscribe(match);
    assert.equal(state.you, 0);
  } finally {
    await conn.close();
  }
});

test("a move sent while the connection resumes waits until the seat is presented again", LIMIT, async () => {
  // A proxy in front of the server that, while holding, parks new connections: a window in
  // which the connection is down, by construction.
  const target = new URL(stack.url);
  const parked = [];
  let holding = false;
  let reconnecting;
  const parkedOne = new Promise((resolve) => (reconnecting = resolve));
  const proxy = createServer((client) => {
    const forward = () => {
      const upstream = createConnection(Number(target.port), target.hostname);
      client.on("error", () => upstream.destroy());
      upstream.on("error", () => client.destroy());
      client.pipe(upstream).pipe(client);
    };
    if (!holding) return forward();
    parked.push(forward);
    reconnecting();
  });
  await new Promise((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const live = new LiveConnection(`http://127.0.0.1:${proxy.address().port}`);
  try {
    const match = (await api.createMatch("jabberwocky", 3, { options: { rounds: 1 } })).match;
    const seats = [];
    for (let i = 0; i < 3; i++) seats.push(await api.join(match));
    const actor = (await api.state(match)).to_act[0];
    await live.connect();
    await live.auth(seats[actor].token);
    const first = await live.subscribe(match);
    holding = true;
    live.drop();
    await parkedOne;
    assert.equal(live.connected, false);
    // Sent while the connection is down: it must reach the server after the seat's token.
    const moved = live.move(match, first.legal[0], { version: first.version, moveId: `m-${match}` });
    holding = false;
    for (const forward of parked) forward();
    assert.equal((await moved).version, first.version + 1);
    assert.equal(live.connected, true);
  } finally {
    await live.close();
    proxy.close();
  }
});
