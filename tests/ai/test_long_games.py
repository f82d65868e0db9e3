"""The AI's knowledge of the two long games reads as their rulebooks say (issue 46).

Zimby Mojo: "grab the Cannibal Crown and deliver it to their tribal board", after two tribes open a ward at a
shrine and someone kills the King. Jackrabbits: "Reach this place where you begin, with three royal cards in
hand". Each test sets up a position and checks that the evaluation (or the playout's rule of thumb) rates the
seat nearer the win higher; no match is played.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from server import games
from server.ai import jackrabbits as jr_ai
from server.ai import zimby_mojo as zm_ai
from server.ai import zimby_roads as roads
from server.ai.evaluation import EVALUATIONS
from server.ai.policies import POLICIES
from server.games.zimby_mojo.state import Column, Crown, Halt, Moving, Public, Step, Unseal, home_tile


def on(public: Any) -> Any:
    """A sampled table as the AI's rules of thumb read it: its public part."""
    return SimpleNamespace(public=public)


def zimby_table() -> Public:
    """Two shamans at the start of a match, nothing on the main board."""
    rules = games.get("zimby_mojo")
    table, _ = rules.setup(rules.parse_options({}), 2, 7)
    public: Public = table.public
    public.columns = []
    return public


def standing(public: Public) -> list[float]:
    return zm_ai.evaluate(on(public), 2)


def lead(public: Public) -> float:
    """How far seat 0 is ahead of seat 1."""
    values = standing(public)
    return values[0] - values[1]


def test_the_long_games_have_their_own_evaluation_and_policy() -> None:
    assert EVALUATIONS["zimby_mojo"] is zm_ai.evaluate
    assert POLICIES["zimby_mojo"] is zm_ai.policy
    assert EVALUATIONS["jackrabbits"] is jr_ai.evaluate


def test_zimby_the_crown_counts_more_the_nearer_its_carrier_is_to_its_tribal_board() -> None:
    public = zimby_table()
    public.king.alive, public.king.tile = False, None
    entry = public.tribes[0].entry
    public.columns = [Column(id="c0", tile=entry, zimbies={0: 1}, crown=0)]
    public.crown = Crown(carrier="c0", burden=2)
    at_the_door = lead(public)
    public.columns[0].tile = "i9"  # the blood mist, in the middle of the board
    in_the_middle = lead(public)
    assert at_the_door > in_the_middle > 0


def test_zimby_holding_the_crown_beats_standing_by_the_king() -> None:
    public = zimby_table()
    public.wards[0].open = True
    public.columns = [Column(id="c0", tile="h9", zimbies={0: 3})]  # beside the King in the blood mist
    by_the_king = lead(public)
    public.king.alive, public.king.tile = False, None
    public.columns = [Column(id="c0", tile="i9", zimbies={0: 1}, crown=0)]
    public.crown = Crown(carrier="c0", burden=8)
    assert lead(public) > by_the_king


def test_zimby_an_open_ward_brings_a_column_on_towards_the_king() -> None:
    public = zimby_table()
    shrine = public.shrines[0].tile
    public.columns = [Column(id="c0", tile=shrine, zimbies={0: 3, 1: 1})]
    sealed = lead(public)
    public.wards[0].open = True
    public.shrines[0].activated = True
    assert lead(public) > sealed > 0


def test_zimby_a_shared_column_counts_on_its_shrine_for_every_tribe_in_it() -> None:
    """ "two shaman must each have at least 1 zimby of their tribe present in the same column on the shrine tile";
    "On Blue's turn, Blue becomes the controller of the column because Blue has a zimby in that column"."""
    public = zimby_table()
    shrine = public.shrines[0].tile
    alone = [Column(id="c0", tile=shrine, zimbies={0: 3})]
    public.columns = alone
    by_itself = standing(public)[0]
    public.columns = [Column(id="c0", tile=shrine, zimbies={0: 3, 1: 1})]
    shared = standing(public)
    public.columns[0].tile = next(t for t in ("e4", "e6", "d5", "f5") if t != shrine)
    beside = standing(public)
    assert shared[0] > beside[0] and shared[0] > by_itself
    assert shared[1] > beside[1]  # the tribe with one zimby in it too


def test_zimby_behind_an_open_ward_nearer_the_king_counts_more() -> None:
    public = zimby_table()
    public.wards[0].open = True
    public.columns = [Column(id="c0", tile="h9", zimbies={0: 3})]
    near = lead(public)
    public.columns[0].tile = public.tribes[0].entry
    assert near > lead(public)


def test_zimby_the_playout_walks_the_road() -> None:
    """The rule of thumb asks for the seal, steps nearer its goal rather than back, and halts on the goal."""
    public = zimby_table()
    shrine = public.shrines[0].tile
    public.columns = [Column(id="c0", tile=shrine, zimbies={0: 3, 1: 1})]
    assert zm_ai.worth(on(public), 0, Unseal(column="c0", partner=1)) > zm_ai.worth(on(public), 0, Halt())
    public.moving = Moving(creature="c0", tiles_left=2, steps=1)
    goal = roads.goal(public, 0, public.columns[0])
    assert goal[shrine] == 0
    away = next(t for t in public.board.neighbours(shrine) if goal.get(t) == 1)
    assert zm_ai.worth(on(public), 0, Halt()) > zm_ai.worth(on(public), 0, Step(to=away))
    public.columns[0].tile = away
    assert zm_ai.worth(on(public), 0, Step(to=shrine)) > zm_ai.worth(on(public), 0, Halt())


def test_zimby_the_crown_carrier_steps_home() -> None:
    public = zimby_table()
    public.king.alive, public.king.tile = False, None
    entry = public.tribes[0].entry
    public.columns = [Column(id="c0", tile=entry, zimbies={0: 1}, crown=0)]
    public.crown = Crown(carrier="c0", burden=2)
    public.moving = Moving(creature="c0", tiles_left=1, steps=1)
    home = Step(to=home_tile(0))
    others = [Step(to=t) for t in public.board.neighbours(entry)]
    assert all(zm_ai.worth(on(public), 0, home) > zm_ai.worth(on(public), 0, other) for other in others)


def jackrabbits_table() -> Any:
    rules = games.get("jackrabbits")
    table, _ = rules.setup(rules.parse_options(rules.rated_options({})), 2, 3)
    return table.public


def test_jackrabbits_royals_count_most() -> None:
    public = jackrabbits_table()
    public.royals = [["KC"], []]
    one = jr_ai.evaluate(on(public), 2)
    assert one[0] > one[1]
    public.royals = [["KC", "QD"], []]
    assert jr_ai.evaluate(on(public), 2)[0] > one[0]


def test_jackrabbits_with_a_fitting_trio_the_road_home_counts() -> None:
    """ "Reach this place where you begin, with three royal cards in hand": nearer the Citadel, nearer the win."""
    public = jackrabbits_table()
    roads = jr_ai.roads_to_citadel(public.board)
    near = next(node for node, d in roads.items() if d == 1)
    far = max(roads, key=lambda node: roads[node])
    public.royals = [["KC", "QD", "JH"], []]
    public.rabbits = [far, public.rabbits[1]]
    at_far = jr_ai.evaluate(on(public), 2)[0]
    public.rabbits = [near, public.rabbits[1]]
    assert jr_ai.evaluate(on(public), 2)[0] > at_far
    public.royals = [["KC", "QD"], []]  # two royals: the way home does not count yet
    two_near = jr_ai.evaluate(on(public), 2)[0]
    public.rabbits = [far, public.rabbits[1]]
    assert jr_ai.evaluate(on(public), 2)[0] == two_near
