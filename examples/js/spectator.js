// Print a match as it happens, from its first event, as any spectator may see it.
//
//   node spectator.js --server http://127.0.0.1:8000 --match ID
//
// (In your own project, import from "vorpal-client" instead of the SDK's source folder.)

import { parseArgs } from "node:util";

import { LiveConnection } from "../../clients/js/src/index.js";

const describe = ({ type = "?", ...rest }) =>
  `${type}: ${Object.entries(rest)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(", ")}`;

export async function watch(server, match) {
  const live = await new LiveConnection(server, { match }).connect();
  try {
    await live.subscribe(match, { since: 0 }); // replays every event so far, then goes on live
    for (;;) {
      const frame = await live.events.get();
      if (frame.type === "chat") console.log(`        ${frame.name} says: ${frame.text}`);
      if (frame.type !== "event") continue; // chat, or "resumed" after a reconnect (the missed events come first)
      console.log(`v${String(frame.version).padEnd(5)} ${describe(frame.event.public)}`);
      if (frame.status === "finished" || frame.status === "aborted") {
        console.log(`match ${match} ${frame.status}: ${JSON.stringify(frame.outcome ?? null)}`);
        return frame.outcome ?? null;
      }
    }
  } finally {
    await live.close();
  }
}

const { values: args } = parseArgs({
  options: { server: { type: "string", default: "http://127.0.0.1:8000" }, match: { type: "string" } },
});
if (args.match === undefined) {
  console.error("usage: node spectator.js [--server URL] --match ID");
  process.exit(2);
}
await watch(args.server, args.match);
