"""The match options: the objective, the board, the first player, the round limit, and one switch for each suit
power of the Standard game and each optional addition (the intro game is all of them off)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from server.engine import Options

from .cards import Additions, Objective


class JackrabbitsOptions(Options):
    objective: Objective = Field("simple", description="which three royals win: the objective chosen at setup")
    board: Literal["sample", "random", "strict", "free"] = Field(
        "sample",
        description="the fixed sample board; a seeded random board that follows the placement suggestions; or the "
        "players build it, tile by tile in turn, drawing face-down tiles (strict) or choosing among their face-up "
        "tiles (free)",
    )
    first_player: int | None = Field(None, ge=0, le=3, description="seat of the first player; drawn if unset")
    turn_limit: int = Field(40, ge=1, le=1000, description="rounds after which the most royals held wins")
    clubs_flights: bool = Field(
        False,
        description="Standard game, clubs: from a King tower, show a card before the roll and fly to another tower "
        "if it reaches the dice; pay the shortfall in the tower's suit or fall off the board",
    )
    diamonds_trades: bool = Field(
        False,
        description="Standard game, diamonds: at a Jack plaza buy one discarded card of its suit for its value in "
        "diamonds (any suit at the Jack of diamonds' plaza, the one with the asterisk)",
    )
    spades_fights: bool = Field(
        False,
        description="Standard game, spades: at the acquisition, attack a rabbit on the same hex; both add spades to "
        "beat the other's score; the one who stops is kicked off the board, and a winning attacker steals a card",
    )
    hearts_access: bool = Field(
        False,
        description="Standard game, hearts: a rabbit reaching a Queen palace may be challenged to show six in hearts; "
        "whoever is wrong is thrown off the board",
    )
    advanced_citadel: bool = Field(
        False,
        description="Advanced Citadel (with a suit power): the Citadel also vets hearts like a palace, sells any "
        "discard for diamonds like a plaza, and launches flights like a tower for a club shown",
    )
    extended_flights: bool = Field(
        False, description="Extended Flights (with clubs flights): a flight may land on any hex of the board"
    )
    extended_access: bool = Field(
        False,
        description="Extended Access (with hearts access): rabbits resting on any hex but the underground may "
        "challenge a rabbit that arrives there",
    )
    extended_trades: bool = Field(
        False,
        description="Extended Trades (with diamonds trades): at the acquisition, offer a rabbit on the same hex a "
        "diamond for a card you name; only the two of you see the deal",
    )
    tight_suits: bool = Field(
        False,
        description="Tight Suits: as many suits (spades, hearts, clubs, diamonds, in that order) and sets of road "
        "tiles as players; needs a random board with fewer than 4 players",
    )
    ambivalent_aces: bool = Field(False, description="Ambivalent Aces: aces pay 11 (and show 1 in the lottery)")
    capital_aces: bool = Field(
        False, description="Capital Aces: a seat's first ace paid counts 11 and is kept face up before it"
    )
    additional_capital: bool = Field(
        False, description="Additional Capital (with Capital Aces): the kept ace adds 1 to payments in its suit"
    )
    trailing_carrots: bool = Field(
        False, description="Trailing Carrots: a journey may go on through a house whose royal the seat holds"
    )
    windfall_lottery: bool = Field(
        False, description="Windfall Lottery: show every matching card and draw one for each (two on a double)"
    )
    overtaxed_hands: bool = Field(False, description="Overtaxed Hands: the hand limit is 6 instead of 9")
    seized_surplus: bool = Field(
        False, description="Seized Surplus: the next seat takes a caught hand's surplus cards at random"
    )
    patriarchal_values: bool = Field(
        False, description="Patriarchal Values: aces 14, kings 13, queens 12, jacks 11 (not with the other ace options)"
    )

    def additions(self) -> Additions:
        return Additions(**{name: getattr(self, name) for name in Additions.model_fields})
