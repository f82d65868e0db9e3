// The ladder runner: queue on a ladder, play each match the server pairs, queue again, until
// stopped (mirrors clients/python/vorpal_client/ladder.py).
//
// The server tells an account where it was paired with a `match_found` notice in its inbox;
// the runner has it pushed on a WebSocket signed in with the key, and reads the inbox
// (GET /v1/accounts/me/inbox?since=) while that socket is down, so that nothing is missed
// (NoticeFeed, notices.js); it joins the held seat with the account's key and
// plays it with play() (which reconnects and resumes on its own). A server that cannot be
// reached is waited for (untilAvailable). A runner that starts again picks up the pairings
// still waiting for it (GET /v1/ladders/{id}/me) before queueing.

import { play, untilAvailable } from "./bot.js";
import { ApiError } from "./errors.js";
import { NoticeFeed } from "./notices.js";
import { VorpalClient } from "./rest.js";

/** Milliseconds between two looks at the inbox while waiting for a pairing. */
export const POLL_MS = 250;
// Errors that mean "this pairing is no longer yours to play" (it ended, or its seat was taken).
const GONE = new Set(["match_over", "match_started", "match_not_found", "seat_taken", "match_full"]);

/**
 * Play `ladder` as the account of `key` until `signal` aborts or `matches` were played;
 * resolves to how many were played. `onMatch(match, seat, finalState)` is called after each.
 * The other options are play()'s.
 */
export async function playLadder(
  server,
  ladder,
  key,
  { strategy = null, seed = null, think = 0, matches = null, signal = null, pollMs = POLL_MS, onMatch = null, ...rest } = {},
) {
  const api = new VorpalClient(server);
  const since = Math.max(0, ...(await untilAvailable(() => api.inbox(key))).map((n) => n.seq));
  const feed = new NoticeFeed(server, api, key, { pollMs });
  await feed.open(since);
  try {
    return await run(server, api, feed, ladder, key, since, { matches, signal, onMatch, strategy, seed, think, ...rest });
  } finally {
    await feed.close();
  }
}

async function run(server, api, feed, ladder, key, since, { matches, signal, onMatch, ...playing }) {
  const stopped = () => signal?.aborted ?? false;
  const pending = [...(await untilAvailable(() => api.ladderStatus(ladder, key))).matches];
  let played = 0;
  while (!stopped() && (matches === null || played < matches)) {
    if (pending.length === 0) {
      try {
        await feed.queue(ladder);
      } catch (err) {
        if (!(err instanceof ApiError && err.code === "already_queued")) throw err;
      }
      while (pending.length === 0 && !stopped()) {
        for (const notice of await feed.next(since, signal)) {
          since = Math.max(since, notice.seq);
          if (notice.kind === "match_found" && notice.data?.ladder === ladder) pending.push(String(notice.data.match));
        }
      }
      if (stopped()) break;
    }
    const match = pending.shift();
    let seat;
    try {
      const joinId = globalThis.crypto.randomUUID(); // one per pairing: a join retried after `unavailable` is answered as the first
      seat = await untilAvailable(() => api.join(match, { key, joinId }));
    } catch (err) {
      if (err instanceof ApiError && GONE.has(err.code)) continue;
      throw err;
    }
    const final = await play(server, match, seat.token, playing);
    played += 1;
    onMatch?.(match, seat.seat, final);
  }
  if (stopped()) {
    try {
      await api.leaveQueue(ladder, key);
    } catch (err) {
      if (!(err instanceof ApiError && ["not_queued", "unavailable"].includes(err.code))) throw err;
    }
  }
  return played;
}
