"""The blow at Zimby Mojo's King as a plan: muster at home, set out when one turn takes three to him (issue 46).

"Kill the Cannibal King": behind an open ward a column of three of one tribe beside him strikes, a zimby of it
eating the other two for "1 + 8 = 9 brutality". Zimbies sent out one or two at a time waited on the way for the
rest and died at the end of the rounds (the blood mist, the thugs); now they wait at home until a turn's mojo
takes three to him.
"""

from __future__ import annotations

from typing import Any

from server import games
from server.ai import zimby_blow as blow
from server.ai import zimby_mojo as zm_ai
from server.ai import zimby_reflexes as zr_ai
from server.engine.play import Rules
from server.engine.rng import Rng
from server.games.zimby_mojo.state import KING_ID, Attack, Column, Eat, Send, Spawn, Warp, ZTable

RULES: Rules = games.get("zimby_mojo")
#: Seat 0 comes onto the board at ``k1``; the King is in the blood mist, ``i9``. The tiles from its tribal board to
#: one beside him, through each ward: the near one (``i6``), one at the side (``l9``), the one across (``i12``).
NEAR, SIDE, ACROSS = 0, 1, 2


def table(ward: int) -> ZTable:
    """Two shamans, nothing on the main board, seat 0 to play with a full tribal board (8 active, 4 tokens), the
    King alive behind the open ``ward``."""
    t, _ = RULES.setup(RULES.parse_options({"first_player": 0}), 2, 7)
    t.public.columns = []
    t.public.next_id = 100
    t.public.wards[ward].open = True
    return t


def by_rule(t: ZTable) -> Any:
    return zr_ai.reflex(RULES, t, 0, 0, RULES.legal_moves(t, 0))


def test_three_set_out_when_the_turn_s_mojo_takes_them_beside_the_king_and_strike() -> None:
    """Ten tiles through the near ward, two a mojo for a column of three: five of the nine mojo left once three
    are sent. The walk takes them beside him, and the blow follows, eating two."""
    t = table(NEAR)
    assert by_rule(t) == Send(count=3)
    for _ in range(40):
        move = by_rule(t)
        if isinstance(move, Attack):
            break
        assert move is not None
        RULES.advance(t, Rng(0), 0, move)
    assert isinstance(move, Attack) and move.target == KING_ID and move.eat == 2
    assert zm_ai.odds(t.public, 0, move)[0] >= blow.BLOW


def test_short_of_the_mojo_nobody_leaves_home() -> None:
    """Three at home and no token: nothing to walk with once they are sent. No zimby is sent or warped out alone
    to wait for the rest; a spawn (a mojo every round to come) stays."""
    t = table(NEAR)
    tribe = t.public.tribes[0]
    tribe.active, tribe.tokens = 3, 0
    legal = RULES.legal_moves(t, 0)
    assert blow.launch(RULES, t, 0, legal) is None
    assert Send(count=1) in legal and Warp(count=1) in legal and Spawn() in legal
    kept = zr_ai.prune(t, 0, legal)
    assert not any(isinstance(m, Send | Warp) for m in kept)
    assert Spawn() in kept


def test_a_zimby_is_eaten_at_home_when_its_mojo_takes_the_three_to_the_king() -> None:
    """Sixteen tiles through the ward at the side, eight mojo, and the walk counts one more for the King's own
    tile: nine. Three tokens and the five left at home make eight. "Each active zimby eaten will provide the
    shaman with ... 2 mojo": one eaten, and the three set out; with a token, two would have to be eaten a third
    time (at most twice a round), and none is. (The thug that starts on the way, at ``m6``, is in its barracks.)"""
    t = table(SIDE)
    t.public.tribes[0].tokens = 3
    t.public.thugs[0].in_barracks = True
    assert by_rule(t) == Eat(gain="mojo")
    RULES.advance(t, Rng(0), 0, Eat(gain="mojo"))
    assert by_rule(t) == Send(count=3)
    t = table(SIDE)
    t.public.tribes[0].tokens = 1
    assert blow.launch(RULES, t, 0, RULES.legal_moves(t, 0)) is None
    assert Eat(gain="mojo") not in zr_ai.prune(t, 0, RULES.legal_moves(t, 0))


def test_with_a_full_tribal_board_and_the_king_beyond_a_turn_three_set_out_a_turn_ahead() -> None:
    """Twenty-four tiles through the ward across the sanctum: more than a full tribal board pays for in a turn,
    two eaten. The tribe cannot grow, so three set out to halt on the way, never fewer; not while it has room at
    home for a spawn, nor a second column of three while the first is out."""
    t = table(ACROSS)
    legal = RULES.legal_moves(t, 0)
    assert blow.launch(RULES, t, 0, legal) is None
    kept = zr_ai.prune(t, 0, legal)
    assert Send(count=3) in kept
    assert not any(isinstance(m, Send | Warp) and m != Send(count=3) for m in kept)
    t.public.columns = [Column(id="c0", tile="j3", zimbies={0: 3})]
    assert not any(isinstance(m, Send) for m in zr_ai.prune(t, 0, RULES.legal_moves(t, 0)))
    t.public.columns, t.public.tribes[0].active = [], 7
    assert not any(isinstance(m, Send) for m in zr_ai.prune(t, 0, RULES.legal_moves(t, 0)))


def test_a_tribe_that_can_grow_spawns_where_nobody_sets_out() -> None:
    """Six at home and ten mojo, the King beyond a turn's walk through the ward across the sanctum: no column sets
    out, and a zimby is spawned (the search, its playouts rating the seat far ahead, ended its turns); with a full
    tribal board, three set out ahead instead (the test above)."""
    t = table(ACROSS)
    tribe = t.public.tribes[0]
    tribe.active, tribe.far_shore = 6, 10
    assert blow.launch(RULES, t, 0, RULES.legal_moves(t, 0)) is None
    assert by_rule(t) == Spawn()
    RULES.advance(t, Rng(0), 0, Spawn())
    RULES.advance(t, Rng(0), 0, Spawn())
    assert by_rule(t) is None  # the board full: the rest of the turn is the search's
