"""Server-side SVG charts: accessible, well-formed, one line per seat."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from league.web.ui import charts as charts
from scoring.game import replay
from tests.paths import REPO

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def test_scores_chart_has_one_line_per_seat_and_a_start_point():
    events = [{"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 5, "fu": 30}]}] + [
        {"kind": "draw", "tenpai": []} for _ in range(7)
    ]
    rep = replay({"format": "mahjong-club-game/1", "ruleset": "juki-agit-2026", "players": list("ABCD"),
                  "hands": events})
    root = parse(charts.scores_chart_svg(rep.rows, ["김", "이", "박", "최"]))
    assert root.get("role") == "img"
    assert root.get("viewBox")
    assert root.find(f"{NS}title").text
    assert "33,000" in root.find(f"{NS}desc").text
    lines = root.findall(f".//{NS}polyline")
    assert len(lines) == 4
    assert all(len(line.get("points").split()) == len(rep.rows) + 1 for line in lines)
    assert len({line.get("stroke-dasharray") for line in lines}) == 4  # told apart without colour


@pytest.mark.parametrize(
    "rows",
    [
        pytest.param([{"round": "E1", "honba": 0, "deltas": [0, 0, 0], "scores": [35000, 35000, 35000]}],
                     id="sanma-dict-rows"),
        pytest.param([], id="no-hands-yet"),
    ],
)
def test_scores_chart_accepts_contract_rows_and_empty_games(rows):
    root = parse(charts.scores_chart_svg(rows))
    assert len(root.findall(f".//{NS}polyline")) == (3 if rows else 0)


def test_text_is_escaped():
    root = parse(charts.line_chart_svg([charts.Series("<b>&", [1, 2])], title="a<b", desc="x&y"))
    assert root.find(f"{NS}title").text == "a<b"


@pytest.mark.parametrize(
    ("lo", "hi", "expected"),
    [
        pytest.param(0, 100, [0, 25, 50, 75, 100], id="ticks-round-quarters"),
        pytest.param(-43, 53, [-50, -25, 0, 25, 50, 75], id="ticks-cover-negative-points"),
        pytest.param(5, 5, [4.5, 4.75, 5, 5.25, 5.5], id="ticks-flat-series"),
    ],
)
def test_nice_ticks(lo, hi, expected):
    ticks = charts.nice_ticks(lo, hi)
    assert ticks[0] <= lo
    assert ticks[-1] >= hi
    assert ticks == expected


def test_rank_bars_describe_counts():
    root = parse(charts.rank_bars_svg([3, 1, 0, 2]))
    assert len(root.findall(f".//{NS}rect")) == 4
    assert "3" in root.find(f"{NS}desc").text


def _font_sizes(root: ET.Element) -> list[float]:
    sizes = []
    for el in root.iter():
        if el.get("font-size"):
            sizes.append(float(el.get("font-size")))
    return sizes


@pytest.mark.parametrize(
    "svg",
    [
        pytest.param(lambda: charts.line_chart_svg([charts.Series("김", [1, 2]), charts.Series("이", [2, 1])],
                                                   title="t", x_labels=["1", "2"]), id="line-chart"),
        pytest.param(lambda: charts.rank_bars_svg([3, 1, 0, 2]), id="rank-bars"),
        pytest.param(lambda: charts.line_chart_svg([], title="t", desc="No games yet."), id="empty-chart"),
    ],
)
def test_text_is_at_least_11px_when_the_chart_is_300px_wide(svg):
    """A 390 px phone draws the chart ~300-360 CSS px wide (inside a card): text stays >= 11 px."""
    root = parse(svg())
    view_width = float(root.get("viewBox").split()[2])
    # Capped on a desktop by static/css/app.css (the CSP refuses an inline style="" attribute).
    assert root.get("style") is None
    assert "chart" in root.get("class").split()
    assert f"svg.chart {{ max-width: {charts.MAX_WIDTH}; }}" in (REPO / "static" / "css" / "app.css").read_text()
    assert min(_font_sizes(root)) * 300 / view_width >= 11


def test_legend_keeps_long_hangul_names_whole_and_wraps():
    names = ["김철수", "남궁민수(게스트)", "황보세영", "제갈공명 선생님"]
    root = parse(charts.line_chart_svg([charts.Series(n, [1, 2, 3]) for n in names], title="t"))
    legend = root.find(f".//{NS}g[@class='legend']")
    texts = legend.findall(f"{NS}text")
    assert [t.text for t in texts] == names  # whole names, no ellipsis
    width = float(root.get("viewBox").split()[2])
    for t in texts:  # each starts inside the chart and (estimated) ends inside it
        x = float(t.get("x"))
        length = t.get("textLength")
        end = x + (float(length) if length else charts.text_width(t.text, charts.font_size(width)))
        assert x >= 0
        assert end <= width
    assert len({t.get("y") for t in texts}) >= 2  # wrapped onto a second row


def test_a_name_wider_than_the_chart_is_squeezed_not_cut():
    name = "아주아주아주아주긴이름의회원님입니다정말로요진짜로길어요"
    root = parse(charts.line_chart_svg([charts.Series(name, [1, 2]), charts.Series("이", [2, 1])], title="t"))
    text = root.find(f".//{NS}g[@class='legend']/{NS}text")
    assert text.text == name
    assert text.get("lengthAdjust") == "spacingAndGlyphs"


@pytest.mark.parametrize(
    ("lo", "hi", "expected"),
    [
        pytest.param(0, 40300, [0, 10000, 20000, 30000, 40000, 50000], id="scores-by-ten-thousand"),
        pytest.param(-1.362, -0.39, [-1.5, -1.0, -0.5, 0.0], id="rating-by-halves-not-quarters"),
        pytest.param(-56.1, 0, [-60, -40, -20, 0], id="points-by-twenty"),
    ],
)
def test_axis_ticks_are_few_and_round(lo, hi, expected):
    assert charts.axis_ticks(lo, hi, max_count=6) == expected


def test_y_labels_are_round_and_at_most_six():
    root = parse(charts.line_chart_svg([charts.Series("a", [-1.362, -0.39])], title="t"))
    labels = [t.text for t in root.findall(f".//{NS}g[@class='grid']/{NS}text")]
    assert labels == ["−1.5", "−1", "−0.5", "0"]


def test_many_games_show_round_game_numbers_without_overlap():
    n = 40
    root = parse(charts.line_chart_svg([charts.Series("a", list(range(n)))], title="t",
                                       x_labels=[str(i) for i in range(1, n + 1)]))
    shown = [t.text for t in root.findall(f".//{NS}g[@class='x-labels']/{NS}text")]
    assert shown[0] == "1"
    assert shown[-1] == str(n)
    assert all(int(s) % 5 == 0 for s in shown[1:])
    xs = [float(t.get("x")) for t in root.findall(f".//{NS}g[@class='x-labels']/{NS}text")]
    fs = charts.font_size(360)
    assert all(b - a >= charts.text_width("40", fs) + fs * 0.5 for a, b in zip(xs, xs[1:], strict=False))


@pytest.mark.parametrize(
    ("language", "labels"),
    [("ko", ["동1", "동1-1"]), ("en", ["E1", "E1-1"])],
    ids=["korean page: rounds as 동1, 동1-1", "english page: E1, E1-1"],
)
def test_hand_labels_follow_the_page_language(language, labels):
    from django.utils import translation

    from league.web.ui.charts import hand_label

    with translation.override(language):
        assert [hand_label({"round": "E1", "honba": h}) for h in (0, 1)] == labels
