// The live half of the SDK: one WebSocket, requests with replies, pushed frames, resume
// (mirrors vorpal_client/live.py).
//
// A LiveConnection keeps, for each subscribed match, the last version it has seen. If the
// socket drops it reconnects (with backoff), presents its seat tokens again and re-subscribes
// with `since` = that version, so the server sends exactly the events it missed, then a
// `{type: "resumed", match, state}` item. Pushed frames (event, chat, errors without a
// request) go to `events`, a queue read with `await live.events.get()`.

import { decodeServer, DecodeError, encode, SUBPROTOCOL } from "./codec.js";
import { ApiError, Unavailable, errorFrom } from "./errors.js";

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
   * @param {string} baseUrl e.g. "http://127.0.0.1:8000"
   * @param {{reconnect?: boolean, maxBackoff?: number, requestTimeout?: number, WebSocket?: any, match?: string}} [options]
   *   times in milliseconds; `match`: the match this connection is for, so that a load balancer
   *   routes all of its seats to one instance
   */
  constructor(
    baseUrl,
    { reconnect = true, maxBackoff = 2000, requestTimeout = 30_000, WebSocket = null, match = null } = {},
  ) {
    this.url = wsUrl(baseUrl, match);
    this.reconnect = reconnect;
    this.maxBackoff = maxBackoff;
    this.requestTimeout = requestTimeout;
    this.events = new FrameQueue();
    /** @type {Map<string, number>} match -> last version seen */
    this.versions = new Map();
    /** @type {Map<string, string>} match -> seat token */
    this.tokens = new Map();
    this.reconnects = 0;
    this.onwarning = null;
    this._WebSocket = WebSocket;
    this._ids = 1;
    this._waiting = new Map();
    this._ws = null;
    this._closing = false;
    this._timer = null;
    this._markDown();
  }

  async connect() {
    this._WebSocket ??= await webSocketClass();
    await this._open();
    this._openGate(); // nothing to resume yet
    return this;
  }

  async close() {
    this._closing = true;
    if (this._timer !== null) clearTimeout(this._timer);
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

  _open() {
    return new Promise((resolve, reject) => {
      const ws = new this._WebSocket(this.url, [SUBPROTOCOL]);
      ws.binaryType = "arraybuffer";
      let opened = false;
      ws.onopen = () => {
        opened = true;
        this._ws = ws;
        this._setUp();
        resolve();
      };
      ws.onmessage = (event) => {
        if (typeof event.data !== "string") this._onFrame(event.data);
      };
      ws.onerror = () => {}; // the close that follows says it
      ws.onclose = () => {
        if (!opened) reject(new Unavailable("unavailable", "Cannot connect", this.url));
        else this._onClose(ws);
      };
    });
  }

  _onClose(ws) {
    if (ws !== this._ws) return;
    this._markDown();
    this._failWaiting(new Unavailable("unavailable", "Connection lost", "the request may or may not have applied"));
    if (this._closing || !this.reconnect) return;
    this._reconnectLoop(50);
  }

  _reconnectLoop(backoff) {
    if (this._closing) return;
    this._timer = setTimeout(async () => {
      this._timer = null;
      if (this._closing) return;
      try {
        await this._open();
      } catch {
        this._reconnectLoop(Math.min(backoff * 2, this.maxBackoff));
        return;
      }
      this.reconnects += 1;
      this._resume();
    }, backoff);
  }

  async _resume() {
    const ws = this._ws;
    try {
      for (const token of this.tokens.values()) {
        await this._request({ type: "auth", token }, this._upPromise);
      }
      for (const [match, version] of this.versions) {
        const state = await this._request({ type: "subscribe", match, since: version }, this._upPromise);
        this.events.push({ type: "resumed", match, state });
      }
    } catch (err) {
      this.onwarning?.(`resume failed: ${err.message}`);
    }
    if (this._ws === ws && !this._closing) this._openGate(); // else the next resume opens it
  }

  _failWaiting(err) {
    for (const { reject } of this._waiting.values()) reject(err);
    this._waiting.clear();
  }

  _onFrame(data) {
    let frame;
    try {
      frame = decodeServer(new Uint8Array(data));
    } catch (err) {
      if (!(err instanceof DecodeError)) throw err;
      this.onwarning?.(`unreadable frame from the server: ${err.message}`); // e.g. a newer frame type
      return;
    }
    const kind = frame.type;
    if (kind === "ack" || kind === "error" || kind === "pong") {
      const waiter = frame.id !== undefined ? this._waiting.get(frame.id) : undefined;
      if (waiter !== undefined) {
        this._waiting.delete(frame.id);
        waiter.resolve(frame);
      } else if (kind === "error") {
        this.events.push(frame);
      }
      return;
    }
    if (kind === "event") {
      const seen = this.versions.get(frame.match);
      if (seen !== undefined && frame.version <= seen) return; // already had it
      this.versions.set(frame.match, frame.version);
    }
    this.events.push(frame);
  }

  // -- requests ------------------------------------------------------------------------------

  /** Send a request frame; resolves to the `ack` result, rejects with an {@link ApiError}. */
  request(frame) {
    return this._request(frame, this._readyPromise);
  }

  async _request(frame, gate) {
    await this._withTimeout(gate, "Connection not open");
    const id = this._ids++;
    const reply = new Promise((resolve, reject) => this._waiting.set(id, { resolve, reject }));
    try {
      this._ws.send(encode({ ...frame, id }));
    } catch (err) {
      this._waiting.delete(id);
      throw new Unavailable("unavailable", "Connection lost", String(err?.message ?? err));
    }
    let answer;
    try {
      answer = await this._withTimeout(reply, "No reply in time");
    } finally {
      this._waiting.delete(id);
    }
    if (answer.type === "error") throw errorFrom(answer);
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

  /** Subscribe; resolves to the match state (`version`, `view`, `to_act`, `legal`...). */
  async subscribe(match, { since = null } = {}) {
    const frame = { type: "subscribe", match };
    if (since !== null && since !== undefined) frame.since = since;
    const result = await this.request(frame);
    this.versions.set(match, Math.max(this.versions.get(match) ?? -1, result.version));
    return result;
  }

  async unsubscribe(match) {
    await this.request({ type: "unsubscribe", match });
    this.versions.delete(match);
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
