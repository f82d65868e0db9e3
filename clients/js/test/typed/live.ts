// Compiled by test/types.test.js (tsc --noEmit --strict): the SDK generic over a game's generated types.
// Each `@ts-expect-error` marks a mistake the types must catch (an unused one is itself an error).
import { LiveConnection, VorpalClient } from "../../src/index.js";
import type { AnyGame, EventFrame, MatchState } from "../../src/index.js";
import type { Gyre, Jabberwocky, TabbyTumble } from "../../types/games/index.js";

/** Bid the first legal bid, typed end to end: the view, the legal moves, the move sent. */
export async function bidOnce(server: string, match: string, token: string): Promise<number> {
  const live = new LiveConnection<Jabberwocky>(server, { match });
  await live.connect();
  await live.auth(token);
  const state: MatchState<Jabberwocky> = await live.subscribe(match);
  const game: "jabberwocky" = state.game;
  const trump: string = state.view.public.trump_card;
  const hand: string[] = state.view.private?.hand ?? [];
  // @ts-expect-error: a Jabberwocky view has no grid
  void state.view.public.grid;
  const bid = (state.legal ?? []).find((m) => m.type === "bid");
  if (bid !== undefined && bid.type === "bid") {
    const tricks: number = bid.tricks;
    await live.move(match, { type: "bid", tricks }, { version: state.version, moveId: `${game}-${trump}-${hand.length}` });
  }
  // @ts-expect-error: not a Jabberwocky move
  await live.move(match, { type: "pick", card: 1 }, { version: state.version, moveId: "m2" });
  for await (const pushed of live.events) {
    if (pushed.type === "event" && pushed.event.public.type === "bid") {
      const bidder: number = pushed.event.public.seat + pushed.event.public.tricks;
      void bidder;
    }
    // @ts-expect-error: no Jabberwocky event is a "pick"
    if (pushed.type === "event" && pushed.event.public.type === "pick") continue;
    if (pushed.type === "event" && pushed.view !== undefined) return pushed.view.public.round;
    if (pushed.type === "resumed") return pushed.state.view.public.round;
  }
  return 0;
}

/** REST alike: the state and the legal moves of a match whose game the caller names. */
export async function overREST(api: VorpalClient, match: string, token: string): Promise<number> {
  const state = await api.state<Gyre>(match, token);
  const legal = await api.legal<TabbyTumble>(match, token);
  // @ts-expect-error: a Tabby Tumble move is no Jabberwocky bid
  const tricks: number = legal[0].tricks;
  void tricks;
  return state.view.public.grid.length + legal.length;
}

/** Without a game, anything goes as before: free views and JSON moves. */
export function untyped(live: LiveConnection, frame: EventFrame<AnyGame>): unknown {
  void live.move("m", { anything: [1, "two"] }, { version: 0, moveId: "x" });
  return frame.view?.public["whatever"];
}
