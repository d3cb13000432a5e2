"""Issue 25 item 2: a season's ruleset changes on its settings page, in Korean: in place before the season's
first game; after it only as a new version, shown first as a what-if of the standings and then confirmed,
while every game keeps the version it was played under. The rating parameters are Korean fields (item 3)."""
from __future__ import annotations

import html
import re
from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse

from core.models import AuditEntry
from league.games import services as game_services
from league.models import Ruleset, Season

pytestmark = pytest.mark.django_db

G1 = [{"kind": "ron", "loser": 2, "wins": [{"winner": 1, "yakuman": 1}], "riichi": []}]


@pytest.fixture
def admin(club_admin) -> Client:
    c = Client()
    c.force_login(club_admin.user)
    return c


@pytest.fixture
def played(season, players, referee):
    game = game_services.game_start(season=season, table_label="G1", members=players, by=referee.user)
    for i, event in enumerate(G1):
        game_services.hand_record(game=game, position=i, event=event, by=None)
    game.refresh_from_db()
    assert game.status == "finished"
    return game


def _url(season) -> str:
    return reverse("whatif:season_edit", args=[season.club.slug, season.pk])


def previewed(client, season, data, **headers):
    """A ruleset change's preview as the organiser sees it: the first answer says "계산 중" (the standings under
    the new version are computed after the response, never in it), the next one shows them."""
    first = client.post(_url(season), data, **headers)
    assert 'data-testid="preview-pending"' in first.content.decode()
    return client.post(_url(season), data, **headers)


def edit_data(client, season, **changes) -> dict:
    """The settings page as a browser posts it: every field as shown, then ``changes`` (a ruleset option by its
    name, a season field by its own; False unticks a box)."""
    page = client.get(_url(season))
    form, rules = page.context["form"], page.context["rules"]
    token = re.search(r'name="entry_token" value="([^"]+)"', page.content.decode()).group(1)
    data: dict = {"entry_token": token}
    for bound in [*form, *rules]:
        if not bound.field.disabled:
            data[bound.html_name] = bound.value()
    for name, value in changes.items():
        data[name if name in form.fields else rules.add_prefix(name)] = value
    return {k: ("on" if v is True else v) for k, v in data.items() if v is not None and v is not False}


def test_the_settings_page_is_korean_with_the_rulesets_options_by_part(admin, season):
    page = admin.get(_url(season), HTTP_ACCEPT_LANGUAGE="ko")
    assert page.status_code == HTTPStatus.OK
    text = html.unescape(page.content.decode())
    assert "시즌 설정" in text
    assert "점수·우마" in text
    assert "절상만관(키리아게)" in text
    assert "<textarea" not in text
    assert 'data-testid="ruleset-in-place"' in text


def test_before_the_first_game_an_option_changes_the_ruleset_in_place(admin, season, ruleset):
    response = admin.post(_url(season), edit_data(admin, season, kiriage=True))
    assert response.status_code == HTTPStatus.FOUND, response.content.decode()[:3000]
    season.refresh_from_db()
    ruleset.refresh_from_db()
    assert season.ruleset_id == ruleset.pk
    assert ruleset.overrides == {"kiriage": True}
    assert Ruleset.objects.filter(club=season.club).count() == 1


def test_after_the_first_game_a_change_is_previewed_and_nothing_changes_yet(admin, season, ruleset, played):
    response = previewed(admin, season, edit_data(admin, season, tobi=False), HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.OK
    text = html.unescape(response.content.decode())
    assert 'data-testid="ruleset-change-preview"' in text
    assert 'data-testid="whatif-table"' in text
    shown = html.unescape(re.sub(r"<[^>]+>", " ", text.split('data-testid="ruleset-change-preview"')[1]
                                 .split("</section>")[0]))
    assert "토비" in shown
    assert "tobi" not in shown  # the option by its Korean label
    assert "끝나지 않습니다" in text  # the yakuman ends G1 by tobi; without tobi the replay would go on
    season.refresh_from_db()
    assert season.ruleset_id == ruleset.pk
    assert Ruleset.objects.filter(club=season.club).count() == 1


def test_confirmed_change_makes_a_new_version_and_games_keep_theirs(admin, season, ruleset, played):
    data = edit_data(admin, season, tobi=False)
    preview = previewed(admin, season, data)
    data["previewed"] = preview.context["previewed"]
    response = admin.post(_url(season), data, HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.FOUND, response.content.decode()[:3000]
    season.refresh_from_db()
    played.refresh_from_db()
    assert season.ruleset_id != ruleset.pk
    assert season.ruleset.key == ruleset.key
    assert season.ruleset.overrides == {"tobi": False}
    assert played.ruleset_id == ruleset.pk  # the game keeps the version it was played under
    assert AuditEntry.objects.filter(object_type="season", object_id=str(season.pk)).exists()
    again = admin.post(_url(season), data)  # Back + resubmit: no second version
    assert again.status_code in (HTTPStatus.FOUND, HTTPStatus.OK)
    assert Ruleset.objects.filter(club=season.club, key=ruleset.key).count() == 2


def test_a_change_after_the_preview_is_previewed_again(admin, season, ruleset, played):
    data = edit_data(admin, season, tobi=False)
    data["previewed"] = previewed(admin, season, data).context["previewed"]
    data["rule-kiriage"] = "on"
    response = admin.post(_url(season), data)
    assert response.status_code == HTTPStatus.OK
    assert response.context["preview"]
    season.refresh_from_db()
    assert season.ruleset_id == ruleset.pk


def test_after_the_first_game_the_ruleset_select_is_closed(admin, season, club, played):
    other = Ruleset.objects.create(club=club, key="other", name="다른 룰", base="tenhou", version="1")
    data = edit_data(admin, season)
    data["ruleset"] = other.pk
    response = admin.post(_url(season), data)
    assert response.status_code == HTTPStatus.FOUND
    season.refresh_from_db()
    assert season.ruleset_id != other.pk


def test_season_fields_and_rating_parameters_are_saved_without_json(admin, season):
    response = admin.post(_url(season), edit_data(admin, season, name="2026 봄 리그", rating_method="p_rating",
                                                  p_rating__divisor="30"))
    assert response.status_code == HTTPStatus.FOUND, response.content.decode()[:3000]
    season = Season.objects.get(pk=season.pk)
    assert season.name == "2026 봄 리그"
    assert season.rating_method == "p_rating"
    assert season.rating_params == {"divisor": 30}
    page = html.unescape(admin.get(_url(season)).content.decode())
    assert 'value="30"' in page  # the stored parameter is shown in its field


def test_a_bad_rating_parameter_is_refused_in_korean_on_its_field(admin, season):
    response = admin.post(_url(season), edit_data(admin, season, rating_method="p_rating", p_rating__divisor="0.5"),
                          HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert "허용 범위를 확인하세요" in html.unescape(response.content.decode())
    assert Season.objects.get(pk=season.pk).rating_method != "p_rating"


def test_only_admins_see_the_settings(season, players):
    c = Client()
    c.force_login(players[0].user)
    assert c.get(_url(season)).status_code in (HTTPStatus.FORBIDDEN, HTTPStatus.NOT_FOUND, HTTPStatus.FOUND)
    assert c.post(_url(season), {"name": "탈취"}).status_code in (HTTPStatus.FORBIDDEN, HTTPStatus.NOT_FOUND,
                                                                  HTTPStatus.FOUND)
    assert Season.objects.get(pk=season.pk).name != "탈취"


def test_the_season_list_links_to_the_settings(admin, season):
    page = admin.get(reverse("seasons:season_list", args=[season.club.slug])).content.decode()
    assert _url(season) in page


@pytest.mark.parametrize(
    "shared_by",
    [pytest.param("another-season", id="a-ruleset-another-season-uses"),
     pytest.param("every-club", id="a-preset-every-club-uses")],
)
def test_a_shared_ruleset_is_not_rewritten_the_season_gets_its_own_version(admin, club, shared_by):
    from tests.factories import SeasonFactory

    if shared_by == "every-club":
        shared = Ruleset.objects.create(club=None, key="juki-agit-2026", name="주키", base="juki-agit-2026",
                                        version="1")
    else:
        shared = Ruleset.objects.create(club=club, key="juki-agit-2026", name="주키", base="juki-agit-2026",
                                        version="1")
        SeasonFactory(club=club, ruleset=shared)
    season = SeasonFactory(club=club, ruleset=shared)
    response = admin.post(_url(season), edit_data(admin, season, kiriage=True))
    assert response.status_code == HTTPStatus.FOUND, response.content.decode()[:3000]  # no games: no preview
    season.refresh_from_db()
    shared.refresh_from_db()
    assert shared.overrides == {}
    assert season.ruleset_id != shared.pk
    assert season.ruleset.club_id == club.pk
    assert season.ruleset.overrides == {"kiriage": True}
    assert season.ruleset.version == "2"


def test_the_preview_compares_with_the_season_as_stored_not_the_unsaved_form(admin, season, played):
    data = edit_data(admin, season, tobi=False, rating_method="p_rating")
    response = previewed(admin, season, data)
    assert response.status_code == HTTPStatus.OK
    assert response.context["preview"]
    assert response.context["result"]["method_today"] == "total"  # the stored rating, not the form's
    assert Season.objects.get(pk=season.pk).rating_method == "total"


@pytest.mark.parametrize("stored", [{"divisor": "abc"}, {"divisor": "NaN"}, {"decimals": "three"}, {"divisor": None}],
                         ids=["not-a-number", "nan", "text-for-a-whole-number", "null"])
def test_a_stored_parameter_the_field_cannot_show_shows_the_default(admin, season, stored):
    Season.objects.filter(pk=season.pk).update(rating_method="p_rating", rating_params=stored)
    page = admin.get(_url(season))
    assert page.status_code == HTTPStatus.OK
    form = page.context["form"]
    assert form["p_rating__divisor"].value() == "41"
    assert form["p_rating__decimals"].value() == 3

@pytest.fixture
def one_window(monkeypatch):
    """The throttle's window (a minute of the clock) does not turn while the test runs (club.web.throttle)."""
    import time as real_time

    from club.web import throttle

    now = real_time.time()
    monkeypatch.setattr(throttle, "time", type("FrozenTime", (), {"time": staticmethod(lambda: now)}))


def test_previews_are_throttled_per_member(admin, season, ruleset, played, one_window):
    """Issue 35, item 1: previews are asked for 6 times a minute at most (the first computes, the others read it)."""
    data = edit_data(admin, season, tobi=False)
    for k in range(6):
        shown = 'data-testid="preview-pending"' if k == 0 else 'data-testid="whatif-table"'
        assert shown in admin.post(_url(season), data).content.decode()
    seventh = admin.post(_url(season), data, HTTP_ACCEPT_LANGUAGE="ko")
    text = html.unescape(seventh.content.decode())
    assert 'data-testid="whatif-table"' not in text
    assert "미리보기를 너무 많이" in text
