"""Zimby Mojo's player-side rules, read like the rulebook: its tables and its worked rounds as tests.

Positions are built directly on the table (thugs sent to their barracks where a worked example says the path is
clear); every move goes through the engine (:class:`~server.engine.Rules`) as a client would send it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from server.engine import IllegalMove, Rng, Rules
from server.engine.seats import clockwise_from
from server.games.zimby_mojo import ZimbyMojo
from server.games.zimby_mojo.board import BOARD
from server.games.zimby_mojo.game import ZTable, available, movement, pay
from server.games.zimby_mojo.rounds import wrap_up_wounds
from server.games.zimby_mojo.state import Answer, Column, Crown, EndTurn, Obstacle, Zombie, home_tile

RULES = Rules(ZimbyMojo())
BLUE, YELLOW = 0, 1
FAR_ENTRY_NE, NEAR_ENTRY_NE = BOARD.entry_points[0].tile, BOARD.entry_points[1].tile
SHRINE_NE = BOARD.shrines[0]


def new(seats: int = 2, seed: int = 7, *, scrolls: bool = False, **options: Any) -> tuple[ZTable, Rng]:
    """A match as set up; the worked rounds of part 1 use no scrolls, so unless ``scrolls`` the hands go back on
    top of the library (nobody holds a card, so no window asks anyone to use one)."""
    options.setdefault("first_player", 0)
    table, rng = RULES.setup(RULES.parse_options(options), seats, seed)
    if not scrolls:
        for private in table.private:
            table.secret.library[:0] = private.hand
            private.hand = []
        table.public.hand_sizes = [0] * seats
    return table, rng  # type: ignore[return-value]


def play(table: ZTable, rng: Rng, seat: int, **move: Any) -> None:
    RULES.act(table, rng, seat, move)


def legal(table: ZTable, seat: int) -> list[dict[str, Any]]:
    return RULES.dump_moves(RULES.legal_moves(table, seat))


def clear_thugs(table: ZTable) -> None:
    """ "the thugs haven't moved yet, so the path is clear": the thugs wait in their barracks."""
    for thug, barracks in zip(table.public.thugs, BOARD.barracks, strict=True):
        thug.tile, thug.in_barracks = barracks, True


def nobody_answers(table: ZTable, rng: Rng) -> None:
    """Every seat asked in a window on the stack (or by the Ritual of Winnowing, or over the hand limit) passes:
    what was pushed resolves as it stands."""
    while (window := table.public.windows[-1] if table.public.windows else None) is not None:
        assert isinstance(window.on, dict) and {"stack", "winnowing", "hand_limit"} & set(window.on)
        play(table, rng, window.asked, type="pass")


def walk(table: ZTable, rng: Rng, seat: int, tiles: list[str]) -> None:
    for tile in tiles:
        play(table, rng, seat, type="step", to=tile)


def spent(table: ZTable, seat: int, tokens_before: int = 4) -> int:
    tribe = table.public.tribes[seat]
    return tokens_before - tribe.tokens + tribe.depleted


def phase(table: ZTable) -> str:
    return table.public.phase


def path_to(start: str, goal: str) -> list[str]:
    found = BOARD.path(start, goal, blocked=[*BOARD.thickets, *BOARD.vines])
    assert found is not None
    return found


# -- tables --------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("zimbies", "tiles", "mojo"),
    [(1, 4, 1), (2, 4, 1), (3, 2, 1), (4, 2, 1), (5, 1, 1), (6, 1, 1), (7, 1, 2), (8, 1, 2), (9, 1, 4), (12, 1, 4)],
)
def test_the_movement_table_tiles_per_mojo_by_column_size(zimbies: int, tiles: int, mojo: int) -> None:
    assert movement(zimbies) == (tiles, mojo)


def test_the_crown_burden_counts_as_extra_zimbies() -> None:
    # "the lone zimby carrying it moves as though it were a column of 1 + 2 = 3 zimbies: 2 tiles per mojo"
    assert movement(1 + 2) == (2, 1)
    # "If the Crown carrier has 3 zimbies in its column, the column moves as though there are 3 + 4 = 7 zimbies"
    assert movement(3 + 4) == (1, 2)


def test_column_brutality_the_white_shaman_example() -> None:
    white, gray, red = 0, 1, 2
    column = Column(id="c0", tile="a1", zimbies={white: 2, gray: 3, red: 1})
    assert column.attacking_brutality(white) == 4  # 2 white zimbies + 2 other tribes
    assert column.defending_brutality() == 5  # the largest tribe has 3 + 2 other tribes


# -- setup ---------------------------------------------------------------------------------------------------------


def test_setup_fast_and_slow_games_and_solitaire() -> None:
    table, _ = new(4, scrolls=True)
    assert [(t.active, t.far_shore, t.tokens) for t in table.public.tribes] == [(8, 8, 4)] * 4
    assert [len(p.hand) for p in table.private] == [6] * 4
    slow, _ = new(2, pace="slow", scrolls=True)
    assert [(t.active, t.far_shore) for t in slow.public.tribes] == [(4, 12)] * 2
    assert [len(p.hand) for p in slow.private] == [3, 3]
    solo, _ = new(1, pace="slow", scrolls=True)
    assert solo.public.solitaire and solo.public.tribes[0].active == 8
    assert len(solo.private[0].hand) == 6 and solo.public.library_size == 17 - 6


def test_setup_places_the_king_thugs_seals_wards_and_rituals() -> None:
    table, _ = new(3)
    pub = table.public
    assert pub.king.tile == BOARD.blood_mist and pub.phase == "players" and pub.round == 1
    assert [t.tile for t in pub.thugs] == list(BOARD.thug_starts)
    assert sorted(table.secret.seals) == sorted(BOARD.shrines) and all(s.seal is None for s in pub.shrines)
    assert sorted(w.element for w in pub.wards) == ["air", "earth", "fire", "water"]
    assert len(set(table.secret.rituals.values())) == 4 and all(r.ritual is None for r in pub.rituals)
    # The seals and rituals are hidden from every seat's view.
    view = RULES.view(table, 0)
    assert "seals" not in str(view["public"]["shrines"]) and view["public"]["board"]["width"] == 17


def test_entry_points_are_spread_round_the_board() -> None:
    table, _ = new(2)
    assert [t.entry for t in table.public.tribes] == [BOARD.entry_points[0].tile, BOARD.entry_points[4].tile]
    eight, _ = new(8)
    assert [t.entry for t in eight.public.tribes] == [e.tile for e in BOARD.entry_points]


# -- mojo, spawning, eating -----------------------------------------------------------------------------------------


def test_mojo_comes_from_tokens_or_zimbies_and_eating_gives_two_twice_a_round() -> None:
    table, rng = new()
    play(table, rng, BLUE, type="extract", source="zimby")
    tribe = table.public.tribes[BLUE]
    assert (tribe.mojo, tribe.active, tribe.depleted, tribe.tokens) == (1, 7, 1, 4)
    play(table, rng, BLUE, type="eat", gain="mojo")
    play(table, rng, BLUE, type="eat", gain="mojo")
    assert (tribe.mojo, tribe.active, tribe.far_shore, tribe.eaten) == (5, 5, 10, 2)
    assert {"type": "eat", "gain": "mojo"} not in legal(table, BLUE)  # "not more than twice in the same round"


def test_spawning_costs_three_mojo_lands_depleted_and_at_most_two_a_turn() -> None:
    table, rng = new()
    tribe = table.public.tribes[BLUE]
    tribe.active = 4
    tribe.far_shore = 12
    play(table, rng, BLUE, type="spawn")
    assert (tribe.active, tribe.depleted, tribe.far_shore, tribe.tokens) == (4, 1, 11, 1)
    play(table, rng, BLUE, type="spawn")
    assert tribe.spawned == 2 and {"type": "spawn"} not in legal(table, BLUE)


def test_no_more_than_eight_zimbies_on_a_tribal_board() -> None:
    table, _ = new()
    assert table.public.tribes[BLUE].zimbies == 8
    assert {"type": "spawn"} not in legal(table, BLUE)


# -- the worked rounds ----------------------------------------------------------------------------------------------


def seal_round(seed: int = 7) -> tuple[ZTable, Rng]:
    """Round 2 (seal activation), Blue from the far entry of the north-east quadrant, Yellow from the near one."""
    table, rng = new(seed=seed)
    table.public.tribes[BLUE].entry, table.public.tribes[YELLOW].entry = FAR_ENTRY_NE, NEAR_ENTRY_NE
    clear_thugs(table)
    # "Blue spends 3 mojo to move 1 zimby 9 tiles to a shrine"
    blue_path = [FAR_ENTRY_NE, *path_to(FAR_ENTRY_NE, SHRINE_NE)]
    assert len(blue_path) == 9
    play(table, rng, BLUE, type="send", count=1)
    walk(table, rng, BLUE, blue_path)
    play(table, rng, BLUE, type="halt")
    assert spent(table, BLUE) == 3
    # "and 1 mojo bring a zimby onto the board via a portal"
    play(table, rng, BLUE, type="warp", count=1)
    assert spent(table, BLUE) == 4
    assert sum(1 for c in table.public.columns if c.tile in BOARD.portals) == 1
    play(table, rng, BLUE, type="end_turn")
    # "Yellow uses 2 mojo to move 1 zimby 7 tiles onto the shrine tile with Blue, forming a multi-tribe column."
    yellow_path = [NEAR_ENTRY_NE, *path_to(NEAR_ENTRY_NE, SHRINE_NE)]
    assert len(yellow_path) == 7
    play(table, rng, YELLOW, type="send", count=1)
    walk(table, rng, YELLOW, yellow_path)
    return table, rng


def test_round_2_seal_activation() -> None:
    table, rng = seal_round()
    pub = table.public
    # "Yellow asks Blue to join Blue's zimby on the shrine tile and Blue agrees."
    assert pub.request is not None and pub.request.waiting == [BLUE]
    assert RULES.to_act(table) == [BLUE]
    play(table, rng, BLUE, type="answer", yes=True)
    (column,) = [c for c in pub.columns if c.tile == SHRINE_NE]
    assert column.zimbies == {BLUE: 1, YELLOW: 1}
    assert spent(table, YELLOW) == 2
    # "It is Yellow's turn, so Yellow controls that column"
    assert {"type": "go", "creature": column.id, "own": None, "crown": False} in legal(table, YELLOW)
    # "Blue and Yellow agree to each spend 1 mojo to activate the seal in the shrine."
    play(table, rng, YELLOW, type="unseal", column=column.id, partner=BLUE)
    assert RULES.to_act(table) == [BLUE]
    play(table, rng, BLUE, type="answer", yes=True)
    assert spent(table, YELLOW) == 3 and spent(table, BLUE) == 5
    element = table.secret.seals[SHRINE_NE]
    shrine = next(s for s in pub.shrines if s.tile == SHRINE_NE)
    assert shrine.activated and shrine.seal == element
    # "both the seal and its matching ward are removed from the board"
    assert [w.open for w in pub.wards if w.element == element] == [True]
    assert sum(w.open for w in pub.wards) == 1


def test_a_refused_join_leaves_the_mover_where_it_was() -> None:
    table, rng = seal_round()
    before = table.public.moving
    assert before is not None
    at = next(c.tile for c in table.public.columns if c.id == before.creature)
    play(table, rng, BLUE, type="answer", yes=False)
    assert table.public.request is None and table.public.moving is not None
    assert next(c.tile for c in table.public.columns if c.id == before.creature) == at != SHRINE_NE
    assert RULES.to_act(table) == [YELLOW]


def test_a_path_refused_at_its_first_step_ends_where_it_stands() -> None:
    """A path may not halt before it has gone somewhere; one whose first step, a join, is refused ends there (it
    paid nothing): else, with the refusing column its only way, it could only ask again, for ever."""
    table, rng = new()
    clear_thugs(table)
    pub = table.public
    beside = next(t for t in BOARD.neighbours(SHRINE_NE) if t in BOARD and BOARD.tile(t).kind != "ward")
    pub.columns = [Column(id="c0", tile=SHRINE_NE, zimbies={1: 1}), Column(id="c1", tile=beside, zimbies={0: 2})]
    pub.next_id = 2
    before = pub.tribes[0].model_dump()
    play(table, rng, 0, type="go", creature="c1", own=1)  # one zimby splits off to join seat 1's
    play(table, rng, 0, type="step", to=SHRINE_NE)
    assert pub.request is not None and pub.request.kind == "join"
    play(table, rng, 1, type="answer", yes=False)
    assert pub.moving is None and pub.request is None
    assert [(c.id, c.tile, c.zimbies) for c in pub.columns] == [("c0", SHRINE_NE, {1: 1}), ("c1", beside, {0: 2})]
    assert pub.tribes[0].model_dump() == before  # nothing paid
    assert RULES.to_act(table) == [0]  # still seat 0's turn


def test_a_seal_needs_a_willing_partner() -> None:
    table, rng = seal_round()
    play(table, rng, BLUE, type="answer", yes=True)
    column = next(c for c in table.public.columns if c.tile == SHRINE_NE)
    play(table, rng, YELLOW, type="unseal", column=column.id, partner=BLUE)
    play(table, rng, BLUE, type="answer", yes=False)
    assert not any(s.activated for s in table.public.shrines) and not any(w.open for w in table.public.wards)


def test_a_partner_cannot_agree_once_the_asker_cannot_pay() -> None:
    """ "to each channel ... directly into an elemental seal": an agreement both must pay for. Asked while
    the asker could pay, the partner may no longer agree if the asker's mojo has gone by the answer."""
    table, rng = seal_round()
    play(table, rng, BLUE, type="answer", yes=True)
    column = next(c for c in table.public.columns if c.tile == SHRINE_NE)
    play(table, rng, YELLOW, type="unseal", column=column.id, partner=BLUE)
    yellow = table.public.tribes[YELLOW]
    yellow.depleted += yellow.active
    yellow.mojo, yellow.tokens, yellow.active = 0, 0, 0  # (a chanter could pay: "used just like any other")
    assert legal(table, BLUE) == [{"type": "answer", "yes": False}]
    before = table.model_dump()
    with pytest.raises(IllegalMove):
        play(table, rng, BLUE, type="answer", yes=True)
    assert table.model_dump() == before  # refused before anything was paid
    play(table, rng, BLUE, type="answer", yes=False)
    assert not any(s.activated for s in table.public.shrines)


def test_a_shaman_with_more_chanters_than_zimbies_at_home_still_pays_from_its_pool() -> None:
    """ "Extract and spend mojo (e.g., activate a seal, use a scroll)": a tribe whose chanters outnumber its active
    zimbies at home (none of those to spend) still pays from its extracted mojo, as its legal moves promised."""
    table, _ = new()
    tribe = table.public.tribes[BLUE]
    tribe.mojo, tribe.tokens, tribe.active, tribe.chanting = 2, 0, 0, 1
    assert available(tribe) == 2
    pay(tribe, 2)
    assert (tribe.mojo, tribe.active, tribe.chanting) == (0, 0, 1)
    with pytest.raises(IllegalMove):
        pay(tribe, 1)
    assert (tribe.mojo, tribe.tokens, tribe.active, tribe.depleted) == (0, 0, 0, 0)  # nothing taken


@pytest.mark.parametrize(("seed", "seats"), [(333, 3), (360, 2)])
def test_random_legal_moves_that_once_met_a_refused_scroll_play_to_the_end(seed: int, seats: int) -> None:
    """Seeds where a scroll from the legal moves was refused ``not enough mojo`` (a chanter more than the
    zimbies at home; the soak met it too): random legal moves now play each match to its end."""
    table, rng = RULES.setup(RULES.parse_options({}), seats, seed)
    pick = random.Random(seed * 7 + seats)
    while RULES.outcome(table) is None:
        seat = pick.choice(RULES.to_act(table))
        play(table, rng, seat, **pick.choice(legal(table, seat)))


def test_round_3_portal_work() -> None:
    table, rng = new(seed=3)
    pub = table.public
    clear_thugs(table)
    play(table, rng, BLUE, type="end_turn")
    # A lone blue zimby on every portal: wherever Yellow's column lands, a blue zimby stands there.
    for i, portal in enumerate(BOARD.portals):
        pub.columns.append(Column(id=f"c{90 + i}", tile=portal, zimbies={BLUE: 1}))
    pub.tribes[BLUE].active -= 4
    # "Yellow spends 1 mojo to bring a column of 2 yellow zimbies onto the main board using a portal."
    play(table, rng, YELLOW, type="warp", count=2)
    (arrived,) = [c for c in pub.columns if c.zimbies == {YELLOW: 2}]
    portal_a = arrived.tile
    assert portal_a in BOARD.portals and spent(table, YELLOW) == 1
    # "Blue's zimby on A is dismissed to make room for the yellow column."
    assert pub.tribes[BLUE].active == 4 + 1 and pub.tribes[BLUE].depleted == 0
    # "Yellow then spends 2 mojo to move 1 zimby from that column 6 tiles away"
    play(table, rng, YELLOW, type="go", creature=arrived.id, own=1)
    moving = pub.moving
    assert moving is not None and moving.creature != arrived.id
    blocked = [
        *BOARD.thickets,
        *BOARD.vines,
        *BOARD.wards,
        BOARD.blood_mist,
        *(p for p in BOARD.portals if p != portal_a),
    ]
    away = BOARD.distances(portal_a, blocked=blocked, limit=6)
    far = sorted(t for t, d in away.items() if d == 6)[0]
    route = BOARD.path(portal_a, far, blocked=blocked)
    assert route is not None and len(route) == 6
    walk(table, rng, YELLOW, route)
    play(table, rng, YELLOW, type="halt")
    assert spent(table, YELLOW) == 3
    # "and another 1 mojo to move the remaining zimby off and back onto the portal tile."
    play(table, rng, YELLOW, type="go", creature=arrived.id, own=None)
    off = next(t for t in BOARD.neighbours(portal_a) if pub.creature_at(t) is None and t not in BOARD.thickets)
    walk(table, rng, YELLOW, [off, portal_a])
    assert pub.moving is not None and pub.moving.portal == portal_a
    play(table, rng, YELLOW, type="influence", eliminate=[])
    assert spent(table, YELLOW) == 4
    # "The zimby relocates to a random portal tile other than A": the blue zimby there swaps onto A.
    column = pub.column(arrived.id)
    assert column.tile in BOARD.portals and column.tile != portal_a and pub.moving is None
    assert [c.zimbies for c in pub.columns if c.tile == portal_a] == [{BLUE: 1}]


def test_a_column_that_claims_a_portal_tile_is_relocated_where_its_controller_may_influence() -> None:
    """ "If a creature is the attacker and kills its opponent, the creature must move onto the defender's tile", and
    "When a creature moves onto a portal tile, the portal immediately activates"."""
    portal = BOARD.portals[0]
    beside = next(t for t in BOARD.neighbours(portal) if t not in BOARD.vines and t not in BOARD.thickets)
    for seed in range(1, 60):
        table, rng = new()
        pub = table.public
        clear_thugs(table)
        pub.columns += [
            Column(id="c1", tile=beside, zimbies={BLUE: 3}),
            Column(id="c2", tile=portal, zimbies={YELLOW: 1}),
        ]
        rng = Rng(seed)
        play(table, rng, BLUE, type="attack", attacker="c1", target="c2", eat=0)
        if any(c.id == "c2" for c in pub.columns) or not any(c.id == "c1" for c in pub.columns):
            continue
        moving = pub.moving
        assert pub.column("c1").tile == portal and moving is not None and moving.portal == portal
        assert {"type": "influence", "eliminate": []} in legal(table, BLUE)
        play(table, rng, BLUE, type="influence", eliminate=[])
        assert pub.column("c1").tile in BOARD.portals and pub.column("c1").tile != portal and pub.moving is None
        return
    raise AssertionError("blue never killed the yellow zimby")


def test_influencing_a_portal_two_mojo_choose_three_mojo_shut() -> None:
    table, rng = new(seed=5)
    pub = table.public
    clear_thugs(table)
    portal = BOARD.portals[0]
    pub.columns.append(Column(id="c50", tile=BOARD.neighbours(portal)[0], zimbies={BLUE: 1}))
    pub.tribes[BLUE].active -= 1
    play(table, rng, BLUE, type="go", creature="c50", own=None)
    play(table, rng, BLUE, type="step", to=portal)
    others = [p for p in BOARD.portals if p != portal]
    play(table, rng, BLUE, type="influence", eliminate=others[:2])
    assert pub.column("c50").tile == others[2] and spent(table, BLUE) == 3
    # Back through the same portal with all three eliminated: it stays shut and the path goes on.
    play(table, rng, BLUE, type="go", creature="c50", own=None)
    off = next(t for t in BOARD.neighbours(others[2]) if pub.creature_at(t) is None)
    walk(table, rng, BLUE, [off, others[2]])
    play(table, rng, BLUE, type="influence", eliminate=[p for p in BOARD.portals if p != others[2]])
    assert pub.column("c50").tile == others[2] and pub.moving is not None and pub.moving.portal is None


# -- columns --------------------------------------------------------------------------------------------------------


def test_joining_your_own_column_needs_no_permission() -> None:
    table, rng = new()
    pub = table.public
    clear_thugs(table)
    a = BOARD.neighbours(SHRINE_NE)[0]
    pub.columns += [Column(id="c60", tile=a, zimbies={BLUE: 2}), Column(id="c61", tile=SHRINE_NE, zimbies={BLUE: 1})]
    pub.tribes[BLUE].active -= 3
    play(table, rng, BLUE, type="go", creature="c61", own=None)
    play(table, rng, BLUE, type="step", to=a)
    assert pub.request is None and pub.moving is None
    assert [c.zimbies for c in pub.columns] == [{BLUE: 3}]
    assert pub.tribes[BLUE].depleted == 0  # nobody expelled


def test_a_step_that_would_put_a_fourth_zimby_of_a_tribe_in_a_column_is_refused() -> None:
    # Issue 44: "each tribe in a column may contain up to but no more than 3 zimbies of that tribe". This test used
    # to assert that the step was played and the 2 in excess expelled home depleted (a cheap way home); the step
    # is refused now, and changes nothing.
    table, rng = new()
    pub = table.public
    clear_thugs(table)
    a = BOARD.neighbours(SHRINE_NE)[0]
    pub.columns += [Column(id="c60", tile=a, zimbies={BLUE: 3}), Column(id="c61", tile=SHRINE_NE, zimbies={BLUE: 2})]
    pub.tribes[BLUE].active -= 5
    play(table, rng, BLUE, type="go", creature="c61", own=None)
    assert {"type": "step", "to": a} not in legal(table, BLUE)
    before = table.model_dump()
    with pytest.raises(IllegalMove):
        play(table, rng, BLUE, type="step", to=a)
    assert table.model_dump() == before


def test_a_column_of_another_tribe_with_three_of_yours_is_not_offered_either() -> None:
    table, rng = new()
    pub = table.public
    clear_thugs(table)
    a = BOARD.neighbours(SHRINE_NE)[0]
    pub.columns += [
        Column(id="c60", tile=a, zimbies={BLUE: 3, YELLOW: 1}),
        Column(id="c61", tile=SHRINE_NE, zimbies={BLUE: 1}),
    ]
    play(table, rng, BLUE, type="go", creature="c61", own=None)
    assert {"type": "step", "to": a} not in legal(table, BLUE)


def test_a_send_onto_an_entry_column_that_has_no_room_is_not_offered() -> None:
    table, _ = new()
    pub = table.public
    clear_thugs(table)
    entry = pub.tribes[BLUE].entry
    pub.columns.append(Column(id="c60", tile=entry, zimbies={BLUE: 2}))
    pub.tribes[BLUE].active -= 2
    sends = [m["count"] for m in legal(table, BLUE) if m["type"] == "send"]
    assert sends == [1]


def test_splitting_your_own_zimbies_out_of_a_multi_tribe_column() -> None:
    table, rng = new()
    pub = table.public
    clear_thugs(table)
    pub.columns.append(Column(id="c70", tile=SHRINE_NE, zimbies={BLUE: 2, YELLOW: 1}))
    options = [m for m in legal(table, BLUE) if m["type"] == "go"]
    assert options == [
        {"type": "go", "creature": "c70", "own": None, "crown": False},
        {"type": "go", "creature": "c70", "own": 1, "crown": False},
        {"type": "go", "creature": "c70", "own": 2, "crown": False},
    ]
    play(table, rng, BLUE, type="go", creature="c70", own=2)
    play(table, rng, BLUE, type="step", to=BOARD.neighbours(SHRINE_NE)[0])
    assert sorted(str(c.zimbies) for c in pub.columns) == sorted([str({YELLOW: 1}), str({BLUE: 2})])
    # Yellow's zimby alone may not be moved by Blue: Blue no longer has zimbies in it.
    assert not any(m["type"] == "go" and m["creature"] == "c70" for m in legal(table, BLUE))


def test_a_split_chooses_whether_the_zimby_holding_the_crown_leaves() -> None:
    """A controller may "move some or all of their own zimbies out of the column, individually or in groups":
    which of them leave is Blue's choice, the one holding the Crown ("The Bag o' Fate is used to assign items ...
    to one zimby in a group") among them or not."""
    table, rng = new()
    pub = table.public
    clear_thugs(table)
    pub.king.alive = False
    pub.columns.append(Column(id="c71", tile=SHRINE_NE, zimbies={BLUE: 3}, crown=BLUE))
    pub.crown = Crown(carrier="c71", burden=8)
    splits = [(m["own"], m["crown"]) for m in legal(table, BLUE) if m["type"] == "go" and m["creature"] == "c71"]
    assert splits == [(None, False), (1, False), (2, False), (1, True), (2, True)]
    play(table, rng, BLUE, type="go", creature="c71", own=1, crown=True)
    moving = pub.column(pub.moving.creature) if pub.moving is not None else None
    assert moving is not None and moving.zimbies == {BLUE: 1} and moving.crown == BLUE
    assert pub.crown.carrier == moving.id and pub.column("c71").crown is None

    table, rng = new()
    pub = table.public
    clear_thugs(table)
    pub.king.alive = False
    pub.columns.append(Column(id="c71", tile=SHRINE_NE, zimbies={BLUE: 3}, crown=BLUE))
    pub.crown = Crown(carrier="c71", burden=8)
    play(table, rng, BLUE, type="go", creature="c71", own=1)
    assert pub.crown.carrier == "c71" and pub.column("c71").crown == BLUE


def test_no_zimby_may_move_onto_another_tribes_board() -> None:
    table, rng = new()
    pub = table.public
    pub.columns.append(Column(id="c80", tile=pub.tribes[YELLOW].entry, zimbies={BLUE: 1}))
    play(table, rng, BLUE, type="go", creature="c80", own=None)
    assert {"type": "step", "to": home_tile(YELLOW)} not in legal(table, BLUE)


# -- zombies --------------------------------------------------------------------------------------------------------


def test_making_a_zombie_costs_two_active_zimbies_from_home() -> None:
    table, rng = new()
    pub = table.public
    pub.columns.append(Column(id="c5", tile="k3", zimbies={BLUE: 1}))
    pub.tribes[BLUE].active -= 1
    play(table, rng, BLUE, type="zombify", column="c5")
    tribe = pub.tribes[BLUE]
    assert (tribe.active, tribe.far_shore, tribe.zombies_left) == (5, 8 + 3, 1)
    assert [(z.tile, z.owner, z.active) for z in pub.zombies] == [("k3", BLUE, True)] and not pub.columns
    # "may not create more than 1 zombie per turn"
    pub.columns.append(Column(id="c6", tile="k2", zimbies={BLUE: 1}))
    assert not any(m["type"] == "zombify" for m in legal(table, BLUE))


def test_zombies_move_two_tiles_per_mojo() -> None:
    table, rng = new()
    pub = table.public
    clear_thugs(table)
    play(table, rng, BLUE, type="send", count=1)
    walk(table, rng, BLUE, [FAR_ENTRY_NE, "k2"])
    play(table, rng, BLUE, type="halt")
    column = next(c for c in pub.columns)
    play(table, rng, BLUE, type="zombify", column=column.id)
    zombie = pub.zombies[0]
    before = spent(table, BLUE)
    play(table, rng, BLUE, type="go", creature=zombie.id)
    walk(table, rng, BLUE, ["k3", "j3"])
    assert spent(table, BLUE) == before + 1
    walk(table, rng, BLUE, ["j4"])
    assert spent(table, BLUE) == before + 2


def test_a_controlled_zombie_that_meets_a_living_creature_stops_and_must_attack_it() -> None:
    """ "If a zombie encounters a living creature in its combat zone, the zombie must stop moving and attack that
    creature." Until it has, its shaman may neither move it on nor end the turn."""
    table, rng = new()
    pub = table.public
    clear_thugs(table)
    pub.zombies.append(Zombie(id="z1", tile="k2", owner=BLUE))
    pub.columns.append(Column(id="c7", tile="j4", zimbies={YELLOW: 1}))
    pub.tribes[YELLOW].active -= 1
    play(table, rng, BLUE, type="go", creature="z1")
    walk(table, rng, BLUE, ["k3", "j3"])
    moves = legal(table, BLUE)
    assert pub.moving is None and pub.zombies[0].must_attack
    assert {"type": "end_turn"} not in moves
    assert {"type": "go", "creature": "z1", "own": None, "crown": False} not in moves
    assert {"type": "attack", "attacker": "z1", "target": "c7", "eat": 0} in moves
    with pytest.raises(IllegalMove):
        play(table, rng, BLUE, type="end_turn")
    play(table, rng, BLUE, type="attack", attacker="z1", target="c7", eat=0)
    assert {"type": "end_turn"} in legal(table, BLUE)


def test_a_zombie_that_starts_its_turn_beside_a_living_creature_need_not_attack_it() -> None:
    """ "Zombies are ... to attack ... creatures in their combat zones" (not required): only meeting one on the
    move forces the attack."""
    table, rng = new()
    pub = table.public
    clear_thugs(table)
    pub.zombies.append(Zombie(id="z1", tile="j3", owner=BLUE))
    pub.columns.append(Column(id="c7", tile="j4", zimbies={YELLOW: 1}))
    moves = legal(table, BLUE)
    assert {"type": "end_turn"} in moves and {"type": "attack", "attacker": "z1", "target": "c7", "eat": 0} in moves
    play(table, rng, BLUE, type="end_turn")
    assert pub.turn == YELLOW


# -- combat lock ----------------------------------------------------------------------------------------------------


def test_a_combat_locked_column_must_attack_before_the_turn_ends() -> None:
    table, rng = new()
    pub = table.public
    thug = pub.thugs[0]
    beside = next(t for t in BOARD.neighbours(thug.tile) if pub.creature_at(t) is None)
    pub.columns.append(Column(id="c9", tile=beside, zimbies={BLUE: 1}, in_combat=True))
    moves = legal(table, BLUE)
    assert {"type": "end_turn"} not in moves
    assert {"type": "attack", "attacker": "c9", "target": thug.id, "eat": 0} in moves
    assert not any(m["type"] == "go" and m["creature"] == "c9" for m in moves)
    with pytest.raises(IllegalMove):
        play(table, rng, BLUE, type="end_turn")


def test_a_column_that_kills_its_foe_outright_leaves_combat_and_may_attack_again() -> None:
    # Issue 44: "A creature enters combat whenever it attacks ... Whenever a zimby column leaves combat, its "one
    # attack per turn" flag resets and it may make another attack." The flag used to reset only for a column that
    # had been combat locked, so a column that killed a fresh foe outright could not attack again that turn.
    for seed in range(40):
        table, rng = new(seed=seed)
        clear_thugs(table)
        pub = table.public
        pub.columns.append(Column(id="c9", tile="j4", zimbies={BLUE: 3}))
        pub.zombies.append(Zombie(id="z1", tile="j3", owner=YELLOW))
        play(table, rng, BLUE, type="attack", attacker="c9", target="z1", eat=0)
        nobody_answers(table, rng)
        if not pub.zombies and any(c.id == "c9" for c in pub.columns):
            break
    else:
        raise AssertionError("no seed in which the column kills the zombie and lives")
    column = pub.column("c9")
    assert not column.in_combat and not column.attacked
    beside = next(t for t in BOARD.neighbours(column.tile) if pub.creature_at(t) is None)
    pub.zombies.append(Zombie(id="z2", tile=beside, owner=YELLOW))
    assert {"type": "attack", "attacker": "c9", "target": "z2", "eat": 0} in legal(table, BLUE)


def test_a_column_that_attacked_stays_spent_while_a_foe_is_left_beside_it() -> None:
    table, rng = new()
    clear_thugs(table)
    pub = table.public
    pub.columns.append(Column(id="c9", tile="j4", zimbies={BLUE: 3}, attacked=True))
    pub.zombies += [Zombie(id="z1", tile="j3", owner=YELLOW), Zombie(id="z2", tile="j5", owner=YELLOW)]
    play(table, rng, BLUE, type="extract", source="token")
    assert pub.column("c9").attacked
    assert not any(m["type"] == "attack" and m["attacker"] == "c9" for m in legal(table, BLUE))


# -- winning --------------------------------------------------------------------------------------------------------


def test_delivering_the_crown_to_your_tribal_board_wins() -> None:
    table, rng = new()
    pub = table.public
    pub.king.alive, pub.king.tile = False, None
    pub.columns.append(Column(id="c3", tile=pub.tribes[BLUE].entry, zimbies={BLUE: 1}, crown=BLUE))
    pub.crown = Crown(carrier="c3", burden=2)
    play(table, rng, BLUE, type="go", creature="c3", own=None)
    play(table, rng, BLUE, type="step", to=home_tile(BLUE))
    outcome = RULES.outcome(table)
    assert outcome is not None and outcome.winners == [BLUE] and outcome.reason == "crown_delivered"
    # The carrier of 1 zimby under a +2 burden paid 1 mojo for up to 2 tiles.
    assert spent(table, BLUE) == 1


def test_the_first_mover_is_the_seat_with_most_active_zimbies_at_home() -> None:
    table, rng = new(3)
    table.public.tribes[2].active = 8
    table.public.tribes[0].active = 3
    table.public.tribes[1].active = 5
    for seat in (0, 1, 2):
        play(table, rng, seat, type="end_turn")
    assert table.public.round == 2 and table.public.first_mover == 2 and RULES.to_act(table) == [2]


def test_solitaire_a_sacrifice_activates_a_seal() -> None:
    table, rng = new(1)
    pub = table.public
    pub.columns.append(Column(id="c1", tile=SHRINE_NE, zimbies={0: 2}))
    play(table, rng, 0, type="unseal", column="c1", partner=0)
    assert pub.column("c1").zimbies == {0: 1} and pub.tribes[0].far_shore == 8 + 1
    assert next(s for s in pub.shrines if s.tile == SHRINE_NE).activated


def test_solitaire_is_lost_when_the_library_runs_out_at_refresh() -> None:
    table, rng = new(1)
    for _ in range(40):
        nobody_answers(table, rng)  # over the hand limit at wrap-up: the newest cards go
        if RULES.outcome(table) is not None:
            break
        play(table, rng, 0, type="end_turn")
    outcome = RULES.outcome(table)
    assert outcome is not None and outcome.winners == []
    assert outcome.reason in ("library_empty", "thug_crowned")


# -- at any time: response windows ----------------------------------------------------------------------------------


def test_a_defending_single_tribe_column_may_eat_before_the_rolls() -> None:
    table, rng = new()
    pub = table.public
    clear_thugs(table)
    pub.columns += [Column(id="c1", tile="k3", zimbies={BLUE: 1}), Column(id="c2", tile="j3", zimbies={YELLOW: 3})]
    play(table, rng, BLUE, type="attack", attacker="c1", target="c2", eat=0)
    assert RULES.to_act(table) == [YELLOW] and pub.pending_attack is not None
    # "At any time, a player may ... Cannibalize zimbies on their tribal board": eating at home is offered too.
    eat_at_home = [{"type": "eat", "gain": "mojo"}, {"type": "eat", "gain": "scroll"}]
    devour = [{"type": "devour", "eat": 1}, {"type": "devour", "eat": 2}]
    assert legal(table, YELLOW) == [{"type": "pass"}, *devour, *eat_at_home]
    play(table, rng, YELLOW, type="eat", gain="mojo")
    assert RULES.to_act(table) == [YELLOW] and pub.tribes[YELLOW].mojo == 2 and pub.pending_attack is not None
    play(table, rng, YELLOW, type="devour", eat=2)
    # The defence roll carried +8: the lone blue zimby could not win, and the rolls were made.
    assert pub.pending_attack is None and not pub.windows and RULES.to_act(table) == [BLUE]
    assert pub.tribes[YELLOW].far_shore == 8 + 1 + 2  # the one eaten at home, the two devoured
    assert [c.zimbies for c in pub.columns if c.id == "c2"] == [{YELLOW: 1}]
    assert not any(c.id == "c1" for c in pub.columns) or pub.column("c1").in_combat


def test_a_column_attacked_by_a_thug_may_have_a_zimby_eat_before_the_rolls() -> None:
    """ "A zimby in a single-tribe column may eat up to 2 zimbies in its column and may do so at any time during the
    round": the thugs' attack waits for the defending shaman's answer."""
    table, rng = new()
    pub = table.public
    thug = pub.thugs[0]
    pub.columns.append(Column(id="c1", tile=SHRINE_NE, zimbies={BLUE: 3}))
    assert SHRINE_NE in BOARD.neighbours(thug.tile)
    play(table, rng, BLUE, type="end_turn")
    play(table, rng, YELLOW, type="end_turn")
    pending = pub.pending_attack
    assert phase(table) == "thugs" and pending is not None and (pending.attacker, pending.target) == (thug.id, "c1")
    assert RULES.to_act(table) == [BLUE] and {"type": "devour", "eat": 2} in legal(table, BLUE)
    _, event = RULES.act(table, rng, BLUE, {"type": "devour", "eat": 2})
    assert "a zimby of c1 eats 2 for +8 brutality" in event.public["happened"]
    assert any(line.startswith(f"{thug.id} attacks c1") for line in event.public["happened"])
    # The rest of the round ran on: the zombies, the wrap-up, round 2's refresh and the King's turn.
    assert [step.public["type"] for step in event.then] == ["thugs", "zombies", "wrap_up", "refresh", "king"]
    assert phase(table) == "players" and pub.round == 2


def test_a_column_a_zombie_shambles_up_to_may_have_a_zimby_eat_before_the_rolls() -> None:
    table, rng = new()
    pub = table.public
    clear_thugs(table)
    pub.zombies.append(Zombie(id="z1", tile="k3", owner=BLUE))
    pub.columns.append(Column(id="c2", tile="j4", zimbies={YELLOW: 2}))
    play(table, rng, BLUE, type="end_turn")
    play(table, rng, YELLOW, type="end_turn")
    # Blue is first asked whether to hold its zombie; it lets it shamble.
    assert RULES.to_act(table) == [BLUE] and {"type": "hold", "zombie": "z1"} in legal(table, BLUE)
    play(table, rng, BLUE, type="pass")
    pending = pub.pending_attack
    assert phase(table) == "zombies" and pending is not None and (pending.attacker, pending.target) == ("z1", "c2")
    assert RULES.to_act(table) == [YELLOW]
    _, event = RULES.act(table, rng, YELLOW, {"type": "pass"})
    assert any(line.startswith("z1 attacks c2") for line in event.public["happened"])
    assert phase(table) == "players" and pub.pending_attack is None


def test_a_column_on_the_ritual_tile_the_king_turns_to_may_have_a_zimby_eat_before_his_attack() -> None:
    """ "If the ritual tile onto which the King would move is occupied by a creature, the King will attack the
    creature. If the King kills the creature, he will move onto the ritual tile, cast his ritual"."""
    for seed in (1, 2, 3, 4):
        table, rng = new(seed=seed)
        pub = table.public
        clear_thugs(table)
        pub.columns += [Column(id=f"c{i}", tile=r.tile, zimbies={BLUE: 3}) for i, r in enumerate(BOARD.rituals)]
        play(table, rng, BLUE, type="end_turn")
        play(table, rng, YELLOW, type="end_turn")
        pending = pub.pending_attack
        assert phase(table) == "king" and pending is not None and pending.attacker == "king"
        target = pub.column(pending.target)
        assert RULES.to_act(table) == [BLUE] and pending.casts == target.tile
        play(table, rng, BLUE, type="devour", eat=1)
        nobody_answers(table, rng)  # the scrolls drawn at refresh: the combat roll is answered by passing
        assert phase(table) == "players" and pub.round == 2 and pub.pending_attack is None
        revealed = next(r.ritual for r in pub.rituals if r.tile == pending.casts)
        if pub.king.tile == pending.casts:
            assert not any(c.id == target.id for c in pub.columns) and revealed is not None
        else:
            assert pub.king.tile == BOARD.blood_mist and revealed is None


def test_a_column_in_the_kings_way_back_to_the_mist_may_have_a_zimby_eat_before_his_attack() -> None:
    """ "only attack a creature if the creature is in his path and if claiming the creature's tile with a successful
    attack would move him closer to or into the blood mist": the column in the mist is asked first."""
    table, rng = new()
    pub = table.public
    clear_thugs(table)
    pub.king.tile = BOARD.rituals[0].tile
    pub.columns.append(Column(id="c1", tile=BOARD.blood_mist, zimbies={BLUE: 3}))
    play(table, rng, BLUE, type="end_turn")
    play(table, rng, YELLOW, type="end_turn")
    pending = pub.pending_attack
    assert phase(table) == "king" and pending is not None and (pending.attacker, pending.target) == ("king", "c1")
    assert pending.casts is None and RULES.to_act(table) == [BLUE]
    play(table, rng, BLUE, type="pass")
    nobody_answers(table, rng)
    assert phase(table) == "players" and pub.round == 2
    killed = not any(c.id == "c1" for c in pub.columns)
    assert pub.king.tile == (BOARD.blood_mist if killed else BOARD.rituals[0].tile)


def test_an_attack_on_a_lone_zimby_asks_nobody() -> None:
    table, rng = new()
    pub = table.public
    pub.columns += [Column(id="c1", tile="k3", zimbies={BLUE: 3}), Column(id="c2", tile="j3", zimbies={YELLOW: 1})]
    play(table, rng, BLUE, type="attack", attacker="c1", target="c2", eat=2)
    assert pub.pending_attack is None and not pub.windows
    # +8 and 1 brutality against 1: the yellow zimby died and the cannibal claimed its tile.
    assert not any(c.id == "c2" for c in pub.columns) and pub.column("c1").tile == "j3"
    assert pub.column("c1").zimbies == {BLUE: 1}


def test_a_zombies_owner_is_asked_before_it_shambles() -> None:
    table, rng = new()
    pub = table.public
    pub.zombies.append(Zombie(id="z1", tile="k3", owner=YELLOW))
    pub.tribes[YELLOW].zombies_left = 1
    play(table, rng, BLUE, type="end_turn")
    play(table, rng, YELLOW, type="end_turn")
    assert phase(table) == "zombies" and RULES.to_act(table) == [YELLOW]
    eat_at_home = [{"type": "eat", "gain": "mojo"}, {"type": "eat", "gain": "scroll"}]
    assert legal(table, YELLOW) == [{"type": "pass"}, {"type": "hold", "zombie": "z1"}, *eat_at_home]
    play(table, rng, YELLOW, type="hold", zombie="z1")
    assert legal(table, YELLOW) == [{"type": "pass"}, *eat_at_home]
    play(table, rng, YELLOW, type="pass")
    assert pub.round == 2 and phase(table) == "players" and not pub.windows
    assert pub.tribes[YELLOW].tokens == 4  # refreshed since
    assert [z.tile for z in pub.zombies] == ["k3"]


def test_the_crown_carrier_invokes_a_ritual_for_four_mojo() -> None:
    table, rng = new()
    pub = table.public
    pub.king.alive, pub.king.tile = False, None
    ritual_tile = BOARD.rituals[0].tile
    pub.columns.append(Column(id="c4", tile=ritual_tile, zimbies={BLUE: 1}, crown=BLUE))
    pub.crown = Crown(carrier="c4", burden=8)
    invokes = [m for m in legal(table, BLUE) if m["type"] == "invoke"]
    assert invokes == [{"type": "invoke", "column": "c4", "choice": k} for k in range(4)]
    play(table, rng, BLUE, type="invoke", column="c4", choice=0)
    assert pub.rituals[0].ritual == table.secret.rituals[ritual_tile]
    assert pub.tribes[BLUE].tokens == 0
    # Once a turn, though Blue could pay again from its tribal board.
    if any(c.id == "c4" for c in pub.columns):
        assert not [m for m in legal(table, BLUE) if m["type"] == "invoke"]


def test_a_depleted_crown_carrier_cannot_channel_mojo_into_a_ritual_tile() -> None:
    """ "Depleted zimbies may not be zombified, move, attack, or channel mojo or witcheries" (the Ritual of
    Terror), and the Crown's ritual activation is "channeling 4 mojo into the tile"."""
    table, _ = new()
    pub = table.public
    pub.king.alive, pub.king.tile = False, None
    pub.columns.append(Column(id="c4", tile=BOARD.rituals[0].tile, zimbies={BLUE: 1}, crown=BLUE, active=False))
    pub.crown = Crown(carrier="c4", burden=8)
    assert not [m for m in legal(table, BLUE) if m["type"] == "invoke"]
    pub.column("c4").active = True
    assert [m for m in legal(table, BLUE) if m["type"] == "invoke"]


def test_a_seat_out_of_time_ends_its_turn_or_refuses() -> None:
    table, _ = new()
    assert RULES.default_move(table, BLUE) == EndTurn()
    table, _ = seal_round()
    assert RULES.default_move(table, BLUE) == Answer(yes=False)


# -- the Crown on the ground ----------------------------------------------------------------------------------------


def crown_on_the_ground(tile: str) -> tuple[ZTable, Rng]:
    table, rng = new()
    pub = table.public
    clear_thugs(table)
    pub.king.alive, pub.king.tile = False, None
    pub.crown = Crown(tile=tile, burden=8)
    return table, rng


def test_picking_up_the_crown_on_the_way_ends_the_expenditure_and_burdens_the_carrier() -> None:
    table, rng = crown_on_the_ground("k3")
    pub = table.public
    play(table, rng, BLUE, type="send", count=1)
    walk(table, rng, BLUE, [FAR_ENTRY_NE, "k2", "k3"])
    assert {"type": "pick_up"} in legal(table, BLUE) and spent(table, BLUE) == 1
    play(table, rng, BLUE, type="pick_up")
    column = pub.columns[0]
    assert pub.crown is not None and pub.crown.carrier == column.id and column.crown == BLUE
    # 1 zimby + 8 for the Crown moves as 9: 4 mojo for the next tile, the expenditure having ended.
    play(table, rng, BLUE, type="step", to="k2")
    assert spent(table, BLUE) == 1 + 4


def test_a_dropped_crown_stays_behind_and_cannot_be_picked_up_without_entering_again() -> None:
    table, rng = crown_on_the_ground("k3")
    pub = table.public
    pub.columns.append(Column(id="c1", tile="k2", zimbies={BLUE: 1}))
    pub.tribes[BLUE].active -= 1
    play(table, rng, BLUE, type="go", creature="c1", own=None)
    play(table, rng, BLUE, type="step", to="k3")
    play(table, rng, BLUE, type="pick_up")
    play(table, rng, BLUE, type="drop")
    assert pub.crown is not None and pub.crown.tile == "k3" and pub.crown.carrier is None
    assert pub.column("c1").crown is None and {"type": "pick_up"} not in legal(table, BLUE)


def test_a_column_warped_onto_the_portal_where_the_crown_lies_may_pick_it_up() -> None:
    """ "A shaman may spend 1 mojo to move a zimby column on their tribal board directly onto a randomly selected
    portal tile", and "a creature entering the tile may stop and pick the item up"."""
    landed = set()
    for seed in range(1, 40):
        table, rng = crown_on_the_ground(BOARD.portals[0])
        pub = table.public
        rng = Rng(seed)
        play(table, rng, BLUE, type="warp", count=1)
        (column,) = pub.columns
        landed.add(column.tile == BOARD.portals[0])
        if column.tile != BOARD.portals[0]:
            assert pub.moving is None and {"type": "pick_up"} not in legal(table, BLUE)
            continue
        assert {"type": "pick_up"} in legal(table, BLUE) and {"type": "halt"} in legal(table, BLUE)
        play(table, rng, BLUE, type="pick_up")
        assert pub.crown is not None and pub.crown.carrier == column.id and column.crown == BLUE
        play(table, rng, BLUE, type="halt")
        assert pub.moving is None and column.tile == BOARD.portals[0] and spent(table, BLUE) == 1
    assert landed == {True, False}


def test_walking_over_the_crown_without_picking_it_up_keeps_the_pace() -> None:
    table, rng = crown_on_the_ground("k3")
    play(table, rng, BLUE, type="send", count=2)
    walk(table, rng, BLUE, [FAR_ENTRY_NE, "k2", "k3", "j3"])
    moving = table.public.moving
    assert spent(table, BLUE) == 1 and moving is not None and not moving.found_crown
    assert table.public.crown is not None and table.public.crown.tile == "k3"


# -- scrolls as stand-ins -------------------------------------------------------------------------------------------


def test_the_discards_are_shuffled_into_a_new_library_when_it_runs_out() -> None:
    table, rng = new(scrolls=True)
    table.public.discards = table.secret.library[:5]
    table.secret.library = []
    play(table, rng, BLUE, type="eat", gain="scroll")
    assert len(table.private[BLUE].hand) == 7 and table.public.library_size == 4 and not table.public.discards


def test_hands_over_six_are_discarded_at_wrap_up_the_players_choice() -> None:
    """ "Any player with more than 6 scroll cards in their hand must discard down to 6 scroll cards (player's
    choice)." """
    table, rng = new(scrolls=True)
    play(table, rng, BLUE, type="eat", gain="scroll")
    play(table, rng, BLUE, type="end_turn")
    play(table, rng, YELLOW, type="end_turn")
    window = table.public.windows[-1]
    assert window.on == {"hand_limit": 1} and (window.asked, window.waiting) == (BLUE, [])
    chosen = table.private[BLUE].hand[0]
    assert legal(table, BLUE) == [{"type": "pass"}, *({"type": "discard", "card": c} for c in dict.fromkeys(
        table.private[BLUE].hand))]  # fmt: skip
    play(table, rng, BLUE, type="discard", card=chosen)
    # Blue drew to 7, discarded to 6 at wrap-up, then drew 1 at refresh.
    assert [len(p.hand) for p in table.private] == [7, 7] and table.public.discards == [chosen]


def test_a_shaman_over_the_hand_limit_who_passes_loses_the_newest_cards() -> None:
    table, rng = new(scrolls=True)
    play(table, rng, BLUE, type="eat", gain="scroll")
    newest = table.private[BLUE].hand[-1]
    play(table, rng, BLUE, type="end_turn")
    play(table, rng, YELLOW, type="end_turn")
    play(table, rng, BLUE, type="pass")
    assert table.public.discards == [newest] and table.public.phase == "players"


# -- the docstring --------------------------------------------------------------------------------------------------


def test_the_module_docstring_draws_the_board_as_it_is() -> None:
    from server.games.zimby_mojo import game

    assert game.__doc__ is not None
    drawing = "\n".join(("    " + line).rstrip() for line in BOARD.render().splitlines())
    assert drawing in game.__doc__


def test_the_module_docstring_explains_every_mark_of_the_drawing_and_names_the_six_parts() -> None:
    """A newcomer reads the board and the round from the module docstring alone."""
    from server.games.zimby_mojo import game

    doc = game.__doc__ or ""
    marks = {
        c for line in BOARD.render().splitlines() if "|" in line for c in line[line.index("|") + 1 : line.rindex("|")]
    }
    legend = doc[: doc.index("::")]
    for mark in sorted(marks - {" "}):
        assert f"``{mark}``" in legend or (mark in "^><v" and "``^ > v <``" in legend), mark
    table = doc[doc.index("A round has six parts") :]
    parts = [line.split()[1] for line in table.splitlines()[2:8]]
    assert parts == ["refresh", "king", "players", "thugs", "zombies", "wrap_up"]


def test_the_crown_carrier_passes_thickets_half_the_time_and_no_one_else_does() -> None:
    thicket = BOARD.thickets[0]
    beside = next(t for t in BOARD.neighbours(thicket) if t not in BOARD.thickets)
    outcomes = set()
    for seed in range(1, 30):
        table, rng = crown_on_the_ground("a1")
        pub = table.public
        pub.crown = Crown(carrier="c1", burden=2)
        pub.columns.append(Column(id="c1", tile=beside, zimbies={BLUE: 1}, crown=BLUE))
        table.public.tribes[BLUE].active -= 1
        rng = Rng(seed)
        play(table, rng, BLUE, type="go", creature="c1", own=None)
        play(table, rng, BLUE, type="step", to=thicket)
        outcomes.add(pub.column("c1").tile)
    assert outcomes == {beside, thicket}
    table, rng = new()
    table.public.columns.append(Column(id="c3", tile=beside, zimbies={BLUE: 1}))
    play(table, rng, BLUE, type="go", creature="c3", own=None)
    assert {"type": "step", "to": thicket} not in legal(table, BLUE)


def test_a_thug_on_the_portal_a_column_warps_to_is_dismissed_active_to_a_barracks() -> None:
    table, rng = new()
    pub = table.public
    for thug, portal in zip(pub.thugs, BOARD.portals, strict=True):
        thug.tile = portal
    play(table, rng, BLUE, type="warp", count=1)
    (landed,) = pub.columns
    (thug,) = [t for t in pub.thugs if t.in_barracks]
    assert thug.active and thug.tile in BOARD.barracks and landed.tile in BOARD.portals


def test_round_3_blue_controls_the_shared_column_and_opens_a_second_seal() -> None:
    table, rng = new()
    pub = table.public
    clear_thugs(table)
    first = next(s for s in pub.shrines if s.tile == SHRINE_NE)
    first.activated, first.seal = True, table.secret.seals[SHRINE_NE]
    next(w for w in pub.wards if w.element == first.seal).open = True
    pub.columns.append(Column(id="c4", tile=SHRINE_NE, zimbies={BLUE: 1, YELLOW: 1}))
    pub.tribes[BLUE].active, pub.tribes[YELLOW].active = 6, 7
    # "Blue becomes the controller of the column because Blue has a zimby in that column. Blue spends 2 mojo to
    # move it 8 tiles to another shrine"
    route = BOARD.sanctum_route.tiles
    at = route.index(SHRINE_NE)
    to_next = [route[(at + i) % len(route)] for i in range(1, 9)]
    second = to_next[-1]
    assert second in BOARD.shrines
    play(table, rng, BLUE, type="go", creature="c4", own=None)
    walk(table, rng, BLUE, to_next)
    play(table, rng, BLUE, type="halt")
    assert spent(table, BLUE) == 2 and pub.column("c4").tile == second
    # "Both Blue and Yellow each spend 1 mojo to activate and reveal the Seal of Earth in that shrine."
    play(table, rng, BLUE, type="unseal", column="c4", partner=YELLOW)
    play(table, rng, YELLOW, type="answer", yes=True)
    assert spent(table, BLUE) == 3 and pub.tribes[YELLOW].tokens == 3
    assert sum(w.open for w in pub.wards) == 2 and sum(s.activated for s in pub.shrines) == 2
    # "and uses 3 mojo to spawn 1 zimby"
    play(table, rng, BLUE, type="spawn")
    # 6 mojo in all: the 4 tokens and 2 zimbies; the spawned zimby arrives depleted beside them.
    assert pub.tribes[BLUE].tokens == 0 and pub.tribes[BLUE].depleted == 2 + 1 and pub.tribes[BLUE].zimbies == 7


def test_a_fourth_tribe_joining_asks_every_shaman_and_a_random_tribe_is_expelled() -> None:
    table, rng = new(4)
    pub = table.public
    clear_thugs(table)
    pub.columns += [
        Column(id="c1", tile="k3", zimbies={0: 1}),
        Column(id="c2", tile="j3", zimbies={1: 1, 2: 2, 3: 1}),
    ]
    for seat, out in {0: 1, 1: 1, 2: 2, 3: 1}.items():
        pub.tribes[seat].active -= out
    play(table, rng, 0, type="go", creature="c1", own=None)
    play(table, rng, 0, type="step", to="j3")
    # "or from every shaman with zimbies in that column if that column is uncontrolled"
    for seat in (1, 2, 3):
        assert RULES.to_act(table) == [seat]
        play(table, rng, seat, type="answer", yes=True)
    (column,) = pub.columns
    assert len(column.zimbies) == 3 and column.tile == "j3"
    (expelled,) = {0, 1, 2, 3} - set(column.zimbies)
    assert pub.tribes[expelled].depleted == {0: 1, 1: 1, 2: 2, 3: 1}[expelled]


def test_the_kings_and_the_thugs_chance_steps_name_the_first_mover_who_rolls_for_them() -> None:
    # Issue 44: "The first mover ... makes all die rolls for the thugs and King": the steps did not say whose roll
    # they were, so clients could not show it.
    table, rng = new(3, first_player=1)
    steps: list[dict[str, Any]] = []
    first_movers: dict[int, int] = {}
    for _ in range(2):  # two rounds: the King acts from round 2
        first_movers[table.public.round] = first = table.public.first_mover
        for seat in clockwise_from(first, 3):
            _, event = RULES.act(table, rng, seat, {"type": "end_turn"})
            steps += [e.public for e in event.then]
            while table.public.windows:
                _, event = RULES.act(table, rng, table.public.windows[-1].asked, {"type": "pass"})
                steps += [e.public for e in event.then]
    first_movers[table.public.round] = table.public.first_mover
    rolled = [s for s in steps if s["type"] in ("king", "thugs")]
    assert {s["type"] for s in rolled} == {"king", "thugs"}
    assert all(s["rolled_by"] == first_movers[s["round"]] for s in rolled)
    assert all("rolled_by" not in s for s in steps if s["type"] not in ("king", "thugs"))


def test_only_a_single_tribe_column_cannibalises_the_books_mixed_example_is_read_as_a_misprint() -> None:
    """ "Only zimbies in single-tribe columns may cannibalize their tribesmen." (Round X's example lets a column
    that also held Yellow's zimbies eat: read as a misprint.)"""
    table, rng = new()
    clear_thugs(table)
    pub = table.public
    pub.columns.append(Column(id="c9", tile="j4", zimbies={BLUE: 2, YELLOW: 1}))
    pub.zombies.append(Zombie(id="z1", tile="j3", owner=YELLOW))
    attacks = [m for m in legal(table, BLUE) if m["type"] == "attack" and m["attacker"] == "c9"]
    assert attacks == [{"type": "attack", "attacker": "c9", "target": "z1", "eat": 0}]
    before = table.model_dump()
    with pytest.raises(IllegalMove):
        play(table, rng, BLUE, type="attack", attacker="c9", target="z1", eat=1)
    assert table.model_dump() == before
    pub.column("c9").zimbies = {BLUE: 3}
    eats = {m["eat"] for m in legal(table, BLUE) if m["type"] == "attack" and m["attacker"] == "c9"}
    assert eats == {0, 1, 2}


def test_a_turn_does_not_end_by_itself_when_the_shaman_runs_out_of_mojo() -> None:
    """ "A player's turn ends when the player declares it over or runs out of mojo.": free actions remain."""
    table, rng = new()
    clear_thugs(table)
    pub = table.public
    tribe = pub.tribes[BLUE]
    tribe.mojo, tribe.tokens, tribe.depleted, tribe.active = 0, 0, tribe.active, 0
    pub.columns.append(Column(id="c9", tile="j4", zimbies={BLUE: 1}))
    pub.zombies.append(Zombie(id="z1", tile="j3", owner=YELLOW))
    assert available(tribe) == 0 and RULES.to_act(table) == [BLUE]
    moves = legal(table, BLUE)
    assert {"type": "end_turn"} in moves and {"type": "attack", "attacker": "c9", "target": "z1", "eat": 0} in moves
    play(table, rng, BLUE, type="attack", attacker="c9", target="z1", eat=0)
    nobody_answers(table, rng)
    assert pub.turn == BLUE and pub.phase == "players"
    play(table, rng, BLUE, type="end_turn")
    assert pub.turn == YELLOW


def test_only_a_column_all_of_its_own_tribe_may_enter_its_tribal_board() -> None:
    """ "No zimby may move onto any tribal board other than its own." """
    home = home_tile(BLUE)
    for zimbies, offered in (({BLUE: 2}, True), ({BLUE: 2, YELLOW: 1}, False)):
        table, rng = new()
        clear_thugs(table)
        pub = table.public
        pub.columns.append(Column(id="c9", tile=pub.tribes[BLUE].entry, zimbies=zimbies))
        play(table, rng, BLUE, type="go", creature="c9", own=None)
        assert ({"type": "step", "to": home} in legal(table, BLUE)) is offered
    table, rng = new()
    clear_thugs(table)
    pub = table.public
    pub.zombies.append(Zombie(id="z1", tile=pub.tribes[BLUE].entry, owner=BLUE))
    play(table, rng, BLUE, type="go", creature="z1")
    assert {"type": "step", "to": home} not in legal(table, BLUE)
    # Nor onto another tribe's board, from beside it.
    table, rng = new()
    clear_thugs(table)
    pub = table.public
    pub.columns.append(Column(id="c9", tile=pub.tribes[YELLOW].entry, zimbies={BLUE: 1}))
    play(table, rng, BLUE, type="go", creature="c9", own=None)
    assert {"type": "step", "to": home_tile(YELLOW)} not in legal(table, BLUE)


def test_the_round_limit_is_a_shared_draw_but_a_solitaire_loss() -> None:
    for seats, winners in ((3, [0, 1, 2]), (1, [])):
        table, rng = new(seats, round_limit=1)
        for seat in range(seats):
            play(table, rng, seat, type="end_turn")
        outcome = RULES.outcome(table)
        assert outcome is not None and outcome.reason == "round_limit" and outcome.winners == winners


def test_the_kings_obstacles_die_over_two_refreshes_after_his_death_even_under_a_new_king() -> None:
    table, rng = new()
    pub = table.public
    kings = len(pub.obstacles)
    assert kings == len(BOARD.thickets) + len(BOARD.vines)
    pub.king.alive, pub.king.tile = False, None
    pub.crown = Crown(tile="a1", burden=8)
    play(table, rng, BLUE, type="end_turn")
    play(table, rng, YELLOW, type="end_turn")
    assert [o.side for o in pub.obstacles] == ["B"] * kings
    # A thug column crowned a new King meanwhile: the obstacles go on dying.
    pub.king.alive, pub.king.tile, pub.king.kills, pub.crown = True, BOARD.blood_mist, 1, None
    play(table, rng, pub.turn, type="end_turn")
    play(table, rng, pub.turn, type="end_turn")
    assert pub.obstacles == []


def test_round_x_plus_2_the_crown_carrier_crosses_the_sanctum_round_the_mist() -> None:
    """ "Yellow could pay 3 mojo to run the zimby across the center through the blood mist ... Instead, Yellow
    decides to pay 4 mojo to have it cross the sanctum by the path": 2 tiles per mojo under a +2 burden."""
    table, rng = crown_on_the_ground("a1")
    pub = table.public
    for ward in pub.wards:
        ward.open = True
    north, south = BOARD.wards[0], BOARD.wards[2]
    through = BOARD.path(north, south)
    around = BOARD.path(north, south, blocked=[BOARD.blood_mist])
    assert through is not None and BOARD.blood_mist in through and len(through) == 6
    assert around is not None and len(around) == 8
    pub.crown = Crown(carrier="c1", burden=2)
    pub.columns.append(Column(id="c1", tile=north, zimbies={BLUE: 1}, crown=BLUE))
    pub.tribes[BLUE].active -= 1
    tiles, mojo = movement(1 + 2)
    assert len(through) // tiles * mojo == 3
    play(table, rng, BLUE, type="go", creature="c1", own=None)
    walk(table, rng, BLUE, around)
    assert pub.column("c1").tile == south and spent(table, BLUE) == 4


# -- the round ------------------------------------------------------------------------------------------------------


def test_a_round_runs_its_six_parts_in_order_and_the_king_waits_for_round_2() -> None:
    table, rng = new()
    pub = table.public
    assert pub.round == 1 and phase(table) == "players" and pub.king.tile == BOARD.blood_mist
    RULES.act(table, rng, BLUE, {"type": "end_turn"})
    _, event = RULES.act(table, rng, YELLOW, {"type": "end_turn"})
    # "1. Refresh 2. King's turn 3. Players' turns 4. Thugs' turn 5. Zombies shamble 6. Wrap-up": round 1
    # began with the players' turns; after the last one the rest of round 1 and the start of round 2 run.
    assert [step.public["type"] for step in event.then] == ["thugs", "zombies", "wrap_up", "refresh", "king"]
    assert [step.public["round"] for step in event.then] == [1, 1, 2, 2, 2]
    king_step = event.then[-1].public["happened"]
    assert king_step and "King" in king_step[0]
    assert pub.round == 2 and phase(table) == "players" and RULES.to_act(table) == [pub.first_mover]


# -- obstacles on the way -------------------------------------------------------------------------------------------


def test_a_column_losing_a_zimby_to_the_mist_ends_its_mojo_expenditure() -> None:
    """ "Any creature that enters the blood mist tile suffers 1 wound", and "Movement from a mojo expenditure
    immediately ends if ... A column loses one or more member zimbies": the next tile costs a new mojo."""
    table, rng = new()
    pub = table.public
    for ward in pub.wards:
        ward.open = True
    pub.king.tile = BOARD.rituals[0].tile
    north = BOARD.wards[0]
    pub.columns.append(Column(id="c1", tile=north, zimbies={BLUE: 2}))
    pub.tribes[BLUE].active -= 2
    into = path_to(north, BOARD.blood_mist)
    play(table, rng, BLUE, type="go", creature="c1", own=None)
    walk(table, rng, BLUE, into)
    column = pub.column("c1")
    assert column.tile == BOARD.blood_mist and column.size == 1 and spent(table, BLUE) == 1
    moving = pub.moving
    assert moving is not None and moving.tiles_left == 0
    play(table, rng, BLUE, type="step", to=path_to(BOARD.blood_mist, BOARD.wards[1])[0])
    assert spent(table, BLUE) == 2


def test_a_thug_column_in_the_vines_at_wrap_up_suffers_as_one_creature() -> None:
    """ "Any creature on a tile containing blood vines during wrap-up suffers 1d3 wounds", and "A column is a
    single creature": one roll for the column, every 2 wounds killing one thug of it."""
    table, rng = new()
    pub = table.public
    vines = BOARD.vines[0]
    pub.thugs[0].tile = pub.thugs[1].tile = vines
    wrap_up_wounds(table, rng)
    assert sum(line.startswith(("t0 suffers", "t1 suffers")) for line in pub.happened) == 1


def test_a_column_caught_in_entangling_vines_may_not_move_out_but_a_zombie_may() -> None:
    """ "A creature that is caught in entangling vines ... may not move out of the tile", and "Zombies ... ignore
    both patches o' darkness and entangling vines" (part 2's scrolls conjure them; here they are laid by hand)."""
    table, _ = new()
    pub = table.public
    clear_thugs(table)
    pub.obstacles += [Obstacle(tile="k3", kind="entangling_vines"), Obstacle(tile="j4", kind="entangling_vines")]
    pub.columns.append(Column(id="c1", tile="k3", zimbies={BLUE: 1}))
    pub.zombies.append(Zombie(id="z1", tile="j4", owner=BLUE))
    moves = legal(table, BLUE)
    assert not any(m["type"] == "go" and m["creature"] == "c1" for m in moves)
    assert {"type": "go", "creature": "z1", "own": None, "crown": False} in moves


def test_the_crown_carrier_walks_out_of_entangling_vines_half_the_time() -> None:
    """ "On a roll of 3 or lower (50%), the Crown carrier is completely unaffected and unhindered by the obstacle"."""
    outcomes = set()
    for seed in range(1, 30):
        table, rng = crown_on_the_ground("a1")
        pub = table.public
        pub.obstacles.append(Obstacle(tile="k3", kind="entangling_vines"))
        pub.crown = Crown(carrier="c1", burden=2)
        pub.columns.append(Column(id="c1", tile="k3", zimbies={BLUE: 1}, crown=BLUE))
        rng = Rng(seed)
        play(table, rng, BLUE, type="go", creature="c1", own=None)
        play(table, rng, BLUE, type="step", to="k2")
        outcomes.add(pub.column("c1").tile)
    assert outcomes == {"k3", "k2"}
