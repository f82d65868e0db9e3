"""Scrolls from the hand: which may be used, where and through whom, and using one.

One move per card (copies alike) x target x channelling zimby, so that the legal moves stay a list a client can
show; the effect itself is applied by :mod:`.effects` when the stack resolves it.
"""

from __future__ import annotations

from server.engine import Event, Rng
from server.engine.windows import top

from . import combat, effects, sight, stack
from .asking import push
from .mojo import EAT_LIMIT, available, pay, scroll_cost
from .scrolls import SCROLLS, WITCHERY_RANGE
from .state import (
    KING_ID,
    AnyMove,
    Cast,
    Column,
    CreatureId,
    ExtractChanter,
    Private,
    Public,
    Target,
    TileId,
    TribalBoard,
    UseScroll,
    Zombie,
    ZTable,
    home_seat,
    home_tile,
)
from .zones import controls


def scroll_moves(public: Public, private: Private, seat: int) -> list[AnyMove]:
    """The scrolls ``seat`` may use now: one move per card (copies alike) x target x channelling zimby.

    On its own turn with nothing under way, or when asked in a window on the stack or on a path tile (a
    "Stop!": witcheries only). Nothing while a King's ritual is on the stack.
    """
    if public.stack.inescapable or public.phase not in ("players", "king", "thugs", "zombies"):
        return []
    window = top(public.windows)
    own_turn = window is None
    stopping = stack.moving_in(window) is not None
    tribe = public.tribes[seat]
    moves: list[AnyMove] = []
    for card in dict.fromkeys(private.hand):
        scroll = SCROLLS[card]
        cost = scroll_cost(public, seat, card)
        if available(tribe) < cost or (scroll.timing == "own_turn" and not own_turn):
            continue
        if stopping and scroll.type != "witchery":
            continue
        if scroll.type == "witchery":
            for channel in channels(public, seat, cost):
                for ranged, doubled in cannibalism(public, seat, card, channel):
                    frm = channel if home_seat(channel) is not None else public.column(channel).tile
                    reach = WITCHERY_RANGE * 2**ranged
                    moves += [
                        UseScroll(card=card, target=t, channel=channel, eat_for_range=ranged, eat_for_effect=doubled)
                        for t in witchery_targets(public, seat, card, frm, own_turn=own_turn, reach=reach)
                    ]
            continue
        if scroll.type == "incantation" and not spare_chanter(tribe, cost):
            continue
        moves += [UseScroll(card=card, target=t) for t in rite_targets(public, card)]
    return moves


def spare_chanter(tribe: TribalBoard, cost: int) -> bool:
    """An active, non-chanting zimby stays at home once ``cost`` is paid (to chant, or to channel)."""
    return tribe.active - tribe.chanting >= 1 and available(tribe) - 1 >= cost


def channels(public: Public, seat: int, cost: int) -> list[CreatureId]:
    """The active zimbies of the seat's tribe that may channel a witchery: its columns on the main board not
    under a -LOS obstacle, and a zimby on its tribal board (``home<seat>``)."""
    channels = [c.id for c in public.columns if seat in c.zimbies and c.active and sight.can_channel(public, c.tile)]
    if spare_chanter(public.tribes[seat], cost):
        channels.append(home_tile(seat))
    return channels


def cannibalism(public: Public, seat: int, card: str, channel: CreatureId) -> list[tuple[int, int]]:
    """(eaten for range, eaten for effect) a witchery may be channelled with: (0, 0), and, through a zimby of a
    single-tribe column of the caster's, up to 2 tribesmen eaten first, each doubling the range or the effect
    (doubling the effect only of a card whose effect has a value or a spread)."""
    if home_seat(channel) is not None:
        return [(0, 0)]
    column = public.column(channel)
    if set(column.zimbies) != {seat}:
        return [(0, 0)]
    effect = SCROLLS[card].effect
    has_value = bool(effect.amount or effect.dice or effect.spread)
    return [
        (ranged, doubled)
        for ranged in range(3)
        for doubled in range(3 if has_value else 1)
        if ranged + doubled <= min(EAT_LIMIT, column.size - 1)
    ]


def witchery_targets(
    public: Public, seat: int, card: str, frm: TileId, *, own_turn: bool, reach: int = WITCHERY_RANGE
) -> list[Target]:
    """What a witchery channelled from ``frm`` may target: tiles and creatures in range (``reach``) and line of
    sight, of the kinds the card names; free movement only for a creature the caster controls, on its turn, that
    may start a path (active, not combat locked)."""
    scroll = SCROLLS[card]
    kinds = set(scroll.targets)
    free_move = scroll.effect.kind == "free_move"

    def may_target(creature: Column | Zombie) -> bool:
        if not free_move:
            return True
        return own_turn and controls(public, seat, creature) and creature.active and not creature.in_combat

    out: list[Target] = []
    for tile in sight.targets_in_sight(public, frm, reach):
        if "tile" in kinds:
            out.append(tile)
        out += [c.id for c in public.columns if c.tile == tile and "column" in kinds and may_target(c)]
        out += [z.id for z in public.zombies if z.tile == tile and "zombie" in kinds and may_target(z)]
        thugs = combat.thug_column(public, tile)
        if thugs and "thug" in kinds:
            out.append(thugs[0].id)
        if "king" in kinds and public.king.alive and public.king.tile == tile:
            out.append(KING_ID)
    return list(dict.fromkeys(out))


def rite_targets(public: Public, card: str) -> list[Target]:
    """What a ritual or an incantation may target: a shaman, a scroll effect on the stack (Nix), an incantation
    in play (Hush)."""
    kinds = SCROLLS[card].targets
    out: list[Target] = []
    if "shaman" in kinds:
        out += [stack.seat_target(s) for s in range(public.seats)]
    if "effect" in kinds:
        out += [f"#{e.id}" for e in public.stack.entries if isinstance(e, Cast) and not e.nixed]
    if "incantation" in kinds:
        out += [effects.incantation_target(i.id) for i in public.incantations]
    return out


def use_scroll(table: ZTable, seat: int, move: UseScroll, rng: Rng, event: Event) -> None:
    """The card leaves the hand, its cost is paid, an incantation's chanter starts chanting, and the scroll
    effect is pushed on the stack with a window for the seats able to answer."""
    event.public["card"], event.public["target"] = move.card, move.target
    if move.channel is not None:
        event.public["channel"] = move.channel
    pub = table.public
    tribe = pub.tribes[seat]
    scroll = SCROLLS[move.card]
    cost = scroll_cost(pub, seat, move.card)
    table.private[seat].hand.remove(move.card)
    pay(tribe, cost)
    eaten = move.eat_for_range + move.eat_for_effect
    if eaten and move.channel is not None:
        # "Cannibalism to affect a witchery must immediately precede channeling the witchery."
        channeller = pub.column(move.channel)
        channeller.zimbies[seat] -= eaten
        tribe.far_shore += eaten
        pub.happened.append(
            f"a zimby of {channeller.id} eats {eaten}: range x{2**move.eat_for_range}, effect x{2**move.eat_for_effect}"
        )
    if scroll.type == "incantation":
        tribe.chanting += 1
    cast = Cast(
        pusher=seat,
        card=move.card,
        scroll_type=scroll.type,
        channel=move.channel,
        targets=[move.target],
        cost=cost,
        effect=scroll.effect.describe(),
        nixes=int(move.target[1:]) if move.target.startswith("#") else None,
        doublings=move.eat_for_effect,
    )
    via = f" through {move.channel}" if move.channel is not None else ""
    pub.happened.append(f"seat {seat} uses {scroll.name} at {move.target}{via} ({cost} mojo)")
    push(table, cast)


def extract_chanter(table: ZTable, seat: int, move: ExtractChanter, rng: Rng, event: Event) -> None:
    """The shaman draws mojo from an incantation's chanter, which ends that incantation (its own choice of which)."""
    pub = table.public
    tribe = pub.tribes[seat]
    incantation = next(i for i in pub.incantations if i.id == move.incantation)
    tribe.active -= 1
    tribe.depleted += 1
    tribe.mojo += 1
    pub.happened.append(f"{SCROLLS[incantation.card].name} ends: seat {seat} draws mojo from its chanter")
    effects.end_incantation(pub, incantation, pub.discards, shock=False)
    event.public["incantation"] = move.incantation
