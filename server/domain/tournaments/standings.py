"""The standings: points, then the tie-breaks, and the CSV export organisers publish."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from pydantic import BaseModel, Field

from .model import Tournament, TournamentFormat, TournamentStatus
from .pairing import History, elimination_alive


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
    withdrawn: bool = Field(False, description="withdrawn: its past results stand, it was paired no more")


def _num(x: Fraction) -> float:
    return round(float(x), 4)


def _buchholz(played: Iterable[Fraction], unplayed: int, own: Fraction) -> tuple[Fraction, Fraction]:
    """Buchholz and median Buchholz, as FIDE's tie-break regulations (2023) count them: each round the
    player had no opponent in (a bye, a walkover) counts as one against a dummy opponent with the
    player's own final score; the median drops the highest and the lowest value whatever their number
    (nothing is left of two), and the values of unplayed rounds are the first the low cut drops."""
    values = sorted(played)
    dummies = [own] * unplayed
    total = sum(values, Fraction(0)) + own * unplayed
    pool = sorted(values + dummies)
    if len(pool) < 2:
        return total, Fraction(0)
    highest = pool[-1]
    rest = list(pool)
    rest.remove(highest)
    if dummies and own in rest:
        rest.remove(own)  # the low cut takes an unplayed round's value first
    else:
        rest.remove(min(rest))
    return total, sum(rest, Fraction(0))


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
        bh, median = _buchholz((h.points[o] for o in h.opponents[p]), h.unplayed[p], h.points[p])
        key = (-reached[p], -h.points[p], -bh, -median, -h.wins[p], p)
        rows.append((key, p, bh, median))
    rows.sort()
    out = t.withdrawn_accounts()
    table = []
    for rank, (_, p, bh, median) in enumerate(rows, start=1):
        e = t.entrants[p]
        table.append(Standing(
            rank=rank, account=e.account, name=e.name, points=_num(h.points[p]), buchholz=_num(bh),
            median_buchholz=_num(median), wins=h.wins[p], byes=h.byes[p],
            played=sum(1 for rnd in t.rounds for pr in rnd.pairings if e.account in pr.accounts),
            reached=reached[p] if t.format is TournamentFormat.SINGLE_ELIMINATION else None,
            withdrawn=e.account in out,
        ))  # fmt: skip
    return table


def standings_csv(t: Tournament) -> str:
    """The standings as CSV, one row per entrant (the JSON export's ``standings``, flat)."""
    cols = ["rank", "account", "name", "points", "buchholz", "median_buchholz", "wins", "byes", "played", "reached",
            "withdrawn"]  # fmt: skip
    lines = [",".join(cols)]
    for s in standings(t):
        row = s.model_dump()
        lines.append(",".join(_csv_cell(row[c]) for c in cols))
    return "\r\n".join(lines) + "\r\n"


def _csv_cell(value: Any) -> str:
    text = "" if value is None else str(value).lower() if isinstance(value, bool) else str(value)
    if any(c in text for c in ',"\r\n'):
        return '"' + text.replace('"', '""') + '"'
    return text
