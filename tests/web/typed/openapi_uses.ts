// What a frontend written against the client openapi-typescript generates from /openapi.json can rely on:
// compiled with `tsc --strict` by tests/web/test_openapi_types.py, beside that client (./openapi.d.ts).
// Each `@ts-expect-error` is a mistake the types must catch: were a part typed `any`, the line would
// compile, and tsc would report the unused directive.

import type { components, paths } from "./openapi.js";

type Schemas = components["schemas"];
type State = paths["/v1/matches/{match_id}"]["get"]["responses"][200]["content"]["application/json"];
type Game = State["game"];
type StateOf<G extends Game> = Extract<State, { game: G }>;

// -- every game: its view, legal moves, move, events and options are named types -----------------

type IsAny<T> = 0 extends 1 & T ? true : false;
type Nothing = Record<string, never>;
/** An object whose keys are named (or none: a game without options or private part), not `any` nor a free map. */
type Named<T> = IsAny<T> extends true
  ? false
  : [T] extends [Nothing]
    ? [Nothing] extends [T]
      ? true
      : false
    : [T] extends [object]
      ? string extends keyof T
        ? false
        : true
      : false;
/** A union of objects each told apart by a `type` literal. */
type Tagged<T> = IsAny<T> extends true ? false : T extends { type: infer K } ? (string extends K ? false : true) : false;

type Checks<G extends Game> = {
  view: Named<StateOf<G>["view"]["public"]>;
  private: Named<NonNullable<StateOf<G>["view"]["private"]>>;
  legal: Tagged<NonNullable<StateOf<G>["legal"]>[number]>;
  move: Tagged<Schemas[`${G}.Move`]>;
  event: Tagged<Schemas[`${G}.Event`]>;
  options: Named<Schemas[Extract<keyof Schemas, `${G}.options.${number}`>]>;
  outcome: Named<NonNullable<StateOf<G>["outcome"]>>;
};
const yes = { view: true, private: true, legal: true, move: true, event: true, options: true, outcome: true } as const;

/** Exactly the catalogue's games (a missing or extra one fails to compile), each fully typed. */
export const everyGame: { [G in Game]: Checks<G> } = {
  bandersnatch: yes,
  borogoves: yes,
  brillig: yes,
  gimble: yes,
  gyre: yes,
  jabberwocky: yes,
  jackrabbits: yes,
  mimsy: yes,
  mome: yes,
  slithy: yes,
  tabby_tumble: yes,
  zimby_mojo: yes,
};

// -- as a frontend uses them ------------------------------------------------------------------------

/** The match state narrows on `game`: a Jabberwocky view has a trump card, its moves are bids and plays. */
export function describe(state: State): string {
  if (state.game === "jabberwocky") {
    const hand: string[] = state.view.private?.hand ?? [];
    const bids = (state.legal ?? []).filter((m) => m.type === "bid").map((m) => (m.type === "bid" ? m.tricks : 0));
    // @ts-expect-error: a Jabberwocky view has no such field
    state.view.public.no_such_field;
    return `${state.view.public.trump_card}: ${hand.length} cards, bids ${bids.join(",")}`;
  }
  if (state.game === "mome") {
    for (const move of state.legal ?? []) {
      // @ts-expect-error: a Mome move is not a Jabberwocky bid
      const tricks: number = move.tricks;
      void tricks;
    }
  }
  return state.game;
}

/** A move body typed by the game's move schema. */
export const bid: Schemas["jabberwocky.Move"] = { type: "bid", tricks: 2 };
// @ts-expect-error: a bid of no tricks is not a move
export const wrongBid: Schemas["jabberwocky.Move"] = { type: "bid" };

/** An event of a log entry, told apart by its `type`. */
export function told(event: Schemas["jabberwocky.EventPart"]): string {
  const pub = event.public;
  return pub.type === "bid" ? `seat ${pub.seat} bid ${pub.tricks}` : pub.type;
}

/** The tournament export: JSON by default, CSV (a string) with format=csv. */
type Export = paths["/v1/tournaments/{tournament_id}/export"]["get"]["responses"][200]["content"];
export const csv: Export["text/csv"] = "rank,account\n";
export const asJson: Export["application/json"]["id"] = "t1";
