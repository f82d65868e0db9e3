"""Every move, one model each, by the ``type`` that tells them apart on the wire.

The catalogue publishes these schemas (their titles are the class names, their descriptions the docstrings), and
the committed SDK models are generated from them, so a change here is a change of the protocol.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from server.engine import MoveModel

from .cards import HAND_LIMIT


class PlaceHex(MoveModel):
    """Board building: lay a hex at lattice spot ``q``, ``r`` (free: the house ``tile``; strict: the next
    face-down hex)."""

    type: Literal["place_hex"] = "place_hex"
    tile: str | None = None
    q: int = Field(ge=-2, le=2)
    r: int = Field(ge=-2, le=2)


class PlaceRoad(MoveModel):
    """Board building: lay a rhombus's road from hex ``a`` to hex ``b`` (or ``off``), then, as the next decision,
    its second road (free: the first road names the terrain ``tile``; strict: the next face-down rhombus)."""

    type: Literal["place_road"] = "place_road"
    tile: str | None = None
    a: str
    b: str


class PlaceTriangle(MoveModel):
    """Board building: lay a triangle whose three road ends lead to ``ends`` (hexes, or one ``off``)."""

    type: Literal["place_triangle"] = "place_triangle"
    tile: str | None = None
    ends: list[str] = Field(min_length=3, max_length=3)


class PassTile(MoveModel):
    """Board building: no tile of the seat's fits anywhere yet; wait for the next round."""

    type: Literal["pass_tile"] = "pass_tile"


class Show(MoveModel):
    """Lottery: show ``card`` (its value equals a die) to draw one card."""

    type: Literal["show"] = "show"
    card: str


class ShowAll(MoveModel):
    """Windfall lottery: show every card matching a die and draw one card for each (two each on a double)."""

    type: Literal["show_all"] = "show_all"


class Fly(MoveModel):
    """Clubs flight, before the roll, from a King tower: show ``card`` and fly to the tower ``to``."""

    type: Literal["fly"] = "fly"
    card: str
    to: str


class Roll(MoveModel):
    """Clubs flight declined: roll the dice for an ordinary turn."""

    type: Literal["roll"] = "roll"


class Buy(MoveModel):
    """Diamonds trade at a Jack plaza: buy the discarded ``card`` (the payment is the next decision)."""

    type: Literal["buy"] = "buy"
    card: str


class Contest(MoveModel):
    """Hearts access: challenge the rabbit at the Queen palace, showing ``cards``, six or more in hearts."""

    type: Literal["contest"] = "contest"
    cards: list[str] = Field(min_length=1, max_length=HAND_LIMIT + 1)


class Prove(MoveModel):
    """Hearts access, challenged: show ``cards``, six or more in hearts."""

    type: Literal["prove"] = "prove"
    cards: list[str] = Field(min_length=1, max_length=HAND_LIMIT + 1)


class Attack(MoveModel):
    """Spades fight: attack the rabbit of seat ``target`` on the same hex, throwing ``cards`` (spades)."""

    type: Literal["attack"] = "attack"
    target: int = Field(ge=0, le=3)
    cards: list[str] = Field(min_length=1, max_length=HAND_LIMIT + 1)


class Strike(MoveModel):
    """Spades fight: add ``cards`` (spades) to beat the other side's score (ties are barred)."""

    type: Literal["strike"] = "strike"
    cards: list[str] = Field(min_length=1, max_length=HAND_LIMIT + 1)


class Yield(MoveModel):
    """Spades fight: throw nothing more, and be kicked off the board."""

    type: Literal["yield"] = "yield"


class GiveUp(MoveModel):
    """A fourth royal stolen: give ``royal`` back to the court, freeing its carrot."""

    type: Literal["give_up"] = "give_up"
    royal: str


class Propose(MoveModel):
    """Extended trades: offer the rabbit of seat ``target`` on the same hex the diamond ``give`` (privately)."""

    type: Literal["propose"] = "propose"
    target: int = Field(ge=0, le=3)
    give: str


class Ask(MoveModel):
    """Extended trades: name the card wanted in return for the diamond offered."""

    type: Literal["ask"] = "ask"
    card: str


class Accept(MoveModel):
    """Extended trades: accept the deal offered (the card asked for is handed over, the diamond taken)."""

    type: Literal["accept"] = "accept"


class Decline(MoveModel):
    """Extended trades: decline the deal offered."""

    type: Literal["decline"] = "decline"


class Pass(MoveModel):
    """Hearts access: do not challenge; or, challenged, do not prove (and be thrown off the board)."""

    type: Literal["pass"] = "pass"


class Skip(MoveModel):
    """Lottery: show nothing, draw nothing."""

    type: Literal["skip"] = "skip"


class Go(MoveModel):
    """Journey: follow the road to road node ``to`` (``off``: off the board); free."""

    type: Literal["go"] = "go"
    to: str


class Stay(MoveModel):
    """Journey: do not move this turn (only before the journey has started)."""

    type: Literal["stay"] = "stay"


Via = Literal["trailway", "horse", "boat", "rabbit_hole", "tavern"]


class Transfer(MoveModel):
    """Journey: a paid transfer ``via`` a trailway crossing, a merchant's horse or boat, a rabbit hole, to ``to``;
    or (``tavern``) buy a joker here. The payment is the next decision."""

    type: Literal["transfer"] = "transfer"
    via: Via
    to: str


class Pay(MoveModel):
    """Pay the pending price (a transfer's, or a claim's: ten in the royal's suit) with ``cards``."""

    type: Literal["pay"] = "pay"
    cards: list[str] = Field(min_length=1, max_length=HAND_LIMIT + 1)


class Jester(MoveModel):
    """Pay the pending transfer with a joker held (it goes back to the court)."""

    type: Literal["jester"] = "jester"


class Cancel(MoveModel):
    """Give up the pending transfer or claim, paying nothing."""

    type: Literal["cancel"] = "cancel"


class Claim(MoveModel):
    """Acquisition: claim the royal of the house stood on (its payment is the next decision)."""

    type: Literal["claim"] = "claim"


class Rest(MoveModel):
    """Acquisition: make no claim."""

    type: Literal["rest"] = "rest"


class Discard(MoveModel):
    """Caught with more than nine cards: discard ``card``."""

    type: Literal["discard"] = "discard"
    card: str


AnyMove = (PlaceHex | PlaceRoad | PlaceTriangle | PassTile | Fly | Roll | Buy | Attack | Strike | Yield | GiveUp |
           Contest | Prove | Pass | Propose | Ask | Accept | Decline | Show | ShowAll | Skip | Go | Stay | Transfer |
           Pay | Jester | Cancel | Claim | Rest | Discard)  # fmt: skip
Move = Annotated[AnyMove, Field(discriminator="type")]
