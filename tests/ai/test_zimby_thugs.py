"""Zimby Mojo's AI and the thugs: where they may strike this round, and the zimbies a tribe need not lose (issue 46).

"All thugs not combat locked roll 1d6 and move that many tiles along the patrol route ... If a moving thug
encounters an opponent in its attack zone, it will stop moving and initiate combat." The search's playouts are cut
before the thugs' turn; the evaluation counts what they would leave of a column, a defender eats only where it
pays, and no zimby is eaten at home or for a scroll by search.
"""

from __future__ import annotations

from server import games
from server.ai import zimby_mojo as zm_ai
from server.ai import zimby_reflexes as zr_ai
from server.ai import zimby_roads as roads
from server.ai import zimby_thugs as thugs_ai
from server.engine.play import Rules
from server.engine.windows import Pass, open_window
from server.games.zimby_mojo.board import BOARD
from server.games.zimby_mojo.state import (
    Column,
    Devour,
    Eat,
    EndTurn,
    Halt,
    Moving,
    PendingAttack,
    Step,
    UseScroll,
    ZTable,
    home_seat,
)

RULES: Rules = games.get("zimby_mojo")


def table() -> ZTable:
    """Two shamans at the start of a match, nothing on the main board, seat 0 to play."""
    t, _ = RULES.setup(RULES.parse_options({"first_player": 0}), 2, 7)
    t.public.columns = []
    t.public.next_id = 100
    return t


def far_from_thugs(t: ZTable) -> str:
    """A main-board tile no thug's walk this turn comes near: the farthest from the route round the sanctum."""
    route = frozenset(BOARD.sanctum_route.tiles)
    distances = BOARD.distances(route)
    return max((tile for tile in distances if home_seat(tile) is None), key=lambda tile: distances[tile])


def test_a_thug_walks_its_route_at_most_a_die_s_roll() -> None:
    """ "roll 1d6 and move that many tiles along the patrol route": its own tile, then six along the foot marks."""
    t = table()
    thug = t.public.thugs[0]
    walked = thugs_ai.reach(t.public, thug)
    assert walked == [thug.tile, *BOARD.sanctum_route.walk(thug.tile, 6)]
    assert thugs_ai.walks_at_least(1, king_alive=True) == 1.0
    assert thugs_ai.walks_at_least(6, king_alive=True) == 1 / 6
    assert thugs_ai.walks_at_least(12, king_alive=False) == 1 / 36


def test_a_column_beside_a_thug_is_struck_and_one_out_of_reach_is_not() -> None:
    """The four shrines "are in the combat zone of creatures on the adjacent gray pentagonal tiles", where the thugs
    start: a column on a shrine is attacked for sure; one far from the route is not."""
    t = table()
    shrine, far = t.public.shrines[0].tile, far_from_thugs(t)
    assert thugs_ai.strike_chance(t.public, shrine) == 1.0
    assert thugs_ai.strike_chance(t.public, far) == 0.0


def test_a_lone_zimby_loses_more_to_a_thug_than_a_column_of_three() -> None:
    """A thug (3 + 1d6) against a lone zimby (1 + 1d6) kills it 26 times in 36; a column of three loses on average
    less than one zimby in three."""
    t = table()
    shrine = t.public.shrines[0].tile
    lone, three = Column(id="c0", tile=shrine, zimbies={0: 1}), Column(id="c1", tile=shrine, zimbies={0: 3})
    assert thugs_ai.expected_loss(t.public, lone) == 26 / 36
    assert thugs_ai.expected_loss(t.public, three) / 3 < 1 / 3


def test_the_evaluation_counts_a_column_in_the_thugs_reach_at_what_they_leave_of_it() -> None:
    """The same lone zimby, the same distance from its goal, counts for less beside a thug."""
    t = table()
    shrine, far = t.public.shrines[0].tile, far_from_thugs(t)
    t.public.columns = [Column(id="c0", tile=far, zimbies={0: 1}), Column(id="c1", tile=far, zimbies={1: 1})]
    safe = zm_ai.progress(t.public, 2)[0]
    t.public.columns[0].tile = shrine
    t.public.columns[1].tile = shrine
    exposed = zm_ai.progress(t.public, 2)[0]
    t.public.thugs = []
    assert exposed < zm_ai.progress(t.public, 2)[0]
    assert safe > 0


def attacked(t: ZTable, zimbies: int, thugs: int) -> ZTable:
    """Seat 0's column of ``zimbies`` attacked by a thug column of ``thugs``, seat 0 asked whether a zimby eats."""
    thug = t.public.thugs[0]
    for mate in t.public.thugs[1:thugs]:
        mate.tile = thug.tile
    beside = next(tile for tile in BOARD.neighbours(thug.tile) if home_seat(tile) is None and tile in BOARD)
    t.public.columns = [Column(id="c0", tile=beside, zimbies={0: zimbies})]
    t.public.pending_attack = PendingAttack(attacker=thug.id, target="c0", controller=None)
    open_window(t.public.windows, 1, {"attack": thug.id, "target": "c0"}, 2, among=[0])
    return t


def test_a_column_of_three_does_not_eat_against_a_lone_thug() -> None:
    """3 + 1d6 against 3 + 1d6 costs the column under one zimby on average; eating one for +4 costs one for sure."""
    t = attacked(table(), zimbies=3, thugs=1)
    assert zr_ai.reflex(RULES, t, 0, 0, RULES.legal_moves(t, 0)) == Pass()


def test_a_column_of_two_eats_one_against_a_column_of_three_thugs() -> None:
    """ "A thug column's brutality: 1 + 2 per thug": 7 + 1d6 against 2 + 1d6 kills both nearly always; one eaten
    (+4) saves the other more than half the time."""
    t = attacked(table(), zimbies=2, thugs=3)
    assert zr_ai.reflex(RULES, t, 0, 0, RULES.legal_moves(t, 0)) == Devour(eat=1)


def test_no_zimby_is_eaten_by_search_at_home_or_for_a_scroll() -> None:
    """Shaman cannibalism (2 mojo or a scroll) and a channeller's (twice a witchery's range or effect) cost a zimby,
    a mojo every round: the search never weighs them."""
    t = table()
    t.public.columns = [Column(id="c0", tile=far_from_thugs(t), zimbies={0: 3})]
    legal = RULES.legal_moves(t, 0)
    assert Eat(gain="mojo") in legal
    assert any(isinstance(m, UseScroll) and m.eat_for_range for m in legal)
    kept = zr_ai.prune(t, 0, legal)
    assert not any(isinstance(m, Eat) for m in kept)
    assert not any(isinstance(m, UseScroll) and (m.eat_for_range or m.eat_for_effect) for m in kept)
    where_it_must_act = zr_ai.prune(t, 0, [m for m in legal if m != EndTurn()])  # scrolls weighed, eating not
    assert any(isinstance(m, UseScroll) for m in where_it_must_act)
    assert not any(isinstance(m, UseScroll) and (m.eat_for_range or m.eat_for_effect) for m in where_it_must_act)


def edge_of_reach(t: ZTable, column: Column) -> tuple[str, int]:
    """A tile out of the thugs' reach whose way to the column's goal steps next into it, and its distance."""
    distances = roads.goal(t.public, 0, column)
    for tile, d in sorted(distances.items(), key=lambda item: (item[1], item[0])):
        if d < 3 or home_seat(tile) is not None or thugs_ai.strike_chance(t.public, tile) > 0:
            continue
        nearer = [n for n in BOARD.neighbours(tile) if distances.get(n) == d - 1]
        if nearer and all(thugs_ai.strike_chance(t.public, n) > 0 for n in nearer):
            return tile, d
    raise AssertionError("no tile at the edge of the thugs' reach")


def test_a_column_bound_for_the_king_crosses_the_thugs_reach_in_one_turn() -> None:
    """Behind an open ward a column walking to the King halts at the edge of the thugs' reach when this turn's
    mojo cannot take it all the way (the route round the sanctum is theirs; the sanctum is not), and walks in
    when it can. Before any seal, a walk to a shrine (itself on the route) does not wait."""
    t = table()
    t.public.wards[0].open = True
    column = Column(id="c0", tile="a1", zimbies={0: 3})
    here, d = edge_of_reach(t, column)
    column.tile = here
    t.public.columns = [column]
    tribe = t.public.tribes[0]
    tribe.mojo, tribe.tokens, tribe.active = 0, 0, 0
    t.public.moving = Moving(creature="c0", tiles_left=1, steps=1)
    assert isinstance(roads.walk(t.public, 0, RULES.legal_moves(t, 0)), Halt)
    tribe.mojo = d
    assert isinstance(roads.walk(t.public, 0, RULES.legal_moves(t, 0)), Step)
    tribe.mojo = 0
    t.public.wards[0].open = False
    t.public.columns.append(Column(id="c1", tile=t.public.shrines[0].tile, zimbies={1: 1}))
    assert isinstance(roads.walk(t.public, 0, RULES.legal_moves(t, 0)), Step)
