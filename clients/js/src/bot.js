// The bot runner: takes a seat and plays a strategy's moves until the match ends
// (mirrors clients/python/vorpal_client/bot.py).
//
// The runner owns everything but the choice of a move: the live connection (reconnect,
// failover, resume), sitting down again after a reconnect, one move id per decision (a
// move resent after a lost reply is not applied twice) and asking the strategy at most
// once per match version. A strategy that throws, returns nothing or has its move refused
// is reported as a StrategyFailed; the runner then plays a random legal move so that the
// match goes on, or stops (onError: "stop").

import { ApiError, IllegalMove, StaleVersion, Unavailable } from "./errors.js";
import { LiveConnection } from "./live.js";
import { StrategyFailed, randomSource, randomStrategy, secondsLeft } from "./strategy.js";

/** How many recent events a decision carries at most (the oldest are dropped). */
export const RECENT_EVENTS = 50;

function moveId() {
  return globalThis.crypto.randomUUID().replaceAll("-", "");
}

/** The default report: a warning on the console. */
export function logFailure(failure) {
  console.warn(`strategy failed: ${failure.message}`);
}

/**
 * Play `strategy`'s moves (default: random legal moves, seeded by `seed`) for the seat of
 * `token`; resolves to the final state (with `outcome`). `think` is the mean of a random
 * wait before each move, in milliseconds. `report` receives each StrategyFailed; with
 * `onError: "stop"` it is thrown instead.
 */
export async function play(
  server,
  match,
  token,
  {
    strategy = null,
    seed = null,
    think = 0,
    live = null,
    onError = "continue",
    report = logFailure,
    recent = RECENT_EVENTS,
  } = {},
) {
  const choose = strategy ?? randomStrategy(seed);
  const fallback = randomStrategy(seed);
  const pause = randomSource(seed);
  const failed = (failure) => {
    if (onError === "stop") throw failure;
    report(failure);
  };
  const own = live === null;
  const conn = live ?? new LiveConnection(server, { match });
  if (own) await conn.connect();
  try {
    // Token then subscription, in this order on one connection: retried as a unit,
    // so a reconnect between them cannot leave us subscribed as a spectator.
    let state = await untilAvailable(async () => {
      const { seat } = await conn.auth(token);
      const subscribed = await conn.subscribe(match);
      if (subscribed.you !== seat) throw new ApiError("unauthorized", "Not subscribed as the seat", `expected seat ${seat}`);
      return subscribed;
    });
    const events = [];
    let sent = null;
    for (;;) {
      if (state.status === "finished" || state.status === "aborted") return state;
      if (state.legal && state.legal.length > 0 && state.view) {
        if (sent === null || sent.decision.version !== state.version) {
          const decision = {
            match,
            game: state.game,
            seat: state.you,
            version: state.version,
            view: state.view,
            legal: [...state.legal],
            events: events.splice(0),
            clock: secondsLeft(state.clock, state.you),
          };
          if (think > 0) await new Promise((r) => setTimeout(r, -Math.log(1 - pause()) * think));
          sent = await decide(choose, decision, fallback, failed);
        }
        // else: the same version again after a resume: the move may not have reached the
        // server, so it goes again with the same id (applied at most once).
        await send(conn, sent, fallback, failed);
      }
      state = await nextState(conn, match, state, events, recent);
    }
  } finally {
    if (own) await conn.close();
  }
}

/** Ask the strategy once; on a failure, report it and fall back to a random legal move. */
async function decide(choose, decision, fallback, failed) {
  let move;
  try {
    move = await choose(decision);
  } catch (err) {
    failed(new StrategyFailed(decision, `the strategy threw ${err}`, { cause: err }));
    return { decision, move: fallback(decision), moveId: moveId(), fallback: true };
  }
  if (move === null || move === undefined) {
    failed(new StrategyFailed(decision, "the strategy returned no move"));
    return { decision, move: fallback(decision), moveId: moveId(), fallback: true };
  }
  return { decision, move, moveId: moveId(), fallback: false };
}

/** First and longest pause before a rate-limited move is sent again (milliseconds). */
export const RATE_PAUSE = 50;
export const MAX_RATE_PAUSE = 1000;

/**
 * Send the move; `rate_limited` means "slow down", not "no": the same move (same move id) goes
 * again after a pause, doubling up to MAX_RATE_PAUSE. A long match played without thinking time
 * (Gyre's run to thousands of moves) outruns the server's frame rate otherwise.
 */
async function move(conn, sent) {
  const d = sent.decision;
  let pause = RATE_PAUSE;
  for (;;) {
    try {
      await conn.move(d.match, sent.move, { version: d.version, moveId: sent.moveId });
      return;
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== "rate_limited") throw err;
      await new Promise((r) => setTimeout(r, pause));
      pause = Math.min(pause * 2, MAX_RATE_PAUSE);
    }
  }
}

/** Send the decision's move; a refused move is the strategy's failure (a random one follows). */
async function send(conn, sent, fallback, failed) {
  const d = sent.decision;
  try {
    await move(conn, sent);
  } catch (err) {
    if (err instanceof IllegalMove && !sent.fallback) {
      const refused = `the server refused ${JSON.stringify(sent.move)}: ${err.message}`;
      failed(new StrategyFailed(d, refused, { move: sent.move, error: err }));
      Object.assign(sent, { move: fallback(d), moveId: moveId(), fallback: true });
      await send(conn, sent, fallback, failed);
      return;
    }
    if (err instanceof StaleVersion) return; // someone moved first: the next event says what is legal now
    // not_your_turn, match_over: the next event says why; unavailable: the resume does
    if (!(err instanceof ApiError) || !["not_your_turn", "unavailable", "match_over"].includes(err.code)) throw err;
  }
}

/** `call()`, again (with backoff) while the server answers `unavailable`. */
export async function untilAvailable(call, { attempts = 60 } = {}) {
  let backoff = 50;
  for (let i = 0; i < attempts - 1; i++) {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof Unavailable)) throw err;
      await new Promise((r) => setTimeout(r, backoff));
      backoff = Math.min(backoff * 2, 2000);
    }
  }
  return await call();
}

/**
 * Wait for the next pushed frame of `match` that carries a view; fold it into `state`.
 * Each event received on the way is appended to `events` (if given) as {version, event},
 * keeping at most `recent`.
 */
export async function nextState(conn, match, state, events = null, recent = RECENT_EVENTS) {
  for (;;) {
    const frame = await conn.events.get();
    if (frame.type === "resumed" && frame.match === match) return { ...frame.state };
    if (frame.type !== "event" || frame.match !== match) continue;
    if (events !== null) {
      events.push({ version: frame.version, event: frame.event });
      if (events.length > recent) events.splice(0, events.length - recent);
    }
    const next = { ...state, version: frame.version, status: frame.status, outcome: frame.outcome ?? null };
    if (!frame.view) {
      next.legal = null;
      next.view = null;
      if (frame.status === "finished" || frame.status === "aborted") return next;
      continue;
    }
    Object.assign(next, { view: frame.view, to_act: frame.to_act ?? [], legal: frame.legal ?? null });
    return next;
  }
}
