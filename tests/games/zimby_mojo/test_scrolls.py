"""The scroll library: 104 cards, the rulebook's scrolls as its worked examples cost and describe them.

The card list is not in the rulebook, so these tests are its specification: the count the book gives, the
named scrolls with their costs and wording, one closed set of effect kinds, and the table in the module's
docstring drawn from the data.
"""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest
from pydantic import ValidationError

from server.engine import Rng, Rules
from server.games.zimby_mojo import ZimbyMojo
from server.games.zimby_mojo import scrolls as scrolls_module
from server.games.zimby_mojo.scrolls import (
    EFFECT_KINDS,
    LIBRARY,
    SCROLLS,
    TARGET_KINDS,
    Dice,
    Effect,
    Scroll,
    catalogue,
    library,
    solitaire_library,
    table,
)
from server.games.zimby_mojo.solitaire import solo_library
from server.games.zimby_mojo.state import ObstacleKind
from tests.games.test_game_docstrings import RULEBOOKS, plain


def by_name(name: str) -> Scroll:
    (card,) = [c for c in SCROLLS.values() if c.name == name]
    return card


def values(effect: Effect, seeds: int = 200) -> set[int]:
    return {effect.roll(Rng(seed)) for seed in range(seeds)}


# -- the library -----------------------------------------------------------------------------------------------------


def test_the_library_holds_all_104_scroll_cards() -> None:
    # "The shuffled collection of all 104 scroll cards comprises the scroll library."
    assert len(LIBRARY) == 104
    assert sum(card.copies for card in SCROLLS.values()) == 104
    assert Counter(LIBRARY) == {key: card.copies for key, card in SCROLLS.items()}


def test_each_of_the_three_types_is_well_represented() -> None:
    # "There are three types of scroll: rituals, incantations, and witcheries."
    copies = Counter(SCROLLS[key].type for key in LIBRARY)
    kinds = Counter(card.type for card in SCROLLS.values())
    assert copies == {"witchery": 46, "ritual": 31, "incantation": 27}
    assert kinds == {"witchery": 16, "ritual": 9, "incantation": 9}
    # Each type is at least a quarter of the library and offers at least 8 different cards.
    assert all(n >= 104 // 4 for n in copies.values())
    assert all(n >= 8 for n in kinds.values())
    # The docstring says so in the same numbers.
    said = f"104 cards of {len(SCROLLS)} kinds: 46 witcheries, 31 rituals and 27 incantations"
    assert said in " ".join((scrolls_module.__doc__ or "").split())


def test_keys_and_names_are_unique_and_the_key_is_the_name() -> None:
    assert len({card.name for card in SCROLLS.values()}) == len(SCROLLS)
    assert SCROLLS["lil_bits_o_armor"].name == "Lil' Bits o' Armor"
    assert SCROLLS["big_bits_o_map"].name == "Big Bits o' Map"
    assert all(key == card.key for key, card in SCROLLS.items())


def test_the_shuffled_library_is_the_104_cards_in_the_seeds_order() -> None:
    shuffled = library(Rng(7))
    assert sorted(shuffled) == sorted(LIBRARY)
    assert shuffled == library(Rng(7))
    assert shuffled != library(Rng(8))


def test_the_solitaire_library_is_17_cards_without_a_red_dot() -> None:
    # "Remove from the game all scroll cards that have a red dot ... then deal out 17 scroll cards"
    without_dot = Counter(key for key in LIBRARY if not SCROLLS[key].red_dot)
    assert sum(without_dot.values()) == 77
    for seed in range(50):
        dealt = solitaire_library(Rng(seed))
        assert len(dealt) == 17
        assert not any(SCROLLS[key].red_dot for key in dealt)
        assert not Counter(dealt) - without_dot, "no more copies of a card than the library holds"
    assert solitaire_library(Rng(1)) == solitaire_library(Rng(1))
    assert solitaire_library(Rng(1)) != solitaire_library(Rng(2))
    # The solitaire module's seam deals the same 17 from the same shuffle of the cards without a red dot.
    pool = [key for key in LIBRARY if not SCROLLS[key].red_dot]
    for seed in range(5):
        assert solo_library(Rng(seed).shuffled(pool)) == solitaire_library(Rng(seed))


def test_the_red_dot_marks_the_cards_that_need_another_shaman() -> None:
    red = {card.name for card in SCROLLS.values() if card.red_dot}
    assert red == {
        "Nix",
        "Hush",
        "Muddled Memories",
        "Mojo Sap",
        "Weariness",
        "Chant o' Trembling",
        "Dirge o' Sludge",
        "Befuddling Babble",
        "Chant o' Greed",
    }
    # A curse on a shaman -- an effect that only harms its target -- is meant for another shaman; the rest are not.
    for card in SCROLLS.values():
        if "shaman" in card.targets:
            assert card.red_dot == harms(card.effect), card.name


def harms(effect: Effect) -> bool:
    """Whether a shaman would only cast this effect on another shaman."""
    if effect.kind in ("discard", "deplete"):
        return True
    return effect.amount > 0 if effect.kind == "cost" else effect.amount < 0


# -- the rulebook's scrolls ------------------------------------------------------------------------------------------


def test_spikey_bone_claws_is_a_1_mojo_witchery_giving_plus_1_brutality() -> None:
    # "This costs 1 mojo to cast ... The witchery resolves first, giving +1 brutality and a combat roll of 2 + 9 + 1"
    card = by_name("Spikey Bone Claws")
    assert (card.type, card.cost) == ("witchery", 1)
    assert card.effect == Effect(kind="brutality", amount=1, until="combat")
    assert "column" in card.targets  # "Blue has the cannibalizing zimby target itself"
    assert 2 + 9 + card.effect.roll(Rng(0)) - 8 == 4  # the King dies from 12 - 8 = 4 wounds


def test_entangling_vines_is_a_2_mojo_witchery_on_the_target_tile_plus_1d2_adjacent_tiles() -> None:
    # "Blue pays 2 mojo ... Blue rolls 1d2 and gets a 2, so the vines will cover the target tile E plus 2 random"
    card = by_name("Entangling Vines")
    assert (card.type, card.cost, card.targets) == ("witchery", 2, ("tile",))
    assert card.effect.kind == "conjure"
    assert card.effect.obstacle == "entangling_vines"
    assert card.effect.spread == Dice(count=1, sides=2)
    assert {1 + card.effect.spreads(Rng(seed)) for seed in range(100)} == {2, 3}  # the target tile plus 1 or 2


def test_energy_is_a_2_mojo_ritual_reactivating_1_plus_1d3_depleted_zimbies() -> None:
    # "Yellow uses 2 mojo to target themselves with the ritual "Energy."" ... "reactivates 4 zimbies" on a 3.
    card = by_name("Energy")
    assert (card.type, card.cost, card.targets) == ("ritual", 2, ("shaman",))
    assert card.effect == Effect(kind="reactivate", amount=1, dice=Dice(count=1, sides=3))
    assert values(card.effect) == {2, 3, 4}


def test_big_bits_o_map_is_a_2_mojo_witchery_of_2_plus_2d3_free_tiles() -> None:
    # "Yellow uses 2 mojo ... This gives the Crown carrier 2 + 2d3 tiles of free movement!"
    card = by_name("Big Bits o' Map")
    assert (card.type, card.cost) == ("witchery", 2)
    assert card.effect == Effect(kind="free_move", amount=2, dice=Dice(count=2, sides=3))
    assert values(card.effect) == {4, 5, 6, 7, 8}  # "2 + 2 + 3 = 7" is one of them
    assert card.timing == "own_turn"


def test_the_scrolls_of_the_round_x_plus_2_example_do_what_it_says() -> None:
    # "Yellow has 🧙 channel "Blow Guns" at the blue zimby ... pushes 1 wound onto the stack"
    assert by_name("Blow Guns").effect == Effect(kind="wound", amount=1)
    assert "column" in by_name("Blow Guns").targets
    # "Blue uses a "Nix" scroll and targets the "Blow Guns" effect on the stack"
    nix = by_name("Nix")
    assert (nix.type, nix.targets, nix.effect.kind) == ("ritual", ("effect",), "nullify")
    # "the "Lil' Bits o' Armor" effect will resolve first and prevent the wound from being delivered"
    armor = by_name("Lil' Bits o' Armor")
    assert (armor.type, armor.effect.kind, armor.effect.roll(Rng(0))) == ("witchery", "armor", 1)
    # "Blue rolls 2d2 for the "Bungle" effect and gets a 4. The Crown bounces 4 times"
    bungle = by_name("Bungle")
    assert (bungle.type, bungle.effect.kind) == ("witchery", "bounce")
    assert values(bungle.effect) == {2, 3, 4}
    # Yellow's mojo: 4 tokens and a full tribal board of 8. "Yellow decides to pay 4 mojo", "pays 1 mojo and moves",
    # Blow Guns, Nix, "uses 2 mojo ... "Energy."" -- then "reactivates 4 zimbies! That brings the active zimby total on
    # Yellow's tribal board to 7", and after 1 + 1 + 2 more mojo "Yellow's tribal board now has 3 active zimbies
    # remaining".
    spent = 4 + 1 + by_name("Blow Guns").cost + nix.cost + by_name("Energy").cost
    active_before_energy = 8 - (spent - 4)
    assert active_before_energy + 4 == 7
    assert active_before_energy + 4 - (1 + 1 + 2) == 3


def test_the_other_named_scrolls_are_in_the_library() -> None:
    # "Witcheries that affect brutality (e.g., "Nasty Sharp Knives") modify combat rolls"
    knives = by_name("Nasty Sharp Knives")
    assert (knives.type, knives.effect.kind, knives.effect.until) == ("witchery", "brutality", "combat")
    # Conjured obstacles "are created by scrolls and include deadly vines, entangling vines, and patches o' darkness"
    conjured: dict[str, ObstacleKind] = {"Deadly Vines": "deadly_vines", "Patch o' Darkness": "darkness"}
    for name, obstacle in conjured.items():
        assert by_name(name).effect == Effect(kind="conjure", obstacle=obstacle), name
        assert by_name(name).targets == ("tile",)
    # "Zombies are unaffected by death curses"
    curses = [card for card in SCROLLS.values() if "Death Curse" in card.name]
    assert len(curses) == 2
    for curse in curses:
        assert curse.effect.kind == "kill"
        assert "zombie" not in curse.targets and "king" not in curse.targets


# -- the shape of every card -----------------------------------------------------------------------------------------


def test_every_effect_is_of_a_known_kind_and_every_kind_is_used() -> None:
    used = {card.effect.kind for card in SCROLLS.values()}
    assert used <= set(EFFECT_KINDS)
    assert used == set(EFFECT_KINDS), "a kind no card uses is a kind the stack need not implement"
    assert all(set(card.targets) <= set(TARGET_KINDS) for card in SCROLLS.values())


def test_witcheries_have_range_3_and_need_line_of_sight() -> None:
    # "no more than 3 tiles away from the channeling zimby" ... "must be in the channeling zimby's direct and
    # unobstructed line of sight"
    for card in SCROLLS.values():
        if card.type == "witchery":
            assert (card.range, card.line_of_sight) == (3, True), card.name
            assert "shaman" not in card.targets
        else:
            assert (card.range, card.line_of_sight) == (None, False), card.name


def test_rituals_target_a_shaman_or_an_effect_and_incantations_last_while_chanted() -> None:
    # "Rituals are formal rites that target either a shaman ... or a scroll effect"
    # "Incantations are chants that target a shaman ... and have a lasting effect."
    for card in SCROLLS.values():
        if card.type == "ritual":
            assert set(card.targets) <= {"shaman", "effect", "incantation"}, card.name
            assert card.effect.until == "now", card.name
        if card.type == "incantation":
            assert (card.targets, card.effect.until) == (("shaman",), "chant"), card.name


def test_an_effect_names_only_the_fields_its_kind_uses() -> None:
    with pytest.raises(ValidationError):
        Effect(kind="wound", amount=1, obstacle="darkness")
    with pytest.raises(ValidationError):
        Effect(kind="conjure")
    with pytest.raises(ValidationError):
        Effect(kind="movement", amount=1)  # an incantation's lasting effect only
    with pytest.raises(ValidationError):
        Effect(kind="wound", amount=1, until="combat")
    with pytest.raises(ValidationError):
        Scroll.model_validate({**by_name("Energy").model_dump(), "range": 3})
    with pytest.raises(ValidationError):
        Scroll.model_validate({**by_name("Blow Guns").model_dump(), "targets": ("shaman",)})


def test_cards_are_frozen_values() -> None:
    card = by_name("Nix")
    with pytest.raises(ValidationError):
        card.cost = 0  # type: ignore[misc]  # frozen: mypy sees it too
    assert hash(card) == hash(Scroll.model_validate(card.model_dump()))


def test_the_catalogue_travels_as_data_with_every_cards_text() -> None:
    data = json.loads(json.dumps([card.model_dump(mode="json") for card in catalogue()]))
    assert len(data) == len(SCROLLS)
    assert [Scroll.model_validate(d) for d in data] == list(SCROLLS.values())
    assert data[0]["effect"] == {
        "kind": "brutality",
        "amount": 1,
        "dice": None,
        "until": "combat",
        "obstacle": None,
        "spread": None,
    }
    assert all(card.text and card.text.endswith(".") for card in catalogue())


#: Words a card's text uses for its effect's kind, so that the printed card says what the data does.
KIND_WORDS: dict[str, tuple[str, ...]] = {
    "brutality": ("brutality",),
    "wound": ("wound",),
    "armor": ("prevents",),
    "kill": ("death curse",),
    "deplete": ("depleted",),
    "reactivate": ("become active",),
    "conjure": (),  # the obstacle's name, below
    "free_move": ("for free",),
    "bounce": ("bounces",),
    "nullify": ("nullify", "ends"),
    "mojo": ("mojo",),
    "draw": ("draw",),
    "discard": ("discard",),
    "spawn": ("far shore",),
    "movement": ("moving",),
    "hand_limit": ("at wrap-up",),
    "cost": ("cost",),
}
#: Words for how long an effect lasts, and for a scroll used only on the caster's turn.
UNTIL_WORDS = {"combat": "combat roll", "wounds": "next source of wounds", "chant": "while chanted"}
OBSTACLE_WORDS = {"entangling_vines": "entangling vines", "deadly_vines": "deadly vines", "darkness": "darkness"}


def stated_values(effect: Effect) -> list[str]:
    """The effect's values as a player reads them on the card: ``2+2d3``, ``1d2``, ``2``."""
    dice = str(effect.dice) if effect.dice is not None else ""
    if effect.amount and dice:
        return [f"{abs(effect.amount)}+{dice}"]
    if dice:
        return [dice]
    return [str(abs(effect.amount))] if effect.amount else []


@pytest.mark.parametrize("card", list(SCROLLS.values()), ids=list(SCROLLS))
def test_every_cards_text_states_what_its_effect_data_does(card: Scroll) -> None:
    """The text a client prints on the card (the catalogue's ``text``) says the same as the card's effect data:
    its values (the fixed part and the dice, which no mojo paid changes), its kind, its direction, how long it lasts,
    the obstacle a witchery conjures and how far it spreads, and the own-turn timing."""
    text, effect = card.text, card.effect
    said = text.lower()
    assert text and text.endswith("."), card.name
    for value in stated_values(effect):
        alone = rf"(?<!\w)(?<!\d\+){re.escape(value)}(?![\w+])"  # "1d3" is not said by "1+1d3"
        assert re.search(alone, text), f"{card.name}: {value!r} not in {text!r}"
    words = KIND_WORDS[effect.kind] or (OBSTACLE_WORDS[effect.obstacle or ""],)
    assert any(word in said for word in words), f"{card.name}: says none of {words}"
    if effect.spread is not None:
        assert str(effect.spread) in text, card.name
    if effect.amount and effect.kind in ("brutality", "movement", "hand_limit", "cost", "mojo"):
        up = ("+", "more", "gains") if effect.amount > 0 else ("-", "less", "fewer", "depleted")
        assert any(word in said for word in up), f"{card.name}: the sign of {effect.amount} is not said"
    if effect.until != "now":
        assert UNTIL_WORDS[effect.until] in said, card.name
    assert ("only on your turn" in said) == (card.timing == "own_turn"), card.name


def test_the_game_publishes_its_card_list_in_the_catalogue() -> None:
    """The catalogue's ``components``: the card list as data, every card once, with its text (``GET /v1/games``)."""
    described = Rules(ZimbyMojo()).describe()["components"]
    assert described == {"scrolls": [card.model_dump(mode="json") for card in catalogue()]}
    assert json.loads(json.dumps(described)) == described


# -- the docstring ---------------------------------------------------------------------------------------------------


def test_the_docstring_holds_the_table_the_data_makes() -> None:
    drawn = "\n".join(("    " + line).rstrip() for line in table().splitlines())
    assert drawn in (scrolls_module.__doc__ or "")
    rows = table().splitlines()[1:]
    assert [row.split("  ")[0] for row in rows] == [card.name for card in SCROLLS.values()]


def test_the_docstring_lists_every_effect_kind() -> None:
    doc = scrolls_module.__doc__ or ""
    for kind in EFFECT_KINDS:
        assert f"- ``{kind}``" in doc or f"``{kind}``" in doc.split("Effect kinds", 1)[1], kind


def test_every_card_quote_is_in_the_rulebook_verbatim() -> None:
    """The docstring's own quotes are checked with every game module's (tests/games/test_game_docstrings.py)."""
    if not RULEBOOKS.is_dir():
        pytest.skip(f"the rulebooks are not at {RULEBOOKS} (set VORPAL_RULEBOOKS)")
    book = plain((RULEBOOKS / "zimby-mojo.md").read_text())
    quotes = [card.rulebook for card in SCROLLS.values() if card.rulebook]
    assert len(quotes) >= 12
    for quote in quotes:
        for piece in plain(quote).split("..."):
            piece = piece.strip(" .")
            assert piece in book, f"{piece!r} is not in zimby-mojo.md"
    facts = plain((RULEBOOKS / "zimby-mojo-facts.md").read_text())
    assert "card names, counts per card, types, mojo costs, effects and which cards carry a red dot" in facts
