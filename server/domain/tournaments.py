"""Tournaments as pure data: who registered, who meets whom each round, and the standings.

No I/O and no clock: :mod:`server.live.tournaments` stores a :class:`Tournament`,
creates each round's matches and records their results; everything it decides
comes from the functions here, so a tournament replays from its entrants and
its results alone. Players are numbered by registration order (their *seed*:
0 is the first to register), and every tie is broken by that number, so no
pairing depends on chance.

What changes a tournament::

    registering ──start──► running ──(the last round's matches end)──► finished

Formats and their schemes:

- ``round_robin``, two seats: the circle method. With an odd number of players
  one sits out (a bye) each round; ``n - 1`` rounds (``n`` if odd), every pair
  meets once.
- ``round_robin``, ``k > 2`` seats: groups of ``k``. Each round the players with
  the fewest byes so far play (the latest registered sit out first) and the
  rest of them are grouped greedily: a group starts with its lowest-numbered
  free player and takes, one at a time, the free player who has met the group
  least often (lowest number on a tie). Rounds go on until every pair has met
  and every player has sat out equally often; with 4 players of a 3-seat game
  that is the 4 groups of 3, each pair meeting twice.
- ``swiss``: players ranked by points, then seed. Byes (``n mod k`` a round) go to
  the lowest-ranked players without a bye (of those with the fewest). The others
  are grouped top down: each group is the highest-ranked free player with the
  next highest ranked who have not met it nor each other (adjacent pairing in
  score order), backtracking when the rest cannot be grouped; only when no
  grouping without a rematch exists (or none is found within a bounded search)
  are rematches allowed, and then the groups simply follow the ranking. ``ceil(log_k n)``
  rounds unless the organiser sets ``rounds``.
- ``single_elimination`` (two seats): a bracket of the next power of two, seeded
  so that the top seeds meet last (1-8, 4-5, 2-7, 3-6 for eight); missing players
  are byes, which therefore go to the top seeds. The winner of a match goes on; a
  drawn match sends on the higher seed.

Seat balance: in every format a group is seated so that whoever has sat in
later seats more often (the sum of its earlier seat numbers is largest) takes
seat 0; ties go to the higher-ranked. With two seats that gives white to the
player who had black more often.

Points: a match gives each seat its share of the win: 1 split among the winners
(1 - ½ - 0 for a two-seat win, draw, loss), nothing to the others; an aborted
match gives nobody anything. A Swiss bye is worth a win (1 point); a
round-robin bye is worth nothing (everybody sits out equally often).

Standings, best first: points; Buchholz (the sum of the final points of every
opponent met, once per match; a bye adds nothing); median Buchholz (Buchholz
without the best and the worst opponent, with three or more of them); wins
(matches won alone); seed. In single elimination the round a player reached
comes first.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterable, Sequence
from enum import StrEnum
from fractions import Fraction
from typing import Any

from pydantic import BaseModel, Field

from server.engine.errors import AlreadyRegistered, BadRequest, NotRegistered, TournamentStarted

from .clocks import TimeControl
from .delay import SpectatorDelay

MAX_ENTRANTS = 256


class TournamentFormat(StrEnum):
    ROUND_ROBIN = "round_robin"
    SWISS = "swiss"
    SINGLE_ELIMINATION = "single_elimination"


class TournamentStatus(StrEnum):
    REGISTERING = "registering"
    RUNNING = "running"
    FINISHED = "finished"


class Entrant(BaseModel):
    account: str
    name: str


class Pairing(BaseModel):
    """One match of a round: the accounts in seat order, and once it ended, its winners (seat numbers)."""

    match: str = Field("", description="the match id (empty until the match is created)")
    accounts: list[str]
    ended: bool = False
    #: The outcome's winners; None if the match ended without an outcome (aborted).
    winners: list[int] | None = None
    ended_at: int | None = Field(None, description="when the match ended (ms since the epoch), once it has")
    ended_version: int | None = Field(None, description="the tournament's version that recorded the end")


class Round(BaseModel):
    number: int = Field(ge=1)
    pairings: list[Pairing]
    byes: list[str] = Field(default_factory=list, description="accounts that sit this round out")

    @property
    def ended(self) -> bool:
        return all(p.ended for p in self.pairings)


class Tournament(BaseModel):
    """Everything stored about a tournament (one JSON document, changed by compare-and-set on ``version``)."""

    id: str
    name: str
    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    seats: int
    format: TournamentFormat
    rounds_wanted: int | None = Field(None, description="swiss: the number of rounds (default ceil(log_k n))")
    time_control: TimeControl
    spectator_delay: SpectatorDelay = Field(default_factory=SpectatorDelay)
    organiser: str | None = Field(None, description="the account that created it (None: an admin)")
    status: TournamentStatus = TournamentStatus.REGISTERING
    entrants: list[Entrant] = Field(default_factory=list)
    rounds: list[Round] = Field(default_factory=list)
    version: int = 0
    created: int = 0
    updated: int = 0

    def seed_of(self, account: str) -> int:
        for i, e in enumerate(self.entrants):
            if e.account == account:
                return i
        raise NotRegistered(f"{account} is not registered")

    def planned_rounds(self) -> int:
        return planned_rounds(self.format, len(self.entrants), self.seats, self.rounds_wanted)


# -- registration and start -------------------------------------------------------------


def check_format(fmt: TournamentFormat, seats: int) -> None:
    if fmt is TournamentFormat.SINGLE_ELIMINATION and seats != 2:
        raise BadRequest("single elimination is for two-seat matches")
    if seats < 2:
        raise BadRequest("a tournament's matches need at least two seats")


def register(t: Tournament, entrant: Entrant) -> Tournament:
    if t.status is not TournamentStatus.REGISTERING:
        raise TournamentStarted(f"tournament {t.id} is {t.status}: registration is closed")
    if any(e.account == entrant.account for e in t.entrants):
        raise AlreadyRegistered(f"{entrant.account} is registered already")
    if len(t.entrants) >= MAX_ENTRANTS:
        raise BadRequest(f"a tournament takes at most {MAX_ENTRANTS} players")
    return t.model_copy(update={"entrants": [*t.entrants, entrant]})


def unregister(t: Tournament, account: str) -> Tournament:
    if t.status is not TournamentStatus.REGISTERING:
        raise TournamentStarted(f"tournament {t.id} is {t.status}: registration is closed")
    t.seed_of(account)
    return t.model_copy(update={"entrants": [e for e in t.entrants if e.account != account]})


def check_startable(t: Tournament) -> None:
    if t.status is not TournamentStatus.REGISTERING:
        raise TournamentStarted(f"tournament {t.id} is {t.status} already")
    if len(t.entrants) < t.seats:
        raise BadRequest(f"a tournament of {t.seats}-seat matches needs at least {t.seats} players")


def planned_rounds(fmt: TournamentFormat, n: int, k: int, wanted: int | None) -> int:
    if n < k:
        return 0
    if fmt is TournamentFormat.ROUND_ROBIN:
        return len(round_robin_schedule(n, k))
    if fmt is TournamentFormat.SINGLE_ELIMINATION:
        return math.ceil(math.log2(n))
    if wanted is not None:
        return wanted
    rounds, reach = 0, 1
    while reach < n:
        rounds, reach = rounds + 1, reach * k
    return max(1, rounds)


# -- history: what the rounds so far say about each player ----------------------------------


def match_points(winners: list[int] | None, seats: int) -> list[Fraction]:
    """Each seat's share of the win: 1 split among the winners; nothing for an aborted match."""
    if winners is None:
        return [Fraction(0)] * seats
    shared = winners or list(range(seats))  # no winner named: every seat shares it
    return [Fraction(1, len(shared)) if s in shared else Fraction(0) for s in range(seats)]


class History:
    """Per seed: points, opponents met (per match), seats taken, byes, wins."""

    def __init__(self, t: Tournament) -> None:
        n = len(t.entrants)
        self.n = n
        seed = {e.account: i for i, e in enumerate(t.entrants)}
        self.points = [Fraction(0)] * n
        self.opponents: list[list[int]] = [[] for _ in range(n)]
        self.seat_sum = [0] * n
        self.byes = [0] * n
        self.wins = [0] * n
        self.met: dict[frozenset[int], int] = {}
        bye_points = Fraction(1) if t.format is TournamentFormat.SWISS else Fraction(0)
        for rnd in t.rounds:
            for account in rnd.byes:
                self.byes[seed[account]] += 1
                self.points[seed[account]] += bye_points
            for p in rnd.pairings:
                players = [seed[a] for a in p.accounts]
                for s, i in enumerate(players):
                    self.seat_sum[i] += s
                    self.opponents[i].extend(j for j in players if j != i)
                for a, b in itertools.combinations(players, 2):
                    key = frozenset((a, b))
                    self.met[key] = self.met.get(key, 0) + 1
                if p.ended:
                    for i, pts in zip(players, match_points(p.winners, len(players)), strict=True):
                        self.points[i] += pts
                    if p.winners is not None and len(p.winners) == 1:
                        self.wins[players[p.winners[0]]] += 1

    def meetings(self, a: int, b: int) -> int:
        return self.met.get(frozenset((a, b)), 0)

    def seated(self, group: Sequence[int], rank: Sequence[int]) -> list[int]:
        """``group`` in seat order: who sat in later seats more often takes the earlier seat."""
        place = {p: r for r, p in enumerate(rank)}
        return sorted(group, key=lambda p: (-self.seat_sum[p], place[p]))


# -- pairing ------------------------------------------------------------------------------


@functools.cache
def round_robin_schedule(n: int, k: int) -> list[list[list[int]]]:
    """Every round of a round robin of ``n`` players in groups of ``k`` (seeds; see the module docstring).

    Computed once per ``(n, k)`` and shared: callers copy what they change."""
    if n < k:
        return []
    if k == 2:
        slots: list[int | None] = [*range(n), *([None] if n % 2 else [])]
        m = len(slots)
        rounds = []
        for _ in range(m - 1):
            pairs = [[slots[i], slots[m - 1 - i]] for i in range(m // 2)]
            rounds.append([[p for p in pair if p is not None] for pair in pairs if None not in pair])
            slots = [slots[0], slots[-1], *slots[1:-1]]
        return rounds
    byes, met = [0] * n, [[0] * n for _ in range(n)]
    rounds = []
    for _ in range(3 * n):
        if all(met[a][b] for a, b in itertools.combinations(range(n), 2)) and len(set(byes)) == 1:
            break
        out = sorted(range(n), key=lambda p: (byes[p], -p))[: n % k]
        free = [p for p in range(n) if p not in out]
        groups = []
        while free:
            group = [free.pop(0)]
            while len(group) < k:
                best = min(free, key=lambda p: (sum(met[p][q] for q in group), p))
                free.remove(best)
                group.append(best)
            groups.append(group)
        for p in out:
            byes[p] += 1
        for group in groups:
            for a, b in itertools.combinations(group, 2):
                met[a][b] += 1
                met[b][a] += 1
        rounds.append(groups)
    return rounds


#: Groupings the Swiss pairing tries before it settles for rematches (a guard for large fields).
SEARCH_BUDGET = 100_000


def _groups_without_rematch(players: list[int], k: int, h: History,
                            budget: list[int] | None = None) -> list[list[int]] | None:  # fmt: skip
    """``players`` (in rank order) in groups of ``k``, top down, none with a pair that met before
    (None if there is no such grouping, or none was found within :data:`SEARCH_BUDGET` tries)."""
    budget = [SEARCH_BUDGET] if budget is None else budget
    if not players:
        return []
    first, rest = players[0], players[1:]
    for others in itertools.combinations(rest, k - 1):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        group = [first, *others]
        if any(h.meetings(a, b) for a, b in itertools.combinations(group, 2)):
            continue
        later = _groups_without_rematch([p for p in rest if p not in others], k, h, budget)
        if later is not None:
            return [group, *later]
    return None


def swiss_rank(h: History) -> list[int]:
    """Seeds ranked for pairing: points, then seed."""
    return sorted(range(h.n), key=lambda p: (-h.points[p], p))


def swiss_round(h: History, k: int) -> tuple[list[list[int]], list[int]]:
    """The next Swiss round: groups (in seat order) and byes, as seeds."""
    rank = swiss_rank(h)
    byes: list[int] = []
    for _ in range(h.n % k):
        fewest = min(h.byes[p] for p in rank if p not in byes)
        byes.append(next(p for p in reversed(rank) if p not in byes and h.byes[p] == fewest))
    playing = [p for p in rank if p not in byes]
    groups = _groups_without_rematch(playing, k, h)
    if groups is None:  # every grouping repeats a meeting: fall back to rank order
        groups = [playing[i : i + k] for i in range(0, len(playing), k)]
    return [h.seated(g, rank) for g in groups], byes


def bracket_order(size: int) -> list[int]:
    """Seeds in bracket slot order (``size`` a power of two): 1-8, 4-5, 2-7, 3-6 for eight, 0-based."""
    order = [0]
    while len(order) < size:
        m = 2 * len(order)
        order = [x for s in order for x in (s, m - 1 - s)]
    return order


def elimination_alive(t: Tournament) -> list[int | None]:
    """Who is still in the bracket after the rounds played so far, in slot order (None: a bye or a loser)."""
    n = len(t.entrants)
    size = 1 << max(1, math.ceil(math.log2(n)))
    alive: list[int | None] = [s if s < n else None for s in bracket_order(size)]
    seed = {e.account: i for i, e in enumerate(t.entrants)}
    for rnd in t.rounds:
        if not rnd.ended:
            break
        results = {frozenset(seed[a] for a in p.accounts): p for p in rnd.pairings}
        nxt: list[int | None] = []
        for a, b in zip(alive[::2], alive[1::2], strict=True):
            if a is None or b is None:
                nxt.append(a if b is None else b)
                continue
            p = results[frozenset((a, b))]
            pts = match_points(p.winners, 2)
            players = [seed[x] for x in p.accounts]
            if pts[0] == pts[1]:
                nxt.append(min(a, b))  # a draw (or an abort): the higher seed goes on
            else:
                nxt.append(players[0] if pts[0] > pts[1] else players[1])
        alive = nxt
    return alive


def elimination_round(t: Tournament, h: History) -> tuple[list[list[int]], list[int]]:
    alive = elimination_alive(t)
    groups, byes = [], []
    for a, b in zip(alive[::2], alive[1::2], strict=True):
        if a is not None and b is not None:
            groups.append(h.seated([a, b], sorted((a, b))))
        elif a is not None or b is not None:
            byes.append(a if b is None else b)
    return groups, [p for p in byes if p is not None]


def next_round(t: Tournament) -> Round | None:
    """The next round's pairings (matches not yet created), or None when the tournament is complete."""
    assert t.status is TournamentStatus.RUNNING
    if t.rounds and not t.rounds[-1].ended:
        return None
    number = len(t.rounds) + 1
    if number > t.planned_rounds():
        return None
    h = History(t)
    n, k = len(t.entrants), t.seats
    if t.format is TournamentFormat.ROUND_ROBIN:
        groups = [h.seated(g, range(n)) for g in round_robin_schedule(n, k)[number - 1]]
        placed = {p for g in groups for p in g}
        byes = [p for p in range(n) if p not in placed]
    elif t.format is TournamentFormat.SWISS:
        groups, byes = swiss_round(h, k)
    else:
        groups, byes = elimination_round(t, h)
    accounts = [e.account for e in t.entrants]
    return Round(number=number, pairings=[Pairing(accounts=[accounts[p] for p in g]) for g in groups],
                 byes=[accounts[p] for p in byes])  # fmt: skip


# -- what spectators see ----------------------------------------------------------------------


def as_seen(t: Tournament, now: int) -> Tournament:
    """``t`` as anyone may see it at ``now`` (ms): no further than its matches' delayed views.

    A match's end is shown once its spectators may see it (``spectator_delay.seconds`` after it
    ended; a delay in moves holds nothing back once a match has ended, :mod:`.delay`). Until then
    its pairing is shown as not ended, no round paired after it is shown (its pairing would tell
    who won), the tournament is not finished, and the standings count only the results shown.
    ``version`` and ``updated`` are then those of the last change shown: the version before the
    first end held back, and the latest end shown (or the creation)."""
    hold_ms = int(t.spectator_delay.seconds * 1000)
    if hold_ms <= 0 or not t.rounds:
        return t
    rounds: list[Round] = []
    held_back: list[int] = []
    for rnd in t.rounds:
        pairings = []
        for p in rnd.pairings:
            if p.ended and p.ended_at is not None and now < p.ended_at + hold_ms:
                held_back.append(p.ended_version or t.version)
                p = p.model_copy(update={"ended": False, "winners": None, "ended_at": None, "ended_version": None})
            pairings.append(p)
        rounds.append(rnd.model_copy(update={"pairings": pairings}))
        if not all(p.ended for p in pairings):
            break  # a later round was paired once this one had ended: it is not shown yet
    if not held_back:
        return t
    shown_ends = [p.ended_at for r in rounds for p in r.pairings if p.ended_at is not None]
    return t.model_copy(update={
        "rounds": rounds, "status": TournamentStatus.RUNNING, "version": min(held_back) - 1,
        "updated": max([t.created, *shown_ends]),
    })  # fmt: skip


# -- standings ------------------------------------------------------------------------------


class Standing(BaseModel):
    rank: int
    account: str
    name: str
    points: float
    buchholz: float
    median_buchholz: float
    wins: int
    byes: int
    played: int
    reached: int | None = Field(None, description="single elimination: the last round this player was in")


def _num(x: Fraction) -> float:
    return round(float(x), 4)


def _buchholz(values: Iterable[Fraction]) -> tuple[Fraction, Fraction]:
    vs = sorted(values)
    total = sum(vs, Fraction(0))
    median = sum(vs[1:-1], Fraction(0)) if len(vs) >= 3 else total
    return total, median


def standings(t: Tournament) -> list[Standing]:
    """Every entrant, best first, with the tie-breaks that ordered them."""
    h = History(t)
    reached = [0] * h.n
    if t.format is TournamentFormat.SINGLE_ELIMINATION:
        seed = {e.account: i for i, e in enumerate(t.entrants)}
        for rnd in t.rounds:
            for pairing in rnd.pairings:
                for a in pairing.accounts:
                    reached[seed[a]] = rnd.number
            for a in rnd.byes:
                reached[seed[a]] = rnd.number
        if t.status is TournamentStatus.FINISHED:
            champion = next((p for p in elimination_alive(t) if p is not None), None)
            if champion is not None:
                reached[champion] = len(t.rounds) + 1
    rows = []
    for p in range(h.n):
        bh, median = _buchholz(h.points[o] for o in h.opponents[p])
        key = (-reached[p], -h.points[p], -bh, -median, -h.wins[p], p)
        rows.append((key, p, bh, median))
    rows.sort()
    out = []
    for rank, (_, p, bh, median) in enumerate(rows, start=1):
        e = t.entrants[p]
        out.append(Standing(
            rank=rank, account=e.account, name=e.name, points=_num(h.points[p]), buchholz=_num(bh),
            median_buchholz=_num(median), wins=h.wins[p], byes=h.byes[p],
            played=sum(1 for rnd in t.rounds for pr in rnd.pairings if e.account in pr.accounts),
            reached=reached[p] if t.format is TournamentFormat.SINGLE_ELIMINATION else None,
        ))  # fmt: skip
    return out


def standings_csv(t: Tournament) -> str:
    """The standings as CSV, one row per entrant (the JSON export's ``standings``, flat)."""
    cols = ["rank", "account", "name", "points", "buchholz", "median_buchholz", "wins", "byes", "played"]
    lines = [",".join(cols)]
    for s in standings(t):
        row = s.model_dump()
        lines.append(",".join(_csv_cell(row[c]) for c in cols))
    return "\r\n".join(lines) + "\r\n"


def _csv_cell(value: Any) -> str:
    text = str(value)
    if any(c in text for c in ',"\r\n'):
        return '"' + text.replace('"', '""') + '"'
    return text
