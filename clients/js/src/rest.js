// The REST half of the SDK: the match lifecycle over fetch (mirrors vorpal_client/rest.py).
// Results are the server's JSON objects, field names as on the wire.

import { ApiError, errorFrom } from "./errors.js";

export class VorpalClient {
  /**
   * @param {string} baseUrl e.g. "http://127.0.0.1:8000"
   * @param {{timeout?: number, fetch?: typeof fetch}} [options] timeout in milliseconds
   */
  constructor(baseUrl, { timeout = 30_000, fetch: fetchImpl = globalThis.fetch } = {}) {
    this.baseUrl = baseUrl.replace(/\/+$/, "");
    this.timeout = timeout;
    this.fetch = fetchImpl;
  }

  async call(method, path, { token = null, json = undefined, params = null } = {}) {
    const url = new URL(this.baseUrl + path);
    for (const [k, v] of Object.entries(params ?? {})) {
      if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
    }
    const headers = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (json !== undefined) headers["content-type"] = "application/json";
    let response;
    try {
      const fetchFn = this.fetch; // called unbound: a browser's fetch refuses another `this`
      response = await fetchFn(url, {
        method,
        headers,
        body: json === undefined ? undefined : JSON.stringify(json),
        signal: AbortSignal.timeout(this.timeout),
      });
    } catch (err) {
      throw new ApiError("unavailable", "Server unreachable", String(err?.message ?? err));
    }
    const body = await response.text();
    if (response.status >= 400) {
      let problem;
      try {
        problem = JSON.parse(body);
      } catch {
        problem = { code: "internal", title: response.statusText, detail: body.slice(0, 200) };
      }
      throw errorFrom(problem, response.status);
    }
    return JSON.parse(body);
  }

  /** The catalogue: every game with its options, move and view JSON Schemas. */
  async games() {
    return (await this.call("GET", "/v1/games")).games;
  }

  async game(name) {
    return this.call("GET", `/v1/games/${encodeURIComponent(name)}`);
  }

  async createMatch(game, seats, { options = {}, bots = [] } = {}) {
    return this.call("POST", "/v1/matches", { json: { game, seats, options, bots } });
  }

  async listMatches({ game = null, status = null, limit = 50 } = {}) {
    return (await this.call("GET", "/v1/matches", { params: { game, status, limit } })).matches;
  }

  /** Take a seat: `{match, seat, token}`. The token is shown once; keep it. */
  async join(match, { seat = null, name = null } = {}) {
    const body = {};
    if (seat !== null && seat !== undefined) body.seat = seat;
    if (name !== null && name !== undefined) body.name = name;
    return this.call("POST", `/v1/matches/${match}/join`, { json: body });
  }

  async leave(match, token) {
    return this.call("POST", `/v1/matches/${match}/leave`, { token });
  }

  /** The match as the token's seat sees it (no token: as a spectator). */
  async state(match, token = null) {
    return this.call("GET", `/v1/matches/${match}`, { token });
  }

  async legal(match, token) {
    return (await this.call("GET", `/v1/matches/${match}/legal`, { token })).moves;
  }

  async move(match, token, move, { version, moveId }) {
    const json = { move_id: moveId, version, move };
    return this.call("POST", `/v1/matches/${match}/moves`, { token, json });
  }

  async events(match, { since = 0, token = null } = {}) {
    return (await this.call("GET", `/v1/matches/${match}/events`, { token, params: { since } })).events;
  }

  async say(match, token, text) {
    return this.call("POST", `/v1/matches/${match}/chat`, { token, json: { text } });
  }

  async chat(match) {
    return (await this.call("GET", `/v1/matches/${match}/chat`)).messages;
  }
}
