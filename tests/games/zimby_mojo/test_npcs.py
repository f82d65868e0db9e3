"""Thugs and zombies on the real board: patrols by the foot marks, re-entry, quadrants, the Crown run, shambling."""

from __future__ import annotations

from collections.abc import Callable

from server.engine import Rng, Table
from server.games.zimby_mojo.board import BOARD
from server.games.zimby_mojo.npcs import (
    assign_quadrants,
    nearest_living,
    reenter,
    thug_roll,
    thugs_attack,
    thugs_turn,
    walk,
    zombies_shamble,
)
from server.games.zimby_mojo.state import Column, Crown, Obstacle, Private, Public, Secret, Thug, Ward, Zombie
from tests.games.zimby_mojo.test_combat import BLUE, YELLOW, public

ROUTE = BOARD.sanctum_route
NE_START = BOARD.thug_starts[0]  # m6, just after the north-east shrine m5


def table_of(pub: Public) -> Table[Public, Private, Secret]:
    return Table[Public, Private, Secret](public=pub, private=[Private() for _ in pub.tribes], secret=Secret())


def seed_where(check: Callable[[Rng], bool]) -> Rng:
    for seed in range(50_000):
        if check(Rng(seed)):
            return Rng(seed)
    raise AssertionError("no such seed")


def rolls(*faces: int) -> Callable[[Rng], bool]:
    """The next d6 rolls are ``faces``."""
    return lambda r: all(r.roll(6) == f for f in faces)


def thugs(*tiles: str) -> list[Thug]:
    return [Thug(id=f"t{i}", tile=tile) for i, tile in enumerate(tiles)]


def in_barracks(thug_id: str, *, active: bool) -> Thug:
    return Thug(id=thug_id, tile=BOARD.barracks[0], in_barracks=True, active=active)


# -- patrols while the King lives ------------------------------------------------------------------------------------


def test_a_thug_moves_1d6_while_the_king_lives_and_2d6_once_he_is_dead() -> None:
    assert {thug_roll(Rng(s), king_alive=True) for s in range(300)} == set(range(1, 7))
    assert {thug_roll(Rng(s), king_alive=False) for s in range(900)} == set(range(2, 13))


def test_a_thug_walks_its_roll_along_the_route_round_the_sanctum_in_the_foot_direction() -> None:
    pub = public(king="i9", thugs=thugs(NE_START))
    thugs_turn(table_of(pub), seed_where(rolls(4)))
    assert pub.thugs[0].tile == ROUTE.walk(NE_START, 4)[-1] == "m10"


def test_round_2_one_thug_moves_past_another_and_two_thugs_form_a_column() -> None:
    """t0 rolls 5 and walks through t1's tile; t1 then rolls 2 and lands on t0: a column of two (brutality 5)."""
    pub = public(king="i9", thugs=thugs("m6", "m8"))
    thugs_turn(table_of(pub), seed_where(rolls(5, 3)))
    assert pub.thugs[0].tile == "m11" and pub.thugs[1].tile == "m11"
    from server.games.zimby_mojo.combat import brutality

    assert brutality(pub, pub.thugs[0], attacking_for=None) == 5


def test_a_thug_stops_when_an_opponent_comes_into_its_combat_zone_and_attacks_in_the_attack_phase() -> None:
    pub = public(king="i9", thugs=thugs(NE_START), columns=[Column(id="c1", tile="n8", zimbies={BLUE: 1})])
    rng = seed_where(lambda r: r.roll(6) == 6 and r.roll(6) + 3 > r.roll(6) + 1)
    thugs_turn(table_of(pub), rng)
    assert pub.thugs[0].tile == "n8" and not pub.columns  # stopped on m8 beside n8, killed it and claimed its tile


def test_a_thug_with_an_opponent_beside_it_does_not_move() -> None:
    pub = public(king="i9", thugs=thugs(NE_START), columns=[Column(id="c1", tile="m5", zimbies={BLUE: 3})])
    thugs_turn(table_of(pub), seed_where(lambda r: r.roll(6) == 6 and r.roll(6) + 3 == r.roll(6) + 3))
    assert pub.thugs[0].tile == NE_START and pub.thugs[0].in_combat and pub.column("c1").in_combat


def test_a_combat_locked_thug_does_not_move_but_attacks() -> None:
    pub = public(king="i9", thugs=thugs(NE_START), columns=[Column(id="c1", tile="m7", zimbies={BLUE: 1})])
    pub.thugs[0].in_combat = True
    thugs_turn(table_of(pub), Rng(3))
    assert pub.thugs[0].tile == NE_START


def test_an_active_thug_in_the_barracks_returns_on_a_random_portal_dismissing_a_column_there() -> None:
    portal = BOARD.portals[1]
    pub = public(
        king="i9", thugs=[in_barracks("t0", active=True)], columns=[Column(id="c1", tile=portal, zimbies={YELLOW: 2})]
    )

    def draws(r: Rng) -> bool:
        return r.below(4) == 1

    thugs_turn(table_of(pub), seed_where(draws))
    thug = pub.thugs[0]
    assert not thug.in_barracks and thug.tile != portal and BOARD.distance(portal, thug.tile) is not None
    assert not pub.columns and pub.tribes[YELLOW].active == 6  # dismissed: home, still active


def test_a_depleted_thug_stays_in_the_barracks_until_refresh_makes_it_active() -> None:
    pub = public(king="i9", thugs=[in_barracks("t0", active=False)])
    thugs_turn(table_of(pub), Rng(1))
    assert pub.thugs[0].in_barracks


def test_a_returning_thug_heads_for_the_route_round_the_sanctum() -> None:
    pub = public(king="i9", thugs=[in_barracks("t0", active=True)])
    for _ in range(8):
        thugs_turn(table_of(pub), Rng(len(pub.happened) + 7))
    assert pub.thugs[0].tile in ROUTE.tiles


# -- after the King's death ------------------------------------------------------------------------------------------


def test_when_the_king_is_dead_each_thug_patrols_a_quadrant_of_its_own() -> None:
    pub = public(king=None, thugs=thugs(*BOARD.thug_starts), crown=Crown(tile="c3"))
    assign_quadrants(pub)
    assert sorted(t.quadrant for t in pub.thugs if t.quadrant is not None) == [0, 1, 2, 3]
    for _ in range(6):
        thugs_turn(table_of(pub), Rng(11 + len(pub.happened)))
    for thug in pub.thugs:
        assert thug.quadrant is not None
        assert thug.tile in BOARD.outer_routes[thug.quadrant].tiles


def test_a_thug_walking_over_the_crown_carries_it_to_the_mist_and_is_crowned_king() -> None:
    """The thug takes the Crown at h5, walks on to i5 and in through the open north ward: a new King in the mist."""
    pub = public(
        king=None,
        thugs=thugs("g5"),
        crown=Crown(tile="h5"),
        wards=[
            Ward(tile=w, element=e, open=w == "i6")
            for w, e in zip(BOARD.wards, ("air", "earth", "fire", "water"), strict=True)
        ],
    )
    pub.thugs[0].quadrant = 3
    thugs_turn(table_of(pub), seed_where(lambda r: r.roll(6) + r.roll(6) == 12))
    assert pub.king.alive and pub.king.tile == BOARD.blood_mist and pub.crown is None and pub.king.kills == 1
    assert pub.thugs[0].in_barracks and pub.thugs[0].quadrant is None


def test_with_every_ward_in_place_the_crown_carrier_keeps_patrolling() -> None:
    pub = public(
        king=None,
        thugs=thugs("g5"),
        crown=Crown(tile="h5"),
        wards=[Ward(tile=w, element=e) for w, e in zip(BOARD.wards, ("air", "earth", "fire", "water"), strict=True)],
    )
    thugs_turn(table_of(pub), Rng(5))
    assert pub.thugs[0].crown and not pub.king.alive and pub.crown is not None and pub.crown.carrier == "t0"


def test_thugs_walk_into_blood_vines_and_suffer_1d3() -> None:
    pub = public(king="i9", thugs=thugs(NE_START), obstacles=[Obstacle(tile="m7", kind="blood_vines")])
    thugs_turn(table_of(pub), seed_where(lambda r: r.roll(6) == 1 and r.roll(3) == 3))
    assert pub.thugs[0].in_barracks  # 3 wounds from one source: dead


# -- zombies ---------------------------------------------------------------------------------------------------------


def test_a_zombie_shambles_toward_the_nearest_living_creature_and_attacks_it() -> None:
    pub = public(
        king="i9",
        zombies=[Zombie(id="z1", tile="a1", owner=YELLOW)],
        columns=[Column(id="c1", tile="a5", zimbies={YELLOW: 1}), Column(id="c2", tile="h1", zimbies={BLUE: 1})],
    )
    walk = nearest_living(pub, pub.zombies[0], Rng(1))
    assert walk == ["a2", "a3", "a4", "a5"]  # its own former tribe, 4 away, before the blue zimby 7 away
    rng = seed_where(lambda r: r.roll(6) == 6 and r.roll(6) + 2 > r.roll(6) + 1)
    zombies_shamble(table_of(pub), rng)
    assert pub.zombies[0].tile == "a5" and [c.id for c in pub.columns] == ["c2"]


def test_a_shambling_zombie_stops_after_its_roll() -> None:
    pub = public(
        king="i9",
        zombies=[Zombie(id="z1", tile="a1", owner=YELLOW)],
        columns=[Column(id="c1", tile="a7", zimbies={YELLOW: 1})],
    )
    zombies_shamble(table_of(pub), seed_where(rolls(2)))
    assert pub.zombies[0].tile == "a3" and pub.columns


def test_a_held_or_combat_locked_zombie_does_not_shamble() -> None:
    pub = public(
        king="i9",
        zombies=[
            Zombie(id="z1", tile="a1", owner=YELLOW, held=True),
            Zombie(id="z2", tile="q17", owner=BLUE, in_combat=True),
        ],
        columns=[Column(id="c1", tile="a3", zimbies={YELLOW: 1})],
    )
    zombies_shamble(table_of(pub), Rng(1))
    assert [z.tile for z in pub.zombies] == ["a1", "q17"] and pub.columns


def test_zombies_do_not_pass_blood_thickets() -> None:
    thicket = BOARD.thickets[0]
    pub = public(king="i9", obstacles=[Obstacle(tile=thicket, kind="thickets", kings=True)])
    pub.zombies = [Zombie(id="z1", tile=BOARD.neighbours(thicket)[0], owner=BLUE)]
    pub.columns = [Column(id="c1", tile=BOARD.neighbours(thicket)[-1], zimbies={YELLOW: 1})]
    walk = nearest_living(pub, pub.zombies[0], Rng(2))
    assert walk is None or thicket not in walk


def test_a_thug_carrying_the_crown_shrugs_off_vines_when_its_immunity_holds() -> None:
    for holds in (True, False):
        pub = public(king=None, thugs=thugs(NE_START), crown=Crown(carrier="t0"))
        pub.thugs[0].crown = True
        pub.thugs[0].heading = ["m7", "m8"]
        pub.obstacles = [Obstacle(tile="m7", kind="blood_vines")]

        def draws(r: Rng, h: bool = holds) -> bool:
            return r.roll(6) + r.roll(6) == 2 and (r.roll(6) <= 3) == h and r.roll(3) == 3

        thugs_turn(table_of(pub), seed_where(draws))
        assert pub.thugs[0].in_barracks is not holds


def test_a_thug_returning_after_the_kings_death_patrols_the_first_outer_route_and_the_earlier_one_moves_on() -> None:
    """The earlier thug "will follow the route to the first unpatrolled quadrant it encounters"."""
    pub = public(
        king=None,
        thugs=[Thug(id="t0", tile="q5", quadrant=0), in_barracks("t1", active=True)],
        crown=Crown(tile="c3"),
    )
    reenter(pub, pub.thugs[1], seed_where(lambda r: r.below(4) == 0))
    assert pub.thugs[1].tile == BOARD.portals[0] and pub.thugs[1].quadrant == 0
    assert pub.thugs[0].quadrant not in (None, 0)


# -- portals ---------------------------------------------------------------------------------------------------------


def test_a_thug_that_kills_a_column_on_a_portal_claims_it_and_is_relocated() -> None:
    """ "the creature must move onto the defender's tile", and "When a creature moves onto a portal tile, the
    portal immediately activates and relocates the creature"; thugs always go to a random portal."""
    portal = BOARD.portals[0]
    beside = BOARD.neighbours(portal)[0]
    pub = public(king=None, thugs=thugs(beside), columns=[Column(id="c1", tile=portal, zimbies={BLUE: 1})])
    thugs_attack(pub, seed_where(rolls(6, 1)))
    assert not pub.columns
    assert pub.thugs[0].tile in BOARD.portals and pub.thugs[0].tile != portal


def test_a_thug_walking_onto_the_portal_where_the_crown_lies_takes_it_through() -> None:
    """ "If a thug ever ... moves over it ..., the thug will pick up the Crown": on a portal it picks it up before
    the portal relocates it, and carries it off."""
    portal = BOARD.portals[0]
    beside = BOARD.neighbours(portal)[0]
    pub = public(king=None, thugs=thugs(beside), crown=Crown(tile=portal, burden=2))
    pub.thugs[0].heading = [portal]
    walk(pub, pub.thugs[0], 1, Rng(3))
    thug = pub.thugs[0]
    assert thug.crown and pub.crown is not None and pub.crown.carrier == "t0" and pub.crown.tile is None
    assert thug.tile in BOARD.portals and thug.tile != portal


def test_a_thug_caught_in_entangling_vines_stays_there() -> None:
    """ "Thugs will stupidly walk into any obstacles in their path", and entangling vines keep what they caught."""
    pub = public(king="i9", thugs=thugs(NE_START), obstacles=[Obstacle(tile=NE_START, kind="entangling_vines")])
    thugs_turn(table_of(pub), seed_where(rolls(4)))
    assert pub.thugs[0].tile == NE_START
