"""Full-hand scoring on the ``mahjong`` library's rules, with the club rules it lacks.

The library's search finds the readings (decompositions) of the hand, scores each and keeps
the best, on our fu rules (no tsumo fu on rinshan, the double-wind pair, the tsumo fu of an
open hand without fu when there is no open-pinfu fu), so that the best reading is chosen on
the fu we pay. :func:`evaluate` runs our port of that search (:mod:`scoring.hand.readings`:
the same rules on counts and small ints, about a quarter of the library call's time);
:func:`evaluate_with_library` runs the library's own (through :mod:`scoring.hand.estimate`),
the reference the port is tested against. We then: count dora,
ura dora, red fives and flowers ourselves (the library knows one red five per suit); give
yakuman their multiple from the ruleset; add paarenchan; refuse what the ruleset forbids;
and pay through :mod:`scoring.payments`.

Speed: everything that depends only on the ruleset (library options, our fu rules, pao and
double-yakuman ids, payments) is computed once per ruleset; tile notation is parsed once per
string. On the library path its per-call configuration is cloned from a prototype instead of
built (see :func:`_fresh_config`).
"""

from __future__ import annotations

import functools
from dataclasses import replace
from typing import Any, NamedTuple

from mahjong.constants import EAST, NORTH, SOUTH, WEST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.yaku_config import YakuConfig
from mahjong.meld import Meld

from scoring import messages as M
from scoring.dealer import is_paarenchan, short_of_minimum
from scoring.errors import HandError
from scoring.hand.estimate import ClubFu, estimate_club, estimate_plain
from scoring.hand.model import HandContext, HandResult, Yaku
from scoring.hand.names import YAKU_NAMES
from scoring.hand.parse import MeldKind, ParsedHand, parse_hand
from scoring.hand.readings import (
    QUAD,
    SEQUENCE,
    TRIPLET,
    Reading,
    ReadingRules,
    best_reading,
    from_response,
    reading_rules,
)
from scoring.hand.tiles import assign_ids
from scoring.payments import HandValue, Limit, hand_value, win_points
from scoring.rules import ClosedKanRob, Kazoe, Renhou, RenhouEntry, Ruleset
from scoring.winds import paid_as_dealer

_HONROUTOU_CHIITOI = frozenset({"honroutou", "chiitoitsu"})
_NORTH = 30  # 34-index of 4z
_HATSU = 32  # 34-index of 6z
_WIND_34 = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
_LIB_ERRORS = {
    HandCalculator.ERR_HAND_NOT_WINNING: M.NOT_A_WINNING_HAND,
    HandCalculator.ERR_NO_YAKU: M.NO_YAKU,
    HandCalculator.ERR_NO_WINNING_TILE: M.WIN_TILE_NOT_CONCEALED,
}


# --- per-ruleset constants -----------------------------------------------------------------
class _RulesetInfo(NamedTuple):
    options_closed: OptionalRules
    options_open: OptionalRules
    wheels: frozenset[str]
    pao: frozenset[str]
    double: frozenset[str]
    no_rinshan_tsumo_fu: bool
    double_wind_pair_fu: int
    double_wind_pair_in_west: bool
    flower_rinshan_pinfu: bool
    open_pinfu_fu: bool
    next_kind: tuple[int, ...]
    paarenchan: bool
    values: dict
    """(han, fu, yakuman) -> HandValue: payments are pure in the ruleset, so computed once."""
    points: dict
    """(value, is_dealer, paid_as_dealer, tsumo) -> points."""
    configs: dict
    """(closed, flags, tsumo, winds, dora han, club fu) -> the library's HandConfig, reused:
    the library only reads its config (it writes to the yaku objects, see _SHARED_YAKU)."""
    reading_rules: ReadingRules
    """The same options for our reading search (:mod:`scoring.hand.readings`)."""


_RULESET_CACHE: dict[int, tuple[Ruleset, _RulesetInfo]] = {}


def _ruleset_info(ruleset: Ruleset) -> _RulesetInfo:
    hit = _RULESET_CACHE.get(id(ruleset))
    if hit is not None and hit[0] is ruleset:
        return hit[1]
    info = _build_ruleset_info(ruleset)
    if len(_RULESET_CACHE) >= 256:
        _RULESET_CACHE.clear()
    _RULESET_CACHE[id(ruleset)] = (ruleset, info)  # the ruleset is kept alive, so its id stays its own
    return info


def _build_ruleset_info(ruleset: Ruleset) -> _RulesetInfo:
    wheels = frozenset({"daisharin", "daisuurin", "daichikurin"} & ruleset.local_yakuman)

    def options(closed: bool) -> OptionalRules:
        # The library only reads its options, so one object per ruleset serves every call.
        return OptionalRules(
            has_open_tanyao=ruleset.kuitan,
            # We count dora, ura dora, red fives and flowers ourselves and hand the library the
            # total as "nuki dora" (see _library_call): no indicators, no red-five ids.
            has_aka_dora=False,
            has_double_yakuman=True,  # we give each yakuman its multiple from the ruleset
            kazoe_limit=(
                HandConstants.KAZOE_LIMITED if ruleset.kazoe is Kazoe.YAKUMAN else HandConstants.KAZOE_SANBAIMAN
            ),
            kiriage=ruleset.kiriage,  # the library's points rank the readings
            fu_for_open_pinfu=ruleset.open_pinfu_fu,
            fu_for_pinfu_tsumo=False,
            renhou_as_yakuman=ruleset.renhou is Renhou.YAKUMAN,
            # Daisharin & co. are closed-only (Juki); the library would take them open too.
            has_daisharin=bool(wheels) and closed,
            has_daisharin_other_suits=bool(wheels - {"daisharin"}) and closed,
            limit_to_sextuple_yakuman=False,
            is_three_player=ruleset.is_sanma,
        )

    sanma = ruleset.is_sanma
    options_closed, options_open = options(True), options(False)
    suit_of = {"daisuurin": 0, "daisharin": 1, "daichikurin": 2}
    return _RulesetInfo(
        options_closed=options_closed,
        options_open=options_open,
        wheels=wheels,
        pao=frozenset(p.value for p in ruleset.pao),
        double=frozenset(ruleset.double_yakuman),
        no_rinshan_tsumo_fu=not ruleset.rinshan_tsumo_fu,
        double_wind_pair_fu=ruleset.double_wind_pair_fu,
        double_wind_pair_in_west=ruleset.double_wind_pair_in_west,
        flower_rinshan_pinfu=ruleset.flower_rinshan_pinfu,
        open_pinfu_fu=ruleset.open_pinfu_fu,
        next_kind=tuple(_next_kind(k, ruleset.sanma_tiles.suit if sanma else None) for k in range(34)),
        paarenchan="paarenchan" in ruleset.local_yakuman,
        values={},
        points={},
        configs={},
        # The library's options, read back (closed: the wheels are closed-only, as above).
        reading_rules=reading_rules(options_closed, options_open, frozenset(suit_of[w] for w in wheels)),
    )


# --- the library's per-call configuration --------------------------------------------------
# ``HandConfig()`` instantiates ~60 yaku objects, the bulk of its cost. We build a fresh
# HandConfig per call around one shared YakuConfig, which is safe because of what the
# library writes to its yaku objects during a call (mahjong 2.1.0):
# - dora / aka_dora / ura_dora ``han_*``: set from counts it has just computed and never read
#   back by the library; we drop those yaku and count dora ourselves. Dead stores for us.
# - daburu_kokushi / suuankou_tanki / daburu_chuuren_poutou / daisuushi ``han_*``: only without
#   ``has_double_yakuman``, which we always set. paarenchan's count: only with
#   ``config.paarenchan``, which we leave at 0. Never written.
# - daisharin's name (renamed by suit, read by us) and the two yaku we patch (daisharin,
#   ryuisou): a call that can use them gets a YakuConfig of its own (_own_yaku_config).
_SHARED_YAKU = YakuConfig()
_new = object.__new__


def _copy_yaku(yaku: Any) -> Any:
    copy = _new(type(yaku))
    copy.__dict__.update(yaku.__dict__)
    return copy


def _make_yaku_config_copier():  # type: ignore[no-untyped-def]
    """``own(daisharin, ryuisou)``: a YakuConfig sharing every yaku but those two.

    Generated straight-line code (as ``dataclasses`` does): attributes set one by one in
    ``YakuConfig.__init__``'s order keep CPython's compact instance layout, on which the
    library's many ``config.yaku.<name>`` reads are fast (a ``__dict__.update`` copy made
    the library ~25% slower).
    """
    lines = ["def own(daisharin, ryuisou):", "    y = new(YakuConfig)"]
    for name in _SHARED_YAKU.__dict__:
        value = name if name in ("daisharin", "ryuisou") else f"p.{name}"
        lines.append(f"    y.{name} = {value}")
    lines.append("    return y")
    env = {"new": _new, "YakuConfig": YakuConfig, "p": _SHARED_YAKU}
    exec("\n".join(lines), env)  # built from the library's own attribute names
    return env["own"]


_own_yaku_config = _make_yaku_config_copier()


def _fresh_config(
    options: OptionalRules, yaku: YakuConfig, is_tsumo: bool, is_riichi: bool, is_ippatsu: bool,
    is_rinshan: bool, is_chankan: bool, is_haitei: bool, is_houtei: bool, is_daburu_riichi: bool,
    is_tenhou: bool, is_renhou: bool, is_chiihou: bool, player_wind: int, round_wind: int, num_nuki_dora: int,
) -> HandConfig:
    """``HandConfig(...)`` around ``yaku``, attributes in ``HandConfig.__init__``'s order
    (the same compact layout as the library's own)."""
    c = _new(HandConfig)
    c.yaku = yaku
    c.options = options
    c.is_tsumo = is_tsumo
    c.is_riichi = is_riichi
    c.is_ippatsu = is_ippatsu
    c.is_rinshan = is_rinshan
    c.is_chankan = is_chankan
    c.is_haitei = is_haitei
    c.is_houtei = is_houtei
    c.is_daburu_riichi = is_daburu_riichi
    c.is_nagashi_mangan = False
    c.is_tenhou = is_tenhou
    c.is_renhou = is_renhou
    c.is_chiihou = is_chiihou
    c.is_open_riichi = False
    c.player_wind = player_wind
    c.round_wind = round_wind
    c.is_dealer = player_wind == EAST
    c.paarenchan = 0
    c.kyoutaku_number = 0
    c.tsumi_number = 0
    c.num_nuki_dora = num_nuki_dora
    return c


_HAND_CONFIG_FIELDS = (
    "yaku", "options", "is_tsumo", "is_riichi", "is_ippatsu", "is_rinshan", "is_chankan", "is_haitei",
    "is_houtei", "is_daburu_riichi", "is_nagashi_mangan", "is_tenhou", "is_renhou", "is_chiihou",
    "is_open_riichi", "player_wind", "round_wind", "is_dealer", "paarenchan", "kyoutaku_number",
    "tsumi_number", "num_nuki_dora",
)
if tuple(HandConfig().__dict__) != _HAND_CONFIG_FIELDS:
    raise ImportError("mahjong's HandConfig changed its attributes; update scoring.hand.evaluate._fresh_config")


@functools.lru_cache(maxsize=4096)
def _meld(kind: str, ids: tuple[int, ...], opened: bool) -> Meld:
    return Meld(kind, ids, opened=opened)


_MELD_TYPE = {MeldKind.CHI: Meld.CHI, MeldKind.PON: Meld.PON}
_NO_MELDS: list = []  # never changed: the library only reads its melds


def _yaku(yaku_id: str, han: int) -> Yaku:
    return _yaku_cached(yaku_id, han)


@functools.lru_cache(maxsize=1024)
def _yaku_cached(yaku_id: str, han: int) -> Yaku:
    return Yaku(yaku_id, han, YAKU_NAMES[yaku_id])



def resolve_context(hand: ParsedHand, context: HandContext | None, ruleset: Ruleset) -> HandContext:
    """The context of this win: the game's when given, else the HAND's own winds and tsumo.

    ``paid_as_dealer`` left None is derived here, for every caller alike (the game engine, the
    ``hand`` command, the table screens), from the ruleset and the round wind
    (:func:`scoring.winds.paid_as_dealer`: Juki's West rule)."""
    if context is not None:
        if context.seat_wind not in _WIND_34 or context.round_wind not in _WIND_34:
            raise HandError(M.WINDS_CONTEXT)
        if context.paid_as_dealer is None:
            return replace(context, paid_as_dealer=paid_as_dealer(ruleset, context.round_wind))
        return context
    if hand.seat_wind is None or hand.round_wind is None:
        raise HandError(M.HAND_NEEDS_WINDS)
    return HandContext(
        seat_wind=hand.seat_wind, round_wind=hand.round_wind,
        is_dealer=hand.seat_wind == "E", tsumo="tsumo" in hand.flags,
        paid_as_dealer=paid_as_dealer(ruleset, hand.round_wind),
    )


# Flags that need no check beyond the ones made for every hand.
_PLAIN_FLAGS = frozenset({"tsumo", "riichi"})


def _check_flags(hand: ParsedHand, ctx: HandContext, ruleset: Ruleset) -> None:
    flags = hand.flags
    tsumo = ctx.tsumo
    if ctx.is_dealer != (ctx.seat_wind == "E"):
        raise HandError(M.DEALER_IS_EAST)
    if ctx.seat_wind == "N" and ruleset.is_sanma:
        raise HandError(M.SANMA_NO_NORTH)
    if ctx.dealer_renchan < 0:
        raise HandError(M.RENCHAN_NEGATIVE)
    riichi = "riichi" in flags or "double_riichi" in flags
    if riichi and hand.melds and hand.is_open:
        raise HandError(M.RIICHI_CLOSED)
    if flags <= _PLAIN_FLAGS:
        return
    if "ippatsu" in flags and not riichi:
        raise HandError(M.IPPATSU_RIICHI)
    if "haitei" in flags and not tsumo:
        raise HandError(M.HAITEI_TSUMO)
    if "houtei" in flags and tsumo:
        raise HandError(M.HOUTEI_RON)
    if "rinshan" in flags:
        if not tsumo:
            raise HandError(M.RINSHAN_TSUMO)
        if not hand.kans and not hand.flowers and not hand.kita:
            raise HandError(M.RINSHAN_NEEDS_KAN)
        if "haitei" in flags:
            raise HandError(M.RINSHAN_HAITEI)
    chankan = "chankan" in flags or "chankan_closed" in flags
    if chankan and tsumo:
        raise HandError(M.CHANKAN_RON)
    if chankan and "houtei" in flags:
        raise HandError(M.CHANKAN_HOUTEI)
    if "tenhou" in flags:
        if not ctx.is_dealer:
            raise HandError(M.TENHOU_DEALER)
        if not tsumo or hand.melds:
            raise HandError(M.TENHOU_SHAPE)
    if "chiihou" in flags:
        if ctx.is_dealer:
            raise HandError(M.CHIIHOU_NOT_DEALER)
        if not tsumo or hand.melds:
            raise HandError(M.CHIIHOU_SHAPE)
    # Without renhou in the ruleset the flag still says "a ron before the first draw":
    # checked the same, then dropped by _evaluate (the win scores its other yaku).
    if "renhou" in flags and (ctx.is_dealer or tsumo or hand.melds):
        raise HandError(M.RENHOU_SHAPE)
    first_draw = flags & {"tenhou", "chiihou", "renhou"}
    if len(first_draw) > 1:
        raise HandError(M.ONE_FIRST_DRAW_YAKU)
    if first_draw and riichi:
        # Riichi is declared with a discard; these wins come before the winner's first one.
        raise HandError(M.FIRST_DRAW_NO_RIICHI)
    if "chankan_closed" in flags and ruleset.closed_kan_rob is ClosedKanRob.NONE:
        raise HandError(M.NO_CLOSED_KAN_ROB)


def _club_fu(hand: ParsedHand, ctx: HandContext, info: _RulesetInfo, is_open: bool) -> ClubFu | None:
    """Our fu rules that can touch this hand, or None when the library's fu are ours."""
    no_rinshan = info.no_rinshan_tsumo_fu and "rinshan" in hand.flags
    pair_fu = info.double_wind_pair_fu
    if ctx.round_wind == "W" and not info.double_wind_pair_in_west:
        pair_fu = 2  # only double East and double South are named (Ruleset.double_wind_pair_in_west)
    double_pair = pair_fu != 4 and ctx.seat_wind == ctx.round_wind
    open_tsumo = not info.open_pinfu_fu and is_open and ctx.tsumo
    # A closed pinfu shape won on a flower's or kita's replacement tile (no kan): rinshan with tsumo fu.
    replacement = (not info.flower_rinshan_pinfu and not no_rinshan and "rinshan" in hand.flags
                   and ctx.tsumo and not is_open)
    if not (no_rinshan or double_pair or open_tsumo or replacement):
        return None
    return ClubFu(no_rinshan, pair_fu, open_tsumo, replacement)


def _library_call(  # type: ignore[no-untyped-def]
    hand: ParsedHand, ctx: HandContext, ruleset: Ruleset, info: _RulesetInfo, is_open: bool, dora_han: int
):
    concealed = hand.concealed
    win = hand.win
    if hand.melds:
        taken = [0] * 34
        melds: list[Meld] = []
        meld_ids: list[int] = []
        for m in hand.melds:
            ids = tuple(sorted(assign_ids(taken, m.tiles)))  # the library needs sorted meld ids
            meld_ids += ids
            melds.append(_meld(_MELD_TYPE.get(m.kind, Meld.KAN), ids, m.kind is not MeldKind.ANKAN))
        concealed_ids = assign_ids(taken, concealed)
    else:
        melds = meld_ids = _NO_MELDS
        concealed_ids = assign_ids([0] * 34, concealed)
    # assign_ids lists the red fives first, then the others in order.
    if hand.reds:
        order = [t for t in concealed if t.red] + [t for t in concealed if not t.red]
        win_id = next((i for i, t in zip(concealed_ids, order, strict=False) if t == win), None)
        if win_id is None:  # a plain five written as the win, with only red ones of its kind in hand
            win_id = next(i for i, t in zip(concealed_ids, order, strict=False) if t.kind == win.kind)
    else:
        win_id = concealed_ids[concealed.index(win)]
    flags = hand.flags
    closed = not hand.melds
    wheels = info.wheels if closed else None
    no_ryuuiisou = ruleset.ryuuiisou_requires_hatsu and not hand.counts.get(32)
    if wheels or no_ryuuiisou:
        yaku = _own_yaku_config(_copy_yaku(_SHARED_YAKU.daisharin), _copy_yaku(_SHARED_YAKU.ryuisou))
        if wheels and len(wheels) < 3:
            _limit_wheels(yaku, wheels)
        if no_ryuuiisou:
            yaku.ryuisou.is_condition_met = lambda *args, **kw: False  # type: ignore[method-assign]
    else:
        yaku = _SHARED_YAKU
    club_fu = _club_fu(hand, ctx, info, is_open)
    estimate = estimate_plain if club_fu is None else estimate_club
    if yaku is _SHARED_YAKU:
        key = (closed, flags, ctx.tsumo, ctx.seat_wind, ctx.round_wind, dora_han, club_fu)
        config = info.configs.get(key)
        if config is None:
            if len(info.configs) >= 4096:
                info.configs.clear()
            config = info.configs[key] = _config(hand, ctx, info, closed, yaku, dora_han, club_fu)
    else:
        config = _config(hand, ctx, info, closed, yaku, dora_han, club_fu)
    return estimate([*concealed_ids, *meld_ids], win_id, melds, config=config)


def _config(  # type: ignore[no-untyped-def]
    hand: ParsedHand, ctx: HandContext, info: _RulesetInfo, closed: bool, yaku, dora_han: int,
    club_fu: ClubFu | None,
) -> HandConfig:
    flags = hand.flags
    # A fresh HandConfig per call (see _SHARED_YAKU for its yaku objects). The library's dora
    # han only rank the readings (we count ours): it gets our total as nuki dora, which it
    # adds to every reading, with no indicators and no red-five ids.
    if flags:
        double_riichi = "double_riichi" in flags
        config = _fresh_config(
            info.options_closed if closed else info.options_open, yaku, ctx.tsumo,
            "riichi" in flags and not double_riichi, "ippatsu" in flags, "rinshan" in flags,
            "chankan" in flags or "chankan_closed" in flags, "haitei" in flags, "houtei" in flags,
            double_riichi, "tenhou" in flags, "renhou" in flags, "chiihou" in flags,
            _WIND_34[ctx.seat_wind], _WIND_34[ctx.round_wind], dora_han,
        )
    else:
        config = _fresh_config(
            info.options_closed if closed else info.options_open, yaku, ctx.tsumo,
            False, False, False, False, False, False, False, False, False, False,
            _WIND_34[ctx.seat_wind], _WIND_34[ctx.round_wind], dora_han,
        )
    if club_fu is not None:
        config.club_fu = club_fu  # type: ignore[attr-defined]
    return config


def _limit_wheels(yaku_config: YakuConfig, wheels: frozenset[str]) -> None:
    """Only the suits whose wheel yakuman the ruleset has (pin daisharin, man daisuurin, sou daichikurin)."""
    yaku = yaku_config.daisharin
    original = yaku.is_condition_met
    suit_of = {"daisuurin": 0, "daisharin": 1, "daichikurin": 2}
    allowed = {suit_of[w] for w in wheels}

    def is_condition_met(hand, allow_other_sets, *args):  # type: ignore[no-untyped-def]
        return original(hand, True, *args) and hand[0][0] // 9 in allowed

    yaku.is_condition_met = is_condition_met  # type: ignore[method-assign]


def _next_kind(kind: int, removed_suit: int | None) -> int:
    """The dora a ``kind`` indicates; ``removed_suit``: the suit whose 2-8 the 3-player set lacks
    (``Ruleset.sanma_tiles``), where 1 indicates 9 and 9 indicates 1; None in 4-player."""
    if kind >= 31:
        return 31 + (kind - 31 + 1) % 3
    if kind >= 27:
        return 27 + (kind - 27 + 1) % 4
    if removed_suit is not None and kind // 9 == removed_suit and kind % 9 in (0, 8):
        return kind + 8 if kind % 9 == 0 else kind - 8
    return kind // 9 * 9 + (kind % 9 + 1) % 9


def evaluate(hand: dict, ruleset: Ruleset, context: HandContext | None = None) -> HandResult:
    """Score a full winning hand under ``ruleset``; refuse bad or unscorable hands with HandError.

    The best reading comes from our port of the library's search (:mod:`scoring.hand.readings`);
    :func:`evaluate_with_library` asks the library itself, for the tests that hold them equal.
    """
    return _evaluate(hand, ruleset, context, _search)


def evaluate_with_library(hand: dict, ruleset: Ruleset, context: HandContext | None = None) -> HandResult:
    """:func:`evaluate` with the reading chosen by the ``mahjong`` library (through
    :mod:`scoring.hand.estimate`): the reference our own search is checked against."""
    return _evaluate(hand, ruleset, context, _library_reading)


def _evaluate(hand: dict, ruleset: Ruleset, context: HandContext | None, search) -> HandResult:  # type: ignore[no-untyped-def]
    parsed = parse_hand(hand, ruleset)
    ctx = resolve_context(parsed, context, ruleset)
    _check_flags(parsed, ctx, ruleset)
    notes: tuple[M.Text, ...] = ()
    if ruleset.renhou is Renhou.NONE and "renhou" in parsed.flags:
        # A.S.I. (2e lists no renhou): a win before the first draw is still a win, or the entry is turned back.
        if ruleset.no_renhou_entry is RenhouEntry.TURN_BACK:
            raise HandError(M.NO_RENHOU_TURNED_BACK)
        parsed = parsed._replace(flags=parsed.flags - {"renhou"})
        notes = (M.NO_RENHOU(),)
    info = _ruleset_info(ruleset)
    is_open = bool(parsed.melds) and parsed.is_open
    extras = _dora_yaku(parsed, info, ruleset)
    dora_han = sum(y.han for y in extras)
    reading = search(parsed, ctx, ruleset, info, is_open, dora_han)
    if type(reading) is str:
        if reading in _LIB_ERRORS:
            raise HandError(_LIB_ERRORS[reading])
        raise HandError(M.CANNOT_SCORE, error=reading)
    result = _result(reading, parsed, ctx, ruleset, info, is_open, extras, dora_han)
    return replace(result, notes=notes) if notes else result


_MELD_BLOCK = {
    MeldKind.CHI: SEQUENCE, MeldKind.PON: TRIPLET,
    MeldKind.DAIMINKAN: QUAD, MeldKind.SHOUMINKAN: QUAD, MeldKind.ANKAN: QUAD,
}


def _search(
    hand: ParsedHand, ctx: HandContext, ruleset: Ruleset, info: _RulesetInfo, is_open: bool, dora_han: int,
) -> Reading | str:
    """Our reading search on the hand's counts (no 136-format ids, no library objects)."""
    melds = tuple(
        (m.tiles[0].kind * 4 + _MELD_BLOCK[m.kind], m.kind is not MeldKind.ANKAN) for m in hand.melds
    ) if hand.melds else ()
    ryuisou = not (ruleset.ryuuiisou_requires_hatsu and not hand.counts.get(_HATSU))
    return best_reading(
        hand.counts, melds, hand.win.kind, hand.flags, ctx.tsumo, _WIND_34[ctx.seat_wind], _WIND_34[ctx.round_wind],
        dora_han, info.reading_rules, _club_fu(hand, ctx, info, is_open), ryuisou,
    )


def _library_reading(
    hand: ParsedHand, ctx: HandContext, ruleset: Ruleset, info: _RulesetInfo, is_open: bool, dora_han: int,
) -> Reading | str:
    return from_response(_library_call(hand, ctx, ruleset, info, is_open, dora_han), is_open)


def _result(
    reading: Reading, parsed: ParsedHand, ctx: HandContext, ruleset: Ruleset, info: _RulesetInfo, is_open: bool,
    extras: list[Yaku], dora_han: int,
) -> HandResult:
    """Our result from the chosen reading: yaku, yakuman multiples, dora, payments."""
    yakuman_ids: list[str] = []
    regular: list[Yaku] = []
    for yid, han, is_yakuman in reading.yaku:
        if is_yakuman:
            yakuman_ids.append(yid)
        else:
            regular.append(_yaku(yid, han))

    flags = parsed.flags
    if "chankan_closed" in flags and "kokushi" not in yakuman_ids and "kokushi_13" not in yakuman_ids:
        raise HandError(M.KOKUSHI_ONLY_CLOSED_KAN)

    wins_in_row = ctx.dealer_renchan if ctx.dealer_wins_in_row is None else ctx.dealer_wins_in_row
    if info.paarenchan and ctx.is_dealer and is_paarenchan(ruleset, wins_in_row):
        yakuman_ids.append("paarenchan")

    fu, breakdown = reading.fu, reading.fu_breakdown
    if yakuman_ids:
        double = info.double
        multiples = [2 if i in double else 1 for i in yakuman_ids]
        yaku = tuple(_yaku(i, 13 * m) for i, m in zip(yakuman_ids, multiples, strict=False))
        multiple = sum(multiples)
        _check_dealer_minimum(ctx, ruleset, 13, 0)
        key = (13 * multiple, fu, multiple)
        value = info.values.get(key) or info.values.setdefault(key, hand_value(*key[:2], ruleset, yakuman=multiple))
        dora_han = 0  # no dora on a yakuman
        pao = sum(m for i, m in zip(yakuman_ids, multiples, strict=False) if i in info.pao)
    else:
        yaku_han = sum(y.han for y in regular)
        _check_dealer_minimum(ctx, ruleset, yaku_han, dora_han)
        yaku = (*regular, *extras) if extras else tuple(regular)
        key = (yaku_han + dora_han, fu, 0)
        value = info.values.get(key) or info.values.setdefault(key, _value(*key[:2], ruleset))
        honroutou_chiitoi = {y.id for y in regular} >= _HONROUTOU_CHIITOI
        if value.limit is None and ruleset.honroutou_chiitoitsu_mangan and honroutou_chiitoi:
            # Juki 2024-12: honroutou + chiitoitsu is counted as a mangan (4 han 25 fu would be 6,400).
            value = HandValue(han=value.han, fu=fu, yakuman=0, base=2000, limit=Limit.MANGAN)
        pao = 0

    return HandResult(
        yaku=yaku,
        han=value.han,
        fu=fu,
        fu_breakdown=breakdown,
        yakuman=value.yakuman,
        dora=dora_han,
        limit=value.limit,
        value=value,
        points=_cached_points(value, ctx, ruleset, info),
        pao_yakuman=pao,
    )


def _dora_yaku(parsed: ParsedHand, info: _RulesetInfo, ruleset: Ruleset) -> list[Yaku]:
    """Dora, ura dora (with riichi only), red fives, flowers and kita, counted by us.

    A North set aside (kita) is one dora of its own (Tenhou's 抜きドラ) and, like a North in the
    hand, counts for every dora (and, with riichi, ura dora) indicator that points at North.
    """
    counts = parsed.counts
    nxt = info.next_kind
    kita = parsed.kita
    extras = []
    if parsed.dora:
        dora = sum(counts.get(nxt[t.kind], 0) + (kita if nxt[t.kind] == _NORTH else 0) for t in parsed.dora)
        if dora:
            extras.append(_yaku("dora", dora))
        if parsed.ura and ("riichi" in parsed.flags or "double_riichi" in parsed.flags):
            ura = sum(counts.get(nxt[t.kind], 0) + (kita if nxt[t.kind] == _NORTH else 0) for t in parsed.ura)
            if ura:
                extras.append(_yaku("ura_dora", ura))
    if parsed.reds:
        extras.append(_yaku("aka_dora", parsed.reds))
    if parsed.flowers and ruleset.flower_dora:
        extras.append(_yaku("flower_dora", parsed.flowers))
    if kita:
        extras.append(_yaku("kita", kita))
    return extras


def _value(han: int, fu: int | None, ruleset: Ruleset) -> HandValue:
    """``payments.hand_value``, plus the open 1 han 20 fu ron of a ruleset without open-pinfu fu.

    ``payments.check_han_fu`` refuses 1 han 20 fu (without the 2 fu of open pinfu it is
    possible: an open hand with no fu won by ron). Its value is the table's: 20 x 2^3 = 160.
    """
    if han == 1 and fu == 20 and not ruleset.open_pinfu_fu:
        return HandValue(han=1, fu=20, yakuman=0, base=160, limit=None)
    return hand_value(han, fu, ruleset)


def _check_dealer_minimum(ctx: HandContext, ruleset: Ruleset, yaku_han: int, dora_han: int) -> None:
    """The dealer's han minimum on a long renchan (:mod:`scoring.dealer`), said for a full hand."""
    if not ctx.is_dealer:
        return
    short = short_of_minimum(ruleset, renchan=ctx.dealer_renchan, han=yaku_han + dora_han, dora=dora_han)
    if short is not None:
        need, han = short
        message = M.DEALER_MIN_HAN if ruleset.dealer_min_han_counts_dora else M.DEALER_MIN_HAN_NO_DORA
        raise HandError(message, start=ruleset.dealer_min_han_from_renchan, need=need, han=han)


def _cached_points(value: HandValue, ctx: HandContext, ruleset: Ruleset, info: _RulesetInfo) -> dict[str, int]:
    key = (value, ctx.is_dealer, ctx.paid_as_dealer, ctx.tsumo)
    points = info.points.get(key)
    if points is None:
        if len(info.points) > 4096:
            info.points.clear()
        points = info.points[key] = _points(value, ctx, ruleset)
    return dict(points)


def _points(value: HandValue, ctx: HandContext, ruleset: Ruleset) -> dict[str, int]:
    return win_points(value, dealer=ctx.is_dealer, tsumo=ctx.tsumo, ruleset=ruleset, paid_as_dealer=ctx.paid_as_dealer)


def cli_result(hand: dict, ruleset: Ruleset) -> dict:
    """The output of ``python -m scoring hand`` (contract)."""
    return cli_result_noted(hand, ruleset)[0]


def cli_result_noted(hand: dict, ruleset: Ruleset) -> tuple[dict, tuple[M.Text, ...]]:
    """:func:`cli_result` plus the result's notes (the command prints them on standard error)."""
    result = evaluate(hand, ruleset)
    return _cli_dict(result), result.notes


def _cli_dict(result: HandResult) -> dict:
    return {
        "yaku": [{"id": y.id, "han": y.han} for y in result.yaku],
        "han": result.han,
        "fu": result.fu,
        "yakuman": result.yakuman,
        "limit": result.limit.value if result.limit else None,
        "points": dict(result.points),
    }
