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
from scoring.penalties import PenaltyType


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
    """Round to whole points, half up (500 up)."""
    GOSHA_ROKUNYU = "gosha_rokunyu"
    """Round to whole points, 500 down and 600 up (Tenhou's old integer era); 1st takes the remainder."""
    FLOOR = "floor"
    """Cut to whole points (toward minus infinity); 1st takes the remainder."""


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


STANDARD_DOUBLE_YAKUMAN: frozenset[str] = frozenset(
    {"suuankou_tanki", "junsei_chuuren", "daisuushii", "kokushi_13"}
)
LOCAL_YAKUMAN: frozenset[str] = frozenset({"daisharin", "daisuurin", "daichikurin", "paarenchan"})


@dataclass(frozen=True, kw_only=True)
class Ruleset:
    """Every rule variant the scoring engine applies. Immutable; derive to change."""

    key: str = "custom"
    """Short identifier, e.g. ``juki-agit-2026``."""
    name: str = "Custom"
    """Human-readable name."""
    version: str = "1"
    """Version label: a season is bound to one version; old games keep theirs."""

    # --- players and points -------------------------------------------------
    players: int = 4
    """Number of seats: 4, or 3 for sanma."""
    start_points: int = 25000
    """Each player's score at East 1."""
    return_points: int = 30000
    """Genten: the score final points are measured from."""
    oka: int = 20000
    """Bonus (in table points) to first place; (return - start) x players in the usual reading."""
    uma: tuple[int, ...] = (20000, 10000, -10000, -20000)
    """Rank bonus in table points, 1st to last."""
    tie_rule: TieRule = TieRule.SEAT_ORDER
    """How equal final scores are ranked."""
    leftover_sticks: LeftoverSticks = LeftoverSticks.TO_FIRST
    """What happens to riichi sticks left on the table when the game ends."""
    rounding: Rounding = Rounding.DECIMAL
    """How final scores become points (1,000 table points = 1 point)."""

    # --- game length and end ------------------------------------------------
    length: GameLength = GameLength.HANCHAN
    """East only, or East and South."""
    renchan: Renchan = Renchan.TENPAI
    """When the dealer keeps the deal."""
    agari_yame: Yame = Yame.AUTO
    """The all-last dealer's win ends the game when top."""
    tenpai_yame: Yame = Yame.AUTO
    """The all-last dealer's tenpai at a draw ends the game when top."""
    yame_min_points: int | None = None
    """The dealer must also hold at least this much for agari-/tenpai-yame (None: no minimum)."""
    yame_below_min_goes_west: bool = False
    """At all-last, a dealer on top whose win (or tenpai, with tenpai-yame) would end the game
    but who is below ``yame_min_points`` ends South instead, and play enters West (the club
    rulebooks' all-last rule read with their West-entry rule). False: the dealer plays on."""
    west_entry: bool = False
    """If nobody has ``west_entry_target`` after the last hand, play goes on into the next wind."""
    west_entry_target: int = 30000
    """The score someone must reach for the game to end (extra rounds and all-last)."""
    sudden_death: bool = True
    """In extra rounds the game ends the moment someone reaches ``west_entry_target``."""
    sudden_death_above_target: bool = False
    """In extra rounds the game ends only when someone goes past ``west_entry_target`` (exactly the
    target plays on; Juki "반환점을 넘기면 종료", 넘기다 = to go past). False: reaching it ends the game."""
    north_entry: bool = False
    """Whether play may go on from West into North (False: West 4 is the hard end)."""
    west_last_all_last: bool = False
    """The last hand of the last extra round (West 4 with no North) is an all-last too: a top dealer's
    win (or tenpai, with tenpai-yame) there ends the game as at South 4, also below ``yame_min_points``
    (there is no round left to enter). False: the dealer plays on in West 4 until someone reaches the target."""
    tobi: bool = True
    """The game ends when a player busts."""
    tobi_at_zero: bool = False
    """Exactly 0 points is a bust (False: only below 0)."""
    keep_negative_scores: bool = True
    """Negative final scores count as they are (False: clamp to 0 in final points)."""

    # --- riichi, honba, draws ----------------------------------------------
    riichi_min_points: int | None = 1000
    """A player below this may not declare riichi (the declaration is void); None: no minimum."""
    riichi_stick: int = 1000
    """Riichi deposit."""
    honba_value: int = 300
    """Honba bonus per counter, in total: a ron pays all of it; on a tsumo each payer pays an
    equal share (100 each in 4-player; 150 each in 3-player, so no tsumo loss)."""
    noten_payment: int = 3000
    """Total noten payment at an exhaustive draw."""
    abortive_draws: frozenset[Abort] = frozenset(Abort)
    """The abortive draws this ruleset allows; others are an error."""
    abort_dealer_keeps: bool = True
    """On an abortive draw the dealer keeps the deal (honba + 1)."""
    nagashi: Nagashi = Nagashi.DRAW
    """Whether nagashi mangan exists, and as a win, as a draw, or as a bonus outside the table score
    (``bonus``: the hand is an ordinary draw)."""
    nagashi_dealer_keeps: bool = True
    """A dealer who made nagashi mangan keeps the deal even when noten (False: only dealer tenpai keeps it)."""
    nagashi_win_tenpai_renchan: bool = True
    """With nagashi as a win: a non-dealer's nagashi while the dealer is tenpai keeps the deal for the
    dealer (honba + 1), as tenpai renchan at a draw. False: the deal passes as after any non-dealer win
    (honba back to 0)."""
    nagashi_noten_payments: bool = False
    """With nagashi as a draw: the usual noten payments are made as well as the nagashi payments.
    False: the nagashi payments replace them."""

    # --- multiple ron ---------------------------------------------------------
    max_ron_winners: int = 3
    """1: head-bump only (atamahane); 2: double ron; 3: triple ron too."""
    triple_ron_abort: bool = True
    """Three rons on one discard are an abortive draw (``abort`` triple_ron) instead of a win."""
    multi_ron_sticks: Deposits = Deposits.HEAD_BUMP
    """Who takes riichi sticks on a multiple ron (always the head-bump winner; EACH is not used)."""
    multi_ron_honba: Deposits = Deposits.HEAD_BUMP
    """Who takes the honba on a multiple ron."""

    # --- hand value -------------------------------------------------------------
    kiriage: bool = False
    """4 han 30 fu and 3 han 60 fu are rounded up to mangan."""
    kazoe: Kazoe = Kazoe.YAKUMAN
    """What 13+ han is worth."""
    yakuman_stacking: bool = True
    """Several yakuman in one hand add up (daisangen + tsuuiisou = double)."""
    yakuman_cap: int | None = None
    """The highest yakuman multiple paid (None: no cap)."""
    double_yakuman: frozenset[str] = STANDARD_DOUBLE_YAKUMAN
    """Yaku ids paid as double yakuman; the others are single."""
    local_yakuman: frozenset[str] = frozenset()
    """Local yakuman this ruleset has (daisharin, daisuurin, daichikurin, paarenchan)."""
    renhou: Renhou = Renhou.NONE
    """Whether renhou exists and what it is worth."""
    paarenchan_wins: int = 8
    """Consecutive dealer wins (not honba) that make paarenchan, when it is in ``local_yakuman``."""
    paarenchan_count: PaarenchanCount = PaarenchanCount.WINS
    """Which run of the dealer's deals counts toward ``paarenchan_wins`` (the rulebook says only "팔연장")."""
    red_fives: tuple[int, int, int] = (1, 1, 1)
    """Red fives per suit (man, pin, sou)."""
    kuitan: bool = True
    """Open tanyao counts."""
    atozuke: bool = True
    """A yaku completed only by the winning tile is fine."""
    ryuuiisou_requires_hatsu: bool = False
    """All green needs the green dragon."""
    rinshan_tsumo_fu: bool = True
    """A rinshan kaihou win gets the +2 tsumo fu."""
    double_wind_pair_fu: int = 4
    """Fu for a pair of the seat wind that is also the round wind."""
    double_wind_pair_in_west: bool = True
    """In the West round a West seat's West pair is a double-wind pair too (``double_wind_pair_fu``).
    False: only double East and double South are (A.S.I. names only "더블동, 더블남"); a double West pair
    is 2 fu."""
    open_pinfu_fu: bool = True
    """An open hand with no fu beyond the base is scored at 30 fu on ron (the 2 fu of 'open pinfu')."""
    closed_kan_rob: ClosedKanRob = ClosedKanRob.KOKUSHI
    """Who may rob a closed kan."""
    dealer_min_han_from_renchan: int | None = None
    """From this renchan on (the dealer's own consecutive deals), the dealer needs ``dealer_min_han`` to win."""
    dealer_min_han: int = 2
    """The dealer's han minimum once ``dealer_min_han_from_renchan`` applies."""
    dealer_min_han_counts_dora: bool = False
    """Whether dora count toward the dealer's han minimum."""
    honroutou_chiitoitsu_mangan: bool = False
    """A full hand with honroutou and chiitoitsu is worth at least a mangan (4 han 25 fu is
    otherwise 6,400 / 9,600). Applies to full hands only: a han/fu win is entered as scored."""
    west_wins_paid_as_dealer: bool = False
    """From West on, every win is paid as a dealer win."""

    # --- pao ------------------------------------------------------------------------
    pao: frozenset[Pao] = frozenset({Pao.DAISANGEN, Pao.DAISUUSHII})
    """Which yaku (or situations) carry liability."""
    pao_partial: bool = False
    """With compound yakuman the liable player pays only the pao yakuman's share."""
    pao_ron_split: PaoSplit = PaoSplit.HALF
    """How a ron by someone other than the liable player is paid."""
    pao_ron_honba: PaoHonba = PaoHonba.DISCARDER
    """Who pays the honba when a pao ron is split between the liable player and the discarder."""
    daiminkan_rinshan_pao_ron_value: bool = True
    """Daiminkan-rinshan pao is paid by the kan-tile discarder at ron value."""

    # --- penalties -----------------------------------------------------------------
    penalties: frozenset[PenaltyType] = frozenset({PenaltyType.CHOMBO})
    """Penalty types a referee may give under this ruleset."""
    chombo_style: ChomboStyle = ChomboStyle.MANGAN
    """What a chombo costs."""
    chombo_amount: int = 3000
    """With FIXED_EACH: paid to each other player."""
    chombo_season_points: float = 20.0
    """With POINTS: deducted from the offender's game points."""
    chombo_replay: bool = True
    """The hand is replayed: no round, dealer or honba change (unless the dealer passes)."""
    chombo_dealer_passes: bool = False
    """A dealer chombo passes the deal."""
    chombo_returns_deposits: bool = True
    """Riichi sticks placed in the voided hand go back to who placed them."""
    deliberate_chombo_amount: int | None = None
    """Deliberate chombo: paid to each other player, and the game ends (None: not in this ruleset)."""
    penalty_point_value: int = 1000
    """A penalty point puts this much on the table (like a riichi stick)."""
    penalty_points_to_chombo: int | None = 3
    """The Nth penalty point of a player in one game is a chombo instead (None: never)."""
    penalty_points_per_hand: bool = False
    """``penalty_points_to_chombo`` counts a player's penalty points in one hand (A.S.I. 5c-ㄱ "3회",
    read like 5c-ㄴ's "한 국에서"). False: in the whole game."""
    yellow_cards_to_chombo: int | None = 2
    """This many yellow cards to one player in one hand cost the chombo payment (no replay)."""
    yellow_cards_chombo_replay: bool = False
    """The yellow card that reaches ``yellow_cards_to_chombo`` is a full chombo: the payment, and
    the hand ends and is replayed as ``chombo_replay`` says (False: the payment only, play goes on)."""

    # --- three-player --------------------------------------------------------------
    sanma_tsumo_loss: bool = False
    """3-player: a tsumo is paid as in 4-player minus the absent player's share."""
    sanma_tsumo_split: SanmaTsumoSplit = SanmaTsumoSplit.HALVES_ROUNDED_UP
    """3-player without tsumo loss: how the absent North's share of a tsumo is split between the payers."""
    sanma_honba_tsumo_loss: bool = False
    """3-player: on a tsumo each payer pays the 4-player honba share (``honba_value`` / 3: 100 each),
    so a tsumo collects less honba than a ron. False: ``honba_value`` is split between the two payers."""
    sanma_nagashi_tsumo_loss: bool = False
    """3-player: nagashi mangan is paid with tsumo loss (a non-dealer's: 4,000 from the dealer, 2,000 from
    the other) even when ``sanma_tsumo_loss`` is off. False: paid like any tsumo (5,000 / 3,000)."""
    flowers: int = 0
    """Flower tiles in the set (each counts as one dora when ``flower_dora``)."""
    flower_dora: bool = True
    """Each flower is one dora (False: a flower only gives its replacement draw)."""
    flower_rinshan_pinfu: bool = True
    """3-player: a pinfu-shape hand won on a flower's (or kita's) replacement tile is pinfu tsumo at 20 fu,
    with rinshan kaihou. False: the replacement win keeps its tsumo fu ("영상개화로 화료 시 쯔모 2부 있음"),
    so it is not pinfu: 30 fu."""
    kita: bool = False
    """3-player: a North may be set aside (kita, nukidora) for a replacement draw; each one set
    aside is one dora (and counts again when North is a dora or ura dora). A HAND gives the count
    as ``kita``."""

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
    "ChomboStyle",
    "ClosedKanRob",
    "Deposits",
    "GameLength",
    "Kazoe",
    "LOCAL_YAKUMAN",
    "LeftoverSticks",
    "Nagashi",
    "Pao",
    "PaarenchanCount",
    "PaoHonba",
    "PaoSplit",
    "PenaltyType",
    "Renchan",
    "Renhou",
    "Rounding",
    "Ruleset",
    "STANDARD_DOUBLE_YAKUMAN",
    "SanmaTsumoSplit",
    "TieRule",
    "Yame",
]
