"""Club management services: members, roles, merging duplicates, invites, join and rename requests."""
from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from club import services
from club.error_codes import ClubErrorCode as Code
from club.models import ClubRole, Invite, Member, Request
from core.models import AuditEntry
from league.games import services as game_services
from league.members import services as member_services
from league.models import GameSeat, Penalty
from league.referee import services as referee_services
from tests.factories import MemberFactory, UserFactory

pytestmark = pytest.mark.django_db


def _code(exc_info) -> str:
    return exc_info.value.code


def test_admin_adds_a_member_with_roles_and_it_is_audited(club, club_admin):
    member = services.member_add(club=club, display_name="  김  민준 ", roles=["host"], by=club_admin.user)
    assert member.display_name == "김 민준"
    assert set(member.roles.values_list("role", flat=True)) == {"host"}
    assert AuditEntry.objects.filter(object_type="member", object_id=str(member.pk), action="create").exists()


@pytest.mark.parametrize("who", ["host", "referee", "players"])
def test_only_admins_manage_members(club, request, who):
    actor = request.getfixturevalue(who)
    actor = actor[0] if isinstance(actor, list) else actor
    with pytest.raises(PermissionDenied):
        services.member_add(club=club, display_name="새 회원", by=actor.user)


def test_a_display_name_is_unique_in_the_club(club, club_admin):
    MemberFactory(club=club, display_name="박지훈")
    with pytest.raises(ValidationError) as exc:
        services.member_add(club=club, display_name="박지훈", by=club_admin.user)
    assert _code(exc) == Code.NAME_TAKEN


def test_the_last_admin_cannot_drop_their_role_or_be_deactivated(club, club_admin):
    with pytest.raises(ValidationError) as exc:
        services.member_set_roles(member=club_admin, roles=["referee"], by=club_admin.user)
    assert _code(exc) == Code.LAST_ADMIN
    with pytest.raises(ValidationError):
        services.member_set_active(member=club_admin, active=False, by=club_admin.user)
    assert ClubRole.objects.filter(member=club_admin, role="admin").exists()


def test_roles_are_set_and_audited_before_and_after(club, club_admin, players):
    services.member_set_roles(member=players[0], roles=["host", "referee"], by=club_admin.user)
    entry = AuditEntry.objects.filter(object_type="member", object_id=str(players[0].pk), action="edit").get()
    assert entry.before["roles"] == []
    assert entry.after["roles"] == ["host", "referee"]


def test_merging_a_duplicate_moves_games_penalties_roles_and_login(club, club_admin, season, players, referee):
    game = game_services.game_start(season=season, members=players, by=referee.user)
    duplicate = players[1]
    original = MemberFactory(club=club, display_name="원래 회원")
    ClubRole.objects.create(club=club, member=duplicate, role="host")
    referee_services.penalty_give(member=duplicate, type="season_deduction", reason="지각", by=referee.user,
                                 season=season, points=2)
    user = duplicate.user
    member_services.member_merge(source=duplicate, target=original, by=club_admin.user, reason="중복 입력")
    duplicate.refresh_from_db()
    original.refresh_from_db()
    assert GameSeat.objects.get(game=game, seat=1).member == original
    assert Penalty.objects.get(season=season).member == original
    assert original.user == user
    assert duplicate.user is None
    assert not duplicate.active
    assert duplicate.merged_into == original
    assert ClubRole.objects.filter(member=original, role="host").exists()
    entry = AuditEntry.objects.filter(object_type="member", object_id=str(original.pk)).latest("id")
    assert entry.after["moved"] == {"seats": 1, "penalties": 1, "rulings_received": 0}


@pytest.mark.parametrize(("case", "code"), [
    ("sat_together", Code.SAT_TOGETHER),
    ("itself", Code.SAME_MEMBER),
    ("both_logins", Code.BOTH_HAVE_LOGINS),
])
def test_merge_refusals(case, code, club, club_admin, season, players, referee):
    game_services.game_start(season=season, members=players, by=referee.user)
    source, target = {
        "sat_together": (players[0], players[1]),
        "itself": (players[0], players[0]),
        "both_logins": (players[0], MemberFactory(club=club, user=UserFactory())),
    }[case]
    with pytest.raises(ValidationError) as exc:
        member_services.member_merge(source=source, target=target, by=club_admin.user)
    assert _code(exc) == code
    assert Member.objects.get(pk=source.pk).merged_into is None


def test_an_invite_code_links_a_login_once(club, club_admin):
    member = MemberFactory(club=club)
    invite = services.invite_create(member=member, by=club_admin.user)
    assert len(invite.code) == 8
    assert not set(invite.code) & set("01IO")
    user = UserFactory()
    assert services.invite_redeem(code=invite.code.lower(), user=user) == member
    assert services.invite_redeem(code=invite.code, user=user) == member  # a double tap is harmless
    with pytest.raises(ValidationError) as exc:
        services.invite_redeem(code=invite.code, user=UserFactory())
    assert _code(exc) == Code.INVITE_USED
    member.refresh_from_db()
    assert member.user == user


@pytest.mark.parametrize(("case", "code"), [
    ("unknown", Code.INVITE_UNKNOWN), ("expired", Code.INVITE_EXPIRED), ("login_taken", Code.USER_IS_MEMBER),
])
def test_invite_refusals(case, code, club, club_admin, players):
    invite = services.invite_create(member=MemberFactory(club=club), by=club_admin.user)
    user = UserFactory()
    if case == "expired":
        Invite.objects.filter(pk=invite.pk).update(expires_at=timezone.now() - datetime.timedelta(seconds=1))
    if case == "login_taken":
        user = players[0].user
    with pytest.raises(ValidationError) as exc:
        services.invite_redeem(code="NOPE2345" if case == "unknown" else invite.code, user=user)
    assert _code(exc) == code


def test_a_new_invite_replaces_the_open_one(club, club_admin):
    member = MemberFactory(club=club)
    first = services.invite_create(member=member, by=club_admin.user)
    services.invite_create(member=member, by=club_admin.user)
    with pytest.raises(ValidationError) as exc:
        services.invite_redeem(code=first.code, user=UserFactory())
    assert _code(exc) == Code.INVITE_EXPIRED


def test_asking_to_join_twice_is_one_request_and_approval_makes_the_member(club, club_admin):
    visitor = UserFactory()
    first = services.join_request_create(club=club, user=visitor, display_name="신입")
    again = services.join_request_create(club=club, user=visitor, display_name="신입")
    assert first.pk == again.pk
    services.request_decide(request=first, approve=True, by=club_admin.user, display_name="신입 회원")
    member = Member.objects.get(user=visitor)
    assert member.club == club
    assert member.display_name == "신입 회원"
    with pytest.raises(ValidationError) as exc:
        services.request_decide(request=first, approve=False, by=club_admin.user)
    assert _code(exc) == Code.NOT_PENDING


def test_a_declined_join_makes_no_member(club, club_admin):
    visitor = UserFactory()
    request = services.join_request_create(club=club, user=visitor, display_name="신입")
    services.request_decide(request=request, approve=False, by=club_admin.user, note="정원 초과")
    assert not Member.objects.filter(user=visitor).exists()
    assert Request.objects.get(pk=request.pk).status == Request.Status.DECLINED


def test_a_rename_waits_for_the_admin(club, club_admin, players):
    member = players[2]
    old = member.display_name
    request = services.rename_request_create(member=member, user=member.user, display_name="새 이름")
    member.refresh_from_db()
    assert member.display_name == old
    services.request_decide(request=request, approve=True, by=club_admin.user)
    member.refresh_from_db()
    assert member.display_name == "새 이름"


def test_a_member_cannot_ask_to_rename_someone_else(players):
    with pytest.raises(PermissionDenied):
        services.rename_request_create(member=players[0], user=players[1].user, display_name="남의 이름")


def test_club_settings_change_is_audited(club, club_admin):
    services.club_update(club=club, by=club_admin.user, public_standings=True)
    club.refresh_from_db()
    assert club.public_standings
    entry = AuditEntry.objects.get(object_type="club")
    assert entry.before["public_standings"] is False
    assert entry.after["public_standings"] is True


@pytest.fixture
def broker_down():
    """Non-eager Celery whose broker (Redis) is down: nothing listens on port 1."""
    from config.celery_app import app

    saved = (app.conf.task_always_eager, app.conf.broker_url)
    app.conf.task_always_eager, app.conf.broker_url = False, "redis://127.0.0.1:1/0"
    yield
    app.conf.task_always_eager, app.conf.broker_url = saved


@pytest.mark.django_db(transaction=True)
def test_a_merge_with_the_broker_down_still_merges_and_marks_the_standings_stale(
        club, club_admin, season, players, referee, broker_down):
    from league.games import services as game_services
    from league.models import Season

    game_services.game_start(season=season, members=players, by=referee.user)
    original = MemberFactory(club=club, display_name="원래 회원")
    member_services.member_merge(source=players[1], target=original, by=club_admin.user)
    assert Member.objects.get(pk=players[1].pk).merged_into == original
    assert Season.objects.get(pk=season.pk).standings_changed_at is not None  # requeue_stale finds it
