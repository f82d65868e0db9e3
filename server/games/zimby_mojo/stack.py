"""Zimby Mojo's stack (rulebook Part 6, "The stack"): what is pushed, who may answer it, and the order it resolves.

Scroll effects, combat rolls and wounds are "pushed" onto one public
:class:`Stack` and resolve last-in-first-out, top first. Each entry says what
was pushed, who pushed it, whether it may be answered and whether it was
nixed:

- :class:`Cast` -- a scroll used: its card, its type (ritual, incantation,
  witchery), the caster, the channelling zimby of a witchery, the targets, the
  mojo paid and the effect, in the card list's words (opaque here: the game
  applies it). A Nix names the entry it nullifies (``nixes``).
- :class:`CombatRoll` -- both combat rolls of one exchange, which scrolls may
  raise or lower before they settle.
- :class:`Wounds` -- wounds assigned to one creature, which scrolls may prevent
  before they are delivered.
- :class:`KingsRitual` -- a ritual the King (or a Crown carrier) casts: it can
  not be answered.

Each push opens a response window (:mod:`server.engine.windows`) in the
game's ``Public.windows``: the other seats, in turn order, respond (push on
top: a new window opens on the response) or pass. Once no window is open,
scroll use has ended and :func:`resolve` pops the entries, top first, handing
each one not nixed to the game's function that applies it; it stops as soon
as something it resolved pushes a new entry that opens a window (Blow Guns'
wound), and goes on when that window and those above it are closed.

The worked example "Round X + 2" builds this stack (top last)::

    #0 Bungle        Blue   witchery at the Crown carrier
    #1 Blow Guns     Yellow witchery at Blue's channeller
    #2 Nix           Blue   nixes #1
    #3 Nix           Yellow nixes #2

and resolves it: #3 nullifies #2, #2 is skipped, #1 pushes a wound (#4) that
Blue answers with Lil' Bits o' Armor (#5); #5 prevents #4, then #0 resolves.

Hidden: nothing; the stack is public, and so are the windows.

Chance: the Crown's 50 % witchery immunity, 1d6 for each shielded target of a
witchery as the witchery resolves, from the match's seeded generator.

Interpretations (rulebook: ``zimby-mojo.md``, "The stack"):

- "When scroll use ends, the stacked effects begin to resolve in reverse casting order." -> every push opens
  a response window; scroll use ends when no window is open at all (the game's other windows included, such as
  a path tile's), and then the top entry resolves first.
- "New scroll effects may be "pushed" onto the stack at any time during effect resolution, rebuilding the stack
  on-the-fly." -> when a resolving entry pushes another (Blow Guns' wound), a window opens on it and resolution
  waits until every window is closed; between two resolutions that push nothing no new window opens, since
  every seat has already passed with everything below in sight.
- "Unless an effect on the stack is nullified, all effects on the stack will occur, even if a zimby dies before
  the effect of its witchery is resolved!" -> an entry resolves whatever became of its caster or channeller;
  only a nixed entry is skipped, and it still leaves the stack (its card is discarded like any other).
- "The first effect to resolve is Yellow's "Nix," which targets and nullifies Blue's "Nix" and removes both
  scroll effects from the stack." -> a Nix names its target when cast and nullifies it when the Nix itself
  resolves, so a Nix nixed first nullifies nothing. Rituals "target either a ... or a scroll effect", so only a
  scroll effect (a :class:`Cast`) may be nixed, never a combat roll, wounds or a King's ritual.
- "Combat rolls are "pushed" onto the stack. Scrolls may be "pushed" onto the stack in response." -> a window
  on a combat roll or on wounds asks every seat, the pusher first (the worked example's Blue answers its own
  combat roll with Spikey Bone Claws); a window on a scroll asks the seats after its caster. The King's, the
  thugs' and the zombies' pushes start the asking at a seat the game names.
- "no mojo may be used and no effects may be placed on the stack until the ritual resolves" -> a King's ritual
  opens no window; while it is on the stack no seat may push, and what its resolution pushes (its wounds) is
  unanswerable too and resolves at once.
- "As a creature passes through a zimby's LOS, the zimby's controller may say "stop" and halt the creature's
  movement to target it with a witchery in that position" -> a scroll pushed in the game's window on a path
  tile is the "Stop!": it must be a witchery, and records the moving creature it stops (``Cast.stops``); the
  path waits while the stack resolves and may go on after ("If the witchery fails, the creature may finish its
  movement").
- "the witchery is cast but has no effect on the Crown carrier" -> the Crown's immunity is rolled as the
  witchery resolves (the worked example rolls for Bungle only after Lil' Bits o' Armor resolved), once for each
  target the game calls shielded (the Crown carrier, the living King; in solitaire his tile too); the targets it holds
  for are listed in ``Cast.immune`` and the game's effect leaves them alone. Rituals and incantations are never
  rolled against ("The Cannibal Crown's 50% witchery immunity does not come into play because "Energy" is not a
  witchery").
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from pydantic import JsonValue

from server.engine import Rng
from server.engine.errors import IllegalMove
from server.engine.windows import Window, open_window, respond, top

from .combat import crown_immune

# The stack's entries are part of the table, so they are modelled in state.py; stack.X names them as before.
from .state import AnyEntry as AnyEntry
from .state import Cast as Cast
from .state import CombatRoll as CombatRoll
from .state import CreatureId
from .state import Entry as Entry
from .state import KingsRitual as KingsRitual
from .state import ScrollType as ScrollType
from .state import Stack as Stack
from .state import Target as Target
from .state import Wounds as Wounds

#: Whether a witchery's target has the Crown's 50 % immunity (the Crown carrier, the King; in solitaire his tile).
Shielded = Callable[[Target], bool]


#: The game's effect of one entry, applied as it resolves; it may push further entries (Blow Guns' wound).
Apply = Callable[[AnyEntry], None]


def nobody_shielded(target: Target) -> bool:
    """No target has the Crown's witchery immunity: nobody carries the Crown, no solitaire King is in range."""
    return False


def seat_target(seat: int) -> Target:
    """A shaman as a scroll's target."""
    return f"seat{seat}"


def window_on(entry: AnyEntry) -> JsonValue:
    """What a window on ``entry`` is on, in the game's words: the stack entry by number."""
    return {"stack": entry.id, "kind": entry.kind}


def entry_of(stack: Stack, window: Window | None) -> AnyEntry | None:
    """The stack entry a window is on; ``None`` for the game's other windows (a path tile, a devour, a hold)."""
    if window is None or not isinstance(window.on, dict) or not isinstance(window.on.get("stack"), int):
        return None
    entry_id = window.on["stack"]
    assert isinstance(entry_id, int)
    return next((e for e in stack.entries if e.id == entry_id), None)


def moving_in(window: Window | None) -> CreatureId | None:
    """The creature a window on a path tile is on (game.py: ``{"path": <creature>, "at": <tile>}``)."""
    if window is None or not isinstance(window.on, dict):
        return None
    creature = window.on.get("path")
    return creature if isinstance(creature, str) else None


def push(
    stack: Stack,
    windows: list[Window],
    entry: AnyEntry,
    seats: int,
    *,
    opener: int | None = None,
    among: Collection[int] | None = None,
) -> Window | None:
    """Push ``entry`` on top of the stack and open the window on it; the window, or ``None`` if none opened.

    A scroll pushed by the seat asked in the window on top is a response: its window asks the others from
    that seat, and the window below keeps asking it afterwards. A combat roll or wounds ask every seat, the
    pusher (or ``opener``, for the King's, thugs' and zombies' pushes) first. ``among``: the only seats that
    may answer (those able to use a scroll now); nobody able, no window. No window opens on an unanswerable
    entry, nor on what is pushed while one is on the stack: it resolves with no answer.
    """
    asking = top(windows)
    if stack.inescapable:
        if entry.pusher is not None:
            raise IllegalMove("no effect may be placed on the stack until the King's ritual resolves")
        entry.answerable = False
    if isinstance(entry, Cast):
        _check_cast(stack, entry, asking)
    entry.id = stack.next_id
    stack.next_id += 1
    stack.entries.append(entry)
    if not entry.answerable:
        return None
    on = window_on(entry)
    if isinstance(entry, Cast) and asking is not None and asking.asked == entry.pusher:
        return respond(windows, entry.pusher, on, seats, among=among)
    first = entry.pusher if entry.pusher is not None else opener
    if first is None:
        raise ValueError("a push by the King, thugs or zombies names the seat the asking starts from")
    return open_window(windows, first, on, seats, among=among, with_opener=not isinstance(entry, Cast))


def _check_cast(stack: Stack, cast: Cast, asking: Window | None) -> None:
    """A scroll's own rules on the stack: whom a Nix may target, what a "Stop!" must be."""
    if cast.nixes is not None:
        target = stack.entry(cast.nixes)
        if not isinstance(target, Cast):
            raise IllegalMove("a Nix targets a scroll effect, not a combat roll, wounds or a King's ritual")
        if target.nixed:
            raise IllegalMove(f"#{target.id} is nixed already")
    moving = moving_in(asking)
    if moving is not None and asking is not None and asking.asked == cast.pusher:
        if cast.scroll_type != "witchery":
            raise IllegalMove('only a witchery may "Stop!" a moving creature')
        cast.stops = moving


def nix(stack: Stack, entry_id: int) -> AnyEntry:
    """Nullify the scroll effect numbered ``entry_id``: it stays until its turn to resolve, then leaves unresolved."""
    target = stack.entry(entry_id)
    if not isinstance(target, Cast):
        raise IllegalMove("only a scroll effect may be nixed")
    target.nixed = True
    return target


def combat_roll_of(stack: Stack, creature: CreatureId) -> CombatRoll | None:
    """The newest combat roll on the stack in which ``creature`` fights, if any."""
    return next(
        (e for e in reversed(stack.entries) if isinstance(e, CombatRoll) and creature in (e.attacker, e.defender)),
        None,
    )


def raise_roll(stack: Stack, creature: CreatureId, amount: int) -> bool:
    """Add ``amount`` (signed) to ``creature``'s combat roll on the stack (Spikey Bone Claws): whether one was there.

    With none on the stack the game keeps the effect for the creature's next combat roll.
    """
    entry = combat_roll_of(stack, creature)
    if entry is None:
        return False
    side = {"attacker": amount} if entry.attacker == creature else {"defender": amount}
    entry.rolls = entry.rolls.modified(**side)
    return True


def wounds_to(stack: Stack, creature: CreatureId) -> Wounds | None:
    """The newest wounds on the stack assigned to ``creature``, not yet delivered."""
    return next((e for e in reversed(stack.entries) if isinstance(e, Wounds) and e.creature == creature), None)


def prevent(stack: Stack, creature: CreatureId, amount: int) -> int:
    """Prevent up to ``amount`` of the wounds on the stack for ``creature`` (Lil' Bits o' Armor): how many it did."""
    entry = wounds_to(stack, creature)
    if entry is None:
        return 0
    prevented = min(amount, entry.wounds)
    entry.wounds -= prevented
    return prevented


def resolve(
    stack: Stack,
    windows: list[Window],
    apply: Apply,
    rng: Rng,
    shielded: Shielded = nobody_shielded,
) -> list[AnyEntry]:
    """Resolve the stack top first while no window is open; the entries that left it, in order (nixed included).

    Each entry not nixed is applied while it is still on the stack (so what it pushes sits above it, and a
    King's ritual keeps what it pushes unanswerable), then it leaves. A Nix nullifies its target (the game's
    function is not called for it); a witchery first rolls the Crown's immunity for each shielded target.
    Resolution stops when a window opens on something pushed meanwhile: call again once every window is
    closed. The game discards each scroll card that left and, for a :class:`Cast` with ``stops``, lets the
    stopped creature go on if it still can.
    """
    gone: list[AnyEntry] = []
    while stack.entries and not windows:
        entry = stack.entries[-1]
        if not entry.nixed:
            if isinstance(entry, Cast) and entry.nixes is not None:
                if any(e.id == entry.nixes for e in stack.entries):
                    nix(stack, entry.nixes)
            else:
                if isinstance(entry, Cast) and entry.scroll_type == "witchery":
                    entry.immune = [t for t in entry.targets if shielded(t) and crown_immune(rng)]
                apply(entry)
        stack.entries.remove(entry)
        gone.append(entry)
    return gone
