// Compiled by test/types.test.js (tsc --noEmit): each line below is an error the types must catch.
import type { jabberwocky } from "../../types/games/index.js";

export const noSuchField: jabberwocky.Move = { type: "play", tricks: 2 };
export const badOption: jabberwocky.Options = { follow_suit: "sometimes" };
