// Strategies: what a bot author writes; the runner (bot.js) does everything else
// (mirrors clients/python/vorpal_client/strategy.py).
//
// A strategy is a function that takes a decision (what the seat knows when it must act)
// and returns one move, or a promise of one. It is asked at most once per match version;
// the runner owns the connection, reconnects, resumes and move ids.
//
// A decision is a plain object:
//   match, game   the match id and the game's name
//   seat          the seat that acts
//   version       the match version the move will be sent at
//   view          {public, private}, as the game's view schemas describe it
//   legal         every move the rules allow now; a strategy returns one of them
//   events        the events this seat received since it last acted, oldest first (bounded):
//                 [{version, event: {public, private?}}]
//   clock         the seat's time left for this decision, in seconds, when the server sent the
//                 state (null if the match has no clock)

/** A seeded generator of floats in [0, 1) (mulberry32); Math.random without a seed. */
export function randomSource(seed = null) {
  if (seed === null || seed === undefined) return Math.random;
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random legal move each time (seeded: the same choices for the same decisions). */
export function randomStrategy(seed = null) {
  const random = randomSource(seed);
  return (decision) => decision.legal[Math.floor(random() * decision.legal.length)];
}

const COLOURS = { G: "green", Y: "yellow", P: "purple" };

/** What one Brillig move is worth at once, as a greedy player sees it. */
function brilligWorth(pub, move) {
  if (move.type === "play") {
    const colour = COLOURS[move.card[0]];
    const number = Number(move.card[1]);
    if (pub.phase === "collect_card") return number * (pub.jabberwocky?.[colour]?.[colour] ?? 0);
    return -number; // an assignment card: keep the high ones for collecting
  }
  if (move.type === "move_pile") return pub.piles?.[move.pile]?.[move.onto] ?? 0;
  return Number(move.card[1]); // take_bonus: the highest card
}

/** The games greedyStrategy knows: what a move is worth at once, from the public view. */
export const GREEDY_WORTH = { brillig: brilligWorth };

/**
 * The legal move worth most at once (ties: the first of them), for the games in GREEDY_WORTH;
 * no look-ahead. A simple opponent that beats random play, for ladders and tests. In another
 * game it throws, so the runner reports it and plays randomly; given the `game` it will play,
 * it refuses one it does not know at once (a RangeError), so that a bot fails at its start
 * rather than at every decision.
 */
export function greedyStrategy({ game = null } = {}) {
  if (game !== null && GREEDY_WORTH[game] === undefined) {
    throw new RangeError(`the greedy strategy does not know ${game} (it knows ${Object.keys(GREEDY_WORTH).sort().join(", ")})`);
  }
  return (decision) => {
    const worth = GREEDY_WORTH[decision.game];
    if (worth === undefined) throw new Error(`the greedy strategy does not know ${decision.game}`);
    const pub = decision.view?.public ?? {};
    let best = decision.legal[0];
    for (const move of decision.legal) if (worth(pub, move) > worth(pub, best)) best = move;
    return best;
  };
}

/**
 * The strategy raised, returned nothing, or the server refused its move. `error` is the
 * server's ApiError (illegal_move, bad_move) when it refused the move; `cause` is what the
 * strategy threw.
 */
export class StrategyFailed extends Error {
  constructor(decision, reason, { move = null, error = null, cause = undefined } = {}) {
    super(`match ${decision.match} version ${decision.version}, seat ${decision.seat}: ${reason}`, { cause });
    this.name = "StrategyFailed";
    this.decision = decision;
    this.move = move;
    this.error = error;
  }
}

/**
 * `seat`'s time left when the server sent `clock` (a state's or event's `clock`): its deadline
 * minus the server's time then, so no clock synchronisation is needed. Null without a deadline.
 */
export function secondsLeft(clock, seat) {
  const deadline = clock?.deadlines?.[String(seat)];
  if (deadline === undefined || deadline === null) return null;
  return Math.max(0, (deadline - clock.now) / 1000);
}
