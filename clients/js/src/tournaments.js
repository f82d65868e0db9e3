// Tournaments from JavaScript (mirrors vorpal_client/tournaments.py): a runner that registers
// an account, plays every round's match with its key and returns the final tournament.
// It reads the tournament itself each time (not one notice), so a runner started late, or
// restarted, picks up where the tournament is. CLI: vorpal-bot --tournament ID --key vpk_...

import { play, untilAvailable } from "./bot.js";
import { ApiError } from "./errors.js";
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
    if (t.status === "finished") return t;
    const mine = myMatch(t, me);
    if (mine && !played.has(mine.match)) {
      played.add(mine.match);
      let seat;
      try {
        seat = await api.join(mine.match, { key });
      } catch (err) {
        if (err instanceof ApiError && GONE.includes(err.code)) continue; // it ended, or we sat down before a restart
        throw err;
      }
      onMatch?.(mine.match, seat.seat);
      await play(server, mine.match, seat.token, options);
      continue;
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return t;
}
