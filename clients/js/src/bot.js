// The bot runner: takes a seat and plays a strategy's moves until the match ends
// (mirrors clients/python/vorpal_client/bot.py).
//
// The runner owns everything but the choice of a move: the live connection (reconnect,
// failover, resume), sitting down again after a reconnect, one move id per decision (a
// move resent after a lost reply is not applied twice) and asking the strategy at most
// once per match version. A strategy that throws, returns nothing or has its move refused
// is reported as a StrategyFailed; the runner then plays a random legal move so that the
// match goes on, or stops (onError: "stop").
//
// It acts at most once per version, on the newest position it has: after a reconnect the
// replayed events and the `resumed` state may show one position twice, and an event older than
// one already seen is dropped. (A `resumed` state older than what was seen is taken: the server
// resumes a seat there only when a failover lost the versions after it, and the runner acts
// again from there.) A move the server answered (applied or refused) is never sent
// again; only one whose reply was lost is, with the same move id, while the newest state is
// still its version. Whenever the match has ended (an event or the resumed state says so)
// the runner resolves to that final state.

import { ApiError, MoveRefused, StaleVersion, Unavailable } from "./errors.js";
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
 * `token`; resolves to the final state (with `outcome`). `server` is one URL or several
 * (instances of one deployment, tried in turn: see LiveConnection). `think` is the mean of a
 * random wait before each move, in milliseconds. `report` receives each StrategyFailed; with
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
    let answered = -1; // the last version whose move the server answered: not acted on again
    let unanswered = UNANSWERED_PAUSE_MS; // how long to wait before an unanswered move goes again
    for (;;) {
      if (ended(state)) return state;
      if (state.legal && state.legal.length > 0 && state.view && state.version > answered) {
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
        // else: the same version again, its move unanswered (the reply was lost with the
        // connection): it goes again with the same id (applied at most once).
        if (await send(conn, sent, fallback, failed)) {
          answered = state.version;
          unanswered = UNANSWERED_PAUSE_MS;
        } else {
          // Unanswered (`unavailable`: the replicas did not confirm it, storage was out of
          // reach): it may or may not stand. A frame may tell; if none comes within a pause, the
          // same move goes again with the same id (applied at most once): on a connection that
          // stayed up, no resume would ever tell.
          const waited = await nextState(conn, match, state, events, recent, unanswered);
          unanswered = Math.min(unanswered * 2, MAX_UNANSWERED_PAUSE_MS);
          if (waited !== null) [state, answered, sent] = wentBack(state, waited, answered, sent);
          continue;
        }
      }
      [state, answered, sent] = wentBack(state, await nextState(conn, match, state, events, recent), answered, sent);
    }
  } finally {
    if (own) await conn.close();
  }
}

/**
 * `next`, with what was answered and sent forgotten if the match went back to an earlier version
 * (a failover lost the versions after it): the seat decides again from there.
 */
function wentBack(old, next, answered, sent) {
  return next.version < old.version ? [next, -1, null] : [next, answered, sent];
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
/** First and longest pause before a move answered `unavailable` is sent again, if no frame came (ms). */
export const UNANSWERED_PAUSE_MS = 100;
export const MAX_UNANSWERED_PAUSE_MS = 2000;

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

/**
 * Send the decision's move; a refused move is the strategy's failure (a random one follows).
 * Resolves to whether the server answered (applied or refused it): false when the answer was
 * lost (`unavailable`), and the move may go again with the same id.
 */
async function send(conn, sent, fallback, failed) {
  const d = sent.decision;
  try {
    await move(conn, sent);
  } catch (err) {
    if (err instanceof MoveRefused && !sent.fallback) {
      // illegal_move or bad_move: nothing was applied
      const refused = `the server refused ${JSON.stringify(sent.move)}: ${err.message}`;
      failed(new StrategyFailed(d, refused, { move: sent.move, error: err }));
      Object.assign(sent, { move: fallback(d), moveId: moveId(), fallback: true });
      return await send(conn, sent, fallback, failed);
    }
    if (err instanceof StaleVersion) return true; // someone moved first: the next event says what is legal now
    if (err instanceof Unavailable) return false; // the resume (or the re-sync) tells whether it was applied
    // not_your_turn, match_over: the next event says why
    if (!(err instanceof ApiError) || !["not_your_turn", "match_over"].includes(err.code)) throw err;
  }
  return true;
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

/** The match is over: `state` is final. */
export function ended(state) {
  return state.status === "finished" || state.status === "aborted";
}

/**
 * Wait for a pushed frame of `match` that carries a view (or ends the match), then fold in
 * every frame already queued: the newest position known, never an older one than `state`.
 * Each event received on the way is appended to `events` (if given) as {version, event},
 * keeping at most `recent`. `within` (ms): wait at most this long for the first frame
 * (resolves to null when none came).
 */
export async function nextState(conn, match, state, events = null, recent = RECENT_EVENTS, within = null) {
  let first;
  try {
    first = await conn.events.get({ timeout: within });
  } catch (err) {
    if (within === null) throw err;
    return null;
  }
  state = fold(state, first, match, events, recent);
  while (!state.view && !ended(state)) state = fold(state, await conn.events.get(), match, events, recent);
  while (conn.events.size > 0) state = fold(state, await conn.events.get(), match, events, recent);
  return state;
}

/** `state` after `frame` (unchanged if the frame is another match's, or older than it). */
function fold(state, frame, match, events, recent) {
  if (frame.match !== match) return state;
  if (frame.type === "gone") throw frame.error; // the match no longer exists: nothing will come for it
  // What the match is now, even at an earlier version than `state`: a failover may have lost
  // versions this seat was sent, and the server asked it to resume.
  if (frame.type === "resumed") return { ...frame.state };
  if (frame.type !== "event" || frame.version <= state.version) return state;
  if (events !== null) {
    events.push({ version: frame.version, event: frame.event });
    if (events.length > recent) events.splice(0, events.length - recent);
  }
  // Every event of a clocked match carries the clock after it: the next decision's time left.
  const next = { ...state, version: frame.version, status: frame.status, outcome: frame.outcome ?? null, clock: frame.clock ?? null };
  if (!frame.view) {
    // replayed for a resume: the last one replayed carries the view
    Object.assign(next, { view: null, legal: null, to_act: [] });
  } else {
    Object.assign(next, { view: frame.view, to_act: frame.to_act ?? [], legal: frame.legal ?? null });
  }
  return next;
}
