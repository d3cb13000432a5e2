"""One-hand settlement: the table before a hand's result + the result -> score changes.

:func:`settle` takes a :class:`SettlementContext` (what the game knows at that moment) and one
hand-ending event, and returns a :class:`Settlement`: deltas (riichi sticks placed
in the hand included), the sticks left on the table, whether the dealer keeps the
deal and the next honba. Progression (rounds, end of game) is :mod:`scoring.game`.

Invariant: ``sum(deltas) + (sticks_after - sticks_before) == 0``.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from scoring import messages as M
from scoring.chombo import chombo_payment, dealer_passes, deliberate_chombo_deltas
from scoring.dealer import is_paarenchan, short_of_minimum
from scoring.errors import ScoringError
from scoring.payments import HandValue, Limit, check_win_han_fu, hand_value, is_kazoe, ron_amount, win_deltas
from scoring.record import AbortEvent, Chombo, Draw, NagashiEvent, PaoFor, Ron, Tsumo, Win
from scoring.rules import (
    Abort,
    Deposits,
    Nagashi,
    Pao,
    PaoHonba,
    PaoSplit,
    Renchan,
    Ruleset,
)
from scoring.termination import Termination
from scoring.winds import SettlementContext


class Outcome(enum.StrEnum):
    WIN = "win"
    DRAW = "draw"
    ABORT = "abort"
    CHOMBO = "chombo"
    DELIBERATE_CHOMBO = "deliberate_chombo"


@dataclass(frozen=True)
class WinResult:
    """How one win was valued (for display and tests)."""

    winner: int
    value: HandValue
    yaku: tuple[tuple[str, int], ...] = ()
    pao_yakuman: int | None = None
    """From a HAND: the multiple that carries pao (used when the WIN gives no pao_yakuman)."""
    kazoe: bool = False
    """A yakuman reached by counting han (``payments.is_kazoe``), not by a yakuman."""


@dataclass(frozen=True)
class Settlement:
    outcome: Outcome
    deltas: tuple[int, ...]
    sticks: int
    """Points on the table after the hand."""
    dealer_keeps: bool
    honba: int
    """Honba of the next hand."""
    replay: bool = False
    """A voided hand that is dealt again (chombo): renchan does not advance."""
    dealer_won: bool = False
    dealer_tenpai: bool = False
    ends_game: Termination | None = None
    season_deductions: tuple[float, ...] = ()
    """Season points taken from each player (ChomboStyle.POINTS)."""
    wins: tuple[WinResult, ...] = field(default=())


# ---------------------------------------------------------------------------------------
def settle(table: SettlementContext, event: Ron | Tsumo | Draw | NagashiEvent | AbortEvent | Chombo) -> Settlement:
    """The result of one hand. Raises ``ScoringError`` for what the rules do not allow."""
    if isinstance(event, Ron):
        return _settle_ron(table, event)
    if isinstance(event, Tsumo):
        return _settle_tsumo(table, event)
    if isinstance(event, Draw):
        return _settle_draw(table, event)
    if isinstance(event, NagashiEvent):
        return _settle_nagashi(table, event)
    if isinstance(event, AbortEvent):
        return _settle_abort(table, event)
    if isinstance(event, Chombo):
        return settle_chombo(table, event)
    raise ScoringError(M.EVENT_DOES_NOT_SETTLE, kind=getattr(event, "kind", event))


def _name(p: int) -> str:
    return M.player_label(p)


def _place_riichi(table: SettlementContext, riichi: tuple[int, ...], deltas: list[int]) -> int:
    """Take each riichi stick from its player; the points now on the table."""
    rs = table.ruleset
    for p in riichi:
        points = table.riichi_points(p)
        if rs.riichi_min_points is not None and points < rs.riichi_min_points:
            raise ScoringError(M.RIICHI_MIN_POINTS, who=_name(p), points=points, minimum=rs.riichi_min_points)
        deltas[p] -= rs.riichi_stick
    return table.sticks + rs.riichi_stick * len(riichi)


def _honba_each(rs: Ruleset) -> int:
    """What each tsumo payer pays per honba: the ruleset's total split between the payers (in
    3-player with ``sanma_honba_tsumo_loss``, the 4-player share: a third of it)."""
    if rs.is_sanma and rs.sanma_honba_tsumo_loss:
        return rs.honba_value // 3
    return rs.honba_value // (rs.players - 1)


# --- valuing one win -----------------------------------------------------------------------
def _value_win(table: SettlementContext, win: Win, *, tsumo: bool) -> WinResult:
    rs = table.ruleset
    is_dealer = win.winner == table.dealer
    if win.winner in table.agari_forbidden:
        raise ScoringError(M.AGARI_FORBIDDEN_WIN, who=_name(win.winner))
    yaku: tuple[tuple[str, int], ...] = ()
    pao_yakuman = None
    if win.hand is not None:
        value, dora, yaku, pao_yakuman = _evaluate_hand(table, win, tsumo=tsumo)
        han_for_minimum = None if value.yakuman else value.han
    elif win.yakuman is not None:
        value = hand_value(0, None, rs, yakuman=win.yakuman)
        dora, han_for_minimum = 0, None
    else:
        assert win.han is not None
        han, fu, dora = win.han, win.fu, win.dora
        check_win_han_fu(han, fu, rs, tsumo=tsumo, who=_name(win.winner))
        if is_dealer and is_paarenchan(rs, table.dealer_wins_in_row):
            # The dealer's 8th consecutive win is a yakuman by itself, whatever the hand.
            value, han_for_minimum = hand_value(0, None, rs, yakuman=1), None
        else:
            # The han as entered: a kazoe yakuman made of dora is still short of the minimum.
            value, han_for_minimum = hand_value(han, fu, rs), han
    if is_dealer and han_for_minimum is not None:
        # A record without "dora" (optional in the contract) is taken as having none: the
        # table screen asks for the dora count on these hands so the check has something to bite.
        short = short_of_minimum(rs, renchan=table.renchan, han=han_for_minimum, dora=dora)
        if short is not None:
            need, counted = short
            raise ScoringError(
                M.DEALER_RENCHAN_MIN_HAN, who=_name(win.winner), renchan=table.renchan, need=need, counted=counted
            )
    kazoe = is_kazoe(value, yaku, yakuman_entered=win.yakuman is not None, han_entered=win.han)
    return WinResult(winner=win.winner, value=value, yaku=tuple(yaku), pao_yakuman=pao_yakuman, kazoe=kazoe)


def _evaluate_hand(table: SettlementContext, win: Win, *, tsumo: bool) -> tuple[HandValue, int, Any, int | None]:
    """Score a full HAND through scoring.hand, with the game's seat/round wind and tsumo."""
    from scoring.hand import HandContext, evaluate  # the hand engine is optional at import time

    hand = dict(win.hand or {})
    game_values = {"tsumo": tsumo, "seat_wind": table.seat_wind(win.winner), "round_wind": table.round_wind}
    for key, expected in game_values.items():
        if key in hand and hand[key] != expected:
            raise ScoringError(
                M.HAND_DISAGREES_WITH_GAME, who=_name(win.winner), key=key, given=hand[key], expected=expected
            )
        hand[key] = expected
    context = HandContext(
        seat_wind=table.seat_wind(win.winner),
        round_wind=table.round_wind,
        is_dealer=win.winner == table.dealer,
        tsumo=tsumo,
        dealer_renchan=table.renchan,
        dealer_wins_in_row=table.dealer_wins_in_row,
    )
    try:
        result = evaluate(hand, table.ruleset, context)
    except ScoringError as exc:
        raise ScoringError(M.PLAYERS_HAND, who=_name(win.winner), error=exc) from exc
    yaku = tuple((y.id, y.han) for y in result.yaku)
    return result.value, result.dora, yaku, result.pao_yakuman or None


# --- ron -------------------------------------------------------------------------------------
def head_bump_order(loser: int, winners: list[int], players: int) -> list[int]:
    """Winners in turn order after the discarder (the first one is the head-bump winner)."""
    return sorted(winners, key=lambda w: (w - loser) % players)


def _settle_ron(table: SettlementContext, event: Ron) -> Settlement:
    rs = table.ruleset
    n = rs.players
    winners = head_bump_order(event.loser, [w.winner for w in event.wins], n)
    if len(winners) == 3 and rs.triple_ron_abort:
        raise ScoringError(M.TRIPLE_RON_ABORT)
    if len(winners) > rs.max_ron_winners:
        if rs.max_ron_winners == 1:
            raise ScoringError(M.HEAD_BUMP, who=_name(winners[0]))
        raise ScoringError(M.MAX_RON_WINNERS, most=rs.max_ron_winners)
    deltas = [0] * n
    sticks = _place_riichi(table, event.riichi, deltas)
    by_winner = {w.winner: w for w in event.wins}
    results = []
    for i, w in enumerate(winners):
        win = by_winner[w]
        result = _value_win(table, win, tsumo=False)
        results.append(result)
        _add(deltas, _ron_payment(table, win, result, event.loser))
        takes_honba = i == 0 or rs.multi_ron_honba is Deposits.EACH
        if takes_honba:
            amount = table.honba * rs.honba_value
            for payer, part in _ron_honba_payers(rs, win, event.loser, amount):
                deltas[payer] -= part
            deltas[w] += amount
    # Riichi sticks always go to the head-bump winner (kamicha-yuusen).
    deltas[winners[0]] += sticks
    return _won(table, deltas, dealer_won=table.dealer in winners, wins=tuple(results))


def _ron_honba_payers(rs: Ruleset, win: Win, loser: int, amount: int) -> list[tuple[int, int]]:
    """Who pays a ron's honba: the discarder, unless the win is a pao ron split with a liable
    third player, where ``Ruleset.pao_ron_honba`` says (Tenhou: the liable player)."""
    split = win.pao is not None and win.pao != loser and rs.pao_ron_split is PaoSplit.HALF
    if not split or rs.pao_ron_honba is PaoHonba.DISCARDER:
        return [(loser, amount)]
    if rs.pao_ron_honba is PaoHonba.LIABLE:
        return [(win.pao, amount)]
    return [(win.pao, amount // 2), (loser, amount - amount // 2)]


def _won(table: SettlementContext, deltas: list[int], *, dealer_won: bool, wins: tuple[WinResult, ...]) -> Settlement:
    """A hand won by ron or tsumo: the sticks are taken, the dealer keeps the deal on a dealer win."""
    return Settlement(
        outcome=Outcome.WIN,
        deltas=tuple(deltas),
        sticks=0,
        dealer_keeps=dealer_won,
        honba=table.honba + 1 if dealer_won else 0,
        dealer_won=dealer_won,
        wins=wins,
    )


def _add(deltas: list[int], more: list[int]) -> None:
    for i, d in enumerate(more):
        deltas[i] += d


_YAKUMAN_PAO = (PaoFor.DAISANGEN, PaoFor.DAISUUSHII, PaoFor.SUUKANTSU)


def _hand_pao_kinds(win: Win, result: WinResult) -> tuple[PaoFor, ...]:
    """What a full HAND can make a player liable for: its pao yakuman (daisangen, daisuushii,
    suukantsu), then a rinshan win after a daiminkan (the rinshan flag and a daiminkan meld)."""
    hand = win.hand or {}
    ids = {yaku_id for yaku_id, _ in result.yaku}
    kinds = [k for k in _YAKUMAN_PAO if k.value in ids]
    melds = hand.get("melds") or ()
    if hand.get("rinshan") and any(isinstance(m, dict) and m.get("kind") == "daiminkan" for m in melds):
        kinds.append(PaoFor.DAIMINKAN_RINSHAN)
    return tuple(kinds)


def _pao_phrase(kind: PaoFor | Pao) -> M.Message:
    """What a pao is for, in words (대삼원, 스깡츠, 대명깡 영상개화...)."""
    phrase = M.phrase(kind.value)
    assert isinstance(phrase, M.Message), kind
    return phrase


def _pao_kind_of_hand(table: SettlementContext, win: Win, result: WinResult) -> PaoFor:
    """The pao kind a full HAND carries, refused (with the reason) when the ruleset has none for it."""
    rs = table.ruleset
    shown = _hand_pao_kinds(win, result)
    who = _name(win.winner)
    if win.pao_for is not None:
        if win.pao_for not in shown:
            raise ScoringError(M.PAO_FOR_NOT_IN_HAND, who=who, kind=_pao_phrase(win.pao_for))
        if Pao(win.pao_for.value) not in rs.pao:
            raise ScoringError(M.NO_PAO_FOR, kind=_pao_phrase(win.pao_for))
        return win.pao_for
    allowed = [k for k in shown if Pao(k.value) in rs.pao]
    if allowed:
        return allowed[0]  # a pao yakuman before daiminkan-rinshan: the larger liability
    if shown:
        raise ScoringError(M.NO_PAO_FOR, kind=_pao_phrase(shown[0]))
    if Pao.DAIMINKAN_RINSHAN in rs.pao and (win.hand or {}).get("rinshan"):
        raise ScoringError(M.PAO_RINSHAN_NEEDS_DAIMINKAN, who=who)
    kinds = [k for k in PaoFor if Pao(k.value) in rs.pao]
    if not kinds:
        raise ScoringError(M.NO_YAKUMAN_PAO)
    phrases = [_pao_phrase(k) for k in kinds]
    raise ScoringError(M.PAO_NOT_IN_HAND, who=who, kinds=M.listing(phrases))


def _pao_kind(table: SettlementContext, win: Win, result: WinResult, *, tsumo: bool) -> PaoFor:
    if win.hand is not None:
        return _pao_kind_of_hand(table, win, result)
    # A han/fu or yakuman entry: the host's claim, checked against the ruleset's pao kinds.
    rs = table.ruleset
    value = result.value
    kind = win.pao_for
    if kind is None:
        kind = PaoFor.DAIMINKAN_RINSHAN if (tsumo and not value.yakuman) else None
    if kind is None:
        if not value.yakuman:
            raise ScoringError(M.PAO_NEEDS_YAKUMAN_HAND, who=_name(win.winner))
        allowed = {Pao(k.value) for k in PaoFor} & rs.pao - {Pao.DAIMINKAN_RINSHAN}
        if not allowed:
            raise ScoringError(M.NO_YAKUMAN_PAO)
        return PaoFor.DAISANGEN  # any yakuman pao pays the same way; only the default share differs
    if Pao(kind.value) not in rs.pao:
        raise ScoringError(M.NO_PAO_FOR, kind=_pao_phrase(kind))
    if kind is PaoFor.DAIMINKAN_RINSHAN:
        if not tsumo:
            raise ScoringError(M.DAIMINKAN_PAO_TSUMO)
    elif not value.yakuman:
        raise ScoringError(M.PAO_NEEDS_YAKUMAN, kind=kind.value)
    return kind


def _pao_share(table: SettlementContext, win: Win, result: WinResult, kind: PaoFor) -> int:
    """How many yakuman multiples the liable player covers."""
    rs = table.ruleset
    value = result.value
    if not rs.pao_partial:
        return value.yakuman
    if win.pao_yakuman is not None:
        share = win.pao_yakuman
    elif result.pao_yakuman:
        share = result.pao_yakuman
    elif kind is PaoFor.DAISUUSHII and "daisuushii" in rs.double_yakuman:
        share = 2
    else:
        share = 1
    return min(share, value.yakuman)


def _yakuman_value(multiple: int) -> HandValue:
    return HandValue(han=13 * multiple, fu=None, yakuman=multiple, base=8000 * multiple, limit=Limit.YAKUMAN)


def _ron_payment(table: SettlementContext, win: Win, result: WinResult, loser: int) -> list[int]:
    rs = table.ruleset
    value = result.value
    n = rs.players
    deltas = win_deltas(
        value, winner=win.winner, dealer=table.dealer, loser=loser, ruleset=rs, paid_as_dealer=table.paid_as_dealer
    )
    if win.pao is None:
        return deltas
    kind = _pao_kind(table, win, result, tsumo=False)
    if win.pao == loser or rs.pao_ron_split is PaoSplit.DISCARDER:
        return deltas
    as_dealer = win.winner == table.dealer or table.paid_as_dealer
    share = ron_amount(_yakuman_value(_pao_share(table, win, result, kind)), dealer=as_dealer)
    liable_pays = share // 2
    out = [0] * n
    out[win.winner] = deltas[win.winner]
    out[loser] = deltas[loser] + liable_pays
    out[win.pao] = -liable_pays
    return out


# --- tsumo -----------------------------------------------------------------------------------
def _settle_tsumo(table: SettlementContext, event: Tsumo) -> Settlement:
    rs = table.ruleset
    n = rs.players
    win = event.win
    deltas = [0] * n
    sticks = _place_riichi(table, event.riichi, deltas)
    result = _value_win(table, win, tsumo=True)
    value = result.value
    as_dealer = win.winner == table.dealer or table.paid_as_dealer
    honba_total = table.honba * rs.honba_value
    if win.pao is None:
        _add(deltas, win_deltas(value, winner=win.winner, dealer=table.dealer, loser=None, ruleset=rs,
                                paid_as_dealer=table.paid_as_dealer))
        each = table.honba * _honba_each(rs)
        for p in range(n):
            if p != win.winner:
                deltas[p] -= each
                deltas[win.winner] += each
    else:
        kind = _pao_kind(table, win, result, tsumo=True)
        if kind is PaoFor.DAIMINKAN_RINSHAN:
            if rs.daiminkan_rinshan_pao_ron_value:
                amount = ron_amount(value, dealer=as_dealer)
            else:
                amount = sum(d for d in win_deltas(value, winner=win.winner, dealer=table.dealer, loser=None,
                                                   ruleset=rs, paid_as_dealer=table.paid_as_dealer) if d > 0)
            rest = None
        else:
            share = _pao_share(table, win, result, kind)
            amount = ron_amount(_yakuman_value(share), dealer=as_dealer)
            rest = value.yakuman - share
            if rest:
                _add(deltas, win_deltas(_yakuman_value(rest), winner=win.winner, dealer=table.dealer, loser=None,
                                        ruleset=rs, paid_as_dealer=table.paid_as_dealer))
        # The liable player pays their share as a ron, and the honba with it.
        deltas[win.pao] -= amount + honba_total
        deltas[win.winner] += amount + honba_total
    deltas[win.winner] += sticks
    return _won(table, deltas, dealer_won=win.winner == table.dealer, wins=(result,))


# --- draws -----------------------------------------------------------------------------------
def tenpai_at_draw(declared: Iterable[int], riichi: Iterable[int], agari_forbidden: Iterable[int] = ()) -> list[int]:
    """Who is tenpai at a draw, from what the table says: the declared tenpai plus every riichi
    player (a noten riichi is a chombo, which the referee records, never a draw's noten payment);
    an agari-forbidden player's tenpai does not count, so they are never added."""
    forbidden = set(agari_forbidden)
    return sorted(set(declared) | {p for p in riichi if p not in forbidden})


def _check_tenpai(table: SettlementContext, tenpai: tuple[int, ...], riichi: tuple[int, ...]) -> None:
    for p in tenpai:
        if p in table.agari_forbidden:
            raise ScoringError(M.AGARI_FORBIDDEN_TENPAI, who=_name(p))
    for p in riichi:
        # Noten riichi at the draw is a chombo in both club rulebooks (ASI 5-c, Juki 5 chombo);
        # an agari-forbidden player's tenpai is void by rule, which is not a noten riichi.
        if p not in tenpai and p not in table.agari_forbidden:
            raise ScoringError(M.NOTEN_RIICHI_AT_DRAW, who=_name(p))


def _noten_payments(rs: Ruleset, tenpai: tuple[int, ...], dealer: int) -> list[int]:
    n = rs.players
    deltas = [0] * n
    k = len(tenpai)
    if k in (0, n):
        return deltas
    noten = [p for p in range(n) if p not in tenpai]
    pay = rs.noten_payment // len(noten)
    total = pay * len(noten)
    # Receivers in turn order from the dealer; the first takes any remainder of an odd split.
    receivers = sorted(tenpai, key=lambda p: (p - dealer) % n)
    for p in noten:
        deltas[p] -= pay
    for i, p in enumerate(receivers):
        deltas[p] += total // k + (total % k if i == 0 else 0)
    return deltas


def _settle_draw(table: SettlementContext, event: Draw) -> Settlement:
    rs = table.ruleset
    _check_tenpai(table, event.tenpai, event.riichi)
    deltas = [0] * rs.players
    sticks = _place_riichi(table, event.riichi, deltas)
    _add(deltas, _noten_payments(rs, event.tenpai, table.dealer))
    dealer_tenpai = table.dealer in event.tenpai
    return Settlement(
        outcome=Outcome.DRAW,
        deltas=tuple(deltas),
        sticks=sticks,
        dealer_keeps=rs.renchan is Renchan.TENPAI and dealer_tenpai,
        honba=table.honba + 1,
        dealer_tenpai=dealer_tenpai,
    )


def _settle_nagashi(table: SettlementContext, event: NagashiEvent) -> Settlement:
    rs = table.ruleset
    n = rs.players
    if rs.nagashi is Nagashi.NONE:
        raise ScoringError(M.NO_NAGASHI)
    for p in event.players:
        if p in table.agari_forbidden:
            raise ScoringError(M.AGARI_FORBIDDEN_NAGASHI, who=_name(p))
    if rs.nagashi is Nagashi.BONUS:
        # A side bonus outside the table score: the hand is an ordinary exhaustive draw.
        return _settle_draw(table, Draw(tenpai=event.tenpai, riichi=event.riichi))
    _check_tenpai(table, event.tenpai, event.riichi)
    deltas = [0] * n
    sticks = _place_riichi(table, event.riichi, deltas)
    mangan = hand_value(5, None, rs)
    paid_by = rs.derive(sanma_tsumo_loss=True) if rs.is_sanma and rs.sanma_nagashi_tsumo_loss else rs
    for p in event.players:
        _add(deltas, win_deltas(mangan, winner=p, dealer=table.dealer, loser=None, ruleset=paid_by,
                                paid_as_dealer=table.paid_as_dealer))
    dealer_tenpai = table.dealer in event.tenpai
    dealer_made = table.dealer in event.players
    # As a win, a non-dealer's nagashi keeps a tenpai dealer's deal only by nagashi_win_tenpai_renchan.
    tenpai_keeps = rs.nagashi is Nagashi.DRAW or dealer_made or rs.nagashi_win_tenpai_renchan
    dealer_keeps = (rs.renchan is Renchan.TENPAI and dealer_tenpai and tenpai_keeps) or (
        dealer_made and rs.nagashi_dealer_keeps)
    if rs.nagashi is Nagashi.DRAW:
        if rs.nagashi_noten_payments:
            _add(deltas, _noten_payments(rs, event.tenpai, table.dealer))
        return Settlement(
            outcome=Outcome.DRAW, deltas=tuple(deltas), sticks=sticks, dealer_keeps=dealer_keeps,
            honba=table.honba + 1, dealer_tenpai=dealer_tenpai,
        )
    # As a win: the first nagashi player in turn order from the dealer collects honba and sticks.
    first = sorted(event.players, key=lambda p: (p - table.dealer) % n)[0]
    each = table.honba * _honba_each(rs)
    for p in range(n):
        if p != first:
            deltas[p] -= each
            deltas[first] += each
    deltas[first] += sticks
    return Settlement(
        outcome=Outcome.WIN, deltas=tuple(deltas), sticks=0, dealer_keeps=dealer_keeps,
        honba=table.honba + 1 if dealer_keeps else 0, dealer_won=dealer_made, dealer_tenpai=dealer_tenpai,
    )


def _settle_abort(table: SettlementContext, event: AbortEvent) -> Settlement:
    rs = table.ruleset
    if event.reason not in rs.abortive_draws:
        if not rs.abortive_draws:
            raise ScoringError(M.NO_ABORTIVE_DRAWS)
        allowed = ", ".join(sorted(a.value for a in rs.abortive_draws))
        raise ScoringError(M.ABORT_NOT_ALLOWED, reason=event.reason.value, allowed=allowed)
    if event.reason is Abort.FOUR_RIICHI and len(event.riichi) != 4:
        raise ScoringError(M.FOUR_RIICHI_ALL)
    deltas = [0] * rs.players
    sticks = _place_riichi(table, event.riichi, deltas)
    return Settlement(
        outcome=Outcome.ABORT,
        deltas=tuple(deltas),
        sticks=sticks,
        dealer_keeps=rs.abort_dealer_keeps,
        honba=table.honba + 1,
    )


# --- chombo -----------------------------------------------------------------------------------
def settle_chombo(table: SettlementContext, event: Chombo) -> Settlement:
    """A chombo: the voided hand's sticks and deposits go back (``chombo_returns_deposits``),
    the offender pays (:mod:`scoring.chombo`), and the hand is dealt again (``chombo_replay``)."""
    rs = table.ruleset
    n = rs.players
    deltas = [0] * n
    sticks = _place_riichi(table, event.riichi, deltas)
    if rs.chombo_returns_deposits:
        # The voided hand never happened: its riichi sticks and penalty deposits go back.
        for p in event.riichi:
            deltas[p] += rs.riichi_stick
            sticks -= rs.riichi_stick
        for p, amount in enumerate(table.hand_deposits or ()):
            deltas[p] += amount
            sticks -= amount
    if event.deliberate:
        _add(deltas, deliberate_chombo_deltas(rs, event.offender))
        return Settlement(
            outcome=Outcome.DELIBERATE_CHOMBO, deltas=tuple(deltas), sticks=sticks, dealer_keeps=True,
            honba=table.honba, replay=True, ends_game=Termination.DELIBERATE_CHOMBO,
        )
    payment, deductions = chombo_payment(table, event.offender)
    _add(deltas, payment)
    passes = dealer_passes(rs, offender=event.offender, dealer=table.dealer)
    return Settlement(
        outcome=Outcome.CHOMBO,
        deltas=tuple(deltas),
        sticks=sticks,
        dealer_keeps=not passes,
        honba=table.honba,
        replay=rs.chombo_replay and not passes,
        season_deductions=tuple(deductions) if any(deductions) else (),
    )


__all__ = [
    "Outcome", "Settlement", "SettlementContext", "WinResult", "chombo_payment", "head_bump_order", "settle",
    "settle_chombo",
]
