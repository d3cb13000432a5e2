"""The needs panel on the table screen and ``GET /api/games/{id}/needs/`` (scoring.needs on a stored game)."""
from __future__ import annotations

from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from league.games import services as game_services
from tests.factories import RulesetFactory, SeasonFactory, UserFactory
from tests.league.events import record
from tests.scoring.test_rulebook_juki import TO_S4_P3_TOP, TO_WEST

pytestmark = pytest.mark.django_db


def _play(game, events):
    for i, event in enumerate(events):
        record(game, i, event)


def _client(member) -> Client:
    c = Client()
    c.force_login(member.user)
    return c


def _opened(client: Client, game, **headers) -> str:
    """The panel's rows as the table screen's htmx asks for them when the panel is opened."""
    response = client.get(reverse("league:game_needs", args=[game.pk]), HTTP_HX_REQUEST="true", **headers)
    assert response.status_code == HTTPStatus.OK
    return response.content.decode()


@pytest.mark.parametrize(
    ("hands", "shown"),
    [(TO_S4_P3_TOP[:5], False), (TO_S4_P3_TOP[:6], True), (TO_S4_P3_TOP, True)],
    ids=["South 2: no panel yet", "South 3: the panel appears", "South 4 (all-last): the panel"],
)
def test_panel_from_south_3_on(game, players, hands, shown):
    _play(game, hands)
    text = _client(players[0]).get(reverse("league:game_table", args=[game.pk])).content.decode()
    assert ('data-testid="needs"' in text) is shown


def test_panel_in_korean_words_collapsed(game, players):
    _play(game, TO_S4_P3_TOP)  # S4 [20000,23000,24000,33000], the dealer p3 on top
    client = _client(players[0])
    text = client.get(reverse("league:game_table", args=[game.pk])).content.decode()
    names = [p.display_name for p in players]
    start = text.index('data-testid="needs"')
    panel = text[text.rindex("<details", 0, start):text.index("</details>", start)]
    assert "<details" in panel
    assert " open" not in panel.split(">")[0]
    # searched when opened: htmx asks for the rows, a browser without JavaScript follows the link
    needs = reverse("league:game_needs", args=[game.pk])
    assert f'hx-get="{needs}" hx-trigger="toggle once"' in panel
    assert f'<a href="{needs}" data-testid="needs-open">' in panel
    assert 'data-testid="needs-0"' not in panel
    rows = _opened(client, game)
    # p2 ties the dealer by ron off them (2h70 4,500) and ranks first by seat order
    assert f"{names[2]} 1위 조건" in rows
    assert f"{names[3]} 4,500 (2판 70부)" in rows
    assert f"{names[0]} 12,000 (하네만)" in rows
    assert f"{names[3]} 1위 유지" in rows
    assert "<html" not in rows  # the rows alone
    # the entry buttons come before the panel: it never covers them
    assert text.index('data-testid="needs"') > text.index('name="action"')


def test_without_javascript_the_panels_link_opens_a_page_with_the_panel_open(game, players):
    _play(game, TO_S4_P3_TOP)
    page = _client(players[0]).get(reverse("league:game_needs", args=[game.pk])).content.decode()
    names = [p.display_name for p in players]
    assert "<html" in page
    start = page.index('data-testid="needs"')
    assert " open" in page[page.rindex("<details", 0, start):page.index(">", start)]
    assert f"{names[3]} 4,500 (2판 70부)" in page
    assert f'href="{reverse("league:game_table", args=[game.pk])}" data-testid="needs-back"' in page


def test_the_panel_of_a_game_that_has_ended_since_says_so(game, players, referee):
    _play(game, [*TO_S4_P3_TOP, {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 1, "fu": 30}], "riichi": []}])
    rows = _opened(_client(players[0]), game)
    assert 'data-testid="needs-error"' in rows
    assert 'data-testid="needs-0"' not in rows


def test_the_panels_rows_are_hidden_from_outsiders(game, players):
    _play(game, TO_S4_P3_TOP)
    outsider = Client()
    outsider.force_login(UserFactory())
    assert outsider.get(reverse("league:game_needs", args=[game.pk])).status_code == HTTPStatus.NOT_FOUND


def test_panel_says_who_cannot_come_first(game, players):
    # S3, then p3 tsumo yakuman: [11000,15000,9000,65000] at S4; off p1 a yakuman leaves p0 short (43000), but
    # Juki pays a double yakuman: 11000 + 64000 = 75000 > 65000 (issue 42 item 11: the panel said "불가")
    _play(game, [*TO_S4_P3_TOP[:6], {"kind": "tsumo", "winner": 3, "yakuman": 1, "riichi": []},
                 {"kind": "penalty", "player": 1, "type": "agari_forbidden"}])
    text = _opened(_client(players[0]), game)
    names = [p.display_name for p in players]
    assert f"{names[1]} 64,000 (2배 역만)" in text  # p0 ron off p1
    assert f"{names[1]} 불가" not in text
    # p1 may not win this hand (agari forbidden): no win at all
    assert "어떤 화료로도 1위가 될 수 없습니다" in text


def test_api_needs(game, players):
    _play(game, TO_S4_P3_TOP)
    client = APIClient()
    client.force_authenticate(players[0].user)
    r = client.get(f"/api/games/{game.pk}/needs/")
    assert r.status_code == HTTPStatus.OK
    body = r.json()
    assert body["round"] == "S4"
    assert body["scores"] == [20000, 23000, 24000, 33000]
    assert body["players"][2]["to_first"]["ron"]["3"]["hand"] == {"han": 2, "fu": 70}
    # the contract's usual hand and the win that ends the game (2h70 ties at 28,500 and goes West)
    assert body["players"][2]["to_first"]["ron"]["3"]["usual"] == {"han": 3, "fu": 40, "points": 5200}
    assert body["players"][2]["to_win_game"]["ron"]["3"] == {
        "points": 6400, "hand": {"han": 2, "fu": 100}, "usual": {"han": 4, "fu": 25, "points": 6400}}
    assert "to_win_game" not in body["players"][3]  # the dealer's cheapest win ends it already


def test_api_needs_of_a_finished_game_is_a_clear_400(game, players):
    _play(game, [{"kind": "ron", "loser": 1, "wins": [{"winner": 2, "yakuman": 1}], "riichi": []}])  # tobi
    client = APIClient()
    client.force_authenticate(players[0].user)
    r = client.get(f"/api/games/{game.pk}/needs/")
    assert r.status_code == HTTPStatus.BAD_REQUEST
    assert r.json()["error"]["hand"] is None
    assert "no next hand" in r.json()["error"]["message"]


def test_api_needs_of_a_cancelled_game_is_a_clear_400(game, players, referee):
    game_services.game_cancel(game=game, by=referee.user, reason="wrong table")
    client = APIClient()
    client.force_authenticate(referee.user)
    r = client.get(f"/api/games/{game.pk}/needs/")
    assert r.status_code == HTTPStatus.BAD_REQUEST
    assert "cancelled" in r.json()["error"]["message"]


def test_api_needs_hidden_from_outsiders(game):
    client = APIClient()
    client.force_authenticate(UserFactory())
    assert client.get(f"/api/games/{game.pk}/needs/").status_code == HTTPStatus.NOT_FOUND


def test_panel_in_english(game, players):
    _play(game, TO_S4_P3_TOP)
    c = _client(players[0])
    c.post(reverse("set_language"), {"language": "en"})
    text = _opened(c, game, HTTP_ACCEPT_LANGUAGE="en")
    names = [p.display_name for p in players]
    assert f"{names[2]} to come first" in text
    assert f"{names[3]} 4,500 (2 han 70 fu)" in text
    assert f"{names[0]} 12,000 (Haneman)" in text


def test_no_panel_on_a_finished_or_cancelled_game(game, players, referee):
    client = _client(players[0])
    _play(game, [*TO_S4_P3_TOP, {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 1, "fu": 30}], "riichi": []}])
    text = client.get(reverse("league:game_table", args=[game.pk])).content.decode()
    assert 'data-testid="final"' in text
    assert 'data-testid="needs"' not in text
    other = game_services.game_start(season=game.season, table_label="B", members=players, by=referee.user)
    _play(other, TO_S4_P3_TOP)
    game_services.game_cancel(game=other, by=referee.user, reason="wrong table")
    text = client.get(reverse("league:game_table", args=[other.pk])).content.decode()
    assert 'data-testid="cancelled"' in text
    assert 'data-testid="needs"' not in text


def _panel(text: str) -> str:
    """The panel's rows (what opening it shows)."""
    return text[text.index('data-testid="needs-rows"'):]


def _row(panel: str, seat: int) -> str:
    start = panel.index(f'data-testid="needs-{seat}"')
    return panel[start:panel.index("</li>", start)]


@pytest.fixture(params=["juki-agit-2026", "asi-shirai"], ids=["juki", "asi"])
def club_game(request, club, players, referee):
    season = SeasonFactory(club=club, ruleset=RulesetFactory(club=club, key=request.param, base=request.param))
    return game_services.game_start(season=season, table_label="A", members=players, by=referee.user)


def test_panel_all_last_shows_how_to_end_the_game_first_before_the_cheapest_first(club_game, players):
    # S4 [24000,25000,24000,27000]: p1's 1,000 ron off the dealer leaves p1 first at 26,000 and sends
    # the game West (nobody at 30,000); to end it first p1 needs 5,200 (3판 40부 pays as 2판 80부).
    _play(club_game, TO_WEST[:-1])
    text = _opened(_client(players[0]), club_game)
    names = [p.display_name for p in players]
    row = _row(_panel(text), 1)
    assert f"{names[1]} 1위로 끝내려면" in row
    assert row.index("1위로 끝내려면") < row.index(f"{names[1]} 1위 조건")
    win, first = row.split(f"{names[1]} 1위 조건")
    assert f"{names[3]} 5,200 (3판 40부)" in win
    assert "2판 80부" not in win
    assert f"{names[3]} 1,000 (1판 30부)" in first
    assert "대국은 계속될 수 있음" in first
    assert 'data-testid="needs-win-note"' in text


def test_panel_before_all_last_has_no_end_the_game_line(game, players):
    # S3: only a bust would end the game; the panel says only who comes first
    _play(game, TO_WEST[:-2])
    client = _client(players[0])
    assert 'data-testid="needs"' in client.get(reverse("league:game_table", args=[game.pk])).content.decode()
    text = _opened(client, game)
    assert 'data-testid="needs-0"' in text
    assert "1위로 끝내려면" not in text


def test_the_same_record_is_searched_once_however_often_it_is_shown(game, players, monkeypatch):
    # Each phone at the table may open the panel, and a live board polls its all-last tables: the needs are a
    # function of the record, searched once for it, and only when asked for (the table screen itself offers the
    # collapsed panel without a search). Before all-last only to_first is searched.
    from league.games import needs as game_needs_module

    searched = []
    real = game_needs_module.needs
    monkeypatch.setattr(game_needs_module, "needs",
                        lambda record, **kw: searched.append(kw) or real(record, **kw))
    game_needs_module._NEEDS.forget()
    _play(game, TO_WEST[:-2])  # South 3
    client = _client(players[0])
    for _ in range(3):
        assert 'data-testid="needs"' in client.get(reverse("league:game_table", args=[game.pk])).content.decode()
    assert searched == []
    for _ in range(3):
        assert 'data-testid="needs-0"' in _opened(client, game)
    assert searched == [{"to_win_game": False}]
    record(game, 6, TO_WEST[6])  # South 4: all-last, a new record
    for _ in range(2):
        assert 'data-testid="needs-0"' in _opened(client, game)
    assert searched == [{"to_win_game": False}, {"to_win_game": True}]


def test_panel_names_the_usual_hand_a_host_calls_to_mind(game, players):
    _play(game, TO_S4_P3_TOP)  # S4 [20000,23000,24000,33000]
    text = _opened(_client(players[0]), game)
    names = [p.display_name for p in players]
    row = _row(_panel(text), 0).split(f"{names[0]} 1위 조건")[1]
    # off the dealer: exactly 2판 110부 7,100 does it; a host thinks of 4판 30부 7,700
    assert f"{names[3]} 7,100 (2판 110부)</span> <span class=\"muted need\">보통은 4판 30부 7,700</span>" in row
    # p2's tsumo: 2판 100부 and 4판 25부 both pay 1,600-3,200: the panel names 4판 25부 alone
    row = _row(_panel(text), 2).split(f"{names[2]} 1위 조건")[1]
    assert "1,600-3,200 (4판 25부)" in row
    assert "2판 100부" not in row
