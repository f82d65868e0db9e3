"""Spades fights (Standard game): the acquisition on a hex where other rabbits stand may open a fight, once a turn;
the sides throw spades in turn, each beating the other's score, and the one who stops is kicked off the board.

The defender losing is robbed of a card at random, seen by the two seats only unless it is a royal or a joker
(their carrots and ownership are public); a thief with a fourth royal gives one back.
"""

from __future__ import annotations

from typing import Any

from server.engine import IllegalMove, Rng

from .acquisition import rivals
from .board import OFF, SPADES
from .cards import CARROTS, Purse, check_cards, payments, showing, value
from .flow import increment
from .hands import spend
from .moves import AnyMove, Attack, GiveUp, Strike, Yield
from .state import Fight, JTable, Private, Public


def needed(fight: Fight, seat: int) -> int:
    """What the seat must throw to take its score above the other's ("tying scores is barred")."""
    mine, theirs = (0, 1) if seat == fight.attacker else (1, 0)
    return fight.scores[theirs] - fight.scores[mine] + 1


def fight_moves(public: Public, private: Private, seat: int) -> list[AnyMove]:
    """Each throw that beats the other side, or yielding."""
    assert public.fight is not None
    blows = payments(private.hand, SPADES, needed(public.fight, seat), Purse(showing(public.additions), None))
    return [*(Strike(cards=cards) for cards in blows), Yield()]


def give_up_moves(public: Public, private: Private, seat: int) -> list[AnyMove]:
    """A thief holding four royals gives one of them (its choice) back to the court."""
    return [GiveUp(royal=r) for r in public.royals[seat]]


def check_strike(public: Public, private: Private, seat: int, move: Strike) -> None:
    """Any spades held that beat the other side are accepted, not only the throws listed."""
    assert public.fight is not None
    need = needed(public.fight, seat)
    check_cards(private.hand, move.cards, SPADES, need, Purse(showing(public.additions), None))


def check_attack(public: Public, private: Private, seat: int, move: Attack) -> None:
    """The target stands on the seat's hex, and the opening throw is spades held."""
    if move.target not in rivals(public, seat):
        raise IllegalMove("attack a rabbit that stands on your hex")
    check_cards(private.hand, move.cards, SPADES, 1, Purse(showing(public.additions), None))


def fight(
    table: JTable,
    seat: int,
    move: Attack | Strike | Yield | GiveUp,
    rng: Rng,
    news: dict[str, Any],
    private: dict[int, Any],
) -> None:
    """Spades: back and forth, each side adding spades to beat the other; the one who stops is kicked off."""
    pub = table.public
    if isinstance(move, GiveUp):
        spend(table, seat, [move.royal])
        news["royal"] = move.royal
        pub.phase = "acquire"
        return
    if isinstance(move, Attack):
        pub.fought = True
        pub.fight = Fight(attacker=seat, defender=move.target, scores=[0, 0], to_throw=seat)
    f = pub.fight
    assert f is not None
    if isinstance(move, Attack | Strike):
        side = 0 if seat == f.attacker else 1
        f.scores[side] += sum(value(c, showing(pub.additions)) for c in move.cards)
        spend(table, seat, list(move.cards))
        pub.shown = list(move.cards)
        news.update(cards=list(move.cards), scores=list(f.scores))
        f.to_throw = f.defender if seat == f.attacker else f.attacker
        pub.phase = "fight"
        return
    # A yield: the struggler is kicked off the board; a winning attacker steals a card at random.
    pub.fight = None
    pub.rabbits[seat] = OFF
    news["kicked"] = seat
    if seat == f.attacker:
        increment(table, seat, rng, news, private)
        return
    loot = table.private[f.defender].hand
    if loot:
        card = loot[rng.below(len(loot))]
        loot.remove(card)
        table.private[f.attacker].hand.append(card)
        private.setdefault(f.attacker, {})["stole"] = card
        private.setdefault(f.defender, {})["lost"] = card
        for held in (pub.royals, pub.jesters):
            if card in held[f.defender]:
                held[f.defender].remove(card)
                held[f.attacker].append(card)
                news["stole"] = card  # a royal or a joker changes hands in plain view
    pub.phase = "give_up" if len(pub.royals[f.attacker]) > CARROTS else "acquire"
