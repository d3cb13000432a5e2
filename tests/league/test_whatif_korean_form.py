"""Issue 25 item 3: the what-if lab is driven from the Korean ruleset form — presets by their Korean names with
dates, options by their Korean labels, rating parameters as fields — with no JSON, no option keys and no
"· total" anywhere, in the form or in the label a run keeps."""
from __future__ import annotations

import html
import re
from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse

from league.whatif.models import WhatIfRun
from tests.league.test_whatif import lab_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin(club_admin) -> Client:
    c = Client()
    c.force_login(club_admin.user)
    return c


def _text(response) -> str:
    page = response.content.decode()
    page = re.sub(r"(?is)<(script|style)\b.*?</\1>", " ", page.split('<main id="content">', 1)[-1])
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def test_the_lab_is_a_korean_form_without_json_or_option_keys(admin, whatif_season):
    response = admin.get(reverse("whatif:lab", args=[whatif_season.pk]), HTTP_ACCEPT_LANGUAGE="ko")
    page, text = response.content.decode(), _text(response)
    assert "<textarea" not in page
    assert "주키 아지트 2026 (2026.01.23~)" in text  # a preset by its Korean name and dates
    assert "점수·우마" in text
    assert "토비(들통)" in text
    assert "변동 폭 분모 F" in text
    typed = {"juki", "agit"}  # the season's ruleset is named "juki-agit-2026" by the club (the factory)
    proper = {"OpenSkill", "WRC", "EMA"}  # names as their authors write them (tests/test_korean_pages.py)
    assert set(re.findall(r"[A-Za-z_]{2,}", text)) - typed - proper == set()


def test_choosing_another_ruleset_shows_its_options_and_runs_nothing(admin, whatif_season):
    data = lab_data(admin, whatif_season)  # the page as shown for the Juki preset
    data["ruleset"] = "preset:tenhou"  # the select changed: the options shown are still Juki's
    response = admin.post(reverse("whatif:lab", args=[whatif_season.pk]), data)
    assert response.status_code == HTTPStatus.OK
    form = response.context["form"]
    assert form.reloaded
    assert form.chosen == "preset:tenhou"
    assert form.rules["start_points"].value() == form.rules.start.start_points  # Tenhou's values, unbound
    assert not WhatIfRun.objects.exists()


@pytest.mark.parametrize(
    ("changes", "label"),
    [
        pytest.param({"tobi": False}, "주키 아지트 2026 (2026.01.23~) · 토비(들통): 아니오",
                     id="an-option-by-its-label"),
        pytest.param({"rating_method": "p_rating", "p_rating__divisor": "30"}, "P-레이팅 (변동 폭 분모 F 30)",
                     id="a-rating-parameter-by-its-label"),
    ],
)
def test_a_run_is_labelled_in_korean(admin, whatif_season, changes, label, django_capture_on_commit_callbacks):
    rating = {k: v for k, v in changes.items() if k.startswith(("rating_method", "p_rating"))}
    options = {k: v for k, v in changes.items() if k not in rating}
    data = lab_data(admin, whatif_season, ruleset="preset:juki-agit-2026" if options else "",
                    rating_method=rating.pop("rating_method", ""), **options)
    data.update(rating)
    with django_capture_on_commit_callbacks(execute=True):
        response = admin.post(reverse("whatif:lab", args=[whatif_season.pk]), data, HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.FOUND, _text(response)[:2000]
    run = WhatIfRun.objects.get()
    assert label in run.proposal["label"]
    assert not re.search(r"[{}\"]|total|tobi|divisor", run.proposal["label"])


def test_a_bad_rating_parameter_is_refused_in_korean(admin, whatif_season):
    data = lab_data(admin, whatif_season, ruleset="", rating_method="openskill")
    data["openskill__sigma"] = "0"
    response = admin.post(reverse("whatif:lab", args=[whatif_season.pk]), data, HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert "허용 범위를 확인하세요" in _text(response) or "함께 쓸 수 없습니다" in _text(response)
    assert not WhatIfRun.objects.exists()
