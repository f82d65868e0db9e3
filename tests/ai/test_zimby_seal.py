"""Zimby Mojo's seal as a plan (:mod:`server.ai.zimby_seal`): once a tribe's zimby shares a column with another
tribe's, on its own turn it walks the column to a shrine and asks for the seal, when the turn's mojo pays for both.

"Two shaman must each have at least 1 zimby of their tribe present in the same column on the shrine tile", and
each channels 1 mojo. Left to the search, a column of two tribes two tiles from a shrine, its seat with six mojo,
spawned a zimby instead, and its partner walked it away on its own turn.
"""

from __future__ import annotations

from server import games
from server.ai import zimby_reflexes as zr_ai
from server.ai import zimby_roads as roads
from server.ai import zimby_seal as seal
from server.ai.ismcts import Budget, decide
from server.engine.play import Rules
from server.engine.rng import Rng
from server.games.zimby_mojo.board import BOARD
from server.games.zimby_mojo.state import Answer, Column, Go, Unseal, ZTable, home_seat

RULES: Rules = games.get("zimby_mojo")


def shared(steps: int) -> ZTable:
    """Seat 0's turn; a column of one zimby of each tribe ``steps`` tiles from the first shrine, on the side away
    from the thugs; seat 0 with two zimbies at home and its four tokens (six mojo)."""
    t, _ = RULES.setup(RULES.parse_options({"first_player": 0}), 2, 7)
    t.public.next_id = 100
    shrine = t.public.shrines[0].tile
    thugs = {thug.tile for thug in t.public.thugs}
    near = BOARD.distances(frozenset({shrine}))
    tiles = sorted(tile for tile, d in near.items() if d == steps and home_seat(tile) is None)
    here = next(tile for tile in tiles if all(BOARD.distances(frozenset({tile})).get(th, 99) > steps for th in thugs))
    t.public.columns = [Column(id="c0", tile=here, zimbies={0: 1, 1: 1})]
    tribe = t.public.tribes[0]
    tribe.active, tribe.far_shore = 2, 14
    return t


def by_rule(t: ZTable) -> object:
    return zr_ai.reflex(RULES, t, 0, 0, RULES.legal_moves(t, 0))


def test_on_the_shrine_the_seal_is_asked_for_and_asked_again_by_search_after_a_refusal() -> None:
    """A refusal leaves asking again to the search (a partner who always refuses would hold a rule in a loop)."""
    t = shared(0)
    assert by_rule(t) == Unseal(column="c0", partner=1)
    rng = Rng(1)
    RULES.advance(t, rng, 0, Unseal(column="c0", partner=1))
    RULES.advance(t, rng, 1, Answer(yes=False))
    assert t.public.request is None and not any(w.open for w in t.public.wards)
    assert by_rule(t) is None
    assert Unseal(column="c0", partner=1) in zr_ai.prune(t, 0, RULES.legal_moves(t, 0))  # the search's to ask
    RULES.advance(t, rng, 0, Unseal(column="c0", partner=1))
    RULES.advance(t, rng, 1, Answer(yes=True))
    assert any(w.open for w in t.public.wards)


def test_a_shared_column_walks_to_the_shrine_when_the_turn_pays_for_the_walk_and_the_channel() -> None:
    t = shared(2)
    assert by_rule(t) == Go(creature="c0")
    assert decide(RULES, RULES.knowledge(t, 0), Budget(iterations=16, depth=8), seed=1) == Go(creature="c0")
    after = roads.tried(RULES, t, 0, [Go(creature="c0")])
    assert after.public.columns[0].tile == t.public.shrines[0].tile
    assert Unseal(column="c0", partner=1) in RULES.legal_moves(after, 0)


def test_no_walk_that_leaves_no_mojo_to_channel() -> None:
    """Two tiles cost the column a mojo ("4 tiles" a mojo for one or two zimbies): with one, the seat would stand
    on the shrine unable to channel, where the thugs patrol next door."""
    t = shared(2)
    tribe = t.public.tribes[0]
    tribe.active, tribe.tokens, tribe.mojo = 1, 0, 0
    assert seal.launch(RULES, t, 0, RULES.legal_moves(t, 0)) is None
    tribe.active = 2
    assert seal.launch(RULES, t, 0, RULES.legal_moves(t, 0)) == Go(creature="c0")


def test_no_walk_when_the_partner_cannot_channel() -> None:
    """Only a partner who could pay is asked (every seat's mojo is public)."""
    t = shared(2)
    partner = t.public.tribes[1]
    partner.active, partner.tokens, partner.mojo = 0, 0, 0
    assert seal.launch(RULES, t, 0, RULES.legal_moves(t, 0)) is None


def test_once_a_ward_is_open_the_plan_is_the_blow_s() -> None:
    t = shared(0)
    t.public.wards[0].open = True
    assert seal.launch(RULES, t, 0, RULES.legal_moves(t, 0)) is None


def test_a_thug_in_the_corridor_to_the_nearest_shrine_sends_the_column_to_another() -> None:
    """The corridors are a tile wide and the thugs start beside the shrines: a shared column three tiles from one,
    a thug standing between, walks round him to another shrine five tiles off (two mojo for a column of two), where
    the turn still pays the channel; a walk at the nearest would halt beside the thug."""
    t = shared(0)
    t.public.columns = [Column(id="c0", tile="e10", zimbies={0: 1, 1: 1})]
    assert "e12" in {thug.tile for thug in t.public.thugs} and BOARD.path("e10", "e13") == ["e11", "e12", "e13"]
    assert by_rule(t) == Go(creature="c0")
    after = roads.tried(RULES, t, 0, [Go(creature="c0")])
    assert after.public.columns[0].tile == "e5"
    assert Unseal(column="c0", partner=1) in RULES.legal_moves(after, 0)


def alone_beside(t: ZTable) -> ZTable:
    """Seat 1's lone zimby where :func:`shared` put the column, two tiles from the shrine; seat 0's two tiles
    beyond it."""
    here = t.public.columns[0].tile
    shrine = t.public.shrines[0].tile
    near, far = BOARD.distances(frozenset({here})), BOARD.distances(frozenset({shrine}))
    ours = next(tile for tile, d in sorted(near.items()) if d == 2 and far.get(tile) == 4 and home_seat(tile) is None)
    t.public.columns = [Column(id="c0", tile=here, zimbies={1: 1}), Column(id="c1", tile=ours, zimbies={0: 1})]
    return t


def test_a_join_is_set_out_when_the_same_turn_takes_the_shared_column_to_the_seal() -> None:
    """Two tiles to the partner's zimby, two more to the shrine, and the channel: three mojo of the seat's six. The
    partner's own turn would come before the seat's next."""
    t = alone_beside(shared(2))
    assert by_rule(t) == Go(creature="c1")
    after = roads.tried(RULES, t, 0, [Go(creature="c1")])
    assert after.public.request is not None and after.public.request.target == "c0"
    RULES.advance(after, Rng(1), 1, Answer(yes=True))
    assert by_rule(after) == Go(creature="c0")  # the shared column on to the shrine, the same turn


def test_no_join_set_out_that_the_turn_cannot_follow_up() -> None:
    """With two mojo the join is paid for but not the walk on and the channel: the plan leaves it to the search."""
    t = alone_beside(shared(2))
    tribe = t.public.tribes[0]
    tribe.active, tribe.tokens, tribe.mojo = 0, 2, 0
    assert seal.launch(RULES, t, 0, RULES.legal_moves(t, 0)) is None
