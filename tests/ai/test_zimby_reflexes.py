"""Zimby Mojo's reflexes: the decisions its AI makes by rule, not by search (issue 46).

"Work with another tribe to open a way into the Cannibal King's sanctum": a seal needs two tribes in one
column on a shrine, each agreeing. A search whose rewards are shares of one win has the asked seat refuse
whatever helps the asker more, so no bot asked and none agreed: every match between bots and every match
against random play ended at the round limit. A seat now answers yes when its own standing gains, and models
the others' answers to its requests so; a path, once chosen, walks to its goal by the rule as well.
"""

from __future__ import annotations

from typing import Any

from server import games
from server.ai import zimby_mojo as zm_ai
from server.ai import zimby_reflexes as zr_ai
from server.ai import zimby_roads as roads
from server.ai.ismcts import Budget, decide
from server.ai.policies import REFLEXES
from server.engine.play import Rules
from server.engine.rng import Rng
from server.engine.windows import open_window
from server.games.zimby_mojo.board import BOARD
from server.games.zimby_mojo.mojo import available
from server.games.zimby_mojo.state import (
    Answer,
    Attack,
    Column,
    Crown,
    Devour,
    Eat,
    EndTurn,
    Go,
    Halt,
    Moving,
    PendingAttack,
    Request,
    Send,
    Spawn,
    Step,
    Unseal,
    UseScroll,
    Warp,
    ZTable,
    home_seat,
)

RULES: Rules = games.get("zimby_mojo")
#: A sanctum tile beside the blood mist, where the Crown's column waits ("Any creature on the blood mist tile during
#: wrap-up suffers 1 wound").
BESIDE_MIST = "i8"


def table() -> ZTable:
    """Two shamans at the start of a match, nothing on the main board, seat 0 to play."""
    t, _ = RULES.setup(RULES.parse_options({"first_player": 0}), 2, 7)
    t.public.columns = []
    t.public.next_id = 100  # the tests' own columns are c0, c1...: the match's new ones start past them
    return t


def answer(t: ZTable, seat: int) -> Any:
    return zr_ai.agree(RULES, t, seat, RULES.legal_moves(t, seat))


def apart(t: ZTable, steps: int) -> tuple[str, str]:
    """Two tiles of the main board ``steps`` apart: the first shrine, and a tile that far from it."""
    shrine = t.public.shrines[0].tile
    distances = BOARD.distances(frozenset({shrine}))
    return shrine, next(tile for tile, d in sorted(distances.items()) if d == steps and home_seat(tile) is None)


def settled(t: ZTable, seat: int, me: int) -> bool:
    """Whether ``seat``'s decision is a reflex's in ``me``'s search."""
    return zr_ai.reflex(RULES, t, seat, me, RULES.legal_moves(t, seat)) is not None


def searched(t: ZTable, seat: int) -> Any:
    return decide(RULES, RULES.knowledge(t, seat), Budget(iterations=16, depth=8), seed=1)


def asked_to_channel(t: ZTable) -> ZTable:
    """Seat 1's zimby and seat 0's column on the first shrine; seat 0 asks seat 1 to channel into its seal."""
    shrine = t.public.shrines[0].tile
    t.public.columns = [Column(id="c0", tile=shrine, zimbies={0: 2, 1: 1})]
    t.public.request = Request(kind="seal", asker=0, column="c0", waiting=[1])
    return t


def test_zimby_has_reflexes() -> None:
    assert REFLEXES["zimby_mojo"].decide is zr_ai.reflex


def test_a_seat_agrees_to_channel_into_a_seal_that_opens_a_ward_for_every_tribe() -> None:
    """ "Activating a seal ... removes both the seal and its corresponding ward": both tribes may go in."""
    t = asked_to_channel(table())
    assert answer(t, 1) == Answer(yes=True)
    assert searched(t, 1) == Answer(yes=True)  # the bot's own answer is the rule's


def test_a_seat_agrees_to_be_joined_on_the_road_to_a_seal() -> None:
    """Before any ward is open, a column of two tribes is the only kind that can open a seal."""
    t = table()
    there, here = apart(t, 1)
    t.public.columns = [Column(id="c0", tile=here, zimbies={0: 1}), Column(id="c1", tile=there, zimbies={1: 1})]
    t.public.moving = Moving(creature="c0", tiles_left=1, steps=1)
    t.public.request = Request(kind="join", asker=0, column="c0", target="c1", waiting=[1])
    assert answer(t, 1) == Answer(yes=True)


def test_behind_an_open_ward_a_seat_keeps_its_column_to_itself() -> None:
    """ "Only zimbies in single-tribe columns may cannibalize their tribesmen": once a ward is open, the blow
    at the King wants a column of one tribe, and being joined gains the asked seat nothing."""
    t = table()
    t.public.wards[0].open = True
    there, here = apart(t, 1)
    t.public.columns = [Column(id="c0", tile=here, zimbies={0: 1}), Column(id="c1", tile=there, zimbies={1: 3})]
    t.public.moving = Moving(creature="c0", tiles_left=1, steps=1)
    t.public.request = Request(kind="join", asker=0, column="c0", target="c1", waiting=[1])
    assert answer(t, 1) == Answer(yes=False)


def test_a_path_walks_to_another_tribe_and_asks_to_join_it() -> None:
    t = table()
    there, here = apart(t, 2)
    t.public.columns = [Column(id="c0", tile=here, zimbies={0: 1}), Column(id="c1", tile=there, zimbies={1: 1})]
    t.public.moving = Moving(creature="c0", tiles_left=3, steps=0)
    step = roads.walk(t.public, 0, RULES.legal_moves(t, 0))
    assert isinstance(step, Step)
    assert roads.goal(t.public, 0, t.public.columns[0])[step.to] == 1  # nearer seat 1's column
    assert searched(t, 0) == step  # the search leaves the walk to the rule
    rng = RULES.setup(RULES.parse_options({}), 2, 1)[1]
    RULES.act(t, rng, 0, RULES.dump_move(step))
    while RULES.to_act(t) == [1]:  # seat 1 lets the column by ("Stop!" unsaid)
        RULES.act(t, rng, 1, {"type": "pass"})
    onto = roads.walk(t.public, 0, RULES.legal_moves(t, 0))
    assert onto == Step(to=there)
    RULES.act(t, rng, 0, RULES.dump_move(onto))
    assert t.public.request is not None and t.public.request.kind == "join"


def test_a_refused_path_does_not_ask_again_and_halts() -> None:
    """A refusal leaves the path under way: asking the same column again would be refused forever."""
    t = table()
    there, here = apart(t, 1)
    t.public.columns = [Column(id="c0", tile=here, zimbies={0: 1}), Column(id="c1", tile=there, zimbies={1: 1})]
    t.public.moving = Moving(creature="c0", tiles_left=1, steps=1)
    t.public.request = Request(kind="join", asker=0, column="c0", target="c1", waiting=[1])
    RULES.act(t, RULES.setup(RULES.parse_options({}), 2, 1)[1], 1, RULES.dump_move(Answer(yes=False)))
    assert t.public.request is None and t.public.moving is not None
    assert roads.walk(t.public, 0, RULES.legal_moves(t, 0)) == Halt()


def test_the_search_models_an_answer_to_its_request_by_the_rule() -> None:
    """Seat 0's search counts on seat 1's consent by the rule; asking for it on the shrine is a rule too
    (:mod:`server.ai.zimby_seal`)."""
    t = table()
    shrine = t.public.shrines[0].tile
    t.public.columns = [Column(id="c0", tile=shrine, zimbies={0: 2, 1: 1})]
    asked = asked_to_channel(table())
    assert settled(asked, 1, 0)  # seat 1's answer, in seat 0's search
    assert zr_ai.reflex(RULES, t, 0, 0, RULES.legal_moves(t, 0)) == Unseal(column="c0", partner=1)


def test_the_crown_goes_home_first() -> None:
    """ "Get the King's Crown and deliver it to their tribal board!": on its turn the holder walks it home."""
    t = table()
    t.public.wards[0].open = True  # the way the killers came in
    t.public.king.alive, t.public.king.tile = False, None
    t.public.columns = [Column(id="c0", tile="i9", zimbies={0: 3}, crown=0)]
    t.public.crown = Crown(carrier="c0", burden=2)
    assert searched(t, 0) == Go(creature="c0")
    t.public.columns[0].zimbies = {0: 2, 1: 1}  # shared: only a column of one tribe may step onto its board
    assert zr_ai.crown_home(t.public, 0) == Go(creature="c0", own=2)
    t.public.tribes[0].tokens = t.public.tribes[0].active = t.public.tribes[0].mojo = 0
    assert zr_ai.crown_home(t.public, 0) is None  # no mojo for a step: its turn ends
    assert searched(t, 0) == EndTurn()


def test_a_small_crown_column_sends_for_nobody_from_home() -> None:
    """Each zimby at home is a mojo a round for the walk home: the Crown's column of one walks home when this turn's
    mojo takes it there, without waiting for an escort, and short of it spawns (the mojo of rounds to come) rather
    than send a tribesman out to it."""
    t = table()
    t.public.wards[0].open = True
    t.public.king.alive, t.public.king.tile = False, None
    t.public.columns = [Column(id="c0", tile=BESIDE_MIST, zimbies={0: 1}, crown=0)]
    t.public.crown = Crown(carrier="c0", burden=2)
    tribe = t.public.tribes[0]
    assert zr_ai.dash_cost(t.public, 0, t.public.columns[0]) <= available(tribe)
    assert searched(t, 0) == Go(creature="c0")
    tribe.active, tribe.far_shore = 0, 8  # the tokens' 4 mojo: short of the walk home
    assert searched(t, 0) == Spawn()
    assert all(not isinstance(zr_ai.reflex(RULES, t, 0, 0, RULES.legal_moves(t, 0)), Send) for _ in range(3))


def test_the_crown_waits_in_the_sanctum_for_the_mojo_to_reach_home_in_one_turn() -> None:
    """Thugs attack on their own turn, after the players': the Crown's column leaves the sanctum (where no thug
    patrols once the King is dead) when one turn's mojo walks it home, eating at home if it must; until then it
    spawns zimbies (the mojo of the rounds to come) and waits. If no turn could ever pay for it, even once its
    burden has eased to two, it goes."""
    t = table()
    t.public.wards[0].open = True
    t.public.king.alive, t.public.king.tile = False, None
    t.public.columns = [Column(id="c0", tile=BESIDE_MIST, zimbies={0: 2}, crown=0)]
    t.public.crown = Crown(carrier="c0", burden=2)
    tribe = t.public.tribes[0]
    cost = zr_ai.dash_cost(t.public, 0, t.public.columns[0])
    assert 4 < cost <= 12  # a column of two and the burden's two walk two tiles a mojo
    tribe.active, tribe.tokens = 0, 4
    assert searched(t, 0) == Spawn()  # 4 mojo: short of the walk home
    tribe.tokens = 2
    assert searched(t, 0) == EndTurn()
    tribe.tokens, tribe.active = 4, cost - 4
    assert searched(t, 0) == Go(creature="c0")
    tribe.active = cost - 5  # a mojo short: a zimby at home eaten for two
    assert searched(t, 0) == Eat(gain="mojo")
    tribe.active = tribe.far_shore = 0
    t.public.columns[0].zimbies = {0: 1}
    t.public.crown = Crown(carrier="c0", burden=8)  # nobody left to spawn: no turn brings more than the tokens'
    assert zr_ai.dash_cost(t.public, 0, t.public.columns[0]) > 4 + 2
    assert searched(t, 0) == Go(creature="c0")
    tribe.far_shore = 8  # a tribe that can grow: the burden eases to two at the next refreshes, and it waits
    assert searched(t, 0) == Spawn()


def test_the_crown_walks_home_with_what_it_has_when_time_runs_short() -> None:
    """Out of the sanctum already, or with the round limit near, the Crown's column walks on: waiting for an
    escort there would only keep it among the thugs, or end the match undecided."""
    t = table()
    t.public.wards[0].open = True
    t.public.king.alive, t.public.king.tile = False, None
    t.public.columns = [Column(id="c0", tile="i9", zimbies={0: 1}, crown=0)]
    t.public.crown = Crown(carrier="c0", burden=2)
    t.public.tribes[0].active, t.public.tribes[0].tokens = 0, 4
    t.public.round = t.public.round_limit - zr_ai.HURRY + 1
    assert searched(t, 0) == Go(creature="c0")
    t.public.round = 10
    t.public.columns[0].tile = "i5"  # on the route round the sanctum, among the thugs
    assert searched(t, 0) == Go(creature="c0")


def test_the_crown_s_defenders_eat_all_they_may() -> None:
    """ "If a thug ever wins the Cannibal Crown in combat ... the thug will pick up the Crown and carry it to the
    blood mist": attacked, the Crown's column eats two tribesmen (+4 each) before its defence roll."""
    t = table()
    t.public.wards[0].open = True
    t.public.king.alive, t.public.king.tile = False, None
    t.public.columns = [Column(id="c0", tile="i5", zimbies={0: 3}, crown=0)]
    t.public.crown = Crown(carrier="c0", burden=2)
    t.public.pending_attack = PendingAttack(attacker="t0", target="c0", controller=None)
    open_window(t.public.windows, 1, {"attack": "t0", "target": "c0"}, 2, among=[0])
    assert settled(t, 0, 0)
    assert searched(t, 0) == Devour(eat=2)


def test_the_blow_at_the_king_is_struck_with_the_odds_of_a_kill() -> None:
    """ "Blue has a zimby cannibalize two others in the column for +8 brutality to give the remaining zimby
    1 + 8 = 9 brutality": a column of three eating two kills the King (1 plus four thugs, 4 vitality) 21 times in
    36, and strikes by reflex; a column of two (1 + 4) would kill him 3 times in 36, and the search decides."""
    t = table()
    t.public.wards[0].open = True
    beside = next(tile for tile in BOARD.neighbours(t.public.king.tile or "i9") if home_seat(tile) is None)
    t.public.columns = [Column(id="c0", tile=beside, zimbies={0: 3})]
    blow = Attack(attacker="c0", target="king", eat=2)
    assert zm_ai.odds(t.public, 0, blow)[0] == 21 / 36
    assert searched(t, 0) == blow
    t.public.columns[0].zimbies = {0: 2}
    assert zm_ai.odds(t.public, 0, Attack(attacker="c0", target="king", eat=1))[0] == 3 / 36
    assert zr_ai.king_blow(t.public, 0, RULES.legal_moves(t, 0)) is None


def test_a_blow_with_no_chance_of_a_kill_is_not_searched() -> None:
    """A column of two tribes may not eat ("Only zimbies in single-tribe columns may cannibalize"): beside the
    King it strikes 2 + 1d6 against his 5 + 1d6 and never deals his 4 wounds, so the search never weighs it;
    once it must attack (no ``end_turn``), the blow stays."""
    t = table()
    t.public.wards[0].open = True
    beside = next(tile for tile in BOARD.neighbours(t.public.king.tile or "i9") if home_seat(tile) is None)
    t.public.columns = [Column(id="c0", tile=beside, zimbies={0: 1, 1: 1})]
    legal = RULES.legal_moves(t, 0)
    blow = Attack(attacker="c0", target="king", eat=0)
    assert blow in legal and zm_ai.odds(t.public, 0, blow)[0] == 0
    assert blow not in zr_ai.prune(t, 0, legal)
    assert searched(t, 0) != blow
    locked = [m for m in legal if m != EndTurn()]
    assert blow in zr_ai.prune(t, 0, locked)


def test_a_thug_is_not_fought_unless_the_column_must() -> None:
    """A dead thug is "expelled" to a barracks and back on its route the next round, and the column's eaten
    tribesmen are gone for good: the search does not weigh attacking one while the seat may end its turn; combat
    locked ("Combat locked creatures **must** attack their opponent each turn"), the attack stays."""
    t = table()
    thug = t.public.thugs[0]
    beside = next(tile for tile in BOARD.neighbours(thug.tile) if home_seat(tile) is None and tile in BOARD)
    t.public.columns = [Column(id="c0", tile=beside, zimbies={0: 3})]
    legal = RULES.legal_moves(t, 0)
    strike = Attack(attacker="c0", target=thug.id, eat=2)
    assert strike in legal and zm_ai.odds(t.public, 0, strike)[0] > 0.9
    assert not any(isinstance(m, Attack) for m in zr_ai.prune(t, 0, legal))
    locked = [m for m in legal if m != EndTurn()]
    assert strike in zr_ai.prune(t, 0, locked)


def test_no_scroll_is_searched_on_the_seat_s_own_turn() -> None:
    """The evaluation weighs no card in a hand and no mojo left at a turn's end, so to the search a scroll cost
    nothing: it spent the round's tokens on them (a Muddled Memories at its own seat) and never spawned. On its
    own turn it weighs none; the spawn stays."""
    t = table()
    tribe = t.public.tribes[0]
    tribe.active, tribe.far_shore = 4, tribe.far_shore + 4
    legal = RULES.legal_moves(t, 0)
    assert any(isinstance(m, UseScroll) for m in legal) and Spawn() in legal
    kept = zr_ai.prune(t, 0, legal)
    assert not any(isinstance(m, UseScroll) for m in kept) and Spawn() in kept
    assert not isinstance(searched(t, 0), UseScroll)


def test_a_walk_goes_round_the_blood_vines() -> None:
    """ "Creatures that enter a tile containing blood vines suffer 1d3 wounds": the road's distances go round them
    (and round deadly vines) while another way leads to the goal."""
    t = table()
    vines = next(o.tile for o in t.public.obstacles if o.kind == "blood_vines")
    assert vines in roads.impassable(t.public)
    shrine = t.public.shrines[0].tile
    distances = roads.distances_to(frozenset({shrine}), roads.impassable(t.public))
    assert vines not in distances


def test_a_seat_keeps_its_zimbies_in_its_partner_s_column_until_the_seal() -> None:
    """ "Two shaman must each have at least 1 zimby of their tribe present in the same column on the shrine tile":
    before any ward is open the search never weighs walking the seat's zimbies out of a shared column (the whole
    column may go); once a ward is open, a tribe's own column is what may eat for the blow at the King."""
    t = table()
    _, near = apart(t, 3)
    t.public.columns = [Column(id="c0", tile=near, zimbies={0: 2, 1: 1})]
    legal = RULES.legal_moves(t, 0)
    split, whole = Go(creature="c0", own=2), Go(creature="c0")
    assert split in legal and whole in legal
    kept = zr_ai.prune(t, 0, legal)
    assert split not in kept and whole in kept
    t.public.wards[0].open = True
    assert split in zr_ai.prune(t, 0, RULES.legal_moves(t, 0))


def test_behind_an_open_ward_a_column_of_three_stays_whole_for_the_blow() -> None:
    """ "Blue has a zimby cannibalize two others in the column for +8 brutality": while the King lives behind an
    open ward, the search never weighs walking part of a single-tribe column away from the rest."""
    t = table()
    t.public.wards[0].open = True
    _, near = apart(t, 3)
    t.public.columns = [Column(id="c0", tile=near, zimbies={0: 3})]
    legal = RULES.legal_moves(t, 0)
    assert Go(creature="c0", own=1) in legal
    kept = zr_ai.prune(t, 0, legal)
    assert Go(creature="c0") in kept
    assert not any(isinstance(m, Go) and m.own is not None and m.own < 3 for m in kept)


def test_behind_an_open_ward_small_columns_gather_at_the_one_nearest_the_king() -> None:
    """Only three of a tribe may strike the King with a chance: a column of one beside him walks to its tribe's
    column of two beside him too (as near him, and bigger), not the other way, and not at the King alone."""
    t = table()
    t.public.wards[0].open = True
    t.public.columns = [Column(id="c0", tile="i8", zimbies={0: 2}), Column(id="c1", tile="j9", zimbies={0: 1})]
    t.public.moving = Moving(creature="c1", tiles_left=3, steps=0)
    step = roads.walk(t.public, 0, RULES.legal_moves(t, 0))
    assert isinstance(step, Step) and BOARD.distance(step.to, "i8") == 1
    t.public.moving = Moving(creature="c0", tiles_left=3, steps=1)  # a path under way may halt
    assert roads.walk(t.public, 0, RULES.legal_moves(t, 0)) == Halt()  # beside the King already: it waits


def test_behind_an_open_ward_a_zimby_at_home_counts_nearly_as_much_as_one_sent_alone() -> None:
    """While the King lives behind an open ward a zimby at home is a third of a blow to come: one sent out alone
    (it cannot hurt him) gains the tribe little, one that makes its tribe's column three beside him, much."""
    t = table()
    t.public.wards[0].open = True
    tribe = t.public.tribes[0]
    tribe.depleted = 0

    def standing(columns: list[Column], home: int) -> float:
        t.public.columns, tribe.active = columns, home
        return zm_ai.progress(t.public, 2)[0]

    entry = t.public.tribes[0].entry
    kept = standing([Column(id="c0", tile="i8", zimbies={0: 2})], 3)
    alone = standing([Column(id="c0", tile="i8", zimbies={0: 2}), Column(id="c1", tile=entry, zimbies={0: 1})], 2)
    three = standing([Column(id="c0", tile="i8", zimbies={0: 3})], 2)
    assert 3 * (alone - kept) < three - kept
    assert alone - kept < zm_ai.KING_HOME / 4  # counted on the board alone, a zimby sent out gained 20 and more


def test_the_crown_gathers_an_escort_from_the_board_while_it_waits() -> None:
    """A column of the tribe small enough to join the Crown's (two walk as fast as one under the burden, and one may
    be eaten for the other's defence) is called while the Crown waits for its mojo; a column too big to join (two
    more would make three, a tile a mojo under the burden) is not. Once one turn's mojo takes the Crown home, it
    goes, escort or not."""
    t = table()
    t.public.wards[0].open = True
    t.public.king.alive, t.public.king.tile = False, None
    crown = Column(id="c0", tile=BESIDE_MIST, zimbies={0: 1}, crown=0)
    t.public.columns = [crown, Column(id="c1", tile="i5", zimbies={0: 2})]
    t.public.crown = Crown(carrier="c0", burden=2)
    tribe = t.public.tribes[0]
    tribe.active, tribe.far_shore = 0, 8
    tribe.tokens = zr_ai.dash_cost(t.public, 0, crown) - 1
    assert searched(t, 0) == Spawn()
    t.public.columns[1].zimbies = {0: 1}  # one that can join: it is called
    assert searched(t, 0) == Go(creature="c1")
    tribe.tokens += 1
    assert searched(t, 0) == Go(creature="c0")


def test_the_crown_steps_off_the_blood_mist_to_wait() -> None:
    """A blow at the King in the mist leaves its survivor there ("the creature must move onto the defender's
    tile"), and "Any creature on the blood mist tile during wrap-up suffers 1 wound": a Crown's column that does
    not set out yet steps off the mist, calls no escort into it, and waits beside it."""
    t = table()
    t.public.wards[0].open = True
    t.public.king.alive, t.public.king.tile = False, None
    t.public.columns = [Column(id="c0", tile=BOARD.blood_mist, zimbies={0: 1}, crown=0)]
    t.public.crown = Crown(carrier="c0", burden=2)
    tribe = t.public.tribes[0]
    tribe.active, tribe.tokens = 1, 2  # mojo short of the walk home
    assert searched(t, 0) == Go(creature="c0")
    RULES.advance(t, Rng(0), 0, Go(creature="c0"))
    step = zr_ai.reflex(RULES, t, 0, 0, RULES.legal_moves(t, 0))
    assert isinstance(step, Step) and step.to in BOARD.sanctum and step.to != BOARD.blood_mist
    RULES.advance(t, Rng(0), 0, step)
    assert zr_ai.reflex(RULES, t, 0, 0, RULES.legal_moves(t, 0)) == Halt()


def test_a_column_too_big_to_join_the_crown_s_goes_home_out_of_its_way() -> None:
    """ "No more than 3 zimbies of that tribe": a column of two cannot join the Crown's column of two. It walked to
    the Crown all the same, halted beside it in the one tile between it and the open ward, and the Crown waited
    there, a full tribal board beyond, for the rest of the match. Now it goes home (a mojo a round each for the
    dash), and the Crown sets out once the way is clear."""
    t = table()
    t.public.wards[0].open = True  # i6, the way into the sanctum from the north: through i7
    t.public.king.alive, t.public.king.tile = False, None
    crown, other = Column(id="c0", tile="i8", zimbies={0: 2}, crown=0), Column(id="c1", tile="i7", zimbies={0: 2})
    t.public.columns = [crown, other]
    t.public.crown = Crown(carrier="c0", burden=2)
    assert roads.homeward(t.public, 0, crown) and roads.homeward(t.public, 0, other)
    assert zr_ai.reflex(RULES, t, 0, 0, RULES.legal_moves(t, 0)) == Go(creature="c1")
    home = t.public.tribes[0].active
    for _ in range(30):
        move = zr_ai.reflex(RULES, t, 0, 0, RULES.legal_moves(t, 0))
        if move == Go(creature="c0"):
            break
        RULES.advance(t, Rng(0), 0, move)
    assert move == Go(creature="c0")
    assert all(c.id != "c1" for c in t.public.columns) and t.public.tribes[0].active > home - 2


def test_a_column_on_its_goal_is_not_walked_off_it() -> None:
    """A lone zimby waits on the other tribe's entry point while none of that tribe is on the board (its next
    zimbies sent out ask to join it there). A path's first decision is a step: walked, it would step off and back,
    a mojo each way; the search does not weigh it. One tile away, it walks."""
    t = table()
    entry = t.public.tribes[1].entry
    t.public.columns = [Column(id="c0", tile=entry, zimbies={0: 1})]
    assert roads.away(t.public, roads.goal(t.public, 0, t.public.columns[0]), entry) == 0
    legal = RULES.legal_moves(t, 0)
    assert Go(creature="c0") in legal and Go(creature="c0") not in zr_ai.prune(t, 0, legal)
    t.public.columns[0].tile = next(tile for tile in BOARD.neighbours(entry) if home_seat(tile) is None)
    assert Go(creature="c0") in zr_ai.prune(t, 0, RULES.legal_moves(t, 0))


def test_before_a_seal_one_column_of_a_tribe_is_out_at_a_time() -> None:
    """A seal needs one zimby of the tribe in a column shared with another tribe: while a column of it is on the
    main board, no more are sent or warped out before any ward is open (they died there, and nobody was left at
    home to draw the mojo for the walk and the seal); with none out, they may be, and once a ward is open the blow's
    plan decides."""
    t = table()
    t.public.columns = [Column(id="c0", tile=t.public.shrines[0].tile, zimbies={0: 1})]
    legal = RULES.legal_moves(t, 0)
    assert Send(count=1) in legal
    assert not any(isinstance(m, Send | Warp) for m in zr_ai.prune(t, 0, legal))
    t.public.columns = []
    assert Send(count=1) in zr_ai.prune(t, 0, RULES.legal_moves(t, 0))
