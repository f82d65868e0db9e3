#!/usr/bin/env node
// vorpal-bot --server http://127.0.0.1:8000 --match ID [--strategy ./mybot.js] [--seat N] [--name NAME]
// (or --game NAME --seats N to create the match first; --matches N --bots SEATS to play N
// matches against the server's random bots and count the wins). With an account's API key in
// $VORPAL_API_KEY it joins as that account (--key works too, but puts the key where every user
// of the machine can read it, in ps); --ladder ID plays a ladder as that account until
// interrupted, --tournament ID every round of a tournament. Mirrors the Python vorpal-bot.

import { parseArgs } from "node:util";

import { ApiError, StrategyFailed, VorpalClient, play, playLadder, playTournament } from "../src/index.js";
import { loadStrategy } from "../src/load-strategy.js";

/** Where the command takes an account's API key from, rather than from its command line. */
const KEY_VARIABLE = "VORPAL_API_KEY";

const HELP = `usage: vorpal-bot [--server URL] [--match ID | --game NAME --seats N [--options JSON] [--bots 1,2] | --ladder ID]
                  [--seat N] [--name NAME] [--strategy SPEC] [--on-error continue|stop]
                  [--matches N] [--seed N] [--think SECONDS]
       vorpal-bot --tournament ID [--strategy SPEC] [--on-error continue|stop] [--seed N] [--think SECONDS]
Join a Vorpal match and play a strategy's moves. An account's API key is read from $${KEY_VARIABLE}.

  --server URL      the server (default http://127.0.0.1:8000)
  --key API_KEY     join as the account of this key instead of $${KEY_VARIABLE}'s; avoid it: a command
                    line is visible to every user of the machine (ps)
  --ladder ID       play this ladder as the account of the key: queue, play each pairing, queue again,
                    until interrupted (or --matches)
  --tournament ID   register the account of the key (while it is open) and play every round to the end
  --strategy SPEC   random (default), greedy, a file (./mybot.js) or a package, with an optional
                    :name of the export (default: the default export, else choose)
  --on-error MODE   when the strategy fails: continue (play a random legal move; default) or stop
  --match ID        the match to join (else one is created with --game and --seats)
  --game NAME       the game of a match it creates (default jabberwocky), with --seats N (default 4)
  --options JSON    the options of a match it creates, e.g. '{"rounds": 1}'
  --bots SEATS      seats of a match it creates that the server's random bots play, e.g. 1,2
  --matches N       play N matches it creates, one after another, and print the wins
  --seat N          the seat to take (default: the first open one); --name NAME the name it shows
  --seed N          seed of the random strategy (and of the fallback)
  --think SECONDS   mean wait before each move`;

/** A request the command refuses: its message is all the user needs (no stack). */
class Refusal extends Error {}

async function main(argv) {
  const { values: a } = parseArgs({
    args: argv,
    options: {
      server: { type: "string", default: "http://127.0.0.1:8000" },
      match: { type: "string" },
      ladder: { type: "string" },
      game: { type: "string", default: "jabberwocky" },
      seats: { type: "string", default: "4" },
      options: { type: "string" },
      bots: { type: "string" },
      matches: { type: "string" },
      tournament: { type: "string" },
      seat: { type: "string" },
      name: { type: "string" },
      key: { type: "string" },
      strategy: { type: "string", default: "random" },
      "on-error": { type: "string", default: "continue" },
      seed: { type: "string" },
      think: { type: "string", default: "0" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (a.help) {
    console.log(HELP);
    return 0;
  }
  const onError = a["on-error"];
  if (!["continue", "stop"].includes(onError)) throw new Refusal("--on-error is continue or stop");
  if (a.key !== undefined) {
    // said each time: anyone on the machine may read it with ps
    console.error(`vorpal-bot: --key shows the key to every user of this machine (ps); put it in $${KEY_VARIABLE} instead`);
  }
  const key = a.key ?? (process.env[KEY_VARIABLE] || null);
  const mode = a.ladder !== undefined ? "--ladder" : a.tournament !== undefined ? "--tournament" : null;
  if (mode !== null && !key) throw new Refusal(`${mode} plays as an account: set $${KEY_VARIABLE} (or give --key)`);
  const matches = Number(a.matches ?? "1");
  if (mode === null && matches > 1 && a.match !== undefined) {
    throw new Refusal("--matches plays matches it creates; leave out --match");
  }
  const seed = a.seed === undefined ? null : Number(a.seed);
  const think = Number(a.think) * 1000;
  const api = new VorpalClient(a.server);
  // Loaded for the game before any seat is taken: a strategy that cannot play it stops the
  // command here, not at each of its decisions.
  const game = await gameOf(api, a);
  let strategy;
  try {
    strategy = await loadStrategy(a.strategy, { seed, game });
  } catch (err) {
    throw err instanceof RangeError ? new Refusal(err.message) : err;
  }
  const report = (failure) => console.error(`vorpal-bot: strategy failed: ${failure.message}`);
  const playing = { strategy, seed, think, onError, report };
  if (a.ladder !== undefined) return ladder(a, key, playing);
  if (a.tournament !== undefined) {
    const onMatch = (match, seat) => console.log(`playing match ${match} as seat ${seat}`);
    const final = await playTournament(a.server, a.tournament, key, { ...playing, onMatch });
    console.log(`tournament ${final.id} ${final.status}`);
    for (const s of final.standings) console.log(`${s.rank} ${s.name} ${s.points} (Buchholz ${s.buchholz})`);
    return 0;
  }
  const options = a.options === undefined ? {} : JSON.parse(a.options);
  const bots = a.bots === undefined ? [] : a.bots.split(",").map(Number);
  let wins = 0;
  const others = [];
  for (let i = 0; i < matches; i++) {
    let match = a.match;
    if (match === undefined) {
      match = (await api.createMatch(a.game, Number(a.seats), { options, bots })).match;
      console.log(`created match ${match}`);
    }
    const seat = await api.join(match, {
      seat: a.seat === undefined ? null : Number(a.seat),
      name: a.name ?? null,
      key,
    });
    console.log(`joined match ${match} as seat ${seat.seat}`);
    const final = await play(a.server, match, seat.token, playing);
    console.log(`match ${match} ${final.status}: ${JSON.stringify(final.outcome ?? null)}`);
    const winners = final.outcome?.winners ?? [];
    if (winners.includes(seat.seat)) wins += 1;
    const rest = final.names.map((_, s) => s).filter((s) => s !== seat.seat);
    rest.forEach((s, j) => {
      others[j] = (others[j] ?? 0) + (winners.includes(s) ? 1 : 0);
    });
  }
  if (matches > 1) {
    console.log(`won ${wins} of ${matches} matches; the other seats won ${others.join(", ")} (tied winners all count)`);
  }
  return 0;
}

/** The game the command is to play: the one it creates a match of, else the server's word. */
async function gameOf(api, a) {
  if (a.ladder !== undefined) return (await api.ladder(a.ladder)).game;
  if (a.tournament !== undefined) return (await api.tournament(a.tournament)).game;
  if (a.match !== undefined) return (await api.state(a.match)).game;
  return a.game;
}

async function ladder(a, key, playing) {
  const stopping = new AbortController();
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, () => {
      console.log(`${signal}: stopping after the match under way`);
      stopping.abort();
    });
  }
  const played = await playLadder(a.server, a.ladder, key, {
    ...playing,
    matches: a.matches === undefined ? null : Number(a.matches),
    signal: stopping.signal,
    onMatch: (match, seat, final) =>
      console.log(`match ${match} ${final.status}: ${JSON.stringify(final.outcome ?? null)} (seat ${seat})`),
  });
  console.log(`played ${played} matches on ladder ${a.ladder}`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof StrategyFailed) {
      console.error(`vorpal-bot: strategy failed: ${err.message}`);
      process.exit(2);
    }
    console.error(`vorpal-bot: ${err instanceof ApiError || err instanceof Refusal ? err.message : (err?.stack ?? err)}`);
    process.exit(1);
  },
);
