"""Rebuild each win of a tenhou.net/6 log as a contract HAND, with the log's own score.

The log keeps, per seat, the start hand, the draws (ints, or call strings for chi/pon/
daiminkan) and the discards (ints, 60 = tsumogiri, "r.." riichi, "k.." shouminkan,
"a.." ankan, 0 = the slot after a daiminkan). We replay the round in turn order (a call
moves the turn to the caller; which of several equal discards a call took is found by
backtracking, see `_replay`) to get the winner's final tiles and the situational flags
(ippatsu, haitei, rinshan, ...), which the log does not store. Three-player logs too: the
fourth seat is empty, a North set aside (kita) is a discard entry "f44" followed by a
replacement draw, and the HAND gets the count as ``kita``.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from typing import Any

from scoring import messages as M
from scoring.errors import ScoringError
from scoring.winds import WINDS, seat_wind

_SUIT = {1: "m", 2: "p", 3: "s", 4: "z"}
LIVE_WALL_DRAWS = 70  # 136 tiles - 52 dealt - 14 dead wall
LIVE_WALL_DRAWS_SANMA = 55  # 108 tiles - 39 dealt - 14 dead wall (kita and kan replacements come out of it)

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
    "抜きドラ": "kita", "Kita": "kita",
    # Mahjong Soul's Japanese names where they differ from Tenhou's (tensoul writes them)
    "ダブル立直": "double_riichi", "役牌:自風牌": "seat_wind", "役牌:場風牌": "round_wind",
    "国士無双十三面待ち": "kokushi_13",
}
for _w, _name in zip("東南西北", WINDS, strict=False):
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
    kita: int = 0


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


class _DeadEnd(Exception):
    """This ordering of the calls cannot produce the log."""


@dataclass
class _Game:
    seats: list[_Seat]
    cur: int
    players: int = 4
    by_call: bool = False  # cur's turn opens with a call on the last discard
    wall_draws: int = 0
    calls_made: bool = False
    rinshan_next: bool = False
    state: dict = field(default_factory=dict)
    path: list = field(default_factory=list)
    """(turn, seat) of each call taken out of plain turn order, for tracing."""


_MAX_BRANCHES = 20_000


def _replay(rnd: list) -> tuple[list[_Seat], dict]:
    """Play a round up to its end; returns seats and what the last action was.

    Tenhou orders events as a table does: after a discard, a seat whose next draw entry is a
    call on that tile from that seat may take it (pon/kan before chi) and play on from there,
    skipping the seats in between; otherwise the next seat draws from the wall. The log does
    not say which of several equal discards a call took (a seat may pon the second 4p its
    shimocha throws, not the first), so at every discard that some seat's next call fits we
    try calling first, then passing, and backtrack out of orderings that cannot go on: a
    wall-draw turn whose next draw entry is a call, a call on tiles the caller lacks, or an
    end with entries left over or not on the result's last action.
    """
    dealer = rnd[0][0] % 4
    players = _players(rnd)
    accept = _end_check(rnd[-1])
    seats = [_Seat(list(rnd[4 + 3 * p]), list(rnd[5 + 3 * p]), list(rnd[6 + 3 * p])) for p in range(players)]
    start = _Game(seats, dealer, players)
    stack = [start]
    first_error: ScoringError | None = None
    branches = 0
    while stack and branches < _MAX_BRANCHES:
        game = stack.pop()
        try:
            nxt = _play(game)
        except ScoringError as exc:
            first_error = first_error or exc
            continue
        except _DeadEnd:
            continue
        if nxt is None:
            if accept(game):
                return game.seats, game.state
            continue
        branches += 1
        stack.extend(reversed(nxt))
    if first_error is not None:
        raise first_error
    raise ScoringError(M.REPLAY_TSUMO_NOT_LAST if accept.tsumo else M.REPLAY_RON_NOT_LAST)


def _players(rnd: list) -> int:
    """3 when the fourth seat of a round holds no tiles (three-player log), else 4."""
    return 3 if len(rnd) > 15 and not rnd[13] and not rnd[14] and not rnd[15] else 4


def _end_check(result: list):
    """Whether a finished replay ends as the result says: every entry used, and the last
    action the tsumo winner's draw or the loser's discard/kan."""
    detail = result[2] if len(result) > 2 and result[0] == "和了" else None
    tsumo = detail is not None and detail[0] == detail[1]

    def accept(game: _Game) -> bool:
        if any(s.di < len(s.draws) or s.ci < len(s.discards) for s in game.seats):
            return False
        if detail is None:
            return True
        last = game.state
        if tsumo:
            return last.get("kind") == "draw" and last.get("seat") == detail[0]
        return last.get("seat") == detail[1] and last.get("kind") in ("discard", "kan", "kita")

    accept.tsumo = tsumo  # type: ignore[attr-defined]
    return accept


def _play(g: _Game) -> list[_Game] | None:
    """Play on until the round ends (None) or a discard some seat may call (the options,
    best first). Raises _DeadEnd or ScoringError when this ordering cannot be the log."""
    while True:
        s = g.seats[g.cur]
        if s.di >= len(s.draws):
            return None
        if not _take(g, s):
            continue  # a daiminkan: the replacement draw is the seat's next entry
        if s.ci >= len(s.discards):
            return None  # tsumo (or an abortive draw on one's own turn)
        x = s.discards[s.ci]
        s.ci += 1
        if isinstance(x, str) and x.startswith("f"):
            _kita(g, s, int(x[1:]))
        elif isinstance(x, str) and ("k" in x or "a" in x):
            _kan(g, s, x)
        else:
            options = _discard(g, s, x)
            if options:
                return options


def _end_ippatsu(g: _Game) -> None:
    """A call, kan or kita: every ippatsu and the first go-around are over."""
    g.calls_made = True
    for other in g.seats:
        other.ippatsu = False


def _take(g: _Game, s: _Seat) -> bool:
    """The seat's draw entry: a wall draw, or a call on the last discard. False after a
    daiminkan (no discard follows its 0 placeholder; the replacement draw comes next)."""
    d = s.draws[s.di]
    if isinstance(d, int) == g.by_call:
        raise _DeadEnd  # a wall draw where a call is due, or a call on nobody's discard
    g.by_call = False
    s.di += 1
    g.state = {"kind": "draw", "seat": g.cur}
    if isinstance(d, int):
        s.hand.append(d)
        s.last_draw = d
        g.wall_draws += 1
        g.state.update(rinshan=g.rinshan_next, wall_draws=g.wall_draws, first_draw=s.di == 1 and not g.calls_made)
        g.rinshan_next = False
        return True
    letter, pos, codes, called = _call_tiles(d)
    own = list(codes)
    own.remove(called)
    for c in own:
        _remove(s.hand, c)
    kind = {"c": "chi", "p": "pon", "m": "daiminkan"}[letter]
    s.melds.append({"kind": kind, "codes": codes})
    _end_ippatsu(g)
    if letter == "m":
        g.rinshan_next = True
        s.ci += 1  # the 0 placeholder in the discards
        return False
    return True


def _kita(g: _Game, s: _Seat, north: int) -> None:
    """Kita: a North set aside, then a replacement draw (a win on it is rinshan). Like a
    call it ends every ippatsu and the first go-around."""
    _remove(s.hand, north)
    s.kita += 1
    _end_ippatsu(g)
    g.rinshan_next = True
    g.state = {"kind": "kita", "seat": g.cur, "tile": north, "wall_draws": g.wall_draws}


def _kan(g: _Game, s: _Seat, entry: str) -> None:
    """A shouminkan ("k..": a tile added to a pon) or an ankan ("a.."), then a replacement draw."""
    letter, _, codes, added = _call_tiles(entry)
    if letter == "k":
        _remove(s.hand, added)
        pon = next((m for m in s.melds if m["kind"] == "pon" and _same_kind(m["codes"][0], added)), None)
        if pon is None:
            raise _DeadEnd
        pon["kind"], pon["codes"] = "shouminkan", codes
    else:
        for c in codes:
            _remove(s.hand, c)
        s.melds.append({"kind": "ankan", "codes": codes})
        added = codes[0]
    # A kan robbed (chankan) never happened, so it breaks no ippatsu: kept for the robber.
    ippatsu_before = tuple(seat.ippatsu for seat in g.seats)
    _end_ippatsu(g)
    g.rinshan_next = True
    g.state = {"kind": "kan", "seat": g.cur, "tile": added, "ankan": letter == "a", "wall_draws": g.wall_draws,
               "ippatsu_before": ippatsu_before}


def _discard(g: _Game, s: _Seat, entry: int | str) -> list[_Game] | None:
    """A discard (60 = tsumogiri, "r.." with a riichi declaration); the turn passes on. The
    orderings to try when some seat's next entry is a call on it (calling first, best
    first, then nobody calling), else None."""
    riichi = isinstance(entry, str) and entry.startswith("r")
    code = int(entry[1:]) if riichi else entry
    if code == 60:
        code = s.last_draw
    if not isinstance(code, int) or code == 0:
        raise _DeadEnd  # a daiminkan's placeholder where a discard is due
    _remove(s.hand, code)
    s.ippatsu = False
    if riichi:
        s.riichi = True
        s.ippatsu = True
        s.double_riichi = s.discards_made == 0 and not g.calls_made
    s.discards_made += 1
    g.state = {"kind": "discard", "seat": g.cur, "tile": code, "wall_draws": g.wall_draws}
    seats = g.seats
    callers = []
    for q in range(g.players):
        if q == g.cur or seats[q].di >= len(seats[q].draws):
            continue
        call = seats[q].draws[seats[q].di]
        if isinstance(call, str):
            letter, pos, codes, called = _call_tiles(call)
            if called == code and _source(q, letter, pos, len(codes)) == g.cur:
                callers.append((letter == "c", q))
    if not callers:
        g.cur = (g.cur + 1) % g.players
        return None
    options = []
    for _, q in sorted(callers):  # pon/kan before chi, then nobody calls
        option = copy.deepcopy(g)
        option.cur, option.by_call = q, True
        option.path.append((sum(x.discards_made for x in seats), q, seats[q].draws[seats[q].di]))
        options.append(option)
    g.cur = (g.cur + 1) % g.players
    options.append(g)
    return options


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
        if last.get("seat") != loser or last.get("kind") not in ("discard", "kan", "kita"):
            raise ScoringError(M.REPLAY_RON_NOT_LAST)
        win_code = last["tile"]
        concealed = [*s.hand, win_code]
    n_dora = len(rnd[2])
    players = len(seats)
    live = LIVE_WALL_DRAWS if players == 4 else LIVE_WALL_DRAWS_SANMA
    hand: dict[str, Any] = {
        "tiles": tiles(concealed),
        "melds": [{"kind": m["kind"], "tiles": tiles(m["codes"])} for m in s.melds],
        "win": tile(win_code),
        "tsumo": tsumo,
        "seat_wind": seat_wind(winner, dealer, players),
        "round_wind": WINDS[kyoku // 4],
        "dora": [tile(c) for c in rnd[2]],
        "ura": [tile(c) for c in rnd[3][:n_dora]],
    }
    robbed_kan = not tsumo and last["kind"] == "kan"
    flags = {
        "riichi": s.riichi and not s.double_riichi,
        "double_riichi": s.double_riichi,
        "ippatsu": last["ippatsu_before"][winner] if robbed_kan else s.ippatsu,
        "rinshan": tsumo and bool(last.get("rinshan")),
        "chankan": not tsumo and last["kind"] == "kan" and not last.get("ankan"),
        "chankan_closed": not tsumo and last["kind"] == "kan" and bool(last.get("ankan")),
        "haitei": tsumo and not last.get("rinshan") and last["wall_draws"] == live,
        "houtei": not tsumo and last["kind"] == "discard" and last["wall_draws"] == live,
        "tenhou": tsumo and winner == dealer and bool(last.get("first_draw")),
        "chiihou": tsumo and winner != dealer and bool(last.get("first_draw")),
    }
    hand.update({k: True for k, v in flags.items() if v})
    if s.kita:
        hand["kita"] = s.kita
    yaku, han, fu, limit, points = parse_result(detail)
    if s.kita and "kita" not in yaku and yaku.get("dora", 0) >= s.kita:
        # Tenhou writes the Norths set aside (抜きドラ, one han each) inside its ドラ line; split
        # them out as the contract's `kita` (what evaluate gives), the rest being indicator dora.
        yaku["kita"] = s.kita
        yaku["dora"] -= s.kita
        if not yaku["dora"]:
            del yaku["dora"]
    return WinFromLog(hand, winner, loser, dealer, yaku, han, fu, limit, points)
