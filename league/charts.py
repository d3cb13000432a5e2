"""Server-side SVG charts (no JavaScript, no CDN).

Every chart is one ``<svg role="img">`` with a ``<title>`` and a ``<desc>`` (what a
screen reader announces), a ``viewBox`` so it scales to the phone's width, and lines that
differ by dash pattern as well as colour. Functions return markup strings (already
escaped; mark them safe with ``django.utils.safestring.mark_safe`` in a view).

* :func:`line_chart_svg` — one or more series over the same x positions.
* :func:`scores_chart_svg` — the game page's four score lines across hands.
* :func:`rank_bars_svg` — a player's 1st/2nd/3rd/4th counts.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Sequence

from django.utils.html import escape

PALETTE = ("#1b6ac9", "#d1495b", "#2a9d4b", "#8a5a00", "#6a4c93", "#00798c")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2", "4 4")
_ids = itertools.count(1)


@dataclass(frozen=True)
class Series:
    name: str
    values: Sequence[float | Decimal | int | None]


def _num(v: Any) -> float | None:
    if v is None:
        return None
    return float(v)


def nice_ticks(lo: float, hi: float, count: int = 5) -> list[float]:
    """Round tick values covering [lo, hi] (1, 2, 5 × 10^k steps)."""
    if hi < lo:
        lo, hi = hi, lo
    if hi == lo:
        pad = abs(hi) * 0.1 or 1.0
        lo, hi = lo - pad, hi + pad
    raw = (hi - lo) / max(count - 1, 1)
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    start = math.floor(lo / step) * step
    ticks = []
    t = start
    while t < hi + step * 0.999:
        ticks.append(round(t, 10))
        t += step
    return ticks


def _fmt(v: float) -> str:
    if abs(v) >= 1000 and float(v).is_integer():
        return f"{int(v):,}"
    if float(v).is_integer():
        return str(int(v))
    return f"{v:g}"


def line_chart_svg(
    series: Sequence[Series],
    *,
    title: str,
    desc: str = "",
    x_labels: Sequence[str] | None = None,
    y_label: str = "",
    baseline: float | None = None,
    width: int = 640,
    height: int = 300,
) -> str:
    """Lines over shared x positions; ``None`` values leave a gap."""
    uid = f"chart{next(_ids)}"
    n = max((len(s.values) for s in series), default=0)
    values = [v for s in series for v in map(_num, s.values) if v is not None]
    if baseline is not None:
        values.append(baseline)
    legend_rows = math.ceil(len(series) / 2) if len(series) > 1 else 0
    left, right, top = 56, 12, 12
    bottom = 34 + 20 * legend_rows
    plot_w, plot_h = width - left - right, height - top - bottom
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {width} {height}" '
        f'width="100%" preserveAspectRatio="xMidYMid meet" role="img" '
        f'aria-labelledby="{uid}-title {uid}-desc">',
        f'<title id="{uid}-title">{escape(title)}</title>',
        f'<desc id="{uid}-desc">{escape(desc or title)}</desc>',
    ]
    if not values or n == 0:
        parts.append(
            f'<text x="{width / 2}" y="{height / 2}" text-anchor="middle" font-size="16" fill="#555">'
            f"{escape(desc or title)}</text></svg>"
        )
        return "".join(parts)
    ticks = nice_ticks(min(values), max(values))
    lo, hi = ticks[0], ticks[-1]

    def x(i: int) -> float:
        return left + (plot_w * i / (n - 1) if n > 1 else plot_w / 2)

    def y(v: float) -> float:
        return top + plot_h * (hi - v) / (hi - lo)

    parts.append('<g class="grid" stroke="#ddd" stroke-width="1" font-size="13" fill="#444">')
    for t in ticks:
        parts.append(f'<line x1="{left}" x2="{width - right}" y1="{y(t):.1f}" y2="{y(t):.1f}"/>')
        parts.append(
            f'<text x="{left - 6}" y="{y(t) + 4:.1f}" text-anchor="end" stroke="none">{escape(_fmt(t))}</text>'
        )
    parts.append("</g>")
    if baseline is not None and lo <= baseline <= hi:
        parts.append(
            f'<line class="baseline" x1="{left}" x2="{width - right}" y1="{y(baseline):.1f}" '
            f'y2="{y(baseline):.1f}" stroke="#888" stroke-width="1.5"/>'
        )
    if x_labels:
        step = max(1, math.ceil(len(x_labels) / 8))
        parts.append('<g class="x-labels" font-size="13" fill="#444" text-anchor="middle">')
        for i, label in enumerate(x_labels):
            if i % step == 0 or i == len(x_labels) - 1:
                parts.append(f'<text x="{x(i):.1f}" y="{top + plot_h + 18}">{escape(label)}</text>')
        parts.append("</g>")
    if y_label:
        parts.append(
            f'<text x="14" y="{top + plot_h / 2:.1f}" font-size="13" fill="#444" text-anchor="middle" '
            f'transform="rotate(-90 14 {top + plot_h / 2:.1f})">{escape(y_label)}</text>'
        )
    for k, s in enumerate(series):
        color, dash = PALETTE[k % len(PALETTE)], DASHES[k % len(DASHES)]
        segments, current = [], []
        for i, v in enumerate(map(_num, s.values)):
            if v is None:
                if current:
                    segments.append(current)
                current = []
            else:
                current.append(f"{x(i):.1f},{y(v):.1f}")
        if current:
            segments.append(current)
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<g class="series" data-series="{k}"><title>{escape(s.name)}</title>')
        for seg in segments:
            if len(seg) == 1:
                cx, cy = seg[0].split(",")
                parts.append(f'<circle cx="{cx}" cy="{cy}" r="3.5" fill="{color}"/>')
            else:
                parts.append(
                    f'<polyline fill="none" stroke="{color}" stroke-width="2.5" stroke-linejoin="round"'
                    f'{dash_attr} points="{" ".join(seg)}"/>'
                )
        parts.append("</g>")
    if legend_rows:
        parts.append('<g class="legend" font-size="14" fill="#222">')
        for k, s in enumerate(series):
            lx = left + (k % 2) * (plot_w / 2)
            ly = top + plot_h + 38 + 20 * (k // 2)
            color, dash = PALETTE[k % len(PALETTE)], DASHES[k % len(DASHES)]
            dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
            parts.append(
                f'<line x1="{lx:.1f}" x2="{lx + 28:.1f}" y1="{ly - 5}" y2="{ly - 5}" stroke="{color}" '
                f'stroke-width="3"{dash_attr}/><text x="{lx + 34:.1f}" y="{ly}">{escape(s.name)}</text>'
            )
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)


def _get(row: Any, name: str) -> Any:
    return row.get(name) if isinstance(row, dict) else getattr(row, name, None)


def hand_label(row: Any) -> str:
    honba = _get(row, "honba") or 0
    return f"{_get(row, 'round')}-{honba}" if honba else str(_get(row, "round"))


def scores_chart_svg(
    rows: Sequence[Any],
    players: Sequence[str] | None = None,
    *,
    start: Sequence[int] | None = None,
    title: str | None = None,
) -> str:
    """The four (or three) score lines of a game across its hands.

    ``rows``: ``scoring.game.HandRow`` objects or the contract's ``hands`` dicts (``round``,
    ``honba``, ``deltas``, ``scores``). The first point is the starting scores (``start``,
    or the first row's scores minus its deltas).
    """
    from django.utils.translation import gettext as _

    rows = list(rows)
    if not rows:
        return line_chart_svg([], title=title or _("Scores by hand"), desc=_("No hands yet."))
    seats = len(_get(rows[0], "scores"))
    names = list(players or [f"{_('Seat')} {i + 1}" for i in range(seats)])
    if start is None:
        deltas = _get(rows[0], "deltas")
        start = [s - d for s, d in zip(_get(rows[0], "scores"), deltas)] if deltas else None
    columns = ([list(start)] if start else []) + [list(_get(r, "scores")) for r in rows]
    labels = ([_("Start")] if start else []) + [hand_label(r) for r in rows]
    series = [Series(names[i], [c[i] for c in columns]) for i in range(seats)]
    final = ", ".join(f"{names[i]} {columns[-1][i]:,}" for i in range(seats))
    return line_chart_svg(
        series,
        title=title or _("Scores by hand"),
        desc=_("Score of each player after each of %(n)s hands. Final: %(final)s.") % {"n": len(rows), "final": final},
        x_labels=labels,
        baseline=0,
    )


def rank_bars_svg(counts: Sequence[int], *, title: str | None = None, width: int = 640) -> str:
    """Horizontal bars: how many times the player finished 1st, 2nd, 3rd, 4th."""
    from django.utils.translation import gettext as _

    uid = f"chart{next(_ids)}"
    labels = [_("1st"), _("2nd"), _("3rd"), _("4th")][: len(counts)]
    total = sum(counts) or 1
    bar_h, gap, left, right = 30, 10, 56, 110
    height = len(counts) * (bar_h + gap) + gap
    desc = ", ".join(f"{lab}: {c}" for lab, c in zip(labels, counts))
    title = title or _("Rank distribution")
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {width} {height}" width="100%" '
        f'role="img" aria-labelledby="{uid}-title {uid}-desc">',
        f'<title id="{uid}-title">{escape(title)}</title><desc id="{uid}-desc">{escape(desc)}</desc>',
    ]
    most = max(counts, default=0) or 1
    for i, (label, c) in enumerate(zip(labels, counts)):
        yy = gap + i * (bar_h + gap)
        w = (width - left - right) * c / most
        parts.append(
            f'<text x="{left - 8}" y="{yy + bar_h * 0.68:.1f}" text-anchor="end" font-size="15">{escape(label)}</text>'
            f'<rect x="{left}" y="{yy}" width="{w:.1f}" height="{bar_h}" fill="{PALETTE[i]}"/>'
            f'<text x="{left + w + 8:.1f}" y="{yy + bar_h * 0.68:.1f}" font-size="15">'
            f"{c} ({100 * c / total:.0f}%)</text>"
        )
    parts.append("</svg>")
    return "".join(parts)
