"""Tenhou log (tenhou.net/6 JSON) to the club's game record.

A tenhou.net/6 log lists every round with its start state, the tiles, and the result
(deltas plus result strings). The game record keeps only what settlement needs: one
contract event per round (``ron``, ``tsumo``, ``draw``, ``nagashi``, ``abort``) with han/fu
read from the result strings and the riichi sticks that were accepted.

The converter checks itself against the log: each round's start scores must equal the
previous round's start + deltas - 1000 x accepted riichi, the sticks must carry over, and
the final scores and points of ``sc`` must follow. Any mismatch raises ScoringError
naming the round, so an imported record never silently disagrees with its source.

See docs/tenhou6.md for the mapping, what is lost and the known quirks.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring import messages as M
from scoring.errors import ScoringError
from scoring.payments import hand_value, ron_amount, tsumo_amounts, win_deltas
from scoring.rules import GameLength, Rounding, Ruleset, resolve
from scoring.winds import round_code

FORMAT = "mahjong-club-game/1"
BASE_PRESET = "tenhou"
RIICHI_STICK = 1000

WIN = "和了"
DRAW = "流局"
ALL_TENPAI = "全員聴牌"
ALL_NOTEN = "全員不聴"
NAGASHI = "流し満貫"
ABORTS: Mapping[str, str] = {
    "九種九牌": "nine_terminals",
    "四家立直": "four_riichi",
    "四風連打": "four_winds",
    "三家和了": "triple_ron",
    "四槓散了": "four_kans",
}

# Result-detail yaku whose han are dora (Japanese as Tenhou writes them, English as
# Mahjong Soul exports converted to tenhou.net/6 write them).
DORA_YAKU: frozenset[str] = frozenset(
    {"ドラ", "裏ドラ", "赤ドラ", "抜きドラ", "Dora", "Ura Dora", "Red Five", "Aka Dora", "Red Dora", "Kita"}
)

_POINTS_RE = re.compile(
    r"^(?:(?P<fu>\d+)符(?P<han>\d+)飜|(?P<limit>満貫|跳満|倍満|三倍満|数え役満|役満))"
    r"(?P<a>\d+)(?:-(?P<b>\d+))?点(?P<all>∀)?$"
)
_YAKU_RE = re.compile(r"^(?P<name>.*?)\s*\((?:(?P<han>\d+)飜|(?P<mult>\d+倍|ダブル|トリプル)?役満)\)$")
_MULTIPLE_WORDS = {"ダブル": 2, "トリプル": 3}
# The smallest fu that makes a 3- or 4-han hand a mangan: Tenhou writes "満貫" without fu.
_MANGAN_MIN_FU = {3: 70, 4: 40}


# --------------------------------------------------------------------------- round state


@dataclass(frozen=True)
class RoundStart:
    """The state a log round starts from (``log[i][0]`` and ``log[i][1]``)."""

    kyoku: int
    """0 = East 1, 4 = South 1, ..."""
    honba: int
    sticks: int
    scores: tuple[int, ...]

    @property
    def round(self) -> str:
        """The contract's round label: ``E1`` ... ``S4``, ``W1`` ..."""
        return round_code(self.kyoku // 4, self.kyoku % 4 + 1)

    def dealer(self, players: int = 4) -> int:
        """The dealer's seat. Tenhou numbers rounds 4 x wind + dealer in sanma too (South 1 is
        kyoku 4, seat 0 deals), so ``players`` does not change it."""
        return self.kyoku % 4

    def describe(self) -> str:
        return f"{self.round} honba {self.honba}"


@dataclass(frozen=True)
class ConvertedRound:
    """One log round as a contract event, with the log's own numbers for checking."""

    start: RoundStart
    event: dict[str, Any]
    log_deltas: tuple[int, ...]
    """The log's deltas: honba and collected sticks included, riichi sticks paid this round not."""
    riichi: tuple[int, ...]

    @property
    def deltas(self) -> tuple[int, ...]:
        """The contract's deltas: the riichi sticks placed this round included."""
        return tuple(d - RIICHI_STICK * (p in self.riichi) for p, d in enumerate(self.log_deltas))

    @property
    def won(self) -> bool:
        return self.event["kind"] in ("ron", "tsumo")


def round_start(raw: Sequence[Any], players: int = 4) -> RoundStart:
    """The start state of one log round."""
    try:
        kyoku, honba, sticks = (int(x) for x in raw[0])
        scores = tuple(int(s) for s in raw[1][:players])
    except (TypeError, ValueError, IndexError) as exc:
        raise ScoringError(M.TENHOU_ROUND_START) from exc
    return RoundStart(kyoku=kyoku, honba=honba, sticks=sticks, scores=scores)


# --------------------------------------------------------------------------- tiles and hands


def _tile34(tile: int) -> int:
    """Tenhou tile number (11-19, 21-29, 31-39, 41-47, red 51-53) to 0..33."""
    if tile in (51, 52, 53):
        tile = (tile - 50) * 10 + 5
    suit, rank = divmod(tile, 10)
    if not (1 <= suit <= 4 and 1 <= rank <= (7 if suit == 4 else 9)):
        raise ScoringError(M.TENHOU_TILE, tile=tile)
    return (suit - 1) * 9 + rank - 1


def _call_tiles(call: str) -> tuple[list[int], int]:
    """The tiles of a call string and the index of the tile after the letter."""
    letter = next(i for i, c in enumerate(call) if c.isalpha())
    digits = call[:letter] + call[letter + 1 :]
    tiles = [int(digits[i : i + 2]) for i in range(0, len(digits), 2)]
    return tiles, letter // 2


def final_concealed(raw: Sequence[Any], seat: int) -> list[int]:
    """The seat's concealed tiles when the round ended, replayed from its draws and discards.

    A seat's own lists are enough: draw i is followed by discard i (a kan's rinshan draw
    is the next draw entry). Calls from others' discards keep only the tiles from hand.
    """
    hand = list(raw[4 + 3 * seat])
    draws, discards = raw[5 + 3 * seat], raw[6 + 3 * seat]
    last_draw: int | None = None
    for i, drawn in enumerate(draws):
        if isinstance(drawn, str):  # chi/pon/daiminkan: the called tile never enters the hand
            tiles, called = _call_tiles(drawn)
            for t in tiles[:called] + tiles[called + 1 :]:
                _remove(hand, t)
            last_draw = None
        else:
            hand.append(drawn)
            last_draw = drawn
        if i < len(discards):
            _discard(hand, discards[i], last_draw)
    return hand


def _discard(hand: list[int], entry: int | str, last_draw: int | None) -> None:
    if isinstance(entry, str):
        if entry.startswith("f"):  # kita: a North set aside; the replacement is the next draw
            _remove(hand, int(entry[1:]))
            return
        if entry.startswith("r"):
            tile = int(entry[1:])
            _remove(hand, last_draw if tile == 60 else tile)
        elif "a" in entry:  # ankan: four from hand
            for t in _call_tiles(entry)[0]:
                _remove(hand, t)
        elif "k" in entry:  # kakan: one tile of the pon's kind from hand
            _remove(hand, _call_tiles(entry)[0][0])
        return
    if entry == 0:  # after a daiminkan: no discard on this entry
        return
    _remove(hand, last_draw if entry == 60 else entry)


def _remove(hand: list[int], tile: int | None) -> None:
    if tile is None:
        raise ScoringError(M.TENHOU_DISCARD_AFTER_CALL)
    key = _tile34(tile)
    for i, t in enumerate(hand):
        if _tile34(t) == key:
            del hand[i]
            return
    raise ScoringError(M.TENHOU_DISCARD_NOT_IN_HAND, tile=tile)


def is_tenpai(tiles: Iterable[int]) -> bool:
    """Whether concealed tiles (13 - 3 x melds) are one tile from complete (shape only)."""
    from mahjong.shanten import Shanten  # local: only draws without informative deltas need it

    counts = [0] * 34
    for t in tiles:
        counts[_tile34(t)] += 1
    return Shanten.calculate_shanten(counts) == 0


# --------------------------------------------------------------------------- riichi


def declared_riichi(raw: Sequence[Any], players: int = 4) -> list[int]:
    """Seats that discarded a riichi declaration tile ("r..") this round."""
    return [p for p in range(players) if any(isinstance(x, str) and x.startswith("r") for x in raw[6 + 3 * p])]


def _declaration_was_last(raw: Sequence[Any], seat: int) -> bool:
    discards = raw[6 + 3 * seat]
    return bool(discards) and isinstance(discards[-1], str) and discards[-1].startswith("r")


def accepted_riichi(raw: Sequence[Any], players: int = 4) -> list[int]:
    """Declared riichi whose stick was placed: not when the declaration tile was ronned.

    The ronned tile is the discarder's last discard. On a triple ron the log does not say
    who discarded; a declaration that is a seat's last discard is taken as the ronned tile
    (the start-score check of the next round catches it if that is wrong).
    """
    result = raw[-1]
    kind = result[0]
    ronned: set[int] = set()
    if kind == WIN:
        for detail in result[2::2]:
            if detail[0] != detail[1]:
                ronned.add(detail[1])
    elif kind == "三家和了":
        ronned = set(range(players))
    return [p for p in declared_riichi(raw, players) if not (p in ronned and _declaration_was_last(raw, p))]


# --------------------------------------------------------------------------- results


@dataclass(frozen=True)
class _Points:
    fu: int | None
    han: int | None
    limit: str | None
    a: int
    b: int | None
    all: bool


def _parse_points(text: str, where: str) -> _Points:
    m = _POINTS_RE.match(text.strip())
    if not m:
        raise ScoringError(M.TENHOU_POINTS_UNREADABLE, where=where, text=text)
    return _Points(
        fu=int(m["fu"]) if m["fu"] else None,
        han=int(m["han"]) if m["han"] else None,
        limit=m["limit"],
        a=int(m["a"]),
        b=int(m["b"]) if m["b"] else None,
        all=bool(m["all"]),
    )


# Yakuman a ruleset may pay double, by the names logs give them: Tenhou marks a double
# ダブル役満, but Mahjong Soul logs (tensoul) write every yakuman as 役満.
_DOUBLE_YAKUMAN_NAMES = {
    "四暗刻単騎": "suuankou_tanki", "純正九蓮宝燈": "junsei_chuuren", "国士無双１３面": "kokushi_13",
    "国士無双十三面待ち": "kokushi_13", "大四喜": "daisuushii",
}


def _parse_yaku(entries: Sequence[str], where: str, ruleset: Ruleset | None = None) -> tuple[int, int, int]:
    """(han, dora han, yakuman multiple) from the yaku entries; a plain 役満 entry the ruleset
    pays double (``double_yakuman``) counts two."""
    han = dora = yakuman = 0
    for entry in entries:
        m = _YAKU_RE.match(entry.strip())
        if not m:
            raise ScoringError(M.TENHOU_YAKU_UNREADABLE, where=where, entry=entry)
        if m["han"] is not None:
            value = int(m["han"])
            han += value
            if m["name"] in DORA_YAKU:
                dora += value
        else:
            mult = m["mult"]
            if mult is None:
                double = ruleset is not None and _DOUBLE_YAKUMAN_NAMES.get(m["name"]) in ruleset.double_yakuman
                yakuman += 2 if double else 1
            else:
                yakuman += _MULTIPLE_WORDS.get(mult) or int(mult.rstrip("倍"))
    return han, dora, yakuman


def parse_win(detail: Sequence[Any], *, dealer: int, ruleset: Ruleset, where: str) -> dict[str, Any]:
    """One WIN from a result detail ``[winner, from, pao, points, yaku...]``.

    The parsed value is checked against the points in the string, so a misread string
    cannot become a wrong score.
    """
    if len(detail) < 4:
        raise ScoringError(M.TENHOU_NO_POINTS, where=where, seat=detail[0] if detail else "?")
    winner, source, pao = (int(x) for x in detail[:3])
    points = _parse_points(str(detail[3]), where)
    han, dora, yakuman = _parse_yaku([str(x) for x in detail[4:]], where, ruleset)
    win: dict[str, Any] = {"winner": winner}
    if yakuman:
        win["yakuman"] = yakuman
    else:
        if points.han is not None and points.han != han:
            raise ScoringError(M.TENHOU_HAN_MISMATCH, where=where, han=han, stated=points.han)
        fu = points.fu
        if fu is None and han < 5:
            if han not in _MANGAN_MIN_FU:
                raise ScoringError(M.TENHOU_LIMIT_IMPOSSIBLE, where=where, limit=points.limit, han=han)
            fu = _MANGAN_MIN_FU[han]
        win["han"] = han
        if fu is not None:
            win["fu"] = fu
        if dora:
            win["dora"] = dora
    if pao != winner:
        win["pao"] = pao
    _check_points(win, points, tsumo=source == winner, dealer=winner == dealer, ruleset=ruleset, where=where)
    return win


def _check_points(
    win: dict[str, Any], points: _Points, *, tsumo: bool, dealer: bool, ruleset: Ruleset, where: str
) -> None:
    value = hand_value(win.get("han", 0), win.get("fu"), ruleset, yakuman=win.get("yakuman", 0))
    if not tsumo:
        accepted: list[tuple[int | None, ...]] = [(ron_amount(value, dealer=dealer), None, False)]
    else:
        # The string shows the 4-player split (Tenhou sanma pays it less North's share); a
        # sanma log without tsumo loss may show what each payer actually paid instead.
        amounts = tsumo_amounts(value, dealer=dealer)
        accepted = [(amounts.non_dealer, None, True) if dealer else (amounts.non_dealer, amounts.dealer, False)]
        if ruleset.players == 3:
            winner, dealer_seat = (0, 0) if dealer else (1, 0)
            paid = win_deltas(value, winner=winner, dealer=dealer_seat, loser=None, ruleset=ruleset)
            accepted.append((-paid[1], None, True) if dealer else (-paid[2], -paid[0], False))
    if (points.a, points.b, points.all) not in accepted:
        paid = f"{points.a}{'-' + str(points.b) if points.b else ''}{'∀' if points.all else ''}"
        raise ScoringError(M.TENHOU_PAYMENT_MISMATCH, where=where, seat=win["winner"], win=win, paid=paid)


def _win_event(raw: Sequence[Any], start: RoundStart, ruleset: Ruleset, riichi: list[int]) -> dict[str, Any]:
    where = M.ROUND(round=start.round, honba=start.honba)
    details = raw[-1][2::2]
    dealer = start.dealer(ruleset.players)
    wins = [parse_win(d, dealer=dealer, ruleset=ruleset, where=where) for d in details]
    sources = {int(d[1]) for d in details}
    if len(details) == 1 and int(details[0][0]) == int(details[0][1]):
        return {"kind": "tsumo", **wins[0], "riichi": riichi}
    if len(sources) != 1 or any(int(d[0]) == int(d[1]) for d in details):
        raise ScoringError(M.TENHOU_MULTI_WIN, where=where)
    return {"kind": "ron", "loser": sources.pop(), "wins": wins, "riichi": riichi}


def _deltas(raw: Sequence[Any], players: int) -> tuple[int, ...]:
    """The result's deltas: summed over the wins of a multiple ron; zero when none are given."""
    result = raw[-1]
    lists = result[1::2] if result[0] == WIN else result[1:2]
    total = [0] * players
    for deltas in lists:
        for p in range(players):
            total[p] += int(deltas[p])
    return tuple(total)


def _tenpai(raw: Sequence[Any], deltas: Sequence[int], players: int, riichi: Sequence[int]) -> list[int]:
    """Tenpai seats at an exhaustive draw: from the noten payments, else from the hands."""
    kind = raw[-1][0]
    if kind == ALL_TENPAI:
        return list(range(players))
    if kind == ALL_NOTEN:
        return []
    if kind == DRAW and any(deltas):
        return [p for p in range(players) if deltas[p] > 0]
    # Nagashi pays no noten money, and a bare zero draw says nothing: read the hands.
    return [p for p in range(players) if p in riichi or is_tenpai(final_concealed(raw, p))]


def _nagashi_players(deltas: Sequence[int], start: RoundStart, rules: Ruleset, where: str) -> list[int]:
    """Who made nagashi mangan: the seats paid, checked against mangan-tsumo amounts."""
    players = rules.players
    winners = [p for p in range(players) if deltas[p] > 0]
    dealer = start.dealer(players)
    mangan = hand_value(5, None, rules)
    expected = [0] * players
    for w in winners:
        for p, d in enumerate(win_deltas(mangan, winner=w, dealer=dealer, loser=None, ruleset=rules)):
            expected[p] += d
    if not winners or tuple(expected) != tuple(deltas):
        raise ScoringError(M.TENHOU_NAGASHI_PAYMENTS, where=where, deltas=list(deltas))
    return winners


def convert_round(raw: Sequence[Any], ruleset: Ruleset | str = BASE_PRESET) -> ConvertedRound:
    """One log round as a contract event (plus its start state and the log's numbers)."""
    rules = resolve(ruleset)
    players = rules.players
    start = round_start(raw, players)
    where = M.ROUND(round=start.round, honba=start.honba)
    try:
        result = raw[-1]
        kind = result[0]
    except (TypeError, IndexError) as exc:
        raise ScoringError(M.TENHOU_NO_RESULT, where=where) from exc
    riichi = accepted_riichi(raw, players)
    deltas = _deltas(raw, players)
    event: dict[str, Any]
    if kind == WIN:
        event = _win_event(raw, start, rules, riichi)
    elif kind in (DRAW, ALL_TENPAI, ALL_NOTEN):
        event = {"kind": "draw", "tenpai": _tenpai(raw, deltas, players, riichi), "riichi": riichi}
    elif kind == NAGASHI:
        event = {
            "kind": "nagashi",
            "players": _nagashi_players(deltas, start, rules, where),
            "tenpai": _tenpai(raw, deltas, players, riichi),
            "riichi": riichi,
        }
    elif kind in ABORTS:
        event = {"kind": "abort", "reason": ABORTS[kind], "riichi": riichi}
    else:
        raise ScoringError(M.TENHOU_UNKNOWN_RESULT, where=where, kind=kind)
    return ConvertedRound(start=start, event=event, log_deltas=deltas, riichi=tuple(riichi))


# --------------------------------------------------------------------------- ruleset


_TENHOU_DISP = re.compile(r"^[三四]?[般上特鳳技若銀琥孔]?[東南]")
# Mahjong Soul logs converted to tenhou.net/6 (tensoul and its forks) name the room: ranked
# rooms 銅/銀/金/玉/王座の間 (English Bronze ... Throne Room), 友人戦 (Friendly), 大会戦 (Tournament).
_MAHJONG_SOUL_DISP = re.compile(
    r"の間|友人戦|大会戦|段位戦|\b(?:Bronze|Silver|Gold|Jade|Throne|Casual)\b"
    r"|Friendly|Tou?rnament|Majsoul|Mahjong ?Soul",
    re.IGNORECASE,
)
# The East-only twin of each hanchan preset (Tenhou's 4-player East is an override of `tenhou`).
_EAST_TWIN = {"tenhou-sanma": "tenhou-sanma-east", "mahjong-soul": "mahjong-soul-east",
              "mahjong-soul-sanma": "mahjong-soul-sanma-east"}


@dataclass(frozen=True)
class LogRule:
    """What a log's ``rule`` says about where it was played."""

    platform: str | None
    """``"tenhou"``, ``"mahjong-soul"``, or None when the rule names neither."""
    players: int
    east: bool | None
    """True for East-only, False for hanchan, None when the rule does not say."""

    @property
    def preset(self) -> str:
        """The preset this rule's room plays (Tenhou's when the rule is unknown)."""
        if self.platform == "mahjong-soul":
            key = "mahjong-soul-sanma" if self.players == 3 else "mahjong-soul"
        else:
            key = "tenhou-sanma" if self.players == 3 else BASE_PRESET
        return _EAST_TWIN.get(key, key) if self.east and key in _EAST_TWIN else key


def _disp(log: Mapping[str, Any]) -> str:
    rule = log.get("rule")
    return str(rule.get("disp", "")) if isinstance(rule, Mapping) else ""


def log_seats(log: Mapping[str, Any]) -> int:
    """3 for a three-player log, else 4: the rule says so (三, a leading 3, "3-Player"), or the
    first round's fourth seat holds no tiles."""
    disp = _disp(log)
    if "三" in disp or disp.startswith("3") or re.search(r"3-?Player", disp, re.IGNORECASE):
        return 3
    rounds = log.get("log")
    try:
        first = rounds[0]  # type: ignore[index]
        if len(first) > 14 and not first[13] and not first[14] and not first[15]:
            return 3
    except (TypeError, IndexError, KeyError):
        pass
    return 4


def identify_rule(log: Mapping[str, Any]) -> LogRule:
    """Where the log was played, from its ``rule.disp`` and its seats."""
    disp = _disp(log)
    if _MAHJONG_SOUL_DISP.search(disp):
        platform: str | None = "mahjong-soul"
    elif _TENHOU_DISP.search(disp.lstrip("3")):
        platform = "tenhou"
    else:
        platform = None
    east: bool | None = None
    if "東" in disp or re.search(r"\bEast\b", disp):
        east = True
    elif "南" in disp or re.search(r"\bSouth\b", disp):
        east = False
    return LogRule(platform=platform, players=log_seats(log), east=east)


def _ends_in_east_unbusted(log: Mapping[str, Any], players: int) -> bool:
    """Whether a finished log (with final ``sc``) ends in the East round with nobody below zero."""
    try:
        last_kyoku = int(log["log"][-1][0][0])
        sc = log.get("sc")
        if not sc:
            return False
        scores = [int(x) for x in sc[0 : 2 * players : 2]]
    except (KeyError, IndexError, TypeError, ValueError):
        return False
    return last_kyoku < 4 and len(scores) == players and min(scores) >= 0


def _is_sanma(log: Mapping[str, Any]) -> bool:
    return log_seats(log) == 3


def _red_fives(
    rule: Mapping[str, Any], disp: str, japanese: bool, room: Sequence[int] | None = None
) -> tuple[int, int, int]:
    """The red fives per suit: the log's aka flags, else the room's (``room``: a Mahjong Soul
    room, whose name does not reliably carry 赤), else Tenhou's 赤 mark, else ``aka``."""
    if any(f"aka5{i}" in rule for i in (1, 2, 3)):
        return tuple(int(rule.get(f"aka5{i}", 0)) for i in (1, 2, 3))  # type: ignore[return-value]
    if room is not None:
        return tuple(room)  # type: ignore[return-value]
    if japanese:
        return (1, 1, 1) if "赤" in disp else (0, 0, 0)
    return (1, 1, 1) if rule.get("aka", 1) else (0, 0, 0)


# Readings of Tenhou's final points, most likely first: 2017+ logs keep one decimal;
# older ones are whole points rounded 500 down / 600 up (the others are fallbacks).
_ROUNDINGS = (Rounding.DECIMAL, Rounding.GOSHA_ROKUNYU, Rounding.ROUND_HALF_UP, Rounding.FLOOR)
_ROUND_STEP = {Rounding.GOSHA_ROKUNYU: 400, Rounding.ROUND_HALF_UP: 500, Rounding.FLOOR: 0}


def _placing(scores: Sequence[int]) -> list[int]:
    """Seats from first to last; equal scores rank by seat (Tenhou)."""
    return sorted(range(len(scores)), key=lambda p: (-scores[p], p))


def _base_points(score: int, ruleset: Ruleset, rounding: Rounding) -> float:
    """A score measured from the return points, before uma and oka."""
    if rounding is Rounding.DECIMAL:
        return (score - ruleset.return_points) / 1000
    return math.floor((score + _ROUND_STEP[rounding]) / 1000) - ruleset.return_points // 1000


def _points_for(scores: Sequence[int], uma: Sequence[int], ruleset: Ruleset, rounding: Rounding) -> list[float]:
    """Final points per seat under one reading (first takes the remainder when rounding)."""
    order = _placing(scores)
    points = [0.0] * len(scores)
    for place, p in enumerate(order):
        bonus = uma[place] + (ruleset.oka if place == 0 else 0)
        points[p] = _base_points(scores[p], ruleset, rounding) + bonus / 1000
    if rounding is not Rounding.DECIMAL:
        points[order[0]] = -sum(points[p] for p in order[1:])
    return points


def _implied_uma(
    scores: Sequence[int], points: Sequence[float], ruleset: Ruleset, rounding: Rounding
) -> list[int] | None:
    """The whole-thousand uma that ``points`` show for places 2..n under ``rounding`` (1st balances)."""
    order = _placing(scores)
    uma = [round((points[p] - _base_points(scores[p], ruleset, rounding)) * 1000) for p in order]
    if any(u % 1000 for u in uma[1:]):
        return None
    uma[0] = -sum(uma[1:])
    # Tenhou's uma is always symmetric and falling (e.g. 10-20, 5-10); anything else is not uma.
    symmetric = all(u == -v for u, v in zip(uma, reversed(uma), strict=False))
    if not symmetric or any(a < b for a, b in zip(uma, uma[1:], strict=False)):
        return None
    return uma


def _implied_scoring(
    scores: Sequence[int], points: Sequence[float], ruleset: Ruleset
) -> tuple[Rounding, tuple[int, ...]] | None:
    """(rounding, uma) reproducing ``sc``: Tenhou's uma if any rounding fits, else the uma ``sc`` shows."""
    def fits(uma: Sequence[int], rounding: Rounding) -> bool:
        got = _points_for(scores, uma, ruleset, rounding)
        return all(abs(g - s) < 1e-6 for g, s in zip(got, points, strict=False))

    for rounding in _ROUNDINGS:
        if fits(ruleset.uma, rounding):
            return rounding, tuple(ruleset.uma)
    for rounding in _ROUNDINGS:
        uma = _implied_uma(scores, points, ruleset, rounding)
        if uma is not None and fits(uma, rounding):
            return rounding, tuple(uma)
    return None


def derive_ruleset(log: Mapping[str, Any], ruleset: str | None = None) -> str | dict[str, Any]:
    """The log's ruleset: a preset key, or ``{"base": key, "overrides": {...}}``.

    The base is the preset of the log's room (:func:`identify_rule`), or ``ruleset`` when given;
    the overrides are what the log shows that the base does not: East-only, no kuitan, the red
    fives, the start points, and the rounding and uma its final points ``sc`` need.
    """
    return derive_ruleset_noted(log, ruleset)[0]


def derive_ruleset_noted(
    log: Mapping[str, Any], ruleset: str | None = None
) -> tuple[str | dict[str, Any], list[M.Text]]:
    """:func:`derive_ruleset` plus notes for the user (an unknown rule fell back to Tenhou's)."""
    rule = log.get("rule") or {}
    if not isinstance(rule, Mapping):
        rule = {}
    disp = str(rule.get("disp", ""))
    identity = identify_rule(log)
    # Tenhou's room marks (喰 open tanyao, 赤 red fives) are read only from a Tenhou or unknown
    # room name: Mahjong Soul always has kuitan, and its names (三銀の間) are not Tenhou's.
    mahjong_soul = identity.platform == "mahjong-soul"
    japanese = not mahjong_soul and bool(re.search(r"[般上特鳳技若銀琥孔東南]", disp))
    notes: list[M.Text] = []
    if identity.east is None and _ends_in_east_unbusted(log, identity.players):
        # A room name without 東/南: a game that ends in the East round with nobody below zero
        # cannot be a hanchan (it would play on into South), so it is East-only.
        identity = LogRule(platform=identity.platform, players=identity.players, east=True)
        notes.append(M.TENHOU_EAST_FROM_LOG(rule=dict(rule) or None, ruleset=ruleset or identity.preset))
    if ruleset is None:
        key = identity.preset
        if identity.platform is None:
            notes.append(M.TENHOU_UNKNOWN_RULE(rule=dict(rule) or None, ruleset=key))
    else:
        key = ruleset
    base = resolve(key)
    if base.players != identity.players:
        raise ScoringError(M.TENHOU_RULESET_SEATS, key=key, players=base.players, seats=identity.players)
    overrides: dict[str, Any] = {}
    if identity.east and base.length is not GameLength.EAST:
        overrides["length"] = "east"
    elif identity.east is False and base.length is GameLength.EAST:
        overrides["length"] = "hanchan"
    if japanese and "喰" not in disp and base.kuitan:
        overrides["kuitan"] = False
    red = _red_fives(rule, disp, japanese, base.red_fives if mahjong_soul else None)
    if base.is_sanma:
        red = (0, red[1], red[2])  # no 5m in three-player
    if list(red) != list(base.red_fives):
        overrides["red_fives"] = list(red)
    start = _start_points(log, base.players)
    if start is not None and start != base.start_points:
        overrides["start_points"] = start
        if base.return_points == base.start_points:  # no oka (Mahjong Soul): points measured from the start
            overrides["return_points"] = start
    if _plays_past_tenpai_yame(log, base.derive(**overrides)):
        overrides["tenpai_yame"] = "none"  # e.g. Tenhou before 2010, when tenpai-yame was not automatic
    if _plays_past_agari_yame(log, base.derive(**overrides)):
        overrides["agari_yame"] = "none"  # the top dealer played on after an all-last win (e.g. a friendly room)
    no_west = _ends_without_west(log, base.derive(**overrides))
    if no_west is not None:
        # A game that ends after all-last with nobody on the target, nobody below zero, cannot have West
        # entry (it would play on), as a game that ends in East cannot be a hanchan.
        overrides["west_entry"] = False
        notes.append(M.TENHOU_NO_WEST_FROM_LOG(at=no_west, target=base.west_entry_target, ruleset=key))
    sc = log.get("sc")
    if sc:
        rules = base.derive(**overrides)
        n = rules.players
        scores, pts = [int(x) for x in sc[0 : 2 * n : 2]], [float(x) for x in sc[1 : 2 * n : 2]]
        implied = _implied_scoring(scores, pts, rules)
        if implied is None:
            raise ScoringError(M.TENHOU_FINAL_POINTS, at=_last_round(log, n), points=pts, scores=scores)
        rounding, uma = implied
        if rounding is not base.rounding:
            overrides["rounding"] = rounding.value
        if uma != tuple(rules.uma):
            overrides["uma"] = list(uma)
    return ({"base": key, "overrides": overrides} if overrides else key), notes


def _plays_past_tenpai_yame(log: Mapping[str, Any], rules: Ruleset) -> bool:
    """Whether the log plays on after an all-last draw at which the dealer was tenpai and on top
    (with at least ``yame_min_points``), where automatic tenpai-yame would have ended the game."""
    from scoring.rules import Yame

    if rules.tenpai_yame is not Yame.AUTO:
        return False
    n = rules.players
    all_last = _all_last_kyoku(rules)
    try:
        rounds = list(log["log"])
        for raw, nxt in zip(rounds, rounds[1:], strict=False):
            kyoku, kind = int(raw[0][0]), raw[-1][0]
            if kyoku != all_last or int(nxt[0][0]) != kyoku or kind not in (DRAW, ALL_TENPAI):
                continue
            dealer = kyoku % 4
            # A bare draw without payments does not say who was tenpai: only paid tenpai counts.
            if kind == DRAW and _deltas(raw, n)[dealer] <= 0:
                continue
            scores = [int(x) for x in nxt[1][:n]]
            top = min(range(n), key=lambda p: (-scores[p], p))
            minimum = rules.yame_min_points or 0
            if top == dealer and scores[dealer] >= minimum:
                return True
    except (KeyError, IndexError, TypeError, ValueError):
        return False
    return False


def _last_round(log: Mapping[str, Any], players: int) -> M.Text | M.Message:
    """The log's last round for a refusal ("S4 honba 1"), or "the last round" when it cannot be read."""
    try:
        return _at(round_start(log["log"][-1], players))
    except (KeyError, IndexError, TypeError, ScoringError):
        return M.TENHOU_LAST_ROUND


def _all_last_kyoku(rules: Ruleset) -> int:
    """The all-last round's kyoku number in a log (4 x wind + dealer): E4 / S4, or E3 / S3 in sanma."""
    return (0 if rules.length is GameLength.EAST else 1) * 4 + rules.players - 1


def _plays_past_agari_yame(log: Mapping[str, Any], rules: Ruleset) -> bool:
    """Whether the log deals all-last again after the dealer won it while on top (with at least
    ``yame_min_points``), where automatic agari-yame would have ended the game."""
    from scoring.rules import Yame

    if rules.agari_yame is not Yame.AUTO:
        return False
    n = rules.players
    all_last = _all_last_kyoku(rules)
    try:
        rounds = list(log["log"])
        for raw, nxt in zip(rounds, rounds[1:], strict=False):
            kyoku = int(raw[0][0])
            if kyoku != all_last or int(nxt[0][0]) != kyoku or raw[-1][0] != WIN:
                continue
            dealer = kyoku % 4
            if not any(len(d) > 0 and int(d[0]) == dealer for d in raw[-1][2::2]):
                continue  # the dealer kept the deal without winning (e.g. a tenpai dealer after nagashi)
            scores = [int(x) for x in nxt[1][:n]]
            top = min(range(n), key=lambda p: (-scores[p], p))
            if top == dealer and scores[dealer] >= (rules.yame_min_points or 0):
                return True
    except (KeyError, IndexError, TypeError, ValueError):
        return False
    return False


def _ends_without_west(log: Mapping[str, Any], rules: Ruleset) -> M.Text | None:
    """The last round (as "S4 honba 2") when a finished log (with final ``sc``) ends in its all-last round
    with nobody on ``west_entry_target`` and nobody below zero, where West entry would play on; else None."""
    if not rules.west_entry:
        return None
    n = rules.players
    try:
        last = log["log"][-1]
        sc = log.get("sc")
        if not sc:
            return None
        scores = [int(x) for x in sc[0 : 2 * n : 2]]
        start = round_start(last, n)
    except (KeyError, IndexError, TypeError, ValueError, ScoringError):
        return None
    if start.kyoku != _all_last_kyoku(rules) or len(scores) != n:
        return None
    if max(scores) >= rules.west_entry_target or min(scores) < 0:
        return None
    return _at(start)


def _start_points(log: Mapping[str, Any], players: int) -> int | None:
    """Everyone's score at the first round when it is East 1 with equal scores, else None."""
    try:
        first = log["log"][0]
        if tuple(int(x) for x in first[0]) != (0, 0, 0):
            return None
        scores = {int(x) for x in first[1][:players]}
    except (KeyError, IndexError, TypeError, ValueError):
        return None
    return scores.pop() if len(scores) == 1 else None


# --------------------------------------------------------------------------- game


def _players(log: Mapping[str, Any], n: int) -> list[str]:
    names = [str(x) for x in (log.get("name") or [])][:n]
    names += [""] * (n - len(names))
    # The record needs a name per seat; hand-made logs leave them blank.
    return [name or f"Player {i + 1}" for i, name in enumerate(names)]


def _at(start: RoundStart) -> M.Text:
    """A round's start in a refusal: "E1 honba 0" (as ``RoundStart.describe``)."""
    return M.ROUND_AT(round=start.round, honba=start.honba)


def _entry_tiles(entry: int | str) -> list[int]:
    """The tiles of one hand, draw or discard entry, read two digits at a time: a call string
    ("c353436", "p151515", "k..", "a..") without its letter, a riichi or kita discard ("r53",
    "f44") without its prefix. Never a pattern over the whole string ("c353436" holds no "53")."""
    if not isinstance(entry, str):
        return [int(entry)]
    if entry[:1] in ("r", "f"):
        return [int(entry[1:])]
    return _call_tiles(entry)[0]


def _check_reds(log: Mapping[str, Any], rules: Ruleset) -> None:
    for raw in log["log"]:
        for p in range(rules.players):
            for entry in list(raw[4 + 3 * p]) + list(raw[5 + 3 * p]) + list(raw[6 + 3 * p]):
                for tile in _entry_tiles(entry):
                    if tile in (51, 52, 53) and not rules.red_fives[tile - 51]:
                        raise ScoringError(
                            M.TENHOU_RED_FIVE, at=_at(round_start(raw, rules.players)), tile=tile, rule=log.get("rule")
                        )


def check_rounds(rounds: Sequence[ConvertedRound], rules: Ruleset, sc: Sequence[Any] | None = None) -> None:
    """Each round's start follows from the previous round; the last one leads to ``sc``.

    Raises ScoringError naming the first round that does not.
    """
    for prev, nxt in zip(rounds, rounds[1:], strict=False):
        scores = tuple(s + d for s, d in zip(prev.start.scores, prev.deltas, strict=False))
        sticks = 0 if prev.won else prev.start.sticks + len(prev.riichi)
        if scores != nxt.start.scores or sticks != nxt.start.sticks:
            raise ScoringError(
                M.TENHOU_ROUNDS_DISAGREE, at=_at(prev.start), start=list(prev.start.scores),
                deltas=list(prev.log_deltas), riichi=list(prev.riichi), scores=list(scores), sticks=sticks,
                next=_at(nxt.start), next_scores=list(nxt.start.scores), next_sticks=nxt.start.sticks,
            )
    if not sc or not rounds:
        return
    last = rounds[-1]
    n = rules.players
    scores = [s + d for s, d in zip(last.start.scores, last.deltas, strict=False)]
    leftover = 0 if last.won else last.start.sticks + len(last.riichi)
    top = min(range(n), key=lambda p: (-scores[p], p))
    scores[top] += RIICHI_STICK * leftover  # Tenhou gives leftover sticks to first place
    if scores != [int(x) for x in sc[0 : 2 * n : 2]]:
        raise ScoringError(M.TENHOU_FINAL_SCORES, at=_at(last.start), scores=scores, final=list(sc[0 : 2 * n : 2]))


def _spec_label(spec: str | Mapping[str, Any]) -> str:
    return spec if isinstance(spec, str) else json.dumps(spec, ensure_ascii=False)


def _check_replay(
    spec: str | dict[str, Any], players: list[str], rounds: Sequence[ConvertedRound], sc: Sequence[Any] | None
) -> M.Text | None:
    """Replay the converted record: a refusal names the round and says that the rule it is played by could
    not be inferred; a log with final scores whose record does not end gives a note (returned)."""
    from scoring.game import play
    from scoring.record import parse_record

    record = parse_record({"format": FORMAT, "ruleset": spec, "players": players, "hands": [r.event for r in rounds]})
    try:
        game = play(record)
    except ScoringError as exc:
        index = exc.hand if exc.hand is not None and 0 <= exc.hand < len(rounds) else len(rounds) - 1
        raise ScoringError(
            M.TENHOU_RECORD_REFUSED, at=_at(rounds[index].start), ruleset=_spec_label(spec), error=exc,
        ) from exc
    if sc and not game.finished:
        return M.TENHOU_GAME_GOES_ON(at=_at(rounds[-1].start), ruleset=_spec_label(spec))
    return None


def convert_rounds(
    log: Mapping[str, Any], ruleset: str | None = None
) -> tuple[str | dict[str, Any], list[ConvertedRound]]:
    """The ruleset spec and every round converted, without the game-start check."""
    spec, rounds, _ = _convert_rounds(log, ruleset)
    return spec, rounds


def _convert_rounds(
    log: Mapping[str, Any], ruleset: str | None
) -> tuple[str | dict[str, Any], list[ConvertedRound], list[M.Text]]:
    if not isinstance(log, Mapping) or not isinstance(log.get("log"), list) or not log["log"]:
        raise ScoringError(M.TENHOU_LOG_SHAPE)
    spec, notes = derive_ruleset_noted(log, ruleset)
    rules = resolve(spec)
    return spec, [convert_round(raw, rules) for raw in log["log"]], notes


def convert_log(log: Mapping[str, Any], ruleset: str | None = None) -> dict[str, Any]:
    """A whole tenhou.net/6 log as a game record (contract JSON).

    The ruleset is the preset of the log's room (Tenhou's rooms, three-player included, and
    Mahjong Soul's) plus what the log shows (:func:`derive_ruleset`); ``ruleset`` (a preset
    key) replaces the room's preset. The log must start at East 1, honba 0, no sticks,
    everyone at the start points: a record has no field for a mid-game start. Use
    :func:`convert_round` for single rounds.
    """
    return convert_log_noted(log, ruleset)[0]


def convert_log_noted(log: Mapping[str, Any], ruleset: str | None = None) -> tuple[dict[str, Any], list[M.Text]]:
    """:func:`convert_log` plus notes for the user (e.g. an unknown rule converted as Tenhou's)."""
    spec, rounds, notes = _convert_rounds(log, ruleset)
    rules = resolve(spec)
    first = rounds[0].start
    if (first.kyoku, first.honba, first.sticks) != (0, 0, 0) or set(first.scores) != {rules.start_points}:
        raise ScoringError(
            M.TENHOU_LOG_START, at=_at(first), sticks=first.sticks, scores=list(first.scores),
            start_points=rules.start_points,
        )
    _check_reds(log, rules)
    check_rounds(rounds, rules, log.get("sc"))
    players = _players(log, rules.players)
    final = _check_replay(spec, players, rounds, log.get("sc"))
    if final is not None:
        notes.append(final)
    source: dict[str, Any] = {"kind": "tenhou6", "title": log.get("title"), "rule": log.get("rule")}
    for key in ("ref", "sc"):
        if key in log:
            source[key] = log[key]
    if notes:
        source["notes"] = [str(n) for n in notes]
    record = {
        "format": FORMAT,
        "ruleset": spec,
        "players": players,
        "hands": [r.event for r in rounds],
        "x_source": source,
    }
    return record, notes


__all__ = [
    "ABORTS",
    "ConvertedRound",
    "RoundStart",
    "accepted_riichi",
    "check_rounds",
    "convert_log",
    "convert_log_noted",
    "convert_round",
    "convert_rounds",
    "declared_riichi",
    "derive_ruleset",
    "derive_ruleset_noted",
    "identify_rule",
    "log_seats",
    "final_concealed",
    "is_tenpai",
    "parse_win",
    "round_start",
]
