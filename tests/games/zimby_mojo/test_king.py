"""The Cannibal King: his rituals one by one, the dice the book reads off a d6, and the Crown's burden and immunity."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from server.engine import Rng
from server.games.zimby_mojo.board import BOARD
from server.games.zimby_mojo.combat import crown_immune, zimby_column_brutality
from server.games.zimby_mojo.effects import chant
from server.games.zimby_mojo.king import (
    cast,
    crown_burden,
    crown_refresh,
    d2,
    d3,
    dice,
    draw_rituals,
    king_turn,
    random_pick,
    ritual_of_blood,
    ritual_of_discord,
    ritual_of_exhaustion,
    ritual_of_hunger,
    ritual_of_madness,
    ritual_of_portals,
    ritual_of_terror,
    solo_winnowing,
    winnow,
    winnowing_draws,
    within,
)
from server.games.zimby_mojo.state import (
    RITUALS,
    Column,
    Crown,
    Incantation,
    King,
    Obstacle,
    Public,
    Ritual,
    RitualTile,
    Secret,
    Thug,
    Zombie,
)
from tests.games.zimby_mojo.test_combat import BLUE, RED, YELLOW, public

RITUAL_TILES = ("R-nw", "R-ne", "R-se", "R-sw")


def line(tile: str) -> list[str]:
    """A row of tiles x0 .. x9, each beside the next."""
    at = int(tile[1:])
    return [f"x{n}" for n in (at - 1, at + 1) if 0 <= n <= 9]


# -- setup: 8 markers, 4 used --------------------------------------------------------------------------------------


def test_four_of_the_eight_ritual_markers_lie_face_down_beside_the_ritual_tiles() -> None:
    drawn = draw_rituals(Rng(1), RITUAL_TILES)
    assert list(drawn) == list(RITUAL_TILES)
    assert len(set(drawn.values())) == 4 and set(drawn.values()) <= set(RITUALS)
    assert draw_rituals(Rng(1), RITUAL_TILES) == drawn
    seen = {r for seed in range(60) for r in draw_rituals(Rng(seed), RITUAL_TILES).values()}
    assert seen == set(RITUALS)


# -- the book's dice -----------------------------------------------------------------------------------------------


def test_1d2_and_1d3_are_read_off_a_d6() -> None:
    twos = Counter(d2(Rng(seed)) for seed in range(600))
    threes = Counter(d3(Rng(seed)) for seed in range(600))
    assert set(twos) == {1, 2} and set(threes) == {1, 2, 3}
    for seed in range(50):
        die = Rng(seed).roll(6)
        assert d2(Rng(seed)) == (1 if die <= 3 else 2)
        assert d3(Rng(seed)) == {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3}[die]


def test_xdy_adds_x_dice() -> None:
    """ "4d3 means to roll 1d3 four times and add the results together"."""
    assert {dice(Rng(seed), 4, 3) for seed in range(400)} == set(range(4, 13))
    assert {dice(Rng(seed), 2, 2) for seed in range(200)} == {2, 3, 4}
    assert {dice(Rng(seed), 2, 6) for seed in range(600)} == set(range(2, 13))


def test_a_random_quadrant_or_portal_is_1d4_and_in_solitaire_5_or_6_is_the_players_own() -> None:
    assert {random_pick(Rng(seed), 4) for seed in range(100)} == {0, 1, 2, 3}
    for seed in range(100):
        die = Rng(seed).roll(6)
        assert random_pick(Rng(seed), 4, home=2) == (die - 1 if die <= 4 else 2)


# -- the Crown -----------------------------------------------------------------------------------------------------


def test_the_crowns_burden_table() -> None:
    """King's death: +8 until the next refresh; first refresh +4; second refresh +2 for the rest of the game."""
    assert [crown_burden(n) for n in range(5)] == [8, 4, 2, 2, 2]


def test_each_refresh_eases_the_burden_until_plus_2() -> None:
    table = public(king=None, crown=Crown(tile="x1"))
    burdens = []
    for _ in range(3):
        crown_refresh(table)
        assert table.crown is not None
        burdens.append(table.crown.burden)
    assert burdens == [4, 2, 2]


def test_the_crowns_immunity_holds_on_3_or_lower() -> None:
    for seed in range(40):
        assert crown_immune(Rng(seed)) == (Rng(seed).roll(6) <= 3)


# -- the rituals ---------------------------------------------------------------------------------------------------


def test_within_counts_contiguous_adjacent_tiles() -> None:
    assert within(line, ["x3"], 0) == {"x3"}
    assert within(line, ["x3", "x4"], 2) == {"x1", "x2", "x3", "x4", "x5", "x6"}


def test_ritual_of_blood_one_wound_each_kills_zimbies_not_thugs() -> None:
    """ "Since thugs have 2 vitality and wounds are not accumulated, the thugs are not killed by the blood mist"."""
    table = public(
        columns=[Column(id="c1", tile="x2", zimbies={BLUE: 2}), Column(id="c2", tile="x9", zimbies={RED: 1})],
        thugs=[Thug(id="t0", tile="x3"), Thug(id="t1", tile="x3"), Thug(id="t2", tile="x5")],
        zombies=[Zombie(id="z1", tile="x4", owner=YELLOW)],
        king="x0",
    )
    caught = within(line, ["x0"], 5)
    ritual_of_blood(table, caught, Rng(2))
    assert table.column("c1").zimbies == {BLUE: 1}
    assert table.column("c2").zimbies == {RED: 1}
    assert len(table.thugs_in_play()) == 3 and table.zombies and table.king.alive


def test_ritual_of_discord_multi_zimby_columns_keep_one_random_zimby() -> None:
    table = public(
        3,
        columns=[
            Column(id="c1", tile="q1", zimbies={BLUE: 2, YELLOW: 1}),
            Column(id="c2", tile="q2", zimbies={RED: 1}),
            Column(id="c3", tile="elsewhere", zimbies={RED: 3}),
        ],
    )
    ritual_of_discord(table, {"q1", "q2"}, Rng(4))
    kept = table.column("c1").zimbies
    assert sum(kept.values()) == 1
    assert table.column("c2").zimbies == {RED: 1} and table.column("c3").zimbies == {RED: 3}
    sent_home = {BLUE: 2 - kept.get(BLUE, 0), YELLOW: 1 - kept.get(YELLOW, 0)}
    for tribe, count in sent_home.items():
        assert table.tribes[tribe].depleted == count and table.tribes[tribe].active == 4
    stays = Counter(
        next(iter(_discord(seed).column("c1").zimbies)) for seed in range(60)
    )  # the Bag o' Fate: either tribe may stay
    assert set(stays) == {BLUE, YELLOW}


def _discord(seed: int) -> Public:
    table = public(2, columns=[Column(id="c1", tile="q1", zimbies={BLUE: 2, YELLOW: 1})])
    ritual_of_discord(table, {"q1"}, Rng(seed))
    return table


def test_discord_expels_beyond_the_tribal_board_limit_to_the_far_shore() -> None:
    table = public(1, columns=[Column(id="c1", tile="q1", zimbies={BLUE: 3})])
    table.tribes[BLUE].active = 7
    ritual_of_discord(table, {"q1"}, Rng(1))
    board = table.tribes[BLUE]
    assert board.zimbies == 8 and board.depleted == 1 and board.far_shore == 13


def test_ritual_of_exhaustion_depletes_x_mojo_tokens_of_every_shaman() -> None:
    table = public(3)
    table.tribes[2].tokens = 1
    ritual_of_exhaustion(table, 3)
    assert [b.tokens for b in table.tribes] == [1, 1, 0]
    assert all(b.active == 4 for b in table.tribes)


def test_ritual_of_hunger_eats_x_zimbies_depleted_first_chanting_last() -> None:
    table = public(3, incantations=[Incantation(id=7, card="war_chant", caster=1, target=1, value=1)])
    table.tribes[0].depleted = 1
    table.tribes[1].active, table.tribes[1].chanting = 2, 1
    table.tribes[2].active = 1
    ritual_of_hunger(table, 2)
    first, second, third = table.tribes
    assert (first.active, first.depleted, first.far_shore) == (3, 0, 14)
    assert (second.active, second.chanting, second.far_shore) == (0, 0, 14)
    assert (third.active, third.far_shore, third.eaten) == (0, 13, 0)


def test_a_chanter_eaten_for_hunger_ends_its_incantation() -> None:
    # Issue 44: "If the chanting zimby is removed or becomes depleted, the incantation immediately ends." The
    # ritual used to lower ``chanting`` alone, and War Chant's +1 stayed in play with no chanter.
    war_chant = Incantation(id=7, card="war_chant", caster=BLUE, target=BLUE, value=1)
    table = public(2, incantations=[war_chant])
    table.tribes[BLUE].active, table.tribes[BLUE].chanting = 1, 1
    assert chant(table, BLUE, "brutality") == 1
    ritual_of_hunger(table, 1)
    assert table.incantations == [] and table.discards == ["war_chant"]
    assert table.tribes[BLUE].chanting == 0 and chant(table, BLUE, "brutality") == 0


def test_hunger_leaves_an_incantation_whose_chanter_is_not_eaten() -> None:
    war_chant = Incantation(id=7, card="war_chant", caster=BLUE, target=BLUE, value=1)
    table = public(2, incantations=[war_chant])
    table.tribes[BLUE].active, table.tribes[BLUE].chanting = 3, 1
    ritual_of_hunger(table, 2)
    assert table.incantations == [war_chant] and table.tribes[BLUE].chanting == 1


def test_ritual_of_madness_discards_x_random_scrolls() -> None:
    hands = [["a", "b", "c"], ["d"], []]
    gone = ritual_of_madness(hands, 2, Rng(8))
    assert [len(g) for g in gone] == [2, 1, 0]
    assert len(hands[0]) == 1 and hands[1] == [] and set(gone[0]) | set(hands[0]) == {"a", "b", "c"}


def test_ritual_of_winnowing_draws_two_random_cards_from_the_left_neighbour() -> None:
    hands = [["a", "b", "c"], ["d"], ["e", "f"]]
    draws = winnowing_draws(hands, Rng(3))
    assert set(draws[0]) == {"d"} and set(draws[1]) == {"e", "f"} and set(draws[2]) <= {"a", "b", "c"}
    assert len(draws[2]) == 2


def test_ritual_of_portals_expels_every_creature_within_x_but_the_king() -> None:
    table = public(
        2,
        columns=[Column(id="c1", tile="x3", zimbies={BLUE: 2}), Column(id="c2", tile="x8", zimbies={YELLOW: 1})],
        thugs=[Thug(id="t0", tile="x4", crown=True)],
        zombies=[Zombie(id="z1", tile="x5", owner=YELLOW)],
        king="x6",
        crown=None,
    )
    ritual_of_portals(table, within(line, ["x5"], 2))
    assert [c.id for c in table.columns] == ["c2"]
    assert table.tribes[BLUE].depleted == 2 and not table.zombies and table.tribes[YELLOW].zombies_left == 3
    assert table.thugs[0].in_barracks and not table.thugs[0].active
    assert table.king.tile == "x6" and table.king.alive


def test_ritual_of_terror_depletes_zimby_columns_who_then_defend_with_brutality_0() -> None:
    table = public(
        2,
        columns=[Column(id="c1", tile="q1", zimbies={BLUE: 3}), Column(id="c2", tile="x1", zimbies={YELLOW: 1})],
        thugs=[Thug(id="t0", tile="q2")],
        zombies=[Zombie(id="z1", tile="q3", owner=YELLOW)],
    )
    ritual_of_terror(table, {"q1", "q2", "q3"})
    assert not table.column("c1").active and table.column("c2").active
    assert table.thugs[0].active and table.zombies[0].active
    assert zimby_column_brutality(table.column("c1").zimbies, depleted=True) == 0


@pytest.mark.parametrize("x", [1, 2])
def test_hunger_eats_at_most_what_the_board_holds(x: int) -> None:
    table = public(1)
    table.tribes[0].active = 1
    ritual_of_hunger(table, x)
    assert table.tribes[0].zimbies == 0


# -- the King's turn on the board ------------------------------------------------------------------------------------

UPPER_RIGHT = "j8"


def sanctum_table(rituals: dict[str, Ritual], *, king: King | None = None, **parts: object) -> tuple[Public, Secret]:
    """The King (in the blood mist unless placed), the ritual tiles face down, their markers as given (else blood)."""
    markers = {place.tile: rituals.get(place.tile, "blood") for place in BOARD.rituals}
    faces = [RitualTile(tile=place.tile) for place in BOARD.rituals]
    table = public(2, king=king or King(tile=BOARD.blood_mist), rituals=faces, **parts)
    return table, Secret(rituals=markers)


def seed_where(check: Callable[[Rng], bool]) -> Rng:
    """A generator whose next draws pass ``check`` (the tests pick the book's dice rather than assume them)."""
    for seed in range(20_000):
        if check(Rng(seed)):
            return Rng(seed)
    raise AssertionError("no such seed")


def picks_ritual_tile(rng: Rng, tile: str) -> bool:
    return [p.tile for p in BOARD.rituals][rng.below(4)] == tile


def test_round_2_the_king_moves_onto_the_upper_right_ritual_tile_and_reveals_the_ritual_of_blood() -> None:
    """He rolls 1d4, lands on the upper right ritual tile, reveals Blood and rolls 4: the sanctum and 4 beyond.

    "Since thugs have 2 vitality and wounds are not accumulated, the thugs are not killed by the blood mist."
    """
    table, secret = sanctum_table(
        {UPPER_RIGHT: "blood"},
        columns=[Column(id="c1", tile="i5", zimbies={BLUE: 1}), Column(id="c2", tile="e5", zimbies={YELLOW: 1})],
        thugs=[Thug(id="t0", tile="l5"), Thug(id="t1", tile="m9")],
    )
    rng = seed_where(lambda r: picks_ritual_tile(r, UPPER_RIGHT) and r.roll(6) == 4)
    king_turn(table, secret, rng)
    assert table.king.tile == UPPER_RIGHT and table.king.blood_mojo == 0
    assert [p.ritual for p in table.rituals if p.tile == UPPER_RIGHT] == ["blood"]
    assert all(p.ritual is None for p in table.rituals if p.tile != UPPER_RIGHT)
    assert [c.id for c in table.columns] == ["c2"]  # i5 is 2 beyond the north ward; e5, a corner, 6 away
    assert len(table.thugs_in_play()) == 2
    assert table.tribes[BLUE].far_shore == 13


def test_the_mist_reaches_the_sanctum_and_x_contiguous_tiles_beyond_through_the_wards() -> None:
    assert BOARD.within(BOARD.sanctum, 1) - BOARD.sanctum == set(BOARD.wards)
    reach = BOARD.within(BOARD.sanctum, 4) - BOARD.sanctum
    assert {"i5", "g5", "k5", "m7", "m11", "i13", "e9"} <= reach and not {"f5", "l5", "m6"} & reach


def test_round_3_the_king_on_a_ritual_tile_moves_onto_the_blood_mist_and_ends_his_turn() -> None:
    table, secret = sanctum_table({}, king=King(tile=UPPER_RIGHT))
    king_turn(table, secret, Rng(1))
    assert table.king.tile == BOARD.blood_mist
    assert all(p.ritual is None for p in table.rituals)


def test_an_obstacle_on_the_ritual_tile_turns_him_back_unless_his_immunity_holds() -> None:
    for holds in (True, False):
        table, secret = sanctum_table({UPPER_RIGHT: "exhaustion"})
        table.obstacles = [Obstacle(tile=UPPER_RIGHT, kind="deadly_vines")]

        def draws(r: Rng, h: bool = holds) -> bool:
            return picks_ritual_tile(r, UPPER_RIGHT) and (r.roll(6) <= 3) == h

        rng = seed_where(draws)
        king_turn(table, secret, rng)
        assert (table.king.tile == UPPER_RIGHT) == holds
        assert (table.rituals[0].ritual == "exhaustion") == holds
        assert table.king.blood_mojo == (0 if holds else 1)


def test_a_creature_on_the_ritual_tile_is_attacked_and_only_a_kill_lets_the_king_in() -> None:
    for kills in (True, False):
        table, secret = sanctum_table(
            {UPPER_RIGHT: "terror"}, columns=[Column(id="c1", tile=UPPER_RIGHT, zimbies={BLUE: 3})]
        )

        # King 1 (no thugs) against a column of 3: he kills it only by rolling well above its roll.
        def draws(r: Rng, k: bool = kills) -> bool:
            if not picks_ritual_tile(r, UPPER_RIGHT):
                return False
            mine, theirs = r.roll(6) + 1, r.roll(6) + 3
            return mine - theirs >= 3 if k else mine == theirs

        king_turn(table, secret, seed_where(draws))
        if kills:
            assert table.king.tile == UPPER_RIGHT and not table.columns and table.rituals[0].ritual == "terror"
        else:
            assert table.king.tile == BOARD.blood_mist and table.columns and table.rituals[0].ritual is None
            assert table.column("c1").in_combat and table.king.blood_mojo != 0


def test_outside_the_mist_the_king_steps_one_tile_closer_diagonals_included() -> None:
    table, secret = sanctum_table({}, king=King(tile="k7"))
    king_turn(table, secret, Rng(1))
    assert table.king.tile == UPPER_RIGHT  # k7 -> j8, diagonally: the marker corner is 2 from the mist


def test_the_king_avoids_combat_when_an_empty_tile_brings_him_closer() -> None:
    """From the north ward (3 from the mist) h7, i7 and j7 are all closer: he passes the zimby on i7 by."""
    table, secret = sanctum_table({}, king=King(tile="i6"), columns=[Column(id="c1", tile="i7", zimbies={BLUE: 1})])
    king_turn(table, secret, Rng(1))
    assert table.king.tile in {"h7", "j7"} and table.columns and not table.column("c1").in_combat


def test_the_king_attacks_the_creature_in_his_path_when_no_empty_tile_is_closer() -> None:
    """From a marker corner only the ritual tile is closer to the mist: he attacks the zimby on it, and claims it."""
    table, secret = sanctum_table(
        {}, king=King(tile="k7"), columns=[Column(id="c1", tile=UPPER_RIGHT, zimbies={BLUE: 1})]
    )
    king_turn(table, secret, seed_where(lambda r: r.roll(6) + 1 > r.roll(6) + 1))
    assert table.king.tile == UPPER_RIGHT and not table.columns and table.tribes[BLUE].far_shore == 13


def test_the_king_never_attacks_his_thugs_and_waits_behind_them() -> None:
    table, secret = sanctum_table({}, king=King(tile="k7"), thugs=[Thug(id="t0", tile=UPPER_RIGHT)])
    king_turn(table, secret, Rng(1))
    assert table.king.tile == "k7" and table.thugs[0].tile == UPPER_RIGHT


def test_the_crown_carrier_activating_a_ritual_chooses_the_quadrant() -> None:
    """ "When a ritual affects a quadrant or portal, the controller may choose the quadrant or portal affected"."""
    table, secret = sanctum_table(
        {UPPER_RIGHT: "terror"},
        king=King(tile=None, alive=False),
        columns=[Column(id="c1", tile="q11", zimbies={BLUE: 1}), Column(id="c2", tile="a7", zimbies={YELLOW: 1})],
    )
    for seed in range(20):
        for column in table.columns:
            column.active = True
        cast(table, secret, UPPER_RIGHT, Rng(seed), choice=3)
        assert table.column("c2").active is False and table.column("c1").active is True


def test_the_crown_carrier_caught_in_its_own_ritual_of_blood_rolls_its_obstacle_immunity() -> None:
    for holds in (True, False):
        table = public(king=None, columns=[Column(id="c1", tile="x2", zimbies={BLUE: 1}, crown=BLUE)])
        table.crown = Crown(carrier="c1", burden=2)

        def immunity(r: Rng, h: bool = holds) -> bool:
            return (r.roll(6) <= 3) == h

        ritual_of_blood(table, {"x2"}, seed_where(immunity))
        assert bool(table.columns) is holds


def test_winnowing_each_player_keeps_one_drawn_card_and_discards_the_other() -> None:
    hands = [["a", "b", "c"], ["d", "e"], ["f", "g"]]
    draws = winnowing_draws(hands, Rng(3))
    discards: list[str] = []
    winnow(hands, draws, [0, 1, 0], discards)
    assert set(draws[0]) == {"d", "e"}
    assert hands[1] == [draws[1][1]] and draws[0][0] in hands[0] and draws[2][0] in hands[2]
    assert sorted(discards) == sorted([draws[0][1], draws[1][0], draws[2][1]])
    assert sum(len(h) for h in hands) + len(discards) == 7


def test_solitaire_winnowing_discards_a_random_card_of_the_hand_or_the_librarys_top_card() -> None:
    hand, library, discards = ["a", "b"], ["top", "next"], list[str]()
    solo_winnowing(hand, library, discards, Rng(1), from_library=True)
    assert library == ["next"] and discards == ["top"] and hand == ["a", "b"]
    solo_winnowing(hand, library, discards, Rng(1), from_library=False)
    assert len(hand) == 1 and discards[1] in {"a", "b"} and library == ["next"]
