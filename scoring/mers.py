"""A MERS-style tournament ranking (issue 36 item 3): pure Python, no Django.

The European Mahjong Association's ranking, as it publishes it ("Basics for ranking system",
mahjong-europe.org/ranking/Basicsranking.html, the rules in force since 1 January 2018; the part A / part B
averaging as the EMA's rules and the UKMA's restatement "A re-explanation of MERS" give it):

* **Base rank.** In a tournament of ``N`` players the one placed ``p`` gets ``1000 × (N − p) / (N − 1)``:
  the winner 1000, the last 0, the places between evenly spaced; the EMA lists it as a whole number
  (rounded half up: 3rd of 16 is 866.67 → 867). A tournament of one player gives 1000.
* **Tournament weight** ``TOTAL_MERS = duration + players + countries + qualification``: 1, 2 or 3 for a
  tournament of 1, 2 or 3 days (more days count as 3); +0.5 for 41–80 players, +1 for more than 80;
  +0.5 for 6–9 countries, +1 for 10 or more; +1 when players had to qualify.
* **Age.** A result counts at its full weight up to one year after the tournament's last day, at half weight
  up to two years, then not at all.
* **The ranking** of a player with at least two results that still count: the results best first (by base
  rank; a heavier weight first among equals), padded to five with results of 0 at weight 1; **part A** is the
  weighted average of the best ``ceil(5 + 0.8 × (n − 5))`` of those (``n`` ≥ 5 the results after padding:
  the best five and 80 % of the rest, rounded up), **part B** the weighted average of the best four;
  the ranking is ``½ × A + ½ × B``, rounded to two decimals (half up). One result only: not listed.
"""
from __future__ import annotations

import datetime
import math
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

THOUSAND = Decimal(1000)
HALF = Decimal("0.5")
WHOLE = Decimal(1)
CENT = Decimal("0.01")
PADDED_TO = 5
BEST_FOR_PART_B = 4
MIN_RESULTS = 2
EXTRA_SHARE = Decimal("0.8")


class MersError(ValueError):
    """A place or a tournament that cannot be ranked (a place outside 1..N, no players)."""


def base_rank(*, players: int, place: int) -> Decimal:
    """``1000 × (N − p) / (N − 1)`` as a whole number (half up); 1000 for a tournament of one."""
    if players < 1 or not 1 <= place <= players:
        raise MersError(f"place {place} of {players} players")
    if players == 1:
        return THOUSAND
    exact = THOUSAND * (players - place) / Decimal(players - 1)
    return exact.quantize(WHOLE, rounding=ROUND_HALF_UP)


def tournament_weight(*, days: int, players: int, countries: int = 1, qualification: bool = False) -> Decimal:
    """The EMA's TOTAL_MERS of a tournament: duration + players + countries + qualification."""
    if days < 1 or players < 1:
        raise MersError(f"a tournament of {days} days and {players} players")
    weight = Decimal(min(days, 3))
    if players > 80:
        weight += WHOLE
    elif players > 40:
        weight += HALF
    if countries >= 10:
        weight += WHOLE
    elif countries > 5:
        weight += HALF
    if qualification:
        weight += WHOLE
    return weight


def age_factor(*, ended_on: datetime.date, on: datetime.date) -> Decimal:
    """Full weight up to one year after the last day, half up to two years, none after (or before it ended)."""
    if ended_on > on:
        return Decimal(0)
    if ended_on >= _years_before(on, 1):
        return WHOLE
    if ended_on >= _years_before(on, 2):
        return HALF
    return Decimal(0)


def _years_before(day: datetime.date, years: int) -> datetime.date:
    try:
        return day.replace(year=day.year - years)
    except ValueError:  # 29 February: the 28th
        return day.replace(year=day.year - years, day=28)


@dataclass(frozen=True)
class MersResult:
    """One player's result at one tournament: its base rank, the tournament's weight and last day."""

    tournament_id: object
    base_rank: Decimal
    weight: Decimal
    ended_on: datetime.date


@dataclass(frozen=True)
class MersRanking:
    """A player's ranking (``None`` when not listed), its two parts, and how many results count."""

    value: Decimal | None
    part_a: Decimal | None
    part_b: Decimal | None
    counted: int


def _weighted_average(items: list[tuple[Decimal, Decimal]]) -> Decimal:
    total_weight = sum((w for _, w in items), Decimal(0))
    return sum((r * w for r, w in items), Decimal(0)) / total_weight


def mers_ranking(results: Iterable[MersResult], *, on: datetime.date) -> MersRanking:
    """The player's ranking on day ``on`` from their results (see the module's docstring)."""
    live = [(r.base_rank, r.weight * age_factor(ended_on=r.ended_on, on=on)) for r in results]
    live = [(rank, weight) for rank, weight in live if weight > 0]
    if len(live) < MIN_RESULTS:
        return MersRanking(None, None, None, len(live))
    counted = len(live)
    live.sort(key=lambda item: (-item[0], -item[1]))
    live += [(Decimal(0), WHOLE)] * max(0, PADDED_TO - len(live))
    in_part_a = math.ceil(PADDED_TO + EXTRA_SHARE * max(len(live) - PADDED_TO, 0))
    part_a = _weighted_average(live[:in_part_a])
    part_b = _weighted_average(live[:BEST_FOR_PART_B])
    value = (part_a * HALF + part_b * HALF).quantize(CENT, rounding=ROUND_HALF_UP)
    return MersRanking(value, part_a.quantize(CENT, rounding=ROUND_HALF_UP),
                       part_b.quantize(CENT, rounding=ROUND_HALF_UP), counted)
