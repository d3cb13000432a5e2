"""Issue 22, item 6: every form that creates something carries the once-token (docs/idempotency.md).

The URLconf is walked: every view that takes a POST (outside the admin and the API, whose creates
take an ``Idempotency-Key``) is either in ``ONCE`` — its form carries ``{% entry_token %}`` and its
service claims it — or in ``ALLOWLIST`` with the reason a second submission cannot write twice.
A new POST view fails here until it is one or the other. The creates the issue names are then
submitted twice for real (Back + resubmit: the same rendered form) and write once.
"""
from __future__ import annotations

import inspect
import re
from decimal import Decimal
from http import HTTPStatus
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

TEMPLATES = Path(settings.BASE_DIR) / "templates"

# name -> (template, a marker inside the form's opening tag): that form carries {% entry_token %}.
ONCE = {
    "events:night_list": ("events/night_list.html", 'data-testid="open-night"'),
    "events:table_manage": ("events/table.html", 'data-testid="extra-time"'),
    "events:tournament_list": ("events/tournaments/list.html", 'data-testid="create-tournament"'),
    "events:tournament_penalty": ("events/tournaments/detail.html", 'data-testid="penalty"'),
    "events:tournament_table_action": ("events/tournaments/_round.html", 'name="minutes" value="5"'),
    "events:casual_list": ("events/casual/list.html", 'data-testid="start-casual"'),
    "events:team_league_list": ("events/teams/list.html", 'data-testid="create-team-league"'),
    "seasons:ruleset_new": ("league/seasons/ruleset_new.html", 'class="card stack"'),
    "whatif:season_edit": ("league/seasons/edit.html", 'data-testid="season-edit"'),
    "league:game_start": ("league/games/start.html", 'class="card stack"'),
    "league:hand_create": ("league/hands/_entry_form.html", "<form"),
    "league:hand_full": ("league/hands/full.html", "<form"),
    "league:hand_undo": ("league/games/table.html", "league:hand_undo"),
    "league:game_stop": ("league/games/table.html", "league:game_stop"),
    "league:hand_edit": ("league/hands/edit.html", "<form"),
    "league:hand_delete": ("league/hands/delete.html", "<form"),
    "league:game_cancel": ("league/games/cancel.html", 'data-testid="cancel-form"'),
    "league:game_penalties": ("league/referee/game.html", 'data-testid="penalty-form"'),
    "league:season_penalties": ("league/referee/season.html", "<form"),
    "league:penalty_cancel": ("league/referee/cancel.html", "<form"),
    "league:game_seats": ("league/games/seats.html", 'data-testid="seat-swap"'),
    "league:referee_call": ("league/referee/_call_box.html", "league:referee_call"),
    "notify:channels": ("notify/channels.html", 'data-testid="connect"'),
    "notify:channel_test": ("notify/channels.html", 'data-testid="test-{{ c.pk }}"'),
    "club:members_bulk": ("club/manage/members.html", 'data-testid="bulk-add"'),
    "league:season_files": ("league/transfer/files.html", 'data-testid="export-form"'),
}

ALLOWLIST = {
    # Django's accounts: a login, a logout, a password (set to the same value again), a reset mail.
    "login": "a session, not a record", "logout": "ends the session; twice is the same",
    "password_change": "sets the password; again sets the same", "password_reset": "sends a mail, stores nothing",
    "password_reset_confirm": "the reset link works once (Django's token)",
    "set_language": "a cookie",
    # States, not records: the second submission finds the state already set.
    "events:night_checkin": "one check-in per member and night (unique); again: 'already checked in'",
    # The team league (issue 37): each a state or a unique row, so a second submission writes nothing new.
    "events:team_league_team_add": "a team's name is unique in its league: again is refused by name",
    "events:team_league_team": "a member is on one roster at a time: again is refused ('already on this roster')",
    "events:team_league_stage": "opening is a state (again: no change); a scheduled stage refuses a second schedule",
    "events:team_league_slot": "a slot's player is a state: the same pick again sets the same player",
    "events:team_league_day": "closing the line-ups is a state: again returns the closed day",
    "events:team_league_fixture": "seating twice gives the one game (the fixture's row is locked); a forfeit is a "
                                  "state",
    "events:desk_checkin": "one check-in per member and night (unique); again: 'already checked in'",
    "events:desk_leave": "marks a check-in as left; again changes nothing",
    "notify:my_telegram": "one link per member (unique): again gives a new code for the same link, or unlinks nothing",
    "events:round_seat": "the form names the round's number; again: 'already seated', nothing changed",
    "events:tournament_round_seat": "the form names the round's number; again: 'already seated'",
    "events:night_close": "closing a closed night changes nothing",
    "events:tournament_finish": "closing a closed tournament changes nothing",
    "events:tournament_publish": "sets the switch to the posted value",
    "events:tournament_register": "one entry per member (unique); again: 'already registered'",
    "events:tournament_entrant_add": "a member: one entry per member; a guest: a name in use is refused",
    "events:tournament_entrant": "approve, reject, check in, withdraw: states; again changes nothing",
    "events:tournament_table_scores": "sets the table's final scores; the same again changes nothing",
    "league:hand_preview": "writes nothing",
    "whatif:lab": "run_create returns the same run for a resubmission (season row locked)",
    "club:members": "a member's name is unique in the club: a second submission is refused",
    "club:member_detail": "edits a member to the posted values",
    "club:member_invite": "a new code makes the member's older open codes stop working: one code is valid",
    "club:member_merge": "a merged member is gone: a second merge of it is refused",
    "club:request_decide": "decides a pending request; a decided one is not pending",
    "club:settings": "edits the club to the posted values",
    "club:join": "one pending join request per login (unique): again returns the open one",
    "club:invite": "a code links one login, once", "club:invite_redeem": "a code links one login, once",
    "club:me": "one pending rename request per member: again updates it",
    "seasons:season_new": "a season's name is unique in the club: a second submission is refused",
    "seasons:season_close": "closing a closed season changes nothing",
    # A game's end is a state: the games service refuses any event after an end.
    "league:game_end_time": "an ended game refuses a second end", "league:game_end_referee": "an ended game "
    "refuses a second end", "league:game_reopen": "reopening an open game is refused",
    "events:open_games": "end or cancel a game: an ended or cancelled game refuses it again",
    "events:night_close_ask": "closing a closed night changes nothing; each game's choice as above",
    "events:round_add_table": "the form names the round and the tables seen; again: 'already added'",
    "events:tournament_check_in_all": "checks in who is not yet; again finds nobody to check in",
    "league:referee_call_acknowledge": "acknowledges an open call; an acknowledged call is not open",
    "notify:channel_edit": "sets the channel's events and switches to the posted values",
    # issue 42
    "club:member_make_member": "a guest becomes a member; a member already is one: again changes nothing",
    "events:desk_check_in_all": "checks in who is not yet; again finds nobody to check in",
    "events:desk_walk_ins": "a walk-in's name is then a member's: the same names again add nobody (all or nothing)",
    "events:night_hosts": "sets the night's hosts to the posted members",
    "events:tournament_hosts": "sets the tournament's hosts to the posted members",
    "events:tournament_entrants_paste": "each name is then a registered member: again registers nobody new",
    "league:table_code_renew": "a second renew gives yet another code; the screen shows the one in force",
    "table_code": "writes only the phone's session (which game its code opens)",
    "table_code_open": "writes only the phone's session (which game its code opens)",
    # issue 36: memberships, visitors, claims, federations
    "club:switch": "writes only the session's current club",
    "club:member_person": "edits the person to the posted values",
    "club:claim_create": "one pending claim per person and record (unique): again returns the open one",
    "club:claim_decide": "decides a pending claim; a decided one is not pending (refused)",
    "events:visitor_admit": "one visitor membership per person and club (reused), one check-in or entry per "
                            "member (unique): again changes nothing",
    "federation:share": "sets the club's sharing to the posted values",
    "federation:manage": "a club joins once (unique: again refused); a season's name is unique in the federation",
    "federation:import": "a tournament (title and first day) is imported once: again is refused",
}


def _methods(view) -> set[str] | None:
    """The methods a view accepts (``require_POST`` and friends, a class's handlers); None: any."""
    cls = getattr(view, "view_class", None) or getattr(view, "cls", None)
    if cls is not None:
        return {m.upper() for m in cls.http_method_names if hasattr(cls, m)}
    f = view
    while f is not None:
        for cell in getattr(f, "__closure__", None) or ():
            try:
                value = cell.cell_contents
            except ValueError:
                continue
            if isinstance(value, list | tuple) and value and all(isinstance(v, str) and v.isupper() for v in value):
                return set(value)
        f = getattr(f, "__wrapped__", None)
    return None


def _cell(cell):
    try:
        return cell.cell_contents
    except ValueError:  # an empty cell
        return None


def _functions(view, depth: int = 4):
    """The view and the functions its decorators wrap (``__wrapped__`` or a closure's function)."""
    yield view
    if depth:
        inner = [getattr(view, "__wrapped__", None)] + [
            _cell(cell) for cell in getattr(view, "__closure__", None) or () if inspect.isfunction(_cell(cell))]
        for f in inner:
            if f is not None:
                yield from _functions(f, depth - 1)


def _takes_post(view) -> bool:
    methods = _methods(view)
    if methods is not None:
        return "POST" in methods
    return any("POST" in inspect.getsource(f) for f in _functions(view) if inspect.isfunction(f))


def post_views() -> dict[str, str]:
    found: dict[str, str] = {}

    def walk(patterns, prefix: str, namespace: str) -> None:
        for p in patterns:
            if isinstance(p, URLResolver):
                walk(p.url_patterns, prefix + str(p.pattern), namespace + (f"{p.namespace}:" if p.namespace else ""))
            elif isinstance(p, URLPattern):
                route = prefix + str(p.pattern)
                if route.startswith(("admin/", "api/")) or not _takes_post(p.callback):
                    continue
                found[namespace + (p.name or route)] = route

    walk(get_resolver().url_patterns, "", "")
    return found


def test_every_post_view_carries_the_once_token_or_says_why_not():
    views = post_views()
    unclassified = sorted(set(views) - set(ONCE) - set(ALLOWLIST))
    assert not unclassified, f"POST views with neither an entry token nor a reason: {unclassified}"
    assert not set(ONCE) & set(ALLOWLIST)
    stale = sorted((set(ONCE) | set(ALLOWLIST)) - set(views))
    assert not stale, f"no longer POST views: {stale}"


@pytest.mark.parametrize("name", sorted(ONCE))
def test_the_create_form_carries_the_entry_token(name):
    template, marker = ONCE[name]
    source = (TEMPLATES / template).read_text(encoding="utf-8")
    forms = re.findall(r"<form\b[^>]*>.*?</form>", source, flags=re.S)
    mine = [f for f in forms if marker in f.split(">", 1)[0] or marker in f[:300]]
    assert mine, f"{template}: no form with {marker}"
    assert all("{% entry_token" in f for f in mine), f"{template}: a form without {{% entry_token %}}"


# --- the creates the issue names, submitted twice --------------------------------------------------
TOKEN = re.compile(r'name="entry_token" value="([^"]+)"')


def _token(html: str, marker: str) -> str:
    start = html.index(marker)
    form_start = html.rindex("<form", 0, start)
    form = html[form_start:html.index("</form>", start)]
    return TOKEN.search(form).group(1)


@pytest.fixture
def desk(db, club, season, sanma_season, ruleset, members, admin_user, night):
    from events.nights import services as night_services
    from events.tournaments import services
    from tests.events.test_tournaments import enter_all, make

    tournament = make(club, ruleset, admin_user, rounds=2, name="두 번 대회")
    enter_all(tournament, members[:4], admin_user)
    rnd, _ = services.round_seat(tournament=tournament, number=1, by=admin_user)
    for m in members[8:12]:
        night_services.check_in(night=night, member=m, by=admin_user)
    night_round, _ = night_services.round_seat(night=night, number=1, by=admin_user)
    client = Client()
    client.force_login(admin_user)
    return {"client": client, "club": club, "tournament": tournament, "table": rnd.tables.get(),
            "night_table": night_round.tables.first(), "season": season, "ruleset": ruleset, "members": members}


def _twice(client, page: str, marker: str, url: str, data: dict) -> list[int]:
    html = client.get(page).content.decode()
    token = _token(html, marker)
    return [client.post(url, {**data, "entry_token": token}).status_code for _ in range(2)]


@pytest.mark.parametrize("what", ["tournament-penalty", "open-a-night", "create-a-tournament", "night-table-time",
                                  "tournament-table-time", "casual-game", "ruleset-version"])
def test_back_and_resubmit_writes_once(desk, what):
    from events.models import ClubNight
    from events.tournaments.models import Tournament
    from league.models import Game, Penalty, Ruleset

    c, club, tournament = desk["client"], desk["club"], desk["tournament"]
    detail = reverse("events:tournament_detail", args=[tournament.pk])
    if what == "tournament-penalty":
        statuses = _twice(c, detail, 'data-testid="penalty"', reverse("events:tournament_penalty",
                          args=[tournament.pk]), {"member": desk["members"][0].pk, "points": "20", "reason": "지각"})
        penalties = Penalty.objects.filter(season=tournament.season, member=desk["members"][0])
        assert penalties.count() == 1
        assert penalties.get().points == Decimal("20")
    elif what == "open-a-night":
        before = ClubNight.objects.count()
        url = reverse("events:night_list", args=[club.slug])
        statuses = _twice(c, url, 'data-testid="open-night"', url, {
            "season": desk["season"].pk, "title": "금요일", "round_minutes": 80, "end_rule": "finish_hand"})
        assert ClubNight.objects.count() == before + 1
    elif what == "create-a-tournament":
        url = reverse("events:tournament_list", args=[club.slug])
        statuses = _twice(c, url, 'data-testid="create-tournament"', url, {
            "name": "가을 대회", "starts_on": "2026-12-05", "ruleset": desk["ruleset"].pk, "rounds": 4,
            "round_minutes": 90, "end_rule": "finish_hand", "team_size": 1, "seating": "balanced", "carry": "full",
            "withdrawal_policy": "keep"})
        assert Tournament.objects.filter(name="가을 대회").count() == 1
    elif what == "night-table-time":
        table = desk["night_table"]
        url = reverse("events:table_manage", args=[table.pk])
        statuses = _twice(c, url, 'data-testid="extra-time"', url, {"action": "extra", "minutes": 10, "reason": "x"})
        table.refresh_from_db()
        assert table.extra_minutes == 10
    elif what == "tournament-table-time":
        table = desk["table"]
        statuses = _twice(c, detail, f'data-testid="extra-1-{table.label}"',
                          reverse("events:tournament_table_action", args=[table.pk]), {"minutes": 5})
        table.refresh_from_db()
        assert table.extra_minutes == 5
    elif what == "casual-game":
        url = reverse("events:casual_list", args=[club.slug])
        seats = {f"seat{i}": m.pk for i, m in enumerate(desk["members"][12:16])}
        statuses = _twice(c, url, 'data-testid="start-casual"', url, {"ruleset": desk["ruleset"].pk, **seats})
        assert Game.objects.filter(season__casual__club=club).count() == 1
    else:
        ruleset = desk["ruleset"]
        url = reverse("seasons:ruleset_new", args=[club.slug])
        page = c.get(url + f"?from={ruleset.pk}")
        form = page.context["form"]
        data = {name: form[name].value() for name in form.fields if not form.fields[name].disabled}
        data = {k: v for k, v in data.items() if v is not None and v is not False}
        data.update({"from": str(ruleset.pk), "name": "주키 2027", "version": "", "kiriage": "on",
                     "entry_token": _token(page.content.decode(), 'class="card stack"')})
        before = Ruleset.objects.filter(club=club, key=ruleset.key).count()
        statuses = [c.post(url, data).status_code for _ in range(2)]
        assert Ruleset.objects.filter(club=club, key=ruleset.key).count() == before + 1, statuses
    assert statuses == [HTTPStatus.FOUND, HTTPStatus.FOUND], statuses
