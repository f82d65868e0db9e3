// The REST half of the SDK: the match lifecycle over fetch (mirrors vorpal_client/rest.py).
// Results are the server's JSON objects, field names as on the wire.

import { ApiError, errorFrom } from "./errors.js";
import { corsRefusal } from "./origin.js";

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
      const refused = await corsRefusal(err, this.baseUrl, this.fetch, this.timeout);
      throw refused ?? new ApiError("unavailable", "Server unreachable", String(err?.message ?? err));
    }
    const body = await response.text();
    if (response.status >= 400) {
      let problem;
      try {
        problem = JSON.parse(body);
      } catch {
        problem = { code: "internal", title: response.statusText, detail: body.slice(0, 200) };
      }
      throw errorFrom(problem, response.status, { retryAfter: response.headers.get("Retry-After") });
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

  /** A new match; `timeControl` e.g. `{kind: "per_decision", limit_ms: 5000}` (PROTOCOL.md). */
  async createMatch(game, seats, { options = {}, bots = [], timeControl = null } = {}) {
    const json = { game, seats, options, bots };
    if (timeControl !== null) json.time_control = timeControl;
    return this.call("POST", "/v1/matches", { json });
  }

  async listMatches({ game = null, status = null, limit = 50 } = {}) {
    return (await this.call("GET", "/v1/matches", { params: { game, status, limit } })).matches;
  }

  /**
   * Take a seat: `{match, seat, token}`. The token is shown once; keep it. With an account's
   * API key (`key`), the seat is the account's (it plays under its own name; `account` in the result);
   * an account that sits in the match already gets its seat again, with a new token (a restarted bot).
   * `joinId`, a key of the caller's choosing, makes a retry answer as the first join did.
   */
  async join(match, { seat = null, name = null, key = null, joinId = null } = {}) {
    const body = {};
    if (seat !== null && seat !== undefined) body.seat = seat;
    if (name !== null && name !== undefined) body.name = name;
    if (joinId !== null && joinId !== undefined) body.join_id = joinId;
    return this.call("POST", `/v1/matches/${match}/join`, { token: key, json: body });
  }

  async leave(match, token) {
    return this.call("POST", `/v1/matches/${match}/leave`, { token });
  }

  /** The match as the token's seat sees it (no token: as a spectator). */
  async state(match, token = null) {
    return this.call("GET", `/v1/matches/${match}`, { token });
  }

  /** The match as the token's seat (no token: a spectator) saw it at `version` (a past one: replayed, no clock). */
  async stateAt(match, version, token = null) {
    return this.call("GET", `/v1/matches/${match}/versions/${version}`, { token });
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

  // -- accounts ------------------------------------------------------------------------------

  /** A new account (`kind`: "human" or "bot") and its API key: `{account, key}`, the key shown this once. */
  /** The house accounts: one AI player per level (`house-<level>`), weakest first. */
  async houseAccounts() {
    return (await this.call("GET", "/v1/accounts/house")).accounts;
  }

  async register(name, { kind = "bot" } = {}) {
    return this.call("POST", "/v1/accounts", { json: { name, kind } });
  }

  async account(key) {
    return this.call("GET", "/v1/accounts/me", { token: key });
  }

  /** A new key for the account: `{account, key}`; `key` stops working at once. */
  async rotateKey(key) {
    return this.call("POST", "/v1/accounts/me/key", { token: key });
  }

  /** `key` stops working and nothing replaces it; resolves to the account. */
  async revokeKey(key) {
    return (await this.call("DELETE", "/v1/accounts/me/key", { token: key })).account;
  }

  // -- tournaments ---------------------------------------------------------------------------

  /**
   * A new tournament organised by the account of `key` (the admin key: no organiser).
   * `format`: "round_robin", "swiss" or "single_elimination"; `timeControl` is required (every
   * round must end); `spectatorDelay` e.g. `{moves: 2}` or `{seconds: 30}`.
   */
  async createTournament(key, name, game, { format, timeControl, seats = 2, options = {}, rounds = null, spectatorDelay = null, ...entry }) {
    // `entry`: max_entrants, registration_closes, starts_at (ms), seeding ("rating" with seed_ladder),
    // withdraw_after_forfeits (PROTOCOL.md 8.2), with the server's names.
    const json = { name, game, seats, options, format, time_control: timeControl, ...entry };
    if (rounds !== null) json.rounds = rounds;
    if (spectatorDelay !== null) json.spectator_delay = spectatorDelay;
    return this.call("POST", "/v1/tournaments", { token: key, json });
  }

  /** Tournaments, newest first: a summary of each (id, name, game, format, status, entrants). */
  async tournaments({ limit = 50 } = {}) {
    return (await this.call("GET", "/v1/tournaments", { params: { limit } })).tournaments;
  }

  /** The tournament with its rounds and its standings (best first). */
  async tournament(tournament) {
    return this.call("GET", `/v1/tournaments/${encodeURIComponent(tournament)}`);
  }

  async registerTournament(tournament, key) {
    return this.call("POST", `/v1/tournaments/${encodeURIComponent(tournament)}/register`, { token: key });
  }

  async unregisterTournament(tournament, key) {
    return this.call("DELETE", `/v1/tournaments/${encodeURIComponent(tournament)}/register`, { token: key });
  }

  /** Register the house account of `level` (the organiser's API key, or the admin key; before the start). */
  async enterHouseInTournament(tournament, level, key) {
    const path = `/v1/tournaments/${encodeURIComponent(tournament)}/house`;
    return this.call("POST", path, { token: key, json: { level } });
  }

  /** Start it, with its organiser's API key (or the admin key). */
  async startTournament(tournament, key) {
    return this.call("POST", `/v1/tournaments/${encodeURIComponent(tournament)}/start`, { token: key });
  }

  // -- the organiser's acts (its API key, or the admin key) --

  /** Withdraw `account`: its results stay, it is paired no more (before the start: unregistered). */
  async withdrawFromTournament(tournament, account, key, { reason = "" } = {}) {
    const path = `/v1/tournaments/${encodeURIComponent(tournament)}/withdraw`;
    return this.call("POST", path, { token: key, json: { account, reason } });
  }

  /** Hold the next round's pairing (matches under way go on). */
  async pauseTournament(tournament, key) {
    return this.call("POST", `/v1/tournaments/${encodeURIComponent(tournament)}/pause`, { token: key });
  }

  async resumeTournament(tournament, key) {
    return this.call("POST", `/v1/tournaments/${encodeURIComponent(tournament)}/resume`, { token: key });
  }

  /** End it where it stands; its matches under way are aborted. */
  async cancelTournament(tournament, key) {
    return this.call("POST", `/v1/tournaments/${encodeURIComponent(tournament)}/cancel`, { token: key });
  }

  /** Decide `match`'s result (the winning seats; empty: nobody scores), logged with who and why. */
  async adjudicate(tournament, match, winners, key, { reason }) {
    const path = `/v1/tournaments/${encodeURIComponent(tournament)}/adjudicate`;
    return this.call("POST", path, { token: key, json: { match, winners, reason } });
  }

  /** The results: the tournament as JSON, or its standings as CSV text (`format: "csv"`). */
  async exportTournament(tournament, { format = "json" } = {}) {
    const path = `/v1/tournaments/${encodeURIComponent(tournament)}/export`;
    if (format !== "csv") return this.call("GET", path, { params: { format } });
    let response;
    try {
      const fetchFn = this.fetch;
      response = await fetchFn(`${this.baseUrl}${path}?format=csv`, { signal: AbortSignal.timeout(this.timeout) });
    } catch (err) {
      const refused = await corsRefusal(err, this.baseUrl, this.fetch, this.timeout);
      throw refused ?? new ApiError("unavailable", "Server unreachable", String(err?.message ?? err));
    }
    const body = await response.text();
    if (response.status >= 400) throw errorFrom(JSON.parse(body), response.status);
    return body;
  }

  /**
   * The account's matches, newest first (`status: "active"`: where it sits now); each ended one as it
   * ended, kept beyond the match itself.
   */
  async myMatches(key, { status = null, limit = 50 } = {}) {
    const params = { limit };
    if (status !== null && status !== undefined) params.status = status;
    return (await this.call("GET", "/v1/accounts/me/matches", { token: key, params })).matches;
  }

  /** The account's notices numbered above `since`, oldest first (`match_found`: a ladder paired it). */
  async inbox(key, { since = 0 } = {}) {
    return (await this.call("GET", "/v1/accounts/me/inbox", { token: key, params: { since } })).notices;
  }

  // -- ladders -------------------------------------------------------------------------------

  async ladders() {
    return (await this.call("GET", "/v1/ladders")).ladders;
  }

  async ladder(ladder) {
    return this.call("GET", `/v1/ladders/${encodeURIComponent(ladder)}`);
  }

  /**
   * Wait in the ladder's queue: `{ladder, queued, since}` (`already_queued` if the account waits
   * there already). A pairing arrives as a `match_found` notice (`inbox`).
   */
  async joinQueue(ladder, key) {
    return this.call("POST", `/v1/ladders/${encodeURIComponent(ladder)}/queue`, { token: key });
  }

  /** Stop waiting (`not_queued` if the account was not waiting). */
  async leaveQueue(ladder, key) {
    return this.call("DELETE", `/v1/ladders/${encodeURIComponent(ladder)}/queue`, { token: key });
  }

  /** `{ladder, queued, since, matches, rating}`: waiting or not, and the matches not yet rated. */
  async ladderStatus(ladder, key) {
    return this.call("GET", `/v1/ladders/${encodeURIComponent(ladder)}/me`, { token: key });
  }

  /** The ladder's rated accounts, best display rating first. */
  /** The ladder's board, best first (`season`: a past season's). */
  async leaderboard(ladder, { limit = 100, season = null } = {}) {
    const params = { limit, season };
    return (await this.call("GET", `/v1/ladders/${encodeURIComponent(ladder)}/leaderboard`, { params })).ratings;
  }

  /** An account's rated matches on the ladder, oldest first (the newest `limit`). */
  async ratingHistory(ladder, account, { limit = 100 } = {}) {
    const path = `/v1/ladders/${encodeURIComponent(ladder)}/accounts/${encodeURIComponent(account)}/history`;
    return (await this.call("GET", path, { params: { limit } })).history;
  }

  // -- admin (the server's VORPAL_ADMIN_KEY) -------------------------------------------------

  /** A new ladder; `settings`: `join_s`, `window`, `widen_per_s` (PROTOCOL.md, Ladders). */
  async createLadder(adminKey, name, game, seats, { options = {}, timeControl = null, ...settings } = {}) {
    const json = { name, game, seats, options, ...settings };
    if (timeControl !== null) json.time_control = timeControl;
    return this.call("POST", "/v1/admin/ladders", { token: adminKey, json });
  }

  async adminMatches(adminKey, { game = null, status = null, limit = 50 } = {}) {
    return (await this.call("GET", "/v1/admin/matches", { token: adminKey, params: { game, status, limit } })).matches;
  }

  async abortMatch(match, adminKey) {
    return this.call("POST", `/v1/admin/matches/${match}/abort`, { token: adminKey });
  }

  /** Disable an account: its key is refused, and it leaves every ladder's queue and every tournament. */
  async disableAccount(account, adminKey) {
    return this.call("POST", `/v1/admin/accounts/${encodeURIComponent(account)}/disable`, { token: adminKey });
  }

  /** Enable a disabled account again (its current key works again). */
  async enableAccount(account, adminKey) {
    return this.call("POST", `/v1/admin/accounts/${encodeURIComponent(account)}/enable`, { token: adminKey });
  }

  /** Every account, oldest first (read a page at a time, as the server hands them out). */
  async adminAccounts(adminKey, { limit = 100 } = {}) {
    const out = [];
    let after = null;
    for (;;) {
      const params = after === null ? { limit } : { limit, after };
      const page = await this.call("GET", "/v1/admin/accounts", { token: adminKey, params });
      out.push(...page.accounts);
      if (page.next === null) return out;
      after = page.next;
    }
  }

  /** Change a ladder's `name`, `options`, `time_control`, `join_s`, `window` or `widen_per_s`. */
  async editLadder(ladder, adminKey, changes) {
    return this.call("PATCH", `/v1/admin/ladders/${encodeURIComponent(ladder)}`, { token: adminKey, json: changes });
  }

  async pauseLadder(ladder, adminKey) {
    return this.call("POST", `/v1/admin/ladders/${encodeURIComponent(ladder)}/pause`, { token: adminKey });
  }

  async resumeLadder(ladder, adminKey) {
    return this.call("POST", `/v1/admin/ladders/${encodeURIComponent(ladder)}/resume`, { token: adminKey });
  }

  /** A fresh board; past seasons' stay readable (`leaderboard(ladder, {season})`). */
  async newSeason(ladder, adminKey) {
    return this.call("POST", `/v1/admin/ladders/${encodeURIComponent(ladder)}/season`, { token: adminKey });
  }

  /** Enter the house account of `level` in the ladder's queue, for good: `{ladder, account, queued, since}`. */
  async enterHouse(ladder, level, adminKey) {
    const path = `/v1/admin/ladders/${encodeURIComponent(ladder)}/house`;
    return this.call("POST", path, { token: adminKey, json: { level } });
  }

  /** Take the house account of `level` out of the ladder's queue. */
  async removeHouse(ladder, level, adminKey) {
    return this.call("DELETE", `/v1/admin/ladders/${encodeURIComponent(ladder)}/house/${level}`, { token: adminKey });
  }

  async deleteLadder(ladder, adminKey) {
    return this.call("DELETE", `/v1/admin/ladders/${encodeURIComponent(ladder)}`, { token: adminKey });
  }
}
