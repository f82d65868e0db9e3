"""Zimby Mojo's scroll effects, card by card, as the rulebook's Part 6, Part 10 and its worked rounds tell them.

Each table is a match's setup, arranged by hand: the thugs sent to their barracks and the creatures a rule needs
placed on the board's row 5 corridor (``e5``-``m5``). A scroll is resolved as the stack resolves it, one
:class:`~server.games.zimby_mojo.state.Cast` given to :func:`~server.games.zimby_mojo.effects.apply`; what it
pushes is kept in a list (the game's push opens a window on it). Dice are fixed by choosing a seed whose first rolls
are the ones the book's example rolls.
"""

from __future__ import annotations

from typing import Any

import pytest

from server.engine import Rng, Rules
from server.engine.windows import Window, pass_window, top
from server.games.zimby_mojo import ZimbyMojo, combat, stack
from server.games.zimby_mojo.board import BOARD
from server.games.zimby_mojo.effects import (
    EFFECTS,
    apply,
    chant,
    darkened,
    darkness_exit,
    draw,
    incantation_limit,
    incantation_target,
    refresh_obstacles,
    settle_chants,
    swap_places,
)
from server.games.zimby_mojo.game import ZTable
from server.games.zimby_mojo.rolls import CombatRolls, Roll
from server.games.zimby_mojo.scrolls import EFFECT_KINDS, SCROLLS
from server.games.zimby_mojo.state import Cast, Column, Crown, Incantation, Moving, Obstacle, Thug, Zombie

RULES = Rules(ZimbyMojo())
BLUE, YELLOW, WHITE, GRAY = 0, 1, 2, 3


# -- tables, casts and dice ---------------------------------------------------------------------------------------


def table(seats: int = 2, **options: Any) -> ZTable:
    """A match's setup with the thugs in their barracks and no scrolls in hand."""
    options.setdefault("first_player", BLUE)
    new, _ = RULES.setup(RULES.parse_options(options), seats, 7)
    t: ZTable = new  # type: ignore[assignment]
    for thug, barracks in zip(t.public.thugs, BOARD.barracks, strict=True):
        thug.tile, thug.in_barracks = barracks, True
    for private in t.private:
        private.hand.clear()
    t.public.hand_sizes = [0] * seats
    return t


def zimbies(t: ZTable, tile: str, **tribes: int) -> Column:
    """A column on ``tile``: ``zimbies(t, "g5", blue=2, yellow=1)``."""
    seats = {"blue": BLUE, "yellow": YELLOW, "white": WHITE, "gray": GRAY}
    column = Column(id=f"c{50 + len(t.public.columns)}", tile=tile, zimbies={seats[k]: n for k, n in tribes.items()})
    t.public.columns.append(column)
    return column


def crown_carrier(t: ZTable, column: Column, tribe: int) -> None:
    """The King is dead and ``column`` carries his Crown, held by one of ``tribe``'s zimbies."""
    t.public.king.alive, t.public.king.tile = False, None
    t.public.crown = Crown(carrier=column.id, burden=2)
    column.crown = tribe


def thug_on(t: ZTable, tile: str, index: int = 0) -> Thug:
    thug = t.public.thugs[index]
    thug.tile, thug.in_barracks = tile, False
    return thug


def cast(seat: int, card: str, target: str, entry_id: int = 0, **fields: Any) -> Cast:
    return Cast(id=entry_id, pusher=seat, card=card, scroll_type=SCROLLS[card].type, targets=[target], **fields)


def rolling(*rolls: tuple[int, int]) -> Rng:
    """A generator whose first rolls are ``rolls``, each ``(sides, face)``: ``rolling((2, 2))`` rolls 1d2 = 2."""
    for seed in range(200_000):
        probe = Rng(seed)
        if all(probe.roll(sides) == face for sides, face in rolls):
            return Rng(seed)
    raise AssertionError(rolls)


def resolve(t: ZTable, scroll: Cast, rng: Rng | None = None) -> list[stack.AnyEntry]:
    """Apply a resolving scroll; what it pushed on the stack, in order."""
    pushed: list[stack.AnyEntry] = []
    apply(t, scroll, rng or Rng(1), pushed.append)
    return pushed


def pass_all(windows: list[Window]) -> None:
    while windows:
        window = top(windows)
        assert window is not None
        pass_window(windows, window.asked)


# -- the card list and the effects ---------------------------------------------------------------------------------


def test_every_effect_kind_of_the_card_list_has_its_effect() -> None:
    assert set(EFFECTS) == set(EFFECT_KINDS)


def test_the_incantation_limit_is_1_plus_half_the_players_rounded_up() -> None:
    """ "X is equal to 1 + 1/2 the number of players rounded up (e.g., X = 4 for a 5 player game)" """
    assert [incantation_limit(n) for n in range(1, 9)] == [2, 2, 3, 3, 4, 4, 5, 5]


@pytest.mark.parametrize("key", [key for key, card in SCROLLS.items() if card.targets != ("effect",)])
def test_every_card_changes_the_table_as_it_resolves(key: str) -> None:
    """Each card, on its first kind of target, on Yellow's turn: Yellow's Crown carrier at h5 with 2 zimbies, a
    thug at j5, a zombie at k5, an incantation in play (a Nix is the stack's own: ``test_stack.py``)."""
    t = table()
    pub = t.public
    pub.turn = YELLOW
    column = zimbies(t, "h5", yellow=2)
    crown_carrier(t, column, YELLOW)
    thug_on(t, "j5")
    pub.zombies.append(Zombie(id="z1", tile="k5", owner=BLUE))
    pub.tribes[YELLOW].active, pub.tribes[YELLOW].depleted, pub.tribes[YELLOW].chanting = 5, 2, 2
    pub.incantations.append(Incantation(id=90, card="war_chant", caster=YELLOW, target=YELLOW, value=1))
    t.private[YELLOW].hand = ["nix", "hush"]
    targets = {
        "column": column.id,
        "thug": "t0",
        "zombie": "z1",
        "king": "king",
        "tile": "h5",
        "shaman": "seat1",
        "incantation": incantation_target(90),
    }
    unlogged: Any = {"public": {"happened"}}
    before = t.model_dump(exclude=unlogged)
    pushed = resolve(t, cast(YELLOW, key, targets[SCROLLS[key].targets[0]], 7), Rng(5))
    assert pushed or t.model_dump(exclude=unlogged) != before


@pytest.mark.parametrize(("doublings", "wounds"), [(0, 3), (1, 6), (2, 12)])
def test_double_effect_is_multiplicative_poison_darts_rolling_3(doublings: int, wounds: int) -> None:
    """ "Witchery doubling effects from cannibalism are multiplicative" -- the same for the effect as for the range."""
    t = table()
    target = zimbies(t, "g5", yellow=3)
    (pushed,) = resolve(t, cast(BLUE, "poison_darts", target.id, doublings=doublings), rolling((3, 3)))
    assert isinstance(pushed, stack.Wounds) and pushed.wounds == wounds


# -- brutality ------------------------------------------------------------------------------------------------------


def test_spikey_bone_claws_on_the_combat_roll_the_books_king_kill() -> None:
    """ "The witchery resolves first, giving +1 brutality and a combat roll of 2 + 9 + 1 = 12 ... the King dies from
    12 - 8 = 4 wounds" """
    t = table()
    zimby = zimbies(t, "h8", blue=1)
    rolls = CombatRolls(attacker=Roll(die=2, brutality=1, effects=8), defender=Roll(die=4, brutality=4))
    t.public.stack.entries.append(stack.CombatRoll(id=0, pusher=BLUE, attacker=zimby.id, defender="king", rolls=rolls))
    assert resolve(t, cast(BLUE, "spikey_bone_claws", zimby.id, 1)) == []
    settled = t.public.stack.entries[0]
    assert isinstance(settled, stack.CombatRoll)
    assert settled.rolls.attacker.total == 12 and settled.rolls.wounds().to_defender == 4
    assert zimby.scroll_bonus == 0


def test_brutality_with_no_combat_roll_on_the_stack_waits_for_the_next_one() -> None:
    t = table()
    zimby = zimbies(t, "g5", blue=2)
    resolve(t, cast(BLUE, "nasty_sharp_knives", zimby.id))
    resolve(t, cast(BLUE, "spikey_bone_claws", zimby.id))
    assert zimby.scroll_bonus == 3


def test_wobbly_knees_lowers_the_kings_next_roll() -> None:
    t = table()
    resolve(t, cast(YELLOW, "wobbly_knees", "king"))
    assert t.public.king.scroll_bonus == -2


def test_a_thug_stands_for_its_thug_column_in_a_combat_roll() -> None:
    t = table()
    first, second = thug_on(t, "h5", 0), thug_on(t, "h5", 1)
    zimby = zimbies(t, "g5", blue=1)
    rolls = CombatRolls(attacker=Roll(die=3, brutality=5), defender=Roll(die=3, brutality=1))
    t.public.stack.entries.append(
        stack.CombatRoll(id=0, pusher=None, attacker=first.id, defender=zimby.id, rolls=rolls)
    )
    resolve(t, cast(BLUE, "wobbly_knees", second.id, 1))
    roll = t.public.stack.entries[0]
    assert isinstance(roll, stack.CombatRoll) and roll.rolls.attacker.total == 6


# -- wounds and armor -----------------------------------------------------------------------------------------------


def test_blow_guns_pushes_1_wound_onto_the_stack() -> None:
    """ "The next scroll effect on the stack is Yellow's "Blow Guns." This resolves and pushes 1 wound onto the
    stack, assigned to Blue's zimby" -- it is not delivered yet."""
    t = table()
    blue = zimbies(t, "g5", blue=1)
    pushed = resolve(t, cast(YELLOW, "blow_guns", blue.id))
    assert [(p.kind, p.pusher) for p in pushed] == [("wounds", YELLOW)]
    wounds = pushed[0]
    assert isinstance(wounds, stack.Wounds)
    assert (wounds.creature, wounds.wounds, wounds.source) == (blue.id, 1, "Blow Guns")
    assert blue in t.public.columns


def test_poison_darts_push_1d3_wounds() -> None:
    t = table()
    blue = zimbies(t, "g5", blue=3)
    (wounds,) = resolve(t, cast(YELLOW, "poison_darts", blue.id), rolling((3, 3)))
    assert isinstance(wounds, stack.Wounds) and wounds.wounds == 3


def test_lil_bits_o_armor_prevents_the_wound_on_the_stack() -> None:
    """ "the "Lil' Bits o' Armor" effect will resolve first and prevent the wound from being delivered" """
    t = table()
    blue = zimbies(t, "g5", blue=1)
    t.public.stack.entries.append(stack.Wounds(id=4, pusher=YELLOW, creature=blue.id, wounds=1, source="Blow Guns"))
    resolve(t, cast(BLUE, "lil_bits_o_armor", blue.id, 5))
    wounds = t.public.stack.entries[0]
    assert isinstance(wounds, stack.Wounds) and wounds.wounds == 0
    assert blue.armor == 0


def test_armor_with_no_wounds_on_the_stack_waits_for_the_next_source() -> None:
    t = table()
    blue = zimbies(t, "g5", blue=2)
    resolve(t, cast(BLUE, "lil_bits_o_armor", blue.id))
    resolve(t, cast(BLUE, "big_bits_o_armor", blue.id), rolling((3, 2)))
    assert blue.armor == 1 + (1 + 2)


# -- death curses -------------------------------------------------------------------------------------------------


def test_a_death_curse_kills_a_zimby_of_the_column_and_sends_it_to_the_far_shore() -> None:
    t = table()
    blue = zimbies(t, "g5", blue=3)
    blue.armor = 1
    far_shore = t.public.tribes[BLUE].far_shore
    assert resolve(t, cast(YELLOW, "death_curse", blue.id)) == []
    assert blue.zimbies == {BLUE: 2}
    assert t.public.tribes[BLUE].far_shore == far_shore + 1
    assert blue.armor == 1  # no wounds are dealt: armor does not help


def test_a_dire_death_curse_on_a_column_of_several_tribes_draws_from_the_bag_o_fate() -> None:
    t = table()
    column = zimbies(t, "g5", blue=2, yellow=2)
    resolve(t, cast(WHITE, "dire_death_curse", column.id), rolling((3, 3)))
    assert column.size == 1
    far = [t.public.tribes[s].far_shore for s in (BLUE, YELLOW)]
    assert sum(far) == sum(tribe.far_shore for tribe in table().public.tribes[:2]) + 3


def test_a_death_curse_on_the_lone_crown_carrier_leaves_the_crown_on_its_tile() -> None:
    t = table()
    carrier = zimbies(t, "j5", yellow=1)
    crown_carrier(t, carrier, YELLOW)
    resolve(t, cast(BLUE, "death_curse", carrier.id))
    assert carrier not in t.public.columns
    assert t.public.crown is not None and (t.public.crown.carrier, t.public.crown.tile) == (None, "j5")


def test_a_death_curse_kills_the_thug_which_goes_to_its_barracks() -> None:
    t = table()
    thug = thug_on(t, "h5")
    resolve(t, cast(BLUE, "death_curse", thug.id))
    assert thug.in_barracks and not thug.active and thug.tile in BOARD.barracks


def test_zombies_are_unaffected_by_death_curses() -> None:
    t = table()
    t.public.zombies.append(Zombie(id="z1", tile="h5", owner=YELLOW))
    resolve(t, cast(BLUE, "dire_death_curse", "z1"))
    assert [z.id for z in t.public.zombies] == ["z1"]


# -- deplete and reactivate ---------------------------------------------------------------------------------------


def test_dizzy_dust_depletes_the_target_creature() -> None:
    t = table()
    blue = zimbies(t, "g5", blue=2)
    resolve(t, cast(YELLOW, "dizzy_dust", blue.id))
    assert not blue.active


def test_dizzy_dust_depletes_a_whole_thug_column_taking_it_out_of_play() -> None:
    t = table()
    thug_on(t, "h5", 0)
    thug_on(t, "h5", 1)
    before = t.public.king_brutality()
    resolve(t, cast(YELLOW, "dizzy_dust", "t1"))
    assert not t.public.thugs[0].active and not t.public.thugs[1].active
    assert t.public.king_brutality() == before - 2


def test_energy_makes_active_1_plus_1d3_depleted_zimbies_the_books_yellow() -> None:
    """ "Yellow rolls a 3 on 1d3 and reactivates 4 zimbies! That brings the active zimby total on Yellow's tribal
    board to 7." """
    t = table()
    yellow = t.public.tribes[YELLOW]
    yellow.active, yellow.depleted = 3, 5
    resolve(t, cast(YELLOW, "energy", "seat1"), rolling((3, 3)))
    assert (yellow.active, yellow.depleted) == (7, 1)


def test_energy_reactivates_no_more_than_are_depleted() -> None:
    t = table()
    yellow = t.public.tribes[YELLOW]
    yellow.active, yellow.depleted = 6, 2
    resolve(t, cast(YELLOW, "energy", "seat1"), rolling((3, 3)))
    assert (yellow.active, yellow.depleted) == (8, 0)


def test_weariness_depletes_zimbies_at_home_the_chanters_last() -> None:
    t = table()
    blue = t.public.tribes[BLUE]
    blue.active, blue.depleted, blue.chanting = 3, 0, 1
    t.public.incantations.append(Incantation(id=9, card="war_chant", caster=BLUE, target=BLUE, value=1))
    resolve(t, cast(YELLOW, "weariness", "seat0"), rolling((2, 2)))
    assert (blue.active, blue.depleted, blue.chanting) == (1, 2, 1)
    assert len(t.public.incantations) == 1


def test_a_chanter_depleted_ends_its_incantation() -> None:
    """ "If the chanting zimby is removed or becomes depleted, the incantation immediately ends and the card is
    placed on the discard pile." """
    t = table()
    blue = t.public.tribes[BLUE]
    blue.active, blue.depleted, blue.chanting = 2, 0, 1
    t.public.incantations.append(Incantation(id=9, card="war_chant", caster=BLUE, target=BLUE, value=1))
    resolve(t, cast(YELLOW, "weariness", "seat0"), rolling((2, 2)))
    assert (blue.active, blue.depleted, blue.chanting) == (0, 2, 0)
    assert t.public.incantations == [] and t.public.discards == ["war_chant"]


# -- conjured obstacles -------------------------------------------------------------------------------------------


def test_entangling_vines_cover_the_target_tile_plus_1d2_random_adjacent_tiles() -> None:
    """ "Blue rolls 1d2 and gets a 2, so the vines will cover the target tile E plus 2 random, adjacent tiles." """
    t = table()
    before = list(t.public.obstacles)
    resolve(t, cast(BLUE, "entangling_vines", "h5"), rolling((2, 2)))
    new = [o for o in t.public.obstacles if o not in before]
    assert [o.kind for o in new] == ["entangling_vines"] * 3
    assert all(o.side == "A" for o in new)
    tiles = [o.tile for o in new]
    assert tiles[0] == "h5" and len(set(tiles)) == 3
    assert set(tiles[1:]) <= set(BOARD.neighbours("h5"))


def test_the_spread_never_exceeds_the_adjacent_tiles() -> None:
    t = table()
    before = len(t.public.obstacles)
    scroll = cast(BLUE, "entangling_vines", "h2", doublings=1)  # h2 has 2 neighbours; 2 x 1d2 = 4 wanted
    resolve(t, scroll, rolling((2, 2)))
    assert len(BOARD.neighbours("h2")) == 2
    assert len(t.public.obstacles) == before + 3


def test_a_creature_caught_in_entangling_vines_as_they_appear_is_only_caught() -> None:
    t = table()
    blue = zimbies(t, "h5", blue=1)
    resolve(t, cast(YELLOW, "entangling_vines", "h5"), rolling((2, 1)))
    assert blue in t.public.columns and blue.tile == "h5"
    assert any(o.tile == "h5" and o.kind == "entangling_vines" for o in t.public.obstacles)


def test_a_creature_caught_in_deadly_vines_as_they_appear_suffers_1_wound() -> None:
    t = table()
    lone = zimbies(t, "h5", blue=1)
    t.public.zombies.append(Zombie(id="z1", tile="h5", owner=YELLOW))
    far_shore = t.public.tribes[BLUE].far_shore
    assert resolve(t, cast(YELLOW, "deadly_vines", "h5")) == []
    assert lone not in t.public.columns and t.public.tribes[BLUE].far_shore == far_shore + 1
    assert [z.id for z in t.public.zombies] == ["z1"]  # 1 wound does not kill a zombie (vitality 3)
    assert any(o.tile == "h5" and o.kind == "deadly_vines" and o.side == "A" for o in t.public.obstacles)


def test_the_crown_carrier_caught_in_deadly_vines_rolls_its_obstacle_immunity() -> None:
    """ "Roll 1d6 whenever the Crown carrier enters or remains in any obstacle. On a roll of 3 or lower (50%), the
    Crown carrier is completely unaffected" """
    for face, survives in ((3, True), (4, False)):
        t = table()
        carrier = zimbies(t, "h5", yellow=1)
        crown_carrier(t, carrier, YELLOW)
        resolve(t, cast(BLUE, "deadly_vines", "h5"), rolling((6, face)))
        assert (carrier in t.public.columns) is survives


def test_a_patch_o_darkness_covers_the_target_tile() -> None:
    t = table()
    resolve(t, cast(BLUE, "patch_o_darkness", "h5"))
    assert any(o.tile == "h5" and o.kind == "darkness" for o in t.public.obstacles)


def test_conjured_obstacles_turn_to_b_at_the_next_refresh_and_leave_at_the_one_after() -> None:
    """ "During the refresh following the obstacle's creation, turn the token over so that its B side is facing up.
    During the next refresh, remove the obstacle token from the board." """
    t = table()
    kings = list(t.public.obstacles)
    resolve(t, cast(BLUE, "patch_o_darkness", "h5"))
    refresh_obstacles(t.public)
    assert [(o.tile, o.side) for o in t.public.obstacles if o.kind == "darkness"] == [("h5", "B")]
    refresh_obstacles(t.public)
    assert t.public.obstacles == kings


def test_refresh_leaves_the_kings_obstacles_alone() -> None:
    t = table()
    kings = list(t.public.obstacles)
    assert kings and all(o.kings for o in kings)
    refresh_obstacles(t.public)
    refresh_obstacles(t.public)
    assert t.public.obstacles == kings


def test_a_creature_exits_a_darkened_tile_onto_a_random_adjacent_tile_the_one_it_came_by_included() -> None:
    """ "A creature exiting a darkened tile must randomly determine onto which adjacent tile it emerges (including
    the one by which it entered)." """
    t = table()
    resolve(t, cast(BLUE, "patch_o_darkness", "h5"))
    assert darkened(t.public, "h5") and not darkened(t.public, "g5")
    exits = {darkness_exit(t.public, "h5", Rng(seed)) for seed in range(40)}
    assert exits == set(BOARD.neighbours("h5")) == {"g5", "i5", "h4"}


def test_no_creature_emerges_into_blood_thickets_or_a_ward_in_place() -> None:
    t = table()
    assert "i6" in BOARD.neighbours("i5")
    exits = {darkness_exit(t.public, "i5", Rng(seed)) for seed in range(40)}
    assert exits == {"h5", "j5"}
    thickets = BOARD.thickets[1]
    around = BOARD.neighbours(thickets)[0]
    assert thickets not in {darkness_exit(t.public, around, Rng(seed)) for seed in range(40)}


def test_attacking_into_an_occupied_darkened_tile_swaps_the_two_the_books_zimby_and_thug() -> None:
    """ "A zimby in a non-darkened tile tries to attack a thug that is in a darkened tile. The zimby and thug switch
    tiles. Combat is not engaged." """
    t = table()
    zimby = zimbies(t, "g5", blue=1)
    thug = thug_on(t, "h5")
    t.public.obstacles.append(Obstacle(tile="h5", kind="darkness"))
    assert swap_places(t.public, zimby, "h5") is thug
    assert (zimby.tile, thug.tile) == ("h5", "g5")
    assert zimby in t.public.columns and not thug.in_barracks and not zimby.in_combat


def test_a_thug_column_swaps_as_one_creature_and_the_crown_goes_with_its_carrier() -> None:
    t = table()
    carrier = zimbies(t, "h5", yellow=1)
    crown_carrier(t, carrier, YELLOW)
    first, second = thug_on(t, "g5", 0), thug_on(t, "g5", 1)
    assert swap_places(t.public, first, "h5") is carrier
    assert (first.tile, second.tile, carrier.tile) == ("h5", "h5", "g5")
    assert t.public.crown is not None and t.public.crown.carrier == carrier.id
    assert swap_places(t.public, carrier, "f5") is None  # nobody there: nothing to swap


# -- free movement --------------------------------------------------------------------------------------------------


def test_big_bits_o_map_gives_2_plus_2d3_tiles_of_free_movement_the_books_crown_carrier() -> None:
    """ "Yellow rolls 2d3 and gets 2 and 3. "Big Bits o' Map" gives 🧙 a free 2 + 2 + 3 = 7 tiles of movement!" """
    t = table()
    t.public.turn = YELLOW
    carrier = zimbies(t, "j5", yellow=1)
    crown_carrier(t, carrier, YELLOW)
    resolve(t, cast(YELLOW, "big_bits_o_map", carrier.id), rolling((3, 2), (3, 3)))
    assert t.public.moving == Moving(creature=carrier.id, free_tiles=7)


def test_free_movement_adds_to_the_path_under_way() -> None:
    t = table()
    column = zimbies(t, "g5", blue=1)
    t.public.moving = Moving(creature=column.id, tiles_left=2, steps=2)
    resolve(t, cast(BLUE, "lil_bits_o_map", column.id), rolling((3, 1)))
    assert t.public.moving == Moving(creature=column.id, tiles_left=2, steps=2, free_tiles=2)


def test_free_movement_only_for_a_creature_the_caster_controls_now() -> None:
    t = table()
    yellow = zimbies(t, "g5", yellow=1)
    resolve(t, cast(BLUE, "big_bits_o_map", yellow.id))
    assert t.public.moving is None
    t.public.turn = YELLOW
    resolve(t, cast(YELLOW, "big_bits_o_map", yellow.id, doublings=1), rolling((3, 1), (3, 1)))
    assert t.public.moving == Moving(creature=yellow.id, free_tiles=2 * (2 + 1 + 1))


def test_free_movement_is_lost_on_a_creature_depleted_or_combat_locked_before_it_resolves() -> None:
    t = table()
    column = zimbies(t, "g5", blue=1)
    column.active = False
    resolve(t, cast(BLUE, "lil_bits_o_map", column.id))
    column.active, column.in_combat = True, True
    resolve(t, cast(BLUE, "lil_bits_o_map", column.id))
    assert t.public.moving is None


# -- Bungle -----------------------------------------------------------------------------------------------------------


def test_bungle_the_crown_drops_and_bounces_2d2_times_onto_adjacent_tiles() -> None:
    """ "🧙 drops the Crown and watches it bounce away ... Blue rolls 2d2 for the "Bungle" effect and gets a 4. The
    Crown bounces 4 times with each bounce taking it into a randomly determined adjacent tile." """
    t = table()
    carrier = zimbies(t, "j5", yellow=1)
    crown_carrier(t, carrier, YELLOW)
    resolve(t, cast(BLUE, "bungle", carrier.id), rolling((2, 2), (2, 2)))
    crown = t.public.crown
    assert crown is not None and crown.carrier is None and carrier.crown is None
    bounces = [line.split(" onto ")[1] for line in t.public.happened if "bounces" in line]
    assert len(bounces) == 4 and crown.tile == bounces[-1]
    for before, after in zip(["j5", *bounces], bounces, strict=False):
        assert BOARD.adjacent(before, after)


def test_bungle_makes_a_thug_carrying_the_crown_drop_it() -> None:
    t = table()
    thug = thug_on(t, "h5")
    t.public.king.alive, t.public.king.tile = False, None
    t.public.crown = Crown(carrier=thug.id)
    thug.crown = True
    resolve(t, cast(BLUE, "bungle", thug.id), rolling((2, 1), (2, 1)))
    assert not thug.crown and t.public.crown.carrier is None and t.public.crown.tile is not None


def test_bungle_on_a_target_without_the_crown_does_nothing() -> None:
    t = table()
    blue = zimbies(t, "g5", blue=1)
    resolve(t, cast(YELLOW, "bungle", blue.id))
    assert t.public.crown is None and blue in t.public.columns


def test_a_witchery_the_crowns_immunity_held_for_has_no_effect_on_the_carrier() -> None:
    """ "the witchery is cast but has no effect on the Crown carrier" """
    t = table()
    carrier = zimbies(t, "j5", yellow=1)
    crown_carrier(t, carrier, YELLOW)
    resolve(t, cast(BLUE, "bungle", carrier.id, immune=[carrier.id]))
    assert t.public.crown is not None and t.public.crown.carrier == carrier.id


# -- shamans: mojo, scrolls, spawning -------------------------------------------------------------------------------


def test_mojo_surge_gives_extracted_mojo_and_mojo_sap_depletes_tokens() -> None:
    t = table()
    resolve(t, cast(BLUE, "mojo_surge", "seat0"), rolling((3, 2)))
    assert t.public.tribes[BLUE].mojo == 3
    resolve(t, cast(BLUE, "mojo_sap", "seat1"))
    assert t.public.tribes[YELLOW].tokens == 2
    resolve(t, cast(BLUE, "mojo_sap", "seat1", doublings=1))
    assert t.public.tribes[YELLOW].tokens == 0


def test_pilfered_parchments_draws_2_from_the_library() -> None:
    t = table()
    t.secret.library = ["nix", "energy", "hush"]
    resolve(t, cast(BLUE, "pilfered_parchments", "seat0"))
    assert t.private[BLUE].hand == ["nix", "energy"]
    assert (t.public.library_size, t.public.hand_sizes[BLUE]) == (1, 2)


def test_an_empty_library_is_the_shuffled_discard_pile() -> None:
    """ "When the scroll library is depleted, the shuffled contents of the discard pile form a new scroll library." """
    t = table()
    t.secret.library, t.public.discards = [], ["nix", "energy", "hush"]
    assert draw(t, YELLOW, Rng(3))
    assert t.public.discards == [] and len(t.secret.library) == 2
    assert sorted([*t.secret.library, *t.private[YELLOW].hand]) == ["energy", "hush", "nix"]


def test_in_solitaire_the_discards_are_never_reshuffled() -> None:
    """ "If the player can't draw a card from the scroll library during refresh, the player loses the game." """
    t = table(1)
    t.secret.library, t.public.discards = [], ["energy"]
    assert not draw(t, BLUE, Rng(3))
    assert t.public.discards == ["energy"]


def test_muddled_memories_discards_random_scrolls_from_the_hand() -> None:
    t = table()
    t.private[YELLOW].hand = ["nix", "energy", "hush"]
    resolve(t, cast(BLUE, "muddled_memories", "seat1"), rolling((2, 2)))
    assert len(t.private[YELLOW].hand) == 1 and t.public.hand_sizes[YELLOW] == 1
    assert sorted([*t.private[YELLOW].hand, *t.public.discards]) == ["energy", "hush", "nix"]


def test_spawning_rite_brings_zimbies_from_the_far_shore_depleted_up_to_8_at_home() -> None:
    t = table()
    blue = t.public.tribes[BLUE]
    blue.active, blue.depleted, blue.far_shore = 5, 1, 10
    resolve(t, cast(BLUE, "spawning_rite", "seat0"), rolling((3, 3)))
    assert (blue.active, blue.depleted, blue.far_shore) == (5, 3, 8)
    blue.active, blue.depleted, blue.far_shore = 0, 0, 1
    resolve(t, cast(BLUE, "spawning_rite", "seat0"), rolling((3, 3)))
    assert (blue.depleted, blue.far_shore) == (1, 0)


# -- incantations ---------------------------------------------------------------------------------------------------


def chanting(t: ZTable, seat: int) -> None:
    """The caster dedicated a chanter as it cast (the game counts it when the incantation is pushed)."""
    t.public.tribes[seat].chanting += 1


def test_an_incantation_comes_into_play_on_its_target_and_lasts() -> None:
    t = table()
    chanting(t, BLUE)
    resolve(t, cast(BLUE, "war_chant", "seat0", 3))
    assert t.public.incantations == [Incantation(id=3, card="war_chant", caster=BLUE, target=BLUE, value=1)]
    assert chant(t.public, BLUE, "brutality") == 1
    assert chant(t.public, YELLOW, "brutality") == 0
    assert t.public.tribes[BLUE].chanting == 1 and t.public.discards == []


def test_chant_sums_the_incantations_of_a_kind_on_a_shaman() -> None:
    t = table(4)  # 3 incantations in play at most
    for entry_id, card, caster in (
        (1, "marching_drums", BLUE),
        (2, "dirge_o_sludge", YELLOW),
        (3, "chant_o_thrift", BLUE),
    ):
        chanting(t, caster)
        resolve(t, cast(caster, card, "seat0", entry_id))
    assert len(t.public.incantations) == 3
    assert chant(t.public, BLUE, "movement") == 1 - 1
    assert chant(t.public, BLUE, "cost") == -1
    assert chant(t.public, BLUE, "hand_limit") == 0
    assert chant(t.public, YELLOW, "movement") == 0


def test_whispers_o_the_far_shore_is_a_lasting_draw_not_a_draw_now() -> None:
    t = table()
    t.secret.library = ["nix"]
    chanting(t, BLUE)
    resolve(t, cast(BLUE, "whispers_o_the_far_shore", "seat0", 1))
    assert t.private[BLUE].hand == [] and chant(t.public, BLUE, "draw") == 1


def test_past_the_limit_a_random_incantation_is_discarded_and_its_chanter_shocked() -> None:
    """ "a random existing incantation will be sent to the discard pile to make room for it. The chanter on the
    discarded incantation becomes depleted from the shock of the incantation's destruction." """
    t = table()  # 2 players: 1 + 1 = 2 incantations in play at most
    chanting(t, BLUE)
    chanting(t, YELLOW)
    resolve(t, cast(BLUE, "war_chant", "seat0", 1))
    resolve(t, cast(YELLOW, "hoarders_hum", "seat1", 2))
    yellow_before = t.public.tribes[YELLOW].model_copy()
    blue_before = t.public.tribes[BLUE].model_copy()
    chanting(t, BLUE)  # Blue casts a third
    resolve(t, cast(BLUE, "marching_drums", "seat0", 3))
    assert len(t.public.incantations) == 2 and t.public.incantations[-1].id == 3
    (gone,) = t.public.discards
    assert gone in ("war_chant", "hoarders_hum")
    shocked = BLUE if gone == "war_chant" else YELLOW
    before = blue_before if shocked == BLUE else yellow_before
    tribe = t.public.tribes[shocked]
    assert tribe.active == before.active - 1 and tribe.depleted == before.depleted + 1
    assert tribe.chanting == before.chanting - 1 + (1 if shocked == BLUE else 0)


def test_hush_ends_an_incantation_and_shocks_its_chanter() -> None:
    t = table()
    chanting(t, YELLOW)
    resolve(t, cast(YELLOW, "befuddling_babble", "seat0", 4))
    yellow = t.public.tribes[YELLOW]
    active = yellow.active
    resolve(t, cast(BLUE, "hush", incantation_target(4), 5))
    assert t.public.incantations == [] and t.public.discards == ["befuddling_babble"]
    assert (yellow.active, yellow.chanting) == (active - 1, 0)
    assert chant(t.public, BLUE, "hand_limit") == 0


def test_an_incantation_whose_chanter_was_lost_on_the_stack_never_comes_into_play() -> None:
    t = table()
    blue = t.public.tribes[BLUE]
    chanting(t, BLUE)
    blue.depleted, blue.active = blue.depleted + blue.active, 0
    resolve(t, cast(BLUE, "war_chant", "seat0", 1))
    assert t.public.incantations == [] and blue.chanting == 0


def test_settle_chants_ends_the_last_cast_incantations_of_a_shaman_who_lost_chanters() -> None:
    t = table()
    blue = t.public.tribes[BLUE]
    for entry_id in (1, 2):
        chanting(t, BLUE)
        resolve(t, cast(BLUE, "war_chant", "seat0", entry_id))
    blue.active, blue.depleted = 1, blue.depleted + blue.active - 1
    ended = settle_chants(t.public, t.public.discards)
    assert [i.id for i in ended] == [2] and [i.id for i in t.public.incantations] == [1]
    assert blue.chanting == 1 and t.public.discards == ["war_chant"]
    assert settle_chants(t.public, t.public.discards) == []


# -- the stack and the effects together: the worked "Round X + 2" ----------------------------------------------------


def test_round_x_plus_2_bungle_against_blow_guns_nix_against_nix_and_armor() -> None:
    """The stack "#0 Bungle, #1 Blow Guns, #2 Nix (#1), #3 Nix (#2)" resolves: the Nix on the Nix, Blow Guns' wound
    answered by Lil' Bits o' Armor, then Bungle after the Crown's immunity fails: the blue zimby lives, the Crown
    bounces 4 times."""
    t = table()
    pub = t.public
    pub.turn = YELLOW
    blue = zimbies(t, "g5", blue=1)
    carrier = zimbies(t, "j5", yellow=1)
    crown_carrier(t, carrier, YELLOW)
    seats = pub.seats

    def push(entry: stack.AnyEntry) -> None:
        stack.push(pub.stack, pub.windows, entry, seats)

    for entry in (
        cast(BLUE, "bungle", carrier.id, -1, channel=blue.id),
        cast(YELLOW, "blow_guns", blue.id, -1, channel=carrier.id),
        Cast(pusher=BLUE, card="nix", scroll_type="ritual", targets=["#1"], nixes=1),
        Cast(pusher=YELLOW, card="nix", scroll_type="ritual", targets=["#2"], nixes=2),
    ):
        stack.push(pub.stack, pub.windows, entry, seats, among=[])
    # the crown's immunity fails (4), Bungle rolls 2d2 = 2 + 2
    rng = rolling((6, 4), (2, 2), (2, 2))

    def resolved(entry: stack.AnyEntry) -> None:
        if isinstance(entry, Cast):
            apply(t, entry, rng, push)
        elif isinstance(entry, stack.Wounds) and entry.wounds:
            combat.wound(pub, entry.creature, entry.wounds, rng)

    def shielded(target: str) -> bool:
        return pub.crown is not None and pub.crown.carrier == target

    gone = stack.resolve(pub.stack, pub.windows, resolved, rng, shielded)
    assert [e.id for e in gone] == [3, 2, 1]
    assert [(e.kind, e.id) for e in pub.stack.entries] == [("scroll", 0), ("wounds", 4)]
    assert top(pub.windows) is not None and top(pub.windows).asked == YELLOW  # type: ignore[union-attr]
    pass_window(pub.windows, YELLOW)
    stack.push(pub.stack, pub.windows, cast(BLUE, "lil_bits_o_armor", blue.id, -1, channel=blue.id), seats)
    pass_all(pub.windows)
    gone = stack.resolve(pub.stack, pub.windows, resolved, rng, shielded)
    assert [e.id for e in gone] == [5, 4, 0]
    assert blue in pub.columns
    assert pub.crown is not None and pub.crown.carrier is None and carrier.crown is None
    assert sum("bounces" in line for line in pub.happened) == 4
