"""Who meets whom each round: the round robin's circle and groups, Swiss, single elimination.

Pure functions of a tournament's entrants and results (:class:`History`); every tie is broken by
the seed, so no pairing depends on chance (the schemes are described in
:mod:`server.domain.tournaments`).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Collection, Sequence
from fractions import Fraction

from .model import Pairing, Round, Tournament, TournamentFormat, TournamentStatus


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


def match_points(winners: list[int] | None, seats: int, absent: Sequence[int] = ()) -> list[Fraction]:
    """Each seat's share of the win: 1 split among the winners; nothing for an aborted match, and
    nothing ever for an ``absent`` seat (one that never sat down, or forfeited: issue 42)."""
    if winners is None:
        return [Fraction(0)] * seats
    shared = [s for s in winners or range(seats) if s not in absent]  # no winner named: every seat shares it
    return [Fraction(1, len(shared)) if s in shared else Fraction(0) for s in range(seats)]


class History:
    """Per seed: points, opponents met (per match), seats taken, byes, wins."""

    def __init__(self, t: Tournament) -> None:
        n = len(t.entrants)
        self.n = n
        seed = {e.account: i for i, e in enumerate(t.entrants)}
        self.points = [Fraction(0)] * n
        self.opponents: list[list[int]] = [[] for _ in range(n)]
        #: Rounds with no opponent played: a bye, or a walkover (a withdrawn player's place in a fixed schedule).
        self.unplayed = [0] * n
        self.seat_sum = [0] * n
        self.byes = [0] * n
        self.wins = [0] * n
        self.met: dict[frozenset[int], int] = {}
        bye_points = Fraction(1) if t.format is TournamentFormat.SWISS else Fraction(0)
        for rnd in t.rounds:
            for account in rnd.byes:
                self.byes[seed[account]] += 1
                self.unplayed[seed[account]] += 1
                self.points[seed[account]] += bye_points
            for p in rnd.pairings:
                players = [seed[a] for a in p.accounts]
                for s, i in enumerate(players):
                    self.seat_sum[i] += s
                    if p.walkover:
                        self.unplayed[i] += 1
                    else:
                        self.opponents[i].extend(j for j in players if j != i)
                for a, b in itertools.combinations(players, 2):
                    key = frozenset((a, b))
                    self.met[key] = self.met.get(key, 0) + 1
                if p.ended:
                    for i, pts in zip(players, match_points(p.winners, len(players), p.absent), strict=True):
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


def swiss_round(h: History, k: int, out: Collection[int] = ()) -> tuple[list[list[int]], list[int]]:
    """The next Swiss round: groups (in seat order) and byes, as seeds; the seeds ``out`` (withdrawn)
    are not paired at all."""
    rank = [p for p in swiss_rank(h) if p not in out]
    byes: list[int] = []
    for _ in range(len(rank) % k):
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
            pts = match_points(p.winners, 2, p.absent)
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
    accounts = [e.account for e in t.entrants]
    out = {p for p in range(n) if accounts[p] in t.withdrawn_accounts()}
    if t.format is TournamentFormat.ROUND_ROBIN:
        groups = [h.seated(g, range(n)) for g in round_robin_schedule(n, k)[number - 1]]
        placed = {p for g in groups for p in g}
        byes = [p for p in range(n) if p not in placed]
    elif t.format is TournamentFormat.SWISS:
        groups, byes = swiss_round(h, k, out)
    else:
        groups, byes = elimination_round(t, h)
    return Round(number=number, pairings=[_pairing([accounts[p] for p in g], [s for s, p in enumerate(g) if p in out])
                                          for g in groups],
                 byes=[accounts[p] for p in byes if p not in out])  # fmt: skip


def _pairing(accounts: list[str], gone: list[int]) -> Pairing:
    """A group's pairing; with a withdrawn player in it (a round robin's fixed schedule, a bracket), a
    walkover, with no match: the others win, and the withdrawn score nothing."""
    if not gone:
        return Pairing(accounts=accounts)
    return Pairing(accounts=accounts, ended=True, winners=[s for s in range(len(accounts)) if s not in gone],
                   absent=gone, walkover=True)  # fmt: skip
