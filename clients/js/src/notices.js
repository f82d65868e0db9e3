// An account's new notices for the bot runners: pushed when they can be, polled when not
// (mirrors clients/python/vorpal_client/notices.py).
//
// A NoticeFeed keeps a live connection signed in with the account's key (PROTOCOL.md section 3,
// "The account session"): while it is up, a notice is handed over the moment it is pushed.
// While it is down (reconnecting, or the sign-in failed), the runner falls back to reading the
// inbox over REST every `pollMs`; and even while it is up, a quiet spell of QUIET_MS ends with
// one look at the inbox, so that a runner never depends on the push alone. Notices are
// numbered, so the two paths cannot hand one over twice: each read asks for those above the
// last `seq` handed over.

import { untilAvailable } from "./bot.js";
import { Unavailable } from "./errors.js";
import { LiveConnection } from "./live.js";

/** Milliseconds without a pushed notice after which the inbox is read anyway. */
export const QUIET_MS = 5000;

function pause(ms, signal) {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}

export class NoticeFeed {
  /** @param {import("./rest.js").VorpalClient} api */
  constructor(server, api, key, { pollMs, quietMs = QUIET_MS, WebSocket = null } = {}) {
    this.server = server;
    this.api = api;
    this.key = key;
    this.pollMs = pollMs;
    this.quietMs = quietMs;
    this._WebSocket = WebSocket;
    this.live = null;
  }

  /** Sign a live connection in with the key, resuming after `since`; polling if that fails. */
  async open(since) {
    const live = new LiveConnection(this.server, this._WebSocket ? { WebSocket: this._WebSocket } : {});
    try {
      await live.connect();
      await live.signIn(this.key, { since });
    } catch {
      await live.close().catch(() => {});
      return; // no pushed notices: the inbox is read instead
    }
    this.live = live;
  }

  async close() {
    await this.live?.close();
  }

  get pushed() {
    return this.live !== null && this.live.connected;
  }

  /** Queue the account on `ladder`: over the signed-in socket if it is up, else over REST. */
  async queue(ladder) {
    if (this.pushed) {
      try {
        await this.live.queue(ladder);
        return;
      } catch (err) {
        if (!(err instanceof Unavailable)) throw err; // lost meanwhile: REST decides
      }
    }
    await untilAvailable(() => this.api.joinQueue(ladder, this.key));
  }

  /** The notices above `since`, oldest first; empty if none came in a while (or `signal` aborted). */
  async next(since, signal = null) {
    if (this.pushed) {
      const first = await this._first(signal);
      if (first !== null) {
        const frames = [first];
        while (this.live.notices.size > 0) frames.push(await this.live.notices.get());
        return frames.filter((f) => f.seq > since);
      }
      if (signal?.aborted) return [];
    }
    const found = await untilAvailable(() => this.api.inbox(this.key, { since }));
    if (found.length === 0 && !this.pushed) await pause(this.pollMs, signal);
    return found;
  }

  async _first(signal) {
    if (signal?.aborted) return null;
    let onAbort;
    const aborted = new Promise((resolve) => {
      onAbort = () => resolve(null);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
    try {
      return await Promise.race([this.live.notices.get({ timeout: this.quietMs }).catch(() => null), aborted]);
    } finally {
      signal?.removeEventListener("abort", onAbort);
    }
  }
}
