"""Issue 25 item 8: every page of the demo club, read in Korean as its admin, has no English or JSON.

The walk enumerates the URLconf (not a hand-kept list), fills each address's arguments from the demo's objects
(the club, its seasons, rulesets, games, members, hands) and reads the text a person sees (no tags, scripts or
attributes). A Latin-script word is allowed only if it is a name or code the club typed (a member's login name,
a table label) or on the short allowlist below, each entry with its reason.
"""
from __future__ import annotations

import html
import re
from http import HTTPStatus

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.urls.exceptions import NoReverseMatch

pytestmark = pytest.mark.django_db

ALLOWLIST = {
    "English",  # the language switch names each language in itself ("한국어", "English")
    "CSV", "XLSX", "PDF",  # the download / print buttons name the file format a program opens
    "EMA", "WRC",  # the public rulebooks' own names (European Mahjong Association, World Riichi Championship)
    "OpenSkill",  # the rating system's proper name, as its authors write it
    "Django",  # the password pages are Django's own (its admin's brand in the title)
    "Discord", "Telegram",  # the chat services' own names, as their apps show them (notifications page)
    "QR",  # the code a phone's camera reads (QR 코드): its own name, as Korean signs write it
    "URL", "ID",  # the words Discord's and Telegram's own screens use for what the admin copies (웹후크 URL, 채팅 ID)
}
PENDING: dict[str, str] = {}
"""Pages known not yet Korean, each with the item that fixes it; the test fails if one of them becomes clean
(so the entry is removed) and on any other page."""
SKIP_PREFIXES = (
    "admin/",  # Django's admin (its own translations, model names; not the club's pages)
    "api/",  # JSON for programs, documented in English (contracts)
    "accounts/logout",  # a POST; GET logs out the walker
    "i18n/",  # the language switch (POST)
    "healthz",  # for the load balancer
)


def _patterns(resolver: URLResolver, prefix: str = "", namespace: str = ""):
    for p in resolver.url_patterns:
        if isinstance(p, URLResolver):
            ns = f"{namespace}:{p.namespace}" if p.namespace else namespace
            yield from _patterns(p, prefix + str(p.pattern), ns)
        elif isinstance(p, URLPattern) and p.name:
            yield prefix + str(p.pattern), (f"{namespace}:{p.name}" if namespace else p.name).lstrip(":"), p


@pytest.fixture
def demo(db):
    call_command("load_demo", verbosity=0)
    from club.models import Club

    return Club.objects.get(slug="juki-agit-demo")


def _values(demo) -> dict[str, list]:
    from club.models import Member
    from league.models import Game, Ruleset, Season

    games = list(Game.objects.filter(club=demo).order_by("status", "pk"))
    return {
        "slug": [demo.slug], "club": [demo.slug],
        "game": [g.pk for g in games], "season": list(Season.objects.filter(club=demo).values_list("pk", flat=True)),
        "ruleset": list(Ruleset.objects.filter(club=demo).values_list("pk", flat=True)),
        "member": list(Member.objects.filter(club=demo).values_list("pk", flat=True)),
        "position": [0], "hand": [0], "key": ["juki-agit-2026"], "fmt": ["csv"],
        **_event_values(demo),
    }


def _event_values(demo) -> dict[str, list]:
    """A club night with a round seated and a tournament taking entries, in the demo club (the demo has none)."""
    from club.models import Member
    from events.nights import services as nights
    from events.tournaments import services as tournaments
    from league.models import Season

    admin = Member.objects.get(club=demo, user__username="admin").user
    season = Season.objects.filter(club=demo, ruleset__key="juki-agit-2026").first()
    night = nights.night_open(club=demo, season=season, title="목요일 클럽 나이트", round_minutes=80, by=admin)
    members = list(Member.objects.filter(club=demo, active=True).order_by("pk"))
    for member in members:
        nights.check_in(night=night, member=member, by=admin)
    rnd, _ = nights.round_seat(night=night, number=1, by=admin, seed=1)
    cup = tournaments.tournament_create(club=demo, ruleset=season.ruleset, name="2026 주키배", rounds=2, by=admin)
    entrants = [tournaments.register(tournament=cup, member=m, by=admin)[0] for m in members[:6]]
    league, teams = _team_league(demo, season, admin, members)
    return {"night": [night.pk], "night_table": list(rnd.tables.values_list("pk", flat=True)),
            "tournament": [cup.pk], "entrant": [e.pk for e in entrants], "tournament_table": [],
            "team_league": [league.pk], "team": [t.pk for t in teams]}


def _team_league(demo, season, admin, members):
    """A team league (issue 37) of four teams of two, its first stage scheduled, nothing played."""
    import datetime

    from django.utils import timezone

    from events.teams import services as teams

    league = teams.team_league_create(club=demo, ruleset=season.ruleset, name="주키 팀 리그", by=admin)
    made = []
    for k, name in enumerate(("청룡", "백호", "주작", "현무")):
        team = teams.team_add(league=league, by=admin, name=name)
        for j in (0, 1):
            teams.roster_add(team=team, member=members[2 * k + j], by=admin, captain=j == 0,
                             joined_on=datetime.date(2026, 1, 1))
        made.append(team)
    stage = league.stages.get(number=1)
    teams.stage_edit(stage=stage, by=admin, games_per_team=4, player_min_games=0, player_max_games=4)
    teams.stage_open(stage=stage, by=admin)
    teams.stage_schedule(stage=stage, by=admin, first_day=timezone.now() + datetime.timedelta(days=1))
    return league, made


KINDS = [("team-leagues/teams/", "team"), ("team-leagues/", "team_league"),
         ("tournaments/entrants/", "entrant"), ("tournaments/tables/", "tournament_table"),
         ("tournaments/", "tournament"), ("nights/", "night"), ("tables/", "night_table"), ("games/", "game"),
         ("members/", "member"), ("rulesets/", "ruleset"), ("seasons/", "season")]
"""A pk's kind from the address's own words: the first that appears in the route."""


def _kwargs_for(route: str, keys: list[str], values: dict[str, list]):
    kind = next((k for part, k in KINDS if part in route), None)
    for key in keys:
        if key in ("slug", "club_slug"):
            yield key, values["slug"]
        elif key in ("pk", "id"):
            yield key, values.get(kind, [])
        elif key.endswith(("_id", "_pk")):
            yield key, values.get(key.removesuffix("_id").removesuffix("_pk"), [])
        else:
            yield key, values.get(key, [])


LATIN = re.compile(r"[A-Za-z][A-Za-z'’]+")


def _visible_text(page: str) -> str:
    page = re.sub(r"(?is)<(script|style|template|svg)\b.*?</\1>", " ", page)
    page = re.sub(r"https?://\S+", " ", page)  # a link to copy (the invite address) is not a word
    # the board's line for guests, marked as English (<small lang="en">Tables</small>), is meant to be English
    page = re.sub(r'(?s)<(small|span)\b[^>]*\blang="en"[^>]*>.*?</\1>', " ", page)
    page = re.sub(r"(?s)<!--.*?-->", " ", page)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def test_every_demo_page_is_korean(demo):
    from club.models import Member
    from league.models import Game

    client = Client()
    client.login(username="admin", password="admin1234")
    values = _values(demo)
    from league.models import Ruleset, Season

    typed = set(Member.objects.filter(club=demo).values_list("user__username", flat=True)) - {None}
    typed |= set(Game.objects.filter(club=demo).values_list("table_label", flat=True))
    for code in Game.objects.filter(club=demo, table_code__isnull=False).values_list("table_code", flat=True):
        typed |= set(LATIN.findall(code))  # a table's code (issue 42): letters and digits, as printed
    for name in [demo.name, *Season.objects.filter(club=demo).values_list("name", flat=True),
                 *Ruleset.objects.filter(club=demo).values_list("name", flat=True)]:
        typed |= set(LATIN.findall(name))  # "2026 ASI 리그": the club named it so
    visited, unfilled, english, lines = [], [], {}, {}
    for route, name, pattern in _patterns(get_resolver()):
        if route.startswith(SKIP_PREFIXES):
            continue
        keys = list(pattern.pattern.regex.groupindex)
        candidates = dict(_kwargs_for(route, keys, values))
        if any(not v for v in candidates.values()):
            unfilled.append(name)
            continue
        try:
            url = reverse(name, kwargs={k: v[0] for k, v in candidates.items()})
        except NoReverseMatch:
            unfilled.append(name)
            continue
        response = client.get(url, HTTP_ACCEPT_LANGUAGE="ko")
        if response.status_code != HTTPStatus.OK or "text/html" not in response.get("Content-Type", ""):
            continue
        visited.append(url)
        text = _visible_text(response.content.decode())
        words = {w for w in LATIN.findall(text) if w not in typed and w not in ALLOWLIST}
        if words:
            english[name] = sorted(words)
            lines[name] = [" ".join(ln.split())[:160] for ln in text.splitlines()
                          if any(w in ln for w in words)][:6]
    assert len(visited) >= 30, (visited, unfilled)
    import json
    import os
    if os.environ.get("KOREAN_DUMP"):
        report = {"visited": visited, "unfilled": unfilled, "english": english, "lines": lines}
        with open(os.environ["KOREAN_DUMP"], "w") as dump:
            dump.write(json.dumps(report, ensure_ascii=False, indent=0))
    assert {name: words for name, words in english.items() if name not in PENDING} == {}
    assert set(PENDING) <= set(english), "a pending page is Korean now: remove it from PENDING"
