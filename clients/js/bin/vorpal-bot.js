#!/usr/bin/env node
// vorpal-bot --server http://127.0.0.1:8000 --match ID [--seat N] [--name NAME]
// (or --game NAME --seats N to create the match first, other seats open).

import { parseArgs } from "node:util";

import { ApiError, VorpalClient, play } from "../src/index.js";

const HELP = `usage: vorpal-bot [--server URL] [--match ID | --game NAME --seats N] [--seat N] [--name NAME]
                  [--seed N] [--think SECONDS]
Join a Vorpal match and play random legal moves.`;

async function main(argv) {
  const { values: a } = parseArgs({
    args: argv,
    options: {
      server: { type: "string", default: "http://127.0.0.1:8000" },
      match: { type: "string" },
      game: { type: "string", default: "jabberwocky" },
      seats: { type: "string", default: "4" },
      seat: { type: "string" },
      name: { type: "string" },
      seed: { type: "string" },
      think: { type: "string", default: "0" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (a.help) {
    console.log(HELP);
    return 0;
  }
  const api = new VorpalClient(a.server);
  let match = a.match;
  if (match === undefined) {
    match = (await api.createMatch(a.game, Number(a.seats))).match;
    console.log(`created match ${match}`);
  }
  const seat = await api.join(match, { seat: a.seat === undefined ? null : Number(a.seat), name: a.name ?? null });
  console.log(`joined match ${match} as seat ${seat.seat}`);
  const final = await play(a.server, match, seat.token, {
    seed: a.seed === undefined ? null : Number(a.seed),
    think: Number(a.think) * 1000,
  });
  console.log(`match ${match} ${final.status}: ${JSON.stringify(final.outcome ?? null)}`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(`vorpal-bot: ${err instanceof ApiError ? err.message : (err?.stack ?? err)}`);
    process.exit(1);
  },
);
