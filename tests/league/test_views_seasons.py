"""A club admin's seasons (create, close) and rulesets (a new version with every option, compare)."""
from __future__ import annotations

import html
import re
from http import HTTPStatus

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from league.games import services as game_services
from league.models import Ruleset, Season
from league.seasons.services import season_close

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin(club_admin) -> Client:
    c = Client()
    c.force_login(club_admin.user)
    return c


def _season_data(admin, club, **fields) -> dict:
    """The new-season page's fields as a browser posts them (every rating parameter at its shown value)."""
    form = admin.get(reverse("seasons:season_new", args=[club.slug])).context["form"]
    data = {f.html_name: f.value() for _key, _label, fs in form.rating_param_fields() for f in fs}
    data.update(fields)
    return {k: v for k, v in data.items() if v is not None}


def test_admin_creates_a_season_with_a_rating_method_and_params(admin, club, ruleset):
    response = admin.post(reverse("seasons:season_new", args=[club.slug]), _season_data(
        admin, club, name="2027 봄", ruleset=ruleset.pk, starts_on="2027-03-01", rating_method="p_rating",
        p_rating__divisor="80", min_games=5))
    assert response.status_code == HTTPStatus.FOUND
    season = Season.objects.get(club=club, name="2027 봄")
    # only what differs from the method's defaults is stored; the other methods' fields are not read
    assert season.rating_params == {"divisor": 80}
    assert season.min_games == 5


def test_the_rating_parameters_are_korean_fields_not_json(admin, club):
    page = admin.get(reverse("seasons:season_new", args=[club.slug]), HTTP_ACCEPT_LANGUAGE="ko").content.decode()
    text = html.unescape(re.sub(r"<[^>]+>", " ", page.split("<main", 1)[-1]))
    assert "<textarea" not in page
    assert not {"JSON", "divisor", "rank_bonus_4", "sigma"} & set(re.findall(r"[A-Za-z_0-9]+", text))
    assert "변동 폭 분모 F" in text
    assert "순위 보너스(4인)" in text


@pytest.mark.parametrize(("field", "value"), [
    pytest.param("p_rating__divisor", "0", id="divisor-below-one"),
    pytest.param("p_rating__divisor", "NaN", id="not-a-number"),
    pytest.param("p_rating__decimals", "9", id="too-many-decimals"),
    pytest.param("tenhou_r__rank_bonus_4", "30, 10", id="rank-bonus-needs-four"),
    pytest.param("tenhou_r__rank_bonus_4", "30, 10, 열, -30", id="rank-bonus-not-numbers"),
])
def test_bad_rating_params_are_refused_and_nothing_is_stored(field, value, admin, club, ruleset):
    method = field.split("__")[0]
    response = admin.post(reverse("seasons:season_new", args=[club.slug]), _season_data(
        admin, club, name="망한 시즌", ruleset=ruleset.pk, starts_on="2027-03-01", rating_method=method,
        min_games=0, **{field: value}))
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert not Season.objects.filter(name="망한 시즌").exists()


def test_a_closed_season_takes_no_new_games(season, players, referee, club_admin):
    season_close(season=season, by=club_admin.user)
    season_close(season=season, by=club_admin.user)  # closing twice is harmless
    season.refresh_from_db()
    assert season.closed_at is not None
    assert season.ends_on is not None
    with pytest.raises(ValidationError) as exc:
        game_services.game_start(season=season, members=players, by=referee.user)
    assert exc.value.code == "season_closed"
    season_close(season=season, by=club_admin.user, reopen=True)
    assert game_services.game_start(season=Season.objects.get(pk=season.pk), members=players, by=referee.user)


def test_a_new_ruleset_version_keeps_only_the_changed_options(admin, club, ruleset):
    page = admin.get(reverse("seasons:ruleset_new", args=[club.slug]) + f"?from={ruleset.pk}")
    form = page.context["form"]
    data = {name: form[name].value() for name in form.fields if not form.fields[name].disabled}
    data = {k: v for k, v in data.items() if v is not None and v is not False}
    data.update({"from": str(ruleset.pk), "name": "주키 2027", "version": "", "kiriage": "on",
                 "uma": "10000, 5000, -5000, -10000"})
    response = admin.post(reverse("seasons:ruleset_new", args=[club.slug]), data)
    assert response.status_code == HTTPStatus.FOUND, response.content.decode()[:2000]
    created = Ruleset.objects.filter(club=club, key=ruleset.key).latest("created_at")
    assert created.pk != ruleset.pk
    assert created.overrides == {**ruleset.overrides, "kiriage": True, "uma": [10000, 5000, -5000, -10000]}
    compare = admin.get(response["Location"]).content.decode()
    # the changed options by their Korean labels, never their code names (issue 25 item 1)
    assert "절상만관(키리아게)" in compare
    assert "우마" in compare
    assert "kiriage" not in compare


def test_a_ruleset_option_the_engine_refuses_is_shown_and_nothing_is_stored(admin, club):
    page = admin.get(reverse("seasons:ruleset_new", args=[club.slug]) + "?from=preset:asi-shirai")
    form = page.context["form"]
    data = {name: form[name].value() for name in form.fields}
    data = {k: v for k, v in data.items() if v is not None and v is not False}
    data.update({"from": "preset:asi-shirai", "key": "asi-test", "name": "ASI test", "uma": "10, 20"})
    before = Ruleset.objects.count()
    response = admin.post(reverse("seasons:ruleset_new", args=[club.slug]), data)
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert Ruleset.objects.count() == before


def test_compare_two_presets_side_by_side(admin, club):
    response = admin.get(reverse("seasons:ruleset_compare", args=[club.slug]),
                         {"a": "preset:asi-shirai", "b": "preset:juki-agit-2026"})
    rows = response.context["rows"]
    assert rows
    assert all(r["a"] != r["b"] for r in rows)
    assert all(r["doc"] for r in rows)  # every option explains itself
