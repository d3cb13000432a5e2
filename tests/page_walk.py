"""The site's every page with real objects, shared by the walks (tests/test_korean_pages.py,
tests/test_language_walk.py, tests/events/test_table_code_walk.py, tests/e2e/test_phone_width.py).

The walk enumerates the URLconf (not a hand-kept list) and fills each address's arguments from the demo
club's objects (``manage.py load_demo``, plus a club night with a round seated and a tournament taking
entries): a new page is walked without being listed. :func:`visible_text` is the text a person sees.
"""
from __future__ import annotations

import html
import re
from collections.abc import Iterator

import pytest
from django.core.management import call_command
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.urls.exceptions import NoReverseMatch

DEMO_SLUG = "juki-agit-demo"
ROLES = ["admin", "referee", "host", "player", None]
"""The demo's logins (password: the name and 1234), and nobody."""


def patterns(resolver: URLResolver | None = None, prefix: str = "", namespace: str = ""):
    """Every named URL pattern: (route, name with its namespace, pattern)."""
    for p in (resolver or get_resolver()).url_patterns:
        if isinstance(p, URLResolver):
            ns = f"{namespace}:{p.namespace}" if p.namespace else namespace
            yield from patterns(p, prefix + str(p.pattern), ns)
        elif isinstance(p, URLPattern) and p.name:
            yield prefix + str(p.pattern), (f"{namespace}:{p.name}" if namespace else p.name).lstrip(":"), p


@pytest.fixture
def demo(db):
    """The demo club (``load_demo``)."""
    call_command("load_demo", verbosity=0)
    from club.models import Club

    return Club.objects.get(slug=DEMO_SLUG)


def demo_values(demo) -> dict[str, list]:
    """The values each kind of address argument takes in the demo club (a club night and a tournament added)."""
    from club.models import Member
    from league.models import Game, Ruleset, Season

    games = list(Game.objects.filter(club=demo).order_by("status", "pk"))
    return {
        "slug": [demo.slug], "club": [demo.slug],
        "game": [g.pk for g in games], "season": list(Season.objects.filter(club=demo).values_list("pk", flat=True)),
        "ruleset": list(Ruleset.objects.filter(club=demo).values_list("pk", flat=True)),
        "member": list(Member.objects.filter(club=demo).values_list("pk", flat=True)),
        "position": [0], "hand": [0], "key": ["juki-agit-2026"], "fmt": ["csv"],
        **event_values(demo),
    }


def event_values(demo) -> dict[str, list]:
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
    # walk-ins at the desk (guests, no login), who then play a tournament's first round: its tables' pages
    guests = nights.walk_ins_add(night=night, names=["손님 하나", "손님 둘", "손님 셋", "손님 넷"], by=admin)
    nights.leave(night=night, member=guests[0], by=admin)
    cup = tournaments.tournament_create(club=demo, ruleset=season.ruleset, name="2026 주키배", rounds=2, by=admin)
    entrants = [tournaments.register(tournament=cup, member=m, by=admin)[0] for m in members[:6]]
    playing = []
    for guest in guests:
        entrant = tournaments.approve(entrant=tournaments.register(tournament=cup, member=guest, by=admin)[0], by=admin)
        playing.append(tournaments.check_in(entrant=entrant, by=admin))
    cup_round, _ = tournaments.round_seat(tournament=cup, number=1, by=admin, seed=1)
    return {"night": [night.pk], "night_table": list(rnd.tables.values_list("pk", flat=True)),
            "tournament": [cup.pk], "entrant": [e.pk for e in [*entrants, *playing]],
            "tournament_table": list(cup_round.tables.values_list("pk", flat=True)),
            **league_values(demo, admin, rnd), **team_league_values(demo, season, admin, members)}


def team_league_values(demo, season, admin, members) -> dict[str, list]:
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
    return {"team_league": [league.pk], "team": [t.pk for t in made]}


def league_values(demo, admin, night_round) -> dict[str, list]:
    """A referee call answered at a night table (the table screen names the referee coming), a chat channel
    (the notifications page and the audit log's words), two members for head-to-head, the demo's penalties."""
    from django.test import override_settings

    from club.models import Member
    from league.models import Penalty
    from league.referee import calls
    from notify import services as notify_services

    referee = Member.objects.get(club=demo, user__username="referee").user
    game = night_round.tables.order_by("pk").first().game
    call, _ = calls.referee_call(game=game, reason="chombo", by=admin, note="확인 부탁")
    calls.referee_call_acknowledge(call=call, by=referee)
    with override_settings(NOTIFY_DISCORD_WEBHOOK_PREFIXES=("https://discord.com/api/webhooks/",)):
        channel = notify_services.channel_connect(
            club=demo, kind="discord", by=admin, events=["round_seated", "game_ended"],
            secret="https://discord.com/api/webhooks/1234567890/abcdefghijklmnopqrstuvwxyz01")
    members = list(Member.objects.filter(club=demo).order_by("pk").values_list("pk", flat=True))
    return {"channel": [channel.pk], "a": members[:1], "b": members[1:2], "call": [call.pk],
            "penalty": list(Penalty.objects.filter(season__club=demo).values_list("pk", flat=True))}


def a_finished_tournament_table(club, values) -> None:
    """The tournament's round 1 seated and one table finished (a yakuman ron), its tables in ``values``."""
    from club.models import Member
    from events.tournaments import services as tournaments
    from events.tournaments.models import Entrant, Tournament
    from league.games import services as game_services
    from league.models import Game

    admin = Member.objects.get(club=club, user__username="admin").user
    cup = Tournament.objects.get(pk=values["tournament"][0])
    rnd = cup.round_set.filter(number=1).first()  # the walk's values seat round 1 (the walk-ins' tables)
    if rnd is None:
        for playing in Game.objects.filter(club=club, status=Game.Status.IN_PROGRESS):  # its players are free
            game_services.game_cancel(game=playing, by=admin, reason="폭 검사")
        for entrant in Entrant.objects.filter(tournament=cup, status="pending"):
            tournaments.approve(entrant=entrant, by=admin)
        tournaments.check_in_all(tournament=cup, by=admin)
        rnd, _ = tournaments.round_seat(tournament=cup, number=1, by=admin)
    game = rnd.tables.order_by("pk").first().game
    game_services.hand_record(game=game, position=0, by=None, event={
        "kind": "ron", "loser": 0, "riichi": [], "wins": [{"winner": 1, "yakuman": 1}]})
    values["tournament_table"] = [t.pk for t in rnd.tables.all()]


KINDS = [("team-leagues/teams/", "team"), ("team-leagues/", "team_league"),
         ("notify/", "channel"), ("penalties/", "penalty"), ("referee-calls/", "call"),
         ("tournaments/entrants/", "entrant"), ("tournaments/tables/", "tournament_table"),
         ("tournaments/", "tournament"), ("nights/", "night"), ("tables/", "night_table"), ("games/", "game"),
         ("members/", "member"), ("rulesets/", "ruleset"), ("seasons/", "season")]
"""A pk's kind from the address's own words: the first that appears in the route."""


def kwargs_for(route: str, keys: list[str], values: dict[str, list]):
    """(argument, candidate values) for each argument of a route."""
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


def page_urls(values: dict[str, list], *, skip: tuple[str, ...] = (),
              unfilled: list[str] | None = None) -> Iterator[tuple[str, str, str]]:
    """(route, name, address) of every pattern whose arguments the values fill (the first of each);
    the names of the others go to ``unfilled``."""
    for route, name, pattern in patterns():
        if route.startswith(skip):
            continue
        keys = list(pattern.pattern.regex.groupindex)
        candidates = dict(kwargs_for(route, keys, values))
        if any(not v for v in candidates.values()):
            if unfilled is not None:
                unfilled.append(name)
            continue
        try:
            yield route, name, reverse(name, kwargs={k: v[0] for k, v in candidates.items()})
        except NoReverseMatch:
            if unfilled is not None:
                unfilled.append(name)


def visible_text(page: str) -> str:
    """The text a person reads: no tags, scripts, styles or attributes, no link to copy, and nothing
    marked as written in a language of its own (``lang="..."``: the board's English line for guests, each
    language's own name in the language switch)."""
    page = re.sub(r"(?is)<(script|style|template|svg)\b.*?</\1>", " ", page)
    page = re.sub(r"https?://\S+", " ", page)  # a link to copy (the invite address) is not a word
    page = re.sub(r'(?s)<(small|span|option|p|div|button|a)\b[^>]*\blang="[^"]*"[^>]*>.*?</\1>', " ", page)
    page = re.sub(r"(?s)<!--.*?-->", " ", page)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))
