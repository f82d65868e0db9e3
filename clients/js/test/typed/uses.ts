// Compiled by test/types.test.js (tsc --noEmit): the generated game types in use.
import type { Strategy } from "../../src/index.js";
import type { GameName, GameTypes, gyre, jabberwocky } from "../../types/games/index.js";

export const firstCard: Strategy<jabberwocky.View, jabberwocky.Move> = (d) =>
  d.legal.find((m) => m.type === "play") ?? d.legal[0];
export const options: GameTypes["jabberwocky"]["options"] = { rounds: 2, follow_suit: "enforced" };
export const bid: jabberwocky.Move = { type: "bid", tricks: 2 };
export const name: GameName = "gyre";
export const grid = (view: gyre.View): number => view.public.grid.length;

// Tournaments: the client's calls and the runner, typed.
import { VorpalClient, playTournament } from "../../src/index.js";
import type { Standing, Tournament } from "../../src/index.js";

export async function leader(api: VorpalClient, key: string): Promise<Standing | undefined> {
  const t: Tournament = await api.createTournament(key, "cup", "gimble", {
    format: "swiss",
    timeControl: { kind: "per_decision", limit_ms: 5000 },
    spectatorDelay: { moves: 2 },
  });
  const csv: string = await api.exportTournament(t.id, { format: "csv" });
  const final = await playTournament("http://127.0.0.1:8000", t.id, key, { seed: 1, onMatch: (m, s) => void [m, s] });
  return csv.length > 0 ? final.standings[0] : undefined;
}
