"""Issue 25 item 10: the board's "오늘 밤" and season lists show every row (they roll slowly when long) instead of
stopping silently at 12 and 10; the QR code is 240 px (readable from 3 m); names never break mid-word."""
from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation

from events.nights import selectors
from league.models import StandingsSnapshot

pytestmark = pytest.mark.django_db

NAMES = [f"선수{n:02d}" for n in range(1, 21)]


def test_the_board_lists_every_player_tonight_and_in_the_season():
    results = [{"name": n, "games": 1, "points": Decimal(20 - i)} for i, n in enumerate(NAMES)]
    standings = [{"rank": i + 1, "name": f"시즌{n}", "games": 3, "total": 10 - i} for i, n in enumerate(NAMES)]
    with translation.override("ko"):
        page = render_to_string("events/_board_live.html", {
            "tables": [], "results": results, "standings": standings, "other_language": "en", "present": 20})
    assert all(n in page for n in NAMES)
    assert all(f"시즌{n}" in page for n in NAMES)
    assert page.count('class="bd-scroll"') == 2  # both lists roll inside their box


def test_the_nights_season_list_is_not_cut_at_ten(night):
    rows = [{"name": n, "qualified": True, "rank": i + 1} for i, n in enumerate(NAMES)]
    StandingsSnapshot.objects.update_or_create(season=night.season, defaults={"rows": rows})
    assert [r["name"] for r in selectors.season_standings(night)] == NAMES


def _css() -> str:
    return (Path(settings.BASE_DIR) / "static" / "events" / "board.css").read_text()


@pytest.mark.parametrize(("rule", "pattern"), [
    ("the QR code is at least 240 px", r"\.bd-qr svg \{ width: (2[4-9]\d|[3-9]\d\d)px; height: \1px"),
    ("names never break mid-word", r"\.board \{[^}]*word-break: keep-all"),
    ("a name too long for its cell is cut, not wrapped", r"\.bd-players \.name[^{]*\{[^}]*white-space: nowrap"),
])
def test_the_board_css(rule, pattern):
    assert re.search(pattern, _css()), rule


def _card(round_number: int, label: str):
    from types import SimpleNamespace

    table = SimpleNamespace(label=label, round=SimpleNamespace(number=round_number), extra_minutes=0)
    return SimpleNamespace(table=table, players=[], needs=[], cancelled=False, finished=False, seconds_left=None,
                           round="E1", honba=0, sticks=0)


def test_a_table_card_of_an_earlier_round_says_its_round_when_rounds_overlap():
    with translation.override("ko"):
        page = render_to_string("events/_board_live.html", {
            "tables": [_card(1, "3"), _card(2, "1")], "results": [], "standings": [], "other_language": "en",
            "present": 8, "rounds_count": 2})
    card = r'<article class="bd-table[^"]*" data-testid="board-table-(\d)-(\d)">(.*?)</article>'
    cards = re.findall(card, page, re.S)
    by_round = {r: body for r, _label, body in cards}
    assert "1라운드" in by_round["1"]
    assert 'data-testid="board-card-round"' in by_round["1"]
    assert 'data-testid="board-card-round"' not in by_round["2"]  # the current round needs no marker


def test_a_rounds_time_says_it_is_when_the_round_started(client, night, members, admin_user):
    from django.urls import reverse

    from events.nights import services
    from tests.factories import CheckInFactory

    CheckInFactory.for_members(night, members[:4])
    rnd, _ = services.round_seat(night=night, number=1, by=admin_user, seed=1)
    client.force_login(admin_user)
    page = client.get(reverse("events:night_detail", args=[night.pk]), HTTP_ACCEPT_LANGUAGE="ko").content.decode()
    start = re.search(r'data-testid="round-start">([^<]+)<', page)
    assert start is not None
    assert re.fullmatch(r"\d\d:\d\d 시작", start.group(1).strip())


@pytest.mark.parametrize(("cut", "finalists"), [
    pytest.param(True, set(), id="before-the-cut-the-line-shows-who-would-make-it"),
    pytest.param(True, {"선수01", "선수02", "선수03", "선수04"}, id="after-the-cut-the-finalists-are-marked"),
])
def test_the_tournament_board_marks_the_cut_line_and_finalists(cut, finalists):
    from types import SimpleNamespace

    tournament = SimpleNamespace(has_cut=cut, cut_to=4)
    rows = [{"place": i + 1, "name": n, "games": 2, "points": Decimal(40 - i), "finalist": n in finalists}
            for i, n in enumerate(NAMES[:18])]
    with translation.override("ko"):
        page = render_to_string("events/tournaments/_board_live.html", {
            "tournament": tournament, "tables": [], "rows": rows, "other_language": "en", "rounds_count": 1})
    assert all(n in page for n in NAMES[:18])  # not cut at 16
    body = page.split('data-testid="board-standings"')[1]
    line = body.index('data-testid="board-cut-line"')
    assert body.index("선수04") < line < body.index("선수05")
    assert "컷: 상위 4명 결승 진출" in body
    assert body.count('data-testid="board-finalist"') == len(finalists)
