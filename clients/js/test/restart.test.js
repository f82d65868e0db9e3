// A rolling deploy seen from the JS SDK: the instance a connection is on gets SIGTERM while the
// connection keeps talking. The server answers what it read and closes with 1012; the SDK
// reconnects at once to the other URL, resumes, and sends again what was never read. No request
// fails, and nothing is applied twice. Nothing waits for a fixed time.

import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";

import { LiveConnection, VorpalClient } from "../src/index.js";
import { PYTHON, exited, freePort, start, startStack, stop } from "./harness.js";

const LIMIT = { timeout: 90_000 };
const SETTINGS = { VORPAL_CHAT_PER_MINUTE: "100000" };
let stack;
let other;
let otherUrl;

before(async () => {
  stack = await startStack({ env: SETTINGS });
  const port = await freePort();
  otherUrl = `http://127.0.0.1:${port}`;
  const log = join(stack.dir, "other.log");
  const env = { ...process.env, ...SETTINGS };
  delete env.REDIS_URL;
  other = start(PYTHON, ["-m", "server", "serve", "--port", String(port), "--redis-url", stack.redisUrl,
    "--log-level", "warning"], { log, env }); // prettier-ignore
  for (;;) {
    if (other.exitCode !== null) throw new Error(`the second server exited: ${(await exited(other, log)).output}`);
    try {
      if ((await fetch(`${otherUrl}/readyz`, { signal: AbortSignal.timeout(1000) })).status === 200) break;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});

after(async () => {
  if (other) await stop(other);
  await stack?.stop();
});

test("requests in flight when an instance restarts are answered by the next one, none twice", LIMIT, async () => {
  const api = new VorpalClient(stack.url);
  const match = (await api.createMatch("jabberwocky", 3, { options: { rounds: 1 } })).match;
  const seat = await api.join(match);
  const live = new LiveConnection([stack.url, otherUrl]);
  await live.connect();
  try {
    await live.auth(seat.token);
    await live.subscribe(match);
    const said = [];
    let answered = 0;
    let signalled = false;
    let extra = 0;
    const gone = exited(stack.server, stack.serverLog); // before the signal: its exit event comes once
    // Say things without waiting for the answers, until 20 more have gone after the move to the other instance.
    for (let n = 0; extra < 20; n++) {
      said.push(live.say(match, `m${n}`).then(() => answered++));
      if (answered >= 20 && !signalled) {
        signalled = true;
        stack.server.kill("SIGTERM");
      }
      if (live.reconnects > 0) extra++;
      await new Promise((resolve) => setTimeout(resolve, 10)); // under the socket's frame rate
    }
    await Promise.all(said); // none rejects: not one error reaches the caller
    const { code } = await gone;
    assert.ok(code === 0 || code === null, `exit code ${code}`); // null: uvicorn ends by raising SIGTERM again
    assert.equal(live.url.startsWith(otherUrl.replace("http", "ws")), true);
    const texts = (await new VorpalClient(otherUrl).chat(match)).map((m) => m.text);
    assert.equal(new Set(texts).size, texts.length, "a message was applied twice");
    assert.deepEqual(texts, said.map((_, n) => `m${n}`).slice(-texts.length));
  } finally {
    await live.close();
  }
});
