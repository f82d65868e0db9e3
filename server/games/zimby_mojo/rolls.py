"""One exchange of blows as plain values: the two combat rolls and the wounds they settle into.

:mod:`.combat` makes and delivers them on the table; they live here, apart, because the stack
(``state.CombatRoll``) holds the rolls until they settle and the table's state must not import the
rules that act on it. Nothing here knows the table.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

#: The die of a combat roll.
COMBAT_DIE = 6


class Wounds(BaseModel):
    """The wounds one exchange deals: to the attacker and to the defender (one of them is 0)."""

    model_config = ConfigDict(frozen=True)

    to_attacker: int = Field(0, ge=0)
    to_defender: int = Field(0, ge=0)

    def prevented(self, *, attacker: int = 0, defender: int = 0) -> Wounds:
        """These wounds less those prevented by effects pushed on the stack before delivery."""
        return Wounds(to_attacker=max(0, self.to_attacker - attacker), to_defender=max(0, self.to_defender - defender))


class Roll(BaseModel):
    """One combatant's combat roll: the die, its brutality and the sum of other effects."""

    model_config = ConfigDict(frozen=True)

    die: int = Field(ge=1, le=COMBAT_DIE)
    brutality: int = Field(ge=0)
    effects: int = 0

    @property
    def total(self) -> int:
        return self.die + self.brutality + self.effects


class CombatRolls(BaseModel):
    """Both combat rolls of one exchange, on the stack until they are settled."""

    model_config = ConfigDict(frozen=True)

    attacker: Roll
    defender: Roll

    def modified(self, *, attacker: int = 0, defender: int = 0) -> CombatRolls:
        """The rolls after an effect pushed on the stack (e.g. +1 brutality) resolves."""
        return CombatRolls(
            attacker=self.attacker.model_copy(update={"effects": self.attacker.effects + attacker}),
            defender=self.defender.model_copy(update={"effects": self.defender.effects + defender}),
        )

    def wounds(self) -> Wounds:
        """Settle the rolls: the higher deals the difference to the lower."""
        return wounds_by_difference(self.attacker.total, self.defender.total)


def wounds_by_difference(attacker_roll: int, defender_roll: int) -> Wounds:
    """The higher combat roll deals the difference in wounds to the lower; a tie deals none."""
    if attacker_roll > defender_roll:
        return Wounds(to_defender=attacker_roll - defender_roll)
    return Wounds(to_attacker=defender_roll - attacker_roll)
