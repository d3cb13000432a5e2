"""What goes out for each change, Korean first (issue 27 item 3)."""
from __future__ import annotations

import pytest

from events.nights import services as night_services
from notify.models import Outbox
from tests.factories import CheckInFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def night_channel(club, admin, fake):
    from notify import services

    return services.channel_connect(club=club, kind="discord", secret=fake.webhook_url, by=admin,
                                    events=["round_seated", "night_ended"])


def test_a_seated_round_lists_every_table_with_winds(night, members, admin_user, night_channel, fake,
                                                     django_capture_on_commit_callbacks):
    CheckInFactory.for_members(night, members[:8])
    with django_capture_on_commit_callbacks(execute=True):
        rnd = night_services.round_seat(night=night, number=1, by=admin_user, seed=1)[0]
    [row] = Outbox.objects.filter(event="round_seated")
    assert row.status == Outbox.Status.SENT
    assert row.text.splitlines()[0] == f"**{night} · 1라운드 배정 (Round 1 seated)**"
    for table in rnd.tables.all():
        east = table.game.seat_set.get(seat=0).member.display_name
        assert f"{table.label}번 테이블: 동 {east} · 남 " in row.text
    assert "제한 시간 80분" in row.text
    assert len(fake.posted) == 1


def test_a_closed_night_sends_tonights_results(night, admin_user, night_channel, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        night_services.night_close(night=night, by=admin_user)
        night_services.night_close(night=night, by=admin_user)  # closing twice: one message
    [row] = Outbox.objects.filter(event="night_ended")
    assert "종료 (Night ended)" in row.text
    assert "완료된 대국이 없습니다." in row.text


def test_a_penalty_goes_out_when_chosen(game, club, admin, referee, fake, django_capture_on_commit_callbacks):
    from league.referee import services as referee_services
    from notify import services

    services.channel_connect(club=club, kind="discord", secret=fake.webhook_url, by=admin, events=["penalty_given"])
    member = game.seat_set.get(seat=1).member
    with django_capture_on_commit_callbacks(execute=True):
        referee_services.penalty_give(member=member, type="yellow_card", reason="지연 행위", by=referee.user, game=game)
    [row] = Outbox.objects.filter(event="penalty_given")
    assert row.text.startswith(f"**벌칙 (Penalty given)**\n{member.display_name}: ")
    assert "사유: 지연 행위" in row.text


def test_a_tournament_sends_its_rounds_its_cut_and_its_results(club, ruleset, members, admin_user, fake,
                                                               django_capture_on_commit_callbacks):
    from events.tournaments import services as tournament_services
    from notify import services
    from tests.events.test_tournaments import enter_all, finish_round, make

    services.channel_connect(club=club, kind="discord", secret=fake.webhook_url, by=admin_user,
                             events=["tournament_round_seated", "tournament_cut", "tournament_results"])
    tournament = make(club, ruleset, admin_user, rounds=2, cut_after=1, cut_to=4)
    enter_all(tournament, members[:8], admin_user)
    with django_capture_on_commit_callbacks(execute=True):
        first = tournament_services.round_seat(tournament=tournament, number=1, by=admin_user, seed=1)[0]
        finish_round(first, admin_user)
        second = tournament_services.round_seat(tournament=tournament, number=2, by=admin_user, seed=1)[0]
        finish_round(second, admin_user)
        tournament_services.tournament_finish(tournament=tournament, by=admin_user)
    rows = list(Outbox.objects.order_by("id").values_list("event", flat=True))
    assert rows == ["tournament_round_seated", "tournament_cut", "tournament_round_seated", "tournament_results"]
    cut = Outbox.objects.get(event="tournament_cut")
    tournament.refresh_from_db()
    assert "컷 통과 4명" in cut.text
    assert len(tournament.finalists) == 4
    results = Outbox.objects.get(event="tournament_results").text
    assert results.splitlines()[0] == f"**{tournament.name} · 최종 결과 (Final results)**"
    assert results.splitlines()[1].startswith("1위 ")
    assert len(fake.posted) == 4
    assert all(r.status == Outbox.Status.SENT for r in Outbox.objects.all())
