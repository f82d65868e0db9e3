// The JavaScript SDK replays the behaviour transcripts of protocol/transcripts/.
//
// A transcript is a scripted server conversation: the frames the SDK must send, the frames a
// server sends back, and where a connection drops or an instance goes away (the format is in
// protocol/transcripts/README.md). Here a tiny scripted WebSocket server on loopback plays
// each one against the real LiveConnection and bot runner; the Python SDK replays the same
// files (tests/sdk/test_sdk_transcripts.py), so both SDKs behave alike. Nothing waits for a fixed
// time: each step waits for the frame or connection it names, and a frame the script does not
// expect fails the run.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { test } from "node:test";

import { WebSocketServer } from "ws";

import * as sdk from "../src/index.js";
import {
  BY_CODE,
  FrameQueue,
  LiveConnection,
  SUBPROTOCOL,
  decodeClient,
  encode,
  errorFrom,
  play,
} from "../src/index.js";
import { PYTHON, ROOT, freePort } from "./harness.js";

const DIR = new URL("../../../protocol/transcripts/", import.meta.url);
const ALL = Object.fromEntries(
  readdirSync(DIR)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => [f.slice(0, -5), JSON.parse(readFileSync(new URL(f, DIR), "utf8"))]),
);
const LIMIT = { timeout: 60_000 };

const camel = (name) => name.replace(/_([a-z])/g, (_, c) => c.toUpperCase());

/** `actual` has every member of `expected`; a "$name" string binds on first use, then must repeat. */
function matches(expected, actual, names) {
  if (typeof expected === "string" && expected.startsWith("$")) {
    const name = expected.slice(1);
    if (!Object.hasOwn(names, name)) names[name] = actual;
    return isDeepStrictEqual(names[name], actual);
  }
  if (expected !== null && typeof expected === "object" && !Array.isArray(expected)) {
    return (
      actual !== null &&
      typeof actual === "object" &&
      Object.entries(expected).every(([k, v]) => Object.hasOwn(actual, k) && matches(v, actual[k], names))
    );
  }
  return isDeepStrictEqual(expected, actual);
}

function isDeepStrictEqual(a, b) {
  try {
    assert.deepStrictEqual(a, b);
    return true;
  } catch {
    return false;
  }
}

/** `value` with each "$name" replaced by what it bound to. */
function bound(value, names) {
  if (typeof value === "string" && value.startsWith("$")) return names[value.slice(1)];
  if (Array.isArray(value)) return value.map((v) => bound(v, names));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, bound(v, names)]));
  }
  return value;
}

/** One accepted connection: its frames in a queue, read by the script. */
class Arrival {
  constructor(server, ws) {
    this.server = server;
    this.ws = ws;
    this.frames = new FrameQueue();
    ws.on("message", (data, isBinary) =>
      this.frames.push(isBinary ? decodeClient(new Uint8Array(data)) : { text: data }),
    );
    ws.on("close", () => this.frames.push(null));
  }
}

/** The transcript's servers on loopback ports (a `down` one is a port where nothing listens). */
class ScriptedServers {
  constructor() {
    this.arrivals = new FrameQueue();
    this.servers = [];
    this.urls = [];
    this.live = [];
  }

  async start(count, down) {
    for (let i = 0; i < count; i++) {
      if (down.includes(i)) {
        this.servers.push(null);
        this.urls.push(`http://127.0.0.1:${await freePort()}`);
        continue;
      }
      const server = new WebSocketServer({ host: "127.0.0.1", port: 0, handleProtocols: () => SUBPROTOCOL });
      await new Promise((resolve) => server.once("listening", resolve));
      server.on("connection", (ws) => {
        const arrival = new Arrival(i, ws);
        this.live.push(arrival);
        this.arrivals.push(arrival);
      });
      this.servers.push(server);
      this.urls.push(`http://127.0.0.1:${server.address().port}`);
    }
  }

  async stop(index) {
    const server = this.servers[index];
    assert.ok(server, `server ${index} is down already`);
    for (const arrival of this.live) if (arrival.server === index) arrival.ws.terminate();
    await new Promise((resolve) => server.close(resolve));
    this.servers[index] = null;
  }

  async close() {
    for (const arrival of this.live) arrival.ws.terminate();
    for (const server of this.servers) if (server) await new Promise((resolve) => server.close(resolve));
  }
}

/** Play the server's side, step by step; then any further frame from the SDK is unexpected. */
async function runScript(servers, rec, stopSdk) {
  const names = rec.names;
  let current = null;
  for (const [n, step] of rec.transcript.script.entries()) {
    const where = `step ${n} ${JSON.stringify(step).slice(0, 200)}`;
    if ("accept" in step) {
      current = await servers.arrivals.get();
      assert.equal(current.server, step.accept, `${where}: the SDK connected to server ${current.server}`);
    } else if ("stop" in step) {
      await servers.stop(step.stop);
    } else {
      assert.ok(current, `${where}: no connection`);
      if ("expect" in step) {
        const frame = await current.frames.get();
        assert.ok(frame !== null, `${where}: the SDK closed the connection${rec.failure ? `: ${rec.failure}` : ""}`);
        assert.ok(matches(step.expect, frame, names), `${where}: the SDK sent ${JSON.stringify(frame)}`);
        names.id = frame.id;
      } else if ("send" in step) {
        current.ws.send(encode(bound(step.send, names)));
      } else if (step.drop) {
        current.ws.terminate();
        current = null;
      } else {
        assert.fail(`${where}: unknown step`);
      }
    }
  }
  if (current !== null) {
    for (;;) {
      const frame = await current.frames.get();
      if (frame === null) break;
      rec.unexpected.push(frame);
      stopSdk(); // it waits for a reply the script will never send
    }
  }
}

/** The SDK's side: the bot runner, or a list of calls each checked as it resolves or throws. */
async function runSdk(conn, rec) {
  const run = rec.transcript.run;
  await conn.connect();
  try {
    if (run.play) {
      const { match, token } = run.play;
      return await play(conn.urls, match, token, { strategy: rec.firstLegal, live: conn });
    }
    for (const [n, call] of run.calls.entries()) {
      let result;
      try {
        result = await invoke(conn, call.call, call.args);
      } catch (err) {
        if (!(err instanceof sdk.ApiError)) throw err;
        checkThrown(err, call.raises, `call ${n} (${call.call})`);
        continue;
      }
      assert.ok(!call.raises, `call ${n}: resolved to ${JSON.stringify(result)}, not ${call.raises?.class}`);
      assert.ok(matches(call.returns ?? {}, result, rec.names), `call ${n}: resolved to ${JSON.stringify(result)}`);
    }
    return null;
  } catch (err) {
    rec.failure = err;
    throw err;
  } finally {
    await conn.close();
  }
}

function invoke(conn, name, args) {
  switch (name) {
    case "auth":
      return conn.auth(args.token);
    case "subscribe":
      return conn.subscribe(args.match, { since: args.since ?? null });
    case "move":
      return conn.move(args.match, args.move, { version: args.version, moveId: args.move_id });
    case "say":
      return conn.say(args.match, args.text);
    case "ping":
      return conn.ping();
    case "sign_in":
      return conn.signIn(args.key, { since: args.since ?? null });
    case "queue":
      return conn.queue(args.ladder);
    case "unqueue":
      return conn.unqueue(args.ladder);
    case "next_notice":
      return conn.notices.get();
    default:
      throw new Error(`unknown call ${name}`);
  }
}

function checkThrown(err, raises, where) {
  assert.ok(raises, `${where}: threw ${err}`);
  assert.equal(err.constructor.name, raises.class, `${where}: threw ${err.constructor.name}`);
  for (const name of raises.is ?? [])
    assert.ok(err instanceof sdk[name], `${where}: ${err.constructor.name} is not a ${name}`);
  assert.equal(err.code, raises.code, where);
  if ("detail" in raises) assert.equal(err.detail, raises.detail, where);
  for (const [member, value] of Object.entries(raises.members ?? {})) {
    assert.deepEqual(err[camel(member)], value, `${where}: .${camel(member)}`);
    assert.deepEqual(err.extra[member], value, `${where}: .extra.${member}`);
  }
}

async function replay(transcript) {
  const servers = new ScriptedServers();
  await servers.start(transcript.servers, transcript.down ?? []);
  const rec = {
    transcript,
    names: {},
    unexpected: [],
    decisions: [],
    failure: null,
    firstLegal: (decision) => {
      rec.decisions.push(decision);
      return decision.legal[0];
    },
  };
  const conn = new LiveConnection(servers.urls, { match: transcript.run.play?.match ?? null });
  let result = null;
  try {
    let stopped = false;
    const sdkRun = runSdk(conn, rec).catch((err) => {
      if (!stopped) throw err;
      return null;
    });
    const stopSdk = () => {
      stopped = true;
      conn.close();
    };
    try {
      await runScript(servers, rec, stopSdk);
    } catch (err) {
      stopSdk();
      await sdkRun.catch(() => {});
      throw err;
    }
    try {
      result = await sdkRun;
      assert.ok(!transcript.raises, `resolved to ${JSON.stringify(result)}, not ${transcript.raises?.class}`);
    } catch (err) {
      if (!(err instanceof sdk.ApiError)) throw err;
      checkThrown(err, transcript.raises, "the run");
    }
  } finally {
    await conn.close();
    await servers.close();
  }
  assert.deepEqual(rec.unexpected, [], "frames the script does not expect");
  if ("returns" in transcript) {
    assert.ok(matches(transcript.returns, result, rec.names), `resolved to ${JSON.stringify(result)}`);
  }
  const after = transcript.after ?? {};
  if ("decisions" in after) {
    const versions = rec.decisions.map((d) => d.version);
    assert.deepEqual(
      versions,
      [...new Set(versions)].sort((a, b) => a - b),
    );
    assert.equal(versions.length, after.decisions, String(versions));
  }
  if ("reconnects" in after) assert.equal(conn.reconnects, after.reconnects);
  if ("notices" in after) assert.equal(conn.notices.size, after.notices);
  if ("url" in after) assert.equal(conn.url, conn.urls[after.url]);
  const distinct = (after.distinct ?? []).map((n) => rec.names[n.slice(1)]);
  assert.equal(new Set(distinct).size, distinct.length, String(distinct));
}

for (const name of Object.keys(ALL)) {
  test(`transcript ${name}`, LIMIT, () => replay(ALL[name]));
}

test("the transcripts cover what both SDKs must do", () => {
  const wanted = ["play", "resume-replayed-legal", "resume-unanswered-move", "failover-connect", "failover-reconnect"];
  for (const name of [...wanted, "match-over-reply", "errors"]) assert.ok(name in ALL, name);
  for (const [name, transcript] of Object.entries(ALL)) {
    assert.equal(transcript.name, name);
    assert.ok(transcript.about);
  }
});

test("every server error code has a named error class", () => {
  // The server's code list, as the protocol package has it (a Python test keeps it equal to the error tree).
  const script = "import json, vorpal_protocol; print(json.dumps(sorted(vorpal_protocol.ERROR_CODES)))";
  const codes = JSON.parse(execFileSync(PYTHON, ["-c", script], { cwd: ROOT }).toString());
  assert.deepEqual(Object.keys(BY_CODE).sort(), codes);
  for (const Cls of Object.values(BY_CODE)) {
    assert.notEqual(Cls, sdk.ApiError);
    assert.equal(sdk[Cls.name], Cls, `${Cls.name} is not exported`);
  }
  const shown = ALL.errors.run.calls.filter((c) => c.raises).map((c) => c.raises.code);
  assert.deepEqual(shown.sort(), codes);
});

test("bad_move and illegal_move are apart, but both refused moves", () => {
  const bad = errorFrom({ code: "bad_move" });
  const illegal = errorFrom({ code: "illegal_move" });
  assert.ok(bad instanceof sdk.BadMove && !(bad instanceof sdk.IllegalMove));
  assert.ok(illegal instanceof sdk.IllegalMove && !(illegal instanceof sdk.BadMove));
  assert.ok(bad instanceof sdk.MoveRefused && illegal instanceof sdk.MoveRefused);
});

test("a REST Retry-After header gives retryAfterMs", () => {
  assert.equal(errorFrom({ code: "rate_limited" }, 429, { retryAfter: "2" }).retryAfterMs, 2000);
  assert.equal(errorFrom({ code: "rate_limited", retry_after_ms: 120 }, 429, { retryAfter: "1" }).retryAfterMs, 120);
  assert.equal(
    errorFrom({ code: "rate_limited" }, 429, { retryAfter: "Wed, 21 Oct 2026 07:28:00 GMT" }).retryAfterMs,
    null,
  );
});

test("a match's connection picks its first URL as the Python SDK does (CRC-32 of the match id)", () => {
  assert.equal(sdk.crc32("m1"), 3226732335); // zlib.crc32(b"m1")
  assert.equal(sdk.crc32("héllo"), 2654700086); // zlib.crc32("héllo".encode())
  const urls = ["http://a", "http://b", "http://c"];
  assert.equal(new LiveConnection(urls, { match: "m1" }).url, `ws://${"abc"[3226732335 % 3]}/v1/ws?match=m1`);
  assert.equal(new LiveConnection(urls).url, "ws://a/v1/ws");
});
