"""Using scrolls in a match, read like the rulebook's Part 6: who may use one and when, what it costs, the stack's
windows, and attacks whose combat rolls and wounds go through the stack.

Each table is a match's setup arranged by hand (the thugs in their barracks unless a rule needs them, the hands
dealt as the test says); every move goes through the engine as a client would send it.
"""

from __future__ import annotations

from typing import Any

from server.engine import Rng, Rules
from server.games.zimby_mojo import ZimbyMojo
from server.games.zimby_mojo.board import BOARD
from server.games.zimby_mojo.game import ZTable, scroll_cost
from server.games.zimby_mojo.npcs import walk
from server.games.zimby_mojo.state import (
    Cast,
    Column,
    CombatRoll,
    Crown,
    Incantation,
    Keep,
    Obstacle,
    UseScroll,
    Wounds,
    Zombie,
    home_tile,
)
from tests.games.zimby_mojo.test_combat import find_rng

RULES = Rules(ZimbyMojo())
BLUE, YELLOW, WHITE = 0, 1, 2


def table(seats: int = 2, **hands: list[str]) -> ZTable:
    """Blue's turn in round 1, the thugs in their barracks, and the hands given (``blue=[...]``); the rest of the
    cards stay in the library so that every card is still somewhere."""
    new, _ = RULES.setup(RULES.parse_options({"first_player": BLUE}), seats, 7)
    t: ZTable = new  # type: ignore[assignment]
    for thug, barracks in zip(t.public.thugs, BOARD.barracks, strict=True):
        thug.tile, thug.in_barracks = barracks, True
    for private in t.private:
        t.secret.library[:0] = private.hand
        private.hand = []
    names = {"blue": BLUE, "yellow": YELLOW, "white": WHITE}
    for name, cards in hands.items():
        for card in cards:
            t.secret.library.remove(card)
        t.private[names[name]].hand = list(cards)
    t.public.hand_sizes = [len(p.hand) for p in t.private]
    t.public.library_size = len(t.secret.library)
    return t


def play(t: ZTable, seat: int, rng: Rng | None = None, **move: Any) -> None:
    RULES.act(t, rng or Rng(1), seat, move)


def legal(t: ZTable, seat: int) -> list[Any]:
    return RULES.legal_moves(t, seat)


def phase(t: ZTable) -> str:
    return t.public.phase


def asked(t: ZTable) -> int | None:
    return t.public.windows[-1].asked if t.public.windows else None


def column(t: ZTable, tile: str, cid: str = "c1", **tribes: int) -> Column:
    seats = {"blue": BLUE, "yellow": YELLOW, "white": WHITE}
    made = Column(id=cid, tile=tile, zimbies={seats[k]: n for k, n in tribes.items()})
    t.public.columns.append(made)
    return made


def king_at_n15_with_three_thugs(t: ZTable) -> None:
    """The King away from the mist, three thugs in play far from him: his brutality is 1 + 3 = 4."""
    t.public.king.tile = "n15"
    for thug, tile in zip(t.public.thugs[1:], ("m6", "e12", "f5"), strict=True):
        thug.tile, thug.in_barracks = tile, False


# -- the worked example "Round X (some combat)" --------------------------------------------------------------------


def test_round_x_spikey_bone_claws_pushed_on_the_combat_roll_kills_the_king() -> None:
    """ "Blue has the cannibalizing zimby target itself with the witchery "Spikey Bone Claws." This costs 1 mojo to
    cast and pushes the scroll effect onto the stack on top of the combat rolls. The witchery resolves first, giving
    +1 brutality and a combat roll of 2 + 9 + 1 = 12. Combat rolls resolve and the King dies from 12 - 8 = 4
    wounds!" """
    t = table(blue=["spikey_bone_claws"])
    pub = t.public
    king_at_n15_with_three_thugs(t)
    column(t, "m15", blue=3)
    play(t, BLUE, find_rng((2, 4)), type="attack", attacker="c1", target="king", eat=2)
    (roll,) = pub.stack.entries
    assert isinstance(roll, CombatRoll) and (roll.rolls.attacker.total, roll.rolls.defender.total) == (11, 8)
    assert pub.king.alive and asked(t) == BLUE  # the pusher is asked first; Yellow holds no scroll
    claws = UseScroll(card="spikey_bone_claws", target="c1", channel="c1")
    assert claws in legal(t, BLUE)
    play(t, BLUE, **RULES.dump_move(claws))
    assert pub.tribes[BLUE].tokens == 3 and [e.kind for e in pub.stack.entries] == ["combat", "scroll"]
    play(t, BLUE, type="pass")
    assert not pub.king.alive and not pub.stack.entries and not pub.windows
    assert pub.crown is not None and pub.crown.carrier == "c1" and pub.column("c1").tile == "n15"
    assert pub.discards == ["spikey_bone_claws"] and pub.pending_attack is None


def test_an_attack_nobody_can_answer_settles_in_the_same_move() -> None:
    t = table()
    king_at_n15_with_three_thugs(t)
    column(t, "m15", blue=3)
    play(t, BLUE, find_rng((2, 4)), type="attack", attacker="c1", target="king", eat=2)
    pub = t.public
    assert not pub.windows and not pub.stack.entries and pub.pending_attack is None
    assert pub.king.alive and pub.column("c1").in_combat  # 11 against 8: 3 wounds do not kill him


def test_the_wounds_of_a_combat_are_pushed_and_may_be_answered_with_armor() -> None:
    """ "Wounds are determined and "pushed" onto the stack. Scrolls may be "pushed" onto the stack in response." """
    t = table(yellow=["lil_bits_o_armor"])
    pub = t.public
    column(t, "m15", "c1", blue=1)
    column(t, "n15", "c2", yellow=1)
    play(t, BLUE, find_rng((6, 1)), type="attack", attacker="c1", target="c2")
    assert asked(t) == YELLOW and isinstance(pub.stack.entries[0], CombatRoll)
    play(t, YELLOW, type="pass")  # the combat roll resolves: 7 against 2, 5 wounds pushed for c2
    (wounds,) = pub.stack.entries
    assert isinstance(wounds, Wounds) and (wounds.creature, wounds.wounds) == ("c2", 5) and asked(t) == YELLOW
    play(t, YELLOW, type="scroll", card="lil_bits_o_armor", target="c2", channel="c2")
    play(t, YELLOW, type="pass")
    # Lil' Bits o' Armor prevents 1 of the 5: the lone zimby dies all the same, and Blue claims its tile.
    assert not any(c.id == "c2" for c in pub.columns) and pub.column("c1").tile == "n15"
    assert pub.discards == ["lil_bits_o_armor"]


# -- who is asked, what may be used ---------------------------------------------------------------------------------


def test_a_window_asks_the_seats_able_to_use_a_scroll_from_public_facts_only() -> None:
    """Asked: a card in hand and the mojo for the cheapest scroll. Whether the card could answer is not asked."""
    t = table(3, yellow=["mojo_surge"], white=["war_chant"])
    pub = t.public
    pub.tribes[WHITE].tokens, pub.tribes[WHITE].active = 0, 0
    play(t, BLUE, type="extract", source="token")
    t.private[BLUE].hand = ["energy"]
    t.secret.library.remove("energy")
    pub.hand_sizes[BLUE] = 1
    play(t, BLUE, type="scroll", card="energy", target="seat0")
    window = pub.windows[-1]
    assert (window.asked, window.waiting) == (YELLOW, [])  # White has a card but no mojo


def test_identical_cards_give_one_move_per_target() -> None:
    one = table(blue=["mojo_surge"])
    two = table(blue=["mojo_surge", "mojo_surge"])
    surge = [m for m in legal(one, BLUE) if isinstance(m, UseScroll)]
    assert surge == [m for m in legal(two, BLUE) if isinstance(m, UseScroll)]
    assert {m.target for m in surge} == {"seat0", "seat1"}


def test_witcheries_are_channelled_by_an_active_zimby_of_the_seat_in_range_and_sight() -> None:
    t = table(blue=["blow_guns"])
    column(t, "m15", "c1", blue=1)
    column(t, "o15", "c2", yellow=1)
    targets = {(m.channel, m.target) for m in legal(t, BLUE) if isinstance(m, UseScroll)}
    assert ("c1", "c1") in targets and ("c1", "c2") in targets
    assert all(channel in ("c1", home_tile(BLUE)) for channel, _ in targets)
    t.public.column("c1").active = False  # "an active zimby they control": a depleted one channels nothing
    assert not any(isinstance(m, UseScroll) and m.channel == "c1" for m in legal(t, BLUE))


def test_free_movement_only_on_the_casters_turn_for_a_creature_it_controls() -> None:
    """ "Only on a player's turn, a player may: ... Move active creatures they control" """
    t = table(blue=["big_bits_o_map"], yellow=["big_bits_o_map"])
    column(t, "m15", "c1", blue=1)
    column(t, "o15", "c2", yellow=1)
    assert {m.target for m in legal(t, BLUE) if isinstance(m, UseScroll)} == {"c1"}
    play(t, BLUE, type="extract", source="token")
    t.private[BLUE].hand.append("energy")
    t.secret.library.remove("energy")
    play(t, BLUE, type="scroll", card="energy", target="seat0")
    assert asked(t) == YELLOW and not any(
        isinstance(m, UseScroll) and m.card == "big_bits_o_map" for m in legal(t, YELLOW)
    )


def test_big_bits_o_map_gives_tiles_of_free_movement_spent_before_mojo() -> None:
    t = table(blue=["big_bits_o_map"])
    pub = t.public
    column(t, "m15", "c1", blue=1)
    play(t, BLUE, type="scroll", card="big_bits_o_map", target="c1", channel="c1")
    assert pub.moving is not None and pub.moving.creature == "c1" and pub.moving.free_tiles >= 4
    tokens = pub.tribes[BLUE].tokens
    play(t, BLUE, type="step", to="n15")
    play(t, BLUE, type="step", to="o15")
    assert pub.tribes[BLUE].tokens == tokens and pub.column("c1").tile == "o15"


# -- the stack: Nix, incantations ------------------------------------------------------------------------------------


def test_nix_against_nix_the_first_nix_nullified_the_ritual_resolves() -> None:
    """ "Yellow's "Nix," which targets and nullifies Blue's "Nix" and removes both scroll effects from the stack." """
    t = table(blue=["energy", "nix"], yellow=["nix"])
    pub = t.public
    pub.tribes[BLUE].active, pub.tribes[BLUE].depleted = 4, 4
    play(t, BLUE, type="scroll", card="energy", target="seat0")
    play(t, YELLOW, type="scroll", card="nix", target="#0")
    assert asked(t) == BLUE
    play(t, BLUE, type="scroll", card="nix", target="#1")
    while pub.windows:
        play(t, asked(t) or 0, type="pass")
    assert not pub.stack.entries and sorted(pub.discards) == ["energy", "nix", "nix"]
    assert pub.tribes[BLUE].depleted < 4  # Energy resolved: Blue's Nix nullified Yellow's


def test_an_incantation_needs_a_chanter_and_stays_in_play() -> None:
    t = table(blue=["war_chant"])
    pub = t.public
    play(t, BLUE, type="scroll", card="war_chant", target="seat0")
    assert pub.tribes[BLUE].chanting == 1 and not pub.stack.entries
    (chant,) = pub.incantations
    assert (chant.card, chant.caster, chant.target, chant.value) == ("war_chant", BLUE, BLUE, 1)
    assert not pub.discards and not t.private[BLUE].hand


def chanting_alone(t: ZTable) -> None:
    """Blue's War Chant in play, its chanter the only zimby at home, no mojo but in the chanter."""
    play(t, BLUE, type="scroll", card="war_chant", target="seat0")
    tribe = t.public.tribes[BLUE]
    tribe.active, tribe.depleted, tribe.tokens, tribe.mojo = 1, 0, 0, 0
    assert tribe.chanting == 1 and [i.card for i in t.public.incantations] == ["war_chant"]


def test_a_chanter_may_be_used_like_any_other_active_zimby_and_its_incantation_ends() -> None:
    # Issue 44: the chanter "may be used just like any other active zimby on the tribal board ... If the chanting
    # zimby is removed or becomes depleted, the incantation immediately ends". Chanters used to be kept out of
    # ``available()`` and of the extract, eat and send moves.
    spending: list[dict[str, Any]] = [{"type": "extract", "source": "zimby"}, {"type": "eat", "gain": "mojo"}]
    for move in spending:
        t = table(blue=["war_chant"])
        chanting_alone(t)
        assert move in RULES.dump_moves(legal(t, BLUE))
        play(t, BLUE, **move)
        tribe = t.public.tribes[BLUE]
        assert tribe.active == 0 and tribe.chanting == 0
        assert not t.public.incantations and t.public.discards == ["war_chant"]


def test_a_chanter_may_pay_and_be_sent_and_its_incantation_ends() -> None:
    t = table(blue=["war_chant"])
    chanting_alone(t)
    t.public.tribes[BLUE].mojo = 1  # pays the first tile of a send of one
    assert {"type": "send", "count": 1} in RULES.dump_moves(legal(t, BLUE))
    play(t, BLUE, type="send", count=1)
    assert not t.public.incantations and t.public.tribes[BLUE].chanting == 0
    assert [c.zimbies for c in t.public.columns] == [{BLUE: 1}]


def test_the_zimbies_spent_at_home_are_the_non_chanting_ones_first() -> None:
    t = table(blue=["war_chant"])
    chanting_alone(t)
    t.public.tribes[BLUE].active = 2
    play(t, BLUE, type="extract", source="zimby")
    assert [i.card for i in t.public.incantations] == ["war_chant"] and t.public.tribes[BLUE].chanting == 1


def test_a_shaman_may_end_its_own_incantation_by_drawing_mojo_from_its_chanter() -> None:
    """Issue 44: "nor end its own incantation that way": with zimbies at home that are not chanting, the chanter is
    spent only when named (``extract_chanter``)."""
    t = table(blue=["war_chant"])
    play(t, BLUE, type="scroll", card="war_chant", target="seat0")
    (chant,) = t.public.incantations
    tribe = t.public.tribes[BLUE]
    before = (tribe.active, tribe.depleted, tribe.mojo)
    assert {"type": "extract_chanter", "incantation": chant.id} in RULES.dump_moves(legal(t, BLUE))
    play(t, BLUE, type="extract_chanter", incantation=chant.id)
    assert not t.public.incantations and "war_chant" in t.public.discards and tribe.chanting == 0
    assert (tribe.active, tribe.depleted, tribe.mojo) == (before[0] - 1, before[1] + 1, before[2] + 1)
    assert not any(m.type == "extract_chanter" for m in legal(t, BLUE))


def test_a_nixed_incantation_is_discarded_and_its_chanter_stops_chanting() -> None:
    t = table(blue=["war_chant"], yellow=["nix"])
    pub = t.public
    play(t, BLUE, type="scroll", card="war_chant", target="seat0")
    assert pub.tribes[BLUE].chanting == 1
    play(t, YELLOW, type="scroll", card="nix", target="#0")
    while pub.windows:
        play(t, asked(t) or 0, type="pass")
    assert pub.tribes[BLUE].chanting == 0 and not pub.incantations
    assert sorted(pub.discards) == ["nix", "war_chant"]


def test_incantations_change_costs_never_below_1() -> None:
    t = table(blue=["spikey_bone_claws"])
    pub = t.public
    assert scroll_cost(pub, BLUE, "spikey_bone_claws") == 1
    pub.incantations.append(Incantation(id=90, card="chant_o_thrift", caster=YELLOW, target=BLUE, value=-1))
    assert scroll_cost(pub, BLUE, "spikey_bone_claws") == 1 and scroll_cost(pub, BLUE, "bungle") == 2
    pub.incantations.append(Incantation(id=91, card="chant_o_greed", caster=YELLOW, target=BLUE, value=2))
    assert scroll_cost(pub, BLUE, "spikey_bone_claws") == 2


def test_the_hand_limit_at_wrap_up_is_6_plus_the_incantations() -> None:
    """ "Any player with more than 6 scroll cards in their hand must discard down to 6" """
    cards = ["nix", "nix", "energy", "energy", "mojo_surge", "mojo_surge", "war_chant", "war_chant"]
    t = table(blue=list(cards), yellow=list(cards))
    pub = t.public
    pub.incantations.append(Incantation(id=90, card="hoarders_hum", caster=BLUE, target=BLUE, value=2))
    pub.tribes[BLUE].chanting = 1
    play(t, BLUE, type="end_turn")
    play(t, YELLOW, type="end_turn")
    assert pub.windows[-1].on == {"hand_limit": 1} and (pub.windows[-1].asked, pub.windows[-1].waiting) == (YELLOW, [])
    play(t, YELLOW, type="discard", card="nix")
    assert asked(t) == YELLOW  # 7 cards: asked again
    play(t, YELLOW, type="discard", card="war_chant")
    # Blue kept 8, Yellow 6; each drew 1 at the refresh.
    assert [len(p.hand) for p in t.private] == [9, 7] and sorted(pub.discards) == ["nix", "war_chant"]


def test_every_card_leaves_the_stack_to_the_discards_or_into_play() -> None:
    t = table(blue=["mojo_surge", "war_chant"])
    pub = t.public
    play(t, BLUE, type="scroll", card="mojo_surge", target="seat0")
    play(t, BLUE, type="scroll", card="war_chant", target="seat1")
    assert pub.discards == ["mojo_surge"] and [i.card for i in pub.incantations] == ["war_chant"]
    assert all(not isinstance(e, Cast) for e in pub.stack.entries)


# -- "Stop!" ---------------------------------------------------------------------------------------------------------


def test_a_path_in_sight_of_another_tribes_zimby_may_be_stopped_with_a_witchery() -> None:
    """ "As a creature passes through a zimby's LOS, the zimby's controller may say "stop" and halt the creature's
    movement to target it with a witchery in that position." """
    t = table(blue=["nix"], yellow=["blow_guns"])
    pub = t.public
    column(t, "k15", "c1", blue=1)
    column(t, "o15", "c2", yellow=1)
    play(t, BLUE, type="go", creature="c1")
    play(t, BLUE, type="step", to="j15")
    assert not pub.windows  # j15 is out of Yellow's sight (from o15 it sees n15, m15, l15)
    play(t, BLUE, type="halt")
    pub.column("c1").tile = "m15"
    play(t, BLUE, type="go", creature="c1")
    play(t, BLUE, type="step", to="n15")
    window = pub.windows[-1]
    assert window.on == {"path": "c1", "at": "n15"} and window.asked == YELLOW
    moves = [m for m in legal(t, YELLOW) if isinstance(m, UseScroll)]
    assert moves and all(m.card == "blow_guns" for m in moves)
    play(t, YELLOW, type="scroll", card="blow_guns", target="c1", channel="c2")
    (stop,) = pub.stack.entries
    assert isinstance(stop, Cast) and stop.stops == "c1"
    while pub.windows:
        play(t, asked(t) or 0, type="pass")
    assert not any(c.id == "c1" for c in pub.columns) and pub.moving is None  # 1 wound kills a lone zimby


def test_in_a_match_of_several_shamans_a_witchery_at_the_living_king_rolls_his_crowns_immunity() -> None:
    # Issue 44: "the King will check the obstacle immunity afforded him by his Crown": the King wears the Crown, with
    # its "50% immunity to witcheries". He used to roll none outside solitaire; Blow Guns always wounded him.
    held = set()
    for seed in range(6):
        t = table(blue=["blow_guns"])
        column(t, "i8", "c1", blue=2)
        _, event = RULES.act(
            t, Rng(seed), BLUE, {"type": "scroll", "card": "blow_guns", "target": "king", "channel": "c1"}
        )
        held.add("Blow Guns has no effect on king: the Crown's immunity holds" in event.public["happened"])
    assert held == {True, False}


def test_a_path_stopped_by_a_failed_witchery_may_go_on() -> None:
    """ "The creature must stop. If the witchery fails, the creature may finish its movement." """
    t = table(yellow=["spikey_bone_claws"])
    pub = t.public
    column(t, "m15", "c1", blue=1)
    column(t, "p15", "c2", yellow=1)
    pub.obstacles = [o for o in pub.obstacles if o.tile != "p15"]
    play(t, BLUE, type="go", creature="c1")
    play(t, BLUE, type="step", to="n15")
    assert asked(t) == YELLOW
    play(t, YELLOW, type="scroll", card="spikey_bone_claws", target="c1", channel="c2")
    while pub.windows:
        play(t, asked(t) or 0, type="pass")
    assert pub.moving is not None and pub.moving.creature == "c1" and pub.column("c1").scroll_bonus == 1
    assert any(m == {"type": "step", "to": "o15"} for m in RULES.dump_moves(legal(t, BLUE)))


def test_a_zimby_at_home_channels_at_the_witchery_active_tiles_by_the_entry_point() -> None:
    """ "The casting shaman must designate an active zimby they control on the main board or their tribal board" """
    t = table(blue=["blow_guns"])
    column(t, "k2", "c2", yellow=1)
    moves = [m for m in legal(t, BLUE) if isinstance(m, UseScroll)]
    assert moves == [UseScroll(card="blow_guns", target="c2", channel=home_tile(BLUE))]
    play(t, BLUE, type="scroll", card="blow_guns", target="c2", channel=home_tile(BLUE))
    assert not any(c.id == "c2" for c in t.public.columns)


# -- the King's, thugs' and zombies' attacks --------------------------------------------------------------------------


def test_a_thugs_combat_roll_asks_every_seat_able_the_first_mover_first() -> None:
    t = table(blue=["nix"], yellow=["nix"])
    pub = t.public
    column(t, "m15", "c1", yellow=1)
    thug = pub.thugs[0]
    thug.tile, thug.in_barracks = "n15", False
    play(t, BLUE, type="end_turn")
    play(t, YELLOW, type="end_turn")
    assert pub.phase == "thugs" and isinstance(pub.stack.entries[0], CombatRoll)
    window = pub.windows[-1]
    assert (window.asked, window.waiting) == (BLUE, [YELLOW]) and pub.pending_attack is not None
    while pub.windows:
        play(t, asked(t) or 0, type="pass")
    assert pub.pending_attack is None and not pub.stack.entries and pub.phase != "thugs"


# -- zimby cannibalism for witcheries ---------------------------------------------------------------------------------


def test_a_zimby_eats_tribesmen_to_double_a_witcherys_effect_multiplicatively() -> None:
    """ "Witchery doubling effects from cannibalism are multiplicative" ... "The same doubling and quadrupling occurs
    for zimbies devoured to increase the effect of a witchery." """
    t = table(blue=["big_bits_o_armor"])
    pub = t.public
    column(t, "m15", "c1", blue=3)
    move = UseScroll(card="big_bits_o_armor", target="c1", channel="c1", eat_for_effect=2)
    assert move in legal(t, BLUE)
    play(t, BLUE, **RULES.dump_move(move))
    assert pub.column("c1").zimbies == {BLUE: 1} and pub.tribes[BLUE].far_shore == 8 + 2
    assert 4 * 2 <= pub.column("c1").armor <= 4 * 4  # (1 + 1d3) x 4


def test_doubling_the_range_reaches_6_tiles() -> None:
    """ "the first zimby eaten to increase the range of a witchery doubles the range" """
    t = table(blue=["blow_guns"])
    column(t, "j17", "c1", blue=2)
    column(t, "p17", "c2", yellow=1)  # 6 tiles east along row 17, nothing between
    moves = [m for m in legal(t, BLUE) if isinstance(m, UseScroll) and m.target == "c2"]
    assert moves == [UseScroll(card="blow_guns", target="c2", channel="c1", eat_for_range=1)]


def test_only_a_single_tribe_column_cannibalises_and_never_its_last_zimby() -> None:
    """ "Only zimbies in single-tribe columns may cannibalize their tribesmen." "A zimby cannot cannibalize
    itself." """
    t = table(blue=["big_bits_o_armor"])
    column(t, "m15", "c1", blue=1)
    column(t, "k15", "c2", blue=2, yellow=1)
    eating = [m for m in legal(t, BLUE) if isinstance(m, UseScroll) and (m.eat_for_effect or m.eat_for_range)]
    assert not eating


# -- the King's rituals on the stack ----------------------------------------------------------------------------------


def test_the_kings_ritual_goes_through_the_stack_unanswered() -> None:
    """ "no mojo may be used and no effects may be placed on the stack until the ritual resolves": the King's
    ritual is pushed, opens no window although both seats hold a scroll, and resolves at once."""
    t = table(blue=["nix"], yellow=["nix"])
    pub = t.public
    play(t, BLUE, type="end_turn")
    play(t, YELLOW, type="end_turn")
    assert pub.round == 2 and pub.phase == "players" and not pub.windows
    assert pub.king.tile in {r.tile for r in pub.rituals}
    assert [r.ritual is not None for r in pub.rituals].count(True) == 1
    assert pub.stack.next_id == 1 and not pub.stack.entries  # entry #0 was the ritual


# -- patches o' darkness ----------------------------------------------------------------------------------------------


def test_a_column_in_a_patch_o_darkness_exits_onto_a_random_adjacent_tile_and_stops() -> None:
    """ "A creature exiting a darkened tile must randomly determine onto which adjacent tile it emerges (including
    the one by which it entered)." "Creatures are disoriented and lose all remaining movement when they initially
    exit a patch o' darkness." """
    seen = set()
    for seed in range(12):
        t = table()
        pub = t.public
        column(t, "o16", "c1", blue=1)
        pub.obstacles.append(Obstacle(tile="o16", kind="darkness"))
        play(t, BLUE, type="go", creature="c1")
        play(t, BLUE, Rng(seed), type="step", to="o17")
        assert pub.moving is None and pub.column("c1").tile in ("o15", "o17")
        seen.add(pub.column("c1").tile)
    assert len(seen) > 1


def test_a_column_entering_an_occupied_darkened_tile_swaps_with_its_occupant() -> None:
    """ "If a creature attempts to enter ... an occupied darkened tile ... the creature and the tile occupant swap
    tiles." """
    t = table()
    pub = t.public
    column(t, "m15", "c1", blue=1)
    column(t, "n15", "c2", yellow=1)
    pub.obstacles.append(Obstacle(tile="n15", kind="darkness"))
    play(t, BLUE, type="go", creature="c1")
    play(t, BLUE, type="step", to="n15")
    assert (pub.column("c1").tile, pub.column("c2").tile) == ("n15", "m15")


def test_the_ritual_of_winnowing_asks_each_shaman_which_drawn_card_to_keep() -> None:
    """ "Each player draws 2 random cards from the player to their left and looks at them, then puts their choice
    of one of the cards into their hand and the other on the discard pile." """
    t = table(blue=["nix", "energy", "hush"], yellow=["war_chant", "mojo_surge", "bungle"])
    pub = t.public
    t.secret.rituals = dict.fromkeys(t.secret.rituals, "winnowing")
    play(t, BLUE, type="end_turn")
    play(t, YELLOW, type="end_turn")
    window = pub.windows[-1]
    assert window.on == {"winnowing": 2} and phase(t) == "king"
    first, other = window.asked, 1 - window.asked
    drawn = t.private[first].winnowing
    assert len(drawn) == 2 and len(t.private[other].winnowing) == 2
    assert [len(p.hand) for p in t.private] == [3 + 1 - 2] * 2  # dealt 3, drew 1 at refresh, 2 drawn from each
    # The drawn cards are the drawer's private part: each seat's view holds its own draw only.
    assert RULES.view(t, other)["private"]["winnowing"] == t.private[other].winnowing
    keep = drawn[1]
    assert Keep(card=keep) in legal(t, first)
    play(t, first, type="keep", card=keep)
    assert keep in t.private[first].hand and not t.private[first].winnowing
    play(t, other, type="pass")  # the other keeps the first card it drew
    assert phase(t) == "players" and not pub.windows and len(pub.discards) == 2
    assert [len(p.hand) for p in t.private] == [3, 3]


def test_solitaire_winnowing_discards_the_librarys_top_card_or_a_random_card_of_the_hand() -> None:
    """ "In solitaire play, the player may choose to either discard 1 random card from their hand or place the top
    card of the scroll library on the discard pile." """
    for source in ("library", "hand"):
        t = table(1, blue=["energy", "mojo_surge"])
        pub = t.public
        t.secret.rituals = dict.fromkeys(t.secret.rituals, "winnowing")
        play(t, BLUE, type="end_turn")
        assert pub.windows[-1].on == {"winnowing": 2}
        library, hand = len(t.secret.library), len(t.private[BLUE].hand)
        play(t, BLUE, type="winnow", source=source)
        assert len(pub.discards) == 1 and pub.phase == "players"
        if source == "library":
            assert (len(t.secret.library), len(t.private[BLUE].hand)) == (library - 1, hand)
        else:
            assert (len(t.secret.library), len(t.private[BLUE].hand)) == (library, hand - 1)


def test_the_crown_is_not_picked_up_in_a_darkened_tile() -> None:
    """ "Items may be dropped but not picked up in darkened tiles." """
    t = table()
    pub = t.public
    pub.king.alive, pub.king.tile = False, None
    pub.crown = Crown(tile="n15", burden=2)
    pub.obstacles.append(Obstacle(tile="n15", kind="darkness"))
    column(t, "m15", "c1", blue=1)
    play(t, BLUE, type="go", creature="c1")
    play(t, BLUE, type="step", to="n15")
    assert pub.moving is not None and not pub.moving.found_crown
    assert {"type": "pick_up"} not in RULES.dump_moves(legal(t, BLUE))


def test_a_thug_in_a_patch_o_darkness_stumbles_out_onto_a_random_adjacent_tile_and_stops() -> None:
    """ "Creatures are disoriented and lose all remaining movement when they initially exit a patch o' darkness." """
    seen = set()
    for seed in range(12):
        t = table()
        thug = t.public.thugs[0]
        thug.tile, thug.in_barracks = "o16", False
        t.public.obstacles.append(Obstacle(tile="o16", kind="darkness"))
        walk(t.public, thug, 4, Rng(seed))
        assert thug.tile in ("o15", "o17")
        seen.add(thug.tile)
    assert len(seen) == 2


# -- incantations at work -------------------------------------------------------------------------------------------


def test_marching_drums_add_a_tile_to_each_expenditure_on_the_shamans_turn() -> None:
    t = table()
    pub = t.public
    column(t, "j17", "c1", blue=1)
    pub.incantations.append(Incantation(id=90, card="marching_drums", caster=BLUE, target=BLUE, value=1))
    pub.tribes[BLUE].chanting = 1
    play(t, BLUE, type="go", creature="c1")
    for tile in ("k17", "l17", "m17", "n17", "o17"):
        play(t, BLUE, type="step", to=tile)
    assert pub.tribes[BLUE].tokens == 3  # 4 + 1 tiles for 1 mojo


def test_war_chant_adds_to_the_shamans_combat_rolls() -> None:
    t = table()
    pub = t.public
    column(t, "m15", "c1", blue=1)
    column(t, "n15", "c2", yellow=1)
    pub.incantations.append(Incantation(id=90, card="war_chant", caster=BLUE, target=BLUE, value=1))
    pub.tribes[BLUE].chanting = 1
    play(t, BLUE, find_rng((1, 2)), type="attack", attacker="c1", target="c2")
    # 1 + 1 + 1 (the chant) against 2 + 1: equal rolls, both combat locked.
    assert pub.column("c1").in_combat and pub.column("c2").in_combat


def test_hush_ends_an_incantation_and_shocks_its_chanter() -> None:
    """ "The chanter on the discarded incantation becomes depleted from the shock of the incantation's
    destruction." """
    t = table(yellow=["hush"])
    pub = t.public
    pub.incantations.append(Incantation(id=90, card="war_chant", caster=BLUE, target=BLUE, value=1))
    pub.tribes[BLUE].chanting = 1
    t.secret.library.remove("war_chant")
    play(t, BLUE, type="end_turn")
    assert UseScroll(card="hush", target="incantation90") in legal(t, YELLOW)
    play(t, YELLOW, type="scroll", card="hush", target="incantation90")
    assert not pub.incantations and pub.tribes[BLUE].chanting == 0 and pub.tribes[BLUE].depleted == 1
    assert sorted(pub.discards) == ["hush", "war_chant"]


def test_a_thug_walking_through_a_zimbys_line_of_sight_may_be_stopped() -> None:
    """ "As a creature passes through a zimby's LOS, the zimby's controller may say "stop" and halt the creature's
    movement to target it with a witchery in that position." """
    for seed in range(40):
        t = table(blue=["death_curse"])
        pub = t.public
        for thug in pub.thugs[1:]:
            thug.active = False  # in their barracks, depleted: they do not return this round
        t0 = pub.thugs[0]
        t0.tile, t0.in_barracks = "m6", False
        column(t, "p8", "c1", blue=1)  # sees m8, three tiles west along row 8
        play(t, BLUE, type="end_turn")
        play(t, YELLOW, Rng(seed), type="end_turn")
        if not pub.windows:
            continue  # the thug rolled too short a walk to reach m8
        assert pub.windows[-1].on == {"path": "t0", "at": "m8"} and asked(t) == BLUE and t0.tile == "m8"
        curse = UseScroll(card="death_curse", target="t0", channel="c1")
        assert curse in legal(t, BLUE)
        play(t, BLUE, **RULES.dump_move(curse))
        (stop,) = pub.stack.entries
        assert isinstance(stop, Cast) and stop.stops == "t0" and asked(t) == BLUE
        while pub.windows:
            play(t, asked(t) or 0, type="pass")
        assert t0.in_barracks and phase(t) != "thugs"
        return
    raise AssertionError("no seed walked the thug past the zimby")


def test_a_shambling_zombie_may_be_stopped_and_dizzy_dust_ends_its_shamble() -> None:
    for seed in range(60):
        t = table(blue=["dizzy_dust"])
        pub = t.public
        for thug in pub.thugs:
            thug.active = False
        column(t, "p8", "c1", blue=1)
        pub.zombies.append(Zombie(id="z9", tile="m4", owner=YELLOW))
        play(t, BLUE, type="end_turn")
        play(t, YELLOW, type="end_turn")
        assert pub.windows[-1].on == {"shamble": 1}
        play(t, YELLOW, Rng(seed), type="pass")  # Yellow does not hold its zombie
        window = pub.windows[-1] if pub.windows else None
        if window is None or window.on != {"path": "z9", "at": pub.zombies[0].tile}:
            continue
        stopped_at = window.on["at"]
        dust = UseScroll(card="dizzy_dust", target="z9", channel="c1")
        assert asked(t) == BLUE and dust in legal(t, BLUE)
        play(t, BLUE, **RULES.dump_move(dust))
        while pub.windows:
            play(t, asked(t) or 0, type="pass")
        # Depleted, it shambles no further (the refresh of the next round makes it active again).
        assert pub.zombies[0].tile == stopped_at and pub.round == 2 and not pub.column("c1").in_combat
        return
    raise AssertionError("no seed shambled the zombie past the zimby")
