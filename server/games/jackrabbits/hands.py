"""Cards on the move between the pile, the hands, the discards and the court: spending, drawing, and a surplus
seized by the next seat (Seized Surplus).

Every card that leaves or joins a hand outside a deal or a theft goes through here, so a royal or a joker always
returns to the court and frees its carrot the same way, and the pile is refilled from the discards in one place.
"""

from __future__ import annotations

from typing import Any

from server.engine import Rng
from server.engine.cards import is_joker
from server.engine.piles import draw

from .cards import is_royal
from .state import JTable


def spend(table: JTable, seat: int, cards: list[str]) -> None:
    """Cards leave the hand: royals and jokers go back to the court (freeing a royal's carrot), the rest
    to the discards."""
    pub = table.public
    for card in cards:
        table.private[seat].hand.remove(card)
        if is_royal(card) or is_joker(card):
            pub.court.append(card)
            for held in (pub.royals[seat], pub.jesters[seat]):
                if card in held:
                    held.remove(card)
        else:
            pub.discards.append(card)


def draw_cards(table: JTable, seat: int, rng: Rng, news: dict[str, Any], private: dict[int, Any], n: int = 1) -> None:
    """Draw ``n`` cards into the seat's hand (the pile reshuffled from the discards when it runs out)."""
    drawn = draw(table.secret.pile, rng, n, discard=table.public.discards)
    if drawn.reshuffled:
        news["reshuffled"] = True
    if drawn.cards:
        table.private[seat].hand.extend(drawn.cards)
        private.setdefault(seat, {}).setdefault("drew", []).extend(drawn.cards)


def seize_surplus(table: JTable, seat: int, rng: Rng, news: dict[str, Any], private: dict[int, Any]) -> list[int]:
    """The revealer, the next seat clockwise, robs the surplus blindly (royals and jokers stay); both seats learn
    which cards moved. Returns the seats still over the limit, who discard now, the robbed seat first."""
    pub = table.public
    hand = table.private[seat].hand
    robber = (seat + 1) % len(table.private)
    loot = rng.shuffled(sorted(c for c in hand if not is_royal(c) and not is_joker(c)))
    taken = loot[: len(hand) - pub.hand_limit]
    for card in taken:
        hand.remove(card)
    table.private[robber].hand.extend(taken)
    news["seized"] = {"by": robber, "cards": len(taken)}
    table.private[seat].seized = list(taken)
    private.setdefault(seat, {})["seized"] = list(taken)
    private.setdefault(robber, {})["took"] = list(taken)
    # "Anyone who's caught discards": the robber now over the limit is caught too, and discards at once
    # (after the robbed seat, if royals and jokers keep that one over).
    return [s for s in (seat, robber) if len(table.private[s].hand) > pub.hand_limit]
