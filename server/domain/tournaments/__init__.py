"""Tournaments as pure data: who registered, who meets whom each round, and the standings.

No I/O and no clock: the service (:mod:`.service`) stores a :class:`Tournament`,
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
match gives nobody anything, and a seat that never sat down or forfeited gets nothing
whatever the game's outcome says (a draw is shared by the seats that played it out).
A Swiss bye is worth a win (1 point); a round-robin bye is worth nothing (everybody sits out equally often).

Standings, best first: points; Buchholz (the sum of the final points of every
opponent met, once per match; a round with no opponent, a bye or a walkover, counts
as one against a dummy with the player's own final score, as FIDE's tie-break
regulations of 2023 have it); median Buchholz (Buchholz without the highest and the
lowest value, whatever their number, an unplayed round's value cut low first); wins
(matches won alone); seed. In single elimination the round a player reached
comes first.
"""

from __future__ import annotations

from .model import (
    MAX_ENTRANTS,
    Adjudication,
    Entrant,
    Entry,
    Pairing,
    Round,
    Seeding,
    Tournament,
    TournamentFormat,
    TournamentStatus,
    Withdrawal,
    check_format,
    check_startable,
    register,
    unregister,
)
from .organising import adjudicate, cancel, pause, seeded_by_rating, withdraw, withdraw_the_absent
from .pairing import (
    History,
    bracket_order,
    elimination_alive,
    elimination_round,
    match_points,
    next_round,
    planned_rounds,
    round_robin_schedule,
    swiss_rank,
    swiss_round,
)
from .seen import as_seen
from .standings import Standing, standings, standings_csv

__all__ = [
    "MAX_ENTRANTS",
    "Adjudication",
    "Entrant",
    "Entry",
    "History",
    "Pairing",
    "Round",
    "Seeding",
    "Standing",
    "Tournament",
    "TournamentFormat",
    "TournamentStatus",
    "Withdrawal",
    "adjudicate",
    "as_seen",
    "bracket_order",
    "cancel",
    "check_format",
    "check_startable",
    "elimination_alive",
    "elimination_round",
    "match_points",
    "next_round",
    "pause",
    "planned_rounds",
    "register",
    "round_robin_schedule",
    "seeded_by_rating",
    "standings",
    "standings_csv",
    "swiss_rank",
    "swiss_round",
    "unregister",
    "withdraw",
    "withdraw_the_absent",
]
