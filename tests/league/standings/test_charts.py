"""Server-side SVG charts: accessible, well-formed, one line per seat."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from league import charts
from scoring.game import replay

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def test_scores_chart_has_one_line_per_seat_and_a_start_point():
    events = [{"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 5, "fu": 30}]}] + [
        {"kind": "draw", "tenpai": []} for _ in range(7)
    ]
    rep = replay({"format": "mahjong-club-game/1", "ruleset": "juki-agit-2026", "players": list("ABCD"), "hands": events})
    root = parse(charts.scores_chart_svg(rep.rows, ["김", "이", "박", "최"]))
    assert root.get("role") == "img" and root.get("viewBox")
    assert root.find(f"{NS}title").text and "33,000" in root.find(f"{NS}desc").text
    lines = root.findall(f".//{NS}polyline")
    assert len(lines) == 4
    assert all(len(line.get("points").split()) == len(rep.rows) + 1 for line in lines)
    assert len({line.get("stroke-dasharray") for line in lines}) == 4  # told apart without colour


@pytest.mark.parametrize(
    "rows",
    [
        pytest.param([{"round": "E1", "honba": 0, "deltas": [0, 0, 0], "scores": [35000, 35000, 35000]}], id="sanma-dict-rows"),
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
    assert ticks[0] <= lo and ticks[-1] >= hi
    assert ticks == expected


def test_rank_bars_describe_counts():
    root = parse(charts.rank_bars_svg([3, 1, 0, 2]))
    assert len(root.findall(f".//{NS}rect")) == 4
    assert "3" in root.find(f"{NS}desc").text
