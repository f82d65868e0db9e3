// Tournaments from JavaScript (mirrors vorpal_client/tournaments.py): a runner that registers
// an account, plays every round's match with its key and returns the final tournament.
// It reads the tournament itself each time (not one notice), so a runner started late, or
// restarted, picks up where the tournament is; the account's notices (a round's match, a bye,
// the end) only tell it when to look again: pushed on a socket signed in with the key, or,
// while that is down, every `pollMs` (NoticeFeed). CLI: vorpal-bot --tournament ID --key vpk_...

import { play, untilAvailable } from "./bot.js";
import { ApiError } from "./errors.js";
import { NoticeFeed } from "./notices.js";
import { VorpalClient } from "./rest.js";

/** `account`'s unfinished match of the current round: `{round, match, seat}`, or null. */
export function myMatch(tournament, account) {
  const round = tournament.rounds.at(-1);
  if (!round) return null;
  for (const p of round.pairings) {
    if (p.match && !p.ended && p.accounts.includes(account)) {
      return { round: round.number, match: p.match, seat: p.accounts.indexOf(account) };
    }
  }
  return null;
}

const GONE = ["match_over", "match_started", "match_full", "seat_taken"];

/**
 * Play `tournament` as the account of `key` until it finishes (or `signal` aborts); resolves to it.
 * Options are play()'s (strategy, seed, ...) plus `pollMs` and `onMatch(match, seat)`.
 */
export async function playTournament(server, tournament, key, { pollMs = 250, signal = null, onMatch = null, ...options } = {}) {
  const api = new VorpalClient(server);
  const me = (await untilAvailable(() => api.account(key))).id;
  const since = Math.max(0, ...(await untilAvailable(() => api.inbox(key))).map((n) => n.seq));
  const feed = new NoticeFeed(server, api, key, { pollMs });
  await feed.open(since); // before the first look: a notice sent after it wakes the loop
  try {
    return await run(api, feed, server, tournament, key, me, since, { signal, onMatch, options });
  } finally {
    await feed.close();
  }
}

async function run(api, feed, server, tournament, key, me, since, { signal, onMatch, options }) {
  let t = await untilAvailable(() => api.tournament(tournament));
  if (t.status === "registering" && !t.entrants.some((e) => e.account === me)) {
    try {
      await api.registerTournament(tournament, key);
    } catch (err) {
      if (!(err instanceof ApiError) || !["already_registered", "tournament_started"].includes(err.code)) throw err;
    }
  }
  const played = new Set();
  while (!signal?.aborted) {
    t = await untilAvailable(() => api.tournament(tournament));
    // Finished or cancelled, or this account was withdrawn: nothing more to play.
    if (t.status === "finished" || t.status === "cancelled") return t;
    if ((t.withdrawn ?? []).some((w) => w.account === me)) return t;
    const mine = myMatch(t, me);
    if (mine && !played.has(mine.match)) {
      played.add(mine.match);
      let seat;
      try {
        seat = await api.join(mine.match, { key, joinId: globalThis.crypto.randomUUID() });
      } catch (err) {
        if (err instanceof ApiError && GONE.includes(err.code)) continue; // it ended (timed out, or we forfeited it)
        throw err;
      }
      onMatch?.(mine.match, seat.seat);
      await play(server, mine.match, seat.token, options);
      continue;
    }
    for (const notice of await feed.next(since, signal)) since = Math.max(since, notice.seq); // look again
  }
  return t;
}
