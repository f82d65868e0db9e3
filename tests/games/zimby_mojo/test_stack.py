"""Zimby Mojo's stack, as the book's "The stack" section and its worked examples tell it.

The effects here are stand-ins (add to a number, push a wound, prevent one):
the stack only orders entries, asks the seats and skips what was nixed; the
card list's real effects are applied by the game.
"""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from server.engine import IllegalMove, Rng
from server.engine.windows import Window, open_window, pass_window, top
from server.games.zimby_mojo.combat import CombatRolls, Roll, dies
from server.games.zimby_mojo.stack import (
    AnyEntry,
    Cast,
    CombatRoll,
    KingsRitual,
    Stack,
    Wounds,
    combat_roll_of,
    entry_of,
    nix,
    prevent,
    push,
    raise_roll,
    resolve,
    seat_target,
    wounds_to,
)
from server.games.zimby_mojo.state import KING_VITALITY

BLUE, YELLOW, WHITE, GRAY = 0, 1, 2, 3


def cast(seat: int, card: str, *targets: str, scroll_type: str = "witchery", **fields: object) -> Cast:
    """A scroll cast by ``seat``, as the worked examples name them."""
    return Cast.model_validate(
        {"pusher": seat, "card": card, "scroll_type": scroll_type, "targets": list(targets), **fields}
    )


def rng_rolling(first: int) -> Rng:
    """A generator whose first d6 is ``first``."""
    for seed in range(10_000):
        if Rng(seed).roll(6) == first:
            return Rng(seed)
    raise AssertionError(first)


def pass_all(windows: list[Window]) -> list[int]:
    """Every seat asked passes until no window is open; the seats asked, in order."""
    asked: list[int] = []
    while windows:
        window = top(windows)
        assert window is not None
        asked.append(window.asked)
        pass_window(windows, window.asked)
    return asked


class Tally:
    """A stand-in game: each entry's effect adds to a number, and the order of resolution is kept."""

    def __init__(self) -> None:
        self.total = 0
        self.order: list[str] = []

    def apply(self, entry: AnyEntry) -> None:
        assert isinstance(entry, Cast)
        self.order.append(entry.card)
        self.total += int(entry.effect)  # "+1": what a stand-in effect adds


# -- every push opens a window, every seat asked in turn order ------------------------------------------------------


def test_a_scroll_asks_every_other_seat_in_turn_order_from_its_caster() -> None:
    stack, windows = Stack(), list[Window]()
    window = push(stack, windows, cast(WHITE, "Spikey Bone Claws", "c1", effect="+1"), seats=4)
    assert window is not None and window.opener == WHITE
    assert entry_of(stack, window) == stack.entries[0]
    assert pass_all(windows) == [GRAY, BLUE, YELLOW]


@pytest.mark.parametrize("seats", range(2, 9))
def test_at_every_seat_count_each_other_seat_is_asked_once_clockwise_from_the_caster(seats: int) -> None:
    for caster in range(seats):
        stack, windows = Stack(), list[Window]()
        push(stack, windows, cast(caster, "Bungle", "c1"), seats=seats)
        assert pass_all(windows) == [(caster + k) % seats for k in range(1, seats)]


def test_each_push_is_numbered_in_pushing_order_and_the_seats_are_asked_again_at_each_push() -> None:
    stack, windows = Stack(), list[Window]()
    push(stack, windows, cast(BLUE, "Energy", seat_target(BLUE), scroll_type="ritual", effect="+1"), seats=3)
    assert pass_all(windows) == [YELLOW, WHITE]
    push(stack, windows, cast(YELLOW, "Energy", seat_target(YELLOW), scroll_type="ritual", effect="+1"), 3)
    assert pass_all(windows) == [WHITE, BLUE]
    assert [e.id for e in stack.entries] == [0, 1]


def test_only_the_seats_able_to_answer_are_asked_and_with_none_no_window_opens() -> None:
    stack, windows = Stack(), list[Window]()
    push(stack, windows, cast(BLUE, "Bungle", "c7"), seats=4, among=[GRAY, YELLOW])
    assert pass_all(windows) == [YELLOW, GRAY]
    assert push(stack, windows, cast(BLUE, "Bungle", "c7"), seats=4, among=[]) is None
    assert windows == [] and len(stack.entries) == 2


def test_a_response_to_a_response_opens_a_window_on_top_and_the_newest_is_answered_first() -> None:
    stack, windows = Stack(), list[Window]()
    push(stack, windows, cast(BLUE, "Bungle", "c9", effect="+1"), seats=3)
    assert top(windows) is not None and windows[-1].asked == YELLOW
    push(stack, windows, cast(YELLOW, "Blow Guns", "c2", effect="+10"), seats=3)
    assert windows[-1].opener == YELLOW and windows[-1].asked == WHITE
    push(stack, windows, cast(WHITE, "Nasty Sharp Knives", "c2", effect="+100"), seats=3)
    assert [w.opener for w in windows] == [BLUE, YELLOW, WHITE]
    # White's window asks Blue then Yellow; Yellow's asks White again then Blue; Blue's asks Yellow again then White.
    assert pass_all(windows) == [BLUE, YELLOW, WHITE, BLUE, YELLOW, WHITE]


def test_a_push_by_a_seat_not_asked_while_a_window_is_open_opens_its_own_window_on_top() -> None:
    stack, windows = Stack(), list[Window]()
    open_window(windows, YELLOW, {"attack": "t1", "target": "c3"}, 2, among=[BLUE], with_opener=True)
    assert windows[-1].asked == BLUE
    push(stack, windows, cast(BLUE, "Lil' Bits o' Armor", "c3"), seats=2)
    assert windows[-1].opener == BLUE and windows[-1].asked == YELLOW


# -- last in, first out ---------------------------------------------------------------------------------------------


def test_when_scroll_use_ends_the_stack_resolves_in_reverse_casting_order() -> None:
    """ "The players resolve the effect on the top of the stack first, then resolve the next effect down"."""
    stack, windows = Stack(), list[Window]()
    push(stack, windows, cast(BLUE, "first", "c1", effect="+1"), seats=3)
    push(stack, windows, cast(YELLOW, "second", "c1", effect="+2"), seats=3)
    push(stack, windows, cast(WHITE, "third", "c1", effect="+3"), seats=3)
    tally = Tally()
    assert resolve(stack, windows, tally.apply, Rng(1)) == []  # scroll use has not ended: windows are open
    pass_all(windows)
    gone = resolve(stack, windows, tally.apply, Rng(1))
    assert tally.order == ["third", "second", "first"] == [e.card for e in gone if isinstance(e, Cast)]
    assert tally.total == 6 and stack.entries == []


def test_the_stack_waits_while_any_window_is_open_such_as_a_path_tile() -> None:
    stack, windows = Stack(), list[Window]()
    open_window(windows, YELLOW, {"path": "c4", "at": "e5"}, 2, among=[BLUE])
    push(stack, windows, cast(BLUE, "Entangling Vines", "e6", effect="+2"), seats=2)
    assert windows[-1].asked == YELLOW
    pass_window(windows, YELLOW)
    tally = Tally()
    assert resolve(stack, windows, tally.apply, Rng(1)) == [] and tally.order == []
    assert windows[-1].asked == BLUE  # the path's window still asks Blue: it may use another scroll
    pass_window(windows, BLUE)
    resolve(stack, windows, tally.apply, Rng(1))
    assert tally.order == ["Entangling Vines"]


def test_an_entry_resolves_even_if_its_channeller_died_before_it() -> None:
    """ "all effects on the stack will occur, even if a zimby dies before the effect of its witchery is resolved!"."""
    stack, windows = Stack(), list[Window]()
    push(stack, windows, cast(BLUE, "Bungle", "c9", channel="c3", effect="+5"), seats=2)
    pass_all(windows)
    tally = Tally()
    resolve(stack, windows, tally.apply, Rng(1))
    assert tally.total == 5


# -- Nix on the stack -----------------------------------------------------------------------------------------------


def test_a_nixed_entry_leaves_the_stack_without_effect() -> None:
    stack, windows = Stack(), list[Window]()
    push(stack, windows, cast(BLUE, "kept", "c1", effect="+1"), seats=2)
    push(stack, windows, cast(YELLOW, "nixed", "c1", effect="+10"), seats=2)
    nix(stack, 1)
    pass_all(windows)
    tally = Tally()
    gone = resolve(stack, windows, tally.apply, Rng(1))
    assert tally.order == ["kept"] and tally.total == 1
    assert [(e.id, e.nixed) for e in gone] == [(1, True), (0, False)]  # both leave: both cards are discarded


def test_a_nix_targets_scroll_effects_only() -> None:
    """Rituals "target either a ... or a scroll effect": not a combat roll, wounds or a King's ritual."""
    stack, windows = Stack(), list[Window]()
    rolls = CombatRolls(attacker=Roll(die=2, brutality=9), defender=Roll(die=4, brutality=4))
    push(stack, windows, CombatRoll(pusher=BLUE, attacker="c1", defender="king", rolls=rolls), seats=2)
    push(stack, windows, Wounds(pusher=BLUE, creature="king", wounds=3, source="combat"), seats=2)
    with pytest.raises(IllegalMove):
        push(stack, windows, cast(YELLOW, "Nix", scroll_type="ritual", nixes=0), seats=2)
    with pytest.raises(IllegalMove):
        push(stack, windows, cast(YELLOW, "Nix", scroll_type="ritual", nixes=1), seats=2)
    with pytest.raises(IllegalMove):
        push(stack, windows, cast(YELLOW, "Nix", scroll_type="ritual", nixes=7), seats=2)
    with pytest.raises(IllegalMove):
        nix(stack, 0)


def test_a_nix_that_is_nixed_nullifies_nothing() -> None:
    stack, windows = Stack(), list[Window]()
    push(stack, windows, cast(BLUE, "Blow Guns", "c2", effect="+1"), seats=2)
    push(stack, windows, cast(YELLOW, "Nix", scroll_type="ritual", nixes=0), seats=2)
    push(stack, windows, cast(BLUE, "Nix", scroll_type="ritual", nixes=1), seats=2)
    pass_all(windows)
    tally = Tally()
    resolve(stack, windows, tally.apply, Rng(1))
    assert tally.order == ["Blow Guns"]


# -- the worked examples --------------------------------------------------------------------------------------------


def test_round_x_spikey_bone_claws_answers_blues_own_combat_roll_and_the_king_dies() -> None:
    """ "Before allowing the combat rolls to resolve, Blue has the cannibalizing zimby target itself with the witchery
    "Spikey Bone Claws." ... The witchery resolves first, giving +1 brutality and a combat roll of 2 + 9 + 1 = 12"."""
    stack, windows = Stack(), list[Window]()
    rolls = CombatRolls(attacker=Roll(die=2, brutality=9), defender=Roll(die=4, brutality=4))
    push(stack, windows, CombatRoll(pusher=BLUE, attacker="c3", defender="king", rolls=rolls), seats=2)
    assert windows[-1].asked == BLUE  # the attacker may answer its own combat roll
    push(stack, windows, cast(BLUE, "Spikey Bone Claws", "c3", channel="c3", cost=1, effect="+1"), seats=2)
    assert pass_all(windows) == [YELLOW, BLUE, YELLOW]
    settled: list[CombatRolls] = []
    delivered: list[int] = []

    def apply(entry: AnyEntry) -> None:
        if isinstance(entry, Cast):  # "+1 brutality" to the combat roll below it
            assert raise_roll(stack, "c3", 1)
        elif isinstance(entry, CombatRoll):  # "Combat rolls are settled. Wounds are determined and "pushed""
            settled.append(entry.rolls)
            wounds = Wounds(pusher=BLUE, creature="king", wounds=entry.rolls.wounds().to_defender, source="combat")
            push(stack, windows, wounds, seats=2)
        elif isinstance(entry, Wounds):
            delivered.append(entry.wounds)

    gone = resolve(stack, windows, apply, Rng(1))
    assert [e.kind for e in gone] == ["scroll", "combat"]
    (final,) = settled
    assert final.attacker.total == 12 and final.defender.total == 8
    assert pass_all(windows) == [BLUE, YELLOW]  # the wounds wait for answers too, the attacker's first
    resolve(stack, windows, apply, Rng(1))
    assert delivered == [4] and dies(4, KING_VITALITY)  # "the King dies from 12 - 8 = 4 wounds!"


def test_round_x_plus_2_bungle_against_blow_guns_nix_against_nix_and_lil_bits_o_armor() -> None:
    """The worked example "Round X + 2", from Blue's "Stop!" to the Bungle resolving against the Crown carrier."""
    crown_carrier, blues_channeller = "c20", "c11"
    stack, windows = Stack(), list[Window]()
    # Yellow's Crown carrier steps onto (A), in the line of sight of Blue's zimby at (B): Blue is asked.
    open_window(windows, YELLOW, {"path": crown_carrier, "at": "A"}, 2, among=[BLUE])
    # "Blue uses the blue zimby at (B) to channel "Bungle" in an attempt to rid 🧙 of the Crown."
    push(stack, windows, cast(BLUE, "Bungle", crown_carrier, channel=blues_channeller, effect="bungle"), seats=2)
    # "In response, Yellow has 🧙 channel "Blow Guns" at the blue zimby that channeled "Bungle.""
    push(stack, windows, cast(YELLOW, "Blow Guns", blues_channeller, channel=crown_carrier, effect="1 wound"), 2)
    # "Blue uses a "Nix" scroll and targets the "Blow Guns" effect on the stack."
    push(stack, windows, cast(BLUE, "Nix", scroll_type="ritual", nixes=1), seats=2)
    # "In response, Yellow uses a "Nix" scroll as well, this one to target Blue's "Nix"!"
    push(stack, windows, cast(YELLOW, "Nix", scroll_type="ritual", nixes=2), seats=2)
    bungle = stack.entries[0]
    assert isinstance(bungle, Cast) and bungle.stops == crown_carrier  # Blue said "Stop!"
    assert [(e.pusher, e.card) for e in stack.entries if isinstance(e, Cast)] == [
        (BLUE, "Bungle"),
        (YELLOW, "Blow Guns"),
        (BLUE, "Nix"),
        (YELLOW, "Nix"),
    ]
    assert pass_all(windows) == [BLUE, YELLOW, BLUE, YELLOW, BLUE]  # the last: the path's window on (A)

    applied: list[str] = []
    delivered: dict[str, int] = {}
    crown_dropped: list[bool] = []

    def apply(entry: AnyEntry) -> None:
        if isinstance(entry, Wounds):
            applied.append(f"{entry.wounds} wounds")
            delivered[entry.creature] = entry.wounds
        elif isinstance(entry, Cast):
            applied.append(entry.card)
            if entry.card == "Blow Guns":  # "This resolves and pushes 1 wound onto the stack"
                wound = Wounds(pusher=YELLOW, creature=blues_channeller, wounds=1, source="Blow Guns")
                push(stack, windows, wound, seats=2)
            elif entry.card == "Lil' Bits o' Armor":  # prevents the wound below it
                assert prevent(stack, blues_channeller, 1) == 1
            elif entry.card == "Bungle":
                crown_dropped.append(crown_carrier not in entry.immune)

    # "The first effect to resolve is Yellow's "Nix," which targets and nullifies Blue's "Nix" and removes both
    # scroll effects from the stack. The next scroll effect on the stack is Yellow's "Blow Guns.""
    rng = rng_rolling(4)  # "Yellow fails the roll."
    gone = resolve(stack, windows, apply, rng, shielded=lambda target: target == crown_carrier)
    assert [(e.id, e.nixed) for e in gone] == [(3, False), (2, True), (1, False)]
    assert applied == ["Blow Guns"]
    # "In response to the wound being placed on the stack, Blue has the zimby target itself with "Lil' Bits o'
    # Armor.""
    wound = stack.top()
    assert isinstance(wound, Wounds) and wound.id == 4 and wound.wounds == 1
    assert windows[-1].asked == YELLOW  # Blow Guns' caster is asked first, and passes
    pass_window(windows, YELLOW)
    assert windows[-1].asked == BLUE
    push(stack, windows, cast(BLUE, "Lil' Bits o' Armor", blues_channeller, channel=blues_channeller), seats=2)
    assert pass_all(windows) == [YELLOW, BLUE]  # then the wound's window asks Blue again
    gone = resolve(stack, windows, apply, rng, shielded=lambda target: target == crown_carrier)
    # "the "Lil' Bits o' Armor" effect will resolve first and prevent the wound from being delivered."
    assert applied == ["Blow Guns", "Lil' Bits o' Armor", "0 wounds", "Bungle"]
    assert delivered == {blues_channeller: 0}
    # "Since "Bungle" is a witchery targeting the Crown carrier, Yellow rolls 1d6 to check 🧙's 50% immunity.
    # Yellow fails the roll. 🧙 drops the Crown"
    assert crown_dropped == [True]
    assert stack.entries == [] and windows == []


def test_energy_is_a_ritual_so_the_crown_carrier_rolls_no_immunity() -> None:
    """ "The Cannibal Crown's 50% witchery immunity does not come into play because "Energy" is not a witchery."."""
    stack, windows = Stack(), list[Window]()
    push(stack, windows, cast(YELLOW, "Energy", "c20", scroll_type="ritual", cost=2, effect="+4"), 2)
    pass_all(windows)
    rng = Rng(7)
    resolve(stack, windows, Tally().apply, rng, shielded=lambda target: True)
    assert rng.roll(6) == Rng(7).roll(6)  # no die was rolled


def test_big_bits_o_map_the_crown_carrier_rolls_a_6_so_the_witchery_affects_it() -> None:
    """ "Yellow rolls 1d6 and gets a 6, so the Crown's witchery immunity fails and the witchery affects 🧙."."""
    stack, windows = Stack(), list[Window]()
    push(stack, windows, cast(YELLOW, "Big Bits o' Map", "c20", channel="c20", cost=2, effect="+7"), 2)
    pass_all(windows)
    resolve(stack, windows, Tally().apply, rng_rolling(6), shielded=lambda target: target == "c20")
    assert stack.entries == []
    gone = Stack()
    push(gone, windows, cast(YELLOW, "Big Bits o' Map", "c20", channel="c20", effect="+7"), 2)
    pass_all(windows)
    (resolved,) = resolve(gone, windows, Tally().apply, rng_rolling(3), shielded=lambda target: target == "c20")
    assert isinstance(resolved, Cast) and resolved.immune == ["c20"]  # on 3 or lower the immunity holds


def test_a_roll_is_raised_on_the_side_the_creature_fights_and_wounds_prevented_no_further_than_zero() -> None:
    stack, windows = Stack(), list[Window]()
    assert not raise_roll(stack, "c1", 1) and prevent(stack, "c1", 1) == 0  # nothing on the stack to modify
    rolls = CombatRolls(attacker=Roll(die=3, brutality=3), defender=Roll(die=5, brutality=1))
    push(stack, windows, CombatRoll(pusher=YELLOW, attacker="t2", defender="c1", rolls=rolls), seats=2)
    assert raise_roll(stack, "c1", 2) and raise_roll(stack, "t2", -1)
    entry = combat_roll_of(stack, "c1")
    assert entry is not None and (entry.rolls.attacker.total, entry.rolls.defender.total) == (5, 8)
    push(stack, windows, Wounds(pusher=YELLOW, creature="t2", wounds=3, source="combat"), seats=2)
    assert prevent(stack, "t2", 5) == 3
    wounds = wounds_to(stack, "t2")
    assert wounds is not None and wounds.wounds == 0 and wounds_to(stack, "c1") is None


# -- "Stop!" --------------------------------------------------------------------------------------------------------


def test_only_a_witchery_may_stop_a_moving_creature() -> None:
    """ "the zimby's controller may say "stop" and halt the creature's movement to target it with a witchery"."""
    stack, windows = Stack(), list[Window]()
    open_window(windows, YELLOW, {"path": "c20", "at": "B"}, 2, among=[BLUE])
    with pytest.raises(IllegalMove):
        push(stack, windows, cast(BLUE, "Energy", seat_target(BLUE), scroll_type="ritual"), seats=2)
    push(stack, windows, cast(BLUE, "Entangling Vines", "E", channel="c5", cost=2), seats=2)
    vines = stack.entries[0]
    assert isinstance(vines, Cast) and vines.stops == "c20"


# -- the King's inescapable rituals ---------------------------------------------------------------------------------


def test_a_kings_ritual_opens_no_window_and_nothing_may_be_pushed_until_it_resolves() -> None:
    """ "no mojo may be used and no effects may be placed on the stack until the ritual resolves"."""
    stack, windows = Stack(), list[Window]()
    assert push(stack, windows, KingsRitual(pusher=None, ritual="blood", tile="h8"), seats=4, opener=BLUE) is None
    assert windows == []
    with pytest.raises(IllegalMove):
        push(stack, windows, cast(BLUE, "Energy", seat_target(BLUE), scroll_type="ritual"), seats=4)
    applied: list[str] = []

    def apply(entry: AnyEntry) -> None:
        applied.append(entry.kind)
        if isinstance(entry, KingsRitual):  # its wounds come with it, unanswerable
            wounds = Wounds(pusher=None, creature="c1", wounds=1, source="blood")
            assert push(stack, windows, wounds, seats=4, opener=BLUE) is None

    gone = resolve(stack, windows, apply, Rng(1))
    assert applied == ["ritual", "wounds"] and [e.kind for e in gone] == ["ritual", "wounds"]
    assert windows == [] and stack.entries == []
    push(stack, windows, cast(BLUE, "Energy", seat_target(BLUE), scroll_type="ritual"), seats=4)  # it has resolved
    assert windows[-1].asked == YELLOW


def test_a_kings_ritual_cannot_be_made_answerable() -> None:
    with pytest.raises(ValidationError):
        KingsRitual.model_validate({"pusher": None, "ritual": "blood", "tile": "h8", "answerable": True})


def test_the_kings_combat_roll_asks_every_seat_from_the_seat_the_game_names() -> None:
    stack, windows = Stack(), list[Window]()
    rolls = CombatRolls(attacker=Roll(die=3, brutality=5), defender=Roll(die=1, brutality=1))
    with pytest.raises(ValueError):
        push(stack, windows, CombatRoll(pusher=None, attacker="king", defender="c1", rolls=rolls), seats=3)
    push(stack, windows, CombatRoll(pusher=None, attacker="king", defender="c1", rolls=rolls), seats=3, opener=WHITE)
    assert pass_all(windows) == [WHITE, BLUE, YELLOW]


# -- the stack is public data ---------------------------------------------------------------------------------------


def test_the_stack_round_trips_through_json_with_every_kind_of_entry() -> None:
    stack, windows = Stack(), list[Window]()
    rolls = CombatRolls(attacker=Roll(die=2, brutality=9), defender=Roll(die=4, brutality=4))
    push(stack, windows, CombatRoll(pusher=BLUE, attacker="c1", defender="king", rolls=rolls), seats=2)
    push(stack, windows, cast(BLUE, "Spikey Bone Claws", "c1", channel="c1", cost=1, effect="+1"), seats=2)
    push(stack, windows, Wounds(pusher=YELLOW, creature="c1", wounds=2, source="Blow Guns"), seats=2)
    push(stack, windows, KingsRitual(pusher=None, ritual="terror", tile="h10", choice=2), seats=2, opener=BLUE)
    again = Stack.model_validate_json(stack.model_dump_json())
    assert again == stack
    assert [e.kind for e in again.entries] == ["combat", "scroll", "wounds", "ritual"]
