"""Club-night services, as the club runs a night: check-in, rounds, leavers, extra time, permissions."""
from __future__ import annotations

import datetime
import itertools
from collections import Counter

import pytest
from django.core.exceptions import PermissionDenied
from django.utils import timezone

from core.models import AuditEntry
from events.models import CheckIn, NightRound, NightTable
from events.nights import services
from events.nights.services import NightRefused, Refusal
from league.games import services as game_services
from league.models import Game, GameSeat
from tests.factories import CheckInFactory, ClubFactory, MemberFactory, SeasonFactory, UserFactory
from tests.league.events import ron

pytestmark = pytest.mark.django_db




def seated(rnd: NightRound) -> list[list[int]]:
    return [list(t.game.seat_set.order_by("seat").values_list("member_id", flat=True)) for t in rnd.tables.all()]


def finish(game: Game) -> None:
    """End a game at once: a yakuman ron off East (Juki: below zero ends the game)."""
    game_services.hand_record(game=game, position=0, event={"kind": "ron", "loser": 0, "riichi": [],
                                "wins": [{"winner": 1, "yakuman": 1}]}, by=None)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED


# --- check-in --------------------------------------------------------------------------------
def test_checking_in_twice_is_harmless(night, members):
    member = members[0]
    first, created = services.check_in(night=night, member=member, by=member.user)
    again, created_again = services.check_in(night=night, member=member, by=member.user)
    assert created
    assert not created_again
    assert first.pk == again.pk
    assert CheckIn.objects.filter(night=night).count() == 1
    assert AuditEntry.objects.filter(object_type="check_in").count() == 1


def test_a_member_checks_only_themself_in(night, members):
    with pytest.raises(PermissionDenied):
        services.check_in(night=night, member=members[1], by=members[0].user)


def test_the_desk_checks_anyone_in(night, members, referee_user):
    _, created = services.check_in(night=night, member=members[1], by=referee_user)
    assert created


@pytest.mark.parametrize("case", ["other club", "inactive"])
def test_only_active_members_of_the_club_check_in(night, case, admin_user):
    member = MemberFactory(club=ClubFactory()) if case == "other club" else MemberFactory(club=night.club,
                                                                                        active=False)
    with pytest.raises(NightRefused):
        services.check_in(night=night, member=member, by=admin_user)


def test_a_closed_night_takes_no_check_in(night, members, admin_user):
    services.night_close(night=night, by=admin_user)
    with pytest.raises(NightRefused) as info:
        services.check_in(night=night, member=members[0], by=admin_user)
    assert info.value.refusal == Refusal.CLOSED


# --- rounds ---------------------------------------------------------------------------------
def test_fourteen_present_with_a_sanma_season_play_two_fours_and_two_threes(night, members, admin_user):
    CheckInFactory.for_members(night, members[:14])
    rnd, created = services.round_seat(night=night, number=1, by=admin_user, seed=1)
    assert created
    sizes = sorted(t.game.seats for t in rnd.tables.all())
    assert sizes == [3, 3, 4, 4]
    assert rnd.sitting_out == []
    for t in rnd.tables.all():
        assert t.game.season == (night.season if t.game.seats == 4 else night.sanma_season)
    everyone = [m for table in seated(rnd) for m in table]
    assert sorted(everyone) == sorted(m.pk for m in members[:14])


def test_fourteen_present_without_a_sanma_season_two_sit_out_in_turn(night_no_sanma, members, admin_user):
    night = night_no_sanma
    CheckInFactory.for_members(night, members[:14])
    outs: Counter = Counter()
    for number in (1, 2, 3):
        rnd, _ = services.round_seat(night=night, number=number, by=admin_user, seed=number)
        assert len(rnd.sitting_out) == 2
        assert all(len(t) == 4 for t in seated(rnd))
        outs.update(rnd.sitting_out)
        for t in rnd.tables.all():
            finish(t.game)
    assert max(outs.values()) == 1  # nobody sits out twice while others have not sat out


def test_the_next_round_avoids_opponents_met_tonight(night_no_sanma, members, admin_user):
    night = night_no_sanma
    CheckInFactory.for_members(night, members)
    first, _ = services.round_seat(night=night, number=1, by=admin_user, seed=3)
    for t in first.tables.all():
        finish(t.game)
    second, _ = services.round_seat(night=night, number=2, by=admin_user, seed=4)
    met = {frozenset(p) for t in seated(first) for p in itertools.combinations(t, 2)}
    again = {frozenset(p) for t in seated(second) for p in itertools.combinations(t, 2)}
    assert not met & again


def test_a_round_seated_twice_gives_one_round(night, members, admin_user, referee_user):
    CheckInFactory.for_members(night, members[:8])
    rnd, created = services.round_seat(night=night, number=1, by=admin_user)
    same, created_again = services.round_seat(night=night, number=1, by=referee_user)
    assert created
    assert not created_again
    assert same.pk == rnd.pk
    assert NightRound.objects.filter(night=night).count() == 1
    assert Game.objects.count() == 2


def test_a_screen_out_of_date_cannot_skip_a_round(night, members, admin_user):
    CheckInFactory.for_members(night, members[:8])
    with pytest.raises(NightRefused) as info:
        services.round_seat(night=night, number=2, by=admin_user)
    assert info.value.refusal == Refusal.OUT_OF_DATE


@pytest.mark.parametrize(("present", "sanma", "seatable"), [
    (2, True, False), (3, True, True), (3, False, False), (4, False, True),
], ids=["2-with-sanma", "3-with-sanma", "3-without-sanma", "4-without-sanma"])
def test_seating_with_too_few_present(request, members, admin_user, present, sanma, seatable):
    night = request.getfixturevalue("night" if sanma else "night_no_sanma")
    CheckInFactory.for_members(night, members[:present])
    if seatable:
        rnd, _ = services.round_seat(night=night, number=1, by=admin_user)
        assert sum(len(t) for t in seated(rnd)) == present
    else:
        with pytest.raises(NightRefused) as info:
            services.round_seat(night=night, number=1, by=admin_user)
        assert info.value.refusal == Refusal.TOO_FEW
        assert NightRound.objects.count() == 0
        assert Game.objects.count() == 0


def test_a_member_is_never_seated_at_two_tables(night_no_sanma, members, admin_user):
    night = night_no_sanma
    CheckInFactory.for_members(night, members[:8])
    first, _ = services.round_seat(night=night, number=1, by=admin_user)
    still, done = list(first.tables.all())
    finish(done.game)
    services.check_in(night=night, member=members[8], by=admin_user)  # a late arrival makes 5 free
    second, _ = services.round_seat(night=night, number=2, by=admin_user)
    playing = set(still.game.seat_set.values_list("member_id", flat=True))
    now = {m for t in seated(second) for m in t}
    assert not playing & now
    assert members[8].pk in now | set(second.sitting_out)
    assert len(now) == 4


def test_a_late_arrival_joins_the_next_round(night_no_sanma, members, admin_user):
    night = night_no_sanma
    CheckInFactory.for_members(night, members[:4])
    first, _ = services.round_seat(night=night, number=1, by=admin_user)
    finish(first.tables.get().game)
    CheckInFactory.for_members(night, members[4:8])
    second, _ = services.round_seat(night=night, number=2, by=admin_user)
    assert {m for t in seated(second) for m in t} == {m.pk for m in members[:8]}


def test_a_leaver_is_dropped_from_later_rounds(night_no_sanma, members, admin_user):
    night = night_no_sanma
    CheckInFactory.for_members(night, members[:9])
    first, _ = services.round_seat(night=night, number=1, by=admin_user)
    for t in first.tables.all():
        finish(t.game)
    services.leave(night=night, member=members[0], by=members[0].user)
    second, _ = services.round_seat(night=night, number=2, by=admin_user)
    assert members[0].pk not in {m for t in seated(second) for m in t} | set(second.sitting_out)


def test_leaving_mid_game_is_refused_until_the_seat_is_settled(night_no_sanma, members, admin_user):
    night = night_no_sanma
    CheckInFactory.for_members(night, members[:4])
    rnd, _ = services.round_seat(night=night, number=1, by=admin_user)
    player = rnd.tables.get().game.seat_set.first().member
    with pytest.raises(NightRefused) as info:
        services.leave(night=night, member=player, by=admin_user)
    assert info.value.refusal == Refusal.PLAYING
    assert CheckIn.objects.get(night=night, member=player).present


def test_a_leaver_mid_game_cancels_the_game_and_keeps_its_hands(night_no_sanma, members, admin_user):
    night = night_no_sanma
    CheckInFactory.for_members(night, members[:4])
    rnd, _ = services.round_seat(night=night, number=1, by=admin_user)
    table = rnd.tables.get()
    game_services.hand_record(game=table.game, position=0, event=ron(1, loser=2), by=None)
    leaver = table.game.seat_set.get(seat=2).member
    services.table_cancel(table=table, leaving=leaver, by=admin_user, reason="급한 일로 귀가")
    table.game.refresh_from_db()
    assert table.game.status == Game.Status.CANCELLED
    assert table.game.hands.count() == 1
    assert not CheckIn.objects.get(night=night, member=leaver).present


def test_a_substitute_takes_the_seat_and_its_score(night_no_sanma, members, admin_user):
    night = night_no_sanma
    CheckInFactory.for_members(night, members[:5])
    rnd, _ = services.round_seat(night=night, number=1, by=admin_user)
    table = rnd.tables.get()
    game_services.hand_record(game=table.game, position=0, event=ron(1, loser=2, han=3), by=None)
    leaver = table.game.seat_set.get(seat=2).member
    sub = next(m for m in members[:5] if m.pk in rnd.sitting_out)
    services.seat_substitute(table=table, leaving=leaver, substitute=sub, by=admin_user, reason="컨디션 난조")
    assert GameSeat.objects.get(game=table.game, seat=2).member == sub
    assert table.game.hands.count() == 1
    assert table.game.status == Game.Status.IN_PROGRESS
    assert not CheckIn.objects.get(night=night, member=leaver).present
    entry = AuditEntry.objects.filter(object_type="game", object_id=str(table.game.pk), action="edit").get()
    assert entry.before["member"] == leaver.pk
    assert entry.after["member"] == sub.pk


def test_a_substitute_playing_elsewhere_is_refused(night_no_sanma, members, admin_user):
    night = night_no_sanma
    CheckInFactory.for_members(night, members[:8])
    rnd, _ = services.round_seat(night=night, number=1, by=admin_user)
    a, b = list(rnd.tables.all())
    with pytest.raises(NightRefused) as info:
        services.seat_substitute(table=a, leaving=a.game.seat_set.first().member,
                                 substitute=b.game.seat_set.first().member, by=admin_user, reason="교대")
    assert info.value.refusal == Refusal.PLAYING


# --- timers ---------------------------------------------------------------------------------
def test_a_referee_gives_one_table_extra_time(night, members, admin_user, referee_user):
    CheckInFactory.for_members(night, members[:8])
    rnd, _ = services.round_seat(night=night, number=1, by=admin_user)
    a, b = list(rnd.tables.all())
    services.table_extra_time(table=a, minutes=10, by=referee_user, reason="판정 지연")
    a.refresh_from_db()
    b.refresh_from_db()
    assert a.ends_at - b.ends_at == datetime.timedelta(minutes=10)
    assert b.ends_at == rnd.seated_at + datetime.timedelta(minutes=80)


@pytest.mark.parametrize("minutes", [0, -5, 121])
def test_extra_time_must_be_sensible(night, members, admin_user, minutes):
    CheckInFactory.for_members(night, members[:4])
    rnd, _ = services.round_seat(night=night, number=1, by=admin_user)
    with pytest.raises(NightRefused):
        services.table_extra_time(table=rnd.tables.get(), minutes=minutes, by=admin_user)


# --- permissions -----------------------------------------------------------------------------
@pytest.mark.parametrize(("who", "allowed"),
                         [("admin", True), ("referee", True), ("member", False), ("outsider", False)])
def test_who_seats_a_round(night, members, admin_user, referee_user, who, allowed):
    CheckInFactory.for_members(night, members[:4])
    user = {"admin": admin_user, "referee": referee_user, "member": members[0].user,
            "outsider": UserFactory()}[who]
    if allowed:
        assert services.round_seat(night=night, number=1, by=user)[1]
    else:
        with pytest.raises(PermissionDenied):
            services.round_seat(night=night, number=1, by=user)


@pytest.mark.parametrize(("who", "allowed"), [("admin", True), ("referee", False), ("member", False)])
def test_who_opens_a_night(club, season, members, admin_user, referee_user, who, allowed):
    user = {"admin": admin_user, "referee": referee_user, "member": members[0].user}[who]
    if allowed:
        assert services.night_open(club=club, season=season, by=user).is_open
    else:
        with pytest.raises(PermissionDenied):
            services.night_open(club=club, season=season, by=user)


def test_a_night_needs_a_four_player_season_and_a_three_player_sanma_season(club, season, sanma_season, admin_user):
    with pytest.raises(NightRefused):
        services.night_open(club=club, season=sanma_season, by=admin_user)
    with pytest.raises(NightRefused):
        services.night_open(club=club, season=season, sanma_season=season, by=admin_user)
    with pytest.raises(NightRefused):
        services.night_open(club=club, season=SeasonFactory(), by=admin_user)


def test_every_write_is_audited(night, members, admin_user):
    for m in members[:4]:
        services.check_in(night=night, member=m, by=admin_user)
    rnd, _ = services.round_seat(night=night, number=1, by=admin_user)
    services.table_extra_time(table=rnd.tables.get(), minutes=5, by=admin_user)
    kinds = Counter(AuditEntry.objects.values_list("object_type", flat=True))
    assert kinds["club_night"] == 1
    assert kinds["check_in"] == 4
    assert kinds["night_round"] == 1
    assert kinds["night_table"] == 1
    assert kinds["game"] == 1
    assert NightTable.objects.count() == 1
    assert timezone.now() >= rnd.seated_at
