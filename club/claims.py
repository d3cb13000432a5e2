""""이 기록은 저입니다" (issue 36, item 4): a person claims another club's record (a membership) as theirs.

Both clubs' admins approve — the claimant's club (where the claimant is a member, which vouches for who
they are) and the record's club (whose data it is). On the second approval the record moves onto the
claimant's person; when the claimant has no membership at the record's club and the record has no login,
it also gets the claimant's login. Everything is audited at both clubs, and an admin of either club can
undo it (the record gets its previous person and login back)."""
from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from club.error_codes import ClubErrorCode as Code
from club.models import Claim, Club, Member, Person
from club.selectors import may_manage
from club.signals import record_moved
from core.audit import audit
from core.models import AuditEntry


def _claim_state(claim: Claim) -> dict:
    return {"claimant": claim.claimant_id, "claimant_member": claim.claimant_member_id, "target": claim.target_id,
            "status": claim.status, "target_person": claim.target.person_id, "target_user": claim.target.user_id,
            "home_approved": claim.home_approved_at is not None,
            "target_approved": claim.target_approved_at is not None}


def _audit_both(claim: Claim, *, by, action: str, before: dict | None, reason: str = "") -> None:
    clubs = {claim.claimant_member.club_id: claim.claimant_member.club, claim.target.club_id: claim.target.club}
    for club in clubs.values():
        audit(club=club, by=by, action=action, object_type="claim", object_id=claim.pk,
              before=before, after=_claim_state(claim), reason=reason)


def claims_for_club(*, club: Club) -> QuerySet[Claim]:
    """The claims a club's admins see: on its records, or made by its members."""
    return (Claim.objects.filter(Q(target__club=club) | Q(claimant_member__club=club))
            .select_related("target__club", "claimant_member__club").order_by("-created_at"))


def claims_of(*, person: Person) -> QuerySet[Claim]:
    return Claim.objects.filter(claimant=person).select_related("target__club", "claimant_member__club")


@transaction.atomic
def claim_create(*, claimant_member: Member, target: Member, by, message: str = "") -> Claim:
    """The claimant (the login of ``claimant_member``) says ``target``, another club's record, is theirs.
    Asking again while one is open returns the open one."""
    claimant_member = Member.objects.select_related("person", "club").get(pk=claimant_member.pk)
    target = Member.objects.select_for_update().select_related("club").get(pk=target.pk)
    if by is not None and (claimant_member.user_id is None or claimant_member.user_id != by.pk):
        raise PermissionDenied(_("Only the person themself may claim a record."))
    if claimant_member.visitor or not claimant_member.active:
        raise ValidationError(_("Claim from a club where you are a member."), code=Code.INACTIVE)
    if target.person_id == claimant_member.person_id:
        raise ValidationError(_("This record is already yours."), code=Code.CLAIM_SAME_PERSON)
    if target.club_id == claimant_member.club_id:
        raise ValidationError(_("A record of your own club is a duplicate: ask its admin to merge it."),
                              code=Code.CLAIM_SAME_CLUB)
    if target.user_id is not None or target.merged_into_id is not None:
        raise ValidationError(_("This record belongs to another login."), code=Code.CLAIM_OTHER_LOGIN)
    claim, _created = Claim.objects.get_or_create(
        claimant_id=claimant_member.person_id, target=target, status=Claim.Status.PENDING,
        defaults={"claimant_member": claimant_member, "message": (message or "").strip()[:300],
                  "created_by": by if getattr(by, "is_authenticated", False) else None})
    if _created:
        _audit_both(claim, by=by, action=AuditEntry.Action.CREATE, before=None)
    return claim


def _locked(claim: Claim) -> Claim:
    return Claim.objects.select_for_update(of=("self",)).select_related(
        "target__club", "claimant_member__club").get(pk=claim.pk)


def sides_of(*, claim: Claim, user) -> set[str]:
    """Which of the claim's two clubs ``user`` admins: "home" (the claimant's), "target" (the record's)."""
    sides = set()
    if may_manage(user=user, club=claim.claimant_member.club):
        sides.add("home")
    if may_manage(user=user, club=claim.target.club):
        sides.add("target")
    return sides


@transaction.atomic
def claim_approve(*, claim: Claim, by) -> Claim:
    """An admin of either club approves for the club(s) they admin; the second club's approval moves the record."""
    claim = _locked(claim)
    sides = {"home", "target"} if by is None else sides_of(claim=claim, user=by)
    if not sides:
        raise PermissionDenied(_("Only the admins of the two clubs decide a claim."))
    if claim.status != Claim.Status.PENDING:
        raise ValidationError(_("This claim was already decided."), code=Code.CLAIM_NOT_PENDING)
    before = _claim_state(claim)
    now = timezone.now()
    actor = by if getattr(by, "is_authenticated", False) else None
    if "home" in sides and claim.home_approved_at is None:
        claim.home_approved_at, claim.home_approved_by = now, actor
    if "target" in sides and claim.target_approved_at is None:
        claim.target_approved_at, claim.target_approved_by = now, actor
    if claim.home_approved_at and claim.target_approved_at:
        _apply(claim)
        claim.status, claim.decided_at = Claim.Status.APPROVED, now
    claim.save()
    done = claim.status == Claim.Status.APPROVED
    _audit_both(claim, by=by, action=AuditEntry.Action.EDIT, before=before,
                reason=_("Claim approved") if done else _("Claim approved by one club"))
    return claim


def _apply(claim: Claim) -> None:
    target = Member.objects.select_for_update().get(pk=claim.target_id)
    if target.user_id is not None:
        raise ValidationError(_("This record belongs to another login."), code=Code.CLAIM_OTHER_LOGIN)
    claim.previous_person_id, claim.previous_user_id = target.person_id, target.user_id
    login = claim.claimant_member.user_id
    fields = ["person"]
    if login is not None and not Member.objects.filter(club_id=target.club_id, user_id=login).exists():
        target.user_id = login
        claim.gave_login = True
        fields.append("user")
    target.person_id = claim.claimant_id
    target.save(update_fields=fields)
    claim.target = Member.objects.select_related("club").get(pk=target.pk)
    record_moved.send(sender=Member, member=claim.target)


@transaction.atomic
def claim_decline(*, claim: Claim, by) -> Claim:
    claim = _locked(claim)
    if by is not None and not sides_of(claim=claim, user=by):
        raise PermissionDenied(_("Only the admins of the two clubs decide a claim."))
    if claim.status != Claim.Status.PENDING:
        raise ValidationError(_("This claim was already decided."), code=Code.CLAIM_NOT_PENDING)
    before = _claim_state(claim)
    claim.status, claim.decided_at = Claim.Status.DECLINED, timezone.now()
    claim.save(update_fields=["status", "decided_at"])
    _audit_both(claim, by=by, action=AuditEntry.Action.EDIT, before=before, reason=_("Claim declined"))
    return claim


@transaction.atomic
def claim_undo(*, claim: Claim, by, reason: str = "") -> Claim:
    """Undo an approved claim: the record gets back its previous person (a new one if that was removed) and
    loses the login the claim gave it."""
    claim = _locked(claim)
    if by is not None and not sides_of(claim=claim, user=by):
        raise PermissionDenied(_("Only the admins of the two clubs decide a claim."))
    if claim.status != Claim.Status.APPROVED:
        raise ValidationError(_("Only an approved claim can be undone."), code=Code.CLAIM_NOT_APPROVED)
    before = _claim_state(claim)
    target = Member.objects.select_for_update().get(pk=claim.target_id)
    target.person_id = claim.previous_person_id or Person.objects.create().pk
    fields = ["person"]
    if claim.gave_login and target.user_id == claim.claimant_member.user_id:
        target.user_id = claim.previous_user_id
        fields.append("user")
    target.save(update_fields=fields)
    claim.target = Member.objects.select_related("club").get(pk=target.pk)
    record_moved.send(sender=Member, member=claim.target)
    claim.status, claim.decided_at = Claim.Status.UNDONE, timezone.now()
    claim.save(update_fields=["status", "decided_at"])
    _audit_both(claim, by=by, action=AuditEntry.Action.EDIT, before=before, reason=reason or _("Claim undone"))
    return claim
