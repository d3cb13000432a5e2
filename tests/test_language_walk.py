"""Issue 38 item 3: the language walk. Every page of the demo club (every URL pattern, with real objects:
tests/page_walk.py), signed in as each role and as a visitor, read in every language the site has a
catalogue for, shows only its language's script outside names and a short allow-list.

* Korean pages: no kana, no hanzi and no Latin word outside the allow-list;
* English pages: no Hangul, kana or hanzi;
* Japanese pages: no Hangul and no Latin word outside the allow-list;
* Chinese pages (Simplified and Traditional): no Hangul and no kana.

Names are what the club typed (members', clubs', seasons', rulesets', tournaments', nights' names, table
labels and codes, and the reasons and notes people wrote): they are read out of the demo's rows and taken
out of the text first. Each page also says its language in ``<html lang>``, and numbers and dates read
as the language writes them (checked on the pages that show them).

The languages are the ones with a compiled catalogue under ``locale/`` (and English, the source): a new
language is walked as soon as its ``.mo`` exists. It runs in-process with Django's test client (no
browser): the demo and its objects are made once for the whole walk.
"""
from __future__ import annotations

import json
import os
import re
from collections import defaultdict
from http import HTTPStatus
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.utils.translation import to_locale

from tests.page_walk import ROLES, a_finished_tournament_table, demo, demo_values, page_urls, visible_text  # noqa: F401

pytestmark = pytest.mark.django_db

LOCALE = Path(settings.BASE_DIR) / "locale"
LANGUAGES = [code for code, _name in settings.LANGUAGES
             if code == "en" or (LOCALE / to_locale(code) / "LC_MESSAGES" / "django.mo").exists()]

SKIP_PREFIXES = (
    "admin/",  # Django's admin (its own translations, model names; not the club's pages)
    "api/",  # JSON for programs, documented in English (contracts)
    "accounts/logout",  # a POST; GET logs out the walker
    "i18n/",  # the language switch (POST)
    "healthz",  # for the load balancer
)
SKIP_SUFFIXES = ("_live", "report_pdf", "report_png")  # fragments polled by pages; the report's files (test_fonts.py)

HANGUL = re.compile(r"[\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3]+")
KANA = re.compile(r"[\u3040-\u30fa\u30fc-\u30ff\u31f0-\u31ff\uff66-\uff9f]+")
HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
LATIN = re.compile(r"[A-Za-z][A-Za-z'’]+")

ALLOWED_LATIN = {
    "CSV", "XLSX", "PDF", "PNG", "JSON",  # file formats, as the programs that open them name them
    "EMA", "WRC",  # the public rulebooks' own names (European Mahjong Association, World Riichi Championship)
    "MERS",  # the EMA's ranking system's own name (Mahjong European Ranking System), as federations write it
    "OpenSkill",  # the rating system's proper name, as its authors write it
    "Django",  # the password pages are Django's own (its admin's brand in the title)
    "Discord", "Telegram", "Webhook", "Webhooks", "BotFather",  # the chat services' and their screens' own words
    "QR",  # the code a phone's camera reads: its own name, as signs in every language write it
    "URL", "ID",  # the words Discord's and Telegram's own screens use for what the admin copies
    "NaN", "Infinity", "UTF",  # what a JSON or CSV file may not hold, as a program writes it
}
"""Latin words a Korean or Japanese page may show (an English page is all Latin; Chinese pages may use them)."""

FORBIDDEN = {
    "ko": {"kana": KANA, "hanzi": HAN, "Latin": LATIN},
    "en": {"Hangul": HANGUL, "kana": KANA, "hanzi": HAN},
    "ja": {"Hangul": HANGUL, "Latin": LATIN},
    "zh-hans": {"Hangul": HANGUL, "kana": KANA},
    "zh-hant": {"Hangul": HANGUL, "kana": KANA},
}

# What the club typed: names, labels, codes, reasons and notes (model, fields).
TYPED = [
    ("club.Club", ("name",)), ("club.Member", ("display_name",)),
    ("club.Request", ("display_name", "message", "decision_note")),
    ("league.Ruleset", ("name",)), ("league.Season", ("name",)),
    ("league.Game", ("table_label", "table_code", "cancel_reason")), ("league.Penalty", ("reason", "cancel_reason")),
    ("league.RefereeCall", ("note",)), ("core.AuditEntry", ("reason",)),
    ("events.ClubNight", ("title",)), ("events.NightTable", ("label",)), ("events.Tournament", ("name",)),
    ("events.Entrant", ("team",)), ("events.TournamentTable", ("label",)),
    ("notify.Channel", ("label", "bot_username", "secret_hint")), ("auth.User", ("username",)),
    ("events.TeamLeague", ("name",)), ("events.Team", ("name",)), ("events.Stage", ("name",)),
    ("events.MatchDay", ("venue",)),
]


def typed_words() -> list[str]:
    """Every name and text the club typed in the demo, longest first (so a long name goes before its part)."""
    from django.apps import apps

    words: set[str] = set()
    for label, fields in TYPED:
        for row in apps.get_model(label).objects.values_list(*fields):
            words.update(str(value).strip() for value in row if value)
    return sorted(words, key=len, reverse=True)


def without(text: str, names: list[str]) -> str:
    """The text with each name taken out (a Latin name only as a whole word: table "C" is not in "CSV")."""
    for name in names:
        if name in text:
            text = re.sub(rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z])", " ", text)
    return text


def foreign_words(text: str, language: str, names: list[str]) -> dict[str, set[str]]:
    """The words of ``text`` in a script the language's page must not show (names taken out), by script."""
    text = without(text, names)
    found: dict[str, set[str]] = {}
    for script, pattern in FORBIDDEN[language].items():
        words = {w for w in pattern.findall(text) if script != "Latin" or w not in ALLOWED_LATIN}
        if words:
            found[script] = words
    return found


def _client(role: str | None, language: str) -> Client:
    client = Client()
    if role:
        assert client.login(username=role, password=f"{role}1234")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def walk(values: dict[str, list], languages: list[str], roles: list[str | None]):
    """(role, language, page name, url, response) of every HTML page answered 200."""
    urls = [(name, url) for _route, name, url in page_urls(values, skip=SKIP_PREFIXES)
            if not name.endswith(SKIP_SUFFIXES)]
    for role in roles:
        pages = urls  # in the first language every address; after it only those that answered a page
        for language in languages:
            client = _client(role, language)
            answered = []
            for name, url in pages:
                response = client.get(url)
                if response.status_code == HTTPStatus.OK and "text/html" in response.get("Content-Type", ""):
                    answered.append((name, url))
                    yield role, language, name, url, response
            # A redirect, a refusal, a missing object or a file answers the same in every language (issue 34:
            # half the walk's requests were such answers, asked again in each language and thrown away).
            pages = answered


HTML_LANG = re.compile(r"<html\b[^>]*\blang=\"([^\"]*)\"")


@pytest.fixture
def walked(demo):  # noqa: F811
    values = demo_values(demo)
    a_finished_tournament_table(demo, values)
    return values


@pytest.mark.long
def test_every_page_in_every_language_shows_only_its_script(walked):
    names = typed_words()
    foreign: dict[str, dict] = defaultdict(dict)
    wrong_lang, pages = {}, defaultdict(int)
    for role, language, name, url, response in walk(walked, LANGUAGES, ROLES):
        page = response.content.decode()
        pages[language] += 1
        declared = HTML_LANG.search(page)
        if "<html" in page and (not declared or declared.group(1) != language):  # not a fragment: a page
            wrong_lang[f"{role} {url}"] = (language, declared and declared.group(1))
        text = visible_text(page)
        found = foreign_words(text, language, names)
        if found:
            foreign[language].setdefault(name, {}).update(
                {script: sorted(words)[:8] for script, words in found.items()})
    if os.environ.get("LANGUAGE_WALK_DUMP"):  # to read every finding at once
        Path(os.environ["LANGUAGE_WALK_DUMP"]).write_text(json.dumps(foreign, ensure_ascii=False, indent=1))
    assert min(pages.values()) >= 30, dict(pages)
    assert wrong_lang == {}
    assert dict(foreign) == {}


# A finished tournament table (a yakuman ron: 57,000 and -7,000 from 25,000 each) read in each language:
# Korean, English and Japanese group thousands with a comma, Chinese writes them without (Django's
# zh-Hans and zh-Hant formats); the results' times are ISO dates, the same in every language.
NUMBERS = {"ko": ("57,000", "-7,000"), "en": ("57,000", "-7,000"), "ja": ("57,000", "-7,000"),
           "zh-hans": ("57000", "-7000"), "zh-hant": ("57000", "-7000")}
ISO_DATE = re.compile(r"\b20\d\d-[01]\d-[0-3]\d\b")


@pytest.mark.parametrize("language", LANGUAGES)
def test_numbers_and_dates_read_as_the_language_writes_them(walked, language):
    from django.urls import reverse

    page = _client("admin", language).get(reverse("events:tournament_results", args=[walked["tournament"][0]]))
    text = " ".join(visible_text(page.content.decode()).split())
    assert HTML_LANG.search(page.content.decode()).group(1) == language
    for number in NUMBERS[language]:
        assert re.search(rf"(?<![\d,]){number}(?![\d,])", text), (number, text[:400])
    assert ISO_DATE.search(text)


def test_the_walk_fails_on_a_planted_english_word_on_a_korean_page(walked, monkeypatch):
    """The check is not blind: with one Korean word of the standings turned back into English, the Korean
    page is caught, with the word."""
    from django.urls import reverse
    from django.utils.translation import trans_real

    url = reverse("standings:season", args=[walked["season"][0]])
    names = typed_words()
    page = _client("admin", "ko").get(url).content.decode()
    assert foreign_words(visible_text(page), "ko", names) == {}
    monkeypatch.setitem(trans_real.translation("ko")._catalog, "Standings", "Standings")
    planted = _client("admin", "ko").get(url).content.decode()
    assert foreign_words(visible_text(planted), "ko", names) == {"Latin": {"Standings"}}
