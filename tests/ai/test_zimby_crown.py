"""Zimby Mojo's Crown on the ground (:mod:`server.ai.zimby_crown`): fetched by a column whose walk picks it up,
never dropped.

"The creature picks up an item" on its path: a column standing on the Crown steps off and back. Against random
play a column of two stood on it beside the mist for eight rounds (a walk off a column's goal is not searched), and
the search dropped a Crown it had just picked up.
"""

from __future__ import annotations

from server import games
from server.ai import zimby_crown
from server.ai import zimby_reflexes as zr_ai
from server.ai import zimby_roads as roads
from server.engine.play import Rules
from server.games.zimby_mojo.state import Column, Crown, Drop, Go, ZTable

RULES: Rules = games.get("zimby_mojo")
#: A sanctum tile beside the blood mist, where the King died.
BESIDE_MIST = "i10"


def crown_on_the_ground(column_tile: str, mojo: int = 1) -> ZTable:
    """The King dead, the Crown lying beside the mist (its burden +2 for good), a column of two of seat 0 at
    ``column_tile``, seat 0 to play with ``mojo`` (a zimby at home each, no tokens)."""
    t, _ = RULES.setup(RULES.parse_options({"first_player": 0}), 2, 7)
    t.public.next_id = 100
    t.public.wards[0].open = True
    t.public.king.alive, t.public.king.tile = False, None
    t.public.columns = [Column(id="c0", tile=column_tile, zimbies={0: 2})]
    t.public.crown = Crown(tile=BESIDE_MIST, burden=2)
    tribe = t.public.tribes[0]
    tribe.active, tribe.tokens, tribe.mojo = mojo, 0, 0
    return t


def by_rule(t: ZTable) -> object:
    return zr_ai.reflex(RULES, t, 0, 0, RULES.legal_moves(t, 0))


def test_a_column_standing_on_the_crown_steps_off_and_back_to_pick_it_up() -> None:
    t = crown_on_the_ground(BESIDE_MIST)
    legal = RULES.legal_moves(t, 0)
    assert Go(creature="c0") not in zr_ai.prune(t, 0, legal)  # on its goal: the search would not walk it
    assert by_rule(t) == Go(creature="c0")
    after = roads.tried(RULES, t, 0, [Go(creature="c0")])
    assert after.public.columns[0].crown == 0 and after.public.columns[0].tile == BESIDE_MIST


def test_a_column_within_a_turn_s_walk_fetches_the_crown_and_home_if_the_mojo_takes_it() -> None:
    t = crown_on_the_ground("i12")
    assert by_rule(t) == Go(creature="c0")
    assert roads.tried(RULES, t, 0, [Go(creature="c0")]).public.columns[0].crown == 0
    rich = crown_on_the_ground("i12", mojo=8)
    assert by_rule(rich) == Go(creature="c0")
    assert roads.tried(RULES, rich, 0, [Go(creature="c0")]).public.winners == [0]


def test_no_fetch_without_the_mojo_for_the_walk() -> None:
    t = crown_on_the_ground("i12", mojo=0)
    assert zimby_crown.fetch(RULES, t, 0, RULES.legal_moves(t, 0)) is None


def test_the_crown_is_never_dropped_by_search() -> None:
    """ "A creature may drop an item at any time": the burden eases with the rounds, not with a new carrier."""
    t = crown_on_the_ground(BESIDE_MIST)
    t.public.columns[0].crown = 0
    t.public.crown = Crown(carrier="c0", burden=2)
    legal = RULES.legal_moves(t, 0)
    assert Drop() in legal and Drop() not in zr_ai.prune(t, 0, legal)
