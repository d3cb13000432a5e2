"""Every figure of the player page (``docs/stats.md``), made from a player's summed counts.

The counts are the standings' (a snapshot row: ``league.standings.stats``, summed from each game's
``final_stats``); a figure is one ratio or average of them, defined once here. The club's average is
the same figures over every row's counts summed, the all-time figures over a player's rows of every
season summed. Each figure says how many games/hands/wins it comes from (``n``) and whether that is
too few to mean much (``few``: below :data:`FEW`).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.utils.translation import gettext_lazy as _

RATE_QUANTUM = Decimal("0.0001")
AVERAGE_QUANTUM = Decimal("0.01")
POINTS_QUANTUM = Decimal("1")

FEW = {"games": 10, "hands": 100, "wins": 20, "riichi": 20, "ron_deal_ins": 20, "valued_wins": 20,
       "valued_deal_ins": 20, "dealer_hands": 30}
"""Below this many of its unit a figure is marked "few" (표본 적음)."""

SUMMED = ("games", "rank_sum", "tobi", "hands", "wins", "tsumo_wins", "deal_ins", "riichi", "yakuman",
          "riichi_wins", "open_wins", "valued_wins", "win_points", "valued_deal_ins", "deal_in_points",
          "deal_in_riichi", "deal_in_open", "deal_in_dama", "dealer_hands", "dealer_keeps", "comebacks", "near_busts")
"""The counts a row holds that add up across players and seasons (with ``rank_counts`` and ``values``)."""

UNIT_LABELS = {"games": _("games"), "hands": _("hands"), "wins": _("wins"), "riichi": _("riichi"),
               "ron_deal_ins": _("wins dealt into"), "valued_wins": _("wins"), "valued_deal_ins": _("deal-ins"),
               "dealer_hands": _("dealer hands")}


@dataclass(frozen=True)
class Figure:
    key: str
    label: Any
    value: Decimal | None
    """A rate as a fraction (0..1), an average, or points; None when ``n`` is 0."""
    n: int
    unit: str
    kind: str
    """"rate" (shown as %), "average" or "points"."""

    @property
    def few(self) -> bool:
        return self.n < FEW[self.unit]

    @property
    def unit_label(self) -> Any:
        return UNIT_LABELS[self.unit]

    @property
    def percent(self) -> Decimal | None:
        return None if self.value is None or self.kind != "rate" else (self.value * 100).quantize(Decimal("0.1"))


def _div(part: int | Decimal, whole: int, quantum: Decimal) -> Decimal | None:
    return None if not whole else (Decimal(part) / Decimal(whole)).quantize(quantum)


def ron_deal_ins(c: Mapping[str, Any]) -> int:
    """Wins dealt into (a double ron counts two): the split into riichi / open / dama is of these."""
    return int(c.get("deal_in_riichi", 0)) + int(c.get("deal_in_open", 0)) + int(c.get("deal_in_dama", 0))


# key, label, numerator, denominator (unit), kind
_DEFS: tuple[tuple[str, Any, str, str, str], ...] = (
    ("average_rank", _("Average placement"), "rank_sum", "games", "average"),
    ("first_rate", _("1st rate"), "rank_counts.0", "games", "rate"),
    ("second_rate", _("2nd rate"), "rank_counts.1", "games", "rate"),
    ("third_rate", _("3rd rate"), "rank_counts.2", "games", "rate"),
    ("fourth_rate", _("4th rate"), "rank_counts.3", "games", "rate"),
    ("tobi_rate", _("Tobi rate"), "tobi", "games", "rate"),
    ("win_rate", _("Win rate"), "wins", "hands", "rate"),
    ("tsumo_share", _("Tsumo share of wins"), "tsumo_wins", "wins", "rate"),
    ("deal_in_rate", _("Deal-in rate"), "deal_ins", "hands", "rate"),
    ("riichi_rate", _("Riichi rate"), "riichi", "hands", "rate"),
    ("riichi_win_rate", _("Riichi win rate"), "riichi_wins", "riichi", "rate"),
    ("open_rate", _("Open-hand rate of wins"), "open_wins", "wins", "rate"),
    ("average_win", _("Average win (points)"), "win_points", "valued_wins", "points"),
    ("average_deal_in", _("Average deal-in (points)"), "deal_in_points", "valued_deal_ins", "points"),
    ("deal_in_riichi_share", _("Deal-ins into riichi"), "deal_in_riichi", "ron_deal_ins", "rate"),
    ("deal_in_open_share", _("Deal-ins into open hands"), "deal_in_open", "ron_deal_ins", "rate"),
    ("deal_in_dama_share", _("Deal-ins into closed dama"), "deal_in_dama", "ron_deal_ins", "rate"),
    ("dealer_keep_rate", _("Dealer keep rate"), "dealer_keeps", "dealer_hands", "rate"),
)
QUANTUM = {"rate": RATE_QUANTUM, "average": AVERAGE_QUANTUM, "points": POINTS_QUANTUM}


def _count(c: Mapping[str, Any], key: str) -> int:
    if key == "ron_deal_ins":
        return ron_deal_ins(c)
    if key.startswith("rank_counts."):
        counts = list(c.get("rank_counts") or ()) + [0, 0, 0, 0]
        return int(counts[int(key.rsplit(".", 1)[1])])
    return int(c.get(key) or 0)


def figures(counts: Mapping[str, Any]) -> dict[str, Figure]:
    """Every figure of these counts (a row, or rows summed with :func:`summed`), by key."""
    out = {}
    for key, label, part, whole, kind in _DEFS:
        n = _count(counts, whole)
        out[key] = Figure(key, label, _div(_count(counts, part), n, QUANTUM[kind]), n, whole, kind)
    return out


def summed(rows: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Rows' counts added up (the club's total, or a player's seasons): the same figures apply."""
    out: dict[str, Any] = dict.fromkeys(SUMMED, 0)
    out["rank_counts"] = [0, 0, 0, 0]
    out["values"] = {}
    for row in rows:
        for key in SUMMED:
            out[key] += int(row.get(key) or 0)
        for i, n in enumerate(list(row.get("rank_counts") or ())[:4]):
            out["rank_counts"][i] += int(n)
        for label, n in (row.get("values") or {}).items():
            out["values"][label] = out["values"].get(label, 0) + int(n)
    return out


VALUE_ORDER = ("yakuman", "sanbaiman", "baiman", "haneman", "mangan")


def value_distribution(values: Mapping[str, int]) -> list[tuple[str, int]]:
    """The hand-value distribution, biggest first: yakuman (multiples first), limits, then han-fu."""
    def key(item: tuple[str, int]) -> tuple:
        label = item[0]
        if label.startswith("yakuman"):
            mult = int(label.rsplit("x", 1)[1]) if " x" in label else 1
            return (0, -mult, 0, 0)
        if label in VALUE_ORDER:
            return (1, VALUE_ORDER.index(label), 0, 0)
        han, _sep, fu = label.partition("-")
        try:
            return (2, 0, -int(han), -int(fu or 0))
        except ValueError:
            return (3, 0, 0, 0)
    return sorted(values.items(), key=key)


def yaku_frequency(full_hands: Iterable[Mapping[str, Any]]) -> list[tuple[str, int]]:
    """How many of the full-hand (HAND) wins had each yaku, most first."""
    counts: dict[str, int] = {}
    for win in full_hands:
        for yaku, _han in win.get("yaku") or ():
            counts[yaku] = counts.get(yaku, 0) + 1
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
