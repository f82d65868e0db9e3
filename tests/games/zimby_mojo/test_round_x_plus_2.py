"""The worked example "Round X + 2 (some scroll use)", played end to end as moves through the game.

The book draws the round in two figures, each with its own letters. On our board (the blood mist at i9, the
sanctum's wards at i6, f9, l9 and i12) they stand for these tiles:

- First figure: **A** = i7, inside the sanctum's north side, where Yellow's Crown carrier stands; **B** = i13, beyond
  the sanctum's south ward (opened), reached around the mist by j7 j8 j9 j10 j11 i11 i12 i13 (8 tiles, 4 mojo at
  2 tiles per mojo) where the way through the mist takes 6 (3 mojo); **C** = g9, the blue zimby that sees the
  mist's west side, so the carrier goes round the east side; **D** = f13, the blue zimby that sees i13 along row
  13; **E** = h13, the vines' target beside B. The blue zombie the carrier avoids waits at i5, beyond the north
  ward.
- Second figure: **(A)** = h14, a tile the vines covered, 2 tiles from B through E; **(B)** = h15, the blue zimby
  that channels Bungle (it sees h14, the tile beside it); the Crown's 4 bounces end on g15, beside (B); a lone
  yellow zimby at n15 walks onto portal **(C)** = l15, shuts **X** = o6 and relocates to portal **(D)** = c12,
  7 tiles from g15 by c13 c14 c15 d15 e15 f15 g15.

Dice: the rolls the book names are forced (:class:`BookDice`), in its order: the vines' 1d2 (2), the carrier's
obstacle immunity (2), the Crown's immunity against Bungle ("Yellow fails the roll": 4), Bungle's 2d2 (4), Energy's
1d3 (3), the immunity against Big Bits o' Map (6) and its 2d3 (2 and 3); each must be rolled, or the test fails.
Where the book says only what chance did ("manages to capture 🧙 in the vines", the Crown "ends up by Blue's
zimby", "successfully relocates to portal tile (D)"), the seed for the other draws is the first that does it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from server.engine import IllegalMove, Rng, Rules
from server.engine.game import copy_table
from server.engine.windows import top
from server.games.zimby_mojo import ZimbyMojo, sight
from server.games.zimby_mojo.board import BOARD
from server.games.zimby_mojo.game import ZTable, movement
from server.games.zimby_mojo.state import Cast, Column, Crown, Wounds, Zombie

RULES = Rules(ZimbyMojo())
BLUE, YELLOW = 0, 1

# The first figure.
A, B, C, D, E = "i7", "i13", "g9", "f13", "h13"
AROUND_THE_MIST = ["j7", "j8", "j9", "j10", "j11", "i11", "i12", "i13"]
THROUGH_THE_MIST = ["i8", "i9", "i10", "i11", "i12", "i13"]
THE_OTHER_WAY_ROUND = ["h7", "h8", "h9", "h10", "h11", "i11", "i12", "i13"]
BLUE_ZOMBIE = "i5"
# The second figure.
A2, B2, C2, X, D2 = "h14", "h15", "l15", "o6", "c12"
CROWN_COMES_TO_REST = "g15"
RUNNER_START, TO_THE_PORTAL = "n15", ["m15", "l15"]
TO_THE_CROWN = ["c13", "c14", "c15", "d15", "e15", "f15", "g15"]
SIX_FREE_TILES = ["g16", "g17", "f17", "e17", "d17", "c17"]
# The creatures.
CARRIER, AT_C, AT_D, AT_B2, RUNNER, ZOMBIE = "c1", "c2", "c3", "c4", "c5", "z6"


class BookDice(Rng):
    """The match's seeded generator, except that the dice the book names come up as it says.

    ``named`` lists ``(sides, value, what)`` in the book's order: the next roll of a die with those sides is that
    value. Every other roll and every other draw (a random tile, a portal) comes from the seed.
    """

    def __init__(self, seed: int, named: Sequence[tuple[int, int, str]]) -> None:
        super().__init__(seed)
        self.named = list(named)

    def roll(self, sides: int = 6) -> int:
        if self.named and self.named[0][0] == sides:
            return self.named.pop(0)[1]
        return super().roll(sides)


def play(table: ZTable, rng: Rng, seat: int, **move: Any) -> None:
    RULES.act(table, rng, seat, move)


def asked(table: ZTable) -> int | None:
    """The seat a response window asks now, if one is open."""
    window = top(table.public.windows)
    return window.asked if window is not None else None


def pass_windows(table: ZTable, rng: Rng, *, until: Callable[[ZTable], bool] = lambda t: False) -> list[int]:
    """Every seat asked passes, until no window is open (or ``until``); the seats that passed, in order."""
    passed: list[int] = []
    while table.public.windows and not until(table):
        seat = asked(table)
        assert seat is not None
        play(table, rng, seat, type="pass")
        passed.append(seat)
    return passed


def walk(table: ZTable, rng: Rng, seat: int, tiles: Sequence[str]) -> list[str]:
    """Step along ``tiles``; every "Stop!" window on the way is passed. The tiles where Blue was asked."""
    stopped_at: list[str] = []
    for tile in tiles:
        play(table, rng, seat, type="step", to=tile)
        if table.public.windows:
            stopped_at.append(tile)
            pass_windows(table, rng)
    return stopped_at


def as_the_book_says(
    table: ZTable,
    what: str,
    moves: Callable[[ZTable, Rng], None],
    dice: Sequence[tuple[int, int, str]] = (),
    happened: Callable[[ZTable], bool] = lambda t: True,
) -> None:
    """Play ``moves`` with the book's ``dice``, the other draws from the first seed that makes ``happened`` true."""
    failure = ""
    for seed in range(1, 400):
        trial = copy_table(table)
        rng = BookDice(seed, dice)
        try:
            moves(trial, rng)
        except IllegalMove as exc:  # a draw the book does not name went otherwise (an immunity roll failed)
            failure = f"seed {seed}: {exc}"
            continue
        unrolled = [named for _, _, named in rng.named]
        assert not unrolled, f"{what}: the game never rolled the book's {unrolled}"
        if happened(trial):
            table.public, table.private, table.secret = trial.public, trial.private, trial.secret
            return
    raise AssertionError(f"{what}: no seed made it happen as the book says ({failure})")


def mojo_spent(table: ZTable, seat: int) -> int:
    """Mojo paid this turn: tokens and zimbies at home depleted (nothing was depleted before)."""
    tribe = table.public.tribes[seat]
    return (4 - tribe.tokens) + tribe.depleted


def top_entry(table: ZTable) -> Any:
    return table.public.stack.entries[-1] if table.public.stack.entries else None


def round_x_plus_2() -> tuple[ZTable, Rng]:
    """The table at the start of Yellow's turn: "It is two rounds after the King has died.", Yellow the first mover."""
    table, rng = RULES.setup(RULES.parse_options({"first_player": YELLOW}), 2, 1)
    pub = table.public
    pub.round = 7
    pub.tribes[BLUE].entry, pub.tribes[YELLOW].entry = "k1", "q3"  # both far from the round's tiles
    pub.king.alive, pub.king.tile = False, None
    pub.obstacles = []  # the King's blood thickets and blood vines died with him
    for thug, barracks in zip(pub.thugs, BOARD.barracks, strict=True):  # the thugs are away in their barracks
        thug.tile, thug.in_barracks = barracks, True
    for ward in pub.wards:
        ward.open = ward.tile == "i12"  # the seal of the south ward was activated
    # "The Crown's movement burden to its carrier is the equivalent of adding +2 zimbies to the column."
    pub.crown = Crown(carrier=CARRIER, burden=2)
    pub.columns = [
        Column(id=CARRIER, tile=A, zimbies={YELLOW: 1}, crown=YELLOW),
        Column(id=AT_C, tile=C, zimbies={BLUE: 1}),
        Column(id=AT_D, tile=D, zimbies={BLUE: 1}),
        Column(id=AT_B2, tile=B2, zimbies={BLUE: 1}),
        Column(id=RUNNER, tile=RUNNER_START, zimbies={YELLOW: 1}),
    ]
    pub.zombies = [Zombie(id=ZOMBIE, tile=BLUE_ZOMBIE, owner=BLUE)]
    pub.next_id = 7
    # Each shaman: a full tribal board of 8 active zimbies and 4 mojo tokens; the rest on the Far Shore.
    for tribe, on_the_board in ((pub.tribes[YELLOW], 2), (pub.tribes[BLUE], 3)):
        tribe.active, tribe.depleted, tribe.tokens, tribe.mojo = 8, 0, 4, 0
        tribe.far_shore = 16 - 8 - on_the_board - (1 if tribe.seat == BLUE else 0)
    pub.tribes[BLUE].zombies_left -= 1
    table.private[BLUE].hand = ["entangling_vines", "bungle", "nix", "lil_bits_o_armor"]
    table.private[YELLOW].hand = ["blow_guns", "nix", "energy", "big_bits_o_map"]
    assert RULES.to_act(table) == [YELLOW] and pub.turn == YELLOW and pub.first_mover == YELLOW
    return table, rng


def test_round_x_plus_2_some_scroll_use() -> None:
    table, rng = round_x_plus_2()
    pub = table.public

    # -- "Yellow wants to avoid the blue zombie and instead run across the sanctum to B." ---------------------------
    # "the lone zimby carrying it moves as though it were a column of 1 + 2 = 3 zimbies: 2 tiles per mojo"
    assert movement(1 + pub.crown.burden) == (2, 1)  # type: ignore[union-attr]
    # "Yellow could pay 3 mojo to run 🧙 across the center through the blood mist" -- "Instead, Yellow decides to pay 4
    # mojo to have 🧙 cross the sanctum by the path and avoid entering the line of sight of the blue zimby at C."
    assert BOARD.path(A, B) == THROUGH_THE_MIST and len(THROUGH_THE_MIST) == 3 * 2
    assert BOARD.path(A, B, blocked=[BOARD.blood_mist]) == AROUND_THE_MIST and len(AROUND_THE_MIST) == 4 * 2
    assert not any(sight.in_sight(pub, C, tile) for tile in AROUND_THE_MIST)
    assert any(sight.in_sight(pub, C, tile) for tile in THE_OTHER_WAY_ROUND)
    play(table, rng, YELLOW, type="go", creature=CARRIER, own=None, crown=False)
    for tile in AROUND_THE_MIST[:-1]:
        play(table, rng, YELLOW, type="step", to=tile)
        assert not pub.windows, f"Blue was asked at {tile}: the path entered a blue zimby's line of sight"
    # "When 🧙 reaches B, Blue says, "Stop!" and uses a scroll."
    play(table, rng, YELLOW, type="step", to=B)
    assert mojo_spent(table, YELLOW) == 4 and pub.column(CARRIER).tile == B
    assert asked(table) == BLUE

    # -- "Blue pays 2 mojo and has the zimby at D cast "Entangling Vines." The zimby targets the E tile" -------------
    play(table, rng, BLUE, type="scroll", card="entangling_vines", target=E, channel=AT_D)
    assert mojo_spent(table, BLUE) == 2
    (vines,) = pub.stack.entries
    assert isinstance(vines, Cast) and vines.card == "entangling_vines" and vines.stops == CARRIER

    def vines_resolve(t: ZTable, r: Rng) -> None:
        # "No scrolls are used in response to the witchery, so the "Entangling Vines" resolves and clears the stack."
        assert pass_windows(t, r) and not t.public.stack.entries

    def caught(t: ZTable) -> bool:
        covered = {o.tile for o in t.public.obstacles if o.kind == "entangling_vines"}
        return covered == {E, B, A2}  # "the target tile E plus 2 random, adjacent tiles": B and (A)

    # "Blue rolls 1d2 and gets a 2 ... Blue rolls randomly for the extra tiles and manages to capture 🧙 in the vines!"
    as_the_book_says(table, "the vines", vines_resolve, [(2, 2, "1d2 for the vines")], caught)
    pub = table.public
    assert {o.side for o in pub.obstacles} == {"A"}
    # "🧙 stops." -- on B, with no paid tile left: going on costs mojo (the path may go on: "If the witchery fails,
    # the creature may finish its movement", and the carrier's immunity to the vines is rolled as it leaves).
    assert pub.column(CARRIER).tile == B and (pub.moving is None or pub.moving.tiles_left == 0)
    assert pub.discards[-1] == "entangling_vines" and "entangling_vines" not in table.private[BLUE].hand

    # -- "Although Blue used a scroll, it is still Yellow's turn." --------------------------------------------------
    assert RULES.to_act(table) == [YELLOW]

    def onto_a2(t: ZTable, r: Rng) -> None:
        # "Yellow checks 🧙's obstacle immunity ... rolls 1d6 and gets a 2, so 🧙 is immune to the "Entangling
        # Vines" for the turn. Yellow pays 1 mojo and moves 🧙 onto the (A) tile"
        if t.public.moving is None:
            play(t, r, YELLOW, type="go", creature=CARRIER, own=None, crown=False)
        walk(t, r, YELLOW, [E])
        play(t, r, YELLOW, type="step", to=A2)

    as_the_book_says(
        table,
        "onto (A)",
        onto_a2,
        [(6, 2, "1d6 for the Crown's obstacle immunity")],
        lambda t: t.public.column(CARRIER).tile == A2,
    )
    pub = table.public
    assert mojo_spent(table, YELLOW) == 4 + 1
    # "but Blue again says, "Stop" while 🧙 is on (A)."
    assert asked(table) == BLUE and sight.in_sight(pub, B2, A2)

    # -- the stack: Bungle, Blow Guns, Nix, Nix ------------------------------------------------------------------
    # "Blue uses the blue zimby at (B) to channel "Bungle" in an attempt to rid 🧙 of the Crown."
    play(table, rng, BLUE, type="scroll", card="bungle", target=CARRIER, channel=AT_B2)
    # "In response, Yellow has 🧙 channel "Blow Guns" at the blue zimby that channeled "Bungle.""
    assert asked(table) == YELLOW
    play(table, rng, YELLOW, type="scroll", card="blow_guns", target=AT_B2, channel=CARRIER)
    blow_guns = top_entry(table).id
    # "Blue uses a "Nix" scroll and targets the "Blow Guns" effect on the stack."
    assert asked(table) == BLUE
    play(table, rng, BLUE, type="scroll", card="nix", target=f"#{blow_guns}")
    blues_nix = top_entry(table).id
    # "In response, Yellow uses a "Nix" scroll as well, this one to target Blue's "Nix"!"
    assert asked(table) == YELLOW
    play(table, rng, YELLOW, type="scroll", card="nix", target=f"#{blues_nix}")
    # "The stack forms like this"
    drawn = [(e.pusher, e.card, e.targets, e.nixes) for e in pub.stack.entries if isinstance(e, Cast)]
    assert drawn == [
        (BLUE, "bungle", [CARRIER], None),
        (YELLOW, "blow_guns", [AT_B2], None),
        (BLUE, "nix", [f"#{blow_guns}"], blow_guns),
        (YELLOW, "nix", [f"#{blues_nix}"], blues_nix),
    ]
    assert len(pub.stack.entries) == 4 and pub.stack.entries[0].stops == CARRIER  # type: ignore[union-attr]
    assert mojo_spent(table, BLUE) == 2 + 3 + 1 and mojo_spent(table, YELLOW) == 5 + 1 + 1

    # "The first effect to resolve is Yellow's "Nix," which targets and nullifies Blue's "Nix" and removes both scroll
    # effects from the stack. The next scroll effect on the stack is Yellow's "Blow Guns." This resolves and pushes 1
    # wound onto the stack, assigned to Blue's zimby at (B)."
    pass_windows(table, rng, until=lambda t: isinstance(top_entry(t), Wounds))
    wound = top_entry(table)
    assert isinstance(wound, Wounds) and (wound.creature, wound.wounds) == (AT_B2, 1)
    assert [e.card for e in pub.stack.entries if isinstance(e, Cast)] == ["bungle"]
    assert pub.discards[-3:] == ["nix", "nix", "blow_guns"]
    # "In response to the wound being placed on the stack, Blue has the zimby target itself with "Lil' Bits o'
    # Armor.""
    pass_windows(table, rng, until=lambda t: asked(t) == BLUE)
    play(table, rng, BLUE, type="scroll", card="lil_bits_o_armor", target=AT_B2, channel=AT_B2)
    assert mojo_spent(table, BLUE) == 2 + 3 + 1 + 1

    def stack_resolves(t: ZTable, r: Rng) -> None:
        pass_windows(t, r)

    def crown_by_blues_zimby(t: ZTable) -> bool:
        crown = t.public.crown
        return crown is not None and crown.tile == CROWN_COMES_TO_REST

    # "the "Lil' Bits o' Armor" effect will resolve first and prevent the wound from being delivered." ... "Yellow
    # rolls 1d6 to check 🧙's 50% immunity. Yellow fails the roll." ... "Blue rolls 2d2 for the "Bungle" effect and
    # gets a 4. The Crown bounces 4 times" ... "the Crown ends up by Blue's zimby!"
    as_the_book_says(
        table,
        "the stack resolves",
        stack_resolves,
        [(6, 4, "1d6 for the Crown's immunity to Bungle"), (2, 2, "2d2 for Bungle"), (2, 2, "2d2 for Bungle")],
        crown_by_blues_zimby,
    )
    pub = table.public
    assert not pub.stack.entries and not pub.windows
    # "The blue zimby at (B) will be alive and well when the "Bungle" resolves!" -- the armor went into preventing
    # the wound on the stack, none of it is left waiting.
    assert pub.column(AT_B2).zimbies == {BLUE: 1} and pub.column(AT_B2).tile == B2
    assert pub.column(AT_B2).armor == 0 and any("prevents 1" in line for line in pub.happened)
    # "🧙 drops the Crown and watches it bounce away."
    assert pub.crown is not None and pub.crown.carrier is None and pub.column(CARRIER).crown is None
    assert sum(line.startswith("the Crown bounces") for line in pub.happened) == 4
    assert CROWN_COMES_TO_REST in BOARD.neighbours(B2)
    assert pub.discards[-2:] == ["lil_bits_o_armor", "bungle"]
    # "No longer in possession of the Crown, 🧙 immediately becomes ensnared by the entangling vines on the tile!"
    if pub.moving is not None:
        play(table, rng, YELLOW, type="halt")
    moves_of_the_carrier = [m for m in RULES.legal_moves(table, YELLOW) if getattr(m, "creature", None) == CARRIER]
    assert not [m for m in moves_of_the_carrier if m.type == "go"], "🧙 may not move out of the vines"
    # "Unfortunately, it is not Blue's turn and Yellow may still act."
    assert RULES.to_act(table) == [YELLOW]

    # -- "Yellow uses 2 mojo to target themselves with the ritual "Energy."" ------------------------------------
    def energy(t: ZTable, r: Rng) -> None:
        play(t, r, YELLOW, type="scroll", card="energy", target=f"seat{YELLOW}")
        pass_windows(t, r)  # (Blue has no scroll left to answer with: nobody is asked)

    # "The Cannibal Crown's 50% witchery immunity does not come into play because "Energy" is not a witchery. ...
    # Yellow rolls a 3 on 1d3 and reactivates 4 zimbies!"
    as_the_book_says(table, "Energy", energy, [(3, 3, "1d3 for Energy")])
    pub = table.public
    # "That brings the active zimby total on Yellow's tribal board to 7." -- 4 tokens and 5 zimbies spent, 4 of
    # the 5 made active again.
    assert (pub.tribes[YELLOW].active, pub.tribes[YELLOW].depleted, pub.tribes[YELLOW].tokens) == (7, 1, 0)
    assert pub.discards[-1] == "energy"

    # -- portal influence ------------------------------------------------------------------------------------------
    def through_the_portal(t: ZTable, r: Rng) -> None:
        # "Yellow pays 1 mojo to move 1 zimby onto portal tile (C) and pays an extra 1 mojo to shut down one possible
        # exit portal (X). This gives Yellow a 50% chance of exiting at portal (D)."
        play(t, r, YELLOW, type="go", creature=RUNNER, own=None, crown=False)
        walk(t, r, YELLOW, TO_THE_PORTAL)
        assert t.public.moving is not None and t.public.moving.portal == C2
        play(t, r, YELLOW, type="influence", eliminate=[X])

    # "Yellow rolls a die and successfully relocates to portal tile (D)!"
    as_the_book_says(table, "the portal", through_the_portal, happened=lambda t: t.public.column(RUNNER).tile == D2)
    pub = table.public
    assert pub.tribes[YELLOW].active == 7 - 2
    # "Yellow pays 2 mojo to move 7 tiles and picks up the Crown."
    play(table, rng, YELLOW, type="go", creature=RUNNER, own=None, crown=False)
    walk(table, rng, YELLOW, TO_THE_CROWN)
    assert pub.moving is not None and pub.moving.found_crown
    play(table, rng, YELLOW, type="pick_up")
    assert pub.crown is not None and pub.crown.carrier == RUNNER and pub.column(RUNNER).crown == YELLOW
    # "Movement from a mojo expenditure immediately ends if ... The creature picks up an item": the path ends here.
    assert pub.moving is None or pub.moving.tiles_left == 0
    if pub.moving is not None:
        play(table, rng, YELLOW, type="halt")
    # "Now the new Yellow Crown carrier 🧙 suffers the Crown's added burden and will only move 2 tiles per mojo."
    assert movement(pub.column(RUNNER).size + pub.crown.burden) == (2, 1)
    # "Yellow's tribal board now has 3 active zimbies remaining."
    assert pub.tribes[YELLOW].active == 3

    # -- "Yellow uses 2 mojo and has 🧙 target itself with "Big Bits o' Map."" -------------------------------------
    def big_bits_o_map(t: ZTable, r: Rng) -> None:
        play(t, r, YELLOW, type="scroll", card="big_bits_o_map", target=RUNNER, channel=RUNNER)
        pass_windows(t, r)

    # "Yellow rolls 1d6 and gets a 6, so the Crown's witchery immunity fails and the witchery affects 🧙. ... Yellow
    # rolls 2d3 and gets 2 and 3. "Big Bits o' Map" gives 🧙 a free 2 + 2 + 3 = 7 tiles of movement!"
    as_the_book_says(
        table,
        "Big Bits o' Map",
        big_bits_o_map,
        [(6, 6, "1d6 for the Crown's immunity"), (3, 2, "2d3 for Big Bits o' Map"), (3, 3, "2d3 for Big Bits o' Map")],
    )
    pub = table.public
    assert pub.tribes[YELLOW].active == 3 - 2
    assert pub.moving is not None and (pub.moving.creature, pub.moving.free_tiles) == (RUNNER, 7)
    # "Yellow chooses to move only 6 tiles instead of 7."
    tribe_before = pub.tribes[YELLOW].model_copy()
    assert not walk(table, rng, YELLOW, SIX_FREE_TILES)
    assert pub.column(RUNNER).tile == SIX_FREE_TILES[-1] and pub.column(RUNNER).crown == YELLOW
    assert pub.moving is not None and pub.moving.free_tiles == 1
    play(table, rng, YELLOW, type="halt")
    assert pub.tribes[YELLOW] == tribe_before, "the free tiles cost no mojo"

    # "Yellow's turn ends and it moves to Blue's turn... and Blue really wants that Crown!"
    play(table, rng, YELLOW, type="end_turn")
    assert pub.turn == BLUE and RULES.to_act(table) == [BLUE]
