// A bot that plays random legal moves until the match ends (mirrors vorpal_client/bot.py).

import { ApiError, StaleVersion } from "./errors.js";
import { LiveConnection } from "./live.js";

/** A seeded generator of floats in [0, 1) (mulberry32); Math.random without a seed. */
export function randomSource(seed = null) {
  if (seed === null || seed === undefined) return Math.random;
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function moveId() {
  return globalThis.crypto.randomUUID().replaceAll("-", "");
}

/**
 * Play random legal moves for the seat of `token`; resolves to the final state (with `outcome`).
 * `think` is the mean wait before each move, in milliseconds.
 */
export async function play(server, match, token, { seed = null, think = 0, live = null } = {}) {
  const random = randomSource(seed);
  const own = live === null;
  const conn = live ?? new LiveConnection(server, { match });
  if (own) await conn.connect();
  try {
    await conn.auth(token);
    let state = await conn.subscribe(match);
    for (;;) {
      if (state.status === "finished" || state.status === "aborted") return state;
      const legal = state.legal;
      if (legal && legal.length > 0 && state.view) {
        if (think > 0) await new Promise((r) => setTimeout(r, -Math.log(1 - random()) * think));
        const move = legal[Math.floor(random() * legal.length)];
        await sendMove(conn, match, move, state.version);
      }
      state = await nextState(conn, match, state);
    }
  } finally {
    if (own) await conn.close();
  }
}

/** First and longest pause before sending a rate-limited move again (milliseconds). */
export const RATE_PAUSE = 50;
export const MAX_RATE_PAUSE = 1000;

/**
 * Send one move; a refusal that the next event explains is not an error. `rate_limited`
 * means "slow down", not "no": the same move is sent again after a pause (doubling up to
 * MAX_RATE_PAUSE). A long match played without thinking time outruns the server otherwise.
 */
export async function sendMove(conn, match, move, version) {
  const id = moveId();
  let pause = RATE_PAUSE;
  for (;;) {
    try {
      await conn.move(match, move, { version, moveId: id });
    } catch (err) {
      if (err instanceof ApiError && err.code === "rate_limited") {
        await new Promise((r) => setTimeout(r, pause));
        pause = Math.min(pause * 2, MAX_RATE_PAUSE);
        continue;
      }
      // stale: someone moved first, the next event says what is legal now
      if (!(err instanceof StaleVersion)) {
        if (!(err instanceof ApiError) || !["not_your_turn", "unavailable"].includes(err.code)) throw err;
      }
    }
    return;
  }
}

/** Wait for the next pushed frame of `match` that carries a view; fold it into `state`. */
export async function nextState(conn, match, state) {
  for (;;) {
    const frame = await conn.events.get();
    if (frame.type === "resumed" && frame.match === match) return { ...frame.state };
    if (frame.type !== "event" || frame.match !== match) continue;
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
