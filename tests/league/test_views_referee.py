"""Referee screens: penalties by the ruleset's tiers, cancel, season deductions, lists."""
from __future__ import annotations

import html
from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse

from league.games import services as game_services
from league.models import HandRecord, Penalty, PenaltyKind
from league.referee import services as referee_services
from tests.factories import MemberFactory, RulesetFactory, SeasonFactory, UserFactory

pytestmark = pytest.mark.django_db


def _client(member) -> Client:
    c = Client()
    c.force_login(member.user)
    return c


def test_referee_gives_a_yellow_card_in_game(game, players, referee):
    url = reverse("league:game_penalties", args=[game.pk])
    data = {"member": players[2].pk, "type": "yellow_card", "reason": "콜 실수"}
    assert _client(referee).post(url, data).status_code == HTTPStatus.FOUND
    penalty = Penalty.objects.get()
    assert penalty.type == PenaltyKind.YELLOW_CARD
    assert penalty.hand_record.event == {
        "kind": "penalty", "player": 2, "type": "yellow_card"}


@pytest.mark.parametrize(
    ("base", "offered", "not_offered"),
    [("juki-agit-2026", ["expulsion", "yellow_card", "verbal_warning", "declaration_void", "chombo"],
      ["penalty_point", "deliberate_chombo"]),
     ("asi-shirai", ["penalty_point", "agari_forbidden", "chombo", "deliberate_chombo"],
      ["yellow_card", "expulsion"])],
    ids=["juki_five_tiers", "asi_three_tiers_and_deliberate_chombo"],
)
def test_penalty_tiers_follow_the_ruleset(club, players, referee, base, offered, not_offered):
    season = SeasonFactory(club=club, ruleset=RulesetFactory(club=club, key=base, base=base))
    game = game_services.game_start(season=season, members=players, by=referee.user)
    page = _client(referee).get(reverse("league:game_penalties", args=[game.pk])).content.decode()
    for kind in offered:
        assert f'value="{kind}"' in page
    for kind in not_offered:
        assert f'value="{kind}"' not in page


def test_penalty_needs_a_reason(game, players, referee):
    response = _client(referee).post(reverse("league:game_penalties", args=[game.pk]),
                                     {"member": players[2].pk, "type": "chombo", "reason": ""})
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert not Penalty.objects.exists()


def test_player_cannot_give_penalties(game, players):
    client = _client(players[0])
    url = reverse("league:game_penalties", args=[game.pk])
    assert client.get(url).status_code == HTTPStatus.OK  # the list is visible to members
    response = client.post(url, {"member": players[2].pk, "type": "chombo", "reason": "x"})
    assert response.status_code == HTTPStatus.FORBIDDEN
    assert not Penalty.objects.exists()


def test_cancel_a_penalty_with_a_reason_removes_its_event(game, players, referee):
    penalty = referee_services.penalty_give(member=players[1], type="chombo", reason="노텐 리치", by=referee.user,
                                            game=game)
    url = reverse("league:penalty_cancel", args=[penalty.pk])
    assert _client(referee).get(url).status_code == HTTPStatus.OK
    assert _client(referee).post(url, {"reason": "오심"}).status_code == HTTPStatus.FOUND
    penalty.refresh_from_db()
    assert penalty.cancelled_at is not None
    assert penalty.cancel_reason == "오심"
    assert not HandRecord.objects.filter(game=game).exists()


def test_host_cannot_cancel_a_penalty(game, players, referee, host):
    penalty = referee_services.penalty_give(member=players[1], type="chombo", reason="x", by=referee.user, game=game)
    response = _client(host).post(reverse("league:penalty_cancel", args=[penalty.pk]), {"reason": "y"})
    assert response.status_code == HTTPStatus.FORBIDDEN


def test_season_deduction_and_lists(season, players, club_admin, game, referee):
    url = reverse("league:season_penalties", args=[season.club.slug, season.pk])
    response = _client(club_admin).post(url, {"member": players[3].pk, "points": "10.0", "reason": "무단 불참"})
    assert response.status_code == HTTPStatus.FOUND
    assert Penalty.objects.get().type == PenaltyKind.SEASON_DEDUCTION
    member_page = _client(players[0]).get(reverse("league:member_penalties", args=[season.club.slug, players[3].pk]))
    assert member_page.status_code == HTTPStatus.OK
    assert "무단 불참" in member_page.content.decode()
    audit = _client(referee).get(reverse("league:audit_log", args=[season.club.slug]))
    assert "무단 불참" in audit.content.decode()
    # the audit log is for referees and admins (issue 9, item 20)
    as_a_player = _client(players[0]).get(reverse("league:audit_log", args=[season.club.slug]))
    assert as_a_player.status_code == HTTPStatus.FORBIDDEN


def test_anonymous_referee_screen_goes_to_login(game):
    response = Client().get(reverse("league:game_penalties", args=[game.pk]))
    assert response.status_code == HTTPStatus.FOUND
    assert reverse("login") in response["Location"]


def test_login_page_renders():
    assert Client().get(reverse("login")).status_code == HTTPStatus.OK


def test_outsider_season_list_forbidden(season):
    outsider = MemberFactory(user=UserFactory())
    response = _client(outsider).get(reverse("league:season_penalties", args=[season.club.slug, season.pk]))
    assert response.status_code == HTTPStatus.FORBIDDEN


def test_audit_log_names_objects_and_actions_in_korean(game, players, referee):
    """Stored keys ("hand", "edit", ...) are shown as words of the page's language."""
    hand = game_services.hand_record(game=game, position=0, event={"kind": "draw", "tenpai": []}, by=referee.user)
    game_services.hand_edit(hand=hand, event={"kind": "draw", "tenpai": [0]}, by=referee.user, reason="텐파이 정정")
    penalty = referee_services.penalty_give(member=players[1], type="chombo", reason="노텐 리치", by=referee.user,
                                            game=game)
    url = reverse("league:audit_log", args=[game.club.slug])
    page = _client(referee).get(url, HTTP_ACCEPT_LANGUAGE="ko").content.decode()
    # In words, without internal ids (issue 9, item 20).
    assert "국 기록 수정" in page
    assert "국 기록 등록" in page
    assert "대국 등록" in page
    assert "벌칙 등록" in page
    for stored in (f"#{hand.pk}", f"#{game.pk}", f"#{penalty.pk}", "Create", "Edit"):
        assert stored not in page
    english = _client(referee).get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "hand edited" in english
    assert "game created" in english


def test_audit_label_of_an_unknown_type_shows_as_stored():
    from league.web.templatetags.mahjong import audit_action, audit_object

    assert audit_object("import_batch") == "import_batch"
    assert audit_action("merge") == "merge"


def test_audit_log_shows_an_edit_as_the_fields_it_changed(game, referee):
    hand = game_services.hand_record(game=game, position=0, event={"kind": "draw", "tenpai": []}, by=referee.user)
    game_services.hand_edit(hand=hand, event={"kind": "draw", "tenpai": [0]}, by=referee.user, reason="텐파이 정정")
    url = reverse("league:audit_log", args=[game.club.slug])

    page = _client(referee).get(url, HTTP_ACCEPT_LANGUAGE="ko").content.decode()

    # The edit in words (before → after, with the players' names), not the stored JSON (issue 9, item 20).
    name = game.seat_set.get(seat=0).member.display_name
    assert f"유국 · 전원 노텐 → 유국 · 텐파이: {name}" in html.unescape(page)
    assert "&quot;kind&quot;" not in page
    assert "'kind'" not in page


@pytest.mark.parametrize(
    ("before", "after", "expected"),
    [
        ({"a": 1, "b": 2}, {"a": 1, "b": 3}, (("b", "2", "3"),)),
        (None, {"a": "국"}, (("a", "", "국"),)),
        ({"a": [1]}, None, (("a", "1", ""),)),
        (None, None, ()),
        ({"status": "running"}, {"status": "finished"}, (("상태", "진행 중", "종료"),)),
        ({"scores": None, "present": False}, {"scores": [40000, 30000], "present": True},
         (("점수", "—", "40,000, 30,000"), ("출석", "아니오", "예"))),
    ],
    ids=["an edit lists only changed fields", "a creation lists what was created, without quotes",
         "a deletion lists what was deleted, without brackets", "nothing recorded, nothing shown",
         "codes in words", "no null or true, scores with commas"],
)
def test_audit_changes(before, after, expected):
    from types import SimpleNamespace

    from league.web.templatetags.mahjong import audit_changes

    assert audit_changes(SimpleNamespace(before=before, after=after)) == expected
