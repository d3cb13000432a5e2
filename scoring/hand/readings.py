"""Our reading search: the ``mahjong`` library's ``estimate_hand_value``, for the calls we make.

Why. The library call was about 60 % of a full-hand score, and most of it is generality we
never use: it takes 136-format ids, re-validates the flags we have checked, builds
``_Block`` dataclasses and lists per decomposition, counts dora from indicators we do not
give it, asks some 40 yaku objects per reading, builds a score dict per reading and sorts.
This module does the same search on 34-index counts and small ints, with the library's
rules, tables and order of choice, and returns what :mod:`scoring.hand.evaluate` reads of
the library's answer (yaku, fu, fu breakdown, or the error).

What it is, exactly. A port of, in mahjong 2.1.0 (pinned):

* ``HandDivider.divide_hand`` (per suit, then the product of the suits, sorted as the
  library sorts its blocks: a block is ``tile * 4 + type`` with the library's ``_BlockType``
  order, so int order is its dataclass order);
* ``HandCalculator.estimate_hand_value`` and ``_find_win_groups`` for the options we set
  (``scoring.hand.evaluate._build_ruleset_info``: no aka dora, double yakuman on, no
  sashikomi, no daichisei, no paarenchan in the library, no open riichi, no nagashi, no honba
  or sticks, our dora total given as nuki dora, not limited to sextuple yakuman);
* ``FuCalculator.calculate_fu`` followed by our fu rules (``estimate.ClubFuCalculator``);
* the ``is_condition_met`` of every yaku it asks, the daisharin suit patch and the
  hatsu-less ryuuiisou refusal of ``scoring.hand.evaluate``;
* ``ScoresCalculator.calculate_scores``' total (the library ranks readings on it) and the
  choice: highest (total, has yakuman, han, fu), then the most raw fu, first in the library's
  order on a tie; yaku sorted by the library's yaku id, fu breakdown by fu (``HandResponse``).

The yaku ids, han and yakuman flags are read from the library's own yaku objects at import,
not copied. :data:`LIBRARY_SOURCES` holds the sha256 of every library function ported here;
``tests/scoring/hand/test_readings_engine.py`` fails when the installed library differs, and
checks this search against the library (through :mod:`scoring.hand.estimate`) on a generated
mix of hands under every preset and on hypothesis-generated hands.

Cached: the decompositions of one suit's 9 counts (:func:`_suit_shapes`, a shape shared by many
different hands) and, per ruleset, the score totals of (han, fu) (:class:`ReadingRules`). No
result of a whole hand is kept.
"""

from __future__ import annotations

import functools
import hashlib
import inspect
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from mahjong.constants import CHUN, DRAGONS, HAKU, HATSU, HONOR_INDICES, TERMINAL_INDICES, WINDS
from mahjong.hand_calculating import hand as _lib_hand
from mahjong.hand_calculating import yaku_list as _yl
from mahjong.hand_calculating.divider import HandDivider
from mahjong.hand_calculating.fu import FuCalculator
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConstants, OptionalRules
from mahjong.hand_calculating.hand_response import HandResponse
from mahjong.hand_calculating.scores import ScoresCalculator
from mahjong.hand_calculating.yaku_config import YakuConfig
from mahjong.hand_calculating.yaku_list import yakuman as _ylm
from mahjong.hand_calculating.yaku_list.yakuman import ryuisou as _ryuisou_module

from scoring.hand.estimate import ClubFu
from scoring.hand.names import DAISHARIN_NAME_TO_ID, LIBRARY_CLASS_TO_ID, LIBRARY_DORA_CLASSES

# --- blocks: tile * 4 + type, the library's _BlockType values and order ----------------------
QUAD, TRIPLET, PAIR, SEQUENCE = 0, 1, 2, 3

_TH = frozenset(TERMINAL_INDICES | HONOR_INDICES)
_GREEN = _ryuisou_module._GREEN_INDICES


def _block_tiles(code: int) -> tuple[int, ...]:
    t, ty = code >> 2, code & 3
    return (t, t + 1, t + 2) if ty == SEQUENCE else (t,) * (4 - ty if ty < PAIR else 2)


_N_CODES = 34 * 4
_TILES = tuple(_block_tiles(c) for c in range(_N_CODES))
_IS_TERMINAL_OR_HONOR = tuple(i in _TH for i in range(34))

# What the library's yaku read of a hand, per block, so that a reading is summed up in one pass.
# _FEATURE[code]: bits OR-ed over the blocks ("some block is not ...", and the suits);
# _COUNTS[code]: 4-bit counters added over the blocks (a hand has at most 7 blocks).
NOT_SIMPLE, NOT_TH, NOT_TERMINAL, NOT_GREEN, NOT_HONOR = 1, 2, 4, 8, 16
SUIT_SHIFT = 5
"""classify_hand_suits' mask (sou 1, pin 2, man 4, by a block's first tile) at this shift."""
(C_CHI, C_PON, C_TERMINAL_SET, C_HONOR_SET, C_DRAGON_SET, C_DRAGON_PON, C_WIND_PON, C_WIND_PAIR,
 C_HONOR) = (4 * i for i in range(9))


def _feature(code: int) -> int:
    ts = _TILES[code]
    t = ts[0]
    bits = 0
    if any(x in _TH for x in ts):
        bits |= NOT_SIMPLE
    if not all(x in _TH for x in ts):
        bits |= NOT_TH
    if not all(x in TERMINAL_INDICES for x in ts):
        bits |= NOT_TERMINAL
    if not all(x in _GREEN for x in ts):
        bits |= NOT_GREEN
    if t < 27:
        bits |= NOT_HONOR | (1 if t >= 18 else 2 if t >= 9 else 4) << SUIT_SHIFT
    return bits


def _counts(code: int) -> int:
    """The library's per-block counts: chi, pon/kan, chantai's terminal / honour sets, dragon and
    wind sets, honour blocks (classify_hand_suits' honor_count)."""
    ts = _TILES[code]
    t, ty = code >> 2, code & 3
    n = 0
    if ty == SEQUENCE:
        n += 1 << C_CHI
    elif ty != PAIR:
        n += 1 << C_PON
    if ts[0] in TERMINAL_INDICES or ts[-1] in TERMINAL_INDICES:
        n += 1 << C_TERMINAL_SET
    elif t in HONOR_INDICES:
        n += 1 << C_HONOR_SET
    if t in DRAGONS:
        n += 1 << C_DRAGON_SET
        if ty != PAIR:
            n += 1 << C_DRAGON_PON
    if t in WINDS:
        n += 1 << (C_WIND_PAIR if ty == PAIR else C_WIND_PON)
    if t >= 27:
        n += 1 << C_HONOR
    return n


_FEATURE = tuple(_feature(c) for c in range(_N_CODES))
_COUNTS = tuple(_counts(c) for c in range(_N_CODES))


# --- the library's yaku: ids, han, names -----------------------------------------------------
_Y = YakuConfig()
_ID = {name: y.yaku_id for name, y in _Y.__dict__.items()}
"""YakuConfig attribute -> the library's yaku id (its sort key in HandResponse)."""
_MAX_ID = max(_ID.values()) + 1
_HAN_CLOSED = [0] * _MAX_ID
_HAN_OPEN = [0] * _MAX_ID
"""han_open where the library counts it (an open hand and a non-zero han_open), else han_closed."""
_IS_YAKUMAN = [False] * _MAX_ID
_CONTRACT_ID: list[str | None] = [None] * _MAX_ID
for _y in _Y.__dict__.values():
    _HAN_CLOSED[_y.yaku_id] = _y.han_closed
    _HAN_OPEN[_y.yaku_id] = _y.han_open or _y.han_closed
    _IS_YAKUMAN[_y.yaku_id] = _y.is_yakuman
    _name = type(_y).__name__
    if _name not in LIBRARY_DORA_CLASSES:
        _CONTRACT_ID[_y.yaku_id] = LIBRARY_CLASS_TO_ID.get(_name)
if len(set(_ID.values())) != len(_ID):
    raise ImportError("mahjong's yaku ids are no longer unique; scoring.hand.readings sorts on them")


def _wheel_ids() -> tuple[str, str, str]:
    """Contract id of the daisharin of each suit (man, pin, sou), from the library's renames."""
    wheel = _ylm.Daisharin()
    out = []
    for rename in (wheel.set_man, wheel.set_pin, wheel.set_sou):
        rename()
        out.append(DAISHARIN_NAME_TO_ID[wheel.name])
    return out[0], out[1], out[2]


_WHEEL_ID = _wheel_ids()

(Y_TSUMO, Y_RIICHI, Y_DOUBLE_RIICHI, Y_IPPATSU, Y_RINSHAN, Y_CHANKAN, Y_HAITEI, Y_HOUTEI, Y_RENHOU,
 Y_RENHOU_YAKUMAN, Y_TENHOU, Y_CHIIHOU, Y_PINFU, Y_CHIITOITSU, Y_DAISHARIN, Y_TANYAO, Y_CHINITSU,
 Y_HONITSU, Y_TSUISOU, Y_HONROTO, Y_CHINROTO, Y_RYUISOU, Y_CHANTAI, Y_JUNCHAN, Y_ITTSU, Y_RYANPEIKO,
 Y_IIPEIKO, Y_SANSHOKU, Y_TOITOI, Y_SANANKOU, Y_SANSHOKU_DOUKO, Y_SHOSANGEN, Y_HAKU, Y_HATSU, Y_CHUN,
 Y_DAISANGEN, Y_SHOSUUSHI, Y_DAISUUSHI, Y_CHUUREN, Y_DOUBLE_CHUUREN, Y_SUUANKOU, Y_SUUANKOU_TANKI,
 Y_SANKANTSU, Y_SUUKANTSU, Y_KOKUSHI, Y_DOUBLE_KOKUSHI) = (_ID[n] for n in (
    "tsumo", "riichi", "daburu_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "renhou",
    "renhou_yakuman", "tenhou", "chiihou", "pinfu", "chiitoitsu", "daisharin", "tanyao", "chinitsu",
    "honitsu", "tsuisou", "honroto", "chinroto", "ryuisou", "chantai", "junchan", "ittsu", "ryanpeiko",
    "iipeiko", "sanshoku", "toitoi", "sanankou", "sanshoku_douko", "shosangen", "haku", "hatsu", "chun",
    "daisangen", "shosuushi", "daisuushi", "chuuren_poutou", "daburu_chuuren_poutou", "suuankou",
    "suuankou_tanki", "sankantsu", "suukantsu", "kokushi", "daburu_kokushi"))
_SEAT_WIND_ID = {27 + i: _ID[f"seat_wind_{w}"] for i, w in enumerate(("east", "south", "west", "north"))}
_ROUND_WIND_ID = {27 + i: _ID[f"round_wind_{w}"] for i, w in enumerate(("east", "south", "west", "north"))}

_BASE, _PENCHAN, _KANCHAN = FuCalculator.BASE, FuCalculator.PENCHAN, FuCalculator.KANCHAN
_VALUED_PAIR, _DOUBLE_PAIR, _PAIR_WAIT = (
    FuCalculator.VALUED_PAIR, FuCalculator.DOUBLE_VALUED_PAIR, FuCalculator.PAIR_WAIT
)
_TSUMO, _WITHOUT_FU = FuCalculator.TSUMO, FuCalculator.HAND_WITHOUT_FU
# [is terminal or honour][is kan][is open] -> (reason, fu): the library's table, turned round.
_PON_KAN_FU = tuple(
    tuple(tuple((reason, fu) for fu, reason in by_open) for by_open in by_kan)
    for by_kan in FuCalculator._PON_KAN_FU_TABLE
)
_CHIITOITSU_FU = ((_BASE, 25),)


# --- per-ruleset rules ----------------------------------------------------------------------
class ReadingRules(NamedTuple):
    """What of the ruleset the search needs (the library's OptionalRules we set), built once per ruleset."""

    open_tanyao: bool
    kazoe_limit: int
    """HandConstants.KAZOE_LIMITED / KAZOE_SANBAIMAN / KAZOE_NO_LIMIT."""
    kiriage: bool
    open_pinfu_fu: bool
    renhou_yakuman: bool
    wheel_suits: frozenset[int]
    """Suits (0 man, 1 pin, 2 sou) whose wheel yakuman the ruleset has; closed hands only."""
    three_player: bool
    totals: dict
    """(han, fu, is yakuman, tsumo, dealer) -> the library's score total: a payment table."""


class Reading(NamedTuple):
    """The chosen reading, as :mod:`scoring.hand.evaluate` reads the library's answer."""

    yaku: tuple[tuple[str, int, bool], ...]
    """(contract id, han in this hand, is yakuman), in the library's yaku-id order, dora left out."""
    fu: int | None
    """None for kokushi (no reading)."""
    fu_breakdown: tuple[tuple[str, int], ...]


def reading_rules(closed: OptionalRules, opened: OptionalRules, wheel_suits: frozenset[int]) -> ReadingRules:
    """The search's rules from the library options we would give it (closed and open hands).

    Refuses an option this port does not follow, so that a new use of the library's options
    cannot silently score differently here.
    """
    for options in (closed, opened):
        unported = {
            "has_aka_dora": options.has_aka_dora, "has_double_yakuman": not options.has_double_yakuman,
            "fu_for_pinfu_tsumo": options.fu_for_pinfu_tsumo, "has_sashikomi_yakuman": options.has_sashikomi_yakuman,
            "limit_to_sextuple_yakuman": options.limit_to_sextuple_yakuman, "has_daichisei": options.has_daichisei,
        }
        if any(unported.values()):
            raise ValueError(f"scoring.hand.readings does not follow {sorted(k for k, v in unported.items() if v)}")
        same = (
            "has_open_tanyao", "kazoe_limit", "kiriage", "fu_for_open_pinfu", "renhou_as_yakuman", "is_three_player"
        )
        if any(getattr(options, k) != getattr(closed, k) for k in same):
            raise ValueError("scoring.hand.readings expects the closed and open options to differ only in daisharin")
    if opened.has_daisharin or bool(wheel_suits) != closed.has_daisharin:
        raise ValueError("scoring.hand.readings expects the wheel yakuman on closed hands only")
    return ReadingRules(
        open_tanyao=closed.has_open_tanyao, kazoe_limit=closed.kazoe_limit, kiriage=closed.kiriage,
        open_pinfu_fu=closed.fu_for_open_pinfu, renhou_yakuman=closed.renhou_as_yakuman,
        wheel_suits=wheel_suits, three_player=closed.is_three_player, totals={},
    )


NOT_WINNING = HandCalculator.ERR_HAND_NOT_WINNING
NO_YAKU = HandCalculator.ERR_NO_YAKU


_LIMIT_BASE = ((65, 40000), (52, 32000), (39, 24000), (26, 16000), (13, 8000), (11, 6000), (8, 4000), (6, 3000),
               (5, 2000))
"""The library's base points of a limit hand by its least han (5 to 77 han; from 78 on, 8,000 a yakuman more)."""


def _total(rules: ReadingRules, han: int, fu: int, is_yakuman: bool, tsumo: bool, dealer: bool) -> int:
    """``ScoresCalculator.calculate_scores(...)["total"]`` for our options (no honba, no sticks)."""
    key = (han, fu, is_yakuman, tsumo, dealer)
    total = rules.totals.get(key)
    if total is not None:
        return total
    if han >= 13 and not is_yakuman:
        if rules.kazoe_limit == HandConstants.KAZOE_LIMITED:
            han = 13
        elif rules.kazoe_limit == HandConstants.KAZOE_SANBAIMAN:
            han = 12
    if han >= 5:
        if han >= 78:
            rounded = 48000 + (han - 78) // 13 * 8000  # limit_to_sextuple_yakuman is off
        else:
            rounded = next(points for least, points in _LIMIT_BASE if han >= least)
        double_rounded = rounded * 2
        four_rounded = double_rounded * 2
        six_rounded = double_rounded * 3
    else:
        base = fu * 2 ** (2 + han)
        rounded = (base + 99) // 100 * 100
        double_rounded = (2 * base + 99) // 100 * 100
        four_rounded = (4 * base + 99) // 100 * 100
        six_rounded = (6 * base + 99) // 100 * 100
        kiriage = rules.kiriage and ((han == 4 and fu == 30) or (han == 3 and fu == 60))
        if rounded > 2000 or kiriage:
            rounded = 2000
            double_rounded = rounded * 2
            four_rounded = double_rounded * 2
            six_rounded = double_rounded * 3
    if tsumo:
        main = double_rounded
        additional = main if dealer else rounded
    else:
        main = six_rounded if dealer else four_rounded
        additional = 0
    total = main + (1 if rules.three_player else 2) * additional
    if len(rules.totals) < 8192:
        rules.totals[key] = total
    return total


# --- decompositions (HandDivider) -----------------------------------------------------------
def _without_pair(hand: list[int], blocks: list[int], i: int, suit: int, remaining: int) -> list[list[int]]:
    """``HandDivider._decompose_single_color_hand_without_pair``, on block codes."""
    while i < 9 and hand[i] == 0:
        i += 1
    if i == 9:
        return [blocks] if remaining == 0 else []
    combinations: list[list[int]] = []
    if i < 7 and hand[i + 1] >= 1 and hand[i + 2] >= 1:
        hand[i] -= 1
        hand[i + 1] -= 1
        hand[i + 2] -= 1
        combinations.extend(_without_pair(hand, [*blocks, (suit + i) * 4 + SEQUENCE], i, suit, remaining - 3))
        hand[i + 2] += 1
        hand[i + 1] += 1
        hand[i] += 1
    if hand[i] >= 3:
        hand[i] -= 3
        combinations.extend(_without_pair(hand, [*blocks, (suit + i) * 4 + TRIPLET], i + 1, suit, remaining - 3))
        hand[i] += 3
    return combinations


@functools.lru_cache(maxsize=8192)
def _suit_shapes(counts: tuple[int, ...], suit: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """``HandDivider._decompose_single_color_hand`` of one suit's 9 counts (``suit`` = its first
    34-index), each decomposition with its number of pairs: a shape many different hands share,
    so it is cached."""
    hand = list(counts)
    remaining = sum(hand)
    combinations = _without_pair(hand, [], 0, suit, remaining)
    if not combinations:
        for pair in range(9):
            if hand[pair] < 2:
                continue
            hand[pair] -= 2
            combinations.extend(_without_pair(hand, [(suit + pair) * 4 + PAIR], 0, suit, remaining - 2))
            hand[pair] += 2
    return tuple((tuple(c), sum(1 for b in c if b & 3 == PAIR)) for c in combinations)


def _honor_blocks(counts: list[int]) -> list[int]:
    """``HandDivider._decompose_honors_hand`` (``counts``: the 34 counts)."""
    has_pair = False
    blocks = []
    for t in range(27, 34):
        n = counts[t]
        if n == 0:
            continue
        if n == 2:
            if has_pair:
                return []
            blocks.append(t * 4 + PAIR)
            has_pair = True
        elif n == 3:
            blocks.append(t * 4 + TRIPLET)
        else:
            return []
    return blocks


def divide(pure: list[int], meld_blocks: list[int]) -> list[list[int]]:
    """``HandDivider.divide_hand``: every decomposition of the concealed counts ``pure`` (34) with
    the melds' blocks, each sorted, in the library's order."""
    man = _suit_shapes(tuple(pure[0:9]), 0)
    if not man:
        return _chiitoitsu(pure, meld_blocks)
    pin = _suit_shapes(tuple(pure[9:18]), 9)
    if not pin:
        return _chiitoitsu(pure, meld_blocks)
    sou = _suit_shapes(tuple(pure[18:27]), 18)
    if not sou:
        return _chiitoitsu(pure, meld_blocks)
    honors = _honor_blocks(pure)
    honor_pairs = sum(1 for b in honors if b & 3 == PAIR)
    size = 5 - len(honors) - len(meld_blocks)
    combinations = _chiitoitsu(pure, meld_blocks)
    for m, m_pairs in man:
        for p, p_pairs in pin:
            for s, s_pairs in sou:
                # The library's checks: one pair among the concealed blocks, five blocks with the melds.
                if m_pairs + p_pairs + s_pairs + honor_pairs != 1 or len(m) + len(p) + len(s) != size:
                    continue
                blocks = [*m, *p, *s, *honors, *meld_blocks]
                blocks.sort()
                combinations.append(blocks)
    if len(combinations) > 1:
        combinations.sort()
    return combinations


def _chiitoitsu(pure: list[int], meld_blocks: list[int]) -> list[list[int]]:
    """``HandDivider._decompose_chiitoitsu`` (only without melds): seven different pairs."""
    if meld_blocks or pure.count(2) != 7 or pure.count(0) != 27:
        return []
    return [[t * 4 + PAIR for t in range(34) if pure[t] == 2]]


# --- the search -----------------------------------------------------------------------------
class _Declared(NamedTuple):
    """The declared melds of a hand as the reading search needs them (``_declared``)."""

    pure: list[int]
    """The concealed part's 34-index counts (the hand less its melds): what ``divide`` splits."""
    meld_blocks: list[int]
    opened_blocks: list[int]
    meld_state: dict[int, int]
    """Per meld tile (not a chii): 1 when opened, | 2 when a kan (the fu of the meld)."""
    is_open: bool
    kan_melds: int


def _declared(c34: list[int], melds: tuple[tuple[int, bool], ...]) -> _Declared:
    """Step 1: the declared melds, taken out of the hand's counts."""
    pure = c34[:]
    meld_blocks = []
    opened_blocks = []
    meld_state: dict[int, int] = {}
    is_open = False
    kan_melds = 0
    for code, opened in melds:
        meld_blocks.append(code)
        for t in _TILES[code]:
            pure[t] -= 1
        ty = code & 3
        if opened:
            is_open = True
            opened_blocks.append(code)
        if ty != SEQUENCE:
            meld_state[code >> 2] = (1 if opened else 0) | (2 if ty == QUAD else 0)
        if ty == QUAD:
            kan_melds += 1
    return _Declared(pure, meld_blocks, opened_blocks, meld_state, is_open, kan_melds)


def _situational_yaku(flags: frozenset[str], tsumo: bool, is_open: bool, rules: ReadingRules) -> list[int]:
    """Step 2: the yaku of the win itself (the same in every reading), in the library's order."""
    situational: list[int] = []
    if tsumo and not is_open:
        situational.append(Y_TSUMO)
    if not flags:
        return situational
    if "double_riichi" in flags:
        situational.append(Y_DOUBLE_RIICHI)
    elif "riichi" in flags:
        situational.append(Y_RIICHI)
    if "ippatsu" in flags:
        situational.append(Y_IPPATSU)
    if "rinshan" in flags:
        situational.append(Y_RINSHAN)
    if "chankan" in flags or "chankan_closed" in flags:
        situational.append(Y_CHANKAN)
    if "haitei" in flags:
        situational.append(Y_HAITEI)
    if "houtei" in flags:
        situational.append(Y_HOUTEI)
    if "renhou" in flags:
        situational.append(Y_RENHOU_YAKUMAN if rules.renhou_yakuman else Y_RENHOU)
    if "tenhou" in flags:
        situational.append(Y_TENHOU)
    if "chiihou" in flags:
        situational.append(Y_CHIIHOU)
    return situational


class _Shape(NamedTuple):
    """What the library's yaku look at in one division of the hand, from one pass over its blocks."""

    feature: int
    counted: int
    pair_tile: int
    suit_mask: int
    honor_count: int
    all_simple: bool
    one_suit: bool


def _shape(hand: list[int]) -> _Shape:
    feature = counted = 0
    pair_tile = -1
    for b in hand:
        feature |= _FEATURE[b]
        counted += _COUNTS[b]
        if b & 3 == PAIR:
            pair_tile = b >> 2
    suit_mask = feature >> SUIT_SHIFT
    return _Shape(feature, counted, pair_tile, suit_mask, counted >> C_HONOR & 15, not feature & NOT_SIMPLE,
                  suit_mask in (1, 2, 4))


def _division_yaku(
    hand: list[int], shape: _Shape, c34: list[int], win: int, decl: _Declared, *, tsumo: bool, seat_wind: int,
    round_wind: int, tanyao_allowed: bool, wheel_suits: Any, ryuisou: bool, has_melds: bool,
) -> tuple[list[int], str]:
    """Step 3: the yaku of the hand's shape in one division (not the win's own), and the daisharin's
    name when it is one (the library renames its daisharin by the suit)."""
    feature, counted, honor_count = shape.feature, shape.counted, shape.honor_count
    all_simple, one_suit = shape.all_simple, shape.one_suit
    has_honors = honor_count > 0
    n_chi = counted >> C_CHI & 15
    n_pon = counted >> C_PON & 15
    wheel = ""
    yaku: list[int] = []
    if len(hand) == 7:
        yaku.append(Y_CHIITOITSU)
    if wheel_suits and honor_count == 0 and one_suit:
        suit = (hand[0] >> 2) // 9
        if suit in wheel_suits and all(c34[suit * 9 + i] == 2 for i in range(1, 8)):
            yaku.append(Y_DAISHARIN)
            wheel = _WHEEL_ID[suit]
    if tanyao_allowed and all_simple:
        yaku.append(Y_TANYAO)
    if honor_count == 0 and one_suit:
        yaku.append(Y_CHINITSU)
    elif one_suit and honor_count > 0:
        yaku.append(Y_HONITSU)
    if not n_chi:
        if has_honors and not feature & NOT_HONOR:
            yaku.append(Y_TSUISOU)
        if not all_simple:
            if not feature & NOT_TH:
                yaku.append(Y_HONROTO)
            if not has_honors and not feature & NOT_TERMINAL:
                yaku.append(Y_CHINROTO)
    if ryuisou and not feature & NOT_GREEN:
        yaku.append(Y_RYUISOU)
    if n_chi:
        _sequence_yaku(yaku, hand, shape, is_open=decl.is_open)
    if n_pon:
        _triplet_yaku(yaku, hand, shape, c34, win, decl, tsumo=tsumo, seat_wind=seat_wind, round_wind=round_wind,
                      has_melds=has_melds)
    return yaku, wheel


def _sequence_yaku(yaku: list[int], hand: list[int], shape: _Shape, *, is_open: bool) -> None:
    """The yaku of a division with a chii (appended to ``yaku`` in the library's order)."""
    counted = shape.counted
    if not shape.all_simple:
        terminal_sets = counted >> C_TERMINAL_SET & 15
        honor_sets = counted >> C_HONOR_SET & 15
        if terminal_sets + honor_sets == 5 and terminal_sets and honor_sets:
            yaku.append(Y_CHANTAI)
        if terminal_sets == 5:
            yaku.append(Y_JUNCHAN)
        if _ittsu(hand):
            yaku.append(Y_ITTSU)
    if not is_open:
        peikou = _peikou(hand)
        if peikou == 2:
            yaku.append(Y_RYANPEIKO)
        elif peikou == 1:
            yaku.append(Y_IIPEIKO)
    if shape.suit_mask == 7 and _same_in_three_suits(hand, SEQUENCE):
        yaku.append(Y_SANSHOKU)


def _triplet_yaku(
    yaku: list[int], hand: list[int], shape: _Shape, c34: list[int], win: int, decl: _Declared, *, tsumo: bool,
    seat_wind: int, round_wind: int, has_melds: bool,
) -> None:
    """The yaku of a division with a pon (appended to ``yaku`` in the library's order)."""
    counted = shape.counted
    n_pon = counted >> C_PON & 15
    if n_pon == 4:
        yaku.append(Y_TOITOI)
    if _sanankou(hand, win, decl.opened_blocks, tsumo):
        yaku.append(Y_SANANKOU)
    if shape.suit_mask == 7 and _same_in_three_suits(hand, TRIPLET):
        yaku.append(Y_SANSHOKU_DOUKO)
    if shape.honor_count > 0:
        _honor_triplet_yaku(yaku, hand, counted, seat_wind=seat_wind, round_wind=round_wind)
    if (not has_melds and not shape.all_simple and shape.honor_count == 0 and shape.one_suit
            and _chuuren(c34, shape.suit_mask)):
        yaku.append(Y_DOUBLE_CHUUREN if c34[win] in (2, 4) else Y_CHUUREN)
    if not decl.is_open and _suuankou(hand, win, tsumo):
        yaku.append(Y_SUUANKOU_TANKI if c34[win] == 2 else Y_SUUANKOU)
    if decl.kan_melds == 3:
        yaku.append(Y_SANKANTSU)
    if decl.kan_melds == 4:
        yaku.append(Y_SUUKANTSU)


def _honor_triplet_yaku(yaku: list[int], hand: list[int], counted: int, *, seat_wind: int, round_wind: int) -> None:
    """Dragons and winds: yakuhai, shousangen, daisangen, the four winds."""
    dragon_pons = counted >> C_DRAGON_PON & 15
    wind_pons = counted >> C_WIND_PON & 15
    if counted >> C_DRAGON_SET & 15 == 3:
        yaku.append(Y_SHOSANGEN)
    if dragon_pons:
        if _has_pon_of(hand, HAKU):
            yaku.append(Y_HAKU)
        if _has_pon_of(hand, HATSU):
            yaku.append(Y_HATSU)
        if _has_pon_of(hand, CHUN):
            yaku.append(Y_CHUN)
    if wind_pons:
        if _has_pon_of(hand, seat_wind):
            yaku.append(_SEAT_WIND_ID[seat_wind])
        if _has_pon_of(hand, round_wind):
            yaku.append(_ROUND_WIND_ID[round_wind])
    if dragon_pons == 3:
        yaku.append(Y_DAISANGEN)
    if wind_pons == 3 and counted >> C_WIND_PAIR & 15 == 1:
        yaku.append(Y_SHOSUUSHI)
    if wind_pons == 4:
        yaku.append(Y_DAISUUSHI)


_Candidate = tuple[list[int], int, Any, bool]
"""A reading in the running: (yaku ids, fu, fu breakdown, whether it has no yaku)."""


def _kokushi_candidate(
    c34: list[int], win: int, flags: frozenset[str], rules: ReadingRules, *, tsumo: bool, dealer: bool,
) -> tuple[tuple, _Candidate]:
    """Step 5: thirteen orphans (no division reads it), with its ranking key."""
    yaku = [Y_DOUBLE_KOKUSHI if c34[win] == 2 else Y_KOKUSHI]
    if "renhou" in flags and rules.renhou_yakuman:
        yaku.append(Y_RENHOU_YAKUMAN)
    if "tenhou" in flags:
        yaku.append(Y_TENHOU)
    if "chiihou" in flags:
        yaku.append(Y_CHIIHOU)
    han = sum(_HAN_CLOSED[y] for y in yaku)
    return (_total(rules, han, 0, True, tsumo, dealer), True, han, 0, 0), (yaku, 0, (), False)


def _as_reading(best: _Candidate | None, han_of: Any, wheel: str) -> Reading | str:
    """Step 6: the chosen reading as the library answers it (yaku by id, fu breakdown by fu), or the error."""
    if best is None:
        return NOT_WINNING
    yaku, fu, details, error = best
    if error:
        return NO_YAKU
    out = []
    for y in sorted(yaku):
        out.append((wheel if y == Y_DAISHARIN else _CONTRACT_ID[y], han_of[y], _IS_YAKUMAN[y]))
    breakdown = tuple(sorted(details, key=_by_fu, reverse=True))
    return Reading(tuple(out), fu or None if not breakdown else fu, breakdown)


def best_reading(
    counts: Mapping[int, int], melds: tuple[tuple[int, bool], ...], win: int, flags: frozenset[str],
    tsumo: bool, seat_wind: int, round_wind: int, nuki: int, rules: ReadingRules, club_fu: ClubFu | None,
    ryuisou: bool,
) -> Reading | str:
    """The library's best reading of a hand, or its error (``NOT_WINNING`` / ``NO_YAKU``).

    ``counts``: copies of each 34-index in the hand and its melds; ``melds``: (block code, opened)
    of each declared meld in order; ``win``: the winning tile's 34-index; ``seat_wind`` /
    ``round_wind``: 27-30; ``nuki``: our dora total (the library's nuki dora: ranks readings);
    ``ryuisou``: whether ryuuiisou may be scored. The flags were checked by the caller
    (``evaluate._check_flags``), as the library's own refusals would have been.

    The steps: the declared melds out of the counts (``_declared``), the win's own yaku
    (``_situational_yaku``), then per division of the concealed part its yaku (``_division_yaku``) and
    per group holding the winning tile its fu and total (step 4, here: the hot loop), thirteen orphans
    (``_kokushi_candidate``), and the winner as the library answers it (``_as_reading``).
    """
    c34 = [0] * 34
    for k, n in counts.items():
        c34[k] = n
    decl = _declared(c34, melds)
    is_open, opened_blocks, meld_state = decl.is_open, decl.opened_blocks, decl.meld_state
    has_melds = bool(melds)
    dealer = seat_wind == 27
    situational = _situational_yaku(flags, tsumo, is_open, rules)
    han_of = _HAN_OPEN if is_open else _HAN_CLOSED
    rinshan = "rinshan" in flags
    tanyao_allowed = not is_open or rules.open_tanyao
    wheel_suits = rules.wheel_suits if not has_melds else None

    best: _Candidate | None = None
    best_key: tuple = ()
    wheel = ""
    for hand in divide(decl.pure, decl.meld_blocks):
        chiitoitsu = len(hand) == 7
        shape = _shape(hand)
        yaku, division_wheel = _division_yaku(
            hand, shape, c34, win, decl, tsumo=tsumo, seat_wind=seat_wind, round_wind=round_wind,
            tanyao_allowed=tanyao_allowed, wheel_suits=wheel_suits, ryuisou=ryuisou, has_melds=has_melds)
        wheel = division_wheel or wheel
        yaku += situational
        yakuman = [y for y in yaku if _IS_YAKUMAN[y]]
        han_no_pinfu = sum(han_of[y] for y in (yakuman or yaku))

        # Step 4: per group holding the winning tile, the fu and the library's ranking key.
        for win_group in _win_groups(hand, win, opened_blocks):
            if chiitoitsu:
                details: tuple[tuple[str, int], ...] | list[tuple[str, int]] = _CHIITOITSU_FU
                raw = fu = 25
            else:
                details, raw = _reading_fu(hand, win, win_group, tsumo, seat_wind, round_wind, shape.pair_tile,
                                           melds, meld_state, is_open, rules.open_pinfu_fu, club_fu, rinshan)
                fu = (raw + 9) // 10 * 10
            pinfu = len(details) == 1 and not chiitoitsu and not is_open
            if yakuman:
                han = han_no_pinfu
                error = False
            else:
                han = han_no_pinfu + (han_of[Y_PINFU] if pinfu else 0)
                error = han == 0
                if not error:
                    han += nuki  # the library's dora: nuki dora, counted on every reading with yaku
            total = -1 if error else _total(rules, han, fu, bool(yakuman), tsumo, dealer)
            key = (total, bool(yakuman), han, fu, raw)
            if best is None or key > best_key:
                best_key = key
                best = (yakuman if yakuman else (yaku + [Y_PINFU] if pinfu else yaku), fu, details, error)

    if not is_open and len(counts) == 13 and _kokushi(c34):
        key, candidate = _kokushi_candidate(c34, win, flags, rules, tsumo=tsumo, dealer=dealer)
        if best is None or key > best_key:
            best = candidate
    return _as_reading(best, han_of, wheel)


def _by_fu(detail: tuple[str, int]) -> int:
    return detail[1]


def _win_groups(hand: list[int], win: int, opened_blocks: list[int]) -> list[int]:
    """``HandCalculator._find_win_groups``: the distinct blocks holding the winning tile, the
    first block equal to each open meld set aside."""
    consumed = opened_blocks[:] if opened_blocks else None
    groups: list[int] = []
    for b in hand:
        if consumed and b in consumed:
            consumed.remove(b)
            continue
        t = b >> 2
        if ((t <= win <= t + 2) if b & 3 == SEQUENCE else t == win) and b not in groups:
            groups.append(b)
    return groups


def _reading_fu(
    hand: list[int], win: int, win_group: int, tsumo: bool, seat_wind: int, round_wind: int, pair_tile: int,
    melds: tuple[tuple[int, bool], ...], meld_state: dict[int, int], is_open: bool, open_pinfu_fu: bool,
    club_fu: ClubFu | None, rinshan: bool,
) -> tuple[list[tuple[str, int]], int]:
    """The fu of one reading (of four sets and a pair) on our rules: what ``estimate.ClubFuCalculator``
    gives the library, as (details, raw total)."""
    details, raw = _fu(hand, win, win_group, tsumo, seat_wind, round_wind, pair_tile, melds, meld_state, is_open,
                       open_pinfu_fu)
    if club_fu is not None:
        return _club_fu(details, raw, club_fu, rinshan, tsumo)
    return details, raw


def _fu(  # the library's calculate_fu, argument for argument
    hand: list[int], win: int, win_group: int, tsumo: bool, seat_wind: int, round_wind: int, pair_tile: int,
    melds: tuple[tuple[int, bool], ...], meld_state: dict[int, int], is_open: bool, open_pinfu_fu: bool,
) -> tuple[list[tuple[str, int]], int]:
    """``FuCalculator.calculate_fu`` of a 4-sets-and-a-pair reading: (details in the library's
    order, raw total before rounding)."""
    details: list[tuple[str, int]] = []
    total = 0
    wg_type = win_group & 3
    wg_tile = win_group >> 2
    # a closed chi (more of it in the hand than among the chi melds): the wait's fu
    if wg_type == SEQUENCE and hand.count(win_group) > sum(1 for code, _ in melds if code == win_group):
        start_rank = wg_tile % 9
        if (start_rank == 0 and win == wg_tile + 2) or (start_rank == 6 and win == wg_tile):
            details.append((_PENCHAN, 2))
            total += 2
        if win == wg_tile + 1:
            details.append((_KANCHAN, 2))
            total += 2
    if pair_tile >= 0:
        valued = (pair_tile in DRAGONS) + (pair_tile == seat_wind) + (pair_tile == round_wind)
        if valued == 1:
            details.append((_VALUED_PAIR, 2))
            total += 2
        elif valued >= 2:
            details.append((_DOUBLE_PAIR, 4))
            total += 4
    if wg_type == PAIR:
        details.append((_PAIR_WAIT, 2))
        total += 2
    for b in hand:
        ty = b & 3
        if ty in (PAIR, SEQUENCE):
            continue
        t = b >> 2
        state = meld_state.get(t, 0)
        was_open = bool(state & 1) or (not tsumo and b == win_group)  # ron on the pon's third tile
        reason, fu = _PON_KAN_FU[_IS_TERMINAL_OR_HONOR[t]][ty == QUAD or bool(state & 2)][was_open]
        details.append((reason, fu))
        total += fu
    if tsumo and total > 0:  # fu_for_pinfu_tsumo is off
        details.append((_TSUMO, 2))
        total += 2
    if is_open and total == 0 and open_pinfu_fu:
        details.append((_WITHOUT_FU, 2))
        total += 2
    base = 20 if is_open or tsumo else 30
    details.append((_BASE, base))
    return details, total + base


def _club_fu(
    details: list[tuple[str, int]], raw: int, rules: ClubFu, rinshan: bool, tsumo: bool,
) -> tuple[list[tuple[str, int]], int]:
    """``estimate.ClubFuCalculator``'s changes to one reading's fu (chiitoitsu's 25 never gets here)."""
    changed = False
    if rules.no_rinshan_tsumo_fu and rinshan:
        kept = [d for d in details if d[0] != _TSUMO]
        changed = len(kept) != len(details)
        details = kept
    if rules.double_wind_pair_fu != 4:
        for i, d in enumerate(details):
            if d[0] == _DOUBLE_PAIR:
                details = [*details[:i], (_DOUBLE_PAIR, rules.double_wind_pair_fu), *details[i + 1:]]
                changed = True
                break
    if rules.replacement_tsumo_fu and rinshan and tsumo and len(details) == 1:
        details = [(_TSUMO, 2), *details]
        changed = True
    if rules.open_tsumo_fu and tsumo and len(details) == 1:
        details = [(_TSUMO, 2), *details]
        changed = True
    if not changed:
        return details, raw
    return details, sum(d[1] for d in details)


def _ittsu(hand: list[int]) -> bool:
    masks = [0, 0, 0]
    for b in hand:
        if b & 3 == SEQUENCE:
            t = b >> 2
            r = t % 9
            if r in (0, 3, 6):
                masks[t // 9] |= 1 << (r // 3)
    return 7 in masks


def _peikou(hand: list[int]) -> int:
    """2 for ryanpeikou, 1 for iipeikou, 0 (the library's chi counts)."""
    counts: dict[int, int] = {}
    for b in hand:
        if b & 3 == SEQUENCE:
            counts[b] = counts.get(b, 0) + 1
    pairs = sum(n // 2 for n in counts.values())
    return 2 if pairs >= 2 else 1 if pairs else 0


def _same_in_three_suits(hand: list[int], kind: int) -> bool:
    """Sanshoku (``kind`` SEQUENCE) or sanshoku doukou (TRIPLET: pon or kan, suited)."""
    masks = [0, 0, 0]
    for b in hand:
        ty = b & 3
        if (ty == SEQUENCE) if kind == SEQUENCE else (ty in (TRIPLET, QUAD)):
            t = b >> 2
            if t < 27:
                masks[t // 9] |= 1 << (t % 9)
    return masks[0] & masks[1] & masks[2] != 0


def _has_pon_of(hand: list[int], tile: int) -> bool:
    return tile * 4 + TRIPLET in hand or tile * 4 + QUAD in hand


def _sanankou(hand: list[int], win: int, opened_blocks: list[int], tsumo: bool) -> bool:
    """``Sanankou.is_condition_met``: three concealed pon/kan, a ron's pon of the winning tile
    not counted unless a concealed chi holds the winning tile."""
    chi_with_win = False
    closed = 0
    for b in hand:
        ty = b & 3
        if ty == SEQUENCE:
            t = b >> 2
            if t <= win <= t + 2 and b not in opened_blocks:
                chi_with_win = True
        elif ty != PAIR and b not in opened_blocks:
            closed += 1
    if not tsumo and not chi_with_win:
        for b in hand:
            ty = b & 3
            if (ty in (TRIPLET, QUAD)) and b >> 2 == win and b not in opened_blocks:
                closed -= 1
                break
    return closed == 3


def _suuankou(hand: list[int], win: int, tsumo: bool) -> bool:
    n = 0
    for b in hand:
        ty = b & 3
        if ty in (TRIPLET, QUAD):
            if not tsumo and b >> 2 == win:
                continue
            n += 1
    return n == 4


def _chuuren(c34: list[int], suit_mask: int) -> bool:
    """``ChuurenPoutou.is_condition_met`` on the counts of the hand's one suit."""
    start = 0 if suit_mask == 4 else 9 if suit_mask == 2 else 18
    counts = c34[start:start + 9]
    if counts[0] < 3 or counts[8] < 3:
        return False
    counts[0] -= 2
    counts[8] -= 2
    twos = 0
    for n in counts:
        if n == 2:
            twos += 1
        elif n != 1:
            return False
    return twos == 1


_KOKUSHI_TILES = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _kokushi(c34: list[int]) -> bool:
    product = 1
    for t in _KOKUSHI_TILES:
        product *= c34[t]
        if not product:
            return False
    return product == 2


def from_response(response: HandResponse, is_open: bool) -> Reading | str:
    """The library's answer in the shape :func:`best_reading` returns (for the library path and
    the tests that hold the two against each other)."""
    if response.error:
        return response.error
    out = []
    for y in response.yaku:
        if type(y).__name__ in LIBRARY_DORA_CLASSES:
            continue
        cid = DAISHARIN_NAME_TO_ID[y.name] if y.yaku_id == Y_DAISHARIN else _CONTRACT_ID[y.yaku_id]
        out.append((cid, y.han_open if is_open and y.han_open else y.han_closed, y.is_yakuman))
    details = response.fu_details
    breakdown = tuple((d["reason"], d["fu"]) for d in details) if details else ()
    fu = response.fu if breakdown or response.fu else None
    return Reading(tuple(out), fu, breakdown)


# --- the library code this module ports (see the module doc) ----------------------------------
LIBRARY_SOURCES: dict[str, str] = {
    "HandCalculator.estimate_hand_value":
        "a85d0bf8abe47d345cb96f04c491076d2773f2ea6c8978c233bbf59fca0d31c6",
    "HandCalculator._find_win_groups":
        "3713c1d61bfcbcd5b2fafc4db0d53f0b50a181c7c6a88a0e087c975f0121f053",
    "hand._hand_priority":
        "208cdebb55d864729e302dbdc3dd62ee5624b34013839197ffe050c31a3e4426",
    "HandResponse.__init__":
        "dfc4f1029a0c465b8ea7a3d447baaeec03416bc2b9f44f264c68270efaa9d5f1",
    "FuCalculator.calculate_fu":
        "4635fbedd157e881494e03a971d9094d6dc81344334283571b0ee8f8ce046c91",
    "ScoresCalculator.calculate_scores":
        "118522e788cb2fca5f07bb16f9792d0b5a76423d672b65237d988acd1b46787d",
    "HandDivider.divide_hand":
        "6b441a04cfdfdcd00418c18a60abc04a909c697f9a36aca7d70cf3d156aaa7d6",
    "HandDivider._get_pure_hand":
        "568f285c304236ebbd85f97fc10086626d7d0cc271f953b7c5d7b5b336b42925",
    "HandDivider._divide_hand_impl":
        "d7653020fa7afcf4350ea748c5a91b371794661fe213460404972e779a122008",
    "HandDivider._decompose_chiitoitsu":
        "2516a430b294dd6eb8ad139f5904e0a08b9088221d5234f79f2a5cbfd637a581",
    "HandDivider._decompose_single_color_hand":
        "3d154029fc120fbfb116fcaab50fe0f8716468cf3c520986cdc5c5c5e0e4e44b",
    "HandDivider._decompose_single_color_hand_without_pair":
        "5ea093aa7cf2f00bd768d806f2808bce55e11d226a4ae3c3ce3c25b83a897ce7",
    "HandDivider._decompose_honors_hand":
        "03f8686b027277dffe84fda1bd27ab7e460acb6a3f965e258755e11013ad319a",
    "AkaDora.is_condition_met":
        "cf99508e0cffc141d708823c054e7482ae57fae5bc84b02b3296db899515e912",
    "Chankan.is_condition_met":
        "cf99508e0cffc141d708823c054e7482ae57fae5bc84b02b3296db899515e912",
    "Chantai.is_condition_met":
        "48e6ecc3ec689c43594b9fa7df072e0b457a5407c6f94e73dc864f3a9a993c4b",
    "Chiitoitsu.is_condition_met":
        "ac684d051d11f08c3d0e14294a59e92ef53b3d1c261dd34e478579dcb6295a3c",
    "Chinitsu.is_condition_met":
        "24a392cb8e8497aa4f8c9deff53ec1d0d1c5b7cb93fba4b5ab48ceecaa5f68ce",
    "Chun.is_condition_met":
        "58f5736b81b4d8452085e98f6cf4bba4e002f3b5b11bae92875dff6c18244b5f",
    "DaburuOpenRiichi.is_condition_met":
        "cf99508e0cffc141d708823c054e7482ae57fae5bc84b02b3296db899515e912",
    "DaburuRiichi.is_condition_met":
        "cf99508e0cffc141d708823c054e7482ae57fae5bc84b02b3296db899515e912",
    "Dora.is_condition_met":
        "cf99508e0cffc141d708823c054e7482ae57fae5bc84b02b3296db899515e912",
    "Haitei.is_condition_met":
        "cf99508e0cffc141d708823c054e7482ae57fae5bc84b02b3296db899515e912",
    "Haku.is_condition_met":
        "d5a4ca98702eee39d87461dde7b4cf3e7f282fb111662bacf8257ab9a038fec8",
    "Hatsu.is_condition_met":
        "70df5953d588064e4a8f69b42c4f062a471a6831112dced51e68cda8489a32ff",
    "Honitsu.is_condition_met":
        "d152f277dff2f91aa69cca155a571379a5df36fee19759474ab203e9a2b26c27",
    "Honroto.is_condition_met":
        "3f4123ab632e43a21f70e279a0cd952a432d860e6a2b67a2d91744d31a297a0c",
    "Houtei.is_condition_met":
        "cf99508e0cffc141d708823c054e7482ae57fae5bc84b02b3296db899515e912",
    "Iipeiko.is_condition_met":
        "442998332903f88028d829a2f7817cc5ebd5e3acf487396116e67678511915d6",
    "Ippatsu.is_condition_met":
        "cf99508e0cffc141d708823c054e7482ae57fae5bc84b02b3296db899515e912",
    "Ittsu.is_condition_met":
        "3d231ed50f2ddbe1873d1d5b97f9be7b7862f2c5fec86a8407b95017157c536c",
    "Junchan.is_condition_met":
        "65ddd536f27ee1d10611ca85f600dfa200a65356f94255bc5dd2a5d2326caded",
    "NagashiMangan.is_condition_met":
        "cf99508e0cffc141d708823c054e7482ae57fae5bc84b02b3296db899515e912",
    "OpenRiichi.is_condition_met":
        "cf99508e0cffc141d708823c054e7482ae57fae5bc84b02b3296db899515e912",
    "Pinfu.is_condition_met":
        "cf99508e0cffc141d708823c054e7482ae57fae5bc84b02b3296db899515e912",
    "Renhou.is_condition_met":
        "cf99508e0cffc141d708823c054e7482ae57fae5bc84b02b3296db899515e912",
    "Riichi.is_condition_met":
        "cf99508e0cffc141d708823c054e7482ae57fae5bc84b02b3296db899515e912",
    "Rinshan.is_condition_met":
        "cf99508e0cffc141d708823c054e7482ae57fae5bc84b02b3296db899515e912",
    "RoundWindEast.is_condition_met":
        "7a51ccb4a7af51396f3682f2ed54fb8d52df2bc01c8ca081c82c9a42ee9d4a7b",
    "RoundWindNorth.is_condition_met":
        "0fdab59610c1b140557aa6522c13405ef19e137cc7065b3a52dfccc01bbeff05",
    "RoundWindSouth.is_condition_met":
        "60533bd21b2c460e64b0ebb0f8352dd37fce06e7e0145051613d099de65207b3",
    "RoundWindWest.is_condition_met":
        "bc20bc3752e0a218424af99cc7ca45dc03eb12d749351c71b25c9f467d09f469",
    "Ryanpeikou.is_condition_met":
        "0f7cc83aeb4b000c116d27de2c17fd56576420f10e3d5949f10cea30ec5a0fca",
    "SanKantsu.is_condition_met":
        "ed1840fc5926cf89eff54970fb143dc99c649f7c456c82b7ed3269ce60957201",
    "Sanankou.is_condition_met":
        "72e2a0480e2a3a0aa89ddb779e53d1996482473dd601794aa3afc4776071532f",
    "Sanshoku.is_condition_met":
        "4de91784ab629057659bb90049c14d4a3a781d83c6cfea5c70c198f90cbd8108",
    "SanshokuDoukou.is_condition_met":
        "e8af27b7a5e9b5bd3d817cc93adc20d34f7ff73cc59d053613f976c9d1b4465e",
    "SeatWindEast.is_condition_met":
        "7a32903eafb1f72ff9706e9c6d19cac3949e9f4c26c3eb1e5a5b8fc61c4059f1",
    "SeatWindNorth.is_condition_met":
        "c05e20b0f3ad914e702f440bd272cc3036ffcd3bff174ae2366d00534e481cb0",
    "SeatWindSouth.is_condition_met":
        "d5403a9502acc793b4b9af0fa0c2c1ed02409ec2e46f2330080493c6dafca661",
    "SeatWindWest.is_condition_met":
        "6540a25bfd85d956bdf7db0776ee258137e9dfc49c513028614187d914690d43",
    "Shosangen.is_condition_met":
        "3c11408e0dc6d0dff8eba742af113bf6473b582ae1d9290706e0e9765d5f9fd0",
    "Tanyao.is_condition_met":
        "1d16701ce2343fd8440be718f6c3c17a9d145a5f9404d8493c1e9116f0620ba2",
    "Toitoi.is_condition_met":
        "278cfd0438764debb81c657accf2e369f145293170cf6d5ac4d75bcbccd211b4",
    "Tsumo.is_condition_met":
        "cf99508e0cffc141d708823c054e7482ae57fae5bc84b02b3296db899515e912",
    "UraDora.is_condition_met":
        "cf99508e0cffc141d708823c054e7482ae57fae5bc84b02b3296db899515e912",
    "Chiihou.is_condition_met":
        "cf99508e0cffc141d708823c054e7482ae57fae5bc84b02b3296db899515e912",
    "Chinroutou.is_condition_met":
        "a9327299de10648c48869b0dc6e76d8a7fa186dd3f3d2cf44bbc37cfbb3e8eab",
    "ChuurenPoutou.is_condition_met":
        "2a5d4892e7551a2f75afd1369a73f09d3267a0ad4cd3ffb5a0ca27dafffe99cc",
    "DaburuChuurenPoutou.is_condition_met":
        "cf99508e0cffc141d708823c054e7482ae57fae5bc84b02b3296db899515e912",
    "DaburuKokushiMusou.is_condition_met":
        "cf99508e0cffc141d708823c054e7482ae57fae5bc84b02b3296db899515e912",
    "DaiSuushii.is_condition_met":
        "b886958f24b4ec1babeb5ed03e2a617d31ec8548899fdd4c2ce93ce267073c73",
    "Daichisei.is_condition_met":
        "e72adf11adc5d131a4e6f7306a3c223a89f54be91c3b5d69782881f23c4f4374",
    "Daisangen.is_condition_met":
        "b4a501c494388aaff785599cc3aadeb52d1538984a94ec8651fd485055638a2d",
    "Daisharin.is_condition_met":
        "af6091894589245e0ae60f4b4e6f59af20d8eb05a5ac12b0503b01ecbc4ff7b3",
    "KokushiMusou.is_condition_met":
        "16ef9383f5b36aa8c2be72c7b0e97381b4dbde0a483f3bb1fbca511c0fb3d7d6",
    "Paarenchan.is_condition_met":
        "cf99508e0cffc141d708823c054e7482ae57fae5bc84b02b3296db899515e912",
    "RenhouYakuman.is_condition_met":
        "cf99508e0cffc141d708823c054e7482ae57fae5bc84b02b3296db899515e912",
    "Ryuuiisou.is_condition_met":
        "2d5d3786ae4512bb8998442031b362b2b6cb6443a9ead0ee45f7758d9144c684",
    "Sashikomi.is_condition_met":
        "cf99508e0cffc141d708823c054e7482ae57fae5bc84b02b3296db899515e912",
    "Shousuushii.is_condition_met":
        "fa47e2e377d19a96f75e1f54404c90fc583ad2e8ce6377979f92607a1e90c1a1",
    "Suuankou.is_condition_met":
        "626f2b8ec8ca7217ca9ec847990a1221ffa3e326517fe72d94d7d02fd33ca272",
    "SuuankouTanki.is_condition_met":
        "cf99508e0cffc141d708823c054e7482ae57fae5bc84b02b3296db899515e912",
    "Suukantsu.is_condition_met":
        "91268a9c69e28d9eafcf813d6c44c4a3652e4031cdb4e8303952ba4d9889838c",
    "Tenhou.is_condition_met":
        "cf99508e0cffc141d708823c054e7482ae57fae5bc84b02b3296db899515e912",
    "Tsuuiisou.is_condition_met":
        "c6e51486708ee89ef1b70ad8ccc455d059a4c0028073c954bc76ed23cdb5d2b6",
}
"""sha256 of the mahjong 2.1.0 source of each library function this module ports (the yaku's
``is_condition_met`` included, even those that only ``return True``: the port assumes it)."""


def _ported() -> dict[str, Callable[..., Any]]:
    fns: dict[str, Callable[..., Any]] = {
        "HandCalculator.estimate_hand_value": HandCalculator.estimate_hand_value,
        "HandCalculator._find_win_groups": HandCalculator._find_win_groups,
        "hand._hand_priority": _lib_hand._hand_priority,
        "HandResponse.__init__": HandResponse.__init__,
        "FuCalculator.calculate_fu": FuCalculator.calculate_fu,
        "ScoresCalculator.calculate_scores": ScoresCalculator.calculate_scores,
        "HandDivider.divide_hand": HandDivider.divide_hand,
        "HandDivider._get_pure_hand": HandDivider._get_pure_hand,
        "HandDivider._divide_hand_impl": HandDivider._divide_hand_impl,
        "HandDivider._decompose_chiitoitsu": HandDivider._decompose_chiitoitsu,
        "HandDivider._decompose_single_color_hand": HandDivider._decompose_single_color_hand,
        "HandDivider._decompose_single_color_hand_without_pair": HandDivider._decompose_single_color_hand_without_pair,
        "HandDivider._decompose_honors_hand": HandDivider._decompose_honors_hand,
    }
    for module in (_yl, _ylm):
        for name in sorted(getattr(module, "__all__", ()) or dir(module)):
            cls = getattr(module, name)
            if isinstance(cls, type) and "is_condition_met" in cls.__dict__:
                fns[f"{cls.__name__}.is_condition_met"] = cls.is_condition_met
    return fns


def library_source_hashes() -> dict[str, str]:
    """sha256 of the installed library's source of each function ported here."""
    return {name: hashlib.sha256(inspect.getsource(fn).encode("utf-8")).hexdigest() for name, fn in _ported().items()}
