"""The blow at Zimby Mojo's King as a plan: muster at home, set out when one turn takes three to him, strike then.

Behind an open ward, while the King lives, the blow is a column of three of one tribe beside him, a zimby of it
eating the other two ("give the remaining zimby 1 + 8 = 9 brutality" against his 1 plus the thugs in play: 21
times in 36 with four). Left to the search, whose playouts are cut after a few moves, a tribe sent its zimbies out
as the mojo came, one or two a turn; they waited on the way or beside the King for the rest, and the round's end
took them one by one: the King's rituals (the blood mist "fills all the tiles in the King's sanctum and X-many
contiguous, adjacent tiles beyond"), the thugs on the route round the sanctum. Against random play, in three of
ten matches the King was alive at round 60 with a ward open since round 4, 4 and 19, and where he died it took 10
to 28 rounds after the ward; of 145 zimbies a bot lost in six matches, 106 died at the end of a round. At home they
are out of the mist's and the thugs' way, and each is a mojo every round.

So, on the seat's own turn with nothing under way:

- :func:`launch`: a column of three that this turn's mojo takes within the King's reach, and that then strikes him
  at least :data:`BLOW` of the time, sets out: one of the tribe's columns of three on the main board, else three
  sent from home, a zimby or two at home eaten first if their mojo makes the difference. Each is tried on a copy
  of the sampled table, walked by the walk that will take it (:func:`server.ai.zimby_roads.tried`); the blow
  itself is the reflex's (:func:`server.ai.zimby_reflexes.king_blow`).
- :func:`holds`: otherwise no zimby leaves home (every zimby at home is a mojo a round more: three sent and a walk
  of ten tiles through the nearest ward, two a mojo, take the four tokens and a fourth zimby at home; through a
  ward at the side, sixteen, a full tribal board, the walk counting the King's own tile), but three sent a turn
  ahead once the tribe cannot grow (:func:`stages`).
- :func:`muster`: and a zimby spawned while the tribe can grow: the tribal board filled is the launch's mojo.

Reads only the sampled table the search hands it (its public part), never the real one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from server.engine.play import AnyTable, Rules
from server.games.zimby_mojo.board import BOARD
from server.games.zimby_mojo.mojo import EAT_LIMIT, available
from server.games.zimby_mojo.state import (
    COLUMN_TRIBE_LIMIT,
    KING_ID,
    TRIBAL_BOARD_LIMIT,
    Attack,
    Column,
    Eat,
    Go,
    Public,
    Send,
    Spawn,
    Warp,
)
from server.games.zimby_mojo.ways import movement

from .zimby_mojo import odds
from .zimby_roads import blow_stage, distances_to, free_turn, impassable, tried

#: The column that strikes: "a zimby cannibalize two others in the column for +8 brutality".
THREE = COLUMN_TRIBE_LIMIT
#: The least chance of killing the King at which a column sets out to strike him (the reflex strikes at it too).
BLOW = 0.5


def planning(public: Public, seat: int) -> bool:
    """The seat's own turn with nothing under way (no path, request or window), behind an open ward while the King
    lives: where :func:`launch` and :func:`holds` decide."""
    return blow_stage(public) and free_turn(public, seat)


def launch(rules: Rules, table: AnyTable, seat: int, legal: Sequence[Any]) -> Any | None:
    """The move that sets out a column of three which this turn's mojo takes within the King's reach, and which
    strikes him then with a chance of at least :data:`BLOW`, or a zimby at home eaten first for the mojo that
    takes it there ("Each active zimby eaten will provide the shaman with ... 2 mojo", at most twice a round);
    ``None`` if there is none. A column on the board is tried first (three sent from home cost the mojo of three
    more at home), and the fewest eaten."""
    public: Public = table.public
    if not planning(public, seat):
        return None
    columns = {c.id for c in _threes(public, seat)}
    goes: list[Go | Send] = [m for m in legal if isinstance(m, Go) and m.own is None and m.creature in columns]
    sends: list[Go | Send] = [m for m in legal if isinstance(m, Send) and m.count == THREE]
    eat = Eat(gain="mojo")
    for move in goes + sends:
        short = _short(public, seat, move)
        if short is None:
            continue
        for eaten in range(short, _eatable(public, seat, move) + 1):
            if _strikes(rules, table, seat, move, eaten):
                return move if eaten == 0 else eat if eat in legal else None
    return None


def muster(public: Public, seat: int, legal: Sequence[Any]) -> Spawn | None:
    """A zimby spawned where no column sets out this turn (:func:`launch` first): each at home is a mojo every
    round for the launch, and a full tribal board sends three ahead (:func:`stages`). A search whose playouts rate
    the seat far ahead (its opponent with nothing on the board) does not tell a spawn from ending the turn: against
    random play a tribe of six with ten mojo ended its turns for a dozen rounds, the King beyond the ward across
    the sanctum alive and no column of three ever sent."""
    return Spawn() if planning(public, seat) and Spawn() in legal else None


def _eatable(public: Public, seat: int, move: Go | Send) -> int:
    """How many zimbies at home the seat may still eat this round and keep the three it sends active."""
    tribe = public.tribes[seat]
    keep = THREE if isinstance(move, Send) else 0
    return max(0, min(EAT_LIMIT - tribe.eaten, tribe.active - keep))


def _short(public: Public, seat: int, move: Go | Send) -> int | None:
    """A cheap bound before the walk is tried: how many zimbies the seat must eat at home at the least (each is a
    mojo more than the one it would give) for this turn's mojo to pay for the tiles of the shortest way, round
    closed wards and the obstacles every walk avoids, from where the column starts to a tile beside the King ("his
    combat zone ... including adjacent tiles and corner-corner touching tiles"); ``None``: more than it may eat."""
    king = public.king.tile
    if king is None:
        return None
    tribe = public.tribes[seat]
    if isinstance(move, Send):
        start, mojo, tiles = tribe.entry, available(tribe) - THREE, 1  # the tribal board is a tile before its entry
    else:
        start, mojo, tiles = next(c.tile for c in public.columns if c.id == move.creature), available(tribe), 0
    away = distances_to(frozenset(BOARD.surrounding(king)), impassable(public)).get(start)
    if away is None:
        return None
    per, cost = movement(THREE)
    short = max(0, -(-(tiles + away) // per) * cost - mojo)
    return short if short <= _eatable(public, seat, move) else None


def _strikes(rules: Rules, table: AnyTable, seat: int, move: Go | Send, eaten: int) -> bool:
    """``eaten`` zimbies eaten at home, then ``move`` played, on a copy of the sampled table, and its path walked to
    its end, leave the column where it strikes the King at least :data:`BLOW` of the time."""
    after = tried(rules, table, seat, [Eat(gain="mojo")] * eaten + [move])
    legal = rules.legal_moves(after, seat)
    blows = [m for m in legal if isinstance(m, Attack) and m.target == KING_ID]
    return any(odds(after.public, seat, m)[0] >= BLOW for m in blows)


def holds(public: Public, seat: int, move: Any) -> bool:
    """``move`` sends zimbies from home, or warps them, when the plan keeps them there: any that :func:`launch` did
    not choose, but three sent ahead (:func:`stages`)."""
    if not isinstance(move, Send | Warp) or not planning(public, seat):
        return False
    return not (isinstance(move, Send) and move.count == THREE and stages(public, seat))


def stages(public: Public, seat: int) -> bool:
    """Three may set out a turn ahead, to halt on the way (:func:`server.ai.zimby_roads.walk` stops at the thugs'
    reach) and strike from there the next turn: the tribe cannot grow at home (its tribal board full, "never more
    than 8", or its Far Shore empty) and has no column of three on the board yet. A full tribal board pays, three
    sent and two eaten, for 22 tiles, and through the ward across the sanctum the King is 25 from a tribal board.
    Sent whenever the board was full, columns of three sat at the thugs' reach beside the tribe's entry point,
    three at a time, and the King dead, nobody was left at home for the Crown's dash (against random play, the
    Crown of one match waited in the sanctum from round 28 to the round limit)."""
    tribe = public.tribes[seat]
    full = tribe.far_shore == 0 or tribe.zimbies >= TRIBAL_BOARD_LIMIT
    return full and not _threes(public, seat)


def _threes(public: Public, seat: int) -> list[Column]:
    """The seat's columns of three of its tribe alone on the main board: the ones that strike."""
    return [c for c in public.columns if set(c.zimbies) == {seat} and c.size == THREE and c.tile in BOARD]
