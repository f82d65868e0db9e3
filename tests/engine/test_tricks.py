"""Trick-taking, as the Jabberwocky trick-taking rulebook plays it."""

from __future__ import annotations

from server.engine.tricks import can_follow, trick_winner


def test_a_hand_can_follow_when_it_holds_the_led_suit() -> None:
    """The rulebook: "If a player does not have any cards of the lead suit, any other suit may be played instead"."""
    assert can_follow(["2C", "KH"], "H")
    assert not can_follow(["2C", "KS"], "H")
    assert not can_follow([], "H")


def test_the_highest_card_of_the_led_suit_wins_without_trumps() -> None:
    """The rulebook: "The person who played the highest card in the suit that was led first wins that trick"."""
    plays = [(0, "9H"), (1, "KH"), (2, "AD"), (3, "QH")]
    assert trick_winner(plays, trump="S") == 1  # the ace of diamonds is off-suit
    assert trick_winner(plays, trump=None) == 1


def test_the_highest_trump_wins_when_a_trump_was_played() -> None:
    """The rulebook: "... unless a trump card was played, in which case the person who played the highest
    trump card takes the trick"."""
    assert trick_winner([(0, "AH"), (1, "2S"), (2, "KH"), (3, "3S")], trump="S") == 3
    assert trick_winner([(2, "AH"), (0, "2S"), (1, "KH")], trump="S") == 0


def test_a_led_trump_is_the_led_suit_and_the_trump() -> None:
    assert trick_winner([(1, "5S"), (2, "AS"), (0, "AH")], trump="S") == 2
