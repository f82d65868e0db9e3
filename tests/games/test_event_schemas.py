"""Every event a game emits is one its catalogue entry declares, and every declared event happens.

Random matches of every game, at every seat count, are played from fixed seeds; each event
(and each chance step after it) is held to the JSON Schemas the catalogue publishes for the
game (``schemas.events``, ``GET /v1/games/{name}``), as a client would read it: its public
part to ``events.public``, the private part a seat receives to ``events.private`` of its type.
Each event type a game declares must be emitted by these matches, but for the few listed in
:data:`RARE`, which random play does not reach from these seeds, each with its reason.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from typing import Any

import pytest
from jsonschema_rs import Draft202012Validator

from server.domain.catalogue import game_info
from server.domain.match_events import MATCH_EVENTS, Aborted, Forfeit, Joined, Left, NoShow, match_event
from server.engine import Event, Rules, event_type
from server.games import GAMES
from tests.support.playout import playout

#: Options played besides the defaults, so that the events of a game's variants happen too.
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "jackrabbits": [
        {"board": "free", "clubs_flights": True, "diamonds_trades": True, "spades_fights": True, "hearts_access": True,
         "extended_flights": True, "extended_access": True, "extended_trades": True, "advanced_citadel": True,
         "windfall_lottery": True},
        {"board": "strict"},
    ],
}  # fmt: skip

#: Event types random play from these seeds and options does not reach, and why.
RARE: dict[str, dict[str, str]] = {
    "jackrabbits": {
        "pass_tile": "board building: only when none of a seat's tiles fits anywhere, which random building avoids",
        "give_up": "only after a fight steals a fourth royal from a seat holding three",
    },
    "zimby_mojo": {
        "pick_up": "the Crown: random zimbies rarely reach its tile before the round limit",
        "drop": "the Crown: only its carrier drops it, once picked up",
        "invoke": "the Crown: only its carrier, on a ritual tile, invokes",
        "unseal": "a seal: only two shamans' zimbies in one column on a seal ask to unseal it",
    },
}

#: Seeds per seat count: fewer for the games whose random matches are long.
SEEDS = {"jackrabbits": 3, "zimby_mojo": 3, "gyre": 3}


@functools.cache
def _validators(rules: Rules) -> tuple[Draft202012Validator, dict[str, Draft202012Validator]]:
    events = game_info(rules)["schemas"]["events"]
    private = {kind: Draft202012Validator(schema) for kind, schema in events["private"].items()}
    return Draft202012Validator(events["public"]), private


@functools.cache
def _by_type(rules: Rules) -> dict[str, Draft202012Validator]:
    """The branch of ``events.public`` for each ``type``, as its ``discriminator`` maps them: a random match's
    thousands of events each checked against one branch, not tried against every one."""
    public = game_info(rules)["schemas"]["events"]["public"]
    return {kind: Draft202012Validator({"$ref": ref, "$defs": public["$defs"]})
            for kind, ref in public["discriminator"]["mapping"].items()}  # fmt: skip


def _steps(event: Event) -> Iterator[Event]:
    yield event
    for step in event.then:
        yield from _steps(step)


def _as_sent(part: dict[str, Any]) -> Any:
    """A part of an event as a client reads it (JSON's data model)."""
    return json.loads(json.dumps(part))


def _emitted(rules: Rules) -> Iterator[Event]:
    for options in [{}, *VARIANTS.get(rules.name, [])]:
        for seats in range(rules.game.min_seats, rules.game.max_seats + 1):
            for seed in range(SEEDS.get(rules.name, 8) if not options else 3):
                for step in playout(rules, seats, seed, options=options):
                    yield from _steps(step.event)


@pytest.mark.parametrize("rules", GAMES, ids=[r.name for r in GAMES])
def test_every_emitted_event_matches_the_published_schema_and_every_declared_one_is_emitted(rules: Rules) -> None:
    public, private = _validators(rules)
    branches = _by_type(rules)
    seen: set[str] = set()
    for event in _emitted(rules):
        kind = event.public["type"]
        sent = _as_sent(event.public)
        # The first event of a type against the whole schema; every one against its type's branch.
        errors = [e.message for e in (branches[kind] if kind in seen else public).iter_errors(sent)]
        assert not errors, f"{rules.name}: {event.public} does not match its schema: {errors[:3]}"
        seen.add(kind)
        for seat, part in event.private.items():
            assert kind in private, f"{rules.name}: {kind} has a private part ({part}) but declares none"
            errors = [e.message for e in private[kind].iter_errors(_as_sent(part))]
            assert not errors, f"{rules.name}: seat {seat}'s part {part} of {kind} does not match: {errors[:3]}"
    declared = {event_type(m) for m in rules.game.events}
    rare = RARE.get(rules.name, {})
    assert rare.keys() <= declared, "RARE lists an event type the game does not declare"
    assert declared - rare.keys() <= seen, f"{rules.name}: declared, never emitted: {declared - rare.keys() - seen}"
    assert not rare.keys() & seen, f"{rules.name}: listed as rare, yet emitted: {rare.keys() & seen} (unlist them)"


def test_every_game_declares_its_events() -> None:
    for rules in GAMES:
        assert rules.game.events, f"{rules.name} declares no events"


@pytest.mark.parametrize(
    "event",
    [Joined(seat=1, name="bo", started=False), Joined(seat=0, name="al", started=True, account="abc"),
     Joined(seat=0, name="al", started=False, account="abc", again=True), Left(seat=2, aborted=True),
     Aborted(by="admin"), Aborted(by="organiser"), Aborted(by="pairing"), NoShow(absent=[1]),
     Forfeit(seat=0, ended=False)],
    ids=lambda e: e.type,
)  # fmt: skip
def test_the_events_of_every_match_are_in_every_games_schema(event: Any) -> None:
    made = match_event(event)
    assert None not in made.public.values() and not made.private
    for rules in GAMES:
        public, private = _validators(rules)
        assert not list(public.iter_errors(made.public)), rules.name
        assert event.type not in private


def test_the_match_events_are_declared_once_and_no_game_declares_them_again() -> None:
    match = {event_type(m) for m in MATCH_EVENTS}
    assert match == {"joined", "left", "aborted", "no_show", "forfeit"}
    for rules in GAMES:
        assert not match & {event_type(m) for m in rules.game.events}, rules.name
