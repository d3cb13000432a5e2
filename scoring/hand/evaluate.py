"""Full-hand scoring on the ``mahjong`` library, with the club rules it lacks.

The library finds the best reading (decomposition) and its yaku and fu. We then:
count dora, ura dora, red fives and flowers ourselves (the library knows one red five
per suit); adjust fu (no tsumo fu on rinshan, the double-wind pair); give yakuman their
multiple from the ruleset; add paarenchan; refuse what the ruleset forbids; and pay
through :mod:`scoring.payments`.

Known limit: the reading is chosen by the library before our fu adjustments, so a
hand whose best reading flips on a 2-fu change could be scored on the second-best
reading. No such hand is known to us.
"""

from __future__ import annotations

from mahjong.constants import EAST, NORTH, SOUTH, WEST
from mahjong.hand_calculating.fu import FuCalculator
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld

from scoring.errors import HandError
from scoring.hand.model import HandContext, HandResult, Yaku
from scoring.hand.names import (
    DAISHARIN_NAME_TO_ID,
    LIBRARY_CLASS_TO_ID,
    LIBRARY_DORA_CLASSES,
    YAKU_NAMES,
)
from scoring.hand.parse import MeldKind, ParsedHand, parse_hand
from scoring.hand.tiles import IdAllocator, Tile, take_all
from scoring.payments import hand_value, ron_amount, win_deltas
from scoring.rules import ClosedKanRob, Renhou, Ruleset

_WIND_34 = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
_LIB_ERRORS = {
    HandCalculator.ERR_HAND_NOT_WINNING: "This is not a winning hand: the tiles do not form four sets and a pair, seven pairs or kokushi.",
    HandCalculator.ERR_NO_YAKU: "The hand has no yaku (dora alone do not make a win).",
    HandCalculator.ERR_NO_WINNING_TILE: "The winning tile is not among the concealed tiles.",
}


def _yaku(yaku_id: str, han: int) -> Yaku:
    return Yaku(yaku_id, han, YAKU_NAMES[yaku_id])


def resolve_context(hand: ParsedHand, context: HandContext | None) -> HandContext:
    if context is not None:
        if context.seat_wind not in _WIND_34 or context.round_wind not in _WIND_34:
            raise HandError("Seat and round wind must be one of E, S, W, N.")
        return context
    if hand.seat_wind is None or hand.round_wind is None:
        raise HandError("A hand scored on its own needs 'seat_wind' and 'round_wind' (E, S, W or N).")
    return HandContext(
        seat_wind=hand.seat_wind, round_wind=hand.round_wind,
        is_dealer=hand.seat_wind == "E", tsumo=hand.flag("tsumo"),
    )


def _check_flags(hand: ParsedHand, ctx: HandContext, ruleset: Ruleset) -> None:
    f = hand.flag
    tsumo = ctx.tsumo
    if ctx.is_dealer != (ctx.seat_wind == "E"):
        raise HandError("The dealer's seat wind is East, and only the dealer's.")
    if ruleset.is_sanma and ctx.seat_wind == "N":
        raise HandError("Three-player mahjong has no North seat.")
    riichi = f("riichi") or f("double_riichi")
    if riichi and hand.is_open:
        raise HandError("Riichi needs a closed hand (only closed kans may be declared).")
    if f("ippatsu") and not riichi:
        raise HandError("Ippatsu needs riichi.")
    if f("haitei") and not tsumo:
        raise HandError("Haitei is a tsumo on the last tile; this hand is a ron (that would be houtei).")
    if f("houtei") and tsumo:
        raise HandError("Houtei is a ron on the last discard; this hand is a tsumo (that would be haitei).")
    if f("rinshan") and not tsumo:
        raise HandError("Rinshan kaihou is a tsumo on the replacement tile after a kan; it cannot be a ron.")
    if f("rinshan") and not hand.kans and not hand.flowers:
        raise HandError("Rinshan kaihou needs a kan (or a flower) in the hand.")
    if f("rinshan") and f("haitei"):
        raise HandError("A replacement tile after a kan is not the last wall tile: rinshan and haitei exclude each other.")
    chankan = f("chankan") or f("chankan_closed")
    if chankan and tsumo:
        raise HandError("Chankan robs another player's kan: it is a ron, not a tsumo.")
    if chankan and f("houtei"):
        raise HandError("Chankan and houtei cannot both happen on one win.")
    if f("tenhou"):
        if not ctx.is_dealer:
            raise HandError("Tenhou is the dealer's win on the first draw; this player is not the dealer.")
        if not tsumo or hand.melds:
            raise HandError("Tenhou is a tsumo on the dealer's first draw, with no melds.")
    if f("chiihou"):
        if ctx.is_dealer:
            raise HandError("Chiihou is a non-dealer's win on the first draw; the dealer's is tenhou.")
        if not tsumo or hand.melds:
            raise HandError("Chiihou is a tsumo on the first draw, with no melds.")
    if f("renhou"):
        if ruleset.renhou is Renhou.NONE:
            raise HandError("This ruleset has no renhou; score the hand without it.")
        if ctx.is_dealer or tsumo or hand.melds:
            raise HandError("Renhou is a non-dealer's ron before their first draw, with no melds.")
    if sum(map(f, ("tenhou", "chiihou", "renhou"))) > 1:
        raise HandError("Only one of tenhou, chiihou and renhou can apply.")
    if f("chankan_closed") and ruleset.closed_kan_rob is ClosedKanRob.NONE:
        raise HandError("This ruleset lets no one rob a closed kan.")
    if ctx.dealer_renchan < 0:
        raise HandError("dealer_renchan cannot be negative.")


def _library_call(hand: ParsedHand, ctx: HandContext, ruleset: Ruleset):
    alloc = IdAllocator()
    melds: list[Meld] = []
    meld_ids: list[int] = []
    for m in hand.melds:
        ids = sorted(take_all(alloc, m.tiles))  # the library needs sorted meld ids
        meld_ids += ids
        if m.kind is MeldKind.CHI:
            melds.append(Meld(Meld.CHI, ids, opened=True))
        elif m.kind is MeldKind.PON:
            melds.append(Meld(Meld.PON, ids, opened=True))
        else:
            melds.append(Meld(Meld.KAN, ids, opened=m.kind is not MeldKind.ANKAN))
    concealed_ids = take_all(alloc, hand.concealed)
    win_id = next(
        (i for i, t in zip(concealed_ids, sorted(hand.concealed, key=lambda t: not t.red))
         if t.kind == hand.win.kind and t.red == hand.win.red),
    )
    # Indicators only need the right kind: the library never checks them against the hand.
    dora_ids = [t.kind * 4 for t in hand.dora]
    ura_ids = [t.kind * 4 for t in hand.ura]
    closed = not hand.melds
    local = ruleset.local_yakuman
    wheels = {"daisharin", "daisuurin", "daichikurin"} & local
    options = OptionalRules(
        has_open_tanyao=ruleset.kuitan,
        has_aka_dora=any(ruleset.red_fives),
        has_double_yakuman=True,  # we give each yakuman its multiple from the ruleset
        kazoe_limit=HandConstants.KAZOE_NO_LIMIT,
        kiriage=False,
        fu_for_open_pinfu=ruleset.open_pinfu_fu,
        fu_for_pinfu_tsumo=False,
        renhou_as_yakuman=ruleset.renhou is Renhou.YAKUMAN,
        # Daisharin & co. are closed-only (Juki); the library would take them open too.
        has_daisharin=bool(wheels) and closed,
        has_daisharin_other_suits=bool(wheels - {"daisharin"}) and closed,
        limit_to_sextuple_yakuman=False,
        is_three_player=ruleset.is_sanma,
    )
    f = hand.flag
    # A fresh HandConfig per call: the library mutates its yaku objects (dora han, names).
    config = HandConfig(
        is_tsumo=ctx.tsumo,
        is_riichi=f("riichi") and not f("double_riichi"),
        is_daburu_riichi=f("double_riichi"),
        is_ippatsu=f("ippatsu"),
        is_rinshan=f("rinshan"),
        is_chankan=f("chankan") or f("chankan_closed"),
        is_haitei=f("haitei"),
        is_houtei=f("houtei"),
        is_tenhou=f("tenhou"),
        is_chiihou=f("chiihou"),
        is_renhou=f("renhou"),
        player_wind=_WIND_34[ctx.seat_wind],
        round_wind=_WIND_34[ctx.round_wind],
        options=options,
    )
    if wheels and closed and len(wheels) < 3:
        _limit_wheels(config, wheels)
    if ruleset.ryuuiisou_requires_hatsu and not any(t.kind == 32 for t in hand.all_tiles):
        config.yaku.ryuisou.is_condition_met = lambda *args, **kw: False  # type: ignore[method-assign]
    return HandCalculator.estimate_hand_value(
        [*concealed_ids, *meld_ids], win_id, melds=melds,
        dora_indicators=dora_ids, ura_dora_indicators=ura_ids, config=config,
    )


def _limit_wheels(config: HandConfig, wheels: set[str]) -> None:
    """Only the suits whose wheel yakuman the ruleset has (pin daisharin, man daisuurin, sou daichikurin)."""
    yaku = config.yaku.daisharin
    original = yaku.is_condition_met
    suit_of = {"daisuurin": 0, "daisharin": 1, "daichikurin": 2}
    allowed = {suit_of[w] for w in wheels}

    def is_condition_met(hand, allow_other_sets, *args):  # type: ignore[no-untyped-def]
        return original(hand, True, *args) and hand[0][0] // 9 in allowed

    yaku.is_condition_met = is_condition_met  # type: ignore[method-assign]


def _next_kind(kind: int, sanma: bool) -> int:
    if kind >= 31:
        return 31 + (kind - 31 + 1) % 3
    if kind >= 27:
        return 27 + (kind - 27 + 1) % 4
    if sanma and kind == 0:
        return 8  # three-player: 1m indicates 9m (no 2m-8m)
    if sanma and kind == 8:
        return 0
    return kind // 9 * 9 + (kind % 9 + 1) % 9


def _dora_count(kinds: list[int], indicators: tuple[Tile, ...], sanma: bool) -> int:
    return sum(kinds.count(_next_kind(t.kind, sanma)) for t in indicators)


def evaluate(hand: dict, ruleset: Ruleset, context: HandContext | None = None) -> HandResult:
    """Score a full winning hand under ``ruleset``; refuse bad or unscorable hands with HandError."""
    parsed = parse_hand(hand, ruleset)
    ctx = resolve_context(parsed, context)
    _check_flags(parsed, ctx, ruleset)
    response = _library_call(parsed, ctx, ruleset)
    if response.error:
        raise HandError(_LIB_ERRORS.get(response.error, f"The hand cannot be scored ({response.error})."))
    is_open = parsed.is_open

    yakuman_ids: list[str] = []
    regular: list[Yaku] = []
    for y in response.yaku:
        cls = type(y).__name__
        if cls in LIBRARY_DORA_CLASSES:
            continue
        yid = DAISHARIN_NAME_TO_ID[y.name] if cls == "Daisharin" else LIBRARY_CLASS_TO_ID[cls]
        if y.is_yakuman:
            yakuman_ids.append(yid)
        else:
            regular.append(_yaku(yid, y.han_open if is_open and y.han_open else y.han_closed))

    if parsed.flag("chankan_closed") and not {"kokushi", "kokushi_13"} & set(yakuman_ids):
        raise HandError("Only kokushi musou may rob a closed kan.")

    renchan_deal = ctx.dealer_renchan + 1
    if (
        "paarenchan" in ruleset.local_yakuman and ctx.is_dealer
        and renchan_deal >= ruleset.paarenchan_wins
    ):
        yakuman_ids.append("paarenchan")

    fu, breakdown = _fu(response, parsed, ctx, ruleset)
    sanma = ruleset.is_sanma
    if yakuman_ids:
        yaku = tuple(_yaku(i, 13 * _multiple(i, ruleset)) for i in yakuman_ids)
        multiple = sum(_multiple(i, ruleset) for i in yakuman_ids)
        value = hand_value(13 * multiple, fu, ruleset, yakuman=multiple)
        dora_han = 0
    else:
        tiles = parsed.all_tiles
        kinds = [t.kind for t in tiles]
        extras = []
        dora = _dora_count(kinds, parsed.dora, sanma)
        if dora:
            extras.append(_yaku("dora", dora))
        if parsed.flag("riichi") or parsed.flag("double_riichi"):
            ura = _dora_count(kinds, parsed.ura, sanma)
            if ura:
                extras.append(_yaku("ura_dora", ura))
        aka = sum(t.red for t in tiles)
        if aka:
            extras.append(_yaku("aka_dora", aka))
        if parsed.flowers and ruleset.flower_dora:
            extras.append(_yaku("flower_dora", parsed.flowers))
        yaku_han = sum(y.han for y in regular)
        dora_han = sum(y.han for y in extras)
        _check_dealer_minimum(ctx, ruleset, yaku_han, dora_han)
        yaku = (*regular, *extras)
        value = hand_value(yaku_han + dora_han, fu, ruleset)
    if yakuman_ids:
        _check_dealer_minimum(ctx, ruleset, 13, 0)

    pao = sum(_multiple(i, ruleset) for i in yakuman_ids if i in {p.value for p in ruleset.pao})
    return HandResult(
        yaku=yaku,
        han=value.han,
        fu=fu,
        fu_breakdown=breakdown,
        yakuman=value.yakuman,
        dora=dora_han,
        limit=value.limit,
        value=value,
        points=_points(value, ctx, ruleset),
        pao_yakuman=pao,
    )


def _multiple(yaku_id: str, ruleset: Ruleset) -> int:
    return 2 if yaku_id in ruleset.double_yakuman else 1


def _check_dealer_minimum(ctx: HandContext, ruleset: Ruleset, yaku_han: int, dora_han: int) -> None:
    start = ruleset.dealer_min_han_from_renchan
    if start is None or not ctx.is_dealer or ctx.dealer_renchan < start:
        return
    han = yaku_han + (dora_han if ruleset.dealer_min_han_counts_dora else 0)
    if han < ruleset.dealer_min_han:
        dora_note = "" if ruleset.dealer_min_han_counts_dora else " (dora do not count)"
        raise HandError(
            f"From the dealer's {start}th renchan the dealer needs {ruleset.dealer_min_han} han{dora_note}; "
            f"this hand has {han}."
        )


def _fu(response, hand: ParsedHand, ctx: HandContext, ruleset: Ruleset) -> tuple[int | None, tuple[tuple[str, int], ...]]:
    details = [(d["reason"], d["fu"]) for d in response.fu_details or ()]
    if not details:
        return (None, ()) if not response.fu else (response.fu, ())
    if details == [(FuCalculator.BASE, 25)]:
        return 25, tuple(details)
    changed = False
    if hand.flag("rinshan") and not ruleset.rinshan_tsumo_fu:
        # A.S.I.: no +2 tsumo fu on rinshan kaihou (the library always adds it).
        if (FuCalculator.TSUMO, 2) in details:
            details.remove((FuCalculator.TSUMO, 2))
            changed = True
    if ruleset.double_wind_pair_fu != 4:
        for i, (reason, fu) in enumerate(details):
            if reason == FuCalculator.DOUBLE_VALUED_PAIR:
                details[i] = (reason, ruleset.double_wind_pair_fu)
                changed = True
    if not changed:
        return response.fu, tuple(details)
    total = sum(fu for _, fu in details)
    return (total + 9) // 10 * 10, tuple(details)


def _points(value, ctx: HandContext, ruleset: Ruleset) -> dict[str, int]:
    as_dealer = ctx.is_dealer or ctx.paid_as_dealer
    if not ctx.tsumo:
        return {"ron": ron_amount(value, dealer=as_dealer)}
    # Seat 0 deals; the winner is 0 (dealer) or 1. win_deltas knows sanma and West rules.
    winner = 0 if ctx.is_dealer else 1
    deltas = win_deltas(
        value, winner=winner, dealer=0, loser=None, ruleset=ruleset, paid_as_dealer=ctx.paid_as_dealer
    )
    if as_dealer:
        return {"all": -deltas[1 if winner == 0 else 0]}
    return {"dealer": -deltas[0], "non_dealer": -deltas[2]}


def cli_result(hand: dict, ruleset: Ruleset) -> dict:
    """The output of ``python -m scoring hand`` (contract)."""
    result = evaluate(hand, ruleset)
    return {
        "yaku": [{"id": y.id, "han": y.han} for y in result.yaku],
        "han": result.han,
        "fu": result.fu,
        "yakuman": result.yakuman,
        "limit": result.limit.value if result.limit else None,
        "points": dict(result.points),
    }
