"""Jabberwocky: bid the high cards; win a trick as cheaply as possible, else throw the lowest card.

vorpal-bot --strategy trick_bot:choose --game jabberwocky --seats 3 --bots 1,2 --options '{"rounds": 1}'
"""

from vorpal_client import Decision
from vorpal_client.games import jabberwocky as jw


def choose(d: Decision) -> jw.Move:
    view, moves = d.view_as(jw.View), d.legal_as(jw.MOVE)
    pub, hand = view.public, view.private.hand if view.private else []
    trump = pub.trump_card[1]
    if pub.phase == "bid":  # a trick for each ace, king and high trump
        strong = sum(c[0] in "AK" or (c[1] == trump and c[0] in "QJT") for c in hand)
        return min((m for m in moves if isinstance(m, jw.Bid)), key=lambda m: abs(m.tricks - strong))
    led = pub.trick[0].card[1] if pub.trick else None

    def power(card: str) -> tuple[bool, bool, int]:  # what wins a trick: trump, then the led suit, then rank
        return card[1] == trump, card[1] == led, "23456789TJQKA".index(card[0])

    cards = sorted((m.card for m in moves if isinstance(m, jw.Play)), key=lambda c: power(c)[2])
    cards = [c for c in cards if c[1] == led] or cards  # follow suit: reneging costs 3 points
    want = (pub.bids[d.seat] or 0) > pub.tricks_won[d.seat]
    if not pub.trick:
        return jw.Play(card=cards[-1] if want else cards[0])
    best = max((p.card for p in pub.trick), key=power)
    winners = [c for c in cards if power(c) > power(best)]
    return jw.Play(card=winners[0] if want and winners else cards[0])
