"""Season awards ("시즌 어워드"), from the standings rows (``docs/stats.md``).

Computed with the standings update (``league.standings.services._header_fields`` puts them in
``StandingsSnapshot.awards``), never per request. Each award is one rule over the rows' counts,
which are summed from every game's ``final_stats`` (``league.games.game_stats``); the winner's
evidence (games, and the hand's position where the award is a hand) is kept beside it. Every player
with the best value wins it: a tie says so. A rate award needs a minimum sample (:data:`MINIMUMS`).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext_lazy as _

from league.standings.figures import FEW

AWARDS_VERSION = 1


@dataclass(frozen=True)
class Minimums:
    games: int = 1
    """Best average placement: at least this many games (the season's minimum games)."""
    hands: int = FEW["hands"]
    """Lowest deal-in rate: at least this many hands."""
    riichi: int = FEW["riichi"]
    """Highest riichi win rate: at least this many riichi."""


@dataclass(frozen=True)
class AwardRule:
    key: str
    title: Any
    rule: Any
    value: Callable[[Mapping[str, Any], Minimums], Fraction | int | None]
    """The player's value under the rule (None: not a candidate)."""
    lowest: bool = False
    evidence: Callable[[Mapping[str, Any]], list[dict]] = lambda row: []


def _firsts(row, m):
    return int((row.get("rank_counts") or [0])[0]) or None


def _average_rank(row, m):
    games = int(row.get("games") or 0)
    return Fraction(int(row.get("rank_sum") or 0), games) if games and games >= m.games else None


def _biggest(row, m):
    best = row.get("best")
    return int(best[0]) if best else None


def _yakuman(row, m):
    return len(row.get("yakuman_hands") or ()) or None


def _streak(row, m):
    streak = row.get("streak")
    return int(streak[0]) if streak else None


def _deal_in_rate(row, m):
    hands = int(row.get("hands") or 0)
    return Fraction(int(row.get("deal_ins") or 0), hands) if hands and hands >= m.hands else None


def _riichi_win_rate(row, m):
    riichi = int(row.get("riichi") or 0)
    return Fraction(int(row.get("riichi_wins") or 0), riichi) if riichi and riichi >= m.riichi else None


def _games(row, m):
    return int(row.get("games") or 0) or None


def _comebacks(row, m):
    return int(row.get("comebacks") or 0) or None


def _near_busts(row, m):
    return int(row.get("near_busts") or 0) or None


def _hand(game_position: list | None) -> list[dict]:
    return [{"game": game_position[-2], "position": game_position[-1]}] if game_position else []


def _best_hand(best: list | None) -> list[dict]:
    """The biggest win's game and position, and its value (``[base, han, fu, yakuman]``) to name it by."""
    if not best:
        return []
    base, han, fu, yakuman, *_rest = best
    return [{**_hand(best)[0], "value": [base, han, fu, yakuman]}]


RULES: tuple[AwardRule, ...] = (
    AwardRule("most_firsts", _("Most 1st places"), _("The most games finished 1st."), _firsts),
    AwardRule("best_average_rank", _("Best average placement"),
              _("The lowest average placement among players with at least the minimum games."), _average_rank,
              lowest=True),
    AwardRule("biggest_hand", _("Biggest hand"),
              _("The win with the most basic points (yakuman multiples, then limits, then han and fu)."), _biggest,
              evidence=lambda row: _best_hand(row.get("best"))),
    AwardRule("most_yakuman", _("Most yakuman"), _("The most yakuman wins (counted yakuman included)."), _yakuman,
              evidence=lambda row: [{"game": g, "position": p} for g, p in row.get("yakuman_hands") or ()]),
    AwardRule("longest_dealer_streak", _("Longest dealer streak"),
              _("The most hands in a row kept as dealer (renchan) in one game."), _streak,
              evidence=lambda row: _hand(row.get("streak"))),
    AwardRule("lowest_deal_in_rate", _("Lowest deal-in rate"),
              _("The fewest deal-ins per hand played, among players with the minimum hands."), _deal_in_rate,
              lowest=True),
    AwardRule("highest_riichi_win_rate", _("Highest riichi win rate"),
              _("The most wins per riichi declared, among players with the minimum riichi."), _riichi_win_rate),
    AwardRule("iron_player", _("Iron player"), _("The most games played."), _games),
    AwardRule("best_comeback", _("Best comeback"),
              _("The most games won from last place at the start of South 1."), _comebacks,
              evidence=lambda row: [{"game": g, "position": None} for g in row.get("comeback_games") or ()]),
    AwardRule("most_tobi_survived", _("Most tobi survived"),
              _("The most games in which the score fell below 1,000 after a hand and still finished at 0 or more."),
              _near_busts,
              evidence=lambda row: [{"game": g, "position": None} for g in row.get("near_bust_games") or ()]),
)
BY_KEY = {r.key: r for r in RULES}


def _shown(value: Fraction | int) -> str:
    """An integer as it is; a rate or average to 4 decimals."""
    if isinstance(value, Fraction):
        return str((Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal("0.0001")))
    return str(value)


LIMIT_BY_BASE = ((6000, "sanbaiman"), (4000, "baiman"), (3000, "haneman"), (2000, "mangan"))
"""A limit by its basic points (the same in every ruleset: a limit is a fixed base)."""


def hand_value_words(base: int, han: int | None = None, fu: int | None = None, yakuman: int = 0) -> str:
    """A win as a player names it: "역만", "2배 역만", "만관" … "삼배만", else "3판 30부" ("" if unknown)."""
    from django.utils.translation import gettext

    from league.games.words import KAZOE_YAKUMAN, limit_words

    if yakuman:
        return limit_words("yakuman", yakuman)
    if base >= 8000:
        return gettext(KAZOE_YAKUMAN)
    limit = next((name for at_least, name in LIMIT_BY_BASE if base >= at_least), None)
    if limit is not None:
        return limit_words(limit)
    if han is None or fu is None:
        return ""
    return gettext("%(han)s han %(fu)s fu") % {"han": han, "fu": fu}


def award_value_words(award: Mapping[str, Any]) -> str:
    """An award's value as a player reads it: a count, a rate in %, an average placement, the biggest hand by its
    value ("만관"), never a hand's basic points."""
    value, key = award.get("value"), award.get("key")
    if value is None:
        return ""
    if key == "biggest_hand":
        evidence = next((e for w in award.get("winners") or () for e in w.get("evidence") or ()), {})
        base, han, fu, yakuman = evidence.get("value") or [int(value), None, None, 0]
        return hand_value_words(int(base), han, fu, int(yakuman or 0))
    if key in ("lowest_deal_in_rate", "highest_riichi_win_rate"):
        return f"{float(value) * 100:.1f}%"
    if key == "best_average_rank":
        return f"{float(value):.2f}"
    return str(value)


def season_awards(rows: Iterable[Mapping[str, Any]], minimums: Minimums = Minimums()) -> list[dict[str, Any]]:
    """Every award: ``{"key", "value", "tie", "winners": [{"member_id", "name", "evidence"}]}``, in
    :data:`RULES` order; ``winners`` is empty when nobody qualifies. JSON-ready."""
    rows = list(rows)
    out = []
    for rule in RULES:
        scored = [(rule.value(row, minimums), row) for row in rows]
        scored = [(v, row) for v, row in scored if v is not None]
        if not scored:
            out.append({"key": rule.key, "value": None, "tie": False, "winners": []})
            continue
        best = (min if rule.lowest else max)(v for v, _row in scored)
        winners = sorted((row for v, row in scored if v == best), key=lambda r: (r.get("name") or "", r["member_id"]))
        out.append({"key": rule.key, "value": _shown(best), "tie": len(winners) > 1,
                    "winners": [{"member_id": r["member_id"], "name": r.get("name") or "",
                                 "evidence": rule.evidence(r)} for r in winners]})
    return out
