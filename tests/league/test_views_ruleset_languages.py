"""Issue 38: the ruleset pages in the page's language -- option labels, help, rulebook parts, choices and
preset names from the engine's ruleset catalogue (scoring.rules.texts), not the Korean source."""
from __future__ import annotations

from http import HTTPStatus

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from tests.league.test_views_ruleset_korean import visible_text

pytestmark = pytest.mark.django_db

# language, an option's label and help, a rulebook part, a choice, a preset's name
PAGES = [
    ("en", "Honba value", "The deposit a riichi puts on the table.", "Pao (liability)",
     "The liable player pays all (Tenhou)", "Juki's Agit 2026 (2026.01.23~)"),
    ("ja", "本場の点数", "リーチのときに出す供託の点数。", "パオ（責任払い）", "責任者が全額（天鳳）",
     "ジュキのアジト 2026（2026.01.23〜）"),
    ("zh-hans", "本场点数", "立直时拿出的供托点数。", "包牌（责任支付）", "责任者全付（天凤）",
     "Juki 据点 2026（2026.01.23~）"),
    ("zh-hant", "本場點數", "立直時拿出的供託點數。", "包牌（責任支付）", "責任者全付（天鳳）",
     "Juki 據點 2026（2026.01.23~）"),
]


def _client(user, language: str) -> Client:
    client = Client()
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


@pytest.mark.parametrize(("language", "label", "help_text", "part", "choice", "preset"), PAGES,
                         ids=[p[0] for p in PAGES])
def test_the_ruleset_page_reads_in_the_pages_language(club_admin, club, language, label, help_text, part, choice,
                                                      preset):
    client = _client(club_admin.user, language)
    page = client.get(reverse("seasons:ruleset_new", args=[club.slug]), {"from": "preset:juki-agit-2026"})
    assert page.status_code == HTTPStatus.OK
    html = page.content.decode()
    text = visible_text(html)
    for words in (label, help_text, part, choice):
        assert words in text, words
    assert "본장 점수" not in text  # the Korean source's label
    listing = visible_text(client.get(reverse("seasons:ruleset_list", args=[club.slug])).content.decode())
    assert preset in listing
