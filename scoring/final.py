"""Final results: leftover sticks, ranks, uma and oka, season points.

Points are table points / 1,000. With ``Rounding.DECIMAL`` they are exact (floats
rounded to 2 places, so a 3-way split share reads 3.33). The other roundings round
each final score to whole thousands and, with ``rounding_zero_sum`` (the default), give
first place the remainder, so that a zero-sum game stays zero-sum; without it each score
is rounded on its own, first place included.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.rules import LeftoverSticks, Rounding, Ruleset, TieRule
from scoring.termination import Termination


@dataclass(frozen=True)
class FinalResult:
    scores: tuple[int, ...]
    """Final scores after leftover sticks are handed out."""
    ranks: tuple[int, ...]
    """Per seat, 1 = first (tied players share the better place under TieRule.SPLIT)."""
    points: tuple[float | int, ...]
    """Season points per seat (deductions included)."""
    ended_by: Termination
    """How the game ended (its ``value`` is the contract's ``ended_by`` string)."""
    leftover_sticks: int = 0
    """Sticks that were on the table when the game ended."""
    deductions: tuple[float, ...] = ()
    """Season points deducted per seat in this game (chombo under ChomboStyle.POINTS)."""

    def to_json(self) -> dict:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "points": list(self.points),
            "ended_by": Termination(self.ended_by).value,
        }


def placing(scores: Sequence[int]) -> list[int]:
    """Seats from first to last; equal scores by seat order (closer to the first dealer first)."""
    return sorted(range(len(scores)), key=lambda p: (-scores[p], p))


def rank_groups(ruleset: Ruleset, scores: Sequence[int]) -> list[list[int]]:
    """Seats from first to last, grouped where the tie rule lets equal scores share a place
    (``TieRule.SPLIT``); under seat order every group is one seat."""
    order = placing(scores)
    if ruleset.tie_rule is TieRule.SPLIT:
        return _tie_groups(scores, order)
    return [[p] for p in order]


def ranks(ruleset: Ruleset, scores: Sequence[int]) -> tuple[int, ...]:
    """Per seat, 1 = first, on these scores under the ruleset's tie rule (the ranks of :func:`compute_final`)."""
    out = [0] * len(scores)
    place = 0
    for group in rank_groups(ruleset, scores):
        for p in group:
            out[p] = place + 1
        place += len(group)
    return tuple(out)


def compute_final(
    ruleset: Ruleset,
    scores: Sequence[int],
    *,
    sticks: int,
    ended_by: Termination | str,
    deductions: Sequence[float] = (),
) -> FinalResult:
    n = ruleset.players
    final_scores = list(scores)
    order = placing(final_scores)
    groups = rank_groups(ruleset, final_scores)

    if ruleset.leftover_sticks is LeftoverSticks.TO_FIRST and sticks:
        firsts = sorted(groups[0])
        share, rest = divmod(sticks, len(firsts))
        for i, p in enumerate(firsts):
            final_scores[p] += share + (rest if i == 0 else 0)

    ranks = [0] * n
    bonus = [Fraction(u) for u in ruleset.uma]
    bonus[0] += ruleset.oka
    seat_bonus: list[Fraction] = [Fraction(0)] * n
    place = 0
    for group in groups:
        shared = sum(bonus[place : place + len(group)], Fraction(0)) / len(group)
        for p in group:
            ranks[p] = place + 1
            seat_bonus[p] = shared
        place += len(group)

    counted = [s if ruleset.keep_negative_scores else max(0, s) for s in final_scores]
    ret = ruleset.return_points
    if ruleset.rounding is Rounding.DECIMAL:
        raw = [Fraction(counted[p] - ret, 1000) + seat_bonus[p] / 1000 for p in range(n)]
    else:
        raw = [Fraction(_round_thousands(counted[p], ruleset.rounding)) - Fraction(ret, 1000) + seat_bonus[p] / 1000
               for p in range(n)]
        exact = [Fraction(counted[p] - ret, 1000) + seat_bonus[p] / 1000 for p in range(n)]
        if ruleset.rounding_zero_sum and sum(exact) == 0:
            # Rounding would break zero-sum: first place takes what the others' rounding left.
            first = order[0]
            raw[first] = -sum(raw[p] for p in range(n) if p != first)
    deduct = list(deductions) or [0.0] * n
    points: list[float | int] = []
    for p in range(n):
        value = raw[p] - Fraction(deduct[p]).limit_denominator(1000)
        if ruleset.rounding is Rounding.DECIMAL or value.denominator != 1:
            points.append(round(float(value), 2) + 0.0)
        else:
            points.append(int(value))
    return FinalResult(
        scores=tuple(final_scores),
        ranks=tuple(ranks),
        points=tuple(points),
        ended_by=Termination(ended_by),
        leftover_sticks=sticks,
        deductions=tuple(deduct),
    )


def _tie_groups(scores: Sequence[int], order: list[int]) -> list[list[int]]:
    groups: list[list[int]] = []
    for p in order:
        if groups and scores[groups[-1][0]] == scores[p]:
            groups[-1].append(p)
        else:
            groups.append([p])
    return groups


def _round_thousands(score: int, rounding: Rounding) -> int:
    """A score in whole thousands: half up (500 up), gosha-rokunyu (600 up) or floor."""
    q, r = divmod(score, 1000)
    if rounding is Rounding.ROUND_HALF_UP:
        return q + (1 if r >= 500 else 0)
    if rounding is Rounding.GOSHA_ROKUNYU:
        return q + (1 if r >= 600 else 0)
    return q


__all__ = ["FinalResult", "compute_final", "placing", "rank_groups", "ranks"]
