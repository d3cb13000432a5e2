"""Rebuild each win of a tenhou.net/6 log as a contract HAND, with the log's own score.

The log keeps, per seat, the start hand, the draws (ints, or call strings for chi/pon/
daiminkan) and the discards (ints, 60 = tsumogiri, "r.." riichi, "k.." shouminkan,
"a.." ankan, 0 = the slot after a daiminkan). We replay the round in turn order to get
the winner's final tiles and the situational flags (ippatsu, haitei, rinshan, ...),
which the log does not store. Four-player logs only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from scoring import messages as M
from scoring.errors import ScoringError

_SUIT = {1: "m", 2: "p", 3: "s", 4: "z"}
_WINDS = "ESWN"
LIVE_WALL_DRAWS = 70  # 136 tiles - 52 dealt - 14 dead wall

# tenhou yaku name (Japanese, and the English client's) -> contract id
TENHOU_YAKU: dict[str, str] = {
    "門前清自摸和": "menzen_tsumo", "立直": "riichi", "一発": "ippatsu", "槍槓": "chankan",
    "嶺上開花": "rinshan", "海底摸月": "haitei", "河底撈魚": "houtei", "平和": "pinfu",
    "断幺九": "tanyao", "一盃口": "iipeikou", "役牌 白": "haku", "役牌 發": "hatsu", "役牌 中": "chun",
    "両立直": "double_riichi", "七対子": "chiitoitsu", "混全帯幺九": "chanta", "一気通貫": "ittsu",
    "三色同順": "sanshoku", "三色同刻": "sanshoku_doukou", "三槓子": "sankantsu", "対々和": "toitoi",
    "三暗刻": "sanankou", "小三元": "shousangen", "混老頭": "honroutou", "二盃口": "ryanpeikou",
    "純全帯幺九": "junchan", "混一色": "honitsu", "清一色": "chinitsu", "天和": "tenhou", "地和": "chiihou",
    "大三元": "daisangen", "四暗刻": "suuankou", "四暗刻単騎": "suuankou_tanki", "字一色": "tsuuiisou",
    "緑一色": "ryuuiisou", "清老頭": "chinroutou", "九蓮宝燈": "chuuren", "純正九蓮宝燈": "junsei_chuuren",
    "国士無双": "kokushi", "国士無双１３面": "kokushi_13", "大四喜": "daisuushii", "小四喜": "shousuushii",
    "四槓子": "suukantsu", "ドラ": "dora", "裏ドラ": "ura_dora", "赤ドラ": "aka_dora",
    "Riichi": "riichi", "Ippatsu": "ippatsu", "Fully Concealed Hand": "menzen_tsumo", "Pinfu": "pinfu",
    "All Simples": "tanyao", "Pure Double Sequence": "iipeikou", "Dora": "dora", "Ura Dora": "ura_dora",
    "Red Five": "aka_dora", "Seven Pairs": "chiitoitsu", "Half Flush": "honitsu", "Full Flush": "chinitsu",
}
for _w, _name in zip("東南西北", ("E", "S", "W", "N")):
    TENHOU_YAKU[f"自風 {_w}"] = "seat_wind"
    TENHOU_YAKU[f"場風 {_w}"] = "round_wind"

_RESULT = re.compile(r"^(?:(\d+)符(\d+)飜|(満貫|跳満|倍満|三倍満|役満))(\d+)(?:-(\d+))?点(∀?)$")
_LIMITS = {"満貫": "mangan", "跳満": "haneman", "倍満": "baiman", "三倍満": "sanbaiman", "役満": "yakuman"}


def tile(code: int) -> str:
    """A tenhou tile code (11-47, 51-53 red fives) in contract notation."""
    if code in (51, 52, 53):
        return f"0{_SUIT[code - 50]}"
    return f"{code % 10}{_SUIT[code // 10]}"


def tiles(codes: list[int]) -> str:
    """Codes in compact notation grouped by suit, e.g. "406p11z"."""
    by_suit: dict[str, list[str]] = {}
    for code in sorted(codes, key=lambda c: (c // 10, c % 10) if c < 50 else (c - 50, 5)):
        text = tile(code)
        by_suit.setdefault(text[1], []).append(text[0])
    return "".join("".join(nums) + suit for suit, nums in sorted(by_suit.items(), key=lambda kv: "mpsz".index(kv[0])))


@dataclass(frozen=True)
class WinFromLog:
    hand: dict[str, Any]
    """Contract HAND, with tsumo, seat_wind and round_wind filled in."""
    winner: int
    loser: int | None
    dealer: int
    yaku: dict[str, int]
    """The log's yaku id -> han (0-han dora lines dropped; a yakuman counts 13)."""
    han: int
    fu: int | None
    """None for limit hands (the log does not print their fu)."""
    limit: str | None
    points: dict[str, int]
    """As the contract's `points`: {"ron"} | {"dealer", "non_dealer"} | {"all"}."""


def has_red_fives(log: dict) -> bool:
    """Whether the log's room plays with red fives (the 赤 in rule.disp, else the aka flags)."""
    rule = log.get("rule") or {}
    disp = rule.get("disp")
    if isinstance(disp, str) and any("\u3040" <= ch <= "\u9fff" for ch in disp):
        return "赤" in disp
    return bool(rule.get("aka") or rule.get("aka51") or rule.get("aka52") or rule.get("aka53"))


def parse_result(detail: list) -> tuple[dict[str, int], int, int | None, str | None, dict[str, int]]:
    """The yaku, han, fu, limit and points of one win's detail list."""
    m = _RESULT.match(detail[3])
    if not m:
        raise ScoringError(M.TENHOU_RESULT_UNREADABLE, text=detail[3])
    fu_s, han_s, limit_s, a, b, each = m.groups()
    yaku: dict[str, int] = {}
    for item in detail[4:]:
        name, _, rest = item.partition("(")
        if name not in TENHOU_YAKU:
            raise ScoringError(M.TENHOU_UNKNOWN_YAKU, name=name)
        han = 13 if rest.startswith("役満") else int(rest.split("飜")[0])
        if han:
            yaku[TENHOU_YAKU[name]] = yaku.get(TENHOU_YAKU[name], 0) + han
    if each:
        points = {"all": int(a)}
    elif b:
        points = {"dealer": int(b), "non_dealer": int(a)}
    else:
        points = {"ron": int(a)}
    han = int(han_s) if han_s else sum(yaku.values())
    limit = _LIMITS[limit_s] if limit_s else None
    fu = int(fu_s) if fu_s else None
    if fu_s and int(han_s) >= 5:
        limit = None  # never printed so; kept for completeness
    return yaku, han, fu, limit, points


@dataclass
class _Seat:
    hand: list[int]
    draws: list
    discards: list
    melds: list[dict] = field(default_factory=list)
    di: int = 0  # next draw entry
    ci: int = 0  # next discard entry
    last_draw: int | None = None
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    discards_made: int = 0


def _call_tiles(call: str) -> tuple[str, int, list[int], int]:
    """(letter, letter position in tiles, all tile codes, the called/added tile) of a call string."""
    letter_at = next(i for i, ch in enumerate(call) if ch.isalpha())
    letter = call[letter_at]
    digits = call[:letter_at] + call[letter_at + 1:]
    codes = [int(digits[i:i + 2]) for i in range(0, len(digits), 2)]
    return letter, letter_at // 2, codes, int(call[letter_at + 1:letter_at + 3])


def _source(seat: int, letter: str, pos: int, size: int) -> int:
    """Who discarded the called tile: the letter sits left (kamicha), middle (toimen) or right (shimocha)."""
    if letter == "c":
        return (seat + 3) % 4
    rel = {0: 3, 1: 2}.get(pos, 1)  # pos 2 (pon) or 3 (daiminkan) = shimocha
    return (seat + rel) % 4


def _remove(hand: list[int], code: int) -> None:
    try:
        hand.remove(code)
    except ValueError:
        raise ScoringError(M.REPLAY_TILE_NOT_IN_HAND, code=code, hand=sorted(hand)) from None


def _replay(rnd: list) -> tuple[list[_Seat], dict]:
    """Play a round in turn order up to its end; returns seats and what the last action was."""
    kyoku = rnd[0][0]
    dealer = kyoku % 4
    seats = [_Seat(list(rnd[4 + 3 * p]), list(rnd[5 + 3 * p]), list(rnd[6 + 3 * p])) for p in range(4)]
    cur = dealer
    wall_draws = 0
    calls_made = False
    rinshan_next = False
    state: dict[str, Any] = {}
    while True:
        s = seats[cur]
        if s.di >= len(s.draws):
            break
        d = s.draws[s.di]
        s.di += 1
        state = {"kind": "draw", "seat": cur}
        if isinstance(d, int):
            s.hand.append(d)
            s.last_draw = d
            wall_draws += 1
            state.update(rinshan=rinshan_next, wall_draws=wall_draws, first_draw=s.di == 1 and not calls_made)
            rinshan_next = False
        else:
            letter, pos, codes, called = _call_tiles(d)
            own = list(codes)
            own.remove(called)
            for c in own:
                _remove(s.hand, c)
            kind = {"c": "chi", "p": "pon", "m": "daiminkan"}[letter]
            s.melds.append({"kind": kind, "codes": codes})
            calls_made = True
            for other in seats:
                other.ippatsu = False
            if letter == "m":
                rinshan_next = True
                s.ci += 1  # the 0 placeholder in the discards
                continue
        if s.ci >= len(s.discards):
            break  # tsumo (or an abortive draw on one's own turn)
        x = s.discards[s.ci]
        s.ci += 1
        if isinstance(x, str) and ("k" in x or "a" in x):
            letter, _, codes, added = _call_tiles(x)
            if letter == "k":
                _remove(s.hand, added)
                pon = next(m for m in s.melds if m["kind"] == "pon" and sorted(m["codes"]) == sorted(c for c in codes if c != added) or
                           m["kind"] == "pon" and _same_kind(m["codes"][0], added))
                pon["kind"], pon["codes"] = "shouminkan", codes
            else:
                for c in codes:
                    _remove(s.hand, c)
                s.melds.append({"kind": "ankan", "codes": codes})
                added = codes[0]
            calls_made = True
            for other in seats:
                other.ippatsu = False
            rinshan_next = True
            state = {"kind": "kan", "seat": cur, "tile": added, "ankan": letter == "a", "wall_draws": wall_draws}
            continue
        riichi = isinstance(x, str) and x.startswith("r")
        code = int(x[1:]) if riichi else x
        if code == 60:
            code = s.last_draw
        _remove(s.hand, code)
        s.ippatsu = False
        if riichi:
            s.riichi = True
            s.ippatsu = True
            s.double_riichi = s.discards_made == 0 and not calls_made
        s.discards_made += 1
        state = {"kind": "discard", "seat": cur, "tile": code, "wall_draws": wall_draws}
        nxt = (cur + 1) % 4
        best = None
        for q in range(4):
            if q == cur or seats[q].di >= len(seats[q].draws):
                continue
            entry = seats[q].draws[seats[q].di]
            if isinstance(entry, str):
                letter, pos, codes, called = _call_tiles(entry)
                if called == code and _source(q, letter, pos, len(codes)) == cur:
                    if best is None or letter != "c":
                        best = q
        cur = best if best is not None else nxt
    return seats, state


def _same_kind(a: int, b: int) -> bool:
    norm = lambda c: (c - 50) * 10 + 5 if c > 50 else c  # noqa: E731
    return norm(a) == norm(b)


def win_hands(log: dict) -> list[tuple[int, WinFromLog]]:
    """Every win in the log as (round index, WinFromLog), double ron giving two entries."""
    out: list[tuple[int, WinFromLog]] = []
    for index, rnd in enumerate(log["log"]):
        result = rnd[-1]
        if result[0] != "和了":
            continue
        seats, last = _replay(rnd)
        kyoku = rnd[0][0]
        dealer = kyoku % 4
        for k in range(2, len(result), 2):
            detail = result[k]
            winner, source = detail[0], detail[1]
            tsumo = winner == source
            out.append((index, _win(rnd, seats, last, winner, None if tsumo else source, dealer, kyoku, detail)))
    return out


def _win(rnd, seats, last, winner, loser, dealer, kyoku, detail) -> WinFromLog:
    s = seats[winner]
    tsumo = loser is None
    if tsumo:
        if last.get("kind") != "draw" or last["seat"] != winner:
            raise ScoringError(M.REPLAY_TSUMO_NOT_LAST)
        concealed = list(s.hand)
        win_code = s.last_draw
    else:
        if last.get("seat") != loser or last.get("kind") not in ("discard", "kan"):
            raise ScoringError(M.REPLAY_RON_NOT_LAST)
        win_code = last["tile"]
        concealed = [*s.hand, win_code]
    n_dora = len(rnd[2])
    hand: dict[str, Any] = {
        "tiles": tiles(concealed),
        "melds": [{"kind": m["kind"], "tiles": tiles(m["codes"])} for m in s.melds],
        "win": tile(win_code),
        "tsumo": tsumo,
        "seat_wind": _WINDS[(winner - dealer) % 4],
        "round_wind": _WINDS[kyoku // 4],
        "dora": [tile(c) for c in rnd[2]],
        "ura": [tile(c) for c in rnd[3][:n_dora]],
    }
    flags = {
        "riichi": s.riichi and not s.double_riichi,
        "double_riichi": s.double_riichi,
        "ippatsu": s.ippatsu,
        "rinshan": tsumo and bool(last.get("rinshan")),
        "chankan": not tsumo and last["kind"] == "kan" and not last.get("ankan"),
        "chankan_closed": not tsumo and last["kind"] == "kan" and bool(last.get("ankan")),
        "haitei": tsumo and not last.get("rinshan") and last["wall_draws"] == LIVE_WALL_DRAWS,
        "houtei": not tsumo and last["kind"] == "discard" and last["wall_draws"] == LIVE_WALL_DRAWS,
        "tenhou": tsumo and winner == dealer and bool(last.get("first_draw")),
        "chiihou": tsumo and winner != dealer and bool(last.get("first_draw")),
    }
    hand.update({k: True for k, v in flags.items() if v})
    yaku, han, fu, limit, points = parse_result(detail)
    return WinFromLog(hand, winner, loser, dealer, yaku, han, fu, limit, points)
