"""Issue 9, item 20: the audit log in words and local times, for referees and admins only; no English
or Python left in the Korean UI (the standings CSV, plurals, a missing reason)."""
from __future__ import annotations

import csv
import datetime
import html
import io
from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from core.models import AuditEntry
from league.games import services as game_services
from league.web.standings.tables import export_bytes
from tests.factories import MemberFactory, UserFactory

pytestmark = pytest.mark.django_db


def _client(member) -> Client:
    c = Client()
    c.force_login(member.user)
    return c


def _audit(client, club, lang="ko"):
    return client.get(reverse("league:audit_log", args=[club.slug]), HTTP_ACCEPT_LANGUAGE=lang)


# --- the audit log ------------------------------------------------------------------------------
@pytest.fixture
def logged(game, players, referee):
    game_services.hand_record(game=game, position=0, event={"kind": "draw", "tenpai": [1]}, by=players[0].user)
    game_services.hand_record(game=game, position=1, event={"kind": "draw", "tenpai": []}, by=players[0].user)
    game_services.hand_undo_last(game=game, by=players[0].user, position=1)
    # a known moment: 2026-12-01 08:30 UTC is 17:30 in Seoul
    AuditEntry.objects.filter(club=game.club).update(at=datetime.datetime(2026, 12, 1, 8, 30, tzinfo=datetime.UTC))
    return game


def test_audit_log_in_words_and_local_times(logged, players, referee):
    text = html.unescape(_audit(_client(referee), logged.club).content.decode())
    assert "2026-12-01 17:30" in text
    assert "08:30" not in text  # Asia/Seoul, not UTC
    assert "T08:30" not in text
    assert "+00:00" not in text
    assert "Z<" not in text  # no ISO times
    assert f"테이블 A: {', '.join(p.display_name for p in players)}" in text  # the game in words
    assert "국 기록 되돌림" in text
    assert "마지막 국을 되돌렸습니다" in text  # not "undo"
    assert ">undo<" not in text
    assert "undo" not in text.split('<table class="grid audit"')[1]
    assert players[0].display_name in text  # who: the member's name
    for entry in AuditEntry.objects.filter(club=logged.club):
        assert f"#{entry.object_id}" not in text  # no internal ids


def test_audit_log_readable_only_by_referees_and_admins(logged, players, club_admin, referee, host):
    assert _audit(_client(referee), logged.club).status_code == HTTPStatus.OK
    assert _audit(_client(club_admin), logged.club).status_code == HTTPStatus.OK
    for member in (players[0], host, MemberFactory(club=logged.club, user=UserFactory())):
        response = _audit(_client(member), logged.club)
        assert response.status_code == HTTPStatus.FORBIDDEN
        assert "감사 기록은 클럽 심판과 관리자만" in html.unescape(response.content.decode())  # a readable page
    anonymous = Client().get(reverse("league:audit_log", args=[logged.club.slug]))
    assert anonymous.status_code == HTTPStatus.FOUND
    assert "/login/" in anonymous["Location"]


def test_audit_log_link_only_for_referees_and_admins(logged, players, referee):
    url = reverse("league:game_detail", args=[logged.pk])
    assert "/audit/" not in _client(players[0]).get(url).content.decode()
    assert "/audit/" in _client(referee).get(url).content.decode()
    assert "/audit/" not in _client(players[0]).get(reverse("home")).content.decode()


def test_audit_log_stored_times_in_local_time():
    from types import SimpleNamespace

    from league.web.templatetags.mahjong import audit_changes

    entry = SimpleNamespace(before=None, after={"id": 7, "season": 3, "starts_at": "2026-12-01T08:30:00Z"})
    assert audit_changes(entry) == (("시작 시각", "", "2026-12-01 17:30"),)  # no ids, the club's time


# --- the standings CSV, plurals ------------------------------------------------------------------
def test_standings_csv_has_no_true_column():
    rows = [{"rank": 1, "name": "가", "qualified": True}, {"rank": None, "name": "나", "qualified": False}]
    with translation.override("ko"):
        text = export_bytes(rows, "csv").decode("utf-8-sig")
    header, *body = list(csv.reader(io.StringIO(text)))
    assert [r[-1] for r in body] == ["예", "아니오"]
    assert "True" not in text
    assert "False" not in text


@pytest.mark.parametrize(("n", "lang", "words"), [
    (1, "en", "ranked from 1 game"), (3, "en", "ranked from 3 games"), (1, "ko", "1대국부터 순위 대상")])
def test_ranked_from_n_games_is_pluralised(season, club_admin, n, lang, words):
    season.min_games = n
    season.save()
    text = _client(club_admin).get(reverse("standings:season", args=[season.pk]), HTTP_ACCEPT_LANGUAGE=lang)
    text = html.unescape(text.content.decode())
    assert words in text
    if n == 1:
        assert "1 games" not in text


# --- a missing reason ----------------------------------------------------------------------------
def test_missing_edit_reason_has_a_specific_korean_message(game, referee):
    game_services.hand_record(game=game, position=0, event={"kind": "draw", "tenpai": []}, by=None)
    response = _client(referee).post(reverse("league:hand_edit", args=[game.pk, 0]), {
        "position": 0, "kind": "draw", "draw_tenpai": ["1"], "reason": "", "action": "save"},
        HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    text = html.unescape(response.content.decode())
    assert "사유를 적어 주세요" in text
    assert "이 필드는 필수 항목입니다" not in text


@pytest.mark.parametrize(
    ("label", "expected"),
    [
        pytest.param("1라운드 · 1번 테이블", "최하늘 (1라운드 · 1번 테이블)", id="a-label-that-says-table-once"),
        pytest.param("A", "최하늘 (테이블 A)", id="a-bare-label-gets-테이블"),
    ],
)
def test_the_seated_elsewhere_refusal_is_korean(label, expected):
    from league.games.errors import SeatedElsewhere

    with translation.override("ko"):
        message = SeatedElsewhere([("최하늘", label, 7)]).messages[0]
    assert message == f"이미 진행 중인 대국에 앉아 있습니다: {expected}. 그 대국을 먼저 끝내거나 취소하세요."
    assert "테이블 테이블" not in message
    assert "Already" not in message


# --- issue 25 item 7: a penalty is named by its hand, not counted as one -------------------------------
def test_the_log_names_hands_by_round_and_a_penalty_by_its_hand(game, players, referee):
    from league.referee import services as referee_services

    # East 1: the dealer alone is tenpai (renchan, 1 honba); a chombo; then East 1 1 honba is drawn all noten.
    game_services.hand_record(game=game, position=0, event={"kind": "draw", "tenpai": [0]}, by=players[0].user)
    referee_services.penalty_give(member=players[1], type="chombo", reason="노텐 리치", by=referee.user, game=game)
    game_services.hand_record(game=game, position=2, event={"kind": "draw", "tenpai": []}, by=players[0].user)
    text = html.unescape(_audit(_client(referee), game.club).content.decode())
    assert "번째 국" not in text
    assert "테이블 A 동 1국: 유국" in text
    assert "테이블 A 동 1국 1본장: 유국 · 전원 노텐" in text
    assert f"{players[1].display_name} · 촌보" in text
    assert "테이블 A 동 1국 1본장" in text
