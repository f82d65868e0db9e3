// Protocol v2 against a real server: events carry patches, the connection keeps the whole view.
// Zimby Mojo (a printed board left out of every v2 frame, put back from the catalogue) and
// Jabberwocky, each played with random legal moves, every seat's v2 view checked against the
// same seat's v1 view, version by version. And the patch examples of both RFCs
// (protocol/vectors/v2/), and the recorded patches of every game (protocol/vectors/v2/views.json).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";

import { LiveConnection, PatchError, VorpalClient, applyMerge, applyPatch } from "../src/index.js";
import { ROOT, startStack } from "./harness.js";

const LIMIT = { timeout: 120_000 };
const vectors = (name) => JSON.parse(readFileSync(`${ROOT}protocol/vectors/v2/${name}`, "utf8"));

for (const c of vectors("rfc6902.json").cases) {
  test(`RFC 6902 ${c.name}`, () => {
    const doc = structuredClone(c.doc);
    if (c.error) assert.throws(() => applyPatch(doc, c.patch), PatchError);
    else assert.deepEqual(applyPatch(doc, c.patch), c.expected);
    assert.deepEqual(doc, c.doc); // the document given is never changed
  });
}

for (const c of vectors("rfc7386.json").cases) {
  test(`RFC 7386 ${c.name}`, () => {
    const doc = structuredClone(c.doc);
    assert.deepEqual(applyMerge(doc, c.patch), c.expected);
    assert.deepEqual(doc, c.doc);
  });
}

test("every game's recorded views follow from their patches, version by version", () => {
  const { matches } = vectors("views.json");
  assert.ok(matches.length >= 12);
  for (const m of matches) {
    let view = m.view;
    for (const step of m.steps) {
      view = step.patch ? applyPatch(view, step.patch) : applyMerge(view, step.merge);
      assert.deepEqual(view, step.view, `${m.game} version ${step.version}`);
    }
  }
});

let stack;
let api;

before(async () => {
  stack = await startStack();
  api = new VorpalClient(stack.url);
});

after(async () => {
  await stack?.stop();
});

async function playBoth(game, seats, moves) {
  const match = (await api.createMatch(game, seats)).match;
  const tokens = [];
  for (let s = 0; s < seats; s++) tokens.push((await api.join(match, { name: `p${s}` })).token);
  const v2 = [];
  const v1 = [];
  for (let s = 0; s < seats; s++) {
    v2.push(await new LiveConnection(stack.url).connect());
    v1.push(await new LiveConnection(stack.url, { protocol: "v1" }).connect());
  }
  const watcher = await new LiveConnection(stack.url).connect();
  try {
    const catalogue = await api.game(game);
    const states = [];
    for (let s = 0; s < seats; s++) {
      assert.equal(v2[s].v2, true);
      assert.equal(v1[s].v2, false);
      await v2[s].auth(tokens[s]);
      await v1[s].auth(tokens[s]);
      states.push(await v2[s].subscribe(match));
      assert.deepEqual(states[s].view, (await v1[s].subscribe(match)).view);
    }
    await watcher.subscribe(match);
    for (const name of Object.keys(catalogue.constants)) assert.ok(name in states[0].view.public);
    let { version, to_act: toAct, legal } = states[toAct0(states)];
    let seat = toAct0(states);
    legal = states[seat].legal;
    let patched = 0;
    for (let i = 0; i < moves && legal && legal.length > 0; i++) {
      const move = legal[(i * 7919) % legal.length];
      await v2[seat].move(match, move, { version, moveId: `m${version}` });
      version += 1;
      const frames = [];
      for (let s = 0; s < seats; s++) {
        const two = await nextEvent(v2[s], version);
        const one = await nextEvent(v1[s], version);
        assert.deepEqual(two.view, one.view, `${game} version ${version} seat ${s}`);
        assert.equal(two.patch, undefined);
        frames.push(two);
      }
      const seen = await nextEvent(watcher, version);
      assert.equal(seen.view.private, undefined);
      patched += 1;
      toAct = frames[0].to_act;
      if (frames[0].status !== "active" || toAct.length === 0) break;
      seat = toAct[0];
      legal = frames[seat].legal;
    }
    assert.ok(patched > 5, `only ${patched} moves played`);
  } finally {
    for (const c of [...v2, ...v1, watcher]) await c.close();
  }
}

function toAct0(states) {
  return states[0].to_act[0];
}

async function nextEvent(conn, version) {
  for (;;) {
    const item = await conn.events.get({ timeout: 20_000 });
    if (item.type === "event" && item.version === version) return item;
  }
}

test("v2 seats of Zimby Mojo see the views v1 seats see, the board from the catalogue", LIMIT, async () => {
  await playBoth("zimby_mojo", 2, 40);
});

test("v2 seats of Jabberwocky see the views v1 seats see", LIMIT, async () => {
  await playBoth("jabberwocky", 3, 30);
});
