"""Brillig's rule of thumb for the AI's playouts reads as the rulebook scores (server/ai/brillig.py)."""

from __future__ import annotations

import random

from server.ai import brillig
from server.ai.greedy import greedy
from server.ai.policies import POLICIES, policy_for
from server.games.brillig import MovePile, PlayCard, TakeBonus
from tests.games.test_brillig import NICOLE, RULES, gems, table


def test_a_collection_card_is_worth_its_number_for_each_gem_of_its_colour_on_that_jabberwocky_card() -> None:
    # "Collect all gems matching the color of your played collection card from the Jabberwocky card of
    # that color ... each gem on a collection card is worth the number of that card."
    t = table((["G2", "Y4", "P1"], ["G1"]), phase="collect_card",
              board={"green": gems(3, 1), "yellow": gems(2), "purple": gems(p=2)})  # fmt: skip
    worth = {c: brillig.worth(t, NICOLE, PlayCard(card=c)) for c in ("G2", "Y4", "P1")}
    assert worth == {"G2": 6.0, "Y4": 0.0, "P1": 2.0}  # no yellow gem on the yellow card: nothing to take


def test_an_assignment_card_keeps_the_high_numbers_for_collecting() -> None:
    # "Cards played in the first 3 assignment phases will return to hand": play low, collect high.
    t = table((["G4", "Y1", "P3"], ["G1"]))
    worth = {c: brillig.worth(t, NICOLE, PlayCard(card=c)) for c in ("G4", "Y1", "P3")}
    assert max(worth, key=lambda c: worth[c]) == "Y1"


def test_a_pile_is_worth_the_gems_of_the_colour_of_the_jabberwocky_card_it_goes_on() -> None:
    t = table((["G4"], ["G1"]), phase="assign_first", piles=[gems(2, 1), gems(y=3), gems(p=2)])
    assert brillig.worth(t, NICOLE, MovePile(pile=0, onto="green")) == 2.0
    assert brillig.worth(t, NICOLE, MovePile(pile=0, onto="purple")) == 0.0
    assert brillig.worth(t, NICOLE, MovePile(pile=1, onto="yellow")) == 3.0
    assert brillig.worth(t, NICOLE, TakeBonus(card="G5")) == brillig.worth(t, NICOLE, TakeBonus(card="P5"))


def test_the_playouts_follow_the_rule_of_thumb_with_a_few_random_moves() -> None:
    assert policy_for("brillig") is POLICIES["brillig"]
    t = table((["G2", "Y4", "P1"], ["G1"]), phase="collect_card",
              board={"green": gems(3), "yellow": gems(y=1), "purple": gems(p=1)})  # fmt: skip
    legal = RULES.legal_moves(t, NICOLE)
    strict = greedy(brillig.worth, 0.0)
    assert {strict(RULES, t, NICOLE, legal, random.Random(s)).card for s in range(10)} == {"G2"}
    played = [policy_for("brillig")(RULES, t, NICOLE, legal, random.Random(s)).card for s in range(400)]
    assert 0.8 < played.count("G2") / len(played) < 1.0  # epsilon-greedy: mostly the best, not always
