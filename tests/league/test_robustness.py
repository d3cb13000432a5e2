"""Issue 9, items 8-14 ("Robustness"): each test is named after the item it reproduces."""
from __future__ import annotations

import csv
import io
from decimal import Decimal
from http import HTTPStatus

import openpyxl
import pytest
from django.urls import reverse

from league.spreadsheet import safe_cell
from tests.factories import MemberFactory, UserFactory
from tests.league.standings.conftest import finished_game

EVIL_NAMES = ['=HYPERLINK("http://evil.example","x")', "+1+1", "-2+3", "@SUM(A1)", "\tTAB", "\rCR"]


# --- item 8: formula injection in exports ------------------------------------------------------
@pytest.mark.parametrize(
    ("value", "written"),
    [
        pytest.param('=HYPERLINK("http://x","x")', '\'=HYPERLINK("http://x","x")', id="equals-is-text"),
        pytest.param("+1", "'+1", id="plus-is-text"),
        pytest.param("-1", "'-1", id="minus-text-is-text"),
        pytest.param("@A1", "'@A1", id="at-is-text"),
        pytest.param("\tx", "'\tx", id="tab-is-text"),
        pytest.param("\rx", "'\rx", id="cr-is-text"),
        pytest.param("김민준", "김민준", id="a-name-stays"),
        pytest.param(-12.5, -12.5, id="a-negative-float-stays-a-number"),
        pytest.param(Decimal("-3.4"), Decimal("-3.4"), id="a-negative-decimal-stays-a-number"),
        pytest.param(-25000, -25000, id="a-negative-int-stays-a-number"),
    ],
)
def test_item8_formula_injection_guard_per_cell(value, written):
    assert safe_cell(value) == written


@pytest.fixture
def evil_season(season, club):
    members = [MemberFactory(club=club, display_name=name) for name in EVIL_NAMES[:4]]
    finished_game(season, members, [Decimal("45.1"), Decimal("5.2"), Decimal("-15.3"), Decimal("-35.0")])
    viewer = MemberFactory(club=club, user=UserFactory())
    return season, members, viewer


def test_item8_formula_injection_standings_csv_and_xlsx(client, evil_season):
    season, members, viewer = evil_season
    client.force_login(viewer.user)
    body = client.get(reverse("standings:export", args=[season.pk, "csv"])).content.decode("utf-8-sig")
    cells = [c for row in csv.reader(io.StringIO(body)) for c in row]
    for name in EVIL_NAMES[:4]:
        assert name not in cells and "'" + name in cells
    response = client.get(reverse("standings:export", args=[season.pk, "xlsx"]))
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    values = [c.value for row in sheet.iter_rows() for c in row]
    for name in EVIL_NAMES[:4]:
        assert "'" + name in values
    assert not any(isinstance(v, str) and v.startswith(("=", "+", "-", "@")) for v in values)
    assert any(isinstance(v, (int, float)) and v < 0 for v in values), "negative totals stay numbers"


def test_item8_formula_injection_games_and_hands_csv(client, evil_season):
    season, members, viewer = evil_season
    game = season.games.get()
    game.table_label = "=1+2"
    game.ended_by = "-all_last"  # any text column, not only names
    game.save()
    client.force_login(viewer.user)
    for url_name in ("api:season-games-csv", "api:season-hands-csv"):
        body = client.get(reverse(url_name, args=[season.pk])).content.decode("utf-8-sig")
        for row in csv.reader(io.StringIO(body)):
            for cell in row:
                assert not cell.startswith(("=", "+", "@", "\t", "\r")), (url_name, cell)
                assert not (cell.startswith("-") and not _is_number(cell)), (url_name, cell)


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True
