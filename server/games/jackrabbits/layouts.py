"""The boards nobody builds: the fixed sample board (drawn in the package docstring) and the seeded random board.

The random board follows the rulebook's placement suggestions by construction (connected, no dead ends, no hex-to-hex
roads, triangles apart, the two roads of a rhombus close), so no board needs checking after it is laid; the
generator draws from the match's seeded generator only, so a match replays with its board.
"""

from __future__ import annotations

from typing import Any, Literal

from server.engine import Rng
from server.engine.cards import SUITS

from .board import (
    CITADEL,
    HOUSE_KINDS,
    OFF,
    RHOMBI,
    RING1,
    RING2,
    TRIANGLES,
    UNDERGROUND,
    Board,
    Link,
    Road,
    SmallKind,
    Spot,
    Tile,
    adjacent,
    position,
    roads_close,
)


def _trailways(rng: Rng, spots: list[Spot], rim: list[Spot], count: int) -> list[tuple[Road, Road]]:
    """The roads of ``count`` rhombi: each two roads not far apart (:func:`roads_close`), no road twice on the board,
    every hex reached. Rhombus by rhombus, a first road that joins two parts of the board not yet joined while there
    are any (else, one time in four, a road off the board from the rim, else any free road), then a second road close
    to it, joining parts if it can. A dead end starts the roads again (from the generator: still deterministic)."""
    taken = set(spots)
    inland: list[Road] = [(a, b) for i, a in enumerate(spots) for b in spots[i + 1 :] if adjacent(a, b)]
    seaward: list[Road] = [
        (s, (s[0] + dq, s[1] + dr)) for s in rim for dq, dr in RING1 if (s[0] + dq, s[1] + dr) not in taken
    ]

    def ends(road: Road) -> frozenset[Spot | str]:
        """What the road joins on the graph: two off-board roads from one hex join the same."""
        return frozenset((road[0], road[1] if road[1] in taken else OFF))

    for _ in range(1000):
        group = {s: s for s in spots}

        def root(s: Spot, group: dict[Spot, Spot] = group) -> Spot:
            while group[s] != s:
                s = group[s]
            return s

        def joins(road: Road, group: dict[Spot, Spot] = group) -> bool:
            return road[1] in group and root(road[0]) != root(road[1])

        used: set[Road] = set()
        pairs: list[tuple[Road, Road]] = []
        for _ in range(count):
            free_inland = [r for r in inland if r not in used]
            free_sea = [r for r in seaward if r not in used]
            joining = [r for r in free_inland if joins(r)]
            if joining:
                firsts = rng.shuffled(joining)
            elif free_sea and rng.below(4) == 0:
                firsts = rng.shuffled(free_sea)
            else:
                firsts = rng.shuffled(free_inland or free_sea)
            for first in firsts:
                partners = [r for r in free_inland + free_sea if ends(r) != ends(first) and roads_close(first, r)]
                if partners:
                    break
            else:
                break  # no road has a free road close to it: start again
            if joins(first):
                group[root(first[0])] = root(first[1])
            second = rng.choice([r for r in partners if joins(r)] or partners)
            if joins(second):
                group[root(second[0])] = root(second[1])
            used |= {first, second}
            pairs.append((first, second))
        if len(pairs) == count and len({root(s) for s in spots}) == 1:
            return pairs
    raise AssertionError("no trailways fit this board")  # never: the lattice always has room


def _assemble(
    layout: Literal["sample", "random"],
    hex_at: dict[Spot, str],
    rhombi: list[tuple[str, SmallKind, tuple[Road, Road]]],
    triangles: list[tuple[str, SmallKind, list[str]]],
) -> Board:
    """The board of hexes at their spots, rhombi with their two roads, and triangles with their three road ends."""
    spots = list(hex_at)
    spot_of = {h: s for s, h in hex_at.items()}
    rim = [s for s in spots if sum(adjacent(s, o) for o in spots) < 6]
    tiles = [
        Tile(id=h, kind="citadel" if h == CITADEL else HOUSE_KINDS[h[0]], suit=None if h == CITADEL else h[1],
             x=position(s)[0], y=position(s)[1], roads=(h,), seaside=s in rim)
        for s, h in hex_at.items()
    ]  # fmt: skip
    tiles.append(Tile(id=UNDERGROUND, kind="underground", x=-40.0, y=-40.0, roads=(UNDERGROUND,)))
    links: list[Link] = []

    def point(end: str, inner: str) -> tuple[float, float]:
        x, y = position(spot_of[inner if end == OFF else end])
        return (x * 1.5, y * 1.5) if end == OFF else (x, y)

    def centre(points: list[tuple[float, float]]) -> tuple[float, float]:
        return round(sum(p[0] for p in points) / len(points), 1), round(sum(p[1] for p in points) / len(points), 1)

    for tid, kind, pair in rhombi:
        named = [(hex_at[a], hex_at.get(b, OFF)) for a, b in pair]
        x, y = centre([point(e, p[0]) for p in named for e in p])
        seaside = any(OFF in p for p in named)
        tiles.append(Tile(id=tid, kind=kind, x=x, y=y, roads=(tid + "a", tid + "b"), seaside=seaside))
        for node, (start, end) in zip((tid + "a", tid + "b"), named, strict=True):
            links += [Link(a=start, b=node), Link(a=node, b=end)]
    for tid, kind, ends_at in triangles:
        x, y = centre([point(e, ends_at[0]) for e in ends_at])
        tiles.append(Tile(id=tid, kind=kind, x=x, y=y, roads=(tid,), seaside=OFF in ends_at))
        links += [Link(a=tid, b=e) if e == OFF else Link(a=e, b=tid) for e in ends_at]
    return Board(layout=layout, tiles=tuple(tiles), links=tuple(links))


def build_board(rng: Rng, suits: str = SUITS) -> Board:
    """A random board after the placement suggestions, laid out by ``rng``, with the houses of ``suits``
    and one set of road tiles per suit (3 rhombi, 3 triangles).

    The Citadel sits in the middle of a hex lattice with the six spots around
    it and, beyond them, as many of the twelve outer spots as the other houses
    need (shuffled). Each rhombus carries two roads not far apart (:func:`_trailways`: between neighbouring hexes,
    or from the rim off the board), every hex reached; triangles go between three neighbouring hexes, or two on the
    rim and the sea.
    """
    sets = len(suits)
    spots: list[Spot] = [(0, 0), *RING1, *rng.shuffled(list(RING2))[: 3 * sets - len(RING1)]]
    houses = rng.shuffled([r + s for s in suits for r in "KQJ"])
    hex_at = dict(zip(spots, [CITADEL, *houses], strict=True))
    near = [(a, b) for i, a in enumerate(spots) for b in spots[i + 1 :] if adjacent(a, b)]
    rim = [s for s in spots if sum(adjacent(s, o) for o in spots) < 6]
    pairs = _trailways(rng, spots, rim, len(RHOMBI) * sets)
    count: dict[str, int] = {}

    def next_id(kind: SmallKind) -> str:
        count[kind] = count.get(kind, 0) + 1
        return f"{kind[0].upper()}{count[kind]}"

    terrains = rng.shuffled([k for k in RHOMBI for _ in range(sets)])
    rhombi = [(next_id(kind), kind, pair) for kind, pair in zip(terrains, pairs, strict=True)]
    triples = [(a, b, c) for a, b in near for c in spots if c > b and adjacent(a, c) and adjacent(b, c)]
    shores = [(a, b) for a, b in near if a in rim and b in rim]
    triangles: list[tuple[str, SmallKind, list[str]]] = []
    for kind in rng.shuffled([k for k in TRIANGLES for _ in range(sets)]):
        by_sea = bool(shores) and rng.below(3) == 0
        ends_at = (
            [hex_at[s] for s in rng.choice(shores)] + [OFF] if by_sea else [hex_at[s] for s in rng.choice(triples)]
        )
        triangles.append((next_id(kind), kind, ends_at))
    return _assemble("random", hex_at, rhombi, triangles)


#: The sample board (option ``board``: ``sample``), fixed, drawn in the module docstring: each house's spot on the
#: hex lattice, each rhombus's two roads (hexes at their ends) and each triangle's three road ends.
SAMPLE_HEXES: dict[str, Spot] = {
    CITADEL: (0, 0), "JH": (1, 0), "JS": (1, -1), "QH": (0, -1), "JD": (-1, 0), "QC": (-1, 1), "JC": (0, 1),
    "KH": (0, -2), "QD": (1, -2), "KD": (-2, 0), "KC": (-1, -1), "KS": (0, 2), "QS": (-2, 1),
}  # fmt: skip
SAMPLE_RHOMBI: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    "M1": ((CITADEL, "JH"), ("JH", "JS")),
    "W1": (("JD", "KC"), (CITADEL, "JD")),
    "M2": (("KD", "KC"), ("KD", "QS")),
    "R1": (("JC", "KS"), ("QC", "JC")),
    "R2": (("KH", "KC"), ("KH", "QD")),
    "M3": (("KH", "QH"), ("QH", "KC")),
    "R3": (("JS", "QD"), ("QH", "QD")),
    "W2": (("JD", "QS"), ("QC", "QS")),
    "R4": ((CITADEL, "JS"), (CITADEL, "QH")),
    "W3": (("JS", "QH"), ("QH", "JD")),
    "W4": (("JD", "KD"), ("JD", "QC")),
    "M4": ((CITADEL, "JC"), ("JH", "JC")),
}
SAMPLE_TRIANGLES: dict[str, tuple[str, str, str]] = {
    "H1": ("JH", "JC", OFF), "H2": ("QC", "QS", OFF), "F1": ("JD", "KC", "QH"), "F2": ("KD", "QS", OFF),
    "T1": ("QC", "QS", "JD"), "T2": ("JS", "QD", OFF), "F3": ("QH", "KH", "QD"), "T3": ("JS", "QD", OFF),
    "H3": (CITADEL, "JS", "JH"), "H4": ("KD", "QS", OFF), "F4": ("KH", "KC", "QH"), "T4": (CITADEL, "QH", "JS"),
}  # fmt: skip
KIND_OF_LETTER: dict[str, SmallKind] = {k[0].upper(): k for k in (*RHOMBI, *TRIANGLES)}


def sample_board() -> Board:
    """The fixed sample board of :data:`SAMPLE_HEXES`, :data:`SAMPLE_RHOMBI` and :data:`SAMPLE_TRIANGLES`."""
    hex_at = {spot: h for h, spot in SAMPLE_HEXES.items()}
    rhombi = [
        (tid, KIND_OF_LETTER[tid[0]], ((SAMPLE_HEXES[a], SAMPLE_HEXES[b]), (SAMPLE_HEXES[c], SAMPLE_HEXES[d])))
        for tid, ((a, b), (c, d)) in SAMPLE_RHOMBI.items()
    ]
    triangles = [(tid, KIND_OF_LETTER[tid[0]], list(ends)) for tid, ends in SAMPLE_TRIANGLES.items()]
    return _assemble("sample", hex_at, rhombi, triangles)


SAMPLE_BOARD = sample_board()
#: The sample board as a stored table holds it, to recognise it when a table is read back.
SAMPLE_BOARD_DATA: dict[str, Any] = SAMPLE_BOARD.model_dump(mode="json")
