// Errors the server reports, as exceptions: match on the class or on `.code`
// (mirrors clients/python/vorpal_client/errors.py).
//
// Every code of the server's tree (server/engine/errors.py, PROTOCOL.md section 7) has a
// named class here; BY_CODE is the map, and a test fails if a code is missing from it:
//
//     ApiError(code, title, detail, status, extra)
//      ├── BadRequest           bad_request / bad_options / bad_frame / unknown_frame / frame_too_large /
//      │                        method_not_allowed / unsupported_media_type / payload_too_large
//      ├── MoveRefused          a move the server did not apply, for what the move is
//      │    ├── BadMove         bad_move      malformed: fails the game's move schema
//      │    └── IllegalMove     illegal_move  well-formed, but against the rules now
//      ├── Unauthorized         unauthorized (a missing, wrong, replaced or revoked key or token)
//      ├── Forbidden            forbidden / account_disabled
//      │    └── OriginNotAllowed  forbidden, found by the SDK: a browser page whose origin the server's
//      │                        VORPAL_CORS_ORIGINS does not list (src/origin.js)
//      ├── NotFound             not_found / unknown_game / match_not_found / account_not_found /
//      │                        tournament_not_found / ladder_not_found / version_not_found
//      ├── Conflict             conflict / seat_taken / match_full / match_started / match_not_started /
//      │    │                   not_subscribed / already_registered / not_registered / tournament_started /
//      │    │                   tournament_full / registration_closed / tournament_over /
//      │    │                   already_queued / not_queued
//      │    ├── StaleVersion    stale_version (`.current`: the match's version)
//      │    └── MatchOver       match_over
//      ├── NotYourTurn          not_your_turn
//      ├── RateLimited          rate_limited (`.retryAfterMs`: how long to wait, when the server says)
//      ├── UnsupportedProtocol  unsupported_protocol (`.supported`: the subprotocols served)
//      ├── Unavailable          unavailable (retry later)
//      └── ServerError          internal
//
// `bad_move` and `illegal_move` are kept apart, as the server keeps them; a caller that does
// not care catches MoveRefused. Extra members of the error (`current`, `retry_after_ms`,
// `supported`...) are in `.extra` under their wire names.

export class ApiError extends Error {
  constructor(code, title = "", detail = null, status = null, extra = {}) {
    super(`${code}: ${detail || title}`);
    this.name = new.target.name;
    this.code = code;
    this.title = title;
    this.detail = detail;
    this.status = status;
    this.extra = extra;
  }
}

export class BadRequest extends ApiError {}
/** The move was not applied because of what it is (not because of when it came). */
export class MoveRefused extends ApiError {}
export class BadMove extends MoveRefused {}
export class IllegalMove extends MoveRefused {}
export class Unauthorized extends ApiError {}
export class Forbidden extends ApiError {}
export class NotFound extends ApiError {}
export class Conflict extends ApiError {}
export class StaleVersion extends Conflict {
  /** The match's version when the move was refused: choose the move again at it. */
  get current() {
    return Number.isInteger(this.extra.current) ? this.extra.current : null;
  }
}
export class MatchOver extends Conflict {}
export class NotYourTurn extends ApiError {}
export class RateLimited extends ApiError {
  /** How long to wait before sending again (ms), when the server says (else null). */
  get retryAfterMs() {
    return Number.isInteger(this.extra.retry_after_ms) ? this.extra.retry_after_ms : null;
  }
}
export class UnsupportedProtocol extends ApiError {
  /** The subprotocols the server serves. */
  get supported() {
    return Array.isArray(this.extra.supported) ? [...this.extra.supported] : null;
  }
}
export class Unavailable extends ApiError {}
export class ServerError extends ApiError {}

/** Every code the server reports -> its class. */
export const BY_CODE = Object.freeze({
  bad_request: BadRequest,
  bad_options: BadRequest,
  bad_frame: BadRequest,
  unknown_frame: BadRequest,
  frame_too_large: BadRequest,
  method_not_allowed: BadRequest,
  unsupported_media_type: BadRequest,
  payload_too_large: BadRequest,
  bad_move: BadMove,
  illegal_move: IllegalMove,
  unauthorized: Unauthorized,
  forbidden: Forbidden,
  account_disabled: Forbidden,
  not_found: NotFound,
  unknown_game: NotFound,
  match_not_found: NotFound,
  account_not_found: NotFound,
  tournament_not_found: NotFound,
  already_registered: Conflict,
  not_registered: Conflict,
  tournament_started: Conflict,
  tournament_full: Conflict,
  registration_closed: Conflict,
  tournament_over: Conflict,
  ladder_not_found: NotFound,
  version_not_found: NotFound,
  already_queued: Conflict,
  not_queued: Conflict,
  conflict: Conflict,
  seat_taken: Conflict,
  match_full: Conflict,
  match_started: Conflict,
  match_not_started: Conflict,
  not_subscribed: Conflict,
  stale_version: StaleVersion,
  match_over: MatchOver,
  not_your_turn: NotYourTurn,
  rate_limited: RateLimited,
  unsupported_protocol: UnsupportedProtocol,
  unavailable: Unavailable,
  internal: ServerError,
});

const KNOWN = new Set(["type", "title", "status", "code", "detail", "instance", "id"]);

/**
 * The error for a problem body (REST) or an `error` frame (WebSocket). `retryAfter` is REST's
 * `Retry-After` header (seconds): it gives `retry_after_ms` when the body does not.
 */
export function errorFrom(body, status = null, { retryAfter = null } = {}) {
  const code = String(body?.code ?? "internal");
  const Cls = Object.hasOwn(BY_CODE, code) ? BY_CODE[code] : ApiError;
  const extra = Object.fromEntries(Object.entries(body ?? {}).filter(([k, v]) => !KNOWN.has(k) && v != null));
  if (retryAfter !== null && retryAfter !== undefined && !("retry_after_ms" in extra)) {
    const seconds = Number(retryAfter);
    if (retryAfter !== "" && Number.isFinite(seconds)) extra.retry_after_ms = Math.round(seconds * 1000);
  }
  return new Cls(code, String(body?.title ?? ""), body?.detail ?? null, status ?? body?.status ?? null, extra);
}
