"""Zimby Mojo for one player: the solitaire rules that change the multi-player game.

One tribe plays alone against the King, his thugs and the clock of a small
scroll library. What changes:

- **Setup**: 8 active zimbies, 4 active mojo tokens, a hand of 6 scrolls from
  a library of 17 scrolls without a red dot (:data:`LIBRARY_SIZE`; the cards
  themselves are part 2's scroll library: :func:`solo_library` is the seam).
- **Seals**: with no second shaman, one zimby of a column of at least 2 on the
  shrine is sacrificed to the Far Shore and its blood activates the seal
  (:func:`sacrifice_for_seal`).
- **Random quadrants and portals** (a returning thug's portal, the Rituals of
  Discord, Terror and Portals) are rolled on 1d6: 1-4 as usual, 5 and 6 the
  player's own (:func:`home_quadrant`; :func:`server.games.zimby_mojo.king.random_pick`).
- **The thugs after the King's death** all make for the outer route of the
  player's quadrant at 2d6 and patrol it; the first two to reach the two
  tiles flanking the player's entry point hold position there
  (:func:`flank_to_hold`; the walking is :mod:`.npcs`).
- **Losing**: a thug delivers the Crown to the blood mist (``thug_crowned``),
  or the library cannot give the refresh's card (``library_empty``): :func:`lose`.
- **Winning and the score**: the Crown brought home wins; the score is the
  number of cards left in the library then (:func:`solo_score`), zero included.

Hidden: the library's order (secret), the hand (private), as in the
multi-player game.

Chance: the 1d6 for random quadrants and portals; everything else as in the
multi-player game.

Interpretations (rulebook: ``zimby-mojo.md``, "Solitaire play"):

- "assign a roll of 5 or 6 to the one connected to (or nearest) the player's
  tribal board." -> the player's quadrant is the quadrant of the entry point
  its tribal board attaches to, and its portal is that quadrant's portal (one
  portal per quadrant).
- "The first thug to arrive will stop on the first ... it encounters; the
  second will hold position on the next" -> the flanks are the outer route's
  tiles just before and just after the entry tile; a thug walking onto a flank
  no thug holds, while fewer than two hold, stops there and holds. A holding
  thug still attacks what comes into its combat zone, and one that picks up
  the Crown stops holding and makes for the mist.
- "There must be at least 2 zimbies in the column at the shrine: one to
  perform the sacrifice and one to be the sacrifice." -> the column must be
  active and hold at least 2 zimbies of the player's tribe; the sacrifice
  costs no mojo.
- "is equal to the number of cards left in the scroll library when they get
  the Crown to their tribal board." -> the score is
  ``Public.library_size`` at that moment; a loss scores nothing.
- "granted by the King's Crown applies to witcheries that target the tile he
  occupies as well as those that target the King himself." -> in solitaire
  the living King's 50 % witchery immunity (his in every match, against
  witcheries aimed at him) also covers witcheries aimed at his tile;
  :func:`king_shielded` says when his tile is covered, for part 2's
  witcheries to roll :func:`server.games.zimby_mojo.king.crown_immune`. A
  Crown carrier after him is not covered on its tile.
"""

from __future__ import annotations

from .board import BOARD, Board
from .state import Column, Public, TileId

#: The solitaire library, starting zimbies, mojo tokens and hand.
LIBRARY_SIZE = 17
START_ZIMBIES = 8
START_TOKENS = 4
START_HAND = 6
#: Thugs that hold position on the flanks of the player's entry point.
HOLDERS = 2


def home_quadrant(public: Public, board: Board = BOARD) -> int:
    """The quadrant of the player's entry point: what a 5 or 6 picks for a random quadrant or portal."""
    entry = board.entry_point(public.tribes[0].entry)
    if entry is None:
        raise ValueError(f"{public.tribes[0].entry} is not an entry point")
    return entry.quadrant


def flanks(public: Public, board: Board = BOARD) -> tuple[TileId, TileId]:
    """The two route tiles flanking the player's entry point, in walking order (the book's X marks)."""
    entry = board.entry_point(public.tribes[0].entry)
    if entry is None:
        raise ValueError(f"{public.tribes[0].entry} is not an entry point")
    return entry.flanks


def flank_to_hold(public: Public, tile: TileId, board: Board = BOARD) -> bool:
    """Whether a thug walking onto ``tile`` stops to hold it: a flank nobody holds, while fewer than 2 hold."""
    holding = [t for t in public.thugs if t.holding and not t.in_barracks]
    if tile not in flanks(public, board) or len(holding) >= HOLDERS:
        return False
    return all(t.tile != tile for t in holding)


def sacrifice_for_seal(public: Public, column: Column, player: int = 0) -> bool:
    """Sacrifice one of the column's zimbies on a shrine to activate its seal (needs 2 or more): done or not."""
    if not column.active or column.zimbies.get(player, 0) < 2:
        return False
    column.zimbies[player] -= 1
    public.tribes[player].far_shore += 1
    public.happened.append(f"a zimby of {column.id} is sacrificed on {column.tile}")
    return True


def lose(public: Public, reason: str) -> None:
    """The solitaire player loses: the match is over with no winner."""
    public.phase, public.winners, public.reason = "over", [], reason
    public.happened.append(f"the player loses ({reason})")


def solo_score(public: Public) -> int:
    """The score of a win: the cards left in the scroll library (zero is possible)."""
    return public.library_size


def solo_library(cards: list[str]) -> list[str]:
    """The 17 cards of the solitaire library, from a shuffled library without red-dot cards (part 2's cards)."""
    return cards[:LIBRARY_SIZE]


def king_shielded(public: Public, target: TileId) -> bool:
    """Whether a witchery aimed at ``target`` meets the King's 50 % immunity: in solitaire, at him or his tile."""
    return public.solitaire and public.king.alive and public.king.tile == target
