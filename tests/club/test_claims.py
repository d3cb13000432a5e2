"""Issue 36 item 4: "이 기록은 저입니다". A person claims another club's record; both clubs' admins approve; the
record moves onto the claimant's person (with the claimant's login when they have none there); audited at both
clubs; an admin of either club can undo it."""
import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from club import claims
from club.models import Claim, ClubRole
from core.models import AuditEntry
from tests.factories import ClubFactory, ClubRoleFactory, MemberFactory, UserFactory

pytestmark = pytest.mark.django_db


def _admin(club):
    admin = MemberFactory(club=club, user=UserFactory())
    ClubRoleFactory(club=club, member=admin, role=ClubRole.Role.ADMIN)
    return admin.user


@pytest.fixture
def setting():
    east, west = ClubFactory(name="동부"), ClubFactory(name="서부")
    minsu = MemberFactory(club=east, display_name="김민수", user=UserFactory())
    old = MemberFactory(club=west, display_name="민수(옛날)")  # a record from before, no login
    return {"east": east, "west": west, "minsu": minsu, "old": old,
            "east_admin": _admin(east), "west_admin": _admin(west)}


def test_both_clubs_approve_then_the_record_is_the_claimants(setting):
    s = setting
    old_person = s["old"].person_id
    claim = claims.claim_create(claimant_member=s["minsu"], target=s["old"], by=s["minsu"].user, message="2019년")
    claim = claims.claim_approve(claim=claim, by=s["east_admin"])
    s["old"].refresh_from_db()
    assert claim.status == Claim.Status.PENDING
    assert s["old"].person_id == old_person  # one club's approval moves nothing
    claim = claims.claim_approve(claim=claim, by=s["west_admin"])
    s["old"].refresh_from_db()
    assert claim.status == Claim.Status.APPROVED
    assert (s["old"].person_id, s["old"].user_id) == (s["minsu"].person_id, s["minsu"].user_id)
    audited = AuditEntry.objects.filter(object_type="claim", object_id=str(claim.pk))
    assert sorted(audited.values_list("club__name", flat=True)) == ["동부", "동부", "동부", "서부", "서부", "서부"]


def test_the_undo_restores_the_records_person_and_login(setting):
    s = setting
    old_person = s["old"].person_id
    claim = claims.claim_create(claimant_member=s["minsu"], target=s["old"], by=s["minsu"].user)
    claims.claim_approve(claim=claim, by=s["east_admin"])
    claims.claim_approve(claim=claim, by=s["west_admin"])
    claim = claims.claim_undo(claim=claim, by=s["east_admin"])
    s["old"].refresh_from_db()
    assert claim.status == Claim.Status.UNDONE
    assert (s["old"].person_id, s["old"].user_id) == (old_person, None)
    assert AuditEntry.objects.filter(object_type="claim", after__status="undone").count() == 2  # at both clubs


def test_a_claimant_already_a_member_there_gets_the_record_without_the_login(setting):
    s = setting
    MemberFactory(club=s["west"], display_name="민수", user=s["minsu"].user)
    claim = claims.claim_create(claimant_member=s["minsu"], target=s["old"], by=s["minsu"].user)
    claims.claim_approve(claim=claim, by=None)
    s["old"].refresh_from_db()
    assert (s["old"].person_id, s["old"].user_id) == (s["minsu"].person_id, None)


def test_an_admin_of_a_third_club_cannot_decide(setting):
    s = setting
    claim = claims.claim_create(claimant_member=s["minsu"], target=s["old"], by=s["minsu"].user)
    with pytest.raises(PermissionDenied):
        claims.claim_approve(claim=claim, by=_admin(ClubFactory()))


def test_only_the_person_themself_claims(setting):
    s = setting
    with pytest.raises(PermissionDenied):
        claims.claim_create(claimant_member=s["minsu"], target=s["old"], by=s["east_admin"])


@pytest.mark.parametrize(("case", "code"), [
    ("own club", "claim_same_club"), ("has a login", "claim_other_login"), ("already mine", "claim_same_person")])
def test_claims_that_make_no_sense_are_refused(setting, case, code):
    s = setting
    if case == "own club":
        target = MemberFactory(club=s["east"])
    elif case == "has a login":
        target = MemberFactory(club=s["west"], user=UserFactory())
    else:
        target = MemberFactory(club=s["west"], person=s["minsu"].person)
    with pytest.raises(ValidationError) as refused:
        claims.claim_create(claimant_member=s["minsu"], target=target, by=s["minsu"].user)
    assert refused.value.code == code


def test_asking_twice_is_one_claim_and_a_declined_claim_cannot_be_approved(setting):
    s = setting
    first = claims.claim_create(claimant_member=s["minsu"], target=s["old"], by=s["minsu"].user)
    assert claims.claim_create(claimant_member=s["minsu"], target=s["old"], by=s["minsu"].user).pk == first.pk
    claims.claim_decline(claim=first, by=s["west_admin"])
    with pytest.raises(ValidationError) as refused:
        claims.claim_approve(claim=first, by=s["east_admin"])
    assert refused.value.code == "claim_not_pending"
