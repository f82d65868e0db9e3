// Type declarations for vorpal-client (hand-written; the code is plain modern JavaScript).

// -- protocol v1 frames (protocol/PROTOCOL.md) ---------------------------------------------

export type RequestId = number | string;
export type MatchStatus = "open" | "active" | "finished" | "aborted";
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface Auth { type: "auth"; id: RequestId; token: string }
export interface Subscribe { type: "subscribe"; id: RequestId; match: string; since?: number }
export interface Unsubscribe { type: "unsubscribe"; id: RequestId; match: string }
export interface MoveFrame { type: "move"; id: RequestId; match: string; move_id: string; version: number; move: Json }
export interface SayFrame { type: "say"; id: RequestId; match: string; text: string }
export interface Ping { type: "ping"; id: RequestId }
export type ClientFrame = Auth | Subscribe | Unsubscribe | MoveFrame | SayFrame | Ping;

export interface Ack { type: "ack"; id: RequestId; result: { [key: string]: Json } }
/** `current`: with `stale_version`, the match's current version; `retry_after_ms`: with `rate_limited`, when to retry. */
export interface ErrorFrame { type: "error"; id?: RequestId; code: string; title: string; detail?: string; current?: number; retry_after_ms?: number }
export interface EventFrame<G extends GameShape = AnyGame> {
  type: "event";
  match: string;
  version: number;
  event: { public: GameEvent<G>; private?: { [key: string]: Json }; then?: { public: GameEvent<G>; private?: { [key: string]: Json } }[] };
  status: MatchStatus;
  to_act: number[];
  view?: G["view"];
  legal?: G["move"][];
  outcome?: Outcome;
  /** the match clock after the event, when the match has one */
  clock?: ClockView;
  /** true: the move was made by the clock for a seat whose time ran out */
  timeout?: boolean;
}
export interface ChatFrame { type: "chat"; match: string; seat?: number; name: string; text: string; at: number }
export interface Pong { type: "pong"; id: RequestId }
export type ServerFrame = Ack | ErrorFrame | EventFrame | ChatFrame | Pong;

export const SUBPROTOCOL: "vorpal.v1.msgpack";
/** Protocol v2: events carry a patch of the view (PROTOCOL.md, section 12); LiveConnection offers it first. */
export const SUBPROTOCOL_V2: "vorpal.v2.msgpack";
/** A JSON Patch (RFC 6902) that does not apply to the view it was sent for. */
export class PatchError extends Error {}
/** `doc` with a JSON Patch (RFC 6902) applied in order; `doc` is not changed. */
export function applyPatch<T = unknown>(doc: T, patch: Record<string, unknown>[]): T;
/** `doc` with a JSON Merge Patch (RFC 7386) applied; `doc` is not changed. */
export function applyMerge<T = unknown>(doc: T, patch: unknown): T;
/** JSON values equal as JSON (RFC 6902, section 4.6). */
export function jsonEqual(x: unknown, y: unknown): boolean;
export const MAX_FRAME_BYTES: number;
export const MAX_DEPTH: number;
export const CLIENT_FRAMES: ClientFrame["type"][];
export const SERVER_FRAMES: ServerFrame["type"][];

/** Bytes that are not a valid frame: code is bad_frame, unknown_frame, bad_request or frame_too_large. */
export class DecodeError extends Error {
  code: "bad_frame" | "unknown_frame" | "bad_request" | "frame_too_large";
  detail: string;
  requestId: RequestId | null;
}
/** The canonical bytes of a frame. */
export function encode(frame: ClientFrame | ServerFrame | { type: string; [key: string]: unknown }): Uint8Array;
export function decodeClient(data: Uint8Array | ArrayBuffer): ClientFrame;
export function decodeServer(data: Uint8Array | ArrayBuffer): ServerFrame;
export function unpack(data: Uint8Array | ArrayBuffer): { [key: string]: Json };
export function byCodePoint(a: string, b: string): number;

// -- games -----------------------------------------------------------------------------------

/**
 * What the SDK's types are generic over: one game's name, view, move and options. The generated types
 * give one per game (`import type { Jabberwocky } from "vorpal-client/games"`): `LiveConnection<Jabberwocky>`
 * then types the view, the legal moves and the move it sends. Without one, any game's (`AnyGame`).
 */
export interface GameShape { name: string; view: AnyView; move: unknown; options?: object; event?: unknown }
/** Any game: a view of free maps, moves of any JSON. */
export interface AnyGame { name: string; view: View; move: Json; options: object; event: { [key: string]: Json } }
/** The public part of an event of the game `G` (its generated `Event`: told apart by `type`). */
export type GameEvent<G extends GameShape> = G extends { event: infer E } ? E : { [key: string]: Json };

// -- REST results ----------------------------------------------------------------------------

export interface View { public: { [key: string]: Json }; private?: { [key: string]: Json } }
export interface Outcome { winners: number[]; scores?: number[] | null; reason: string; rating?: string; [key: string]: Json | undefined }
export interface Game {
  name: string;
  title: string;
  min_seats: number;
  max_seats: number;
  summary: string;
  /** The game's printed components by name (Zimby Mojo's `scrolls`: each card with its `text`); `{}` for most. */
  components: { [name: string]: { [key: string]: Json }[] };
  /** The public part's constant fields (Zimby Mojo's `board`): protocol v2 leaves them out of views. */
  constants?: { [name: string]: Json };
  schemas: { options: object; move: object; view: { public: object; private: object } };
}
export interface MatchSummary {
  match: string;
  game: string;
  status: MatchStatus;
  version: number;
  seats: number;
  names: (string | null)[];
  bots: boolean[];
  open_seats: number[];
  created: number;
  updated: number;
  outcome: Outcome | null;
  /** the account id in each seat (null: a bot, an anonymous player or a free seat) */
  accounts: (string | null)[];
}
/** `account`: the account id, when the seat was joined with an API key. */
export interface SeatToken { match: string; seat: number; token: string; account?: string }
export type AccountKind = "human" | "bot";
/** An account as its owner and admins see it (never its key). */
export interface Account { id: string; name: string; kind: AccountKind; created: number; disabled: boolean }
/** One of the server's house accounts: an AI player of a fixed level, entered in ladders and tournaments. */
export interface HouseAccount { id: string; name: string; kind: AccountKind; level: number; title: string }
/** A house account entered in (or taken out of) a ladder's queue. */
export interface HouseEntry { ladder: string; account: string; queued: boolean; since?: number | null }
/** A new API key (`vpk_...`) with its account: shown this once, so keep it. */
export interface IssuedKey { account: Account; key: string }
export interface MatchState<G extends GameShape = AnyGame> {
  match: string;
  game: G["name"];
  status: MatchStatus;
  version: number;
  seats: number;
  names: (string | null)[];
  bots: boolean[];
  accounts: (string | null)[];
  you: number | null;
  to_act: number[];
  view: G["view"];
  outcome: Outcome | null;
  legal?: G["move"][] | null;
}
export interface MoveResult { match: string; version: number; duplicate?: boolean }
export interface LoggedEvent { version: number; at: number | null; event: EventFrame["event"] }
export interface ChatMessage { seat: number | null; name: string; text: string; at: number }

// -- errors ----------------------------------------------------------------------------------

export class ApiError extends Error {
  constructor(code: string, title?: string, detail?: string | null, status?: number | null, extra?: object);
  code: string;
  title: string;
  detail: string | null;
  status: number | null;
  extra: { [key: string]: unknown };
}
export class BadRequest extends ApiError {}
/** A move not applied for what it is: BadMove (bad_move) or IllegalMove (illegal_move). */
export class MoveRefused extends ApiError {}
/** bad_move: the move fails the game's move schema */
export class BadMove extends MoveRefused {}
/** illegal_move: well-formed, but against the rules now */
export class IllegalMove extends MoveRefused {}
export class Unauthorized extends ApiError {}
/** forbidden (an admin endpoint without the admin key) or account_disabled */
export class Forbidden extends ApiError {}
/**
 * forbidden, found by the SDK in a browser: the server is up, but its VORPAL_CORS_ORIGINS does not list
 * this page's origin (`localhost` and `127.0.0.1` are different origins), so the browser hid its answer.
 */
export class OriginNotAllowed extends Forbidden {
  constructor(origin: string, server: string);
  /** The page's origin: the one to add to VORPAL_CORS_ORIGINS. */
  readonly origin: string;
}
export class NotFound extends ApiError {}
export class Conflict extends ApiError {}
export class StaleVersion extends Conflict {
  /** The match's version when the move was refused (REST and WebSocket alike). */
  readonly current: number | null;
}
export class MatchOver extends Conflict {}
export class NotYourTurn extends ApiError {}
export class RateLimited extends ApiError {
  /** How long to wait before sending again (ms), when the server says. */
  readonly retryAfterMs: number | null;
}
export class UnsupportedProtocol extends ApiError {
  /** The subprotocols the server serves. */
  readonly supported: string[] | null;
}
export class Unavailable extends ApiError {}
/** internal: a server fault */
export class ServerError extends ApiError {}
/** Every code the server reports -> its class. */
export const BY_CODE: { readonly [code: string]: typeof ApiError };
export function errorFrom(
  body: { [key: string]: unknown },
  status?: number | null,
  options?: { retryAfter?: string | null },
): ApiError;

// -- clients ---------------------------------------------------------------------------------

export class VorpalClient {
  constructor(baseUrl: string, options?: { timeout?: number; fetch?: typeof fetch });
  baseUrl: string;
  games(): Promise<Game[]>;
  game(name: string): Promise<Game>;
  createMatch(
    game: string,
    seats: number,
    options?: { options?: object; bots?: number[]; timeControl?: TimeControl | null },
  ): Promise<MatchSummary>;
  listMatches(filter?: { game?: string | null; status?: MatchStatus | null; limit?: number }): Promise<MatchSummary[]>;
  /** With `key` (an account's API key) the seat is the account's; it plays under its own name. */
  join(
    match: string,
    options?: { seat?: number | null; name?: string | null; key?: string | null; joinId?: string | null },
  ): Promise<SeatToken>;
  /** `status` is the match's after the leave: "open", or "aborted" when no player is left. */
  leave(match: string, token: string): Promise<{ match: string; seat: number; left: true; status: "open" | "aborted" }>;
  /** `G`: the match's game, for a typed view and legal moves (`api.state<Jabberwocky>(match, token)`). */
  state<G extends GameShape = AnyGame>(match: string, token?: string | null): Promise<MatchState<G>>;
  /** The match as the token's seat (no token: a spectator) saw it at `version`; `version_not_found` beyond what it may see. */
  stateAt<G extends GameShape = AnyGame>(match: string, version: number, token?: string | null): Promise<MatchState<G>>;
  legal<G extends GameShape = AnyGame>(match: string, token: string): Promise<G["move"][]>;
  move<G extends GameShape = AnyGame>(
    match: string,
    token: string,
    move: G["move"],
    options: { version: number; moveId: string },
  ): Promise<MoveResult>;
  events(match: string, options?: { since?: number; token?: string | null }): Promise<LoggedEvent[]>;
  say(match: string, token: string, text: string): Promise<ChatMessage & { match: string }>;
  chat(match: string): Promise<ChatMessage[]>;
  register(name: string, options?: { kind?: AccountKind }): Promise<IssuedKey>;
  houseAccounts(): Promise<HouseAccount[]>;
  account(key: string): Promise<Account>;
  /** The key sent stops working at once. */
  rotateKey(key: string): Promise<IssuedKey>;
  revokeKey(key: string): Promise<Account>;
  /** The account's notices numbered above `since`, oldest first. */
  /** The account's matches, newest first (`status: "active"`: where it sits now); ended ones as they ended. */
  myMatches(key: string, options?: { status?: MatchStatus | null; limit?: number }): Promise<MatchSummary[]>;
  inbox(key: string, options?: { since?: number }): Promise<Notice[]>;
  ladders(): Promise<Ladder[]>;
  ladder(ladder: string): Promise<Ladder>;
  /** Wait in the ladder's queue (`already_queued` if the account waits there already). */
  joinQueue(ladder: string, key: string): Promise<{ ladder: string; queued: true; since: number }>;
  /** Stop waiting (`not_queued` if the account was not waiting). */
  leaveQueue(ladder: string, key: string): Promise<{ ladder: string; queued: false }>;
  ladderStatus(ladder: string, key: string): Promise<LadderStatus>;
  /** `season`: a past season's board (the current one by default). */
  leaderboard(ladder: string, options?: { limit?: number; season?: number | null }): Promise<(LadderRating & { rank: number })[]>;
  ratingHistory(ladder: string, account: string, options?: { limit?: number }): Promise<RatedMatch[]>;
  createLadder(
    adminKey: string,
    name: string,
    game: string,
    seats: number,
    options?: { options?: object; timeControl?: TimeControl | null; join_s?: number; window?: number; widen_per_s?: number },
  ): Promise<Ladder>;
  adminMatches(adminKey: string, filter?: { game?: string | null; status?: MatchStatus | null; limit?: number }): Promise<MatchSummary[]>;
  abortMatch(match: string, adminKey: string): Promise<MatchSummary>;
  /** The account's key is refused, and it leaves every ladder's queue and every tournament. */
  disableAccount(account: string, adminKey: string): Promise<Account>;
  enableAccount(account: string, adminKey: string): Promise<Account>;
  /** Every account, oldest first. */
  adminAccounts(adminKey: string, options?: { limit?: number }): Promise<Account[]>;
  editLadder(
    ladder: string,
    adminKey: string,
    changes: { name?: string; options?: object; time_control?: TimeControl; join_s?: number; window?: number; widen_per_s?: number },
  ): Promise<Ladder>;
  pauseLadder(ladder: string, adminKey: string): Promise<Ladder>;
  resumeLadder(ladder: string, adminKey: string): Promise<Ladder>;
  newSeason(ladder: string, adminKey: string): Promise<Ladder>;
  deleteLadder(ladder: string, adminKey: string): Promise<{ ladder: string; deleted: true }>;
  enterHouse(ladder: string, level: number, adminKey: string): Promise<HouseEntry>;
  removeHouse(ladder: string, level: number, adminKey: string): Promise<HouseEntry>;
  createTournament(
    key: string,
    name: string,
    game: string,
    options: {
      format: TournamentFormat;
      timeControl: Record<string, Json>;
      seats?: number;
      options?: Record<string, Json>;
      rounds?: number | null;
      spectatorDelay?: { moves?: number; seconds?: number } | null;
      max_entrants?: number | null;
      registration_closes?: number | null;
      starts_at?: number | null;
      seeding?: "registration" | "rating";
      seed_ladder?: string | null;
      withdraw_after_forfeits?: number | null;
    },
  ): Promise<Tournament>;
  tournaments(options?: { limit?: number }): Promise<TournamentSummary[]>;
  tournament(tournament: string): Promise<Tournament>;
  registerTournament(tournament: string, key: string): Promise<Tournament>;
  unregisterTournament(tournament: string, key: string): Promise<Tournament>;
  /** With the organiser's API key (or the admin key); before the start. */
  enterHouseInTournament(tournament: string, level: number, key: string): Promise<Tournament>;
  /** With the organiser's API key (or the admin key). */
  startTournament(tournament: string, key: string): Promise<Tournament>;
  /** The organiser's (or the admin's) acts on a tournament. */
  withdrawFromTournament(tournament: string, account: string, key: string, options?: { reason?: string }): Promise<Tournament>;
  pauseTournament(tournament: string, key: string): Promise<Tournament>;
  resumeTournament(tournament: string, key: string): Promise<Tournament>;
  cancelTournament(tournament: string, key: string): Promise<Tournament>;
  adjudicate(tournament: string, match: string, winners: number[], key: string, options: { reason: string }): Promise<Tournament>;
  exportTournament(tournament: string, options?: { format?: "json" }): Promise<Tournament>;
  exportTournament(tournament: string, options: { format: "csv" }): Promise<string>;
}

export type TournamentFormat = "round_robin" | "swiss" | "single_elimination";

export interface TournamentPairing {
  match: string;
  accounts: string[];
  ended: boolean;
  /** The match's winners (seat numbers) that played it out; null if it ended without an outcome. */
  winners: number[] | null;
  /** Seats that never sat down or forfeited: they score nothing, whatever the outcome says. */
  absent?: number[];
}

export interface TournamentRound { number: number; pairings: TournamentPairing[]; byes: string[] }

export interface Standing {
  rank: number;
  account: string;
  name: string;
  points: number;
  buchholz: number;
  median_buchholz: number;
  wins: number;
  byes: number;
  played: number;
  /** Single elimination: the last round the player was in. */
  reached: number | null;
  /** Withdrawn: its past results stand, it was paired no more. */
  withdrawn?: boolean;
}

export interface Tournament {
  id: string;
  name: string;
  game: string;
  seats: number;
  format: TournamentFormat;
  status: "registering" | "running" | "finished" | "cancelled";
  organiser: string | null;
  options: Record<string, Json>;
  time_control: Record<string, Json>;
  spectator_delay: { moves: number; seconds: number };
  entrants: { account: string; name: string }[];
  rounds: TournamentRound[];
  rounds_wanted: number | null;
  planned_rounds: number;
  standings: Standing[];
  version: number;
  created: number;
  updated: number;
  paused?: boolean;
  max_entrants?: number | null;
  registration_closes?: number | null;
  starts_at?: number | null;
  seeding?: "registration" | "rating";
  seed_ladder?: string | null;
  withdraw_after_forfeits?: number | null;
  withdrawn?: { account: string; after_round: number; by: "organiser" | "admin" | "disabled" | "forfeits"; reason: string; at: number }[];
  adjudications?: { round: number; match: string; winners: number[]; by: string; reason: string; at: number }[];
}

export interface TournamentSummary {
  id: string;
  name: string;
  game: string;
  format: TournamentFormat;
  status: Tournament["status"];
  entrants: number;
  rounds: number;
  created: number;
}

export function myMatch(tournament: Tournament, account: string): { round: number; match: string; seat: number } | null;

/** Register (while it is open) and play every round's match as the account of `key`, until it finishes. */
export function playTournament(
  server: string,
  tournament: string,
  key: string,
  options?: NonNullable<Parameters<typeof play>[3]> & { pollMs?: number; signal?: AbortSignal | null; onMatch?: ((match: string, seat: number) => void) | null },
): Promise<Tournament>;

/** Pushed to `events` after a reconnect: the state the re-subscription returned. */
export interface Resumed<G extends GameShape = AnyGame> { type: "resumed"; match: string; state: MatchState<G> }
/** Pushed to `events` when a re-subscription finds the match gone (a failover lost it whole, or it expired). */
export interface Gone { type: "gone"; match: string; error: ApiError }
export type Pushed<G extends GameShape = AnyGame> = EventFrame<G> | ChatFrame | ErrorFrame | Resumed<G> | Gone;

export class FrameQueue<T = Pushed> {
  push(item: T): void;
  readonly size: number;
  get(options?: { timeout?: number | null }): Promise<T>;
  [Symbol.asyncIterator](): AsyncIterator<T>;
}

export function wsUrl(baseUrl: string, match?: string | null): string;
/** CRC-32 of a string's UTF-8 bytes (zlib's): picks the first URL a match's connection tries. */
export function crc32(text: string): number;

/**
 * `G`: the game of the matches played on the connection, typed (`LiveConnection<Jabberwocky>`; the
 * generated types of vorpal-client/games); any game's without it.
 */
export class LiveConnection<G extends GameShape = AnyGame> {
  /**
   * One URL, or those of several instances of one deployment (tried in turn on connect and on
   * reconnect). Times in milliseconds. `WebSocket` defaults to the global one, else the `ws`
   * package. `match` names the match for load balancers and picks the first URL tried.
   */
  constructor(
    baseUrl: string | string[],
    options?: {
      reconnect?: boolean;
      maxBackoff?: number;
      requestTimeout?: number;
      WebSocket?: unknown;
      match?: string | null;
      /** "v2" (default: v2 where the server speaks it, whole views kept by the SDK) or "v1". */
      protocol?: "v1" | "v2";
      /** The catalogue's `constants` of a game (default: GET /v1/games/{game} on the instance connected to). */
      fetchConstants?: (game: string) => Promise<Record<string, unknown>>;
    },
  );
  /** The WebSocket URLs, in the order given. */
  readonly urls: string[];
  /** The URL of the current (or last tried) connection. */
  readonly url: string;
  readonly events: FrameQueue<Pushed<G>>;
  /** Whether this socket speaks protocol v2 (the server's choice); the views handed on are whole either way. */
  readonly v2: boolean;
  readonly versions: Map<string, number>;
  readonly tokens: Map<string, string>;
  /** The signed-in account's notices, in seq order, each once (resumed with `since` after a reconnect). */
  readonly notices: FrameQueue<NoticeFrame>;
  /** The API key signed in with, if any. */
  readonly key: string | null;
  /** The last notice seq seen (null: not signed in yet). */
  readonly noticeSeq: number | null;
  readonly reconnects: number;
  /** The socket is open and, after a reconnect, tokens and subscriptions are presented again. */
  readonly connected: boolean;
  onwarning: ((message: string) => void) | null;
  connect(): Promise<this>;
  close(): Promise<void>;
  drop(): void;
  request(frame: { type: string; [key: string]: unknown }): Promise<{ [key: string]: Json }>;
  auth(token: string): Promise<{ match: string; seat: number }>;
  /** Sign in as the key's account: the kept notices above `since` first (none without it), then live ones. */
  signIn(key: string, options?: { since?: number | null }): Promise<{ account: string; name: string; seq: number }>;
  /** Queue the signed-in account on a ladder (`already_queued`, `ladder_not_found`, `unauthorized`...). */
  queue(ladder: string): Promise<{ ladder: string; queued: true; since: number }>;
  unqueue(ladder: string): Promise<{ ladder: string; queued: false }>;
  subscribe(match: string, options?: { since?: number | null }): Promise<MatchState<G>>;
  unsubscribe(match: string): Promise<void>;
  move(match: string, move: G["move"], options: { version: number; moveId: string }): Promise<MoveResult>;
  say(match: string, text: string): Promise<ChatMessage & { match: string }>;
  ping(): Promise<void>;
}

// -- the bot runner and strategies ------------------------------------------------------------

/** What one seat knows at the moment it must act. */
/** What a typed view must have: the generated game types (vorpal-client/games) are interfaces, without index signatures. */
export interface AnyView { public: object; private?: object | null }
export interface Decision<V extends AnyView = View, M = Json> {
  match: string;
  game: string;
  /** the seat that acts */
  seat: number;
  /** the match version the move will be sent at */
  version: number;
  /** `{public, private}`, as the game's view schemas describe it */
  view: V;
  /** every move the rules allow now; a strategy returns one of them */
  legal: M[];
  /** the events this seat received since it last acted, oldest first (at most `recent`) */
  events: { version: number; event: EventFrame["event"] }[];
  /** the seat's time left for this decision, in seconds, when the server sent it (null: no clock) */
  clock: number | null;
}

/** Chooses a move (or a promise of one); asked at most once per match version. */
export type Strategy<V extends AnyView = View, M = Json> = (decision: Decision<V, M>) => M | Promise<M>;

/** The strategy threw, returned nothing, or the server refused its move (`error`: illegal_move, bad_move). */
export class StrategyFailed extends Error {
  decision: Decision;
  move: Json | null;
  error: ApiError | null;
  cause?: unknown;
}

export const RECENT_EVENTS: number;

/** `server`: one URL, or those of several instances of one deployment (see LiveConnection). */
export function play(
  server: string | string[],
  match: string,
  token: string,
  options?: {
    /** default: random legal moves, seeded by `seed` */
    strategy?: Strategy<any, any> | null;
    seed?: number | null;
    /** mean wait before each move, in milliseconds */
    think?: number;
    live?: LiveConnection<any> | null;
    /** on a strategy failure: play a random legal move and go on (default), or throw the StrategyFailed */
    onError?: "continue" | "stop";
    report?: (failure: StrategyFailed) => void;
    /** how many recent events a decision carries at most */
    recent?: number;
  },
): Promise<MatchState>;
export function nextState(
  conn: LiveConnection<any>,
  match: string,
  state: MatchState,
  events?: Decision["events"] | null,
  recent?: number,
): Promise<MatchState>;
/** With `within` (ms): null when no frame came in that time. */
export function nextState(
  conn: LiveConnection,
  match: string,
  state: MatchState,
  events: Decision["events"] | null,
  recent: number | undefined,
  within: number,
): Promise<MatchState | null>;
export function untilAvailable<T>(call: () => Promise<T>, options?: { attempts?: number }): Promise<T>;
export function logFailure(failure: StrategyFailed): void;
export function randomStrategy(seed?: number | null): Strategy;
/** The legal move worth most at once, in the games of GREEDY_WORTH (throws in others; at once, for a `game` it does not know). */
export function greedyStrategy(options?: { game?: string | null }): Strategy;
export const GREEDY_WORTH: { [game: string]: (publicView: any, move: any) => number };

export const POLL_MS: number;
/** Queue on `ladder`, play each pairing, queue again, until `signal` aborts (or `matches` were played). */
export function playLadder(
  server: string,
  ladder: string,
  key: string,
  options?: {
    strategy?: Strategy<any, any> | null;
    seed?: number | null;
    think?: number;
    matches?: number | null;
    signal?: AbortSignal | null;
    /** milliseconds between two looks at the inbox while waiting */
    pollMs?: number;
    onMatch?: ((match: string, seat: number, final: MatchState) => void) | null;
    onError?: "continue" | "stop";
    report?: (failure: StrategyFailed) => void;
  },
): Promise<number>;

/** A notice pushed to a connection signed in with an API key. */
export interface NoticeFrame extends Notice { type: "notice" }

export const QUIET_MS: number;
/** An account's new notices for the runners: pushed on a signed-in socket, the inbox polled while it is down. */
export class NoticeFeed {
  constructor(server: string, api: VorpalClient, key: string, options: { pollMs: number; quietMs?: number; WebSocket?: unknown });
  readonly pushed: boolean;
  open(since: number): Promise<void>;
  close(): Promise<void>;
  queue(ladder: string): Promise<void>;
  next(since: number, signal?: AbortSignal | null): Promise<Notice[]>;
}

/** One notice of an account's inbox (`match_found`: data has ladder, match, seat, game, accounts, join_by). */
export interface Notice { seq: number; at: number; kind: string; data: { [key: string]: any } }
export interface Ladder {
  id: string;
  name: string;
  game: string;
  seats: number;
  options: object;
  time_control: TimeControl | null;
  join_s: number;
  window: number;
  widen_per_s: number;
  created: number;
  /** Paused by an admin: accounts may queue, nobody is paired. */
  paused?: boolean;
  /** The season its board rates. */
  season?: number;
}
/** OpenSkill's mu and sigma, and display = 1000 + 40 * (mu - 3 * sigma). */
export interface LadderRating {
  account: string;
  name: string;
  mu: number;
  sigma: number;
  display: number;
  games: number;
  wins: number;
  last_played: number | null;
}
export interface LadderStatus {
  ladder: string;
  queued: boolean;
  since: number | null;
  matches: string[];
  rating: LadderRating | null;
}
export interface RatedMatch { match: string; at: number; rank: number; mu: number; sigma: number; display: number; change: number }
export function randomSource(seed?: number | null): () => number;

/** A match clock (PROTOCOL.md, "Match clocks"). */
export interface TimeControl {
  kind: "none" | "per_decision" | "fischer";
  limit_ms?: number | null;
  base_ms?: number | null;
  increment_ms?: number;
  sealed_ms?: number | null;
  on_timeout?: "default_move" | "random_move" | "forfeit";
}

/** What every recipient sees of a match clock: the server's time and each seat to act's deadline. */
export interface ClockView {
  kind: "per_decision" | "fischer";
  now: number;
  remaining_ms: number[] | null;
  deadlines: Record<string, number>;
}

export function secondsLeft(clock: ClockView | null | undefined, seat: number): number | null;
