"""Solitaire play: the 1d6 for random quadrants and portals, the thugs after the King's death, losing and the score."""

from __future__ import annotations

from server.engine import Rng
from server.games.zimby_mojo.board import BOARD
from server.games.zimby_mojo.game import shielded
from server.games.zimby_mojo.king import random_pick
from server.games.zimby_mojo.npcs import reenter, thugs_turn
from server.games.zimby_mojo.solitaire import (
    LIBRARY_SIZE,
    START_HAND,
    START_TOKENS,
    START_ZIMBIES,
    flanks,
    home_quadrant,
    king_shielded,
    lose,
    sacrifice_for_seal,
    solo_library,
    solo_score,
)
from server.games.zimby_mojo.state import KING_ID, Column, Crown, Public, Thug, Ward
from tests.games.zimby_mojo.test_combat import BLUE, public
from tests.games.zimby_mojo.test_npcs import seed_where, table_of, thugs

#: The player's tribal board attaches at the entry point q11, in the south-east quadrant (1).
ENTRY = "q11"


def solo(*, king: str | None = None, **parts: object) -> Public:
    table = public(1, king=king, **parts)
    table.tribes[0].entry = ENTRY
    return table


def test_the_solitaire_setup_numbers() -> None:
    """8 active zimbies, 4 active mojo tokens, a hand of 6 from a library of 17."""
    assert (START_ZIMBIES, START_TOKENS, START_HAND, LIBRARY_SIZE) == (8, 4, 6, 17)
    assert solo_library([f"card{n}" for n in range(40)]) == [f"card{n}" for n in range(17)]


def test_a_5_or_6_picks_the_quadrant_or_portal_of_the_players_entry_point() -> None:
    table = solo()
    assert home_quadrant(table) == 1
    for seed in range(60):
        die = Rng(seed).roll(6)
        assert random_pick(Rng(seed), 4, home=home_quadrant(table)) == (die - 1 if die <= 4 else 1)


def test_a_thug_returning_from_the_barracks_rolls_1d6_for_its_portal() -> None:
    table = solo(king="i9", thugs=[Thug(id="t0", tile=BOARD.barracks[0], in_barracks=True)])
    reenter(table, table.thugs[0], seed_where(lambda r: r.roll(6) == 6))
    assert table.thugs[0].tile == BOARD.portals[1]


def test_after_the_kings_death_the_first_two_thugs_hold_the_flanks_of_the_entry_and_two_patrol() -> None:
    """All four thugs walk to the player's quadrant at 2d6; the first there holds the first X, the second the next."""
    table = solo(thugs=thugs(*BOARD.thug_starts), crown=Crown(tile="a1"))
    first_x, next_x = flanks(table)
    assert (first_x, next_x) == ("q12", "q10")
    rng = Rng(2016)
    for _ in range(12):
        thugs_turn(table_of(table), rng)
    assert all(t.quadrant == 1 for t in table.thugs)
    holding = {t.tile for t in table.thugs if t.holding}
    assert holding == {first_x, next_x}
    patrolling = [t for t in table.thugs if not t.holding]
    assert len(patrolling) == 2 and all(t.tile in BOARD.outer_routes[1].tiles for t in patrolling)


def test_the_player_loses_when_a_thug_brings_the_crown_to_the_blood_mist() -> None:
    table = solo(
        thugs=[Thug(id="t0", tile="g5")],
        crown=Crown(tile="h5"),
        wards=[
            Ward(tile=w, element=e, open=w == "i6")
            for w, e in zip(BOARD.wards, ("air", "earth", "fire", "water"), strict=True)
        ],
    )
    thugs_turn(table_of(table), seed_where(lambda r: r.roll(6) + r.roll(6) == 12))
    assert table.phase == "over" and table.winners == [] and table.reason == "thug_crowned"


def test_running_out_of_scrolls_loses() -> None:
    table = solo()
    lose(table, "library_empty")
    assert (table.phase, table.winners, table.reason) == ("over", [], "library_empty")


def test_the_score_is_the_cards_left_in_the_library_zero_included() -> None:
    table = solo()
    table.library_size = 5
    assert solo_score(table) == 5
    table.library_size = 0
    assert solo_score(table) == 0


def test_a_seal_is_activated_by_sacrificing_one_of_two_zimbies_on_the_shrine() -> None:
    shrine = BOARD.shrines[1]
    table = solo(
        columns=[Column(id="c1", tile=shrine, zimbies={BLUE: 2}), Column(id="c2", tile="a1", zimbies={BLUE: 1})]
    )
    assert sacrifice_for_seal(table, table.column("c1"))
    assert table.column("c1").zimbies == {BLUE: 1} and table.tribes[BLUE].far_shore == 13
    assert not sacrifice_for_seal(table, table.column("c1"))
    assert not sacrifice_for_seal(table, table.column("c2"))


def test_the_living_king_has_the_crowns_witchery_immunity_in_every_match_and_on_his_tile_in_solitaire() -> None:
    """ "the obstacle immunity afforded him by his Crown" (every match) and "applies to witcheries that target the
    tile he occupies as well as those that target the King himself" (solitaire)."""
    several = public(2, king="h8")
    assert shielded(several, KING_ID) and not shielded(several, "h8")
    alone = solo(king="h8")
    assert shielded(alone, KING_ID) and shielded(alone, "h8") and not shielded(alone, "i9")
    assert not shielded(public(2, king=None), KING_ID)


def test_a_crown_carrier_after_the_king_has_no_immunity_on_its_tile_even_in_solitaire() -> None:
    """ "the Crown provides no defense against witcheries that target the tile occupied by the Crown carrier": the
    solitaire rule covers the King's tile ("he"), not a later carrier's."""
    for table in (solo(), public(2, king=None)):
        table.columns.append(Column(id="c1", tile="h8", zimbies={BLUE: 1}, crown=BLUE))
        table.crown = Crown(carrier="c1", burden=2)
        assert shielded(table, "c1") and not shielded(table, "h8")


def test_in_solitaire_the_living_king_and_his_tile_have_the_crowns_witchery_immunity() -> None:
    table = solo(king="h8")
    assert king_shielded(table, "h8") and not king_shielded(table, "i9")
    assert not king_shielded(public(2, king="h8"), "h8")
