// Accounts from JavaScript against a real server that this file starts: register, join with
// the key, play, rotate the key (the old one is refused at once) and play again; revoke;
// the admin calls refused on a server without an admin key.

import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";

import { Forbidden, Unauthorized, VorpalClient, play } from "../src/index.js";
import { ROOT, exited, start, startStack } from "./harness.js";

const LIMIT = { timeout: 90_000 };
const BOT = join(ROOT, "clients", "js", "bin", "vorpal-bot.js");
let stack;
let api;

before(async () => {
  stack = await startStack();
  api = new VorpalClient(stack.url);
});

after(async () => {
  await stack?.stop();
});

test("an account bot registers, plays, rotates its key and plays again", LIMIT, async () => {
  const issued = await api.register("js-rotor", { kind: "bot" });
  assert.match(issued.key, new RegExp(`^vpk_${issued.account.id}_`));
  assert.deepEqual(await api.account(issued.key), issued.account);
  let key = issued.key;
  for (const seed of [1, 2]) {
    const { match } = await api.createMatch("jabberwocky", 3, { bots: [1, 2], options: { rounds: 1 } });
    const seat = await api.join(match, { key });
    assert.equal(seat.account, issued.account.id);
    const final = await play(stack.url, match, seat.token, { seed });
    assert.equal(final.status, "finished");
    const state = await api.state(match);
    assert.deepEqual(state.accounts, [issued.account.id, null, null]);
    assert.equal(state.names[0], "js-rotor");
    const rotated = await api.rotateKey(key);
    await assert.rejects(api.account(key), Unauthorized);
    key = rotated.key;
  }
  assert.equal((await api.revokeKey(key)).id, issued.account.id);
  const { match } = await api.createMatch("jabberwocky", 3);
  await assert.rejects(api.join(match, { key }), Unauthorized);
  assert.deepEqual((await api.state(match)).accounts, [null, null, null]);
});

test("the bot command joins as the account of $VORPAL_API_KEY", LIMIT, async () => {
  const issued = await api.register("js-cli", { kind: "bot" });
  const { match } = await api.createMatch("jabberwocky", 3, { bots: [1, 2], options: { rounds: 1 } });
  const log = join(stack.dir, "account-bot.log");
  const env = { ...process.env, VORPAL_API_KEY: issued.key };
  const child = start(process.execPath, [BOT, "--server", stack.url, "--match", match, "--seed", "3"], { log, env });
  const { code, output } = await exited(child, log);
  assert.equal(code, 0, output);
  const state = await api.state(match);
  assert.equal(state.status, "finished");
  assert.deepEqual(state.accounts, [issued.account.id, null, null]);
});

test("the admin calls are refused without the server's admin key", LIMIT, async () => {
  const { match } = await api.createMatch("jabberwocky", 3);
  await assert.rejects(api.abortMatch(match, "a-guess"), Forbidden);
  await assert.rejects(api.adminMatches("a-guess"), Forbidden);
  assert.equal((await api.state(match)).status, "open");
});
