// Compiled by test/types.test.js (tsc --noEmit): the generated game types in use.
import type { Strategy } from "../../src/index.js";
import type { GameName, GameTypes, gyre, jabberwocky } from "../../types/games/index.js";

export const firstCard: Strategy<jabberwocky.View, jabberwocky.Move> = (d) =>
  d.legal.find((m) => m.type === "play") ?? d.legal[0];
export const options: GameTypes["jabberwocky"]["options"] = { rounds: 2, follow_suit: "enforced" };
export const bid: jabberwocky.Move = { type: "bid", tricks: 2 };
export const name: GameName = "gyre";
export const grid = (view: gyre.View): number => view.public.grid.length;
