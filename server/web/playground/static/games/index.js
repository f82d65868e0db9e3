// Which renderer draws which game: a module per game (its `draw(ctx)` returns {table, hand},
// its `words(move, ctx)` says a move in words for its button, its `log(event, ctx)` an event for the
// log: games/say.js), the generic one for any other.
//
// `ctx`, what a renderer gets: `state` (the match), `seat` (null: watching), `pub` and `own` (the
// view's public and private parts), `offer(el, test, label)` (the picker: `el` makes the moves
// `test` accepts), `pending` (the moves still in play while one is picked step by step),
// `nameOf(seat)`, `colourOf(seat)`, `components` (the catalogue's printed cards).

import { SEAT_COLOURS } from "../board.js";
import { moveLabel } from "../render.js";
import * as bandersnatch from "./bandersnatch.js";
import * as borogoves from "./borogoves.js";
import * as brillig from "./brillig.js";
import * as generic from "./generic.js";
import { logLine } from "./say.js";
import * as gimble from "./gimble.js";
import * as gyre from "./gyre.js";
import * as jabberwocky from "./jabberwocky.js";
import * as jackrabbits from "./jackrabbits.js";
import * as mimsy from "./mimsy.js";
import * as mome from "./mome.js";
import * as slithy from "./slithy.js";
import * as tabby_tumble from "./tabby_tumble.js";
import * as zimby_mojo from "./zimby_mojo.js";

const RENDERERS = { bandersnatch, borogoves, brillig, gimble, gyre, jabberwocky, jackrabbits, mimsy, mome, slithy, tabby_tumble, zimby_mojo };

export function rendererOf(game) {
  return RENDERERS[game] ?? generic;
}

function context({ state, seat, components, picker, nameOf }) {
  const view = state.view ?? {};
  return {
    state,
    seat,
    pub: view.public ?? {},
    own: view.private ?? null,
    components,
    nameOf,
    colourOf: (s) => SEAT_COLOURS[s % SEAT_COLOURS.length],
    offer: (el, test, label = null) => picker.offer(el, test, label),
    pending: picker.pending,
    picking: picker.picking,
  };
}

/** The table and the seat's hand, drawn by the game's renderer (the generic one if it has none, or if it fails). */
export function drawTable(args) {
  const ctx = context(args);
  const renderer = rendererOf(args.state.game);
  try {
    return renderer.draw(ctx);
  } catch (err) {
    // a view the module does not expect (an older server, a new variant): never a blank table
    console.warn(`the ${args.state.game} renderer failed; drawn generically`, err);
    return generic.draw(ctx);
  }
}

/** One line of the event log in words, by the game's module (`log(pub, ctx)`), else generically. */
export function logFor(game, event, { components, nameOf, seat }) {
  return logLine(rendererOf(game), event, { components, nameOf, seat });
}

/** A move said in words, for its button. */
export function wordsFor(game, move, { components, nameOf }) {
  const words = rendererOf(game).words;
  let said = null;
  try {
    said = words ? words(move, { components, nameOf }) : null;
  } catch (err) {
    console.warn(`the ${game} module could not word a move; labelled by its fields`, err); // never a lost button
  }
  return said ?? moveLabel(move, components);
}
