"""Rulesets as typed, immutable data.

A :class:`Ruleset` names every rule variant the engine knows. Presets cover the
two club rulesets (A.S.I. Shirai and Juki's Agit, see ``docs/rulesets.md``) and
common public rulesets. A club derives its own variant with
:meth:`Ruleset.derive`; a ruleset round-trips through JSON with
:meth:`Ruleset.to_dict` / :meth:`Ruleset.from_dict`.

All point amounts are in table points (a riichi stick is 1000). The presets are in
:mod:`scoring.rules.presets`.
"""

from __future__ import annotations

import dataclasses
import enum
import math
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring import messages as M
from scoring.errors import ScoringError
from scoring.vocabulary import PenaltyType


class Renchan(enum.StrEnum):
    """When the dealer keeps the deal."""

    TENPAI = "tenpai"
    """On a dealer win, or when the dealer is tenpai at an exhaustive draw."""
    AGARI = "agari"
    """Only on a dealer win."""


class Yame(enum.StrEnum):
    """Whether the all-last dealer's win (agari-yame) or tenpai (tenpai-yame) ends the game."""

    NONE = "none"
    """Never: the dealer's renchan goes on."""
    AUTO = "auto"
    """The game ends by itself when the dealer is top."""
    OPTIONAL = "optional"
    """The dealer chooses; the record says so with a ``stop`` event."""


class GameLength(enum.StrEnum):
    EAST = "east"
    """Tonpuusen: East round only."""
    HANCHAN = "hanchan"
    """East and South rounds."""


class TieRule(enum.StrEnum):
    SEAT_ORDER = "seat_order"
    """Equal scores rank by seat: the player closer to the first dealer ranks higher."""
    SPLIT = "split"
    """Tied players share the uma (and oka) of the places they occupy."""


class LeftoverSticks(enum.StrEnum):
    TO_FIRST = "to_first"
    """Riichi sticks left on the table at the end go to first place."""
    LOST = "lost"
    """They leave the game (the points total drops)."""


class Rounding(enum.StrEnum):
    """How a final score becomes season points."""

    DECIMAL = "decimal"
    """Keep decimals: (score - return) / 1000 exactly."""
    ROUND_HALF_UP = "round_half_up"
    """Round to whole points, half up (500 up); 1st takes the remainder (``rounding_zero_sum``)."""
    GOSHA_ROKUNYU = "gosha_rokunyu"
    """Round to whole points, 500 down and 600 up (Tenhou's old integer era); 1st takes the remainder
    (``rounding_zero_sum``)."""
    FLOOR = "floor"
    """Cut to whole points (toward minus infinity); 1st takes the remainder (``rounding_zero_sum``)."""


class ChomboStyle(enum.StrEnum):
    MANGAN = "mangan"
    """The offender pays a mangan as if tsumo'd against them (dealer 4000 all, non-dealer 2000/4000)."""
    FIXED_EACH = "fixed_each"
    """The offender pays ``chombo_amount`` to each other player."""
    POINTS = "points"
    """No table payment: ``chombo_season_points`` are deducted from the offender's game points."""


class Nagashi(enum.StrEnum):
    NONE = "none"
    """Nagashi mangan does not exist."""
    DRAW = "draw"
    """Paid as a mangan tsumo but recorded as an exhaustive draw: no honba, sticks stay."""
    WIN = "win"
    """A win: the nagashi player also collects honba and riichi sticks."""
    BONUS = "bonus"
    """A side bonus (shuugi, 축의) outside the table score: the hand settles as an ordinary
    exhaustive draw (noten payments, tenpai renchan, honba + 1, sticks stay) and the nagashi
    itself moves no table points (Juki's Agit before 2024-12-01)."""


class Abort(enum.StrEnum):
    """Abortive draws (tochuu ryuukyoku)."""

    FOUR_WINDS = "four_winds"
    FOUR_RIICHI = "four_riichi"
    FOUR_KANS = "four_kans"
    NINE_TERMINALS = "nine_terminals"
    TRIPLE_RON = "triple_ron"


class Deposits(enum.StrEnum):
    """Who takes honba or riichi sticks on a multiple ron."""

    HEAD_BUMP = "head_bump"
    """The winner nearest the discarder in turn order (kamicha-yuusen)."""
    EACH = "each"
    """Every winner (honba only: each winner is paid the honba)."""


class Pao(enum.StrEnum):
    DAISANGEN = "daisangen"
    DAISUUSHII = "daisuushii"
    SUUKANTSU = "suukantsu"
    DAIMINKAN_RINSHAN = "daiminkan_rinshan"
    """A rinshan win after a daiminkan: the discarder of the kan tile pays."""


class PaoSplit(enum.StrEnum):
    """How pao is paid on a ron by someone other than the liable player."""

    HALF = "half"
    """The liable player and the discarder pay half each."""
    DISCARDER = "discarder"
    """The discarder pays all (no pao on ron)."""


class PaoHonba(enum.StrEnum):
    """Who pays the honba of a pao ron won off a third player's discard (the pao split is on)."""

    DISCARDER = "discarder"
    """The discarder pays all the honba; the pao split covers the hand's value only."""
    LIABLE = "liable"
    """The liable player pays all the honba (Tenhou)."""
    SPLIT = "split"
    """The two pay half each, like the rest (003: "두 명이서 반씩 나누어 낸다")."""


class PaarenchanCount(enum.StrEnum):
    """Which run of the dealer's deals makes paarenchan (``paarenchan_wins`` of them)."""

    WINS = "wins"
    """Consecutive dealer wins; a deal kept by tenpai at a draw breaks the streak."""
    WINS_THROUGH_DRAWS = "wins_through_draws"
    """Only dealer wins count, and a deal kept by tenpai neither counts nor breaks the streak."""
    DEALS = "deals"
    """Every deal the dealer keeps counts, by a win or by tenpai at a draw."""


class SanmaTsumoSplit(enum.StrEnum):
    """3-player without tsumo loss: how the absent North's share of a tsumo is split."""

    HALVES_ROUNDED_UP = "halves_rounded_up"
    """Each payer adds half of it, rounded up to 100 (1 han 30 fu non-dealer: 700 / 500, 1,200 in all)."""
    FOUR_PLAYER_TOTAL = "four_player_total"
    """The winner gets exactly the 4-player total: the first payer (the dealer, or the next seat after a
    dealer winner) adds the half rounded up, the other the rest (1 han 30 fu non-dealer: 700 / 400)."""


class SanmaTiles(enum.StrEnum):
    """3-player: which suit loses its 2 to 8 (004 §7 does not say; the usual set removes 2m-8m)."""

    NO_2M_8M = "no_2m_8m"
    """2m-8m removed (the usual set): 1m indicates 9m and 9m indicates 1m."""
    NO_2P_8P = "no_2p_8p"
    """2p-8p removed: 1p indicates 9p and 9p indicates 1p."""
    NO_2S_8S = "no_2s_8s"
    """2s-8s removed: 1s indicates 9s and 9s indicates 1s."""

    @property
    def suit(self) -> int:
        """The removed suit's index (0 man, 1 pin, 2 sou): its tiles are ``suit * 9 + 0..8``."""
        return {SanmaTiles.NO_2M_8M: 0, SanmaTiles.NO_2P_8P: 1, SanmaTiles.NO_2S_8S: 2}[self]

    @property
    def removed_kinds(self) -> range:
        """The 34-index kinds not in the set (2 to 8 of the removed suit)."""
        return range(self.suit * 9 + 1, self.suit * 9 + 8)


class Kazoe(enum.StrEnum):
    YAKUMAN = "yakuman"
    """13 han or more is a (single) yakuman."""
    SANBAIMAN = "sanbaiman"
    """13 han or more stays sanbaiman."""


class ClosedKanRob(enum.StrEnum):
    """Who may rob a closed kan (chankan on an ankan)."""

    NONE = "none"
    KOKUSHI = "kokushi"


class Renhou(enum.StrEnum):
    NONE = "none"
    YAKUMAN = "yakuman"
    MANGAN = "mangan"


class RenhouEntry(enum.StrEnum):
    """Under a ruleset without renhou, what becomes of a full hand entered with the renhou flag."""

    SCORE_WITHOUT = "score_without"
    """Scored on its other yaku, with a note saying so (the win before the first draw is still a win)."""
    TURN_BACK = "turn_back"
    """Refused: the entry is turned back, asking for the hand without the flag."""


class OptionGroup(enum.StrEnum):
    """The parts of a rulebook an option belongs to (the ruleset page shows them in this order);
    the value is the part's Korean title (the other languages': ``group.<member>`` in :mod:`scoring.rules.texts`)."""

    IDENTITY = "규정집"
    SCORE = "점수·우마"
    EXTEND = "연장·유국"
    WINS = "화료·역"
    PAO = "책임지불"
    PENALTY = "벌칙"
    WEST = "서입·토비"
    SANMA = "3인"
    READINGS = "규정집에 없는 해석 — 클럽이 정함"


def option(default: Any, group: OptionGroup, label: str, help_text: str) -> Any:
    """A ``Ruleset`` field with its Korean label and one-line explanation (the docstring below the
    field stays the meaning; the Korean is the source of what the ruleset page shows, and each other
    language has it under ``option.<name>`` and ``help.<name>`` in :mod:`scoring.rules.texts`)."""
    return dataclasses.field(default=default, metadata={"group": group, "ko": label, "ko_help": help_text})


CHOICE_KO: dict[type[enum.Enum], dict[enum.Enum, str]] = {
    Renchan: {
        Renchan.TENPAI: "친이 화료하거나 유국 때 텐파이면 연장",
        Renchan.AGARI: "친이 화료할 때만 연장",
    },
    Yame: {
        Yame.NONE: "없음",
        Yame.AUTO: "자동으로 종료",
        Yame.OPTIONAL: "친이 선택(종료 선언)",
    },
    GameLength: {
        GameLength.EAST: "동풍전",
        GameLength.HANCHAN: "반장전(동·남)",
    },
    TieRule: {
        TieRule.SEAT_ORDER: "기가(동1국 친)에 가까운 자리가 위",
        TieRule.SPLIT: "우마·오카를 나눔",
    },
    LeftoverSticks: {
        LeftoverSticks.TO_FIRST: "1위가 가져감",
        LeftoverSticks.LOST: "아무도 갖지 않음",
    },
    Rounding: {
        Rounding.DECIMAL: "소수점 그대로",
        Rounding.ROUND_HALF_UP: "반올림(500 올림)",
        Rounding.GOSHA_ROKUNYU: "오사육입(500 버림, 600 올림)",
        Rounding.FLOOR: "버림",
    },
    ChomboStyle: {
        ChomboStyle.MANGAN: "만관 지불(친 4,000 올, 자 2,000/4,000)",
        ChomboStyle.FIXED_EACH: "정한 점수를 다른 사람 각자에게",
        ChomboStyle.POINTS: "최종 포인트에서 감점",
    },
    Nagashi: {
        Nagashi.NONE: "없음",
        Nagashi.DRAW: "유국으로 처리(만관 지불)",
        Nagashi.WIN: "화료로 인정",
        Nagashi.BONUS: "축의(점수 밖 보너스)",
    },
    Abort: {
        Abort.FOUR_WINDS: "사풍연타",
        Abort.FOUR_RIICHI: "사가리치",
        Abort.FOUR_KANS: "사깡유국",
        Abort.NINE_TERMINALS: "구종구패",
        Abort.TRIPLE_RON: "트리플론",
    },
    Deposits: {
        Deposits.HEAD_BUMP: "방총자에서 가장 가까운 화료자(선하네)",
        Deposits.EACH: "화료자 각자",
    },
    Pao: {
        Pao.DAISANGEN: "대삼원",
        Pao.DAISUUSHII: "대사희",
        Pao.SUUKANTSU: "스깡쯔",
        Pao.DAIMINKAN_RINSHAN: "대명깡 영상개화",
    },
    PaoSplit: {
        PaoSplit.HALF: "책임자와 방총자가 반씩",
        PaoSplit.DISCARDER: "방총자가 전부(론에는 책임지불 없음)",
    },
    PaoHonba: {
        PaoHonba.DISCARDER: "방총자가 전부",
        PaoHonba.LIABLE: "책임자가 전부(텐호)",
        PaoHonba.SPLIT: "반씩",
    },
    PaarenchanCount: {
        PaarenchanCount.WINS: "연속 화료(텐파이 유국이 끊음)",
        PaarenchanCount.WINS_THROUGH_DRAWS: "화료만 셈(텐파이 유국은 끊지 않음)",
        PaarenchanCount.DEALS: "친을 유지한 모든 국",
    },
    SanmaTsumoSplit: {
        SanmaTsumoSplit.HALVES_ROUNDED_UP: "반씩 100점 단위 올림(700/500)",
        SanmaTsumoSplit.FOUR_PLAYER_TOTAL: "4인 합계 그대로(700/400)",
    },
    SanmaTiles: {
        SanmaTiles.NO_2M_8M: "2만~8만을 뺌(보통; 1만이 9만을 가리킴)",
        SanmaTiles.NO_2P_8P: "2통~8통을 뺌(1통이 9통을 가리킴)",
        SanmaTiles.NO_2S_8S: "2삭~8삭을 뺌(1삭이 9삭을 가리킴)",
    },
    Kazoe: {
        Kazoe.YAKUMAN: "역만",
        Kazoe.SANBAIMAN: "삼배만",
    },
    ClosedKanRob: {
        ClosedKanRob.NONE: "불가",
        ClosedKanRob.KOKUSHI: "국사무쌍만",
    },
    Renhou: {
        Renhou.NONE: "없음",
        Renhou.YAKUMAN: "역만",
        Renhou.MANGAN: "만관",
    },
    RenhouEntry: {
        RenhouEntry.SCORE_WITHOUT: "다른 역으로 계산(안내 표시)",
        RenhouEntry.TURN_BACK: "입력을 되돌림",
    },
}
"""Every choice of an enum option in Korean, by its enum (penalty kinds are in :mod:`scoring.messages`). By enum
first because members of two enums with one value are equal (``TieRule.SPLIT == PaoHonba.SPLIT == "split"``):
one flat dict kept only the last of them."""


STANDARD_DOUBLE_YAKUMAN: frozenset[str] = frozenset(
    {"suuankou_tanki", "junsei_chuuren", "daisuushii", "kokushi_13"}
)
LOCAL_YAKUMAN: frozenset[str] = frozenset({"daisharin", "daisuurin", "daichikurin", "paarenchan"})


@dataclass(frozen=True, kw_only=True)
class Ruleset:
    """Every rule variant the scoring engine applies. Immutable; derive to change."""

    key: str = option(
        "custom", OptionGroup.IDENTITY, "규정 키",
        "이 규정을 가리키는 짧은 영문 식별자(주소와 기록에 쓰임).",
    )
    """Short identifier, e.g. ``juki-agit-2026``."""
    name: str = option(
        "Custom", OptionGroup.IDENTITY, "이름",
        "사람이 읽는 규정 이름.",
    )
    """Human-readable name."""
    version: str = option(
        "1", OptionGroup.IDENTITY, "버전",
        "시즌은 한 버전에 묶이고, 이미 친 대국은 그때의 버전을 유지합니다.",
    )
    """Version label: a season is bound to one version; old games keep theirs."""

    # --- players and points -------------------------------------------------
    players: int = option(
        4, OptionGroup.SANMA, "인원",
        "4인 마작이면 4, 3인 마작(산마)이면 3.",
    )
    """Number of seats: 4, or 3 for sanma."""
    start_points: int = option(
        25000, OptionGroup.SCORE, "시작 점수",
        "동1국을 시작할 때 각자가 가진 점수.",
    )
    """Each player's score at East 1."""
    return_points: int = option(
        30000, OptionGroup.SCORE, "반환 점수",
        "최종 포인트를 계산하는 기준 점수(원점).",
    )
    """Genten: the score final points are measured from."""
    oka: int = option(
        20000, OptionGroup.SCORE, "오카",
        "1위가 받는 보너스 점수(보통 (반환 − 시작) × 인원).",
    )
    """Bonus (in table points) to first place; (return - start) x players in the usual reading."""
    uma: tuple[int, ...] = option(
        (20000, 10000, -10000, -20000), OptionGroup.SCORE, "우마",
        "순위별 보너스 점수, 1위부터 차례로 쉼표로 구분.",
    )
    """Rank bonus in table points, 1st to last."""
    tie_rule: TieRule = option(
        TieRule.SEAT_ORDER, OptionGroup.SCORE, "동점 순위",
        "최종 점수가 같을 때 순위를 정하는 방법.",
    )
    """How equal final scores are ranked."""
    leftover_sticks: LeftoverSticks = option(
        LeftoverSticks.TO_FIRST, OptionGroup.SCORE, "남은 공탁금",
        "대국이 끝날 때 테이블에 남은 리치봉을 누가 가지는지.",
    )
    """What happens to riichi sticks left on the table when the game ends."""
    rounding: Rounding = option(
        Rounding.DECIMAL, OptionGroup.SCORE, "포인트 계산",
        "최종 점수를 포인트로 바꿀 때(1,000점 = 1포인트) 끝자리를 처리하는 방법.",
    )
    """How final scores become points (1,000 table points = 1 point)."""
    rounding_zero_sum: bool = option(
        True, OptionGroup.READINGS, "포인트 끝자리 처리 후 1위가 나머지",
        "끝자리를 처리할 때 1위는 나머지 사람들의 합을 맞추어 합계가 0이 되게 합니다. "
        "끄면 1위를 포함해 각자의 점수를 따로 처리합니다.",
    )
    """With a rounding other than ``decimal``: first place takes what the others' rounded points leave, so a
    zero-sum game stays zero-sum. False: each player's score is rounded on its own, first place included
    (the points may then add up to a little more or less than zero)."""

    # --- game length and end ------------------------------------------------
    length: GameLength = option(
        GameLength.HANCHAN, OptionGroup.EXTEND, "대국 길이",
        "동풍전(동장만) 또는 반장전(동장과 남장).",
    )
    """East only, or East and South."""
    renchan: Renchan = option(
        Renchan.TENPAI, OptionGroup.EXTEND, "연장 조건",
        "친이 친을 유지하는 경우.",
    )
    """When the dealer keeps the deal."""
    agari_yame: Yame = option(
        Yame.AUTO, OptionGroup.EXTEND, "아가리야메",
        "오라스에 1위인 친이 화료했을 때 대국을 끝내는 방법.",
    )
    """The all-last dealer's win ends the game when top."""
    tenpai_yame: Yame = option(
        Yame.AUTO, OptionGroup.EXTEND, "텐파이야메",
        "오라스에 1위인 친이 유국 텐파이일 때 대국을 끝내는 방법.",
    )
    """The all-last dealer's tenpai at a draw ends the game when top."""
    yame_min_points: int | None = option(
        None, OptionGroup.EXTEND, "야메 최소 점수",
        "아가리야메·텐파이야메에 친이 가져야 할 최소 점수(비우면 제한 없음).",
    )
    """The dealer must also hold at least this much for agari-/tenpai-yame (None: no minimum)."""
    yame_below_min_goes_west: bool = option(
        False, OptionGroup.READINGS, "오라스 1위 친이 최소 점수 미만일 때 서입",
        "오라스에 1위인 친이 최소 점수 미만으로 화료(또는 텐파이)하면 남장을 끝내고 서입합니다. 끄면 친이 연장합니다.",
    )
    """At all-last, a dealer on top whose win (or tenpai, with tenpai-yame) would end the game
    but who is below ``yame_min_points`` ends South instead, and play enters West (the club
    rulebooks' all-last rule read with their West-entry rule). False: the dealer plays on."""
    west_entry: bool = option(
        False, OptionGroup.WEST, "서입",
        "오라스가 끝났을 때 아무도 목표 점수에 못 미치면 다음 장(서장)으로 계속합니다.",
    )
    """If nobody has ``west_entry_target`` after the last hand, play goes on into the next wind."""
    west_entry_target: int = option(
        30000, OptionGroup.WEST, "서입 목표 점수",
        "대국이 끝나려면 누군가 가져야 하는 점수(오라스와 연장전).",
    )
    """The score someone must reach for the game to end (extra rounds and all-last)."""
    sudden_death: bool = option(
        True, OptionGroup.WEST, "서든데스",
        "연장전에서 누군가 목표 점수에 닿는 즉시 대국이 끝납니다.",
    )
    """In extra rounds the game ends the moment someone reaches ``west_entry_target``."""
    sudden_death_above_target: bool = option(
        False, OptionGroup.READINGS, "서든데스는 목표 점수를 넘어야 종료",
        "서장에서 목표 점수를 '넘겨야'(초과) 끝납니다. 끄면 목표 점수에 닿기만 해도(이상) 끝납니다.",
    )
    """In extra rounds the game ends only when someone goes past ``west_entry_target`` (exactly the
    target plays on; Juki "반환점을 넘기면 종료", 넘기다 = to go past). False: reaching it ends the game."""
    north_entry: bool = option(
        False, OptionGroup.WEST, "북입",
        "서장에서 북장으로 계속할 수 있는지(끄면 서4국이 마지막).",
    )
    """Whether play may go on from West into North (False: West 4 is the hard end)."""
    west_last_all_last: bool = option(
        False, OptionGroup.READINGS, "서4국도 오라스로 봄",
        "북입이 없을 때 서4국에서 1위인 친의 화료·텐파이로 대국이 끝납니다. 끄면 친이 연장합니다.",
    )
    """The last hand of the last extra round (West 4 with no North) is an all-last too: a top dealer's
    win (or tenpai, with tenpai-yame) there ends the game as at South 4, also below ``yame_min_points``
    (there is no round left to enter). False: the dealer plays on in West 4 until someone reaches the target."""
    tobi: bool = option(
        True, OptionGroup.WEST, "토비(들통)",
        "누군가 점수가 바닥나면 대국이 끝납니다.",
    )
    """The game ends when a player busts."""
    tobi_at_zero: bool = option(
        False, OptionGroup.WEST, "0점도 토비",
        "정확히 0점도 토비로 봅니다(끄면 0점 미만만).",
    )
    """Exactly 0 points is a bust (False: only below 0)."""
    keep_negative_scores: bool = option(
        True, OptionGroup.WEST, "마이너스 점수 유지",
        "최종 점수가 마이너스여도 그대로 계산합니다(끄면 0점으로 봄).",
    )
    """Negative final scores count as they are (False: clamp to 0 in final points)."""

    # --- riichi, honba, draws ----------------------------------------------
    riichi_min_points: int | None = option(
        1000, OptionGroup.WINS, "리치 최소 점수",
        "이 점수 미만이면 리치를 선언할 수 없습니다(비우면 제한 없음).",
    )
    """A player below this may not declare riichi (the declaration is void); None: no minimum."""
    riichi_stick: int = option(
        1000, OptionGroup.SCORE, "리치봉",
        "리치할 때 내는 공탁 점수.",
    )
    """Riichi deposit."""
    honba_value: int = option(
        300, OptionGroup.SCORE, "본장 점수",
        "본장 1개당 더 받는 점수 합계(론은 전부, 쯔모는 나눠서 냄).",
    )
    """Honba bonus per counter, in total: a ron pays all of it; on a tsumo each payer pays an
    equal share (100 each in 4-player; 150 each in 3-player, so no tsumo loss)."""
    noten_payment: int = option(
        3000, OptionGroup.EXTEND, "노텐 벌점",
        "유국 때 노텐인 사람이 텐파이인 사람에게 내는 점수 합계.",
    )
    """Total noten payment at an exhaustive draw."""
    abortive_draws: frozenset[Abort] = option(
        frozenset(Abort), OptionGroup.EXTEND, "도중유국",
        "이 규정에서 인정하는 도중유국(나머지는 입력할 수 없음).",
    )
    """The abortive draws this ruleset allows; others are an error."""
    abort_dealer_keeps: bool = option(
        True, OptionGroup.EXTEND, "도중유국 시 친 유지",
        "도중유국이면 친이 그대로 연장합니다(본장 +1).",
    )
    """On an abortive draw the dealer keeps the deal (honba + 1)."""
    nagashi: Nagashi = option(
        Nagashi.DRAW, OptionGroup.EXTEND, "유국만관",
        "유국만관이 있는지, 화료로 보는지 유국으로 보는지.",
    )
    """Whether nagashi mangan exists, and as a win, as a draw, or as a bonus outside the table score
    (``bonus``: the hand is an ordinary draw)."""
    nagashi_dealer_keeps: bool = option(
        True, OptionGroup.EXTEND, "유국만관한 친은 노텐이어도 연장",
        "친이 유국만관을 하면 노텐이어도 친을 유지합니다(끄면 텐파이일 때만).",
    )
    """A dealer who made nagashi mangan keeps the deal even when noten (False: only dealer tenpai keeps it)."""
    nagashi_win_tenpai_renchan: bool = option(
        True, OptionGroup.READINGS, "자의 유국만관 때 텐파이 친 연장",
        "유국만관이 화료일 때, 자가 유국만관을 해도 친이 텐파이면 친이 연장합니다(본장 +1). 끄면 친이 넘어갑니다.",
    )
    """With nagashi as a win: a non-dealer's nagashi while the dealer is tenpai keeps the deal for the
    dealer (honba + 1), as tenpai renchan at a draw. False: the deal passes as after any non-dealer win
    (honba back to 0)."""
    nagashi_noten_payments: bool = option(
        False, OptionGroup.READINGS, "유국만관 때 노텐 벌점도 지불",
        "유국만관이 유국일 때 유국만관 점수와 함께 노텐 벌점도 냅니다. 끄면 유국만관 점수만 냅니다.",
    )
    """With nagashi as a draw: the usual noten payments are made as well as the nagashi payments.
    False: the nagashi payments replace them."""

    # --- multiple ron ---------------------------------------------------------
    max_ron_winners: int = option(
        3, OptionGroup.WINS, "동시 화료 인원",
        "한 번의 방총에 화료할 수 있는 최대 인원(1: 선하네만, 2: 더블론, 3: 트리플론).",
    )
    """1: head-bump only (atamahane); 2: double ron; 3: triple ron too."""
    triple_ron_abort: bool = option(
        True, OptionGroup.WINS, "트리플론은 유국",
        "세 명이 동시에 론하면 화료가 아니라 도중유국입니다.",
    )
    """Three rons on one discard are an abortive draw (``abort`` triple_ron) instead of a win."""
    multi_ron_sticks: Deposits = option(
        Deposits.HEAD_BUMP, OptionGroup.WINS, "동시 화료 때 공탁금",
        "더블론·트리플론에서 리치봉을 가져가는 사람.",
    )
    """Who takes riichi sticks on a multiple ron (always the head-bump winner; EACH is not used)."""
    multi_ron_honba: Deposits = option(
        Deposits.HEAD_BUMP, OptionGroup.WINS, "동시 화료 때 본장",
        "더블론·트리플론에서 본장 점수를 받는 사람.",
    )
    """Who takes the honba on a multiple ron."""

    # --- hand value -------------------------------------------------------------
    kiriage: bool = option(
        False, OptionGroup.WINS, "절상만관(키리아게)",
        "4판 30부와 3판 60부를 만관으로 올립니다.",
    )
    """4 han 30 fu and 3 han 60 fu are rounded up to mangan."""
    kazoe: Kazoe = option(
        Kazoe.YAKUMAN, OptionGroup.WINS, "헤아림 역만",
        "13판 이상의 값.",
    )
    """What 13+ han is worth."""
    yakuman_stacking: bool = option(
        True, OptionGroup.WINS, "역만 중첩",
        "한 손에 역만이 여럿이면 더합니다(대삼원+자일색 = 더블역만).",
    )
    """Several yakuman in one hand add up (daisangen + tsuuiisou = double)."""
    yakuman_cap: int | None = option(
        None, OptionGroup.WINS, "역만 중첩 상한",
        "지불하는 역만 배수의 최대치(비우면 무제한).",
    )
    """The highest yakuman multiple paid (None: no cap)."""
    double_yakuman: frozenset[str] = option(
        STANDARD_DOUBLE_YAKUMAN, OptionGroup.WINS, "더블역만",
        "더블역만으로 지불하는 역(나머지는 역만).",
    )
    """Yaku ids paid as double yakuman; the others are single."""
    local_yakuman: frozenset[str] = option(
        frozenset(), OptionGroup.WINS, "로컬 역만",
        "이 규정에 있는 로컬 역만.",
    )
    """Local yakuman this ruleset has (daisharin, daisuurin, daichikurin, paarenchan)."""
    renhou: Renhou = option(
        Renhou.NONE, OptionGroup.WINS, "인화",
        "인화가 있는지와 그 값.",
    )
    """Whether renhou exists and what it is worth."""
    no_renhou_entry: RenhouEntry = option(
        RenhouEntry.SCORE_WITHOUT, OptionGroup.READINGS, "인화 없는 룰의 인화 입력",
        "인화가 없는 룰에서 인화로 입력한 손: 다른 역으로 계산하고 안내하거나, 입력을 되돌립니다.",
    )
    """With ``renhou`` none (A.S.I. 2e lists no renhou), a full hand entered with the renhou flag:
    ``score_without`` scores it on its other yaku with a note; ``turn_back`` refuses the entry."""
    paarenchan_wins: int = option(
        8, OptionGroup.WINS, "팔연장 횟수",
        "팔연장(로컬 역만에 있을 때)이 되는 친의 연속 횟수.",
    )
    """Consecutive dealer wins (not honba) that make paarenchan, when it is in ``local_yakuman``."""
    paarenchan_count: PaarenchanCount = option(
        PaarenchanCount.WINS, OptionGroup.READINGS, "팔연장 세는 법",
        "팔연장 횟수에 무엇을 세는지(규정집에는 '팔연장'만 있음).",
    )
    """Which run of the dealer's deals counts toward ``paarenchan_wins`` (the rulebook says only "팔연장")."""
    red_fives: tuple[int, int, int] = option(
        (1, 1, 1), OptionGroup.WINS, "적도라",
        "색깔별 적5 장수(만수, 통수, 삭수 순서, 쉼표로 구분).",
    )
    """Red fives per suit (man, pin, sou)."""
    kuitan: bool = option(
        True, OptionGroup.WINS, "쿠이탄",
        "울어도 탕야오를 인정합니다.",
    )
    """Open tanyao counts."""
    atozuke: bool = option(
        True, OptionGroup.WINS, "후즈케",
        "화료패로만 역이 완성되어도 인정합니다.",
    )
    """A yaku completed only by the winning tile is fine."""
    ryuuiisou_requires_hatsu: bool = option(
        False, OptionGroup.WINS, "녹일색에 발 필요",
        "녹일색에 발(청발)이 반드시 있어야 합니다.",
    )
    """All green needs the green dragon."""
    rinshan_tsumo_fu: bool = option(
        True, OptionGroup.WINS, "영상개화 쯔모 2부",
        "영상개화 화료에도 쯔모 2부를 줍니다.",
    )
    """A rinshan kaihou win gets the +2 tsumo fu."""
    double_wind_pair_fu: int = option(
        4, OptionGroup.WINS, "연풍패 머리 부수",
        "자풍이면서 장풍인 패를 머리로 했을 때의 부수.",
    )
    """Fu for a pair of the seat wind that is also the round wind."""
    double_wind_pair_in_west: bool = option(
        True, OptionGroup.READINGS, "서장의 더블서 머리도 연풍패",
        "서장에서 서가의 서 머리도 연풍패 부수를 받습니다. 끄면 더블동·더블남만 연풍패로 보고 더블서는 2부입니다.",
    )
    """In the West round a West seat's West pair is a double-wind pair too (``double_wind_pair_fu``).
    False: only double East and double South are (A.S.I. names only "더블동, 더블남"); a double West pair
    is 2 fu."""
    open_pinfu_fu: bool = option(
        True, OptionGroup.WINS, "울은 핑후형 론 30부",
        "부가 없는 울은 손의 론을 30부로 계산합니다.",
    )
    """An open hand with no fu beyond the base is scored at 30 fu on ron (the 2 fu of 'open pinfu')."""
    closed_kan_rob: ClosedKanRob = option(
        ClosedKanRob.KOKUSHI, OptionGroup.WINS, "안깡 창깡",
        "안깡을 창깡할 수 있는 사람.",
    )
    """Who may rob a closed kan."""
    dealer_min_han_from_renchan: int | None = option(
        None, OptionGroup.EXTEND, "친 판수 묶음 시작 연장",
        "이 연장부터 친은 정해진 판수 이상이어야 화료할 수 있습니다(비우면 없음).",
    )
    """From this renchan on (the dealer's own consecutive deals), the dealer needs ``dealer_min_han`` to win."""
    dealer_min_han: int = option(
        2, OptionGroup.EXTEND, "친 판수 묶음",
        "연장 묶음이 적용될 때 친에게 필요한 판수.",
    )
    """The dealer's han minimum once ``dealer_min_han_from_renchan`` applies."""
    dealer_min_han_counts_dora: bool = option(
        False, OptionGroup.READINGS, "친 판수 묶음에 도라 포함",
        "친의 연장 판수 묶음에 도라도 셉니다. 끄면 역의 판수만 셉니다.",
    )
    """Whether dora count toward the dealer's han minimum."""
    honroutou_chiitoitsu_mangan: bool = option(
        False, OptionGroup.WINS, "혼노두+치또이 만관",
        "혼노두와 치또이가 함께인 손을 최소 만관으로 계산합니다(패를 입력한 경우).",
    )
    """A full hand with honroutou and chiitoitsu is worth at least a mangan (4 han 25 fu is
    otherwise 6,400 / 9,600). Applies to full hands only: a han/fu win is entered as scored."""
    west_wins_paid_as_dealer: bool = option(
        False, OptionGroup.WEST, "서장 화료는 친 점수",
        "서장부터 모든 화료를 친의 화료 점수로 지불합니다.",
    )
    """From West on, every win is paid as a dealer win."""

    # --- pao ------------------------------------------------------------------------
    pao: frozenset[Pao] = option(
        frozenset({Pao.DAISANGEN, Pao.DAISUUSHII}), OptionGroup.PAO, "책임지불 대상",
        "책임지불(파오)이 있는 역 또는 상황.",
    )
    """Which yaku (or situations) carry liability."""
    pao_partial: bool = option(
        False, OptionGroup.PAO, "역만 부분 책임지불",
        "복합 역만일 때 책임자는 책임지불 역만 몫만 냅니다(끄면 전부).",
    )
    """With compound yakuman the liable player pays only the pao yakuman's share."""
    pao_ron_split: PaoSplit = option(
        PaoSplit.HALF, OptionGroup.PAO, "다른 사람 론의 책임지불",
        "책임자가 아닌 사람이 방총했을 때의 지불 방법.",
    )
    """How a ron by someone other than the liable player is paid."""
    pao_ron_honba: PaoHonba = option(
        PaoHonba.DISCARDER, OptionGroup.READINGS, "책임지불 론의 본장",
        "책임자와 방총자가 나눠 내는 론에서 본장 점수를 내는 사람.",
    )
    """Who pays the honba when a pao ron is split between the liable player and the discarder."""
    daiminkan_rinshan_pao_ron_value: bool = option(
        True, OptionGroup.PAO, "대명깡 영상개화는 론 점수",
        "대명깡 영상개화 책임지불을 깡 패를 버린 사람이 론 점수로 냅니다.",
    )
    """Daiminkan-rinshan pao is paid by the kan-tile discarder at ron value."""

    # --- penalties -----------------------------------------------------------------
    penalties: frozenset[PenaltyType] = option(
        frozenset({PenaltyType.CHOMBO}), OptionGroup.PENALTY, "벌칙 종류",
        "심판이 줄 수 있는 벌칙.",
    )
    """Penalty types a referee may give under this ruleset."""
    chombo_style: ChomboStyle = option(
        ChomboStyle.MANGAN, OptionGroup.PENALTY, "촌보 벌점 방식",
        "촌보를 어떻게 지불하는지.",
    )
    """What a chombo costs."""
    chombo_amount: int = option(
        3000, OptionGroup.PENALTY, "촌보 점수",
        "'각자에게' 방식일 때 다른 사람 각자에게 주는 점수.",
    )
    """With FIXED_EACH: paid to each other player."""
    chombo_season_points: float = option(
        20.0, OptionGroup.PENALTY, "촌보 감점 포인트",
        "'감점' 방식일 때 최종 포인트에서 빼는 값.",
    )
    """With POINTS: deducted from the offender's game points."""
    chombo_replay: bool = option(
        True, OptionGroup.PENALTY, "촌보 후 재시작",
        "촌보한 국을 다시 합니다(국·친·본장 그대로).",
    )
    """The hand is replayed: no round, dealer or honba change (unless the dealer passes)."""
    chombo_dealer_passes: bool = option(
        False, OptionGroup.PENALTY, "친 촌보 시 친 넘어감",
        "친이 촌보하면 친이 넘어갑니다.",
    )
    """A dealer chombo passes the deal."""
    chombo_returns_deposits: bool = option(
        True, OptionGroup.PENALTY, "촌보 국의 공탁금 반환",
        "무효가 된 국에서 낸 리치봉을 낸 사람에게 돌려줍니다.",
    )
    """Riichi sticks placed in the voided hand go back to who placed them."""
    deliberate_chombo_amount: int | None = option(
        None, OptionGroup.PENALTY, "고의 촌보 점수",
        "고의 촌보 때 다른 사람 각자에게 주는 점수, 대국 종료(비우면 없음).",
    )
    """Deliberate chombo: paid to each other player, and the game ends (None: not in this ruleset)."""
    penalty_point_value: int = option(
        1000, OptionGroup.PENALTY, "벌점 공탁",
        "벌점 1회에 테이블에 내는 점수(리치봉처럼).",
    )
    """A penalty point puts this much on the table (like a riichi stick)."""
    penalty_points_to_chombo: int | None = option(
        3, OptionGroup.PENALTY, "벌점 누적 촌보",
        "한 사람의 N번째 벌점은 촌보가 됩니다(비우면 없음).",
    )
    """The Nth penalty point of a player in one game is a chombo instead (None: never)."""
    penalty_points_per_hand: bool = option(
        False, OptionGroup.READINGS, "벌점 누적은 한 국 안에서",
        "벌점 누적 촌보를 한 국 안의 벌점으로 셉니다. 끄면 대국 전체의 벌점으로 셉니다.",
    )
    """``penalty_points_to_chombo`` counts a player's penalty points in one hand (A.S.I. 5c-ㄱ "3회",
    read like 5c-ㄴ's "한 국에서"). False: in the whole game."""
    yellow_cards_to_chombo: int | None = option(
        2, OptionGroup.PENALTY, "옐로카드 누적",
        "한 국에서 이만큼 옐로카드를 받으면 촌보 벌점을 냅니다(비우면 없음).",
    )
    """This many yellow cards to one player in one hand cost the chombo payment (no replay)."""
    yellow_cards_chombo_replay: bool = option(
        False, OptionGroup.PENALTY, "옐로카드 누적은 촌보",
        "옐로카드 누적이 완전한 촌보가 되어 국을 다시 합니다(끄면 벌점만 내고 계속).",
    )
    """The yellow card that reaches ``yellow_cards_to_chombo`` is a full chombo: the payment, and
    the hand ends and is replayed as ``chombo_replay`` says (False: the payment only, play goes on)."""

    # --- three-player --------------------------------------------------------------
    sanma_tsumo_loss: bool = option(
        False, OptionGroup.SANMA, "쯔모 손실",
        "3인: 쯔모를 4인처럼 받고 없는 북가 몫은 받지 않습니다.",
    )
    """3-player: a tsumo is paid as in 4-player minus the absent player's share."""
    sanma_tsumo_split: SanmaTsumoSplit = option(
        SanmaTsumoSplit.HALVES_ROUNDED_UP, OptionGroup.READINGS, "3인 쯔모의 북가 몫 나누기",
        "3인 쯔모 손실 없음일 때 없는 북가 몫을 두 사람이 나누는 방법.",
    )
    """3-player without tsumo loss: how the absent North's share of a tsumo is split between the payers."""
    sanma_honba_tsumo_loss: bool = option(
        False, OptionGroup.READINGS, "3인 쯔모 본장은 4인 몫",
        "3인 쯔모에서 각자 4인 몫의 본장(본장 점수 ÷ 3, 100점씩)을 냅니다. "
        "끄면 본장 점수를 두 사람이 나눠 냅니다(150점씩).",
    )
    """3-player: on a tsumo each payer pays the 4-player honba share (``honba_value`` / 3: 100 each),
    so a tsumo collects less honba than a ron. False: ``honba_value`` is split between the two payers."""
    sanma_nagashi_tsumo_loss: bool = option(
        False, OptionGroup.READINGS, "3인 유국만관은 쯔모 손실",
        "3인 유국만관을 쯔모 손실로 지불합니다(자의 유국만관: 친 4,000, 자 2,000). 끄면 5,000/3,000.",
    )
    """3-player: nagashi mangan is paid with tsumo loss (a non-dealer's: 4,000 from the dealer, 2,000 from
    the other) even when ``sanma_tsumo_loss`` is off. False: paid like any tsumo (5,000 / 3,000)."""
    flowers: int = option(
        0, OptionGroup.SANMA, "화패",
        "패에 든 화패 장수.",
    )
    """Flower tiles in the set (each counts as one dora when ``flower_dora``)."""
    flower_dora: bool = option(
        True, OptionGroup.READINGS, "화패는 도라",
        "화패 1장을 도라 1장으로 셉니다. 끄면 화패는 보충 쯔모만 줍니다.",
    )
    """Each flower is one dora (False: a flower only gives its replacement draw)."""
    flower_rinshan_pinfu: bool = option(
        True, OptionGroup.READINGS, "화패 보충패 화료도 핑후",
        "3인: 화패(북) 보충패로 핑후형을 화료하면 핑후 쯔모 20부입니다. "
        "끄면 영상개화 쯔모 2부를 받아 핑후가 아닌 30부입니다.",
    )
    """3-player: a pinfu-shape hand won on a flower's (or kita's) replacement tile is pinfu tsumo at 20 fu,
    with rinshan kaihou. False: the replacement win keeps its tsumo fu ("영상개화로 화료 시 쯔모 2부 있음"),
    so it is not pinfu: 30 fu."""
    kita: bool = option(
        False, OptionGroup.SANMA, "북 뽑기(북도라)",
        "3인: 북을 빼 두고 보충 쯔모, 뺀 북 1장이 도라 1장.",
    )
    """3-player: a North may be set aside (kita, nukidora) for a replacement draw; each one set
    aside is one dora (and counts again when North is a dora or ura dora). A HAND gives the count
    as ``kita``."""
    sanma_tiles: SanmaTiles = option(
        SanmaTiles.NO_2M_8M, OptionGroup.READINGS, "3인 패 구성",
        "3인: 어느 색의 2~8을 빼는지. 뺀 색은 1과 9만 남아 도라 표시패 1이 9를, 9가 1을 가리키고, "
        "그 색의 2~8이 든 패는 입력할 수 없습니다(규정집 §7에는 어떤 패를 빼는지 없음).",
    )
    """3-player: which tiles the set lacks (the rulebook does not say). The removed suit keeps only its 1
    and 9, so a 1 indicates 9 and a 9 indicates 1 as dora, and a hand or indicator with one of its 2 to 8
    is refused. The red fives of that suit go with it (set ``red_fives`` to 0 for it). 4-player: unused."""

    # ------------------------------------------------------------------------------------
    def __post_init__(self) -> None:
        if self.players not in (3, 4):
            raise ScoringError(M.RULESET_PLAYERS, players=self.players)
        if len(self.uma) != self.players:
            raise ScoringError(M.UMA_VALUES, players=self.players, count=len(self.uma))
        if not 1 <= self.max_ron_winners <= 3:
            raise ScoringError(M.MAX_RON_WINNERS_RANGE)
        if self.yakuman_cap is not None and self.yakuman_cap < 1:
            raise ScoringError(M.YAKUMAN_CAP_RANGE)

    @property
    def is_sanma(self) -> bool:
        return self.players == 3

    def derive(self, **overrides: Any) -> Ruleset:
        """A copy with some rules changed. Values may be JSON-style (lists, strings)."""
        unknown = set(overrides) - _FIELD_NAMES
        if unknown:
            raise ScoringError(M.UNKNOWN_RULE_OPTIONS, options=", ".join(sorted(unknown)))
        return dataclasses.replace(self, **{k: _coerce(k, v) for k, v in overrides.items()})

    def to_dict(self) -> dict[str, Any]:
        """Every field as plain JSON values."""
        return {f.name: _to_json(getattr(self, f.name)) for f in dataclasses.fields(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Ruleset:
        """Inverse of :meth:`to_dict`; missing fields take the defaults."""
        return cls().derive(**dict(data))

    def diff(self, other: Ruleset) -> dict[str, Any]:
        """The fields of ``self`` that differ from ``other``, as JSON values (overrides)."""
        mine, theirs = self.to_dict(), other.to_dict()
        return {k: v for k, v in mine.items() if theirs[k] != v}


_FIELD_NAMES = frozenset(f.name for f in dataclasses.fields(Ruleset))
_HINTS = typing.get_type_hints(Ruleset)


def _to_json(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, frozenset):
        return sorted(_to_json(v) for v in value)
    if isinstance(value, tuple):
        return [_to_json(v) for v in value]
    return value


# Every number option is finite and at most this large (in table points: 100 million): a
# start of 1e400 or a deduction of NaN would make every replay of the season fail.
OPTION_LIMIT = 100_000_000


def _coerce(name: str, value: Any) -> Any:
    """Turn a JSON value into the field's type, with a clear error."""
    hint = _HINTS[name]
    try:
        return _coerce_to(hint, value)
    except (ValueError, TypeError) as exc:
        raise ScoringError(M.RULE_OPTION_INVALID, name=name, value=value) from exc


def _coerce_to(hint: Any, value: Any) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        return _coerce_to(inner[0], value)
    if origin is frozenset:
        if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
            raise TypeError("expected a list")
        return frozenset(_coerce_to(args[0], v) for v in value)
    if origin is tuple:
        if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
            raise TypeError("expected a list")
        return tuple(_coerce_to(args[0], v) for v in value)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return hint(value)
    if hint is bool:
        if not isinstance(value, bool):
            raise TypeError("expected true or false")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError("expected a whole number")
        if abs(value) > OPTION_LIMIT:
            raise ValueError("out of range")
        return value
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError("expected a number")
        if isinstance(value, int) and abs(value) > OPTION_LIMIT:
            raise ValueError("out of range")
        value = float(value)
        if not math.isfinite(value) or abs(value) > OPTION_LIMIT or (value and abs(value) < 1e-6):
            raise ValueError("not a finite number in range")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise TypeError("expected text")
        if "\x00" in value or len(value) > 200 or any("\ud800" <= c <= "\udfff" for c in value):
            raise ValueError("text with a NUL byte or a lone surrogate, or too long")
        return value
    return value


__all__ = [
    "Abort",
    "CHOICE_KO",
    "ChomboStyle",
    "ClosedKanRob",
    "Deposits",
    "GameLength",
    "Kazoe",
    "LOCAL_YAKUMAN",
    "LeftoverSticks",
    "Nagashi",
    "OptionGroup",
    "Pao",
    "PaarenchanCount",
    "PaoHonba",
    "PaoSplit",
    "PenaltyType",
    "Renchan",
    "Renhou",
    "RenhouEntry",
    "Rounding",
    "Ruleset",
    "STANDARD_DOUBLE_YAKUMAN",
    "SanmaTiles",
    "SanmaTsumoSplit",
    "TieRule",
    "Yame",
]
