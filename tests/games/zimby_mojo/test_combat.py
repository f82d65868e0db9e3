"""Zimby Mojo's combat and wounds, as the book's Part 7 and its worked "Round X (some combat)" tell them."""

from __future__ import annotations

from collections import Counter

import pytest

from server.engine import Rng
from server.games.zimby_mojo.board import BOARD
from server.games.zimby_mojo.combat import (
    BRUTALITY,
    VITALITY,
    CombatRolls,
    Roll,
    Side,
    Wounds,
    attack,
    bag_o_fate,
    cannibal_bonus,
    combat_roll,
    deliver_to_thugs,
    deliver_to_zimbies,
    dies,
    hand_out_items,
    king_brutality,
    roll_combat,
    settle,
    thug_column_brutality,
    wound,
    wounds_by_difference,
    zimby_column_brutality,
)
from server.games.zimby_mojo.state import Column, Crown, King, Obstacle, Public, Thug, TribalBoard, Zombie

BLUE, YELLOW, WHITE, GRAY, RED = 0, 1, 2, 3, 4

FOES_MODULES = ("combat", "king", "npcs", "solitaire")


def rolls(attacker: tuple[int, int], defender: tuple[int, int]) -> CombatRolls:
    """Combat rolls from (die, brutality) pairs, as the worked examples give them."""
    return CombatRolls(
        attacker=Roll(die=attacker[0], brutality=attacker[1]), defender=Roll(die=defender[0], brutality=defender[1])
    )


def public(seats: int = 2, *, king: str | King | None = "mist", **parts: object) -> Public:
    """A table with ``seats`` tribal boards (4 active zimbies each, 12 on the Far Shore) and the given creatures."""
    tribes = [TribalBoard(seat=s, entry=f"entry{s}", active=4, far_shore=12) for s in range(seats)]
    fields: dict[str, object] = {
        "seats": seats,
        "solitaire": seats == 1,
        "first_mover": 0,
        "turn": 0,
        "tribes": tribes,
        "king": king if isinstance(king, King) else King(tile=king, alive=king is not None),
        "shrines": [],
        "wards": [],
        "rituals": [],
    }
    fields.update(parts)
    return Public.model_validate(fields)


def find_rng(wanted: tuple[int, int]) -> Rng:
    """A generator whose first two d6 rolls (the attacker's, then the defender's) are ``wanted``."""
    for seed in range(10_000):
        probe = Rng(seed)
        if (probe.roll(6), probe.roll(6)) == wanted:
            return Rng(seed)
    raise AssertionError(wanted)


# -- the tables ----------------------------------------------------------------------------


def test_the_creature_table() -> None:
    assert BRUTALITY == {"zimby": 1, "thug": 3, "zombie": 2, "king": 1}
    assert VITALITY == {"zimby": 1, "thug": 2, "zombie": 3, "king": 4}


@pytest.mark.parametrize(("thugs", "brutality"), [(0, 1), (1, 2), (3, 4), (4, 5)])
def test_the_kings_brutality_is_1_plus_the_thugs_in_play(thugs: int, brutality: int) -> None:
    assert king_brutality(thugs) == brutality


@pytest.mark.parametrize(("thugs", "brutality"), [(1, 3), (2, 5), (4, 9)])
def test_a_thug_column_has_brutality_1_plus_2_per_thug(thugs: int, brutality: int) -> None:
    assert thug_column_brutality(thugs) == brutality
    assert thug_column_brutality(1) == BRUTALITY["thug"]


def test_column_brutality_the_books_example_under_white() -> None:
    """Under white's control: 2 white + 2 other tribes = 4 attacking; 3 (largest tribe) + 2 = 5 defending."""
    column = {WHITE: 2, GRAY: 3, RED: 1}
    assert zimby_column_brutality(column, attacker=WHITE) == 4
    assert zimby_column_brutality(column) == 5


def test_a_single_tribe_column_counts_its_zimbies_and_a_lone_zimby_has_brutality_1() -> None:
    assert zimby_column_brutality({BLUE: 3}, attacker=BLUE) == 3
    assert zimby_column_brutality({BLUE: 3}) == 3
    assert zimby_column_brutality({BLUE: 1}) == BRUTALITY["zimby"]


def test_a_depleted_column_defends_with_brutality_0() -> None:
    assert zimby_column_brutality({BLUE: 3, YELLOW: 1}, depleted=True) == 0


def test_a_column_attacks_only_for_a_tribe_in_it() -> None:
    with pytest.raises(ValueError):
        zimby_column_brutality({BLUE: 2}, attacker=YELLOW)


def test_cannibalism_adds_4_per_tribesman_eaten_up_to_2() -> None:
    assert [cannibal_bonus(n) for n in (0, 1, 2)] == [0, 4, 8]
    with pytest.raises(ValueError):
        cannibal_bonus(3)


# -- combat rolls and wounds ----------------------------------------------------------------


def test_combat_roll_is_the_die_plus_brutality_plus_other_effects() -> None:
    assert combat_roll(2, 9, 1) == 12
    assert Roll(die=4, brutality=3).total == 7


def test_wounds_by_difference_the_books_thug_and_zimby() -> None:
    """A thug with a 4 combat roll against a zimby with a 5: the zimby deals 5 - 4 = 1 wound."""
    assert wounds_by_difference(5, 4) == Wounds(to_defender=1)
    assert wounds_by_difference(4, 5) == Wounds(to_attacker=1)


def test_equal_rolls_deal_no_wounds_and_lock_both() -> None:
    exchange = settle(rolls((3, 3), (2, 4)), Side(kind="zimby", size=3), Side(kind="thug"))
    assert exchange.wounds == Wounds()
    assert not exchange.attacker_killed and not exchange.defender_killed
    assert exchange.locks and not exchange.attacker_claims


def test_wounds_are_not_accumulated_only_a_single_source_kills() -> None:
    assert not dies(1, VITALITY["thug"]) and dies(2, VITALITY["thug"])
    assert not dies(2, VITALITY["zombie"]) and dies(3, VITALITY["zombie"])
    assert not dies(3, VITALITY["king"]) and dies(4, VITALITY["king"])


def test_roll_combat_rolls_a_d6_each_from_the_seeded_generator() -> None:
    first = roll_combat(Rng(7), 2, 3)
    again = roll_combat(Rng(7), 2, 3)
    assert first == again
    seen = {roll_combat(Rng(seed), 1, 1).attacker.die for seed in range(200)}
    assert seen == {1, 2, 3, 4, 5, 6}


# -- the worked round: "Round X (some combat)" ----------------------------------------------


def test_round_x_the_thug_wounds_the_two_tribe_column_once_and_the_bag_o_fate_picks_the_victim() -> None:
    """Attacking brutality 2 against the thug's 3, both roll 4: 6 against 7, the thug deals 1 wound."""
    column = [YELLOW, BLUE]
    assert zimby_column_brutality(Counter(column), attacker=YELLOW) == 2
    exchange = settle(rolls((4, 2), (4, 3)), Side(kind="zimby", size=2), Side(kind="thug"))
    assert exchange.rolls.attacker.total == 6 and exchange.rolls.defender.total == 7
    assert exchange.wounds == Wounds(to_attacker=1)
    assert exchange.attacker_losses == 1 and not exchange.attacker_killed and exchange.locks
    victims = {column[deliver_to_zimbies(Rng(seed), column, 1).killed[0]] for seed in range(40)}
    assert victims == {YELLOW, BLUE}


def test_round_x_blue_kills_the_thug_with_3_wounds_and_claims_its_tile() -> None:
    """Brutality 3 rolls 4, the thug rolls 1: 7 against 4, 3 wounds exceed the thug's 2 vitality."""
    exchange = settle(rolls((4, 3), (1, 3)), Side(kind="zimby", size=3), Side(kind="thug"))
    assert exchange.wounds == Wounds(to_defender=3)
    assert exchange.defender_killed and exchange.attacker_claims


def test_round_x_the_king_dies_at_12_minus_8_with_the_cannibal_and_spikey_bone_claws() -> None:
    """Two eaten for +8: 2 + 9 = 11 against the King's 4 + (1 + 3 thugs) = 8 deals only 3.

    Spikey Bone Claws' +1 brutality resolves first on the stack (the rolls modified as its effect does; the
    card itself cast through the game's moves: ``test_casting``): 12 - 8 = 4 wounds kill the King, and the lone
    zimby claims the Crown and the tile.
    """
    eater = Roll(die=2, brutality=zimby_column_brutality({BLUE: 1}, attacker=BLUE), effects=cannibal_bonus(2))
    king = Roll(die=4, brutality=king_brutality(3))
    on_the_stack = CombatRolls(attacker=eater, defender=king)
    assert (eater.total, king.total) == (11, 8)
    assert not settle(on_the_stack, Side(kind="zimby"), Side(kind="king")).defender_killed
    claws = on_the_stack.modified(attacker=+1)
    exchange = settle(claws, Side(kind="zimby"), Side(kind="king"))
    assert exchange.rolls.attacker.total == 12 and exchange.wounds == Wounds(to_defender=4)
    assert exchange.defender_killed and exchange.attacker_claims
    assert hand_out_items(Rng(1), [0], 1) == [0]


def test_wounds_prevented_on_the_stack_before_delivery_are_not_delivered() -> None:
    exchange = settle(
        rolls((1, 1), (5, 3)), Side(kind="zimby", size=2), Side(kind="thug"), prevented=Wounds(to_attacker=6)
    )
    assert exchange.wounds == Wounds() and exchange.locks


def test_on_the_table_the_king_dies_to_the_cannibal_with_claws_and_the_zimby_takes_crown_and_tile() -> None:
    """Round X on the table: the blue zimby ate two (+8), the claws' +1 waits on it as ``scroll_bonus`` (cast with
    no combat roll on the stack yet); 3 thugs in play."""
    thugs = [Thug(id=f"t{i}", tile=f"r{i}") for i in range(4)]
    thugs[0].in_barracks, thugs[0].active = True, False
    table = public(
        columns=[Column(id="c1", tile="D1", zimbies={BLUE: 1}, brutality_bonus=8, scroll_bonus=1)],
        thugs=thugs,
        king="D",
    )
    exchange = attack(table, "c1", "king", BLUE, find_rng((2, 4)))
    assert (exchange.rolls.attacker.total, exchange.rolls.defender.total) == (12, 8)
    assert not table.king.alive and table.king.tile is None
    assert table.crown is not None and table.crown.carrier == "c1" and table.crown.burden == 8
    column = table.column("c1")
    assert column.tile == "D" and column.crown == BLUE and column.brutality_bonus == 0 and column.attacked
    assert column.scroll_bonus == 0


def test_on_the_table_the_thug_shrugs_off_one_wound_and_both_are_combat_locked() -> None:
    table = public(columns=[Column(id="c1", tile="a", zimbies={YELLOW: 1})], thugs=[Thug(id="t0", tile="b")])
    exchange = attack(table, "c1", "t0", YELLOW, find_rng((5, 2)))
    assert exchange.wounds.to_defender == 1
    assert table.thugs[0].in_combat and table.column("c1").in_combat and table.column("c1").tile == "a"


def test_on_the_table_a_killed_thug_is_expelled_depleted_and_the_column_claims_its_tile() -> None:
    table = public(columns=[Column(id="c1", tile="a", zimbies={BLUE: 3})], thugs=[Thug(id="t0", tile="b")])
    attack(table, "c1", "t0", BLUE, find_rng((4, 1)))
    thug = table.thugs[0]
    assert thug.in_barracks and not thug.active and not table.thugs_in_play()
    assert thug.tile == "i1"  # t0's barracks, the northern one
    assert table.column("c1").tile == "b" and not table.column("c1").in_combat


def test_on_the_table_the_dead_go_to_the_far_shore_and_a_wiped_column_drops_the_crown() -> None:
    table = public(
        columns=[Column(id="c1", tile="a", zimbies={BLUE: 1, YELLOW: 1}, crown=YELLOW)],
        zombies=[Zombie(id="z1", tile="b", owner=BLUE)],
        king=None,
    )
    table.crown = Crown(carrier="c1", burden=2)
    attack(table, "z1", "c1", None, find_rng((6, 1)))
    assert not table.columns
    assert table.tribes[BLUE].far_shore == 13 and table.tribes[YELLOW].far_shore == 13
    assert table.crown.carrier is None and table.zombies[0].tile == "a" and table.crown.tile == "a"


def test_a_thug_that_kills_the_crown_carrier_wins_the_crown_attacking_or_defending() -> None:
    for thug_attacks in (True, False):
        table = public(
            king=None,
            columns=[Column(id="c1", tile="a", zimbies={BLUE: 1}, crown=BLUE)],
            thugs=[Thug(id="t0", tile="b")],
            crown=Crown(carrier="c1", burden=2),
        )
        if thug_attacks:
            attack(table, "t0", "c1", None, find_rng((6, 1)))
        else:
            attack(table, "c1", "t0", BLUE, find_rng((1, 6)))
        assert table.crown is not None and table.crown.carrier == "t0" and table.thugs[0].crown
        assert table.thugs[0].tile == ("a" if thug_attacks else "b")


def test_a_column_that_kills_the_king_in_the_mist_claims_it_and_suffers_its_wound_unless_the_crown_shields_it() -> None:
    """ "Any creature that enters the blood mist tile suffers 1 wound" -- a claimed tile is entered too; the Crown
    the killers just won gives them its obstacle immunity ("Roll 1d6 whenever the Crown carrier enters")."""
    outcomes = set()
    for seed in range(40):
        table = public(columns=[Column(id="c1", tile="i8", zimbies={BLUE: 3})], king="i9")
        attack(table, "c1", "king", BLUE, Rng(seed), effects=(20, 0))
        assert not table.king.alive
        column = table.column("c1")
        assert column.tile == "i9" and table.crown is not None and table.crown.carrier == "c1"
        shielded = "c1 is unharmed: the Crown's immunity holds" in table.happened
        assert column.size == (3 if shielded else 2)
        outcomes.add(shielded)
    assert outcomes == {True, False}


def test_an_attacker_claiming_a_blood_vines_tile_suffers_1d3_wounds() -> None:
    """ "Creatures that enter a tile containing blood vines suffer 1d3 wounds": the claimer enters the vines."""
    vines = BOARD.vines[0]
    beside = next(t for t in BOARD.neighbours(vines) if t not in BOARD.vines)
    losses = set()
    for seed in range(40):
        table = public(
            king=None,
            columns=[Column(id="c1", tile=beside, zimbies={BLUE: 3}), Column(id="c2", tile=vines, zimbies={YELLOW: 1})],
            obstacles=[Obstacle(tile=vines, kind="blood_vines", kings=True)],
        )
        attack(table, "c1", "c2", BLUE, Rng(seed), effects=(20, 0))
        survivors = [c for c in table.columns if c.id == "c1"]
        left = survivors[0].size if survivors else 0
        assert not survivors or survivors[0].tile == vines
        losses.add(3 - left)
    assert losses == {1, 2, 3}


def test_a_thug_claiming_the_blood_mist_shrugs_off_its_one_wound_but_a_zombie_is_wounded_too() -> None:
    """Wounds are not accumulated: the mist's 1 wound does not kill a thug (vitality 2) or a zombie (3)."""
    table = public(king=None, columns=[Column(id="c1", tile="i9", zimbies={BLUE: 1})], thugs=[Thug(id="t0", tile="i8")])
    attack(table, "t0", "c1", None, find_rng((6, 1)))
    assert table.thugs[0].tile == "i9" and not table.thugs[0].in_barracks
    assert "t0 suffers 1 wound" in table.happened


def test_a_non_combat_wound_kills_one_zimby_and_a_zombie_needs_three_from_one_source() -> None:
    table = public(columns=[Column(id="c1", tile="a", zimbies={BLUE: 2})], zombies=[Zombie(id="z1", tile="b", owner=1)])
    wound(table, "c1", 1, Rng(1))
    wound(table, "z1", 2, Rng(1))
    assert table.column("c1").zimbies == {BLUE: 1} and table.zombies
    wound(table, "z1", 3, Rng(1))
    assert not table.zombies and table.tribes[1].zombies_left == 3


def test_the_king_killed_by_a_witchery_leaves_the_crown_on_his_tile() -> None:
    table = public(king="D")
    wound(table, "king", 4, Rng(1))
    assert table.crown is not None and table.crown.tile == "D" and table.crown.carrier is None


# -- delivering wounds to columns -------------------------------------------------------------


def test_each_wound_kills_one_zimby_of_a_single_tribe_column_the_crown_holder_last() -> None:
    delivery = deliver_to_zimbies(Rng(3), [BLUE, BLUE, BLUE], 2, holders=[0])
    assert sorted(delivery.killed) == [1, 2] and delivery.holders == [0]
    wiped = deliver_to_zimbies(Rng(3), [BLUE, BLUE], 5, holders=[1])
    assert sorted(wiped.killed) == [0, 1] and wiped.holders == [None]


def test_every_2_wounds_kill_1_thug_of_a_thug_column() -> None:
    assert [deliver_to_thugs(3, w) for w in (0, 1, 2, 3, 4, 5, 6, 9)] == [0, 0, 1, 1, 2, 2, 3, 3]
    lone = settle(rolls((6, 3), (1, 3)), Side(kind="zimby", size=3), Side(kind="thug"))
    assert lone.wounds.to_defender == 5 and lone.defender_killed


def test_a_multi_tribe_column_draws_its_dead_from_the_bag_o_fate_then_the_crown_holder() -> None:
    column = [BLUE, BLUE, YELLOW, YELLOW, RED]
    delivery = deliver_to_zimbies(Rng(11), column, 3, holders=[4])
    assert len(set(delivery.killed)) == 3
    survivors = set(range(5)) - set(delivery.killed)
    assert delivery.holders[0] in survivors
    assert deliver_to_zimbies(Rng(11), column, 3, holders=[4]) == delivery
    assert deliver_to_zimbies(Rng(11), column, 9).killed.__len__() == 5


def test_the_bag_o_fate_is_a_draw_without_replacement() -> None:
    drawn = bag_o_fate(Rng(5), "abcdef", 6)
    assert sorted(drawn) == list(range(6))
    assert bag_o_fate(Rng(5), "ab", 0) == []


def test_a_zombie_or_the_king_dies_whole_by_vitality() -> None:
    zombie = settle(rolls((6, 2), (3, 1)), Side(kind="zombie"), Side(kind="zimby", size=3))
    assert zombie.defender_losses == 3 - 0 and zombie.defender_killed and zombie.attacker_claims
    king = settle(rolls((1, 1), (6, 5)), Side(kind="zimby", size=2), Side(kind="king"))
    assert king.wounds.to_attacker == 9 and king.attacker_killed and not king.attacker_claims
