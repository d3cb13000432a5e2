"""What a chombo costs: the payment (or season points) by ``Ruleset.chombo_style``, the
deliberate chombo, and whether a dealer's chombo passes the deal.

Settling a chombo event (riichi sticks and deposits of the voided hand, the replay) is
:func:`scoring.settle.settle_chombo`; a penalty that turns into a chombo (the Nth penalty
point, the Nth yellow card) is :mod:`scoring.game`'s.
"""

from __future__ import annotations

from scoring import messages as M
from scoring.errors import ScoringError
from scoring.rules import ChomboStyle, Ruleset
from scoring.winds import SettlementContext


def chombo_mangan_deltas(*, offender: int, dealer: int, players: int) -> list[int]:
    """A mangan paid by the offender as if tsumo'd against them (dealer 4000 all, else 2000/4000)."""
    deltas = [0] * players
    for p in range(players):
        if p == offender:
            continue
        pay = 4000 if offender == dealer or p == dealer else 2000
        deltas[p] += pay
        deltas[offender] -= pay
    return deltas


def chombo_payment(table: SettlementContext, offender: int) -> tuple[list[int], list[float]]:
    """What a chombo costs under the ruleset: table deltas and season-point deductions."""
    rs = table.ruleset
    n = rs.players
    deltas = [0] * n
    deductions = [0.0] * n
    if rs.chombo_style is ChomboStyle.MANGAN:
        deltas = chombo_mangan_deltas(offender=offender, dealer=table.dealer, players=n)
    elif rs.chombo_style is ChomboStyle.FIXED_EACH:
        for p in range(n):
            if p != offender:
                deltas[p] += rs.chombo_amount
                deltas[offender] -= rs.chombo_amount
    else:
        deductions[offender] = rs.chombo_season_points
    return deltas, deductions


def deliberate_chombo_deltas(ruleset: Ruleset, offender: int) -> list[int]:
    """A deliberate chombo: the offender pays ``deliberate_chombo_amount`` to each other player
    (and the game ends); refused when the ruleset has no such rule."""
    amount = ruleset.deliberate_chombo_amount
    if amount is None:
        raise ScoringError(M.NO_DELIBERATE_CHOMBO)
    deltas = [0] * ruleset.players
    for p in range(ruleset.players):
        if p != offender:
            deltas[p] += amount
            deltas[offender] -= amount
    return deltas


def dealer_passes(ruleset: Ruleset, *, offender: int, dealer: int) -> bool:
    """Whether the chombo passes the deal (a dealer's chombo, with ``chombo_dealer_passes``)."""
    return offender == dealer and ruleset.chombo_dealer_passes


__all__ = ["chombo_mangan_deltas", "chombo_payment", "dealer_passes", "deliberate_chombo_deltas"]
