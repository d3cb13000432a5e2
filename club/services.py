"""Writes for clubs, members and roles: keyword-only, atomic, audited.

``by`` is the acting user; ``by=None`` is the system (commands, the demo loader) and skips
the permission check. Refusals are ``ValidationError``s whose ``code`` is a
:class:`club.error_codes.ClubErrorCode`, with a message in the page's language.
"""
from __future__ import annotations

import datetime
import secrets
from collections.abc import Iterable, Sequence

from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club.bulk import BulkLine
from club.error_codes import ClubErrorCode as Code
from club.models import Club, ClubRole, Invite, Member, Person, Preference, Request, person_of_login
from club.selectors import may_manage
from club.signals import member_changed
from core.audit import audit, snapshot
from core.models import AuditEntry
from core.once import Once, claim_key, mark_claimed
from scoring.messages import settle_particles

INVITE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read out at a noisy table
INVITE_LENGTH = 8
INVITE_DAYS = 14


def _require(by, *, club: Club) -> None:
    if by is not None and not may_manage(user=by, club=club):
        raise PermissionDenied(_("Only the club's admins may manage members."))


def _clean_name(name: str) -> str:
    name = " ".join((name or "").split())
    if not name:
        raise ValidationError(_("Enter a display name."), code=Code.NAME_EMPTY)
    return name


def _check_name_free(*, club: Club, name: str, exclude: Member | None = None) -> None:
    taken = Member.objects.filter(club=club, display_name=name)
    if exclude is not None:
        taken = taken.exclude(pk=exclude.pk)
    if taken.exists():
        raise ValidationError(
            settle_particles(_("%(name)s is already a member's name in this club.") % {"name": name}),
            code=Code.NAME_TAKEN,
        )


def _member_state(member: Member) -> dict:
    data = snapshot(member)
    data["roles"] = sorted(ClubRole.objects.filter(member=member).values_list("role", flat=True))
    return data


# --- members ------------------------------------------------------------------------------
@transaction.atomic
def member_add(*, club: Club, display_name: str, roles: Iterable[str] = (), user=None, by=None,
               once: Once | None = None) -> Member:
    """Add a member. With ``once`` (the form's entry token) a second submission adds nobody and
    raises ``core.once.AlreadyDone``."""
    _require(by, club=club)
    claim = claim_key(once, scope="member_add", by=by)
    member = _member_add(club=club, display_name=display_name, roles=roles, user=user, by=by)
    mark_claimed(claim, member, "member")
    return member


@transaction.atomic
def members_add(*, club: Club, lines: Sequence[BulkLine], by=None, once: Once | None = None) -> list[Member]:
    """Add every member of a pasted list (``club.bulk.parse_member_lines``): all or nobody.

    A line with its own problem, or a name another member already has, refuses the whole list
    (``BULK_LINES``, the lines named); with ``once`` the same list sent twice adds nobody again."""
    _require(by, club=club)
    claim = claim_key(once, scope="members_add", by=by)  # first: a list sent again is "already done"
    taken = set(Member.objects.filter(club=club, display_name__in=[line.name for line in lines])
                .values_list("display_name", flat=True))
    problems = [line for line in lines if line.error or line.name in taken]
    if problems or not lines:
        words = [f"{line.number}: {line.name} — {line.error or _('already a member of this club')}"
                 for line in problems]
        raise ValidationError(_("Nobody was added. Fix these lines: %(lines)s") % {"lines": "; ".join(words)}
                              if words else _("Paste at least one name."), code=Code.BULK_LINES)
    members = [_member_add(club=club, display_name=line.name, roles=line.roles, by=by) for line in lines]
    mark_claimed(claim, members[0], "member")
    return members


def _member_add(*, club: Club, display_name: str, roles: Iterable[str] = (), user=None, by=None) -> Member:
    name = _clean_name(display_name)
    _check_name_free(club=club, name=name)
    if user is not None and Member.objects.filter(user=user, club=club).exists():
        raise ValidationError(_("That login already belongs to a member of this club."), code=Code.USER_IS_MEMBER)
    member = Member.objects.create(club=club, display_name=name, user=user)
    for role in sorted(set(roles)):
        ClubRole.objects.create(club=club, member=member, role=role)
    audit(club=club, by=by, action=AuditEntry.Action.CREATE, object_type="member", object_id=member.pk,
          after=_member_state(member))
    return member


@transaction.atomic
def member_enrol(*, club: Club, display_name: str, active: bool = True, by=None, source: str, reason: str) -> Member:
    """A member that a record names (a Tenhou import's nickname, a restored season's player),
    under that exact name: the system's write (no permission check; the import checked its own),
    audited with where it came from (``source``) and why."""
    member = Member(club=club, display_name=display_name, active=active)
    member.full_clean(exclude=["person"])  # its person is made as it is saved (Member.save)
    member.save()
    audit(club=club, by=by, action=AuditEntry.Action.CREATE, object_type="member", object_id=member.pk,
          after={"id": member.pk, "display_name": member.display_name, "source": source}, reason=reason)
    return member


@transaction.atomic
def guest_enrol(*, club: Club, display_name: str, by=None, reason: str = "") -> Member:
    """A walk-in added by name at the desk (issue 42 item 3): a guest member, no login. The desk (a night's or a
    tournament's organiser) checked who may add one; a name already in the club is refused."""
    name = _clean_name(display_name)[:60]
    _check_name_free(club=club, name=name)
    member = Member.objects.create(club=club, display_name=name, user=None, guest=True)
    audit(club=club, by=by, action=AuditEntry.Action.CREATE, object_type="member", object_id=member.pk,
          after=_member_state(member), reason=reason)
    return member


@transaction.atomic
def guest_make_member(*, member: Member, by=None) -> Member:
    """A guest stays on as a member (their games stay theirs); an admin's. A member already is one: unchanged."""
    member = Member.objects.select_for_update().get(pk=member.pk)
    _require(by, club=member.club)
    if not member.guest:
        return member
    before = _member_state(member)
    member.guest = False
    member.save(update_fields=["guest"])
    audit(club=member.club, by=by, action=AuditEntry.Action.EDIT, object_type="member", object_id=member.pk,
          before=before, after=_member_state(member))
    return member


@transaction.atomic
def member_edit(*, member: Member, display_name: str, by=None, reason: str = "") -> Member:
    member = Member.objects.select_for_update().get(pk=member.pk)
    _require(by, club=member.club)
    name = _clean_name(display_name)
    if name == member.display_name:
        return member
    _check_name_free(club=member.club, name=name, exclude=member)
    before = _member_state(member)
    member.display_name = name
    member.save(update_fields=["display_name"])
    audit(club=member.club, by=by, action=AuditEntry.Action.EDIT, object_type="member", object_id=member.pk,
          before=before, after=_member_state(member), reason=reason)
    _recompute_seasons_of(member)
    return member


@transaction.atomic
def member_set_active(*, member: Member, active: bool, by=None, reason: str = "") -> Member:
    member = Member.objects.select_for_update().get(pk=member.pk)
    _require(by, club=member.club)
    if member.active == active:
        return member
    if not active:
        _check_not_last_admin(member, keep=set())
    before = _member_state(member)
    member.active = active
    member.save(update_fields=["active"])
    audit(club=member.club, by=by, action=AuditEntry.Action.EDIT, object_type="member", object_id=member.pk,
          before=before, after=_member_state(member), reason=reason)
    return member


def _check_not_last_admin(member: Member, *, keep: set[str]) -> None:
    """Refuse a change that takes the club's last active admin away (it would lock the club out)."""
    if ClubRole.Role.ADMIN in keep:
        return
    admins = ClubRole.objects.filter(club=member.club, role=ClubRole.Role.ADMIN, member__active=True)
    if admins.filter(member=member).exists() and not admins.exclude(member=member).exists():
        raise ValidationError(_("The club must keep at least one admin."), code=Code.LAST_ADMIN)


@transaction.atomic
def member_set_roles(*, member: Member, roles: Iterable[str], by=None) -> Member:
    member = Member.objects.select_for_update().get(pk=member.pk)
    _require(by, club=member.club)
    wanted = set(roles) & set(ClubRole.Role.values)
    if wanted and member.visitor:
        raise ValidationError(_("A visitor holds no roles: make them a member of the club first."),
                              code=Code.VISITOR_NO_ROLES)
    have = set(ClubRole.objects.filter(member=member).values_list("role", flat=True))
    if wanted == have:
        return member
    _check_not_last_admin(member, keep=wanted)
    before = _member_state(member)
    ClubRole.objects.filter(member=member).exclude(role__in=wanted).delete()
    for role in sorted(wanted - have):
        ClubRole.objects.create(club=member.club, member=member, role=role)
    audit(club=member.club, by=by, action=AuditEntry.Action.EDIT, object_type="member", object_id=member.pk,
          before=before, after=_member_state(member))
    return member


def _recompute_seasons_of(member: Member) -> None:
    """What shows the member's name (the league's standings snapshots) is refreshed: the league receives it."""
    member_changed.send(sender=Member, member=member)


@transaction.atomic
def member_merge_lock(*, source: Member, target: Member, by=None) -> tuple[Member, Member]:
    """The club's checks before a duplicate ``source`` is merged into ``target``: both rows locked (returned
    in that order), of one club, neither merged already, and ``by`` the club's admin. The merge itself is
    ``league.members.services.member_merge``: each domain moves its own rows, then :func:`member_merge_record`."""
    if source.pk == target.pk:
        raise ValidationError(_("A member cannot be merged into itself."), code=Code.SAME_MEMBER)
    locked = {m.pk: m for m in Member.objects.select_for_update().filter(pk__in=[source.pk, target.pk])}
    source, target = locked[source.pk], locked[target.pk]
    if source.club_id != target.club_id:
        raise ValidationError(_("Both members must belong to the same club."), code=Code.OTHER_CLUB)
    _require(by, club=source.club)
    if source.merged_into_id or target.merged_into_id:
        raise ValidationError(_("That member was already merged into another."), code=Code.ALREADY_MERGED)
    return source, target


@transaction.atomic
def member_merge_record(*, source: Member, target: Member, moved: dict[str, int], by=None,
                        reason: str = "") -> Member:
    """The club's part of a merge, after the domains above moved their rows (``moved``: how many of each,
    for the audit entry): roles, open invites and the login move over; ``source`` stays (inactive, pointing
    at ``target``) so that the audit trail still names it."""
    if source.user_id and target.user_id:
        raise ValidationError(
            _("Both members have a login: unlink one of them first."), code=Code.BOTH_HAVE_LOGINS
        )
    before = {"source": _member_state(source), "target": _member_state(target)}
    for role in ClubRole.objects.filter(member=source).values_list("role", flat=True):
        ClubRole.objects.get_or_create(club=target.club, member=target, role=role)
    ClubRole.objects.filter(member=source).delete()
    Invite.objects.filter(member=source, used_at__isnull=True).delete()
    if source.user_id:
        user = source.user
        source.user = None
        source.save(update_fields=["user"])
        target.user = user
        target.save(update_fields=["user"])
    source.active = False
    source.merged_into = target
    source.save(update_fields=["active", "merged_into"])
    audit(club=target.club, by=by, action=AuditEntry.Action.EDIT, object_type="member", object_id=target.pk,
          before=before, after={"source": _member_state(source), "target": _member_state(target), "moved": moved},
          reason=reason or settle_particles(
              _("Merged %(a)s into %(b)s") % {"a": source.display_name, "b": target.display_name}))
    _recompute_seasons_of(target)
    return target


# --- invites --------------------------------------------------------------------------------
def _new_code() -> str:
    return "".join(secrets.choice(INVITE_ALPHABET) for _ in range(INVITE_LENGTH))


@transaction.atomic
def invite_create(*, member: Member, by=None, days: int = INVITE_DAYS) -> Invite:
    """A one-time code (and link) that links a login to ``member``; older open codes stop working."""
    member = Member.objects.select_for_update().get(pk=member.pk)
    _require(by, club=member.club)
    if member.user_id:
        raise ValidationError(settle_particles(_("%(name)s already has a login.") % {"name": member.display_name}),
                              code=Code.HAS_LOGIN)
    if not member.active:
        raise ValidationError(settle_particles(_("%(name)s is not an active member.") % {"name": member.display_name}),
                              code=Code.INACTIVE)
    now = timezone.now()
    Invite.objects.filter(member=member, used_at__isnull=True, expires_at__gt=now).update(expires_at=now)
    for _attempt in range(5):
        try:
            with transaction.atomic():
                invite = Invite.objects.create(
                    club=member.club, member=member, code=_new_code(),
                    created_by=by if getattr(by, "is_authenticated", False) else None,
                    expires_at=now + datetime.timedelta(days=days),
                )
            break
        except IntegrityError:  # a code collision: draw another
            continue
    else:  # pragma: no cover - 32^8 codes
        raise RuntimeError("could not draw a free invite code")
    audit(club=member.club, by=by, action=AuditEntry.Action.CREATE, object_type="invite", object_id=invite.pk,
          after={"member": member.display_name, "expires_at": invite.expires_at})
    return invite


def normalize_code(code: str) -> str:
    return "".join(ch for ch in (code or "").upper() if ch.isalnum())


@transaction.atomic
def invite_redeem(*, code: str, user) -> Member:
    """Link ``user`` to the invite's member. The code works once."""
    invite = Invite.objects.select_for_update().select_related("member", "club").filter(
        code=normalize_code(code)).first()
    if invite is None:
        raise ValidationError(_("That invite code is not known. Check it with the club's admin."),
                              code=Code.INVITE_UNKNOWN)
    member = Member.objects.select_for_update().get(pk=invite.member_id)
    if invite.used_at is not None:
        if invite.used_by_id == user.pk and member.user_id == user.pk:
            return member  # the same person pressing the button twice
        raise ValidationError(_("That invite code was already used."), code=Code.INVITE_USED)
    if invite.expires_at <= timezone.now():
        raise ValidationError(_("That invite code has expired. Ask the club's admin for a new one."),
                              code=Code.INVITE_EXPIRED)
    if member.user_id:
        raise ValidationError(settle_particles(_("%(name)s already has a login.") % {"name": member.display_name}),
                              code=Code.HAS_LOGIN)
    if Member.objects.filter(user=user, club=invite.club).exists():
        raise ValidationError(_("You are already a member of this club."), code=Code.USER_IS_MEMBER)
    member.user = user
    member.person = _person_for_login(user=user, member=member)
    member.save(update_fields=["user", "person"])
    invite.used_at = timezone.now()
    invite.used_by = user
    invite.save(update_fields=["used_at", "used_by"])
    audit(club=invite.club, by=user, action=AuditEntry.Action.EDIT, object_type="member", object_id=member.pk,
          before={"user": None}, after={"user": user.get_username()}, reason=_("Invite code used"))
    return member


def _person_for_login(*, user, member: Member) -> Person:
    """A login that takes over a member record brings its person (every membership of one login shares one):
    the record's own person, if nobody else is it, is folded into the login's and deleted."""
    login_person = person_of_login(user.pk)
    if login_person is None or login_person.pk == member.person_id:
        return member.person
    old = member.person
    if not old.memberships.exclude(pk=member.pk).exists():
        names = {*login_person.aliases, *old.aliases, old.latin_name}
        for field in ("latin_name", "federation_id", "ema_id"):
            if not getattr(login_person, field) and getattr(old, field):
                setattr(login_person, field, getattr(old, field))
            setattr(old, field, "")  # the unique ids may not be held twice, even for a moment
        login_person.aliases = sorted(names - {login_person.latin_name, ""})
        old.save(update_fields=["latin_name", "federation_id", "ema_id"])
        login_person.save(update_fields=["latin_name", "aliases", "federation_id", "ema_id"])
        member.person = login_person
        member.save(update_fields=["person"])
        old.delete()
    return login_person


# --- requests: joining, renaming ----------------------------------------------------------------
@transaction.atomic
def join_request_create(*, club: Club, user, display_name: str, message: str = "") -> Request:
    """A logged-in visitor asks to join. Asking again while one is open returns the open one."""
    name = _clean_name(display_name)
    if Member.objects.filter(user=user, club=club, visitor=False).exists():  # a visitor may ask to join
        raise ValidationError(_("You are already a member of this club."), code=Code.USER_IS_MEMBER)
    open_request = Request.objects.select_for_update().filter(
        club=club, user=user, kind=Request.Kind.JOIN, status=Request.Status.PENDING).first()
    if open_request is not None:
        return open_request
    try:
        with transaction.atomic():
            request = Request.objects.create(club=club, user=user, kind=Request.Kind.JOIN,
                                             display_name=name, message=(message or "").strip()[:300])
    except IntegrityError:  # the same request sent twice at once
        return Request.objects.get(club=club, user=user, kind=Request.Kind.JOIN, status=Request.Status.PENDING)
    audit(club=club, by=user, action=AuditEntry.Action.CREATE, object_type="request", object_id=request.pk,
          after=snapshot(request))
    return request


@transaction.atomic
def rename_request_create(*, member: Member, user, display_name: str) -> Request:
    """A member asks for a new display name; an admin approves it."""
    if member.user_id != user.pk:
        raise PermissionDenied(_("You can only rename yourself."))
    name = _clean_name(display_name)
    _check_name_free(club=member.club, name=name, exclude=member)
    request = Request.objects.select_for_update().filter(
        club=member.club, user=user, kind=Request.Kind.RENAME, status=Request.Status.PENDING).first()
    if request is not None:
        request.display_name = name
        request.save(update_fields=["display_name"])
        return request
    request = Request.objects.create(club=member.club, user=user, member=member, kind=Request.Kind.RENAME,
                                     display_name=name)
    audit(club=member.club, by=user, action=AuditEntry.Action.CREATE, object_type="request",
          object_id=request.pk, after=snapshot(request))
    return request


@transaction.atomic
def request_decide(*, request: Request, approve: bool, by=None, display_name: str | None = None,
                   note: str = "") -> Request:
    """Approve or decline a request. Approving a join makes the member (under ``display_name`` if given)."""
    request = Request.objects.select_for_update(of=("self",)).select_related("club", "member").get(pk=request.pk)
    _require(by, club=request.club)
    if request.status != Request.Status.PENDING:
        raise ValidationError(_("This request was already decided."), code=Code.NOT_PENDING)
    before = snapshot(request)
    if approve:
        name = _clean_name(display_name or request.display_name)
        visiting = Member.objects.filter(club=request.club, user=request.user, visitor=True).first()
        if request.kind == Request.Kind.JOIN and visiting is not None:
            _visitor_joins(member=visiting, display_name=name, by=by)
        elif request.kind == Request.Kind.JOIN:
            member_add(club=request.club, display_name=name, user=request.user, by=by)
        else:
            member_edit(member=request.member, display_name=name, by=by, reason=_("Rename request approved"))
        request.display_name = name
    request.status = Request.Status.APPROVED if approve else Request.Status.DECLINED
    request.decided_at = timezone.now()
    request.decided_by = by if getattr(by, "is_authenticated", False) else None
    request.decision_note = (note or "").strip()[:300]
    request.save()
    audit(club=request.club, by=by, action=AuditEntry.Action.EDIT, object_type="request", object_id=request.pk,
          before=before, after=snapshot(request))
    return request


def _visitor_joins(*, member: Member, display_name: str, by) -> Member:
    """A visitor who asked to join becomes a member on the same record (their games here stay theirs)."""
    member = Member.objects.select_for_update().get(pk=member.pk)
    before = _member_state(member)
    if display_name != member.display_name:
        _check_name_free(club=member.club, name=display_name, exclude=member)
    member.display_name, member.visitor, member.active = display_name, False, True
    member.save(update_fields=["display_name", "visitor", "active"])
    audit(club=member.club, by=by, action=AuditEntry.Action.EDIT, object_type="member", object_id=member.pk,
          before=before, after=_member_state(member), reason=_("A visitor joined the club"))
    _recompute_seasons_of(member)
    return member


# --- the club itself ------------------------------------------------------------------------------
@transaction.atomic
def club_update(*, club: Club, by=None, name: str | None = None, public_standings: bool | None = None,
                language: str | None = None, visitors_ranked: bool | None = None) -> Club:
    club = Club.objects.select_for_update().get(pk=club.pk)
    _require(by, club=club)
    before = snapshot(club)
    if name is not None:
        club.name = " ".join(name.split()) or club.name
    if public_standings is not None:
        club.public_standings = public_standings
    if language is not None:
        club.language = _known_language(language)
    recompute = visitors_ranked is not None and visitors_ranked != club.visitors_ranked
    if visitors_ranked is not None:
        club.visitors_ranked = visitors_ranked
    club.full_clean()
    club.save()
    after = snapshot(club)
    if after != before:
        audit(club=club, by=by, action=AuditEntry.Action.EDIT, object_type="club", object_id=club.pk,
              before=before, after=after)
    if recompute:  # the standings rank visitors or not: each season's table is made again
        for visitor in Member.objects.filter(club=club, visitor=True):
            _recompute_seasons_of(visitor)
    return club


# --- a login's own language (issue 38) -----------------------------------------------------------
def _known_language(language: str) -> str:
    code = (language or "").strip().lower()
    if code not in dict(settings.LANGUAGES):
        raise ValidationError(_("This site does not speak the language “%(code)s”.") % {"code": language},
                              code=Code.LANGUAGE_UNKNOWN)
    return code


@transaction.atomic
def preference_set(*, user, language: str) -> Preference:
    """The login's language from now on: its pages on every device (after the device's own choice on the
    table screen) and its own notifications. Empty: the browser decides again."""
    code = _known_language(language) if language else ""
    preference, _created = Preference.objects.select_for_update().get_or_create(user=user)
    if preference.language != code:
        preference.language = code
        preference.save(update_fields=["language", "updated_at"])
    return preference


# --- a person's membership at a host club (a club-exchange team league, issue 37) ------------------
@transaction.atomic
def host_membership(*, club: Club, member: Member, by=None) -> Member:
    """``member``'s person as a member of ``club``: their membership there if they have one, else a new
    one (same person and login, the name suffixed with their home club's where the name is taken), so a
    visiting player's games count at the host club and in their person's record. An organiser of
    ``club`` may do it for a player of another club (no admin rights at the player's club are needed)."""
    if member.club_id == club.pk:
        return member
    _require(by, club=club)
    existing = Member.objects.filter(club=club, person_id=member.person_id).order_by("pk").first()
    if existing is None and member.user_id is not None:
        existing = Member.objects.filter(club=club, user_id=member.user_id).first()
    if existing is not None:
        return existing
    name = member.display_name
    if Member.objects.filter(club=club, display_name=name).exists():
        name = f"{member.display_name} ({member.club.name})"[:60]
        _check_name_free(club=club, name=name)
    visitor = Member.objects.create(club=club, display_name=name, user_id=member.user_id, person_id=member.person_id,
                                    visitor=True)
    audit(club=club, by=by, action=AuditEntry.Action.CREATE, object_type="member", object_id=visitor.pk,
          after=_member_state(visitor), reason=_("A visiting player's membership (from %(club)s).")
          % {"club": member.club.name})
    return visitor
