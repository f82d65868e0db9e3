"""Determinization, for every game: a table sampled from one seat's knowledge is one that seat could be at.

An AI opponent searches on tables sampled from what its seat knows (:meth:`Rules.determinize`). For many
positions of seeded random matches and every seat there, the samples drawn with several generators

- show the seat exactly what the real table shows it, with the same legal moves;
- really are samples: somewhere in the match another seat's hand or the secret differs from the real one;
- are whole tables: well-formed, and a match goes on from them to its end without an error;
- depend on the seat's knowledge only: a table that differs from the real one in what the seat cannot see
  (itself a sample) gives the same samples for the same generator.

A game that remembers (:attr:`~server.engine.game.Game.remembers`) is given the events each seat has seen
too, as the bot service gives them; Jabberwocky's samples then hold no card of a trick the seat saw.
"""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

from server import games
from server.engine import Event, Rng, Rules, Table, copy_table
from server.games import GAMES
from tests.support.playout import MAX_MOVES, playout

#: Positions taken from each match, spread over it, and samples drawn for each seat at each.
POSITIONS = 8
SAMPLES = 3


def _seat_counts(rules: Rules) -> list[int]:
    """The fewest seats, one more, and the most up to five: the solo rules, the table rules, and a full table (where
    hidden parts grow with the seats: the 4th player's village in Mome). Beyond five a test would only be slower."""
    low, high = rules.game.min_seats, rules.game.max_seats
    return sorted({low, min(low + 1, high), min(low + 2, high) if low == 1 else low, min(high, 5)})


#: Options that change what is hidden or what the public part tells of it, played besides the defaults.
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "jabberwocky": [{"follow_suit": "enforced"}],
    "mimsy": [{"advanced": True}],
    "gyre": [{"repetition": 3, "turn_limit": 300}],
    "jackrabbits": [
        {
            "clubs_flights": True,
            "diamonds_trades": True,
            "hearts_access": True,
            "spades_fights": True,
            "extended_trades": True,
            "capital_aces": True,
            "seized_surplus": True,
            "overtaxed_hands": True,
        },
        {"board": "strict"},
    ],
}
#: Games whose every fact is public: their samples have nothing to draw.
OPEN_GAMES = {"gyre"}


def _cases() -> list[Any]:
    cases = []
    for r in GAMES:
        for options in [{}, *VARIANTS.get(r.name, [])]:
            name = "".join(f"-{k}={v}" for k, v in options.items())
            for n in _seat_counts(r) if not options else _seat_counts(r)[-1:]:
                cases.append(pytest.param(r, n, tuple(options.items()), id=f"{r.name}-{n}{name}"))
    return cases


CASES = _cases()
SEEDS = (1, 2)

AnyTable = Table[Any, Any, Any]
Chosen = tuple[tuple[str, Any], ...]


@functools.cache
def _match(rules: Rules, seats: int, options: Chosen, seed: int) -> list[tuple[AnyTable, list[Event]]]:
    """Copies of the tables of a random match from ``seed`` at :data:`POSITIONS` points spread over it, each with
    the events before it (what a seat has seen there is its part of them)."""
    moves = [(step.seat, step.move) for step in playout(rules, seats, seed, options=dict(options))]
    at = {len(moves) * i // POSITIONS for i in range(POSITIONS)}
    table, rng = rules.setup(rules.parse_options(dict(options)), seats, seed)
    events: list[Event] = []
    kept = []
    for i, (seat, move) in enumerate(moves):
        if i in at:
            kept.append((copy_table(table), list(events)))
        events.append(rules.act(table, rng, seat, move)[1])
    return kept


def _positions(rules: Rules, seats: int, options: Chosen, seed: int) -> list[AnyTable]:
    return [table for table, _ in _match(rules, seats, options, seed)]


def _histories(rules: Rules, seats: int, options: Chosen, seed: int) -> list[list[Event]]:
    return [events for _, events in _match(rules, seats, options, seed)]


def _sample(rules: Rules, table: AnyTable, seat: int, seed: int, events: list[Event] | None = None) -> AnyTable:
    """A sample of what ``seat`` knows of ``table``, having seen ``events`` (its parts of them)."""
    return rules.determinize(rules.knowledge(table, seat, rules.seen(events or [], seat)), Rng(seed))


def _hidden(table: AnyTable, seat: int) -> list[Any]:
    """What ``seat`` cannot see of ``table``: the other private parts and the secret, as data."""
    others = [p.model_dump(mode="json") for s, p in enumerate(table.private) if s != seat]
    return [others, table.secret.model_dump(mode="json")]


def _play_to_the_end(rules: Rules, table: AnyTable, seed: int) -> None:
    pick, rng = random.Random(seed), Rng(seed)
    for _ in range(MAX_MOVES):
        if rules.outcome(table) is not None:
            return
        actors = rules.to_act(table)
        assert actors, f"{rules.name}: nobody may act on a sample but the match is not over"
        seat = pick.choice(actors)
        legal = rules.legal_moves(table, seat)
        assert legal, f"{rules.name}: seat {seat} may act on a sample but has no legal move"
        rules.act(table, rng, seat, rules.dump_move(pick.choice(legal)))
    raise AssertionError(f"{rules.name}: a sample played on for {MAX_MOVES} moves without a result")


@pytest.mark.parametrize(("rules", "seats", "options"), CASES)
def test_a_sample_shows_the_seat_what_the_real_table_shows_it(rules: Rules, seats: int, options: Chosen) -> None:
    for seed in SEEDS:
        histories = _histories(rules, seats, options, seed)
        for table, events in zip(_positions(rules, seats, options, seed), histories, strict=True):
            for seat in range(seats):
                view, legal = rules.view(table, seat), rules.dump_moves(rules.legal_moves(table, seat))
                for k in range(SAMPLES):
                    sample = _sample(rules, table, seat, seed * 1000 + k, events)
                    assert rules.view(sample, seat) == view
                    assert rules.dump_moves(rules.legal_moves(sample, seat)) == legal
                    assert rules.to_act(sample) == rules.to_act(table)


@pytest.mark.parametrize(("rules", "seats", "options"), CASES)
def test_samples_are_drawn_not_copied(rules: Rules, seats: int, options: Chosen) -> None:
    """Somewhere in the match, a sample's hidden data differs from the real table's, and two samples differ
    (in a game without hidden facts, every sample of a position is the same)."""
    differs = varies = False
    for seed in SEEDS:
        for table in _positions(rules, seats, options, seed):
            for seat in range(seats):
                hidden = [_hidden(_sample(rules, table, seat, seed * 1000 + k), seat) for k in range(SAMPLES)]
                differs = differs or any(h != _hidden(table, seat) for h in hidden)
                varies = varies or any(h != hidden[0] for h in hidden)
    if rules.name in OPEN_GAMES:
        assert not varies
    else:
        assert differs and varies


@pytest.mark.parametrize(("rules", "seats", "options"), CASES)
def test_a_sample_is_a_whole_table_a_match_goes_on_from(rules: Rules, seats: int, options: Chosen) -> None:
    for seed in SEEDS:
        for i, table in enumerate(_positions(rules, seats, options, seed)):
            seat = i % seats
            sample = _sample(rules, table, seat, seed + i)
            again = rules.table_type.model_validate(sample.model_dump())
            assert again.model_dump() == sample.model_dump()
            if i % 4 == seed:  # a few, spread over the match: a random playout is the slow part
                _play_to_the_end(rules, sample, seed + i)


@pytest.mark.parametrize(("rules", "seats", "options"), CASES)
def test_a_sample_depends_on_the_seats_knowledge_only(rules: Rules, seats: int, options: Chosen) -> None:
    """Another table the seat cannot tell from the real one (a sample of it) gives the same samples."""
    for seed in SEEDS:
        histories = _histories(rules, seats, options, seed)
        for i, table in enumerate(_positions(rules, seats, options, seed)):
            for seat in range(seats):
                other = _sample(rules, table, seat, 7 + i, histories[i])
                assert rules.view(other, seat) == rules.view(table, seat)
                for k in range(2):
                    a = _sample(rules, table, seat, k, histories[i])
                    b = _sample(rules, other, seat, k, histories[i])
                    assert a.model_dump() == b.model_dump()


@pytest.mark.parametrize(("rules", "seats", "options"), CASES)
def test_sampling_leaves_the_knowledge_it_was_given_as_it_was(rules: Rules, seats: int, options: Chosen) -> None:
    """The search keeps one seat's knowledge for many samples: drawing one must not change it."""
    table = _positions(rules, seats, options, SEEDS[0])[POSITIONS // 2]
    for seat in range(seats):
        knowledge = rules.knowledge(table, seat)
        before = (knowledge.public.model_dump(), knowledge.private.model_dump())
        sample = rules.determinize(knowledge, Rng(3))
        _play_to_the_end(rules, sample, 3)
        assert (knowledge.public.model_dump(), knowledge.private.model_dump()) == before


def _round_so_far(events: list[Event]) -> list[dict[str, Any]]:
    """The plays of the Jabberwocky round under way, the referee's record: every play since the last round's end."""
    plays: list[dict[str, Any]] = []
    for event in events:
        if event.public.get("type") == "play":
            plays = [] if plays and plays[-1].get("round_over") else plays
            plays.append(event.public)
    return [] if plays and plays[-1].get("round_over") else plays


def test_a_jabberwocky_seat_remembers_every_trick_of_the_round_not_only_the_last() -> None:
    """A player saw every card played this round: no sample deals one again, and under enforced follow-suit a
    seat that did not follow a led suit in any trick of the round is dealt none of it. With only the view (the
    trick on the table and the last one) some sample does deal a card played earlier: the two readings differ."""
    rules, seats, options = games.get("jabberwocky"), 4, (("follow_suit", "enforced"),)
    forgot = False
    for seed in SEEDS:
        histories = _histories(rules, seats, options, seed)
        for table, events in zip(_positions(rules, seats, options, seed), histories, strict=True):
            plays = _round_so_far(events)
            played = {p["card"] for p in plays}
            voids: dict[int, set[str]] = {s: set() for s in range(seats)}
            led = None
            for p in plays:
                led = p["card"][1] if led is None else led
                if p["card"][1] != led:
                    voids[p["seat"]].add(led)
                if p.get("trick_winner") is not None:
                    led = None
            for seat in range(seats):
                for k in range(SAMPLES):
                    sample = _sample(rules, table, seat, k, events)
                    hands = {s: set(sample.private[s].hand) for s in range(seats) if s != seat}
                    assert not played & (set().union(*hands.values()) | set(sample.secret.deck))
                    assert all(c[1] not in voids[s] for s, hand in hands.items() for c in hand)
                    blind = _sample(rules, table, seat, k)
                    forgot = forgot or bool(
                        played & {c for s in range(seats) if s != seat for c in blind.private[s].hand}
                    )
    assert forgot
