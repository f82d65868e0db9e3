"""Tabby Tumble, rule by rule (rulebook: tabby-tumble.txt; NOTES.md).

Positions are built directly: :func:`at_last_pick` sets up a round whose draft
is one pick from done, so a test states the dice and homes it needs and plays
only the moves the rule is about.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from server.engine import BadOptions, Event, IllegalMove, Rng, Rules, event_for
from server.engine.sealed import Committed, Sealed
from server.engine.seats import snake_order
from server.errors import BadMove, NotYourTurn
from server.games.tabby_tumble import (
    ACTIONS,
    BASE_ACTIONS,
    COLOURS,
    Action,
    Colour,
    Eat,
    Hairball,
    Home,
    Pick,
    Plan,
    Private,
    Public,
    Rehome,
    Secret,
    Supply,
    TabbyTumble,
    TTable,
)
from tests.support.playout import playout

GAME = TabbyTumble()
RULES = Rules(GAME)


def home(orange: int = 1, black: int = 1, white: int = 1, mice: int = 1) -> Home:
    return Home(cats={"orange": orange, "black": black, "white": white}, mice=mice)


def at_last_pick(
    dice: list[tuple[Colour, Action]],
    *,
    homes: list[Home] | None = None,
    points: list[int] | None = None,
    supply: Supply | None = None,
    tokens: list[Colour] | None = None,
    active: int = 0,
    round_: int = 1,
    max_rounds: int = 100,
) -> TTable:
    """A round whose draft is one pick from done: every seat holds ``dice[seat]``
    except the active seat (the last picker), whose action die is still in the pool."""
    n = len(dice)
    cat_die: list[Colour | None] = [c for c, _ in dice]
    action_die: list[Action | None] = [a for _, a in dice]
    action_die[active] = None
    public = Public(
        seats=n,
        max_rounds=max_rounds,
        round=round_,
        active=active,
        phase="draft",
        cat_pool=["white"],
        action_pool=sorted([dice[active][1], "play"]),
        draft_order=snake_order(active, n),
        picks=2 * n - 1,
        cat_die=cat_die,
        action_die=action_die,
        homes=homes or [home() for _ in range(n)],
        points=points or [0] * n,
        supply=supply or Supply(cats=dict.fromkeys(("orange", "black", "white"), 20 - n), mice=20 - n),
        committed=Committed.fresh(n),
    )
    default: list[Colour] = ["orange", "black", "white", "orange"]
    dealt = tokens or default[:n]
    return TTable(
        public=public,
        private=[Private(token=t) for t in dealt],
        secret=Secret(plans=Sealed[Plan].fresh(n), box=[]),
    )


def act(table: TTable, seat: int, move: Any, rng: Rng | None = None) -> Event:
    raw = move.model_dump(mode="json") if hasattr(move, "model_dump") else move
    return RULES.act(table, rng or Rng(0), seat, raw)[1]


def finish_draft(table: TTable) -> Event:
    """The active seat's last pick: the action die :func:`at_last_pick` left for it (beside a spare 'play')."""
    pool = list(table.public.action_pool)
    pool.remove("play")
    return act(table, table.public.active, Pick(die=pool[0]))


def results(table: TTable) -> dict[int, Any]:
    assert table.public.last_round is not None
    return {r.seat: r for r in table.public.last_round}


# -- set up -----------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_setup_uses_player_count_plus_one_dice_of_each_kind(seats: int) -> None:
    table, _ = RULES.setup(RULES.parse_options({}), seats, seed=5)
    pub = table.public
    assert len(pub.cat_pool) == len(pub.action_pool) == seats + 1
    assert set(pub.cat_pool) <= {"orange", "black", "white"}
    assert set(pub.action_pool) <= {"rescue", "cuddle", "eat", "play", "rehome", "hairball"}


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_each_player_starts_with_one_cat_of_each_colour_and_one_mouse(seats: int) -> None:
    table, _ = RULES.setup(RULES.parse_options({}), seats, seed=5)
    pub = table.public
    assert pub.homes == [home() for _ in range(seats)]
    assert pub.points == [0] * seats
    # 20 cubes of each colour and 20 mice in all: the supply holds the rest.
    assert pub.supply.cats == dict.fromkeys(("orange", "black", "white"), 20 - seats)
    assert pub.supply.mice == 20 - seats


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_six_hidden_tokens_two_per_colour_one_dealt_to_each_player(seats: int) -> None:
    table, _ = RULES.setup(RULES.parse_options({}), seats, seed=9)
    dealt = [p.token for p in table.private]
    assert len(dealt) == seats
    assert Counter(dealt + table.secret.box) == {"orange": 2, "black": 2, "white": 2}
    assert table.public.tokens is None
    for seat in range(seats):
        view = RULES.view(table, seat)
        assert view["private"] == {"token": dealt[seat]}
    assert set(RULES.view(table, None)) == {"public"}


def test_the_first_player_is_drawn_unless_named() -> None:
    drawn = {RULES.setup(RULES.parse_options({}), 4, seed)[0].public.active for seed in range(40)}
    assert drawn == {0, 1, 2, 3}
    table, _ = RULES.setup(RULES.parse_options({"first_player": 2}), 4, seed=1)
    assert table.public.active == 2
    assert RULES.to_act(table) == [2]
    with pytest.raises(BadOptions):
        RULES.setup(RULES.parse_options({"first_player": 3}), 3, seed=1)


# -- the draft ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seats", "first", "order"),
    [
        (2, 0, [0, 1, 1, 0]),
        (3, 0, [0, 1, 2, 2, 1, 0]),
        (4, 0, [0, 1, 2, 3, 3, 2, 1, 0]),
        (3, 2, [2, 0, 1, 1, 0, 2]),
        (4, 1, [1, 2, 3, 0, 0, 3, 2, 1]),
    ],
)
def test_draft_runs_clockwise_then_the_last_picks_twice_then_back(seats: int, first: int, order: list[int]) -> None:
    table, rng = RULES.setup(RULES.parse_options({"first_player": first}), seats, seed=3)
    seen = []
    while table.public.phase == "draft" and table.public.round == 1:
        (seat,) = RULES.to_act(table)
        seen.append(seat)
        RULES.act(table, rng, seat, RULES.dump_move(RULES.legal_moves(table, seat)[0]))
    assert seen == order


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_player_drafts_one_cat_die_and_one_action_die_two_dice_left_over(seats: int) -> None:
    for seed in range(10):
        table, rng = RULES.setup(RULES.parse_options({}), seats, seed)
        pub = table.public
        rolled_cats, rolled_actions = list(pub.cat_pool), list(pub.action_pool)
        while pub.phase == "draft" and pub.round == 1:
            (seat,) = RULES.to_act(table)
            legal = RULES.legal_moves(table, seat)
            RULES.act(table, rng, seat, RULES.dump_move(legal[seed % len(legal)]))
        if pub.round > 1:  # no choice was needed: the round resolved, its results name the dice
            assert pub.last_round is not None
            cats = [r.colour for r in pub.last_round]
            actions = [r.die for r in pub.last_round]
        else:
            cats, actions = [c for c in pub.cat_die if c], [a for a in pub.action_die if a]
            assert len(pub.cat_pool) == len(pub.action_pool) == 1
        assert len(cats) == len(actions) == seats
        assert not Counter(cats) - Counter(rolled_cats)
        assert not Counter(actions) - Counter(rolled_actions)


def test_a_second_die_of_one_kind_is_refused() -> None:
    table, _ = RULES.setup(RULES.parse_options({"first_player": 0}), 3, seed=4)
    pub = table.public
    pub.cat_pool, pub.action_pool = ["orange", "black", "black", "white"], ["rescue", "eat", "play", "hairball"]
    act(table, 0, Pick(die="black"))
    act(table, 1, Pick(die="orange"))
    act(table, 2, Pick(die="eat"))
    # Seat 2 picks again: it holds an action die, so only cat dice are offered.
    assert RULES.legal_moves(table, 2) == [Pick(die="black"), Pick(die="white")]
    with pytest.raises(IllegalMove, match="already have an action die"):
        act(table, 2, Pick(die="rescue"))
    act(table, 2, Pick(die="white"))
    assert RULES.legal_moves(table, 1) == [Pick(die="rescue"), Pick(die="play"), Pick(die="hairball")]
    with pytest.raises(IllegalMove, match="already have a cat die"):
        act(table, 1, Pick(die="black"))


def test_a_die_not_in_the_pool_is_refused() -> None:
    table, _ = RULES.setup(RULES.parse_options({"first_player": 0}), 2, seed=4)
    table.public.cat_pool, table.public.action_pool = ["orange", "orange", "black"], ["eat", "eat", "play"]
    with pytest.raises(IllegalMove, match="no white cat die"):
        act(table, 0, Pick(die="white"))
    with pytest.raises(IllegalMove, match="no rehome action die"):
        act(table, 0, Pick(die="rehome"))
    with pytest.raises(NotYourTurn):
        act(table, 1, Pick(die="orange"))


# -- the actions ----------------------------------------------------------------------------


def test_rescue_takes_two_cats_of_the_chosen_colour_from_the_supply() -> None:
    table = at_last_pick([("black", "rescue"), ("orange", "play")])
    finish_draft(table)
    assert results(table)[0].cats_taken == 2
    assert table.public.homes[0] == home(black=3)
    assert table.public.supply.cats["black"] == 16


def test_rescue_from_a_short_supply_takes_what_is_left_clockwise_from_the_active_player() -> None:
    supply = Supply(cats={"orange": 3, "black": 10, "white": 10}, mice=10)
    table = at_last_pick([("orange", "rescue"), ("orange", "rescue"), ("orange", "rescue")], supply=supply, active=1)
    finish_draft(table)
    got = {s: r.cats_taken for s, r in results(table).items()}
    assert got == {1: 2, 2: 1, 0: 0}
    assert table.public.supply.cats["orange"] == 0


def test_cuddle_scores_one_point_per_two_cats_rounded_down() -> None:
    homes = [home(white=5), home(white=1), home(orange=4)]
    table = at_last_pick([("white", "cuddle"), ("white", "cuddle"), ("orange", "cuddle")], homes=homes)
    finish_draft(table)
    assert table.public.points == [2, 0, 2]
    assert table.public.homes == homes  # cuddling costs nothing


def test_eat_returns_up_to_one_mouse_per_cat_for_a_point_each() -> None:
    homes = [home(black=3, mice=2), home(black=1, mice=4), home(black=0, mice=5)]
    table = at_last_pick([("black", "eat"), ("black", "eat"), ("black", "eat")], homes=homes)
    finish_draft(table)
    # Seat 2 has no black cat: nothing to choose. The others choose how many, up to the maximum.
    assert sorted(RULES.to_act(table)) == [0, 1]
    assert RULES.legal_moves(table, 0) == [Eat(count=k) for k in (0, 1, 2)]  # 3 cats, but 2 mice
    assert RULES.legal_moves(table, 1) == [Eat(count=k) for k in (0, 1)]  # 4 mice, but 1 cat
    with pytest.raises(IllegalMove, match="at most 1: one mouse per black cat"):
        act(table, 1, Eat(count=2))
    act(table, 0, Eat(count=2))
    act(table, 1, Eat(count=1))
    assert table.public.points == [2, 1, 0]
    assert [h.mice for h in table.public.homes] == [0, 3, 5]
    assert table.public.supply.mice == 17 + 3


def test_an_eat_may_return_fewer_mice_than_allowed() -> None:
    """The rulebook's "up to 1 mouse per cat": the player chooses how many, from none to the maximum."""
    homes = [home(orange=3, mice=4), home(black=2, mice=2)]
    table = at_last_pick([("orange", "eat"), ("black", "eat")], homes=homes)
    finish_draft(table)
    act(table, 0, Eat(count=1))
    act(table, 1, Eat())
    assert table.public.points == [1, 0]
    assert [h.mice for h in table.public.homes] == [3, 2]
    assert table.public.supply.mice == 18 + 1
    assert [(r.action, r.mice_returned) for r in table.public.last_round or []] == [("eat", 1), ("eat", 0)]


def test_play_takes_one_mouse_per_cat_of_the_chosen_colour() -> None:
    homes = [home(orange=3), home(white=0)]
    table = at_last_pick([("orange", "play"), ("white", "play")], homes=homes)
    finish_draft(table)
    assert [h.mice for h in table.public.homes] == [4, 1]
    assert table.public.supply.mice == 18 - 3
    assert table.public.points == [0, 0]


def test_play_from_a_short_supply_takes_what_is_left_and_eaten_mice_return_after_the_round() -> None:
    supply = Supply(cats=dict.fromkeys(("orange", "black", "white"), 10), mice=2)
    homes = [home(orange=3, mice=0), home(black=3, mice=3)]
    table = at_last_pick([("orange", "play"), ("black", "eat")], homes=homes, supply=supply)
    finish_draft(table)
    act(table, 1, Eat(count=3))
    assert results(table)[0].mice_taken == 2  # not the 3 seat 1 is returning at the same time
    assert table.public.supply.mice == 0 + 3


def test_rehome_gives_cats_to_another_player_for_a_point_each() -> None:
    homes = [home(orange=4), home(), home()]
    table = at_last_pick([("orange", "rehome"), ("black", "rescue"), ("white", "play")], homes=homes)
    finish_draft(table)
    assert table.public.phase == "choose"
    assert RULES.to_act(table) == [0]
    act(table, 0, Rehome(to=2, count=3))
    assert table.public.points == [3, 0, 0]
    assert table.public.homes[0].cats["orange"] == 1
    assert table.public.homes[2].cats["orange"] == 4


def test_rehome_offers_none_or_one_to_all_cats_to_each_other_player() -> None:
    homes = [home(white=2), home(), home()]
    table = at_last_pick([("white", "rehome"), ("black", "rescue"), ("white", "play")], homes=homes)
    finish_draft(table)
    assert RULES.legal_moves(table, 0) == [
        Rehome(),
        Rehome(to=1, count=1),
        Rehome(to=1, count=2),
        Rehome(to=2, count=1),
        Rehome(to=2, count=2),
    ]
    with pytest.raises(IllegalMove, match="to yourself"):
        act(table, 0, Rehome(to=0, count=1))
    with pytest.raises(IllegalMove, match="only 2 white cats"):
        act(table, 0, Rehome(to=1, count=3))
    with pytest.raises(IllegalMove, match="names no receiver"):
        act(table, 0, Rehome(to=1, count=0))
    with pytest.raises(IllegalMove, match="name the seat"):
        act(table, 0, Rehome(count=1))
    act(table, 0, Rehome())
    assert table.public.points == [0, 0, 0]
    assert table.public.homes[0].cats["white"] == 2


def test_rehome_with_no_cat_of_the_colour_needs_no_choice() -> None:
    table = at_last_pick([("black", "rehome"), ("orange", "cuddle")], homes=[home(black=0), home()])
    finish_draft(table)
    assert table.public.round == 2  # resolved straight after the draft
    assert results(table)[0].rehomed == 0


def test_rescue_cuddle_and_play_resolve_without_a_move_and_so_does_an_eat_with_no_mouse() -> None:
    dice: list[tuple[Colour, Action]] = [("orange", "rescue"), ("black", "cuddle"), ("white", "eat"), ("white", "play")]
    table = at_last_pick(dice, homes=[home(), home(), home(mice=0), home()])
    event = finish_draft(table)
    assert "resolved" in event.public
    assert table.public.round == 2 and table.public.phase == "draft"


def test_cats_received_count_only_after_the_receivers_own_action() -> None:
    # Seat 0 rehomes 3 orange cats to seat 1, who cuddles orange with 1 cat of its own
    # (rounded down: 0 points), and seat 2 plays with its orange cats.
    homes = [home(orange=3), home(orange=1), home(orange=2)]
    dice: list[tuple[Colour, Action]] = [("orange", "rehome"), ("orange", "cuddle"), ("orange", "play")]
    table = at_last_pick(dice, homes=homes)
    finish_draft(table)
    act(table, 0, Rehome(to=1, count=3))
    assert table.public.points == [3, 0, 0]
    assert table.public.homes[1].cats["orange"] == 4
    assert table.public.homes[2].mice == 1 + 2


def test_two_players_may_rehome_to_each_other_each_on_their_own_cats() -> None:
    homes = [home(black=2), home(black=1)]
    table = at_last_pick([("black", "rehome"), ("black", "rehome")], homes=homes)
    finish_draft(table)
    assert sorted(RULES.to_act(table)) == [0, 1]
    act(table, 1, Rehome(to=0, count=1))
    act(table, 0, Rehome(to=1, count=2))
    assert table.public.points == [2, 1]
    assert [h.cats["black"] for h in table.public.homes] == [1, 2]


# -- hairball -----------------------------------------------------------------------------------


def test_hairball_loses_a_point_then_performs_any_action() -> None:
    homes = [home(white=4), home(black=2, mice=3)]
    table = at_last_pick([("white", "hairball"), ("black", "hairball")], homes=homes, points=[5, 5])
    finish_draft(table)
    act(table, 0, Hairball(then="cuddle"))
    act(table, 1, Hairball(then="eat", count=2))
    assert table.public.points == [5 - 1 + 2, 5 - 1 + 2]
    assert table.public.homes[1].mice == 1


def test_hairball_rehome_takes_its_own_choices() -> None:
    table = at_last_pick([("orange", "hairball"), ("black", "eat")], homes=[home(orange=3), home()])
    finish_draft(table)
    legal = RULES.legal_moves(table, 0)
    eats = [Hairball(then="eat", count=k) for k in (0, 1)]  # 3 orange cats, 1 mouse
    assert legal[:5] == [Hairball(then="rescue"), Hairball(then="cuddle"), *eats, Hairball(then="play")]
    assert legal[5:] == [Hairball(then="rehome"), *[Hairball(then="rehome", to=1, count=k) for k in (1, 2, 3)]]
    with pytest.raises(IllegalMove, match="no receiver"):
        act(table, 0, Hairball(then="rescue", to=1, count=1))
    with pytest.raises(IllegalMove, match="to yourself"):
        act(table, 0, Hairball(then="rehome", to=0, count=1))
    act(table, 0, Hairball(then="rehome", to=1, count=2))
    act(table, 1, Eat(count=1))
    assert table.public.points == [-1 + 2, 1]
    assert [h.cats["orange"] for h in table.public.homes] == [1, 3]


def test_hairball_cannot_choose_hairball() -> None:
    with pytest.raises(BadMove):
        RULES.parse_move({"type": "hairball", "then": "hairball"})


def test_hairball_can_take_points_below_zero() -> None:
    table = at_last_pick([("orange", "hairball"), ("black", "play")])
    finish_draft(table)
    act(table, 0, Hairball(then="rescue"))
    assert table.public.points == [-1, 0]
    assert table.public.homes[0].cats["orange"] == 3


def test_the_choice_must_match_the_action_die() -> None:
    table = at_last_pick([("orange", "hairball"), ("black", "rehome")])
    finish_draft(table)
    with pytest.raises(IllegalMove, match="your action die is hairball"):
        act(table, 0, Rehome())
    with pytest.raises(IllegalMove, match="your action die is rehome"):
        act(table, 1, Hairball(then="cuddle"))
    with pytest.raises(IllegalMove, match="draft is over"):
        act(table, 1, Pick(die="orange"))


# -- sealed choices ---------------------------------------------------------------------------------


def test_choices_are_sealed_until_everyone_has_committed() -> None:
    homes = [home(orange=3), home(), home()]
    dice: list[tuple[Colour, Action]] = [("orange", "rehome"), ("black", "hairball"), ("white", "cuddle")]
    table = at_last_pick(dice, homes=homes)
    finish_draft(table)
    assert sorted(RULES.to_act(table)) == [0, 1]
    event = act(table, 0, Rehome(to=2, count=3))
    # Everyone learns that seat 0 committed; only seat 0 learns what.
    assert event_for(event, 0)["private"] == {"choice": {"type": "rehome", "to": 2, "count": 3}}
    for seat in (None, 1, 2):
        received = event_for(event, seat)
        assert received == {"public": {"type": "committed", "seat": 0, "waiting": [1]}}
        assert RULES.view(table, seat)["public"]["committed"] == {"seats": [True, False, True]}
    assert table.secret.plans.choices[0] == Plan(action="rehome", to=2, count=3)
    assert table.public.last_round is None
    assert table.public.homes == homes and table.public.points == [0, 0, 0]
    assert RULES.to_act(table) == [1]
    with pytest.raises(NotYourTurn):
        act(table, 0, Rehome())
    # The last commit reveals every choice and resolves the round.
    event = act(table, 1, Hairball(then="rescue"))
    revealed = {r["seat"]: r for r in event_for(event, 2)["public"]["resolved"]}
    assert revealed[0]["rehomed_to"] == 2 and revealed[0]["rehomed"] == 3
    assert revealed[1]["action"] == "rescue" and revealed[1]["points"] == -1


# -- rounds and the end ------------------------------------------------------------------------------


def test_the_next_round_is_the_turn_of_the_player_on_the_left() -> None:
    table = at_last_pick([("orange", "cuddle"), ("black", "play"), ("white", "eat")], active=2, round_=4)
    finish_draft(table)
    act(table, 2, Eat(count=1))
    pub = table.public
    assert (pub.round, pub.active, pub.phase) == (5, 0, "draft")
    assert RULES.to_act(table) == [0]
    assert len(pub.cat_pool) == len(pub.action_pool) == 4
    assert pub.cat_die == [None, None, None]
    assert pub.action_die == [None, None, None]


def test_the_game_ends_at_the_end_of_the_round_in_which_someone_reaches_ten() -> None:
    homes = [home(orange=4), home(black=6), home()]
    dice: list[tuple[Colour, Action]] = [("orange", "cuddle"), ("black", "cuddle"), ("white", "rescue")]
    table = at_last_pick(dice, homes=homes, points=[8, 1, 0])
    finish_draft(table)
    pub = table.public
    assert pub.phase == "over"
    # Every action of that round still happened.
    assert pub.points == [10, 4, 0]
    assert pub.homes[2].cats["white"] == 3
    assert RULES.to_act(table) == []


def test_nine_points_is_not_the_end() -> None:
    table = at_last_pick([("orange", "cuddle"), ("black", "play")], homes=[home(orange=2), home()], points=[8, 0])
    finish_draft(table)
    assert table.public.points == [9, 0]
    assert table.public.phase == "draft"
    assert RULES.outcome(table) is None


def test_final_scoring_reveals_the_tokens_and_adds_a_point_per_cat_of_that_colour() -> None:
    homes = [home(orange=4, white=3), home(black=2, white=5), home(orange=3)]
    dice: list[tuple[Colour, Action]] = [("orange", "cuddle"), ("white", "rehome"), ("black", "play")]
    table = at_last_pick(dice, homes=homes, points=[8, 6, 3], tokens=["white", "black", "orange"])
    finish_draft(table)
    # Seat 1 gives 2 white cats to seat 0: received cats count for final scoring.
    event = act(table, 1, Rehome(to=0, count=2))
    pub = table.public
    assert pub.points == [10, 8, 3]
    assert pub.tokens == ["white", "black", "orange"]
    assert pub.final_scores == [10 + 5, 8 + 2, 3 + 3]
    assert event.public["tokens"] == ["white", "black", "orange"]
    outcome = RULES.outcome(table)
    assert outcome is not None
    assert outcome.winners == [0] and outcome.scores == [15, 10, 6]


def test_tied_players_share_the_win() -> None:
    homes = [home(orange=4), home(black=2, white=4), home()]
    dice: list[tuple[Colour, Action]] = [("orange", "cuddle"), ("white", "cuddle"), ("black", "play")]
    table = at_last_pick(dice, homes=homes, points=[9, 9, 0], tokens=["black", "black", "white"])
    finish_draft(table)
    outcome = RULES.outcome(table)
    assert outcome is not None
    # Seat 0: 9 + 2 (cuddle) + 1 black cat; seat 1: 9 + 2 (cuddle) + 2 black cats; seat 2: 1 white cat.
    assert table.public.final_scores == [12, 13, 1]
    assert outcome.winners == [1]
    table = at_last_pick(dice, homes=homes, points=[10, 9, 0], tokens=["black", "black", "white"])
    finish_draft(table)
    outcome = RULES.outcome(table)
    assert outcome is not None and outcome.winners == [0, 1] and outcome.scores == [13, 13, 1]


def test_the_round_limit_ends_a_game_nobody_wins_on_points() -> None:
    table = at_last_pick([("orange", "play"), ("black", "play")], round_=3, max_rounds=3)
    finish_draft(table)
    outcome = RULES.outcome(table)
    assert outcome is not None
    assert outcome.reason == "round_limit"
    assert outcome.winners == [0, 1] and outcome.scores == [1, 1]


# -- the move list is complete -------------------------------------------------------------------------


def every_move(most: int) -> list[Any]:
    """Every move the schema accepts that gives at most ``most`` cats."""
    spots: list[tuple[int | None, int]] = [(to, k) for to in (None, 0, 1, 2, 3) for k in range(most + 1)]
    return [
        *[Pick(die=f) for f in (*COLOURS, *ACTIONS)],
        *[Rehome(to=to, count=k) for to, k in spots],
        *[Eat(count=k) for k in range(most + 1)],
        *[Hairball(then=a, to=to, count=k) for a in BASE_ACTIONS for to, k in spots],
    ]


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_check_accepts_exactly_the_listed_legal_moves(seats: int) -> None:
    choices = 0
    for seed in (21, 22):
        for step in playout(RULES, seats, seed=seed, keep=True):
            table = step.before
            most = 1 + max(max(h.cats.values()) for h in table.public.homes)
            for seat in RULES.to_act(table):
                legal = RULES.legal_moves(table, seat)
                choices += table.public.phase == "choose"
                for move in every_move(most):
                    try:
                        GAME.check(table.public, table.private[seat], seat, move)
                        accepted = True
                    except IllegalMove:
                        accepted = False
                    assert accepted == (move in legal), (move, table.public)
    assert choices > 0
