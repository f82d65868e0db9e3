// Moves made on the table. A game's renderer says which moves each thing on the table stands
// for (`offer(el, test)`: the card, the cell, the die, the token); the picker does the rest:
//
//   - a thing that stands for exactly one of the moves still in play makes it: it carries
//     `data-move` (the move as JSON) and a click sends it;
//   - a thing that stands for several of them is one step of a multi-decision move: it carries
//     `data-pick`, and a click narrows the moves in play to those (the table is redrawn, the
//     things that stand for all of them marked as chosen, a cancel offered);
//   - moves in play that nothing on the table can tell apart become buttons, labelled in words
//     (`buttons()`): a bid, a pass, the colour of a gem once the card is chosen.
//
// Nothing here names a game: a move is whatever JSON the server's legal moves hold.

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

export class Picker {
  /**
   * `legal`: the seat's legal moves (none for a spectator); `send(move, el)`: makes a move;
   * `redraw()`: draws the table again after a step.
   */
  constructor(legal, send, redraw) {
    this.legal = legal;
    this.pending = legal;
    this.send = send;
    this.redraw = redraw;
    this.reset();
  }

  /** Called before each drawing of the table: forgets which moves the things offered. */
  reset() {
    this.offered = new Set(); // moves a thing on the table makes or narrows to
  }

  /** Back to every legal move (the cancel). */
  cancel() {
    this.pending = this.legal;
    this.redraw();
  }

  get picking() {
    return this.pending !== this.legal;
  }

  /**
   * Make `el` stand for the moves in play that `test(move)` accepts; `label` says the move in words
   * (its title and accessible name). Returns `el`.
   */
  offer(el, test, label = null) {
    const moves = this.pending.filter((m) => safe(test, m));
    if (moves.length === 0) return el;
    if (moves.length === this.pending.length && this.pending.length > 1) {
      // stands for every move in play: it is what was chosen so far (or says nothing apart)
      if (this.picking) el.classList.add("chosen");
      return el;
    }
    el.classList.add("act");
    el.setAttribute("role", el.getAttribute("role") === "img" || !el.getAttribute("role") ? "button" : el.getAttribute("role"));
    el.setAttribute("tabindex", "0");
    const words = typeof label === "function" ? label(moves) : label;
    if (moves.length === 1) {
      const [move] = moves;
      this.offered.add(move);
      el.dataset.move = JSON.stringify(move);
      if (words) el.setAttribute("aria-label", words);
      if (words) el.setAttribute("title", words);
      activate(el, () => this.send(move, el));
    } else {
      for (const m of moves) this.offered.add(m);
      el.dataset.pick = JSON.stringify(moves); // the moves it narrows to (tests find a step by them)
      if (words) el.setAttribute("title", words);
      activate(el, () => {
        this.pending = moves;
        this.redraw();
      });
    }
    return el;
  }

  /** The moves in play that no thing on the table makes: they get buttons. */
  leftOver() {
    const narrowing = [...this.offered];
    return this.pending.filter((m) => !narrowing.some((o) => o === m || same(o, m)));
  }
}

function safe(test, move) {
  try {
    return Boolean(test(move));
  } catch {
    return false;
  }
}

/** A click, or Enter or Space on the focused thing (a table element is not always a button). */
function activate(el, run) {
  el.addEventListener("click", (e) => {
    e.stopPropagation();
    if (el.closest("[aria-busy=true], .waiting")) return;
    run();
  });
  el.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      run();
    }
  });
}
