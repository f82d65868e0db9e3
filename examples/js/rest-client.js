// Play a whole match over plain HTTP, no WebSocket: create it, take a seat, move when it is our turn.
// The other seats are the server's random bots; we play the first legal move each time.
//
//   node rest-client.js --server http://127.0.0.1:8000
//
// (In your own project, import from "vorpal-client" instead of the SDK's source folder.)

import { parseArgs } from "node:util";

import { StaleVersion, VorpalClient } from "../../clients/js/src/index.js";

export async function playOverRest(server, game, seats, options) {
  const api = new VorpalClient(server);
  const bots = Array.from({ length: seats - 1 }, (_, i) => i + 1);
  const { match } = await api.createMatch(game, seats, { bots, options });
  const me = await api.join(match, { name: "rest-client" });
  console.log(`match ${match}: seat ${me.seat}, the others are the server's bots`);
  for (;;) {
    const state = await api.state(match, me.token); // with the token: our view and legal moves
    if (state.status === "finished" || state.status === "aborted") {
      console.log(`match ${match} ${state.status}: ${JSON.stringify(state.outcome)}`);
      return state;
    }
    if (!state.legal || state.legal.length === 0) {
      await new Promise((r) => setTimeout(r, 50)); // the bots are moving: ask again shortly
      continue;
    }
    try {
      // the move id makes a retry safe; the version says which state we chose at
      await api.move(match, me.token, state.legal[0], { version: state.version, moveId: crypto.randomUUID() });
      console.log(`v${state.version}: played ${JSON.stringify(state.legal[0])}`);
    } catch (err) {
      if (!(err instanceof StaleVersion)) throw err; // the match moved on before our move arrived: read it again
    }
  }
}

const { values: args } = parseArgs({
  options: {
    server: { type: "string", default: "http://127.0.0.1:8000" },
    game: { type: "string", default: "jabberwocky" },
    seats: { type: "string", default: "3" },
    options: { type: "string", default: '{"rounds": 1}' },
  },
});
await playOverRest(args.server, args.game, Number(args.seats), JSON.parse(args.options));
