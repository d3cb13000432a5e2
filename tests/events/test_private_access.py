"""Issue 22, item 4: a private club's nights and tournaments stay private.

Every URL of the ``events`` namespace (enumerated from the URLconf: a new page fails here until it is
listed) is asked for, read and written, by an anonymous visitor and by another club's member: each
is refused (login, 403, 404 or 405), shows none of the club's names, and changes nothing. The club's
own admin reads every page, so the refusals are not a wrong address. A tournament's results are
public only when the club says so (결과 공개, off by default where the club's standings are private).
"""
from __future__ import annotations

from http import HTTPStatus

import pytest
from django.apps import apps
from django.core import serializers
from django.test import Client
from django.urls import get_resolver, reverse

from club import persons
from events.nights import services as night_services
from events.tournaments import services
from events.tournaments.models import Tournament
from tests.events.test_tournaments import enter_all, make
from tests.factories import ClubFactory, MemberFactory, UserFactory

pytestmark = pytest.mark.django_db

TOURNAMENT_NAME, NIGHT_TITLE, TEAM_LEAGUE_NAME = "비공개 봄 대회", "목요일 클럽 나이트", "비공개 팀 리그"
POST_ONLY = {"desk_checkin", "desk_leave", "round_seat", "night_close", "tournament_register", "tournament_entrant_add",
             "tournament_entrant", "tournament_round_seat", "tournament_penalty", "tournament_finish",
             "tournament_publish", "tournament_table_action", "round_add_table",
             "tournament_check_in_all", "desk_walk_ins", "desk_check_in_all", "tournament_entrants_paste",
             "night_hosts", "tournament_hosts", "visitor_admit", "team_league_stage", "team_league_team_add",
             "team_league_slot", "team_league_day", "team_league_fixture"}


def events_url_names() -> set[str]:
    resolver = get_resolver().namespace_dict["events"][1]
    return {key for key in resolver.reverse_dict if isinstance(key, str)}


@pytest.fixture
def private_club(club, season, sanma_season, ruleset, members, admin_user, night):
    assert not club.public_standings
    tournament = make(club, ruleset, admin_user, rounds=2, name=TOURNAMENT_NAME)
    entrants = enter_all(tournament, members[:8], admin_user)
    rnd, _ = services.round_seat(tournament=tournament, number=1, by=admin_user)
    for m in members[8:12]:
        night_services.check_in(night=night, member=m, by=admin_user)
    night_round, _ = night_services.round_seat(night=night, number=1, by=admin_user)
    night_table = night_round.tables.first()
    table = rnd.tables.order_by("id").first()
    team_league, teams, slot = _team_league(club, ruleset, admin_user,
                                            [MemberFactory(club=club, user=UserFactory()) for _ in range(8)])
    return {
        "tournament": tournament, "night": night, "club": club, "members": members, "admin": admin_user,
        "urls": {
            "night_list": [club.slug], "night_detail": [night.pk], "night_checkin": [night.pk],
            "desk_checkin": [night.pk], "desk_leave": [night.pk], "round_seat": [night.pk],
            "night_close": [night.pk], "board": [night.pk], "board_live": [night.pk],
            "table_manage": [night_table.pk], "game_live": [night_table.game_id],
            "tournament_list": [club.slug], "tournament_detail": [tournament.pk],
            "tournament_register": [tournament.pk], "tournament_entrant_add": [tournament.pk],
            "tournament_entrant": [entrants[0].pk], "tournament_round_seat": [tournament.pk],
            "tournament_penalty": [tournament.pk], "tournament_finish": [tournament.pk],
            "tournament_publish": [tournament.pk], "tournament_results": [tournament.pk],
            "tournament_export": [tournament.pk, "csv"], "tournament_board": [tournament.pk],
            "tournament_board_live": [tournament.pk], "tournament_table_action": [table.pk],
            "tournament_table_scores": [table.pk], "casual_list": [club.slug],
            "open_games": [club.slug], "night_close_ask": [night.pk], "round_add_table": [night.pk],
            "table_next_game": [night_table.pk], "my_seat_live": [night.pk],
            "tournament_check_in_all": [tournament.pk], "tournament_report": [tournament.pk],
            "desk_walk_ins": [night.pk], "desk_check_in_all": [night.pk], "tournament_entrants_paste": [tournament.pk],
            "night_hosts": [night.pk], "tournament_hosts": [tournament.pk],
            "tournament_report_pdf": [tournament.pk], "tournament_report_png": [tournament.pk],
            "visitor_desk": [club.slug], "visitor_admit": [club.slug],
            "visit_card": [persons.card_token(members[0].person)],
            "team_league_list": [club.slug], "team_league": [team_league.pk],
            "team_league_schedule": [team_league.pk], "team_league_ranking": [team_league.pk],
            "team_league_board": [team_league.pk], "team_league_board_live": [team_league.pk],
            "team_league_export": [team_league.pk, "csv"], "team_league_stage": [slot.fixture.match_day.stage_id],
            "team_league_team": [teams[0].pk], "team_league_team_add": [team_league.pk],
            "team_league_slot": [slot.pk], "team_league_day": [slot.fixture.match_day_id],
            "team_league_fixture": [slot.fixture_id],
        },
        "post": {  # what the club's own desk would send: valid, so only the permission refuses it
            "desk_checkin": {"member": members[12].pk}, "desk_leave": {"member": members[8].pk},
            "round_seat": {"number": 2}, "night_checkin": {"action": "check_in"},
            "desk_walk_ins": {"names": "몰래 온 손님"},
            "desk_check_in_all": {"member": [members[12].pk], "confirm": "1"},
            "tournament_entrants_paste": {"names": "몰래 온 손님"},
            "night_hosts": {"host": [members[0].pk]}, "tournament_hosts": {"host": [members[0].pk]},
            "night_list": {"season": night.season_id, "title": "새 나이트", "round_minutes": 80,
                           "end_rule": "finish_hand"},
            "tournament_list": {"name": "몰래 만든 대회", "starts_on": "2026-12-05", "ruleset": ruleset.pk,
                                "rounds": 4, "round_minutes": 90, "end_rule": "finish_hand", "team_size": 1,
                                "seating": "balanced", "carry": "full", "withdrawal_policy": "keep"},
            "tournament_entrant_add": {"member": members[13].pk}, "tournament_entrant": {"action": "withdraw"},
            "tournament_round_seat": {"number": 2, "method": "balanced"},
            "tournament_penalty": {"member": members[0].pk, "points": "20", "reason": "지각"},
            "tournament_publish": {"public": "1"}, "tournament_table_action": {"minutes": "10", "reason": "x"},
            "tournament_table_scores": {f"t{table.pk}-score{i}": s for i, s in
                                        enumerate([40000, 30000, 20000, 10000])} | {f"t{table.pk}-sticks": 0},
            "table_manage": {"action": "extra", "minutes": "10", "reason": "x"},
            "visitor_admit": {"person": members[0].person_id, "night": night.pk},
            "casual_list": {"ruleset": ruleset.pk, "seat0": members[12].pk, "seat1": members[13].pk,
                            "seat2": members[14].pk, "seat3": members[15].pk},
            "team_league_list": {"name": "몰래 만든 팀 리그", "ruleset": ruleset.pk, "format": "m_league"},
            "team_league_stage": {"action": "schedule", "first_day": "2026-12-10T19:00"},
            "team_league_team_add": {"name": "몰래 만든 팀"},
            "team_league_team": {"member": members[15].pk, "role": "player"},
            "team_league_slot": {"member": teams[0].roster.last().member_id},
            "team_league_fixture": {"action": "seat"},
        },
        "secrets": [TOURNAMENT_NAME, NIGHT_TITLE, members[0].display_name, members[8].display_name, TEAM_LEAGUE_NAME],
    }


def _team_league(club, ruleset, admin_user, players):
    """A private team league: four teams of two, its first stage open, one match day with one table."""
    import datetime

    from django.utils import timezone

    from events.teams import services as teams

    league = teams.team_league_create(club=club, ruleset=ruleset, name=TEAM_LEAGUE_NAME, by=admin_user)
    made = []
    for k in range(4):
        team = teams.team_add(league=league, by=admin_user, name=f"비공개 팀 {k + 1}")
        for j in (0, 1):
            teams.roster_add(team=team, member=players[2 * k + j], by=admin_user, captain=j == 0,
                             joined_on=datetime.date(2026, 1, 1))
        made.append(team)
    stage = teams.stage_open(stage=league.stages.get(number=1), by=admin_user)
    day = teams.match_day_add(stage=stage, by=admin_user, starts_at=timezone.now() + datetime.timedelta(days=3))
    fixture = teams.fixture_add(match_day=day, teams=made, by=admin_user)
    return league, made, fixture.slots.get(team=made[0])


def _state() -> str:
    models = [*apps.get_app_config("events").get_models(),
              *(apps.get_model("league", name) for name in ("Game", "GameSeat", "Penalty", "Season", "HandRecord"))]
    return "".join(serializers.serialize("json", m.objects.order_by("pk")) for m in models)


def _visitors() -> dict[str, Client]:
    other_club = ClubFactory(public_standings=True)
    outsider = MemberFactory(club=other_club, user=UserFactory())
    other = Client(raise_request_exception=False)
    other.force_login(outsider.user)
    return {"anonymous": Client(raise_request_exception=False), "another-club": other}


def _refused(who: str, response, client=None) -> bool:
    location = response.get("Location", "") if response.status_code == HTTPStatus.FOUND else ""
    if location == "/":  # no page of its own above it: home, which names nothing of the club
        return True
    if client is not None and location and not location.startswith("/accounts/login/"):
        # a GET of a button's address goes to the button's page (issue 42 item 7), which must refuse in turn
        return _refused(who, client.get(location), client)
    if response.status_code in (HTTPStatus.FORBIDDEN, HTTPStatus.NOT_FOUND, HTTPStatus.METHOD_NOT_ALLOWED):
        return True
    return (who == "anonymous" and response.status_code == HTTPStatus.FOUND
            and response["Location"].startswith("/accounts/login/"))


def test_the_access_table_lists_every_events_url(private_club):
    assert set(private_club["urls"]) == events_url_names()


def test_the_clubs_admin_reads_every_page(private_club):
    admin = Client()
    admin.force_login(private_club["admin"])
    for name, args in private_club["urls"].items():
        if name not in POST_ONLY:
            assert admin.get(reverse(f"events:{name}", args=args)).status_code == HTTPStatus.OK, name


@pytest.mark.parametrize("who", ["anonymous", "another-club"])
def test_nobody_outside_a_private_club_reads_or_writes_any_events_url(private_club, who):
    client = _visitors()[who]
    before = _state()
    for name, args in sorted(private_club["urls"].items()):
        urls = [reverse(f"events:{name}", args=args)]
        if name in ("tournament_export", "team_league_export"):
            urls.append(reverse(f"events:{name}", args=[args[0], "xlsx"]))
        for url in urls:
            for method in ("get", "post"):
                data = private_club["post"].get(name, {}) if method == "post" else None
                response = getattr(client, method)(url, data)
                assert _refused(who, response, client if method == "get" else None), (method, name,
                                                                                         response.status_code)
                body = response.content.decode(errors="replace")
                leaked = [s for s in private_club["secrets"] if s in body]
                assert not leaked, (method, name, leaked)
    assert _state() == before, "a refused request changed something"


def test_a_private_clubs_tournament_is_private_by_default_and_a_public_clubs_public(private_club, ruleset):
    assert private_club["tournament"].public_results is False
    public_club = ClubFactory(public_standings=True)
    admin = MemberFactory(club=public_club, user=UserFactory())
    from tests.factories import ClubRoleFactory, RulesetFactory

    ClubRoleFactory(club=public_club, member=admin, role="admin")
    rs = RulesetFactory(club=public_club, key="juki-agit-2026", base="juki-agit-2026")
    assert make(public_club, rs, admin.user, name="공개 대회").public_results is True


@pytest.mark.parametrize("name", ["tournament_list", "tournament_detail", "tournament_results", "tournament_export",
                                  "tournament_board", "tournament_board_live"])
def test_results_made_public_are_open_to_everyone(private_club, name):
    tournament = private_club["tournament"]
    admin = Client()
    admin.force_login(private_club["admin"])
    admin.post(reverse("events:tournament_publish", args=[tournament.pk]), {"public": "1"})
    assert Tournament.objects.get(pk=tournament.pk).public_results
    args = private_club["urls"][name]
    for who, client in _visitors().items():
        response = client.get(reverse(f"events:{name}", args=args))
        assert response.status_code == HTTPStatus.OK, (who, name)
    # The club's nights stay private: the switch is the tournament's alone.
    assert _refused("anonymous", Client().get(reverse("events:night_detail", args=[private_club["night"].pk])))


def test_only_a_club_admin_turns_the_switch(private_club):
    tournament = private_club["tournament"]
    member = Client(raise_request_exception=False)
    member.force_login(private_club["members"][0].user)
    response = member.post(reverse("events:tournament_publish", args=[tournament.pk]), {"public": "1"})
    assert response.status_code in (HTTPStatus.FORBIDDEN, HTTPStatus.FOUND)
    assert not Tournament.objects.get(pk=tournament.pk).public_results


def _answer(response) -> tuple[int, str]:
    """What a prober reads of an answer: its status, and where a redirect sends them (the login page, or the page
    itself; its own address left out, since the prober typed it)."""
    location = response.get("Location", "") if response.status_code == HTTPStatus.FOUND else ""
    return response.status_code, location.split("?")[0]


@pytest.mark.parametrize("who", ["another-club", "anonymous"])
def test_an_outsider_probing_ids_gets_the_same_answer_for_a_real_and_a_missing_one(private_club, who):
    """Issue 35, item 4: a logged-in member of another club (and, issue 35's leftovers, an anonymous visitor)
    learns nothing from an events address (nor a table's live call box) by trying ids: another club's night,
    tournament, table, entrant or game answers exactly as an id that does not exist."""
    client = _visitors()[who]
    urls = [(f"events:{name}", args) for name, args in sorted(private_club["urls"].items())
            if isinstance(args[0], int)]
    urls.append(("league:referee_call_live", private_club["urls"]["game_live"]))
    walked, differ = 0, []
    for name, args in urls:
        real, missing = reverse(name, args=args), reverse(name, args=[args[0] + 1_000_000, *args[1:]])
        if name == "events:tournament_export":
            urls_pairs = [(real, missing), (real.replace(".csv", ".xlsx"), missing.replace(".csv", ".xlsx"))]
        else:
            urls_pairs = [(real, missing)]
        for a, b in urls_pairs:
            for method in ("get", "post"):
                data = private_club["post"].get(name.split(":")[1], {}) if method == "post" else None
                answers = [_answer(getattr(client, method)(u, data)) for u in (a, b)]
                walked += 1
                if answers[0] != answers[1]:
                    differ.append((method, a, answers))
    assert walked >= 60
    assert differ == [], "\n".join(map(str, differ))
