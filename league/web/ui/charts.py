"""Server-side SVG charts (no JavaScript, no CDN).

Every chart is one ``<svg role="img">`` with a ``<title>`` and a ``<desc>`` (what a
screen reader announces), a ``viewBox`` so it scales to the phone's width, and lines that
differ by dash pattern as well as colour. Functions return markup strings (already
escaped; mark them safe with ``django.utils.safestring.mark_safe`` in a view).

Readable on a phone: text sizes are a fixed fraction of the viewBox width
(:data:`FONT_RATIO`), so a chart drawn 300 CSS px wide (a 390 px phone, inside a card)
still has text of at least 11 px. The viewBox is narrow (360 units) so that this does not
make the text huge on a desktop, and the SVG is capped at :data:`MAX_WIDTH`. Tick labels
are few and round (1, 2, 5 × 10^k steps, spaced by their estimated width); the legend
flows over as many rows as the names need, so Hangul names are never cut.

* :func:`line_chart_svg` — one or more series over the same x positions.
* :func:`scores_chart_svg` — the game page's four score lines across hands.
* :func:`rank_bars_svg` — a player's 1st/2nd/3rd/4th counts.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.utils.html import escape

PALETTE = ("#1b6ac9", "#d1495b", "#2a9d4b", "#8a5a00", "#6a4c93", "#00798c")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2", "4 4")
_ids = itertools.count(1)

WIDTH = 360  # viewBox width (user units)
FONT_RATIO = 0.037  # text size ÷ viewBox width: 300 px wide → 11.1 px text
MAX_WIDTH = "32rem"  # on a desktop the chart stops growing (text ≈ 18 px): `svg.chart` in static/league/standings.css
ROUND_STEPS = (1, 2, 5, 10)


def font_size(width: float) -> float:
    """Text size (user units) for a chart ``width`` units wide."""
    return round(width * FONT_RATIO, 1)


def text_width(text: str, size: float) -> float:
    """Estimated drawn width of ``text``: Hangul/CJK/full-width a full em, the rest ~0.6 em."""
    total = 0.0
    for ch in text:
        o = ord(ch)
        if 0x1100 <= o <= 0x11FF or 0x2E80 <= o <= 0xA4CF or 0xAC00 <= o <= 0xD7A3 or 0xF900 <= o <= 0xFAFF \
                or 0xFF00 <= o <= 0xFF60:
            total += 1.0
        elif ch in " .,:;'|!il":
            total += 0.34
        elif ch.isupper() or ch in "mwMW%":
            total += 0.75
        else:  # digits, lower case, signs (DejaVu/Noto digits are ~0.64 em)
            total += 0.65
    return total * size


def _round_step(raw: float) -> int:
    """The smallest 1, 2, 5 × 10^k integer ≥ ``raw`` (at least 1)."""
    if raw <= 1:
        return 1
    mag = 10 ** math.floor(math.log10(raw))
    return int(next(m * mag for m in ROUND_STEPS if m * mag >= raw))


def _svg_open(uid: str, width: float, height: float, title: str, desc: str) -> list[str]:
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {width:g} {height:g}" '
        f'width="100%" preserveAspectRatio="xMidYMid meet" role="img" '
        f'aria-labelledby="{uid}-title {uid}-desc" font-family="system-ui, sans-serif">',
        f'<title id="{uid}-title">{escape(title)}</title>',
        f'<desc id="{uid}-desc">{escape(desc or title)}</desc>',
    ]


@dataclass(frozen=True)
class Series:
    name: str
    values: Sequence[float | Decimal | int | None]


def _num(v: Any) -> float | None:
    if v is None:
        return None
    return float(v)


def nice_ticks(lo: float, hi: float, count: int = 5, steps: Sequence[float] = (1, 2, 2.5, 5, 10)) -> list[float]:
    """Round tick values covering [lo, hi] (``steps`` × 10^k; the charts use 1, 2, 5)."""
    if hi < lo:
        lo, hi = hi, lo
    if hi == lo:
        pad = abs(hi) * 0.1 or 1.0
        lo, hi = lo - pad, hi + pad
    raw = (hi - lo) / max(count - 1, 1)
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in steps if m * mag >= raw)
    start = math.floor(lo / step) * step
    ticks = []
    t = start
    while t < hi + step * 0.999:
        ticks.append(round(t, 10))
        t += step
    return ticks


def axis_ticks(lo: float, hi: float, max_count: int) -> list[float]:
    """The roundest ticks (1, 2, 5 × 10^k steps) covering [lo, hi] with at most ``max_count``."""
    max_count = max(max_count, 3)
    if hi < lo:
        lo, hi = hi, lo
    if hi == lo:
        pad = abs(hi) * 0.1 or 1.0
        lo, hi = lo - pad, hi + pad
    mag = 10 ** math.floor(math.log10((hi - lo) / (max_count - 1)))
    for step in (m * mag for m in (1, 2, 5, 10, 20, 50, 100)):
        start = math.floor(lo / step + 1e-9) * step
        count = math.ceil((hi - start) / step - 1e-9) + 1
        if count <= max_count:
            return [round(start + i * step, 10) for i in range(count)]
    return nice_ticks(lo, hi, max_count, steps=ROUND_STEPS)


def _fmt(v: float) -> str:
    """A tick label: thousands separated, a real minus sign."""
    sign = "−" if v < 0 else ""
    v = abs(v)
    if v >= 1000 and float(v).is_integer():
        return f"{sign}{int(v):,}"
    if float(v).is_integer():
        return f"{sign}{int(v)}"
    return f"{sign}{v:g}"


def _x_label_indices(x_labels: Sequence[str], slot: float, label_w: float) -> list[int]:
    """Which x labels to draw so that none overlap.

    Game numbers ("1", "2", …) step by 1, 2, 5, 10 … and show the step's multiples
    ("1, 5, 10, 15"); other labels (hands: "E1", "S2-1") every step-th one. The last
    label is always shown.
    """
    n = len(x_labels)
    if n == 0:
        return []
    numeric = all(label.isdigit() for label in x_labels)
    raw = label_w / slot if slot > 0 else n
    step = _round_step(raw) if numeric else max(1, math.ceil(raw))
    if numeric:
        shown = [i for i, label in enumerate(x_labels) if i == 0 or int(label) % step == 0]
    else:
        shown = list(range(0, n, step))
    last = n - 1
    if shown[-1] != last:
        if (last - shown[-1]) * slot >= label_w:
            shown.append(last)
        elif len(shown) > 1:
            shown[-1] = last  # the end matters more than the step before it
    if numeric and len(shown) > 1 and (shown[1] - shown[0]) * slot < label_w:
        shown.pop(1)  # "1" too close to the first multiple of the step
    return shown


def line_chart_svg(
    series: Sequence[Series],
    *,
    title: str,
    desc: str = "",
    x_labels: Sequence[str] | None = None,
    y_label: str = "",
    baseline: float | None = None,
    width: int = WIDTH,
    height: int = 230,
) -> str:
    """Lines over shared x positions; ``None`` values leave a gap.

    ``height`` is the plot's block without the legend; a legend (two series or more) adds
    its rows below, as many as the names need.
    """
    uid = f"chart{next(_ids)}"
    fs = font_size(width)
    n = max((len(s.values) for s in series), default=0)
    values = [v for s in series for v in map(_num, s.values) if v is not None]
    if baseline is not None:
        values.append(baseline)
    if not values or n == 0:
        return _empty_chart(uid, width, height, title, desc, fs)
    legend = _legend_layout(series, width, fs)
    legend_rows = legend[-1][1] + 1 if legend else 0
    frame = _Frame.fit(values, n=n, width=width, height=height, fs=fs, x_labels=x_labels, y_label=y_label)
    total_h = height + legend_rows * fs * 1.5 + (fs * 0.4 if legend_rows else 0)
    parts = _svg_open(uid, width, round(total_h, 1), title, desc)
    parts += _y_grid(frame, width, fs)
    if baseline is not None and frame.lo <= baseline <= frame.hi:
        parts.append(
            f'<line class="baseline" x1="{frame.left:.1f}" x2="{width - frame.right:.1f}" y1="{frame.y(baseline):.1f}" '
            f'y2="{frame.y(baseline):.1f}" stroke="#888" stroke-width="1.5"/>'
        )
    if x_labels:
        parts += _x_label_texts(frame, x_labels, fs)
    if y_label:
        cy = frame.top + frame.plot_h / 2
        parts.append(
            f'<text x="{fs:.1f}" y="{cy:.1f}" font-size="{fs}" fill="#444" text-anchor="middle" '
            f'transform="rotate(-90 {fs:.1f} {cy:.1f})">{escape(y_label)}</text>'
        )
    for k, s in enumerate(series):
        parts += _series_lines(frame, k, s)
    if legend:
        parts += _legend_items(series, legend, width, height, fs)
    parts.append("</svg>")
    return "".join(parts)


def _empty_chart(uid: str, width: int, height: int, title: str, desc: str, fs: float) -> str:
    """No values: a half-height chart that says so (its description, else its title)."""
    parts = _svg_open(uid, width, height / 2, title, desc)
    parts.append(
        f'<text x="{width / 2:g}" y="{height / 4 + fs / 3:.1f}" text-anchor="middle" font-size="{fs}" '
        f'fill="#555">{escape(desc or title)}</text></svg>'
    )
    return "".join(parts)


def _legend_layout(series: Sequence[Series], width: int, fs: float) -> list[tuple[float, int, float]]:
    """Legend: swatch + name, flowing left to right, wrapping onto new rows (never cut).
    ``(x, row, text width)`` per series; none for a single series."""
    pad = fs * 0.6
    swatch, gap = fs * 1.8, fs * 0.4
    legend: list[tuple[float, int, float]] = []
    if len(series) > 1:
        row, lx = 0, pad
        for s in series:
            tw = text_width(s.name, fs)
            item = swatch + gap + tw
            if lx > pad and lx + item > width - pad:
                row, lx = row + 1, pad
            legend.append((lx, row, tw))
            lx += item + fs * 1.2
    return legend


@dataclass(frozen=True)
class _Frame:
    """The plot's box and scales: ``x(i)`` for the i-th of ``n`` positions, ``y(v)`` for a value."""

    left: float
    right: float
    top: float
    plot_w: float
    plot_h: float
    n: int
    ticks: list
    tick_text: list[str]

    @property
    def lo(self):
        return self.ticks[0]

    @property
    def hi(self):
        return self.ticks[-1]

    @classmethod
    def fit(cls, values: list[float], *, n: int, width: int, height: int, fs: float,
            x_labels: Sequence[str] | None, y_label: str) -> _Frame:
        # Y ticks: the roundest steps that give at most one tick per ~2.6 lines of plot height.
        top = fs * 0.8
        x_axis_h = fs * 1.7 if x_labels else fs * 0.5
        plot_h = height - top - x_axis_h
        ticks = axis_ticks(min(values), max(values), max_count=min(6, int(plot_h // (fs * 2.6)) + 1))
        tick_text = [_fmt(t) for t in ticks]
        left = max(text_width(t, fs) for t in tick_text) + fs * 0.6 + (fs * 1.4 if y_label else 0)
        last_w = text_width(x_labels[-1], fs) if x_labels else 0
        right = max(fs * 0.5, last_w / 2 + 2)
        return cls(left, right, top, width - left - right, plot_h, n, ticks, tick_text)

    def x(self, i: int) -> float:
        return self.left + (self.plot_w * i / (self.n - 1) if self.n > 1 else self.plot_w / 2)

    def y(self, v: float) -> float:
        return self.top + self.plot_h * (self.hi - v) / (self.hi - self.lo)


def _y_grid(frame: _Frame, width: int, fs: float) -> list[str]:
    parts = [f'<g class="grid" stroke="#ddd" stroke-width="1" font-size="{fs}" fill="#444">']
    for t, label in zip(frame.ticks, frame.tick_text, strict=False):
        y = frame.y(t)
        parts.append(f'<line x1="{frame.left:.1f}" x2="{width - frame.right:.1f}" y1="{y:.1f}" y2="{y:.1f}"/>')
        parts.append(
            f'<text x="{frame.left - fs * 0.4:.1f}" y="{y + fs * 0.35:.1f}" text-anchor="end" stroke="none">'
            f"{escape(label)}</text>"
        )
    parts.append("</g>")
    return parts


def _x_label_texts(frame: _Frame, x_labels: Sequence[str], fs: float) -> list[str]:
    label_w = max(text_width(label, fs) for label in x_labels) + fs * 0.8
    slot = frame.plot_w / (frame.n - 1) if frame.n > 1 else frame.plot_w
    parts = [f'<g class="x-labels" font-size="{fs}" fill="#444" text-anchor="middle">']
    for i in _x_label_indices(list(x_labels), slot, label_w):
        y = frame.top + frame.plot_h + fs * 1.3
        parts.append(f'<text x="{frame.x(i):.1f}" y="{y:.1f}">{escape(x_labels[i])}</text>')
    parts.append("</g>")
    return parts


def _series_lines(frame: _Frame, k: int, s: Series) -> list[str]:
    """One series: a polyline per run of values (a lone value is a dot); ``None`` breaks the line."""
    color, dash = PALETTE[k % len(PALETTE)], DASHES[k % len(DASHES)]
    segments, current = [], []
    for i, v in enumerate(map(_num, s.values)):
        if v is None:
            if current:
                segments.append(current)
            current = []
        else:
            current.append(f"{frame.x(i):.1f},{frame.y(v):.1f}")
    if current:
        segments.append(current)
    dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
    parts = [f'<g class="series" data-series="{k}"><title>{escape(s.name)}</title>']
    for seg in segments:
        if len(seg) == 1:
            cx, cy = seg[0].split(",")
            parts.append(f'<circle cx="{cx}" cy="{cy}" r="3" fill="{color}"/>')
        else:
            parts.append(
                f'<polyline fill="none" stroke="{color}" stroke-width="2" stroke-linejoin="round"'
                f'{dash_attr} points="{" ".join(seg)}"/>'
            )
    parts.append("</g>")
    return parts


def _legend_items(series: Sequence[Series], legend: list[tuple[float, int, float]], width: int, height: int,
                  fs: float) -> list[str]:
    pad, swatch, gap, row_h = fs * 0.6, fs * 1.8, fs * 0.4, fs * 1.5
    parts = [f'<g class="legend" font-size="{fs}" fill="#222">']
    base = height + fs * 0.4
    for k, (s, (lx, row, tw)) in enumerate(zip(series, legend, strict=False)):
        ly = base + row * row_h + fs
        color, dash = PALETTE[k % len(PALETTE)], DASHES[k % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        # A name wider than the whole row is squeezed to fit (textLength), never cut.
        fit = width - pad - (lx + swatch + gap)
        squeeze = f' textLength="{fit:.1f}" lengthAdjust="spacingAndGlyphs"' if tw > fit else ""
        parts.append(
            f'<line x1="{lx:.1f}" x2="{lx + swatch:.1f}" y1="{ly - fs * 0.35:.1f}" y2="{ly - fs * 0.35:.1f}" '
            f'stroke="{color}" stroke-width="3"{dash_attr}/>'
            f'<text x="{lx + swatch + gap:.1f}" y="{ly:.1f}"{squeeze}>{escape(s.name)}</text>'
        )
    parts.append("</g>")
    return parts


def _get(row: Any, name: str) -> Any:
    return row.get(name) if isinstance(row, dict) else getattr(row, name, None)


def hand_label(row: Any) -> str:
    """A short axis label in the page's language: "E2-1" / "동2-1" (round, then honba if any)."""
    from django.utils.translation import pgettext

    code = str(_get(row, "round"))
    wind = {
        "E": pgettext("wind, one letter", "E"),
        "S": pgettext("wind, one letter", "S"),
        "W": pgettext("wind, one letter", "W"),
        "N": pgettext("wind, one letter", "N"),
    }.get(code[:1], code[:1])
    honba = _get(row, "honba") or 0
    return f"{wind}{code[1:]}-{honba}" if honba else f"{wind}{code[1:]}"


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
        start = [s - d for s, d in zip(_get(rows[0], "scores"), deltas, strict=False)] if deltas else None
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


def rank_bars_svg(counts: Sequence[int], *, title: str | None = None, width: int = WIDTH) -> str:
    """Horizontal bars: how many times the player finished 1st, 2nd, 3rd, 4th."""
    from django.utils.translation import gettext as _

    uid = f"chart{next(_ids)}"
    fs = font_size(width)
    labels = [_("1st"), _("2nd"), _("3rd"), _("4th")][: len(counts)]
    total = sum(counts) or 1
    texts = [f"{c} ({100 * c / total:.0f}%)" for c in counts]
    bar_h, gap = round(fs * 1.9, 1), round(fs * 0.7, 1)
    left = max((text_width(lab, fs) for lab in labels), default=0) + fs * 0.9
    right = max((text_width(t, fs) for t in texts), default=0) + fs * 0.9
    height = len(counts) * (bar_h + gap) + gap
    desc = ", ".join(f"{lab}: {c}" for lab, c in zip(labels, counts, strict=False))
    parts = _svg_open(uid, width, round(height, 1), title or _("Rank distribution"), desc)
    most = max(counts, default=0) or 1
    for i, (label, c, text) in enumerate(zip(labels, counts, texts, strict=False)):
        yy = gap + i * (bar_h + gap)
        w = (width - left - right) * c / most
        base = yy + bar_h / 2 + fs * 0.35
        parts.append(
            f'<text x="{left - fs * 0.5:.1f}" y="{base:.1f}" text-anchor="end" font-size="{fs}">{escape(label)}</text>'
            f'<rect x="{left:.1f}" y="{yy:.1f}" width="{w:.1f}" height="{bar_h}" fill="{PALETTE[i]}"/>'
            f'<text x="{left + w + fs * 0.5:.1f}" y="{base:.1f}" font-size="{fs}">{escape(text)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)
