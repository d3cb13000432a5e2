"""Issue 25 item 8: the audit log of club nights and tournaments in Korean words, not code words or JSON
(`status "running" → "finished"`, `sitting_out`, `finalists`, `null`, "테이블 테이블")."""
from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from events.nights import services as night_services
from events.tournaments import services as tournament_services
from tests.events.test_tournaments import enter_all, finish_round, make

pytestmark = pytest.mark.django_db


def _log(club, user) -> str:
    client = Client()
    client.force_login(user)
    page = client.get(reverse("league:audit_log", args=[club.slug]), HTTP_ACCEPT_LANGUAGE="ko").content.decode()
    table = page.split('data-testid="audit">')[1].split("</table>")[0]
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", table)).split())  # what a person reads: no tags


@pytest.fixture
def night_logged(night, members, admin_user):
    for m in members[:5]:  # five present: one table, one sits out
        night_services.check_in(night=night, member=m, by=admin_user)
    night_services.round_seat(night=night, number=1, by=admin_user, seed=1)
    night_services.check_in(night=night, member=members[5], by=admin_user)
    night_services.leave(night=night, member=members[5], by=admin_user)
    return night


@pytest.fixture
def tournament_logged(club, ruleset, members, admin_user):
    tournament = make(club, ruleset, admin_user, rounds=2, cut_after=1, cut_to=4)
    enter_all(tournament, members[8:], admin_user)
    rnd, _ = tournament_services.round_seat(tournament=tournament, number=1, by=admin_user, seed=1)
    finish_round(rnd, admin_user)
    final, _ = tournament_services.round_seat(tournament=tournament, number=2, by=admin_user)
    finish_round(final, admin_user)
    tournament_services.tournament_finish(tournament=tournament, by=admin_user)
    return tournament


CODE_WORDS = ["sitting_out", "still_playing", "finalists", "after_round", "round_minutes", "end_rule", "checked_in",
              "extra_minutes", "present", "status", "running", "finished", "null", "true", "false", "club_night",
              "check_in", "night_round", "tournament_round", "tournament_table", "entrant", '"', "[[", "{"]


def test_the_night_and_tournament_log_is_in_korean_words(night_logged, tournament_logged, club, members, admin_user):
    text = _log(club, admin_user)
    assert [code for code in CODE_WORDS if code in text] == []
    assert "테이블 테이블" not in text
    assert "상태 진행 중 → 종료" in text  # the tournament's status, in words
    assert "쉬는 사람" in text
    assert "결승 진출" in text
    assert "클럽 나이트 등록" in text
    assert "대회 수정" in text
    assert members[5].display_name in text
    assert re.findall(r"[A-Za-z]{3,}", text) == []


def test_channels_calls_time_ends_and_members_are_logged_in_korean_words(club, game, members, admin_user, referee,
                                                                         settings):
    """Issue 42 item 9: "notify_channel 등록" with kind/label/secret/events and discord, round_seated, game_ended;
    "referee_call 등록/수정" with acknowledged, note, reason "chombo"; a time end's reason "time"; a member's
    merged_into and roles — each in Korean words."""
    from club import services as club_services
    from league.games import services as game_services
    from league.members.services import member_merge
    from league.referee import calls
    from notify import services as notify_services

    settings.NOTIFY_DISCORD_WEBHOOK_PREFIXES = ("https://discord.com/api/webhooks/",)
    notify_services.channel_connect(club=club, kind="discord", by=admin_user,
                                    secret="https://discord.com/api/webhooks/1234567890/abcdefghijklmnopqrstuvwxyz01",
                                    events=["round_seated", "game_ended"])
    call, _ = calls.referee_call(game=game, reason="chombo", by=referee.user, note="확인 부탁")
    calls.referee_call_acknowledge(call=call, by=referee.user)
    game_services.game_end(game=game, reason="time", by=admin_user)
    club_services.member_set_roles(member=members[0], roles=["host"], by=admin_user)
    from tests.factories import MemberFactory

    member_merge(source=MemberFactory(club=club, user=None, display_name="중복 손님"), target=members[2], by=admin_user)
    text = _log(club, admin_user)
    codes = ["notify_channel", "referee_call", "kind", "label", "secret", "events", "discord", "round_seated",
             "game_ended", "acknowledged", "note", "chombo", "merged_into", "roles", "host", "user", "moved",
             "seats", "penalties", "rulings_received", "target", "club"]
    assert [code for code in codes if re.search(rf"\b{code}\b", text)] == []
    assert "알림 채널 등록" in text
    assert "심판 호출" in text
    assert "시간 종료" in text
