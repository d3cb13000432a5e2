"""Han and fu to payments: the standard table, limits, kiriage, kazoe, yakuman, and what a win pays.

Amounts here never include honba or riichi sticks; settlement adds those.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from scoring import messages as M
from scoring.errors import ScoringError
from scoring.rules import Kazoe, Ruleset, SanmaTsumoSplit


class Limit(enum.StrEnum):
    MANGAN = "mangan"
    HANEMAN = "haneman"
    BAIMAN = "baiman"
    SANBAIMAN = "sanbaiman"
    YAKUMAN = "yakuman"


_LIMIT_BASE = {
    Limit.MANGAN: 2000,
    Limit.HANEMAN: 3000,
    Limit.BAIMAN: 4000,
    Limit.SANBAIMAN: 6000,
    Limit.YAKUMAN: 8000,
}


FU_VALUES = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
"""Every fu a hand can have: 25 (chiitoitsu) or a multiple of 10 from 20 to 110 (:func:`check_han_fu`)."""

LIMIT_HAN = (5, 6, 8, 11)
"""The fewest han of each limit reached by han alone: mangan, haneman, baiman, sanbaiman."""

KAZOE_HAN = 13
"""The han from which a hand is counted as a yakuman (kazoe), or stays sanbaiman (``Ruleset.kazoe``)."""


@dataclass(frozen=True)
class HandValue:
    """What one win is worth before honba and sticks."""

    han: int
    fu: int | None
    yakuman: int
    """Yakuman multiple after kazoe and the ruleset's cap (0: not a yakuman)."""
    base: int
    """Basic points: fu x 2^(han+2), or the limit's (mangan 2000 ... yakuman 8000 per multiple)."""
    limit: Limit | None

    @property
    def is_mangan_or_more(self) -> bool:
        return self.limit is not None


def _ceil100(x: int) -> int:
    return -(-x // 100) * 100


def check_han_fu(han: int, fu: int | None, *, open_20_fu: bool = False) -> None:
    """Refuse han/fu pairs that no hand can have.

    ``open_20_fu``: the ruleset scores an open hand without fu at 20 (``open_pinfu_fu`` off),
    so 1 han 20 fu exists.
    """
    if isinstance(han, bool) or not isinstance(han, int) or han < 1:
        raise ScoringError(M.HAN_NOT_WHOLE)
    if han >= 5:
        if fu is not None:
            _check_fu_value(fu)
        return
    if fu is None:
        raise ScoringError(M.HAN_NEEDS_FU, han=han)
    _check_fu_value(fu)
    if fu == 20 and han == 1 and not open_20_fu:
        raise ScoringError(M.ONE_HAN_TWENTY_FU)
    if fu == 25 and han < 2:
        raise ScoringError(M.TWENTY_FIVE_FU_HAN)


def check_win_han_fu(han: int, fu: int | None, ruleset: Ruleset, *, tsumo: bool, who: str = "") -> None:
    """Refuse a han/fu pair that no win of this kind (ron or tsumo) can have under ``ruleset``.

    The one home of the rule for the engine (``settle``) and the entry screens' grids:
    20 fu is only a pinfu tsumo when an open hand without fu is raised to 30 (``open_pinfu_fu``),
    and a chiitoitsu tsumo (25 fu) is at least 3 han. ``who`` names the winner in the message.
    """
    if fu == 20 and not tsumo and ruleset.open_pinfu_fu:
        raise ScoringError(M.RON_TWENTY_FU, who=who)
    if fu == 25 and tsumo and han < 3:
        raise ScoringError(M.CHIITOITSU_TSUMO_HAN, who=who)
    check_han_fu(han, fu, open_20_fu=not ruleset.open_pinfu_fu)


def _check_fu_value(fu: int) -> None:
    if isinstance(fu, bool) or not isinstance(fu, int):
        raise ScoringError(M.FU_NOT_WHOLE)
    if fu not in FU_VALUES:
        raise ScoringError(M.FU_IMPOSSIBLE, fu=fu)


def hand_value(han: int, fu: int | None, ruleset: Ruleset, *, yakuman: int = 0) -> HandValue:
    """The value of a win given as han/fu (validated) or as a yakuman multiple."""
    if yakuman:
        if isinstance(yakuman, bool) or not isinstance(yakuman, int) or yakuman < 1:
            raise ScoringError(M.YAKUMAN_MULTIPLE_NOT_WHOLE)
        multiple = yakuman
        if not ruleset.yakuman_stacking:
            multiple = 1 if not ruleset.double_yakuman else min(multiple, 2)
        if ruleset.yakuman_cap is not None:
            multiple = min(multiple, ruleset.yakuman_cap)
        return HandValue(han=han or 13 * multiple, fu=fu, yakuman=multiple, base=8000 * multiple, limit=Limit.YAKUMAN)
    check_han_fu(han, fu, open_20_fu=not ruleset.open_pinfu_fu)
    if han >= KAZOE_HAN:
        if ruleset.kazoe is Kazoe.YAKUMAN:
            multiple = 1 if ruleset.yakuman_cap is None else min(1, ruleset.yakuman_cap)
            return HandValue(han=han, fu=fu, yakuman=multiple, base=8000, limit=Limit.YAKUMAN)
        return HandValue(han=han, fu=fu, yakuman=0, base=6000, limit=Limit.SANBAIMAN)
    limit = _limit_for(han, fu, ruleset)
    if limit is not None:
        return HandValue(han=han, fu=fu, yakuman=0, base=_LIMIT_BASE[limit], limit=limit)
    assert fu is not None
    return HandValue(han=han, fu=fu, yakuman=0, base=fu * 2 ** (han + 2), limit=None)


def limit_by_han(han: int) -> Limit | None:
    """The limit a hand of ``han`` reaches by its han alone (5 han and up, below kazoe);
    None below 5 han, where the fu decide (:func:`hand_value`)."""
    if han >= 11:
        return Limit.SANBAIMAN
    if han >= 8:
        return Limit.BAIMAN
    if han >= 6:
        return Limit.HANEMAN
    if han == 5:
        return Limit.MANGAN
    return None


def _limit_for(han: int, fu: int | None, ruleset: Ruleset) -> Limit | None:
    if han >= 5:
        return limit_by_han(han)
    assert fu is not None
    base = fu * 2 ** (han + 2)
    if base >= 2000:
        return Limit.MANGAN
    if ruleset.kiriage and base >= 1920:
        return Limit.MANGAN
    return None


def ron_amount(value: HandValue, *, dealer: bool) -> int:
    """What the discarder pays on a ron (no honba)."""
    return _ceil100(value.base * (6 if dealer else 4))


@dataclass(frozen=True)
class TsumoAmounts:
    """What each payer pays on a tsumo (no honba)."""

    dealer: int
    """Paid by the dealer (for a non-dealer's tsumo)."""
    non_dealer: int
    """Paid by each non-dealer."""


def tsumo_amounts(value: HandValue, *, dealer: bool) -> TsumoAmounts:
    """Per-payer amounts of a 4-player tsumo; for a dealer tsumo both fields are the 'all' amount."""
    if dealer:
        each = _ceil100(value.base * 2)
        return TsumoAmounts(dealer=each, non_dealer=each)
    return TsumoAmounts(dealer=_ceil100(value.base * 2), non_dealer=_ceil100(value.base))


def win_deltas(
    value: HandValue,
    *,
    winner: int,
    dealer: int,
    loser: int | None,
    ruleset: Ruleset,
    paid_as_dealer: bool = False,
) -> list[int]:
    """Score changes of one win (ron when ``loser`` is set, else tsumo), without honba or sticks.

    ``paid_as_dealer`` pays a non-dealer's win as a dealer win (Juki's West rule).
    """
    n = ruleset.players
    deltas = [0] * n
    as_dealer = winner == dealer or paid_as_dealer
    if loser is not None:
        amount = ron_amount(value, dealer=as_dealer)
        deltas[loser] -= amount
        deltas[winner] += amount
        return deltas
    amounts = tsumo_amounts(value, dealer=as_dealer)
    payers = [p for p in range(n) if p != winner]
    for p in payers:
        pay = amounts.dealer if p == dealer else amounts.non_dealer
        if as_dealer:
            pay = amounts.non_dealer
        deltas[p] -= pay
        deltas[winner] += pay
    if n == 3 and not ruleset.sanma_tsumo_loss:
        # No tsumo loss: the absent North's share is split between the two payers (折半),
        # each half rounded up to 100 like any payment, so a dealer tsumo stays "N all"
        # (``sanma_tsumo_split``; or the 4-player total exactly: the first payer the half rounded up).
        share = amounts.non_dealer
        extra = _ceil100(-(-share // 2))
        first = dealer if winner != dealer else (winner + 1) % n
        for p in payers:
            part = extra
            if ruleset.sanma_tsumo_split is SanmaTsumoSplit.FOUR_PLAYER_TOTAL and p != first:
                part = share - extra
            deltas[p] -= part
            deltas[winner] += part
    return deltas


def win_points(
    value: HandValue, *, dealer: bool, tsumo: bool, ruleset: Ruleset, paid_as_dealer: bool = False
) -> dict[str, int]:
    """What a win pays, as the contract's ``points`` object (no honba, no sticks):
    ``{"ron": N}``, ``{"dealer": A, "non_dealer": B}`` (a non-dealer's tsumo) or ``{"all": A}``
    (a dealer's tsumo, or any tsumo paid as the dealer's).

    Through :func:`win_deltas` on a model table (seat 0 deals; the winner is seat 0 or 1; a
    ron's loser the next other seat), so three-player and West rules apply as in a game.
    """
    winner = 0 if dealer else 1
    loser = None if tsumo else (1 if dealer else 2)
    deltas = win_deltas(value, winner=winner, dealer=0, loser=loser, ruleset=ruleset, paid_as_dealer=paid_as_dealer)
    if not tsumo:
        return {"ron": deltas[winner]}
    if dealer or paid_as_dealer:
        return {"all": -deltas[1 if winner == 0 else 0]}
    return {"dealer": -deltas[0], "non_dealer": -deltas[2]}


def is_kazoe(value: HandValue, yaku: Sequence[tuple[str, int]] = (), *, yakuman_entered: bool = False,
             han_entered: int | None = None) -> bool:
    """Whether a yakuman was reached by counting han (kazoe, ``Ruleset.kazoe``), not by a yakuman.

    A full hand's ``yaku`` (id, han) tell: no yaku of 13 han or more. A win entered as han/fu
    is kazoe when it gave 13+ han and no yakuman multiple.
    """
    if not value.yakuman:
        return False
    if yaku:
        return not any(int(han or 0) >= KAZOE_HAN for _id, han in yaku)
    return not yakuman_entered and int(han_entered or 0) >= KAZOE_HAN
