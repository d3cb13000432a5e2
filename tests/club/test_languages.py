"""Issue 38 item 2: each person picks a language, stored with the login (the browser's Accept-Language
decides before that); the table screen switches one device without logging out; the club admin picks
the language of the club's channels."""
from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from club import services
from club.language import DEVICE_COOKIE
from club.models import Preference
from core.models import AuditEntry

pytestmark = pytest.mark.django_db


def _signed_in(user, **headers) -> Client:
    client = Client(**headers)
    client.force_login(user)
    return client


def _lang(response) -> str:
    """The page's ``<html lang>``."""
    page = response.content.decode()
    start = page.index('<html lang="') + len('<html lang="')
    return page[start:page.index('"', start)]


# --- before signing in: the browser decides ----------------------------------------------------------------
@pytest.mark.parametrize(("accept", "lang", "words"), [
    ("ja,en;q=0.8", "ja", "ログイン"),
    ("en-US,en;q=0.9", "en", "Log in"),
    ("ko-KR,ko;q=0.9", "ko", "로그인"),
    ("fr-FR,fr;q=0.9", "ko", "로그인"),  # a language the site does not speak: the club's, Korean
], ids=["ja", "en", "ko", "fr-falls-back-to-korean"])
def test_before_signing_in_the_browsers_accept_language_decides(accept, lang, words):
    response = Client(HTTP_ACCEPT_LANGUAGE=accept).get(reverse("login"))
    assert _lang(response) == lang
    assert words in response.content.decode()


def test_a_login_without_a_choice_still_follows_the_browser(players):
    response = _signed_in(players[0].user, HTTP_ACCEPT_LANGUAGE="ja").get(reverse("club:me"))
    assert _lang(response) == "ja"
    assert "マイページ" in response.content.decode()


# --- the login's choice: stored, and applied on every device it signs in on ----------------------------------
def test_the_headers_switch_stores_the_choice_with_the_login(players):
    me = players[0].user
    phone = _signed_in(me, HTTP_ACCEPT_LANGUAGE="ko")
    response = phone.post(reverse("set_language"), {"language": "ja", "next": reverse("club:me")}, follow=True)
    assert _lang(response) == "ja"
    assert Preference.objects.get(user=me).language == "ja"
    # another device, another browser language: the login's choice wins there too
    laptop = _signed_in(me, HTTP_ACCEPT_LANGUAGE="en-US")
    response = laptop.get(reverse("club:me"))
    assert _lang(response) == "ja"
    assert "マイページ" in response.content.decode()


def test_my_page_offers_every_language_named_in_itself_and_saves_the_choice(players):
    me = players[0].user
    client = _signed_in(me)
    page = client.get(reverse("club:me")).content.decode()
    assert 'data-testid="my-language"' in page
    for name in ("한국어", "English", "日本語", "简体中文", "繁體中文"):
        assert name in page
    response = client.post(reverse("set_language"), {"language": "en", "next": reverse("club:me")}, follow=True)
    assert response.redirect_chain[-1][0] == reverse("club:me")
    assert "My page" in response.content.decode()
    assert Preference.objects.get(user=me).language == "en"


def test_the_stored_choice_outranks_the_browser_and_the_old_cookie(players):
    me = players[0].user
    services.preference_set(user=me, language="en")
    client = Client(HTTP_ACCEPT_LANGUAGE="ja")
    client.cookies["django_language"] = "ko"
    assert _lang(client.get(reverse("login"))) == "ko"  # not signed in: the cookie, as Django does
    client.force_login(me)
    assert _lang(client.get(reverse("club:me"))) == "en"


def test_a_language_the_site_does_not_speak_is_refused_and_nothing_is_stored(players):
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError) as refused:
        services.preference_set(user=players[0].user, language="fr")
    assert refused.value.code == "language_unknown"
    _signed_in(players[0].user).post(reverse("set_language"), {"language": "fr", "next": "/"})
    assert not Preference.objects.filter(user=players[0].user).exclude(language="").exists()


# --- the table screen: this device only, without logging out ---------------------------------------------
def test_the_table_screen_switches_this_device_only_and_keeps_the_login(game, players):
    me = players[0].user
    services.preference_set(user=me, language="ja")
    table = reverse("league:game_table", args=[game.pk])
    phone = _signed_in(me)
    page = phone.get(table)
    assert _lang(page) == "ja"
    assert 'data-testid="device-language"' in page.content.decode()
    response = phone.post(reverse("set_language"), {"language": "en", "scope": "device", "next": table}, follow=True)
    assert response.redirect_chain[-1][0] == table
    assert _lang(response) == "en"
    page = response.content.decode()
    assert "Riichi" in page
    assert "Log out" in page  # still signed in
    assert phone.cookies[DEVICE_COOKIE].value == "en"
    assert Preference.objects.get(user=me).language == "ja"  # the login's choice is untouched
    assert _lang(_signed_in(me).get(table)) == "ja"  # another device: the login's language
    # the header's switch on that device: the login's choice again, and the device follows it
    phone.post(reverse("set_language"), {"language": "ja", "next": table})
    assert _lang(phone.get(table)) == "ja"


def test_the_table_screen_in_japanese_says_the_words_japanese_players_say(game, players):
    services.preference_set(user=players[0].user, language="ja")
    page = _signed_in(players[0].user).get(reverse("league:game_table", args=[game.pk])).content.decode()
    for words in ("リーチ", "ロン", "ツモ", "流局", "局を保存", "東", "親"):
        assert words in page, words
    for korean in ("리치", "론", "쯔모", "유국"):
        assert korean not in page, korean


def test_an_anonymous_visitor_switches_the_table_screen_by_the_device_cookie_too(game):
    client = Client()
    table = reverse("league:game_table", args=[game.pk])
    client.post(reverse("set_language"), {"language": "ja", "scope": "device", "next": table})
    assert _lang(client.get(reverse("login"))) == "ja"


# --- the club's language (its channels) -------------------------------------------------------------------
def test_the_club_admin_sets_the_clubs_language_and_the_log_keeps_it(club, club_admin):
    client = _signed_in(club_admin.user)
    page = client.get(reverse("club:settings", args=[club.slug])).content.decode()
    assert "日本語" in page
    client.post(reverse("club:settings", args=[club.slug]), {"name": club.name, "language": "ja"})
    club.refresh_from_db()
    assert club.language == "ja"
    entry = AuditEntry.objects.filter(object_type="club", object_id=club.pk).latest("id")
    assert (entry.before["language"], entry.after["language"]) == ("ko", "ja")


def test_a_new_club_speaks_korean_to_its_channels(club):
    assert club.language == "ko"


def test_the_japanese_pages_example_of_a_pasted_member_list_parses():
    """The Japanese help text's example (locale/ja: 山田花子, 審判 / 佐藤健, 卓進行係) is what the paste reads."""
    from club.bulk import parse_member_lines

    lines = parse_member_lines("山田花子, 審判\n佐藤健, 卓進行係\n鈴木一郎 / クラブ管理者")
    assert [(line.name, line.roles) for line in lines] == [
        ("山田花子", ("referee",)), ("佐藤健", ("host",)), ("鈴木一郎", ("admin",))]
