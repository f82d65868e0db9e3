// The live half of the SDK: one WebSocket, requests with replies, pushed frames, resume
// (mirrors vorpal_client/live.py; the transcripts in protocol/transcripts/ pin both).
//
// A LiveConnection keeps, for each subscribed match, the last version it has seen. If the
// socket drops it reconnects (with backoff), presents its seat tokens again and re-subscribes
// with `since` = that version, so the server sends exactly the events it missed, then a
// `{type: "resumed", match, state}` item, queued the moment the reply is read: after the
// replayed events and before any live event that follows, so the queue is in version order.
// Pushed frames (event, chat, errors without a request) go to `events`, a queue read with
// `await live.events.get()`.
//
// Given several server URLs (instances of one deployment), it connects to the first that
// answers (each tried once, in order) and, when a connection is lost, moves on to the next
// one in turn, the one just lost last; a failed attempt waits a backoff (50 ms, doubling up
// to `maxBackoff`) before the next. Any instance can resume any match. When a move or a say
// is answered `unavailable` (the server is up, its storage is not), the match is re-synced:
// a `resumed` item then carries its current state. A match whose re-subscription finds it gone
// (`match_not_found`: a failover lost it whole, or it expired) is dropped, and a
// `{type: "gone", match, error}` item says so.
//
// Signed in with an account's API key (`signIn`), the connection also receives the account's
// notices (a ladder paired it...) in `notices`, a queue like `events`, each once and in `seq`
// order: after a reconnect it signs in again with `since` = the last `seq` it saw, so the
// server replays what was missed and nothing twice. It may then queue on ladders (`queue`,
// `unqueue`).
//
// It speaks protocol v2 where the server does (PROTOCOL.md, "Protocol v2"): an event carries a patch
// of the view instead of the view. The connection applies it (src/patch.js) and hands on every
// frame and state with the whole view, as v1 sends it, the public part's constant fields (a printed
// board) put back from the catalogue, fetched once per game. A patch that does not apply re-syncs
// the match, as a gap does. `{protocol: "v1"}` asks for v1 only.
//
// A close with code 1012 (service restart: the instance is being replaced, as in a rolling
// deploy) comes after the server answered every frame it read, so a request without an answer
// then was never read: instead of failing it as `unavailable`, the connection sends it again,
// unchanged, once it has reconnected (at once, to the next URL) and resumed. The caller sees a
// reply, a little later.

import { decodeServer, DecodeError, encode, SUBPROTOCOL, SUBPROTOCOL_V2, unpack } from "./codec.js";
import { ApiError, Unavailable, errorFrom } from "./errors.js";
import { PatchError, ViewKeeper } from "./patch.js";

/** The close code of a server that is being restarted (a rolling deploy): every frame it read was answered. */
export const RESTART = 1012;

/**
 * The WebSocket URL of a server's base URL: http(s)://host -> ws(s)://host/v1/ws.
 * `match` is the routing hint (PROTOCOL.md, section 2): ws(s)://host/v1/ws?match=<id>.
 */
export function wsUrl(baseUrl, match = null) {
  let url = baseUrl.replace(/\/+$/, "");
  if (url.startsWith("http")) url = "ws" + url.slice(4);
  url += "/v1/ws";
  return match === null ? url : `${url}?${new URLSearchParams({ match })}`;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 of a string's UTF-8 bytes (as zlib's crc32): picks the first URL for a match. */
export function crc32(text) {
  let crc = 0xffffffff;
  for (const byte of new TextEncoder().encode(text)) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A first-in first-out queue of pushed frames. */
export class FrameQueue {
  #items = [];
  #waiters = [];

  push(item) {
    const waiter = this.#waiters.shift();
    if (waiter) waiter(item);
    else this.#items.push(item);
  }

  get size() {
    return this.#items.length;
  }

  /** The next item; with `timeout` (ms), rejects if none arrives in time. */
  get({ timeout = null } = {}) {
    if (this.#items.length > 0) return Promise.resolve(this.#items.shift());
    return new Promise((resolve, reject) => {
      let timer = null;
      const waiter = (item) => {
        if (timer !== null) clearTimeout(timer);
        resolve(item);
      };
      this.#waiters.push(waiter);
      if (timeout !== null) {
        timer = setTimeout(() => {
          this.#waiters = this.#waiters.filter((w) => w !== waiter);
          reject(new Error(`no frame within ${timeout} ms`));
        }, timeout);
      }
    });
  }

  async *[Symbol.asyncIterator]() {
    for (;;) yield await this.get();
  }
}

async function webSocketClass() {
  if (typeof globalThis.WebSocket === "function") return globalThis.WebSocket;
  const ws = await import("ws"); // Node before 22 has no global WebSocket
  return ws.default;
}

export class LiveConnection {
  /**
   * @param {string | string[]} baseUrl e.g. "http://127.0.0.1:8000", or the URLs of several
   *   instances of one deployment, tried in turn
   * @param {{reconnect?: boolean, maxBackoff?: number, requestTimeout?: number, WebSocket?: any, match?: string}} [options]
   *   times in milliseconds; `match`: the match this connection is for, so that a load balancer
   *   routes all of its seats to one instance (with several URLs, it picks the first one tried:
   *   CRC-32 of the match id modulo their number, so all seats of a match meet on one instance)
   */
  constructor(
    baseUrl,
    {
      reconnect = true,
      maxBackoff = 2000,
      requestTimeout = 30_000,
      WebSocket = null,
      match = null,
      protocol = "v2",
      fetchConstants = null,
    } = {},
  ) {
    const urls = typeof baseUrl === "string" ? [baseUrl] : [...baseUrl];
    /** "v2" (the default: v2 where the server speaks it, else v1) or "v1". */
    this.protocol = protocol;
    this.v2 = false; // whether this socket speaks v2 (the server's choice)
    this._httpUrls = urls.map((u) => u.replace(/\/+$/, "").replace(/^ws/, "http"));
    this._views = new ViewKeeper(fetchConstants ?? ((game) => this._fetchConstants(game)));
    this._held = null; // pushed items held while a game's constant fields are fetched
    this._holding = 0;
    /** @type {Map<number, string>} request id -> the match it subscribes */
    this._subscribing = new Map();
    if (urls.length === 0) throw new TypeError("LiveConnection needs at least one server URL");
    this.urls = urls.map((u) => wsUrl(u, match));
    this._nextUrl = match === null || match === undefined ? 0 : crc32(match) % urls.length;
    this.url = this.urls[this._nextUrl]; // the one tried first
    this.reconnect = reconnect;
    this.maxBackoff = maxBackoff;
    this.requestTimeout = requestTimeout;
    this.events = new FrameQueue();
    /** @type {Map<string, number>} match -> last version seen */
    this.versions = new Map();
    /** @type {Map<string, string>} match -> seat token */
    this.tokens = new Map();
    /** The account's notices ({type: "notice", seq, at, kind, data}), in seq order. */
    this.notices = new FrameQueue();
    /** @type {string | null} the API key signed in with */
    this.key = null;
    /** @type {number | null} the last notice seq seen (null: not signed in yet) */
    this.noticeSeq = null;
    this.reconnects = 0;
    this.onwarning = null;
    this._WebSocket = WebSocket;
    this._ids = 1;
    this._waiting = new Map();
    /** @type {Map<number, string>} request id -> the match it re-subscribes */
    this._resubscribing = new Map();
    this._resyncs = new Set();
    this._ws = null;
    this._closing = false;
    this._pauses = new Set();
    this._downs = 0; // how many times the connection went down: a resume belongs to one socket
    this._markDown();
  }

  /** Connect to the first URL that answers (each is tried once, in order). */
  async connect() {
    this._WebSocket ??= await webSocketClass();
    for (let attempt = 0; ; attempt++) {
      try {
        await this._open();
        break;
      } catch (err) {
        if (attempt === this.urls.length - 1) throw err;
      }
    }
    this._openGate(); // nothing to resume yet
    return this;
  }

  async close() {
    this._closing = true;
    for (const wake of [...this._pauses]) wake();
    this._failWaiting(new Unavailable("unavailable", "Connection closed"));
    const ws = this._ws;
    if (ws && ws.readyState < 2) {
      await new Promise((resolve) => {
        ws.addEventListener("close", resolve);
        ws.close(1000);
      });
    }
  }

  /** Close the socket abruptly (the connection then reconnects and resumes): for tests. */
  drop() {
    if (this._ws === null) return;
    if (typeof this._ws.terminate === "function") this._ws.terminate();
    else this._ws.close(4000);
  }

  /**
   * The connection is down. Two gates close: the socket's (the resume's own requests wait for
   * it) and the gate every other request waits for, opened once tokens and subscriptions are
   * presented again: a move sent before its `auth` would reach the server without its seat.
   */
  _markDown() {
    this._downs += 1;
    this.connected = false;
    this._upPromise = new Promise((resolve) => {
      this._setUp = resolve;
    });
    // Requests still waiting at an earlier gate that never opened go through with this one.
    const earlier = this._gateOpen === false ? this._openGate : null;
    this._gateOpen = false;
    this._readyPromise = new Promise((resolve) => {
      this._openGate = () => {
        this._gateOpen = true;
        this.connected = true;
        resolve();
        earlier?.();
      };
    });
  }

  /** Connect to the next URL in turn. */
  _open() {
    this.url = this.urls[this._nextUrl % this.urls.length];
    this._nextUrl += 1;
    return new Promise((resolve, reject) => {
      const offer = this.protocol === "v1" ? [SUBPROTOCOL] : [SUBPROTOCOL_V2, SUBPROTOCOL];
      const ws = new this._WebSocket(this.url, offer);
      ws.binaryType = "arraybuffer";
      let opened = false;
      ws.onopen = () => {
        opened = true;
        if (this._closing) {
          ws.close(1000);
          reject(new Unavailable("unavailable", "Connection closed"));
          return;
        }
        this._ws = ws;
        this.v2 = ws.protocol === SUBPROTOCOL_V2;
        this._setUp();
        resolve();
      };
      ws.onmessage = (event) => {
        if (typeof event.data !== "string") this._onFrame(event.data);
      };
      ws.onerror = () => {}; // the close that follows says it
      ws.onclose = (event) => {
        if (!opened) reject(new Unavailable("unavailable", "Cannot connect", this.url));
        else this._onClose(ws, event.code);
      };
    });
  }

  _onClose(ws, code) {
    if (ws !== this._ws) return;
    this._markDown();
    const lost = new Unavailable("unavailable", "Connection lost", "the request may or may not have applied");
    this._failWaiting(lost, { keepResendable: code === RESTART && this.reconnect && !this._closing });
    if (this._closing || !this.reconnect) return;
    this._reconnect();
  }

  /** The URL just lost is tried last: first the next one, then the rest in turn. */
  async _reconnect() {
    let backoff = 50;
    while (!this._closing) {
      try {
        await this._open();
      } catch {
        await this._sleep(backoff);
        backoff = Math.min(backoff * 2, this.maxBackoff);
        continue;
      }
      this.reconnects += 1;
      this._resume();
      return;
    }
  }

  /** A pause that `close()` ends early. */
  _sleep(ms) {
    return new Promise((resolve) => {
      const timer = setTimeout(() => wake(), ms);
      const wake = () => {
        clearTimeout(timer);
        this._pauses.delete(wake);
        resolve();
      };
      this._pauses.add(wake);
    });
  }

  /**
   * After a reconnect: present the tokens again and re-subscribe from the versions seen.
   * Other requests wait until this is done: a move sent between the new socket's opening and
   * its `auth` would reach the server without its seat.
   */
  async _resume() {
    const socket = this._downs; // this resume's socket: lost once the connection goes down again
    const lost = () => this._downs !== socket;
    try {
      if (this.key !== null) {
        try {
          await this._signIn(this.key, this.noticeSeq, socket);
        } catch (err) {
          if (lost()) throw err;
          this.onwarning?.(`resume of the account session failed: ${err.message}`);
        }
      }
      for (const token of [...this.tokens.values()]) {
        try {
          await this._retrying({ type: "auth", token }, socket);
        } catch (err) {
          if (lost()) throw err;
          this.onwarning?.(`resume failed: ${err.message}`);
        }
      }
      for (const match of [...this.versions.keys()]) await this._resyncNow(match, socket);
      if (!lost()) this._sendAgain();
    } catch (err) {
      if (!lost()) this.onwarning?.(`resume failed: ${err.message}`);
    }
    if (!lost() && !this._closing) this._openGate(); // else the next resume opens it
  }

  /**
   * `request(frame)`, again and again while the answer is `unavailable`. With `socket` (a
   * resume's), it goes before the gate opens and gives up once that socket is lost: the next
   * resume takes over.
   */
  async _retrying(frame, socket = null, { resubscribe = null } = {}) {
    let backoff = 50;
    for (;;) {
      if (socket !== null && this._downs !== socket) throw new Unavailable("unavailable", "Connection lost");
      const gate = socket === null ? this._readyPromise : this._upPromise;
      try {
        return await this._request(frame, gate, { resubscribe });
      } catch (err) {
        if (!(err instanceof Unavailable) || this._closing) throw err;
        await this._sleep(backoff);
        backoff = Math.min(backoff * 2, this.maxBackoff);
      }
    }
  }

  /** Re-subscribe from the version seen; the reply's state is queued as `resumed` (see _onFrame). */
  async _resyncNow(match, socket = null) {
    const since = this.versions.get(match);
    if (since === undefined) return;
    try {
      await this._retrying({ type: "subscribe", match, since }, socket, { resubscribe: match });
    } catch (err) {
      if (socket !== null && this._downs !== socket) throw err;
      this.onwarning?.(`resume of match ${match} failed: ${err.message}`);
      if (err.code === "match_not_found") {
        // Gone (a failover lost it whole, or it expired): nothing will ever come for it, and
        // whoever waits for its frames is told so by a `gone` item.
        this.versions.delete(match);
        this.tokens.delete(match);
        this._push({ type: "gone", match, error: err });
      }
    }
  }

  /** The server could not reach its storage for `match`: re-subscribe once it can. */
  _resyncLater(match) {
    if (!this.versions.has(match) || this._closing || this._resyncs.has(match)) return;
    this._resyncs.add(match);
    this._resyncNow(match).finally(() => this._resyncs.delete(match));
  }

  /** After a 1012 close and the resume: the requests the server never read go again, unchanged. */
  _sendAgain() {
    for (const { data } of this._waiting.values()) if (data !== null) this._ws.send(data);
  }

  /** Fail the requests waiting for a reply; with `keepResendable`, not those sent again after the resume. */
  _failWaiting(err, { keepResendable = false } = {}) {
    for (const [id, waiter] of [...this._waiting]) {
      if (keepResendable && waiter.data !== null) continue;
      waiter.reject(err);
      this._waiting.delete(id);
      this._resubscribing.delete(id);
      this._subscribing.delete(id);
    }
  }

  _onFrame(data) {
    let frame;
    try {
      frame = decodeServer(new Uint8Array(data));
      // Its extra members (PROTOCOL.md section 7: retry_after_ms...), which the codec does not
      // name, go with it to the error thrown.
      if (frame.type === "error") frame = { ...unpack(new Uint8Array(data)), ...frame };
    } catch (err) {
      if (!(err instanceof DecodeError)) throw err;
      this.onwarning?.(`unreadable frame from the server: ${err.message}`); // e.g. a newer frame type
      return;
    }
    const kind = frame.type;
    if (kind === "ack" || kind === "error" || kind === "pong") {
      const subscribed = frame.id !== undefined ? this._subscribing.get(frame.id) : undefined;
      if (subscribed !== undefined && kind === "ack") frame = { ...frame, result: this._viewState(subscribed, frame.result) };
      const match = frame.id !== undefined ? this._resubscribing.get(frame.id) : undefined;
      if (match !== undefined) {
        this._resubscribing.delete(frame.id);
        if (kind === "ack") {
          // Queued now, not when the resume wakes up: live events read in between would come
          // before it and the state would go back in time.
          const state = this._viewState(match, frame.result ?? {});
          // The server's version, even an earlier one than was seen: a failover may have lost
          // versions this connection was sent (the server then asked it to resume).
          this.versions.set(match, state.version);
          this._push({ type: "resumed", match, state });
        }
      }
      const waiter = frame.id !== undefined ? this._waiting.get(frame.id) : undefined;
      if (waiter !== undefined) {
        this._waiting.delete(frame.id);
        waiter.resolve(frame);
      } else if (kind === "error") {
        this._push(frame);
      }
      return;
    }
    if (kind === "notice") {
      if (this.noticeSeq !== null && frame.seq <= this.noticeSeq) return; // already had it
      this.noticeSeq = frame.seq;
      this.notices.push(frame);
      return;
    }
    if (kind === "event") {
      const seen = this.versions.get(frame.match);
      if (seen !== undefined && frame.version <= seen) return; // already had it
      if (this.v2) {
        try {
          frame = this._views.event(frame);
        } catch (err) {
          if (!(err instanceof PatchError)) throw err;
          this.onwarning?.(`match ${frame.match}: ${err.message}; resuming`);
          this._resyncLater(frame.match); // as after a gap: the events missed, then the whole view
          return;
        }
      }
      this.versions.set(frame.match, frame.version);
    }
    this._push(frame);
  }

  // -- protocol v2: whole views for the application -----------------------------------------

  /** A subscription's match state: its view kept for the patches that follow, handed on whole. */
  _viewState(match, state) {
    if (!this.v2 || !state?.view) return state;
    // Only a game with constant fields (the state names them) has its catalogue entry read.
    const waiting = state.constants?.length ? this._views.need(match, state.game) : null;
    if (waiting !== null) this._hold(waiting);
    return this._views.state(match, state);
  }

  /** Hold back what is pushed until `waiting` (a game's constant fields) settles, then hand it on whole. */
  _hold(waiting) {
    this._holding += 1;
    this._held ??= [];
    const release = () => {
      this._holding -= 1;
      if (this._holding > 0) return;
      const held = this._held ?? [];
      this._held = null;
      for (const item of held) this.events.push(this._whole(item));
    };
    waiting.then(release, (err) => {
      this.onwarning?.(`the catalogue's constant fields could not be read: ${err.message}`);
      release();
    });
  }

  _push(item) {
    if (this._held !== null) this._held.push(item);
    else this.events.push(item);
  }

  _whole(item) {
    if (item.type === "event" && item.view) return { ...item, view: this._views.whole(item.match, item.view) };
    if (item.type === "resumed" && item.state?.view) {
      return { ...item, state: { ...item.state, view: this._views.whole(item.match, item.state.view) } };
    }
    return item;
  }

  /** The catalogue's constant fields of `game` (`GET /v1/games/{game}`), from the instance connected to. */
  async _fetchConstants(game) {
    const base = this._httpUrls[(this._nextUrl - 1 + this._httpUrls.length) % this._httpUrls.length];
    const url = `${base}/v1/games/${encodeURIComponent(game)}`;
    const response = await fetch(url);
    if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
    return (await response.json()).constants ?? {};
  }

  // -- requests ------------------------------------------------------------------------------

  /** Send a request frame; resolves to the `ack` result, rejects with an {@link ApiError}. */
  request(frame) {
    return this._request(frame, this._readyPromise);
  }

  async _request(frame, gate, { resubscribe = null, subscribe = null } = {}) {
    const resendable = gate === this._readyPromise; // not the resume's own requests: it makes them again
    await this._withTimeout(gate, "Connection not open");
    const id = this._ids++;
    const data = encode({ ...frame, id });
    const reply = new Promise((resolve, reject) =>
      this._waiting.set(id, { resolve, reject, data: resendable ? data : null }),
    );
    if (resubscribe !== null) this._resubscribing.set(id, resubscribe);
    if (subscribe !== null) this._subscribing.set(id, subscribe);
    try {
      this._ws.send(data);
    } catch (err) {
      this._waiting.delete(id);
      this._resubscribing.delete(id);
      this._subscribing.delete(id);
      throw new Unavailable("unavailable", "Connection lost", String(err?.message ?? err));
    }
    let answer;
    try {
      answer = await this._withTimeout(reply, "No reply in time");
    } finally {
      this._waiting.delete(id);
      this._resubscribing.delete(id);
      this._subscribing.delete(id);
    }
    if (answer.type === "error") {
      if (answer.code === "unavailable" && (frame.type === "move" || frame.type === "say")) this._resyncLater(frame.match);
      throw errorFrom(answer);
    }
    return answer.result ?? {};
  }

  _withTimeout(promise, title) {
    let timer;
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Unavailable("unavailable", title, null)), this.requestTimeout);
    });
    return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
  }

  /** Present a seat token; later frames for its match act as that seat. */
  async auth(token) {
    const result = await this.request({ type: "auth", token });
    this.tokens.set(result.match, token);
    return result;
  }

  /**
   * Sign in as the account of `key` (vpk_...); resolves to `{account, name, seq}`. The kept
   * notices numbered above `since` come first into `notices` (none if `since` is null: only
   * notices newer than `seq`, the newest at sign-in), then live ones.
   */
  async signIn(key, { since = null } = {}) {
    return this._signIn(key, since, null);
  }

  async _signIn(key, since, socket) {
    const frame = { type: "auth", token: key };
    if (since !== null && since !== undefined) {
      frame.since = since;
      this.noticeSeq = Math.max(this.noticeSeq ?? 0, since);
    }
    const result = socket === null ? await this.request(frame) : await this._retrying(frame, socket);
    this.key = key;
    this.noticeSeq = Math.max(this.noticeSeq ?? 0, result.seq);
    return result;
  }

  /** Queue the signed-in account on `ladder`: `{ladder, queued, since}` (`already_queued`...). */
  async queue(ladder) {
    return this.request({ type: "queue", ladder });
  }

  /** Leave `ladder`'s queue: `{ladder, queued: false}` (`not_queued` if not waiting). */
  async unqueue(ladder) {
    return this.request({ type: "unqueue", ladder });
  }

  /** Subscribe; resolves to the match state (`version`, `view`, `to_act`, `legal`...). */
  async subscribe(match, { since = null } = {}) {
    const frame = { type: "subscribe", match };
    if (since !== null && since !== undefined) frame.since = since;
    let result = await this._request(frame, this._readyPromise, { subscribe: match });
    this.versions.set(match, Math.max(this.versions.get(match) ?? -1, result.version));
    if (this.v2 && result.view && result.constants?.length) {
      try {
        await this._views.need(match, result.game);
      } catch {
        // said once, by the hold (_hold)
      }
      result = { ...result, view: this._views.whole(match, result.view) };
    }
    return result;
  }

  async unsubscribe(match) {
    await this.request({ type: "unsubscribe", match });
    this.versions.delete(match);
    this._views.forget(match);
  }

  async move(match, move, { version, moveId }) {
    return this.request({ type: "move", match, move_id: moveId, version, move });
  }

  async say(match, text) {
    return this.request({ type: "say", match, text });
  }

  async ping() {
    await this.request({ type: "ping" });
  }
}

export { ApiError };
