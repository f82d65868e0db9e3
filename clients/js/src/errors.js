// Errors the server reports, as exceptions: match on the class or on `.code`
// (mirrors clients/python/vorpal_client/errors.py).
//
//     ApiError(code, title, detail, status)
//      ├── StaleVersion     stale_version (`.current`: the match's version)
//      ├── IllegalMove      illegal_move / bad_move
//      ├── NotYourTurn      not_your_turn
//      ├── Unauthorized     unauthorized (a missing, wrong, replaced or revoked key or token)
//      ├── Forbidden        forbidden / account_disabled
//      ├── NotFound         match_not_found / unknown_game / account_not_found / tournament_not_found / not_found
//      ├── MatchOver        match_over
//      └── Unavailable      unavailable (retry later)

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

export class StaleVersion extends ApiError {
  /** The match's version when the move was refused: choose the move again at it. */
  get current() {
    return Number.isInteger(this.extra.current) ? this.extra.current : null;
  }
}
export class IllegalMove extends ApiError {}
export class NotYourTurn extends ApiError {}
export class Unauthorized extends ApiError {}
export class Forbidden extends ApiError {}
export class NotFound extends ApiError {}
export class MatchOver extends ApiError {}
export class Unavailable extends ApiError {}

const BY_CODE = {
  stale_version: StaleVersion,
  illegal_move: IllegalMove,
  bad_move: IllegalMove,
  not_your_turn: NotYourTurn,
  unauthorized: Unauthorized,
  forbidden: Forbidden,
  account_disabled: Forbidden,
  match_not_found: NotFound,
  unknown_game: NotFound,
  account_not_found: NotFound,
  tournament_not_found: NotFound,
  not_found: NotFound,
  match_over: MatchOver,
  unavailable: Unavailable,
};

const KNOWN = new Set(["type", "title", "status", "code", "detail", "instance", "id"]);

/** The error for a problem body (REST) or an `error` frame (WebSocket). */
export function errorFrom(body, status = null) {
  const code = String(body?.code ?? "internal");
  const Cls = Object.hasOwn(BY_CODE, code) ? BY_CODE[code] : ApiError;
  const extra = Object.fromEntries(Object.entries(body ?? {}).filter(([k, v]) => !KNOWN.has(k) && v != null));
  return new Cls(code, String(body?.title ?? ""), body?.detail ?? null, status ?? body?.status ?? null, extra);
}
