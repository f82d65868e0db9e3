// The account session from JavaScript against a real server that this file starts: signIn with
// an API key, queue/unqueue over the socket with REST's codes, the pairing pushed as a notice,
// and a reconnect that resumes the notices with `since` (PROTOCOL.md section 3).

import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { ApiError, LiveConnection, NoticeFeed, VorpalClient, playLadder } from "../src/index.js";
import { startStack } from "./harness.js";

const LIMIT = { timeout: 120_000 };
const ADMIN_KEY = "js-session-admin-key-0123456789abcdef";
const BOUND_MS = 60_000; // a bound on waiting, never a pause
let stack;
let api;

before(async () => {
  stack = await startStack({ env: { VORPAL_ADMIN_KEY: ADMIN_KEY, VORPAL_SCHEDULE_TICK_S: "0.2" } });
  api = new VorpalClient(stack.url);
});

after(async () => {
  await stack?.stop();
});

async function code(promise) {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof ApiError);
    return err.code;
  }
  throw new Error("expected an error");
}

/** Wait until `live` has reconnected `times` times (a bound, not a pause). */
async function reconnected(live, times) {
  const deadline = Date.now() + BOUND_MS;
  while (live.reconnects < times) {
    assert.ok(Date.now() < deadline, "no reconnect in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

test("queue and unqueue over the socket answer as REST does", LIMIT, async () => {
  const ladder = await api.createLadder(ADMIN_KEY, "JS lonely duels", "brillig", 2);
  const { account, key } = await api.register("js-queuer");
  const live = await new LiveConnection(stack.url).connect();
  try {
    assert.equal(await code(live.queue(ladder.id)), "unauthorized"); // not signed in yet
    assert.deepEqual(await live.signIn(key), { account: account.id, name: "js-queuer", seq: 0 });
    const joined = await live.queue(ladder.id);
    assert.equal(joined.queued, true);
    assert.equal(joined.ladder, ladder.id);
    assert.equal((await api.ladderStatus(ladder.id, key)).queued, true);
    assert.equal(await code(live.queue(ladder.id)), "already_queued");
    assert.deepEqual(await live.unqueue(ladder.id), { ladder: ladder.id, queued: false });
    assert.equal(await code(live.unqueue(ladder.id)), "not_queued");
    assert.equal(await code(live.queue("NoSuchOne1")), "ladder_not_found");
    assert.equal(await code(live.signIn("vpk_nonsense")), "unauthorized");
  } finally {
    await live.close();
  }
});

test("a pairing is pushed as a notice, and a reconnect resumes without loss or repeat", LIMIT, async () => {
  const ladder = await api.createLadder(ADMIN_KEY, "JS session duels", "brillig", 2, { widen_per_s: 20 });
  const [one, two] = [await api.register("js-ada"), await api.register("js-bo")];
  const first = await new LiveConnection(stack.url).connect();
  const second = await new LiveConnection(stack.url).connect();
  try {
    await first.signIn(one.key, { since: 0 });
    await second.signIn(two.key);
    first.drop(); // it reconnects and signs in again with since = 0, the last seq it saw
    await api.joinQueue(ladder.id, one.key); // the pairing may come while it is away, or after
    await second.queue(ladder.id);
    const notices = [await first.notices.get({ timeout: BOUND_MS }), await second.notices.get({ timeout: BOUND_MS })];
    for (const notice of notices) {
      assert.equal(notice.type, "notice");
      assert.equal(notice.seq, 1);
      assert.equal(notice.kind, "match_found");
      assert.equal(notice.data.ladder, ladder.id);
    }
    assert.equal(notices[0].data.match, notices[1].data.match);
    await reconnected(first, 1);
    assert.deepEqual((await api.inbox(one.key)).map((n) => n.seq), [1]);
    // Dropped again after the notice: the resume (since = 1) replays nothing.
    first.drop();
    await reconnected(first, 2);
    await first.ping();
    assert.equal(first.notices.size, 0);
    assert.equal(first.noticeSeq, 1);
  } finally {
    await first.close();
    await second.close();
  }
});

test("a new connection signing in with since gets the kept notices first", LIMIT, async () => {
  const ladder = await api.createLadder(ADMIN_KEY, "JS replay duels", "brillig", 2, { widen_per_s: 20 });
  const [one, two] = [await api.register("js-cy"), await api.register("js-di")];
  await api.joinQueue(ladder.id, one.key);
  await api.joinQueue(ladder.id, two.key);
  const deadline = Date.now() + BOUND_MS;
  while ((await api.inbox(one.key)).length === 0) {
    assert.ok(Date.now() < deadline, "no pairing in time");
    await new Promise((r) => setTimeout(r, 100));
  }
  const live = await new LiveConnection(stack.url).connect();
  try {
    const result = await live.signIn(one.key, { since: 0 });
    assert.equal(result.seq, 1);
    const replayed = await live.notices.get({ timeout: BOUND_MS });
    assert.equal(replayed.seq, 1);
    assert.equal(replayed.data.ladder, ladder.id);
    assert.equal(live.notices.size, 0);
  } finally {
    await live.close();
  }
});

test("two ladder runners have their pairing pushed and play it", LIMIT, async () => {
  const ladder = await api.createLadder(ADMIN_KEY, "JS runner duels", "brillig", 2, { widen_per_s: 20 });
  const keys = [(await api.register("js-kit")).key, (await api.register("js-lu")).key];
  const played = await Promise.all(keys.map((key) => playLadder(stack.url, ladder.id, key, { matches: 1 })));
  assert.deepEqual(played, [1, 1]);
});

test("a notice feed without a socket polls the inbox", LIMIT, async () => {
  const ladder = await api.createLadder(ADMIN_KEY, "JS feed duels", "brillig", 2, { widen_per_s: 20 });
  const [one, two] = [await api.register("js-mo"), await api.register("js-ned")];
  const pushed = new NoticeFeed(stack.url, api, one.key, { pollMs: 100 });
  const polled = new NoticeFeed("http://127.0.0.1:9", api, two.key, { pollMs: 100 }); // nothing listens there
  await pushed.open(0);
  await polled.open(0);
  try {
    assert.equal(pushed.pushed, true);
    assert.equal(polled.pushed, false);
    await pushed.queue(ladder.id);
    await polled.queue(ladder.id);
    let [a, b] = [[], []];
    while (a.length === 0) a = await pushed.next(0);
    while (b.length === 0) b = await polled.next(0);
    assert.deepEqual([a.map((n) => n.seq), b.map((n) => n.seq)], [[1], [1]]);
    assert.equal(a[0].data.match, b[0].data.match);
  } finally {
    await pushed.close();
    await polled.close();
  }
});
